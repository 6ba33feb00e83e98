import ArcError
import DataFiles
import Foundation
import _ArgumentParser

/// `beztune error`: every error figure for one or more handle factors.
enum ErrorCommand: BeztuneCommand {
    typealias Options = ArcErrorTableOptions

    static let name = "error"
    static let abstract = "Exact radial, area, length, tangent and curvature errors of Bézier circle arcs."

    static var options: [Option<Options>] {
        [
            ArcErrorChoices.handles.help("Handle factor (handle length / radius): a number, an expression (1/1.8, 4/3*(sqrt(2)-1), 4/3*tan(pi/8)) or a criterion: \(HandleFactor.criterionNames.joined(separator: ", ")). Repeatable; one row each."),
            ArcErrorChoices.segments.help("Equal segments per full circle, N ≥ 2 (default 4)."),
            ArcErrorChoices.radius.help("Radius for the absolute columns (*_abs); the relative columns do not depend on it."),
            ArcErrorChoices.sx.help("Squash the circle by SX along x (with --sy): adds ellipse_max_distance."),
            ArcErrorChoices.sy,
        ].map { $0.embedded(in: \.arc) } + [
            .text(\.csv, "csv", "FILE", help: "Also write the rows as CSV."),
        ]
    }

    static var rules: [OptionRule<Options>] {
        ArcErrorChoices.rules.map { $0.embedded(in: \.arc) }
    }

    static let discussion = """
        Unit radius, handles tangent at both ends, symmetric (k₁ = k₂ = k). Errors are signed
        and relative: radial (|B| − r)/r, area against the sector r²θ/2, arc length against rθ,
        curvature κr − 1; the tangent error is the largest angle between B′ and the circle's
        tangent, in degrees. Extremes are exact (roots of d|B|²/dt), t is the Bézier
        parameter; on ties the smallest t is reported. k must be in (0, 10].
        Example: beztune error --k 1/1.8 --k 0.5523 --k minimax --segments 4
        """

    static func validate(_ options: Options) throws -> Options.Checked { try Options.validate(options) }

    static func run(_ checked: Options.Checked, console: Console) throws {
        let n = checked.options.arc.segments
        let rows = checked.options.arc.handles.map { h in
            (h.text, ArcErrorReport(CircularArc(segments: n, handle: h.value(segments: n))))
        }
        try checked.write(rows, labelColumn: "k_input", labelLast: true, console: console)
    }
}
