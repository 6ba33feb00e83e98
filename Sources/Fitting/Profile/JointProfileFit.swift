import LeastSquares

/// The joint fit of a profile: every free parameter's trajectory fitted to all keyframes' target
/// points at once (see ``ProfileFitter``).
public struct JointProfileFit: Sendable {
    /// One per free parameter, in free-list order (method ``TrajectoryFit/Method/joint``).
    public let trajectories: [TrajectoryFit]
    /// The covariance of all unknowns, parameter after parameter (start, end, timing…), from
    /// s²(JᵀJ)⁻¹ with s² = SSR/(m − n) over every keyframe's distances (nil when unavailable).
    public let covariance: Covariance?
    /// For each keyframe (progress order), the RMS orthogonal distance of its target points to the
    /// model at the joint trajectories' values.
    public let keyframeRMS: [Double]
    /// The RMS over all keyframes' points.
    public let rms: Double
    /// For each keyframe, the largest distance of its target points to the model at the joint
    /// trajectories' values, maxᵢ |dᵢ| (model units; `joint_max`).
    public let keyframeMax: [Double]
    /// The same over all keyframes' points.
    public let max: Double
    public let status: TerminationStatus
    public let iterations: Int
    public let evaluations: Int
    /// ½Σρ(rᵢ²) at the solution.
    public let cost: Double

    /// True when the solver converged.
    public var converged: Bool { status.isConverged }
}
