extension Path {
    /// Straight segments through `points`, optionally closed.
    public static func polyline(_ points: [Point], closed: Bool = false) -> Path {
        var p = Path()
        guard let first = points.first else { return p }
        p.move(to: first)
        for q in points.dropFirst() { p.line(to: q) }
        if closed { p.close() }
        return p
    }
}
