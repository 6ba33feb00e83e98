import _CLibc
import Geometry
import _Numerics

/// A circular arc of angle θ on the unit circle together with the cubic Bézier that approximates
/// it: handles tangent to the circle at both ends, of lengths k₁ (at the start) and k₂ (at the
/// end), in units of the radius.
///
/// The user-facing curve (``bezier``) runs counter-clockwise from angle 0 to θ:
///
///     P₀ = (1, 0),  P₁ = (1, k₁),  P₂ = (cos θ + k₂ sin θ, sin θ − k₂ cos θ),  P₃ = (cos θ, sin θ).
///
/// Every error figure is invariant under rotation, so the computations use the frame symmetric
/// about the x-axis, with h = θ/2, a = sin h, b = cos h:
///
///     P₀ = (b, −a),  P₁ = P₀ + k₁(a, b),  P₂ = P₃ + k₂(a, −b),  P₃ = (b, a).
///
/// In that frame every quantity the error analysis needs is a polynomial in a, b, k₁, k₂ with no
/// `1 − cos θ` cancellation (it is written 2a²). All figures are for radius 1 and are therefore
/// relative to the radius; multiply by r (or r² for areas) for absolute values.
///
/// Valid input: 0 < θ ≤ π (at most a half circle: two or more segments per circle) and finite
/// handle factors 0 < kᵢ; anything else is a programmer error (`precondition`). Validating user
/// input is the caller's job.
public struct CircularArc: Sendable, Hashable {
    /// θ, the arc's angle in radians.
    public let angle: Double
    /// k₁, the start handle's length over the radius.
    public let startHandle: Double
    /// k₂, the end handle's length over the radius.
    public let endHandle: Double
    /// a = sin(θ/2), rounded to double from ``exactSinHalfAngle``.
    public let sinHalfAngle: Double
    /// b = cos(θ/2), rounded to double from ``exactCosHalfAngle``.
    public let cosHalfAngle: Double
    /// h = θ/2, a and b to ≈ 106 bits (see ``DoubleDouble``): for `init(segments:)` h is π/n
    /// itself, not its rounding to double, so the figures are those of the n-th of a circle.
    let exactHalfAngle: DoubleDouble
    let exactSinHalfAngle: DoubleDouble
    let exactCosHalfAngle: DoubleDouble
    /// The radial coefficients (``radialCoefficients``) in double-double and rounded, formed
    /// once here because the integrals and root searches evaluate e(t) many times.
    let exactRadialCoefficients: (q0: DoubleDouble, q1: DoubleDouble, q2: DoubleDouble)
    public let radialCoefficients: (q0: Double, q1: Double, q2: Double)
    /// q(½) = (Q₀ + Q₁ + Q₂)/4, formed before rounding: near the optimal factors the three
    /// cancel to a small fraction (for symmetric handles it is c₀ − C/4).
    let radialMidpointCoefficient: Double

    /// The arc of angle `angle` (radians, 0 < θ ≤ π) with handle factors k₁ and k₂.
    public init(angle: Double, startHandle: Double, endHandle: Double) {
        precondition(angle > 0 && angle <= Double.pi, "CircularArc: the angle must be in (0, π]")
        self.init(halfAngle: DoubleDouble(0.5 * angle), startHandle: startHandle, endHandle: endHandle)
    }

    /// The symmetric arc (k₁ = k₂ = k) of angle `angle`.
    public init(angle: Double, handle k: Double) {
        self.init(angle: angle, startHandle: k, endHandle: k)
    }

    /// One of `segments` equal arcs of a full circle, θ = 2π/n (n ≥ 2), symmetric handles. The
    /// half angle π/n and its sine and cosine are carried to ≈ 106 bits, so every figure is that
    /// of the exact 2π/n (``angle`` is its rounding to double). That sine costs about as much as
    /// an ``ArcErrorReport``: to analyse many factors of one n, set the arc up once and take
    /// ``with(handle:)`` for each (as `beztune sweep` does).
    public init(segments: Int, handle k: Double) {
        self.init(segments: segments, startHandle: k, endHandle: k)
    }

    /// One of `segments` equal arcs of a full circle with handle factors k₁ and k₂.
    public init(segments: Int, startHandle: Double, endHandle: Double) {
        precondition(segments >= 2, "CircularArc: at least two segments per circle")
        self.init(halfAngle: DoubleDouble.pi / Double(segments), startHandle: startHandle, endHandle: endHandle)
    }

    private init(halfAngle h: DoubleDouble, startHandle: Double, endHandle: Double) {
        let (a, b) = DoubleDouble.sinCos(h)
        self.init(halfAngle: h, sin: a, cos: b, startHandle: startHandle, endHandle: endHandle)
    }

    private init(halfAngle h: DoubleDouble, sin a: DoubleDouble, cos b: DoubleDouble, startHandle: Double, endHandle: Double) {
        precondition(startHandle > 0 && startHandle.isFinite && endHandle > 0 && endHandle.isFinite,
                     "CircularArc: handle factors must be positive and finite")
        self.angle = 2 * h.value
        self.startHandle = startHandle
        self.endHandle = endHandle
        self.exactHalfAngle = h
        self.exactSinHalfAngle = a
        self.exactCosHalfAngle = b
        self.sinHalfAngle = a.value
        self.cosHalfAngle = b.value
        let q = CircularArc.radialCoefficients(sin: a, cos: b, startHandle: startHandle, endHandle: endHandle)
        exactRadialCoefficients = q
        radialCoefficients = (q.q0.value, q.q1.value, q.q2.value)
        radialMidpointCoefficient = ((q.q0 + q.q1 + q.q2) * 0.25).value
    }

    /// Arcs are equal when their half angles (to 106 bits) and handle factors are: everything
    /// else is derived from those.
    public static func == (lhs: CircularArc, rhs: CircularArc) -> Bool {
        lhs.exactHalfAngle == rhs.exactHalfAngle && lhs.startHandle == rhs.startHandle && lhs.endHandle == rhs.endHandle
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(exactHalfAngle)
        hasher.combine(startHandle)
        hasher.combine(endHandle)
    }

    /// True when k₁ = k₂: the curve is symmetric about the arc's bisector and the closed forms in
    /// s = t(1 − t) apply (see ``SymmetricArcForms``).
    public var isSymmetric: Bool { startHandle == endHandle }

    /// The same arc with other handle factors.
    public func with(startHandle: Double, endHandle: Double) -> CircularArc {
        CircularArc(halfAngle: exactHalfAngle, sin: exactSinHalfAngle, cos: exactCosHalfAngle,
                    startHandle: startHandle, endHandle: endHandle)
    }

    /// The same arc with symmetric handles k.
    public func with(handle k: Double) -> CircularArc { with(startHandle: k, endHandle: k) }

    /// The approximating cubic on the unit circle, from (1, 0) counter-clockwise to (cos θ, sin θ).
    public var bezier: CubicBezier {
        let c = cos(angle), s = sin(angle)
        let k1 = startHandle, k2 = endHandle
        return CubicBezier(Point(1, 0), Point(1, k1), Point(c + k2 * s, s - k2 * c), Point(c, s))
    }

    /// The approximating cubic in the frame symmetric about the x-axis (see the type's comment).
    public var symmetricBezier: CubicBezier {
        let a = sinHalfAngle, b = cosHalfAngle, k1 = startHandle, k2 = endHandle
        return CubicBezier(Point(b, -a), Point(b + k1 * a, -a + k1 * b),
                           Point(b + k2 * a, a - k2 * b), Point(b, a))
    }

    /// The polar angle of B(t), measured counter-clockwise from the arc's start point, in radians
    /// (θ/2 + atan2(y, x) in the symmetric frame; in [0, θ] for a curve that stays near the arc).
    public func polarAngle(at t: Double) -> Double {
        let p = symmetricBezier.point(at: t)
        return 0.5 * angle + atan2(p.y, p.x)
    }
}
