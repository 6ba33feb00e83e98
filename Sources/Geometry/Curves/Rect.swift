/// An axis-aligned rectangle [minX, maxX] × [minY, maxY], closed; a single point has zero width.
@frozen
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var minX, minY, maxX, maxY: Double

    @inlinable
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    /// The degenerate rectangle holding only `p`.
    @inlinable
    public init(point p: Point) {
        self.init(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
    }

    /// The smallest rectangle holding every point of `points`, or nil when there are none.
    /// (Inlinable, so that it is specialised for arrays: measured, the generic loop cost a
    /// `beztune fit` of 720 points about 4 % of its instructions.)
    @inlinable
    public init?<S: Sequence>(enclosing points: S) where S.Element == Point {
        var it = points.makeIterator()
        guard let first = it.next() else { return nil }
        var r = Rect(point: first)
        while let p = it.next() { r.formUnion(with: p) }
        self = r
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    /// The midpoint, halved before adding so that it stays finite for any finite box (the same
    /// value as (min + max)/2 wherever that does not overflow: halving is exact).
    public var center: Point { Point(minX / 2 + maxX / 2, minY / 2 + maxY / 2) }
    public var description: String { "[\(minX), \(maxX)] × [\(minY), \(maxY)]" }

    /// True when `p` lies in the closed rectangle.
    @inlinable
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// Grows the rectangle to hold `p`.
    @inlinable
    public mutating func formUnion(with p: Point) {
        minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
        minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
    }

    /// The smallest rectangle holding both.
    @inlinable
    public func union(_ other: Rect) -> Rect {
        Rect(minX: Swift.min(minX, other.minX), minY: Swift.min(minY, other.minY),
             maxX: Swift.max(maxX, other.maxX), maxY: Swift.max(maxY, other.maxY))
    }
}
