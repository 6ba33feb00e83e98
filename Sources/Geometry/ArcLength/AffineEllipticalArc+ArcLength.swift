import _CLibc
import _Numerics

extension AffineEllipticalArc {
    /// θ* where the speed is extreme: |E′|² = (P + Q)/2 + (Q − P)/2·cos 2θ − S·sin 2θ (see
    /// `AffineEllipticalArc`) has derivative −(Q − P)·sin 2θ − 2S·cos 2θ, zero at
    /// 2θ = atan2(−2S, Q − P) (mod π): the speed is extreme at θ* + kπ/2 — the ends of the
    /// ellipse's principal axes.
    var principalAngle: Double {
        let (a, b, c, d) = (map.a, map.b, map.c, map.d)
        let p = a * a + b * b, q = c * c + d * d, s = a * c + b * d
        return atan2(-2 * s, q - p) / 2
    }

    /// [lo, hi] cut at the principal angles θ* + kπ/2 inside it, so that on each piece the speed
    /// is monotone and the piece spans at most a quarter of the ellipse.
    func principalPieces(_ lo: Double, _ hi: Double) -> [(Double, Double)] {
        guard hi > lo else { return [] }
        var cuts = [lo]
        for theta in Self.angles(principalAngle, period: Double.pi / 2, in: lo, hi) where theta > lo && theta < hi {
            cuts.append(theta)
        }
        cuts.append(hi)
        return (0..<(cuts.count - 1)).map { (cuts[$0], cuts[$0 + 1]) }
    }

    /// The 16-point Gauss–Legendre rule on [lo, hi]: the integral and Σwᵢ|f(xᵢ)| (its rounding
    /// scale).
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

    /// The deepest halving of a piece by `integrateSpeed`.
    static let maximumLengthDepth = 40

    /// ∫ |E′(θ)| dθ over [lo, hi] (lo ≤ hi) by adaptive 16-point Gauss–Legendre: each interval is
    /// integrated whole and as two halves, and the halves are accepted when they differ from the
    /// whole by at most the interval's share τ·(width/total width) of `tolerance`, or by less
    /// than the rounding noise 64ε·Σwᵢ|fᵢ|. Returns the integral, an error estimate — the sum
    /// over accepted intervals of the difference (for this analytic integrand the halves' error
    /// is far below it; the tests check it against mpmath's elliptic integrals) plus the
    /// rounding noise — and how it ended: `.roundingLimited` when that estimate exceeds
    /// `tolerance` only because of rounding. The range is first cut at the principal angles
    /// (`principalPieces`).
    func integrateSpeed(_ lo: Double, _ hi: Double, tolerance: Double) -> (Double, Double, ArcLengthResult.Status) {
        guard hi > lo else { return (0, 0, .converged) }
        let perWidth = tolerance / (hi - lo)
        var total = 0.0, error = 0.0
        var status = ArcLengthResult.Status.converged
        let f = { (theta: Double) in self.speed(atAngle: theta) }
        for (a, b) in principalPieces(lo, hi) {
            var stack: [(Double, Double, Double, Int)] = [(a, b, Self.rule(a, b, f).0, 0)]
            while let (l, h, whole, depth) = stack.popLast() {
                let m = 0.5 * (l + h)
                let (left, leftMagnitude) = Self.rule(l, m, f)
                let (right, rightMagnitude) = Self.rule(m, h, f)
                let difference = abs(whole - (left + right))
                let noise = 64 * Double.ulpOfOne * (leftMagnitude + rightMagnitude)
                if difference <= perWidth * (h - l) || difference <= noise || depth >= Self.maximumLengthDepth
                    || !difference.isFinite {
                    total += left + right
                    error += difference + noise
                    if !difference.isFinite {
                        status = .nonFinite
                    } else if difference > perWidth * (h - l) {
                        status = ArcLengthResult.Status.worse(status, difference <= noise ? .roundingLimited : .limitReached)
                    }
                } else {
                    stack.append((m, h, right, depth + 1))
                    stack.append((l, m, left, depth + 1))
                }
            }
        }
        if status == .converged && error > tolerance { status = .roundingLimited }
        return (total, error, status)
    }

    /// The arc length ∫ over the arc's angle range of |E′(θ)| dθ, to `accuracy` (absolute, in
    /// the arc's units) by `integrateSpeed`; `errorEstimate` is the sum of the accepted
    /// differences between whole and halved intervals.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        let all = [map.a, map.b, map.c, map.d, map.e, map.f, startAngle, sweepAngle]
        guard all.allSatisfy({ $0.isFinite }) else {
            return ArcLengthResult(length: .nan, errorEstimate: .infinity, status: .nonFinite)
        }
        let (lo, hi) = angleRange
        let (length, error, status) = integrateSpeed(lo, hi, tolerance: accuracy)
        return ArcLengthResult(length: length, errorEstimate: error, status: status)
    }

    /// The angle θ at arc length `s` from the start (0 ≤ s ≤ `length`, the arc's length as
    /// `arcLength` computed it), moving in the sweep's direction: Newton's method on
    /// F(θ) = ∫ from θ₁ of |E′| − s (F′ = the speed), kept inside a bracket by bisection, with
    /// F by `integrateSpeed` to 1e-15 of `length`. E(θ) lies on the ellipse whatever the
    /// accuracy of θ; its arc-length position is within about 1e-13 of `length` of s.
    public func angle(atLength s: Double, length: Double) -> Double {
        let direction: Double = sweepAngle >= 0 ? 1 : -1
        let span = abs(sweepAngle)
        guard length > 0, span > 0 else { return startAngle }
        let target = Swift.min(Swift.max(0, s), length)
        let tolerance = 1e-15 * length
        // Along u = |θ − θ₁| ∈ [0, span]: F(u) = length from θ₁ to θ₁ ± u.
        func lengthTo(_ u: Double) -> Double {
            let theta = startAngle + direction * u
            let (lo, hi) = direction > 0 ? (startAngle, theta) : (theta, startAngle)
            return integrateSpeed(lo, hi, tolerance: tolerance).0
        }
        var low = 0.0, high = span
        var u = span * target / length
        for _ in 0..<60 {
            let residual = lengthTo(u) - target
            if abs(residual) <= 1e-13 * length { break }
            if residual > 0 { high = u } else { low = u }
            let speed = self.speed(atAngle: startAngle + direction * u)
            var next = speed > 0 ? u - residual / speed : .nan
            if !(next > low && next < high) { next = 0.5 * (low + high) }
            if next == u { break }
            u = next
        }
        return startAngle + direction * u
    }
}
