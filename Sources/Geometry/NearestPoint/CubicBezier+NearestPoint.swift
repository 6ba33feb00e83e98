/// The query-centred frame of a nearest-point problem: the control points translated so that q
/// is the origin and scaled by a power of two s (exact) so that max |dᵢ| ∈ [1, 2):
/// dᵢ = (Pᵢ − q)/s. Distances and the quintic are computed here, so the problem is O(1)-sized
/// whatever the coordinates (1e300 included) and the offsets B(t) − q carry rounding relative to
/// the distance, not to the coordinates.
@usableFromInline
struct NearestPointFrame {
    /// The curve in frame coordinates, (B(t) − q)/s.
    @usableFromInline var curve: CubicBezier
    /// The power of two s.
    @usableFromInline var scale: Double
    /// 2 when Pᵢ − q overflowed and everything was halved first, else 1: the true offsets are
    /// pre·s·(frame offsets).
    @usableFromInline var pre: Double

    /// Nil when a coordinate is not finite. When Pᵢ − q overflows, both are halved first (exact).
    @usableFromInline
    init?(_ c: CubicBezier, _ q: Point) {
        guard c.p0.isFinite, c.p1.isFinite, c.p2.isFinite, c.p3.isFinite, q.isFinite else { return nil }
        var pre = 1.0
        var d = (c.p0 - q, c.p1 - q, c.p2 - q, c.p3 - q)
        if !(d.0.isFinite && d.1.isFinite && d.2.isFinite && d.3.isFinite) {
            pre = 2
            let h = 0.5 * q
            d = (0.5 * c.p0 - h, 0.5 * c.p1 - h, 0.5 * c.p2 - h, 0.5 * c.p3 - h)
        }
        let m = Swift.max(d.0.maxMagnitude, d.1.maxMagnitude, d.2.maxMagnitude, d.3.maxMagnitude)
        var s = 1.0
        if m > 0 && m.isFinite {
            s = Double(sign: .plus, exponent: m.exponent, significand: 1)
        }
        let r = 1 / s  // exact: s is a power of two within range
        curve = CubicBezier(r * d.0, r * d.1, r * d.2, r * d.3)
        if !(curve.p0.isFinite && curve.p1.isFinite && curve.p2.isFinite && curve.p3.isFinite) {
            // s so small that 1/s overflows: divide instead.
            curve = CubicBezier(d.0 / s, d.1 / s, d.2 / s, d.3 / s)
        }
        scale = s
        self.pre = pre
    }

    /// |B(t) − q| in the curve's units: (|frame offset|·s)·pre, in that order, so it overflows
    /// only when the distance itself does.
    @inlinable
    func distance(at t: Double) -> Double { (curve.point(at: t).length * scale) * pre }

    /// B(t) recovered from the frame, q + pre·s·offset (for curves whose own evaluation
    /// overflows near the top of the Double range).
    @inlinable
    func point(at t: Double, query q: Point) -> Point {
        let o = curve.point(at: t) * scale
        return pre == 1 ? q + o : 2 * (o + 0.5 * q)
    }

    /// |B(t) − q|²/s².
    @inlinable
    func distanceSquared(at t: Double) -> Double { curve.point(at: t).lengthSquared }

    /// f(t) = (B(t) − q)·B′(t)/s² and f′(t) = |B′|²/s² + (B − q)·B″/s², for Newton's method.
    @inlinable
    func objective(at t: Double) -> (value: Double, derivative: Double) {
        let p = curve.point(at: t), d1 = curve.derivative(at: t), d2 = curve.secondDerivative(at: t)
        return (p.dot(d1), d1.dot(d1) + p.dot(d2))
    }

    /// (B(t) − q)·B′(t)/(3s²) as a Bernstein quintic: the product of the cubic with control
    /// points dᵢ and the hodograph quadratic with control points dᵢ₊₁ − dᵢ.
    @inlinable
    var quintic: BernsteinQuintic {
        let c = curve
        return BernsteinQuintic(cubic: (c.p0, c.p1, c.p2, c.p3),
                                quadratic: (c.p1 - c.p0, c.p2 - c.p1, c.p3 - c.p2))
    }

    /// The smallest squared distance from the origin (q) to the bounding box of `points`: a lower
    /// bound on the squared distance to anything in their convex hull.
    @inlinable
    static func boxDistanceSquared(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        let minX = Swift.min(Swift.min(a.x, b.x), Swift.min(c.x, d.x))
        let maxX = Swift.max(Swift.max(a.x, b.x), Swift.max(c.x, d.x))
        let minY = Swift.min(Swift.min(a.y, b.y), Swift.min(c.y, d.y))
        let maxY = Swift.max(Swift.max(a.y, b.y), Swift.max(c.y, d.y))
        let dx = minX > 0 ? minX : (maxX < 0 ? -maxX : 0)
        let dy = minY > 0 ? minY : (maxY < 0 ? -maxY : 0)
        return dx * dx + dy * dy
    }
}

extension CubicBezier: NearestPointQueryable {
    /// The point of the curve nearest to `q`, globally.
    ///
    /// At the nearest point B(t*) either t* ∈ {0, 1} or the distance² D(t) = |B(t) − q|² is
    /// stationary: D′/2 = f(t) = (B(t) − q)·B′(t) = 0, a quintic. f is formed exactly in Bernstein
    /// form in the query-centred frame (`BernsteinQuintic(cubic:quadratic:)`, coefficients O(1)
    /// for any coordinates) and all its roots in [0, 1] are isolated by Bernstein subdivision
    /// (`BernsteinRootIsolation`, complete: see there), only the roots where f rises being refined
    /// (where it falls D has a local maximum, and the ends of that root's interval, candidates
    /// anyway, do better); D is compared at every candidate (the end
    /// points, the refined roots, the split points and any unresolved cluster midpoints) and the
    /// smallest wins, ties to the smallest t. The winner, when interior, is polished by up to two
    /// Newton steps on f evaluated from the curve itself, each kept only if D decreases. This is
    /// the robust form of the approach in Schneider, "Solving the nearest-point-on-curve problem",
    /// Graphics Gems (1990), which isolates the same quintic's roots by Bézier subdivision.
    ///
    /// Edge cases: a curve whose control points all coincide returns t = 0; a NaN or infinite
    /// coordinate returns status `.nonFinite` with a NaN distance. Always terminates: the
    /// subdivision is capped in depth (48) and in splits (2048), every root refinement in steps.
    public func nearestPoint(to q: Point) -> NearestPoint {
        guard let frame = NearestPointFrame(self, q) else { return nonFiniteNearest(q) }
        let (t, d, status) = CubicBezier.globalNearest(frame)
        return makeNearest(frame, q, t: t, distanceSquared: d, method: .global, status: status)
    }

    /// The point nearest to `q`, warm-started from the parameter `hint` (e.g. the answer for a
    /// nearby query in a fitting loop), with the global method as fallback: the answer is
    /// always the global one (method tells which path produced it).
    ///
    /// Fast path: Newton's method on f(t) = (B − q)·B′ from `hint`, clamped to [0, 1], at most 12
    /// steps, converging to t* with D* = D(t*) (an interior root of f, or an end point where f
    /// points outwards). It is accepted only with this certificate, with f in Bernstein form:
    /// 1. Middle: on M = [t* − h, t* + h] ∩ [0, 1] (h = 1/32, then 1/512) f has exactly one sign
    ///    change, from − to +, and f(t* − h/1024) < 0 < f(t* + h/1024), so that change is at t*
    ///    (one simple root, t*, a strict local minimum of D, so D > D* at M's ends); for t* = 0
    ///    (t* = 1), f has no sign change and is positive (negative) on M.
    ///    Then min over M of D is D*.
    /// 2. Outside: each remaining piece [0, t* − h] and [t* + h, 1] is excluded, recursively
    ///    halved (at most 6 times, at most 48 pieces examined in all), by either (a) the squared distance from q to the bounding box of
    ///    the piece's control points (a lower bound on D over the piece, by the convex-hull
    ///    property) exceeds D*, or (b) f has no sign change on the piece (D monotone there, so its
    ///    minimum is at an end of the piece, both of which are checked against D*).
    /// Proof: [0, 1] = left ∪ M ∪ right; min over M is D* (1); left and right do no better (2).
    /// Pieces left of t* must do strictly worse and pieces to its right no better, so the
    /// tie-breaking (smallest t) matches the global method. Rounding in f's coefficients affects
    /// the certificate exactly as it affects the global method (see `BernsteinRootIsolation`).
    /// When any test fails, the global method answers.
    public func nearestPoint(to q: Point, near hint: Double) -> NearestPoint {
        guard let frame = NearestPointFrame(self, q) else { return nonFiniteNearest(q) }
        if hint.isFinite, let (t, d) = CubicBezier.certifiedNewton(frame, from: hint) {
            return makeNearest(frame, q, t: t, distanceSquared: d, method: .certifiedWarmStart, status: .exact)
        }
        let (t, d, status) = CubicBezier.globalNearest(frame)
        return makeNearest(frame, q, t: t, distanceSquared: d, method: .global, status: status)
    }

    /// The answer at t, whose squared frame distance D the search computed: the distance is
    /// √D·s·pre (D ∈ [2⁻¹⁰⁰⁰, 16] is far from underflow and overflow, and √ rounds correctly), else
    /// it is measured again with the scaled hypotenuse.
    func makeNearest(_ frame: NearestPointFrame, _ q: Point, t: Double, distanceSquared d: Double,
                     method: NearestPoint.Method, status: NearestPoint.Status) -> NearestPoint {
        var p = t == 0 ? p0 : t == 1 ? p3 : point(at: t)
        if !p.isFinite { p = frame.point(at: t, query: q) }
        let distance = d >= 0x1p-1000 && d.isFinite ? (d.squareRoot() * frame.scale) * frame.pre : frame.distance(at: t)
        return NearestPoint(segment: 0, t: t, point: p, distance: distance, method: method, status: status)
    }

    func nonFiniteNearest(_ q: Point) -> NearestPoint {
        NearestPoint(segment: 0, t: 0, point: p0, distance: .nan, method: .global, status: .nonFinite)
    }

    /// The global search in the frame: the parameter of the smallest distance and the status.
    static func globalNearest(_ frame: NearestPointFrame) -> (t: Double, d: Double, status: NearestPoint.Status) {
        var bestT = 0.0
        var bestD = frame.distanceSquared(at: 0)
        let f = frame.quintic
        // D's minima only: at a root where f falls D has a local maximum, and the ends of its
        // interval (candidates anyway) do better.
        let isolation = BernsteinRootIsolation(risingRootsOnly: true)
        let result = isolation.forEachCandidate(of: f) { t, _ in
            let d = frame.distanceSquared(at: t)
            if d < bestD || (d == bestD && t < bestT) {
                bestD = d
                bestT = t
            }
        }
        // Polish an interior winner on the curve itself (the quintic's coefficients carry their
        // own rounding); keep a step only when it lowers D.
        if bestT > 0 && bestT < 1 {
            for _ in 0..<2 {
                let (value, slope) = frame.objective(at: bestT)
                guard slope > 0 else { break }
                let next = Swift.min(1, Swift.max(0, bestT - value / slope))
                let d = frame.distanceSquared(at: next)
                guard d < bestD else { break }
                (bestT, bestD) = (next, d)
            }
        }
        return (bestT, bestD, result == .isolated ? .exact : .depthLimited)
    }

    /// Newton's method from `hint` plus the certificate described at `nearestPoint(to:near:)`;
    /// nil when Newton fails or the certificate does not hold.
    static func certifiedNewton(_ frame: NearestPointFrame, from hint: Double) -> (t: Double, d: Double)? {
        var t = Swift.min(1, Swift.max(0, hint))
        var converged = false
        for _ in 0..<12 {
            let (value, slope) = frame.objective(at: t)
            if value == 0 { converged = true; break }
            let outward = (t == 0 && value > 0) || (t == 1 && value < 0)
            if outward { converged = true; break }
            guard slope > 0 else { return nil }
            let next = Swift.min(1, Swift.max(0, t - value / slope))
            let step = abs(next - t)
            t = next
            if step <= 4 * Double.ulpOfOne { converged = true; break }
        }
        guard converged else { return nil }
        let dStar = frame.distanceSquared(at: t)
        let f = frame.quintic
        if certify(frame, f, t: t, dStar: dStar, h: 1.0 / 32) { return (t, dStar) }
        if certify(frame, f, t: t, dStar: dStar, h: 1.0 / 512) { return (t, dStar) }
        return nil
    }

    static func certify(_ frame: NearestPointFrame, _ f: BernsteinQuintic, t: Double,
                        dStar: Double, h: Double) -> Bool {
        let a = Swift.max(0, t - h), b = Swift.min(1, t + h)
        let middle = f.restricted(from: a, to: b)
        let middleHolds: Bool
        if t == 0 {
            middleHolds = middle.signVariations == 0 && middle.signAfterStart > 0
        } else if t == 1 {
            middleHolds = middle.signVariations == 0 && middle.signAfterStart < 0
        } else {
            // One sign change in (a, b), and it is at t*: f < 0 just before t*, f > 0 just after.
            // (Without the second part a t* where f merely vanishes — a degenerate start whose
            // B′ rounds to 0 — passed while the one root was elsewhere in M.)
            let d = h / 1024
            middleHolds = a < t && t < b && middle.signVariations == 1 && middle.signAfterStart < 0
                && f.value(at: Swift.max(a, t - d)) < 0 && f.value(at: Swift.min(b, t + d)) > 0
        }
        guard middleHolds else { return false }
        var budget = 48
        if a > 0 {
            let piece = frame.curve.split(at: a).0
            let fPiece = f.split(at: a).0
            guard exclude(piece, fPiece, dStar: dStar, strict: true, depth: 0, budget: &budget) else { return false }
        }
        if b < 1 {
            let piece = frame.curve.split(at: b).1
            let fPiece = f.split(at: b).1
            guard exclude(piece, fPiece, dStar: dStar, strict: false, depth: 0, budget: &budget) else { return false }
        }
        return true
    }

    /// True when no point of `piece` (frame coordinates) is closer to the origin than √dStar
    /// (strictly farther when `strict`), shown by a bounding-box bound or by monotonicity of D,
    /// halving the piece while the depth and the shared budget of examined pieces allow.
    static func exclude(_ piece: CubicBezier, _ f: BernsteinQuintic, dStar: Double,
                        strict: Bool, depth: Int, budget: inout Int) -> Bool {
        guard budget > 0 else { return false }
        budget -= 1
        let box = NearestPointFrame.boxDistanceSquared(piece.p0, piece.p1, piece.p2, piece.p3)
        if strict ? box > dStar : box >= dStar { return true }
        if f.signVariations == 0 {
            let ends = Swift.min(piece.p0.lengthSquared, piece.p3.lengthSquared)
            return strict ? ends > dStar : ends >= dStar
        }
        guard depth < 6 else { return false }
        let (left, right) = piece.split(at: 0.5)
        let (fLeft, fRight) = f.halves()
        return exclude(left, fLeft, dStar: dStar, strict: strict, depth: depth + 1, budget: &budget)
            && exclude(right, fRight, dStar: dStar, strict: strict, depth: depth + 1, budget: &budget)
    }
}
