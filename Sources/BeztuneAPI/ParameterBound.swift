import _Support

/// `NAME=LO:HI`: narrower bounds for a free parameter (`inf`, `-inf` allowed).
package struct ParameterBound: Equatable {
    package var name: String
    package var lower: Double
    package var upper: Double

    package init(name: String, lower: Double, upper: Double) { (self.name, self.lower, self.upper) = (name, lower, upper) }

    package static func parse(_ text: String) throws(OptionValueError) -> ParameterBound {
        try OptionValue.refuseHexadecimal(text)
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let range = parts.count == 2 ? parts[1].split(separator: ":", omittingEmptySubsequences: false) : []
        let name = String(parts[0].trimmingWhitespace)
        guard parts.count == 2, range.count == 2, let lo = Double(range[0].trimmingWhitespace),
              let hi = Double(range[1].trimmingWhitespace) else {
            throw OptionValueError("expected NAME=LOWER:UPPER (inf and -inf allowed)")
        }
        guard !name.isEmpty else { throw OptionValueError("the name is missing") }
        return ParameterBound(name: name, lower: lo, upper: hi)
    }
}
