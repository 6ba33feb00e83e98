import ArcError
import DataFiles
import Dispatch
import Foundation

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

    /// The values of an inclusive range `A:B:STEP`.
    static func kValues(_ text: String, arguments: ParsedArguments) throws(CLIError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            throw arguments.usage("invalid --k-range \(text.quotedForMessage): expected A:B:STEP, e.g. 0.50:0.60:0.0001")
        }
        var numbers: [Double] = []
        for (part, name) in zip(parts, ["start", "end", "step"]) {
            do throws(HandleExpression.ParseError) {
                numbers.append(try HandleExpression.evaluate(part))
            } catch {
                throw arguments.usage("invalid --k-range \(text.quotedForMessage): the \(name) \(part.quotedForMessage): \(error.description)")
            }
            guard let last = numbers.last, last.isFinite else {
                throw arguments.usage("invalid --k-range \(text.quotedForMessage): the \(name) is not a finite number")
            }
        }
        let (a, b, step) = (numbers[0], numbers[1], numbers[2])
        guard step > 0 else { throw arguments.usage("invalid --k-range \(text.quotedForMessage): the step must be positive") }
        guard a <= b else { throw arguments.usage("invalid --k-range \(text.quotedForMessage): the range is reversed (start > end)") }
        let q = (b - a) / step
        let nearest = q.rounded()
        let intervals = abs(q - nearest) <= 1e-9 * Swift.max(1, q) ? nearest : q.rounded(.down)
        guard intervals < Double(maximumPairs) else {
            throw arguments.usage("invalid --k-range \(text.quotedForMessage): more than \(maximumPairs) values")
        }
        return (0...Int(intervals)).map { a + Double($0) * step }
    }

    static func segmentValues(_ text: String, arguments: ParsedArguments) throws(CLIError) -> [Int] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else {
            throw arguments.usage("invalid --segments \(text.quotedForMessage): expected N or N1:N2")
        }
        let first = try ParsedArguments.parseSegments(parts[0], option: "segments", arguments: arguments)
        guard parts.count == 2 else { return [first] }
        let last = try ParsedArguments.parseSegments(parts[1], option: "segments", arguments: arguments)
        guard first <= last else { throw arguments.usage("invalid --segments \(text.quotedForMessage): the range is reversed (start > end)") }
        return Array(first...last)
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws(CLIError) {
        guard let rangeText = arguments.string("k-range") else { throw arguments.usage("missing --k-range") }
        guard let segmentText = arguments.string("segments") else { throw arguments.usage("missing --segments") }
        guard let file = arguments.string("csv") else { throw arguments.usage("missing --csv") }
        let factors = try kValues(rangeText, arguments: arguments)
        let segments = try segmentValues(segmentText, arguments: arguments)
        let relative = arguments.flag("k-relative")
        let columns = ErrorColumns(radius: try ErrorColumns.radius(arguments))
        guard factors.count * segments.count <= maximumPairs else {
            throw arguments.usage("the grid has \(factors.count) × \(segments.count) pairs, more than \(maximumPairs)")
        }
        // Check every k before any work: k ∈ (0, 10]. kValues returns at least one value (A).
        guard let lowest = factors.first, let highest = factors.last else { throw arguments.usage("empty --k-range") }
        let interval = try arguments.double("checkpoint") ?? 5
        guard interval >= 0 else {
            throw arguments.usage("invalid value '\(arguments.string("checkpoint") ?? "")' for '--checkpoint': expected seconds ≥ 0")
        }
        for n in segments {
            let scale = relative ? HandleCriterion.midpoint.handle(segments: n) : 1
            for (value, label) in [(lowest * scale, rangeText), (highest * scale, rangeText)] {
                try HandleArgument.check(value, text: label, option: "k-range", arguments: arguments)
            }
            if !relative { break }
        }

        try OutputFiles.checkWritable(file)
        let grid = SweepGrid(factors: factors, segments: segments, relative: relative, columns: columns)
        let pairs = try Shard.parse(arguments).range(of: grid.count)
        let header = (columns.header + (relative ? ["k_relative"] : [])).joined(separator: ",") + "\n"
        var text = header
        var done = 0
        if arguments.flag("resume") {
            (text, done) = try SweepResume.rowsDone(in: file, header: header, grid: grid, pairs: pairs)
        }
        let start = DispatchTime.now()
        var lastReport = 0.0
        var reported = false
        var checkpoint = CSVCheckpoint(interval: interval)
        while done < pairs.count {
            let block = Swift.min(pairs.count - done, blockSize)
            let first = pairs.lowerBound + done
            text += grid.rows(first..<(first + block))
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

/// The (n, k) grid of a sweep, analysed and formatted in parallel with deterministic output.
struct SweepGrid: Sendable {
    var factors: [Double]
    var segments: [Int]
    var relative: Bool
    var columns: ErrorColumns
    var count: Int { factors.count * segments.count }

    /// The CSV records of pairs `range` (pair i = segment i / |k|, factor i % |k|), computed on
    /// all cores in chunks whose texts are joined in order.
    func rows(_ range: Range<Int>) -> String {
        let chunk = 512
        let chunks = (range.count + chunk - 1) / chunk
        let texts = ChunkTexts(buffer: .allocate(capacity: chunks))
        texts.buffer.initialize(repeating: "")
        defer { texts.buffer.deinitialize().deallocate() }
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var text = ""
            let lo = range.lowerBound + c * chunk, hi = Swift.min(lo + chunk, range.upperBound)
            // The arc of each n is set up once (its angle's sine and cosine to 106 bits) and
            // takes each factor by `with(handle:)`.
            var arcSegments = -1, scale = 1.0, arc = CircularArc(segments: 2, handle: 1)
            for i in lo..<hi {
                let n = segments[i / factors.count], factor = factors[i % factors.count]
                if n != arcSegments {
                    arc = CircularArc(segments: n, handle: 1)
                    scale = HandleCriterion.midpoint.handle(for: arc)
                    arcSegments = n
                }
                let k = relative ? factor * scale : factor
                let report = ArcErrorReport(arc.with(handle: k))
                let values = columns.values(report, segments: n)
                for (j, x) in values.enumerated() {
                    if j > 0 { text += "," }
                    text += j == 1 ? String(n) : CSVField.format(x)
                }
                if relative { text += "," + CSVField.format(factor) }
                text += "\n"
            }
            texts.buffer[c] = text
        }
        return texts.buffer.joined()
    }
}

/// One slot per chunk; each `concurrentPerform` iteration writes only its own slot, so the
/// unsynchronised sharing is safe.
private struct ChunkTexts: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<String>
}
