extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = lastIndex(where: { !isSpace($0) }) ?? first
        return self[first...last]
    }
}
