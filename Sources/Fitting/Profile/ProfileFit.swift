import Deform
import Geometry

/// The result of ``ProfileFitter/fit(_:setup:)``: every keyframe's own fit, each free
/// parameter's fitted trajectory (two-stage, and joint when asked for), and how closely the
/// profile-driven model reproduces each keyframe.
public struct ProfileFit: Sendable {
    /// The setup fitted (model, free names, fixed values).
    public let setup: FitSetup
    public let timing: ProfileTimingKind
    /// The keyframes in progress order.
    public let keyframes: [ProfileKeyframe]
    /// For each keyframe (progress order), its index in the order given.
    public let inputIndices: [Int]
    /// Each keyframe's own fit (progress order), each warm-started from the previous one.
    public let keyframeFits: [OutlineFit]
    /// One per free parameter (free-list order): the trajectory fitted to the keyframe values.
    public let twoStage: [TrajectoryFit]
    /// For each keyframe, the RMS orthogonal distance of its target points to the model at the
    /// two-stage trajectories' values (the profile-driven outline replayed at the keyframe's
    /// progress): √(Σ dᵢ²/N) over the keyframe's N points, dᵢ the distance of point i to its
    /// nearest point on that outline (model units; `profile_rms`).
    public let twoStageKeyframeRMS: [Double]
    /// The same over all keyframes' points (every point of every keyframe, each against its own
    /// keyframe's replayed outline).
    public let twoStageRMS: Double
    /// For each keyframe, the largest of those distances, maxᵢ |dᵢ| (model units; `profile_max`):
    /// how far the replayed outline is from the farthest target point of the keyframe.
    public let twoStageKeyframeMax: [Double]
    /// The same over all keyframes' points.
    public let twoStageMax: Double
    /// The joint fit, when asked for.
    public let joint: JointProfileFit?
    /// The pose the first keyframe's fit found (``OutlineFit/poseFound``) and every keyframe then
    /// shares: names as given (`tx`, `ty`, `scale`) with their values, held in ``setup``. Empty
    /// when the keyframes needed no pose beyond the setup's.
    public internal(set) var poseFound: [(name: String, value: Double)] = []
    /// A `per-interval` profile's intervals between consecutive keys, in progress order (empty
    /// for other timings). Its ``twoStage`` trajectories are the keys' values eased by them.
    public internal(set) var intervals: [IntervalEasing] = []

    /// The trajectories of `method` (nil: no joint fit).
    public func trajectories(_ method: TrajectoryFit.Method) -> [TrajectoryFit]? {
        method == .twoStage ? twoStage : joint?.trajectories
    }

    /// Every model parameter at `progress` with the free ones on the trajectories of `method`
    /// (two-stage when there is no joint fit); the others at their fixed values.
    public func parameters(at progress: Double, method: TrajectoryFit.Method = .twoStage) -> ParameterVector {
        let fits = trajectories(method) ?? twoStage
        return setup.parameters(with: fits.map { $0.trajectory.value(at: progress) })
    }

    /// The model's outline at `progress` on the trajectories of `method`.
    public func path(at progress: Double, method: TrajectoryFit.Method = .twoStage) -> Path {
        setup.model.path(parameters: parameters(at: progress, method: method))
    }
}
