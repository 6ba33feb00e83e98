/// A path's drawing segments with their control-point boxes precomputed, for many nearest-point
/// queries against one shape (a fitting loop asks hundreds per evaluation); the one home of the
/// path-level nearest-point search, which `Path.nearestPoint(to:)` runs on a prepared copy.
///
/// The search: each segment is searched globally (`PathSegment.nearestPoint(to:)`; the hinted
/// one of a warm start first, with `nearestPoint(to:near:)`: certified Newton or the global
/// method) unless the distance from q to the bounding box of its control points — a lower bound
/// on its distance, by the convex-hull property — already exceeds the best distance so far, in
/// which case it cannot win. Ties resolve to the smallest segment index, then the smallest t (a
/// junction reports the earlier segment at t = 1). A non-finite coordinate anywhere (of q or of
/// a segment) gives status `.nonFinite` and a NaN distance. Segment indices are `Path.segments`
/// order.
public struct PreparedPath: Sendable {
    /// The drawing segments, in `Path.segments` order.
    public let segments: [PathSegment]
    /// For each segment, the bounding box of its control points.
    @usableFromInline let boxes: [Rect]
    /// True when some coordinate is NaN or infinite (every answer is then `.nonFinite`).
    public let hasNonFinite: Bool

    public init(_ path: Path) {
        self.init(segments: Array(path.segments))
    }

    public init(segments: [PathSegment]) {
        self.segments = segments
        var boxes: [Rect] = []
        boxes.reserveCapacity(segments.count)
        var nonFinite = false
        for s in segments {
            var box: Rect
            switch s {
            case .line(let l):
                box = Rect(point: l.p0); box.formUnion(with: l.p1)
                nonFinite = nonFinite || !(l.p0.isFinite && l.p1.isFinite)
            case .quadratic(let q):
                box = Rect(point: q.p0); box.formUnion(with: q.p1); box.formUnion(with: q.p2)
                nonFinite = nonFinite || !(q.p0.isFinite && q.p1.isFinite && q.p2.isFinite)
            case .cubic(let c):
                box = Rect(point: c.p0); box.formUnion(with: c.p1)
                box.formUnion(with: c.p2); box.formUnion(with: c.p3)
                nonFinite = nonFinite || !(c.p0.isFinite && c.p1.isFinite && c.p2.isFinite && c.p3.isFinite)
            }
            boxes.append(box)
        }
        self.boxes = boxes
        self.hasNonFinite = nonFinite
    }

    /// The number of drawing segments.
    public var count: Int { segments.count }

    /// The globally nearest point to `q` (nil when the path draws nothing).
    ///
    /// Inlinable, so that a fitting loop in another module runs the search without a call per
    /// query (measured: about 8 % of a `beztune fit` otherwise).
    @inlinable
    public func nearestPoint(to q: Point) -> NearestPoint? {
        search(q, hintSegment: -1, hintT: .nan)
    }

    /// The globally nearest point to `q`, warm-started from a previous answer's segment and t.
    @inlinable
    public func nearestPoint(to q: Point, near hint: NearestPoint) -> NearestPoint? {
        search(q, hintSegment: hint.segment, hintT: hint.t)
    }

    /// The distance from q to the box (as `PathSegment.controlBoxDistance(to:)`).
    @inlinable @inline(__always)
    func boxDistance(_ i: Int, _ q: Point) -> Double {
        let box = boxes[i]
        let dx = q.x < box.minX ? box.minX - q.x : (q.x > box.maxX ? q.x - box.maxX : 0)
        let dy = q.y < box.minY ? box.minY - q.y : (q.y > box.maxY ? q.y - box.maxY : 0)
        return Point(dx, dy).length
    }

    @inlinable
    func search(_ q: Point, hintSegment: Int, hintT: Double) -> NearestPoint? {
        guard !segments.isEmpty else { return nil }
        var best: NearestPoint?
        var nonFinite = !q.isFinite || hasNonFinite
        @inline(__always)
        func consider(_ candidate: NearestPoint, index: Int) {
            var c = candidate
            c.segment = index
            if c.status == .nonFinite { nonFinite = true; return }
            guard let b = best else { best = c; return }
            if c.distance < b.distance || (c.distance == b.distance && (index, c.t) < (b.segment, b.t)) {
                best = c
            }
        }
        var hinted = -1
        if hintSegment >= 0 && hintSegment < segments.count && hintT.isFinite {
            consider(segments[hintSegment].nearestPoint(to: q, near: hintT), index: hintSegment)
            hinted = hintSegment
        }
        for index in segments.indices where index != hinted {
            if let b = best {
                let bound = boxDistance(index, q)
                if bound > b.distance || (bound == b.distance && index > b.segment) { continue }
            }
            consider(segments[index].nearestPoint(to: q), index: index)
        }
        if nonFinite {
            var b = best ?? NearestPoint(segment: 0, t: 0, point: segments[0].start, distance: .nan,
                                         method: .global, status: .nonFinite)
            b.distance = .nan
            b.status = .nonFinite
            return b
        }
        return best
    }
}
