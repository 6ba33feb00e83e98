import _Support
/// Why SVG path data could not be parsed, and where.
///
/// `description` is one line, `offset N: <message>`, for example
/// `offset 7: expected a number, found 'x'` or `offset 3: number out of range '1e999'`.
public struct SVGPathError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The 0-based offset, in UTF-8 bytes (not Characters or UTF-16 units), into the path data
    /// at which the problem was found: `text.utf8.index(text.utf8.startIndex, offsetBy: offset)`.
    /// Equal to the data's UTF-8 count when the data ended too early.
    public let offset: Int
    /// What was expected and what was found, without the offset; a single line.
    public let message: String

    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "offset \(offset): \(message)" }
}

extension SVGPathError: ReportableError {}
