extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks (LF, CR, CR LF): the
    /// whitespace the readers and the command line ignore around a number, a name or a line.
    package var trimmingWhitespace: SubSequence {
        guard let first = firstIndex(where: { !$0.isBlank }) else { return self[endIndex...] }
        let last = lastIndex(where: { !$0.isBlank }) ?? first  // exists: `first` does
        return self[first...last]
    }
}

extension Character {
    /// Space, tab, LF, CR or CR LF (one Character in Swift).
    fileprivate var isBlank: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" || self == "\r\n" }
}
