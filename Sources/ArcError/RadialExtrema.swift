import _Numerics

/// The extreme values of the radial error e(t) = |B(t)| − 1 over t ∈ [0, 1], and where they
/// occur, found exactly (roots of d|B|²/dt, not samples).
///
/// Ties: the reported t is the smallest t whose value is within ``tieTolerance`` (absolute, in
/// radius units) of the extreme value; the reported value is the extreme value itself. So the
/// midpoint-exact quarter circle reports its minimum 0 at t = 0, not at t = ½ where rounding of
/// k leaves a value of order 1e-17 of either sign.
public struct RadialExtrema: Sendable, Equatable {
    /// max e(t), relative to the radius.
    public var maximum: Double
    public var tAtMaximum: Double
    /// Polar angle of B(tAtMaximum) from the arc's start, radians.
    public var angleAtMaximum: Double
    /// min e(t), relative to the radius.
    public var minimum: Double
    public var tAtMinimum: Double
    public var angleAtMinimum: Double

    /// max |e(t)| = max(|maximum|, |minimum|).
    public var maximumMagnitude: Double { Swift.max(abs(maximum), abs(minimum)) }

    /// Values closer than this (absolute, radius units: 2e-15 ≈ 9ε) are treated as ties.
    public static let tieTolerance = 2e-15

    /// Picks the extremes among candidate (t, e) pairs given in ascending t.
    static func select(_ candidates: [(t: Double, e: Double)], arc: CircularArc) -> RadialExtrema {
        var maximum = -Double.infinity, minimum = Double.infinity
        for c in candidates {
            maximum = Swift.max(maximum, c.e)
            minimum = Swift.min(minimum, c.e)
        }
        // Some candidate attains each extreme unless every value is NaN (or there are none):
        // then t is NaN too, rather than a trap.
        let tMax = candidates.first { c in c.e >= maximum - tieTolerance }?.t ?? .nan
        let tMin = candidates.first { c in c.e <= minimum + tieTolerance }?.t ?? .nan
        return RadialExtrema(maximum: maximum, tAtMaximum: tMax, angleAtMaximum: arc.polarAngleExact(at: tMax),
                             minimum: minimum, tAtMinimum: tMin, angleAtMinimum: arc.polarAngleExact(at: tMin))
    }
}

extension CircularArc {
    /// The exact extremes of e(t): the closed form for symmetric handles, the general root
    /// isolation otherwise.
    public var radialExtrema: RadialExtrema {
        isSymmetric ? symmetricRadialExtrema : radialExtremaByRootIsolation
    }

    /// The critical points of e(t) in (0, 1) for any handles: d|B|²/dt = s·g(t), where
    ///
    ///     g(t) = 2(1 − 2t)q(t) + t(1 − t)q′(t)
    ///          = 2α₀ + (3α₁ − 4α₀)t + (4α₂ − 5α₁)t² − 6α₂t³,
    ///
    /// with q(t) = α₀ + α₁t + α₂t² (α₀ = Q₀, α₁ = Q₁ − 2Q₀, α₂ = Q₀ − Q₁ + Q₂). So the degree-5
    /// derivative is s (the double zeros at the ends) times a cubic, whose roots in (0, 1) are
    /// isolated by ``RealRoots``.
    public var radialCriticalPoints: [Double] {
        let (q0, q1, q2) = radialCoefficients
        let a0 = q0, a1 = q1 - 2 * q0, a2 = q0 - q1 + q2
        let g = Polynomial([2 * a0, 3 * a1 - 4 * a0, 4 * a2 - 5 * a1, -6 * a2])
        return RealRoots.of(g, in: 0...1).filter { $0 > 0 && $0 < 1 }
    }

    /// The general method: e at t = 0, t = 1 and every critical point from the cubic g(t).
    public var radialExtremaByRootIsolation: RadialExtrema {
        var candidates: [(t: Double, e: Double)] = [(0, 0)]
        for t in radialCriticalPoints { candidates.append((t, radialError(at: t))) }
        candidates.append((1, 0))
        return RadialExtrema.select(candidates, arc: self)
    }

    /// Symmetric handles: d|B|²/dt = s′·s·(2c₀ − 3C·s), so the extremes are among t = 0 (e = 0),
    /// t = ½ (|B|² − 1 = (c₀ − C/4)/16) and s* = 2c₀/(3C) when 0 < s* < ¼, where
    /// |B|² − 1 = s*²c₀/3 and t* = 2s*/(1 + √(1 − 4s*)). Values at t ≥ ½ repeat those at 1 − t,
    /// so with the smallest-t rule they are never reported.
    var symmetricRadialExtrema: RadialExtrema { symmetricRadialExtrema(SymmetricArcForms(self)) }

    func symmetricRadialExtrema(_ f: SymmetricArcForms) -> RadialExtrema {
        // Candidates in ascending t: (0, 0), (t*, e*) when it exists, (½, e(½)).
        let sStar = 2 * f.c0 / (3 * f.bigC)
        let hasPeak = sStar > 0 && sStar < 0.25
        let tStar = hasPeak ? SymmetricArcForms.t(fromS: sStar) : 0
        let eStar = hasPeak ? RadialErrorMath.radialError(fromExcess: sStar * sStar * f.c0 / 3) : 0
        let eMid = RadialErrorMath.radialError(fromExcess: f.midpointExcess)
        let maximum = Swift.max(0, eStar, eMid), minimum = Swift.min(0, eStar, eMid)
        let tol = RadialExtrema.tieTolerance
        let tMax = 0 >= maximum - tol ? 0 : (hasPeak && eStar >= maximum - tol) ? tStar : 0.5
        let tMin = 0 <= minimum + tol ? 0 : (hasPeak && eStar <= minimum + tol) ? tStar : 0.5
        return RadialExtrema(maximum: maximum, tAtMaximum: tMax, angleAtMaximum: polarAngleExact(at: tMax),
                             minimum: minimum, tAtMinimum: tMin, angleAtMinimum: polarAngleExact(at: tMin))
    }

    /// The polar angle from the start, exact at the ends (0 and θ) and at t = ½ of a symmetric
    /// arc (θ/2).
    func polarAngleExact(at t: Double) -> Double {
        if t == 0 { return 0 }
        if t == 1 { return angle }
        if t == 0.5 && isSymmetric { return 0.5 * angle }
        return polarAngle(at: t)
    }
}
