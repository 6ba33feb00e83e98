import LeastSquares

/// One parameter's fitted trajectory over progress, by the two-stage method (to its keyframe
/// values, ``TrajectoryFitter``) or by the joint fit (to every keyframe's points at once,
/// ``ProfileFitter``), with its uncertainty and how well it reproduces the keyframe values.
public struct TrajectoryFit: Sendable {
    /// How a trajectory was found.
    public enum Method: String, Sendable, CaseIterable {
        /// Fitted to the per-keyframe fitted values (weighted by their standard errors).
        case twoStage = "two-stage"
        /// Fitted to every keyframe's target points at once.
        case joint
    }

    /// The parameter's name, as given in the free list.
    public let parameter: String
    public let method: Method
    public let trajectory: ParameterTrajectory
    /// Standard errors of the unknowns (start, end, timing parameters…), NaN where there is none
    /// (on a bound, no degrees of freedom, or no covariance); for `keyframes`, those of the first
    /// and last keyframe values.
    public let standardErrors: [Double]
    /// The covariance of the unknowns (nil when there is none).
    public let covariance: Matrix?
    /// √(Σ(vⱼ − p(xⱼ))²/K): the unweighted RMS, in parameter units, of the differences between the
    /// K per-keyframe fitted values vⱼ and the trajectory at their progress xⱼ (0 for `keyframes`).
    public let rms: Double
    /// Two-stage, weighted: χ²/ν, the weighted residual sum of squares over the degrees of freedom
    /// (near 1 when the timing model explains the keyframe values within their standard errors);
    /// nil otherwise.
    public let reducedChiSquare: Double?
    /// True when the two-stage fit was weighted by the keyframe standard errors.
    public let weighted: Bool
    /// How the solver stopped (`keyframes`, which is not solved, has r = 0 by construction:
    /// ``TerminationStatus/convergedGtol``). Set on every fit ``TrajectoryFitter`` and
    /// ``ProfileFitter`` make; optional for trajectories read back without one.
    public let status: TerminationStatus?
    /// For each unknown, the bound it ends on (nil: strictly inside). A timing parameter held
    /// fixed (``timingHeld``) is on both: `lower`.
    public let activeBounds: [BoundSide?]
    /// True when the timing parameters were not fitted but held (joint fit: at the two-stage
    /// values, for a parameter whose change end − start the two-stage fit does not resolve; see
    /// ``ProfileFitter``); only start and end were fitted then, and the timing has no standard
    /// errors.
    public let timingHeld: Bool

    public init(parameter: String, method: Method, trajectory: ParameterTrajectory, standardErrors: [Double],
                covariance: Matrix?, rms: Double, reducedChiSquare: Double?, weighted: Bool,
                status: TerminationStatus?, activeBounds: [BoundSide?], timingHeld: Bool = false) {
        self.parameter = parameter
        self.method = method
        self.trajectory = trajectory
        self.standardErrors = standardErrors
        self.covariance = covariance
        self.rms = rms
        self.reducedChiSquare = reducedChiSquare
        self.weighted = weighted
        self.status = status
        self.activeBounds = activeBounds
        self.timingHeld = timingHeld
    }

    /// True when the fit converged: its status is one of the `converged_…` ones.
    public var converged: Bool { status?.isConverged ?? false }

    /// The standard error of the unknown called `name` (`start`, `end`, `x1`, …, `omega`, …), or
    /// nil when the kind has no such unknown.
    public func standardError(of name: String) -> Double? {
        guard let i = trajectory.kind.unknownNames.firstIndex(of: name) else {
            if trajectory.kind == .keyframes, name == "start" || name == "end" {
                return standardErrors[name == "start" ? 0 : 1]
            }
            return nil
        }
        return standardErrors[i]
    }
}
