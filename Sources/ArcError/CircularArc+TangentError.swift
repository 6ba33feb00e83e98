import _CLibc
import Geometry
import _Numerics

/// The tangent-direction error: the angle ψ(t) between the curve's direction B′(t) and the
/// circle's tangent at the point's polar angle, i.e. the direction perpendicular to B(t),
/// counter-clockwise: T(t) = (−B_y, B_x)/|B|. Since B′·T ∝ B × B′ and the radial component of B′
/// is ∝ B·B′,
///
///     ψ(t) = atan2(B·B′, B × B′),   positive when the curve heads outward.
///
/// ψ = 0 at both ends (the handles are tangent). B·B′ = ½ d|B|²/dt comes from the factored
/// radial polynomial (no cancellation), B × B′ from the control points. The maximum of |ψ| is
/// taken over the critical points of ψ, the roots of N′D − ND′ with N = B·B′, D = B × B′
/// (degree 8 in t; for symmetric handles a quartic in s, below), plus the roots of N where
/// D < 0: there the curve runs backwards, ψ wraps through ±180° and |ψ| = 180° is the maximum.
/// Reported in degrees, unsigned.
extension CircularArc {
    /// ψ(t) in radians.
    public func tangentError(at t: Double) -> Double {
        let curve = symmetricBezier
        let (q0, q1, q2) = radialCoefficients
        let a0 = q0, a1 = q1 - 2 * q0, a2 = q0 - q1 + q2
        let g = 2 * a0 + t * ((3 * a1 - 4 * a0) + t * ((4 * a2 - 5 * a1) - 6 * a2 * t))
        let n = 0.5 * t * (1 - t) * g
        return atan2(n, curve.point(at: t).cross(curve.derivative(at: t)))
    }

    /// max over t of |ψ(t)|, in degrees: closed form for symmetric handles, root isolation
    /// otherwise.
    public var maximumTangentErrorDegrees: Double {
        isSymmetric ? symmetricMaximumTangentErrorDegrees : maximumTangentErrorDegreesByRootIsolation
    }

    public var maximumTangentErrorDegreesByRootIsolation: Double {
        let (q0, q1, q2) = radialCoefficients
        let a0 = q0, a1 = q1 - 2 * q0, a2 = q0 - q1 + q2
        let g = Polynomial([2 * a0, 3 * a1 - 4 * a0, 4 * a2 - 5 * a1, -6 * a2])
        let n = 0.5 * (Polynomial([0, 1, -1]) * g)
        let (c0, c1, c2, c3) = symmetricBezier.powerCoefficients
        let bx = Polynomial([c0.x, c1.x, c2.x, c3.x]), by = Polynomial([c0.y, c1.y, c2.y, c3.y])
        let d = bx * by.derivative - by * bx.derivative
        let critical = n.derivative * d - n * d.derivative
        var best = 0.0
        // Critical points of ψ, and the roots of N where |ψ| = 180° if the curve runs backwards.
        for t in RealRoots.of(critical, in: 0...1) + RealRoots.of(g, in: 0...1) where t > 0 && t < 1 {
            best = Swift.max(best, abs(tangentError(at: t)))
        }
        return best * 180 / Double.pi
    }

    /// Symmetric handles: tan ψ = s′F(s)/(2D(s)) with F = s(2c₀ − 3Cs), s′ = √(1 − 4s) on
    /// t ≤ ½ (|ψ| is even about ½). With G = (1 − 4s)F²/D² = tan²ψ, G′ = 0 away from F = 0 ⇔
    ///
    ///     H(s) = −4F·D + 2(1 − 4s)(F′D − FD′) = 0,
    ///     F′D − FD′ = 2c₀d₀ − 6Cd₀·s − (2c₀d₂ + 3Cd₁)·s²,
    ///
    /// a quartic in s whose roots in (0, ¼) are the critical points of ψ (ψ = 0 at s = 0, ¼ and
    /// at F = 0).
    var symmetricMaximumTangentErrorDegrees: Double { symmetricMaximumTangentErrorDegrees(SymmetricArcForms(self)) }

    func symmetricMaximumTangentErrorDegrees(_ f: SymmetricArcForms) -> Double {
        let c0 = f.c0, cc = f.bigC
        let e0 = 2 * c0 * f.d0, e1 = -6 * cc * f.d0, e2 = -(2 * c0 * f.d2 + 3 * cc * f.d1)
        // F·D = 2c₀d₀·s + (2c₀d₁ − 3Cd₀)s² + (2c₀d₂ − 3Cd₁)s³ − 3Cd₂·s⁴
        let fd1 = 2 * c0 * f.d0, fd2 = 2 * c0 * f.d1 - 3 * cc * f.d0
        let fd3 = 2 * c0 * f.d2 - 3 * cc * f.d1, fd4 = -3 * cc * f.d2
        var best = 0.0
        RealRoots.forEachQuarticRoot(2 * e0, -4 * fd1 + 2 * e1 - 8 * e0, -4 * fd2 + 2 * e2 - 8 * e1,
                                     -4 * fd3 - 8 * e2, -4 * fd4, in: 0, 0.25) { s in
            guard s > 0 && s < 0.25 else { return }
            let num = (1 - 4 * s).squareRoot() * s * (2 * c0 - 3 * cc * s)
            best = Swift.max(best, abs(atan2(num, 2 * f.cross(s: s))))
        }
        // Where B·B′ = 0 (t = ½ and s = 2c₀/(3C)) and B × B′ < 0 the curve runs backwards:
        // |ψ| = 180°, a maximum that is not a critical point of ψ (ψ wraps there).
        let sZero = 2 * c0 / (3 * cc)
        if f.cross(s: 0.25) < 0 || (sZero > 0 && sZero < 0.25 && f.cross(s: sZero) < 0) { best = Double.pi }
        return best * 180 / Double.pi
    }
}
