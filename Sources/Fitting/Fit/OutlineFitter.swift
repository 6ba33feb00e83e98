import Deform
import Geometry
import LeastSquares
import _Support

/// Least-squares fit of a deformation model's parameters to a target outline.
///
/// Minimises ½Σρ(rᵢ²) over the free parameters within their bounds, rᵢ the signed orthogonal
/// distance from target point i to the model path (plus the optional symmetric term), with the
/// exact Jacobian of ``DistanceResiduals`` and the bounded ``LevenbergMarquardt`` solver, from the
/// bounding-box guess (``InitialGuess``) and `starts − 1` seeded perturbations of it; the start
/// with the lowest cost wins.
///
/// Uncertainty: the solver's covariance s²(JᵀJ)⁻¹, s² = SSR/(m − n), at the solution (with a
/// robust loss, of the corrected system; for a parameter on a bound, none: NaN). For independent
/// noise of standard deviation σ on each coordinate of the target points, an orthogonal residual
/// has variance σ² to first order (the projection of isotropic noise on the normal) and the
/// tangential part only slides the foot point, so these standard errors are right to first order
/// in σ/(radius of curvature); the coverage test checks it over 200 seeded trials.
///
/// Refused before any solve (``FitError``): no more target points than free parameters, a target
/// far from a model without free translation when the pose is not to be found
/// (``FitOptions/findsPose``). Refused after it: a result with a figure that is
/// not finite (a fitted value, rms, max_distance, hausdorff, area_difference) — double precision
/// could not represent the answer, and a NaN or an infinity is not one. The standard errors are
/// not such figures: NaN is their documented value for a parameter on a bound.
public struct OutlineFitter: Sendable {
    public var options: FitOptions

    public init(options: FitOptions = FitOptions()) {
        precondition(options.starts >= 1, "OutlineFitter: at least one start")
        precondition(options.maxEvaluations >= 1, "OutlineFitter: maxEvaluations must be at least 1")
        precondition(options.symmetricWeight >= 0 && options.symmetricWeight.isFinite,
                     "OutlineFitter: the symmetric weight must be finite and ≥ 0")
        precondition(options.comparisonRelativeTolerance > 0, "OutlineFitter: the comparison tolerance must be positive")
        self.options = options
    }

    /// Fits `setup`'s free parameters to `target`, reporting how far it has got to `progress`
    /// (``FitProgress``) when given.
    ///
    /// The pose is found, not asked for: when the target lies away from everything the model
    /// reaches without a pose (``FitError/farFromModel(target:model:)``) and
    /// ``FitOptions/findsPose`` is on, the fit frees ``FitSetup/poseToFind`` (`tx`, `ty`, and
    /// `scale` unless the model cannot tell it from the free parameters, in which case the
    /// translation alone), starts them from the target's bounding box and fits again; the result
    /// names them in ``OutlineFit/poseFound``.
    public func fit(_ target: TargetOutline, setup: FitSetup,
                    progress: ((FitProgress) -> Void)? = nil) throws(FitError) -> OutlineFit {
        let far: FitError
        do {
            return try fitAsGiven(target, setup: setup, progress: progress)
        } catch {
            far = error
        }
        guard case .farFromModel = far, options.findsPose, !setup.poseToFind.isEmpty else { throw far }
        var names = setup.poseToFind
        var posed: FitSetup?
        do {
            posed = try setup.freeing(names)
        } catch {
            // Scale with every size-like parameter free is refused as not identifiable: the
            // translation alone then. A model that takes no pose keeps the refusal and its hint.
            if case .notIdentifiable = error, names.contains("scale") {
                names.removeAll { $0 == "scale" }
                posed = try? setup.freeing(names)
            }
        }
        guard let posed else { throw far }
        var fit = try fitAsGiven(target, setup: posed, progress: progress)
        fit.poseFound = names
        return fit
    }

    /// Fits `setup` as it is: a target far from a model without free translation is refused.
    func fitAsGiven(_ target: TargetOutline, setup: FitSetup,
                    progress: ((FitProgress) -> Void)?) throws(FitError) -> OutlineFit {
        let stopwatch = Stopwatch()
        let n = setup.freeCount
        guard target.points.count > n else { throw .tooFewPoints(points: target.points.count, free: n) }
        let guess = try InitialGuess.parameters(for: target, setup: setup)
        var setupAtGuess = setup
        setupAtGuess.parameters = guess
        let x0 = setup.freeValues(guess)

        let residuals = DistanceResiduals(setup: setupAtGuess, targets: target.points, outline: target.outline,
                                          symmetricWeight: options.symmetricWeight,
                                          samplesPerSegment: options.symmetricSamplesPerSegment,
                                          parallel: options.parallel)
        var residualEvaluations = 0
        let budget = Double(options.maxEvaluations * options.starts)
        let problem = LeastSquaresProblem(residualCount: residuals.residualCount, parameterCount: n,
                                          residuals: { x in
                                              residualEvaluations += 1
                                              progress?(FitProgress(stage: .solving, fraction: Double(residualEvaluations) / budget))
                                              return residuals.residuals(x)
                                          },
                                          jacobian: { residuals.jacobian($0) })
        // Cannot fail: FitSetup checked every bound is an interval.
        let bounds = try? Bounds(lower: setup.lower, upper: setup.upper)
        let solver = LevenbergMarquardt(options: .init(
            functionTolerance: options.functionTolerance, parameterTolerance: options.parameterTolerance,
            maxEvaluations: options.maxEvaluations, refinementSteps: options.refinementSteps,
            loss: options.loss))

        var best: LeastSquaresFit?
        var bestStart = 0
        var iterations = 0, evaluations = 0
        var generator = SplitMix64(seed: options.seed)
        for start in 0..<options.starts {
            let x = start == 0 ? x0 : perturbed(x0, setup: setup, size: target.size, generator: &generator)
            residuals.resetWarmStarts()
            let fit = solver.minimize(problem, from: x, bounds: bounds)
            iterations += fit.iterations
            evaluations += fit.evaluations
            if let b = best {
                let better = fit.cost < b.cost || (!b.status.isConverged && fit.status.isConverged && fit.cost <= b.cost)
                if better && fit.parameters.allSatisfy({ $0.isFinite }) { (best, bestStart) = (fit, start) }
            } else {
                (best, bestStart) = (fit, start)
            }
        }
        // Audit: init requires starts ≥ 1 and the first start always sets `best`.
        let fit = best!
        let final = residuals.evaluation(at: fit.parameters)
        let seconds = stopwatch.elapsedSeconds

        let parameters = setupAtGuess.parameters(with: fit.parameters)
        let path = Path(verbs: setup.model.verbs, xs: final.xs, ys: final.ys)
        var largest = 0.0
        for d in final.distances { largest = Swift.max(largest, d.distance) }
        let complete = final.distances.count == target.points.count
        let rms = complete ? Self.rootMeanSquare(final.distances.map({ $0.distance }), largest: largest) : .nan
        var figures: [(String, Double)] = zip(setup.freeNames, fit.parameters).map { ($0, $1) }
        figures += [("rms", rms), ("max_distance", complete ? largest : .nan)]
        if let (figure, value) = figures.first(where: { !$0.1.isFinite }) {
            throw .nonFiniteResult(figure: figure, value: value)
        }
        let comparison = options.computeComparison && complete
            ? OutlineComparison(model: path, target: target.outline,
                                tolerance: options.comparisonRelativeTolerance * target.size,
                                progress: progress)
            : nil
        if let comparison {
            for (figure, value) in [("hausdorff", comparison.hausdorff), ("area_difference", comparison.areaDifference)]
            where !value.isFinite {
                throw .nonFiniteResult(figure: figure, value: value)
            }
        }
        return OutlineFit(
            setup: setup, parameters: parameters, values: fit.parameters,
            standardErrors: fit.standardErrors, covariance: fit.covariance, initialValues: x0,
            path: path, nearest: final.nearest, distances: final.distances,
            rms: rms, maxDistance: complete ? largest : .nan, comparison: comparison,
            iterations: iterations, evaluations: evaluations, status: fit.status, cost: fit.cost,
            bestStart: bestStart, seconds: seconds, activeBounds: fit.activeBounds,
            searches: residuals.searchCounts)
    }

    /// √(Σdᵢ²/N), summed plainly — and, only when that overflows or underflows to 0 while some
    /// dᵢ > 0, as `largest`·√(Σ(dᵢ/largest)²/N), which represents every RMS a double can hold.
    static func rootMeanSquare(_ d: [Double], largest: Double) -> Double {
        var sum = 0.0
        for x in d { sum += x * x }
        if (sum.isFinite && (sum > 0 || largest == 0)) || !largest.isFinite { return (sum / Double(d.count)).squareRoot() }
        var scaled = 0.0
        for x in d { scaled += (x / largest) * (x / largest) }
        return largest * (scaled / Double(d.count)).squareRoot()
    }

    /// A seeded perturbation of `x` within the bounds (see ``FitOptions/starts``).
    func perturbed(_ x: [Double], setup: FitSetup, size: Double,
                   generator: inout SplitMix64) -> [Double] {
        var out = x
        for k in x.indices {
            let name = setup.modelName(ofFree: k)
            let spread: Double
            switch name {
            case "poseX", "poseY": spread = 0.1 * size
            case "poseRotation": spread = 0.35
            default: spread = 0.2 * Swift.max(abs(x[k]), 1e-3)
            }
            let v = x[k] + spread * generator.symmetricUnit()
            out[k] = Swift.min(setup.upper[k], Swift.max(setup.lower[k], v))
        }
        return out
    }
}
