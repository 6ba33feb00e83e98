import Foundation
import Testing
import _Support

/// The shared helpers against independent references: SplitMix64's published outputs, chunks
/// against the plain ranges, trimming and quoting against written-out expectations.
@Suite("_Support: the shared helpers")
struct SupportTests {
    @Test("SplitMix64 from seed 0 gives the reference implementation's first outputs (Vigna, splitmix64.c)")
    func splitMix() {
        var g = SplitMix64(seed: 0)
        #expect([g.next(), g.next(), g.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
        var h = SplitMix64(seed: 0)
        #expect(h.unit() == Double(UInt64(0xE220_A839_7B1D_CDAF) >> 11) * 0x1p-53)
        for _ in 0..<1000 {
            let u = h.unit(), v = h.uniform(-2, 3)
            #expect(u >= 0 && u < 1 && v >= -2 && v < 3)
        }
    }

    @Test("chunks cover 0..<count in order, at most count of them, the same for any thread timing",
          arguments: [(0, 4), (1, 4), (7, 3), (1000, 7), (5, 100)])
    func chunks(_ count: Int, _ chunks: Int) {
        let ranges = ConcurrentChunks.map(count: count, chunks: chunks) { $0 }
        #expect(ranges.count == max(1, min(chunks, count)))
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == count)
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        let sums = ConcurrentChunks.map(count: count, chunks: chunks) { $0.reduce(0, +) }
        #expect(sums.reduce(0, +) == count * (count - 1) / 2)
        #expect(ConcurrentChunks.chunkCount(count, minimumChunk: 256, limit: 8) == max(1, min(8, count / 256)))
    }

    @Test("trimming removes spaces, tabs and line breaks at both ends only", arguments: [
        (" 1.5\t", "1.5"), ("\r\n a b \n", "a b"), ("", ""), (" \t ", ""), ("x", "x"), ("\u{A0}x", "\u{A0}x"),
    ])
    func trimming(_ text: String, _ expected: String) {
        #expect(String(text.trimmingWhitespace) == expected)
    }

    @Test("quoting keeps one line and shows long texts cut with their length")
    func quoting() {
        #expect(MessageText.quoted("abc") == "'abc'")
        #expect(MessageText.quoted("a\nb\tc\r\u{7}\u{85}\u{2028}") == "'a\\nb\\tc\\r\\u{7}\\u{85}\\u{2028}'")
        let long = String(repeating: "(", count: 100_000) + "1"
        #expect(MessageText.quoted(long) == "'" + String(repeating: "(", count: 60) + "…' (100001 characters)")
        #expect(MessageText.quoted(String(repeating: "é", count: 60)) == "'" + String(repeating: "é", count: 60) + "'")
        #expect(MessageText.character("x") == "'x'" && MessageText.character("\n") == "U+000A")
        #expect(MessageText.character("e\u{301}") == "U+0065 U+0301" && MessageText.codePoint("\u{1F600}") == "U+1F600")
    }
}
