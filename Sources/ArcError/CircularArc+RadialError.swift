import _CLibc
import _Numerics

/// The radial error of the approximating cubic: how far B(t) is from the unit circle.
///
/// Exact structure (derived from the Bernstein form of |B|², checked symbolically): with
/// s = t(1 − t),
///
///     |B(t)|² − 1 = s²·q(t),   q(t) = Q₀(1 − t)² + Q₁·t(1 − t) + Q₂·t²,
///     Q₀ = 9k₁² + 12ab·k₂ − 12a²,   Q₂ = 9k₂² + 12ab·k₁ − 12a²,
///     Q₁ = 36ab(k₁ + k₂) − 18k₁k₂(1 − 2a²) − 40a²,
///
/// (a = sin θ/2, b = cos θ/2; 12ab = 6 sin θ, 12a² = 6(1 − cos θ)). The double zero at each end
/// is the tangency of the handles. For k₁ = k₂ = k, Q₀ = Q₂ = c₀ and Q₁ = 2c₀ − C, so
/// |B|² − 1 = s²(c₀ − C·s) with REFERENCES.md's c₀ = 9k² + 6k sin θ + 6 cos θ − 6 and
/// C = 18k²(1 + cos θ) − 24k sin θ + 8(1 − cos θ).
extension CircularArc {
    /// (Q₀, Q₁, Q₂) of |B(t)|² − 1 = t²(1 − t)²·(Q₀(1 − t)² + Q₁t(1 − t) + Q₂t²) in
    /// double-double, from the arc's 106-bit a and b (near the optimal factor their terms of order
    /// θ² cancel to order θ⁴, see ``DoubleDouble``), with 1 − 2a² = b² − a² = cos θ. The arc
    /// stores them, and their roundings as ``radialCoefficients``, each correct to about an ulp.
    static func radialCoefficients(sin a: DoubleDouble, cos b: DoubleDouble, startHandle k1: Double,
                                   endHandle k2: Double) -> (q0: DoubleDouble, q1: DoubleDouble, q2: DoubleDouble) {
        let ab12 = a * b * 12, aa = a * a, aa12 = aa * 12
        let q0 = DoubleDouble.twoProduct(k1, k1) * 9 + ab12 * k2 - aa12
        let q2 = DoubleDouble.twoProduct(k2, k2) * 9 + ab12 * k1 - aa12
        let cosTheta = (b - a) * (b + a)
        let q1 = ab12 * DoubleDouble.twoSum(k1, k2) * 3 - DoubleDouble.twoProduct(k1, k2) * cosTheta * 18 - aa * 40
        return (q0, q1, q2)
    }

    /// |B(t)|² − 1 for the unit circle, from the factored form s²·q(t): no cancellation against
    /// the 1, so the result has a small relative error wherever q(t) does. q is written in its
    /// values at 0, ½ and 1, q(t) = (1 − 2t)(Q₀(1 − t) − Q₂t) + 4q(½)·t(1 − t), with q(½) formed
    /// before rounding, so that q keeps its accuracy where Q₀, Q₁ and Q₂ cancel (around t = ½).
    public func squaredRadiusExcess(at t: Double) -> Double {
        let (q0, _, q2) = radialCoefficients
        let u = 1 - t, s = t * u
        return s * s * ((u - t) * (q0 * u - q2 * t) + 4 * radialMidpointCoefficient * s)
    }

    /// The radial error e(t) = |B(t)|/r − 1 (r = 1), computed as (|B|² − 1)/(|B| + 1) so that it
    /// keeps full relative precision when it is tiny (1e-11 for 64 segments). Positive outside
    /// the circle.
    public func radialError(at t: Double) -> Double {
        RadialErrorMath.radialError(fromExcess: squaredRadiusExcess(at: t))
    }
}

enum RadialErrorMath {
    /// e = √(1 + p) − 1 written as p/(1 + √(1 + p)); 1 + p is clamped at 0 (|B| = 0).
    @inline(__always)
    static func radialError(fromExcess p: Double) -> Double {
        p / (1 + Swift.max(0, 1 + p).squareRoot())
    }
}
