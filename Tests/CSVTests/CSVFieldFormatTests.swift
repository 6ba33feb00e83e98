import Testing
import CSV

/// A `Double` cell's text is the package's one number format (its own tests, with the round trip
/// of random bit patterns, are in SupportTests): checked here as a CSV user sees it.
@Suite("Number cells: the shortest text that reads back to the same bits")
struct CSVFieldFormatTests {
    @Test("a .double cell and CSVField.format write the same text", arguments: [
        (0.1, "0.1"), (1e-05, "1e-05"), (3.0, "3"), (-0.0, "-0"), (0x1p53, "9007199254740992"),
        (1e16, "1e+16"), (0.1 + 0.2, "0.30000000000000004"), (.leastNonzeroMagnitude, "5e-324"),
        (.infinity, "inf"), (-.infinity, "-inf"), (.nan, "nan"),
    ])
    func cells(value: Double, expected: String) {
        #expect(CSVField.format(value) == expected)
        #expect(CSVField.double(value).rawText == expected)
    }

    @Test("a written number cell reads back with the same bits")
    func readsBack() throws {
        let values = [0.1, -0.0, 1.0 / 3.0, 2.2250738585072014e-308, 1.7976931348623157e308, 123456.0]
        var csv = CSVWriter(header: ["x"])
        for v in values { csv.appendRow([.double(v)]) }
        let table = try CSVTable(parsing: csv.text, source: "numbers.csv")
        for (row, v) in values.enumerated() {
            #expect(try table.double(row: row, column: 0).bitPattern == v.bitPattern)
        }
    }
}
