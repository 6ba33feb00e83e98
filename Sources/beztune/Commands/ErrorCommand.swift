import ArcError
import DataFiles
import Foundation

/// `beztune error`: every error figure for one or more handle factors.
enum ErrorCommand {
    typealias Options = ArcErrorTableOptions

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "error",
            abstract: "Exact radial, area, length, tangent and curvature errors of Bézier circle arcs.",
            options: [
                ArcErrorChoices.handles.help("Handle factor (handle length / radius): a number, an expression (1/1.8, 4/3*(sqrt(2)-1), 4/3*tan(pi/8)) or a criterion: \(HandleFactor.criterionNames.joined(separator: ", ")). Repeatable; one row each."),
                ArcErrorChoices.segments.help("Equal segments per full circle, N ≥ 2 (default 4)."),
                ArcErrorChoices.radius.help("Radius for the absolute columns (*_abs); the relative columns do not depend on it."),
                ArcErrorChoices.sx.help("Squash the circle by SX along x (with --sy): adds ellipse_max_distance."),
                ArcErrorChoices.sy,
            ].map { $0.embedded(in: \.arc) } + [
                .value(\.csv, "csv", "FILE", help: "Also write the rows as CSV.", parse: OptionValue.text),
            ],
            rules: ArcErrorChoices.rules.map { $0.embedded(in: \.arc) },
            discussion: """
                Unit radius, handles tangent at both ends, symmetric (k₁ = k₂ = k). Errors are signed
                and relative: radial (|B| − r)/r, area against the sector r²θ/2, arc length against rθ,
                curvature κr − 1; the tangent error is the largest angle between B′ and the circle's
                tangent, in degrees. Extremes are exact (roots of d|B|²/dt), t is the Bézier
                parameter; on ties the smallest t is reported. k must be in (0, 10].
                Example: beztune error --k 1/1.8 --k 0.5523 --k minimax --segments 4
                """)
    }

    static var command: Command { Command(declaration, validate: Options.validate, run: run) }

    static func run(_ checked: Options.Checked, console: Console) throws {
        let (options, columns) = (checked.options, checked.columns)
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let n = options.arc.segments
        let header = columns.header
        var csv = CSVWriter(header: header + ["k_input"])
        var table: [[String]] = []
        for h in options.arc.handles {
            let report = ArcErrorReport(CircularArc(segments: n, handle: h.value(segments: n)))
            csv.appendRow(columns.fields(report, segments: n) + [.text(h.text)])
            table.append([h.text] + columns.displayed(report, segments: n))
        }
        try outputs.stage(csv.text, for: options.csv)
        outputs.write(TextTable.render(header: ["k_input"] + header, rows: table))
        try outputs.commit()
    }
}
