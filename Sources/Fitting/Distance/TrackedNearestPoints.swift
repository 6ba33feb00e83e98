import Geometry
import _Support

/// Certified nearest points of fixed query points on a path that moves a little between calls —
/// the target points of a fit, against the model at each solver evaluation.
///
/// Every answer is the global nearest point, certified, as `Path.nearestPoint(to:)`'s. Most are
/// certified by a certificate *carried over* from an earlier evaluation, which costs a few Newton
/// steps and one Bernstein sign test instead of a fresh search.
///
/// **Certificate.** For an answer (s*, t*) at some evaluation (its *reference*) the certificate
/// records a neighbourhood U of the foot — the parameter interval of the 5 leaves around t* in a
/// subdivision of every segment into 16 leaves (in path order, continuing into the neighbouring
/// segment across a junction where the segments meet) — and the exclusion bound
///
///     E = min over the leaves outside U of dist(q, box of the leaf's control points),
///
/// a lower bound on the distance from q to every point of the reference path outside U
/// (convex-hull property), and the reference path's control points (as cubics) P_ref.
///
/// **Test.** At an evaluation with control points P, let δ = max |P − P_ref| over every control
/// point of the path (0 at the reference itself). Every point B(s, t) has moved by at most δ (B is
/// a convex combination of its control points), so the path outside U is at least E − δ from q.
/// Newton's method on f(t) = (B(t) − q)·B′(t) (clamped, at most 12 steps, converged when a step is
/// at most 1e-10: quadratic convergence leaves an error far below an ulp) gives t′ with distance
/// d′. The answer (s*, t′) is accepted when
/// 1. t′ lies strictly inside U's interval [a, b] on s*, where f's Bernstein coefficients have
///    exactly one sign change, from − to +: one simple root, so t′ is the only minimum of
///    D = |B − q|² there;
/// 2. on U's piece of the previous segment (when U crosses the junction at s*'s start, which
///    must coincide exactly with that segment's end) f ≤ 0 — every coefficient — so D only
///    decreases towards the junction; on U's piece of the next segment f ≥ 0;
/// 3. d′ + δ < E: everything outside U is strictly farther.
/// Then min over U is D(t′) (1, 2) and nothing outside U comes as close (3): t′ is the global
/// nearest point, and the unique one.
///
/// **Order.** Each query tries its carried certificate (Newton from its previous answer); then a
/// fresh one made at this evaluation (δ = 0; Newton from the previous answer, or from the nearest
/// leaf centre at the first call); then Geometry's certified search (``PreparedPath``, warm-started
/// the same way), whose answer gets a certificate for later evaluations.
///
/// Rounding enters the coefficients' signs exactly as in Geometry's certificates; E is reduced by
/// 1e-12 of the coordinates' magnitude so rounded leaf boxes still bound their pieces.
struct TrackedNearestPoints {
    static let leavesPerSegment = 16
    /// Leaves on each side of the foot's leaf in U.
    static let neighbourhood = 2

    let queries: [Point]
    /// Whether an update may split its queries over several processors.
    var parallel = true

    /// The neighbourhood U and exclusion bound of a query, from its reference evaluation.
    struct Certificate {
        var reference: Int
        var segment: Int
        /// The foot's leaf j: U covers leaves j − 2 … j + 2 (see ``Leaves/window``).
        var leaf: Int
        /// U's interval on the foot's segment.
        var a: Double, b: Double
        /// The previous segment, when U continues on it (−1: none).
        var previous: Int
        /// The next segment, when U continues on it (−1: none).
        var next: Int
        var exclusion: Double
    }

    private(set) var answers: [NearestPoint] = []
    private var certificates: [Certificate?] = []
    private var references: [[CubicBezier]] = []
    /// Searches by kind, for tests and benchmarks.
    private(set) var carried = 0
    private(set) var fresh = 0
    private(set) var full = 0

    init(queries: [Point]) {
        self.queries = queries
    }

    /// Forgets every answer and certificate.
    mutating func reset() {
        answers = []
        certificates = []
        references = []
    }

    /// What one evaluation's queries share: the path in the forms the searches need.
    struct Evaluation {
        var segments: [PathSegment]
        var prepared: PreparedPath
        var cubics: [CubicBezier]
        var power: [PowerCubic]
        var leaves: Leaves
        var previousOf: [Int]
        var nextOf: [Int]
        /// δ for every reference some certificate uses (NaN for the others).
        var deltas: [Double]
        var reference: Int
        var first: Bool
    }

    /// The nearest point and signed distance of every query on the path of `segments` (nil when
    /// it draws nothing or a coordinate is not finite; the state is then kept for the next call).
    /// With 512 queries or more and several processors, the queries are split into chunks done
    /// in parallel; every answer depends only on its query and the state before the call, so the
    /// result is the same whatever the thread timing.
    mutating func update(_ segments: [PathSegment]) -> (nearest: [NearestPoint], distances: [OrthogonalDistance])? {
        guard !segments.isEmpty else { return nil }
        let prepared = PreparedPath(segments: segments)
        if prepared.hasNonFinite || !queries.allSatisfy(\.isFinite) { return nil }
        let cubics = segments.map(\.asCubic)
        let k = cubics.count
        var previousOf = [Int](repeating: -1, count: k), nextOf = previousOf
        for s in 0..<k {
            // Prefer the neighbour in path order; a closed subpath's first segment follows its last.
            if s > 0 && cubics[s - 1].p3 == cubics[s].p0 {
                previousOf[s] = s - 1
            } else {
                previousOf[s] = (0..<k).first { $0 != s && cubics[$0].p3 == cubics[s].p0 } ?? -1
            }
            if s + 1 < k && cubics[s].p3 == cubics[s + 1].p0 {
                nextOf[s] = s + 1
            } else {
                nextOf[s] = (0..<k).first { $0 != s && cubics[s].p3 == cubics[$0].p0 } ?? -1
            }
        }
        let first = answers.isEmpty
        if first {
            answers = [NearestPoint](repeating: NearestPoint(segment: 0, t: 0, point: .zero, distance: .nan,
                                                             method: .global, status: .exact), count: queries.count)
            certificates = [Certificate?](repeating: nil, count: queries.count)
        }
        var deltas = [Double](repeating: .nan, count: references.count + 1)
        for c in certificates {
            guard let r = c?.reference, deltas[r].isNaN else { continue }
            let old = references[r]
            var d = 0.0
            if old.count == k {
                for (p, q) in zip(old, cubics) {
                    d = Swift.max(d, p.p0.distance(to: q.p0), p.p1.distance(to: q.p1),
                                  p.p2.distance(to: q.p2), p.p3.distance(to: q.p3))
                }
            } else {
                d = .infinity
            }
            deltas[r] = d
        }
        deltas[references.count] = 0
        let context = Evaluation(segments: segments, prepared: prepared, cubics: cubics,
                                 power: cubics.map(PowerCubic.init), leaves: Leaves(cubics),
                                 previousOf: previousOf, nextOf: nextOf, deltas: deltas,
                                 reference: references.count, first: first)

        let n = queries.count
        var nearest = answers
        var distances = [OrthogonalDistance](repeating: OrthogonalDistance(signed: 0, distance: 0, normal: .zero), count: n)
        var newCertificates = certificates
        var kinds = [UInt8](repeating: 0, count: n)
        let queries = self.queries, hints = answers, old = certificates
        nearest.withUnsafeMutableBufferPointer { nearestOut in
            distances.withUnsafeMutableBufferPointer { distancesOut in
                newCertificates.withUnsafeMutableBufferPointer { certificatesOut in
                    kinds.withUnsafeMutableBufferPointer { kindsOut in
                        let out = Outputs(nearest: nearestOut, distances: distancesOut,
                                          certificates: certificatesOut, kinds: kindsOut)
                        let chunks = parallel ? ConcurrentChunks.chunkCount(n, minimumChunk: 256) : 1
                        ConcurrentChunks.forEach(count: n, chunks: chunks) { range, _ in
                            for i in range {
                                Self.answer(i, queries[i], hint: hints[i], certificate: old[i], context, into: out)
                            }
                        }
                    }
                }
            }
        }
        guard !kinds.contains(0) else { return nil }
        references.append(cubics)
        for kind in kinds {
            switch kind {
            case 1: carried += 1
            case 2: fresh += 1
            default: full += 1
            }
        }
        answers = nearest
        certificates = newCertificates
        return (nearest, distances)
    }

    /// Where the chunks write: one slot per query each.
    struct Outputs: @unchecked Sendable {
        var nearest: UnsafeMutableBufferPointer<NearestPoint>
        var distances: UnsafeMutableBufferPointer<OrthogonalDistance>
        var certificates: UnsafeMutableBufferPointer<Certificate?>
        /// 1 carried, 2 fresh, 3 full search, 0 failed (non-finite).
        var kinds: UnsafeMutableBufferPointer<UInt8>
    }

    /// Query i's answer: by its carried certificate, else a fresh one, else a full search.
    static func answer(_ i: Int, _ q: Point, hint: NearestPoint, certificate old: Certificate?,
                       _ e: Evaluation, into out: Outputs) {
        let k = e.cubics.count
        var np: NearestPoint
        var newton = true
        if !e.first, let c = old, c.segment < k,
           let carried = carriedAnswer(q, e.cubics, e.power, e.leaves, c, hint: hint, delta: e.deltas[c.reference]) {
            np = carried
            out.kinds[i] = 1
        } else {
            let start = !e.first && hint.segment < k ? hint : e.leaves.nearestCentre(to: q)
            if let (fresh, c) = freshAnswer(q, e.cubics, e.power, from: start, reference: e.reference,
                                            leaves: e.leaves, previousOf: e.previousOf, nextOf: e.nextOf) {
                np = fresh
                out.certificates[i] = c
                out.kinds[i] = 2
            } else {
                guard let found = e.prepared.nearestPoint(to: q, near: start), found.status != .nonFinite else {
                    out.kinds[i] = 0
                    return
                }
                np = found
                newton = false
                let c = certificate(q, segment: np.segment, t: np.t, reference: e.reference, leaves: e.leaves,
                                    previousOf: e.previousOf, nextOf: e.nextOf)
                // Kept only when it certifies this very answer (it is re-tested at every use anyway).
                out.certificates[i] = np.distance < c.exclusion ? c : nil
                out.kinds[i] = 3
            }
        }
        out.nearest[i] = np
        let tangent = newton ? e.power[np.segment].derivative(at: np.t) : Point.zero
        out.distances[i] = tangent.x != 0 || tangent.y != 0
            ? OrthogonalDistance(from: q, point: np.point, tangent: tangent)
            : OrthogonalDistance(from: q, to: e.segments[np.segment], nearest: np)
    }

    /// The certificate of a fresh answer: its neighbourhood U and exclusion bound.
    static func certificate(_ q: Point, segment s: Int, t: Double, reference: Int, leaves: Leaves,
                             previousOf: [Int], nextOf: [Int]) -> Certificate {
        let n = Self.leavesPerSegment, w = Self.neighbourhood
        let j = Swift.min(n - 1, Swift.max(0, Int(t * Double(n))))
        let lo = j - w, hi = j + w  // leaf range, may run past the segment's ends
        var c = Certificate(reference: reference, segment: s, leaf: j, a: Double(Swift.max(0, lo)) / Double(n),
                            b: Double(Swift.min(n, hi + 1)) / Double(n), previous: -1, next: -1,
                            exclusion: 0)
        if lo < 0, previousOf[s] >= 0, previousOf[s] != s { c.previous = previousOf[s] }
        if hi >= n, nextOf[s] >= 0, nextOf[s] != s, nextOf[s] != c.previous { c.next = nextOf[s] }
        // The nearby segments' leaves first, then the others, each skipped whole when its box is
        // already no closer than the smallest bound so far.
        var excluded = Double.infinity
        leaves.boxes.withUnsafeBufferPointer { boxes in
            func scan(_ segment: Int, from first: Int, to last: Int) {
                let base = segment * n
                for leaf in first...last {
                    excluded = Swift.min(excluded, boxes[base + leaf].distanceSquared(to: q))
                }
            }
            if lo > 0 { scan(s, from: 0, to: lo - 1) }
            if hi < n - 1 { scan(s, from: hi + 1, to: n - 1) }
            if c.previous >= 0 { if n + lo - 1 >= 0 { scan(c.previous, from: 0, to: n + lo - 1) } }
            if c.next >= 0 { if hi - n + 1 <= n - 1 { scan(c.next, from: hi - n + 1, to: n - 1) } }
            for segment in 0..<leaves.segmentCount where segment != s && segment != c.previous && segment != c.next {
                if leaves.segmentBoxes[segment].distanceSquared(to: q) >= excluded { continue }
                scan(segment, from: 0, to: n - 1)
            }
        }
        c.exclusion = excluded.squareRoot() - 1e-12 * (leaves.magnitude + q.maxMagnitude)
        return c
    }

    /// The answer certified by `c` (see the type's documentation), or nil.
    static func carriedAnswer(_ q: Point, _ cubics: [CubicBezier], _ power: [PowerCubic], _ leaves: Leaves,
                              _ c: Certificate, hint: NearestPoint, delta: Double) -> NearestPoint? {
        guard delta < c.exclusion else { return nil }
        let start = hint.segment == c.segment ? hint.t : 0.5 * (c.a + c.b)
        guard let t = newton(power[c.segment], q, from: start), t > c.a, t < c.b else { return nil }
        let point = cubics[c.segment].point(at: t)
        let distance = (point - q).length
        guard distance + delta < c.exclusion, unimodal(q, cubics, leaves, c) else { return nil }
        return NearestPoint(segment: c.segment, t: t, point: point, distance: distance,
                            method: .certifiedWarmStart, status: .exact)
    }

    /// A fresh certificate (δ = 0) for the minimum Newton's method reaches from `start`, with
    /// the neighbourhood and exclusion bound of the current path: the carried certificate's
    /// tests at the evaluation that makes it. Nil when a test fails.
    static func freshAnswer(_ q: Point, _ cubics: [CubicBezier], _ power: [PowerCubic], from start: NearestPoint,
                             reference: Int, leaves: Leaves, previousOf: [Int], nextOf: [Int])
        -> (NearestPoint, Certificate)? {
        let s = start.segment
        guard let t = newton(power[s], q, from: start.t) else { return nil }
        let c = certificate(q, segment: s, t: t, reference: reference, leaves: leaves,
                            previousOf: previousOf, nextOf: nextOf)
        guard t > c.a, t < c.b else { return nil }
        let point = cubics[s].point(at: t)
        let distance = (point - q).length
        guard distance < c.exclusion, unimodal(q, cubics, leaves, c) else { return nil }
        return (NearestPoint(segment: s, t: t, point: point, distance: distance,
                             method: .certifiedWarmStart, status: .exact), c)
    }

    /// Tests 1 and 2 of the type's documentation: one sign change (− to +) of f on [a, b] of the
    /// certificate's segment, f ≤ 0 on the previous segment's piece and f ≥ 0 on the next one's,
    /// with the junctions exactly shared. The pieces' control points come precomputed from
    /// ``Leaves``; the quintic of a piece over [a, b] is (b − a) times f restricted to [a, b], so
    /// its coefficients have the same signs.
    static func unimodal(_ q: Point, _ cubics: [CubicBezier], _ leaves: Leaves, _ c: Certificate) -> Bool {
        let n = leavesPerSegment
        let middle = quintic(leaves.window[c.segment * n + c.leaf], q)
        guard middle.signVariations == 1, middle.signAfterStart < 0 else { return false }
        let lo = c.leaf - neighbourhood, hi = c.leaf + neighbourhood
        if c.previous >= 0 {
            guard cubics[c.previous].p3 == cubics[c.segment].p0,
                  quintic(leaves.tail[c.previous * neighbourhood + (lo + neighbourhood)], q).maximum <= 0 else { return false }
        }
        if c.next >= 0 {
            guard cubics[c.segment].p3 == cubics[c.next].p0,
                  quintic(leaves.head[c.next * neighbourhood + (hi - n)], q).minimum >= 0 else { return false }
        }
        return true
    }

    /// Newton's method on f(t) = (B(t) − q)·B′(t) from t₀ (clamped to [0, 1], at most 12 steps,
    /// converged when a step is at most 1e-10 or f = 0); nil when f′ ≤ 0 on the way or it does
    /// not converge.
    @inline(__always)
    static func newton(_ b: PowerCubic, _ q: Point, from t0: Double) -> Double? {
        var t = Swift.min(1, Swift.max(0, t0))
        let dx = b.d.x - q.x, dy = b.d.y - q.y
        for _ in 0..<12 {
            let px = ((b.a.x * t + b.b.x) * t + b.c.x) * t + dx
            let py = ((b.a.y * t + b.b.y) * t + b.c.y) * t + dy
            let vx = (3 * b.a.x * t + 2 * b.b.x) * t + b.c.x
            let vy = (3 * b.a.y * t + 2 * b.b.y) * t + b.c.y
            let ax = 6 * b.a.x * t + 2 * b.b.x, ay = 6 * b.a.y * t + 2 * b.b.y
            let value = px * vx + py * vy
            if value == 0 { return t }
            let slope = vx * vx + vy * vy + px * ax + py * ay
            guard slope > 0 else { return nil }
            let next = Swift.min(1, Swift.max(0, t - value / slope))
            let step = abs(next - t)
            t = next
            // Newton converges quadratically: after a step s the error is about K·s² (K = f″/2f′,
            // of order 1 in t for a curve not near its evolute), so a step of 1e-10 leaves an
            // error far below an ulp of t. (Geometry's stopping rule, 4 ulp, costs one more step.)
            if step <= 1e-10 { return t }
        }
        return nil
    }

    /// A cubic in power form, B(t) = ((a·t + b)·t + c)·t + d, for Newton's steps.
    struct PowerCubic {
        var a, b, c, d: Point

        init(_ k: CubicBezier) {
            a = k.p3 - k.p0 + 3 * (k.p1 - k.p2)
            b = 3 * (k.p0 - 2 * k.p1 + k.p2)
            c = 3 * (k.p1 - k.p0)
            d = k.p0
        }

        /// B′(t) = (3a·t + 2b)·t + c.
        @inline(__always)
        func derivative(at t: Double) -> Point {
            Point((3 * a.x * t + 2 * b.x) * t + c.x, (3 * a.y * t + 2 * b.y) * t + c.y)
        }
    }

    /// f(t) = (B(t) − q)·B′(t)/3 of a cubic, in Bernstein form.
    static func quintic(_ c: CubicBezier, _ q: Point) -> BernsteinQuintic {
        let d0 = c.p0 - q, d1 = c.p1 - q, d2 = c.p2 - q, d3 = c.p3 - q
        return BernsteinQuintic(cubic: (d0, d1, d2, d3), quadratic: (d1 - d0, d2 - d1, d3 - d2))
    }

    /// Every segment cut into `leavesPerSegment` equal parameter intervals by halving (de
    /// Casteljau at ½, four times): the leaves' control-point boxes and centres.
    struct Leaves {
        let segmentCount: Int
        /// The leaves' control-point boxes, segment by segment.
        var boxes: [Box] = []
        /// Each segment's control-point box (containing its leaves' boxes).
        var segmentBoxes: [Box] = []
        var centres: [Point] = []
        /// For each segment and leaf j, the segment over [max(0, j − 2), min(16, j + 3)]/16: the
        /// neighbourhood U of a foot in leaf j.
        var window: [CubicBezier] = []
        /// For each segment, its pieces over [14/16, 1] and [15/16, 1] (U's part on the previous
        /// segment for j = 0, 1) and over [0, 1/16] and [0, 2/16] (on the next one for j = 14, 15).
        var tail: [CubicBezier] = []
        var head: [CubicBezier] = []
        var magnitude = 0.0

        init(_ cubics: [CubicBezier]) {
            segmentCount = cubics.count
            let n = TrackedNearestPoints.leavesPerSegment
            boxes.reserveCapacity(cubics.count * n)
            centres.reserveCapacity(cubics.count * n)
            for c in cubics {
                magnitude = Swift.max(magnitude, c.p0.maxMagnitude, c.p1.maxMagnitude, c.p2.maxMagnitude, c.p3.maxMagnitude)
                segmentBoxes.append(Box(c))
                var pieces = [c]
                while pieces.count < n {
                    pieces = pieces.flatMap { p -> [CubicBezier] in let (l, r) = p.split(at: 0.5); return [l, r] }
                }
                for p in pieces {
                    boxes.append(Box(p))
                    centres.append(p.point(at: 0.5))
                }
                let w = TrackedNearestPoints.neighbourhood
                for j in 0..<n {
                    let a = Double(Swift.max(0, j - w)) / Double(n), b = Double(Swift.min(n, j + w + 1)) / Double(n)
                    window.append(Self.piece(c, a, b))
                }
                for lo in -w ..< 0 { tail.append(Self.piece(c, Double(n + lo) / Double(n), 1)) }
                for hi in n ..< n + w { head.append(Self.piece(c, 0, Double(hi + 1 - n) / Double(n))) }
            }
        }

        /// The cubic over [a, b] (two de Casteljau splits).
        static func piece(_ c: CubicBezier, _ a: Double, _ b: Double) -> CubicBezier {
            if a <= 0 && b >= 1 { return c }
            if a <= 0 { return c.split(at: b).0 }
            let right = c.split(at: a).1
            return b >= 1 ? right : right.split(at: (b - a) / (1 - a)).0
        }

        /// The leaf centre nearest to q, as a hint (segment, t).
        func nearestCentre(to q: Point) -> NearestPoint {
            var best = 0, bestD = Double.infinity
            for (i, c) in centres.enumerated() {
                let d = (c - q).lengthSquared
                if d < bestD { (best, bestD) = (i, d) }
            }
            let n = TrackedNearestPoints.leavesPerSegment
            return NearestPoint(segment: best / n, t: (Double(best % n) + 0.5) / Double(n), point: centres[best],
                                distance: bestD.squareRoot(), method: .global, status: .exact)
        }
    }

    /// The bounding box of a cubic's control points.
    struct Box {
        var minX, minY, maxX, maxY: Double

        init(_ p: CubicBezier) {
            minX = Swift.min(p.p0.x, p.p1.x, p.p2.x, p.p3.x)
            maxX = Swift.max(p.p0.x, p.p1.x, p.p2.x, p.p3.x)
            minY = Swift.min(p.p0.y, p.p1.y, p.p2.y, p.p3.y)
            maxY = Swift.max(p.p0.y, p.p1.y, p.p2.y, p.p3.y)
        }

        /// The squared distance from q to the box (0 inside).
        @inline(__always)
        func distanceSquared(to q: Point) -> Double {
            let dx = q.x < minX ? minX - q.x : (q.x > maxX ? q.x - maxX : 0)
            let dy = q.y < minY ? minY - q.y : (q.y > maxY ? q.y - maxY : 0)
            return dx * dx + dy * dy
        }
    }
}
