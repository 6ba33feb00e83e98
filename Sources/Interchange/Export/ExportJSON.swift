import Geometry

/// The JSON tree the `lottie` and `json` exporters build, and its text (RFC 8259).
///
/// Seam: this is the exporters' own small writer, written while the Interchange JSON
/// reader/writer (Sources/Interchange/JSON/) was being written elsewhere; when that lands, the
/// exporters can build its value type instead and this file goes. Objects keep their keys in
/// the order given, so the output is deterministic.
enum ExportJSON: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ExportJSON])
    case object([(String, ExportJSON)])

    static func == (a: ExportJSON, b: ExportJSON) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// A number, or null when it is not finite (JSON has no NaN or infinity).
    static func finite(_ d: Double) -> ExportJSON { d.isFinite ? .number(d) : .null }

    /// An array of numbers.
    static func numbers(_ ds: [Double]) -> ExportJSON { .array(ds.map(finite)) }

    /// The text: numbers in the shortest form that reads back to the same Double (`-0` kept),
    /// strings escaped as RFC 8259 §7 requires. `indent` > 0 writes one member per line at that
    /// many spaces per level, except arrays of numbers, kept on one line.
    func text(indent: Int = 0) -> String {
        var out = ""
        write(to: &out, indent: indent, level: 0)
        return out
    }

    private func write(to out: inout String, indent: Int, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += d.isFinite ? ShortestDecimal.format(d) : "null"
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            let flat = indent == 0 || items.allSatisfy { if case .number = $0 { true } else { false } }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat && indent > 0 ? ", " : "," }
                if !flat { Self.newline(&out, indent, level + 1) }
                item.write(to: &out, indent: indent, level: level + 1)
            }
            if !flat && !items.isEmpty { Self.newline(&out, indent, level) }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                if indent > 0 { Self.newline(&out, indent, level + 1) }
                Self.writeString(key, to: &out)
                out += indent > 0 ? ": " : ":"
                value.write(to: &out, indent: indent, level: level + 1)
            }
            if indent > 0 && !members.isEmpty { Self.newline(&out, indent, level) }
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int, _ level: Int) {
        out += "\n" + String(repeating: " ", count: indent * level)
    }

    private static func writeString(_ s: String, to out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        out += "\""
    }
}
