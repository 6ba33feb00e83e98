import Foundation
import Geometry
import _TestSupport

/// Curves and query points for the nearest-point, flattening and arc-length property tests, and
/// the slow, obviously-correct references the fast routines are checked against.
extension SplitMix64 {
    /// A cubic from one of the awkward families, on top of `cubic(scale:)`'s (collinear, all
    /// equal, cusp, loop, coincident handles, random): near-cusps (the cusp family with the
    /// hodograph missing the origin by up to 1e-6 relative), near-degenerate (a random cubic
    /// squashed to 1e-7 of its height), nearly coincident control points, and S-curves.
    mutating func awkwardCubic(scale: Double = 100) -> CubicBezier {
        let r = -scale...scale
        switch Int.random(in: 0..<12, using: &self) {
        case 0..<6:
            return cubic(scale: scale)
        case 6:  // near-cusp
            let a = point(in: r)
            let e = Double.random(in: -1e-6...1e-6, using: &self) * scale
            return CubicBezier(a, a + Point(scale, scale + e), a + Point(0, scale), a + Point(scale, 0))
        case 7:  // squashed almost flat
            let c = CubicBezier(point(in: r), point(in: r), point(in: r), point(in: r))
            return c.transformed(by: .scale(x: 1, y: 1e-7))
        case 8:  // control points within 1e-9 of each other
            let a = point(in: r)
            let d = scale * 1e-9
            return CubicBezier(a, a + Point(d, 0), a + Point(0, d), a + Point(d, d))
        case 9:  // S-curve
            let a = point(in: r)
            return CubicBezier(a, a + Point(scale, 0), a + Point(0, scale), a + Point(scale, scale))
        default:
            return CubicBezier(point(in: r), point(in: r), point(in: r), point(in: r))
        }
    }

    /// A query point for `c`: near the evolute (at the centre of curvature of a random point,
    /// moved by up to 1 %, where two basins of the distance compete), near the curve, or
    /// anywhere around it.
    mutating func query(for c: CubicBezier, scale: Double = 100) -> Point {
        switch Int.random(in: 0..<4, using: &self) {
        case 0:
            let t = Double.random(in: 0...1, using: &self)
            let k = c.curvature(at: t)
            if let tangent = c.unitTangent(at: t), k.isFinite, k != 0 {
                let normal = Point(-tangent.y, tangent.x)
                let q = c.point(at: t) + ((1 / k) * (1 + Double.random(in: -0.01...0.01, using: &self))) * normal
                if q.isFinite && q.maxMagnitude < 100 * scale { return q }
            }
            return point(in: -1.5 * scale...1.5 * scale)
        case 1:
            return c.point(at: Double.random(in: 0...1, using: &self)) + point(in: -0.01 * scale...0.01 * scale)
        default:
            return point(in: -1.5 * scale...1.5 * scale)
        }
    }
}

enum NearestReference {
    /// The judge's reference: the best of `samples` uniform parameters, refined by Newton's method
    /// on (B − q)·B′ (steps kept while they lower the distance). Returns the distance.
    static func denseSamples(_ c: CubicBezier, _ q: Point, samples: Int = 10_000) -> Double {
        var best = Double.infinity, bestT = 0.0
        for i in 0..<samples {
            let t = Double(i) / Double(samples - 1)
            let d = (c.point(at: t) - q).length
            if d < best { (best, bestT) = (d, t) }
        }
        return newton(c, q, from: bestT, distance: best)
    }

    /// A cheaper independent reference for large counts: `samples` uniform parameters, then Newton
    /// from every sampled local minimum (and the ends), the smallest result.
    static func multiStart(_ c: CubicBezier, _ q: Point, samples: Int = 64) -> Double {
        var d = [Double](repeating: 0, count: samples)
        for i in 0..<samples { d[i] = (c.point(at: Double(i) / Double(samples - 1)) - q).length }
        var best = Double.infinity
        for i in 0..<samples {
            let left = i == 0 || d[i] <= d[i - 1], right = i == samples - 1 || d[i] <= d[i + 1]
            if left && right {
                best = Swift.min(best, newton(c, q, from: Double(i) / Double(samples - 1), distance: d[i]))
            }
        }
        return best
    }

    static func newton(_ c: CubicBezier, _ q: Point, from t0: Double, distance: Double) -> Double {
        var (t, best) = (t0, distance)
        for _ in 0..<30 {
            let p = c.point(at: t) - q, d1 = c.derivative(at: t), d2 = c.secondDerivative(at: t)
            let f = p.dot(d1), slope = d1.dot(d1) + p.dot(d2)
            guard slope > 0 else { break }
            let next = Swift.min(1, Swift.max(0, t - f / slope))
            let d = (c.point(at: next) - q).length
            guard d < best else { break }
            (t, best) = (next, d)
        }
        return best
    }

    /// The comparison tolerance: a few ulps of the distances and of the coordinates (the two
    /// sides round B(t) − q differently).
    static func slack(_ c: CubicBezier, _ q: Point, _ d: Double) -> Double {
        16 * Double.ulpOfOne * Swift.max(d, c.magnitude, q.maxMagnitude)
    }
}
