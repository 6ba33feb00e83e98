/// The Triggs correction: how a robust loss enters a Gauss–Newton / Levenberg–Marquardt step
/// without changing the solver (Triggs, McLauchlan, Hartley & Fitzgibbon, "Bundle adjustment — a
/// modern synthesis", Vision Algorithms 1999, LNCS 1883 (2000), §4.3, eq. (11); implemented as
/// Ceres Solver `internal/ceres/corrector.cc`).
///
/// For a residual block r (here one residual, s = r²) with loss derivatives ρ′, ρ″, the
/// corrected residual and Jacobian
///
///     r̃ = (√ρ′ / (1 − α)) · r,    J̃ = √ρ′ · (I − α·r rᵀ/‖r‖²) · J,
///
/// where α is the smaller root of ½α² − α − (ρ″/ρ′)·s = 0, α = 1 − √(1 + 2sρ″/ρ′), make
/// ½‖r̃ + J̃ p‖² match the second-order model of ½ρ(‖r + J p‖²) (gradient ρ′Jᵀr exactly, and the
/// Gauss–Newton Hessian J̃ᵀJ̃ = ρ′Jᵀ(I + 2(ρ″/ρ′) r rᵀ)J). As in Ceres, the curvature term is
/// dropped when ρ″ ≤ 0 or s = 0 (α = 0: plain √ρ′ reweighting), which Ceres found to converge
/// much faster in the outlier region; all four losses of ``RobustLoss`` have ρ″ ≤ 0, so for them
/// the correction is the iteratively-reweighted-least-squares weight √ρ′ on r and J.
struct RobustCorrector {
    /// √ρ′.
    let sqrtFirstDerivative: Double
    /// √ρ′ / (1 − α): the factor on the residual.
    let residualScaling: Double
    /// α / s (0 when the curvature term is dropped).
    let alphaOverSquaredNorm: Double

    init(squaredNorm s: Double, loss: (value: Double, first: Double, second: Double)) {
        sqrtFirstDerivative = loss.first.squareRoot()
        if s == 0 || loss.second <= 0 {
            residualScaling = sqrtFirstDerivative
            alphaOverSquaredNorm = 0
            return
        }
        precondition(loss.first > 0, "RobustCorrector: ρ′ must be positive where ρ″ > 0, got \(loss.first)")
        let discriminant = 1 + 2 * s * loss.second / loss.first
        let alpha = 1 - discriminant.squareRoot()
        residualScaling = sqrtFirstDerivative / (1 - alpha)
        alphaOverSquaredNorm = alpha / s
    }

    /// The factor on the Jacobian row of a one-residual block with residual r:
    /// √ρ′·(1 − α r²/s) = √ρ′·(1 − α).
    func jacobianScaling(residual r: Double) -> Double {
        sqrtFirstDerivative * (1 - alphaOverSquaredNorm * r * r)
    }
}
