import DataFiles
import Foundation

// DataFilesConsumer INPUT OUTPUT: reads points from the CSV file INPUT (columns label, x, y;
// RFC 4180, so a label may hold commas, quotes and line breaks), writes each with its distance
// from the origin, √(x² + y²), to the CSV file OUTPUT — atomically, by Foundation's
// `.atomic` write: OUTPUT is complete or untouched — and prints the same rows as a table. A file
// problem is one line on stderr and exit status 1; wrong arguments exit with 2. DataFiles is
// only data files: it installs no signal handler and writes no file of its own.

/// Prints `message` on stderr and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("DataFilesConsumer: \(message)\n".utf8))
    exit(status)
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else { fail("usage: DataFilesConsumer INPUT.csv OUTPUT.csv", status: 2) }

var output = CSVWriter(header: ["label", "x", "y", "distance"])
var shown: [[String]] = []
do throws(CSVError) {
    let table = try CSVTable(contentsOf: URL(fileURLWithPath: arguments[1]))
    try table.requireColumns(["label", "x", "y"])
    let (label, x, y) = (try table.columnIndex("label"), try table.columnIndex("x"), try table.columnIndex("y"))
    for row in table.rows.indices {
        let (px, py) = (try table.double(row: row, column: x), try table.double(row: row, column: y))
        let name = table.string(row: row, column: label)
        let fields: [CSVField] = [.text(name), .double(px), .double(py), .double((px * px + py * py).squareRoot())]
        output.appendRow(fields)
        shown.append(fields.map { $0.rawText.replacingOccurrences(of: "\n", with: " ") })
    }
} catch {
    fail(error.description, status: 1)
}
do {
    try Data(output.text.utf8).write(to: URL(fileURLWithPath: arguments[2]), options: .atomic)
} catch {
    fail("\(arguments[2]): cannot write: \(error.localizedDescription)", status: 1)
}
print(TextTable.render(header: output.header, rows: shown), terminator: "")
