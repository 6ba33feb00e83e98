/// What ``LevenbergMarquardt`` returns: the parameters, how well they fit, their uncertainty and
/// how the solver got there.
public struct LeastSquaresFit: Sendable {
    /// x̂, the final parameters (the last point with finite residuals).
    public var parameters: [Double]
    /// r(x̂).
    public var residuals: [Double]
    /// J(x̂), m × n (nil when it could not be evaluated with finite entries).
    public var jacobian: Matrix?
    /// SSR = ‖r(x̂)‖².
    public var residualSumOfSquares: Double
    /// The covariance of x̂ (nil when m ≤ n, J is unavailable or its SVD failed).
    public var covariance: Covariance?
    /// Outer Levenberg–Marquardt iterations (one Jacobian each; refinement steps not included).
    public var iterations: Int
    /// Residual evaluations, the starting point included.
    public var evaluations: Int
    /// Jacobian evaluations, those of the refinement and the one at x̂ for the covariance included.
    public var jacobianEvaluations: Int
    public var status: TerminationStatus

    /// The cost ½‖r(x̂)‖² (the objective, as Ceres reports it).
    public var cost: Double { residualSumOfSquares / 2 }

    /// Standard errors sqrt(diag C) (NaN when there is no covariance).
    public var standardErrors: [Double] {
        covariance?.standardErrors ?? [Double](repeating: .nan, count: parameters.count)
    }

    /// The correlation matrix of x̂ (nil when there is no covariance).
    public var correlation: Matrix? { covariance?.correlation }
}
