import _Support

/// A strict JSON reader (RFC 8259) with positions in its errors and bounded resources.
///
/// - Grammar: exactly RFC 8259 §2–§7 — one value, surrounded by optional whitespace (space, tab,
///   line feed, carriage return); no comments, trailing commas, single quotes, `NaN` or
///   `Infinity`, leading zeros or `+` signs. A UTF-8 byte order mark at the start is skipped
///   (§8.1 allows it). The text must be UTF-8; invalid sequences, unescaped control characters
///   (below U+0020) in strings and escaped lone surrogates (`"\uD800"`, not a character) are
///   errors.
/// - Numbers are rounded to the nearest double (`Double(String)`, correctly rounded); a number
///   whose magnitude rounds to infinity (`1e400`) is an error, one that underflows becomes a
///   subnormal or zero as IEEE 754 rounding makes it.
/// - Duplicate member names in one object are an error (RFC 8259 §4 leaves them undefined).
/// - Nesting is bounded: more than ``maximumDepth`` open arrays and objects is an error, so a
///   document of 10,000 `[` fails with a message instead of exhausting the stack. The parser
///   keeps its own stack (no recursion), and values nest at most ``maximumDepth`` deep, so
///   releasing them does not recurse further either.
/// - Size is bounded: a document of more than ``maximumBytes`` bytes is refused before it is
///   read (the default, 32 MiB, is well above the Lottie files design tools write; the
///   document tree takes several times the text's size in memory).
///
/// Every error is a ``JSONSyntaxError`` with the 1-based line and column of the offending
/// character.
public struct JSONReader: Sendable {
    /// The default bound on nesting, 512 open arrays and objects (a Lottie file nests a few dozen).
    public static let defaultMaximumDepth = 512
    /// The default bound on a document's size, 32 MiB (33,554,432 bytes).
    public static let defaultMaximumBytes = 32 << 20

    /// The most arrays and objects open at once (≥ 1).
    public var maximumDepth: Int
    /// The most bytes a document may have.
    public var maximumBytes: Int

    public init(maximumDepth: Int = JSONReader.defaultMaximumDepth,
                maximumBytes: Int = JSONReader.defaultMaximumBytes) {
        precondition(maximumDepth >= 1, "JSONReader needs a maximum depth of at least 1")
        precondition(maximumBytes >= 0, "JSONReader needs a non-negative size limit")
        self.maximumDepth = maximumDepth
        self.maximumBytes = maximumBytes
    }

    /// The value of a UTF-8 document.
    public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        if bytes.count > maximumBytes {
            throw JSONSyntaxError(.tooLarge, line: 1, column: 1,
                                  "the document has \(bytes.count) bytes, more than the limit of \(maximumBytes) bytes (\(maximumBytes >> 20) MiB)")
        }
        let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer, maximumDepth: maximumDepth)
            do throws(JSONSyntaxError) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The value of a document given as text.
    public func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// The parser proper: one pass over the bytes with an explicit stack of open containers.
private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var index = 0
    var line = 1
    var lineStart = 0

    /// The open containers, innermost last; `arrays`, `objects` and `keys` hold the partial
    /// contents of the open arrays and objects in the same order.
    enum Open { case array, object }
    var open: [Open] = []
    var arrays: [[JSONValue]] = []
    var objects: [JSONObject] = []
    var keys: [String] = []

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
        }
    }

    // MARK: Errors and positions

    /// The error at byte offset `at` (default: the current byte).
    func error(_ message: String, at offset: Int? = nil, _ reason: JSONSyntaxError.Reason = .syntax) -> JSONSyntaxError {
        let at = min(offset ?? index, bytes.count)
        // The line of `at`: lines before the current one were counted while skipping whitespace;
        // an error offset is never before the current line's start.
        var column = 1
        var k = lineStart
        while k < at {
            if bytes[k] & 0xC0 != 0x80 { column += 1 }
            k += 1
        }
        return JSONSyntaxError(reason, line: line, column: column, message)
    }

    /// The byte at the current position as messages quote it: printable ASCII as `'c'`
    /// (``MessageText/printableASCII(_:)``), a tab and the other ASCII control characters by
    /// name, any other byte as a byte — the reader checks UTF-8 itself, so it does not decode.
    func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the document" }
        let b = bytes[index]
        if let quoted = MessageText.printableASCII(b) { return quoted }
        if b == 0x09 { return "a tab" }
        if b < 0x80 { return "the control character " + MessageText.codePoint(Unicode.Scalar(b)) }
        return "the byte 0x" + String(b, radix: 16, uppercase: true)
    }

    // MARK: Scanning

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D:
                index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard current == byte else { throw error("expected \(what), found \(describeCurrent())") }
        index += 1
    }

    // MARK: The document

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
        skipWhitespace()
        if index >= bytes.count { throw error("the document is empty (no JSON value)") }
        var value: JSONValue
        valueLoop: while true {
            // A value starts here (whitespace already skipped).
            guard let c = current else { throw error("expected a value, found the end of the document") }
            switch c {
            case UInt8(ascii: "{"):
                guard try opensEmpty(.object, closedBy: UInt8(ascii: "}")) else {
                    try memberKey()
                    continue valueLoop
                }
                value = .object(pop())
            case UInt8(ascii: "["):
                guard try opensEmpty(.array, closedBy: UInt8(ascii: "]")) else { continue valueLoop }
                value = .array(popArray())
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try literal("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try literal("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try literal("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                throw error("expected a value, found \(describeLiteral(from: index)) (JSON has no NaN, Infinity or unquoted words)")
            default:
                throw error("expected a value, found \(describeCurrent())")
            }
            // Hand the finished value to the containers that close after it.
            while true {
                guard let top = open.last else {
                    skipWhitespace()
                    if index < bytes.count {
                        throw error("expected the end of the document after its value, found \(describeCurrent())")
                    }
                    return value
                }
                switch top {
                case .array:
                    arrays[arrays.count - 1].append(value)
                    skipWhitespace()
                    if current == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        continue valueLoop
                    }
                    guard current == UInt8(ascii: "]") else {
                        throw error("expected ',' or ']' after an array element, found \(describeCurrent())")
                    }
                    index += 1
                    value = .array(popArray())
                case .object:
                    let key = keys.removeLast()
                    objects[objects.count - 1].append(key, value)
                    skipWhitespace()
                    if current == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        try memberKey()
                        continue valueLoop
                    }
                    guard current == UInt8(ascii: "}") else {
                        throw error("expected ',' or '}' after an object member, found \(describeCurrent())")
                    }
                    index += 1
                    value = .object(pop())
                }
            }
        }
    }

    /// Opens an array or object at its bracket: pushes it, steps past the bracket and the
    /// whitespace after it, and, when `close` follows at once, past that too: true for the empty
    /// container (still open, for the caller to pop), false with the position at its first
    /// element or member.
    mutating func opensEmpty(_ kind: Open, closedBy close: UInt8) throws(JSONSyntaxError) -> Bool {
        try push(kind)
        index += 1
        skipWhitespace()
        guard current == close else { return false }
        index += 1
        return true
    }

    mutating func push(_ kind: Open) throws(JSONSyntaxError) {
        guard open.count < maximumDepth else {
            throw error("arrays and objects nest deeper than \(maximumDepth) levels", at: index, .tooDeep)
        }
        open.append(kind)
        switch kind {
        case .array: arrays.append([])
        case .object: objects.append(JSONObject())
        }
    }

    mutating func pop() -> JSONObject {
        open.removeLast()
        return objects.removeLast()
    }

    mutating func popArray() -> [JSONValue] {
        open.removeLast()
        return arrays.removeLast()
    }

    /// A member name and its colon, leaving the position at the member's value.
    mutating func memberKey() throws(JSONSyntaxError) {
        guard current == UInt8(ascii: "\"") else {
            throw error("expected a member name in double quotes, found \(describeCurrent())")
        }
        let start = index
        let key = try parseString()
        if objects[objects.count - 1].contains(key) {
            throw error("duplicate member name \(JSONWriter.quoted(key)) in one object", at: start)
        }
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "':' after a member name")
        skipWhitespace()
        keys.append(key)
    }

    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        let n = word.utf8CodeUnitCount
        var k = 0
        while k < n {
            guard index < bytes.count, bytes[index] == word.utf8Start[k] else {
                throw error("expected a value, found \(describeLiteral(from: start))", at: start)
            }
            index += 1
            k += 1
        }
    }

    /// The word at `start` (letters only, at most 12) for a message about a bad literal.
    func describeLiteral(from start: Int) -> String {
        var end = start
        while end < bytes.count, end - start < 12,
              (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]) {
            end += 1
        }
        return "'\(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))'"
    }

    // MARK: Numbers

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, rounded to the nearest double.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
            if isDigit(current) { throw error("a number must not have a leading zero") }
        } else if isDigit(current) {
            while isDigit(current) { index += 1 }
        } else {
            throw error("expected a digit after '-', found \(describeCurrent())")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard isDigit(current) else { throw error("expected a digit after the decimal point, found \(describeCurrent())") }
            while isDigit(current) { index += 1 }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard isDigit(current) else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
            while isDigit(current) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let x = Double(text), x.isFinite else {
            let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
            throw error("the number \(shown) is too large for a double (beyond ±1.7976931348623157e308)", at: start)
        }
        return x
    }

    // MARK: Strings

    /// A string from its opening quote, escapes decoded, UTF-8 checked.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // the opening quote
        let start = index
        // Fast path: printable ASCII without escapes.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return s
            }
            if b == UInt8(ascii: "\\") || b < 0x20 || b >= 0x80 { break }
            index += 1
        }
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw error("the string is not closed (no '\"' before the end of the document)") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &out)
            case 0..<0x20:
                throw error("a string must not contain \(describeCurrent()) (write it as an escape such as \\n or \\u00XX)")
            case 0x80...:
                let n = utf8SequenceLength(at: index)
                guard n > 0 else { throw error("the text is not valid UTF-8 (\(describeCurrent()) in a string)") }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + n]))
                index += n
            default:
                out.append(b)
                index += 1
            }
        }
    }

    /// The length of the valid UTF-8 sequence at `k` (2 to 4), or 0 when it is invalid
    /// (Unicode §3.9, Table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
    func utf8SequenceLength(at k: Int) -> Int {
        let b0 = bytes[k]
        func continuation(_ j: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            k + j < bytes.count && range.contains(bytes[k + j])
        }
        switch b0 {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    mutating func parseEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let start = index
        index += 1
        guard let c = current else { throw error("the string is not closed (no '\"' before the end of the document)") }
        index += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hex4(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("\\u\(hex(unit)) is a lone UTF-16 surrogate, not a character (a high surrogate needs a \\uDC00…\\uDFFF after it)", at: start)
                }
                let lowStart = index
                index += 2
                let low = try hex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("\\u\(hex(unit)) is a lone UTF-16 surrogate, not a character (it is followed by \\u\(hex(low)), not a low surrogate)", at: start)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("\\u\(hex(unit)) is a lone UTF-16 surrogate, not a character", at: start)
            }
            // Audit: scalarValue is below 0xD800, in 0xE000...0xFFFF, or a decoded pair in
            // 0x10000...0x10FFFF, so it is always a Unicode scalar.
            let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
            out.append(contentsOf: String(scalar).utf8)
        default:
            throw error("\\\(describeEscapeLetter(c)) is not a JSON escape (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: start)
        }
    }

    func describeEscapeLetter(_ c: UInt8) -> String {
        (0x21...0x7E).contains(c) ? String(Character(Unicode.Scalar(c))) : "U+" + hex(UInt16(c))
    }

    func hex(_ unit: UInt16) -> String {
        let h = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    /// Four hexadecimal digits after `\u`.
    mutating func hex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        var v: UInt16 = 0
        for _ in 0..<4 {
            guard let b = current else { throw error("\\u needs four hexadecimal digits", at: escapeStart) }
            let d: UInt8
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = b - UInt8(ascii: "A") + 10
            default: throw error("\\u needs four hexadecimal digits", at: escapeStart)
            }
            v = v << 4 | UInt16(d)
            index += 1
        }
        return v
    }
}
