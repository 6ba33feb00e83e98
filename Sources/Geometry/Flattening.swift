import Foundation

/// A curve flattened to a polyline: the parameters tₖ (t₀ = 0 < t₁ < … < tₙ = 1) and the
/// vertices B(tₖ), which lie on the curve (the ends exactly).
public struct FlattenedCurve: Sendable, Equatable {
    /// Whether the tolerance is guaranteed.
    public enum Status: Int, Sendable, Equatable, Comparable {
        /// Every piece B([tₖ, tₖ₊₁]) is within the tolerance of its chord [B(tₖ), B(tₖ₊₁)],
        /// proven (see `Flattening`).
        case guaranteed
        /// The tolerance is within the floating-point rounding of the coordinates
        /// (tolerance < 1024·ε·s, s the power of two at or below max|Pᵢ|): the polyline is built
        /// against half the tolerance, but rounding may exceed it.
        case roundingLimited
        /// More than `maxSegments` segments would be needed: `maxSegments` uniform steps instead,
        /// with `deviationBound` as the bound they do guarantee.
        case segmentLimited
        /// A coordinate is NaN or infinite: the polyline is the chord.
        case nonFinite

        public static func < (a: Status, b: Status) -> Bool { a.rawValue < b.rawValue }
    }

    public var parameters: [Double]
    public var points: [Point]
    public var status: Status
    /// A proven upper bound on the distance from any point of the curve to its piece's chord
    /// (the largest per-piece bound; ≤ the tolerance when `guaranteed`; NaN for `.nonFinite`).
    public var deviationBound: Double

    /// Number of line segments, points.count − 1.
    public var segmentCount: Int { points.count - 1 }
}

/// Flattening of Bézier curves to polylines whose distance to the curve is guaranteed to be at
/// most `tolerance` (in the curve's units), both ways: every curve point is within tolerance of
/// the polyline and every polyline point within tolerance of the curve.
///
/// The polyline interpolates the curve: its vertices are B(tₖ). What is guaranteed, per piece, is
/// δₖ = max_{t ∈ [tₖ, tₖ₊₁]} dist(B(t), [B(tₖ), B(tₖ₊₁)]) ≤ tolerance. That bounds the one-sided
/// distance from the curve; and since the projection of the piece onto its chord's line runs
/// continuously from one end of the chord to the other, every chord point X is the projection of
/// some curve point at distance ≤ δₖ from X — so the Hausdorff distance is bounded too.
///
/// Methods:
/// - `.uniformWang` — the safe baseline: n = ⌈√(0.75·M/tol)⌉ uniform parameter steps
///   (`WangBound`).
/// - `.adaptive` (default) — greedy: from tₖ take the longest step s found such that the exact
///   chord bound of the piece (`ChordDeviation.bound` of `subsegment(from: tₖ, to: tₖ + s)`) is
///   ≤ the tolerance; the step is predicted from the previous one by the model δ ∝ s^k
///   (k = 2 for a convex piece, where δ ≈ κ·(|B′|s)²/8; k re-estimated from the last two trials,
///   1 ≤ k ≤ 4), and accepted once δ ∈ [0.96, 1]·tol or the search bracket is within 0.1 %.
///   Every accepted piece is checked by the proven bound, so the guarantee holds whatever the
///   prediction does. This needs about ∫√(κ/(8·tol)) ds segments — the count Levien's
///   "Flattening quadratic Béziers" (2019) approaches in closed form and kurbo uses — and each
///   piece is exactly, not approximately, within tolerance. Should it ever need more segments
///   than Wang's uniform count (or find no admissible step, which only rounding could cause),
///   the uniform subdivision is returned instead: the result is never worse than the baseline.
///
/// Rounding: the work is done on the curve scaled by the power of two s at or below max|Pᵢ|
/// (exact) to magnitude [1, 2); the bound, the piece's control points and the vertices B(tₖ) are
/// each within a few tens of ε·s of exact, so every piece is built against tolerance − 512·ε·s
/// (status `.roundingLimited` when that is less than half the tolerance, and the pieces are then
/// built against half of it).
///
/// Termination: at most 48 trials per step, at most `maxSegments` steps; lines are one segment,
/// quadratics are flattened as their exact cubic elevation; a degenerate curve (all points equal)
/// gives one zero-length segment.
public struct Flattening: Sendable {
    public enum Method: Sendable, Equatable {
        /// Greedy steps certified by the exact chord bound (default).
        case adaptive
        /// Wang's uniform count, the baseline.
        case uniformWang
    }

    public var tolerance: Double
    public var method: Method
    /// The most segments one curve may get (default 2²⁰).
    public var maxSegments: Int

    public init(tolerance: Double, method: Method = .adaptive, maxSegments: Int = 1 << 20) {
        precondition(tolerance > 0 && tolerance.isFinite, "Flattening: tolerance must be positive and finite")
        precondition(maxSegments >= 1, "Flattening: maxSegments must be at least 1")
        self.tolerance = tolerance
        self.method = method
        self.maxSegments = maxSegments
    }

    /// The flattened segment: a line is itself; a quadratic is flattened as its elevated cubic.
    public func flatten(_ segment: PathSegment) -> FlattenedCurve {
        switch segment {
        case .line(let s):
            let finite = s.p0.isFinite && s.p1.isFinite
            return FlattenedCurve(parameters: [0, 1], points: [s.p0, s.p1],
                                  status: finite ? .guaranteed : .nonFinite,
                                  deviationBound: finite ? 0 : .nan)
        case .quadratic(let s):
            var r = flatten(s.elevated)
            r.points = r.parameters.map { s.point(at: $0) }
            return r
        case .cubic(let s):
            return flatten(s)
        }
    }

    /// The flattened cubic; see the type's documentation.
    public func flatten(_ curve: CubicBezier) -> FlattenedCurve {
        guard curve.p0.isFinite, curve.p1.isFinite, curve.p2.isFinite, curve.p3.isFinite else {
            return FlattenedCurve(parameters: [0, 1], points: [curve.p0, curve.p3],
                                  status: .nonFinite, deviationBound: .nan)
        }
        let scale = WangBound.powerOfTwoScale(curve.magnitude)
        let scaled = CubicBezier(curve.p0 / scale, curve.p1 / scale, curve.p2 / scale, curve.p3 / scale)
        var tol = tolerance / scale
        var status = FlattenedCurve.Status.guaranteed
        let slack = 512 * Double.ulpOfOne  // in units of s
        if tol - slack < 0.5 * tol {
            status = .roundingLimited
            tol *= 0.5
        } else {
            tol -= slack
        }
        let wang = WangBound.requiredSegments(for: scaled, tolerance: tol)
        if !(wang <= Double(maxSegments)) {
            return uniform(curve, scaled, segments: maxSegments, status: .segmentLimited)
        }
        let wangCount = Swift.max(1, Int(wang.rounded(.up)))
        if method == .uniformWang {
            return uniform(curve, scaled, segments: wangCount, status: status)
        }
        guard let (parameters, bound) = greedy(scaled, tolerance: tol, limit: wangCount) else {
            return uniform(curve, scaled, segments: wangCount, status: status)
        }
        return FlattenedCurve(parameters: parameters, points: parameters.map { curve.point(at: $0) },
                              status: status, deviationBound: bound * scale)
    }

    /// n uniform steps, with the exact per-piece bound reported.
    func uniform(_ curve: CubicBezier, _ scaled: CubicBezier, segments n: Int,
                 status: FlattenedCurve.Status) -> FlattenedCurve {
        var parameters = (0...n).map { Double($0) / Double(n) }
        parameters[n] = 1
        var bound = 0.0
        if status != .segmentLimited {
            for k in 0..<n {
                bound = Swift.max(bound, ChordDeviation.bound(scaled.subsegment(from: parameters[k], to: parameters[k + 1])))
            }
        } else {
            bound = WangBound.deviationBound(for: scaled, segments: n)
        }
        return FlattenedCurve(parameters: parameters, points: parameters.map { curve.point(at: $0) },
                              status: status, deviationBound: bound * WangBound.powerOfTwoScale(curve.magnitude))
    }

    /// The greedy parameters and the largest accepted piece bound, or nil when more than `limit`
    /// segments would be needed.
    func greedy(_ c: CubicBezier, tolerance tol: Double, limit: Int) -> ([Double], Double)? {
        var parameters: [Double] = [0]
        parameters.reserveCapacity(Swift.min(limit, 4096) + 1)
        var worst = 0.0
        var t = 0.0
        var step = 1.5 / Double(limit)
        while t < 1 {
            guard parameters.count <= limit else { return nil }
            let remaining = 1 - t
            var lo = 0.0, loError = 0.0       // the longest step known to be within tolerance
            var hi = Double.infinity          // the shortest step known not to be
            var s = Swift.min(step, remaining)
            var previous: (s: Double, e: Double)? = nil
            for _ in 0..<48 {
                let e = ChordDeviation.bound(c.subsegment(from: t, to: s == remaining ? 1 : t + s))
                if e <= tol {
                    if s > lo { (lo, loError) = (s, e) }
                    if s == remaining || e >= 0.96 * tol { break }
                } else {
                    hi = Swift.min(hi, s)
                }
                if hi.isFinite && hi - lo <= 1e-3 * hi { break }
                // Predict the step where δ = 0.98·tol from δ ∝ s^k.
                var k = 2.0
                if let p = previous, p.e > 0, e > 0, p.s != s {
                    let estimate = log(e / p.e) / log(s / p.s)
                    if estimate.isFinite { k = Swift.min(4, Swift.max(1, estimate)) }
                }
                previous = (s, e)
                var next = e > 0 ? s * pow(0.98 * tol / e, 1 / k) : 4 * s
                if !(next > lo && next < hi) {
                    next = hi.isFinite ? 0.5 * (lo + hi) : 2 * Swift.max(lo, s)
                }
                s = Swift.min(next, remaining)
                if s <= lo { break }
            }
            if lo == 0 {
                // No feasible step found (only possible within rounding of the tolerance): take
                // the shortest trial; the segment limit still bounds the work.
                return nil
            }
            worst = Swift.max(worst, loError)
            t = lo == remaining ? 1 : t + lo
            parameters.append(t)
            step = lo
        }
        return parameters.count - 1 <= limit ? (parameters, worst) : nil
    }
}
