import Deform
import Geometry
import LeastSquares

/// The residuals of an outline fit and their exact Jacobian, for ``LevenbergMarquardt``.
///
/// Residuals, at free values x (the model's other parameters held by the ``FitSetup``):
/// 1. for every target point qᵢ, the signed orthogonal distance rᵢ = sᵢ·|qᵢ − B(tᵢ*)| to the model
///    path at its certified nearest point (``OrthogonalDistance``), found by
///    ``TrackedNearestPoints`` from that point's answer at the previous evaluation, most often
///    with the certificate carried over from it;
/// 2. optionally (symmetric weight W > 0), for K samples B(τₖ) of the model at fixed segment
///    parameters τₖ = (j + ½)/S (S per segment, j = 0 … S − 1, on the segments the model has at
///    the start), w·(signed distance of B(τₖ) from the target outline, at its certified nearest
///    point there, ``PreparedPath``, warm-started), with w = √(W·N/K): the model-to-target term
///    carries W times the weight of the N target-to-model residuals in all, so a model cannot
///    stray where the target has no points, nor shrink onto part of it.
///
/// Jacobian (envelope theorem, see ``OrthogonalDistance``): ∂rᵢ/∂p = −nᵢ·∂B(tᵢ*)/∂p and, for a
/// model sample, ∂(w·rₖ)/∂p = w·nₖ·∂B(τₖ)/∂p (the sample is the moving point, the target is
/// fixed), where ∂B(t)/∂p = Σⱼ wⱼ(t)·∂Xⱼ/∂p through the segment's Bernstein weights
/// (``SegmentPoints``) and the model's `ControlPointJacobian` — exact, and a few multiply-adds per
/// row and parameter.
///
/// The nearest points found for a residual evaluation are kept (for the last few x), so the
/// Jacobian at an evaluated point, which the solver always asks for next, costs no new searches.
/// A reference type: it carries that cache and the warm starts between the solver's calls.
final class DistanceResiduals {
    let setup: FitSetup
    let targets: [Point]
    let verbs: [Path.Verb]
    let pointCount: Int
    /// The target outline and the model samples' parameters, for the symmetric term.
    let symmetric: (outline: PreparedPath, structure: SegmentPoints, perSegment: Int, weight: Double)?

    /// One evaluated point.
    struct Evaluation {
        var x: [Double]
        var xs: [Double]
        var ys: [Double]
        var structure: SegmentPoints
        var segments: [PathSegment]
        var nearest: [NearestPoint]
        var distances: [OrthogonalDistance]
        /// The symmetric term: the samples, their nearest points on the target, their distances.
        var samples: [Point]
        var sampleNearest: [NearestPoint]
        var sampleDistances: [OrthogonalDistance]
        var residuals: [Double]
    }

    private var recent: [Evaluation] = []
    private var tracked: TrackedNearestPoints
    private var sampleHints: [NearestPoint]?
    private var controlJacobian: ControlPointJacobian
    /// Searches done (target points and model samples), for tests and benchmarks.
    private(set) var searches = 0
    /// How the target points' answers were certified so far.
    var searchCounts: NearestPointCounts {
        NearestPointCounts(carried: tracked.carried, fresh: tracked.fresh, full: tracked.full)
    }

    /// The residual count m.
    var residualCount: Int { targets.count + (symmetric.map { $0.structure.count * $0.perSegment } ?? 0) }

    init(setup: FitSetup, targets: [Point], outline: Path?, symmetricWeight: Double,
         samplesPerSegment: Int, parallel: Bool = true) {
        self.setup = setup
        self.targets = targets
        self.verbs = setup.model.verbs
        self.pointCount = setup.model.pointCount
        tracked = TrackedNearestPoints(queries: targets)
        tracked.parallel = parallel
        controlJacobian = ControlPointJacobian(pointCount: pointCount, parameterCount: setup.model.parameters.count)
        if symmetricWeight > 0, let outline {
            precondition(samplesPerSegment >= 1, "DistanceResiduals: at least one sample per segment")
            var xs = [Double](repeating: 0, count: pointCount), ys = xs
            setup.model.fillControlPoints(parameters: setup.parameters, xs: &xs, ys: &ys)
            let structure = SegmentPoints(verbs: verbs, xs: xs, ys: ys)
            let k = structure.count * samplesPerSegment
            let weight = (symmetricWeight * Double(targets.count) / Double(Swift.max(1, k))).squareRoot()
            symmetric = (PreparedPath(outline), structure, samplesPerSegment, weight)
        } else {
            symmetric = nil
        }
    }

    /// Forgets the warm starts (a new start of a multi-start fit begins from global searches).
    func resetWarmStarts() {
        tracked.reset()
        sampleHints = nil
        recent.removeAll()
    }

    /// r(x).
    func residuals(_ x: [Double]) -> [Double] {
        evaluation(at: x).residuals
    }

    /// J(x), m × n.
    func jacobian(_ x: [Double]) -> Matrix {
        let e = evaluation(at: x)
        let n = setup.freeCount
        let m = residualCount
        var j = Matrix(rows: m, columns: n)
        guard e.residuals.allSatisfy({ $0.isFinite }) else {
            return Matrix(rows: m, columns: n, repeating: .nan)
        }
        let p = setup.parameters(with: x)
        setup.model.fillJacobian(parameters: p, into: &controlJacobian)
        let rows = controlJacobian.rows
        let free = setup.freeIndices
        let nFree = free.count
        /// ∂X/∂p_k of the points of segment s of `structure` (x, y of up to four points, 0 where
        /// unused), gathered once per Jacobian: entry (s·n + k)·8 + 2j (+1 for y) for point j.
        func gather(_ structure: SegmentPoints, _ cp: UnsafeBufferPointer<Double>) -> [Double] {
            var table = [Double](repeating: 0, count: structure.count * nFree * 8)
            for s in 0..<structure.count {
                let (i0, i1, i2, i3) = structure.indices[s]
                let points = [i0, i1, i2, i3].prefix(structure.degrees[s] + 1)
                for (k, c) in free.enumerated() {
                    let base = c * rows
                    for (j, i) in points.enumerated() {
                        table[(s * nFree + k) * 8 + 2 * j] = cp[base + 2 * i]
                        table[(s * nFree + k) * 8 + 2 * j + 1] = cp[base + 2 * i + 1]
                    }
                }
            }
            return table
        }
        controlJacobian.values.withUnsafeBufferPointer { cp in
            j.elements.withUnsafeMutableBufferPointer { out in
                /// ∂B/∂p_k of the point Σ w·X of segment s, for every free k, dotted with `normal`
                /// and scaled by `factor`, into row `row`:
                /// ((w₀·∂X₀ + w₁·∂X₁) + w₂·∂X₂) + w₃·∂X₃ over the segment's degree + 1 points.
                @inline(__always)
                func fill(row: Int, structure: SegmentPoints, table: UnsafeBufferPointer<Double>, segment s: Int,
                          t: Double, normal: Point, factor: Double) {
                    let (w0, w1, w2, w3) = structure.weights(segment: s, t: t)
                    let degree = structure.degrees[s]
                    for k in 0..<nFree {
                        let d = (s * nFree + k) * 8
                        var dx = w0 * table[d] + w1 * table[d + 2]
                        var dy = w0 * table[d + 1] + w1 * table[d + 3]
                        if degree >= 2 {
                            dx += w2 * table[d + 4]
                            dy += w2 * table[d + 5]
                        }
                        if degree == 3 {
                            dx += w3 * table[d + 6]
                            dy += w3 * table[d + 7]
                        }
                        out[k * m + row] = factor * (normal.x * dx + normal.y * dy)
                    }
                }
                let table = gather(e.structure, cp)
                table.withUnsafeBufferPointer { table in
                    e.nearest.withUnsafeBufferPointer { nearest in
                        e.distances.withUnsafeBufferPointer { distances in
                            for i in 0..<targets.count {
                                fill(row: i, structure: e.structure, table: table, segment: nearest[i].segment,
                                     t: nearest[i].t, normal: distances[i].normal, factor: -1)
                            }
                        }
                    }
                }
                if let symmetric {
                    let per = symmetric.perSegment
                    let table = gather(symmetric.structure, cp)
                    table.withUnsafeBufferPointer { table in
                        for s in 0..<symmetric.structure.count {
                            for k in 0..<per {
                                let index = s * per + k
                                fill(row: targets.count + index, structure: symmetric.structure, table: table, segment: s,
                                     t: (Double(k) + 0.5) / Double(per),
                                     normal: e.sampleDistances[index].normal, factor: symmetric.weight)
                            }
                        }
                    }
                }
            }
        }
        return j
    }

    /// The evaluation at x: from the cache when x was evaluated recently, else computed.
    func evaluation(at x: [Double]) -> Evaluation {
        if let cached = recent.last(where: { $0.x == x }) { return cached }
        let e = evaluate(x)
        recent.append(e)
        if recent.count > 3 { recent.removeFirst() }
        return e
    }

    private func evaluate(_ x: [Double]) -> Evaluation {
        let p = setup.parameters(with: x)
        var xs = [Double](repeating: 0, count: pointCount), ys = xs
        setup.model.fillControlPoints(parameters: p, xs: &xs, ys: &ys)
        let structure = SegmentPoints(verbs: verbs, xs: xs, ys: ys)
        let segments = structure.segments(xs: xs, ys: ys)
        let n = targets.count
        var nearest: [NearestPoint] = []
        var distances: [OrthogonalDistance] = []
        var residuals = [Double](repeating: .nan, count: residualCount)
        var finite = false
        if let found = tracked.update(segments) {
            finite = true
            (nearest, distances) = found
            for i in 0..<n { residuals[i] = distances[i].signed }
        }
        searches += nearest.count
        var samples: [Point] = [], sampleNearest: [NearestPoint] = [], sampleDistances: [OrthogonalDistance] = []
        if finite, let symmetric {
            let per = symmetric.perSegment
            let sampled = symmetric.structure.segments(xs: xs, ys: ys)
            for s in 0..<sampled.count {
                for k in 0..<per {
                    let index = s * per + k
                    let b = sampled[s].point(at: (Double(k) + 0.5) / Double(per))
                    let found = sampleHints.map { symmetric.outline.nearestPoint(to: b, near: $0[index]) }
                        ?? symmetric.outline.nearestPoint(to: b)
                    guard let np = found, np.status != .nonFinite else { finite = false; break }
                    let d = OrthogonalDistance(from: b, to: symmetric.outline.segments[np.segment], nearest: np)
                    samples.append(b)
                    sampleNearest.append(np)
                    sampleDistances.append(d)
                    residuals[n + index] = symmetric.weight * d.signed
                }
            }
            searches += samples.count
        }
        if finite {
            if symmetric != nil { sampleHints = sampleNearest }
        } else {
            for i in residuals.indices { residuals[i] = .nan }
        }
        return Evaluation(x: x, xs: xs, ys: ys, structure: structure, segments: segments, nearest: nearest,
                          distances: distances, samples: samples, sampleNearest: sampleNearest,
                          sampleDistances: sampleDistances, residuals: residuals)
    }
}
