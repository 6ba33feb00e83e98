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
///    sets Δ = 2‖Dp‖; Δ never exceeds ``Options/maximumRadius``. The step is taken when
///    ρ ≥ 10⁻⁴.
/// 5. Stopping (MINPACK): ftol on the actual and predicted relative reductions, xtol on
///    Δ ≤ xtol·‖D x‖, gtol on the largest cosine between f and a column of J, and the residual
///    evaluation budget; see ``TerminationStatus``.
///
/// After a convergence test fires, up to ``Options/refinementSteps`` Gauss–Newton steps polish
/// the result past the point where ‖f‖² can still resolve progress (see that option); this is
/// what takes the NIST StRD suite from a mean LRE of about 9 to about 10.7.
///
/// **Robust losses** (``Options/loss``): the objective becomes ½Σρ(fᵢ²); f and J are replaced by
/// their Triggs-corrected r̃, J̃ (``RobustCorrector``) in steps 1–3 and 5, and ‖f‖² by Σρ(fᵢ²)
/// in the ratio (Ceres' scheme: model from the corrected system, actual change of the true cost).
///
/// **Bounds** (``minimize(_:from:bounds:)``): a projected, active-set trust-region method in the
/// spirit of Kanzow, Yamashita & Fukushima, "Levenberg–Marquardt methods with strong local
/// convergence properties for solving nonlinear equations with convex constraints", J. Comput.
/// Appl. Math. 172 (2004) 375–397, and of the active-set treatment of bounded least squares in
/// Lawson & Hanson (1974, ch. 23). Each iteration fixes the parameters that sit exactly on a bound
/// with the gradient g = J̃ᵀr̃ pointing out of the box (xⱼ = lⱼ, gⱼ > 0 or xⱼ = uⱼ, gⱼ < 0), and those
/// whose Gauss–Newton step in the remaining ones would leave the box through the bound they sit
/// on; the subproblem is solved in the free parameters (the SVD of their columns), and the trial
/// point is projected onto the box, P(x + p) = min(max(x + p, l), u). When the projection changes
/// the step, its predicted reduction is computed directly from the linear model,
/// −2r̃ᵀJ̃p̂ − ‖J̃p̂‖². Every evaluated point lies in the box bit for bit, a parameter on a bound is
/// exactly equal to it, and as Δ shrinks the step tends to the projected scaled gradient step, a
/// descent direction, so the trust-region globalisation carries over. The gradient test (gtol)
/// uses the free parameters only (the projected gradient). The start is projected into the box.
/// The result lists the bounds the solution sits on (``LeastSquaresFit/activeBounds``) and the
/// covariance describes the free parameters (``Covariance/init(jacobian:residualSumOfSquares:relativeCutoff:fixed:)``).
///
/// **Geodesic acceleration** (``Options/geodesicAcceleration``): see ``GeodesicAcceleration``.
///
/// Residuals that come back NaN or ±∞ at a trial point count as a failed step (the radius
/// shrinks tenfold); if the radius collapses with the last trial non-finite, or r(x₀) itself is not finite, the status
/// is ``TerminationStatus/nonfiniteResidual`` — never a convergence. A trial point with a NaN or
/// ±∞ parameter (a step that overflowed) is a failed step too, without evaluating the problem
/// there; a start with one is ``TerminationStatus/nonfiniteParameters`` at once (no evaluation,
/// NaN residuals). So a fit reported as converged always has finite parameters and residuals. Deterministic: no threads of
/// its own; the linear algebra (LAPACK, or the pure-Swift routines: ``Options/linearAlgebra``) works
/// on matrices of at most m × n.
public struct LevenbergMarquardt: Sendable {
    public var options: Options

    public init(options: Options = Options()) {
        precondition(options.functionTolerance >= 0 && options.parameterTolerance >= 0
                     && options.gradientTolerance >= 0,
                     "LevenbergMarquardt: tolerances must be ≥ 0, got ftol \(options.functionTolerance), xtol \(options.parameterTolerance), gtol \(options.gradientTolerance)")
        precondition(options.maxEvaluations >= 1,
                     "LevenbergMarquardt: maxEvaluations must be ≥ 1, got \(options.maxEvaluations)")
        precondition(options.initialStepFactor > 0 && options.initialStepFactor.isFinite,
                     "LevenbergMarquardt: initialStepFactor must be positive, got \(options.initialStepFactor)")
        precondition(options.maximumRadius > 0,
                     "LevenbergMarquardt: maximumRadius must be positive, got \(options.maximumRadius)")
        precondition(options.loss.scale > 0 && options.loss.scale.isFinite,
                     "LevenbergMarquardt: the scale of the \(options.loss.name) loss must be positive and finite, got \(options.loss.scale)")
        if let g = options.geodesicAcceleration {
            precondition(g.maximumRatio > 0 && g.step > 0 && g.step.isFinite,
                         "LevenbergMarquardt: geodesic acceleration needs α > 0 and h > 0, got α = \(g.maximumRatio), h = \(g.step)")
        }
        self.options = options
    }

    /// Minimises ½Σρ(rᵢ(x)²) (½‖r(x)‖² for the trivial loss) from `start` (which must have
    /// `problem.parameterCount` entries), within `bounds` when given (see ``LevenbergMarquardt``).
    public func minimize(_ problem: LeastSquaresProblem, from start: [Double],
                         bounds: Bounds? = nil) -> LeastSquaresFit {
        let n = problem.parameterCount
        let m = problem.residualCount
        precondition(start.count == n,
                     "LevenbergMarquardt: the start has \(start.count) entries, the problem has \(n) parameters")
        if let bounds {
            precondition(bounds.count == n,
                         "LevenbergMarquardt: \(bounds.count) bounds given, the problem has \(n) parameters")
        }
        if case .fixed(let d) = options.scaling {
            precondition(d.count == n && d.allSatisfy { $0 > 0 && $0.isFinite },
                         "LevenbergMarquardt: fixed scaling needs \(n) positive finite factors, got \(d)")
        }
        let epsmch = Double.ulpOfOne
        let ftol = options.functionTolerance
        let xtol = options.parameterTolerance
        let gtol = options.gradientTolerance
        let loss = options.loss
        let robust = loss != .trivial
        let maximumRadius = options.maximumRadius
        let backend = options.linearAlgebra

        // Never evaluate the problem at NaN or ±∞: a residual function may index or divide by a
        // parameter. (Checked before projecting: the box would turn −∞ into a bound.)
        guard start.allSatisfy({ $0.isFinite }) else {
            return LeastSquaresFit(parameters: start, residuals: [Double](repeating: .nan, count: m), jacobian: nil,
                                   residualSumOfSquares: .nan, cost: .nan, covariance: nil,
                                   activeBounds: [BoundSide?](repeating: nil, count: n), iterations: 0,
                                   evaluations: 0, jacobianEvaluations: 0, acceleratedSteps: 0,
                                   status: .nonfiniteParameters)
        }
        var x = bounds?.project(start) ?? start
        var f = problem.residuals(at: x)
        var evaluations = 1
        var jacobianEvaluations = 0
        var iterations = 0
        var acceleratedSteps = 0
        var jacobianAtX: Matrix?

        var diag = [Double](repeating: 1, count: n)

        /// √Σρ(fᵢ²), the norm the ratio test compares (‖f‖ for the trivial loss).
        func objectiveNorm(_ r: [Double]) -> Double {
            robust ? loss.sum(of: r).squareRoot() : euclideanNorm(r)
        }

        /// The parameters held fixed at x: on a bound with the gradient g pointing outward.
        func outwardFixed(gradient g: [Double]) -> [Bool] {
            guard let bounds else { return [Bool](repeating: false, count: n) }
            var fixed = [Bool](repeating: false, count: n)
            for j in 0..<n {
                let (l, u) = (bounds.lower[j], bounds.upper[j])
                let outwardLow = x[j] == l && g[j] > 0
                let outwardHigh = x[j] == u && g[j] < 0
                fixed[j] = l == u || outwardLow || outwardHigh
            }
            return fixed
        }

        /// The SVD of the scaled free columns J̃ⱼ/Dⱼ, j ∈ `free`.
        func factorize(_ jt: Matrix, free: [Int]) -> SingularValueDecomposition? {
            var scaled: Matrix
            if free.count == n {
                scaled = jt
                scaled.elements.withUnsafeMutableBufferPointer { a in
                    for j in 0..<n {
                        for i in 0..<m { a[i + j * m] /= diag[j] }
                    }
                }
            } else {
                scaled = Matrix(rows: m, columns: free.count)
                for (k, j) in free.enumerated() {
                    for i in 0..<m { scaled.elements[i + k * m] = jt.elements[i + j * m] / diag[j] }
                }
            }
            return try? SingularValueDecomposition(scaled, backend: backend)
        }

        /// p = −D⁻¹·V·c on the free parameters, 0 on the fixed ones.
        func step(_ svd: SingularValueDecomposition, _ c: [Double], free: [Int]) -> [Double] {
            let w = svd.vt.multiplied(by: c, transposing: true, backend: backend)
            if free.count == n {
                var p = w
                for j in 0..<n { p[j] = -p[j] / diag[j] }
                return p
            }
            var p = [Double](repeating: 0, count: n)
            for (k, j) in free.enumerated() { p[j] = -w[k] / diag[j] }
            return p
        }

        /// Adds to `fixed` the parameters on a bound that the Gauss–Newton step would push out of
        /// the box, until none does; returns the free indices and the SVD of their columns.
        func activeSet(_ jt: Matrix, _ rt: [Double], fixed initial: [Bool])
            -> (free: [Int], svd: SingularValueDecomposition, subproblem: TrustRegionSubproblem)? {
            var fixed = initial
            while true {
                let free = (0..<n).filter { !fixed[$0] }
                guard let svd = factorize(jt, free: free) else { return nil }
                let subproblem = TrustRegionSubproblem(
                    singularValues: svd.singularValues,
                    projectedResiduals: svd.u.multiplied(by: rt, transposing: true, backend: backend),
                    parameterCount: free.count, relativeCutoff: options.rankCutoff)
                guard let bounds else { return (free, svd, subproblem) }
                let p = step(svd, subproblem.coefficients(0), free: free)
                var changed = false
                for j in free {
                    let outLow = x[j] == bounds.lower[j] && p[j] < 0
                    let outHigh = x[j] == bounds.upper[j] && p[j] > 0
                    if outLow || outHigh {
                        fixed[j] = true
                        changed = true
                    }
                }
                if !changed { return (free, svd, subproblem) }
            }
        }

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
                let (rt, jt, _) = loss.corrected(residuals: f, jacobian: jacobian)
                var fixed = [Bool](repeating: false, count: n)
                if bounds != nil { fixed = outwardFixed(gradient: jt.multiplied(by: rt, transposing: true, backend: backend)) }
                let free = (0..<n).filter { !fixed[$0] }
                guard let svd = factorize(jt, free: free) else { break }
                let c = TrustRegionSubproblem(
                    singularValues: svd.singularValues,
                    projectedResiduals: svd.u.multiplied(by: rt, transposing: true, backend: backend),
                    parameterCount: free.count, relativeCutoff: options.rankCutoff).coefficients(0)
                let step = step(svd, c, free: free)
                let pnorm = scaledNorm(diag, step)
                let xnorm = scaledNorm(diag, x)
                // Keep the point whose Gauss–Newton step is shortest: the closest to the fixed point.
                if let b = best, !(pnorm < 0.9 * b.step) {
                    stalled += 1
                } else {
                    best = (x, f, jacobian, pnorm)
                    stalled = 0
                }
                guard stalled < 3, pnorm > epsmch * xnorm, pnorm <= 1e-4 * xnorm else { break }
                var trial = x
                for j in 0..<n { trial[j] += step[j] }
                guard trial.allSatisfy({ $0.isFinite }) else { break }
                if let bounds, !bounds.contains(trial) { break }
                let trialResiduals = problem.residuals(at: trial)
                evaluations += 1
                guard trialResiduals.allSatisfy({ $0.isFinite }) else { break }
                // The linear model must describe the step: ‖r(x + p) − r(x) − J p‖ ≤ ‖J p‖.
                let jp = jacobian.multiplied(by: step, backend: backend)
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
            var status = status
            if status.isConverged { refine() }
            // A postcondition the steps above already ensure, kept as the last word: never report
            // NaN or ±∞ parameters or residuals as converged.
            if status.isConverged && !(x.allSatisfy({ $0.isFinite }) && f.allSatisfy({ $0.isFinite })) {
                status = x.allSatisfy({ $0.isFinite }) ? .nonfiniteResidual : .nonfiniteParameters
            }
            let ssr = f.reduce(0) { $0 + $1 * $1 }
            let objective = robust ? loss.sum(of: f) : ssr
            var jacobian = jacobianAtX
            if jacobian == nil, f.allSatisfy({ $0.isFinite }) {
                let j = problem.jacobian(at: x)
                jacobianEvaluations += 1
                jacobian = j.isFinite ? j : nil
            }
            let active = bounds?.side(of: x) ?? [BoundSide?](repeating: nil, count: n)
            let fixed = active.map { $0 != nil }
            var covariance: Covariance?
            if let jacobian, m > fixed.count(where: { !$0 }), objective.isFinite {
                let jt = loss.corrected(residuals: f, jacobian: jacobian).jacobian
                covariance = try? Covariance(jacobian: jt, residualSumOfSquares: objective,
                                             fixed: fixed.contains(true) ? fixed : [], backend: backend)
            }
            return LeastSquaresFit(parameters: x, residuals: f, jacobian: jacobian,
                                   residualSumOfSquares: ssr, cost: objective / 2,
                                   covariance: covariance, activeBounds: active,
                                   iterations: iterations, evaluations: evaluations,
                                   jacobianEvaluations: jacobianEvaluations,
                                   acceleratedSteps: acceleratedSteps, status: status)
        }

        guard f.allSatisfy({ $0.isFinite }) else { return finish(.nonfiniteResidual) }
        var fnorm = objectiveNorm(f)
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
            let (rt, jt, rowScaling) = loss.corrected(residuals: f, jacobian: jacobian)
            let columnNorms = jt.columnNorms

            if iterations == 1 {
                switch options.scaling {
                case .jacobianColumns: diag = columnNorms.map { $0 == 0 ? 1 : $0 }
                case .fixed(let d): diag = d
                }
                xnorm = scaledNorm(diag, x)
                delta = options.initialStepFactor * xnorm
                if delta == 0 { delta = options.initialStepFactor }
                delta = Swift.min(delta, maximumRadius)
            }

            // The scaled (projected) gradient: the largest cosine between r̃ and a free column of J̃.
            var fixed = [Bool](repeating: false, count: n)
            var gnorm = 0.0
            let rtnorm = robust ? euclideanNorm(rt) : fnorm
            if rtnorm != 0 {
                let jtf = jt.multiplied(by: rt, transposing: true, backend: backend)
                if bounds != nil { fixed = outwardFixed(gradient: jtf) }
                for j in 0..<n where columnNorms[j] != 0 && !fixed[j] {
                    gnorm = Swift.max(gnorm, (jtf[j] / rtnorm).magnitude / columnNorms[j])
                }
            }
            if gnorm <= gtol { return finish(.convergedGtol) }

            if case .jacobianColumns = options.scaling {
                for j in 0..<n { diag[j] = Swift.max(diag[j], columnNorms[j]) }
            }

            // SVD of the scaled Jacobian J̃·D⁻¹ over the free parameters.
            guard let (free, svd, subproblem) = activeSet(jt, rt, fixed: fixed) else {
                return finish(.linearAlgebraFailure)
            }

            /// The geodesic acceleration a of `velocity`, or nil when it is rejected or unavailable
            /// (see ``GeodesicAcceleration``).
            func accelerate(_ geodesic: GeodesicAcceleration, velocity v: [Double], pnorm: Double,
                            lambda: Double) -> [Double]? {
                let h = geodesic.step
                var probe = x
                for j in 0..<n { probe[j] += h * v[j] }
                guard probe.allSatisfy({ $0.isFinite }) else { return nil }
                if let bounds, !bounds.contains(probe) { return nil }
                let rh = problem.residuals(at: probe)
                evaluations += 1
                guard rh.allSatisfy({ $0.isFinite }) else { return nil }
                let jv = jacobian.multiplied(by: v, backend: backend)
                var second = [Double](repeating: 0, count: m)
                for i in 0..<m { second[i] = rowScaling[i] * (2 / h) * ((rh[i] - f[i]) / h - jv[i]) }
                let g = svd.u.multiplied(by: second, transposing: true, backend: backend)
                let a = step(svd, subproblem.coefficients(lambda, projected: g), free: free)
                let anorm = scaledNorm(diag, a)
                return 2 * anorm <= geodesic.maximumRatio * pnorm ? a : nil
            }

            // Inner loop: shrink the trust region until a step succeeds or a test stops us.
            while true {
                let (lambda, c) = subproblem.solve(radius: delta, initialLambda: par)
                par = lambda
                var velocity = step(svd, c, free: free)
                var pnorm = scaledNorm(diag, velocity)
                // The secular equation meets Δ only to 10 %: shorten a step beyond Δ_max to it.
                var directPrediction = false
                if pnorm > maximumRadius {
                    for j in 0..<n { velocity[j] *= maximumRadius / pnorm }
                    pnorm = maximumRadius
                    directPrediction = true
                }
                if iterations == 1 { delta = Swift.min(delta, pnorm) }

                // Geodesic acceleration: v + ½a, or v alone when a is rejected.
                var trial = x
                var accelerated = false
                if let geodesic = options.geodesicAcceleration, pnorm > 0 {
                    if let a = accelerate(geodesic, velocity: velocity, pnorm: pnorm, lambda: par) {
                        for j in 0..<n { trial[j] += velocity[j] + 0.5 * a[j] }
                        accelerated = true
                    } else {
                        for j in 0..<n { trial[j] += velocity[j] }
                    }
                    if evaluations >= options.maxEvaluations { return finish(.maxEvaluations) }
                } else {
                    for j in 0..<n { trial[j] += velocity[j] }
                }
                // Projection onto the box; a step it (or Δ_max) shortens gets its prediction from the
                // linear model directly.
                if let bounds {
                    let p = bounds.project(trial)
                    if p != trial {
                        trial = p
                        directPrediction = true
                    }
                }

                // A step that overflowed a parameter fails like a non-finite residual, without
                // evaluating the problem there (it still counts against the budget).
                let trialIsFinite = trial.allSatisfy({ $0.isFinite })
                let trialResiduals = trialIsFinite ? problem.residuals(at: trial) : [Double](repeating: .nan, count: m)
                evaluations += 1
                let finite = trialIsFinite && trialResiduals.allSatisfy({ $0.isFinite })
                let fnorm1 = finite ? objectiveNorm(trialResiduals) : .infinity

                // Actual and predicted relative reductions (Moré (4.4); MINPACK lmder).
                var actred = -1.0
                if 0.1 * fnorm1 < fnorm { actred = 1 - (fnorm1 / fnorm) * (fnorm1 / fnorm) }
                let prered: Double
                let dirder: Double
                if directPrediction {
                    var p = [Double](repeating: 0, count: n)
                    for j in 0..<n { p[j] = trial[j] - x[j] }
                    let jp = jt.multiplied(by: p, backend: backend)
                    var rjp = 0.0
                    for i in 0..<m { rjp += rt[i] * jp[i] }
                    let jpnorm = euclideanNorm(jp) / fnorm
                    let slope = rjp / fnorm / fnorm
                    prered = -2 * slope - jpnorm * jpnorm
                    dirder = slope
                } else {
                    var jp = [Double](repeating: 0, count: c.count)
                    for i in 0..<c.count { jp[i] = subproblem.singularValues[i] * c[i] }
                    let temp1 = euclideanNorm(jp) / fnorm
                    let temp2 = par.squareRoot() * pnorm / fnorm
                    prered = temp1 * temp1 + temp2 * temp2 / 0.5
                    dirder = -(temp1 * temp1 + temp2 * temp2)
                }
                let ratio = prered != 0 ? actred / prered : 0

                // Update the trust region and λ.
                if ratio <= 0.25 {
                    var mu = actred >= 0 ? 0.5 : 0.5 * dirder / (dirder + 0.5 * actred)
                    if !finite || 0.1 * fnorm1 >= fnorm || !(mu >= 0.1) { mu = 0.1 }
                    // Only a projected step can have dirder > 0 and so μ > ½.
                    if mu > 0.5 { mu = 0.5 }
                    delta = mu * Swift.min(delta, pnorm / 0.1)
                    par /= mu
                } else if par == 0 || ratio >= 0.75 {
                    delta = pnorm / 0.5
                    par *= 0.5
                }
                delta = Swift.min(delta, maximumRadius)

                if ratio >= 1e-4 {
                    x = trial
                    f = trialResiduals
                    xnorm = scaledNorm(diag, x)
                    fnorm = fnorm1
                    jacobianAtX = nil
                    if accelerated { acceleratedSteps += 1 }
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
