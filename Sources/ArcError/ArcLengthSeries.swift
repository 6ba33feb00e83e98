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
/// when max|u| ≤ 2⁻¹⁰ on s ∈ [0, ¼], where at most 12 terms reach 2⁻¹¹² of the first.
enum ArcLengthSeries {
    /// (L − θ)/θ, or nil when max|u| > 2⁻¹⁰ (the caller integrates instead).
    static func relativeLengthError(_ f: SymmetricArcForms) -> Double? {
        let (n0, n1, n2) = f.exactSpeedExcess
        let theta2 = f.exactThetaSquared.value
        let bound = (abs(n0.hi) + 0.25 * abs(n1.hi) + 0.0625 * abs(n2.hi)) / theta2
        guard bound <= 0x1p-10 else { return nil }
        guard bound > 0 else { return 0 }
        // u's coefficients, N/θ² in double-double.
        let u0 = n0 / f.exactThetaSquared, u1 = n1 / f.exactThetaSquared, u2 = n2 / f.exactThetaSquared
        // At most 13 terms for max|u| ≤ 2⁻¹⁰ (each term's bound falls by 2¹⁰): uʲ has degree 2j ≤ 26.
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

    /// Terms enough for max|u| ≤ 2⁻¹⁰ to reach 2⁻¹¹² of the first.
    static let maximumTerms = 13
}
