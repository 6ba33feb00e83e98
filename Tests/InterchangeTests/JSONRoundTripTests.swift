import Foundation
import Interchange
import Testing
import _TestSupport

/// Property tests of the writer against the reader, with a fixed seed: every value written reads
/// back equal, bit for bit in its numbers, compact and indented.
@Suite struct JSONRoundTripTests {
    /// A random finite double: raw bit patterns (subnormals, huge, −0 included), short decimals,
    /// integers.
    static func number(_ g: inout SplitMix64) -> Double {
        switch g.next() % 5 {
        case 0:
            var x: Double
            repeat { x = Double(bitPattern: g.next()) } while !x.isFinite
            return x
        case 1: return Double(Int64(bitPattern: g.next()) >> Int(g.next() % 63))
        case 2: return Double(Int(g.next() % 20_001) - 10_000) / 100
        case 3: return [0.0, -0.0, .leastNonzeroMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude, 0.1, 1e-5, 1e21, 0x1p53 + 2][Int(g.next() % 9)]
        default: return g.uniform(-1e6, 1e6)
        }
    }

    static func string(_ g: inout SplitMix64) -> String {
        let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}",
                                      "é", "€", "\u{2028}", "\u{FEFF}", "😀", "𝄞", "\u{10FFFF}", "\u{FFFD}"]
        var s = String.UnicodeScalarView()
        for _ in 0..<Int(g.next() % 12) {
            if g.next() % 3 == 0, let u = Unicode.Scalar(UInt32(g.next() % 0x11_0000)) {
                s.append(u)
            } else {
                s.append(pool[Int(g.next() % UInt64(pool.count))])
            }
        }
        return String(s)
    }

    static func value(_ g: inout SplitMix64, depth: Int) -> JSONValue {
        switch g.next() % (depth > 0 ? 7 : 5) {
        case 0: return .null
        case 1: return .bool(g.next() % 2 == 0)
        case 2, 3: return .number(number(&g))
        case 4: return .string(string(&g))
        case 5: return .array((0..<Int(g.next() % 5)).map { _ in value(&g, depth: depth - 1) })
        default:
            var o = JSONObject()
            for _ in 0..<Int(g.next() % 5) { o.append(string(&g), value(&g, depth: depth - 1)) }
            return .object(o)
        }
    }

    /// Equality with numbers compared by bit pattern (so −0 and 0 differ).
    static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            return x.keys == y.keys && zip(x.values, y.values).allSatisfy { identical($0, $1) }
        default: return a == b
        }
    }

    @Test(arguments: [nil, 0, 2] as [Int?])
    func randomValuesReadBackIdentically(indent: Int?) throws {
        var g = SplitMix64(seed: 0x5EED_0001)
        let writer = JSONWriter(indent: indent)
        for _ in 0..<2000 {
            let v = Self.value(&g, depth: 4)
            let text = try writer.text(of: v)
            let back = try JSONReader().parse(text)
            #expect(Self.identical(v, back), "\(text)")
        }
    }

    /// The shortest round-trip form: the text reads back to the same double, and no decimal with
    /// one significant digit fewer does (checked with C's correctly rounded %.*e).
    @Test func numbersAreWrittenInTheShortestRoundTripForm() throws {
        var g = SplitMix64(seed: 0x5EED_0002)
        for _ in 0..<3000 {
            let x = Self.number(&g)
            let text = try JSONWriter().text(of: .number(x))
            #expect(Double(text)?.bitPattern == x.bitPattern, "\(x) written \(text)")
            // Significant digits of the mantissa (an integer's trailing zeros are not significant).
            var mantissa = Substring(text.split(separator: "e")[0].filter(\.isNumber)).drop { $0 == "0" }
            while mantissa.last == "0" { mantissa = mantissa.dropLast() }
            let digits = mantissa.count
            if digits > 1, x != 0 {
                let shorter = String(format: "%.\(digits - 2)e", x)
                #expect(Double(shorter) != x, "\(x): \(shorter) is shorter than \(text) and reads back the same")
            }
        }
        #expect(try JSONWriter().text(of: .array([.number(3), .number(-0.0), .number(1e-5), .number(0.1), .number(.leastNonzeroMagnitude)]))
                == "[3,-0,1e-05,0.1,5e-324]")
    }

    @Test func stringsAreEscaped() throws {
        #expect(try JSONWriter().text(of: .string("a\"b\\c\n\t\u{1}\u{7F}é😀")) == #""a\"b\\c\n\t\u0001"# + "\u{7F}é😀\"")
    }

    @Test func indentedLayout() throws {
        let v = JSONValue.object(JSONObject([("a", .array([.number(1), .array([])])), ("b", .object(JSONObject()))]))
        #expect(try JSONWriter(indent: 2).text(of: v) == "{\n  \"a\": [\n    1,\n    []\n  ],\n  \"b\": {}\n}")
    }

    @Test func nonFiniteNumbersAreRefusedWithTheirPath() {
        let v = JSONValue.object(JSONObject([("layers", .array([.object(JSONObject([("my key", .number(.nan))]))]))]))
        do {
            _ = try JSONWriter().text(of: v)
            Issue.record("NaN written")
        } catch {
            #expect(error.description == #"$.layers[0]["my key"]: nan has no JSON form (JSON numbers are finite)"#)
        }
    }
}
