extension DoubleDouble {
    /// (sin x, cos x) for 0 ≤ x ≤ π/2 to ≈ 1e-31 relative.
    ///
    /// With y = x/2 ≤ π/4 (exact), the Taylor polynomial sin y = y·Σ (−1)ʲ y²ʲ/(2j + 1)! is
    /// evaluated by Horner's rule in double-double up to the first j whose term is below 2⁻¹¹⁰
    /// (y² ≤ 0.62, so j ≤ 14; fewer for short arcs: 8 for a sixteenth of a circle), then
    /// cos y = √((1 − sin y)(1 + sin y)) (sin y ≤ √½, so neither factor cancels),
    /// sin x = 2·sin y·cos y and cos x = (cos y − sin y)(cos y + sin y).
    package static func sinCos(_ x: DoubleDouble) -> (sin: DoubleDouble, cos: DoubleDouble) {
        precondition(x.hi >= 0 && x.hi <= 1.5707963267948968, "DoubleDouble.sinCos: x must be in [0, π/2]")
        let y = DoubleDouble(hi: 0.5 * x.hi, lo: 0.5 * x.lo)
        let y2 = y * y
        // The degree: y²ʲ/(2j + 1)! < 2⁻¹¹⁰.
        var degree = 0
        var term = 1.0
        while degree < 15 && term >= 0x1p-110 {
            degree += 1
            term *= y2.hi / Double((2 * degree) * (2 * degree + 1))
        }
        let sinY = inverseFactorials.withUnsafeBufferPointer { c in
            var sum = DoubleDouble(0)
            for j in stride(from: degree, through: 0, by: -1) {
                let coefficient = c[2 * j + 1]
                sum = sum * y2 + (j % 2 == 0 ? coefficient : -coefficient)
            }
            return sum * y
        }
        let cosY = ((1 - sinY) * (1 + sinY)).squareRoot()
        let sinX = (sinY * cosY) * 2
        let cosX = (cosY - sinY) * (cosY + sinY)
        return (sinX, cosX)
    }

    /// 1/i! for i = 0 … 31, each from the previous by one double-double division by i (relative
    /// error ≤ 3u² per step, so ≤ 1e-30 at i = 31).
    package static let inverseFactorials: [DoubleDouble] = {
        var c = [DoubleDouble(1)]
        for i in 1...31 { c.append(c[i - 1] / Double(i)) }
        return c
    }()
}
