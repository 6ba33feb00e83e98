import Geometry

/// The Hausdorff distance between two outlines, certified to a tolerance:
///
///     H(A, B) = max(h(A, B), h(B, A)),   h(A, B) = sup over a ∈ A of dist(a, B),
///
/// each directed part computed by Lipschitz branch and bound (Piyavskii's method), not sampling.
///
/// On a segment a(t) of A, f(t) = dist(a(t), B) is L-Lipschitz in t with L = d·max|Pⱼ₊₁ − Pⱼ| for a
/// Bézier of degree d (the hodograph's control points bound |a′|; a line's L is its length), since
/// dist(·, B) is 1-Lipschitz. So on an interval [t₀, t₁] with known f(t₀), f(t₁),
///
///     max f ≤ (f(t₀) + f(t₁) + L·(t₁ − t₀)) / 2.
///
/// That bound is poor where f is flat at its maximum (two outlines that coincide, or run parallel),
/// so a second one is used when the nearest points b(s₀), b(s₁) of both ends lie on the same
/// segment of B: with A the control points of a over [t₀, t₁] and B′ those of that segment over
/// [s₀, s₁] (both as cubics; de Casteljau form of the same parameter u ∈ [0, 1]), every a(t) has a
/// point β(u) = Σ bⱼ(u)·B′ⱼ of B with |a(t) − β(u)| ≤ Σ bⱼ(u)|Aⱼ − B′ⱼ|, so
///
///     max f ≤ maxⱼ |Aⱼ − B′ⱼ|,
///
/// which tends to max(f(t₀), f(t₁)) quadratically as the interval shrinks when the outlines are
/// parallel (identical outlines: 0). The smaller bound counts.
///
/// Two passes. First f is found at the ends of the starting intervals — 8 per curved segment, 1
/// per line; an end shared with the previous segment (a polygon's vertex) is queried once — and
/// the largest of them is the first `best`. Then only the intervals whose bound exceeds best +
/// `tolerance` go into a max-heap by bound (the others can never matter: best only grows); the
/// top one is halved (f at the midpoint from a certified nearest-point query on B, warm-started
/// from its neighbour's answer) until the top bound is within `tolerance` of the largest f found.
/// The result is that largest f — a distance actually attained, so H ≥ value — and the final top
/// bound, so H ≤ upperBound ≤ value + tolerance (unless the refinement's evaluation budget ran
/// out first: then upperBound says how far it got).
///
/// Cost: B is searched through a box hierarchy (``SegmentBoxTree``, O(log m) per query for an
/// outline of m segments in path order), so the first pass is O(n log m) for n segments of A and
/// the refinement adds the queries near the maximum (a few hundred to a few thousand, whatever n:
/// the intervals there shrink until both ends' nearest points share a segment of B, where the
/// second bound is quadratically tight). Memory O(n + m).
public enum HausdorffDistance {
    /// A directed or symmetric Hausdorff distance with its certified upper bound.
    public struct Result: Sendable, Equatable {
        /// A distance attained by some point: a lower bound on the true value.
        public var value: Double
        /// An upper bound on the true value.
        public var upperBound: Double
        /// Nearest-point queries made.
        public var evaluations: Int
    }

    /// Called with the fraction (0…1) of the first pass done, now and then (every 4096 queries)
    /// — the part of the work that grows with the outlines.
    public typealias Progress = (Double) -> Void

    /// H(A, B) (see the type's documentation); NaN when a coordinate is not finite or an outline
    /// draws nothing. `maxEvaluations` bounds each direction's refinement (after the first pass;
    /// nil: ``defaultRefinementBudget(_:_:)``).
    public static func between(_ a: Path, _ b: Path, tolerance: Double,
                               maxEvaluations: Int? = nil, progress: Progress? = nil) -> Result {
        let pa = PreparedPath(a), pb = PreparedPath(b)
        let sizes = Double(pa.count + pb.count)
        let ab = directed(from: pa, to: pb, tolerance: tolerance, maxEvaluations: maxEvaluations,
                          progress: progress.map { report in { report($0 * Double(pa.count) / sizes) } })
        let ba = directed(from: pb, to: pa, tolerance: tolerance, maxEvaluations: maxEvaluations,
                          progress: progress.map { report in { report((Double(pa.count) + $0 * Double(pb.count)) / sizes) } })
        return Result(value: Swift.max(ab.value, ba.value), upperBound: Swift.max(ab.upperBound, ba.upperBound),
                      evaluations: ab.evaluations + ba.evaluations)
    }

    /// The refinement's default budget of nearest-point queries for outlines of `a` and `b`
    /// segments: 2¹⁶, or 4 per segment when that is more — two outlines that nearly coincide
    /// are refined until the intervals are about as short as the target's segments.
    public static func defaultRefinementBudget(_ a: Int, _ b: Int) -> Int {
        Swift.max(1 << 16, 4 * (a + b))
    }

    /// h(A, B) = sup over a ∈ A of dist(a, B), to within `tolerance` > 0; `maxEvaluations` bounds
    /// the refinement after the first pass (nil: ``defaultRefinementBudget(_:_:)``).
    public static func directed(from a: PreparedPath, to b: PreparedPath, tolerance: Double,
                                maxEvaluations: Int? = nil, progress: Progress? = nil) -> Result {
        precondition(tolerance > 0, "HausdorffDistance: the tolerance must be positive")
        let nan = Result(value: .nan, upperBound: .nan, evaluations: 0)
        guard a.count > 0, b.count > 0 else { return nan }
        let tree = SegmentBoxTree(b)
        var evaluations = 0
        var best = 0.0
        var hint: NearestPoint?
        var failed = false
        func f(_ p: Point) -> (Double, NearestPoint?) {
            evaluations += 1
            let r = tree.nearestPoint(to: p, near: hint)
            guard let r, r.status != .nonFinite, r.distance.isFinite else { failed = true; return (.nan, nil) }
            hint = r
            return (r.distance, r)
        }
        let targetCubics = b.segments.map({ $0.asCubic })
        var heap = IntervalHeap()
        var dropped = 0.0  // the largest bound of an interval left out of the heap
        func bound(_ curve: CubicBezier, _ lipschitz: Double, _ t0: Double, _ t1: Double,
                   _ f0: Double, _ f1: Double, _ h0: NearestPoint, _ h1: NearestPoint) -> Double {
            var bound = (f0 + f1 + lipschitz * (t1 - t0)) / 2
            if h0.segment == h1.segment {
                let p = curve.subsegment(from: t0, to: t1)
                let q = targetCubics[h0.segment].subsegment(from: h0.t, to: h1.t)
                let close = Swift.max(p.p0.distance(to: q.p0), p.p1.distance(to: q.p1),
                                      p.p2.distance(to: q.p2), p.p3.distance(to: q.p3))
                // Rounding of the two pieces' control points, relative to their size.
                let slack = 1e-13 * (p.p0.maxMagnitude + p.p3.maxMagnitude + 1e-300)
                if close + slack < bound { bound = close + slack }
            }
            return Swift.max(bound, f0, f1)
        }
        func push(_ segment: Int, _ curve: CubicBezier, _ lipschitz: Double, _ t0: Double, _ t1: Double,
                  _ f0: Double, _ f1: Double, _ h0: NearestPoint, _ h1: NearestPoint) {
            let b = bound(curve, lipschitz, t0, t1, f0, f1, h0, h1)
            guard b > best + tolerance else {
                // best only grows: this interval can never matter, only its bound does.
                dropped = Swift.max(dropped, b)
                return
            }
            heap.push(Interval(bound: b, segment: segment, lipschitz: lipschitz,
                               t0: t0, t1: t1, f0: f0, f1: f1, foot0: h0, foot1: h1))
        }

        // First pass: f at the ends of every starting interval.
        func pieces(_ segment: PathSegment) -> Int {
            if case .line = segment { return 1 }
            return 8
        }
        var values: [Double] = []
        var feet: [NearestPoint] = []
        var firstVertex: [Int] = []  // per segment, the index of its t = 0 vertex
        values.reserveCapacity(a.count + 1)
        feet.reserveCapacity(a.count + 1)
        firstVertex.reserveCapacity(a.count)
        var previousEnd: Point?
        for segment in a.segments {
            let start = segment.point(at: 0)
            let shared = previousEnd == start
            firstVertex.append(shared ? values.count - 1 : values.count)
            let n = pieces(segment)
            for k in (shared ? 1 : 0)...n {
                let (value, foot) = f(segment.point(at: Double(k) / Double(n)))
                if failed { return nan }
                // Audit: f returns a nil foot only after setting `failed`, checked just above.
                values.append(value)
                feet.append(foot!)
                best = Swift.max(best, value)
                if let progress, evaluations % 4096 == 0 {
                    progress(Double(firstVertex.count) / Double(a.count))
                }
            }
            previousEnd = segment.point(at: 1)
        }
        for (s, segment) in a.segments.enumerated() {
            let lipschitz = Self.lipschitz(segment)
            let curve = segment.asCubic
            let n = pieces(segment)
            let v = firstVertex[s]
            for k in 0..<n {
                push(s, curve, lipschitz, Double(k) / Double(n), Double(k + 1) / Double(n),
                     values[v + k], values[v + k + 1], feet[v + k], feet[v + k + 1])
            }
        }
        values = []
        feet = []
        progress?(1)

        let budget = evaluations + (maxEvaluations ?? Self.defaultRefinementBudget(a.count, b.count))
        while let top = heap.top, top.bound > best + tolerance, evaluations < budget {
            heap.pop()
            let mid = 0.5 * (top.t0 + top.t1)
            guard mid > top.t0 && mid < top.t1 else { continue }  // rounding: nothing left to split
            hint = top.foot0
            let segment = a.segments[top.segment]
            let (fm, hm) = f(segment.point(at: mid))
            if failed { return nan }
            best = Swift.max(best, fm)
            let curve = segment.asCubic
            // Audit: a nil foot comes with `failed`, checked just above.
            push(top.segment, curve, top.lipschitz, top.t0, mid, top.f0, fm, top.foot0, hm!)
            push(top.segment, curve, top.lipschitz, mid, top.t1, fm, top.f1, hm!, top.foot1)
        }
        // The bound over every interval: those in the heap (the top's is the largest) and those
        // left out (each within best + tolerance when it was left out).
        let upper = Swift.max(best, dropped, heap.top?.bound ?? best)
        return Result(value: best, upperBound: upper, evaluations: evaluations)
    }

    /// A Lipschitz constant of the segment's point in its parameter: d·max|Pⱼ₊₁ − Pⱼ|.
    static func lipschitz(_ s: PathSegment) -> Double {
        switch s {
        case .line(let l): return l.p0.distance(to: l.p1)
        case .quadratic(let q): return 2 * Swift.max(q.p0.distance(to: q.p1), q.p1.distance(to: q.p2))
        case .cubic(let c):
            return 3 * Swift.max(c.p0.distance(to: c.p1), c.p1.distance(to: c.p2), c.p2.distance(to: c.p3))
        }
    }

    struct Interval {
        var bound: Double
        var segment: Int
        var lipschitz: Double
        var t0, t1, f0, f1: Double
        /// The nearest points of a(t₀) and a(t₁) on B.
        var foot0, foot1: NearestPoint
    }

    /// A binary max-heap of intervals by bound.
    struct IntervalHeap {
        var items: [Interval] = []
        var top: Interval? { items.first }

        mutating func push(_ x: Interval) {
            items.append(x)
            var i = items.count - 1
            while i > 0 {
                let parent = (i - 1) / 2
                guard items[parent].bound < items[i].bound else { break }
                items.swapAt(parent, i)
                i = parent
            }
        }

        mutating func pop() {
            let last = items.removeLast()
            guard !items.isEmpty else { return }
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l].bound > items[m].bound { m = l }
                if r < items.count && items[r].bound > items[m].bound { m = r }
                if m == i { break }
                items.swapAt(i, m)
                i = m
            }
        }
    }
}
