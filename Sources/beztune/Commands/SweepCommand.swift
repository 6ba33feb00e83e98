import ArcError
import Dispatch
import Foundation
import Render
import _Support

/// `beztune sweep`: every error figure over a grid of handle factors and segment counts.
enum SweepCommand {
    static let spec = CommandSpec(
        name: "sweep",
        abstract: "Every error figure over a grid of handle factors × segment counts, as CSV.",
        synopsis: "--k-range A:B:STEP --segments N|N1:N2 [--k-relative] [--radius R] --csv FILE [--checkpoint SECONDS] [--resume] [--shard I/N]",
        options: [
            .init(name: "k-range", arity: .single(valueName: "A:B:STEP"),
                  help: "Handle factors A, A+STEP, …, B (both ends inclusive; B is kept when (B−A)/STEP is within 1e-9 of a whole number)."),
            .init(name: "segments", arity: .single(valueName: "N|N1:N2"),
                  help: "One segment count or an inclusive range, each ≥ 2."),
            .init(name: "k-relative", arity: .flag,
                  help: "Read the k range as multiples of each n's midpoint-exact factor 4/3·tan(π/(2n)); adds a k_relative column."),
            .init(name: "radius", arity: .single(valueName: "R"), help: "Radius for the absolute columns (*_abs)."),
            .init(name: "csv", arity: .single(valueName: "FILE"), help: "Where to write the grid (required)."),
            .init(name: "checkpoint", arity: .single(valueName: "SECONDS"),
                  help: "Rewrite FILE with the rows finished so far at most every SECONDS (default 5; 0: after every block of \(blockSize) pairs; never more than a tenth of the time goes to it)."),
            .init(name: "resume", arity: .flag,
                  help: "Keep the rows an interrupted run of the same sweep left in FILE (checked against this grid) and compute the rest; without FILE, start afresh."),
            Shard.option,
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

    static let command = Beztune.Command(spec: spec, run: run)

    static let maximumPairs = 10_000_000

    /// Pairs computed between two looks at the clock (progress, checkpoints).
    static let blockSize = 1 << 15

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        guard let rangeText = arguments.string("k-range") else { throw arguments.usage("missing --k-range") }
        guard let segmentText = arguments.string("segments") else { throw arguments.usage("missing --segments") }
        guard let file = arguments.string("csv") else { throw arguments.usage("missing --csv") }
        let factors: [Double], segments: [Int]
        do throws(SweepGridError) {
            factors = try SweepGrid.factors(parsing: rangeText)
        } catch {
            throw arguments.usage("invalid --k-range \(error.description)")
        }
        do throws(SweepGridError) {
            segments = try SweepGrid.segments(parsing: segmentText)
        } catch {
            throw arguments.usage("invalid --segments \(error.description)")
        }
        let relative = arguments.flag("k-relative")
        let columns = ErrorColumns(radius: try ErrorColumns.radius(arguments))
        let interval = try arguments.double("checkpoint") ?? 5
        guard interval >= 0 else {
            throw arguments.usage("invalid value '\(arguments.string("checkpoint") ?? "")' for '--checkpoint': expected seconds ≥ 0")
        }
        // Every k is checked before any work: k ∈ (0, 10].
        let grid: SweepGrid
        do throws(SweepGridError) {
            grid = try SweepGrid(factors: factors, segments: segments, relative: relative)
        } catch {
            throw arguments.usage(error.kind == .handleOutOfRange ? "invalid --k-range \(MessageText.quoted(rangeText)): \(error.reason)" : error.description)
        }

        try OutputFiles.checkWritable(file)
        let pairs = try Shard.parse(arguments).range(of: grid.count)
        let header = (columns.header + (relative ? ["k_relative"] : [])).joined(separator: ",") + "\n"
        var text = header
        var done = 0
        if arguments.flag("resume") {
            (text, done) = try SweepResume.rowsDone(in: file, header: header, grid: grid, columns: columns, pairs: pairs)
        }
        let start = DispatchTime.now()
        var lastReport = 0.0
        var reported = false
        var checkpoint = CSVCheckpoint(interval: interval)
        while done < pairs.count {
            let block = Swift.min(pairs.count - done, blockSize)
            let first = pairs.lowerBound + done
            text += SweepRows.text(grid, columns: columns, first..<(first + block))
            done += block
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            if done < pairs.count { try checkpoint.reached(text: text, file: file) }
            if elapsed > 1 && elapsed - lastReport >= 1 && done < pairs.count {
                console.printError("beztune sweep: \(100 * done / pairs.count)% (\(done) of \(pairs.count) pairs, \(String(format: "%.1f", elapsed)) s)")
                lastReport = elapsed
                reported = true
            }
        }
        try OutputFiles.write(text, to: file)
        if reported {
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            console.printError("beztune sweep: done, \(pairs.count) pairs in \(String(format: "%.1f", elapsed)) s")
        }
    }
}

/// The CSV records of a sweep's pairs.
enum SweepRows {
    /// The records of pairs `range` of `grid` (analysed on all cores, joined in order).
    static func text(_ grid: SweepGrid, columns: ErrorColumns, _ range: Range<Int>) -> String {
        grid.reduceConcurrently(range, into: "") { text, pair, report in
            for (j, x) in columns.values(report, segments: pair.segments).enumerated() {
                if j > 0 { text += "," }
                text += j == 1 ? String(pair.segments) : CSVField.format(x)
            }
            if grid.relative { text += "," + CSVField.format(pair.factor) }
            text += "\n"
        }.joined()
    }
}
