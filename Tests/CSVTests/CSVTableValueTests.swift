import Testing
import _TestSupport
import CSV

@Suite("CSV reader: columns and typed values")
struct CSVTableValueTests {
    private let table: CSVTable

    init() throws {
        table = try CSVTable(parsing: """
            x,y,label,n
            1.5, -2 ,a,7
            abc,nan,"multi
            line",+8
            ,inf,  ,-9
            1e999,-inf,c,2.5
            0x1p-2,1e-400,d,99999999999999999999
            \t3\t,-1e999,\"e\"\"\",x1

            """, source: "data.csv")
    }

    private func message(_ body: () throws -> Void) -> String? {
        errorMessage(CSVError.self, body)
    }

    @Test func columnIndex() throws {
        #expect(try table.columnIndex("label") == 2)
        #expect(message { _ = try table.columnIndex("z") } == "data.csv: missing column 'z' (columns: x, y, label, n)")
        #expect(message { _ = try table.columnIndex("X") } == "data.csv: missing column 'X' (columns: x, y, label, n)")
        #expect(message { try table.requireColumns(["x", "n"]) } == nil)
        #expect(message { try table.requireColumns(["x", "t", "u\n"]) }
            == "data.csv: missing columns 't', 'u\\n' (columns: x, y, label, n)")
    }

    @Test func doubles() throws {
        #expect(try table.double(row: 0, column: 0) == 1.5)
        #expect(try table.double(row: 0, column: 1) == -2)  // spaces trimmed
        #expect(try table.double(row: 4, column: 1) == 0)  // underflow rounds to zero
        #expect(try table.double(row: 5, column: 0) == 3)  // tabs trimmed
    }

    @Test func doubleErrors() {
        // Hexadecimal is refused, as everywhere in BezierTune (Swift's own grammar would take it).
        #expect(message { _ = try table.double(row: 4, column: 0) }
            == "data.csv line 7, column 'x': '0x1p-2' is not a decimal number (hexadecimal is not accepted)")
        #expect(message { _ = try table.double(row: 4, column: 0, allowNonFinite: true) } != nil)
        #expect(message { _ = try table.double(row: 1, column: 0) } == "data.csv line 3, column 'x': 'abc' is not a number")
        #expect(message { _ = try table.double(row: 1, column: 1) } == "data.csv line 3, column 'y': 'nan' is not a finite number")
        #expect(message { _ = try table.double(row: 2, column: 0) } == "data.csv line 5, column 'x': empty value")
        #expect(message { _ = try table.double(row: 2, column: 2) } == "data.csv line 5, column 'label': empty value")
        #expect(message { _ = try table.double(row: 2, column: 1) } == "data.csv line 5, column 'y': 'inf' is not a finite number")
        #expect(message { _ = try table.double(row: 3, column: 0) } == "data.csv line 6, column 'x': '1e999' is not a finite number")
        #expect(message { _ = try table.double(row: 3, column: 1) } == "data.csv line 6, column 'y': '-inf' is not a finite number")
        #expect(message { _ = try table.double(row: 1, column: 2) } == "data.csv line 3, column 'label': 'multi\\nline' is not a number")
    }

    @Test func nonFiniteWhenAllowed() throws {
        #expect(try table.double(row: 1, column: 1, allowNonFinite: true).isNaN)
        #expect(try table.double(row: 2, column: 1, allowNonFinite: true) == .infinity)
        #expect(try table.double(row: 3, column: 0, allowNonFinite: true) == .infinity)
        #expect(try table.double(row: 5, column: 1, allowNonFinite: true) == -.infinity)
        #expect(message { _ = try table.double(row: 1, column: 0, allowNonFinite: true) } != nil)
    }

    @Test func ints() throws {
        #expect(try table.int(row: 0, column: 3) == 7)
        #expect(try table.int(row: 1, column: 3) == 8)
        #expect(try table.int(row: 2, column: 3) == -9)
        #expect(message { _ = try table.int(row: 3, column: 3) } == "data.csv line 6, column 'n': '2.5' is not an integer")
        #expect(message { _ = try table.int(row: 4, column: 3) } == "data.csv line 7, column 'n': '99999999999999999999' is out of range for an integer")
        #expect(message { _ = try table.int(row: 5, column: 3) } == "data.csv line 8, column 'n': 'x1' is not an integer")
        #expect(message { _ = try table.int(row: 2, column: 2) } == "data.csv line 5, column 'label': empty value")
    }

    @Test func strings() {
        #expect(table.string(row: 0, column: 1) == " -2 ")
        #expect(table.string(row: 1, column: 2) == "multi\nline")
        #expect(table.string(row: 5, column: 2) == "e\"")
        #expect(table.lineNumbers == [2, 3, 5, 6, 7, 8])
    }

    @Test func outOfRangeIndexIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            let table = try! CSVTable(parsing: "a\n1\n", source: "t")
            _ = table.string(row: 1, column: 0)
        }
    }

    @Test func cellErrorForCallerChecks() {
        #expect(table.cellError(row: 2, column: 3, "must be positive").description
            == "data.csv line 5, column 'n': must be positive")
    }

    @Test func errorFields() throws {
        let error = try #require(throws: CSVError.self) { _ = try table.double(row: 1, column: 0) }
        #expect(error.kind == .value)
        #expect(error.source == "data.csv" && error.line == 3 && error.columnName == "x")
        #expect(error.reason == "'abc' is not a number")
    }
}
