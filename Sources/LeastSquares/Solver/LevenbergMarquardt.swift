/// Levenberg–Marquardt with a trust region and adaptive parameter scaling, after Moré, "The
/// Levenberg–Marquardt algorithm: implementation and theory" (Numerical Analysis, LNM 630, 1978)
/// and its implementation MINPACK `lmder` (Moré, Garbow & Hillstrom 1980).
///
/// Each iteration, at x with residuals f and Jacobian J:
/// 1. Scaling (Moré §6, MINPACK `mode = 1`): Dⱼ = max over all iterations of ‖Jⱼ‖ (column
///    norms), so the method is invariant under rescaling of the parameters.
/// 2. Step (§§3–5): p minimises ‖f + J p‖ subject to ‖D p‖ ≤ Δ, solved through the SVD of
///    J·D⁻¹ and Moré's secular-equation iteration for λ (``TrustRegionSubproblem``) — the
///    augmented system [J; √λ·D], never JᵀJ, so the condition number is not squared.
/// 3. Ratio ρ = actual / predicted relative reduction of ‖f‖² (§4, (4.4)); predicted from the
///    model, ‖Jp‖² + 2λ‖Dp‖², in units of ‖f‖².
/// 4. Radius (§4, MINPACK): ρ ≤ ¼ shrinks Δ by μ ∈ [0.1, 0.5] (from a quadratic fit along the
///    step, or 0.1 when ‖f‖ grew tenfold or the residuals were not finite); ρ ≥ ¾ (or λ = 0)
///    sets Δ = 2‖Dp‖. The step is taken when ρ ≥ 10⁻⁴.
/// 5. Stopping (MINPACK): ftol on the actual and predicted relative reductions, xtol on
///    Δ ≤ xtol·‖D x‖, gtol on the largest cosine between f and a column of J, and the residual
///    evaluation budget; see ``TerminationStatus``.
///
/// After a convergence test fires, up to ``Options/refinementSteps`` Gauss–Newton steps polish
/// the result past the point where ‖f‖² can still resolve progress (see that option); this is
/// what takes the NIST StRD suite from a mean LRE of about 9 to about 10.7.
///
/// Residuals that come back NaN or ±∞ at a trial point count as a failed step (the radius
/// shrinks tenfold); if the radius collapses with the last trial non-finite, or r(x₀) itself is not finite, the status
/// is ``TerminationStatus/nonfiniteResidual`` — never a convergence. Deterministic: no threads of
/// its own; OpenBLAS/LAPACK are called on matrices of at most m × n.
public struct LevenbergMarquardt: Sendable {
    /// How the parameters are scaled (Moré §6).
    public enum Scaling: Sendable, Equatable {
        /// Dⱼ = running maximum of the Jacobian column norms (MINPACK `mode = 1`).
        case jacobianColumns
        /// Fixed positive Dⱼ (MINPACK `mode = 2`), one per parameter.
        case fixed([Double])
    }

    /// Tolerances, budget and start of the trust region.
    public struct Options: Sendable, Equatable {
        /// ftol ≥ 0: stop when the actual and predicted relative reductions of ‖f‖² are both
        /// at most ftol (and ρ ≤ 2). 0 turns the test off, its machine-precision form included.
        public var functionTolerance: Double
        /// xtol ≥ 0: stop when Δ ≤ xtol·‖D x‖, i.e. the relative error of D x is at most about xtol.
        public var parameterTolerance: Double
        /// gtol ≥ 0: stop when maxⱼ |Jⱼᵀf| / (‖Jⱼ‖·‖f‖) ≤ gtol.
        public var gradientTolerance: Double
        /// The most residual evaluations (the start included).
        public var maxEvaluations: Int
        /// Δ₀ = factor·‖D x₀‖ (or factor when that is zero). MINPACK recommends 100 and says to
        /// try smaller values when that fails; 1 is the default here because 100 (and anything
        /// from about 20 up) lets the first step of NIST BoxBOD from start 1 jump onto the
        /// b₂ → ∞ plateau where J loses rank, while every factor from 0.1 to 10 solves all 54
        /// StRD runs to the same digits.
        public var initialStepFactor: Double
        public var scaling: Scaling
        /// Singular values of J·D⁻¹ at or below this fraction of the largest count as zero in
        /// the Gauss–Newton step (rank deficiency).
        public var rankCutoff: Double
        /// After convergence, up to this many Gauss–Newton refinement steps (0 turns it off).
        ///
        /// Near the minimum ‖r‖² is flat to second order, so once the remaining error δ in the
        /// parameters only changes ‖r‖² by less than its rounding error (δ/σ ≲ 1e-7 in units of
        /// the standard error), trust-region tests on ‖r‖² can no longer tell better from worse
        /// and the iteration stops there. The Gauss–Newton step −J⁺r depends on r only linearly,
        /// so it keeps converging down to the rounding of r itself. A refinement step is taken
        /// while the steps stay below 1e-4·‖D x‖ and above ε·‖D x‖, give finite residuals and
        /// match the linear model, ‖r(x + p) − r − J p‖ ≤ ‖J p‖, and while the step length keeps
        /// reaching new lows (three steps without a 10 % improvement end it: the rounding floor).
        /// The result is the visited point with the shortest Gauss–Newton step — the best
        /// estimate of the stationary point Jᵀr = 0 — so a refinement can never end worse than it
        /// started by that measure. The status is the convergence status that preceded it.
        public var refinementSteps: Int

        /// Defaults that aim at full double precision: ftol = xtol = 1e-15, gtol = 0, up to 2000
        /// residual evaluations, step factor 1, Jacobian-column scaling, rank cutoff 1e-14 and up
        /// to 100 refinement steps.
        public init(functionTolerance: Double = 1e-15, parameterTolerance: Double = 1e-15,
                    gradientTolerance: Double = 0, maxEvaluations: Int = 2000,
                    initialStepFactor: Double = 1, scaling: Scaling = .jacobianColumns,
                    rankCutoff: Double = 1e-14, refinementSteps: Int = 100) {
            self.functionTolerance = functionTolerance
            self.parameterTolerance = parameterTolerance
            self.gradientTolerance = gradientTolerance
            self.maxEvaluations = maxEvaluations
            self.initialStepFactor = initialStepFactor
            self.scaling = scaling
            self.rankCutoff = rankCutoff
            self.refinementSteps = refinementSteps
        }
    }

    public var options: Options

    public init(options: Options = Options()) {
        precondition(options.functionTolerance >= 0 && options.parameterTolerance >= 0
                     && options.gradientTolerance >= 0,
                     "LevenbergMarquardt: tolerances must be ≥ 0, got ftol \(options.functionTolerance), xtol \(options.parameterTolerance), gtol \(options.gradientTolerance)")
        precondition(options.maxEvaluations >= 1,
                     "LevenbergMarquardt: maxEvaluations must be ≥ 1, got \(options.maxEvaluations)")
        precondition(options.initialStepFactor > 0 && options.initialStepFactor.isFinite,
                     "LevenbergMarquardt: initialStepFactor must be positive, got \(options.initialStepFactor)")
        self.options = options
    }

    /// Minimises ½‖r(x)‖² from `start` (which must have `problem.parameterCount` entries).
    public func minimize(_ problem: LeastSquaresProblem, from start: [Double]) -> LeastSquaresFit {
        let n = problem.parameterCount
        let m = problem.residualCount
        precondition(start.count == n,
                     "LevenbergMarquardt: the start has \(start.count) entries, the problem has \(n) parameters")
        if case .fixed(let d) = options.scaling {
            precondition(d.count == n && d.allSatisfy { $0 > 0 && $0.isFinite },
                         "LevenbergMarquardt: fixed scaling needs \(n) positive finite factors, got \(d)")
        }
        let epsmch = Double.ulpOfOne
        let ftol = options.functionTolerance
        let xtol = options.parameterTolerance
        let gtol = options.gradientTolerance

        var x = start
        var f = problem.residuals(at: x)
        var evaluations = 1
        var jacobianEvaluations = 0
        var iterations = 0
        var jacobianAtX: Matrix?

        var diag = [Double](repeating: 1, count: n)

        /// Gauss–Newton refinement after convergence (see ``Options/refinementSteps``).
        func refine() {
            var best: (x: [Double], f: [Double], jacobian: Matrix, step: Double)?
            var stalled = 0
            for _ in 0..<options.refinementSteps where evaluations < options.maxEvaluations {
                let jacobian: Matrix
                if let j = jacobianAtX {
                    jacobian = j
                } else {
                    jacobian = problem.jacobian(at: x)
                    jacobianEvaluations += 1
                    guard jacobian.isFinite else { break }
                    jacobianAtX = jacobian
                }
                var scaled = jacobian
                scaled.elements.withUnsafeMutableBufferPointer { a in
                    for j in 0..<n {
                        for i in 0..<m { a[i + j * m] /= diag[j] }
                    }
                }
                guard let svd = try? SingularValueDecomposition(scaled) else { break }
                let c = TrustRegionSubproblem(
                    singularValues: svd.singularValues,
                    projectedResiduals: svd.u.multiplied(by: f, transposing: true),
                    parameterCount: n, relativeCutoff: options.rankCutoff).coefficients(0)
                var step = svd.vt.multiplied(by: c, transposing: true)
                for j in 0..<n { step[j] = -step[j] / diag[j] }
                let pnorm = scaledNorm(diag, step)
                let xnorm = scaledNorm(diag, x)
                // Keep the point whose Gauss–Newton step is shortest: the closest to the fixed point.
                if best == nil || pnorm < 0.9 * best!.step {
                    best = (x, f, jacobian, pnorm)
                    stalled = 0
                } else {
                    stalled += 1
                }
                guard stalled < 3, pnorm > epsmch * xnorm, pnorm <= 1e-4 * xnorm else { break }
                var trial = x
                for j in 0..<n { trial[j] += step[j] }
                let trialResiduals = problem.residuals(at: trial)
                evaluations += 1
                guard trialResiduals.allSatisfy(\.isFinite) else { break }
                // The linear model must describe the step: ‖r(x + p) − r(x) − J p‖ ≤ ‖J p‖.
                let jp = jacobian.multiplied(by: step)
                var mismatch = [Double](repeating: 0, count: m)
                for i in 0..<m { mismatch[i] = trialResiduals[i] - f[i] - jp[i] }
                guard euclideanNorm(mismatch) <= euclideanNorm(jp) else { break }
                x = trial
                f = trialResiduals
                jacobianAtX = nil
            }
            if let best {
                x = best.x
                f = best.f
                jacobianAtX = best.jacobian
            }
        }

        func finish(_ status: TerminationStatus) -> LeastSquaresFit {
            if status.isConverged { refine() }
            let ssr = f.reduce(0) { $0 + $1 * $1 }
            var jacobian = jacobianAtX
            if jacobian == nil, f.allSatisfy(\.isFinite) {
                let j = problem.jacobian(at: x)
                jacobianEvaluations += 1
                jacobian = j.isFinite ? j : nil
            }
            var covariance: Covariance?
            if let jacobian, m > n, ssr.isFinite {
                covariance = try? Covariance(jacobian: jacobian, residualSumOfSquares: ssr)
            }
            return LeastSquaresFit(parameters: x, residuals: f, jacobian: jacobian,
                                   residualSumOfSquares: ssr, covariance: covariance,
                                   iterations: iterations, evaluations: evaluations,
                                   jacobianEvaluations: jacobianEvaluations, status: status)
        }

        guard f.allSatisfy(\.isFinite) else { return finish(.nonfiniteResidual) }
        var fnorm = euclideanNorm(f)
        var delta = 0.0
        var xnorm = 0.0
        var par = 0.0

        while true {
            // Jacobian at the current point.
            let jacobian = problem.jacobian(at: x)
            jacobianEvaluations += 1
            iterations += 1
            guard jacobian.isFinite else { return finish(.nonfiniteJacobian) }
            jacobianAtX = jacobian
            let columnNorms = jacobian.columnNorms

            if iterations == 1 {
                switch options.scaling {
                case .jacobianColumns: diag = columnNorms.map { $0 == 0 ? 1 : $0 }
                case .fixed(let d): diag = d
                }
                xnorm = scaledNorm(diag, x)
                delta = options.initialStepFactor * xnorm
                if delta == 0 { delta = options.initialStepFactor }
            }

            // The scaled gradient: the largest cosine between f and a column of J.
            var gnorm = 0.0
            if fnorm != 0 {
                let jtf = jacobian.multiplied(by: f, transposing: true)
                for j in 0..<n where columnNorms[j] != 0 {
                    gnorm = Swift.max(gnorm, (jtf[j] / fnorm).magnitude / columnNorms[j])
                }
            }
            if gnorm <= gtol { return finish(.convergedGtol) }

            if case .jacobianColumns = options.scaling {
                for j in 0..<n { diag[j] = Swift.max(diag[j], columnNorms[j]) }
            }

            // SVD of the scaled Jacobian J·D⁻¹.
            var scaled = jacobian
            scaled.elements.withUnsafeMutableBufferPointer { a in
                for j in 0..<n {
                    for i in 0..<m { a[i + j * m] /= diag[j] }
                }
            }
            guard let svd = try? SingularValueDecomposition(scaled) else {
                return finish(.linearAlgebraFailure)
            }
            let subproblem = TrustRegionSubproblem(
                singularValues: svd.singularValues,
                projectedResiduals: svd.u.multiplied(by: f, transposing: true),
                parameterCount: n, relativeCutoff: options.rankCutoff)

            // Inner loop: shrink the trust region until a step succeeds or a test stops us.
            while true {
                let (lambda, c) = subproblem.solve(radius: delta, initialLambda: par)
                par = lambda
                // p = −D⁻¹·V·c.
                var step = svd.vt.multiplied(by: c, transposing: true)
                for j in 0..<n { step[j] = -step[j] / diag[j] }
                var trial = x
                for j in 0..<n { trial[j] += step[j] }
                let pnorm = scaledNorm(diag, step)
                if iterations == 1 { delta = Swift.min(delta, pnorm) }

                let trialResiduals = problem.residuals(at: trial)
                evaluations += 1
                let finite = trialResiduals.allSatisfy(\.isFinite)
                let fnorm1 = finite ? euclideanNorm(trialResiduals) : .infinity

                // Actual and predicted relative reductions (Moré (4.4); MINPACK lmder).
                var actred = -1.0
                if 0.1 * fnorm1 < fnorm { actred = 1 - (fnorm1 / fnorm) * (fnorm1 / fnorm) }
                var jp = [Double](repeating: 0, count: c.count)
                for i in 0..<c.count { jp[i] = subproblem.singularValues[i] * c[i] }
                let temp1 = euclideanNorm(jp) / fnorm
                let temp2 = par.squareRoot() * pnorm / fnorm
                let prered = temp1 * temp1 + temp2 * temp2 / 0.5
                let dirder = -(temp1 * temp1 + temp2 * temp2)
                let ratio = prered != 0 ? actred / prered : 0

                // Update the trust region and λ.
                if ratio <= 0.25 {
                    var mu = actred >= 0 ? 0.5 : 0.5 * dirder / (dirder + 0.5 * actred)
                    if !finite || 0.1 * fnorm1 >= fnorm || mu < 0.1 { mu = 0.1 }
                    delta = mu * Swift.min(delta, pnorm / 0.1)
                    par /= mu
                } else if par == 0 || ratio >= 0.75 {
                    delta = pnorm / 0.5
                    par *= 0.5
                }

                if ratio >= 1e-4 {
                    x = trial
                    f = trialResiduals
                    xnorm = scaledNorm(diag, x)
                    fnorm = fnorm1
                    jacobianAtX = nil
                }

                // Convergence tests (MINPACK info 1–3, then 5–8).
                let ftolReached = actred.magnitude <= ftol && prered <= ftol && 0.5 * ratio <= 1
                let xtolReached = delta <= xtol * xnorm
                if xtolReached { return finish(finite ? .convergedXtol : .nonfiniteResidual) }
                if ftolReached { return finish(.convergedFtol) }
                if evaluations >= options.maxEvaluations { return finish(.maxEvaluations) }
                if ftol > 0, actred.magnitude <= epsmch && prered <= epsmch && 0.5 * ratio <= 1 {
                    return finish(.convergedFtol)
                }
                if delta <= epsmch * xnorm { return finish(finite ? .convergedXtol : .nonfiniteResidual) }
                if gnorm <= epsmch { return finish(.convergedGtol) }
                if ratio >= 1e-4 { break }
            }
        }
    }
}

/// ‖D∘v‖₂.
private func scaledNorm(_ d: [Double], _ v: [Double]) -> Double {
    var w = [Double](repeating: 0, count: v.count)
    for i in 0..<v.count { w[i] = d[i] * v[i] }
    return euclideanNorm(w)
}
