import _Support

/// A CSV table read from text (RFC 4180): a header row of unique column names and rows of
/// string fields, each row with the physical line it starts on, for messages.
///
/// Accepted input: an optional UTF-8 byte-order mark; records ending in LF or CRLF (the last
/// one may lack a line break); fields optionally enclosed in double quotes, inside which commas,
/// line breaks and doubled quotes (read as one) are kept as they are. Rejected, with a
/// ``CSVError`` naming the line and the column: a quote inside an unquoted field, anything but a
/// comma or a line break after a closing quote, a quoted field not closed before the end, a CR
/// outside quotes that is not followed by LF, a record whose field count differs from the
/// header's, duplicate column names, and a blank line inside a table of two or more columns
/// (in a one-column table it is a row with one empty field). Blank lines at the end of the input
/// are ignored. Fields are not trimmed; the typed accessors trim spaces and tabs.
public struct CSVTable: Sendable, Equatable {
    /// The name used in messages, typically the file path.
    public let source: String
    /// The column names, in file order.
    public let header: [String]
    /// The data rows, each with `header.count` fields.
    public let rows: [[String]]
    /// For each row, the 1-based physical line its record starts on (a record with quoted line
    /// breaks spans several lines).
    public let lineNumbers: [Int]

    /// Parses CSV text. `source` names the input in error messages (e.g. the file path).
    public init(parsing text: String, source: String) throws(CSVError) {
        var scanner = CSVScanner(text, source: source)
        var first = try scanner.next()
        if let record = first, record.isBlank {
            // Nothing but blank lines is an empty file; anything more lacks its header.
            var next = try scanner.next()
            while let blank = next, blank.isBlank { next = try scanner.next() }
            guard next == nil else {
                throw CSVError(.syntax, source: source, line: record.line,
                               reason: "blank line where the header row is expected")
            }
            first = nil
        }
        guard let headerRecord = first else {
            throw CSVError(.empty, source: source, reason: "empty file, expected a header row")
        }
        let header = headerRecord.fields
        var seen: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            if let earlier = seen[name] {
                throw CSVError(
                    .columns, source: source, line: headerRecord.line, field: index + 1,
                    reason: "duplicate column name \(MessageText.quoted(name)) "
                        + "(also column \(earlier + 1))")
            }
            seen[name] = index
        }

        var rows: [[String]] = []
        var lineNumbers: [Int] = []
        var pendingBlankLines: [Int] = []  // blank lines not yet known to be trailing
        while let record = try scanner.next() {
            if record.isBlank {
                pendingBlankLines.append(record.line)
                continue
            }
            if let blank = pendingBlankLines.first {
                guard header.count == 1 else {
                    throw CSVError(.syntax, source: source, line: blank, reason:
                        "blank line inside the table (the header has \(header.count) columns)")
                }
                rows += pendingBlankLines.map { _ in [""] }
                lineNumbers += pendingBlankLines
                pendingBlankLines.removeAll()
            }
            guard record.fields.count == header.count else {
                throw CSVError(.syntax, source: source, line: record.line, reason: "expected "
                    + "\(header.count) fields as in the header, found \(record.fields.count)")
            }
            rows.append(record.fields)
            lineNumbers.append(record.line)
        }
        (self.source, self.header) = (source, header)
        (self.rows, self.lineNumbers) = (rows, lineNumbers)
    }

    /// The index of the column named `name` (exact, case-sensitive match).
    ///
    /// Throws `FILE: missing column 'x' (columns: a, b, c)`.
    public func columnIndex(_ name: String) throws(CSVError) -> Int {
        guard let index = header.firstIndex(of: name) else { throw missingColumns([name]) }
        return index
    }

    /// Checks that every name is a column; the error lists all the missing ones.
    public func requireColumns(_ names: [String]) throws(CSVError) {
        let missing = names.filter { !header.contains($0) }
        if !missing.isEmpty { throw missingColumns(missing) }
    }

    private func missingColumns(_ names: [String]) -> CSVError {
        let list = names.map(MessageText.quoted).joined(separator: ", ")
        let columns = header.map { MessageText.escaped($0) }.joined(separator: ", ")
        return CSVError(.columns, source: source,
            reason: "missing column\(names.count == 1 ? "" : "s") \(list) (columns: \(columns))")
    }
}
