import Testing
import CSV

@Suite("CSV writer")
struct CSVWriterTests {
    @Test("quoting", arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("\"", "\"\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("cr\ronly", "\"cr\ronly\""),
        ("crlf\r\n", "\"crlf\r\n\""),
        ("  spaced  ", "  spaced  "),
        ("tab\there", "tab\there"),
        ("é🎉", "é🎉"),
        ("\u{FEFF}bom", "\"\u{FEFF}bom\""),
        ("", ""),
    ])
    func quoting(field: String, expected: String) {
        var csv = CSVWriter(header: ["a", "b"])
        csv.appendRow([.text(field), "z"])
        #expect(csv.text == "a,b\n\(expected),z\n")
    }

    @Test func headerOnlyDocument() {
        #expect(CSVWriter(header: ["x", "y,z"]).text == "x,\"y,z\"\n")
        #expect(CSVWriter(header: ["x"], lineEnding: .crlf).text == "x\r\n")
        #expect(CSVWriter(header: ["x"]).rowCount == 0)
    }

    @Test func mixedFieldsAndLiterals() {
        var csv = CSVWriter(header: ["name", "k", "n", "note"])
        csv.appendRow(["quarter", 0.5522847498307936, 4, .empty])
        csv.appendRow([.text("r/1.8"), .double(1 / 1.8), .int(-3), "ok"])
        csv.appendRow(["bad", .double(.nan), .double(-.infinity), .double(-0.0)])
        #expect(csv.text == """
            name,k,n,note
            quarter,0.5522847498307936,4,
            r/1.8,0.5555555555555556,-3,ok
            bad,nan,-inf,-0

            """)
        #expect(csv.rowCount == 3)
    }

    @Test func crlfLineEnding() {
        var csv = CSVWriter(header: ["a", "b"], lineEnding: .crlf)
        csv.appendRow([1, "x\ny"])
        #expect(csv.text == "a,b\r\n1,\"x\ny\"\r\n")
    }

    @Test func emptyFieldInOneColumnTableIsQuoted() {
        var csv = CSVWriter(header: ["only"])
        csv.appendRow([.empty])
        csv.appendRow([""])
        csv.appendRow(["v"])
        #expect(csv.text == "only\n\"\"\n\"\"\nv\n")
    }

    @Test func wrongFieldCountIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            var csv = CSVWriter(header: ["a", "b"])
            csv.appendRow([1])
        }
    }
}
