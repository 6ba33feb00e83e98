import _CLibc
import _CIntrinsics

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
/// 1 + 0.9·(min ρ(z) − 1), capped at 64, leaving a margin for the rounding of the roots. For
/// N ≥ 8 the bound is K·ρ^(2−2N) with K = h·4M(1 + 1/255)/(ρ² − 1) independent of N
/// (`ellipseBound`), which is what lets the integrator pick N before evaluating anything.
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
    /// Roots of H, `rootCount` of them (their conjugates are the other branch points and have the
    /// same ρ); stored inline, so that setting up a curve allocates nothing.
    let rootCount: Int
    let roots: (ComplexValue, ComplexValue)
    /// The largest |Hᵢ|, which bounds the speed (convex hull of the hodograph) and sets the scale
    /// of the rounding in |B′|.
    let hodographMagnitude: Double

    init(_ curve: CubicBezier) {
        self.curve = curve
        let h0 = 3 * (curve.p1 - curve.p0), h1 = 3 * (curve.p2 - curve.p1), h2 = 3 * (curve.p3 - curve.p2)
        c = h0
        b = 2 * (h1 - h0)
        a = h0 - 2 * h1 + h2
        let r = ComplexValue.quadraticRootPair(ComplexValue(a), ComplexValue(b), ComplexValue(c))
        rootCount = r.count
        roots = (r.first, r.second)
        hodographMagnitude = Swift.max(h0.length, h1.length, h2.length)
    }

    /// The branch points' roots of H, as an array (for tests and diagnostics).
    var branchPoints: [ComplexValue] { Array([roots.0, roots.1].prefix(rootCount)) }

    /// |B′(t)|.
    @inline(__always)
    func speed(at t: Double) -> Double { curve.derivative(at: t).length }

    /// True when B′ ≡ 0 (all control points equal): the length is exactly 0.
    var isPoint: Bool { a == .zero && b == .zero && c == .zero }

    /// min over the branch points z of ρ(z) = α + √(α² − 1), α = (|w − 1| + |w + 1|)/2,
    /// w = (z − m)/h, for [lo, hi] = [m − h, m + h]: the largest Bernstein ellipse of the
    /// interval free of branch points. +∞ without branch points, ≈ 1 when one lies on [lo, hi].
    @inline(__always)
    func ellipseParameter(from lo: Double, to hi: Double) -> Double {
        let m = 0.5 * (lo + hi), inverseH = 1 / (0.5 * (hi - lo))
        @inline(__always) func rho(_ z: ComplexValue) -> Double {
            let wr = (z.re - m) * inverseH, wi = z.im * inverseH
            let wi2 = wi * wi
            let alpha = 0.5 * (((wr - 1) * (wr - 1) + wi2).squareRoot() + ((wr + 1) * (wr + 1) + wi2).squareRoot())
            guard alpha.isFinite else { return .infinity }
            return alpha + ((alpha - 1) * (alpha + 1)).squareRoot()
        }
        switch rootCount {
        case 0: return .infinity
        case 1: return rho(roots.0)
        default: return Swift.min(rho(roots.0), rho(roots.1))
        }
    }

    /// B′(m + h·w) = b₀ + b₁w + b₂w² on [lo, hi] = [m − h, m + h]: b₀ = B′(m) (Bernstein form),
    /// b₁ = h·B″(m), b₂ = h²·A.
    @inline(__always)
    func localHodograph(from lo: Double, to hi: Double) -> (b0: Point, b1: Point, b2: Point) {
        let m = 0.5 * (lo + hi), h = 0.5 * (hi - lo)
        return (curve.derivative(at: m), h * (b + (2 * m) * a), (h * h) * a)
    }

    /// The factor K of the Bernstein-ellipse bound K·ρ^(2−2N) on |∫ₐᵇ |B′| − G_N| for the N-point
    /// Gauss rule, N ≥ 8 (the type's documentation): K = h·4M(1 + 1/255)/(ρ² − 1), with
    /// ρ = 1 + 0.9(ρ₀ − 1) capped at 64 (a margin for the rounding of the roots) and M the
    /// Chebyshev bound of |B′| on E_ρ. `rho0` is `ellipseParameter`, > 1.
    @inline(__always)
    func ellipseBound(from lo: Double, to hi: Double, rho0: Double,
                      hodograph: (b0: Point, b1: Point, b2: Point)) -> (factor: Double, rho: Double) {
        let h = 0.5 * (hi - lo)
        let rho = Swift.min(64, 1 + 0.9 * (rho0 - 1))
        // Chebyshev coefficients of B′ in w: c₀ = b₀ + b₂/2, c₁ = b₁, c₂ = b₂/2.
        let (b0, b1, b2) = hodograph
        let c0 = b0 + 0.5 * b2, c1 = b1, c2 = 0.5 * b2
        let r2 = rho * rho, inverse = 1 / rho
        let t1 = 0.5 * (rho + inverse), t2 = 0.5 * (r2 + inverse * inverse)
        let mx = abs(c0.x) + abs(c1.x) * t1 + abs(c2.x) * t2
        let my = abs(c0.y) + abs(c1.y) * t1 + abs(c2.y) * t2
        let bound = Point(mx, my).length
        return (h * 4 * bound * (1 + 1 / 255.0) / (r2 - 1), rho)
    }

    /// The Bernstein-ellipse bound on |∫ₐᵇ speed − G_N| for the N-point Gauss rule (N ≥ 8), or
    /// +∞ when a branch point lies on [a, b] (ρ = 1).
    func analyticBound(from lo: Double, to hi: Double, points n: Int) -> Double {
        let rho0 = ellipseParameter(from: lo, to: hi)
        guard rho0 > 1 + 1e-9 else { return .infinity }
        let e = ellipseBound(from: lo, to: hi, rho0: rho0, hodograph: localHodograph(from: lo, to: hi))
        return e.factor * pow(e.rho, Double(2 - 2 * n))
    }

    /// The N-point Gauss–Legendre estimate of ∫ |B′| over [lo, hi] from the local hodograph
    /// b₀ + b₁w + b₂w², four nodes per vector (relaxed multiply-add, correctly rounded vector
    /// square root), N a multiple of 4.
    @inline(__always)
    func gaussLegendre(from lo: Double, to hi: Double, hodograph: (b0: Point, b1: Point, b2: Point),
                       rule: UnsafePointer<Double>, points n: Int) -> Double {
        typealias V = SIMD4<Double>
        let (b0, b1, b2) = hodograph
        let b0x = V(repeating: b0.x), b0y = V(repeating: b0.y), b1x = V(repeating: b1.x), b1y = V(repeating: b1.y)
        let b2x = V(repeating: b2.x), b2y = V(repeating: b2.y)
        var sum = V()
        var i = 0
        let raw = UnsafeRawPointer(rule)
        while i < n {
            let w = raw.loadUnaligned(fromByteOffset: 8 * i, as: V.self)
            let weight = raw.loadUnaligned(fromByteOffset: 8 * (n + i), as: V.self)
            let x = bt_relaxed_fma_double4(bt_relaxed_fma_double4(b2x, w, b1x), w, b0x)
            let y = bt_relaxed_fma_double4(bt_relaxed_fma_double4(b2y, w, b1y), w, b0y)
            sum = bt_relaxed_fma_double4(weight, bt_sqrt_double4(bt_relaxed_fma_double4(x, x, y * y)), sum)
            i += 4
        }
        return 0.5 * (hi - lo) * ((sum[0] + sum[1]) + (sum[2] + sum[3]))
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
