/// An error a program can report as it is: its `description` is one line that names the value,
/// file or line at fault, and ``isUsageMistake`` says whether the caller's own choice of
/// arguments is at fault — a name, a frame, a combination of values that no input could make
/// work — rather than a file's content or the computation.
///
/// Every library error type of the package adopts it (in the file that defines the type), so a
/// command-line tool turns any error into its line and its exit status in one place, without a
/// conversion at each call: a usage mistake is a usage error (exit 2), everything else a runtime
/// failure (exit 1).
package protocol ReportableError: Error, CustomStringConvertible {
    /// True when the error is the caller's usage mistake (see the protocol's documentation).
    var isUsageMistake: Bool { get }
}

extension ReportableError {
    /// Most errors are about data or the computation: not a usage mistake.
    package var isUsageMistake: Bool { false }
}
