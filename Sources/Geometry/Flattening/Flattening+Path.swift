/// An open or closed polyline, one per drawn subpath of a flattened `Path`.
public struct Polyline: Sendable, Hashable {
    /// The vertices, each once: a closed polyline does not repeat its first vertex at the end
    /// (the closing edge from the last vertex back to the first is implied).
    public var points: [Point]
    public var closed: Bool

    public init(points: [Point], closed: Bool) {
        self.points = points
        self.closed = closed
    }
}

/// A path flattened to polylines.
public struct FlattenedPath: Sendable, Equatable {
    /// One polyline per subpath that draws at least one segment, in order.
    public var polylines: [Polyline]
    /// The worst status over all segments (`.guaranteed` when every segment is).
    public var status: FlattenedCurve.Status
    /// The largest per-segment deviation bound.
    public var deviationBound: Double

    /// The number of polyline vertices over the whole path, each vertex of a subpath counted
    /// once: an open subpath of segments flattened into p₁, p₂, … pieces has 1 + Σpᵢ points
    /// (the join of two segments is shared); a closed one has Σpᵢ (its end is its start),
    /// where the implicit closing line, when it has length, is one more piece. Subpaths that
    /// draw nothing (a lone move-to) count 0.
    public var pointCount: Int { polylines.reduce(0) { $0 + $1.points.count } }
}

extension Flattening {
    /// Flattens every drawing segment of `path` (`flatten(_: PathSegment)`) and joins the pieces
    /// per subpath into polylines; see `FlattenedPath.pointCount` for how vertices are counted.
    /// Each segment is within the tolerance of its own part of the polyline, so the whole path
    /// is within the tolerance of the polylines.
    ///
    /// The curved segments go through the batch kernel together (`forEachFlattened`), four to
    /// eight in flight at once — the same polylines as one `flatten(_: PathSegment)` call per
    /// segment, several times faster for paths of many curves.
    public func flatten(_ path: Path) -> FlattenedPath {
        let subpaths = path.subpaths
        let (curves, quadratics) = Self.curvedSegments(of: subpaths)
        let pieces = flattenedPieces(curves, quadratics: quadratics)

        var polylines: [Polyline] = []
        var status = FlattenedCurve.Status.guaranteed
        var bound = 0.0
        func add(_ r: (status: FlattenedCurve.Status, bound: Double), _ points: ArraySlice<Point>, to out: inout [Point]) {
            status = Swift.max(status, r.status)
            bound = r.bound.isNaN ? .nan : Swift.max(bound, r.bound)
            out.append(contentsOf: points.dropFirst())
        }
        func addLine(_ s: LineSegment, to out: inout [Point]) {
            let r = flatten(.line(s))
            add((r.status, r.deviationBound), r.points[...], to: &out)
        }
        var k = 0
        for sub in subpaths where !sub.segments.isEmpty {
            var points = [sub.start]
            var room = 2
            var j = k
            for segment in sub.segments {
                if case .line = segment { room += 1 } else { room += pieces.counts[j]; j += 1 }
            }
            points.reserveCapacity(room)
            for segment in sub.segments {
                if case .line(let s) = segment {
                    addLine(s, to: &points)
                } else {
                    add((pieces.statuses[k], pieces.bounds[k]), pieces.points[pieces.starts[k]..<(pieces.starts[k] + pieces.counts[k])],
                        to: &points)
                    k += 1
                }
            }
            if sub.closed {
                if let last = points.last, last != sub.start { addLine(LineSegment(last, sub.start), to: &points) }
                points.removeLast()  // the end is the start again
            }
            polylines.append(Polyline(points: points, closed: sub.closed))
        }
        return FlattenedPath(polylines: polylines, status: status, deviationBound: bound)
    }

    /// The curved segments of `subpaths` in path order, quadratics by their exact cubic elevation
    /// (`quadratics[i]` is the quadratic curve i came from, nil for a cubic); lines are left out.
    static func curvedSegments(of subpaths: [Path.Subpath]) -> (curves: [CubicBezier], quadratics: [QuadraticBezier?]) {
        var curves: [CubicBezier] = []
        var quadratics: [QuadraticBezier?] = []
        for sub in subpaths {
            for segment in sub.segments {
                switch segment {
                case .line: break
                case .quadratic(let q): curves.append(q.elevated); quadratics.append(q)
                case .cubic(let c): curves.append(c); quadratics.append(nil)
                }
            }
        }
        return (curves, quadratics)
    }

    /// The polylines of `curves` — curve i's vertices are `points[starts[i] ..< starts[i] + counts[i]]`
    /// (in index order in `points`) — their statuses and bounds; where `quadratics[i]` is
    /// set the vertices are that quadratic's points at the kernel's parameters, as
    /// `flatten(_: PathSegment)` gives them.
    func flattenedPieces(_ curves: [CubicBezier], quadratics: [QuadraticBezier?])
        -> (points: [Point], starts: [Int], counts: [Int], statuses: [FlattenedCurve.Status], bounds: [Double]) {
        let n = curves.count
        var starts = [Int](repeating: 0, count: n), counts = starts
        var statuses = [FlattenedCurve.Status](repeating: .guaranteed, count: n)
        var bounds = [Double](repeating: 0, count: n)
        var points: [Point] = []
        forEachPiece(curves, withParameters: quadratics.contains { $0 != nil }) { v in
            starts[v.index] = points.count
            counts[v.index] = v.points.count
            statuses[v.index] = v.status
            bounds[v.index] = v.deviationBound
            if let q = quadratics[v.index] {
                for t in v.parameters { points.append(q.point(at: t)) }
            } else {
                points.append(contentsOf: v.points)
            }
        }
        return (points, starts, counts, statuses, bounds)
    }

    /// `forEachFlattened` over `curves`.
    func forEachPiece(_ curves: [CubicBezier], withParameters: Bool, _ body: (FlattenedCurveView) -> Void) {
        guard !curves.isEmpty else { return }
        curves.withUnsafeBufferPointer { buffer in
            forEach(BufferCurveSource(buffer: buffer), withParameters: withParameters, body)
        }
    }

    /// What `flatten(path)` reports — `pointCount`, `status`, `deviationBound` — without storing
    /// the polylines: memory grows with the number of segments of the path, not with the number
    /// of vertices, so a fine tolerance on a large path costs time, never all the memory.
    public func pointCount(of path: Path) -> (pointCount: Int, status: FlattenedCurve.Status, deviationBound: Double) {
        let subpaths = path.subpaths
        let (curves, quadratics) = Self.curvedSegments(of: subpaths)
        // Per curve: its number of pieces, its last vertex (which decides whether a closed
        // subpath gets a closing line), status and bound.
        let n = curves.count
        var pieces = [Int](repeating: 0, count: n)
        var lastVertex = [Point](repeating: .zero, count: n)
        var statuses = [FlattenedCurve.Status](repeating: .guaranteed, count: n)
        var bounds = [Double](repeating: 0, count: n)
        forEachPiece(curves, withParameters: quadratics.contains { $0 != nil }) { v in
            pieces[v.index] = v.points.count - 1
            if let q = quadratics[v.index], let t = v.parameters.last {
                lastVertex[v.index] = q.point(at: t)
            } else if let last = v.points.last {
                lastVertex[v.index] = last
            }
            statuses[v.index] = v.status
            bounds[v.index] = v.deviationBound
        }
        var count = 0
        var status = FlattenedCurve.Status.guaranteed
        var bound = 0.0
        func add(_ s: FlattenedCurve.Status, _ b: Double) {
            status = Swift.max(status, s)
            bound = b.isNaN ? .nan : Swift.max(bound, b)
        }
        var k = 0
        for sub in subpaths where !sub.segments.isEmpty {
            var vertices = 1
            var last = sub.start
            for segment in sub.segments {
                if case .line(let s) = segment {
                    let r = flatten(.line(s))
                    add(r.status, r.deviationBound)
                    vertices += r.points.count - 1
                    last = r.points[r.points.count - 1]
                } else {
                    add(statuses[k], bounds[k])
                    vertices += pieces[k]
                    last = lastVertex[k]
                    k += 1
                }
            }
            if sub.closed {
                if last != sub.start {
                    let r = flatten(.line(LineSegment(last, sub.start)))
                    add(r.status, r.deviationBound)
                    vertices += r.points.count - 1
                }
                vertices -= 1  // the end is the start again
            }
            count += vertices
        }
        return (count, status, bound)
    }
}
