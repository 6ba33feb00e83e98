import _CLibc

/// A `Double` in C printf's `%.Pg` and `%.Pe` notations, for the few messages and files whose
/// format is printf's (`1.2e-07` in a model summary, `%.6g` in a profile folder's table), written
/// by the platform C library's `snprintf` (C11 §7.21.6.1: the exact binary value rounded to P
/// significant digits in the current rounding mode) — the text `String(format:)` gives, without
/// Foundation.
package enum PrintfDecimal {
    /// `%.Pg`: P significant digits (P ≥ 1; 0 means 1), trailing zeros removed, exponent form
    /// when the exponent is < −4 or ≥ P; `nan`, `inf`, `-inf`.
    package static func significant(_ value: Double, digits: Int) -> String {
        formatted(value, scientific: false, precision: digits)
    }

    /// `%.Pe`: one digit, a point and P digits (no point when P = 0), then `e±XX`.
    package static func scientific(_ value: Double, digits: Int) -> String {
        formatted(value, scientific: true, precision: digits)
    }

    private static func formatted(_ value: Double, scientific: Bool, precision: Int) -> String {
        precondition((0...40).contains(precision), "PrintfDecimal: precision \(precision) outside 0...40")
        // The longest result is sign, 41 digits, point, `e-308` and the NUL: %g switches to the
        // exponent form before an integer part grows past P digits, so 64 bytes suffice.
        var buffer = [CChar](repeating: 0, count: 64)
        let length = buffer.withUnsafeMutableBufferPointer { out in
            Int(bt_format_double(out.baseAddress, Int32(out.count), scientific ? 1 : 0, Int32(precision), value))
        }
        precondition(length >= 0 && length < buffer.count, "PrintfDecimal: snprintf wrote \(length) bytes")
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
