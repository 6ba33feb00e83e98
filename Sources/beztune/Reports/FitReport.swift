import DataFiles
import Fitting
import Foundation
import Geometry
import Render
import _Support

/// What `beztune fit` writes besides its CSV (whose columns are Fitting's `FitResultColumns`):
/// the table on standard output, the per-point residuals and the overlay picture.
enum FitReport {
    /// The table printed on standard output: the parameters, then the figures, with `rms_px`,
    /// `max_distance_px` and `hausdorff_px` (`pixelsPerUnit` × the model-unit figure) after
    /// their model-unit twins.
    static func table(_ fit: OutlineFit, target: TargetOutline, pixelsPerUnit s: Double = 1) -> String {
        let rows = fit.setup.freeNames.indices.map { k in
            [fit.setup.freeNames[k], String(format: "%.10g", fit.values[k]), format(fit.standardErrors[k], digits: 4)]
        }
        var text = TextTable.render(header: ["parameter", "value", "stderr"], rows: rows)
        var pairs: [(String, String)] = [
            ("rms", format(fit.rms)), ("max_distance", format(fit.maxDistance)),
        ]
        if let c = fit.comparison {
            pairs.append(("hausdorff", format(c.hausdorff)))
            pairs.append(("area_difference", format(c.areaDifference)))
        }
        pairs += [("pixels_per_unit", format(s)), ("rms_px", format(s * fit.rms)),
                  ("max_distance_px", format(s * fit.maxDistance))]
        if let c = fit.comparison { pairs.append(("hausdorff_px", format(s * c.hausdorff))) }
        pairs += [("iterations", String(fit.iterations)), ("evaluations", String(fit.evaluations)),
                  ("status", fit.status.rawValue), ("seconds", String(format: "%.6f", fit.seconds)),
                  ("points", String(target.points.count))]
        // The pose parameters the fit freed itself: the target lies away from the model.
        if !fit.poseFound.isEmpty { pairs.append(("pose_found", fit.poseFound.joined(separator: ","))) }
        text += "\n" + TextTable.keyValue(pairs)
        return text
    }

    /// The nearest of 1, 2, 5 × 10ᵏ at or below x (x ≥ 1).
    static func nice(_ x: Double) -> Double {
        let power = pow(10, log10(x).rounded(.down))
        let f = x / power
        return (f >= 5 ? 5 : f >= 2 ? 2 : 1) * power
    }

    /// Six (or `digits`) significant digits, for the table; the CSV has every digit.
    static func format(_ v: Double, digits: Int = 6) -> String {
        v.isNaN ? "nan" : String(format: "%.\(digits)g", v)
    }

    /// The residuals CSV: per target point x, y, its nearest point, the (unsigned) distance and
    /// where the nearest point lies (segment index in path order, parameter t); model space.
    static func residuals(_ fit: OutlineFit, target: TargetOutline) -> String {
        var csv = CSVWriter(header: ["x", "y", "nearest_x", "nearest_y", "distance", "segment", "t"])
        for (q, n) in zip(target.points, fit.nearest) {
            csv.appendRow([.double(q.x), .double(q.y), .double(n.point.x), .double(n.point.y),
                           .double(n.distance), .int(n.segment), .double(n.t)])
        }
        return csv.text
    }

    /// The overlay: target points, the fitted outline with its guides (anchors filled, control
    /// points hollow, handles), residual whiskers from each target point to its nearest point
    /// (magnified by `whiskerScale` from the nearest point, or automatically so that the longest is
    /// about 24 pixels when the longest true one would be shorter than 6), and the figures.
    static func picture(_ fit: OutlineFit, target: TargetOutline, modelName: String, width: Int, height: Int,
                        whiskerScale given: Double?, format: ImageFormat) throws(RenderError) -> Data {
        var frame = Frame(width: width, height: height)
        frame.grid = true
        frame.layers = [
            .shape(target.outline, ShapeStyle(fill: nil, stroke: Color.gray, width: 1, dash: [4, 3], id: "target")),
            .shape(fit.path, ShapeStyle(fill: Color.palette[0].withAlpha(0.12), stroke: Color.palette[0], width: 2, id: "fit")),
            .guides(fit.path, Color.palette[0]),
            .points(target.points, Color.palette[1], radius: 1.6),
        ]
        var view = frame.contentBounds
        for p in fit.path.points { view?.formUnion(with: p) }
        frame.viewBox = view
        let pixelsPerUnit = frame.modelToPixel.a
        var scale = given ?? 1
        if given == nil, fit.maxDistance.isFinite, fit.maxDistance > 0 {
            let longest = fit.maxDistance * pixelsPerUnit
            if longest < 6 { scale = nice(24 / longest) }
        }
        let whiskers = zip(target.points, fit.nearest).map { q, n in
            Whisker(from: n.point, to: n.point + scale * (q - n.point))
        }
        frame.layers.insert(.whiskers(whiskers, Color.palette[3]), at: 3)
        frame.layers.append(.label("\(modelName) fit to \(target.points.count) points: rms \(Self.format(fit.rms)), max \(Self.format(fit.maxDistance))"))
        if let c = fit.comparison {
            frame.layers.append(.label("hausdorff \(Self.format(c.hausdorff)), area difference \(Self.format(c.areaDifference))"))
        }
        frame.layers.append(.legend([
            LegendEntry("target", Color.palette[1]),
            LegendEntry("fit", Color.palette[0]),
            LegendEntry(scale == 1 ? "residuals" : "residuals ×\(ShortestDecimal.format(scale))", Color.palette[3]),
        ]))
        return try frame.render(format)
    }
}
