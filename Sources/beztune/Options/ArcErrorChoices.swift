import ArcError
import BeztuneAPI
import _ArgumentParser
import _Support

/// The options of the arc-error commands (`error`, `optimize`, `sweep`, `segments-for`,
/// `magnify`) as given: handle factors, segments per circle, the radius and the squash factors,
/// each declared once (``ArcErrorChoices/handles``, …) for every command that takes it.
struct ArcErrorChoices {
    var handles: [HandleArgument] = []
    var segments = 4
    var radius: Given<Double>?
    var sx: Given<Double>?
    var sy: Given<Double>?
}

extension ArcErrorChoices {
    typealias Declared = Option<ArcErrorChoices>

    /// `--k K …`: required, repeatable.
    static var handles: Declared {
        .repeated(\.handles, "k", "K", required: true,
                  help: "Handle factor: number, expression or criterion name (as for 'beztune error'); repeatable.",
                  parse: HandleArgument.parse)
    }

    static var segments: Declared {
        .value(\.segments, "segments", "N", help: "Equal segments per circle, N ≥ 2 (default 4).", parse: SweepGrid.segmentCount(parsing:))
    }

    static var radius: Declared {
        .value(\.radius, "radius", "R", help: "Radius for the absolute columns (*_abs).",
               parse: OptionValue.keepingText(OptionValue.positive))
    }

    /// `--radius` for the absolute columns (*_abs): at most ``AbsoluteArcErrors/maximumRadius``
    /// (``ArcErrorColumns/absoluteColumnsRadius(_:)``); nil when not given.
    func absoluteColumnsRadius() throws(APIError) -> Double? {
        try ArcErrorColumns.absoluteColumnsRadius(radius)
    }

    static var sx: Declared {
        .value(\.sx, "sx", "SX", help: "Squash factor along x (with --sy).", parse: OptionValue.keepingText(OptionValue.positive))
    }

    static var sy: Declared {
        .value(\.sy, "sy", "SY", help: "Squash factor along y (with --sx).", parse: OptionValue.keepingText(OptionValue.positive))
    }

    /// `--sx` and `--sy` go together.
    static var rules: [OptionRule<ArcErrorChoices>] { [.together([\.sx, \.sy])] }
}
