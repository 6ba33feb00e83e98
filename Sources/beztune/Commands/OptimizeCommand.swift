import ArcError
import DataFiles
import Foundation

/// `beztune optimize`: the best handle factor for every criterion and all its error figures.
enum OptimizeCommand {
    typealias Options = ArcErrorTableOptions

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "optimize",
            abstract: "The optimal handle factor for each criterion, with every error figure.",
            options: [
                ArcErrorChoices.segments.required().help("Equal segments per circle, N ≥ 2."),
                ArcErrorChoices.radius, ArcErrorChoices.sx, ArcErrorChoices.sy,
            ].map { $0.embedded(in: \.arc) } + [
                .value(\.csv, "csv", "FILE", help: "Also write the rows as CSV.", parse: OptionValue.text),
            ],
            rules: ArcErrorChoices.rules.map { $0.embedded(in: \.arc) },
            discussion: """
                Criteria: midpoint (B(½) on the circle, 4/3·tan(θ/4)), minimax (equioscillating radial
                error), l2 (least squares radial error, uniformly in t), area (area equals the
                sector's), arclength (length equals rθ), curvature (end curvature equals 1/r).
                Columns: criterion, then those of 'beztune error'.
                """)
    }

    static var command: Command { Command(declaration, validate: Options.validate, run: run) }

    static func run(_ checked: Options.Checked, console: Console) throws {
        let (options, columns) = (checked.options, checked.columns)
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let n = options.arc.segments
        let header = ["criterion"] + columns.header
        var csv = CSVWriter(header: header)
        var table: [[String]] = []
        for criterion in HandleCriterion.allCases {
            let report = ArcErrorReport(CircularArc(segments: n, handle: criterion.handle(segments: n)))
            csv.appendRow([.text(criterion.rawValue)] + columns.fields(report, segments: n))
            table.append([criterion.rawValue] + columns.displayed(report, segments: n))
        }
        try outputs.stage(csv.text, for: options.csv)
        outputs.write(TextTable.render(header: header, rows: table))
        try outputs.commit()
    }
}
