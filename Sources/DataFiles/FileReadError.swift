import _Support
/// A failure to read a text file, with a one-line `description` of the form `PATH: reason`.
public struct FileReadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as the user gave it.
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }
}

extension FileReadError: ReportableError {}
