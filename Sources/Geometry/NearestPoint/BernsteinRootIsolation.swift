/// Real-root isolation of a `BernsteinQuintic` on [0, 1] by Bernstein subdivision (the
/// variation-diminishing method of Lane & Riesenfeld, "Bounds on a polynomial", BIT 21 (1981);
/// Mourrain & Pavone, "Subdivision methods for solving polynomial equations", JSC 44 (2009)).
///
/// Algorithm, on an interval [a, b] holding the coefficients of f restricted to it:
/// - V = 0 sign changes: no root in (a, b) — discard.
/// - V = 1: exactly one simple root in (a, b) — refine it by Newton's method safeguarded by
///   bisection on the bracket (the signs just inside a and b differ), to full precision.
/// - V ≥ 2: split at the midpoint (de Casteljau at ½), report the midpoint as a candidate (it may
///   itself be a root), and recurse on both halves.
/// - At `maxDepth` (interval width 2^−maxDepth) the interval's midpoint is reported as an
///   unresolved candidate: a multiple root or a cluster of roots closer than the width.
///
/// Completeness: every root of f in [0, 1] is either an end point (reported), a split point
/// (reported), the root of a V = 1 interval (reported, refined) or inside a depth-capped interval
/// (within half its width of the reported midpoint): no V = 0 interval can hold one. The work is
/// bounded: in exact arithmetic the sign changes of the halves add up to at most those of the
/// parent, so at most 5 intervals are alive per level; `maxSplits` caps the total anyway, and
/// every interval left when it is reached is reported by its midpoint (status `.splitLimited`).
///
/// Rounding: the coefficients carry absolute errors of a few ε·max|cₖ|; near a root cluster
/// that small, V can be over-counted (more splitting, ending in unresolved candidates) or
/// under-counted, in which case |f| < a few ε·max|cₖ| over the missed stretch — the caller's
/// objective then varies by no more than that there.
public struct BernsteinRootIsolation: Sendable {
    /// What a reported parameter is.
    public enum Kind: Sendable, Equatable {
        /// 0 or 1.
        case endPoint
        /// The single root of a one-sign-change interval, refined to full precision.
        case root
        /// A midpoint where the interval was split (a root only by coincidence).
        case splitPoint
        /// The midpoint of an interval that reached the depth or split limit with more than one
        /// sign change: a multiple root or a cluster of roots may lie within half its width.
        case unresolved
    }

    /// How the isolation ended.
    public enum Status: Sendable, Equatable {
        /// Every interval was resolved to 0 or 1 sign changes.
        case isolated
        /// Some interval reached `maxDepth` (a multiple root or a tight cluster).
        case depthLimited
        /// The split budget ran out; the remaining intervals were reported by their midpoints.
        case splitLimited
    }

    public var maxDepth: Int
    public var maxSplits: Int
    /// Newton/bisection iterations per root before the bracket midpoint is taken.
    public var maxRefinementSteps: Int
    /// Report only the roots where f rises through zero (from − to +), leaving out the one-sign-
    /// change intervals where it falls: for f = D′/2 those roots are D's local maxima, and D's
    /// smallest value over such an interval is at one of its ends, which are reported anyway
    /// (each end is 0, 1 or a split point). A minimum search then refines only minima.
    public var risingRootsOnly: Bool

    public init(maxDepth: Int = 48, maxSplits: Int = 2048, maxRefinementSteps: Int = 64,
                risingRootsOnly: Bool = false) {
        precondition(maxDepth >= 0 && maxSplits >= 0 && maxRefinementSteps > 0,
                     "BernsteinRootIsolation: limits must be non-negative")
        self.maxDepth = maxDepth
        self.maxSplits = maxSplits
        self.maxRefinementSteps = maxRefinementSteps
        self.risingRootsOnly = risingRootsOnly
    }

    /// Calls `visit(t, kind)` for the end points, every refined root, every split point and every
    /// unresolved midpoint in [0, 1], and returns how the isolation ended. The calls come in no
    /// particular order. A polynomial with all coefficients zero reports only its end points.
    @inlinable
    public func forEachCandidate(of f: BernsteinQuintic,
                                 _ visit: (Double, Kind) -> Void) -> Status {
        visit(0, .endPoint)
        visit(1, .endPoint)
        var state = State()
        isolate(f, 0, 1, 0, &state, visit)
        return state.splitLimited ? .splitLimited : state.depthLimited ? .depthLimited : .isolated
    }

    /// The roots and candidates as an array sorted by t (for tests and small tools).
    public func candidates(of f: BernsteinQuintic) -> (points: [(t: Double, kind: Kind)], status: Status) {
        var out: [(t: Double, kind: Kind)] = []
        let status = forEachCandidate(of: f) { out.append(($0, $1)) }
        out.sort { $0.t < $1.t }
        return (out, status)
    }

    /// The refined simple roots in (0, 1) plus any end point where f is exactly zero, ascending.
    public func roots(of f: BernsteinQuintic) -> [Double] {
        var out: [Double] = []
        if f.c0 == 0 { out.append(0) }
        if f.c5 == 0 { out.append(1) }
        _ = forEachCandidate(of: f) { t, kind in
            if kind == .root || kind == .unresolved { out.append(t) }
        }
        return out.sorted()
    }

    @usableFromInline
    struct State {
        @usableFromInline var splits = 0
        @usableFromInline var depthLimited = false
        @usableFromInline var splitLimited = false
        @usableFromInline init() {}
    }

    @usableFromInline
    func isolate(_ f: BernsteinQuintic, _ a: Double, _ b: Double, _ depth: Int,
                 _ state: inout State, _ visit: (Double, Kind) -> Void) {
        let v = f.signVariations
        if v == 0 { return }
        if v == 1 {
            if risingRootsOnly && f.signAfterStart > 0 { return }
            let u = BernsteinRootIsolation.refineSingleRoot(f, maxSteps: maxRefinementSteps)
            visit(a + u * (b - a), .root)
            return
        }
        let m = 0.5 * (a + b)
        if depth >= maxDepth || m <= a || m >= b {
            state.depthLimited = true
            visit(m, .unresolved)
            return
        }
        if state.splits >= maxSplits {
            state.splitLimited = true
            visit(m, .unresolved)
            return
        }
        state.splits += 1
        visit(m, .splitPoint)
        let (left, right) = f.halves()
        isolate(left, a, m, depth + 1, &state, visit)
        isolate(right, m, b, depth + 1, &state, visit)
    }

    /// The root in (0, 1) of a quintic with exactly one sign change: Newton's method from the
    /// control polygon's zero crossing, every step kept inside the current bracket (else
    /// bisection), until the bracket or the step is below 2ε or f = 0.
    @usableFromInline
    static func refineSingleRoot(_ f: BernsteinQuintic, maxSteps: Int) -> Double {
        let startSign = f.signAfterStart
        // The control polygon's crossing: the first pair of consecutive non-zero coefficients of
        // opposite sign, interpolated linearly (a good start; the polygon converges to the graph).
        let cs = (f.c0, f.c1, f.c2, f.c3, f.c4, f.c5)
        var u = 0.5
        withUnsafeBytes(of: cs) { raw in
            let c = raw.bindMemory(to: Double.self)
            var lastIndex = -1
            for k in 0..<6 where c[k] != 0 {
                if lastIndex >= 0 && (c[k] > 0) != (c[lastIndex] > 0) {
                    let x0 = Double(lastIndex) / 5, x1 = Double(k) / 5
                    u = x0 + (x1 - x0) * c[lastIndex] / (c[lastIndex] - c[k])
                    break
                }
                lastIndex = k
            }
        }
        var lo = 0.0, hi = 1.0
        if !(u > lo && u < hi) { u = 0.5 }
        for _ in 0..<maxSteps {
            let (value, slope) = f.valueAndDerivative(at: u)
            if value == 0 { return u }
            if (value > 0) == (startSign > 0) { lo = u } else { hi = u }
            // Newton's step, kept when it stays in the closed bracket (a root within rounding of
            // a bracket end is a legitimate landing point), else bisection.
            var next = u - value / slope
            if !(next >= lo && next <= hi) { next = 0.5 * (lo + hi) }
            // Newton converges quadratically at a simple root: a step below 1e-9 leaves an error
            // of order (f″/2f′)·step² — at the rounding level — so the step is the last one.
            if abs(next - u) <= 1e-9 && next != 0.5 * (lo + hi) { return next }
            if hi - lo <= 2 * Double.ulpOfOne { return 0.5 * (lo + hi) }
            u = next
        }
        return u
    }
}
