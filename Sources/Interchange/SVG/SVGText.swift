/// Formatting helpers for one-line messages.
enum SVGText {
    /// `text` cut to at most 40 characters (with an ellipsis) and with every control character,
    /// line break and line separator shown as U+XXXX, so a message stays on one line.
    static func shortened(_ text: String, limit: Int = 40) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit - 1 && text.unicodeScalars.count > limit { out += "…"; break }
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
                out += codePoint(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// U+XXXX with at least four hex digits.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// Without leading and trailing XML whitespace (space, tab, CR, LF).
    var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) }) ?? first
        return self[first...last]
    }
}
