/// Builds a CSV document (RFC 4180) in memory, header first, one record per appended row.
///
/// Quoting (RFC 4180 §2.5–2.7): a field that contains a comma, a double quote, CR or LF is
/// enclosed in double quotes, with each inner double quote doubled; every other field is written
/// as is, leading and trailing spaces included. Two further cases are quoted so that
/// ``CSVTable`` reads back exactly what was written: an empty field in a one-column table (an
/// unquoted one would be a blank line, which readers skip at the end of a file) and a field
/// starting with U+FEFF (which at the start of the file would be taken for a byte-order mark).
///
/// Every record, the last included, ends with the chosen ``CSVLineEnding`` (LF by default;
/// RFC 4180 uses CRLF, but POSIX tools expect LF and readers, ours included, accept both).
/// Numbers are written by ``CSVField/format(_:)``.
///
/// ```swift
/// var csv = CSVWriter(header: ["t", "error"])
/// csv.appendRow([0.5, 2.7253e-4])
/// csv.text   // "t,error\n0.5,0.00027253\n"
/// ```
public struct CSVWriter: Sendable {
    /// The column names, written as the first record.
    public let header: [String]
    public let lineEnding: CSVLineEnding
    /// The whole document so far: the header record, then one record per appended row.
    public private(set) var text: String
    /// The number of rows appended (the header not counted).
    public private(set) var rowCount = 0

    /// Starts a document with the given header. The header must not be empty.
    public init(header: [String], lineEnding: CSVLineEnding = .lf) {
        precondition(!header.isEmpty, "CSVWriter: the header must have at least one column")
        self.header = header
        self.lineEnding = lineEnding
        self.text = ""
        appendRecord(header.map(CSVField.text))
    }

    /// Appends one record. `fields.count` must equal `header.count` (a programmer error
    /// otherwise).
    public mutating func appendRow(_ fields: [CSVField]) {
        precondition(
            fields.count == header.count,
            "CSVWriter: row \(rowCount + 1) has \(fields.count) fields "
                + "but the header has \(header.count) columns"
        )
        appendRecord(fields)
        rowCount += 1
    }

    private mutating func appendRecord(_ fields: [CSVField]) {
        for (i, field) in fields.enumerated() {
            if i > 0 { text += "," }
            text += escaped(field.rawText)
        }
        text += lineEnding.rawValue
    }

    private func escaped(_ s: String) -> String {
        if s.isEmpty { return header.count == 1 ? "\"\"" : "" }
        let special = s.utf8.contains { b in
            b == CSVByte.comma || b == CSVByte.quote || b == CSVByte.cr || b == CSVByte.lf
        }
        guard special || s.unicodeScalars.first == "\u{FEFF}" else { return s }
        // Quotes are doubled byte by byte: a Character-level split would miss a '"' that a
        // combining mark joins into one Character ("\u{22}\u{327}"), leaving it undoubled.
        var bytes: [UInt8] = [CSVByte.quote]
        bytes.reserveCapacity(s.utf8.count + 2)
        for b in s.utf8 {
            if b == CSVByte.quote { bytes.append(CSVByte.quote) }
            bytes.append(b)
        }
        bytes.append(CSVByte.quote)
        return String(decoding: bytes, as: UTF8.self)
    }
}
