/// The ranges a profile's timing parameters are fitted within: bounds of the solver (the
/// Levenberg–Marquardt box, ``Bounds``), the same for every free parameter's trajectory, in the
/// two-stage and the joint fit alike.
///
/// Defaults (``defaultRanges``):
/// - cubic-bezier: x1, x2 ∈ [0, 1] — CSS Easing Functions Level 1 §2.2 makes a curve with an x
///   outside [0, 1] invalid, and Core Animation, SwiftUI and Lottie take the same curves; a
///   range may only narrow within [0, 1]. y1, y2 ∈ [−2, 3]: CSS accepts any y, but a control
///   point further out draws an overshoot no designer asks for, and an unbounded y runs away
///   wherever the timing is not identified (a parameter whose start ≈ end, where p hardly
///   depends on y: ∂p/∂y = (end − start)·∂y/∂yᵢ).
/// - spring (radians per unit of progress, so ω/D in rad/s for an animation of D seconds):
///   ω ∈ [0.5, 1000] and at most the keyframes' Nyquist frequency
///   (``ProfileTimingKind/nyquistOmega(progress:)``), ζ ∈ [0, 10], v₀ ∈ [−50, 50] (progress
///   units per unit of progress; the linear easing has v₀ = 1). Below ω = 0.5 the spring has
///   moved less than 12 % of the way at progress 1 (1 − cos 0.5) and jumps to its end; above
///   ζ = 10 its slow rate ω/(2ζ) and ω trade off along a valley the keyframes cannot resolve.
///   Every value in these ranges is a valid CASpringAnimation (mass 1, stiffness ω², damping
///   2ζω, initial velocity v₀), SwiftUI Spring and Android SpringForce.
public struct TimingBounds: Sendable, Equatable {
    /// The timing parameters' names, as `--bound` takes them and ``ProfileTimingKind`` names them.
    public static let names = ["x1", "y1", "x2", "y2", "omega", "zeta", "v0"]

    /// The default range of each timing parameter (see the type's documentation).
    public static let defaultRanges: [String: ClosedRange<Double>] = [
        "x1": 0...1, "y1": -2...3, "x2": 0...1, "y2": -2...3,
        "omega": 0.5...1000, "zeta": 0...10, "v0": -50...50,
    ]

    private var ranges: [String: ClosedRange<Double>]

    /// The default ranges.
    public init() { ranges = Self.defaultRanges }

    /// The range of the timing parameter `name` (nil for a name not in ``names``).
    public func range(of name: String) -> ClosedRange<Double>? { ranges[name] }

    /// Sets the range of the timing parameter `name` to [lower, upper] (±∞ allowed where the
    /// parameter has no limit of its own). Refused (``ProfileError/timingBound(name:lower:upper:reason:)``):
    /// an unknown name, a NaN or empty range, x1 or x2 outside [0, 1], ω ≤ 0, ζ < 0.
    public mutating func setRange(of name: String, lower: Double, upper: Double) throws(ProfileError) {
        func refuse(_ reason: String) -> ProfileError { .timingBound(name: name, lower: lower, upper: upper, reason: reason) }
        guard ranges[name] != nil else {
            throw refuse("not a timing parameter (\(Self.names.joined(separator: ", ")))")
        }
        guard !lower.isNaN, !upper.isNaN, lower <= upper, lower < .infinity, upper > -.infinity else {
            throw refuse("not an interval LO ≤ HI")
        }
        switch name {
        case "x1", "x2":
            guard lower >= 0, upper <= 1 else { throw refuse("a cubic-bezier x must stay within [0, 1]") }
        case "omega":
            guard lower > 0 else { throw refuse("a spring's omega must be positive") }
        case "zeta":
            guard lower >= 0 else { throw refuse("a spring's damping ratio zeta cannot be negative") }
        default:
            break
        }
        ranges[name] = lower...upper
    }

    /// The box of the timing parameters of `kind` (in ``ProfileTimingKind/timingParameterNames``
    /// order) for keyframes at `progress`: the ranges, with ω's upper end lowered to the Nyquist
    /// frequency when that is lower (and its lower end too, when the range lies above it).
    func box(kind: ProfileTimingKind, progress: [Double]) -> (lower: [Double], upper: [Double]) {
        var lower: [Double] = [], upper: [Double] = []
        for name in kind.timingParameterNames {
            // Cannot be nil: every kind's timing parameter is one of `names`.
            var range = ranges[name] ?? -Double.infinity...Double.infinity
            if name == "omega" {
                let nyquist = ProfileTimingKind.nyquistOmega(progress: progress)
                range = Swift.min(range.lowerBound, nyquist)...Swift.min(range.upperBound, nyquist)
            }
            lower.append(range.lowerBound)
            upper.append(range.upperBound)
        }
        return (lower, upper)
    }

    /// True when every timing parameter of `trajectory` lies in its range (ω: also at most the
    /// Nyquist frequency of `progress`); `keyframes` and `linear` trajectories always do.
    public func contains(_ trajectory: ParameterTrajectory, progress: [Double]) -> Bool {
        let (lower, upper) = box(kind: trajectory.kind, progress: progress)
        return zip(trajectory.timingValues, zip(lower, upper)).allSatisfy { $0 >= $1.0 && $0 <= $1.1 }
    }
}
