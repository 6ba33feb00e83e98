/// Box bounds lⱼ ≤ xⱼ ≤ uⱼ on the parameters of a least-squares problem, for
/// ``LevenbergMarquardt/minimize(_:from:bounds:)``.
///
/// Either side may be infinite (−∞ for no lower bound, +∞ for no upper bound); lⱼ = uⱼ fixes a
/// parameter. The solver keeps every point it evaluates inside the box *exactly*: a trial point
/// is the componentwise projection P(x) = min(max(x, l), u), so a parameter that reaches a bound
/// is equal to it bit for bit (see ``LevenbergMarquardt`` for the active-set method).
public struct Bounds: Sendable, Equatable {
    /// l, n entries, each −∞ or finite.
    public let lower: [Double]
    /// u, n entries, each finite or +∞, uⱼ ≥ lⱼ.
    public let upper: [Double]

    /// The box [l, u]. Throws when the counts differ, a bound is NaN, a lower bound is +∞, an
    /// upper bound is −∞, or lⱼ > uⱼ — the error names the first offending parameter.
    public init(lower: [Double], upper: [Double]) throws(BoundsError) {
        guard lower.count == upper.count else {
            throw BoundsError(parameter: nil, reason: "\(lower.count) lower bounds but \(upper.count) upper bounds")
        }
        for j in 0..<lower.count {
            let (l, u) = (lower[j], upper[j])
            if l.isNaN || u.isNaN {
                throw BoundsError(parameter: j, reason: "a bound is NaN")
            }
            if l == .infinity { throw BoundsError(parameter: j, reason: "the lower bound is +∞") }
            if u == -.infinity { throw BoundsError(parameter: j, reason: "the upper bound is −∞") }
            if l > u { throw BoundsError(parameter: j, reason: "the lower bound \(l) exceeds the upper bound \(u)") }
        }
        self.lower = lower
        self.upper = upper
    }

    /// n parameters without bounds (every lⱼ = −∞, uⱼ = +∞).
    public static func unbounded(_ n: Int) -> Bounds {
        // Audit: the one try! in Sources; cannot fail: −∞ < +∞ everywhere, whatever n.
        try! Bounds(lower: [Double](repeating: -.infinity, count: n),
                    upper: [Double](repeating: .infinity, count: n))
    }

    /// n, the number of parameters.
    public var count: Int { lower.count }

    /// True when xⱼ ∈ [lⱼ, uⱼ] for every j.
    public func contains(_ x: [Double]) -> Bool {
        precondition(x.count == count, "Bounds: x has \(x.count) entries, the bounds have \(count)")
        for j in 0..<count where !(x[j] >= lower[j] && x[j] <= upper[j]) { return false }
        return true
    }

    /// P(x) = min(max(x, l), u), componentwise: the nearest point of the box. Entries already
    /// inside are returned unchanged (bit for bit); the others become exactly lⱼ or uⱼ.
    public func project(_ x: [Double]) -> [Double] {
        precondition(x.count == count, "Bounds: x has \(x.count) entries, the bounds have \(count)")
        var p = x
        for j in 0..<count {
            if p[j] < lower[j] { p[j] = lower[j] }
            if p[j] > upper[j] { p[j] = upper[j] }
        }
        return p
    }

    /// Which bound xⱼ sits on, by exact equality (nil when it is strictly inside). A parameter
    /// fixed by lⱼ = uⱼ reports ``BoundSide/lower``.
    public func side(of x: [Double]) -> [BoundSide?] {
        precondition(x.count == count, "Bounds: x has \(x.count) entries, the bounds have \(count)")
        return (0..<count).map { j in
            if x[j] == lower[j] { return .lower }
            if x[j] == upper[j] { return .upper }
            return nil
        }
    }
}
