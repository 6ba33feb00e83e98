import Foundation

/// The area error against the circular sector, exact (Green's theorem).
///
/// The region bounded by the radius to P₀, the curve and the radius from P₃ has signed area
/// A = ½∮(x dy − y dx) = ½∫₀¹ B × B′ dt (the radii contribute nothing: x dy − y dx = 0 along a
/// line through the origin). For the cubic this integral is a polynomial (derived symbolically):
///
///     A = ab + (3/5)a²(k₁ + k₂) − (3/10)ab·k₁k₂,   a = sin θ/2, b = cos θ/2,
///
/// and the sector's area is θ/2 = h. The relative error (A − h)/h is computed as
/// [(3/5)a²(k₁ + k₂) − (3/10)ab·k₁k₂ − (h − ab)]/h with h − ab = (θ − sin θ)/2 from its Taylor
/// series for θ ≤ 1, so no term is lost to cancellation for small θ.
extension CircularArc {
    /// A, the area between the curve and the two radii, for radius 1 (multiply by r²).
    public var bezierSectorArea: Double {
        let a = sinHalfAngle, b = cosHalfAngle
        return a * b + 0.6 * a * a * (startHandle + endHandle) - 0.3 * a * b * startHandle * endHandle
    }

    /// (A − r²θ/2)/(r²θ/2): the signed area error relative to the sector's area.
    public var areaError: Double {
        let a = sinHalfAngle, b = cosHalfAngle, h = 0.5 * angle
        let excess = 0.6 * a * a * (startHandle + endHandle) - 0.3 * a * b * startHandle * endHandle
        return (excess - CircularArc.halfAngleMinusSinCos(h)) / h
    }

    /// h − sin h·cos h = (x − sin x)/2 with x = 2h, by the alternating Taylor series
    /// x³/3! − x⁵/5! + … for x ≤ 1 (terms shrink by ≥ 20× each; 12 terms reach ε), else directly.
    static func halfAngleMinusSinCos(_ h: Double) -> Double {
        let x = 2 * h
        guard x <= 1 else { return 0.5 * (x - sin(x)) }
        let x2 = x * x
        var term = x * x2 / 6
        var sum = 0.0
        var j = 1
        while j <= 12 {
            sum += term
            term *= -x2 / Double((2 * j + 2) * (2 * j + 3))
            j += 1
        }
        return 0.5 * sum
    }

    /// The symmetric handle factor that makes A equal the sector area: the smaller root of
    /// (3/10)ab·k² − (6/5)a²·k + (h − ab) = 0, written k = 2c/((6/5)a² + √((36/25)a⁴ − (6/5)ab·c))
    /// with c = h − ab (cancellation-free).
    public static func areaPreservingHandle(angle: Double) -> Double {
        let arc = CircularArc(angle: angle, handle: 1)
        return arc.areaPreservingHandle
    }

    var areaPreservingHandle: Double {
        let a = sinHalfAngle, b = cosHalfAngle
        let c = CircularArc.halfAngleMinusSinCos(0.5 * angle)
        return 2 * c / (1.2 * a * a + (1.44 * a * a * a * a - 1.2 * a * b * c).squareRoot())
    }
}
