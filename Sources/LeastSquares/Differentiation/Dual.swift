/// A dual number a + a′ε with ε² = 0: forward-mode automatic differentiation in one direction.
///
/// Evaluating a ``Real``-generic function f at `Dual(value: x, derivative: v)` yields
/// `(f(x), f′(x)·v)` exactly up to rounding, with no truncation error (Griewank & Walther,
/// *Evaluating Derivatives*, 2nd ed., ch. 3). A Jacobian column ∂r/∂xⱼ is one evaluation with
/// `v = eⱼ`; ``AutomaticJacobian`` does that for every j. The value part is computed by the
/// same C-library calls as the `Double` evaluation, so it is bit-identical to it.
///
/// Rules (u = a, w = b below):
/// - (u ± w)′ = u′ ± w′, (u·w)′ = u′w + uw′, (u/w)′ = (u′ − (u/w)·w′)/w
/// - exp(u)′ = exp(u)·u′, log(u)′ = u′/u, √u′ = u′/(2√u)
/// - sin(u)′ = cos(u)·u′, cos(u)′ = −sin(u)·u′, atan(u)′ = u′/(1 + u²)
/// - (uʷ)′ = w·u^(w−1)·u′ + uʷ·log(u)·w′, each term omitted when its tangent is exactly zero, so a
///   constant exponent works for negative bases and a constant base for any exponent.
public struct Dual: Real, Hashable, CustomStringConvertible {
    /// The primal value a.
    public var value: Double
    /// The tangent a′ (the directional derivative carried along).
    public var derivative: Double

    @inlinable
    public init(value: Double, derivative: Double) {
        self.value = value
        self.derivative = derivative
    }

    /// The constant `value` (derivative 0).
    @inlinable public init(_ value: Double) { self.init(value: value, derivative: 0) }
    @inlinable public init(integerLiteral value: Int) { self.init(Double(value)) }
    @inlinable public init(floatLiteral value: Double) { self.init(value) }

    /// The independent variable `value` (derivative 1).
    @inlinable public static func variable(_ value: Double) -> Dual { Dual(value: value, derivative: 1) }

    public var description: String { "\(value) + \(derivative)ε" }

    @inlinable public static func + (a: Dual, b: Dual) -> Dual {
        Dual(value: a.value + b.value, derivative: a.derivative + b.derivative)
    }
    @inlinable public static func - (a: Dual, b: Dual) -> Dual {
        Dual(value: a.value - b.value, derivative: a.derivative - b.derivative)
    }
    @inlinable public static func * (a: Dual, b: Dual) -> Dual {
        Dual(value: a.value * b.value, derivative: a.derivative * b.value + a.value * b.derivative)
    }
    @inlinable public static func / (a: Dual, b: Dual) -> Dual {
        let q = a.value / b.value
        return Dual(value: q, derivative: (a.derivative - q * b.derivative) / b.value)
    }
    @inlinable public static prefix func - (a: Dual) -> Dual {
        Dual(value: -a.value, derivative: -a.derivative)
    }

    @inlinable public static func exp(_ u: Dual) -> Dual {
        let e = libmExp(u.value)
        return Dual(value: e, derivative: e * u.derivative)
    }
    @inlinable public static func log(_ u: Dual) -> Dual {
        Dual(value: libmLog(u.value), derivative: u.derivative / u.value)
    }
    @inlinable public static func sqrt(_ u: Dual) -> Dual {
        let s = u.value.squareRoot()
        return Dual(value: s, derivative: u.derivative / (2 * s))
    }
    @inlinable public static func sin(_ u: Dual) -> Dual {
        Dual(value: libmSin(u.value), derivative: libmCos(u.value) * u.derivative)
    }
    @inlinable public static func cos(_ u: Dual) -> Dual {
        Dual(value: libmCos(u.value), derivative: -libmSin(u.value) * u.derivative)
    }
    @inlinable public static func atan(_ u: Dual) -> Dual {
        Dual(value: libmAtan(u.value), derivative: u.derivative / (1 + u.value * u.value))
    }
    @inlinable public static func pow(_ u: Dual, _ w: Dual) -> Dual {
        let v = libmPow(u.value, w.value)
        var d = 0.0
        if u.derivative != 0 { d += w.value * libmPow(u.value, w.value - 1) * u.derivative }
        if w.derivative != 0 { d += v * libmLog(u.value) * w.derivative }
        return Dual(value: v, derivative: d)
    }
}
