import Foundation
import Interchange
import Testing

@Suite struct JSONReaderTests {
    let reader = JSONReader()

    @Test func readsEveryKindOfValue() throws {
        let v = try reader.parse(#" { "a" : [1, -0, 2.5e-3, true, false, null, "x\n\u00e9\ud83d\ude00"], "b": {} , "c": [] } "#)
        let o = try #require(v.object)
        #expect(o.keys == ["a", "b", "c"])
        let a = try #require(o["a"]?.array)
        #expect(a[0] == .number(1))
        #expect(a[1].number?.sign == .minus)
        #expect(a[2] == .number(0.0025))
        #expect(a[3] == .bool(true) && a[4] == .bool(false) && a[5] == .null)
        #expect(a[6] == .string("x\né😀"))
        #expect(o["b"] == .object(JSONObject()) && o["c"] == .array([]))
    }

    @Test func decodesEveryEscape() throws {
        let v = try reader.parse(#""\" \\ \/ \b \f \n \r \t \u0000 \u001F \u20AC \uD834\uDD1E""#)
        #expect(v == .string("\" \\ / \u{08} \u{0C} \n \r \t \u{00} \u{1F} € 𝄞"))
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try reader.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    @Test func roundsNumbersToTheNearestDouble() throws {
        #expect(try reader.parse("0.1") == .number(0.1))
        #expect(try reader.parse("4.9e-324") == .number(Double.leastNonzeroMagnitude))
        #expect(try reader.parse("1e-400") == .number(0))
        #expect(try reader.parse("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try reader.parse("123456789012345678901234567890") == .number(1.2345678901234568e29))
    }

    /// (text, line, column, part of the message)
    static let errors: [(String, Int, Int, String)] = [
        ("", 1, 1, "empty"),
        ("   \n  ", 2, 3, "empty"),
        (#"{"a": 1,}"#, 1, 9, "expected a member name"),
        ("[1, 2", 1, 6, "expected ',' or ']'"),
        ("{\n  \"a\" 1}", 2, 7, "expected ':'"),
        ("01", 1, 2, "leading zero"),
        ("1.", 1, 3, "decimal point"),
        ("-", 1, 2, "digit after '-'"),
        ("1e", 1, 3, "exponent"),
        ("+1", 1, 1, "expected a value, found '+'"),
        ("tru", 1, 1, "'tru'"),
        ("NaN", 1, 1, "'NaN'"),
        ("[Infinity]", 1, 2, "'Infinity'"),
        (#""abc"#, 1, 5, "not closed"),
        ("\"a\tb\"", 1, 3, "a tab"),
        (#"{"a":1,"a":2}"#, 1, 8, #"duplicate member name "a""#),
        ("1 2", 1, 3, "end of the document"),
        ("[\"é\", x]", 1, 7, "found 'x'"),
        ("[1e400]", 1, 2, "too large for a double"),
        ("-1e400", 1, 1, "too large for a double"),
        (#""\ud800""#, 1, 2, "lone UTF-16 surrogate"),
        (#""\udc00x""#, 1, 2, "lone UTF-16 surrogate"),
        (#""\ud800\u0041""#, 1, 2, "not a low surrogate"),
        (#""\x""#, 1, 2, "not a JSON escape"),
        (#""\u12G4""#, 1, 2, "four hexadecimal digits"),
        ("[1,\n2,\n\n  ]", 4, 3, "expected a value, found ']'"),
        ("{\"k\": \u{7}}", 1, 7, "U+0007"),
    ]

    @Test(arguments: errors)
    func syntaxErrorsHaveLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ part: String) {
        do {
            let v = try reader.parse(text)
            Issue.record("\(text.debugDescription) read as \(v)")
        } catch {
            #expect(error.reason == .syntax)
            #expect(error.line == line && error.column == column, "\(text.debugDescription): \(error)")
            #expect(error.description.contains(part), "\(text.debugDescription): \(error)")
            #expect(error.description.hasPrefix("line \(line), column \(column): "))
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func invalidUTF8IsAnError() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x28, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF8, 0x22], [0xFF]] {
            #expect(throws: JSONSyntaxError.self) { try reader.parse(bytes) }
        }
    }

    @Test func nestingTenThousandDeepFailsWithAMessage() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        do {
            _ = try reader.parse(text)
            Issue.record("10,000 levels were read")
        } catch {
            #expect(error.reason == .tooDeep)
            #expect(error.column == JSONReader.defaultMaximumDepth + 1)
            #expect(error.description == "line 1, column 513: arrays and objects nest deeper than 512 levels")
        }
        let objects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(throws: JSONSyntaxError.self) { try reader.parse(objects) }
    }

    @Test func nestingUpToTheLimitIsRead() throws {
        let n = JSONReader.defaultMaximumDepth
        var v = try reader.parse(String(repeating: "[", count: n) + String(repeating: "]", count: n))
        var depth = 0
        while let a = v.array {
            depth += 1
            guard let first = a.first else { break }
            v = first
        }
        #expect(depth == n)
    }

    @Test func aDocumentOverTheSizeLimitIsRefusedBeforeReading() {
        let limited = JSONReader(maximumBytes: 1000)
        do {
            _ = try limited.parse(Array(repeating: UInt8(ascii: " "), count: 1001))
            Issue.record("read")
        } catch {
            #expect(error.reason == .tooLarge)
            #expect(error.description == "the document has 1001 bytes, more than the limit of 1000 bytes (0 MiB)")
        }
    }
}
