/// A failure that ends a `beztune` run: one line on stderr and an exit status.
///
/// Usage errors (a malformed command line) exit with 2, as swift-argument-parser does; runtime
/// failures (unreadable input, a failed computation, an unwritable output) exit with 1.
struct CLIError: Error, Equatable {
    enum Kind: Equatable { case usage, runtime }

    var kind: Kind
    var message: String

    static func usage(_ message: String) -> CLIError { CLIError(kind: .usage, message: message) }
    static func runtime(_ message: String) -> CLIError { CLIError(kind: .runtime, message: message) }

    var exitCode: Int32 { kind == .usage ? 2 : 1 }
}
