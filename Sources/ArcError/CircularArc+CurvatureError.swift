import _CLibc
import Geometry
import _Numerics

/// Curvature error κ(t)·r − 1 of the approximating cubic, relative to the circle's 1/r.
///
/// At the ends it has a closed form in the radial coefficients: with B′(0) = 3k₁T₀ and
/// B′(0) × B″(0) = 18k₁·T₀ × (P₂ − P₀) = 36k₁a(a − k₂b),
///
///     κ(0) − 1 = −Q₀/(9k₁²),   κ(1) − 1 = −Q₂/(9k₂²),
///
/// so c₀ = Q₀ = 0 is exactly the end-curvature-matching condition. Along the curve
/// κ = W/V^{3/2} with W = B′ × B″ (degree 2) and V = |B′|² (degree 4); its critical points are
/// the roots of 2W′V − 3WV′ (degree 5; for symmetric handles, t = ½ and a quadratic in s).
public struct CurvatureErrorFigures: Sendable, Equatable {
    /// κ(0)·r − 1.
    public var atStart: Double
    /// κ(1)·r − 1.
    public var atEnd: Double
    /// The signed value of κ·r − 1 where |κ·r − 1| is largest over t ∈ [0, 1] (smallest t on ties).
    public var maximum: Double
    public var tAtMaximum: Double

    static func select(_ candidates: [(t: Double, value: Double)], start: Double, end: Double) -> CurvatureErrorFigures {
        var best = 0.0
        for c in candidates { best = Swift.max(best, abs(c.value)) }
        let tie = RadialExtrema.tieTolerance * Swift.max(1, best)
        // Some candidate attains `best` unless every value is NaN (or there are none): NaN then.
        let pick = candidates.first { abs($0.value) >= best - tie } ?? (t: .nan, value: .nan)
        return CurvatureErrorFigures(atStart: start, atEnd: end, maximum: pick.value, tAtMaximum: pick.t)
    }
}

extension CircularArc {
    /// κ(t)·r − 1 at one t, as (W − V^{3/2})/V^{3/2} from the curve's derivatives.
    public func curvatureError(at t: Double) -> Double {
        let curve = symmetricBezier
        let d1 = curve.derivative(at: t), d2 = curve.secondDerivative(at: t)
        let v = d1.lengthSquared
        let v32 = v * v.squareRoot()
        return (d1.cross(d2) - v32) / v32
    }

    /// The end values from the closed forms and the maximum over t: closed form in s for
    /// symmetric handles, root isolation of the degree-5 critical polynomial otherwise.
    public var curvatureErrorFigures: CurvatureErrorFigures {
        isSymmetric ? symmetricCurvatureErrorFigures : curvatureErrorFiguresByRootIsolation
    }

    var endCurvatureErrors: (start: Double, end: Double) {
        let (q0, _, q2) = radialCoefficients
        return (-q0 / (9 * startHandle * startHandle), -q2 / (9 * endHandle * endHandle))
    }

    public var curvatureErrorFiguresByRootIsolation: CurvatureErrorFigures {
        let (_, c1, c2, c3) = symmetricBezier.powerCoefficients
        // B′ = c₁ + 2c₂t + 3c₃t², B″ = 2c₂ + 6c₃t.
        let dx = Polynomial([c1.x, 2 * c2.x, 3 * c3.x]), dy = Polynomial([c1.y, 2 * c2.y, 3 * c3.y])
        let ddx = Polynomial([2 * c2.x, 6 * c3.x]), ddy = Polynomial([2 * c2.y, 6 * c3.y])
        let w = dx * ddy - dy * ddx
        let v = dx * dx + dy * dy
        let critical = 2 * (w.derivative * v) - 3 * (w * v.derivative)
        let (start, end) = endCurvatureErrors
        var candidates: [(t: Double, value: Double)] = [(0, start)]
        for t in RealRoots.of(critical, in: 0...1) where t > 0 && t < 1 {
            candidates.append((t, curvatureError(at: t)))
        }
        candidates.append((1, end))
        return CurvatureErrorFigures.select(candidates, start: start, end: end)
    }

    /// Symmetric: κ(s) = W(s)/V(s)^{3/2} with W = w₀ + w₁s, V = v₀ + v₁s + v₂s², so
    /// dκ/ds = 0 ⇔ 2W′V − 3WV′ = −4w₁v₂·s² − (w₁v₁ + 6w₀v₂)·s + (2w₁v₀ − 3w₀v₁) = 0;
    /// candidates s = 0 (the ends), s = ¼ (t = ½) and the quadratic's roots in (0, ¼).
    var symmetricCurvatureErrorFigures: CurvatureErrorFigures { symmetricCurvatureErrorFigures(SymmetricArcForms(self)) }

    func symmetricCurvatureErrorFigures(_ f: SymmetricArcForms) -> CurvatureErrorFigures {
        let start = -f.c0 / (9 * f.k * f.k)
        // Evaluated from the components, B′ = (3ka·s′, 3kb + 6ms), B″ = (−6ka, 6m·s′):
        // V = 9k²a²(1 − 4s) + B′_y² and W = 18kam(1 − 4s) + 6ka·B′_y, sums of small terms near a
        // cusp (where the expanded polynomials V(s), W(s) would cancel).
        let k = f.k, a = f.a, m = f.m
        func value(_ s: Double) -> Double {
            let sPrime2 = 1 - 4 * s
            let dy = 3 * k * f.b + 6 * m * s
            let v = 9 * k * k * a * a * sPrime2 + dy * dy
            let w = 18 * k * a * m * sPrime2 + 6 * k * a * dy
            let v32 = v * v.squareRoot()
            return (w - v32) / v32
        }
        // Candidates in ascending t: the end (s = 0), the quadratic's roots in (0, ¼), t = ½.
        var c = (t0: 0.0, v0: start, t1: 0.0, v1: Double.nan, t2: 0.0, v2: Double.nan, t3: 0.5, v3: value(0.25))
        let roots = QuadraticRoots(a: -4 * f.w1 * f.v2, b: -(f.w1 * f.v1 + 6 * f.w0 * f.v2),
                                   c: 2 * f.w1 * f.v0 - 3 * f.w0 * f.v1)
        if roots.count > 0 && roots.first > 0 && roots.first < 0.25 {
            (c.t1, c.v1) = (SymmetricArcForms.t(fromS: roots.first), value(roots.first))
        }
        if roots.count > 1 && roots.second > 0 && roots.second < 0.25 {
            (c.t2, c.v2) = (SymmetricArcForms.t(fromS: roots.second), value(roots.second))
        }
        // s ascending ⇔ t ascending on [0, ½]; NaN marks an absent candidate.
        let best = Swift.max(abs(c.v0), c.v1.isNaN ? 0 : abs(c.v1), c.v2.isNaN ? 0 : abs(c.v2), abs(c.v3))
        let tie = RadialExtrema.tieTolerance * Swift.max(1, best)
        let pick: (Double, Double)
        if abs(c.v0) >= best - tie { pick = (c.t0, c.v0) }
        else if !c.v1.isNaN && abs(c.v1) >= best - tie { pick = (c.t1, c.v1) }
        else if !c.v2.isNaN && abs(c.v2) >= best - tie { pick = (c.t2, c.v2) }
        else { pick = (c.t3, c.v3) }
        return CurvatureErrorFigures(atStart: start, atEnd: start, maximum: pick.1, tAtMaximum: pick.0)
    }

    /// The symmetric handle whose end curvature equals the circle's: the positive root of
    /// c₀ = 9k² + 12ab·k − 12a² = 0, k = 2a/(b + √(b² + 3)) (cancellation-free; (√7 − 1)/3 for the
    /// quarter circle).
    var curvatureMatchingHandle: Double {
        let a = exactSinHalfAngle, b = exactCosHalfAngle
        return ((a * 2) / (b + (b * b + 3).squareRoot())).value
    }
}
