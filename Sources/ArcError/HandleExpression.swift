import _CLibc
import _Support

/// The small arithmetic language of handle factors (`beztune`'s `--k`): numbers (`0.5523`, `1e-3`), `+ − * / ^` (`^` binds
/// tightest and is right-associative; unary minus binds looser than `^`, so `-2^2` is −4),
/// parentheses, the constant `pi`, and the functions `sqrt`, `tan`, `sin`, `cos` (radians).
/// Spaces are ignored. Errors carry the 0-based character offset of the offending character
/// (the length of the text when the input ends too early), the convention of the SVG path
/// parser: `expected ')' at offset 14` for `4/3*(sqrt(2)-1`. Messages are one line: a character
/// other than printable ASCII is shown as its code points (`U+000A`).
///
/// The parser is recursive descent, so nesting is capped at ``maximumDepth`` levels (of
/// parentheses, function calls, unary signs and `^`): deeper input is an error, not a stack
/// overflow (a 128 KiB argument of `(` would otherwise exhaust the stack).
public struct HandleExpression: Sendable {
    /// Why a text is not an expression: what was expected or found, and where.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, e.g. `expected ')'`.
        public var reason: String
        /// The 0-based character offset of the offending character (the text's length when it
        /// ends too early).
        public var offset: Int
        /// `expected ')' at offset 14`.
        public var description: String { "\(reason) at offset \(offset)" }

        public init(reason: String, offset: Int) {
            (self.reason, self.offset) = (reason, offset)
        }
    }

    /// The deepest nesting accepted; real expressions use a handful of levels.
    public static let maximumDepth = 100

    private let characters: [Character]
    private var position = 0
    private var depth = 0

    /// Evaluates `text`; throws on malformed input (the result may be any Double, even NaN or ∞:
    /// range checks are the caller's).
    public static func evaluate(_ text: String) throws(ParseError) -> Double {
        var parser = HandleExpression(characters: Array(text))
        parser.skipSpaces()
        if parser.atEnd { throw ParseError(reason: "expected a number", offset: 0) }
        let value = try parser.sum()
        parser.skipSpaces()
        guard parser.atEnd else {
            throw ParseError(reason: "unexpected \(MessageText.character(parser.characters[parser.position]))", offset: parser.position)
        }
        return value
    }

    private init(characters: [Character]) { self.characters = characters }

    private var atEnd: Bool { position >= characters.count }
    private var current: Character? { atEnd ? nil : characters[position] }

    private mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { position += 1 }
    }

    private mutating func take(_ c: Character) -> Bool {
        skipSpaces()
        if current == c { position += 1; return true }
        return false
    }

    // sum := product (('+' | '-') product)*
    private mutating func sum() throws(ParseError) -> Double {
        var value = try product()
        while true {
            if take("+") { value += try product() } else if take("-") { value -= try product() } else { return value }
        }
    }

    // product := unary (('*' | '/') unary)*
    private mutating func product() throws(ParseError) -> Double {
        var value = try unary()
        while true {
            if take("*") { value *= try unary() } else if take("/") { value /= try unary() } else { return value }
        }
    }

    // unary := ('-' | '+') unary | power
    // Every recursion (parentheses, functions, signs, '^') passes through here: the depth cap.
    private mutating func unary() throws(ParseError) -> Double {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ParseError(reason: "expression nested more than \(Self.maximumDepth) levels deep", offset: position)
        }
        if take("-") { return -(try unary()) }
        if take("+") { return try unary() }
        return try power()
    }

    // power := primary ('^' unary)?
    private mutating func power() throws(ParseError) -> Double {
        let base = try primary()
        if take("^") { return pow(base, try unary()) }
        return base
    }

    // primary := number | 'pi' | function '(' sum ')' | '(' sum ')'
    private mutating func primary() throws(ParseError) -> Double {
        skipSpaces()
        guard let c = current else { throw ParseError(reason: "expected a number", offset: position) }
        if c == "(" {
            position += 1
            let value = try sum()
            guard take(")") else { throw ParseError(reason: "expected ')'", offset: position) }
            return value
        }
        if c.isLetter {
            let start = position
            while let l = current, l.isLetter { position += 1 }
            let name = String(characters[start..<position])
            if name == "pi" { return Double.pi }
            let functions: [String: (Double) -> Double] = ["sqrt": { $0.squareRoot() }, "tan": tan, "sin": sin, "cos": cos]
            guard let function = functions[name] else {
                throw ParseError(reason: "unknown name '\(name)' (known: pi, sqrt, tan, sin, cos)", offset: start)
            }
            guard take("(") else { throw ParseError(reason: "expected '(' after '\(name)'", offset: position) }
            let argument = try sum()
            guard take(")") else { throw ParseError(reason: "expected ')'", offset: position) }
            return function(argument)
        }
        if c.isASCII && (c.isNumber || c == ".") {
            let start = position
            while let d = current, d.isASCII && (d.isNumber || d == ".") { position += 1 }
            if let e = current, e == "e" || e == "E" {
                // An exponent only when digits follow (optionally signed).
                var look = position + 1
                if look < characters.count && (characters[look] == "+" || characters[look] == "-") { look += 1 }
                if look < characters.count && characters[look].isASCII && characters[look].isNumber {
                    position = look
                    while let d = current, d.isASCII && d.isNumber { position += 1 }
                }
            }
            guard let value = Double(String(characters[start..<position])) else {
                throw ParseError(reason: "invalid number '\(String(characters[start..<position]))'", offset: start)
            }
            return value
        }
        throw ParseError(reason: "expected a number", offset: position)
    }
}

extension HandleExpression.ParseError: ReportableError {}
