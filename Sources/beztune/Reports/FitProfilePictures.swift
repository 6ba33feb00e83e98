import Fitting
import Foundation
import Geometry
import Render

/// The pictures `beztune fit-profile` draws: one frame per keyframe (target against the
/// profile-driven outline), the contact sheet of those frames, and `profile.png`.
enum FitProfilePictures {
    /// Keyframe j: its target (grey dashed outline, orange points), the model at the two-stage
    /// trajectories' values (blue, filled) and, with a joint fit, at the joint ones (green,
    /// dashed); all frames share one view box.
    static func frames(_ fit: ProfileFit, width: Int, height: Int) -> [Frame] {
        let count = fit.keyframes.count
        let twoStage = fit.keyframes.map { fit.path(at: $0.progress, method: .twoStage) }
        let joint = fit.joint.map { _ in fit.keyframes.map { fit.path(at: $0.progress, method: .joint) } }
        var view: Rect?
        for box in (fit.keyframes.map(\.target.outline) + twoStage + (joint ?? [])).compactMap(\.boundingBox) {
            view = view?.union(box) ?? box
        }
        let model = Color.palette[0], target = Color.palette[1], jointColor = Color.palette[2]
        return fit.keyframes.indices.map { j in
            let keyframe = fit.keyframes[j]
            var frame = Frame(width: width, height: height)
            frame.grid = true
            frame.layers = [
                .shape(twoStage[j], ShapeStyle(fill: model.withAlpha(0.14), stroke: model, width: 2)),
                .shape(keyframe.target.outline, ShapeStyle(fill: nil, stroke: Color.gray, width: 1, dash: [4, 3])),
                .points(keyframe.target.points, target, radius: 1.4),
            ]
            if let joint { frame.layers.append(.shape(joint[j], ShapeStyle(fill: nil, stroke: jointColor, width: 1.5, dash: [6, 4]))) }
            frame.layers.append(.label("keyframe \(j + 1)/\(count)  progress \(FrameFiles.format4(keyframe.progress))"))
            frame.layers.append(.label("\(fit.timing) profile rms \(FitReport.format(fit.twoStageKeyframeRMS[j], digits: 4))"
                                       + (fit.joint.map { ", joint \(FitReport.format($0.keyframeRMS[j], digits: 4))" } ?? "")))
            var legend = [LegendEntry("target", target), LegendEntry("two-stage \(fit.timing) profile", model)]
            if fit.joint != nil { legend.append(LegendEntry("joint \(fit.timing) profile", jointColor)) }
            frame.layers.append(.legend(legend))
            frame.viewBox = view
            return frame
        }
    }

    /// Panel height of `profile.png` in pixels (width 800).
    static let panelHeight = 320

    /// `profile.png`: one panel per free parameter, stacked — the keyframe values with ±1σ error
    /// bars (vertical lines), the two-stage timing curve and, with a joint fit, the joint curve
    /// (dashed), over progress 0…1; the title gives the two-stage curve's timing, ends and rms.
    static func profileChart(_ fit: ProfileFit) throws(RenderError) -> Data {
        let charts = fit.setup.freeNames.indices.map { chart(fit, parameter: $0) }
        let width = charts.first?.width ?? 800
        let canvas = try Canvas(width: width, height: panelHeight * charts.count, format: .png)
        canvas.paint(.white)
        for (k, chart) in charts.enumerated() {
            canvas.inCell(x: 0, y: Double(k * panelHeight), scale: 1, width: Double(width), height: Double(panelHeight)) {
                chart.draw(on: canvas)
            }
        }
        return try canvas.encoded()
    }

    /// The panel of free parameter k.
    static func chart(_ fit: ProfileFit, parameter k: Int) -> Chart {
        let values = Color.palette[1], model = Color.palette[0], jointColor = Color.palette[2]
        let name = fit.setup.freeNames[k]
        let x = fit.keyframes.map(\.progress)
        let v = fit.keyframeFits.map { $0.values[k] }, sigma = fit.keyframeFits.map { $0.standardErrors[k] }
        let curve = stride(from: 0, through: 200, by: 1).map { Double($0) / 200 }
        let twoStage = fit.twoStage[k]
        var series: [Chart.Series] = [
            .init(name: "two-stage", points: curve.map { Point($0, twoStage.trajectory.value(at: $0)) }, kind: .line, color: model),
        ]
        let title = "\(name): \(describe(twoStage))"
        if let joint = fit.joint?.trajectories[k] {
            series.append(.init(name: "joint", points: curve.map { Point($0, joint.trajectory.value(at: $0)) },
                                kind: .line, color: jointColor, dashed: true))
        }
        // Error bars: unnamed two-point lines (not in the legend).
        for j in x.indices where sigma[j].isFinite && sigma[j] > 0 {
            series.append(.init(name: "", points: [Point(x[j], v[j] - sigma[j]), Point(x[j], v[j] + sigma[j])],
                                kind: .line, color: values))
        }
        series.append(.init(name: "keyframes ±1σ", points: zip(x, v).map { Point($0, $1) }, kind: .scatter, color: values))
        var chart = Chart(title: title, xLabel: "progress", yLabel: name, series: series)
        chart.height = panelHeight
        return chart
    }

    /// `cubic-bezier(…) 1 → 0.8, rms …` (short: four significant digits).
    static func describe(_ fit: TrajectoryFit) -> String {
        let t = fit.trajectory
        let ends = "\(FitReport.format(t.start, digits: 4)) → \(FitReport.format(t.end, digits: 4))"
        let rms = "rms \(FitReport.format(fit.rms, digits: 3))"
        switch t.kind {
        case .keyframes: return "keyframes, \(ends)"
        case .linear: return "linear \(ends), \(rms)"
        default:
            let numbers = t.timingValues.map { FitReport.format($0, digits: 3) }.joined(separator: ", ")
            return "\(t.kind)(\(numbers)) \(ends), \(rms)"
        }
    }
}
