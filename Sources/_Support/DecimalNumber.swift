/// The one number grammar BezierTune reads from users — CSV cells, option values, expressions —
/// is decimal: Swift's `Double(String)` (correctly rounded; `nan`, `inf` and `infinity` for the
/// callers that accept them) without its hexadecimal floating-point form. `0x1p-3` and `0x10`
/// are refused everywhere with the same words, so that a value means the same in a file and on
/// the command line.
package enum DecimalNumber {
    /// The reason given for a hexadecimal number: `is not a decimal number (hexadecimal is not
    /// accepted)`, after the quoted value.
    package static let hexadecimalReason = "is not a decimal number (hexadecimal is not accepted)"

    /// True when `text` (already trimmed) is written in hexadecimal: an optional sign, then `0x`
    /// or `0X`.
    package static func isHexadecimal<S: StringProtocol>(_ text: S) -> Bool {
        var rest = text[...]
        if let sign = rest.first, sign == "+" || sign == "-" { rest = rest.dropFirst() }
        return rest.hasPrefix("0x") || rest.hasPrefix("0X")
    }

    /// `text` as a decimal number (trimmed of nothing: the caller trims), or nil when it is not
    /// one — hexadecimal included.
    package static func parse<S: StringProtocol>(_ text: S) -> Double? {
        isHexadecimal(text) ? nil : Double(String(text))
    }
}
