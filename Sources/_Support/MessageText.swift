/// How a one-line message shows text the user supplied: a value, a name, a line of a file, a
/// single character, what a parser found.
///
/// Every diagnostic of the package is one line (the command line prints it as is), however long
/// the input is or whatever it holds; these two helpers are what keep that promise.
package enum MessageText {
    /// The most characters (Unicode scalars) of a quoted text shown before it is cut.
    package static let quotedLimit = 60

    /// `'text'` for a message: ``escaped(_:)``, in quotes, and when it was cut its length:
    /// `'((((…' (100001 characters)`.
    package static func quoted(_ text: some StringProtocol) -> String {
        let count = text.unicodeScalars.count
        return "'\(escaped(text))'" + (count > quotedLimit ? " (\(count) characters)" : "")
    }

    /// `text` for a message: LF, CR and tab written `\n`, `\r`, `\t`, every other control
    /// character (C0, DEL, C1) and the line and paragraph separators U+2028, U+2029 as `\u{X}`
    /// (hexadecimal code point), so the message stays on one line; a text longer than `limit`
    /// scalars (default ``quotedLimit``; nil: no limit) is cut after them, the cut shown by `…`.
    package static func escaped(_ text: some StringProtocol, limit: Int? = quotedLimit) -> String {
        var shown = ""
        for (count, c) in text.unicodeScalars.enumerated() {
            if count == limit { shown += "…"; break }
            switch c {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                shown += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            default: shown.unicodeScalars.append(c)
            }
        }
        return shown
    }

    /// One character for a parser's message: `'c'` for printable ASCII, else its code points
    /// (`U+000A`, `U+0065 U+0301`: at least four hexadecimal digits each), so that a line break,
    /// a combining mark or an invisible character is named, not printed.
    package static func character(_ c: Character) -> String {
        if let v = c.asciiValue, let quoted = printableASCII(v) { return quoted }
        return c.unicodeScalars.map(codePoint).joined(separator: " ")
    }

    /// What a parser of UTF-8 text found at byte `offset`, for "expected …, found …": `end` at
    /// or past the last byte; `'c'` for printable ASCII; the code point (``codePoint(_:)``) of
    /// the scalar that starts there; `byte 0xXX` where none does (inside a sequence, or not
    /// UTF-8).
    package static func found<Bytes: RandomAccessCollection<UInt8>>(atByte offset: Int, of bytes: Bytes,
                                                                   end: String) -> String where Bytes.Index == Int {
        guard offset < bytes.endIndex else { return end }
        let b = bytes[offset]
        if let quoted = printableASCII(b) { return quoted }
        var iterator = bytes[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return codePoint(scalar) }
        return "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    /// `'c'` for a printable ASCII byte (U+0020 through U+007E), nil for any other.
    package static func printableASCII(_ b: UInt8) -> String? {
        b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : nil
    }

    /// `U+XXXX`: the scalar's code point in at least four uppercase hexadecimal digits.
    package static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
    }
}
