/// Evaluation of a function given piecewise between knots whose positions strictly increase
/// (keyframe times, easing stops): held at the first knot's value up to its position, at the
/// last knot's from its position on, and between knots by the caller's rule on the interval
/// that holds the argument.
package enum PiecewiseLookup {
    /// f(x) over `knots` (ordered by strictly increasing `position`): NaN when there are none;
    /// `value` of the first knot for x ≤ its position, of the last for x ≥ its position;
    /// otherwise `between(lo, hi)` for the neighbours hi = lo + 1 with position(lo) ≤ x <
    /// position(hi), found by binary search. (A NaN x reaches `between` with lo = 0.)
    @inlinable
    package static func evaluate<Knot>(_ knots: [Knot], at x: Double, position: (Knot) -> Double,
                                       value: (Knot) -> Double, between: (Int, Int) -> Double) -> Double {
        guard let first = knots.first, let last = knots.last else { return .nan }
        if x <= position(first) { return value(first) }
        if x >= position(last) { return value(last) }
        var lo = 0, hi = knots.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if position(knots[mid]) <= x { lo = mid } else { hi = mid }
        }
        return between(lo, hi)
    }
}
