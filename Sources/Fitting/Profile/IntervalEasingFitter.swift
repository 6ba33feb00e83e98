import Deform
import Geometry
import LeastSquares

/// Fits the easing of one interval of a `per-interval` profile: the cubic-bezier E shared by
/// every parameter between two keys, as a Lottie path keyframe, a CSS keyframe on `d` and a
/// `CAKeyframeAnimation` on `path` ease a whole shape.
///
/// With the key values a = p(xᵢ) and b = p(xᵢ₊₁) (free parameters, fitted at the keys), a
/// keyframe j strictly between them, at local progress sⱼ = (xⱼ − xᵢ)/(xᵢ₊₁ − xᵢ), is drawn by
/// the model at
///
///     p(sⱼ) = a + (b − a)·E(sⱼ; x1, y1, x2, y2),
///
/// and the unknowns θ = (x1, y1, x2, y2) minimise ½Σⱼ Σₖ rⱼₖ², rⱼₖ the signed orthogonal distance
/// of keyframe j's target point k to that outline (``DistanceResiduals``), within the timing
/// bounds (x1, x2 ∈ [0, 1], ``TimingBounds``). Jacobian by the chain rule:
/// ∂rⱼₖ/∂θ = Σ_q ∂rⱼₖ/∂p_q·(b_q − a_q)·∂E(sⱼ)/∂θ, with the exact ∂r/∂p of ``DistanceResiduals``
/// and ∂E/∂θ of ``CubicBezierTiming/valueAndGradient(at:)``. Bounded Levenberg–Marquardt from
/// each of ``starts`` (linear, CSS ease, ease-in, ease-out, ease-in-out); the lowest cost wins.
///
/// An interval with no keyframe strictly between its keys has nothing to fit: it keeps linear
/// timing (``IntervalEasing/isFitted`` false).
struct IntervalEasingFitter {
    var options: FitOptions
    var bounds: TimingBounds

    /// The starting curves, in order: linear, then the CSS presets.
    static let starts: [CubicBezierTiming] = [(1.0 / 3, 1.0 / 3, 2.0 / 3, 2.0 / 3)].compactMap {
        try? CubicBezierTiming(x1: $0.0, y1: $0.1, x2: $0.2, y2: $0.3)
    } + [.ease, .easeIn, .easeOut, .easeInEaseOut]

    /// The easing of the interval from key `from` (values `a`) to key `to` (values `b`) through
    /// `frames` strictly between them.
    func fit(setup: FitSetup, from: Double, to: Double, a: [Double], b: [Double],
             frames: [ProfileKeyframe]) -> IntervalEasing {
        let inside = frames.filter { $0.progress > from && $0.progress < to }
        guard !inside.isEmpty else {
            return IntervalEasing(from: from, to: to, easing: .linear, frameCount: 0, rms: 0, maxDistance: 0,
                                  status: nil, standardErrors: [])
        }
        let local = inside.map { ($0.progress - from) / (to - from) }
        let residuals = inside.map {
            DistanceResiduals(setup: setup, targets: $0.target.points, outline: nil, symmetricWeight: 0,
                              samplesPerSegment: 1, parallel: options.parallel)
        }
        var offsets: [Int] = [], m = 0
        for frame in inside {
            offsets.append(m)
            m += frame.target.points.count
        }
        let delta = zip(a, b).map { $1 - $0 }
        func values(_ θ: [Double], _ j: Int) -> (values: [Double], gradient: [Double])? {
            guard let curve = try? CubicBezierTiming(x1: θ[0], y1: θ[1], x2: θ[2], y2: θ[3]) else { return nil }
            let (y, g) = curve.valueAndGradient(at: local[j])
            return (zip(a, delta).map { $0 + $1 * y }, g)
        }
        let total = m
        let problem = LeastSquaresProblem(
            residualCount: total, parameterCount: 4,
            residuals: { θ in
                var out: [Double] = []
                out.reserveCapacity(total)
                for j in residuals.indices {
                    guard let v = values(θ, j), v.values.allSatisfy({ $0.isFinite }) else {
                        return [Double](repeating: .nan, count: total)
                    }
                    out += residuals[j].residuals(v.values)
                }
                return out
            },
            jacobian: { θ in
                var jacobian = Matrix(rows: total, columns: 4)
                for j in residuals.indices {
                    guard let v = values(θ, j), v.values.allSatisfy({ $0.isFinite }) else {
                        return Matrix(rows: total, columns: 4, repeating: .nan)
                    }
                    let inner = residuals[j].jacobian(v.values)
                    let rows = inner.rows, offset = offsets[j]
                    for r in 0..<rows {
                        // ∂r/∂E = Σ_q ∂r/∂p_q·(b_q − a_q).
                        var dE = 0.0
                        for q in delta.indices { dE += inner.elements[r + q * rows] * delta[q] }
                        for l in 0..<4 { jacobian.elements[offset + r + l * total] = dE * v.gradient[l] }
                    }
                }
                return jacobian
            })
        let box = bounds.box(kind: .cubicBezier, progress: [0, 1])
        // Cannot fail: the timing ranges are intervals.
        let limits = try? Bounds(lower: box.lower, upper: box.upper)
        let solver = LevenbergMarquardt(options: .init(
            functionTolerance: options.functionTolerance, parameterTolerance: options.parameterTolerance,
            maxEvaluations: options.maxEvaluations, refinementSteps: options.refinementSteps, loss: options.loss))
        var best: LeastSquaresFit?
        for start in Self.starts {
            let θ0 = zip([start.x1, start.y1, start.x2, start.y2], zip(box.lower, box.upper)).map { Swift.min(Swift.max($0, $1.0), $1.1) }
            for r in residuals { r.resetWarmStarts() }
            let fit = solver.minimize(problem, from: θ0, bounds: limits)
            guard fit.parameters.allSatisfy({ $0.isFinite }), fit.cost.isFinite else { continue }
            if best.map({ fit.cost < $0.cost }) ?? true { best = fit }
        }
        guard let best, let curve = try? CubicBezierTiming(x1: best.parameters[0], y1: best.parameters[1],
                                                            x2: best.parameters[2], y2: best.parameters[3]) else {
            return IntervalEasing(from: from, to: to, easing: .linear, frameCount: inside.count, rms: .nan, maxDistance: .nan,
                                  status: .nonfiniteParameters, standardErrors: [])
        }
        let r = best.residuals
        var sum = 0.0, largest = 0.0
        for d in r {
            sum += d * d
            largest = Swift.max(largest, abs(d))
        }
        return IntervalEasing(from: from, to: to, easing: .cubicBezier(curve), frameCount: inside.count,
                              rms: (sum / Double(Swift.max(1, r.count))).squareRoot(), maxDistance: largest,
                              status: best.status, standardErrors: best.standardErrors)
    }
}
