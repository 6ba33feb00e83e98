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
    public func flatten(_ path: Path) -> FlattenedPath {
        var polylines: [Polyline] = []
        var status = FlattenedCurve.Status.guaranteed
        var bound = 0.0
        func add(_ segment: PathSegment, to points: inout [Point]) {
            let r = flatten(segment)
            status = Swift.max(status, r.status)
            bound = r.deviationBound.isNaN ? .nan : Swift.max(bound, r.deviationBound)
            points.append(contentsOf: r.points.dropFirst())
        }
        for sub in path.subpaths where !sub.segments.isEmpty {
            var points = [sub.start]
            for s in sub.segments { add(s, to: &points) }
            if sub.closed {
                if let last = points.last, last != sub.start {
                    add(.line(LineSegment(last, sub.start)), to: &points)
                }
                points.removeLast()  // the end is the start again
            }
            polylines.append(Polyline(points: points, closed: sub.closed))
        }
        return FlattenedPath(polylines: polylines, status: status, deviationBound: bound)
    }
}
