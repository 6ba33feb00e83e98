import Geometry

extension PathMorph {
    /// Rewrites two paths so that they can be morphed (with its default checks,
    /// ``compatibility(_:_:checkingOrientation:checkingSegmentTurning:)`` returns nil for the
    /// result) while drawing the same shapes. Per pair of subpaths:
    ///
    /// 1. every segment becomes a cubic (lines with handles at the thirds, quadratics by exact
    ///    degree elevation), a closed subpath's closing line, when it has length, becomes an
    ///    explicit cubic, and a subpath with no segments becomes one zero-length cubic at its
    ///    start (so a shape can grow from a point);
    /// 2. the path with fewer segments gets one of its segments split at its arc-length midpoint
    ///    (to `accuracy`), again and again, until both counts are equal. Each time, the segment
    ///    chosen is the one whose split gives the smallest correspondence distance (step 3) to
    ///    the other path, ties going to the longest segment, then the first. (Splitting simply the
    ///    longest segment ignores where the other path has its extra anchors: a four-arc circle
    ///    against an outline with a flat bottom got its extra anchor at the top, and the morph
    ///    lost 7 % of its area half-way.)
    /// 3. the second path's subpath is re-started and re-oriented to minimise the correspondence
    ///    distance Σᵢ|aᵢ − bᵢ|² between corresponding anchors (segment start points), the first
    ///    path keeping its start and direction. A closed subpath tries every start anchor, in the
    ///    first path's direction when both have non-zero area (reversed if they ran opposite
    ///    ways), in both directions otherwise; an open subpath keeps its ends and may only be
    ///    reversed. Ties keep the earlier candidate (no reversal, smaller rotation).
    ///
    /// Cost: with n segments and k splits, O(k·n) arc-length midpoints and O(k·n³)
    /// correspondence evaluations — meant for outlines of tens of segments, not thousands.
    ///
    /// The results are `M C … C Z` per closed subpath (`M C … C` per open one), the same
    /// verbs in both.
    ///
    /// - Throws: ``MorphIncompatibility/subpathCount(first:second:element:)`` or
    ///   ``MorphIncompatibility/closure(subpath:element:firstClosed:)``, which no rewriting
    ///   can repair.
    public static func align(_ a: Path, _ b: Path, accuracy: Double = 1e-9)
        throws(MorphIncompatibility) -> (Path, Path)
    {
        let sa = a.subpaths, sb = b.subpaths
        if sa.count != sb.count {
            let divergence = firstDivergence(a.verbs, b.verbs)
            throw .subpathCount(first: sa.count, second: sb.count, element: divergence)
        }
        let moves = a.verbs.indices.filter { a.verbs[$0] == .move }
        var outA = Path(), outB = Path()
        for (i, (pa, pb)) in zip(sa, sb).enumerated() {
            if pa.closed != pb.closed {
                throw .closure(subpath: i, element: moves[i], firstClosed: pa.closed)
            }
            var ca = cubics(of: pa), cb = cubics(of: pb)
            while ca.count < cb.count { splitBest(&ca, against: cb, closed: pa.closed, accuracy: accuracy) }
            while cb.count < ca.count { splitBest(&cb, against: ca, closed: pa.closed, accuracy: accuracy) }
            let matched = correspondence(ca, cb, closed: pa.closed).chain
            append(ca, closed: pa.closed, to: &outA)
            append(matched, closed: pa.closed, to: &outB)
        }
        return (outA, outB)
    }

    /// The subpath as cubics (step 1 of ``align(_:_:accuracy:)``).
    static func cubics(of sub: Path.Subpath) -> [CubicBezier] {
        var out = sub.segments.map({ $0.asCubic })
        if sub.closed, let end = out.last?.p3, end != sub.start {
            out.append(PathSegment.line(LineSegment(end, sub.start)).asCubic)
        }
        if out.isEmpty { out = [CubicBezier(sub.start, sub.start, sub.start, sub.start)] }
        return out
    }

    /// Splits the segment of `chain` whose arc-length midpoint split best matches `other`
    /// (step 2 of ``align(_:_:accuracy:)``).
    static func splitBest(_ chain: inout [CubicBezier], against other: [CubicBezier], closed: Bool, accuracy: Double) {
        let meter = AdaptiveArcLength(accuracy: accuracy)
        var best: (cost: Double, length: Double, index: Int, halves: (CubicBezier, CubicBezier))?
        for (i, c) in chain.enumerated() {
            let length = meter.length(of: c).length
            let halves = splitAtArcLengthMidpoint(c, length: length, accuracy: accuracy)
            var trial = chain
            trial.replaceSubrange(i...i, with: [halves.0, halves.1])
            let cost = correspondence(trial, other, closed: closed).cost
            if let b = best, !(cost < b.cost || (cost == b.cost && length > b.length)) { continue }
            best = (cost, length, i, halves)
        }
        // Audit: `cubics(of:)` never returns an empty chain, and the first candidate is always
        // taken (best is nil), so best is set.
        let b = best!
        chain.replaceSubrange(b.index...b.index, with: [b.halves.0, b.halves.1])
    }

    /// Splits `c` (of arc length `length`) at the parameter t where the arc length from 0 is
    /// half the total: Newton's method on s(t) − L/2 with s′(t) = |B′(t)|, safeguarded by
    /// bisection on [0, 1], to `accuracy` in length. A curve of zero length splits at t = ½.
    static func splitAtArcLengthMidpoint(_ c: CubicBezier, length: Double, accuracy: Double) -> (CubicBezier, CubicBezier) {
        guard length > 0 else { return c.split(at: 0.5) }
        let meter = AdaptiveArcLength(accuracy: accuracy / 4)
        let half = 0.5 * length
        var lo = 0.0, hi = 1.0, t = 0.5
        for _ in 0..<60 {
            let f = meter.length(of: c.subsegment(from: 0, to: t)).length - half
            if abs(f) <= accuracy { break }
            if f < 0 { lo = t } else { hi = t }
            let speed = c.derivative(at: t).length
            var next = t - f / speed
            if !(speed > 0) || !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if abs(next - t) < 1e-15 { t = next; break }
            t = next
        }
        return c.split(at: t)
    }

    /// Σᵢ|aᵢ − bᵢ|² over corresponding segment start points.
    static func correspondenceCost(_ a: [CubicBezier], _ b: [CubicBezier]) -> Double {
        zip(a, b).reduce(0) { $0 + ($1.0.p0 - $1.1.p0).lengthSquared }
    }

    /// A closed chain traversed the other way from the same start point.
    static func reversedChain(_ c: [CubicBezier]) -> [CubicBezier] { c.reversed().map({ $0.reversed }) }

    /// The re-started and re-oriented `b` that best matches `a`, and its correspondence cost
    /// (step 3 of ``align(_:_:accuracy:)``).
    static func correspondence(_ a: [CubicBezier], _ b: [CubicBezier], closed: Bool) -> (chain: [CubicBezier], cost: Double) {
        closed ? bestClosedCorrespondence(a, b) : bestOpenCorrespondence(a, b)
    }

    /// The start anchor and direction of closed chain `b` that best matches `a`.
    static func bestClosedCorrespondence(_ a: [CubicBezier], _ b: [CubicBezier]) -> (chain: [CubicBezier], cost: Double) {
        let areaA = SignedArea.of(a), areaB = SignedArea.of(b)
        var directions: [[CubicBezier]]
        if areaA != 0 && areaB != 0 {
            directions = [(areaA > 0) == (areaB > 0) ? b : reversedChain(b)]
        } else {
            directions = [b, reversedChain(b)]
        }
        var best = directions[0], bestCost = Double.infinity
        let n = b.count
        for chain in directions {
            for s in 0..<n {
                let rotated = Array(chain[s...] + chain[..<s])
                let cost = correspondenceCost(a, rotated)
                if cost < bestCost { (best, bestCost) = (rotated, cost) }
            }
        }
        return (best, bestCost)
    }

    /// `b` or `b` reversed, whichever lies nearer `a` (including the end points).
    static func bestOpenCorrespondence(_ a: [CubicBezier], _ b: [CubicBezier]) -> (chain: [CubicBezier], cost: Double) {
        let reversed = reversedChain(b)
        func cost(_ c: [CubicBezier]) -> Double {
            // Audit: chains come from `cubics(of:)`, never empty.
            correspondenceCost(a, c) + (a.last!.p3 - c.last!.p3).lengthSquared
        }
        let (forward, backward) = (cost(b), cost(reversed))
        return backward < forward ? (reversed, backward) : (b, forward)
    }

    static func append(_ cubics: [CubicBezier], closed: Bool, to path: inout Path) {
        guard let first = cubics.first else { return }
        path.move(to: first.p0)
        for c in cubics { path.cubic(to: c.p3, control1: c.p1, control2: c.p2) }
        if closed { path.close() }
    }
}
