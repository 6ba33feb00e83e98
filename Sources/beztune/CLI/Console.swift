import Foundation

/// Where a command writes its standard output and its diagnostics. The real console writes to the
/// process's stdout and stderr; tests can pass closures that collect the text.
struct Console: Sendable {
    var writeOutput: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void

    static let standard = Console(
        writeOutput: { text in FileHandle.standardOutput.write(Data(text.utf8)) },
        writeError: { text in FileHandle.standardError.write(Data(text.utf8)) })

    /// Writes `text` and a line break to standard output.
    func print(_ text: String) { writeOutput(text.hasSuffix("\n") ? text : text + "\n") }

    /// Writes one diagnostic line to standard error.
    func printError(_ text: String) { writeError(text.hasSuffix("\n") ? text : text + "\n") }
}
