/// Closed forms for a symmetric arc (k₁ = k₂ = k) in the symmetric frame, as polynomials in
/// s = t(1 − t) ∈ [0, ¼] (and s′ = 1 − 2t, s′² = 1 − 4s). With a = sin θ/2, b = cos θ/2 and
/// m = 2a − 3kb (all derived from the Bernstein form and checked symbolically):
///
///     B(t)   = (b + 3ka·s,  −s′·(a + m·s))
///     B′(t)  = (3ka·s′,  3kb + 6m·s)
///     |B|² − 1 = s²(c₀ − C·s),  c₀ = 9k² + 12abk − 12a²,  C = 2c₀ − Q₁
///     |B′|²  = V(s) = 9k² + 36k(bm − ka²)·s + 36m²·s²
///     B′×B″  = W(s) = 36ka(a − kb) − 36kam·s
///     B×B′   = D(s) = 3k + (12ab − 18kb² − 6ka²)·s + 6kam·s²
///     B·B′   = ½ d|B|²/dt = ½ s′·s(2c₀ − 3C·s)
///
/// Everything is even about t = ½ except the factor s′, so every extremum search over t reduces
/// to t = ½ plus a low-degree equation in s.
public struct SymmetricArcForms: Sendable {
    public let k: Double
    public let a: Double
    public let b: Double
    /// |B|² − 1 = s²(c0 − bigC·s).
    public let c0: Double
    public let bigC: Double
    /// V(s) = v0 + v1·s + v2·s².
    public let v0: Double, v1: Double, v2: Double
    /// W(s) = w0 + w1·s.
    public let w0: Double, w1: Double
    /// D(s) = d0 + d1·s + d2·s².
    public let d0: Double, d1: Double, d2: Double

    public init(_ arc: CircularArc) {
        precondition(arc.isSymmetric, "SymmetricArcForms: the arc's handles differ")
        let k = arc.startHandle, a = arc.sinHalfAngle, b = arc.cosHalfAngle
        self.k = k
        self.a = a
        self.b = b
        let (q0, q1, _) = arc.radialCoefficients
        c0 = q0
        bigC = 2 * q0 - q1
        let m = 2 * a - 3 * k * b
        v0 = 9 * k * k
        v1 = 36 * k * (b * m - k * a * a)
        v2 = 36 * m * m
        w0 = 36 * k * a * (a - k * b)
        w1 = -36 * k * a * m
        d0 = 3 * k
        d1 = 12 * a * b - 18 * k * b * b - 6 * k * a * a
        d2 = 6 * k * a * m
    }

    /// |B|² − 1 at s.
    @inline(__always)
    public func squaredRadiusExcess(s: Double) -> Double { s * s * (c0 - bigC * s) }

    @inline(__always)
    public func speedSquared(s: Double) -> Double { v0 + s * (v1 + s * v2) }

    @inline(__always)
    public func cross(s: Double) -> Double { d0 + s * (d1 + s * d2) }

    @inline(__always)
    public func curvatureNumerator(s: Double) -> Double { w0 + w1 * s }

    /// s = t(1 − t) → the t ∈ [0, ½] with that s: t = 2s/(1 + √(1 − 4s)) (no cancellation).
    @inline(__always)
    public static func t(fromS s: Double) -> Double {
        2 * s / (1 + Swift.max(0, 1 - 4 * s).squareRoot())
    }
}
