extension LineSegment: NearestPointQueryable {
    /// The nearest point of the segment to `q` in closed form: t = clamp(((q − P₀)·(P₁ − P₀)) /
    /// |P₁ − P₀|², 0, 1), computed in the query-centred, power-of-two-scaled frame (so huge
    /// coordinates neither overflow nor lose the distance). A zero-length segment returns t = 0.
    public func nearestPoint(to q: Point) -> NearestPoint {
        let cubic = CubicBezier(p0, p0, p1, p1)  // only its frame is used: same P₀, P₁
        guard let frame = NearestPointFrame(cubic, q) else {
            return NearestPoint(segment: 0, t: 0, point: p0, distance: .nan, method: .global, status: .nonFinite)
        }
        let d0 = frame.curve.p0, d1 = frame.curve.p3
        let e = d1 - d0
        let ee = e.dot(e)
        var t = ee > 0 ? -d0.dot(e) / ee : 0
        t = Swift.min(1, Swift.max(0, t.isFinite ? t : 0))
        let offset = d0.lerp(to: d1, t)
        return NearestPoint(segment: 0, t: t, point: point(at: t), distance: offset.length * frame.scale,
                            method: .global, status: .exact)
    }

    /// The closed form needs no warm start; `hint` is ignored.
    public func nearestPoint(to q: Point, near hint: Double) -> NearestPoint { nearestPoint(to: q) }
}

extension QuadraticBezier: NearestPointQueryable {
    /// The nearest point via the exactly degree-elevated cubic (same parameterisation); see
    /// `CubicBezier.nearestPoint(to:)`.
    public func nearestPoint(to q: Point) -> NearestPoint {
        var r = elevated.nearestPoint(to: q)
        r.point = point(at: r.t)
        return r
    }

    /// Warm-started, certified; see `CubicBezier.nearestPoint(to:near:)`.
    public func nearestPoint(to q: Point, near hint: Double) -> NearestPoint {
        var r = elevated.nearestPoint(to: q, near: hint)
        r.point = point(at: r.t)
        return r
    }
}

extension PathSegment: NearestPointQueryable {
    public func nearestPoint(to q: Point) -> NearestPoint {
        switch self {
        case .line(let s): s.nearestPoint(to: q)
        case .quadratic(let s): s.nearestPoint(to: q)
        case .cubic(let s): s.nearestPoint(to: q)
        }
    }

    public func nearestPoint(to q: Point, near hint: Double) -> NearestPoint {
        switch self {
        case .line(let s): s.nearestPoint(to: q, near: hint)
        case .quadratic(let s): s.nearestPoint(to: q, near: hint)
        case .cubic(let s): s.nearestPoint(to: q, near: hint)
        }
    }

    /// The distance from `q` to the bounding box of the control points: a lower bound on the
    /// distance from `q` to any point of the segment (convex-hull property), without overflow.
    public func controlBoxDistance(to q: Point) -> Double {
        var box: Rect
        switch self {
        case .line(let s):
            box = Rect(point: s.p0); box.formUnion(with: s.p1)
        case .quadratic(let s):
            box = Rect(point: s.p0); box.formUnion(with: s.p1); box.formUnion(with: s.p2)
        case .cubic(let s):
            box = Rect(point: s.p0); box.formUnion(with: s.p1)
            box.formUnion(with: s.p2); box.formUnion(with: s.p3)
        }
        let dx = q.x < box.minX ? box.minX - q.x : (q.x > box.maxX ? q.x - box.maxX : 0)
        let dy = q.y < box.minY ? box.minY - q.y : (q.y > box.maxY ? q.y - box.maxY : 0)
        return Point(dx, dy).length
    }
}
