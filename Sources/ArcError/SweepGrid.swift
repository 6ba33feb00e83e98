import _Support

/// A grid of handle factors × segment counts, every pair analysed exactly (``ArcErrorReport``):
/// the study `beztune sweep` writes as CSV and ArcErrorBench times.
///
/// Pair i is segment count `segments[i / factors.count]` with factor `factors[i % factors.count]`
/// (rows by segments, then k). With `relative`, a factor f stands for f·k_mid(n), k_mid(n) =
/// 4/3·tan(π/(2n)) the midpoint-exact factor of n segments (``HandleCriterion/midpoint``).
public struct SweepGrid: Sendable, Equatable {
    public var factors: [Double]
    public var segments: [Int]
    public var relative: Bool

    /// The most pairs a grid may have.
    public static let maximumPairs = 10_000_000

    /// The largest segment count: ``SegmentCount/searchLimit``, 2²⁰.
    public static let maximumSegments = SegmentCount.searchLimit

    /// One pair of the grid.
    public struct Pair: Sendable, Equatable {
        public var segments: Int
        /// The factor as listed (relative to k_mid(n) when the grid is relative).
        public var factor: Double
        /// The handle factor analysed: `factor`, or `factor`·k_mid(n).
        public var handle: Double

        public init(segments: Int, factor: Double, handle: Double) {
            (self.segments, self.factor, self.handle) = (segments, factor, handle)
        }
    }

    public var count: Int { factors.count * segments.count }

    /// A grid of `factors` × `segments`; fails when it has more than ``maximumPairs`` pairs or
    /// when a handle it would analyse is not in (0, ``HandleFactor/maximum``] (only the ends of
    /// the factor list are checked: `factors` is ascending).
    public init(factors: [Double], segments: [Int], relative: Bool) throws(SweepGridError) {
        precondition(!factors.isEmpty && !segments.isEmpty, "SweepGrid: no factors or no segment counts")
        precondition(segments.allSatisfy { $0 >= 2 }, "SweepGrid: at least two segments per circle")
        (self.factors, self.segments, self.relative) = (factors, segments, relative)
        guard factors.count * segments.count <= Self.maximumPairs else {
            throw SweepGridError(.tooManyPairs, text: nil, reason: "the grid has \(factors.count) × \(segments.count) pairs, more than \(Self.maximumPairs)")
        }
        for n in relative ? segments : [segments[0]] {
            let scale = relative ? HandleCriterion.midpoint.handle(segments: n) : 1
            for value in [factors[0] * scale, factors[factors.count - 1] * scale] {
                if let problem = HandleFactor.problem(with: value) {
                    throw SweepGridError(.handleOutOfRange, text: nil, reason: problem.reason)
                }
            }
        }
    }

    /// Pair `i` (0 ≤ i < ``count``).
    public func pair(_ i: Int) -> Pair {
        let n = segments[i / factors.count], factor = factors[i % factors.count]
        return Pair(segments: n, factor: factor, handle: relative ? factor * HandleCriterion.midpoint.handle(segments: n) : factor)
    }

    /// Calls `body` with every pair of `range` and its report, in order, on this thread. The arc
    /// of each segment count is set up once (its angle's sine and cosine to 106 bits cost about
    /// as much as a report) and takes each factor by `with(handle:)`.
    public func forEachReport(in range: Range<Int>, _ body: (Pair, ArcErrorReport) -> Void) {
        var arcSegments = -1, scale = 1.0, arc = CircularArc(segments: 2, handle: 1)
        for i in range {
            let n = segments[i / factors.count], factor = factors[i % factors.count]
            if n != arcSegments {
                arc = CircularArc(segments: n, handle: 1)
                scale = HandleCriterion.midpoint.handle(for: arc)
                arcSegments = n
            }
            let k = relative ? factor * scale : factor
            body(Pair(segments: n, factor: factor, handle: k), ArcErrorReport(arc.with(handle: k)))
        }
    }

    /// The pairs of `range` split into `chunks` consecutive blocks (default: blocks of about 512
    /// pairs) analysed on all cores: each block folds its pairs, in order, into a copy of
    /// `initial` with `accumulate`; the blocks' results come back in order, so whatever joins
    /// them gets the same answer whatever the thread timing.
    public func reduceConcurrently<T: Sendable>(_ range: Range<Int>, chunks: Int? = nil, into initial: T,
                                                _ accumulate: @Sendable (inout T, Pair, ArcErrorReport) -> Void) -> [T] {
        let blocks = chunks ?? (range.count + 511) / 512
        let lower = range.lowerBound
        return ConcurrentChunks.map(count: range.count, chunks: blocks) { block in
            var result = initial
            forEachReport(in: (lower + block.lowerBound)..<(lower + block.upperBound)) { accumulate(&result, $0, $1) }
            return result
        }
    }
}

extension SweepGrid {
    /// The factors of an inclusive range `A:B:STEP`: A, A + STEP, …, B, each end a number or an
    /// expression (``HandleExpression``). B is kept when (B − A)/STEP is within 1e-9 (relative,
    /// at least absolute) of a whole number; at most ``maximumPairs`` values.
    public static func factors(parsing text: String) throws(SweepGridError) -> [Double] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            throw SweepGridError(.text, text: text, reason: "expected A:B:STEP, e.g. 0.50:0.60:0.0001")
        }
        var numbers: [Double] = []
        for (part, name) in zip(parts, ["start", "end", "step"]) {
            do throws(HandleExpression.ParseError) {
                numbers.append(try HandleExpression.evaluate(part))
            } catch {
                throw SweepGridError(.text, text: text, reason: "the \(name) \(MessageText.quoted(part)): \(error.description)")
            }
            guard let last = numbers.last, last.isFinite else {
                throw SweepGridError(.text, text: text, reason: "the \(name) is not a finite number")
            }
        }
        let (a, b, step) = (numbers[0], numbers[1], numbers[2])
        guard step > 0 else { throw SweepGridError(.text, text: text, reason: "the step must be positive") }
        guard a <= b else { throw SweepGridError(.text, text: text, reason: "the range is reversed (start > end)") }
        let q = (b - a) / step
        let nearest = q.rounded()
        let intervals = abs(q - nearest) <= 1e-9 * Swift.max(1, q) ? nearest : q.rounded(.down)
        guard intervals < Double(maximumPairs) else {
            throw SweepGridError(.text, text: text, reason: "more than \(maximumPairs) values")
        }
        return (0...Int(intervals)).map { a + Double($0) * step }
    }

    /// The segment counts of `N` or an inclusive range `N1:N2`, each a whole number from 2 to
    /// ``maximumSegments``.
    public static func segments(parsing text: String) throws(SweepGridError) -> [Int] {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2 else { throw SweepGridError(.text, text: text, reason: "expected N or N1:N2") }
        let first = try segmentCount(parsing: parts[0])
        guard parts.count == 2 else { return [first] }
        let last = try segmentCount(parsing: parts[1])
        guard first <= last else { throw SweepGridError(.text, text: text, reason: "the range is reversed (start > end)") }
        return Array(first...last)
    }

    /// One segment count: a whole number n with 2 ≤ n ≤ ``maximumSegments`` (whitespace around
    /// it ignored).
    public static func segmentCount(parsing text: String) throws(SweepGridError) -> Int {
        guard let n = Int(text.trimmingWhitespace) else {
            throw SweepGridError(.text, text: text, reason: "expected a whole number of segments")
        }
        guard n >= 2 else { throw SweepGridError(.text, text: text, reason: "at least 2 segments per circle") }
        guard n <= maximumSegments else { throw SweepGridError(.text, text: text, reason: "at most \(maximumSegments) segments") }
        return n
    }
}

/// Why a grid, a factor range or a segment count cannot be used. ``description`` is one line:
/// the text when there is one (`'0.6:0.5:0.01': the range is reversed (start > end)`), then the
/// reason; a caller adds where the text came from.
public struct SweepGridError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A factor range or segment count that does not read (``text`` is it).
        case text
        /// More than ``SweepGrid/maximumPairs`` pairs.
        case tooManyPairs
        /// A handle factor the grid would analyse is out of range: the factor range's fault.
        case handleOutOfRange
    }

    public var kind: Kind
    /// The offending text: a whole range, or the one segment count of a range that is wrong;
    /// nil for a problem of the grid as a whole.
    public var text: String?
    public var reason: String

    public init(_ kind: Kind, text: String?, reason: String) {
        (self.kind, self.text, self.reason) = (kind, text, reason)
    }

    public var description: String { text.map { "\(MessageText.quoted($0)): \(reason)" } ?? reason }
}

extension SweepGridError: ReportableError {}
