import Interchange

/// A call's answer as JSON text for the JavaScript side, which reads it with `JSON.parse` and a
/// reviver.
///
/// Numbers are written in shortest round-trip form (``JSONWriter``), so JavaScript reads back the
/// very double the library computed. JSON has no NaN or infinity, yet a result may hold them (a
/// standard error is NaN for a parameter that ends on a bound): they are written as the strings
/// `"\u0000NaN"`, `"\u0000Infinity"` and `"\u0000-Infinity"` — a NUL, which no text the library
/// writes contains, then the name `Number()` reads — and the reviver turns them back into numbers.
package enum ResultText {
    /// `value` as JSON text, non-finite numbers marked as above.
    package static func json(_ value: JSONValue) -> String {
        // Every number is finite once marked, so the writer never refuses one.
        (try? JSONWriter().text(of: marked(value))) ?? "null"
    }

    /// `value` with each non-finite number replaced by its marker string.
    static func marked(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let x) where !x.isFinite:
            return .string(x.isNaN ? "\u{0}NaN" : x < 0 ? "\u{0}-Infinity" : "\u{0}Infinity")
        case .array(let items):
            return .array(items.map(marked))
        case .object(let o):
            var out = JSONObject()
            for member in o.members { out.append(member.key, marked(member.value)) }
            return .object(out)
        default:
            return value
        }
    }
}
