import Deform
import LeastSquares

/// One interval of a `per-interval` profile (``IntervalEasingFitter``): from key progress
/// ``from`` to ``to``, the easing every parameter follows there, and how well the keyframes
/// between the keys agree with it.
public struct IntervalEasing: Sendable {
    /// The keys' progress values.
    public let from: Double
    public let to: Double
    /// The fitted cubic-bezier, or linear for an interval with no keyframe between its keys.
    public let easing: TimingFunction
    /// The keyframes strictly between the keys: the easing's data (0: linear, not fitted).
    public let frameCount: Int
    /// RMS and largest orthogonal distance of those keyframes' points to the eased outline,
    /// model units (0 when nothing was fitted).
    public let rms: Double
    public let maxDistance: Double
    /// How the solver stopped (nil when nothing was fitted).
    public let status: TerminationStatus?
    /// Standard errors of x1, y1, x2, y2 (empty when nothing was fitted; NaN on a bound).
    public let standardErrors: [Double]

    /// True when the easing was fitted to keyframes between the keys.
    public var isFitted: Bool { frameCount > 0 }
    /// The named easing nearest to it and how far its outline would be (``EasingPreset``;
    /// nil when nothing was fitted).
    public internal(set) var nearestPreset: EasingPreset?

    /// True when fitted and the solver converged, or when there was nothing to fit.
    public var converged: Bool { status.map({ $0.isConverged }) ?? true }
}
