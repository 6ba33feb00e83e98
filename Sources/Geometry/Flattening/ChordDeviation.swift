import _Numerics

/// How far a cubic piece strays from its chord: a sound upper bound on
///
///     δ = max_{t ∈ [0,1]} dist(Q(t), [Q₀, Q₃]),
///
/// the distance of the curve to the chord *segment*, exact whenever the curve's projection onto
/// the chord line stays within the segment.
///
/// Derivation. Let L = |Q₃ − Q₀|, u = (Q₃ − Q₀)/L the chord direction and n = u rotated by 90°
/// (for L = 0 take u = (1, 0)). In the frame (u, n) at Q₀ the curve has the Bernstein coordinates
///
///     along  a(t) = 3(1−t)²t·a₁ + 3(1−t)t²·a₂ + t³·L,   aᵢ = u·(Qᵢ − Q₀),
///     across h(t) = 3(1−t)²t·h₁ + 3(1−t)t²·h₂,           hᵢ = n·(Qᵢ − Q₀)
///
/// and dist(Q(t), segment)² = h(t)² + o(t)², with the overshoot o(t) = max(0, −a(t), a(t) − L).
/// - max |h| is found exactly: h′(t)/3 = h₁ + (2h₂ − 4h₁)t + 3(h₁ − h₂)t² = 0 (a quadratic,
///   `QuadraticRoots`), |h| compared at its roots in (0, 1) (h vanishes at both ends).
/// - When 0 ≤ a₁, a₂ ≤ L, a(t) ∈ [0, L] by the convex-hull property, o ≡ 0 and the bound is
///   max |h| — exact. Otherwise min and max of a(t) are found the same way (roots of a′, a
///   quadratic) and o_max = max(0, −min a, max a − L).
/// - δ ≤ √(max h² + o_max²), since each term bounds its own part at every t.
/// Floating point: every quantity is a few roundings of numbers no larger than max|Qᵢ − Q₀|, so
/// the computed bound is within a few ε·max|Qᵢ − Q₀| of the exact one; `Flattening` allows for it.
public enum ChordDeviation {
    /// The upper bound on δ described above, in the curve's units (≥ 0; NaN for non-finite input).
    public static func bound(_ q: CubicBezier) -> Double {
        let v = q.p3 - q.p0
        let length = v.length
        let u = length > 0 ? unitDirection(v) : Point(1, 0)
        let n = Point(-u.y, u.x)
        let d1 = q.p1 - q.p0, d2 = q.p2 - q.p0
        let h1 = n.dot(d1), h2 = n.dot(d2)
        let a1 = u.dot(d1), a2 = u.dot(d2)
        let across = maxAbsAcross(h1, h2)
        if a1 >= 0 && a2 >= 0 && a1 <= length && a2 <= length { return across }
        let (lo, hi) = alongRange(a1, a2, length)
        let overshoot = Swift.max(0, -lo, hi - length)
        return Point(across, overshoot).length
    }

    /// v/|v| for v ≠ 0, formed from v scaled by the power of two that brings its larger
    /// coordinate into [1, 2): exact, and the same bits as v/|v| wherever |v|² is a normal
    /// number, but a unit vector also when v's coordinates are subnormal (whose few significant
    /// bits made v/|v| up to 0.5 % short of unit length, and the bound as much too small).
    static func unitDirection(_ v: Point) -> Point {
        let m = v.maxMagnitude
        guard m.isFinite else { return v / v.length }
        // 2^(−e) in two factors: for a subnormal m, −e exceeds the largest exponent (1023).
        let e = Int(m.exponent), first = Swift.min(-e, 1000)
        let w = v * Double(sign: .plus, exponent: first, significand: 1)
            * Double(sign: .plus, exponent: -e - first, significand: 1)
        return w / w.length
    }

    /// max over [0, 1] of |3(1−t)²t·h₁ + 3(1−t)t²·h₂|.
    static func maxAbsAcross(_ h1: Double, _ h2: Double) -> Double {
        var best = 0.0
        let roots = QuadraticRoots(a: 3 * (h1 - h2), b: 2 * h2 - 4 * h1, c: h1)
        for i in 0..<roots.count {
            let t = i == 0 ? roots.first : roots.second
            if t > 0 && t < 1 {
                let s = 1 - t
                best = Swift.max(best, abs(3 * s * t * (s * h1 + t * h2)))
            }
        }
        return best
    }

    /// min and max over [0, 1] of 3(1−t)²t·a₁ + 3(1−t)t²·a₂ + t³·L (the ends give 0 and L;
    /// interior extrema at the roots of a′/3 = a₁ + (2a₂ − 4a₁)t + (3a₁ − 3a₂ + L)t²).
    static func alongRange(_ a1: Double, _ a2: Double, _ length: Double) -> (Double, Double) {
        var lo = 0.0, hi = length
        let roots = QuadraticRoots(a: 3 * a1 - 3 * a2 + length, b: 2 * a2 - 4 * a1, c: a1)
        for i in 0..<roots.count {
            let t = i == 0 ? roots.first : roots.second
            if t > 0 && t < 1 {
                let s = 1 - t
                let a = 3 * s * t * (s * a1 + t * a2) + t * t * t * length
                lo = Swift.min(lo, a)
                hi = Swift.max(hi, a)
            }
        }
        return (lo, hi)
    }
}
