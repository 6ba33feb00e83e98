/// One drawing segment of a `Path`: a line, a quadratic or a cubic Bézier.
@frozen
public enum PathSegment: ParametricCurve, Hashable {
    case line(LineSegment)
    case quadratic(QuadraticBezier)
    case cubic(CubicBezier)

    public var start: Point {
        switch self {
        case .line(let s): s.start
        case .quadratic(let s): s.start
        case .cubic(let s): s.start
        }
    }

    public var end: Point {
        switch self {
        case .line(let s): s.end
        case .quadratic(let s): s.end
        case .cubic(let s): s.end
        }
    }

    public func point(at t: Double) -> Point {
        switch self {
        case .line(let s): s.point(at: t)
        case .quadratic(let s): s.point(at: t)
        case .cubic(let s): s.point(at: t)
        }
    }

    public func derivative(at t: Double) -> Point {
        switch self {
        case .line(let s): s.derivative(at: t)
        case .quadratic(let s): s.derivative(at: t)
        case .cubic(let s): s.derivative(at: t)
        }
    }

    public func secondDerivative(at t: Double) -> Point {
        switch self {
        case .line(let s): s.secondDerivative(at: t)
        case .quadratic(let s): s.secondDerivative(at: t)
        case .cubic(let s): s.secondDerivative(at: t)
        }
    }

    public func split(at t: Double) -> (PathSegment, PathSegment) {
        switch self {
        case .line(let s): let (a, b) = s.split(at: t); return (.line(a), .line(b))
        case .quadratic(let s): let (a, b) = s.split(at: t); return (.quadratic(a), .quadratic(b))
        case .cubic(let s): let (a, b) = s.split(at: t); return (.cubic(a), .cubic(b))
        }
    }

    public func subsegment(from t0: Double, to t1: Double) -> PathSegment {
        switch self {
        case .line(let s): .line(s.subsegment(from: t0, to: t1))
        case .quadratic(let s): .quadratic(s.subsegment(from: t0, to: t1))
        case .cubic(let s): .cubic(s.subsegment(from: t0, to: t1))
        }
    }

    public var boundingBox: Rect {
        switch self {
        case .line(let s): s.boundingBox
        case .quadratic(let s): s.boundingBox
        case .cubic(let s): s.boundingBox
        }
    }

    public var reversed: PathSegment {
        switch self {
        case .line(let s): .line(s.reversed)
        case .quadratic(let s): .quadratic(s.reversed)
        case .cubic(let s): .cubic(s.reversed)
        }
    }

    public func transformed(by m: AffineTransform) -> PathSegment {
        switch self {
        case .line(let s): .line(s.transformed(by: m))
        case .quadratic(let s): .quadratic(s.transformed(by: m))
        case .cubic(let s): .cubic(s.transformed(by: m))
        }
    }

    /// The segment as an exactly equal cubic (degree elevation; a line gets its handles at the
    /// thirds, so the parameterisation stays uniform).
    public var asCubic: CubicBezier {
        switch self {
        case .line(let s):
            CubicBezier(s.p0, s.p0.lerp(to: s.p1, 1.0 / 3.0), s.p0.lerp(to: s.p1, 2.0 / 3.0), s.p1)
        case .quadratic(let s): s.elevated
        case .cubic(let s): s
        }
    }
}
