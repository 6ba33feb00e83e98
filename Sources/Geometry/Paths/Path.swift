/// A path of one or more subpaths, each a move-to followed by lines, quadratic and cubic Bézier
/// segments, optionally closed — the model of SVG path data (SVG 1.1 §8.3) and Core Graphics'
/// `CGPath`.
///
/// Storage is structure-of-arrays: one array of verbs and two contiguous coordinate arrays
/// `xs`, `ys` holding every point the verbs consume in order (move 1, line 1, quadratic 2,
/// cubic 3, close 0). Closing a subpath draws a straight segment back to its start when the
/// current point differs from it (SVG's `Z`); a drawing command after a close starts a new
/// subpath at the closed subpath's start, as in SVG.
public struct Path: Hashable, Sendable {
    /// The kind of one path element.
    public enum Verb: UInt8, Hashable, Sendable {
        case move, line, quadratic, cubic, close

        /// How many points the verb consumes from the coordinate arrays.
        public var pointCount: Int {
            switch self {
            case .move, .line: 1
            case .quadratic: 2
            case .cubic: 3
            case .close: 0
            }
        }
    }

    public private(set) var verbs: [Verb] = []
    public private(set) var xs: [Double] = []
    public private(set) var ys: [Double] = []
    /// Index into `xs`/`ys` of the start of the last subpath (derived from the arrays; kept so
    /// finding it is O(1) however often a path is closed and drawn on).
    private var subpathStartIndex: Int?

    public init() {}

    // MARK: Building

    /// The point the next drawing command starts from, or nil before the first move-to.
    public var currentPoint: Point? {
        guard let last = verbs.last else { return nil }
        if last == .close { return subpathStart }
        return Point(xs[xs.count - 1], ys[ys.count - 1])
    }

    /// The start of the subpath that is open or was closed last.
    private var subpathStart: Point? {
        subpathStartIndex.map { Point(xs[$0], ys[$0]) }
    }

    private mutating func append(_ verb: Verb, _ points: Point...) {
        if verb != .move && verb != .close, verbs.last == .close, let s = subpathStart {
            append(.move, s)
        }
        if verb == .move { subpathStartIndex = xs.count }
        verbs.append(verb)
        for p in points {
            xs.append(p.x)
            ys.append(p.y)
        }
    }

    private func requireCurrentPoint(_ what: String) {
        precondition(!verbs.isEmpty, "Path.\(what) needs a current point: call move(to:) first")
    }

    /// Starts a new subpath at `p`.
    public mutating func move(to p: Point) { append(.move, p) }

    /// A straight segment from the current point to `p`.
    public mutating func line(to p: Point) {
        requireCurrentPoint("line(to:)")
        append(.line, p)
    }

    /// A quadratic Bézier from the current point to `p` with control point `c`.
    public mutating func quadratic(to p: Point, control c: Point) {
        requireCurrentPoint("quadratic(to:control:)")
        append(.quadratic, c, p)
    }

    /// A cubic Bézier from the current point to `p` with control points `c1`, `c2`.
    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        requireCurrentPoint("cubic(to:control1:control2:)")
        append(.cubic, c1, c2, p)
    }

    /// Closes the current subpath (a no-op when it is already closed).
    public mutating func close() {
        requireCurrentPoint("close()")
        if verbs.last != .close { verbs.append(.close) }
    }

    /// Appends a segment, starting a new subpath when it does not start at the current point.
    public mutating func append(_ segment: PathSegment) {
        if currentPoint != segment.start { move(to: segment.start) }
        switch segment {
        case .line(let s): line(to: s.p1)
        case .quadratic(let s): quadratic(to: s.p2, control: s.p1)
        case .cubic(let s): cubic(to: s.p3, control1: s.p1, control2: s.p2)
        }
    }

    /// A path made of `segments`, connected where consecutive segments share end points.
    public init<S: Sequence>(segments: S, closed: Bool = false) where S.Element == PathSegment {
        for s in segments { append(s) }
        if closed && !verbs.isEmpty { close() }
    }

    // MARK: Queries

    /// True when the path has no elements.
    public var isEmpty: Bool { verbs.isEmpty }

    /// Number of subpaths (move-tos).
    public var subpathCount: Int { verbs.reduce(0) { $0 + ($1 == .move ? 1 : 0) } }

    /// Every stored point in order (anchors and control points).
    public var points: [Point] { zip(xs, ys).map { Point($0, $1) } }

    /// True when every coordinate is finite.
    public var isFinite: Bool { xs.allSatisfy({ $0.isFinite }) && ys.allSatisfy({ $0.isFinite }) }

    /// The drawing segments in order, including the straight closing segment of a closed subpath
    /// when its end differs from its start.
    public var segments: Segments { Segments(path: self) }

    /// Number of drawing segments (what `segments` yields).
    public var segmentCount: Int {
        var n = 0
        for _ in segments { n += 1 }
        return n
    }

    /// The exact bounding box of all drawing segments, or nil when the path draws nothing
    /// (lone move-tos do not count).
    public var boundingBox: Rect? {
        var result: Rect?
        for s in segments {
            let b = s.boundingBox
            result = result.map { $0.union(b) } ?? b
        }
        return result
    }

    // MARK: Transforming

    /// The image of the path under an affine map.
    public func transformed(by m: AffineTransform) -> Path {
        var out = self
        for i in xs.indices {
            let p = m.apply(to: Point(xs[i], ys[i]))
            out.xs[i] = p.x
            out.ys[i] = p.y
        }
        return out
    }

    /// The path with every subpath traversed backwards, subpaths kept in order. An open subpath
    /// starts at its old end; a closed one keeps its start point and is drawn the other way round
    /// (its closing segment, when it had length, becomes an explicit line).
    public func reversed() -> Path {
        var out = Path()
        for sub in subpaths {
            if sub.closed {
                out.move(to: sub.start)
                if let last = sub.segments.last?.end, last != sub.start {
                    out.line(to: last)
                }
                for s in sub.segments.reversed() { out.append(s.reversed) }
                out.close()
            } else {
                out.move(to: sub.segments.last?.end ?? sub.start)
                for s in sub.segments.reversed() { out.append(s.reversed) }
            }
        }
        return out
    }

    /// One subpath: its start, its drawn segments (without the implicit closing line) and
    /// whether it is closed.
    public struct Subpath: Hashable, Sendable {
        public var start: Point
        public var segments: [PathSegment]
        public var closed: Bool

        public init(start: Point, segments: [PathSegment], closed: Bool) {
            self.start = start
            self.segments = segments
            self.closed = closed
        }
    }

    /// The subpaths in order, with the explicit segments of each (a closing line is not listed;
    /// `closed` says it exists).
    public var subpaths: [Subpath] {
        var out: [Subpath] = []
        var k = 0
        var current = Point.zero
        for verb in verbs {
            switch verb {
            case .move:
                current = Point(xs[k], ys[k])
                out.append(Subpath(start: current, segments: [], closed: false))
            case .line:
                let p = Point(xs[k], ys[k])
                out[out.count - 1].segments.append(.line(LineSegment(current, p)))
                current = p
            case .quadratic:
                let c = Point(xs[k], ys[k]), p = Point(xs[k + 1], ys[k + 1])
                out[out.count - 1].segments.append(.quadratic(QuadraticBezier(current, c, p)))
                current = p
            case .cubic:
                let c1 = Point(xs[k], ys[k]), c2 = Point(xs[k + 1], ys[k + 1])
                let p = Point(xs[k + 2], ys[k + 2])
                out[out.count - 1].segments.append(.cubic(CubicBezier(current, c1, c2, p)))
                current = p
            case .close:
                out[out.count - 1].closed = true
                current = out[out.count - 1].start
            }
            k += verb.pointCount
        }
        return out
    }

    /// Iterates the drawing segments of a path without building intermediate arrays.
    public struct Segments: Sequence, Sendable {
        let path: Path

        public struct Iterator: IteratorProtocol {
            let path: Path
            var verbIndex = 0
            var pointIndex = 0
            var current = Point.zero
            var start = Point.zero

            public mutating func next() -> PathSegment? {
                let xs = path.xs, ys = path.ys
                while verbIndex < path.verbs.count {
                    let verb = path.verbs[verbIndex]
                    let k = pointIndex
                    verbIndex += 1
                    pointIndex += verb.pointCount
                    switch verb {
                    case .move:
                        current = Point(xs[k], ys[k])
                        start = current
                    case .line:
                        let p = Point(xs[k], ys[k])
                        defer { current = p }
                        return .line(LineSegment(current, p))
                    case .quadratic:
                        let p = Point(xs[k + 1], ys[k + 1])
                        defer { current = p }
                        return .quadratic(QuadraticBezier(current, Point(xs[k], ys[k]), p))
                    case .cubic:
                        let p = Point(xs[k + 2], ys[k + 2])
                        defer { current = p }
                        return .cubic(CubicBezier(current, Point(xs[k], ys[k]),
                                                  Point(xs[k + 1], ys[k + 1]), p))
                    case .close:
                        let from = current
                        current = start
                        if from != start { return .line(LineSegment(from, start)) }
                    }
                }
                return nil
            }
        }

        public func makeIterator() -> Iterator { Iterator(path: path) }
    }
}
