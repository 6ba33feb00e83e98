/// A cubic-bezier timing function, CSS Easing Functions Level 1 §2.2 / `CAMediaTimingFunction`:
/// the curve from P₀ = (0, 0) through control points P₁ = (x1, y1), P₂ = (x2, y2) to P₃ = (1, 1),
///
///     x(t) = 3(1−t)²t·x1 + 3(1−t)t²·x2 + t³,   y(t) = 3(1−t)²t·y1 + 3(1−t)t²·y2 + t³,
///
/// read as the function y(x). x1 and x2 must lie in [0, 1], which makes x(t) non-decreasing
/// (its derivative is a quadratic Bernstein polynomial with coefficients 3x1, 3(x2 − x1),
/// 3(1 − x2), and x2 − x1 ≥ −√(x1(1 − x2)) on that square), so y(x) is a function. y1, y2 may
/// be any finite numbers (overshoot).
///
/// ``value(at:)`` solves x(t) = x as browsers do (WebKit's `UnitBezier`): Newton's method from
/// t = x, safeguarded by a bisection bracket [lo, hi] with x(lo) ≤ x ≤ x(hi) — a Newton step that
/// leaves the bracket or meets a zero slope is replaced by bisection — until the step or the
/// bracket is below 1e-15 in t, then evaluates y(t). The residual x(t) − x is evaluated in the
/// form that keeps relative accuracy at the nearer end (``xResidual(at:target:)``), so the flat
/// ends of ease-in (x′(1) = 0) and ease-out (x′(0) = 0) are solved to full precision. The
/// result is within 1e-12 of the exact y(x) of the binary control points — the y error is
/// max|y′|·|Δt| with |Δt| ≲ 1e-15 + u/x′(t), u ≈ 1e-16 the rounding of the residual — except
/// near an interior point where x′(t) vanishes (only when x2 − x1 = −√(x1(1 − x2)), e.g.
/// (1, ·, 0, ·)): there y(x) has a vertical tangent and no double-precision evaluation of x(t)
/// determines y to better than about |y′|·u^(1/3).
public struct CubicBezierTiming: Hashable, Sendable, CustomStringConvertible {
    public let x1: Double
    public let y1: Double
    public let x2: Double
    public let y2: Double

    /// Checks that all four numbers are finite and that x1, x2 ∈ [0, 1] (CSS: otherwise the
    /// function is invalid).
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(TimingError) {
        guard [x1, y1, x2, y2].allSatisfy({ $0.isFinite }) else {
            throw TimingError("cubic-bezier control points must be finite numbers")
        }
        guard (0...1).contains(x1), (0...1).contains(x2) else {
            throw TimingError("cubic-bezier x1 and x2 must lie in [0, 1] (got x1 = \(TimingError.number(x1)), x2 = \(TimingError.number(x2)))")
        }
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// `kCAMediaTimingFunctionDefault` and CSS `ease`: (0.25, 0.1, 0.25, 1).
    public static let `default` = CubicBezierTiming(unchecked: 0.25, 0.1, 0.25, 1)
    /// CSS `ease`, the same curve as ``default``.
    public static let ease = CubicBezierTiming.default
    /// `kCAMediaTimingFunctionEaseIn`, CSS `ease-in`: (0.42, 0, 1, 1).
    public static let easeIn = CubicBezierTiming(unchecked: 0.42, 0, 1, 1)
    /// `kCAMediaTimingFunctionEaseOut`, CSS `ease-out`: (0, 0, 0.58, 1).
    public static let easeOut = CubicBezierTiming(unchecked: 0, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionEaseInEaseOut`, CSS `ease-in-out`: (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = CubicBezierTiming(unchecked: 0.42, 0, 0.58, 1)

    public var description: String { "cubic-bezier(\([x1, y1, x2, y2].map(TimingError.number).joined(separator: ",")))" }

    /// One coordinate of the curve from 0 through the control values c1, c2 to 1:
    /// 3(1−t)²t·c1 + 3(1−t)t²·c2 + t³ (Bernstein form, exact at t = 0 and 1).
    @inlinable
    static func coordinate(_ c1: Double, _ c2: Double, at t: Double) -> Double {
        let s = 1 - t
        return 3 * s * t * (s * c1 + t * c2) + t * t * t
    }

    /// x(t) = 3(1−t)²t·x1 + 3(1−t)t²·x2 + t³ (Bernstein form, exact at t = 0 and 1).
    @inlinable
    public func x(at t: Double) -> Double { Self.coordinate(x1, x2, at: t) }

    /// 1 − x(t) = (1−t)³ + 3(1−t)²t·(1 − x1) + 3(1−t)t²·(1 − x2), every term non-negative, so
    /// it keeps full relative accuracy as t → 1 where 1 − x(t) is tiny (the flat end of
    /// ease-in, x2 = 1), unlike 1 minus the rounded x(t).
    @inlinable
    public func xComplement(at t: Double) -> Double {
        let s = 1 - t
        return s * s * s + 3 * s * t * (s * (1 - x1) + t * (1 - x2))
    }

    /// x(t) − x, evaluated for accuracy: directly for x ≤ ½, as (1 − x) − (1 − x(t)) for x > ½
    /// (1 − x is exact there, by Sterbenz's lemma).
    @inlinable
    public func xResidual(at t: Double, target x: Double) -> Double {
        x <= 0.5 ? self.x(at: t) - x : (1 - x) - xComplement(at: t)
    }

    /// y(t), the same form with y1, y2.
    @inlinable
    public func y(at t: Double) -> Double { Self.coordinate(y1, y2, at: t) }

    /// x′(t) = 3(1−t)²·x1 + 6(1−t)t·(x2 − x1) + 3t²·(1 − x2).
    @inlinable
    public func xDerivative(at t: Double) -> Double {
        let s = 1 - t
        return 3 * (s * s * x1 + 2 * s * t * (x2 - x1) + t * t * (1 - x2))
    }

    /// The curve parameter t ∈ [0, 1] with x(t) = x, for x ∈ [0, 1] (safeguarded Newton, see the
    /// type's documentation). Where x(t) is flat the smallest bracketing t is not guaranteed,
    /// but y is continuous there, so y(x) is unaffected beyond the stated accuracy.
    public func parameter(forX x: Double) -> Double {
        precondition(x >= 0 && x <= 1, "parameter(forX:) needs x in [0, 1]")
        if x == 0 || x == 1 { return x }
        var lo = 0.0, hi = 1.0
        var t = x
        for _ in 0..<200 {
            let fx = xResidual(at: t, target: x)
            if fx == 0 { return t }
            if fx < 0 { lo = t } else { hi = t }
            let slope = xDerivative(at: t)
            var next = t - fx / slope
            if !(slope > 0) || !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            if abs(next - t) <= 1e-15 || hi - lo <= 1e-15 { return next }
            t = next
        }
        return t
    }

    /// y(x). For x outside [0, 1] the curve is extended by the tangent at the nearer end, as
    /// CSS Easing Level 1 §2.2 specifies: for x < 0 the line through P₀ and P₁ (if x1 > 0), else
    /// through P₀ and P₂ (if x2 > 0), else 0; for x > 1 the line through P₂ and P₃ (if x2 < 1),
    /// else through P₁ and P₃ (if x1 < 1), else 1. y(0) = 0 and y(1) = 1 exactly. NaN gives NaN.
    public func value(at x: Double) -> Double {
        if x.isNaN { return x }
        if x < 0 {
            if x1 > 0 { return y1 / x1 * x }
            if x2 > 0 { return y2 / x2 * x }
            return 0
        }
        if x > 1 {
            if x2 < 1 { return 1 + (y2 - 1) / (x2 - 1) * (x - 1) }
            if x1 < 1 { return 1 + (y1 - 1) / (x1 - 1) * (x - 1) }
            return 1
        }
        if x == 0 { return 0 }
        if x == 1 { return 1 }
        return y(at: parameter(forX: x))
    }
}
