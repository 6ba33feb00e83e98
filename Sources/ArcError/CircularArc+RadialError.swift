import Foundation

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
    /// (Q₀, Q₁, Q₂) of |B(t)|² − 1 = t²(1 − t)²·(Q₀(1 − t)² + Q₁t(1 − t) + Q₂t²).
    public var radialCoefficients: (q0: Double, q1: Double, q2: Double) {
        let a = sinHalfAngle, b = cosHalfAngle, k1 = startHandle, k2 = endHandle
        let ab12 = 12 * a * b, aa12 = 12 * a * a
        let q0 = 9 * k1 * k1 + ab12 * k2 - aa12
        let q2 = 9 * k2 * k2 + ab12 * k1 - aa12
        let q1 = 3 * ab12 * (k1 + k2) - 18 * k1 * k2 * (1 - 2 * a * a) - 40 * a * a
        return (q0, q1, q2)
    }

    /// |B(t)|² − 1 for the unit circle, from the factored form s²·q(t): no cancellation against
    /// the 1, so the result has a small relative error wherever q(t) does.
    public func squaredRadiusExcess(at t: Double) -> Double {
        let (q0, q1, q2) = radialCoefficients
        let u = 1 - t, s = t * u
        return s * s * (q0 * u * u + q1 * t * u + q2 * t * t)
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
