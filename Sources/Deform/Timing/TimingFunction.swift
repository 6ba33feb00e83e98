/// How an animation's progress x ∈ [0, 1] maps to the fraction of the change applied, y(x):
/// `CAMediaTimingFunction` and CSS easing functions, plus a damped spring.
///
/// y(0) = 0 for every kind but steps that jump at the start (`jump-start`, `jump-both`,
/// `step-start`: y(0) = 1/jumps, as CSS defines them); y(1) = 1 for all but the spring (which is
/// still moving unless its duration is its settling time, and then within the settling
/// threshold of 1).
public enum TimingFunction: Hashable, Sendable, CustomStringConvertible {
    /// y = x.
    case linear
    /// A cubic-bezier curve (CSS Easing Level 1 §2.2).
    case cubicBezier(CubicBezierTiming)
    /// A damped spring (closed form).
    case spring(SpringTiming)
    /// Steps (CSS Easing Level 1 §2.3).
    case steps(StepsTiming)

    /// Core Animation's default and CSS `ease`: cubic-bezier(0.25, 0.1, 0.25, 1).
    public static let `default` = TimingFunction.cubicBezier(.default)
    /// CSS `ease`: the same curve as ``default``.
    public static let ease = TimingFunction.cubicBezier(.ease)
    /// cubic-bezier(0.42, 0, 1, 1).
    public static let easeIn = TimingFunction.cubicBezier(.easeIn)
    /// cubic-bezier(0, 0, 0.58, 1).
    public static let easeOut = TimingFunction.cubicBezier(.easeOut)
    /// cubic-bezier(0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingFunction.cubicBezier(.easeInEaseOut)

    /// y(x). Outside [0, 1]: linear extends, cubic-bezier extrapolates by CSS's end tangents,
    /// steps follows CSS, the spring is 0 before 0 and keeps moving after 1.
    public func value(at x: Double) -> Double {
        switch self {
        case .linear: x
        case .cubicBezier(let c): c.value(at: x)
        case .spring(let s): s.value(at: x)
        case .steps(let s): s.value(at: x)
        }
    }

    /// The function in the text form ``init(parsing:)`` reads back.
    public var description: String {
        switch self {
        case .linear: "linear"
        case .cubicBezier(let c): c.description
        case .spring(let s): s.description
        case .steps(let s): s.description
        }
    }
}
