import Geometry

/// The ball's control points as a function of its effective values — the one formula both
/// ``BezierBall`` and ``BallModel`` evaluate.
///
/// With r the radius, k the handle factor, Âₐ the unit anchor position (``BallAnchor``), ôₕ the
/// unit handle direction (``BallHandle``), sxₐ, syₐ the anchor's effective squash factors and fₕ
/// the handle's length factor:
///
///     anchor a:             P = (sxₐ·r·Âₐ.x,                    syₐ·r·Âₐ.y)
///     handle h of anchor a: P = (sxₐ·(r·Âₐ.x + fₕ·k·r·ôₕ.x),  syₐ·(r·Âₐ.y + fₕ·k·r·ôₕ.y))
///
/// i.e. each handle is k·r long on the undeformed circle, its length is multiplied by fₕ, and
/// then the anchor and both its handles are scaled about the bottom point (the origin) by the
/// anchor's factors. Every coordinate is linear in each parameter separately.
struct BallGeometry {
    var radius: Double
    var k: Double
    /// Effective x and y factors per anchor, indexed by `BallAnchor.rawValue`.
    var sx: SIMD4<Double>
    var sy: SIMD4<Double>
    /// Handle length factors, indexed by `BallHandle.rawValue`.
    var f: SIMD8<Double>

    /// The path structure: move, four cubics, close (13 stored points; the last repeats the first).
    static let verbs: [Path.Verb] = [.move, .cubic, .cubic, .cubic, .cubic, .close]
    static let pointCount = 13

    /// For stored point i: its anchor (raw value) and its handle (raw value, or −1 for an anchor).
    static let pointAnchor: [Int] = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0, 0]
    static let pointHandle: [Int] = [-1, 0, 1, -1, 2, 3, -1, 4, 5, -1, 6, 7, -1]

    /// The point before the anchor's squash: (r·Âₐ.x + fₕ·(k·r)·ôₕ.x, r·Âₐ.y + fₕ·(k·r)·ôₕ.y)
    /// for a handle, r·Âₐ for an anchor. Evaluated in this order so that the rest shape is
    /// bit-for-bit "anchor ± k·r" (what one writes by hand for a circle).
    @inline(__always)
    func unsquashed(point i: Int) -> (x: Double, y: Double) {
        // Audit: BallGeometry.pointAnchor/pointHandle are constant tables of valid raw values (handle −1 = none,
        // checked before use), so these rawValue lookups cannot fail; no user input reaches the index.
        let a = BallAnchor(rawValue: Self.pointAnchor[i])!.unitPosition
        let ax = radius * a.x, ay = radius * a.y
        let hi = Self.pointHandle[i]
        guard hi >= 0 else { return (ax, ay) }
        let o = BallHandle(rawValue: hi)!.unitDirection
        let length = f[hi] * (k * radius)
        return (ax + length * o.x, ay + length * o.y)
    }

    /// Writes the 13 stored points: (sxₐ·x, syₐ·y) of ``unsquashed(point:)``.
    func fill(xs: inout [Double], ys: inout [Double]) {
        precondition(xs.count == Self.pointCount && ys.count == Self.pointCount,
                     "the ball has \(Self.pointCount) stored points")
        for i in 0..<Self.pointCount {
            let (x, y) = unsquashed(point: i)
            let a = Self.pointAnchor[i]
            xs[i] = sx[a] * x
            ys[i] = sy[a] * y
        }
    }
}
