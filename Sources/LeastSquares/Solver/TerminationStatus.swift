/// Why ``LevenbergMarquardt`` stopped. The raw values are the snake_case words the CLI and CSV
/// output print. Only the `converged…` cases are successes (``isConverged``).
///
/// The convergence tests are MINPACK `lmder`'s (Moré, Garbow & Hillstrom, *User Guide for
/// MINPACK-1*, ANL-80-74, 1980, §2.3), each also firing when its tolerance is below what double
/// precision can resolve (MINPACK's `info` 6, 7, 8 — "no further improvement is possible").
public enum TerminationStatus: String, Sendable, CaseIterable {
    /// Both the actual and the predicted relative reduction of ‖r‖² are at most `ftol`
    /// (MINPACK `info` 1, or 6 at machine precision).
    case convergedFtol = "converged_ftol"
    /// The trust-region radius is at most `xtol`·‖D x‖ (MINPACK `info` 2 or 3, or 7).
    case convergedXtol = "converged_xtol"
    /// The cosine of the angle between r and every column of J is at most `gtol`, or r = 0
    /// (MINPACK `info` 4, or 8).
    case convergedGtol = "converged_gtol"
    /// The residual-evaluation budget ran out first (MINPACK `info` 5).
    case maxEvaluations = "max_evaluations"
    /// r(x) contained NaN or ±∞ at the start, or every step the trust region allowed until it
    /// collapsed did; the result is the last point with finite residuals.
    case nonfiniteResidual = "nonfinite_residual"
    /// The Jacobian contained NaN or ±∞.
    case nonfiniteJacobian = "nonfinite_jacobian"
    /// LAPACK failed on the step's SVD (should not happen with finite input).
    case linearAlgebraFailure = "linear_algebra_failure"
    /// The start contained NaN or ±∞ (the problem is then never evaluated), or the parameters
    /// left the finite numbers; never reported as converged.
    case nonfiniteParameters = "nonfinite_parameters"

    /// True for the three `converged…` cases.
    public var isConverged: Bool {
        self == .convergedFtol || self == .convergedXtol || self == .convergedGtol
    }
}
