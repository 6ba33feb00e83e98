import ArcError
import DataFiles
import Dispatch
import Foundation
import _ProcessLayer
import _Support

/// `beztune sweep`: every error figure over a grid of handle factors and segment counts.
enum SweepCommand {
    struct Options: CommandOptions {
        var factors = Given<[Double]>(value: [], text: "")  // required
        var segments: [Int] = []  // required
        var relative = false
        var radius: Double?
        var csv = ""  // required
        var batch = BatchOptions()
    }

    static var declaration: CommandDeclaration<Options> {
        CommandDeclaration(
            name: "sweep",
            abstract: "Every error figure over a grid of handle factors × segment counts, as CSV.",
            options: [
                .value(\.factors, "k-range", "A:B:STEP", required: true,
                       help: "Handle factors A, A+STEP, …, B (both ends inclusive; B is kept when (B−A)/STEP is within 1e-9 of a whole number).",
                       parse: OptionValue.keepingText(factorRange)),
                .value(\.segments, "segments", "N|N1:N2", required: true, help: "One segment count or an inclusive range, each ≥ 2.",
                       parse: segmentRange),
                .flag(\.relative, "k-relative",
                      help: "Read the k range as multiples of each n's midpoint-exact factor 4/3·tan(π/(2n)); adds a k_relative column."),
                .value(\.radius, "radius", "R", help: "Radius for the absolute columns (*_abs).", parse: ErrorColumns.radius),
                .value(\.csv, "csv", "FILE", required: true, help: "Where to write the grid (required).", parse: OptionValue.text),
                .value(\.batch.checkpoint, "checkpoint", "SECONDS",
                       help: "Rewrite FILE with the rows finished so far at most every SECONDS (default 5; 0: after every block of \(blockSize) pairs; never more than a tenth of the time goes to it).",
                       parse: OptionValue.nonNegative("seconds")),
                .flag(\.batch.resume, "resume",
                      help: "Keep the rows an interrupted run of the same sweep left in FILE (checked against this grid) and compute the rest; without FILE, start afresh."),
                Shard.option(\.batch.shard),
            ],
            discussion: """
                Rows are ordered by segments, then k. Columns are those of 'beztune error' (plus
                k_relative with --k-relative). At most 10000000 pairs. Runs on all cores; output is
                identical whatever the thread timing. Progress goes to stderr once a run takes more
                than a second.
                Every write of FILE is atomic: an interrupted sweep (Ctrl-C, kill) leaves FILE as of
                its last checkpoint — whole rows, the first ones of the grid — or no file, never a
                partial row. Run the same command with --resume to finish it; the result is the
                same file, byte for byte, as an uninterrupted run's.
                --shard I/N computes the I-th of N contiguous blocks of the rows (each file has the
                header); the N files, concatenated in order without the repeated headers, are the
                unsharded file byte for byte. --resume works per shard.
                """)
    }

    static var command: Command { Command(declaration, run: run) }

    /// Pairs computed between two looks at the clock (progress, checkpoints).
    static let blockSize = 1 << 15

    /// `--k-range A:B:STEP` (``SweepGrid/factors(parsing:)``).
    static func factorRange(_ text: String) throws(OptionValueError) -> [Double] {
        try OptionValue.refuseHexadecimal(text)
        do throws(SweepGridError) {
            return try SweepGrid.factors(parsing: text)
        } catch {
            throw OptionValueError(error)
        }
    }

    /// `--segments N|N1:N2` (``SweepGrid/segments(parsing:)``).
    static func segmentRange(_ text: String) throws(OptionValueError) -> [Int] {
        do throws(SweepGridError) {
            return try SweepGrid.segments(parsing: text)
        } catch {
            throw OptionValueError(error)
        }
    }

    static func run(_ options: Options, console: Console) throws(CLIError) {
        let file = options.csv, relative = options.relative
        let columns = try ErrorColumns(radius: options.radius)
        // Every k is checked before any work: k ∈ (0, 10].
        let grid: SweepGrid
        do throws(SweepGridError) {
            grid = try SweepGrid(factors: options.factors.value, segments: options.segments, relative: relative)
        } catch {
            throw .usage(error.kind == .handleOutOfRange ? "invalid --k-range \(MessageText.quoted(options.factors.text)): \(error.reason)" : error.description)
        }

        let pairs = options.batch.shard.range(of: grid.count)
        let header = (columns.header + (relative ? ["k_relative"] : [])).joined(separator: ",") + "\n"
        var csv = CheckpointedCSV(file: file, fingerprint: SweepResume.fingerprint(header: header, options: options, pairs: pairs))
        let outputs = try RunOutputs(files: csv.outputs, console: console)
        let stream = try StreamedCSV(csv, in: outputs)
        var done = 0
        if options.batch.resume {
            let kept: String
            (kept, done) = try SweepResume.rowsDone(in: file, header: header, grid: grid, columns: columns, pairs: pairs,
                                                    csv: &csv)
            try stream.append(kept)
        } else {
            try stream.append(header)
        }
        let start = DispatchTime.now()
        var lastReport = 0.0
        var reported = false
        var checkpoint = CSVCheckpoint(interval: options.batch.checkpoint)
        while done < pairs.count {
            let block = Swift.min(pairs.count - done, blockSize)
            let first = pairs.lowerBound + done
            for part in SweepRows.rows(grid, columns: columns, first..<(first + block), firstRow: done) {
                try stream.append(part.bytes)
                csv.append(digests: part.digests)
            }
            done += block
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            // Progress before the checkpoint: a run whose standard error has failed stops at its
            // first progress line (after a second), before its first checkpoint (after five).
            if elapsed > 1 && elapsed - lastReport >= 1 && done < pairs.count {
                console.printError("beztune sweep: \(100 * done / pairs.count)% (\(done) of \(pairs.count) pairs, \(String(format: "%.1f", elapsed)) s)")
                lastReport = elapsed
                reported = true
                try outputs.checkStreams()
            }
            if done < pairs.count { try checkpoint.reached { () throws(CLIError) in try stream.checkpoint(csv) } }
        }
        try stream.stage(csv, in: outputs)
        if reported {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            console.printError("beztune sweep: done, \(pairs.count) pairs in \(String(format: "%.1f", elapsed)) s")
        }
        try outputs.commit()
        csv.finish()
    }
}

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
