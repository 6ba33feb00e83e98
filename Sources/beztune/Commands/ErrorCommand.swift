import ArcError
import BeztuneAPI
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
            ArcErrorChoices.handles.help("Handle factor (handle length / radius): a number, an expression (1/1.8, 4/3*(sqrt(2)-1), 4/3*tan(pi/8)), a criterion: \(HandleFactor.criterionNames.joined(separator: ", ")), or a player's constant: lottie-web (0.5519), lottie-ios and lottie-android (0.55228). Repeatable; one row each."),
            ArcErrorChoices.segments.help("Equal segments per full circle, N ≥ 2 (default 4)."),
            ArcErrorChoices.radius.help("Radius for the absolute columns (*_abs); the relative columns do not depend on it."),
            ArcErrorChoices.sx.help("Squash the circle by SX along x (with --sy): adds ellipse_max_distance."),
            ArcErrorChoices.sy,
        ].map { $0.embedded(in: \.arc) } + [
            .value(\.pixelsPerUnit, "pixels-per-unit", "S[,S…]",
                   help: "With --radius: \(PixelsPerUnit.meaning). One row per S, with pixels_per_unit and the *_px columns (S × each *_abs distance column) after the others (default: no *_px columns).",
                   parse: PixelsPerUnit.parseList),
            .text(\.csv, "csv", "FILE", help: "Also write the rows as CSV."),
        ]
    }

    static var rules: [OptionRule<Options>] {
        ArcErrorChoices.rules.map { $0.embedded(in: \.arc) }
            + [.requires([\.pixelsPerUnit], option: \.arc.radius, reason: "the pixel figures are the absolute ones × S")]
    }

    static let discussion = """
        Unit radius, handles tangent at both ends, symmetric (k₁ = k₂ = k). Errors are signed
        and relative: radial (|B| − r)/r, area against the sector r²θ/2, arc length against rθ,
        curvature κr − 1; the tangent error is the largest angle between B′ and the circle's
        tangent, in degrees. Extremes are exact (roots of d|B|²/dt), t is the Bézier
        parameter; on ties the smallest t is reported. k must be in (0, 10].
        The Lottie players draw an ellipse quarter with lottie-web's 0.5519 (roundCorner) and
        lottie-ios's and lottie-android's 0.55228 (EllipseNode.ControlPointConstant,
        ELLIPSE_CONTROL_POINT_PERCENTAGE): --k lottie-web, --k lottie-ios name them.
        With --radius R --pixels-per-unit S: the *_px columns are the absolute distance columns
        (radial, arc length, ellipse distance) in device pixels, S × *_abs; area and curvature
        have none. S is not the pose parameter 'scale'.
        Example: beztune error --k 1/1.8 --k 0.5523 --k minimax --segments 4
        Example: beztune error --k lottie-web --k lottie-ios --radius 20 --pixels-per-unit 1,2,3
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
