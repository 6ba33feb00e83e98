/// Why an option's text cannot be used: the reason, and the text it is about when that is not
/// the whole value (one part of `N1:N2`). The parser turns it into
/// `invalid --name 'text': reason`.
package struct OptionValueError: ReportableError, Equatable {
    package var reason: String
    /// The offending part of the value, when it is not the whole value.
    package var text: String?

    package init(_ reason: String, text: String? = nil) {
        self.reason = reason
        self.text = text
    }

    /// The reason (the parser adds the option and the text).
    package var description: String { reason }
}
