import ArcError
import DataFiles
import Foundation

/// `beztune optimize`: the best handle factor for every criterion and all its error figures.
enum OptimizeCommand {
    struct Options: CommandOptions {
        var segments = 0  // required
        var radius: Double?
        var sx: Given<Double>?
        var sy: Given<Double>?
        var csv: String?
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "optimize",
            abstract: "The optimal handle factor for each criterion, with every error figure.",
            options: [
                .value(\.segments, "segments", "N", required: true, help: "Equal segments per circle, N ≥ 2.",
                       parse: OptionValue.segmentCount),
                .value(\.radius, "radius", "R", help: "Radius for the absolute columns (*_abs).", parse: ErrorColumns.radius),
                .value(\.sx, "sx", "SX", help: "Squash factor along x (with --sy).", parse: OptionValue.keepingText(OptionValue.positive)),
                .value(\.sy, "sy", "SY", help: "Squash factor along y (with --sx).", parse: OptionValue.keepingText(OptionValue.positive)),
                .value(\.csv, "csv", "FILE", help: "Also write the rows as CSV.", parse: OptionValue.text),
            ],
            rules: [.together(["sx", "sy"])],
            discussion: """
                Criteria: midpoint (B(½) on the circle, 4/3·tan(θ/4)), minimax (equioscillating radial
                error), l2 (least squares radial error, uniformly in t), area (area equals the
                sector's), arclength (length equals rθ), curvature (end curvature equals 1/r).
                Columns: criterion, then those of 'beztune error'.
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let outputs = try RunOutputs(files: [options.csv], console: console)
        let columns = try ErrorColumns(radius: options.radius, sx: options.sx, sy: options.sy)
        let n = options.segments
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
