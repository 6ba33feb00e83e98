import _Support

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
                out += MessageText.codePoint(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }
}
