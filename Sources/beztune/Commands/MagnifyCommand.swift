import ArcError
import BeztuneAPI
import Foundation
import Geometry
import Render
import _ArgumentParser
import _Support

/// `beztune magnify`: the error magnifier — the circle and each Bézier approximation with its
/// radial error exaggerated, one colour per handle factor, a legend with each max error.
enum MagnifyCommand: BeztuneCommand {
    static let name = "magnify"
    static let abstract = "Draw the circle and each Bézier approximation with its radial error magnified."

    static var options: [Option<Options>] {
        [
            ArcErrorChoices.handles.required(missingHint: "at least one handle factor").embedded(in: \.arc),
            ArcErrorChoices.segments.embedded(in: \.arc),
            .value(\.factor, "factor", "F",
                   help: "Magnification of the radial error, 1…1e9 (default 200): a point at radius 1 + e is drawn at 1 + F·e.",
                   parse: magnification),
            .text(\.out, "out", "FILE", required: true, help: "The image to write: PNG, or SVG when FILE ends in .svg."),
            .value(\.size, "size", "WxH", help: "Image size in pixels (default 720x720; each side 16…16384).",
                   parse: ImageSize.parse),
            ArcErrorChoices.radius.embedded(in: \.arc)
                .help("The circle's radius in length units: each legend line adds max |e|·R (the radial error in those units)."),
            .value(\.pixelsPerUnit, "pixels-per-unit", "S",
                   help: "With --radius: \(PixelsPerUnit.meaning); each legend line adds S·R·max |e| px (default 1).",
                   parse: PixelsPerUnit.parse),
        ]
    }

    static var rules: [OptionRule<Options>] {
        [.requires([\.pixelsPerUnit], option: \.arc.radius, reason: "the pixel figure is the error in length units × S")]
    }

    static let discussion = """
        The true circle is the dashed grey line. Each approximation's point at polar angle φ
        is drawn at radius 1 + F·e(φ), e the exact radial error |B|/r − 1, so a curve outside
        the circle bulges outwards and one inside dips inwards. The legend gives each factor's
        exact maximum |e|; with --radius R also in length units (R·max |e|) and in device
        pixels (S·R·max |e|, S the --pixels-per-unit, 1 unless given; not the pose parameter
        'scale'). The picture itself is drawn at unit radius.

        Example: beztune magnify --k 1/1.8 --k 0.5523 --k minimax --segments 4 --factor 200 --out magnifier.png
        """

    /// `--factor F`: a number from 1 to 1e9.
    static func magnification(_ text: String) throws(OptionValueError) -> Double {
        let factor = try OptionValue.positive(text)
        guard factor >= 1, factor <= 1e9 else { throw OptionValueError("expected 1…1e9") }
        return factor
    }

    static func run(_ options: Options, console: Console) throws {
        let (segments, factor, out) = (options.arc.segments, options.factor, options.out)
        let radius = try options.arc.absoluteColumnsRadius()
        let (width, height) = (options.size.width, options.size.height)
        let outputs = try RunOutputs(files: [out], console: console)
        let circle = Path.polyline((0...720).map { i in
            let a = Double(i) * Double.pi / 360
            return Point(cos(a), sin(a))
        })
        var frame = Frame(width: width, height: height, layers: [.shape(circle, ShapeStyle(stroke: .gray, width: 1.5, dash: [6, 4]))])
        var legend: [LegendEntry] = []
        var largest = 0.0
        for (i, h) in options.arc.handles.enumerated() {
            let color = Color.palette[i % Color.palette.count]
            let outline = MagnifiedCircle.outline(segments: segments, handle: h.value(segments: segments), factor: factor)
            frame.layers.append(.shape(.polyline(outline), ShapeStyle(stroke: color, width: 2)))
            let maxError = ArcErrorReport(CircularArc(segments: segments, handle: h.value(segments: segments))).radial.maximumMagnitude
            largest = max(largest, maxError)
            let name = h.label(segments: segments)
            var text = "k \(name): max |e| \(String(format: "%.4g", maxError)) (\(String(format: "%.3g", 100 * maxError)) %)"
            if let radius {
                let s = options.pixelsPerUnit ?? 1
                text += ", \(String(format: "%.4g", radius * maxError)) at radius \(ShortestDecimal.format(radius))"
                    + ", \(String(format: "%.4g", s * (radius * maxError))) px at \(ShortestDecimal.format(s)) px/unit"
            }
            legend.append(LegendEntry(text, color))
        }
        frame.layers.append(.label("radial error × \(ShortestDecimal.format(factor)), \(segments) segments"))
        frame.layers.append(.legend(legend))
        let r = max(1.05, min((1 + factor * largest) * 1.05, 3))
        frame.viewBox = Rect(minX: -r, minY: -r, maxX: r, maxY: r)
        frame.margin = 40
        try outputs.stage(try frame.render(ImageFormat(forFile: out)), for: out)
        for entry in legend { outputs.print(entry.text) }
        try outputs.commit()
    }

    struct Options: CommandOptions {
        var arc = ArcErrorChoices()
        var factor = 200.0
        var out = ""  // required
        var size = ImageSize(width: 720, height: 720)
        /// `--pixels-per-unit S` (with `--radius`); nil: 1.
        var pixelsPerUnit: Double?
    }

}
