import _Numerics

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
    /// m = 2a − 3kb (of order θ³ near the optimal factors).
    public let m: Double
    /// |B(½)|² − 1 = (c₀ − C/4)/16 = (2Q₀ + Q₁)/64, formed before rounding (c₀ and C/4 cancel
    /// to a tenth near the minimax factor).
    public let midpointExcess: Double
    /// v₀ − θ² = 9k² − θ², so that |B′|² − θ² = (v₀ − θ²) + v₁s + v₂s² keeps its own scale.
    public let v0MinusTheta2: Double
    /// (v₀ − θ², v₁, v₂) and θ² in double-double, for ``ArcLengthSeries``.
    let exactSpeedExcess: (DoubleDouble, DoubleDouble, DoubleDouble)
    let exactThetaSquared: DoubleDouble

    /// Every coefficient in which terms cancel near the optimal factors (c₀, C, m, v₁, w₀, d₁,
    /// v₀ − θ²) is formed in double-double from the arc's 106-bit a, b and θ/2 and rounded once
    /// (see ``DoubleDouble``).
    public init(_ arc: CircularArc) {
        precondition(arc.isSymmetric, "SymmetricArcForms: the arc's handles differ")
        let k = arc.startHandle, a = arc.sinHalfAngle, b = arc.cosHalfAngle
        self.k = k
        self.a = a
        self.b = b
        let q = arc.exactRadialCoefficients
        c0 = q.q0.value
        bigC = (q.q0 * 2 - q.q1).value
        midpointExcess = ((q.q0 * 2 + q.q1) * 0.015625).value
        let ea = arc.exactSinHalfAngle, eb = arc.exactCosHalfAngle
        let em = ea * 2 - eb * k * 3
        let m = em.value
        self.m = m
        let ka = ea * k
        let ev1 = (eb * em - ka * ea) * k * 36
        v0 = 9 * k * k
        v1 = ev1.value
        v2 = 36 * m * m
        w0 = 36 * k * a * (ea - eb * k).value
        w1 = -36 * k * a * m
        d0 = 3 * k
        d1 = (ea * eb * 12 - eb * eb * k * 18 - ka * ea * 6).value
        d2 = 6 * k * a * m
        let theta = arc.exactHalfAngle * 2
        let theta2 = theta * theta
        let ev0 = DoubleDouble.twoProduct(k, k) * 9 - theta2
        v0MinusTheta2 = ev0.value
        exactSpeedExcess = (ev0, ev1, em * em * 36)
        exactThetaSquared = theta2
    }

    /// |B|² − 1 at s.
    @inline(__always)
    public func squaredRadiusExcess(s: Double) -> Double { s * s * (c0 - bigC * s) }

    @inline(__always)
    public func speedSquared(s: Double) -> Double { v0 + s * (v1 + s * v2) }

    /// |B′|² − θ² at s, at its own scale (no cancellation against θ²).
    @inline(__always)
    public func speedSquaredExcess(s: Double) -> Double { v0MinusTheta2 + s * (v1 + s * v2) }

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
