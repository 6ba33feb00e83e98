import Deform
import LeastSquares

/// The second stage of a profile fit: one parameter's trajectory p(x) = start + (end − start)·y(x)
/// (``ParameterTrajectory``) fitted to its per-keyframe values by weighted least squares.
///
/// Given K keyframes at progress xⱼ with fitted values vⱼ and standard errors σⱼ, it minimises
///
///     Σ ((p(xⱼ; θ) − vⱼ)/σⱼ)²
///
/// over θ = (start, end, timing parameters) within the box: start and end within the parameter's
/// bounds, each timing parameter within its range (``TimingBounds``: by default x1, x2 ∈ [0, 1],
/// y1, y2 ∈ [−2, 3]; 0.5 ≤ ω ≤ min(1000, the keyframes' Nyquist frequency
/// ``ProfileTimingKind/nyquistOmega(progress:)``), 0 ≤ ζ ≤ 10, −50 ≤ v₀ ≤ 50) — bounds of the
/// solver, so every point it evaluates and the result lie inside. When any σⱼ is 0, NaN or
/// infinite (a keyframe value on a bound, a fit without degrees of freedom) the fit is
/// unweighted (σⱼ = 1 for all) — ``TrajectoryFit/weighted`` says
/// which. σⱼ below 1e-8 of the values' scale count as that floor (rounding-level σ would otherwise
/// dominate the solver's scaling and stall it). The Jacobian is exact (``ParameterTrajectory``'s gradient: implicit differentiation of
/// the cubic-bezier solve, the spring's closed-form derivatives).
///
/// Starts: every candidate timing of a fixed set (cubic-bezier: the named CSS curves, back-in/out
/// and a 144-curve grid; spring: a 7 × 8 grid of ω and ζ, those with ω in its range, v₀ = 0;
/// linear: one), moved onto the nearest point of the timing box, gets its start and end solved exactly by the weighted linear least squares they
/// enter (p is linear in them for a fixed timing); the 3 with the lowest cost are refined by
/// Levenberg–Marquardt in all unknowns within 60 residual evaluations each, and the best of those
/// (the first on a tie, so the result is deterministic) is polished with the solver's full budget
/// and tolerances.
///
/// Uncertainty, weighted: C = max(1, χ²/ν)·(JᵀWJ)⁻¹, ν = K − n (n the unknowns not on a bound) —
/// the σⱼ are taken as known (each comes from hundreds of outline points), and the covariance is
/// only inflated, never shrunk, when the timing model does not explain the values within them
/// (χ²/ν > 1: a scale factor, as the Particle Data Group's averages use). Unweighted:
/// C = s²(JᵀJ)⁻¹, s² = SSR/ν. Nothing when ν = 0 (exactly as many keyframes as unknowns).
/// `keyframes`: no fit — the trajectory through the values, rms 0, the first and last values'
/// standard errors, status ``TerminationStatus/convergedGtol`` (r = 0, the solver's own status
/// for a zero residual).
///
/// Every result has a status; a fit whose status is not `converged_…` is kept (it is the best
/// point found) and ``TrajectoryFit/converged`` is false.
public struct TrajectoryFitter: Sendable {
    public var kind: ProfileTimingKind
    /// The solver's options (default: full double precision, ``LevenbergMarquardt/Options``).
    public var options: LevenbergMarquardt.Options
    /// The ranges of the timing parameters (default ``TimingBounds/init()``).
    public var bounds: TimingBounds

    public init(kind: ProfileTimingKind, options: LevenbergMarquardt.Options = .init(),
                bounds: TimingBounds = TimingBounds()) {
        self.kind = kind
        self.options = options
        self.bounds = bounds
    }

    /// The cubic-bezier candidates (x1, y1, x2, y2): the named CSS and Core Animation curves and
    /// back-in/out, then a grid x1 ∈ {0.1, 0.4, 0.7} × y1 ∈ {−0.4, 0, 0.4, 1} × x2 ∈ {0.3, 0.6,
    /// 0.9} × y2 ∈ {0, 0.6, 1, 1.4}.
    static let cubicBezierCandidates: [[Double]] = [
        [0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1],
        [0.68, -0.6, 0.32, 1.6], [0.34, 1.56, 0.64, 1], [0.36, 0, 0.66, -0.56],
    ] + [0.1, 0.4, 0.7].flatMap { x1 in
        [-0.4, 0, 0.4, 1].flatMap { y1 in
            [0.3, 0.6, 0.9].flatMap { x2 in [0, 0.6, 1, 1.4].map { y2 in [x1, y1, x2, y2] } }
        }
    }

    /// The spring candidates (ω, ζ, v₀): ω ∈ {2, 3.5, 6, 10, 17, 30, 50} (those in ω's range,
    /// below the Nyquist bound) × ζ ∈ {0.05, 0.15, 0.3, 0.5, 0.75, 1, 1.5, 3}, v₀ = 0.
    static let springCandidates: [[Double]] = [2.0, 3.5, 6, 10, 17, 30, 50].flatMap { w in
        [0.05, 0.15, 0.3, 0.5, 0.75, 1, 1.5, 3].map { z in [w, z, 0] }
    }

    /// How many of the best candidates are refined.
    static let refinedCandidates = 3

    /// The residual evaluations each refined candidate gets before the best is polished.
    static let screeningEvaluations = 60

    /// Fits the trajectory of `parameter` through `values` (with `standardErrors`) at `progress`
    /// (strictly increasing is not required; each in [0, 1], no two equal, at least
    /// ``ProfileTimingKind/minimumKeyframes``), with start and end in [lower, upper].
    public func fit(parameter: String, progress: [Double], values: [Double], standardErrors: [Double],
                    lower: Double = -.infinity, upper: Double = .infinity) throws(ProfileError) -> TrajectoryFit {
        precondition(progress.count == values.count && values.count == standardErrors.count,
                     "TrajectoryFitter: \(progress.count) progress values, \(values.count) values, \(standardErrors.count) standard errors")
        precondition(lower <= upper, "TrajectoryFitter: bounds [\(lower), \(upper)] are not an interval")
        try ProfileKeyframe.validate(progress: progress, labels: progress.indices.map { "keyframe \($0 + 1)" },
                                     timing: kind)
        let order = progress.indices.sorted { progress[$0] < progress[$1] }
        let x = order.map { progress[$0] }, v = order.map { values[$0] }, sigma = order.map { standardErrors[$0] }
        let weighted = sigma.allSatisfy { $0.isFinite && $0 > 0 }
        let count = x.count

        guard kind.isParametric else {
            let keyframes = zip(x, v).map { KeyframeTrack.Keyframe(time: $0, value: $1) }
            return TrajectoryFit(
                parameter: parameter, method: .twoStage,
                trajectory: ParameterTrajectory(unchecked: .keyframes, unknowns: [], keyframes: keyframes),
                standardErrors: [sigma[0], sigma[count - 1]], covariance: nil, rms: 0,
                reducedChiSquare: nil, weighted: weighted, status: .convergedGtol, activeBounds: [nil, nil])
        }

        // A keyframe the model draws exactly (the rest pose at progress 0, say) has σⱼ at the
        // rounding level, ~1e-17: a weight of 1e17 would swamp the solver's scaled step test
        // (‖D·Δθ‖ ≤ xtol·‖D·θ‖ with D the Jacobian's column norms) and stop it where it started.
        // The keyframe values are themselves converged only to ~1e-10 relative, so σⱼ is floored
        // at 1e-8 of the values' scale: still a pin ten million times tighter than a typical σ.
        let sigmaFloor = 1e-8 * Swift.max(1, v.reduce(0) { Swift.max($0, abs($1)) })
        let weights = weighted ? sigma.map { 1 / Swift.max($0, sigmaFloor) } : [Double](repeating: 1, count: count)
        let kind = self.kind
        let n = kind.unknownCount
        let problem = LeastSquaresProblem(
            residualCount: count, parameterCount: n,
            residuals: { θ in
                (0..<count).map { j in
                    weights[j] * (ParameterTrajectory.valueAndGradient(kind: kind, unknowns: θ, at: x[j]).value - v[j])
                }
            },
            jacobian: { θ in
                var jacobian = Matrix(rows: count, columns: n)
                for j in 0..<count {
                    let g = ParameterTrajectory.valueAndGradient(kind: kind, unknowns: θ, at: x[j]).gradient
                    for k in 0..<n { jacobian[j, k] = weights[j] * g[k] }
                }
                return jacobian
            })
        let timingBox = bounds.box(kind: kind, progress: x)
        // Cannot fail: the parameter's bounds are an interval and so is every timing range.
        let box = try? Bounds(lower: [lower, lower] + timingBox.lower, upper: [upper, upper] + timingBox.upper)
        // Screening: every start with a small budget; then the best one polished with the full one.
        var screening = options
        screening.maxEvaluations = Swift.min(options.maxEvaluations, Self.screeningEvaluations)
        screening.refinementSteps = 0
        let screen = LevenbergMarquardt(options: screening), solver = LevenbergMarquardt(options: options)
        var candidates: [[Double]]
        switch kind {
        case .cubicBezier: candidates = Self.cubicBezierCandidates
        case .spring:
            candidates = Self.springCandidates.filter { $0[0] >= timingBox.lower[0] && $0[0] <= timingBox.upper[0] }
            if candidates.isEmpty { candidates = [[timingBox.upper[0], 0.5, 0]] }
        default: candidates = [[]]
        }
        // Onto the box: the nearest point of each timing range.
        candidates = candidates.map { timing in
            timing.indices.map { Swift.min(timingBox.upper[$0], Swift.max(timingBox.lower[$0], timing[$0])) }
        }
        // Each candidate with its exact start and end, ranked by cost (stable: ties keep the order).
        let ranked = candidates.map { timing -> (θ: [Double], cost: Double) in
            let (s0, e0) = Self.startAndEnd(kind: kind, timing: timing, x: x, v: v, weights: weights)
            let θ = [Swift.min(upper, Swift.max(lower, s0)), Swift.min(upper, Swift.max(lower, e0))] + timing
            let cost = problem.residuals(at: θ).reduce(0) { $0 + $1 * $1 }
            return (θ, cost.isNaN ? .infinity : cost)
        }.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }.map { $0.element.θ }
        var best: LeastSquaresFit?
        for θ0 in ranked.prefix(Self.refinedCandidates) {
            let fit = screen.minimize(problem, from: θ0, bounds: box)
            guard fit.cost.isFinite, fit.parameters.allSatisfy({ $0.isFinite }) else {
                if best == nil { best = fit }
                continue
            }
            if let b = best, b.cost.isFinite, !(fit.cost < b.cost) { continue }
            best = fit
        }
        // Audit: `candidates` is never empty (a default or fallback candidate per kind) and the
        // loop's first pass sets `best` on either branch, so best is set whatever the data.
        let screened = best!
        let polished = solver.minimize(problem, from: screened.parameters, bounds: box)
        let fit = polished.cost.isFinite && !(polished.cost > screened.cost) ? polished : screened
        let θ = fit.parameters
        let trajectory = ParameterTrajectory(unchecked: kind, unknowns: θ)
        var sum = 0.0
        for j in 0..<count {
            let d = trajectory.valueAndGradient(at: x[j]).value - v[j]
            sum += d * d
        }
        let fixed = fit.activeBounds.map { $0 != nil }
        let degrees = count - fixed.count { !$0 }
        var covariance: Covariance?
        if degrees > 0, let jacobian = fit.jacobian, jacobian.isFinite {
            let ssr = weighted ? Swift.max(fit.residualSumOfSquares, Double(degrees)) : fit.residualSumOfSquares
            covariance = try? Covariance(jacobian: jacobian, residualSumOfSquares: ssr, fixed: fixed)
        }
        return TrajectoryFit(
            parameter: parameter, method: .twoStage, trajectory: trajectory,
            standardErrors: covariance?.standardErrors ?? [Double](repeating: .nan, count: n),
            covariance: covariance?.matrix, rms: (sum / Double(count)).squareRoot(),
            reducedChiSquare: weighted && degrees > 0 ? fit.residualSumOfSquares / Double(degrees) : nil,
            weighted: weighted, status: fit.status, activeBounds: fit.activeBounds)
    }

    /// The start and end minimising Σ wⱼ²(start·(1 − yⱼ) + end·yⱼ − vⱼ)² for the easing of
    /// `timing` (2 × 2 normal equations, weights scaled to at most 1); the first and last values
    /// when the system is singular (every yⱼ equal).
    static func startAndEnd(kind: ProfileTimingKind, timing: [Double], x: [Double], v: [Double],
                            weights: [Double]) -> (Double, Double) {
        let largest = weights.max() ?? 1
        var aa = 0.0, ab = 0.0, bb = 0.0, av = 0.0, bv = 0.0
        for j in x.indices {
            let y = ParameterTrajectory.valueAndGradient(kind: kind, unknowns: [0, 1] + timing, at: x[j]).value
            let w = weights[j] / largest
            let a = w * (1 - y), b = w * y, r = w * v[j]
            aa += a * a; ab += a * b; bb += b * b; av += a * r; bv += b * r
        }
        let determinant = aa * bb - ab * ab
        guard determinant.isFinite, determinant > 1e-12 * aa * bb else { return (v[0], v[v.count - 1]) }
        return ((bb * av - ab * bv) / determinant, (aa * bv - ab * av) / determinant)
    }
}
