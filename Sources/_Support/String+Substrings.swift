/// Searching and replacing text by its UTF-8 bytes — what Foundation's `contains(_:)`,
/// `range(of:)` and `replacingOccurrences(of:with:)` did for the libraries, without Foundation
/// or the standard library's string-processing module (neither exists in Embedded Swift).
///
/// Matching is byte-for-byte on UTF-8 (no Unicode canonical equivalence: `é` written as one
/// scalar does not match `e` + U+0301), which is what every caller here compares: ASCII
/// keywords, attribute values and markers.
extension StringProtocol {
    /// True when `text` occurs in this string (an empty `text` occurs everywhere).
    package func includes(_ text: some StringProtocol) -> Bool {
        firstByteOffset(of: text) != nil
    }

    /// The UTF-8 offset of the first occurrence of `text`, or nil.
    package func firstByteOffset(of text: some StringProtocol) -> Int? {
        let haystack = Array(utf8), needle = Array(text.utf8)
        guard needle.count <= haystack.count else { return nil }
        guard let first = needle.first else { return 0 }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// This string with every non-overlapping occurrence of `text` (scanned left to right)
    /// replaced by `replacement`; an empty `text` replaces nothing.
    package func replacingEvery(_ text: some StringProtocol, with replacement: some StringProtocol) -> String {
        let haystack = Array(utf8), needle = Array(text.utf8)
        guard let first = needle.first, needle.count <= haystack.count else { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(haystack.count)
        var i = 0
        while i < haystack.count {
            if haystack[i] == first, i + needle.count <= haystack.count,
               haystack[i..<(i + needle.count)].elementsEqual(needle) {
                out.append(contentsOf: replacement.utf8)
                i += needle.count
            } else {
                out.append(haystack[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
