/// The fewest equal segments per full circle that keep the radial error within a tolerance.
public struct SegmentCount: Sendable, Equatable {
    /// The smallest n ≥ 2 with max |e| ≤ tolerance.
    public var segments: Int
    /// max |e(t)| at that n, relative to the radius.
    public var maximumRadialError: Double

    /// The largest n searched; tolerances that need more segments give nil.
    public static let searchLimit = 1 << 20

    /// The smallest relative tolerance accepted, 1e-13: max |e| is evaluated to ~1e-16 absolute,
    /// so below ~1e-15 the error no longer falls monotonically with n (it is rounding noise),
    /// and 1e-13 (n ≈ 150 for the midpoint factor) keeps a wide margin.
    public static let smallestTolerance = 1e-13

    /// The smallest n ≥ 2 for which the criterion's handle keeps max |e(t)| ≤ `tolerance`
    /// (relative to the radius, at least ``smallestTolerance``; for an absolute tolerance T at radius
    /// R pass T/R), or nil when even ``searchLimit`` segments do not.
    ///
    /// The error of every criterion falls monotonically with n (as θ⁶ for small θ; checked in the
    /// tests for n ≤ 150), so the search doubles n until the tolerance holds and then bisects.
    public static func fewest(for criterion: HandleCriterion, tolerance: Double) -> SegmentCount? {
        precondition(tolerance >= smallestTolerance, "SegmentCount: the tolerance is below 1e-13")
        func error(_ n: Int) -> Double {
            CircularArc(segments: n, handle: criterion.handle(segments: n)).radialExtrema.maximumMagnitude
        }
        var lo = 1, hi = 2  // invariant: error(lo) > tolerance (lo = 1 stands for "none"), error(hi) ≤ ?
        var errorHi = error(hi)
        while errorHi > tolerance {
            guard hi < searchLimit else { return nil }
            lo = hi
            hi = Swift.min(2 * hi, searchLimit)
            errorHi = error(hi)
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            let e = error(mid)
            if e <= tolerance { (hi, errorHi) = (mid, e) } else { lo = mid }
        }
        return SegmentCount(segments: hi, maximumRadialError: errorHi)
    }
}
