import _Support

/// The `held` cell of a fit result: the values a fit held (``FitSetup/heldValues``) as
/// `NAME=VALUE;NAME=VALUE;…`, names as given (`tx` stays `tx`), each value in the package's one
/// number format (``ShortestDecimal``: the shortest decimal that reads back to the same double,
/// so every digit is kept); empty when nothing is held. Neither a name nor a number contains `;`
/// or `=`, and no comma appears, so the cell is never quoted.
public enum HeldValues {
    /// The cell for `values`, in their order.
    public static func format(_ values: [(name: String, value: Double)]) -> String {
        values.map { "\($0.name)=\(ShortestDecimal.format($0.value))" }.joined(separator: ";")
    }

    /// The values of a cell, in order: ``format(_:)`` read back (spaces and tabs around a name
    /// or a value ignored; an empty cell holds nothing). Refused, with the reason: an item
    /// without `=`, an empty name, a value that is not a finite decimal number (hexadecimal
    /// included, as everywhere), a name given twice.
    public static func parse(_ cell: some StringProtocol) throws(HeldValuesError) -> [(name: String, value: Double)] {
        let text = cell.trimmingWhitespace
        guard !text.isEmpty else { return [] }
        var values: [(name: String, value: Double)] = []
        for item in text.split(separator: ";", omittingEmptySubsequences: false) {
            guard let eq = item.firstIndex(of: "=") else {
                throw HeldValuesError("\(MessageText.quoted(item)) is not NAME=VALUE")
            }
            let name = String(item[..<eq].trimmingWhitespace)
            let number = item[item.index(after: eq)...].trimmingWhitespace
            guard !name.isEmpty else { throw HeldValuesError("\(MessageText.quoted(item)) has no name") }
            guard let value = DecimalNumber.parse(number), value.isFinite else {
                throw HeldValuesError("\(MessageText.quoted(number)) for \(name) is not a finite decimal number")
            }
            guard !values.contains(where: { $0.name == name }) else {
                throw HeldValuesError("\(name) is held twice")
            }
            values.append((name, value))
        }
        return values
    }
}
