import ArcError
import DataFiles
import Foundation

/// `beztune error`: every error figure for one or more handle factors.
enum ErrorCommand {
    struct Options: CommandOptions {
        var handles: [HandleArgument] = []
        var segments = 4
        var radius: Double?
        var sx: Given<Double>?
        var sy: Given<Double>?
        var csv: String?
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "error",
            abstract: "Exact radial, area, length, tangent and curvature errors of Bézier circle arcs.",
            options: [
                .repeated(\.handles, "k", "K", required: true,
                          help: "Handle factor (handle length / radius): a number, an expression (1/1.8, 4/3*(sqrt(2)-1), 4/3*tan(pi/8)) or a criterion: \(HandleFactor.criterionNames.joined(separator: ", ")). Repeatable; one row each.",
                          parse: HandleArgument.parse),
                .value(\.segments, "segments", "N", help: "Equal segments per full circle, N ≥ 2 (default 4).",
                       parse: OptionValue.segmentCount),
                .value(\.radius, "radius", "R",
                       help: "Radius for the absolute columns (*_abs); the relative columns do not depend on it.",
                       parse: ErrorColumns.radius),
                .value(\.sx, "sx", "SX", help: "Squash the circle by SX along x (with --sy): adds ellipse_max_distance.",
                       parse: OptionValue.keepingText(OptionValue.positive)),
                .value(\.sy, "sy", "SY", help: "Squash factor along y (with --sx).", parse: OptionValue.keepingText(OptionValue.positive)),
                .value(\.csv, "csv", "FILE", help: "Also write the rows as CSV.", parse: OptionValue.text),
            ],
            rules: [.together(["sx", "sy"])],
            discussion: """
                Unit radius, handles tangent at both ends, symmetric (k₁ = k₂ = k). Errors are signed
                and relative: radial (|B| − r)/r, area against the sector r²θ/2, arc length against rθ,
                curvature κr − 1; the tangent error is the largest angle between B′ and the circle's
                tangent, in degrees. Extremes are exact (roots of d|B|²/dt), t is the Bézier
                parameter; on ties the smallest t is reported. k must be in (0, 10].
                Example: beztune error --k 1/1.8 --k 0.5523 --k minimax --segments 4
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let columns = try ErrorColumns(radius: options.radius, sx: options.sx, sy: options.sy)
        let n = options.segments
        let header = columns.header
        var csv = CSVWriter(header: header + ["k_input"])
        var table: [[String]] = []
        for h in options.handles {
            let report = ArcErrorReport(CircularArc(segments: n, handle: h.value(segments: n)))
            csv.appendRow(columns.fields(report, segments: n) + [.text(h.text)])
            table.append([h.text] + columns.displayed(report, segments: n))
        }
        try outputs.stage(csv.text, for: options.csv)
        outputs.write(TextTable.render(header: ["k_input"] + header, rows: table))
        try outputs.commit()
    }
}
