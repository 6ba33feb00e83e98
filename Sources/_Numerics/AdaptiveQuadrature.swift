/// ∫ₐᵇ f by adaptive Gauss–Legendre quadrature with a relative and an absolute tolerance.
///
/// Each interval is integrated by the 16-point rule whole and as two halves; the halves are
/// accepted when the two estimates differ by at most the interval's share of the tolerance
/// max(`relativeTolerance`·|I₀|, `absoluteTolerance`) (I₀ the first whole-interval estimate; the
/// share is proportional to the interval's width), or by less than the rounding noise of the
/// rule, 64ε·Σwᵢ|f(xᵢ)|, or at `maxDepth`, or once `maxIntervals` intervals have been accepted
/// (so the work is bounded on every input). The tolerance is relative because the integrals of
/// the arc analysis span 30 orders of magnitude (e² is 1e-22 for 64 segments); the absolute
/// tolerance is the caller's statement of how accurately it can evaluate f at all (an integrand
/// formed by cancellation, like |B′| − θ, is only known to ε times the cancelled terms).
///
/// `public` and `@inlinable`, not `package`, only so that the kernels of other targets inline
/// it: Swift inlines only public code across modules. `_Numerics` is in no product.
public struct AdaptiveQuadrature: Sendable {
    public var relativeTolerance: Double
    public var absoluteTolerance: Double
    public var maxDepth: Int
    public var maxIntervals: Int

    public init(relativeTolerance: Double = 1e-15, absoluteTolerance: Double = 0, maxDepth: Int = 30,
                 maxIntervals: Int = 4096) {
        precondition(relativeTolerance > 0 && absoluteTolerance >= 0, "AdaptiveQuadrature: invalid tolerance")
        self.relativeTolerance = relativeTolerance
        self.absoluteTolerance = absoluteTolerance
        self.maxDepth = maxDepth
        self.maxIntervals = maxIntervals
    }

    /// The 16-point rule on [lo, hi]: the integral and Σwᵢ|f(xᵢ)| (its rounding scale).
    @inlinable @inline(__always)
    static func rule(_ lo: Double, _ hi: Double, _ f: (Double) -> Double) -> (Double, Double) {
        let g = GaussLegendre.sixteenPoint
        let half = 0.5 * (hi - lo), mid = 0.5 * (lo + hi)
        var sum = 0.0, magnitude = 0.0
        for i in 0..<16 {
            let v = g.weights[i] * f(mid + half * g.nodes[i])
            sum += v
            magnitude += abs(v)
        }
        return (half * sum, abs(half) * magnitude)
    }

    @inlinable
    public func integrate(from a: Double, to b: Double, _ f: (Double) -> Double) -> Double {
        guard b > a else { return 0 }
        let first = AdaptiveQuadrature.rule(a, b, f).0
        let tolerancePerWidth = Swift.max(relativeTolerance * abs(first), absoluteTolerance) / (b - a)
        var total = 0.0
        var accepted = 0
        var stack: [(Double, Double, Double, Int)] = [(a, b, first, 0)]
        while let (lo, hi, whole, depth) = stack.popLast() {
            let m = 0.5 * (lo + hi)
            let (left, leftMagnitude) = AdaptiveQuadrature.rule(lo, m, f)
            let (right, rightMagnitude) = AdaptiveQuadrature.rule(m, hi, f)
            let difference = abs(whole - (left + right))
            let noise = 64 * Double.ulpOfOne * (leftMagnitude + rightMagnitude)
            if difference <= Swift.max(tolerancePerWidth * (hi - lo), noise) || depth >= maxDepth
                || accepted + stack.count >= maxIntervals || !difference.isFinite {
                total += left + right
                accepted += 1
            } else {
                stack.append((m, hi, right, depth + 1))
                stack.append((lo, m, left, depth + 1))
            }
        }
        return total
    }
}
