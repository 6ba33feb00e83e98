/// A path whose elliptical arcs are kept exactly: the same subpaths as a drawn `Path`, with each
/// run of cubics that approximates an arc (a circle, an ellipse, a rounded corner, SVG's `A`)
/// replaced by that arc (`AffineEllipticalArc`). It is not a new kind of path segment: the
/// readers keep it beside the `Path` they draw and export, and the exact measures — a target's
/// arc-length samples, `path-info`'s length and bounds — are taken on it.
public struct ExactPath: Hashable, Sendable {
    /// One subpath: its start, its pieces in order and whether it is closed (by the straight
    /// line from its last end back to `start`, when they differ).
    public struct Subpath: Hashable, Sendable {
        public var start: Point
        public var pieces: [ExactSegment]
        public var closed: Bool

        public init(start: Point, pieces: [ExactSegment], closed: Bool) {
            self.start = start
            self.pieces = pieces
            self.closed = closed
        }

        /// The pieces with the closing line appended when the subpath is closed and its last
        /// end differs from its start.
        public var closedPieces: [ExactSegment] {
            var out = pieces
            if closed, let end = pieces.last?.end, end != start {
                out.append(.segment(.line(LineSegment(end, start))))
            }
            return out
        }
    }

    /// `count` consecutive explicit segments of a `Path` (numbered from 0 over all its subpaths,
    /// closing lines not counted, as `Path.subpaths` lists them) that approximate `arc`.
    public struct ArcRun: Hashable, Sendable {
        public var first: Int
        public var count: Int
        public var arc: AffineEllipticalArc

        public init(first: Int, count: Int, arc: AffineEllipticalArc) {
            self.first = first
            self.count = count
            self.arc = arc
        }
    }

    public var subpaths: [Subpath]

    public init(subpaths: [Subpath] = []) {
        self.subpaths = subpaths
    }

    /// `path` as it is: every segment kept, no arcs.
    public init(_ path: Path) {
        self.init(path, replacing: [])
    }

    /// `path` with each run of segments replaced by its arc. Runs must be in increasing order,
    /// not overlap and not cross a subpath's end (a programmer error otherwise).
    public init(_ path: Path, replacing runs: [ArcRun]) {
        var out: [Subpath] = []
        var index = 0
        var runIndex = 0
        for sub in path.subpaths {
            var pieces: [ExactSegment] = []
            var k = 0
            while k < sub.segments.count {
                if runIndex < runs.count, runs[runIndex].first == index + k {
                    let run = runs[runIndex]
                    precondition(k + run.count <= sub.segments.count, "ExactPath: an arc run crosses a subpath's end")
                    pieces.append(.arc(run.arc))
                    k += run.count
                    runIndex += 1
                } else {
                    pieces.append(.segment(sub.segments[k]))
                    k += 1
                }
            }
            index += sub.segments.count
            out.append(Subpath(start: sub.start, pieces: pieces, closed: sub.closed))
        }
        precondition(runIndex == runs.count, "ExactPath: an arc run lies outside the path")
        subpaths = out
    }

    /// True when some piece is an arc.
    public var hasArcs: Bool {
        subpaths.contains { $0.pieces.contains { if case .arc = $0 { true } else { false } } }
    }

    /// The image under an affine map: segments mapped, arcs' maps composed (exact).
    public func transformed(by m: AffineTransform) -> ExactPath {
        ExactPath(subpaths: subpaths.map {
            Subpath(start: m.apply(to: $0.start), pieces: $0.pieces.map { $0.transformed(by: m) }, closed: $0.closed)
        })
    }

    /// The exact bounding box of every piece (closing lines included), nil when nothing draws.
    public var boundingBox: Rect? {
        var result: Rect?
        for sub in subpaths {
            for piece in sub.closedPieces {
                let b = piece.boundingBox
                result = result.map { $0.union(b) } ?? b
            }
        }
        return result
    }

    /// Total arc length of every piece (closing lines included), `accuracy` shared out equally
    /// (each of the n pieces gets accuracy/n); the status is the worst of the pieces'.
    public func arcLength(accuracy: Double) -> ArcLengthResult {
        let pieces = subpaths.flatMap({ $0.closedPieces })
        let share = accuracy / Double(Swift.max(1, pieces.count))
        var length = 0.0, error = 0.0
        var status = ArcLengthResult.Status.converged
        for piece in pieces {
            let r = piece.arcLength(accuracy: share)
            length += r.length
            error += r.errorEstimate
            status = ArcLengthResult.Status.worse(status, r.status)
        }
        return ArcLengthResult(length: length, errorEstimate: error, status: status)
    }

    /// A drawn `Path` within `tolerance` of this one: segments kept, each arc as the fewest
    /// midpoint-exact cubics within `tolerance` (`AffineEllipticalArc.cubicCount(tolerance:)`),
    /// the first starting at the previous piece's end. Precondition: `tolerance` > 0.
    public func path(tolerance: Double) -> Path {
        var path = Path()
        for sub in subpaths {
            path.move(to: sub.start)
            for piece in sub.pieces {
                switch piece {
                case .segment(.line(let l)): path.line(to: l.end)
                case .segment(.quadratic(let q)): path.quadratic(to: q.p2, control: q.p1)
                case .segment(.cubic(let c)): path.cubic(to: c.p3, control1: c.p1, control2: c.p2)
                case .arc(let a):
                    for c in a.cubics(count: a.cubicCount(tolerance: tolerance)) {
                        path.cubic(to: c.p3, control1: c.p1, control2: c.p2)
                    }
                }
            }
            if sub.closed { path.close() }
        }
        return path
    }
}
