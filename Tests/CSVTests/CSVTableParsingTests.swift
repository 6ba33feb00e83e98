import Testing
import _TestSupport
import CSV

@Suite("CSV reader: parsing")
struct CSVTableParsingTests {
    private func parse(_ text: String) throws(CSVError) -> CSVTable {
        try CSVTable(parsing: text, source: "in.csv")
    }

    /// The one-line message of the error `text` raises.
    private func message(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func simpleTable() throws {
        let table = try parse("a,b\n1,2\n3,4\n")
        #expect(table.header == ["a", "b"])
        #expect(table.rows == [["1", "2"], ["3", "4"]])
        #expect(table.lineNumbers == [2, 3])
        #expect(table.source == "in.csv")
    }

    @Test func lastRecordWithoutLineBreak() throws {
        #expect(try parse("a,b\n1,2").rows == [["1", "2"]])
        #expect(try parse("a,b\n1,").rows == [["1", ""]])
        #expect(try parse("a,b\n1,\"\"").rows == [["1", ""]])
    }

    @Test func crlfAndBOM() throws {
        let table = try parse("\u{FEFF}x,y\r\n1,\"a\r\nb\"\r\n2,c\r\n")
        #expect(table.header == ["x", "y"])
        #expect(table.rows == [["1", "a\r\nb"], ["2", "c"]])
        #expect(table.lineNumbers == [2, 4])
    }

    @Test func onlyOneLeadingBOMIsStripped() throws {
        #expect(try parse("\u{FEFF}\u{FEFF}x\n1\n").header == ["\u{FEFF}x"])
    }

    @Test func quotedFields() throws {
        let table = try parse("a,b,c\n\"x,y\",\"say \"\"hi\"\"\",\"\"\n\"\"\"\",\"lone\rcr\",\"a\nb\nc\"\n")
        #expect(table.rows == [["x,y", "say \"hi\"", ""], ["\"", "lone\rcr", "a\nb\nc"]])
        #expect(table.lineNumbers == [2, 3])
    }

    @Test func spacesAreKept() throws {
        #expect(try parse("a,b\n  x , y\t\n").rows == [["  x ", " y\t"]])
    }

    @Test func errorAfterMultiLineFieldReportsThePhysicalLine() {
        // The record on line 2 spans lines 2–4; the bad record starts on line 5.
        #expect(message("a,b\n1,\"x\ny\nz\"\n2\n") == "in.csv line 5: expected 2 fields as in the header, found 1")
        // A stray quote on line 4, inside the third record, at field 2, character 6.
        #expect(message("a,b\n1,\"x\n\"\nab,cd\"e\n")
            == "in.csv line 4, column 2 (character 6): '\"' inside an unquoted field; quote the whole field and double the quotes in it")
    }

    @Test func blankLines() throws {
        #expect(try parse("a,b\n1,2\n\n\r\n\n").rows == [["1", "2"]])
        #expect(message("a,b\n1,2\n\n3,4\n") == "in.csv line 3: blank line inside the table (the header has 2 columns)")
        #expect(message("a,b\n1,2\r\n\r\n3,4\n") == "in.csv line 3: blank line inside the table (the header has 2 columns)")
        // One column: a blank line inside is a row with an empty field; trailing ones are ignored.
        let single = try parse("v\n1\n\n2\n\n\n")
        #expect(single.rows == [["1"], [""], ["2"]])
        #expect(single.lineNumbers == [2, 3, 4])
        #expect(message("\n\na,b\n") == "in.csv line 1: blank line where the header row is expected")
    }

    @Test func emptyInputs() {
        for text in ["", "\u{FEFF}", "\n", "\r\n\n\n", "\u{FEFF}\n"] {
            #expect(message(text) == "in.csv: empty file, expected a header row", "\(Array(text.utf8))")
        }
    }

    @Test func headerOnly() throws {
        let table = try parse("a,b,c\n")
        #expect(table.header == ["a", "b", "c"] && table.rows.isEmpty && table.lineNumbers.isEmpty)
    }

    @Test("syntax errors name line and column", arguments: [
        ("a,b\n1,x\"y\n", "in.csv line 2, column 2 (character 4): '\"' inside an unquoted field; quote the whole field and double the quotes in it"),
        ("a,b\n\"x\"y,2\n", "in.csv line 2, column 1 (character 4): 'y' after the closing quote; expected ',' or the end of the line"),
        ("a,b\n1,\"x\" \n", "in.csv line 2, column 2 (character 6): ' ' after the closing quote; expected ',' or the end of the line"),
        ("a,b\n1,\"x\"\r2\n", "in.csv line 2, column 2 (character 6): '\\r' after the closing quote; expected ',' or the end of the line"),
        ("a,b\né,\"x\"é\n", "in.csv line 2, column 2 (character 6): 'é' after the closing quote; expected ',' or the end of the line"),
        ("a,b\n1,2\n3,\"open\nmore\n", "in.csv line 3, column 2 (character 3): quoted field is not closed: no matching '\"' before the end of the input"),
        ("a,b\n\"", "in.csv line 2, column 1 (character 1): quoted field is not closed: no matching '\"' before the end of the input"),
        ("a,b\n1,x\ry\n", "in.csv line 2, column 2 (character 4): carriage return not followed by a line feed; quote the field to keep it"),
        ("a,b\n1,2,3\n", "in.csv line 2: expected 2 fields as in the header, found 3"),
        ("a,b,c\n1,2,3\n4,5\n", "in.csv line 3: expected 3 fields as in the header, found 2"),
        ("a,b,a\n", "in.csv line 1, column 3: duplicate column name 'a' (also column 1)"),
        ("x,\"a\nb\",\"a\nb\"\n", "in.csv line 1, column 3: duplicate column name 'a\\nb' (also column 2)"),
        ("🎉,\"b\n", "in.csv line 1, column 2 (character 3): quoted field is not closed: no matching '\"' before the end of the input"),
    ])
    func syntaxErrors(text: String, expected: String) {
        #expect(message(text) == expected)
    }

    @Test func everyErrorMessageIsOneLine() {
        for text in ["a,b\n1,x\"\ny\n", "\"a\nb\nc", "a,b\n1,\"\n\"\u{2028}", "a\n\"\n\n\"x"] {
            let text = message(text)
            #expect(text != nil)
            #expect(isOneLine(text ?? ""), "\(text ?? "")")
        }
    }

    @Test func truncatedInputAtEveryPrefix() {
        // Every prefix of a valid document either parses or throws a located error.
        let document = "name,value\n\"a, \"\"b\"\"\",1\n\"multi\nline\",2\nplain,3\n"
        let bytes = Array(document.utf8)
        for length in 0...bytes.count {
            let text = String(decoding: bytes[..<length], as: UTF8.self)
            do {
                let table = try parse(text)
                #expect(table.rows.allSatisfy { $0.count == 2 })
            } catch {
                #expect(error.description.hasPrefix("in.csv"))
            }
        }
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 42)
        let alphabet: [UInt8] = Array(",\"\r\n ab".utf8) + [0xEF, 0xBB, 0xBF, 0xC3, 0xA9, 0x00, 0xFF]
        var parsed = 0
        var failed = 0
        for _ in 0..<5_000 {
            let count = Int(random.next() % 40)
            let bytes = (0..<count).map { _ in
                random.next() % 2 == 0 ? alphabet[Int(random.next() % UInt64(alphabet.count))]
                    : UInt8(truncatingIfNeeded: random.next())
            }
            do {
                let table = try parse(String(decoding: bytes, as: UTF8.self))
                #expect(table.rows.allSatisfy { $0.count == table.header.count })
                #expect(table.rows.count == table.lineNumbers.count)
                parsed += 1
            } catch {
                #expect(isOneLine(error.description))
                failed += 1
            }
        }
        // Both outcomes must occur, or the generator is not exercising the parser.
        #expect(parsed > 100 && failed > 100)
    }

    @Test func largeInput() throws {
        var csv = CSVWriter(header: ["i", "x", "label"])
        for i in 0..<200_000 {
            csv.appendRow([.int(i), .double(Double(i) * 0.25), .text(i % 1000 == 0 ? "a,\"b\"\nc" : "row")])
        }
        let table = try parse(csv.text)
        #expect(table.rows.count == 200_000)
        #expect(table.rows[1000] == ["1000", "250", "a,\"b\"\nc"])
        // Rows 0, 1000, 2000, … span two lines each.
        #expect(table.lineNumbers[1001] == 1001 + 2 + 2)
        #expect(table.lineNumbers.last == 199_999 + 2 + 200)
        #expect(try table.double(row: 199_999, column: 1) == 49_999.75)
    }
}
