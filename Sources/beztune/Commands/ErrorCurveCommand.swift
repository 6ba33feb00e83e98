import ArcError
import Foundation
import Geometry
import Render
import _Support

/// `beztune error-curve`: the radial error along one segment, for plotting.
enum ErrorCurveCommand {
    static let spec = CommandSpec(
        name: "error-curve",
        abstract: "The radial error e(t) along one arc segment, sampled uniformly in t, as CSV.",
        synopsis: "--k K [--segments N] [--samples S] [--csv FILE] [--png FILE]",
        options: [
            .init(name: "k", arity: .single(valueName: "K"),
                  help: "Handle factor: number, expression or criterion name (as for 'beztune error')."),
            .init(name: "segments", arity: .single(valueName: "N"), help: "Equal segments per circle, N ≥ 2 (default 4)."),
            .init(name: "samples", arity: .single(valueName: "S"),
                  help: "Number of samples t = i/(S − 1), i = 0…S−1, with 2 ≤ S ≤ 10000000 (default 101)."),
            .init(name: "csv", arity: .single(valueName: "FILE"),
                  help: "Write the CSV here (default: standard output)."),
            .init(name: "png", arity: .single(valueName: "FILE"),
                  help: "Also plot radial_error against angle_deg as an image (SVG when FILE ends in .svg)."),
        ],
        discussion: """
            Columns: t, angle_deg (polar angle of B(t) from the arc's start, degrees),
            radial_error ((|B(t)| − r)/r, computed without cancellation).
            """)

    static let command = Beztune.Command(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let segments = try arguments.segmentCount("segments", default: 4)
        guard let text = arguments.string("k") else { throw arguments.usage("missing --k") }
        let handle = try HandleArgument.parse(text, segments: segments, option: "k", arguments: arguments)
        var samples = 101
        if let s = arguments.string("samples") {
            guard let n = Int(s.trimmingWhitespace), n >= 2, n <= 10_000_000 else {
                throw arguments.usage("invalid value '\(s)' for '--samples': expected a whole number from 2 to 10000000")
            }
            samples = n
        }
        let arc = CircularArc(segments: segments, handle: handle.value)
        var csv = CSVWriter(header: ["t", "angle_deg", "radial_error"])
        var curve: [Point] = []
        for i in 0..<samples {
            let t = i == samples - 1 ? 1.0 : Double(i) / Double(samples - 1)
            let angle = t == 0 ? 0 : t == 1 ? arc.angle : arc.polarAngle(at: t)
            let e = arc.radialError(at: t)
            csv.appendRow([.double(t), .double(angle * 180 / Double.pi), .double(e)])
            curve.append(Point(angle * 180 / Double.pi, e))
        }
        if let png = arguments.string("png") {
            let name = handle.text == ShortestDecimal.format(handle.value) ? handle.text : "\(handle.text) = \(String(format: "%.6g", handle.value))"
            let chart = Chart(title: "Radial error, k \(name), \(segments) segments", xLabel: "polar angle (degrees)",
                              yLabel: "radial error |B|/r − 1", series: [.init(name: "k \(name)", points: curve)])
            let data: Data
            do throws(RenderError) {
                data = try chart.render(png.lowercased().hasSuffix(".svg") ? .svg : .png)
            } catch {
                throw .runtime(error.description)
            }
            try OutputFiles.write(data, to: png)
        }
        if arguments.string("csv") != nil {
            try arguments.writeCSVIfRequested(csv.text)
        } else {
            console.writeOutput(csv.text)
        }
    }
}
