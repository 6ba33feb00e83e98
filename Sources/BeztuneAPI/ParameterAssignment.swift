import _Support

/// `NAME=VALUE`: a parameter's name and a number.
package struct ParameterAssignment: Equatable {
    package var name: String
    package var value: Double

    package init(name: String, value: Double) { (self.name, self.value) = (name, value) }

    /// `NAME=VALUE` (whitespace around either ignored); the value any number unless `finite`.
    /// A text without `=` names the model's `parameters` when known.
    package static func parse(_ text: String, finite: Bool = false, parameters: [String]? = nil) throws(OptionValueError) -> ParameterAssignment {
        guard let eq = text.firstIndex(of: "=") else {
            throw OptionValueError("expected NAME=VALUE" + (parameters.map { " (parameters: \($0.joined(separator: ", ")))" } ?? ""))
        }
        let name = String(text[..<eq].trimmingWhitespace)
        guard !name.isEmpty else { throw OptionValueError("the name is missing") }
        let valueText = text[text.index(after: eq)...]
        try OptionValue.refuseHexadecimal(valueText)
        guard let value = Double(valueText.trimmingWhitespace), !finite || value.isFinite else {
            throw OptionValueError("\(MessageText.quoted(valueText)) for \(name): expected \(finite ? "a finite number" : "a number")")
        }
        return ParameterAssignment(name: name, value: value)
    }
}
