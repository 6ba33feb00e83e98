import _CLibc
import Geometry
import _Numerics

/// The error figures defined by integrals over the curve, each computed without cancellation
/// against the quantity it is compared with:
///
/// - mean square radial error, uniformly in t: ∫₀¹ e(t)² dt;
/// - mean square radial error, uniformly in polar angle φ: (1/θ)∫ e² dφ = (1/θ)∫₀¹ e(t)²φ′(t) dt,
///   φ′ = (B × B′)/|B|². For a curve whose polar angle is not monotone (handles so long that it
///   loops back) this generalises to ∫ e²|dφ| / ∫ |dφ|, the mean over the angle actually swept;
///   when φ′ > 0 throughout, ∫|dφ| = θ and the two agree;
/// - relative arc-length error: (L − θ)/θ = (1/θ)∫₀¹ (|B′| − θ) dt, the integrand written
///   (|B′|² − θ²)/(|B′| + θ) so that it is formed at its own scale; for symmetric near-circular
///   arcs (|B′|²/θ² − 1 ≤ 2⁻¹⁰, or ≤ 2⁻³ where the quadrature has cancelled) by
///   ``ArcLengthSeries`` instead, whose terms cancel beyond what any double-precision integrand
///   could carry.
///
/// Two methods: ``exact(_:)`` integrates by ``AdaptiveQuadrature`` (relative tolerance 1e-15;
/// the general and reference method); ``fast(_:)`` is the sweep's kernel for symmetric,
/// near-circular arcs (a fixed 16-point Gauss–Legendre rule over t ∈ [0, ½] in the closed forms
/// of ``SymmetricArcForms``), and returns nil outside the region where the tests verify it
/// against ``exact(_:)`` (to 1e-13 relative, or 1e-15 absolute for the length error, whose
/// integrand is only known to ~εθ).
public struct ArcIntegrals: Sendable, Equatable {
    /// ∫₀¹ e² dt.
    public var meanSquareRadialError: Double
    /// (1/θ)∫ e² dφ (∫ e²|dφ| / ∫ |dφ| in general).
    public var meanSquareRadialErrorInAngle: Double
    /// (L − θ)/θ.
    public var arcLengthError: Double

    public var rmsRadialError: Double { meanSquareRadialError.squareRoot() }
    public var rmsRadialErrorInAngle: Double { Swift.max(0, meanSquareRadialErrorInAngle).squareRoot() }

    /// Adaptive quadrature over [0, ½] and [½, 1], for any handles (for symmetric handles every
    /// integrand is even about t = ½, so only [0, ½] is integrated and doubled).
    public static func exact(_ arc: CircularArc) -> ArcIntegrals {
        let curve = arc.symmetricBezier
        let theta = arc.angle
        let quadrature = AdaptiveQuadrature()
        let pieces: [(Double, Double)] = arc.isSymmetric ? [(0, 0.5)] : [(0, 0.5), (0.5, 1)]
        let weight = arc.isSymmetric ? 2.0 : 1.0
        func integral(_ f: (Double) -> Double) -> Double {
            weight * pieces.reduce(0.0) { $0 + quadrature.integrate(from: $1.0, to: $1.1, f) }
        }
        let squared = integral { t in
            let e = arc.radialError(at: t)
            return e * e
        }
        // |dφ| = |B × B′|/|B|² dt; split at the roots of B × B′ (degree 4), where |·| has kinks.
        let (c0, c1, c2, c3) = curve.powerCoefficients
        let bx = Polynomial([c0.x, c1.x, c2.x, c3.x]), by = Polynomial([c0.y, c1.y, c2.y, c3.y])
        let crossPolynomial = bx * by.derivative - by * bx.derivative
        let upper = arc.isSymmetric ? 0.5 : 1.0
        var breaks = [0.0, 0.5, upper] + RealRoots.of(crossPolynomial, in: 0...upper)
        breaks.sort()
        var inAngle = 0.0, turning = 0.0
        for i in 0..<(breaks.count - 1) where breaks[i + 1] > breaks[i] {
            inAngle += quadrature.integrate(from: breaks[i], to: breaks[i + 1]) { t in
                let p = arc.squaredRadiusExcess(at: t)
                let e = RadialErrorMath.radialError(fromExcess: p)
                return e * e * abs(curve.point(at: t).cross(curve.derivative(at: t))) / (1 + p)
            }
            turning += quadrature.integrate(from: breaks[i], to: breaks[i + 1]) { t in
                let p = arc.squaredRadiusExcess(at: t)
                return abs(curve.point(at: t).cross(curve.derivative(at: t))) / (1 + p)
            }
        }
        // Symmetric near-circular handles: the series, or its first two terms exactly and the rest
        // integrated (``ArcLengthSeries``).
        let length: Double
        if arc.isSymmetric, let series = ArcLengthSeries.relativeLengthError(SymmetricArcForms(arc), largestBound: 0x1p-3) {
            length = series * theta
        } else if arc.isSymmetric, ArcLengthSeries.splits(SymmetricArcForms(arc)) {
            // The first two terms of the series exactly, the rest integrated (see ``ArcLengthSeries``).
            let forms = SymmetricArcForms(arc)
            let theta2 = forms.exactThetaSquared.value
            let rest = weight * quadrature.integrate(from: 0, to: 0.5) { t in
                ArcLengthSeries.remainder(forms.speedSquaredExcess(s: t * (1 - t)) / theta2)
            }
            length = (ArcLengthSeries.leadingTerms(forms) + rest) * theta
        } else {
            // Far from the circle, or asymmetric: |B′| − θ directly. |B′|² − θ² is then only
            // known to ~ε·θ²: the integrand to ~εθ, hence the absolute tolerance.
            let lengthQuadrature = AdaptiveQuadrature(absoluteTolerance: 4 * Double.ulpOfOne * theta)
            length = weight * pieces.reduce(0.0) { sum, piece in
                sum + lengthQuadrature.integrate(from: piece.0, to: piece.1) { t in
                    let v = curve.derivative(at: t).lengthSquared
                    return (v - theta * theta) / (v.squareRoot() + theta)
                }
            }
        }
        return ArcIntegrals(meanSquareRadialError: squared, meanSquareRadialErrorInAngle: inAngle / turning,
                            arcLengthError: length / theta)
    }

    /// The fixed-rule kernel for symmetric arcs, or nil when the arc is outside its verified
    /// region: |B|² within [0.8, 1.25], |B′|² within a factor 1.5 of its end value, and
    /// B × B′ > 0 over the whole curve (checked from the closed forms at s = 0, ¼ and at the
    /// interior extremum of each quadratic in s).
    public static func fast(_ f: SymmetricArcForms, angle theta: Double, extrema: RadialExtrema) -> ArcIntegrals? {
        guard extrema.maximum < 0.118, extrema.minimum > -0.105 else { return nil }  // |B|² ∈ [0.8, 1.25]
        let vEnd = f.v0, vMid = f.speedSquared(s: 0.25)
        var vLo = Swift.min(vEnd, vMid), vHi = Swift.max(vEnd, vMid)
        if f.v2 != 0 {
            let sv = -f.v1 / (2 * f.v2)
            if sv > 0 && sv < 0.25 {
                let v = f.speedSquared(s: sv)
                vLo = Swift.min(vLo, v)
                vHi = Swift.max(vHi, v)
            }
        }
        guard vLo > vEnd / 1.5, vHi < vEnd * 1.5 else { return nil }
        guard f.cross(s: 0.25) > 0 else { return nil }  // D(0) = 3k > 0; D is quadratic in s
        if f.d2 != 0 {
            let sd = -f.d1 / (2 * f.d2)
            if sd > 0 && sd < 0.25 && f.cross(s: sd) <= 0 { return nil }
        }
        let nodes = FastRule.nodes, weights = FastRule.weights
        let theta2 = f.exactThetaSquared.value
        let split = ArcLengthSeries.splits(f)
        var squared = 0.0, inAngle = 0.0, length = 0.0, lengthMagnitude = 0.0
        for i in 0..<FastRule.count {
            let t = nodes[i]
            let s = t * (1 - t)
            let p = f.squaredRadiusExcess(s: s)
            let e = p / (1 + (1 + p).squareRoot())
            let e2 = e * e
            let w = weights[i]
            squared += w * e2
            inAngle += w * e2 * f.cross(s: s) / (1 + p)
            // √(1 + u) − 1 beyond its first two terms (see ``ArcLengthSeries``), or whole.
            let u = f.speedSquaredExcess(s: s) / theta2
            let rest = split ? ArcLengthSeries.remainder(u) : u / (1 + Swift.max(0, 1 + u).squareRoot())
            length += w * rest
            lengthMagnitude += w * abs(rest)
        }
        // The rule's weights integrate over [0, ½]; the curve is symmetric, so double.
        // The first two terms exactly and the rest by the rule; where even that has cancelled
        // (at the arc-length-preserving factor itself) the whole series, up to max|u| ≤ 1/8.
        let leading = split ? ArcLengthSeries.leadingTerms(f) : 0
        var arcLengthError = ArcLengthSeries.relativeLengthError(f) ?? leading + 2 * length
        if ArcLengthSeries.needed(quadrature: leading + 2 * length, magnitude: 2 * lengthMagnitude + Double.ulpOfOne * abs(leading)),
           let series = ArcLengthSeries.relativeLengthError(f, largestBound: 0x1p-3) {
            arcLengthError = series
        }
        return ArcIntegrals(meanSquareRadialError: 2 * squared, meanSquareRadialErrorInAngle: 2 * inAngle / theta,
                            arcLengthError: arcLengthError)
    }

    /// The 16-point Gauss–Legendre rule mapped onto t ∈ [0, ½].
    enum FastRule {
        static let count = 16
        static let nodes: [Double] = GaussLegendre.sixteenPoint.nodes.map { 0.25 + 0.25 * $0 }
        static let weights: [Double] = GaussLegendre.sixteenPoint.weights.map { 0.25 * $0 }
    }
}
