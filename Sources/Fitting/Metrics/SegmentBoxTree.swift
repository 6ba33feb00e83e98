import Geometry

/// A bounding-box hierarchy over a path's segments, for nearest-point queries against an outline
/// of many segments (a CSV target's polygon of 10⁵–10⁶ edges) in about O(log n) each instead of
/// a scan of every segment's box.
///
/// The segments keep their path order; leaves hold up to ``leafSize`` consecutive segments, and
/// each inner node the union of its two halves' boxes (consecutive segments of an outline lie
/// near each other, so the boxes stay small; for segments in random order the search is still
/// right, only slower). A query is the same branch and bound as ``PreparedPath``'s scan — the
/// hinted segment first, then every segment whose control box is not farther than the best
/// distance so far — except that a whole node is skipped when its box is farther (a node's box
/// contains its segments' boxes, and box distances are computed with the same monotone
/// arithmetic, so it is never nearer than any of theirs). The answer is therefore the one
/// ``PreparedPath`` gives: the least (distance, segment index, t) over the hinted segment's
/// warm-started answer and every other segment's global one (the tree visits the nearer child
/// first, which only prunes sooner). With a non-finite coordinate anywhere the tree defers to
/// ``PreparedPath`` (its `.nonFinite` answer).
struct SegmentBoxTree: Sendable {
    /// Segments per leaf.
    static let leafSize = 8

    let prepared: PreparedPath
    private let segmentBoxes: [Rect]
    /// Per node: its box and its range of segment indices; the children of node i (inner) are
    /// `left[i]` and `left[i] + 1`, -1 for a leaf.
    private var boxes: [Rect] = []
    private var ranges: [Range<Int>] = []
    private var left: [Int] = []
    private let finite: Bool

    init(_ prepared: PreparedPath) {
        self.prepared = prepared
        var finite = true
        segmentBoxes = prepared.segments.map { s in
            let points: [Point]
            switch s {
            case .line(let l): points = [l.p0, l.p1]
            case .quadratic(let q): points = [q.p0, q.p1, q.p2]
            case .cubic(let c): points = [c.p0, c.p1, c.p2, c.p3]
            }
            var box = Rect(point: points[0])
            for p in points.dropFirst() { box.formUnion(with: p) }
            finite = finite && points.allSatisfy({ $0.isFinite })
            return box
        }
        self.finite = finite
        guard !prepared.segments.isEmpty else { return }
        boxes.reserveCapacity(2 * prepared.count / Self.leafSize + 2)
        // Breadth-first so that the two children of a node are adjacent.
        boxes.append(Self.union(segmentBoxes, 0..<prepared.count))
        ranges.append(0..<prepared.count)
        left.append(-1)
        var i = 0
        while i < ranges.count {
            let r = ranges[i]
            if r.count > Self.leafSize {
                let mid = r.lowerBound + r.count / 2
                left[i] = ranges.count
                for half in [r.lowerBound..<mid, mid..<r.upperBound] {
                    boxes.append(Self.union(segmentBoxes, half))
                    ranges.append(half)
                    left.append(-1)
                }
            }
            i += 1
        }
    }

    private static func union(_ boxes: [Rect], _ range: Range<Int>) -> Rect {
        var box = boxes[range.lowerBound]
        for k in range.dropFirst() { box = box.union(boxes[k]) }
        return box
    }

    var count: Int { prepared.count }

    /// The globally nearest point to `q`, warm-started from `hint` when given (as
    /// ``PreparedPath/nearestPoint(to:near:)`` and ``PreparedPath/nearestPoint(to:)``).
    func nearestPoint(to q: Point, near hint: NearestPoint?) -> NearestPoint? {
        guard finite, q.isFinite, !prepared.segments.isEmpty else {
            return hint.map { prepared.nearestPoint(to: q, near: $0) } ?? prepared.nearestPoint(to: q)
        }
        let segments = prepared.segments
        var best: NearestPoint?
        @inline(__always)
        func consider(_ candidate: NearestPoint, index: Int) {
            var c = candidate
            c.segment = index
            guard let b = best else { best = c; return }
            if c.distance < b.distance || (c.distance == b.distance && (index, c.t) < (b.segment, b.t)) {
                best = c
            }
        }
        var hinted = -1
        if let hint, hint.segment >= 0, hint.segment < segments.count, hint.t.isFinite {
            consider(segments[hint.segment].nearestPoint(to: q, near: hint.t), index: hint.segment)
            hinted = hint.segment
        }
        var stack: [Int] = [0]
        stack.reserveCapacity(64)
        while let node = stack.popLast() {
            if let b = best {
                let bound = Self.distance(boxes[node], q)
                if bound > b.distance || (bound == b.distance && ranges[node].lowerBound > b.segment) { continue }
            }
            let child = left[node]
            if child < 0 {
                for index in ranges[node] where index != hinted {
                    if let b = best {
                        let bound = Self.distance(segmentBoxes[index], q)
                        if bound > b.distance || (bound == b.distance && index > b.segment) { continue }
                    }
                    consider(segments[index].nearestPoint(to: q), index: index)
                }
            } else {
                // The nearer child is searched first (pushed last).
                let dl = Self.distance(boxes[child], q), dr = Self.distance(boxes[child + 1], q)
                if dl <= dr {
                    stack.append(child + 1)
                    stack.append(child)
                } else {
                    stack.append(child)
                    stack.append(child + 1)
                }
            }
        }
        return best
    }

    /// The distance from q to the box (as `PathSegment.controlBoxDistance(to:)` and
    /// ``PreparedPath``: the same operations, so the same rounding).
    @inline(__always)
    static func distance(_ box: Rect, _ q: Point) -> Double {
        let dx = q.x < box.minX ? box.minX - q.x : (q.x > box.maxX ? q.x - box.maxX : 0)
        let dy = q.y < box.minY ? box.minY - q.y : (q.y > box.maxY ? q.y - box.maxY : 0)
        return Point(dx, dy).length
    }
}
