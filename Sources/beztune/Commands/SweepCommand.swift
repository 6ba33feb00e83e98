import ArcError
import DataFiles
import Dispatch
import Foundation
import _ArgumentParser
import _ProcessLayer
import _Support

/// `beztune sweep`: every error figure over a grid of handle factors and segment counts.
enum SweepCommand: BeztuneCommand {
    static let name = "sweep"
    static let abstract = "Every error figure over a grid of handle factors × segment counts, as CSV."

    static var options: [Option<Options>] {
        [
            .value(\.factors, "k-range", "A:B:STEP", required: true,
                   help: "Handle factors A, A+STEP, …, B (both ends inclusive; B is kept when (B−A)/STEP is within 1e-9 of a whole number).",
                   parse: OptionValue.keepingText(factorRange)),
            .value(\.segments, "segments", "N|N1:N2", required: true, help: "One segment count or an inclusive range, each ≥ 2.",
                   parse: segmentRange),
            .flag(\.relative, "k-relative",
                  help: "Read the k range as multiples of each n's midpoint-exact factor 4/3·tan(π/(2n)); adds a k_relative column."),
            ArcErrorChoices.radius.embedded(in: \.arc),
            .text(\.csv, "csv", "FILE", required: true, help: "Where to write the grid (required)."),
            BatchOptions.checkpoint.embedded(in: \.batch)
                .help("Rewrite FILE with the rows finished so far at most every SECONDS (default 5; 0: after every block of \(blockSize) pairs; never more than a tenth of the time goes to it)."),
            BatchOptions.resume.embedded(in: \.batch)
                .help("Keep the rows an interrupted run of the same sweep left in FILE (checked against this grid) and compute the rest; without FILE, start afresh."),
            BatchOptions.shard.embedded(in: \.batch),
        ]
    }

    static let discussion = """
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
        """

    /// Pairs computed between two looks at the clock (progress, checkpoints).
    static let blockSize = 1 << 15

    /// `--k-range A:B:STEP` (``SweepGrid/factors(parsing:)``).
    static func factorRange(_ text: String) throws(OptionValueError) -> [Double] {
        try OptionValue.refuseHexadecimal(text)
        do throws(SweepGridError) {
            return try SweepGrid.factors(parsing: text)
        } catch {
            throw OptionValueError(error.reason, text: error.text)
        }
    }

    /// `--segments N|N1:N2` (``SweepGrid/segments(parsing:)``).
    static func segmentRange(_ text: String) throws(SweepGridError) -> [Int] {
        try SweepGrid.segments(parsing: text)
    }

    /// What a sweep computes, checked before any work: the columns, and the grid with every k
    /// in (0, 10] (a k out of range is the `--k-range`'s fault).
    struct Checked {
        var options: Options
        var columns: ErrorColumns
        var grid: SweepGrid
    }

    static func validate(_ options: Options) throws -> Checked {
        let columns = try ErrorColumns(options.arc)
        do throws(SweepGridError) {
            let grid = try SweepGrid(factors: options.factors.value, segments: options.segments, relative: options.relative)
            return Checked(options: options, columns: columns, grid: grid)
        } catch where error.kind == .handleOutOfRange {
            throw InvalidOptionValue(option: "k-range", text: options.factors.text, problem: error)
        }
    }

    static func run(_ checked: Checked, console: Console) throws {
        let (options, columns, grid) = (checked.options, checked.columns, checked.grid)
        let file = options.csv, relative = options.relative
        let pairs = options.batch.shard.range(of: grid.count)
        let header = (columns.header + (relative ? ["k_relative"] : [])).joined(separator: ",") + "\n"
        var csv = CheckpointedCSV(file: file, fingerprint: SweepResume.fingerprint(header: header, options: options, pairs: pairs),
                                  program: RunOutputs.program)
        let outputs = try RunOutputs(files: csv.outputs, console: console)
        let stream = try StreamedCSV(csv, in: outputs.transaction)
        var done = 0
        if options.batch.resume {
            let kept: String
            // Checking a large file's rows takes a while: say how far it is.
            let progress = ProgressLines(command: name, console: console)
            defer { progress.finish() }
            (kept, done) = try SweepResume.rowsDone(in: file, header: header, grid: grid, columns: columns, pairs: pairs,
                                                    csv: &csv, progress: progress)
            try stream.append(kept)
            progress.finish(step: "checking the rows already in \(file)")
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
            if done < pairs.count { try checkpoint.reached { () throws(FileWriteError) in try stream.checkpoint(csv) } }
        }
        try stream.stage(csv, in: outputs.transaction)
        if reported {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            console.printError("beztune sweep: done, \(pairs.count) pairs in \(String(format: "%.1f", elapsed)) s")
        }
        try outputs.commit()
        csv.finish()
    }

    struct Options: CommandOptions {
        var factors = Given<[Double]>(value: [], text: "")  // required
        var segments: [Int] = []  // required
        var relative = false
        var arc = ArcErrorChoices()
        var csv = ""  // required
        var batch = BatchOptions()
    }

}
