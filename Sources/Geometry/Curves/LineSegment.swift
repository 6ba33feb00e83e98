/// The straight segment B(t) = (1 − t)·P₀ + t·P₁.
@frozen
public struct LineSegment: ParametricCurve, Hashable {
    public var p0: Point
    public var p1: Point

    @inlinable
    public init(_ p0: Point, _ p1: Point) {
        (self.p0, self.p1) = (p0, p1)
    }

    public var start: Point { p0 }
    public var end: Point { p1 }

    @inlinable
    public func point(at t: Double) -> Point { p0.lerp(to: p1, t) }

    /// B′(t) = P₁ − P₀.
    public func derivative(at t: Double) -> Point { p1 - p0 }

    /// B″(t) = 0.
    public func secondDerivative(at t: Double) -> Point { .zero }

    public func split(at t: Double) -> (LineSegment, LineSegment) {
        let m = point(at: t)
        return (LineSegment(p0, m), LineSegment(m, p1))
    }

    public func subsegment(from t0: Double, to t1: Double) -> LineSegment {
        LineSegment(point(at: t0), point(at: t1))
    }

    public var boundingBox: Rect {
        var r = Rect(point: p0)
        r.formUnion(with: p1)
        return r
    }

    public var reversed: LineSegment { LineSegment(p1, p0) }

    public func transformed(by m: AffineTransform) -> LineSegment {
        LineSegment(m.apply(to: p0), m.apply(to: p1))
    }

    /// The exact length |P₁ − P₀|.
    public var length: Double { p0.distance(to: p1) }
}
