import _CLibc
import _Numerics

/// Measures how far a curve strays from a polyline, independently of how the polyline was made:
/// dense sampling of the curve plus local maximisation (golden-section search) around every
/// sampled local maximum of the distance. A measurement, not a bound — it can only under-estimate
/// the true maximum (by missing a spike narrower than the sampling), which is why the flattening
/// tests pair it with deliberately insufficient polylines that it must catch.
public enum PolylineDeviation {
    /// The distance from `p` to the segment [a, b] (to a when a = b).
    public static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let ab = b - a
        let l2 = ab.lengthSquared
        var t = l2 > 0 ? (p - a).dot(ab) / l2 : 0
        t = Swift.min(1, Swift.max(0, t.isFinite ? t : 0))
        return (p - a.lerp(to: b, t)).length
    }

    /// The distance from `p` to the polyline through `points` (its nearest segment).
    public static func distance(from p: Point, toPolyline points: [Point]) -> Double {
        guard let first = points.first else { return .infinity }
        if points.count == 1 { return (p - first).length }
        var best = Double.infinity
        for k in 0..<(points.count - 1) {
            best = Swift.min(best, distance(from: p, toSegment: points[k], points[k + 1]))
        }
        return best
    }

    /// max over t ∈ [0, 1] of the distance from B(t) to the whole polyline, measured with
    /// `samples` uniform parameters and a golden-section search (40 steps) on [tᵢ₋₁, tᵢ₊₁]
    /// around every sample tᵢ that is a local maximum of the sampled distance. Returns the
    /// largest distance found and where.
    public static func measure<C: ParametricCurve>(_ curve: C, polyline points: [Point],
                                                   samples: Int = 2000) -> (deviation: Double, t: Double) {
        precondition(samples >= 2, "PolylineDeviation: at least two samples")
        let f = { (t: Double) in distance(from: curve.point(at: t), toPolyline: points) }
        return maximise(f, over: 0, 1, samples: samples)
    }

    /// The same measurement piece by piece for a polyline with known parameters (vertex k is
    /// B(parameters[k])): on each [tₖ, tₖ₊₁] the distance from B(t) to *its own chord*
    /// [points[k], points[k+1]], maximised by `samplesPerPiece` samples plus golden-section
    /// search. The distance to one's own chord is at least the distance to the polyline, so this
    /// measures the quantity `Flattening` guarantees and is never below the whole-polyline value.
    public static func measurePiecewise<C: ParametricCurve>(_ curve: C, parameters: [Double], points: [Point],
                                                            samplesPerPiece: Int = 16) -> (deviation: Double, t: Double) {
        precondition(parameters.count == points.count && parameters.count >= 2,
                     "PolylineDeviation: one parameter per point, at least two")
        precondition(samplesPerPiece >= 2, "PolylineDeviation: at least two samples per piece")
        var worst = (deviation: 0.0, t: 0.0)
        for k in 0..<(points.count - 1) {
            let a = points[k], b = points[k + 1]
            let f = { (t: Double) in distance(from: curve.point(at: t), toSegment: a, b) }
            let r = maximise(f, over: parameters[k], parameters[k + 1], samples: samplesPerPiece)
            if r.deviation > worst.deviation { worst = r }
        }
        return worst
    }

    /// The largest value of f on [a, b]: `samples` uniform samples, then golden-section search on
    /// the two neighbouring sample intervals of every sampled local maximum.
    static func maximise(_ f: (Double) -> Double, over a: Double, _ b: Double,
                         samples: Int) -> (deviation: Double, t: Double) {
        let n = samples - 1
        let ts = (0...n).map { k in k == n ? b : a + (b - a) * Double(k) / Double(n) }
        let values = ts.map(f)
        var best = (deviation: values[0], t: ts[0])
        for k in 0...n {
            if values[k] > best.deviation { best = (values[k], ts[k]) }
            let leftOK = k == 0 || values[k] >= values[k - 1]
            let rightOK = k == n || values[k] >= values[k + 1]
            guard leftOK && rightOK else { continue }
            // 40 steps: the bracket shrinks by 0.618⁴⁰ ≈ 4e-9.
            let r = GoldenSection.maximum(of: f, from: ts[Swift.max(0, k - 1)], to: ts[Swift.min(n, k + 1)], steps: 40)
            if r.value > best.deviation { best = (r.value, r.t) }
        }
        return best
    }
}
