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
///
/// **Cost.** An update allocates only its result arrays (written in place, never copied) and the
/// per-evaluation tables: the leaves' boxes and centres in structure-of-arrays form (four boxes at
/// a time in `SIMD4<Double>` for the exclusion bound and the nearest leaf centre), the windows,
/// heads and tails, rebuilt in a workspace kept from one update to the next. Every answer is
/// computed with the arithmetic it had before this layout (the same Newton steps, the same
/// de Casteljau evaluation, the same subdivisions and minima), so the answers, and with them
/// every fit, are bit for bit those of the straightforward implementation; only the work per
/// query shrank (measured with `valgrind --tool=callgrind` on `make bench-fit`'s squash target:
/// from about 8.5 M instructions per fit to the figure in Benchmarks/README.md).
struct TrackedNearestPoints {
    static let leavesPerSegment = 16
    /// Leaves on each side of the foot's leaf in U.
    static let neighbourhood = 2

    let queries: [Point]
    /// Whether every query is finite (checked once: the queries never change).
    private let queriesAreFinite: Bool
    /// Whether an update may split its queries over several processors.
    var parallel = true

    /// The neighbourhood U and exclusion bound of a query, from its reference evaluation.
    struct Certificate {
        /// The reference evaluation (−1: no certificate).
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

        /// No certificate.
        static let none = Certificate(reference: -1, segment: 0, leaf: 0, a: 0, b: 0, previous: -1, next: -1,
                                      exclusion: -.infinity)
    }

    private(set) var answers: [NearestPoint] = []
    private var certificates: [Certificate] = []
    private var references: [[CubicBezier]] = []
    private var leaves = Leaves()
    /// Searches by kind, for tests and benchmarks.
    private(set) var carried = 0
    private(set) var fresh = 0
    private(set) var full = 0

    init(queries: [Point]) {
        self.queries = queries
        queriesAreFinite = queries.allSatisfy({ $0.isFinite })
    }

    /// Forgets every answer and certificate.
    mutating func reset() {
        answers = []
        certificates = []
        references = []
    }

    /// What the full search of one evaluation needs: the path itself.
    struct Evaluation {
        var segments: [PathSegment]
        var prepared: PreparedPath
    }

    /// The nearest point and signed distance of every query on the path of `segments` (nil when
    /// it draws nothing or a coordinate is not finite; the state is then kept for the next call).
    /// With 512 queries or more and several processors, the queries are split into chunks done
    /// in parallel; every answer depends only on its query and the state before the call, so the
    /// result is the same whatever the thread timing.
    mutating func update(_ segments: [PathSegment]) -> (nearest: [NearestPoint], distances: [OrthogonalDistance])? {
        guard !segments.isEmpty else { return nil }
        let prepared = PreparedPath(segments: segments)
        if prepared.hasNonFinite || !queriesAreFinite { return nil }
        let cubics = segments.map({ $0.asCubic })
        let k = cubics.count
        if !isKnownUniquelyReferenced(&leaves.storage) { leaves = Leaves() }
        leaves.rebuild(cubics)
        let tables = leaves.tables
        for s in 0..<k {
            // Prefer the neighbour in path order; a closed subpath's first segment follows its last.
            if s > 0 && cubics[s - 1].p3 == cubics[s].p0 {
                tables.previousOf[s] = s - 1
            } else {
                tables.previousOf[s] = (0..<k).first { $0 != s && cubics[$0].p3 == cubics[s].p0 } ?? -1
            }
            if s + 1 < k && cubics[s].p3 == cubics[s + 1].p0 {
                tables.nextOf[s] = s + 1
            } else {
                tables.nextOf[s] = (0..<k).first { $0 != s && cubics[s].p3 == cubics[$0].p0 } ?? -1
            }
        }
        let first = answers.isEmpty
        var deltas = [Double](repeating: .nan, count: references.count + 1)
        for c in certificates where c.reference >= 0 && deltas[c.reference].isNaN {
            let r = c.reference
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
        let context = Evaluation(segments: segments, prepared: prepared)
        let reference = references.count

        let n = queries.count
        var kinds = [UInt8](repeating: 0, count: n)
        var distances: [OrthogonalDistance] = []
        var newCertificates: [Certificate] = []
        let queries = self.queries, hints = answers, old = certificates
        let chunks = parallel ? ConcurrentChunks.chunkCount(n, minimumChunk: 256) : 1
        let nearest = [NearestPoint](unsafeUninitializedCapacity: n) { nearestOut, nearestCount in
            distances = [OrthogonalDistance](unsafeUninitializedCapacity: n) { distancesOut, distancesCount in
                newCertificates = [Certificate](unsafeUninitializedCapacity: n) { certificatesOut, certificatesCount in
                    kinds.withUnsafeMutableBufferPointer { kindsOut in
                        deltas.withUnsafeBufferPointer { deltas in
                            let out = Outputs(nearest: nearestOut, distances: distancesOut,
                                              certificates: certificatesOut, kinds: kindsOut)
                            let shared = Shared(tables: tables, deltas: deltas, reference: reference, first: first)
                            ConcurrentChunks.forEach(count: n, chunks: chunks) { range, _ in
                                var i = range.lowerBound
                                while i < range.upperBound {
                                    let count = Swift.min(Self.lanes, range.upperBound - i)
                                    // Each query's start: its previous answer, else the nearest leaf
                                    // centre; Newton from the starts, four queries interleaved.
                                    @inline(__always)
                                    func start(_ lane: Int) -> NearestPoint {
                                        guard lane < count else { return Self.noHint }
                                        let hint = first ? Self.noHint : hints[i + lane]
                                        return !first && hint.segment < tables.segmentCount
                                            ? hint : tables.nearestCentre(to: queries[i + lane])
                                    }
                                    let starts = (start(0), start(1), start(2), start(3))
                                    let fromStarts = Self.newtonFromStarts(i, count, queries, starts, tables)
                                    for lane in 0..<count {
                                        let hint = first ? Self.noHint : hints[i + lane]
                                        let certificate = first ? Certificate.none : old[i + lane]
                                        let start = lane == 0 ? starts.0 : lane == 1 ? starts.1 : lane == 2 ? starts.2 : starts.3
                                        Self.answer(i + lane, queries[i + lane], hint: hint, start: start,
                                                    fromStart: fromStarts[lane], certificate: certificate, shared, context,
                                                    into: out)
                                    }
                                    i += count
                                }
                            }
                        }
                    }
                    certificatesCount = n
                }
                distancesCount = n
            }
            nearestCount = n
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

    /// The placeholder hint of a first evaluation (never read).
    static let noHint = NearestPoint(segment: 0, t: 0, point: .zero, distance: .nan, method: .global, status: .exact)

    /// Where the chunks write: one slot per query each (every slot written, also on failure).
    struct Outputs: @unchecked Sendable {
        var nearest: UnsafeMutableBufferPointer<NearestPoint>
        var distances: UnsafeMutableBufferPointer<OrthogonalDistance>
        var certificates: UnsafeMutableBufferPointer<Certificate>
        /// 1 carried, 2 fresh, 3 full search, 0 failed (non-finite).
        var kinds: UnsafeMutableBufferPointer<UInt8>
    }

    /// What every query of one update reads: the tables, δ per reference, this evaluation's index.
    struct Shared: @unchecked Sendable {
        var tables: Tables
        var deltas: UnsafeBufferPointer<Double>
        var reference: Int
        var first: Bool
    }

    /// Query i's answer: by its carried certificate, else a fresh one, else a full search.
    @inline(__always)
    /// `start`: the previous answer when there is one on the path, else the nearest leaf centre;
    /// `fromStart`: Newton's method from it (``newton(_:_:from:)`` on its segment from its t; NaN
    /// when it fails), which the carried test (from a hint on the certificate's segment) and the
    /// fresh one would run alike.
    static func answer(_ i: Int, _ q: Point, hint: NearestPoint, start: NearestPoint, fromStart: Double,
                       certificate old: Certificate, _ shared: Shared, _ e: Evaluation, into out: Outputs) {
        let tables = shared.tables
        let k = tables.segmentCount
        var np: NearestPoint
        var newton = true
        let hinted = !shared.first && hint.segment < k
        if !shared.first, old.reference >= 0, old.segment < k,
           let carried = carriedAnswer(q, tables, old, hint: hint, fromHint: hinted ? fromStart : .nan,
                                       delta: shared.deltas[old.reference]) {
            np = carried
            out.certificates[i] = old
            out.kinds[i] = 1
        } else {
            if !fromStart.isNaN,
               let (fresh, c) = freshAnswer(q, tables, segment: start.segment, t: fromStart, reference: shared.reference) {
                np = fresh
                out.certificates[i] = c
                out.kinds[i] = 2
            } else {
                guard let found = e.prepared.nearestPoint(to: q, near: start), found.status != .nonFinite else {
                    out.nearest[i] = noHint
                    out.distances[i] = OrthogonalDistance(signed: .nan, distance: .nan, normal: .zero)
                    out.certificates[i] = .none
                    out.kinds[i] = 0
                    return
                }
                np = found
                newton = false
                let c = certificate(q, segment: np.segment, t: np.t, reference: shared.reference, tables)
                // Kept only when it certifies this very answer (it is re-tested at every use anyway).
                out.certificates[i] = np.distance < c.exclusion ? c : .none
                out.kinds[i] = 3
            }
        }
        out.nearest[i] = np
        let tangent = newton ? tables.power[np.segment].derivative(at: np.t) : Point.zero
        // |q − B| = |B − q| bit for bit (negation is exact), so the distance is not recomputed.
        out.distances[i] = tangent.x != 0 || tangent.y != 0
            ? OrthogonalDistance(from: q, point: np.point, tangent: tangent, distance: np.distance)
            : OrthogonalDistance(from: q, to: e.segments[np.segment], nearest: np)
    }

    /// The certificate of a fresh answer: its neighbourhood U and exclusion bound.
    static func certificate(_ q: Point, segment s: Int, t: Double, reference: Int, _ tables: Tables) -> Certificate {
        let n = Self.leavesPerSegment, w = Self.neighbourhood
        let j = Swift.min(n - 1, Swift.max(0, Int(t * Double(n))))
        let lo = j - w, hi = j + w  // leaf range, may run past the segment's ends
        var c = Certificate(reference: reference, segment: s, leaf: j, a: Double(Swift.max(0, lo)) / Double(n),
                            b: Double(Swift.min(n, hi + 1)) / Double(n), previous: -1, next: -1,
                            exclusion: 0)
        let previous = tables.previousOf[s], next = tables.nextOf[s]
        if lo < 0, previous >= 0, previous != s { c.previous = previous }
        if hi >= n, next >= 0, next != s, next != c.previous { c.next = next }
        // The nearby segments' leaves first, then the others, each skipped whole when its box is
        // already no closer than the smallest bound so far. (The minimum is exact in any order.)
        var excluded = tables.leafDistanceSquared(q, segment: s, excluding: lo, through: hi)
        if c.previous >= 0 && n + lo - 1 >= 0 {
            excluded = Swift.min(excluded, tables.leafDistanceSquared(q, segment: c.previous, excluding: n + lo, through: n - 1))
        }
        if c.next >= 0 && hi - n + 1 <= n - 1 {
            excluded = Swift.min(excluded, tables.leafDistanceSquared(q, segment: c.next, excluding: 0, through: hi - n))
        }
        for segment in 0..<tables.segmentCount where segment != s && segment != c.previous && segment != c.next {
            if tables.segmentBoxes[segment].distanceSquared(to: q) >= excluded { continue }
            excluded = Swift.min(excluded, tables.leafDistanceSquared(q, segment: segment, excluding: n, through: -1))
        }
        c.exclusion = excluded.squareRoot() - 1e-12 * (tables.magnitude + q.maxMagnitude)
        return c
    }

    /// The answer certified by `c` (see the type's documentation), or nil.
    @inline(__always)
    static func carriedAnswer(_ q: Point, _ tables: Tables, _ c: Certificate, hint: NearestPoint,
                              fromHint: Double, delta: Double) -> NearestPoint? {
        guard delta < c.exclusion else { return nil }
        let found = hint.segment == c.segment ? (fromHint.isNaN ? nil : fromHint)
            : newton(tables.power[c.segment], q, from: 0.5 * (c.a + c.b))
        guard let t = found, t > c.a, t < c.b else { return nil }
        let point = deCasteljau(tables.cubics[c.segment], t)
        let distance = (point - q).length
        guard distance + delta < c.exclusion, unimodal(q, tables, c) else { return nil }
        return NearestPoint(segment: c.segment, t: t, point: point, distance: distance,
                            method: .certifiedWarmStart, status: .exact)
    }

    /// A fresh certificate (δ = 0) for the minimum t that Newton's method reached on segment s, with
    /// the neighbourhood and exclusion bound of the current path: the carried certificate's
    /// tests at the evaluation that makes it. Nil when a test fails.
    @inline(__always)
    static func freshAnswer(_ q: Point, _ tables: Tables, segment s: Int, t: Double, reference: Int)
        -> (NearestPoint, Certificate)? {
        let c = certificate(q, segment: s, t: t, reference: reference, tables)
        guard t > c.a, t < c.b else { return nil }
        let point = deCasteljau(tables.cubics[s], t)
        let distance = (point - q).length
        guard distance < c.exclusion, unimodal(q, tables, c) else { return nil }
        return (NearestPoint(segment: s, t: t, point: point, distance: distance,
                             method: .certifiedWarmStart, status: .exact), c)
    }

    /// Tests 1 and 2 of the type's documentation: one sign change (− to +) of f on [a, b] of the
    /// certificate's segment, f ≤ 0 on the previous segment's piece and f ≥ 0 on the next one's,
    /// with the junctions exactly shared. The pieces' control points come precomputed from
    /// ``Leaves``; the quintic of a piece over [a, b] is (b − a) times f restricted to [a, b], so
    /// its coefficients have the same signs.
    @inline(__always)
    static func unimodal(_ q: Point, _ tables: Tables, _ c: Certificate) -> Bool {
        let n = leavesPerSegment
        let middle = quinticSigns(tables.window[c.segment * n + c.leaf], q)
        guard signVariations(middle) == 1, middle.signAfterStart < 0 else { return false }
        let lo = c.leaf - neighbourhood, hi = c.leaf + neighbourhood
        if c.previous >= 0 {
            guard tables.cubics[c.previous].p3 == tables.cubics[c.segment].p0,
                  quinticSigns(tables.tail[c.previous * neighbourhood + (lo + neighbourhood)], q).maximum <= 0 else { return false }
        }
        if c.next >= 0 {
            guard tables.cubics[c.segment].p3 == tables.cubics[c.next].p0,
                  quinticSigns(tables.head[c.next * neighbourhood + (hi - n)], q).minimum >= 0 else { return false }
        }
        return true
    }

    /// `BernsteinQuintic.signVariations`, here so that it is always inlined (the same count).
    @inline(__always)
    static func signVariations(_ f: BernsteinQuintic) -> Int {
        var count = 0
        var last = f.c0
        if f.c1 != 0 { if last != 0 && (last < 0) != (f.c1 < 0) { count += 1 }; last = f.c1 }
        if f.c2 != 0 { if last != 0 && (last < 0) != (f.c2 < 0) { count += 1 }; last = f.c2 }
        if f.c3 != 0 { if last != 0 && (last < 0) != (f.c3 < 0) { count += 1 }; last = f.c3 }
        if f.c4 != 0 { if last != 0 && (last < 0) != (f.c4 < 0) { count += 1 }; last = f.c4 }
        if f.c5 != 0 { if last != 0 && (last < 0) != (f.c5 < 0) { count += 1 } }
        return count
    }

    /// Queries whose Newton steps from their hints run interleaved.
    static let lanes = 4

    /// Up to ``lanes`` results of Newton's method (NaN: failed or not run).
    struct HintNewton {
        var t: (Double, Double, Double, Double) = (.nan, .nan, .nan, .nan)

        subscript(lane: Int) -> Double {
            switch lane {
            case 0: t.0
            case 1: t.1
            case 2: t.2
            default: t.3
            }
        }
    }

    /// One query's Newton iteration in flight (``newton(_:_:from:)``, step by step).
    struct NewtonLane {
        var b: PowerCubic
        var t: Double
        var dx: Double, dy: Double
        /// 0 running, 1 converged, 2 failed (or no query).
        var state: UInt8

        static let idle = NewtonLane(b: PowerCubic(a: .zero, b: .zero, c: .zero, d: .zero), t: .nan, dx: 0, dy: 0, state: 2)

        @inline(__always)
        init(b: PowerCubic, t: Double, dx: Double, dy: Double, state: UInt8) {
            (self.b, self.t, self.dx, self.dy, self.state) = (b, t, dx, dy, state)
        }

        @inline(__always)
        init(_ b: PowerCubic, _ q: Point, from t0: Double) {
            self.init(b: b, t: Swift.min(1, Swift.max(0, t0)), dx: b.d.x - q.x, dy: b.d.y - q.y, state: 0)
        }

        /// One step of ``newton(_:_:from:)``: ``PowerCubic/newtonStep(from:dx:dy:)``, the same
        /// arithmetic and the same exits.
        @inline(__always)
        mutating func step() {
            guard state == 0 else { return }
            guard let s = b.newtonStep(from: t, dx: dx, dy: dy) else { state = 2; return }
            t = s.t
            if s.converged { state = 1 }
        }

        /// The converged t, NaN otherwise.
        var result: Double { state == 1 ? t : .nan }
    }

    /// Newton's method from the starts of queries i ..< i + count (count ≤ 4), run side by side:
    /// four independent dependency chains (each step ends in a division) that the processor
    /// overlaps, where one query at a time would wait for each step's latency. Every lane does
    /// exactly the steps ``newton(_:_:from:)`` does alone.
    @inline(__always)
    static func newtonFromStarts(_ i: Int, _ count: Int, _ queries: [Point],
                                 _ starts: (NearestPoint, NearestPoint, NearestPoint, NearestPoint),
                                 _ tables: Tables) -> HintNewton {
        @inline(__always)
        func lane(_ j: Int, _ start: NearestPoint) -> NewtonLane {
            guard j < count else { return .idle }
            return NewtonLane(tables.power[start.segment], queries[i + j], from: start.t)
        }
        var l0 = lane(0, starts.0), l1 = lane(1, starts.1), l2 = lane(2, starts.2), l3 = lane(3, starts.3)
        for _ in 0..<12 {
            if l0.state != 0 && l1.state != 0 && l2.state != 0 && l3.state != 0 { break }
            l0.step(); l1.step(); l2.step(); l3.step()
        }
        return HintNewton(t: (l0.result, l1.result, l2.result, l3.result))
    }

    /// Newton's method on f(t) = (B(t) − q)·B′(t) from t₀ (clamped to [0, 1], at most 12 steps
    /// of ``PowerCubic/newtonStep(from:dx:dy:)``); nil when f′ ≤ 0 on the way or it does not
    /// converge.
    @inline(__always)
    static func newton(_ b: PowerCubic, _ q: Point, from t0: Double) -> Double? {
        var t = Swift.min(1, Swift.max(0, t0))
        let dx = b.d.x - q.x, dy = b.d.y - q.y
        for _ in 0..<12 {
            guard let s = b.newtonStep(from: t, dx: dx, dy: dy) else { return nil }
            t = s.t
            if s.converged { return t }
        }
        return nil
    }

    /// A cubic in power form, B(t) = ((a·t + b)·t + c)·t + d, for Newton's steps.
    struct PowerCubic {
        var a, b, c, d: Point

        init(a: Point, b: Point, c: Point, d: Point) {
            (self.a, self.b, self.c, self.d) = (a, b, c, d)
        }

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

        /// One Newton step on f(t) = (B(t) − q)·B′(t), f′(t) = |B′(t)|² + (B(t) − q)·B″(t), with
        /// (dx, dy) = d − q: nil when f′(t) ≤ 0; (t, converged) when f(t) = 0; otherwise the next
        /// t, t − f/f′ clamped to [0, 1], converged when it moved at most 1e-10. Newton converges
        /// quadratically: after a step s the error is about K·s² (K = f″/2f′, of order 1 in t for a
        /// curve not near its evolute), so a step of 1e-10 leaves an error far below an ulp of t.
        /// (Geometry's stopping rule, 4 ulp, costs one more step.)
        @inline(__always)
        func newtonStep(from t: Double, dx: Double, dy: Double) -> (t: Double, converged: Bool)? {
            let px = ((a.x * t + b.x) * t + c.x) * t + dx
            let py = ((a.y * t + b.y) * t + c.y) * t + dy
            let vx = (3 * a.x * t + 2 * b.x) * t + c.x
            let vy = (3 * a.y * t + 2 * b.y) * t + c.y
            let ax = 6 * a.x * t + 2 * b.x, ay = 6 * a.y * t + 2 * b.y
            let value = px * vx + py * vy
            if value == 0 { return (t, true) }
            let slope = vx * vx + vy * vy + px * ax + py * ay
            guard slope > 0 else { return nil }
            let next = Swift.min(1, Swift.max(0, t - value / slope))
            return (next, abs(next - t) <= 1e-10)
        }
    }

    /// f(t) = (B(t) − q)·B′(t)/3 of a cubic in Bernstein form, with the coefficients c₁…c₄
    /// multiplied by 5, 10, 10 and 5 (the numerators of `BernsteinQuintic.init(cubic:quadratic:)`,
    /// d = P − q and the differences of d as its cubic and quadratic): every coefficient keeps its sign
    /// (a positive factor; the quotient of a non-zero numerator by 5 or 10 is zero only below
    /// 1e-323, out of reach here), and so do the sign tests, without four divisions.
    @inline(__always)
    static func quinticSigns(_ c: CubicBezier, _ q: Point) -> BernsteinQuintic {
        let a0 = c.p0 - q, a1 = c.p1 - q, a2 = c.p2 - q, a3 = c.p3 - q
        let b0 = a1 - a0, b1 = a2 - a1, b2 = a3 - a2
        return BernsteinQuintic(a0.dot(b0),
                                2 * a0.dot(b1) + 3 * a1.dot(b0),
                                a0.dot(b2) + 6 * a1.dot(b1) + 3 * a2.dot(b0),
                                3 * a1.dot(b2) + 6 * a2.dot(b1) + a3.dot(b0),
                                3 * a2.dot(b2) + 2 * a3.dot(b1),
                                a3.dot(b2))
    }

    /// `Point.lerp(to:_:)` of Geometry, the same arithmetic, always inlined: b − a, then
    /// a + t(b − a) below ½ and b − (1 − t)(b − a) from ½ on, (1 − t)a + tb when b − a overflows.
    @inline(__always)
    static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
        let d = b - a
        guard d.isFinite else { return (1 - t) * a + t * b }
        return t < 0.5 ? a + t * d : b - (1 - t) * d
    }

    @inline(__always)
    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
        Point(lerp(a.x, b.x, t), lerp(a.y, b.y, t))
    }

    /// `CubicBezier.point(at:)` (de Casteljau), the same arithmetic, always inlined.
    @inline(__always)
    static func deCasteljau(_ k: CubicBezier, _ t: Double) -> Point {
        let a = lerp(k.p0, k.p1, t), b = lerp(k.p1, k.p2, t), c = lerp(k.p2, k.p3, t)
        let d = lerp(a, b, t), e = lerp(b, c, t)
        return lerp(d, e, t)
    }

    /// `CubicBezier.split(at:)`, the same arithmetic, always inlined.
    @inline(__always)
    static func split(_ k: CubicBezier, _ t: Double) -> (CubicBezier, CubicBezier) {
        let a = lerp(k.p0, k.p1, t), b = lerp(k.p1, k.p2, t), c = lerp(k.p2, k.p3, t)
        let d = lerp(a, b, t), e = lerp(b, c, t)
        let m = lerp(d, e, t)
        return (CubicBezier(k.p0, a, d, m), CubicBezier(m, e, c, k.p3))
    }

    /// Every segment cut into `leavesPerSegment` equal parameter intervals by halving (de
    /// Casteljau at ½, four times): the leaves' control-point boxes and centres, in tables rebuilt
    /// in place at every update (``Storage``, reused while the segment count allows).
    struct Leaves {
        var storage = Storage(capacity: 0)

        /// The tables of the last ``rebuild(_:)``.
        var tables: Tables { storage.tables }

        /// Fills the tables for `cubics`.
        mutating func rebuild(_ cubics: [CubicBezier]) {
            if storage.capacity < cubics.count { storage = Storage(capacity: Swift.max(cubics.count, 2 * storage.capacity)) }
            let t = storage.tables(segmentCount: cubics.count)
            let n = TrackedNearestPoints.leavesPerSegment
            let w = TrackedNearestPoints.neighbourhood
            var magnitude = 0.0
            for (s, c) in cubics.enumerated() {
                magnitude = Swift.max(magnitude, c.p0.maxMagnitude, c.p1.maxMagnitude, c.p2.maxMagnitude, c.p3.maxMagnitude)
                t.cubics[s] = c
                t.power[s] = PowerCubic(c)
                t.segmentBoxes[s] = Box(c)
                // Breadth-first halving, as [c] → [l, r] → … : leaf j is the j-th piece from the left.
                let pieces = t.scratch
                pieces[0] = c
                var count = 1
                while count < n {
                    for i in stride(from: count - 1, through: 0, by: -1) {
                        let (l, r) = TrackedNearestPoints.split(pieces[i], 0.5)
                        pieces[2 * i] = l
                        pieces[2 * i + 1] = r
                    }
                    count *= 2
                }
                for j in 0..<n {
                    let p = pieces[j], box = Box(p), centre = TrackedNearestPoints.deCasteljau(p, 0.5)
                    let index = s * n + j
                    t.minX[index] = box.minX
                    t.minY[index] = box.minY
                    t.maxX[index] = box.maxX
                    t.maxY[index] = box.maxY
                    t.centreX[index] = centre.x
                    t.centreY[index] = centre.y
                    let a = Double(Swift.max(0, j - w)) / Double(n), b = Double(Swift.min(n, j + w + 1)) / Double(n)
                    t.window[index] = Self.piece(c, a, b)
                }
                for (i, lo) in (-w ..< 0).enumerated() { t.tail[s * w + i] = Self.piece(c, Double(n + lo) / Double(n), 1) }
                for (i, hi) in (n ..< n + w).enumerated() { t.head[s * w + i] = Self.piece(c, 0, Double(hi + 1 - n) / Double(n)) }
            }
            storage.magnitude = magnitude
            storage.segmentCount = cubics.count
        }

        /// The cubic over [a, b] (two de Casteljau splits).
        @inline(__always)
        static func piece(_ c: CubicBezier, _ a: Double, _ b: Double) -> CubicBezier {
            if a <= 0 && b >= 1 { return c }
            if a <= 0 { return TrackedNearestPoints.split(c, b).0 }
            let right = TrackedNearestPoints.split(c, a).1
            return b >= 1 ? right : TrackedNearestPoints.split(right, (b - a) / (1 - a)).0
        }
    }

    /// The memory of the tables, allocated once for up to `capacity` segments.
    final class Storage {
        let capacity: Int
        var segmentCount = 0
        var magnitude = 0.0
        let cubics: UnsafeMutablePointer<CubicBezier>
        let power: UnsafeMutablePointer<PowerCubic>
        let segmentBoxes: UnsafeMutablePointer<Box>
        let previousOf: UnsafeMutablePointer<Int>
        let nextOf: UnsafeMutablePointer<Int>
        /// Leaf boxes and centres, `leavesPerSegment` per segment (a multiple of 4: whole vectors).
        let minX, minY, maxX, maxY, centreX, centreY: UnsafeMutablePointer<Double>
        let window: UnsafeMutablePointer<CubicBezier>
        let tail, head: UnsafeMutablePointer<CubicBezier>
        let scratch: UnsafeMutablePointer<CubicBezier>

        init(capacity: Int) {
            self.capacity = capacity
            let leaves = capacity * TrackedNearestPoints.leavesPerSegment
            let ends = capacity * TrackedNearestPoints.neighbourhood
            let zero = CubicBezier(.zero, .zero, .zero, .zero)
            func make<T>(_ count: Int, _ value: T) -> UnsafeMutablePointer<T> {
                let p = UnsafeMutablePointer<T>.allocate(capacity: Swift.max(1, count))
                p.initialize(repeating: value, count: Swift.max(1, count))
                return p
            }
            cubics = make(capacity, zero)
            power = make(capacity, PowerCubic(zero))
            segmentBoxes = make(capacity, Box(zero))
            previousOf = make(capacity, -1)
            nextOf = make(capacity, -1)
            minX = make(leaves, 0); minY = make(leaves, 0); maxX = make(leaves, 0); maxY = make(leaves, 0)
            centreX = make(leaves, 0); centreY = make(leaves, 0)
            window = make(leaves, zero)
            tail = make(ends, zero)
            head = make(ends, zero)
            scratch = make(TrackedNearestPoints.leavesPerSegment, zero)
        }

        deinit {
            for p in [minX, minY, maxX, maxY, centreX, centreY] { p.deallocate() }
            cubics.deallocate(); power.deallocate(); segmentBoxes.deallocate()
            previousOf.deallocate(); nextOf.deallocate()
            window.deallocate(); tail.deallocate(); head.deallocate(); scratch.deallocate()
        }

        var tables: Tables { tables(segmentCount: segmentCount) }

        func tables(segmentCount: Int) -> Tables {
            Tables(segmentCount: segmentCount, magnitude: magnitude, cubics: cubics, power: power,
                   segmentBoxes: segmentBoxes, previousOf: previousOf, nextOf: nextOf,
                   minX: minX, minY: minY, maxX: maxX, maxY: maxY, centreX: centreX, centreY: centreY,
                   window: window, tail: tail, head: head, scratch: scratch)
        }
    }

    /// Views of one update's tables (valid while its ``Storage`` lives and is not rebuilt; read
    /// only during the parallel part of an update).
    struct Tables: @unchecked Sendable {
        var segmentCount: Int
        var magnitude: Double
        var cubics: UnsafeMutablePointer<CubicBezier>
        var power: UnsafeMutablePointer<PowerCubic>
        /// Each segment's control-point box (containing its leaves' boxes).
        var segmentBoxes: UnsafeMutablePointer<Box>
        var previousOf: UnsafeMutablePointer<Int>
        var nextOf: UnsafeMutablePointer<Int>
        /// The leaves' control-point boxes, segment by segment.
        var minX, minY, maxX, maxY: UnsafeMutablePointer<Double>
        var centreX, centreY: UnsafeMutablePointer<Double>
        /// For each segment and leaf j, the segment over [max(0, j − 2), min(16, j + 3)]/16: the
        /// neighbourhood U of a foot in leaf j.
        var window: UnsafeMutablePointer<CubicBezier>
        /// For each segment, its pieces over [14/16, 1] and [15/16, 1] (U's part on the previous
        /// segment for j = 0, 1) and over [0, 1/16] and [0, 2/16] (on the next one for j = 14, 15).
        var tail: UnsafeMutablePointer<CubicBezier>
        var head: UnsafeMutablePointer<CubicBezier>
        var scratch: UnsafeMutablePointer<CubicBezier>

        /// min over the leaves j of `segment` outside [first, last] of the squared distance from
        /// q to the leaf's box (∞ when none): dx = max(minX − qx, qx − maxX, 0), the same value
        /// as the box test's branches, in a branch-free loop over the structure-of-arrays table.
        @inline(__always)
        func leafDistanceSquared(_ q: Point, segment: Int, excluding first: Int, through last: Int) -> Double {
            var smallest = Double.infinity
            let base = segment * TrackedNearestPoints.leavesPerSegment
            for j in 0..<TrackedNearestPoints.leavesPerSegment {
                let o = base + j
                let dx = Swift.max(Swift.max(minX[o] - q.x, q.x - maxX[o]), 0)
                let dy = Swift.max(Swift.max(minY[o] - q.y, q.y - maxY[o]), 0)
                let d2 = dx * dx + dy * dy
                let outside = j < first || j > last
                smallest = Swift.min(smallest, outside ? d2 : .infinity)
            }
            return smallest
        }

        /// The leaf centre nearest to q, as a hint (segment, t): the first of the smallest squared
        /// distances in leaf order, as a scan with `<` finds.
        func nearestCentre(to q: Point) -> NearestPoint {
            let count = segmentCount * TrackedNearestPoints.leavesPerSegment
            var best = 0, bestD = Double.infinity
            for i in 0..<count {
                let dx = centreX[i] - q.x, dy = centreY[i] - q.y
                let d = dx * dx + dy * dy
                if d < bestD { (best, bestD) = (i, d) }
            }
            let n = TrackedNearestPoints.leavesPerSegment
            return NearestPoint(segment: best / n, t: (Double(best % n) + 0.5) / Double(n),
                                point: Point(centreX[best], centreY[best]),
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
