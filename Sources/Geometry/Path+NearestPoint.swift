extension Path {
    /// The point of the path nearest to `q` over all drawing segments (including closing lines),
    /// or nil when the path draws nothing.
    ///
    /// Each segment is searched globally (`PathSegment.nearestPoint(to:)`) unless the distance
    /// from q to the bounding box of its control points — a lower bound on its distance, by the
    /// convex-hull property — already exceeds the best distance found, in which case it cannot
    /// win and is skipped. Ties resolve to the smallest segment index, then the smallest t (a
    /// junction reports the earlier segment at t = 1). A non-finite coordinate anywhere gives
    /// status `.nonFinite`.
    public func nearestPoint(to q: Point) -> NearestPoint? {
        search(q, hint: nil)
    }

    /// The nearest point, warm-started from a previous answer's segment and parameter: that
    /// segment is queried first with `PathSegment.nearestPoint(to:near:)` (certified Newton, or
    /// the global method), which usually makes the bounding-box test skip every other segment;
    /// segments it does not exclude are searched globally. The answer is the same global one as
    /// `nearestPoint(to:)`; its `method` is that of the winning segment's search.
    public func nearestPoint(to q: Point, near hint: NearestPoint) -> NearestPoint? {
        search(q, hint: hint)
    }

    private func search(_ q: Point, hint: NearestPoint?) -> NearestPoint? {
        var best: NearestPoint?
        var nonFinite = !q.isFinite
        func consider(_ candidate: NearestPoint, index: Int) {
            var c = candidate
            c.segment = index
            if c.status == .nonFinite { nonFinite = true; return }
            guard let b = best else { best = c; return }
            if c.distance < b.distance || (c.distance == b.distance && (index, c.t) < (b.segment, b.t)) {
                best = c
            }
        }
        var hintedIndex = -1
        if let hint, hint.t.isFinite {
            var index = 0
            for s in segments {
                if index == hint.segment {
                    consider(s.nearestPoint(to: q, near: hint.t), index: index)
                    hintedIndex = index
                    break
                }
                index += 1
            }
        }
        var index = 0
        for s in segments {
            defer { index += 1 }
            if index == hintedIndex { continue }
            if let b = best {
                let bound = s.controlBoxDistance(to: q)
                if bound > b.distance || (bound == b.distance && index > b.segment) { continue }
            }
            consider(s.nearestPoint(to: q), index: index)
        }
        if nonFinite {
            // Some coordinate (of q or of a segment) is NaN or infinite: no answer can be trusted.
            var first = segments.makeIterator()
            guard let s = first.next() else { return nil }
            var b = best ?? NearestPoint(segment: 0, t: 0, point: s.start, distance: .nan,
                                         method: .global, status: .nonFinite)
            b.distance = .nan
            b.status = .nonFinite
            return b
        }
        return best
    }
}
