import Foundation
import Testing
import _Support
import _TestSupport

/// What replaced Foundation in the libraries, each against Foundation on this machine: printf's
/// %g and %e (String(format:), the C library's printf), substring search and replacement
/// (range(of:), replacingOccurrences(of:with:)), and the serial/concurrent chunk seam.
@Suite("Foundation's stand-ins in the libraries: printf numbers, substrings, chunks, stopwatch")
struct EmbeddedSeamTests {
    /// Doubles a printf conversion must get right: ties of the decimal rounding (0.125, 2.5,
    /// 1e-5 near them), powers of ten at the %g switch, subnormals, the extremes, signed zero
    /// and the non-finite values, then seeded random bit patterns.
    static func printfCases() -> [Double] {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.125, 2.5, 3.5, 1.5e-5, 9.9999995e-5, 1e-4, 99999.95, 999999.5,
                                1e6, 123456789, 0.1 + 0.2, 2.675, 1.005, .pi, -.pi, .leastNormalMagnitude / 1000, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        var g = SplitMix64(seed: 0x9e57)
        for _ in 0..<2000 {
            let v = Double(bitPattern: g.next())
            if v.isFinite { values.append(v) }
        }
        for _ in 0..<2000 { values.append((g.unit() - 0.5) * pow(10, Double(Int(g.next() % 40)) - 20)) }
        return values
    }

    @Test("%.Pg and %.Pe as String(format:) writes them, P from 0 to 17")
    func printfNumbers() {
        for v in Self.printfCases() {
            for p in 0...17 {
                #expect(PrintfDecimal.significant(v, digits: p) == String(format: "%.*g", p, v), "\(v) %.\(p)g")
                #expect(PrintfDecimal.scientific(v, digits: p) == String(format: "%.*e", p, v), "\(v) %.\(p)e")
            }
        }
    }

    @Test("substring search and replacement as Foundation's, on seeded random ASCII and some Unicode")
    func substrings() {
        var g = SplitMix64(seed: 0x5b57)
        let alphabet = Array("ab-"), unicode = ["é", "e\u{301}", "😀", "--", "a"]
        for _ in 0..<3000 {
            let length = Int(g.next() % 12), needleLength = Int(g.next() % 4)
            var text = String((0..<length).map { _ in alphabet[Int(g.next() % 3)] })
            let needle = String((0..<needleLength).map { _ in alphabet[Int(g.next() % 3)] })
            if g.next() % 4 == 0 { text += unicode[Int(g.next() % UInt64(unicode.count))] }
            let replacement = ["", "- -", "xyz"][Int(g.next() % 3)]
            if needle.isEmpty {
                #expect(text.includes(needle) && text.firstByteOffset(of: needle) == 0)
                #expect(text.replacingEvery(needle, with: replacement) == text)
                continue
            }
            let found = text.range(of: needle, options: .literal)
            #expect(text.includes(needle) == (found != nil), "'\(text)' '\(needle)'")
            #expect(text.firstByteOffset(of: needle) == found.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) })
            #expect(text.replacingEvery(needle, with: replacement)
                    == text.replacingOccurrences(of: needle, with: replacement, options: .literal), "'\(text)' '\(needle)'")
        }
        // Byte-for-byte: a precomposed é is not e + U+0301.
        #expect(!"caf\u{E9}".includes("e\u{301}") && "x--y--".replacingEvery("--", with: "- -") == "x- -y- -")
    }

    @Test("the chunks cover 0..<count in order, whatever the chunk count; map returns them in chunk order")
    func chunks() {
        for count in [0, 1, 7, 100] {
            for chunks in [1, 2, 3, 8, 200] {
                let ranges = ConcurrentChunks.map(count: count, chunks: chunks) { $0 }
                #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
                #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            }
        }
        #expect(ConcurrentChunks.processorCount >= 1)
    }

    @Test("a stopwatch's seconds are finite, non-negative and never go back")
    func stopwatch() {
        let watch = Stopwatch()
        let first = watch.elapsedSeconds, second = watch.elapsedSeconds
        #expect(first.isFinite && first >= 0 && second >= first)
    }
}
