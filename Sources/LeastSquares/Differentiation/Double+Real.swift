import _CLibc

/// `Double` as a ``Real``: the C library's correctly rounded-or-nearly elementary functions.
extension Double: Real {
    @inlinable public static func exp(_ x: Double) -> Double { libmExp(x) }
    @inlinable public static func log(_ x: Double) -> Double { libmLog(x) }
    @inlinable public static func sqrt(_ x: Double) -> Double { x.squareRoot() }
    @inlinable public static func sin(_ x: Double) -> Double { libmSin(x) }
    @inlinable public static func cos(_ x: Double) -> Double { libmCos(x) }
    @inlinable public static func atan(_ x: Double) -> Double { libmAtan(x) }
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
}

// The C math library under names the members above do not shadow: inside `extension Double`
// (or `Dual`) `exp` is the `Real` member itself, while here, at file scope, it is the C function —
// _CLibc's declaration of the C library's function (Glibc's or Darwin's where it is absent).
@inlinable func libmExp(_ x: Double) -> Double { exp(x) }
@inlinable func libmLog(_ x: Double) -> Double { log(x) }
@inlinable func libmSin(_ x: Double) -> Double { sin(x) }
@inlinable func libmCos(_ x: Double) -> Double { cos(x) }
@inlinable func libmAtan(_ x: Double) -> Double { atan(x) }
@inlinable func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
