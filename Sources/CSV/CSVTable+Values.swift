import _Support

extension CSVTable {
    /// The field at `row` (0-based index into ``rows``) and `column` (0-based, see
    /// ``columnIndex(_:)``), exactly as read: not trimmed. Out-of-range indices are a
    /// programmer error.
    public func string(row: Int, column: Int) -> String {
        precondition(rows.indices.contains(row),
                     "CSVTable: row \(row) is not in 0..<\(rows.count)")
        precondition(header.indices.contains(column),
                     "CSVTable: column \(column) is not in 0..<\(header.count)")
        return rows[row][column]
    }

    /// The field as a `Double`, after trimming leading and trailing spaces and tabs.
    ///
    /// The grammar is Swift's `Double(String)` without its hexadecimal form: decimal with
    /// optional exponent, `nan`, `inf`, `infinity`, with an optional sign; the result is
    /// correctly rounded. Hexadecimal (`0x1p-3`, `0x10`) is refused, as everywhere in
    /// BezierTune: a spreadsheet never writes it, and `0x10` read as 16 would be a silent
    /// surprise. Unless `allowNonFinite`, NaN, ±∞ and decimal overflow (`1e999`) are rejected.
    /// Errors (the line is the one the row's record starts on):
    ///
    ///     FILE line 7, column 'x': empty value
    ///     FILE line 7, column 'x': 'abc' is not a number
    ///     FILE line 7, column 'x': '0x10' is not a decimal number (hexadecimal is not accepted)
    ///     FILE line 7, column 'x': 'nan' is not a finite number
    public func double(
        row: Int, column: Int, allowNonFinite: Bool = false
    ) throws(CSVError) -> Double {
        let text = try trimmedValue(row: row, column: column)
        // The quoted value only for a message: a million cells read, none quoted.
        if DecimalNumber.isHexadecimal(text) {
            throw cellError(row: row, column: column, "\(MessageText.quoted(String(text))) \(DecimalNumber.hexadecimalReason)")
        }
        guard let value = Double(text) else {
            throw cellError(row: row, column: column, "\(MessageText.quoted(String(text))) is not a number")
        }
        guard value.isFinite || allowNonFinite else {
            throw cellError(row: row, column: column, "\(MessageText.quoted(String(text))) is not a finite number")
        }
        return value
    }

    /// The field as an `Int` (optional sign, decimal digits), after trimming spaces and tabs.
    ///
    /// Errors: `empty value`, `'2.5' is not an integer`, `'99999999999999999999' is out of
    /// range for an integer`, located as for ``double(row:column:allowNonFinite:)``.
    public func int(row: Int, column: Int) throws(CSVError) -> Int {
        let text = try trimmedValue(row: row, column: column)
        if let value = Int(text) { return value }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : text
        let isInteger = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        throw cellError(row: row, column: column, MessageText.quoted(String(text))
            + (isInteger ? " is out of range for an integer" : " is not an integer"))
    }

    private func trimmedValue(row: Int, column: Int) throws(CSVError) -> Substring {
        let text = string(row: row, column: column).trimmingWhitespace
        if text.isEmpty { throw cellError(row: row, column: column, "empty value") }
        return text
    }

    /// `SOURCE line L, column 'NAME'`: where a cell is, as ``cellError(row:column:_:)`` names it
    /// (for an error about the cell's value that another reader found).
    public func cellLocation(row: Int, column: Int) -> String {
        cellError(row: row, column: column, "").location
    }

    /// An error located at a cell, for checks the caller makes on a value it has read:
    /// `cellError(row: 4, column: 2, "radius must be positive")` describes itself as
    /// `FILE line 6, column 'r': radius must be positive`.
    public func cellError(row: Int, column: Int, _ reason: String) -> CSVError {
        precondition(rows.indices.contains(row) && header.indices.contains(column),
                     "CSVTable: cell (\(row), \(column)) is outside the table")
        return CSVError(.value, source: source, line: lineNumbers[row],
                        columnName: header[column], reason: reason)
    }
}
