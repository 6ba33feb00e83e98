#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Double` as a ``Real``: the C library's correctly rounded-or-nearly elementary functions.
extension Double: Real {
    @inlinable public static func exp(_ x: Double) -> Double { CMath.exp(x) }
    @inlinable public static func log(_ x: Double) -> Double { CMath.log(x) }
    @inlinable public static func sqrt(_ x: Double) -> Double { x.squareRoot() }
    @inlinable public static func sin(_ x: Double) -> Double { CMath.sin(x) }
    @inlinable public static func cos(_ x: Double) -> Double { CMath.cos(x) }
    @inlinable public static func atan(_ x: Double) -> Double { CMath.atan(x) }
    @inlinable public static func pow(_ x: Double, _ y: Double) -> Double { CMath.pow(x, y) }
}

/// The C math library, named so the static members above do not call themselves.
@usableFromInline
enum CMath {
    #if canImport(Glibc)
    @inlinable static func exp(_ x: Double) -> Double { Glibc.exp(x) }
    @inlinable static func log(_ x: Double) -> Double { Glibc.log(x) }
    @inlinable static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    @inlinable static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    @inlinable static func atan(_ x: Double) -> Double { Glibc.atan(x) }
    @inlinable static func pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }
    #elseif canImport(Darwin)
    @inlinable static func exp(_ x: Double) -> Double { Darwin.exp(x) }
    @inlinable static func log(_ x: Double) -> Double { Darwin.log(x) }
    @inlinable static func sin(_ x: Double) -> Double { Darwin.sin(x) }
    @inlinable static func cos(_ x: Double) -> Double { Darwin.cos(x) }
    @inlinable static func atan(_ x: Double) -> Double { Darwin.atan(x) }
    @inlinable static func pow(_ x: Double, _ y: Double) -> Double { Darwin.pow(x, y) }
    #endif
}
