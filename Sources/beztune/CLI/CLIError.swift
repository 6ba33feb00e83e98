import _Support

/// A refusal of `beztune`'s own: one line and its kind.
///
/// Usage errors (a malformed command line, options that cannot work together) exit with 2, as
/// swift-argument-parser does; runtime failures (unreadable input, a failed computation, an
/// unwritable output) exit with 1. The libraries' errors are not turned into these: they reach
/// ``Diagnosis`` as they are.
struct CLIError: ReportableError, Equatable {
    enum Kind: Equatable { case usage, runtime }

    var kind: Kind
    var message: String

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, message: message) }
    static func runtime(_ message: String) -> CLIError { CLIError(kind: .runtime, message: message) }

    var description: String { message }
    var isUsageMistake: Bool { kind == .usage }
}
