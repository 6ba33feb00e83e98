import _CLibc
import _Numerics

/// The outcome of an arc-length computation: the value, a bound on its error and whether the
/// requested accuracy was reached.
public struct ArcLengthResult: Sendable, Equatable {
    /// How the computation ended.
    public enum Status: Sendable, Equatable {
        /// `errorEstimate` ≤ the requested accuracy.
        case converged
        /// The requested accuracy is finer than Double rounding allows for this curve
        /// (≈ 32ε·length): the result is as accurate as rounding permits and `errorEstimate`
        /// says how accurate that is.
        case roundingLimited
        /// An interval reached `maxDepth` or the interval budget ran out before its share of the
        /// accuracy was met; `errorEstimate` is still a bound on the error.
        case limitReached
        /// A coordinate is NaN or infinite.
        case nonFinite
    }

    public var length: Double
    /// A bound on |length − exact length| (see `AdaptiveArcLength`), in the curve's units.
    public var errorEstimate: Double
    /// True exactly when `status == .converged`.
    public var converged: Bool
    public var status: Status

    public init(length: Double, errorEstimate: Double, status: Status) {
        self.length = length
        self.errorEstimate = errorEstimate
        self.status = status
        converged = status == .converged
    }
}

/// Arc length L = ∫₀¹ |B′(t)| dt by adaptive Gauss–Legendre quadrature with a *proven* error
/// bound per interval, so the reported `errorEstimate` bounds the true error (up to the
/// floating-point allowance described below) rather than estimating it.
///
/// Accuracy semantics: the target is τ = max(`accuracy`, `relativeAccuracy`·L), `accuracy` in the
/// curve's length units (absolute), `relativeAccuracy` dimensionless (0 by default: absolute
/// only). On success (`status == .converged`) |L_returned − L_exact| ≤ errorEstimate ≤ τ.
///
/// Method. The curve is scaled by a power of two to magnitude ~1 (exact; the result is scaled
/// back), and [0, 1] is pre-split at the real parts of the speed's branch points that fall
/// inside it (cusps and near-cusps; see `CubicSpeed`). Each interval I = [a, b] gets its share
/// τ·(b − a) of the target and:
///
/// 1. *Order from the proven bound.* The Bernstein-ellipse bound of the N-point rule is
///    K·ρ^(2−2N) (`CubicSpeed.ellipseBound`; it needs only the branch points and B′'s Chebyshev
///    coefficients, not the integrand), so before evaluating anything the smallest N of
///    `orders` (8, 12, 16, 24, 32, 48, 64) with K·ρ^(2−2N) ≤ τ·(b − a) − R_max is chosen, by
///    comparing ρ^(2N−2) (repeated squaring) with K/(τ·(b − a) − R_max): no logarithm, no
///    power function. That rule's estimate G is computed four nodes per vector and I is
///    accepted with truncation bound T = K·ρ^(2−2N). When even N = 64 is not enough, I is
///    halved (the ellipse of each half is larger, relative to its length, so the order needed
///    drops fast) — on the benchmark's random cubics most curves are settled by one rule of 24
///    to 64 points on [0, 1].
/// 2. *Near a branch point* (ρ ≤ 1 + 10⁻⁹, e.g. an interval ending at an exact cusp) or when the
///    rounding takes more than half the share: the 16-point estimate clamped into the speed's
///    proven range on I, with T = min(analytic bound, (b − a)·(max speed − min speed)); the
///    range bound decays like (b − a)² at an exact cusp, where ρ = 1.
///
/// Rounding allowance: R = (32 + N)ε·G + 64ε·(b − a)·max|Hᵢ| — the second term the evaluation of
/// B′ at each node in the local form b₀ + b₁w + b₂w² (b₀ = B′(m) by de Casteljau, |b₀| ≤ max|Hᵢ|,
/// |b₁| ≤ 6·max|Hᵢ|, |b₂| ≤ max|Hᵢ| on intervals of length ≤ 1: the coefficients' and Horner's
/// roundings stay below 40ε·max|Hᵢ|), the first the weights and the summation of N terms; Hᵢ the
/// hodograph — and R_max = 160ε·(b − a)·max|Hᵢ| ≥ R since G ≤ (b − a)·max|Hᵢ|
/// (the speed is at most max|Hᵢ|, convex hull). I is accepted when T + R ≤ τ·(b − a) — so the
/// accepted bounds add up to at most τ — and halved otherwise.
///
/// Termination on every input: an interval is also accepted when its rounding allowance alone
/// exceeds half its share and T ≤ R (status `.roundingLimited`: the accuracy is finer than Double
/// can hold, e.g. 1e-9 on a length near 1e300), at `maxDepth` or when `maxIntervals` have been
/// processed (status `.limitReached`); the error bound is reported either way. All-equal control
/// points give length 0 exactly; a non-finite coordinate gives NaN with status `.nonFinite`.
public struct AdaptiveArcLength: Sendable {
    /// Absolute accuracy, in the curve's length units (> 0).
    public var accuracy: Double
    /// Relative accuracy (≥ 0): the target is max(accuracy, relativeAccuracy·length).
    public var relativeAccuracy: Double
    /// The most halvings of one interval.
    public var maxDepth: Int
    /// The most intervals processed per curve.
    public var maxIntervals: Int

    public init(accuracy: Double = 1e-9, relativeAccuracy: Double = 0, maxDepth: Int = 50,
                maxIntervals: Int = 1 << 16) {
        precondition(accuracy > 0, "arc-length accuracy must be positive")
        precondition(relativeAccuracy >= 0, "relative accuracy must not be negative")
        precondition(maxDepth >= 0 && maxIntervals >= 1, "arc-length limits must be positive")
        self.accuracy = accuracy
        self.relativeAccuracy = relativeAccuracy
        self.maxDepth = maxDepth
        self.maxIntervals = maxIntervals
    }

    /// The arc length of a cubic over [0, 1].
    public func length(of curve: CubicBezier) -> ArcLengthResult {
        length(of: curve, from: 0, to: 1)
    }

    /// The arc length of a quadratic (as its exact cubic elevation: same curve, same parameter).
    public func length(of curve: QuadraticBezier) -> ArcLengthResult {
        length(of: curve.elevated)
    }

    /// The exact length of a line, with zero error.
    public func length(of line: LineSegment) -> ArcLengthResult {
        let l = line.length
        return ArcLengthResult(length: l, errorEstimate: l.isFinite ? 0 : .nan,
                               status: l.isFinite ? .converged : .nonFinite)
    }

    /// The arc length of a path segment.
    public func length(of segment: PathSegment) -> ArcLengthResult {
        switch segment {
        case .line(let s): length(of: s)
        case .quadratic(let s): length(of: s)
        case .cubic(let s): length(of: s)
        }
    }

    /// The arc length of any curve type of this module, dispatched to the overloads above (kept so
    /// generic callers compile). The proven bound needs the curve's polynomial form, so a
    /// `ParametricCurve` conformer defined elsewhere is a programmer error here.
    public func length<C: ParametricCurve>(of curve: C) -> ArcLengthResult {
        if let c = curve as? CubicBezier { return length(of: c) }
        if let c = curve as? QuadraticBezier { return length(of: c) }
        if let c = curve as? LineSegment { return length(of: c) }
        if let c = curve as? PathSegment { return length(of: c) }
        // Audit: a programmer error (a curve type from outside this module); no input reaches it.
        preconditionFailure("AdaptiveArcLength supports LineSegment, QuadraticBezier, CubicBezier and PathSegment")
    }

    /// The length of the piece of `curve` over [t0, t1] ⊂ [0, 1] (t0 ≤ t1), same semantics.
    public func length(of curve: CubicBezier, from t0: Double, to t1: Double) -> ArcLengthResult {
        precondition(t0 <= t1 && t0 >= 0 && t1 <= 1, "length(of:from:to:) needs 0 ≤ t0 ≤ t1 ≤ 1")
        guard curve.p0.isFinite, curve.p1.isFinite, curve.p2.isFinite, curve.p3.isFinite else {
            return ArcLengthResult(length: .nan, errorEstimate: .nan, status: .nonFinite)
        }
        // The power of two at or below max|Pᵢ|, subnormal ones included (dividing by it is
        // exact, and a curve of subnormal coordinates is integrated at the normal scale instead of
        // in subnormal arithmetic, whose absolute rounding no relative error bound covers).
        let magnitude = curve.magnitude
        let scale = magnitude > 0 ? Double(sign: .plus, exponent: magnitude.exponent, significand: 1) : 1
        let speed = CubicSpeed(CubicBezier(curve.p0 / scale, curve.p1 / scale, curve.p2 / scale, curve.p3 / scale))
        if speed.isPoint || t0 == t1 {
            return ArcLengthResult(length: 0, errorEstimate: 0, status: .converged)
        }
        // A proven lower bound on the length (an inscribed polyline) for the relative target.
        var inscribed = 0.0
        if relativeAccuracy > 0 {
            var previous = speed.curve.point(at: t0)
            for k in 1...8 {
                let p = speed.curve.point(at: t0 + (t1 - t0) * Double(k) / 8)
                inscribed += (p - previous).length
                previous = p
            }
        }
        let target = Swift.max(accuracy / scale, relativeAccuracy * inscribed)
        var r = integrate(speed, from: t0, to: t1, tolerance: target)
        if r.status == .converged && r.errorEstimate > Swift.max(accuracy / scale, relativeAccuracy * r.length) {
            r.status = .limitReached
        }
        // Scaling back is exact unless the result is subnormal: then it rounds by at most half
        // the smallest subnormal step, which the error bound takes in.
        let subnormal = !magnitude.isNormal
        return ArcLengthResult(length: r.length * scale,
                               errorEstimate: r.errorEstimate * scale + (subnormal ? Double.leastNonzeroMagnitude : 0),
                               status: r.status)
    }

    /// The Gauss–Legendre orders an interval may get (multiples of 4, for the vector evaluation),
    /// and the largest one used before an interval is halved instead.
    static let orders = [8, 12, 16, 24, 32, 48, 64]
    static let largestOrder = 64
    /// Every rule of `orders`, nodes then weights, back to back (rule k starts at 2·Σ orders[..<k]).
    static let rules: [Double] = orders.flatMap { n -> [Double] in
        let rule = GaussLegendre(points: n)
        return rule.nodes + rule.weights
    }

    /// The adaptive integration in scaled coordinates.
    func integrate(_ speed: CubicSpeed, from t0: Double, to t1: Double,
                   tolerance: Double) -> (length: Double, errorEstimate: Double, status: ArcLengthResult.Status) {
        AdaptiveArcLength.rules.withUnsafeBufferPointer { rules in
            integrate(speed, from: t0, to: t1, tolerance: tolerance, rules: rules.baseAddress!)
        }
    }

    /// The interval loop: depth first, on a stack of at most `maxDepth` + 3 intervals.
    func integrate(_ speed: CubicSpeed, from t0: Double, to t1: Double, tolerance: Double,
                   rules: UnsafePointer<Double>) -> (length: Double, errorEstimate: Double, status: ArcLengthResult.Status) {
        let width = t1 - t0
        // Pre-split at the real parts of the branch points near [t0, t1] (sorted): t0 < s₁ ≤ s₂ < t1.
        var s1 = t1, s2 = t1
        for k in 0..<speed.rootCount {
            let z = k == 0 ? speed.roots.0 : speed.roots.1
            guard z.re > t0 && z.re < t1 && abs(z.im) < 0.5 * width else { continue }
            if z.re < s1 {
                s2 = s1
                s1 = z.re
            } else if z.re < s2 {
                s2 = z.re
            }
        }
        // The stack as interval ends and depths in two small buffers (each under the 1 KiB that
        // `withUnsafeTemporaryAllocation` keeps on the machine stack for the default depth).
        let capacity = maxDepth + 4
        return withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: capacity) { ends in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { depths in
                var stack = IntervalStack(ends: ends.baseAddress!, depths: depths.baseAddress!)
                if s2 < t1 { stack.push(s2, t1, 0) }
                if s1 < s2 { stack.push(s1, s2, 0) }
                stack.push(t0, s1, 0)
                return integrate(speed, width: width, tolerance: tolerance, rules: rules, stack: &stack)
            }
        }
    }

    /// Intervals still to integrate, depth first.
    struct IntervalStack {
        let ends: UnsafeMutablePointer<SIMD2<Double>>
        let depths: UnsafeMutablePointer<Int32>
        var count = 0

        @inline(__always) mutating func push(_ a: Double, _ b: Double, _ depth: Int) {
            ends[count] = SIMD2(a, b)
            depths[count] = Int32(truncatingIfNeeded: depth)
            count += 1
        }

        @inline(__always) mutating func pop() -> (a: Double, b: Double, depth: Int) {
            count -= 1
            let e = ends[count]
            return (e[0], e[1], Int(depths[count]))
        }
    }

    /// The offset in `rules` of rule k of `orders`.
    @inline(__always)
    static func ruleOffset(_ k: Int) -> Int {
        switch k {
        case 0: 0
        case 1: 16
        case 2: 40
        case 3: 72
        case 4: 120
        case 5: 184
        default: 280
        }
    }

    func integrate(_ speed: CubicSpeed, width: Double, tolerance: Double, rules: UnsafePointer<Double>,
                   stack: inout IntervalStack) -> (length: Double, errorEstimate: Double, status: ArcLengthResult.Status) {
        var sum = 0.0, compensation = 0.0  // Neumaier summation
        var errorSum = 0.0
        var status = ArcLengthResult.Status.converged
        var processed = 0
        let eps = Double.ulpOfOne
        let sixteen = AdaptiveArcLength.ruleOffset(2)
        while stack.count > 0 {
            let (a, b, depth) = stack.pop()
            processed += 1
            let share = tolerance * (b - a) / width
            // Rounding: the evaluation of each node (≤ 64ε·max|Hᵢ| absolute), the weights and the
            // summation of N terms (≤ (32 + N)ε·G relative, N ≤ 64, G ≤ (b − a)·max|Hᵢ|).
            let evaluationRounding = 64 * eps * (b - a) * speed.hodographMagnitude
            let worstRounding = evaluationRounding + 96 * eps * (b - a) * speed.hodographMagnitude
            let m = 0.5 * (a + b)
            let hodograph = speed.localHodograph(from: a, to: b)
            var g = 0.0, truncation = Double.infinity, order = 16
            var evaluated = false
            // The smallest order whose Bernstein-ellipse bound fits the share.
            let rho0 = speed.ellipseParameter(from: a, to: b)
            let allowed = share - worstRounding
            let forced = depth >= maxDepth || processed + stack.count >= maxIntervals || m <= a || m >= b
            if rho0 > 1 + 1e-9 && allowed > 0.5 * share {
                let e = speed.ellipseBound(from: a, to: b, rho0: rho0, hodograph: hodograph)
                let q = e.factor / allowed
                let r2 = e.rho * e.rho, r4 = r2 * r2, r8 = r4 * r4, r16 = r8 * r8, r32 = r16 * r16
                // ρ^(2N−2) for N = 8, 12, 16, 24, 32, 48, 64: ρ¹⁴, then ×ρ⁸, ρ⁸, ρ¹⁶, ρ¹⁶, ρ³², ρ³²
                // (ρ ≤ 64, so at most 2⁷⁵⁶: no overflow).
                var power = r8 * r4 * r2
                var k = 0
                while power < q && k + 1 < AdaptiveArcLength.orders.count
                        && AdaptiveArcLength.orders[k + 1] <= AdaptiveArcLength.largestOrder {
                    k += 1
                    power *= k <= 2 ? r8 : k <= 4 ? r16 : r32
                }
                if power >= q {
                    order = AdaptiveArcLength.orders[k]
                    g = speed.gaussLegendre(from: a, to: b, hodograph: hodograph,
                                            rule: rules + AdaptiveArcLength.ruleOffset(k), points: order)
                    truncation = e.factor / power
                    evaluated = true
                } else if !forced {
                    // Halving beats a higher order: the ellipse of each half is larger.
                    stack.push(m, b, depth + 1)
                    stack.push(a, m, depth + 1)
                    continue
                }
            }
            if !evaluated {
                // A branch point on or near the interval, or an accuracy near rounding: the
                // 16-point estimate clamped into the speed range, whose width also bounds it.
                let (lower, upper) = speed.speedRange(from: a, to: b)
                let range = (b - a) * (upper - lower)
                g = speed.gaussLegendre(from: a, to: b, hodograph: hodograph, rule: rules + sixteen, points: 16)
                g = Swift.min(Swift.max(g, (b - a) * lower), (b - a) * upper)
                truncation = Swift.min(speed.analyticBound(from: a, to: b, points: 16), range)
            }
            let rounding = (32 + Double(order)) * eps * g + evaluationRounding
            var accept = truncation + rounding <= share
            if !accept && rounding >= 0.5 * share && truncation <= rounding {
                accept = true
                if status == .converged { status = .roundingLimited }
            }
            if !accept && forced {
                accept = true
                status = .limitReached
            }
            if accept {
                let y = g
                let s = sum + y
                compensation += abs(sum) >= abs(y) ? (sum - s) + y : (y - s) + sum
                sum = s
                errorSum += truncation + rounding
            } else {
                stack.push(m, b, depth + 1)
                stack.push(a, m, depth + 1)
            }
        }
        let length = sum + compensation
        return (length, errorSum + 4 * eps * length, status)
    }
}

extension LineSegment {
    /// The exact length, with zero error.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        AdaptiveArcLength(accuracy: accuracy).length(of: self)
    }
}

extension CubicBezier {
    /// Arc length with a proven error bound; see `AdaptiveArcLength`.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        AdaptiveArcLength(accuracy: accuracy).length(of: self)
    }
}

extension PathSegment {
    /// Arc length of the segment: exact for lines, proven-bound adaptive Gauss–Legendre otherwise.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        AdaptiveArcLength(accuracy: accuracy).length(of: self)
    }
}

extension Path {
    /// Total arc length of all drawing segments, the absolute accuracy shared out equally over
    /// the segments (each gets accuracy/n, so the bounds add up to at most `accuracy`). The status
    /// is the worst of the segments'.
    public func arcLength(accuracy: Double = 1e-9) -> ArcLengthResult {
        let n = Swift.max(1, segmentCount)
        let integrator = AdaptiveArcLength(accuracy: accuracy / Double(n))
        var length = 0.0, error = 0.0
        var status = ArcLengthResult.Status.converged
        for s in segments {
            let r = integrator.length(of: s)
            length += r.length
            error += r.errorEstimate
            status = ArcLengthResult.Status.worse(status, r.status)
        }
        return ArcLengthResult(length: length, errorEstimate: error, status: status)
    }
}

extension ArcLengthResult.Status {
    static func worse(_ a: Self, _ b: Self) -> Self {
        func rank(_ s: Self) -> Int {
            switch s {
            case .converged: 0
            case .roundingLimited: 1
            case .limitReached: 2
            case .nonFinite: 3
            }
        }
        return rank(a) >= rank(b) ? a : b
    }
}
