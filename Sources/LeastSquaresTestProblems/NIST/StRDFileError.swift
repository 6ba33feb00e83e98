import _Support
/// Why a NIST StRD `.dat` file could not be read. ``description`` is one line naming the file and,
/// when the problem is on a line, the line (1-based):
///
///     Misra1a.dat:43: expected 'Residual Sum of Squares: <number>', found 'Residual Sum'
///     Hahn1.dat: the file ends at line 120, but its data should run to line 296
public struct StRDFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file name or path as given to the parser.
    public var file: String
    /// The 1-based line, or nil for a problem with the file as a whole.
    public var line: Int?
    public var reason: String

    public init(file: String, line: Int?, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}

extension StRDFileError: ReportableError {}
