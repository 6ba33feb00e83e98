import _Numerics

/// The relative arc-length error (L − θ)/θ of a symmetric, near-circular arc by a series with
/// exact moments, for the arcs on which quadrature cannot resolve it.
///
/// With |B′|² = θ²(1 + u), u(s) = N(s)/θ², N(s) = (v₀ − θ²) + v₁s + v₂s² (``SymmetricArcForms``,
/// s = t(1 − t)),
///
///     (L − θ)/θ = ∫₀¹ (√(1 + u) − 1) dt = Σⱼ₌₁ (½ choose j)·θ⁻²ʲ·∫₀¹ N(s)ʲ dt,
///     ∫₀¹ sⁱ dt = B(i + 1, i + 1) = (i!)²/(2i + 1)!,
///
/// a polynomial identity term by term, convergent for |u| < 1. Near the optimal factors the
/// terms cancel deeply — for 4096 segments the first two are 1e-14 and their sum 1e-22 — so
/// every term is formed in double-double from the forms' 106-bit coefficients (which is what a
/// quadrature of |B′| − θ in double cannot do: its integrand is only known to ε·|u|). Used
/// always when max|u| ≤ 2⁻¹⁰ on s ∈ [0, ¼] (at most 13 terms reach 2⁻¹¹² of the first), up
/// to max|u| ≤ 2⁻³ (at most 38 terms) where a quadrature in double has cancelled
/// (``needed(quadrature:magnitude:)``), and up to 2⁻² (57 terms) for the arc-length-preserving
/// factor's root, where every sum cancels by construction.
enum ArcLengthSeries {
    /// ∫₀¹ (u/2 − u²/8) dt, the series' first two terms, from exact moments in double-double.
    /// With ``remainder(_:)`` integrated in double it gives (L − θ)/θ with an error of order
    /// ε·max|u|³ instead of the ε·max|u| of integrating √(1 + u) − 1 directly: for 16 segments
    /// near the optimum 1e-15 relative instead of 1e-11.
    static func leadingTerms(_ f: SymmetricArcForms) -> Double {
        let (n0, n1, n2) = f.exactSpeedExcess
        let t2 = f.exactThetaSquared
        // With ∫₀¹ sⁱ dt = 1, 1/6, 1/30, 1/140, 1/630 (i = 0 … 4), over common denominators:
        // ∫N = n0 + (5n1 + n2)/30 and
        // ∫N² = n0² + (210·n0n1 + 21(n1² + 2n0n2) + 9·n1n2 + n2²)/630,
        // and ∫(u/2 − u²/8) = (4θ²·∫N − ∫N²)/(8θ⁴).
        let linear = n0 + (n1 * 5 + n2) / 30
        let square = n0 * n0 + (n0 * n1 * 210 + (n1 * n1 + n0 * n2 * 2) * 21 + n1 * n2 * 9 + n2 * n2) / 630
        return ((t2 * linear * 4 - square) / (t2 * t2 * 8)).value
    }

    /// Whether the split into ``leadingTerms(_:)`` and ``remainder(_:)`` pays: for max|u| ≤ ½,
    /// where the two exact terms do not outgrow (L − θ)/θ itself. Beyond, √(1 + u) − 1 is
    /// integrated directly (the arc is far from the circle and nothing much cancels).
    static func splits(_ f: SymmetricArcForms) -> Bool { bound(f) <= 0.5 }

    /// √(1 + u) − 1 − u/2 + u²/8 = u³(R + 3)/(8(1 + R)³), R = √(1 + u) (from
    /// √(1 + u) − 1 = u/(1 + R) twice): no cancellation for any u > −1.
    @inline(__always)
    static func remainder(_ u: Double) -> Double {
        let r = Swift.max(0, 1 + u).squareRoot(), p = 1 + r
        return u * u * u * (r + 3) / (8 * p * p * p)
    }

    /// max|u| over the arc: |N| at s = 0, ¼ and at N's vertex if it lies between (N is
    /// quadratic in s), over θ², with a relative margin of 1e-9 for the rounding.
    static func bound(_ f: SymmetricArcForms) -> Double {
        let (n0, n1, n2) = (f.exactSpeedExcess.0.hi, f.exactSpeedExcess.1.hi, f.exactSpeedExcess.2.hi)
        var largest = Swift.max(abs(n0), abs(n0 + 0.25 * (n1 + 0.25 * n2)))
        if n2 != 0 {
            let vertex = -n1 / (2 * n2)
            if vertex > 0 && vertex < 0.25 { largest = Swift.max(largest, abs(n0 + vertex * (n1 + vertex * n2))) }
        }
        return largest / f.exactThetaSquared.hi * (1 + 1e-9)
    }

    /// Whether a quadrature's value is too cancelled to keep 1e-13 relative: its rounding,
    /// ≈ 16ε times the sum of the magnitudes of its terms, against its value.
    static func needed(quadrature value: Double, magnitude: Double) -> Bool {
        16 * Double.ulpOfOne * magnitude > 1e-13 * abs(value)
    }

    /// (L − θ)/θ, or nil when max|u| > `largestBound` (at most 2⁻²; the caller integrates).
    static func relativeLengthError(_ f: SymmetricArcForms, largestBound: Double = 0x1p-10) -> Double? {
        precondition(largestBound <= 0x1p-2, "ArcLengthSeries: the series is only used for max|u| ≤ 1/4")
        let (n0, n1, n2) = f.exactSpeedExcess
        let bound = ArcLengthSeries.bound(f)
        guard bound <= largestBound else { return nil }
        guard bound > 0 else { return 0 }
        // u's coefficients, N/θ² in double-double.
        let u0 = n0 / f.exactThetaSquared, u1 = n1 / f.exactThetaSquared, u2 = n2 / f.exactThetaSquared
        // Terms until bound^(j − 1) ≤ 2⁻¹¹²: at most 57 for max|u| ≤ 2⁻²; uʲ has degree 2j.
        let capacity = 2 * maximumTerms + 1
        return withUnsafeTemporaryAllocation(of: DoubleDouble.self, capacity: 2 * capacity) { buffer in
            let power = buffer.baseAddress!, moments = power + capacity  // uʲ's coefficients in s; ∫₀¹ sⁱ dt
            power[0] = DoubleDouble(1)
            moments[0] = DoubleDouble(1)
            var degree = 0
            var binomial = DoubleDouble(1)  // (½ choose j)
            var sum = DoubleDouble(0)
            var magnitude = bound
            for j in 1...maximumTerms {
                // uʲ = uʲ⁻¹·u, from the top down so each coefficient is read before it is replaced.
                power[degree + 2] = power[degree] * u2
                power[degree + 1] = power[degree] * u1 + (degree >= 1 ? power[degree - 1] * u2 : DoubleDouble(0))
                var i = degree
                while i >= 0 {
                    var c = power[i] * u0
                    if i >= 1 { c = c + power[i - 1] * u1 }
                    if i >= 2 { c = c + power[i - 2] * u2 }
                    power[i] = c
                    i -= 1
                }
                for i in (degree + 1)...(degree + 2) {
                    let x = Double(i)
                    moments[i] = moments[i - 1] * (x * x) / ((2 * x) * (2 * x + 1))
                }
                degree += 2
                // (½ choose j) = (½ choose j − 1)·(3/2 − j)/j.
                binomial = binomial * (1.5 - Double(j)) / Double(j)
                var integral = DoubleDouble(0)
                for i in 0...degree { integral = integral + power[i] * moments[i] }
                sum = sum + binomial * integral
                if magnitude <= 0x1p-112 * bound { break }
                magnitude *= bound
            }
            return sum.value
        }
    }

    /// Terms enough for max|u| ≤ 2⁻² to reach 2⁻¹¹² of the first.
    static let maximumTerms = 57
}
