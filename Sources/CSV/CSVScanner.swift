import _Support

/// A single forward pass over the UTF-8 bytes of a text, yielding RFC 4180 records (§2).
///
/// Linear in the input: every byte is looked at once and fields are copied out of the byte
/// array at ASCII delimiters (always scalar boundaries, so each slice is valid UTF-8). A leading
/// UTF-8 byte-order mark is skipped. Records end at LF or CRLF, or at the end of the input;
/// quoted fields keep commas, doubled quotes (as one quote), CR and LF. Physical lines are
/// counted by LF bytes, so a lone CR inside a quoted field does not start a new line.
struct CSVScanner {
    private let bytes: [UInt8]
    private let source: String
    private var i: Int
    private var line = 1
    private var lineStart: Int

    init(_ text: String, source: String) {
        bytes = Array(text.utf8)
        self.source = source
        i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        lineStart = i
    }

    /// The next record, or nil at the end of the input.
    mutating func next() throws(CSVError) -> CSVRecord? {
        guard i < bytes.count else { return nil }
        var record = CSVRecord(fields: [], line: line, isBlank: isAtLineBreak)
        while true {
            let field = record.fields.count + 1
            if bytes[i...].first == CSVByte.quote {
                record.fields.append(try quotedField(field))
            } else {
                record.fields.append(try unquotedField(field))
            }
            // The field scanners stop only at a comma, a line break or the end of the input.
            if i == bytes.count { return record }
            if bytes[i] == CSVByte.comma {
                i += 1
            } else {
                i += bytes[i] == CSVByte.cr ? 2 : 1
                (line, lineStart) = (line + 1, i)
                return record
            }
        }
    }

    /// True at LF or CRLF.
    private var isAtLineBreak: Bool {
        bytes[i] == CSVByte.lf
            || bytes[i] == CSVByte.cr && i + 1 < bytes.count && bytes[i + 1] == CSVByte.lf
    }

    private mutating func unquotedField(_ field: Int) throws(CSVError) -> String {
        let start = i
        while i < bytes.count {
            switch bytes[i] {
            case CSVByte.comma, CSVByte.lf:
                return String(decoding: bytes[start..<i], as: UTF8.self)
            case CSVByte.cr:
                if isAtLineBreak { return String(decoding: bytes[start..<i], as: UTF8.self) }
                throw error(field, at: i,
                    "carriage return not followed by a line feed; quote the field to keep it")
            case CSVByte.quote:
                throw error(field, at: i, "'\"' inside an unquoted field; "
                    + "quote the whole field and double the quotes in it")
            default:
                i += 1
            }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func quotedField(_ field: Int) throws(CSVError) -> String {
        let (openLine, openAt, openLineStart) = (line, i, lineStart)
        i += 1
        var value: [UInt8] = []
        var chunkStart = i
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == CSVByte.lf {
                (line, lineStart) = (line + 1, i)
            } else if b == CSVByte.quote {
                value += bytes[chunkStart..<(i - 1)]
                guard i < bytes.count, bytes[i] == CSVByte.quote else {
                    // The closing quote: a comma, a line break or the end must follow.
                    guard i == bytes.count || bytes[i] == CSVByte.comma || isAtLineBreak else {
                        throw error(field, at: i, "\(characterShown(at: i)) after the closing "
                            + "quote; expected ',' or the end of the line")
                    }
                    return String(decoding: value, as: UTF8.self)
                }
                chunkStart = i  // the second quote of a pair starts the next chunk
                i += 1
            }
        }
        (line, lineStart) = (openLine, openLineStart)
        throw error(field, at: openAt,
            "quoted field is not closed: no matching '\"' before the end of the input")
    }

    /// A syntax error at byte `offset` on the current line.
    private func error(_ field: Int, at offset: Int, _ reason: String) -> CSVError {
        // The character position counts UTF-8 lead bytes, i.e. Unicode scalars.
        let character = 1 + bytes[lineStart..<offset].count { $0 & 0xC0 != 0x80 }
        return CSVError(.syntax, source: source, line: line, field: field,
                        character: character, reason: reason)
    }

    private func characterShown(at offset: Int) -> String {
        // offset < bytes.count here, and decoding at least one byte yields at least one scalar
        // (U+FFFD for an ill-formed one); the fallback only keeps this free of a trap.
        let scalar = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self)
            .unicodeScalars.first ?? "\u{FFFD}"
        return MessageText.quoted(String(scalar))
    }
}
