/// Signed areas by Green's theorem, A = ½∮(x dy − y dx): positive for a counter-clockwise
/// boundary in a y-up frame.
public enum SignedArea {
    /// ½∫(x dy − y dx) along a cubic, in closed form (the formula kurbo's
    /// `CubicBez::signed_area` uses):
    /// [x₀(6y₁ + 3y₂ + y₃) + 3(x₁(−2y₀ + y₂ + y₃) − x₂(y₀ + y₁ − 2y₃)) − x₃(y₀ + 3y₁ + 6y₂)]/20.
    public static func of(_ c: CubicBezier) -> Double {
        let (p0, p1, p2, p3) = (c.p0, c.p1, c.p2, c.p3)
        let a = p0.x * (6 * p1.y + 3 * p2.y + p3.y)
        let b = 3 * (p1.x * (-2 * p0.y + p2.y + p3.y) - p2.x * (p0.y + p1.y - 2 * p3.y))
        let d = p3.x * (p0.y + 3 * p1.y + 6 * p2.y)
        return (a + b - d) / 20
    }

    /// ½∫(x dy − y dx) along any segment (lines: ½(x₀y₁ − x₁y₀); quadratics by elevation).
    public static func of(_ s: PathSegment) -> Double {
        switch s {
        case .line(let l): 0.5 * (l.p0.x * l.p1.y - l.p1.x * l.p0.y)
        case .quadratic(let q): of(q.elevated)
        case .cubic(let c): of(c)
        }
    }

    /// The area enclosed by a subpath, closed by a straight line back to its start whether or
    /// not it is marked closed.
    public static func of(_ sub: Path.Subpath) -> Double {
        var area = 0.0
        for s in sub.segments { area += of(s) }
        if let end = sub.segments.last?.end, end != sub.start {
            area += of(.line(LineSegment(end, sub.start)))
        }
        return area
    }

    /// The area enclosed by a chain of cubics closed back to its first point.
    public static func of(_ cubics: [CubicBezier]) -> Double {
        var area = 0.0
        for c in cubics { area += of(c) }
        if let first = cubics.first, let last = cubics.last, last.p3 != first.p0 {
            area += of(.line(LineSegment(last.p3, first.p0)))
        }
        return area
    }

    /// The signed area of every subpath of `path`, summed.
    public static func of(_ path: Path) -> Double {
        path.subpaths.reduce(0) { $0 + of($1) }
    }
}
