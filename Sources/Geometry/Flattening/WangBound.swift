import _CLibc

/// Wang's formula: the number of uniform parameter steps that flattens a Bézier curve of degree d
/// to within a tolerance (Wang Guo-Zhao, "The subdivision method for finding the intersection
/// between two Bézier curves or surfaces", Zhejiang University Journal, 1984; as stated in
/// REFERENCES.md and in Filip, Magedson & Markot, "Surface algorithms using bounds on
/// derivatives", CAGD 3 (1986)).
///
/// With M = maxᵢ |Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂| (Euclidean norm of the second differences), the
/// piecewise-linear interpolant L of B at tₖ = k/n satisfies
///
///     max_t |B(t) − L(t)| ≤ (1/8)·max|B″|·(1/n)² ≤ d(d−1)/8 · M / n²,
///
/// (linear-interpolation remainder, and |B″| ≤ d(d−1)·M since B″ is a Bézier curve with control
/// points d(d−1)(Pᵢ − 2Pᵢ₊₁ + Pᵢ₊₂)). So n ≥ √(d(d−1)/8 · M / tol) steps keep every point of the
/// curve within tol of its chord, hence of the polyline — cubic: n = ⌈√(0.75·M/tol)⌉, quadratic:
/// n = ⌈√(0.25·M/tol)⌉. The bound is exact arithmetic; `Flattening` adds a rounding allowance.
public enum WangBound {
    /// The real number √(d(d−1)/8 · M / tol) for a cubic (d = 3); 0 for a straight, uniformly
    /// parameterised cubic (M = 0); +∞ when it overflows. Coordinates are rescaled by a power of
    /// two first, so 1e300 does not overflow M.
    public static func requiredSegments(for c: CubicBezier, tolerance: Double) -> Double {
        precondition(tolerance > 0, "WangBound: tolerance must be positive")
        let s = powerOfTwoScale(c.magnitude)
        let a = c.p0 / s, b = c.p1 / s, cc = c.p2 / s, d = c.p3 / s
        let m = Swift.max((a - 2 * b + cc).length, (b - 2 * cc + d).length)
        return (0.75 * m / (tolerance / s)).squareRoot()
    }

    /// √(0.25·M/tol) for a quadratic, M = |P₀ − 2P₁ + P₂|.
    public static func requiredSegments(for q: QuadraticBezier, tolerance: Double) -> Double {
        precondition(tolerance > 0, "WangBound: tolerance must be positive")
        let mag = Swift.max(q.p0.maxMagnitude, q.p1.maxMagnitude, q.p2.maxMagnitude)
        let s = powerOfTwoScale(mag)
        let m = (q.p0 / s - 2 * (q.p1 / s) + q.p2 / s).length
        return (0.25 * m / (tolerance / s)).squareRoot()
    }

    /// n = max(1, ⌈requiredSegments⌉), saturated at `Int.max >> 1` (so callers can add to it).
    public static func segmentCount(for c: CubicBezier, tolerance: Double) -> Int {
        saturatingCeil(requiredSegments(for: c, tolerance: tolerance))
    }

    /// n = max(1, ⌈requiredSegments⌉) for a quadratic.
    public static func segmentCount(for q: QuadraticBezier, tolerance: Double) -> Int {
        saturatingCeil(requiredSegments(for: q, tolerance: tolerance))
    }

    /// The deviation bound 0.75·M/n² that n uniform steps guarantee for a cubic.
    public static func deviationBound(for c: CubicBezier, segments n: Int) -> Double {
        precondition(n >= 1, "WangBound: at least one segment")
        let s = powerOfTwoScale(c.magnitude)
        let a = c.p0 / s, b = c.p1 / s, cc = c.p2 / s, d = c.p3 / s
        let m = Swift.max((a - 2 * b + cc).length, (b - 2 * cc + d).length)
        return 0.75 * m / (Double(n) * Double(n)) * s
    }

    static func saturatingCeil(_ x: Double) -> Int {
        let limit = Int.max >> 1
        guard x.isFinite, x < Double(limit) else { return x.isNaN ? 1 : limit }
        return Swift.max(1, Int(x.rounded(.up)))
    }

    /// The power of two nearest below `magnitude` (1 for 0, non-finite or subnormal values): an
    /// exact scale that brings coordinates to [1, 2).
    static func powerOfTwoScale(_ magnitude: Double) -> Double {
        guard magnitude.isNormal else { return 1 }
        return Double(sign: .plus, exponent: magnitude.exponent, significand: 1)
    }
}
