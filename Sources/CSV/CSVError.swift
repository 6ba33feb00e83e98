import _Support

/// Why a CSV file or text could not be read, or a cell could not be converted.
///
/// ``description`` is one line, ready to show to a user as is:
///
///     points.csv: empty file, expected a header row
///     points.csv line 12: expected 3 fields as in the header, found 2
///     points.csv line 7, column 2 (character 9): '"' inside an unquoted field (…)
///     points.csv line 7, column 'x': 'abc' is not a number
///
/// A column is a 1-based field index within the record (with the 1-based character position
/// on the physical line where it helps) or, for cell conversions, the column's header name.
/// Quoted cell values and names are shown as `MessageText.quoted` shows them: CR, LF and tab
/// escaped (`\r`, `\n`, `\t`, other control and line-separator characters as `\u{…}`), cut after
/// 60 characters, so the message stays on one line.
public struct CSVError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The broad class of the problem, for callers that react differently to each.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist, is a directory, cannot be read, or is not UTF-8 text.
        case file
        /// The input is empty: no header row.
        case empty
        /// Malformed quoting, a bare CR, a blank line, or a record with the wrong field count.
        case syntax
        /// Duplicate header names, or a requested column that is missing.
        case columns
        /// A cell that is not the number, or not the kind of number, that was asked for.
        case value
    }

    public var kind: Kind
    /// The file name or other label given by the caller.
    public var source: String
    /// The 1-based physical line, when the problem is on one.
    public var line: Int?
    /// The 1-based field index within the record.
    public var field: Int?
    /// The 1-based character (Unicode scalar) position on the physical line.
    public var character: Int?
    /// The column's header name (used instead of `field` for cell conversions).
    public var columnName: String?
    /// What is wrong, without the location.
    public var reason: String

    public init(
        _ kind: Kind, source: String, line: Int? = nil, field: Int? = nil,
        character: Int? = nil, columnName: String? = nil, reason: String
    ) {
        (self.kind, self.source, self.line, self.field) = (kind, source, line, field)
        (self.character, self.columnName, self.reason) = (character, columnName, reason)
    }

    public var description: String { location + ": " + reason }

    /// Where the problem is: `SOURCE`, `SOURCE line L`, `SOURCE line L, column 'NAME'` or
    /// `SOURCE line L, column F (character C)` — ``description`` without the reason.
    public var location: String {
        var location = source
        if let line { location += " line \(line)" }
        if let columnName {
            location += (line == nil ? " " : ", ") + "column \(MessageText.quoted(columnName))"
        } else if let field {
            location += (line == nil ? " " : ", ") + "column \(field)"
            if let character { location += " (character \(character))" }
        }
        return location
    }
}

extension CSVError: ReportableError {}
