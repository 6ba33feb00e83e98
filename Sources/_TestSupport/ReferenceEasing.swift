/// Timing curves computed the slow, obviously correct way, for checking the library's and the
/// command line's (an independent computation, never the code under test).
package enum ReferenceEasing {
    /// CSS's cubic-bezier(x1, y1, x2, y2) at `x`: the Bézier from (0, 0) to (1, 1) with inner
    /// control points (x1, y1) and (x2, y2), x(t) = x solved by bisection on [0, 1] (200
    /// halvings; x(t) increases for x1, x2 in [0, 1], CSS Easing Functions Level 1, §3.2), then
    /// y(t).
    package static func cubicBezier(x1: Double, y1: Double, x2: Double, y2: Double, at x: Double) -> Double {
        func bezier(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var (lo, hi) = (0.0, 1.0)
        for _ in 0..<200 {
            let t = (lo + hi) / 2
            if bezier(x1, x2, t) < x { lo = t } else { hi = t }
        }
        return bezier(y1, y2, (lo + hi) / 2)
    }
}
