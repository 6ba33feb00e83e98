import DataFiles
import Foundation
import _ProcessLayer
import _Support

/// `--resume` for the batch fits (`fit --targets`, `fit-profile --profiles`): the rows an
/// interrupted run of the same batch left in its CSV.
///
/// Batch CSVs are written whole at each checkpoint (atomically), after whole items only, so the
/// file holds the rows of the first items of the batch. Each row begins with its item's own
/// fields (the manifest row's columns, and the profile's name); this keeps the file's rows only
/// when
/// - the header is this run's,
/// - the rows' leading fields are those of the batch's items, in order, each item with as many
///   rows as it should have,
/// - every row is the one the checkpoint record beside the file (``CheckpointedCSV``) holds at
///   its place (a file without a record — cut by hand, or from an older version — is not
///   checked so),
/// - and the last kept item, computed again with this run's options, gives the same rows (every
///   number within a relative 1e-6; the timing and effort columns `seconds`, `iterations`,
///   `evaluations` aside) — so a resume with other options that change the results (another
///   radius, model, loss, timing …) is refused, as `sweep --resume` refuses another grid.
/// A mismatch is a runtime error naming the file and line: resuming another batch would mix two
/// results.
enum BatchResume {
    /// What a batch's rows depend on besides the options the last item's recomputation checks:
    /// the header, the items' own fields, the shard's rows.
    static func fingerprint(header: [String], items: [[String]], rows: Range<Int>) -> UInt64 {
        var f = Fingerprint()
        f.combine(UInt64(header.count))
        for h in header { f.combine(h) }
        f.combine(UInt64(items.count))
        for item in items {
            f.combine(UInt64(item.count))
            for field in item { f.combine(field) }
        }
        f.combine(UInt64(rows.lowerBound))
        f.combine(UInt64(rows.upperBound))
        return f.value
    }

    /// Columns whose values may differ between two runs of the same fit.
    static let unchecked: Set<String> = ["seconds", "iterations", "evaluations"]

    /// The rows kept and how many items they complete. Without a file at `file` the batch starts
    /// afresh. `items` are the leading fields of each item of this run, in order; `rowCount`
    /// tells from an item's first row how many rows the item has (1 for `fit --targets`; for a
    /// profile, one per parameter and method, or 1 for an error row), so that a file cut inside
    /// an item — not something a checkpoint writes — is refused; `recompute(i)` gives the rows of
    /// item i (0-based within `items`) as this run computes them.
    static func rowsDone(in file: String, header: [String], items: [[String]], rowCount: ([String]) -> Int,
                         csv: inout CheckpointedCSV,
                         recompute: (Int) throws -> [[CSVField]]) throws -> (rows: [[String]], items: Int) {
        guard FileManager.default.fileExists(atPath: file) else { return ([], 0) }
        func failure(_ line: Int?, _ reason: String) -> ResumeError { ResumeError(file: file, line: line, reason) }
        let table = try inContext("cannot resume") { () throws(CSVError) in
            try CSVTable(contentsOf: URL(fileURLWithPath: file))
        }
        guard table.header == header else {
            let i = zip(table.header, header).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? Swift.min(table.header.count, header.count)
            let detail = i < Swift.min(table.header.count, header.count)
                ? "column \(i + 1) is '\(table.header[i].prefix(40))', this batch writes '\(header[i])'"
                : "it has \(table.header.count) columns, this batch writes \(header.count)"
            throw failure(1, "the header is not this batch's: \(detail) (same manifest, model and --free as before?)")
        }
        // Every row against the record of the run that wrote them, when there is one.
        _ = try csv.verify(table.rows, line: { table.lineNumbers[$0] })
        for row in table.rows { csv.append(fields: row) }
        let keyCount = items.first?.count ?? 0
        var done = 0
        var index = 0
        var lastItem = 0..<0
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
            lastItem = index..<end
            index = end
            done += 1
        }
        if done > 0 {
            // The recomputed rows, read back as the file would hold them.
            var writer = CSVWriter(header: header)
            for row in try recompute(done - 1) { writer.appendRow(row) }
            let again = try inContext("cannot resume") { () throws(CSVError) in
                try CSVTable(parsing: writer.text, source: file).rows
            }
            let kept = Array(table.rows[lastItem])
            let ignored = Set(header.indices.filter { unchecked.contains(header[$0]) })
            if let column = mismatch(kept, again, ignoring: ignored) {
                throw failure(table.lineNumbers[lastItem.lowerBound], "item \(done), computed again with this run's options, differs in '\(header[column])' (\(kept.first.map { $0[column].prefix(30) } ?? "") before): other options than before?")
            }
        }
        return (table.rows, done)
    }

    /// The first column in which two sets of rows differ beyond rounding (numbers within a
    /// relative 1e-6, other fields exactly), or nil; a differing row count reports column 0.
    static func mismatch(_ a: [[String]], _ b: [[String]], ignoring ignored: Set<Int>) -> Int? {
        guard a.count == b.count else { return 0 }
        for (x, y) in zip(a, b) {
            guard x.count == y.count else { return 0 }
            for c in x.indices where !ignored.contains(c) && x[c] != y[c] {
                if let u = Double(x[c]), let v = Double(y[c]) {
                    if u.isNaN && v.isNaN { continue }
                    if abs(u - v) <= 1e-6 * Swift.max(abs(u), abs(v)) { continue }
                }
                return c
            }
        }
        return nil
    }
}
