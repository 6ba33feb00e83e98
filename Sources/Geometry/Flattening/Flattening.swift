import _CLibc

/// A curve flattened to a polyline: the parameters tₖ (t₀ = 0 < t₁ < … < tₙ = 1) and the
/// vertices B(tₖ), which lie on the curve (the ends exactly).
public struct FlattenedCurve: Sendable, Equatable {
    /// Whether the tolerance is guaranteed.
    public enum Status: Int, Sendable, Equatable, Comparable {
        /// Every piece B([tₖ, tₖ₊₁]) is within the tolerance of its chord [B(tₖ), B(tₖ₊₁)],
        /// proven (see `Flattening`).
        case guaranteed
        /// The tolerance is within the floating-point rounding of the coordinates
        /// (tolerance < 2048·ε·s, s the power of two at or below max|Pᵢ|): the polyline is built
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
    /// A proven upper bound on the distance from any point of the curve to its piece's chord,
    /// including the rounding allowance: the tolerance the adaptive kernel certified every piece
    /// against, Wang's bound 0.75·M/n² for a uniform subdivision; ≤ the tolerance when
    /// `guaranteed`, NaN for `.nonFinite`.
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
/// - `.adaptive` (default) — the breakpoints placed from the curve's sampled segment density
///   ρ = √(|n·B″|/(8·tol)) (n·B″ = B′ × B″/|B′|, the local normal curvature), then every piece
///   certified by a proven bound on its normal offset from its chord,
///   h²/8·(|n·B″(m)| + 0.1283·h/2·|n·B‴|) (m the midpoint; B″ is linear), and a Markov-type
///   test that it does not overshoot the chord's ends; a piece that fails is checked by the
///   full test (Bernstein monotonicity or the exact `ChordDeviation` bound) and halved until it
///   passes — see `FlatteningKernel` for the proofs, the placement and the rounding analysis.
///   45.41 segments per curve on the benchmark's random cubics at tolerance 0.01, against 46.7 for
///   kurbo's flattening (which exceeds its tolerance on 12 % of them), 43.6 for the exact-bound
///   greedy search (`exactGreedy`, the tests' slow twin) and 89.5 for Wang's. One curve at a time
///   in a reused workspace, SIMD across its pieces (`forEachFlattened` over many curves and the
///   single-curve API run the same code, so both give identical polylines). Should the placement
///   ask for more segments than Wang's uniform count the uniform subdivision is returned instead:
///   the result is never worse than the baseline.
///
/// Rounding: the work is done on the curve scaled by the power of two s at or below max|Pᵢ|
/// (exact) to magnitude [1, 2); the bound, the piece's vertices B(tₖ) and the monotonicity test
/// are each within a few hundred ε·s of exact (`FlatteningKernel`), so every piece is built
/// against tolerance − `roundingAllowance`·s, 1024·ε·s (status `.roundingLimited` when that is
/// less than half the tolerance, i.e. tolerance < 2048·ε·s, and the pieces are then built
/// against half of it).
///
/// Termination: a failed piece is halved at most down to 0.7 of Wang's uniform step (any such
/// piece is provably within tolerance), and a curve that would get more than Wang's ⌈w⌉ pieces
/// falls back to Wang's subdivision; lines are one segment, quadratics are flattened as their
/// exact cubic elevation; a degenerate curve (all points equal) gives one zero-length segment.
public struct Flattening: Sendable {
    public enum Method: Sendable, Equatable {
        /// Greedy steps certified by the normal-offset bound (default).
        case adaptive
        /// Wang's uniform count, the baseline.
        case uniformWang
    }

    public var tolerance: Double
    public var method: Method
    /// The most segments one curve may get (default 2²⁰, at most 2²⁴: the kernel's workspace
    /// grows to that size).
    public var maxSegments: Int

    /// The rounding allowance subtracted from the tolerance, in units of ε·s (s the power of two
    /// at or below max|Pᵢ|).
    static let roundingAllowance = 1024.0

    /// The largest `maxSegments` (2²⁴); a larger value set afterwards is treated as this one by
    /// the adaptive kernel's test, so its workspace size never overflows.
    public static let largestMaxSegments = 1 << 24

    public init(tolerance: Double, method: Method = .adaptive, maxSegments: Int = 1 << 20) {
        precondition(tolerance > 0 && tolerance.isFinite, "Flattening: tolerance must be positive and finite")
        precondition(maxSegments >= 1 && maxSegments <= Flattening.largestMaxSegments,
                     "Flattening: maxSegments must be in 1...2^24")
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
        guard curve.p0.isFinite, curve.p1.isFinite, curve.p2.isFinite, curve.p3.isFinite else { return chord(curve) }
        let s = scaled(curve)
        let segments = s.wang <= Double(maxSegments) ? Swift.max(1, Int(s.wang.rounded(.up))) : maxSegments  // NaN too
        var kernel = FlatteningKernel(capacity: segments + 2)
        defer { kernel.deallocate() }
        let r = run(curve, s, &kernel, storeParameters: true)
        var points = [Point](repeating: .zero, count: r.count)
        for k in 0..<r.count { points[k] = Point(kernel.vertices[2 * k], kernel.vertices[2 * k + 1]) }
        return FlattenedCurve(parameters: Array(UnsafeBufferPointer(start: kernel.parameters, count: r.count)),
                              points: points, status: r.status, deviationBound: r.bound)
    }

    /// A non-finite curve's result: its chord.
    func chord(_ curve: CubicBezier) -> FlattenedCurve {
        FlattenedCurve(parameters: [0, 1], points: [curve.p0, curve.p3], status: .nonFinite, deviationBound: .nan)
    }

    /// One finite curve through the workspace: the adaptive kernel (when 1 < w ≤ `maxSegments`) or
    /// Wang's uniform subdivision (the uniform method, one Wang segment, more than `maxSegments`,
    /// or the kernel's fallback); the vertices (ends exactly P₀ and P₃) and parameters are in the
    /// workspace, the vertex count, status and reported bound returned.
    @inline(__always)
    func run(_ curve: CubicBezier, _ s: Scaled, _ kernel: inout FlatteningKernel, storeParameters: Bool)
        -> (count: Int, status: FlattenedCurve.Status, bound: Double) {
        let c = FlatteningKernel.Curve(scaled: s.p0, s.p1, s.p2, s.p3, tau: s.tol, wang: s.wang)
        var result: (count: Int, status: FlattenedCurve.Status, bound: Double)
        if method == .adaptive && s.wang > 1 && s.wang <= Double(Swift.min(maxSegments, Flattening.largestMaxSegments)),
           case .certified(let n, let bound) = kernel.flatten(c, scale: s.scale, storeParameters: storeParameters) {
            result = (n, s.status, Swift.min(tolerance, bound * s.scale + Flattening.roundingAllowance * Double.ulpOfOne * s.scale))
        } else {
            // Wang: n = ⌈w⌉ steps guarantee 0.75·M/n² (exact arithmetic; `WangBound`), reported
            // with the rounding allowance; more than maxSegments: that many, with the bound they give.
            let limited = !(s.wang <= Double(maxSegments))
            let n = limited ? maxSegments : Swift.max(1, Int(s.wang.rounded(.up)))
            let count = kernel.uniform(c, segments: n, scale: s.scale, storeParameters: storeParameters)
            let bound = (0.75 * s.m / (Double(n) * Double(n))) * s.scale + Flattening.roundingAllowance * Double.ulpOfOne * s.scale
            result = (count, limited ? .segmentLimited : s.status, limited ? bound : Swift.min(tolerance, bound))
        }
        // The ends exactly P₀ and P₃ (P₀·s⁻¹·s is not P₀ when a coordinate is subnormal).
        let v = kernel.vertices, n = result.count
        (v[0], v[1], v[2 * n - 2], v[2 * n - 1]) = (curve.p0.x, curve.p0.y, curve.p3.x, curve.p3.y)
        if storeParameters { kernel.parameters[n - 1] = 1 }
        return result
    }

    /// `scaled`'s result.
    typealias Scaled = (scale: Double, p0: Point, p1: Point, p2: Point, p3: Point, tol: Double,
                        status: FlattenedCurve.Status, wang: Double, m: Double)

    /// The power of two s at or below max|Pᵢ| (`WangBound.powerOfTwoScale`, by its bits), the
    /// scaled control points, the tolerance in units of s reduced by the rounding allowance (or
    /// halved) and the status that implies, and Wang's real count w for it.
    @inline(__always)
    func scaled(_ curve: CubicBezier) -> Scaled {
        let magnitude = curve.magnitude
        let scale = magnitude.isNormal ? Double(bitPattern: magnitude.bitPattern & 0x7FF0_0000_0000_0000) : 1
        let inverse = 1 / scale  // exact
        let p0 = curve.p0 * inverse, p1 = curve.p1 * inverse, p2 = curve.p2 * inverse, p3 = curve.p3 * inverse
        var tol = tolerance * inverse
        var status = FlattenedCurve.Status.guaranteed
        let slack = Flattening.roundingAllowance * Double.ulpOfOne  // in units of s
        if tol - slack < 0.5 * tol {
            status = .roundingLimited
            tol *= 0.5
        } else {
            tol -= slack
        }
        // Wang's M = max|Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| exactly as `WangBound` computes it (`Point.length`,
        // whose plain √(x² + y²) applies unless that underflows).
        let a = p0 - 2 * p1 + p2, b = p1 - 2 * p2 + p3
        let q = Swift.max(a.lengthSquared, b.lengthSquared)
        let m = q >= .leastNormalMagnitude ? q.squareRoot() : Swift.max(a.length, b.length)
        return (scale, p0, p1, p2, p3, tol, status, (0.75 * m / tol).squareRoot(), m)
    }

    /// The previous adaptive method, kept as the slow, obviously-correct twin of the kernel for
    /// the tests: greedy steps, each the longest found (up to 48 trials) whose *exact* chord bound
    /// (`ChordDeviation.bound` of the sub-cubic) is ≤ the tolerance. Parameters and the largest
    /// accepted bound in the scaled units, or nil when more than `limit` segments would be needed.
    func exactGreedy(_ c: CubicBezier, tolerance tol: Double, limit: Int) -> ([Double], Double)? {
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
            if lo == 0 { return nil }
            worst = Swift.max(worst, loError)
            t = lo == remaining ? 1 : t + lo
            parameters.append(t)
            step = lo
        }
        return parameters.count - 1 <= limit ? (parameters, worst) : nil
    }
}
