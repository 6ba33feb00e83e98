/// The byte offsets of a text's line feeds, so that the line of any byte is found by binary
/// search (O(log n)) instead of counting from the start of the text each time — which made
/// messages about a large document quadratic.
struct LineTable: Sendable {
    /// Offsets of the line feeds, increasing.
    private let lineFeeds: [Int]

    /// The table of `bytes` (UTF-8); empty when `counting` is false (lines not needed).
    init(_ bytes: [UInt8], counting: Bool = true) {
        lineFeeds = counting ? bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") } : []
    }

    /// The number of line feeds before the byte at `offset`: its 0-based line.
    func lineFeeds(before offset: Int) -> Int {
        var lo = 0, hi = lineFeeds.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if lineFeeds[mid] < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
