import Interchange
import _Support

/// A call's answer as JSON text for the JavaScript side, which reads it with `JSON.parse` and a
/// reviver.
///
/// Numbers are written in shortest round-trip form (``ShortestDecimal``), so JavaScript reads
/// back the very double the library computed. JSON has no NaN or infinity, yet a result may hold
/// them (a standard error is NaN for a parameter that ends on a bound): they are written as the
/// strings `"\u0000NaN"`, `"\u0000Infinity"` and `"\u0000-Infinity"` — a NUL, which no text the
/// library writes contains, then the name `Number()` reads — and the reviver turns them back
/// into numbers.
package enum ResultText {
    /// `value` as JSON text, non-finite numbers marked as above.
    package static func json(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    /// The marker string of a non-finite number (`"\u0000NaN"`), as JSON text.
    static func nonFinite(_ x: Double) -> String {
        x.isNaN ? "\"\\u0000NaN\"" : x < 0 ? "\"\\u0000-Infinity\"" : "\"\\u0000Infinity\""
    }

    private static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x): out += x.isFinite ? ShortestDecimal.format(x) : nonFinite(x)
        case .string(let s): string(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                write(item, into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, member) in o.members.enumerated() {
                if i > 0 { out += "," }
                string(member.key, into: &out)
                out += ":"
                write(member.value, into: &out)
            }
            out += "}"
        }
    }

    /// A JSON string: `"` and `\` escaped, control characters as `\u00XX`.
    private static func string(_ s: String, into out: inout String) {
        out += "\""
        let hex: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += "\\u00"
                    out.append(hex[Int(scalar.value >> 4)])
                    out.append(hex[Int(scalar.value & 15)])
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
