import _Support

/// A cursor over the UTF-8 bytes of one attribute value, reading the numbers of SVG's
/// micro-syntaxes: transform lists, lengths, `viewBox`, `points`.
///
/// Numbers follow SVG 2's grammar (the path-data number, SVG 2 §9.3.9; SVG 1.1 §4.2):
/// sign? (digit* "." digit+ | digit+ "."?) (("e" | "E") sign? digit+)?, converted by Swift's
/// correctly rounded `Double(Substring)`. `nan`, `inf` and `infinity` are not numbers; a value
/// that overflows to ±∞ ("1e999") is reported as out of range. Whitespace is SVG's wsp (U+0009,
/// U+000A, U+000C, U+000D, U+0020); comma-wsp is wsp* ","? wsp* with at least one of them.
struct SVGNumberScanner {
    let bytes: [UInt8]
    let text: String
    var position = 0

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    var atEnd: Bool { position >= bytes.count }

    var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    static func startsNumber(_ b: UInt8) -> Bool {
        isDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    mutating func skipWhitespace() {
        while position < bytes.count && Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// wsp* ","? wsp*; true when a comma was there.
    @discardableResult
    mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
        position += 1
        skipWhitespace()
        return true
    }

    /// A number at the cursor, or a failure naming what was found there.
    mutating func number() throws(SVGValueError) -> Double {
        let start = position
        guard position < bytes.count, Self.startsNumber(bytes[position]) else {
            throw SVGValueError("expected a number, found \(found(at: position))")
        }
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
        let integerDigits = skipDigits()
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 || integerDigits > 0 else {
                throw SVGValueError("expected a digit, found \(found(at: position))")
            }
        } else if integerDigits == 0 {
            throw SVGValueError("expected a digit, found \(found(at: position))")
        }
        // An exponent only when digits follow, so that the unit "em" or "ex" after a length
        // is not taken for one ("2em" is 2 em, "2e1" is 20).
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            var k = position + 1
            if k < bytes.count && (bytes[k] == UInt8(ascii: "+") || bytes[k] == UInt8(ascii: "-")) { k += 1 }
            if k < bytes.count && Self.isDigit(bytes[k]) {
                position = k
                _ = skipDigits()
            }
        }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: start)
        let upper = utf8.index(lower, offsetBy: position - start)
        let lexeme = Substring(utf8[lower..<upper])
        guard let value = Double(lexeme), value.isFinite else {
            throw SVGValueError("number out of range '\(SVGText.shortened(String(lexeme)))'")
        }
        return value
    }

    /// Skips a run of ASCII letters and returns them.
    mutating func letters() -> String {
        let start = position
        while position < bytes.count, (bytes[position] | 0x20) >= UInt8(ascii: "a"), (bytes[position] | 0x20) <= UInt8(ascii: "z") {
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count && Self.isDigit(bytes[position]) { position += 1 }
        return position - start
    }

    /// What is at `offset`, on one line: 'c' for printable ASCII, U+XXXX for any other scalar,
    /// or "the end" (``MessageText/found(atByte:of:end:)``).
    func found(at offset: Int) -> String { MessageText.found(atByte: offset, of: bytes, end: "the end") }
}
