import LeastSquares

/// How ``OutlineFitter`` fits: the loss, the starts, the symmetric term, the solver's budget and
/// tolerances, and whether to compute the comparison figures.
public struct FitOptions: Sendable, Equatable {
    /// The robust loss on the target-to-model distances (``RobustLoss``, scale in model units);
    /// `.trivial` is plain least squares. The reported `rms` is unweighted whatever the loss.
    public var loss: RobustLoss
    /// Number of starts ≥ 1: the initial guess, then `starts − 1` seeded perturbations of it
    /// (each free value moved uniformly within ±20 % of its magnitude — ±10 % of the target's size
    /// for a translation, ±0.35 rad for a rotation — and clamped to its bounds). The start with the
    /// lowest cost wins.
    public var starts: Int
    /// The seed of the perturbations.
    public var seed: UInt64
    /// W ≥ 0, the weight of the model-to-target term relative to the target-to-model one (0: off;
    /// see ``DistanceResiduals``).
    public var symmetricWeight: Double
    /// Model samples per segment for the symmetric term.
    public var symmetricSamplesPerSegment: Int
    /// The residual-evaluation budget of each start.
    public var maxEvaluations: Int
    /// The solver's ftol and xtol (``LevenbergMarquardt/Options``).
    public var functionTolerance: Double
    public var parameterTolerance: Double
    /// Gauss–Newton refinement steps after convergence (``LevenbergMarquardt/Options/refinementSteps``).
    public var refinementSteps: Int
    /// Whether the nearest-point searches of one evaluation may run on several processors (from
    /// 512 target points on; the answers do not depend on it).
    public var parallel: Bool
    /// Whether to compute the Hausdorff distance and the area of the symmetric difference
    /// (``OutlineComparison``) for the result.
    public var computeComparison: Bool
    /// Their tolerance relative to the target's size (``OutlineComparison``).
    public var comparisonRelativeTolerance: Double
    /// Whether a target far from everything the model reaches without a pose frees the pose
    /// (``OutlineFitter/fit(_:setup:progress:)``) instead of being refused. On by default.
    public var findsPose: Bool = true

    /// Defaults: plain least squares, one start, seed 1, no symmetric term (32 samples per segment
    /// when on), 500 evaluations per start, ftol = xtol = 1e-10 and no refinement steps (a
    /// zero-residual target is still recovered to rounding: Gauss–Newton converges quadratically
    /// there), comparison figures to 1e-6 of the target's size.
    public init(loss: RobustLoss = .trivial, starts: Int = 1, seed: UInt64 = 1,
                symmetricWeight: Double = 0, symmetricSamplesPerSegment: Int = 32,
                maxEvaluations: Int = 500, functionTolerance: Double = 1e-10,
                parameterTolerance: Double = 1e-10, refinementSteps: Int = 0, parallel: Bool = true,
                computeComparison: Bool = true,
                comparisonRelativeTolerance: Double = 1e-6) {
        self.loss = loss
        self.starts = starts
        self.seed = seed
        self.symmetricWeight = symmetricWeight
        self.symmetricSamplesPerSegment = symmetricSamplesPerSegment
        self.maxEvaluations = maxEvaluations
        self.functionTolerance = functionTolerance
        self.parameterTolerance = parameterTolerance
        self.refinementSteps = refinementSteps
        self.parallel = parallel
        self.computeComparison = computeComparison
        self.comparisonRelativeTolerance = comparisonRelativeTolerance
    }
}
