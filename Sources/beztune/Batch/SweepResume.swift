import ArcError
import DataFiles
import Foundation
import _ProcessLayer
import _Support

/// `sweep --resume`: the rows an interrupted run of the same sweep already wrote.
///
/// Every write of a sweep's CSV is atomic (checkpoints rewrite the whole file), so the file holds
/// whole rows, the first ones of the grid. Before keeping them this checks that they belong to
/// this sweep: the header is the one these options write (same `--radius`, `--k-relative`), no
/// more rows than the grid has, each row's `k` and `segments` (and `k_relative`) are those of the
/// grid's pair at its index, written as the sweep writes them, and every row is the one the
/// checkpoint record beside the file (``CheckpointedCSV``) holds at its place — or, for a file
/// without a record (cut by hand, or from an older version), the last row is recomputed and
/// compared in full. A mismatch is a runtime error naming the file and line: resuming a
/// different sweep would silently mix two grids.
enum SweepResume {
    /// The CSV text to continue from (the header and the rows kept) and the number of rows.
    /// `pairs` are the grid pairs this run computes (all of them, or a `--shard`'s block): row i
    /// of the file is pair `pairs.lowerBound + i`. Without a file at `file` the sweep starts
    /// afresh: `(header, 0)`.
    static func rowsDone(in file: String, header: String, grid: SweepGrid, columns: ErrorColumns,
                         pairs: Range<Int>, csv: inout CheckpointedCSV,
                         progress: ProgressLines? = nil) throws -> (text: String, rows: Int) {
        guard FileManager.default.fileExists(atPath: file) else { return (header, 0) }
        progress?.begin("reading \(file)")
        let text = try inContext("cannot resume") { () throws(FileReadError) in
            try TextFile.read(URL(fileURLWithPath: file), kind: "CSV file")
        }
        func failure(_ line: Int?, _ reason: String) -> ResumeError { ResumeError(file: file, line: line, reason) }
        let names = header.dropLast().split(separator: ",", omittingEmptySubsequences: false)
        // The file's lines are walked, never held as arrays: a sweep of 10⁷ pairs writes 2 GB, and
        // an array of every row's fields took four times the file's size.
        let bytes = text.utf8
        let dataRows = CSVLineFields(text)
        let lineBreaks = dataRows.ends.count
        guard !bytes.isEmpty else { throw failure(nil, "the file is empty (expected this sweep's header)") }
        // A file the sweep wrote ends with a line break.
        guard bytes.last == UInt8(ascii: "\n"), let headerEnd = bytes.firstIndex(of: UInt8(ascii: "\n")) else {
            throw failure(lineBreaks + 1, "the last line does not end with a line break (not a file a sweep wrote)")
        }
        let first = Substring(bytes[..<headerEnd])
        let found = first.split(separator: ",", omittingEmptySubsequences: false)
        guard found == names else {
            let i = zip(found, names).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? Swift.min(found.count, names.count)
            let detail = i < Swift.min(found.count, names.count)
                ? "column \(i + 1) is '\(found[i].prefix(40))', this sweep writes '\(names[i])'"
                : "it has \(found.count) columns, this sweep writes \(names.count)"
            throw failure(1, "the header is not this sweep's: \(detail) (same --radius and --k-relative as before?)")
        }
        let rows = lineBreaks - 1
        guard rows <= pairs.count else {
            throw failure(pairs.count + 2, "it has \(rows) rows, more than the \(pairs.count) pairs of this sweep (same --k-range, --segments and --shard as before?)")
        }
        // Every row against the record of the run that wrote them, when there is one.
        progress?.begin("checking the rows of \(file) against its checkpoint record")
        let vouched = try csv.verify(dataRows, line: { $0 + 2 })
        progress?.begin("checking the rows of \(file) against this sweep's grid", total: rows)
        var lastLine = Substring()
        for (i, fields) in dataRows.enumerated() {
            if i & 1023 == 1023 { progress?.advance(by: 1024) }
            csv.append(fields: fields)
            guard fields.count == names.count else {
                throw failure(i + 2, "expected \(names.count) fields as in the header, found \(fields.count)")
            }
            let key = SweepRows.key(grid.pair(pairs.lowerBound + i))
            let relativeMatches = !grid.relative || fields[fields.count - 1] == key.factor
            guard fields[0] == key.k, fields[1] == key.segments, relativeMatches else {
                throw failure(i + 2, "row \(i + 1) is k = \(fields[0].prefix(40)), segments = \(fields[1].prefix(20)), but pair \(pairs.lowerBound + i + 1) of this sweep is k = \(key.k), segments = \(key.segments) (same --k-range, --segments and --shard as before?)")
            }
            if i == rows - 1, let start = fields.first?.startIndex, let end = fields.last?.endIndex {
                lastLine = text[start..<end]
            }
        }
        let last = pairs.lowerBound + rows
        if rows > 0, !vouched, SweepRows.text(grid, columns: columns, (last - 1)..<last) != lastLine + "\n" {
            throw failure(rows + 1, "the last row differs from this sweep's value for it (edited, or written by another version?)")
        }
        return (text, rows)
    }
}

extension SweepResume {
    /// What a sweep's rows depend on: the header (the columns, --radius, --k-relative), the
    /// factors and segment counts of the grid, and the pairs of this run (--shard).
    static func fingerprint(header: String, options: SweepCommand.Options, pairs: Range<Int>) -> UInt64 {
        var f = Fingerprint()
        f.combine(header)
        f.combine(UInt64(options.factors.value.count))
        for k in options.factors.value { f.combine(k) }
        f.combine(UInt64(options.segments.count))
        for n in options.segments { f.combine(UInt64(n)) }
        f.combine(UInt64(pairs.lowerBound))
        f.combine(UInt64(pairs.upperBound))
        return f.value
    }
}

extension SweepRows {
    /// The key fields of a pair as the sweep writes them: k, segments and the factor read from
    /// `--k-range` (the `k_relative` column with `--k-relative`).
    static func key(_ pair: SweepGrid.Pair) -> (k: String, segments: String, factor: String) {
        (CSVField.format(pair.handle), String(pair.segments), CSVField.format(pair.factor))
    }
}

/// The data lines of a CSV text after its header, each split at its commas (no quoting: the
/// numbers a sweep writes), one line at a time. The lines' ends are found in one pass over the
/// bytes (their offsets, 8 bytes a line, are all that is kept); a line's fields are split from
/// its bytes when it is reached.
struct CSVLineFields: Sequence {
    let text: String
    /// The UTF-8 offset just past each line's break, the header's first.
    let ends: [Int]

    init(_ text: String) {
        self.text = text
        var ends: [Int] = []
        let scan = { (bytes: UnsafeBufferPointer<UInt8>) in
            for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") { ends.append(i + 1) }
        }
        if text.utf8.withContiguousStorageIfAvailable(scan) == nil {
            Array(text.utf8).withUnsafeBufferPointer(scan)
        }
        self.ends = ends
    }

    /// The number of data lines (every line after the header).
    var count: Int { Swift.max(0, ends.count - 1) }

    func makeIterator() -> Iterator { Iterator(fields: self, line: 1) }

    struct Iterator: IteratorProtocol {
        let fields: CSVLineFields
        var line: Int

        mutating func next() -> [Substring]? {
            guard line < fields.ends.count else { return nil }
            let utf8 = fields.text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: fields.ends[line - 1])
            let end = utf8.index(utf8.startIndex, offsetBy: fields.ends[line] - 1)
            line += 1
            return utf8[start..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { Substring($0) }
        }
    }
}
