import Foundation
import Geometry
import Testing
import _TestSupport

/// Malformed path data: exact offsets and messages, and robustness on arbitrary input.
@Suite("SVG path data errors")
struct SVGPathErrorTests {
    typealias F = SVGFixtures

    @Test("Malformed data: exact UTF-8 offsets and messages", arguments: [
        ("M 1", "offset 3: expected a number, found end of data"),
        ("M1 2 L", "offset 6: expected a number, found end of data"),
        ("M 1 2 x", "offset 6: expected a number or a command, found 'x'"),
        ("M0 0 A5 5 0 2 0 1 1", "offset 12: expected an arc flag (0 or 1), found '2'"),
        ("M 1 2 a 1 1 0 0", "offset 15: expected an arc flag (0 or 1), found end of data"),
        ("M 1 2 A 1 1 0 0 1", "offset 17: expected a number, found end of data"),
        ("M0 1e999", "offset 3: number out of range '1e999'"),
        ("m1e999999999999999999 0", "offset 1: number out of range '1e999999999999999999'"),
        ("M1e-99999 -1e+99999999999999999999", "offset 10: number out of range '-1e+99999999999999999999'"),
        ("L1 2", "offset 0: expected a move-to command (M or m), found 'L'"),
        ("  1 2", "offset 2: expected a move-to command (M or m), found '1'"),
        ("M1,,2", "offset 3: expected a number, found ','"),
        ("M,1 2", "offset 1: expected a number, found ','"),
        ("M1 2,", "offset 5: expected a number, found end of data"),
        ("M1 2 L3 4,L5 6", "offset 10: expected a number, found 'L'"),
        ("M1 2 Z 3", "offset 7: expected a command, found '3'"),
        ("M1 2 Z,", "offset 6: expected a command, found ','"),
        ("M1 2 C1 2 3", "offset 11: expected a number, found end of data"),
        ("M1.", "offset 3: expected a number, found end of data"),
        ("M.e2 0", "offset 2: expected a digit, found 'e'"),
        ("M1e+ 2", "offset 4: expected a digit, found ' '"),
        ("M1 2 -1e-", "offset 9: expected a digit, found end of data"),
        ("M-x", "offset 2: expected a digit, found 'x'"),
        ("M1 2 L -", "offset 8: expected a digit, found end of data"),
        ("M1 2 L 3 4 B 5", "offset 11: expected a number or a command, found 'B'"),
        ("M1 2 nan 0", "offset 5: expected a number or a command, found 'n'"),
        ("M1 2 L inf 0", "offset 7: expected a number, found 'i'"),
        ("M1 2 é", "offset 5: expected a number or a command, found U+00E9"),
        ("M1\u{301} 2", "offset 2: expected a number, found U+0301"),
        ("M1 2\u{2028}", "offset 4: expected a number or a command, found U+2028"),
        ("M1 2\u{0}", "offset 4: expected a number or a command, found U+0000"),
        ("\u{FEFF}M1 2", "offset 0: expected a move-to command (M or m), found U+FEFF"),
        ("é M1 2", "offset 0: expected a move-to command (M or m), found U+00E9"),
    ])
    func messages(data: String, expected: String) throws {
        let error = try #require(F.error(data))
        #expect(error.description == expected)
        #expect(error.description == "offset \(error.offset): \(error.message)")
    }

    @Test("A huge out-of-range lexeme is shortened in the one-line message")
    func longLexeme() throws {
        let error = try #require(F.error("M" + String(repeating: "9", count: 400) + " 0"))
        #expect(error == SVGPathError(offset: 1, message: "number out of range '"
                                      + String(repeating: "9", count: 39) + "…'"))
    }

    /// Every failure is a one-line `SVGPathError` inside the data; every success reads back
    /// from its own formatted text bit for bit.
    private func checkOutcome(_ data: String) {
        do {
            let path = try Path(svgPathData: data)
            if path.isFinite {
                let again = F.parse(path.svgPathData)
                #expect(again.map { F.identical($0, path) } == true, "round trip of \(data.debugDescription)")
            }
        } catch {
            #expect(error.offset >= 0 && error.offset <= data.utf8.count)
            let oneLine = !error.description.contains { $0.isNewline }
            #expect(oneLine)
            #expect(error.description.hasPrefix("offset \(error.offset): expected ")
                    || error.description.hasPrefix("offset \(error.offset): number out of range '"))
        }
    }

    private static let alphabet = Array("MmLlHhVvCcSsQqTtAaZzBe0123456789011.-+eE ,,\t\n".utf8)

    @Test("10,000 random byte strings never crash")
    func randomBytes() {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var parsed = 0
        for _ in 0..<10_000 {
            let count = Int.random(in: 0...60, using: &rng)
            var bytes: [UInt8] = []
            if Bool.random(using: &rng) { bytes.append(UInt8(ascii: "M")) }
            for _ in 0..<count {
                bytes.append(Int.random(in: 0..<4, using: &rng) == 0
                             ? UInt8.random(in: 0...255, using: &rng)
                             : Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &rng)])
            }
            let data = String(decoding: bytes, as: UTF8.self)
            if F.parse(data) != nil { parsed += 1 }
            checkOutcome(data)
        }
        #expect(parsed > 50)  // the generator reaches valid data too, not only errors
    }

    @Test("10,000 random mutations of valid path data never crash")
    func mutations() {
        let seeds = [
            "M10 20 L30 40 H50 V60 Z", "m1.5-2.5 l3e1,4E-1 h-5 v.5z",
            "M0 0 C1 2 3 4 5 6 S7 8 9 10 s1 1 2 2", "M0 0 Q1 1 2 0 T4 0 t2 0 q1 1 2 2",
            "M0 0 a5,5 0 10 10,0 A3 4 45 0 1 -7 2z", "M1,2 3,4 5,6 z m1 1 2 2 Z l1 1",
        ]
        var rng = SplitMix64(seed: 0x5EED_0002)
        var parsed = 0
        for _ in 0..<10_000 {
            var bytes = Array(seeds[Int.random(in: 0..<seeds.count, using: &rng)].utf8)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let i = Int.random(in: 0...bytes.count, using: &rng)
                let byte = Bool.random(using: &rng)
                    ? Self.alphabet[Int.random(in: 0..<Self.alphabet.count, using: &rng)]
                    : UInt8.random(in: 0...255, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: bytes.insert(byte, at: i)
                case 1: if i < bytes.count { bytes.remove(at: i) }
                case 2: if i < bytes.count { bytes[i] = byte }
                case 3: bytes.removeSubrange(i...)  // truncate
                default:  // duplicate a span
                    let j = Int.random(in: i...bytes.count, using: &rng)
                    bytes.insert(contentsOf: bytes[i..<j], at: j)
                }
            }
            let data = String(decoding: bytes, as: UTF8.self)
            if F.parse(data) != nil { parsed += 1 }
            checkOutcome(data)
        }
        #expect(parsed > 1000)
    }

    @Test("Huge exponents and overlong numbers parse or fail cleanly")
    func extremeNumbers() throws {
        let p = try Path(svgPathData: "M1e-99999 0e999999999999999999999 -1e-400 1"
                                      + String(repeating: "0", count: 100_000) + "e-100000")
        #expect(p.xs[0] == 0 && p.ys[0] == 0 && p.xs[1] == 0 && p.xs[1].sign == .minus && p.ys[1] == 1)
        let digits = "M" + String(repeating: "7", count: 1_000_000) + " 0"
        #expect(F.error(digits)?.offset == 1)
    }

    @Test("10 MB of data parses in linear time, with and without repeated closes")
    func largeInput() throws {
        let count = 1_000_000
        var data = "M0 0"
        data.reserveCapacity(10 * count + 4)
        for _ in 0..<count { data += " l1.5-2.25" }
        #expect(data.utf8.count >= 10_000_000)
        let start = Date()
        let p = try Path(svgPathData: data)
        let elapsed = Date().timeIntervalSince(start)
        #expect(p.verbs.count == count + 1)
        #expect(p.currentPoint == Point(1.5 * Double(count), -2.25 * Double(count)))

        // Each "z l" starts a new subpath at the same start: a parser that looked the start up
        // by rescanning the path would be quadratic, ~1e9 steps here instead of 2e5.
        let subpaths = 30_000
        let closes = "M0 0" + String(repeating: "z l1 1", count: subpaths)
        let start2 = Date()
        let q = try Path(svgPathData: closes)
        let elapsed2 = Date().timeIntervalSince(start2)
        #expect(q.verbs.count == 1 + 3 * subpaths)
        #expect(q.subpathCount == 1 + subpaths)
        // Bounds relative to this machine's speed: at most 20× the 10 MB run's time per byte
        // (plus 0.5 s), and a minute for 10 MB even in a debug build (about 1.6 s here).
        let linearEstimate = elapsed / Double(data.utf8.count) * Double(closes.utf8.count)
        #expect(elapsed < 60, "10 MB took \(elapsed) s")
        #expect(elapsed2 < 0.5 + 20 * linearEstimate, "\(subpaths) closed subpaths took \(elapsed2) s")
    }
}
