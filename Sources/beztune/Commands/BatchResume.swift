import Foundation
import Render

/// `--resume` for the batch fits (`fit --targets`, `fit-profile --profiles`): the rows an
/// interrupted run of the same batch left in its CSV.
///
/// Batch CSVs are written whole at each checkpoint (atomically), after whole items only, so the
/// file holds the rows of the first items of the batch. Each row begins with its item's own
/// fields (the manifest row's columns, and the profile's name); this keeps the file's rows only
/// when its header is this run's and its rows' leading fields are those of the batch's items in
/// order. A mismatch is a runtime error naming the file and line: resuming another batch would
/// mix two results.
enum BatchResume {
    /// The rows kept and how many items they complete. Without a file at `file` the batch starts
    /// afresh. `items` are the leading fields of each item of this run, in order; `rowCount`
    /// tells from an item's first row how many rows the item has (1 for `fit --targets`; for a
    /// profile, one per parameter and method, or 1 for an error row), so that a file cut inside
    /// an item — not something a checkpoint writes — is refused.
    static func rowsDone(in file: String, header: [String], items: [[String]], rowCount: ([String]) -> Int) throws(CLIError)
        -> (rows: [[String]], items: Int) {
        guard FileManager.default.fileExists(atPath: file) else { return ([], 0) }
        func failure(_ line: Int?, _ reason: String) -> CLIError {
            .runtime("\(file)\(line.map { " line \($0)" } ?? ""): cannot resume: \(reason)")
        }
        let table: CSVTable
        do throws(CSVError) {
            table = try CSVTable(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw .runtime("cannot resume: \(error.description)")
        }
        guard table.header == header else {
            let i = zip(table.header, header).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? Swift.min(table.header.count, header.count)
            let detail = i < Swift.min(table.header.count, header.count)
                ? "column \(i + 1) is '\(table.header[i].prefix(40))', this batch writes '\(header[i])'"
                : "it has \(table.header.count) columns, this batch writes \(header.count)"
            throw failure(1, "the header is not this batch's: \(detail) (same manifest, model and --free as before?)")
        }
        let keyCount = items.first?.count ?? 0
        var done = 0
        var index = 0
        while index < table.rows.count {
            let key = Array(table.rows[index].prefix(keyCount))
            guard done < items.count else {
                throw failure(table.lineNumbers[index], "more rows than this batch has items (same manifest and --shard as before?)")
            }
            guard key == items[done] else {
                throw failure(table.lineNumbers[index], "the row belongs to '\(key.joined(separator: ",").prefix(80))', but item \(done + 1) of this batch is '\(items[done].joined(separator: ",").prefix(80))' (same manifest and --shard as before?)")
            }
            let end = index + Swift.max(1, rowCount(table.rows[index]))
            guard end <= table.rows.count, table.rows[index..<end].allSatisfy({ Array($0.prefix(keyCount)) == key }) else {
                throw failure(table.lineNumbers[index], "item \(done + 1) has fewer rows than it should (not a file a checkpoint wrote)")
            }
            index = end
            done += 1
        }
        return (table.rows, done)
    }
}
