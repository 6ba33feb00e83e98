import _Support

/// `NAME=VALUE`: a parameter's name and its finite value, as result files record a held
/// parameter (`settings.csv`'s `set` rows; a fit CSV's `held` column, `;`-separated), every digit
/// of the value written (``ShortestDecimal``) so that reading it gives the same `Double`.
public enum NamedValue {
    /// `NAME=VALUE` with the shortest decimal that reads back as `value`.
    public static func format(_ name: String, _ value: Double) -> String {
        "\(name)=\(ShortestDecimal.format(value))"
    }

    /// The name (spaces around it dropped) and the finite decimal value of `text`.
    ///
    /// - Throws: ``NamedValueError`` when there is no `=`, no name, or the value is not a finite
    ///   decimal number (hexadecimal is refused, as everywhere in the tool's files).
    public static func parse(_ text: String) throws(NamedValueError) -> (name: String, value: Double) {
        guard let eq = text.firstIndex(of: "=") else { throw NamedValueError("expected NAME=VALUE, got \(MessageText.quoted(text))") }
        let name = String(text[..<eq].trimmingWhitespace)
        guard !name.isEmpty else { throw NamedValueError("the name is missing in \(MessageText.quoted(text))") }
        let valueText = text[text.index(after: eq)...].trimmingWhitespace
        guard !DecimalNumber.isHexadecimal(valueText), let value = Double(valueText), value.isFinite else {
            throw NamedValueError("\(MessageText.quoted(String(valueText))) for \(name): expected a finite decimal number")
        }
        return (name, value)
    }
}

/// A `NAME=VALUE` that cannot be read (``NamedValue/parse(_:)``): one line.
public struct NamedValueError: ReportableError, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
