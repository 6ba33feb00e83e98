import ArcError
import DataFiles
import _ProcessLayer
import _Support

/// The CSV records of a sweep.
enum SweepRows {
    /// Finished rows: their bytes (whole lines, in grid order) and each row's checkpoint digest
    /// (``CheckpointRecord/digest(line:index:)``).
    struct Part: Sendable {
        var bytes: [UInt8] = []
        var digests: [UInt64] = []
    }

    /// Appends `x` as `CSVField.format(x)` writes it. The numbers that format writes with
    /// `description` (finite, nonzero, not an integer within 2⁵³: nearly every cell) are written
    /// by `Double.write(to:)` — the same digits, handed over as ASCII bytes without a String in
    /// between; the others by `CSVField.format` itself.
    fileprivate static func append(_ x: Double, to part: inout Part) {
        if x.isFinite, x != 0, !(x.rounded(.towardZero) == x && x.magnitude <= 0x1p53) {
            x.write(to: &part)
        } else {
            part.bytes.append(contentsOf: CSVField.format(x).utf8)
        }
    }

    /// The rows of pairs `range` of `grid`, formatted on all cores in parts of about 512 pairs,
    /// the parts in order (so the bytes do not depend on thread timing); `firstRow` is the data
    /// row of the file that pair `range.lowerBound` is written to (its digest's index).
    static func rows(_ grid: SweepGrid, columns: ErrorColumns, _ range: Range<Int>, firstRow: Int) -> [Part] {
        let lower = range.lowerBound
        return ConcurrentChunks.map(count: range.count, chunks: (range.count + 511) / 512) { chunk in
            var part = Part()
            part.bytes.reserveCapacity(chunk.count * 384)
            part.digests.reserveCapacity(chunk.count)
            var row = firstRow + chunk.lowerBound
            grid.forEachReport(in: (lower + chunk.lowerBound)..<(lower + chunk.upperBound)) { pair, report in
                let start = part.bytes.count
                for (j, x) in columns.values(report, segments: pair.segments).enumerated() {
                    if j > 0 { part.bytes.append(UInt8(ascii: ",")) }
                    if j == 1 { part.bytes.append(contentsOf: String(pair.segments).utf8) } else { part.write(x) }
                }
                if grid.relative {
                    part.bytes.append(UInt8(ascii: ","))
                    part.write(pair.factor)
                }
                part.digests.append(part.bytes.withUnsafeBytes { all in
                    CheckpointRecord.digest(line: UnsafeRawBufferPointer(rebasing: all[start...]), index: row)
                })
                part.bytes.append(UInt8(ascii: "\n"))
                row += 1
            }
            return part
        }
    }

    /// The records of pairs `range` of `grid` as text.
    static func text(_ grid: SweepGrid, columns: ErrorColumns, _ range: Range<Int>) -> String {
        String(decoding: rows(grid, columns: columns, range, firstRow: 0).flatMap(\.bytes), as: UTF8.self)
    }
}

/// A part's bytes as the stream numbers are written to: `_writeASCII` is the hook
/// `Double.write(to:)` hands its digits to (the default makes a String of them first).
extension SweepRows.Part: TextOutputStream {
    mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }

    /// Appends `x` as `CSVField.format(x)` writes it (``SweepRows/append(_:to:)``).
    mutating func write(_ x: Double) { SweepRows.append(x, to: &self) }
}
