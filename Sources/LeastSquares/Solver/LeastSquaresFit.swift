/// What ``LevenbergMarquardt`` returns: the parameters, how well they fit, their uncertainty and
/// how the solver got there.
public struct LeastSquaresFit: Sendable {
    /// x̂, the final parameters (the last point with finite residuals).
    public var parameters: [Double]
    /// r(x̂).
    public var residuals: [Double]
    /// J(x̂), m × n (nil when it could not be evaluated with finite entries).
    public var jacobian: Matrix?
    /// SSR = ‖r(x̂)‖² (of the raw residuals, whatever the loss).
    public var residualSumOfSquares: Double
    /// The objective at x̂, ½Σρ(rᵢ²) (as Ceres reports it): ½‖r(x̂)‖² for the trivial loss.
    /// (The Moré–Garbow–Hillstrom and NIST tables quote ‖r‖², twice this.)
    public var cost: Double
    /// The covariance of x̂ (nil when m ≤ n, J is unavailable or its SVD failed). With a robust
    /// loss it is computed from the corrected Jacobian J̃ (weights ρ′(rᵢ²)) and s² = Σρ/(m − n);
    /// with active bounds, for the free parameters only (see ``Covariance``).
    public var covariance: Covariance?
    /// For each parameter, the bound x̂ⱼ equals exactly (nil: strictly inside, or no bounds).
    public var activeBounds: [BoundSide?]
    /// Outer Levenberg–Marquardt iterations (one Jacobian each; refinement steps not included).
    public var iterations: Int
    /// Residual evaluations, the starting point and the geodesic-acceleration probes included.
    public var evaluations: Int
    /// Jacobian evaluations, those of the refinement and the one at x̂ for the covariance included.
    public var jacobianEvaluations: Int
    /// Steps taken with an accepted geodesic acceleration (0 without it).
    public var acceleratedSteps: Int
    public var status: TerminationStatus

    /// Standard errors sqrt(diag C) (NaN when there is no covariance, and for parameters on a
    /// bound).
    public var standardErrors: [Double] {
        covariance?.standardErrors ?? [Double](repeating: .nan, count: parameters.count)
    }

    /// The correlation matrix of x̂ (nil when there is no covariance).
    public var correlation: Matrix? { covariance?.correlation }
}
