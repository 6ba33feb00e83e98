/// The Levenberg–Marquardt subproblem of one iteration, solved through the SVD of the scaled
/// Jacobian (Moré 1978, §§3–5, with the SVD in place of MINPACK's QR):
///
///     minimise ‖f + J p‖  subject to  ‖D p‖ ≤ Δ.
///
/// With q = D p and Ĵ = J·D⁻¹ = U·Σ·Vᵀ (thin SVD, k = min(m, n)), g = Uᵀf, the solution for a
/// Levenberg–Marquardt parameter λ ≥ 0 is
///
///     q(λ) = −V·c(λ),   cᵢ(λ) = σᵢ·gᵢ / (σᵢ² + λ),   ‖D p(λ)‖ = ‖c(λ)‖,
///
/// the minimiser of ‖f + Ĵq‖² + λ‖q‖², i.e. the least-squares solution of the augmented system
/// [Ĵ; √λ·I]·q ≈ [−f; 0] — obtained without ever forming JᵀJ, and for every λ from one SVD.
/// λ = 0 is the Gauss–Newton step (minimum norm when Ĵ is rank deficient: σᵢ ≤ cutoff count as
/// zero). When that step is longer than 1.1·Δ, λ > 0 is found with |‖c(λ)‖ − Δ| ≤ 0.1·Δ by
/// Moré's safeguarded Newton iteration on φ(λ) = ‖c(λ)‖ − Δ (§5.2, MINPACK `lmpar`), using
///
///     φ′(λ) = −Σ σᵢ²gᵢ²/(σᵢ² + λ)³ / ‖c(λ)‖,
///
/// the bounds l₀ = −φ(0)/φ′(0) (full rank only) and u₀ = ‖Ĵᵀf‖/Δ, and at most 10 iterations.
struct TrustRegionSubproblem {
    /// σ₁ ≥ … ≥ σₖ of Ĵ.
    let singularValues: [Double]
    /// g = Uᵀ f.
    let projectedResiduals: [Double]
    /// The number of singular values above the cutoff used for the Gauss–Newton step.
    let rank: Int
    /// n, the number of parameters.
    let parameterCount: Int

    init(singularValues: [Double], projectedResiduals: [Double], parameterCount: Int, relativeCutoff: Double) {
        self.singularValues = singularValues
        self.projectedResiduals = projectedResiduals
        self.parameterCount = parameterCount
        let largest = singularValues.first ?? 0
        self.rank = largest > 0 ? singularValues.count { $0 > relativeCutoff * largest } : 0
    }

    /// c(λ) (see ``TrustRegionSubproblem``); for λ = 0 the minimum-norm Gauss–Newton coefficients.
    func coefficients(_ lambda: Double) -> [Double] {
        coefficients(lambda, projected: projectedResiduals)
    }

    /// The same coefficients for another right-hand side, given as g = Uᵀb:
    /// cᵢ = σᵢgᵢ/(σᵢ² + λ), so −D⁻¹V·c solves min ‖b + J p‖² + λ‖D p‖² (used for the geodesic
    /// acceleration, b = r″ᵥ).
    func coefficients(_ lambda: Double, projected g: [Double]) -> [Double] {
        let k = singularValues.count
        var c = [Double](repeating: 0, count: k)
        if lambda == 0 {
            for i in 0..<rank { c[i] = g[i] / singularValues[i] }
        } else {
            for i in 0..<k {
                let s = singularValues[i]
                c[i] = s * g[i] / (s * s + lambda)
            }
        }
        return c
    }

    /// The parameter λ and coefficients c(λ) for radius `radius`, starting the iteration from
    /// `initialLambda` (the previous iteration's λ, as MINPACK does).
    func solve(radius delta: Double, initialLambda: Double) -> (lambda: Double, coefficients: [Double]) {
        let dwarf = Double.leastNormalMagnitude
        let k = singularValues.count
        var c = coefficients(0)
        var dxnorm = euclideanNorm(c)
        var fp = dxnorm - delta
        if fp <= 0.1 * delta { return (0, c) }

        // Lower bound l₀ = −φ(0)/φ′(0), only when Ĵ has full column rank.
        var parl = 0.0
        if rank == parameterCount && rank == k && dxnorm > 0 {
            var sum = 0.0
            for i in 0..<k {
                let t = c[i] / singularValues[i] / dxnorm
                sum += t * t
            }
            parl = fp / delta / sum
        }
        // Upper bound u₀ = ‖Ĵᵀf‖/Δ.
        var gradient = [Double](repeating: 0, count: k)
        for i in 0..<k { gradient[i] = singularValues[i] * projectedResiduals[i] }
        let gnorm = euclideanNorm(gradient)
        var paru = gnorm / delta
        if paru == 0 { paru = dwarf / Swift.min(delta, 0.1) }

        var par = Swift.min(Swift.max(initialLambda, parl), paru)
        if par == 0 { par = gnorm / dxnorm }

        var iteration = 0
        while true {
            iteration += 1
            if par == 0 { par = Swift.max(dwarf, 0.001 * paru) }
            c = coefficients(par)
            dxnorm = euclideanNorm(c)
            let previous = fp
            fp = dxnorm - delta
            if fp.magnitude <= 0.1 * delta || (parl == 0 && fp <= previous && previous < 0)
                || iteration == 10 || dxnorm == 0 {
                return (par, c)
            }
            // Newton correction: −φ/φ′ expressed as in Moré (5.5).
            var sum = 0.0
            for i in 0..<k {
                let s = singularValues[i]
                sum += c[i] * c[i] / (s * s + par)
            }
            let parc = fp / delta / (sum / (dxnorm * dxnorm))
            if fp > 0 { parl = Swift.max(parl, par) }
            if fp < 0 { paru = Swift.min(paru, par) }
            par = Swift.max(parl, par + parc)
        }
    }
}
