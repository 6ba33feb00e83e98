import ArcError
import DataFiles
import Foundation

/// `beztune optimize`: the best handle factor for every criterion and all its error figures.
enum OptimizeCommand {
    static let spec = CommandSpec(
        name: "optimize",
        abstract: "The optimal handle factor for each criterion, with every error figure.",
        synopsis: "--segments N [--radius R] [--sx SX --sy SY] [--csv FILE]",
        options: [
            .init(name: "segments", arity: .single(valueName: "N"), help: "Equal segments per circle, N ≥ 2."),
            .init(name: "radius", arity: .single(valueName: "R"), help: "Radius for the absolute columns (*_abs)."),
            .init(name: "sx", arity: .single(valueName: "SX"), help: "Squash factor along x (with --sy)."),
            .init(name: "sy", arity: .single(valueName: "SY"), help: "Squash factor along y (with --sx)."),
            .init(name: "csv", arity: .single(valueName: "FILE"), help: "Also write the rows as CSV."),
        ],
        discussion: """
            Criteria: midpoint (B(½) on the circle, 4/3·tan(θ/4)), minimax (equioscillating radial
            error), l2 (least squares radial error, uniformly in t), area (area equals the
            sector's), arclength (length equals rθ), curvature (end curvature equals 1/r).
            Columns: criterion, then those of 'beztune error'.
            """)

    static let command = Beztune.Command(spec: spec, run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        guard arguments.string("segments") != nil else { throw arguments.usage("missing --segments") }
        let options = try ErrorCommand.commonOptions(arguments)
        let header = ["criterion"] + options.columns.header
        var csv = CSVWriter(header: header)
        var table: [[String]] = []
        for criterion in HandleCriterion.allCases {
            let k = criterion.handle(segments: options.segments)
            let report = ArcErrorReport(CircularArc(segments: options.segments, handle: k))
            csv.appendRow([.text(criterion.rawValue)] + options.columns.fields(report, segments: options.segments))
            let values = options.columns.values(report, segments: options.segments)
            table.append([criterion.rawValue] + values.enumerated().map { i, x in
                i == 0 ? CSVField.format(x) : i == 1 ? String(options.segments) : ErrorColumns.display(x)
            })
        }
        try arguments.writeCSVIfRequested(csv.text)
        console.writeOutput(TextTable.render(header: header, rows: table))
    }
}
