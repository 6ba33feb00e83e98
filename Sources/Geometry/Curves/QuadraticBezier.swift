import _Numerics

/// The quadratic Bézier curve B(t) = (1−t)²P₀ + 2(1−t)t·P₁ + t²P₂.
@frozen
public struct QuadraticBezier: ParametricCurve, Hashable {
    public var p0: Point
    public var p1: Point
    public var p2: Point

    @inlinable
    public init(_ p0: Point, _ p1: Point, _ p2: Point) {
        (self.p0, self.p1, self.p2) = (p0, p1, p2)
    }

    public var start: Point { p0 }
    public var end: Point { p2 }

    /// B(t) by de Casteljau's algorithm (two rounds of linear interpolation); exact at t = 0, 1.
    public func point(at t: Double) -> Point {
        p0.lerp(to: p1, t).lerp(to: p1.lerp(to: p2, t), t)
    }

    /// B′(t) = 2[(1−t)(P₁ − P₀) + t(P₂ − P₁)].
    public func derivative(at t: Double) -> Point {
        2 * ((p1 - p0).lerp(to: p2 - p1, t))
    }

    /// B″(t) = 2(P₂ − 2P₁ + P₀).
    public func secondDerivative(at t: Double) -> Point {
        2 * (p2 - 2 * p1 + p0)
    }

    /// de Casteljau subdivision at t.
    public func split(at t: Double) -> (QuadraticBezier, QuadraticBezier) {
        let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t)
        let m = a.lerp(to: b, t)
        return (QuadraticBezier(p0, a, m), QuadraticBezier(m, b, p2))
    }

    /// The piece over [t0, t1] by blossoming: Q₀ = B(t0), Q₂ = B(t1),
    /// Q₁ = B(t0) + (t1 − t0)/2 · B′(t0).
    public func subsegment(from t0: Double, to t1: Double) -> QuadraticBezier {
        let q0 = point(at: t0), q2 = point(at: t1)
        let q1 = q0 + (0.5 * (t1 - t0)) * derivative(at: t0)
        return QuadraticBezier(q0, q1, q2)
    }

    /// Exact bounds: the end points plus B at the root of each coordinate of B′ in (0, 1).
    /// Finite for finite control points, however large (``OverflowSafeBounds``).
    public var boundingBox: Rect {
        var r = Rect(point: p0)
        r.formUnion(with: p2)
        let f = OverflowSafeBounds.factor(p0, p1, p2)
        let q = f == 1 ? self : QuadraticBezier(f * p0, f * p1, f * p2)
        let hull = Rect(point: p0).union(Rect(point: p1)).union(Rect(point: p2))
        // B′ₓ(t) = 2[(P₁−P₀) + t(P₂ − 2P₁ + P₀)] per coordinate.
        for axis in 0..<2 {
            let (a0, a1, a2) = axis == 0 ? (q.p0.x, q.p1.x, q.p2.x) : (q.p0.y, q.p1.y, q.p2.y)
            let roots = QuadraticRoots(a: 0, b: a2 - 2 * a1 + a0, c: a1 - a0)
            for i in 0..<roots.count {
                let t = i == 0 ? roots.first : roots.second
                if t > 0 && t < 1 { r.formUnion(with: OverflowSafeBounds.unscaled(q.point(at: t), factor: f, clampedTo: hull)) }
            }
        }
        return r
    }

    public var reversed: QuadraticBezier { QuadraticBezier(p2, p1, p0) }

    public func transformed(by m: AffineTransform) -> QuadraticBezier {
        QuadraticBezier(m.apply(to: p0), m.apply(to: p1), m.apply(to: p2))
    }

    /// The exact degree elevation to a cubic: C₁ = P₀ + ⅔(P₁ − P₀), C₂ = P₂ + ⅔(P₁ − P₂).
    public var elevated: CubicBezier {
        CubicBezier(p0, p0 + (2.0 / 3.0) * (p1 - p0), p2 + (2.0 / 3.0) * (p1 - p2), p2)
    }
}
