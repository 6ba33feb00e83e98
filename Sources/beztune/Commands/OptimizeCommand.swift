import ArcError
import DataFiles
import Foundation
import _ArgumentParser

/// `beztune optimize`: the best handle factor for every criterion and all its error figures.
enum OptimizeCommand: BeztuneCommand {
    typealias Options = ArcErrorTableOptions

    static let name = "optimize"
    static let abstract = "The optimal handle factor for each criterion, with every error figure."

    static var options: [Option<Options>] {
        [
            ArcErrorChoices.segments.required().help("Equal segments per circle, N ≥ 2."),
            ArcErrorChoices.radius, ArcErrorChoices.sx, ArcErrorChoices.sy,
        ].map { $0.embedded(in: \.arc) } + [
            .text(\.csv, "csv", "FILE", help: "Also write the rows as CSV."),
        ]
    }

    static var rules: [OptionRule<Options>] {
        ArcErrorChoices.rules.map { $0.embedded(in: \.arc) }
    }

    static let discussion = """
        Criteria: midpoint (B(½) on the circle, 4/3·tan(θ/4)), minimax (equioscillating radial
        error), l2 (least squares radial error, uniformly in t), area (area equals the
        sector's), arclength (length equals rθ), curvature (end curvature equals 1/r).
        Columns: criterion, then those of 'beztune error'.
        """

    static func validate(_ options: Options) throws -> Options.Checked { try Options.validate(options) }

    static func run(_ checked: Options.Checked, console: Console) throws {
        let n = checked.options.arc.segments
        let rows = HandleCriterion.allCases.map { criterion in
            (criterion.rawValue, ArcErrorReport(CircularArc(segments: n, handle: criterion.handle(segments: n))))
        }
        try checked.write(rows, labelColumn: "criterion", labelLast: false, console: console)
    }
}
