import _Support

/// A command line that does not parse or breaks a rule between options: one line (`unknown
/// option '--x'`, `--a and --b cannot be used together`), always the user's usage mistake.
package struct UsageError: ReportableError, Equatable {
    package var message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
    package var isUsageMistake: Bool { true }
}
