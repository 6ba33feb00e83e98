/// Clinger's fast path for reading a decimal literal: when the literal is m·10ᵉ with an integer
/// m ≤ 2⁵³ and |e| ≤ 22, both m and 10^|e| are exact doubles, so one IEEE multiplication or
/// division — a single correct rounding — gives the correctly rounded value, the same double
/// `Double(_: String)` returns (W. D. Clinger, "How to Read Floating Point Numbers Accurately",
/// PLDI 1990, §5). Everything else (more than 19 significant digits, a larger exponent) returns
/// nil and the caller falls back to the full conversion.
enum DecimalFastPath {
    /// 10⁰ … 10²², each exact (5²² < 2⁵³).
    static let powersOfTen: [Double] = {
        var p = [1.0]
        for _ in 1...22 { p.append(p[p.count - 1] * 10) }
        return p
    }()

    /// The value of `bytes[range]`, which must match `[+-]? digits? (. digits?)? ([eE] [+-]? digits)?`
    /// with at least one mantissa digit (the SVG path grammar's number), or nil when the fast
    /// path does not apply.
    static func value(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
        var i = range.lowerBound
        let end = range.upperBound
        var negative = false
        if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0   // digits in `mantissa`, from the first non-zero one
        var scale = 0         // the value is mantissa·10^(scale + exponent)
        var fraction = false
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: ".") {
                fraction = true
            } else if b &- UInt8(ascii: "0") < 10 {
                let d = UInt64(b &- UInt8(ascii: "0"))
                if mantissa != 0 || d != 0 {
                    guard significant < 19 else { return nil }  // would overflow: not exact here
                    mantissa = mantissa * 10 + d
                    significant += 1
                }
                if fraction { scale -= 1 }
            } else {
                break  // e or E
            }
            i += 1
        }
        var exponent = 0
        if i < end {
            i += 1  // e or E
            var exponentNegative = false
            if i < end && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) {
                exponentNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            while i < end {
                exponent = exponent * 10 + Int(bytes[i] &- UInt8(ascii: "0"))
                guard exponent < 100_000 else { return nil }
                i += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        if mantissa == 0 { return negative ? -0.0 : 0 }
        let e = scale + exponent
        guard mantissa <= 1 << 53, e >= -22, e <= 22 else { return nil }
        let m = Double(mantissa)
        let value = e >= 0 ? m * powersOfTen[e] : m / powersOfTen[-e]
        return negative ? -value : value
    }
}
