import Foundation

/// The speed |B′(t)| of a cubic and the two proven bounds the arc-length integrator uses on the
/// error of a Gauss–Legendre estimate of ∫ₐᵇ |B′| dt.
///
/// B′(t) = C + Bt + At² with C = H₀, B = 2(H₁ − H₀), A = H₀ − 2H₁ + H₂, Hᵢ = 3(Pᵢ₊₁ − Pᵢ) the
/// hodograph's control points.
///
/// **Analytic (Bernstein-ellipse) bound.** |B′|² = P(t) = B′ₓ(t)² + B′ᵧ(t)² extends to complex t
/// as the polynomial P(z) = H(z)·K(z), H = B′ₓ + iB′ᵧ, K = B′ₓ − iB′ᵧ (complex coefficients; K's
/// roots are the conjugates of H's). The speed √P is analytic wherever P ≠ 0, so its only
/// singularities are the ≤ 4 *branch points*: the roots of H and their conjugates. A real root
/// is a cusp (B′ = 0); a pair close to the real axis is a near-cusp, where the speed dips sharply.
/// Map [a, b] to [−1, 1] by t = m + h·w. For ρ > 1 the Bernstein ellipse E_ρ has foci ±1 and
/// semi-axes (ρ ± ρ⁻¹)/2; the branch point z lies on the ellipse with
/// ρ(z) = α + √(α² − 1), α = (|w − 1| + |w + 1|)/2, w = (z − m)/h. For ρ < min ρ(z), √P is
/// analytic in E_ρ and bounded there by M = √(Mₓ² + Mᵧ²), where Mₓ bounds |B′ₓ| on E_ρ through
/// its Chebyshev coefficients (B′ₓ(m + hw) = c₀ + c₁T₁(w) + c₂T₂(w) and |T_k| ≤ (ρᵏ + ρ⁻ᵏ)/2
/// there). Then the Chebyshev coefficients of the speed obey |a_k| ≤ 2Mρ^−k (Trefethen,
/// *Approximation Theory and Approximation Practice*, Thm 8.1); the N-point Gauss rule is exact
/// to degree 2N − 1 and integrates odd T_k exactly, and for even k ≥ 2N, |∫T_k| ≤ 2/(4N² − 1),
/// |G_N(T_k)| ≤ Σwᵢ = 2, so
///
///     |∫ₐᵇ |B′| − G_N| ≤ h · 4M(1 + 1/(4N² − 1)) · ρ^(2−2N) / (ρ² − 1)
///
/// (the same argument gives Trefethen's Thm 19.3, "Is Gauss quadrature better than
/// Clenshaw–Curtis?", SIAM Review 50 (2008), with constant 64/15). ρ is taken as
/// 1 + 0.9·(min ρ(z) − 1), capped at 64, leaving a margin for the rounding of the roots.
///
/// **Range (convex-hull) bound.** On [a, b] the hodograph restricted to the interval has Bernstein
/// control points K₀ = B′(a), K₁ = C + B(a+b)/2 + A·ab (the blossom), K₂ = B′(b), and P = |B′|² has
/// the degree-4 Bernstein coefficients K₀·K₀, K₀·K₁, (K₀·K₂ + 2K₁·K₁)/3, K₁·K₂, K₂·K₂, so
/// √max(0, min βₖ) ≤ |B′| ≤ √max βₖ on [a, b] and the integral lies in (b − a)·[that range].
/// Useless on wide intervals, it is what certifies intervals ending at an exact cusp (where ρ = 1):
/// there the width of the range shrinks like (b − a)².
struct CubicSpeed {
    /// The cubic, scaled so that max |Pᵢ| ∈ [1, 2) (power of two, exact); lengths scale back.
    let curve: CubicBezier
    let a: Point, b: Point, c: Point
    /// Roots of H (their conjugates are the other branch points and have the same ρ).
    let branchPoints: [ComplexValue]
    /// The largest |Hᵢ|, scale of the rounding in |B′|.
    let hodographMagnitude: Double

    init(_ curve: CubicBezier) {
        self.curve = curve
        let h0 = 3 * (curve.p1 - curve.p0), h1 = 3 * (curve.p2 - curve.p1), h2 = 3 * (curve.p3 - curve.p2)
        c = h0
        b = 2 * (h1 - h0)
        a = h0 - 2 * h1 + h2
        branchPoints = ComplexValue.quadraticRoots(ComplexValue(a), ComplexValue(b), ComplexValue(c))
        hodographMagnitude = Swift.max(h0.length, h1.length, h2.length)
    }

    /// |B′(t)|.
    @inline(__always)
    func speed(at t: Double) -> Double { curve.derivative(at: t).length }

    /// True when B′ ≡ 0 (all control points equal): the length is exactly 0.
    var isPoint: Bool { a == .zero && b == .zero && c == .zero }

    /// The Bernstein-ellipse bound on |∫ₐᵇ speed − G_N| for the N-point Gauss rule, or +∞ when a
    /// branch point lies on [a, b] (ρ = 1).
    func analyticBound(from lo: Double, to hi: Double, points n: Int) -> Double {
        let m = 0.5 * (lo + hi), h = 0.5 * (hi - lo)
        var rho0 = Double.infinity
        for z in branchPoints {
            let w = (1 / h) * (z - ComplexValue(m, 0))
            let alpha = 0.5 * ((w - ComplexValue(1, 0)).magnitude + (w + ComplexValue(1, 0)).magnitude)
            guard alpha.isFinite else { continue }
            rho0 = Swift.min(rho0, alpha + ((alpha - 1) * (alpha + 1)).squareRoot())
        }
        guard rho0 > 1 + 1e-9 else { return .infinity }
        let rho = Swift.min(64, 1 + 0.9 * (rho0 - 1))
        // Chebyshev coefficients of B′ on [lo, hi] in w: b₀ + b₁w + b₂w² with b₀ = B′(m),
        // b₁ = h·B″(m), b₂ = h²·A; c₀ = b₀ + b₂/2, c₁ = b₁, c₂ = b₂/2.
        let b0 = c + m * b + (m * m) * a
        let b1 = h * (b + (2 * m) * a)
        let b2 = (h * h) * a
        let c0 = b0 + 0.5 * b2, c1 = b1, c2 = 0.5 * b2
        let t1 = 0.5 * (rho + 1 / rho), t2 = 0.5 * (rho * rho + 1 / (rho * rho))
        let mx = abs(c0.x) + abs(c1.x) * t1 + abs(c2.x) * t2
        let my = abs(c0.y) + abs(c1.y) * t1 + abs(c2.y) * t2
        let bound = Point(mx, my).length
        let nn = Double(n)
        return h * 4 * bound * (1 + 1 / (4 * nn * nn - 1)) * pow(rho, 2 - 2 * nn) / (rho * rho - 1)
    }

    /// Lower and upper bounds on the speed over [lo, hi] from the Bernstein coefficients of |B′|².
    func speedRange(from lo: Double, to hi: Double) -> (lower: Double, upper: Double) {
        let k0 = curve.derivative(at: lo), k2 = curve.derivative(at: hi)
        let k1 = c + (0.5 * (lo + hi)) * b + (lo * hi) * a
        let b0 = k0.dot(k0), b1 = k0.dot(k1), b2 = (k0.dot(k2) + 2 * k1.dot(k1)) / 3
        let b3 = k1.dot(k2), b4 = k2.dot(k2)
        let least = Swift.min(b0, b1, b2, b3, b4), most = Swift.max(b0, b1, b2, b3, b4)
        return (Swift.max(0, least).squareRoot(), most.squareRoot())
    }
}
