import CSV
import Testing

/// Inputs FuzzCSV (Fuzz/) found, kept as regression tests.
@Suite("CSV: fuzzing regressions")
struct CSVFuzzRegressionTests {
    /// The crash input: a quote followed by U+0327 (combining cedilla). Swift joins the two into
    /// one Character, so a Character-level split did not see the quote and the writer left it
    /// undoubled; the text then did not read back.
    @Test("a quote joined to a combining mark is still doubled, and the table reads back")
    func quoteWithCombiningMark() throws {
        let crash: [UInt8] = [0x22, 0x22, 0x22, 0x0A, 0x0A, 0x22, 0x22, 0x0A, 0x0A, 0x22, 0x22, 0xCC, 0xA7, 0x22,
                              0x0A, 0x0A, 0x22, 0x22, 0x0A, 0x0A, 0x22, 0x22]
        let table = try CSVTable(parsing: String(decoding: crash, as: UTF8.self), source: "fuzz.csv")
        var writer = CSVWriter(header: table.header)
        for row in table.rows { writer.appendRow(row.map { CSVField.text($0) }) }
        let again = try CSVTable(parsing: writer.text, source: "fuzz.csv")
        #expect(again.header == table.header && again.rows == table.rows)

        var one = CSVWriter(header: ["v"])
        one.appendRow([.text("a\"\u{327}b")])
        #expect(one.text == "v\n\"a\"\"\u{327}b\"\n")
        #expect(try CSVTable(parsing: one.text, source: "t").rows == [["a\"\u{327}b"]])
    }
}
