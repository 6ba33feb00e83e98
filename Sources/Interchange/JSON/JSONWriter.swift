import Geometry
import _Support

/// Writes a ``JSONValue`` as RFC 8259 text that ``JSONReader`` (and every conforming reader)
/// reads back to an equal value.
///
/// - Numbers: the shortest decimal that reads back to the identical double
///   (``ShortestDecimal/format(_:)``: integers without a fraction, `-0` with its sign, otherwise
///   Swift's shortest round-trip digits such as `0.1`, `1e-05`, `5e-324`). A NaN or an infinity
///   has no JSON form: writing one throws, naming its place (`$.layers[0].ks.p.k[1]`).
/// - Strings: `"` and `\` escaped, the control characters U+0000…U+001F as `\b \f \n \r \t` or
///   `\u00XX`; everything else, non-ASCII included, as its UTF-8 bytes.
/// - Layout: compact (no whitespace) by default; with `indent`, one member or element per line,
///   indented by that many spaces per level, `": "` after names, empty arrays and objects as
///   `[]` and `{}`.
public struct JSONWriter: Sendable {
    /// Spaces per nesting level, or nil for compact output.
    public var indent: Int?

    public init(indent: Int? = nil) {
        precondition(indent.map { $0 >= 0 } ?? true, "JSONWriter indent must not be negative")
        self.indent = indent
    }

    /// A value that has no JSON text: a non-finite number, at a path from the root `$`.
    public struct NonFiniteNumber: Error, Hashable, Sendable, CustomStringConvertible {
        public let path: String
        public let value: Double
        public var description: String {
            "\(path): \(ShortestDecimal.format(value)) has no JSON form (JSON numbers are finite)"
        }
    }

    /// The text of `value`.
    public func text(of value: JSONValue) throws(NonFiniteNumber) -> String {
        var out = ""
        var path = ["$"]
        try write(value, into: &out, level: 0, path: &path)
        return out
    }

    private func write(_ value: JSONValue, into out: inout String, level: Int,
                       path: inout [String]) throws(NonFiniteNumber) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let x):
            guard x.isFinite else { throw NonFiniteNumber(path: path.joined(), value: x) }
            out += ShortestDecimal.format(x)
        case .string(let s): out += Self.quoted(s)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            out += "["
            for (i, e) in elements.enumerated() {
                if i > 0 { out += "," }
                newline(&out, level + 1)
                path.append("[\(i)]")
                try write(e, into: &out, level: level + 1, path: &path)
                path.removeLast()
            }
            newline(&out, level)
            out += "]"
        case .object(let object):
            if object.isEmpty { out += "{}"; return }
            out += "{"
            for (i, (k, v)) in zip(object.keys, object.values).enumerated() {
                if i > 0 { out += "," }
                newline(&out, level + 1)
                out += Self.quoted(k)
                out += indent == nil ? ":" : ": "
                path.append(Self.pathComponent(k))
                try write(v, into: &out, level: level + 1, path: &path)
                path.removeLast()
            }
            newline(&out, level)
            out += "}"
        }
    }

    private func newline(_ out: inout String, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        out += String(repeating: " ", count: indent * level)
    }

    /// `.name` for a plain identifier, else `["…"]` with the name quoted as JSON.
    static func pathComponent(_ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
        }
        return plain ? "." + key : "[" + quoted(key) + "]"
    }

    /// `s` as a JSON string literal: quotes, `"` and `\` escaped, control characters escaped.
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{00}"..."\u{1F}":
                let h = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
        return out
    }
}
