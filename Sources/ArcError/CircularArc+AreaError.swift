import _CLibc
import _Numerics

/// The area error against the circular sector, exact (Green's theorem).
///
/// The region bounded by the radius to P₀, the curve and the radius from P₃ has signed area
/// A = ½∮(x dy − y dx) = ½∫₀¹ B × B′ dt (the radii contribute nothing: x dy − y dx = 0 along a
/// line through the origin). For the cubic this integral is a polynomial (derived symbolically):
///
///     A = ab + (3/5)a²(k₁ + k₂) − (3/10)ab·k₁k₂,   a = sin θ/2, b = cos θ/2,
///
/// and the sector's area is θ/2 = h. The relative error (A − h)/h is computed as
/// [(3/5)a²(k₁ + k₂) − (3/10)ab·k₁k₂ − (h − ab)]/h, the bracket in double-double from the arc's
/// 106-bit h, a and b: its terms, of order θ³, cancel to order θ⁷ near the area-preserving
/// factor (see ``DoubleDouble``), and h − ab = (θ − sin θ)/2 comes from its Taylor series for
/// θ ≤ 1 rather than from h and ab, which agree to order θ³.
extension CircularArc {
    /// A, the area between the curve and the two radii, for radius 1 (multiply by r²).
    public var bezierSectorArea: Double {
        let a = sinHalfAngle, b = cosHalfAngle
        return a * b + 0.6 * a * a * (startHandle + endHandle) - 0.3 * a * b * startHandle * endHandle
    }

    /// (A − r²θ/2)/(r²θ/2): the signed area error relative to the sector's area.
    public var areaError: Double {
        let a = exactSinHalfAngle, b = exactCosHalfAngle, h = exactHalfAngle
        // (3/5)a²(k₁ + k₂) − (3/10)ab·k₁k₂ = [6a²(k₁ + k₂) − 3ab·k₁k₂]/10.
        let excess = (a * a * DoubleDouble.twoSum(startHandle, endHandle) * 6
            - a * b * DoubleDouble.twoProduct(startHandle, endHandle) * 3) / 10
        return ((excess - sectorMinusTriangle) / h).value
    }

    /// h − ab = (x − sin x)/2, x = θ = 2h, in double-double. h and ab agree to about x²/6, so
    /// for x ≤ 1/32 (more than 200 segments) the difference would keep too few of the 106 bits:
    /// there the Taylor polynomial Σⱼ₌₁ (−1)ʲ⁺¹ x²ʲ⁺¹/(2j + 1)! (Horner's rule, at most 7 terms
    /// for 2⁻¹¹⁰ of the first); above, h − ab directly (at most 12 of the 106 bits lost).
    var sectorMinusTriangle: DoubleDouble {
        let x = exactHalfAngle * 2
        guard x.hi <= 0.03125 else { return exactHalfAngle - exactSinHalfAngle * exactCosHalfAngle }
        let x2 = x * x
        var degree = 1
        var term = 1.0  // the j-th term over the first
        while degree < 14 && term >= 0x1p-110 {
            degree += 1
            term *= x2.hi / Double((2 * degree) * (2 * degree + 1))
        }
        let c = DoubleDouble.inverseFactorials
        var sum = DoubleDouble(0)
        for j in stride(from: degree, through: 1, by: -1) {
            sum = sum * x2 + (j % 2 == 1 ? c[2 * j + 1] : -c[2 * j + 1])
        }
        return sum * x2 * x * 0.5
    }

    /// The symmetric handle factor that makes A equal the sector area: the smaller root of
    /// (3/10)ab·k² − (6/5)a²·k + (h − ab) = 0, written k = 2c/((6/5)a² + √((36/25)a⁴ − (6/5)ab·c))
    /// with c = h − ab (cancellation-free).
    public static func areaPreservingHandle(angle: Double) -> Double {
        let arc = CircularArc(angle: angle, handle: 1)
        return arc.areaPreservingHandle
    }

    var areaPreservingHandle: Double {
        let a = exactSinHalfAngle, b = exactCosHalfAngle
        let c = sectorMinusTriangle
        let a2 = a * a
        // 1.2 = 6/5 and 1.44 = 36/25, kept exact by dividing by 5 and 25.
        let root = ((a2 * a2 * 36) / 25 - (a * b * c * 6) / 5).squareRoot()
        return ((c * 2) / ((a2 * 6) / 5 + root)).value
    }
}
