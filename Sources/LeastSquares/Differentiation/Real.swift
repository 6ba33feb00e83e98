/// The arithmetic a residual model needs, so that one generic model serves both plain evaluation
/// (`Double`) and exact forward-mode derivatives (``Dual``).
///
/// Write a model once as `func f<T: Real>(_ b: [T], x: Double) -> T`, lift data with `T(x)` and
/// call the elementary functions through the type: `T.exp(-b[1] * T(x))`. The operations are the
/// field operations and the functions below; each conforming type documents its accuracy
/// (`Double` uses the C library, ``Dual`` applies the chain rule to the same calls).
public protocol Real: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, Sendable {
    /// The constant `value` (derivative zero for ``Dual``).
    init(_ value: Double)

    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    static func * (lhs: Self, rhs: Self) -> Self
    static func / (lhs: Self, rhs: Self) -> Self
    static prefix func - (operand: Self) -> Self

    /// eˣ.
    static func exp(_ x: Self) -> Self
    /// The natural logarithm, NaN for x < 0.
    static func log(_ x: Self) -> Self
    /// √x, NaN for x < 0.
    static func sqrt(_ x: Self) -> Self
    /// sin x, x in radians.
    static func sin(_ x: Self) -> Self
    /// cos x, x in radians.
    static func cos(_ x: Self) -> Self
    /// arctan x ∈ (−π/2, π/2). (One argument on purpose: `atan2` is a different function — NIST
    /// Roszman1 is defined with arctan(b₃/(x − b₄)).)
    static func atan(_ x: Self) -> Self
    /// xʸ, NaN for x < 0 and non-integral y.
    static func pow(_ x: Self, _ y: Self) -> Self
}
