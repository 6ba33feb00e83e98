import ArcError
import BeztuneAPI
import DataFiles
import Foundation
import Geometry
import Render
import _ArgumentParser
import _Support

/// `beztune error-curve`: the radial error along one segment, for plotting.
enum ErrorCurveCommand: BeztuneCommand {
    static let name = "error-curve"
    static let abstract = "The radial error e(t) along one arc segment, sampled uniformly in t, as CSV."

    static var options: [Option<Options>] {
        [
            .value(\.handle, "k", "K", required: true,
                   help: "Handle factor: number, expression or criterion name (as for 'beztune error').",
                   parse: HandleArgument.parse),
            ArcErrorChoices.segments.embedded(in: \.arc),
            .value(\.samples, "samples", "S",
                   help: "Number of samples t = i/(S − 1), i = 0…S−1, with 2 ≤ S ≤ 10000000 (default 101).",
                   parse: OptionValue.wholeNumber(in: 2...10_000_000)),
            .text(\.csv, "csv", "FILE", help: "Write the CSV here (default: standard output)."),
            .text(\.png, "png", "FILE",
                  help: "Also plot radial_error against angle_deg as an image (SVG when FILE ends in .svg)."),
        ]
    }

    static let discussion = """
        Columns: t, angle_deg (polar angle of B(t) from the arc's start, degrees),
        radial_error ((|B(t)| − r)/r, computed without cancellation).
        """

    static func run(_ options: Options, console: Console) throws {
        let (segments, samples) = (options.arc.segments, options.samples)
        let outputs = try RunOutputs(files: [options.png, options.csv], console: console)
        let sampled = ErrorCurve(CircularArc(segments: segments, handle: options.handle.value(segments: segments)), samples: samples)
        var csv = CSVWriter(header: ["t", "angle_deg", "radial_error"])
        var curve: [Point] = []
        for i in 0..<samples {
            let (t, angle, e) = (sampled.t[i], sampled.angleDegrees[i], sampled.radialError[i])
            csv.appendRow([.double(t), .double(angle), .double(e)])
            curve.append(Point(angle, e))
        }
        if let png = options.png {
            let name = options.handle.label(segments: segments)
            let chart = Chart(title: "Radial error, k \(name), \(segments) segments", xLabel: "polar angle (degrees)",
                              yLabel: "radial error |B|/r − 1", series: [.init(name: "k \(name)", points: curve)])
            try outputs.stage(try chart.render(ImageFormat(forFile: png)), for: png)
        }
        if let file = options.csv {
            try outputs.stage(csv.text, for: file)
        } else {
            outputs.write(csv.text)
        }
        try outputs.commit()
    }

    struct Options: CommandOptions {
        var handle = HandleArgument(text: "", factor: .value(1))  // required
        var arc = ArcErrorChoices()
        var samples = 101
        var csv: String?
        var png: String?
    }

}
