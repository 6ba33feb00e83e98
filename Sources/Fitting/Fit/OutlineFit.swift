import Deform
import Geometry
import LeastSquares

/// The result of ``OutlineFitter/fit(_:setup:)``: the parameters with their standard errors, how
/// far the fitted model still is from the target, and how the solver got there.
public struct OutlineFit: Sendable {
    /// The setup fitted (names, model, bounds).
    public let setup: FitSetup
    /// Every parameter of the fitted model (``FitSetup/model``).
    public let parameters: ParameterVector
    /// The free parameters' values, in ``FitSetup/freeNames`` order.
    public let values: [Double]
    /// Their standard errors (NaN for a parameter on a bound or without a covariance).
    public let standardErrors: [Double]
    public let covariance: Covariance?
    /// The free values the first start began from (the bounding-box guess, or the given starts).
    public let initialValues: [Double]
    /// The fitted model's path (model space).
    public let path: Path
    /// For each target point, its certified nearest point on ``path`` (segment in `Path.segments`
    /// order, t, point, distance).
    public let nearest: [NearestPoint]
    /// For each target point, its signed distance (``OrthogonalDistance``).
    public let distances: [OrthogonalDistance]
    /// √(Σdᵢ²/N): the unweighted RMS of the orthogonal distances from the target points to the
    /// fitted path, whatever the loss (NaN when the fitted path is not finite).
    public let rms: Double
    /// max dᵢ.
    public let maxDistance: Double
    /// The Hausdorff distance and the area of the symmetric difference (nil when not computed).
    public let comparison: OutlineComparison?
    /// Solver iterations and residual evaluations, summed over all starts.
    public let iterations: Int
    public let evaluations: Int
    /// How the winning start's solver stopped.
    public let status: TerminationStatus
    /// ½Σρ(rᵢ²) at the solution (the symmetric term included).
    public let cost: Double
    /// The index of the winning start (0: the initial guess).
    public let bestStart: Int
    /// Wall time of the fit in seconds: the initial guess, every start and the covariance (not the
    /// comparison figures). Not deterministic.
    public var seconds: Double
    /// For each free parameter, the bound it ends on (nil: strictly inside).
    public let activeBounds: [BoundSide?]
    /// How the target points' nearest points were certified over the whole fit.
    public let searches: NearestPointCounts
    /// The pose parameters the fit freed itself (``FitSetup/poseToFind``) because the target lies
    /// away from everything the model reaches without them; empty when the setup was fitted as
    /// given. ``setup`` is then the setup with them free.
    public internal(set) var poseFound: [String] = []

    /// True when the winning start's solver converged.
    public var converged: Bool { status.isConverged }
}

/// How the nearest points of a fit's target points were certified, summed over its evaluations:
/// by a certificate carried over from an earlier evaluation, by a fresh certificate from Newton's
/// method at the evaluation itself, or by a full search (Geometry's certified searches).
public struct NearestPointCounts: Sendable, Equatable {
    public var carried: Int
    public var fresh: Int
    public var full: Int

    public init(carried: Int = 0, fresh: Int = 0, full: Int = 0) {
        (self.carried, self.fresh, self.full) = (carried, fresh, full)
    }

    /// All answers.
    public var total: Int { carried + fresh + full }
}
