extension Path {
    /// The point of the path nearest to `q` over all drawing segments (including closing lines),
    /// or nil when the path draws nothing: the search of ``PreparedPath`` (certified per-segment
    /// searches, control-box pruning, ties to the smallest segment index then t, `.nonFinite`
    /// for a non-finite coordinate anywhere). For many queries against one path, prepare it once.
    public func nearestPoint(to q: Point) -> NearestPoint? {
        PreparedPath(self).nearestPoint(to: q)
    }

    /// The nearest point, warm-started from a previous answer's segment and parameter: that
    /// segment is queried first with `PathSegment.nearestPoint(to:near:)` (certified Newton, or
    /// the global method), which usually makes the bounding-box test skip every other segment;
    /// segments it does not exclude are searched globally. The answer is the same global one as
    /// `nearestPoint(to:)`; its `method` is that of the winning segment's search.
    public func nearestPoint(to q: Point, near hint: NearestPoint) -> NearestPoint? {
        PreparedPath(self).nearestPoint(to: q, near: hint)
    }
}
