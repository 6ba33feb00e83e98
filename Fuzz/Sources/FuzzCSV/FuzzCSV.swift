import FuzzSupport
import DataFiles

/// CSV files (point lists, resumed sweeps, manifests): `CSVTable(parsing:source:)` and every
/// typed accessor on every cell.
///
/// Invariants: never traps; every row has the header's field count and a line number, line
/// numbers increase, header names are unique; errors are one line; what was read writes back
/// (`CSVWriter`) to text that reads to the same table.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = FuzzInput.text(data, size)
    let table: CSVTable
    do throws(CSVError) {
        table = try CSVTable(parsing: text, source: "fuzz.csv")
    } catch {
        fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
        return 0
    }
    fuzzCheck(table.rows.count == table.lineNumbers.count, "\(table.rows.count) rows, \(table.lineNumbers.count) line numbers")
    fuzzCheck(Set(table.header).count == table.header.count, "duplicate header names \(table.header)")
    fuzzCheck(zip(table.lineNumbers, table.lineNumbers.dropFirst()).allSatisfy { $0 < $1 },
              "line numbers not increasing: \(table.lineNumbers)")
    for (r, row) in table.rows.enumerated() {
        fuzzCheck(row.count == table.header.count, "row \(r) has \(row.count) fields, header \(table.header.count)")
        for c in row.indices {
            do throws(CSVError) { _ = try table.double(row: r, column: c) } catch {
                fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
            }
            do throws(CSVError) { _ = try table.int(row: r, column: c) } catch {
                fuzzCheck(isOneLine(error.description), "multi-line message: \(error.description)")
            }
        }
    }
    // Round trip through the writer.
    var writer = CSVWriter(header: table.header)
    for row in table.rows { writer.appendRow(row.map { CSVField.text($0) }) }
    do throws(CSVError) {
        let again = try CSVTable(parsing: writer.text, source: "fuzz.csv")
        fuzzCheck(again.header == table.header && again.rows == table.rows,
                  "round trip changed the table: \(table.header) \(table.rows) -> \(again.header) \(again.rows)")
    } catch {
        fuzzCheck(false, "written CSV does not read back: \(error)")
    }
    return 0
}
