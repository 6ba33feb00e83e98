import _Support
/// Why a text is not a JSON document the reader accepts: a syntax error at a line and column,
/// nesting beyond the reader's depth limit, or a document beyond its size limit.
///
/// Lines and columns are 1-based; a column counts Unicode scalars (characters as a text editor
/// shows them, a tab being one), not bytes. The description is one line.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// Not JSON (RFC 8259) at `line`, `column`.
        case syntax
        /// Arrays and objects nested deeper than ``JSONReader/maximumDepth``.
        case tooDeep
        /// More bytes than ``JSONReader/maximumBytes``; `line` and `column` are 1.
        case tooLarge
    }

    public let reason: Reason
    public let line: Int
    public let column: Int
    /// What is wrong, without the position.
    public let message: String

    public init(_ reason: Reason, line: Int, column: Int, _ message: String) {
        (self.reason, self.line, self.column, self.message) = (reason, line, column, message)
    }

    public var description: String {
        reason == .tooLarge ? message : "line \(line), column \(column): \(message)"
    }
}

extension JSONSyntaxError: ReportableError {}
