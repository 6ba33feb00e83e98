/// A real polynomial of degree ≤ 5 in Bernstein form on [0, 1]:
///
///     f(u) = Σₖ cₖ·bₖ(u),   bₖ(u) = C(5, k)·(1 − u)^(5−k)·uᵏ,   k = 0…5.
///
/// The form nearest-point queries need: (B(t) − q)·B′(t) of a cubic B is a quintic, and its
/// Bernstein coefficients come from the exact product rule (`init(cubic:quadratic:)`). Lower
/// degrees are represented exactly by degree elevation.
///
/// Properties used (Farouki & Rajan, "On the numerical condition of polynomials in Bernstein
/// form", CAGD 4 (1987); Lane & Riesenfeld, "Bounds on a polynomial", BIT 21 (1981)):
/// - f(0) = c₀ and f(1) = c₅ exactly; min cₖ ≤ f ≤ max cₖ on [0, 1] (convex hull).
/// - Variation diminishing (Descartes' rule of signs for the Bernstein basis): the number of roots
///   in the open interval (0, 1), counted with multiplicity, is at most the number V of sign
///   changes of c₀…c₅ (zeros skipped) and has V's parity when c₀ ≠ 0 ≠ c₅. So V = 0 ⇒ no root in
///   (0, 1); V = 1 ⇒ exactly one, simple root there (the sign just right of 0 is that of the first
///   non-zero coefficient, just left of 1 that of the last, and they differ).
/// - Subdivision by de Casteljau's algorithm gives the coefficients on each half, rescaled to
///   [0, 1]; every intermediate is a convex combination, so it is backward stable.
/// Stored as six fields, not an array: no allocation, and fast in unoptimised builds.
@frozen
public struct BernsteinQuintic: Sendable, Hashable {
    public var c0, c1, c2, c3, c4, c5: Double

    @inlinable
    public init(_ c0: Double, _ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double) {
        (self.c0, self.c1, self.c2, self.c3, self.c4, self.c5) = (c0, c1, c2, c3, c4, c5)
    }

    /// The coefficients in order c₀…c₅.
    public var coefficients: [Double] { [c0, c1, c2, c3, c4, c5] }

    /// The dot product a(u)·b(u) of a vector cubic a (Bernstein control vectors a₀…a₃) and a
    /// vector quadratic b (b₀…b₂), by the product rule for Bernstein polynomials
    ///
    ///     cₖ = Σ_{i+j=k} C(3,i)·C(2,j)/C(5,k) · aᵢ·bⱼ
    ///
    /// i.e. c₀ = a₀·b₀, c₁ = (2a₀·b₁ + 3a₁·b₀)/5, c₂ = (a₀·b₂ + 6a₁·b₁ + 3a₂·b₀)/10,
    /// c₃ = (3a₁·b₂ + 6a₂·b₁ + a₃·b₀)/10, c₄ = (3a₂·b₂ + 2a₃·b₁)/5, c₅ = a₃·b₂ — exact algebra,
    /// each coefficient a convex combination of the products (weights sum to one).
    @inlinable
    public init(cubic a: (Point, Point, Point, Point), quadratic b: (Point, Point, Point)) {
        let (a0, a1, a2, a3) = a
        let (b0, b1, b2) = b
        self.init(a0.dot(b0),
                  (2 * a0.dot(b1) + 3 * a1.dot(b0)) / 5,
                  (a0.dot(b2) + 6 * a1.dot(b1) + 3 * a2.dot(b0)) / 10,
                  (3 * a1.dot(b2) + 6 * a2.dot(b1) + a3.dot(b0)) / 10,
                  (3 * a2.dot(b2) + 2 * a3.dot(b1)) / 5,
                  a3.dot(b2))
    }

    /// The largest coefficient magnitude, max |cₖ| — a bound on max |f| over [0, 1].
    @inlinable
    public var magnitude: Double {
        Swift.max(Swift.max(abs(c0), abs(c1)), Swift.max(abs(c2), abs(c3)), Swift.max(abs(c4), abs(c5)))
    }

    /// The polynomial times s (every coefficient scaled; roots unchanged for s ≠ 0).
    @inlinable
    public func scaled(by s: Double) -> BernsteinQuintic {
        BernsteinQuintic(s * c0, s * c1, s * c2, s * c3, s * c4, s * c5)
    }

    /// f(u) by de Casteljau's algorithm (stable for u ∈ [0, 1], exact at the ends).
    @inlinable
    public func value(at u: Double) -> Double {
        valueAndDerivative(at: u).value
    }

    /// f(u) and f′(u) from de Casteljau's triangle at u (`split(at:)`): its last two values
    /// e₀, e₁ (the left half's c₄, the right half's c₁) give f = (1−u)e₀ + u·e₁ (the halves'
    /// common end) and f′ = 5(e₁ − e₀).
    @inlinable
    public func valueAndDerivative(at u: Double) -> (value: Double, derivative: Double) {
        let (left, right) = split(at: u)
        return (left.c5, 5 * (right.c1 - left.c4))
    }

    /// The coefficients on [0, ½] and [½, 1], each rescaled to [0, 1] (de Casteljau at ½:
    /// only halvings and additions, so exact up to one rounding per operation).
    @inlinable
    public func halves() -> (BernsteinQuintic, BernsteinQuintic) {
        let a0 = 0.5 * (c0 + c1), a1 = 0.5 * (c1 + c2), a2 = 0.5 * (c2 + c3)
        let a3 = 0.5 * (c3 + c4), a4 = 0.5 * (c4 + c5)
        let b0 = 0.5 * (a0 + a1), b1 = 0.5 * (a1 + a2), b2 = 0.5 * (a2 + a3), b3 = 0.5 * (a3 + a4)
        let d0 = 0.5 * (b0 + b1), d1 = 0.5 * (b1 + b2), d2 = 0.5 * (b2 + b3)
        let e0 = 0.5 * (d0 + d1), e1 = 0.5 * (d1 + d2)
        let m = 0.5 * (e0 + e1)
        return (BernsteinQuintic(c0, a0, b0, d0, e0, m), BernsteinQuintic(m, e1, d2, b3, a4, c5))
    }

    /// The coefficients on [0, u] and [u, 1], each rescaled to [0, 1] (de Casteljau at u).
    @inlinable
    public func split(at u: Double) -> (BernsteinQuintic, BernsteinQuintic) {
        let s = 1 - u
        let a0 = s * c0 + u * c1, a1 = s * c1 + u * c2, a2 = s * c2 + u * c3
        let a3 = s * c3 + u * c4, a4 = s * c4 + u * c5
        let b0 = s * a0 + u * a1, b1 = s * a1 + u * a2, b2 = s * a2 + u * a3, b3 = s * a3 + u * a4
        let d0 = s * b0 + u * b1, d1 = s * b1 + u * b2, d2 = s * b2 + u * b3
        let e0 = s * d0 + u * d1, e1 = s * d1 + u * d2
        let m = s * e0 + u * e1
        return (BernsteinQuintic(c0, a0, b0, d0, e0, m), BernsteinQuintic(m, e1, d2, b3, a4, c5))
    }

    /// The coefficients on [u0, u1] ⊂ [0, 1], rescaled to [0, 1] (two de Casteljau splits).
    @inlinable
    public func restricted(from u0: Double, to u1: Double) -> BernsteinQuintic {
        if u0 <= 0 && u1 >= 1 { return self }
        if u0 <= 0 { return split(at: u1).0 }
        let right = split(at: u0).1
        if u1 >= 1 { return right }
        return right.split(at: (u1 - u0) / (1 - u0)).0
    }

    /// The number of sign changes in c₀…c₅ with zero coefficients skipped — the bound V on the
    /// number of roots in (0, 1) (see the type's documentation).
    @inlinable
    public var signVariations: Int {
        var count = 0
        var last = c0
        if c1 != 0 { if last != 0 && (last < 0) != (c1 < 0) { count += 1 }; last = c1 }
        if c2 != 0 { if last != 0 && (last < 0) != (c2 < 0) { count += 1 }; last = c2 }
        if c3 != 0 { if last != 0 && (last < 0) != (c3 < 0) { count += 1 }; last = c3 }
        if c4 != 0 { if last != 0 && (last < 0) != (c4 < 0) { count += 1 }; last = c4 }
        if c5 != 0 { if last != 0 && (last < 0) != (c5 < 0) { count += 1 } }
        return count
    }

    /// The sign of f just right of u = 0: that of the first non-zero coefficient (0 when all are 0).
    @inlinable
    public var signAfterStart: Double {
        let c = c0 != 0 ? c0 : c1 != 0 ? c1 : c2 != 0 ? c2 : c3 != 0 ? c3 : c4 != 0 ? c4 : c5
        return c > 0 ? 1 : c < 0 ? -1 : 0
    }

    /// The sign of f just left of u = 1: that of the last non-zero coefficient (0 when all are 0).
    @inlinable
    public var signBeforeEnd: Double {
        let c = c5 != 0 ? c5 : c4 != 0 ? c4 : c3 != 0 ? c3 : c2 != 0 ? c2 : c1 != 0 ? c1 : c0
        return c > 0 ? 1 : c < 0 ? -1 : 0
    }
}
