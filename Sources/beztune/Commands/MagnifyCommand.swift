import ArcError
import Foundation
import Geometry
import Render

/// `beztune magnify`: the error magnifier — the circle and each Bézier approximation with its
/// radial error exaggerated, one colour per handle factor, a legend with each max error.
enum MagnifyCommand {
    static let spec = CommandSpec(
        name: "magnify",
        abstract: "Draw the circle and each Bézier approximation with its radial error magnified.",
        synopsis: "--k K [--k K …] --out FILE [--segments N] [--factor F] [--size WxH]",
        options: [
            .init(name: "k", arity: .repeated(valueName: "K"),
                  help: "Handle factor: number, expression or criterion name (as for 'beztune error'); repeatable."),
            .init(name: "segments", arity: .single(valueName: "N"), help: "Equal segments per circle, N ≥ 2 (default 4)."),
            .init(name: "factor", arity: .single(valueName: "F"),
                  help: "Magnification of the radial error, 1…1e9 (default 200): a point at radius 1 + e is drawn at 1 + F·e."),
            .init(name: "out", arity: .single(valueName: "FILE"), help: "The image to write: PNG, or SVG when FILE ends in .svg."),
            .init(name: "size", arity: .single(valueName: "WxH"), help: "Image size in pixels (default 720x720; each side 16…16384)."),
        ],
        discussion: """
            The true circle is the dashed grey line. Each approximation's point at polar angle φ
            is drawn at radius 1 + F·e(φ), e the exact radial error |B|/r − 1, so a curve outside
            the circle bulges outwards and one inside dips inwards. The legend gives each factor's
            exact maximum |e|.

            Example: beztune magnify --k 1/1.8 --k 0.5523 --k minimax --segments 4 --factor 200 --out magnifier.png
            """)

    static let command = Beztune.Command(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let segments = try arguments.segmentCount("segments", default: 4)
        let texts = arguments.strings("k")
        guard !texts.isEmpty else { throw arguments.usage("missing --k (at least one handle factor)") }
        guard let out = arguments.string("out") else { throw arguments.usage("missing --out FILE") }
        let factor = try arguments.positiveDouble("factor") ?? 200
        guard factor >= 1, factor <= 1e9 else {
            throw arguments.usage("invalid value '\(arguments.string("factor") ?? "")' for '--factor': expected 1…1e9")
        }
        let (width, height) = try Frames.readSize(arguments, default: (720, 720))
        let handles = try texts.map { (t: String) throws(CLIError) -> HandleArgument in
            try HandleArgument.parse(t, segments: segments, option: "k", arguments: arguments)
        }
        let circle = Path.polyline((0...720).map { i in
            let a = Double(i) * Double.pi / 360
            return Point(cos(a), sin(a))
        })
        var frame = Frame(width: width, height: height, layers: [.shape(circle, ShapeStyle(stroke: .gray, width: 1.5, dash: [6, 4]))])
        var legend: [LegendEntry] = []
        var largest = 0.0
        for (i, h) in handles.enumerated() {
            let color = Color.palette[i % Color.palette.count]
            let outline = MagnifiedCircle.outline(segments: segments, handle: h.value, factor: factor)
            frame.layers.append(.shape(.polyline(outline), ShapeStyle(stroke: color, width: 2)))
            let maxError = ArcErrorReport(CircularArc(segments: segments, handle: h.value)).radial.maximumMagnitude
            largest = max(largest, maxError)
            let name = h.text == ShortestDecimal.format(h.value) ? h.text : "\(h.text) = \(String(format: "%.6g", h.value))"
            legend.append(LegendEntry("k \(name): max |e| \(String(format: "%.4g", maxError)) (\(String(format: "%.3g", 100 * maxError)) %)", color))
        }
        frame.layers.append(.label("radial error × \(ShortestDecimal.format(factor)), \(segments) segments"))
        frame.layers.append(.legend(legend))
        let r = max(1.05, min((1 + factor * largest) * 1.05, 3))
        frame.viewBox = Rect(minX: -r, minY: -r, maxX: r, maxY: r)
        frame.margin = 40
        let format: ImageFormat = out.lowercased().hasSuffix(".svg") ? .svg : .png
        let data: Data
        do throws(RenderError) {
            data = try frame.render(format)
        } catch {
            throw .runtime(error.description)
        }
        try OutputFiles.write(data, to: out)
        for entry in legend { console.print(entry.text) }
    }
}
