/// A point or displacement vector in the plane, in Double precision.
///
/// BezierTune uses one type for both, as SVG and Core Graphics do: the arithmetic below is the
/// vector space ℝ², and a point is the vector from the origin. All operations are exact IEEE-754
/// componentwise operations unless stated otherwise.
@frozen
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    @inlinable
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(0, 0)

    public var description: String { "(\(x), \(y))" }

    /// True when both coordinates are finite (neither NaN nor ±∞).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    // MARK: Vector arithmetic

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(s * a.x, s * a.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Point, b: Point) { a = a + b }
    @inlinable public static func -= (a: inout Point, b: Point) { a = a - b }

    /// Dot product a·b = aₓbₓ + a_yb_y.
    @inlinable
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the cross product, a × b = aₓb_y − a_ybₓ (positive when b is
    /// counter-clockwise from a in a y-up frame).
    @inlinable
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// Squared Euclidean norm |v|².
    @inlinable
    public var lengthSquared: Double { x * x + y * y }

    /// Euclidean norm |v| = √(x² + y²), without intermediate overflow or underflow.
    @inlinable
    public var length: Double {
        let s = x * x + y * y
        if s.isFinite && s >= .leastNormalMagnitude { return s.squareRoot() }
        return Point.scaledHypot(x, y)
    }

    /// Euclidean distance |a − b|.
    @inlinable
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The largest absolute coordinate, max(|x|, |y|).
    @inlinable
    public var maxMagnitude: Double { Swift.max(abs(x), abs(y)) }

    /// Linear interpolation between `self` (t = 0) and `other` (t = 1), per coordinate
    /// a + t(b − a) for t < ½ and b − (1 − t)(b − a) otherwise: exact at t = 0 and t = 1, and
    /// exactly a when a = b (so a degenerate curve evaluates to its point, not to a rounding of it).
    /// When b − a overflows (finite a and b of opposite signs beyond half the largest double)
    /// it is (1 − t)a + tb instead, still exact at both ends and finite.
    /// Always inlined: it is the inner step of every de Casteljau evaluation (a call here cost
    /// 16 % of the nearest-point search's time).
    @inlinable @inline(__always)
    public func lerp(to other: Point, _ t: Double) -> Point {
        Point(Point.lerp(x, other.x, t), Point.lerp(y, other.y, t))
    }

    @inlinable @inline(__always)
    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let d = b - a
        guard d.isFinite else { return (1 - t) * a + t * b }
        return t < 0.5 ? a + t * d : b - (1 - t) * d
    }

    /// √(x² + y²) computed as m·√((x/m)² + (y/m)²) with m = max(|x|, |y|): no overflow or
    /// underflow. NaN if either coordinate is NaN, +∞ if either is infinite.
    @usableFromInline
    static func scaledHypot(_ x: Double, _ y: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let ax = abs(x), ay = abs(y)
        if ax.isInfinite || ay.isInfinite { return .infinity }
        let m = Swift.max(ax, ay)
        if m == 0 { return 0 }
        let a = ax / m, b = ay / m
        return m * (a * a + b * b).squareRoot()
    }
}
