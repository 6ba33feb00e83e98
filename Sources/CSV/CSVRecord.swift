/// One record as scanned: its fields, the physical line it starts on, and whether it was a
/// blank line (an empty line, not a quoted empty field).
struct CSVRecord {
    var fields: [String]
    var line: Int
    var isBlank: Bool
}
