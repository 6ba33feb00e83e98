/// Geodesic acceleration for ``LevenbergMarquardt`` (Transtrum & Sethna, "Improvements to the
/// Levenberg–Marquardt algorithm for nonlinear least-squares minimization", arXiv:1201.5885
/// (2012), §4; Transtrum, Machta & Sethna, Phys. Rev. E 83, 036701 (2011)).
///
/// The Levenberg–Marquardt step v (the "velocity") is the first-order term of a geodesic on the
/// model manifold; the second-order term, the acceleration,
///
///     a = −(JᵀJ + λDᵀD)⁻¹ Jᵀ r″ᵥ,    r″ᵥ ≈ (2/h)·((r(x + h v) − r(x))/h − J v),
///
/// bends the step along a curved valley. r″ᵥ, the second directional derivative of r along v,
/// costs one extra residual evaluation per trial step (forward difference with step h, counted in
/// ``LeastSquaresFit/evaluations``); a is solved with the SVD of the same iteration
/// (a = −D⁻¹V·diag(σᵢ/(σᵢ² + λ))·Uᵀr″ — never the normal equations). The trial step is
/// v + ½a, accepted for evaluation only when the second-order term is small against the first,
///
///     2‖D a‖ / ‖D v‖ ≤ α,
///
/// and otherwise dropped: the step is v alone. (Transtrum & Sethna reject the whole step instead;
/// on the MGH and NIST suites falling back to v took fewer evaluations — rejecting cost Meyer from
/// 10·x₀ 730 evaluations against 177, and NIST MGH10 from start 1 its convergence.) The predicted
/// reduction of the ratio test is that of v, the actual one that of the accelerated trial point. With a robust loss r″ᵥ is multiplied row by row by the factors
/// of the corrected Jacobian. The probe x + h v must lie inside the bounds, else the step goes
/// without acceleration.
public struct GeodesicAcceleration: Sendable, Equatable {
    /// α, the largest accepted 2‖D a‖/‖D v‖. Transtrum & Sethna recommend 0.75.
    public var maximumRatio: Double
    /// h, the finite-difference step along v for r″ᵥ, relative to ‖v‖. Transtrum & Sethna use 0.1.
    public var step: Double

    public init(maximumRatio: Double = 0.75, step: Double = 0.1) {
        self.maximumRatio = maximumRatio
        self.step = step
    }
}
