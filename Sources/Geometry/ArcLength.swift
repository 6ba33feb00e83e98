import Foundation

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
/// inside it (cusps and near-cusps; see `CubicSpeed`). Each interval I = [a, b] gets the 16-point
/// Gauss–Legendre estimate G and the proven truncation bound
///
///     T = min(analytic Bernstein-ellipse bound, (b − a)·(max speed − min speed) on I),
///
/// with G clamped into the speed-range bracket; plus a rounding allowance
/// R = 32ε·G + 16ε·(b − a)·max|Hᵢ| (evaluation, weights and summation; Hᵢ the hodograph). I is
/// accepted when T + R ≤ τ·(b − a) — so the accepted bounds add up to at most τ — and halved
/// otherwise. The analytic bound decays like ρ^−30 and settles ordinary intervals at once; the
/// range bound decays like (b − a)² at an exact cusp, where ρ = 1.
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

    static let rule = GaussLegendre.sixteenPoint
    static let rulePoints = 16

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
        let scale = WangBound.powerOfTwoScale(curve.magnitude)
        let speed = CubicSpeed(CubicBezier(curve.p0 / scale, curve.p1 / scale, curve.p2 / scale, curve.p3 / scale))
        if speed.isPoint || t0 == t1 {
            return ArcLengthResult(length: 0, errorEstimate: 0, status: .converged)
        }
        // A proven lower bound on the length (an inscribed polyline) for the relative target.
        var inscribed = 0.0
        var previous = speed.curve.point(at: t0)
        for k in 1...8 {
            let p = speed.curve.point(at: t0 + (t1 - t0) * Double(k) / 8)
            inscribed += (p - previous).length
            previous = p
        }
        let target = Swift.max(accuracy / scale, relativeAccuracy * inscribed)
        var r = integrate(speed, from: t0, to: t1, tolerance: target)
        if r.status == .converged && r.errorEstimate > Swift.max(accuracy / scale, relativeAccuracy * r.length) {
            r.status = .limitReached
        }
        return ArcLengthResult(length: r.length * scale, errorEstimate: r.errorEstimate * scale, status: r.status)
    }

    /// The adaptive integration in scaled coordinates.
    func integrate(_ speed: CubicSpeed, from t0: Double, to t1: Double,
                   tolerance: Double) -> (length: Double, errorEstimate: Double, status: ArcLengthResult.Status) {
        let rule = AdaptiveArcLength.rule
        let width = t1 - t0
        var breaks = [t0]
        for z in speed.branchPoints where z.re > t0 && z.re < t1 && abs(z.im) < 0.5 * width {
            breaks.append(z.re)
        }
        breaks.append(t1)
        breaks.sort()
        var stack: [(a: Double, b: Double, depth: Int)] = []
        for k in stride(from: breaks.count - 2, through: 0, by: -1) where breaks[k] < breaks[k + 1] {
            stack.append((breaks[k], breaks[k + 1], 0))
        }
        var sum = 0.0, compensation = 0.0  // Neumaier summation
        var errorSum = 0.0
        var status = ArcLengthResult.Status.converged
        var processed = 0
        let eps = Double.ulpOfOne
        while let (a, b, depth) = stack.popLast() {
            processed += 1
            var g = rule.integrate(from: a, to: b, speed.speed(at:))
            let (lower, upper) = speed.speedRange(from: a, to: b)
            g = Swift.min(Swift.max(g, (b - a) * lower), (b - a) * upper)
            let truncation = Swift.min(
                speed.analyticBound(from: a, to: b, points: AdaptiveArcLength.rulePoints),
                (b - a) * (upper - lower))
            let rounding = 32 * eps * g + 16 * eps * (b - a) * speed.hodographMagnitude
            let share = tolerance * (b - a) / width
            let m = 0.5 * (a + b)
            var accept = truncation + rounding <= share
            if !accept && rounding >= 0.5 * share && truncation <= rounding {
                accept = true
                if status == .converged { status = .roundingLimited }
            }
            if !accept && (depth >= maxDepth || processed + stack.count >= maxIntervals || m <= a || m >= b) {
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
                stack.append((m, b, depth + 1))
                stack.append((a, m, depth + 1))
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
