import ArcError
import Foundation
import Geometry
import Testing
import _Numerics
import _TestSupport

/// Every fast path against its slow, obviously correct twin.
@Suite("fast paths against their slow twins")
struct TwinTests {
    /// Seeded (k, n) pairs: near each n's optimum and anywhere in 0.3…1.5.
    static func pairs(count: Int, seed: UInt64) -> [CircularArc] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let n = Int(rng.uniform(2, 65))
            let k = i % 2 == 0 ? HandleCriterion.midpoint.handle(segments: n) * rng.uniform(0.8, 1.2) : rng.uniform(0.3, 1.5)
            return CircularArc(segments: n, handle: k)
        }
    }

    @Test("radial error: factored form against |B(t)| − 1 from de Casteljau")
    func radialErrorDirect() {
        for arc in TwinTests.pairs(count: 200, seed: 1) {
            for t in stride(from: 0.0, through: 1.0, by: 0.05) {
                let direct = arc.bezier.point(at: t).length - 1
                #expect(abs(arc.radialError(at: t) - direct) < 4e-16 * (1 + arc.startHandle))
            }
        }
    }

    @Test("extrema: symmetric closed form against root isolation of the general cubic")
    func extrema() {
        for arc in TwinTests.pairs(count: 2000, seed: 2) {
            let fast = arc.radialExtrema, slow = arc.radialExtremaByRootIsolation
            #expect(agrees(fast.maximum, slow.maximum, relative: 1e-13, absolute: 1e-16))
            #expect(agrees(fast.minimum, slow.minimum, relative: 1e-13, absolute: 1e-16))
            #expect(abs(fast.tAtMaximum - slow.tAtMaximum) < 1e-8 && abs(fast.tAtMinimum - slow.tAtMinimum) < 1e-8)
        }
    }

    /// The two methods share only the 106-bit arc set-up; the automatic one goes through the
    /// closed forms in s, the general one through the cubic's polynomials and root isolation.
    @Test("automatic against general: every figure, 2 to 2²⁰ segments, factors 10⁻³ to 10× the midpoint factor")
    func methodsAgreeOverScales() {
        var rng = SplitMix64(seed: 20)
        for _ in 0..<400 {
            let n = Int(exp(rng.uniform(log(2), log(1_048_576))))
            let k = Swift.min(10, HandleCriterion.midpoint.handle(segments: n) * pow(10, rng.uniform(-3, 1)))
            let arc = CircularArc(segments: n, handle: k)
            let fast = ArcErrorReport(arc, method: .automatic), slow = ArcErrorReport(arc, method: .general)
            let label = "n = \(n), k = \(k)"
            let scale = fast.radial.maximumMagnitude
            for (a, b) in [(fast.radial.maximum, slow.radial.maximum), (fast.radial.minimum, slow.radial.minimum),
                           (fast.rmsRadialError, slow.rmsRadialError), (fast.rmsRadialErrorInAngle, slow.rmsRadialErrorInAngle)] {
                #expect(a.isFinite && abs(a - b) <= 1e-12 * scale, "\(label): \(a) vs \(b)")
            }
            #expect(fast.areaError == slow.areaError && fast.areaError.isFinite, "\(label)")
            #expect(agrees(fast.maximumTangentErrorDegrees, slow.maximumTangentErrorDegrees, relative: 1e-10, absolute: 1e-300), "\(label)")
            #expect(fast.curvature.atStart == slow.curvature.atStart && fast.curvature.atStart.isFinite, "\(label)")
            // The general method's interior curvature and arc length are formed in double.
            #expect(agrees(fast.arcLengthError, slow.arcLengthError, relative: 1e-8, absolute: 1e-16), "\(label): \(fast.arcLengthError) vs \(slow.arcLengthError)")
            #expect(fast.curvature.maximum.isFinite && slow.curvature.maximum.isFinite, "\(label)")
        }
    }

    @Test("extrema: no sample of e(t) exceeds the exact extremes")
    func extremaBoundSamples() {
        for arc in TwinTests.pairs(count: 300, seed: 3) + [CircularArc(segments: 5, startHandle: 0.4, endHandle: 1.2)] {
            let r = arc.radialExtrema
            for i in 0...1000 {
                let e = arc.radialError(at: Double(i) / 1000)
                #expect(e <= r.maximum + 1e-15 && e >= r.minimum - 1e-15)
            }
        }
    }

    @Test("integrals: the fixed-rule kernel against adaptive quadrature wherever it claims validity")
    func integrals() {
        var used = 0
        for arc in TwinTests.pairs(count: 600, seed: 4) {
            guard let fast = ArcIntegrals.fast(SymmetricArcForms(arc), angle: arc.angle, extrema: arc.radialExtrema) else { continue }
            used += 1
            let exact = ArcIntegrals.exact(arc)
            #expect(agrees(fast.meanSquareRadialError, exact.meanSquareRadialError, relative: 1e-13, absolute: 1e-30))
            #expect(agrees(fast.meanSquareRadialErrorInAngle, exact.meanSquareRadialErrorInAngle, relative: 1e-13, absolute: 1e-30))
            // |B′| − θ is known to ~εθ, so the length error to ~1e-16 absolute.
            #expect(agrees(fast.arcLengthError, exact.arcLengthError, relative: 1e-13, absolute: 1e-15))
        }
        #expect(used > 150)
    }

    @Test("tangent and curvature: closed forms in s against the general critical polynomials")
    func tangentAndCurvature() {
        for arc in TwinTests.pairs(count: 1000, seed: 5) {
            #expect(agrees(arc.maximumTangentErrorDegrees, arc.maximumTangentErrorDegreesByRootIsolation, relative: 1e-12, absolute: 1e-14))
            let fast = arc.curvatureErrorFigures, slow = arc.curvatureErrorFiguresByRootIsolation
            #expect(agrees(fast.maximum, slow.maximum, relative: 1e-11, absolute: 1e-14), "\(arc)")
        }
    }

    @Test("tangent and curvature maxima bound dense samples")
    func sampledBounds() {
        for arc in TwinTests.pairs(count: 100, seed: 6) + [CircularArc(segments: 3, startHandle: 0.5, endHandle: 0.9)] {
            let tangent = arc.maximumTangentErrorDegrees, curvature = abs(arc.curvatureErrorFigures.maximum)
            for i in 0...2000 {
                let t = Double(i) / 2000
                #expect(abs(arc.tangentError(at: t)) * 180 / Double.pi <= tangent * (1 + 1e-12) + 1e-14)
                #expect(abs(arc.curvatureError(at: t)) <= curvature * (1 + 1e-9) + 1e-12)
            }
        }
    }

    @Test("area: closed form against Green's theorem by 16-point Gauss–Legendre (exact for the degree-4 integrand)")
    func area() {
        for arc in TwinTests.pairs(count: 300, seed: 7) + [CircularArc(segments: 7, startHandle: 0.2, endHandle: 0.7)] {
            let curve = arc.bezier
            let a = 0.5 * GaussLegendre.sixteenPoint.integrate(from: 0, to: 1) { t in curve.point(at: t).cross(curve.derivative(at: t)) }
            #expect(abs(arc.bezierSectorArea - a) < 1e-15)
            #expect(agrees(arc.areaError, (a - arc.angle / 2) / (arc.angle / 2), relative: 1e-9, absolute: 1e-14))
        }
    }

    @Test("squashed circle: with sx = sy = 1 the orthogonal distance is the radial error")
    func unitSquash() {
        for n in [3, 4, 6, 9] {
            for k in [0.3, HandleCriterion.minimax.handle(segments: n), 0.8] {
                let d = SquashedCircle(segments: n, handle: k, scaleX: 1, scaleY: 1).maximumDistanceToEllipse
                let e = CircularArc(segments: n, handle: k).radialExtrema.maximumMagnitude
                #expect(agrees(d, e, relative: 1e-12, absolute: 1e-15), "n=\(n) k=\(k)")
            }
        }
    }

    /// The distance is homogeneous of degree 1 in (sx, sy); scaled by powers of two it must be
    /// exactly the scaled value, from 1e-300 to 1e300 (it overflowed to ∞ near 1e308 and
    /// underflowed near 1e-300 before the computation was normalised), and squash ratios up to
    /// the 1e12 allowed keep the linear law d ≈ c·min(sx, sy) of a flattened ellipse.
    @Test("squashed circle: homogeneous in the squash factors over the whole double range")
    func squashHomogeneity() {
        let k = HandleCriterion.minimax.handle(segments: 4)
        let unit = SquashedCircle(segments: 4, handle: k, scaleX: 1.2, scaleY: 0.8).maximumDistanceToEllipse
        for e in [-990, -500, -20, 0, 20, 500, 1000] {
            let p = Double(sign: .plus, exponent: e, significand: 1)
            let d = SquashedCircle(segments: 4, handle: k, scaleX: 1.2 * p, scaleY: 0.8 * p).maximumDistanceToEllipse
            #expect(d == unit * p, "2^\(e)")
        }
        let flat = { (ratio: Double) in SquashedCircle(segments: 4, handle: k, scaleX: 1, scaleY: 1 / ratio).maximumDistanceToEllipse }
        let slope = flat(1e6) * 1e6
        for ratio in [1e8, 1e10, 1e12] {
            #expect(abs(flat(ratio) * ratio - slope) <= 1e-5 * slope, "ratio \(ratio)")
        }
    }

    @Test("ellipse distance: Eberly's bisection against a dense search over the ellipse")
    func ellipse() {
        var rng = SplitMix64(seed: 8)
        let ellipse = Ellipse(semiAxisX: 1.2, semiAxisY: 0.8)
        for _ in 0..<200 {
            let p = Point(rng.uniform(-2, 2), rng.uniform(-2, 2))
            var best = Double.infinity
            var u = 0.0
            for i in 0..<20000 {
                let a = 2 * Double.pi * Double(i) / 20000
                let d = p.distance(to: Point(1.2 * cos(a), 0.8 * sin(a)))
                if d < best { (best, u) = (d, a) }
            }
            // Refine the dense minimum by golden section on the angle.
            var lo = u - 2 * Double.pi / 20000, hi = u + 2 * Double.pi / 20000
            for _ in 0..<100 {
                let m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3
                if p.distance(to: Point(1.2 * cos(m1), 0.8 * sin(m1))) < p.distance(to: Point(1.2 * cos(m2), 0.8 * sin(m2))) { hi = m2 } else { lo = m1 }
            }
            best = p.distance(to: Point(1.2 * cos(lo), 0.8 * sin(lo)))
            let inside = (p.x / 1.2) * (p.x / 1.2) + (p.y / 0.8) * (p.y / 0.8) < 1
            #expect(abs(abs(ellipse.signedDistance(to: p)) - best) < 1e-12)
            #expect((ellipse.signedDistance(to: p) < 0) == inside)
        }
    }
}
