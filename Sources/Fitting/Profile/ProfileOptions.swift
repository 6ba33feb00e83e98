import LeastSquares

/// How ``ProfileFitter`` fits: the timing kind, whether to add the joint fit, and the solvers'
/// options.
public struct ProfileOptions: Sendable {
    /// The timing model of every free parameter's trajectory.
    public var timing: ProfileTimingKind
    /// Whether to fit all keyframes at once as well (parametric kinds only).
    public var joint: Bool
    /// The per-keyframe fits (``OutlineFitter``); the joint fit uses its loss, evaluation budget,
    /// tolerances, refinement steps and `parallel` too. The comparison figures are not used.
    public var keyframe: FitOptions
    /// The trajectory fits' solver (``TrajectoryFitter``).
    public var trajectory: LevenbergMarquardt.Options
    /// The ranges of the timing parameters, in the two-stage and the joint fits.
    public var timingBounds: TimingBounds
    /// The animation's length in seconds: a `per-interval` easing is compared with the named
    /// presets, springs included, over its interval's seconds (``EasingPreset``).
    public var duration: Double = 1

    /// Defaults: cubic-bezier, no joint fit, ``FitOptions`` defaults without comparison figures,
    /// the solver's full-precision defaults for the trajectories, the default timing ranges.
    public init(timing: ProfileTimingKind = .cubicBezier, joint: Bool = false,
                keyframe: FitOptions = FitOptions(computeComparison: false),
                trajectory: LevenbergMarquardt.Options = .init(), timingBounds: TimingBounds = TimingBounds()) {
        self.timing = timing
        self.joint = joint
        self.keyframe = keyframe
        self.trajectory = trajectory
        self.timingBounds = timingBounds
    }
}
