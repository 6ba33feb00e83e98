/// The timing model of a parameter's trajectory over progress, as `beztune fit-profile --timing`
/// names it.
///
/// A parametric kind describes parameter p by
///
///     p(x) = start + (end − start)·y(x),   x = progress ∈ [0, 1],
///
/// with y the kind's easing (``ParameterTrajectory``), and is fitted by its unknowns θ =
/// (start, end, timing parameters):
/// - `cubic-bezier`: y is the CSS cubic-bezier curve (CSS Easing Functions Level 1 §2.2, as
///   ``CubicBezierTiming`` evaluates it) through control points (x1, y1), (x2, y2), with
///   0 ≤ x1, x2 ≤ 1 and by default −2 ≤ y1, y2 ≤ 3 (bounds of the fit, ``TimingBounds``):
///   6 unknowns;
/// - `spring`: y is the damped spring released at rest position 0 towards 1 (``SpringTiming``,
///   closed forms of the damped harmonic oscillator) with natural frequency ω > 0 (radians per
///   unit of progress; at most the keyframes' Nyquist frequency, ``nyquistOmega(progress:)``),
///   damping ratio ζ ≥ 0 and initial velocity v₀, each within its range (``TimingBounds``):
///   5 unknowns. `end` is the spring's rest value, and p(1) = end: at progress 1 the
///   animation is over and shows its end value, as ``KeyframeTrack`` (and so `beztune frames`)
///   and Core Animation play it, even where the spring has not settled;
/// - `linear`: y = x: 2 unknowns.
///
/// `keyframes` is not fitted: p is the piecewise-linear interpolation of the per-keyframe fitted
/// values (held constant before the first and after the last keyframe), so it passes through
/// every keyframe value and the rms of its trajectory fit is 0 by construction.
///
/// `per-interval` is how designers key an animation (After Effects, Lottie `i`/`o`, CSS
/// `@keyframes`, `CAKeyframeAnimation.timingFunctions`): keys at some of the keyframes
/// (``ProfileKeyframe/isKey``), the model fitted at each, and one cubic-bezier easing Eᵢ per
/// interval shared by every parameter, p(x) = pᵢ + (pᵢ₊₁ − pᵢ)·Eᵢ((x − xᵢ)/(xᵢ₊₁ − xᵢ)), fitted
/// to the outlines of the keyframes strictly between the two keys (``IntervalEasingFitter``).
/// Not a per-parameter fit: its unknowns are per interval.
public enum ProfileTimingKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case cubicBezier = "cubic-bezier"
    case spring
    case linear
    case keyframes
    case perInterval = "per-interval"

    public var description: String { rawValue }

    /// The names of the timing parameters (without start and end), in unknown order.
    public var timingParameterNames: [String] {
        switch self {
        case .cubicBezier: ["x1", "y1", "x2", "y2"]
        case .spring: ["omega", "zeta", "v0"]
        case .linear, .keyframes, .perInterval: []
        }
    }

    /// True for the kinds fitted per parameter by least squares (all but `keyframes` and
    /// `per-interval`).
    public var isParametric: Bool { self != .keyframes && self != .perInterval }

    /// The number of unknowns per parameter: 2 (start, end) plus the timing parameters; 0 for
    /// `keyframes`.
    public var unknownCount: Int { isParametric ? 2 + timingParameterNames.count : 0 }

    /// The names of the unknowns: `start`, `end`, then the timing parameters.
    public var unknownNames: [String] { isParametric ? ["start", "end"] + timingParameterNames : [] }

    /// The fewest keyframes a profile of this kind needs: its unknowns per parameter (at least 2).
    /// With exactly that many the trajectory passes through every keyframe value and has no
    /// standard errors (no degrees of freedom left).
    /// (`per-interval`: two, both keys.)
    public var minimumKeyframes: Int { Swift.max(2, unknownCount) }

    /// The highest natural frequency a spring fit may reach for keyframes at `progress`: the
    /// Nyquist frequency of their mean spacing, Ω = π·(K − 1)/(x_K − x₁) radians per unit of
    /// progress. Sampled every h, an oscillation of angular frequency ω_d cannot be told from
    /// one of 2π/h − ω_d (or 2π/h + ω_d) with the same decay — a spring of ω = 2250, ζ = 0.0018 draws
    /// the same 13 uniform keyframes as ω = 10, ζ = 0.4 — so the fit stays below π/h, where the
    /// oscillation it reports is the one the keyframes show. (ω_d ≤ ω, so bounding ω bounds ω_d;
    /// an overdamped spring above Ω is excluded too, but the keyframes could only tell its slow
    /// rate anyway.)
    public static func nyquistOmega(progress: [Double]) -> Double {
        guard let first = progress.min(), let last = progress.max(), last > first, progress.count >= 2 else {
            return .infinity
        }
        return Double.pi * Double(progress.count - 1) / (last - first)
    }
}
