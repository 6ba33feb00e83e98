import _Numerics

/// The cubic Bézier curve
///
///     B(t) = (1−t)³P₀ + 3(1−t)²t·P₁ + 3(1−t)t²·P₂ + t³P₃,   t ∈ [0, 1].
///
/// `point(at:)` evaluates by de Casteljau's algorithm (numerically stable, exact at the end
/// points); `powerBasisPoint(at:)` by Horner's rule on the power-basis coefficients (faster,
/// the form the batch kernels use).
@frozen
public struct CubicBezier: ParametricCurve, Hashable {
    public var p0: Point
    public var p1: Point
    public var p2: Point
    public var p3: Point

    @inlinable
    public init(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) {
        (self.p0, self.p1, self.p2, self.p3) = (p0, p1, p2, p3)
    }

    public var start: Point { p0 }
    public var end: Point { p3 }

    /// The four control points in order.
    public var controlPoints: [Point] { [p0, p1, p2, p3] }

    /// The largest absolute control-point coordinate, max |Pᵢ| (∞-norm), the scale of rounding
    /// errors in evaluation.
    public var magnitude: Double {
        Swift.max(p0.maxMagnitude, p1.maxMagnitude, p2.maxMagnitude, p3.maxMagnitude)
    }

    /// B(t) by de Casteljau's algorithm: three rounds of linear interpolation (1−t)a + tb.
    /// Every intermediate is a convex combination for t ∈ [0, 1], so the rounding error is at most
    /// a few ε·max|Pᵢ|; B(0) = P₀ and B(1) = P₃ exactly.
    @inlinable
    public func point(at t: Double) -> Point {
        let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t), c = p2.lerp(to: p3, t)
        let d = a.lerp(to: b, t), e = b.lerp(to: c, t)
        return d.lerp(to: e, t)
    }

    /// The same point under its own name, for tests that compare the two evaluation methods.
    @inlinable
    public func deCasteljauPoint(at t: Double) -> Point { point(at: t) }

    /// Power-basis coefficients (c₀, c₁, c₂, c₃) with B(t) = c₀ + c₁t + c₂t² + c₃t³:
    /// c₀ = P₀, c₁ = 3(P₁ − P₀), c₂ = 3(P₂ − 2P₁ + P₀), c₃ = P₃ − 3P₂ + 3P₁ − P₀.
    @inlinable
    public var powerCoefficients: (c0: Point, c1: Point, c2: Point, c3: Point) {
        let c1 = 3 * (p1 - p0)
        let c2 = 3 * (p2 - 2 * p1 + p0)
        let c3 = p3 - p0 + 3 * (p1 - p2)
        return (p0, c1, c2, c3)
    }

    /// B(t) = c₀ + t(c₁ + t(c₂ + t·c₃)) by Horner's rule. Agrees with de Casteljau to within a
    /// small multiple of ε·max|Pᵢ| for t ∈ [0, 1] (the coefficients are at most 8·max|Pᵢ|);
    /// not exact at t = 1.
    @inlinable
    public func powerBasisPoint(at t: Double) -> Point {
        let (c0, c1, c2, c3) = powerCoefficients
        return c0 + t * (c1 + t * (c2 + t * c3))
    }

    /// B′(t) = 3[(1−t)²(P₁−P₀) + 2(1−t)t(P₂−P₁) + t²(P₃−P₂)], the hodograph (a quadratic
    /// Bézier of the differences) evaluated by de Casteljau.
    @inlinable
    public func derivative(at t: Double) -> Point {
        let d0 = p1 - p0, d1 = p2 - p1, d2 = p3 - p2
        return 3 * d0.lerp(to: d1, t).lerp(to: d1.lerp(to: d2, t), t)
    }

    /// B″(t) = 6[(1−t)(P₂ − 2P₁ + P₀) + t(P₃ − 2P₂ + P₁)].
    @inlinable
    public func secondDerivative(at t: Double) -> Point {
        6 * (p2 - 2 * p1 + p0).lerp(to: p3 - 2 * p2 + p1, t)
    }

    /// B‴ = 6(P₃ − 3P₂ + 3P₁ − P₀), constant.
    public var thirdDerivative: Point { 6 * (p3 - p0 + 3 * (p1 - p2)) }

    /// de Casteljau subdivision at t: the left half has control points P₀, a, d, m and the right
    /// half m, e, c, P₃, where m = B(t) is shared exactly.
    public func split(at t: Double) -> (CubicBezier, CubicBezier) {
        let a = p0.lerp(to: p1, t), b = p1.lerp(to: p2, t), c = p2.lerp(to: p3, t)
        let d = a.lerp(to: b, t), e = b.lerp(to: c, t)
        let m = d.lerp(to: e, t)
        return (CubicBezier(p0, a, d, m), CubicBezier(m, e, c, p3))
    }

    /// The piece over [t0, t1] by blossoming (Hermite form): Q₀ = B(t0), Q₃ = B(t1),
    /// Q₁ = Q₀ + (t1 − t0)/3 · B′(t0), Q₂ = Q₃ − (t1 − t0)/3 · B′(t1).
    public func subsegment(from t0: Double, to t1: Double) -> CubicBezier {
        let q0 = point(at: t0), q3 = point(at: t1)
        let h = (t1 - t0) / 3
        return CubicBezier(q0, q0 + h * derivative(at: t0), q3 - h * derivative(at: t1), q3)
    }

    /// Exact bounds: the end points plus B(t) at every root in (0, 1) of B′ₓ and of B′_y, each a
    /// quadratic a·t² + b·t + c with a = 3(P₃ − 3P₂ + 3P₁ − P₀), b = 6(P₂ − 2P₁ + P₀),
    /// c = 3(P₁ − P₀), solved by `QuadraticRoots` (no sampling).
    /// Finite for finite control points, however large (``OverflowSafeBounds``).
    public var boundingBox: Rect {
        var r = Rect(point: p0)
        r.formUnion(with: p3)
        let f = OverflowSafeBounds.factor(p0, p1, p2, p3)
        let c = f == 1 ? self : CubicBezier(f * p0, f * p1, f * p2, f * p3)
        let hull = Rect(point: p0).union(Rect(point: p1)).union(Rect(point: p2)).union(Rect(point: p3))
        for axis in 0..<2 {
            let (a0, a1, a2, a3) = axis == 0 ? (c.p0.x, c.p1.x, c.p2.x, c.p3.x) : (c.p0.y, c.p1.y, c.p2.y, c.p3.y)
            let roots = QuadraticRoots(a: a3 - a0 + 3 * (a1 - a2), b: 2 * (a2 - 2 * a1 + a0), c: a1 - a0)
            for i in 0..<roots.count {
                let t = i == 0 ? roots.first : roots.second
                if t > 0 && t < 1 { r.formUnion(with: OverflowSafeBounds.unscaled(c.point(at: t), factor: f, clampedTo: hull)) }
            }
        }
        return r
    }

    public var reversed: CubicBezier { CubicBezier(p3, p2, p1, p0) }

    public func transformed(by m: AffineTransform) -> CubicBezier {
        CubicBezier(m.apply(to: p0), m.apply(to: p1), m.apply(to: p2), m.apply(to: p3))
    }
}
