import ArcError
import Foundation
import Render

/// `beztune error`: every error figure for one or more handle factors.
enum ErrorCommand {
    static let spec = CommandSpec(
        name: "error",
        abstract: "Exact radial, area, length, tangent and curvature errors of Bézier circle arcs.",
        synopsis: "--k K [--k K …] [--segments N] [--radius R] [--sx SX --sy SY] [--csv FILE]",
        options: [
            .init(name: "k", arity: .repeated(valueName: "K"),
                  help: "Handle factor (handle length / radius): a number, an expression (1/1.8, 4/3*(sqrt(2)-1), 4/3*tan(pi/8)) or a criterion: \(HandleFactor.criterionNames.joined(separator: ", ")). Repeatable; one row each."),
            .init(name: "segments", arity: .single(valueName: "N"),
                  help: "Equal segments per full circle, N ≥ 2 (default 4)."),
            .init(name: "radius", arity: .single(valueName: "R"),
                  help: "Radius for the absolute columns (*_abs); the relative columns do not depend on it."),
            .init(name: "sx", arity: .single(valueName: "SX"),
                  help: "Squash the circle by SX along x (with --sy): adds ellipse_max_distance."),
            .init(name: "sy", arity: .single(valueName: "SY"), help: "Squash factor along y (with --sx)."),
            .init(name: "csv", arity: .single(valueName: "FILE"), help: "Also write the rows as CSV."),
        ],
        discussion: """
            Unit radius, handles tangent at both ends, symmetric (k₁ = k₂ = k). Errors are signed
            and relative: radial (|B| − r)/r, area against the sector r²θ/2, arc length against rθ,
            curvature κr − 1; the tangent error is the largest angle between B′ and the circle's
            tangent, in degrees. Extremes are exact (roots of d|B|²/dt), t is the Bézier
            parameter; on ties the smallest t is reported. k must be in (0, 10].
            Example: beztune error --k 1/1.8 --k 0.5523 --k minimax --segments 4
            """)

    static let command = Beztune.Command(spec: spec, run: run)

    struct Options {
        var segments: Int
        var columns: ErrorColumns
    }

    /// --segments, --radius, --sx/--sy, shared with `optimize`.
    static func commonOptions(_ arguments: ParsedArguments) throws(CLIError) -> Options {
        let segments = try arguments.segmentCount("segments", default: 4)
        let radius = try ErrorColumns.radius(arguments)
        let sx = try arguments.positiveDouble("sx"), sy = try arguments.positiveDouble("sy")
        if (sx == nil) != (sy == nil) {
            throw arguments.usage("--sx and --sy go together: give both")
        }
        if let sx, let sy, !(sx / sy <= SquashedCircle.largestAspectRatio && sy / sx <= SquashedCircle.largestAspectRatio) {
            throw arguments.usage("invalid --sx \(arguments.string("sx") ?? "") --sy \(arguments.string("sy") ?? ""): "
                + "the squash ratio sx/sy must be within 1e-12 … 1e12")
        }
        var columns = ErrorColumns(radius: radius)
        if let sx, let sy { columns.squash = (sx, sy) }
        return Options(segments: segments, columns: columns)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        let options = try commonOptions(arguments)
        let texts = arguments.strings("k")
        guard !texts.isEmpty else { throw arguments.usage("missing --k") }
        var handles: [HandleArgument] = []
        for text in texts {
            handles.append(try HandleArgument.parse(text, segments: options.segments, option: "k", arguments: arguments))
        }
        let header = options.columns.header
        var csv = CSVWriter(header: header + ["k_input"])
        var table: [[String]] = []
        for h in handles {
            let report = ArcErrorReport(CircularArc(segments: options.segments, handle: h.value))
            csv.appendRow(options.columns.fields(report, segments: options.segments) + [.text(h.text)])
            let values = options.columns.values(report, segments: options.segments)
            table.append([h.text] + values.enumerated().map { i, x in
                i == 0 ? CSVField.format(x) : i == 1 ? String(options.segments) : ErrorColumns.display(x)
            })
        }
        try arguments.writeCSVIfRequested(csv.text)
        console.writeOutput(TextTable.render(header: ["k_input"] + header, rows: table))
    }
}
