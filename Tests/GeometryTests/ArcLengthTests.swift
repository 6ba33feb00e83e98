import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("Arc length and Gauss–Legendre")
struct ArcLengthTests {
    @Test("Gauss–Legendre nodes and weights match the closed forms for n = 1, 2, 3")
    func smallRules() {
        #expect(GaussLegendre(points: 1).nodes == [0] && GaussLegendre(points: 1).weights == [2])
        let two = GaussLegendre(points: 2)
        #expect(abs(two.nodes[1] - 1 / 3.0.squareRoot()) < 2e-16 && abs(two.weights[0] - 1) < 1e-15)
        let three = GaussLegendre(points: 3)
        #expect(abs(three.nodes[2] - (0.6).squareRoot()) < 2e-16)
        #expect(abs(three.weights[1] - 8.0 / 9.0) < 1e-15 && abs(three.weights[0] - 5.0 / 9.0) < 1e-15)
    }

    @Test("the 16-point rule integrates every monomial up to degree 31 exactly")
    func exactness() {
        let rule = GaussLegendre.sixteenPoint
        #expect(abs(rule.weights.reduce(0, +) - 2) < 1e-14)
        for k in 0...31 {
            let exact = k % 2 == 1 ? 0 : 2 / Double(k + 1)
            let value = rule.integrate(from: -1, to: 1) { pow($0, Double(k)) }
            #expect(abs(value - exact) < 1e-14, "x^\(k)")
        }
        // Degree 32 is not exact: the rule is really 16-point.
        #expect(abs(rule.integrate(from: -1, to: 1) { pow($0, 32) } - 2.0 / 33) > 1e-12)
    }

    @Test("a straight cubic's length is the distance covered")
    func straightCubic() {
        let c = CubicBezier(Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3))
        let r = AdaptiveArcLength(accuracy: 1e-12).length(of: c)
        #expect(abs(r.length - 3 * 2.0.squareRoot()) < 1e-12 && r.converged)
    }

    @Test("a parabola's length matches its closed form")
    func parabola() {
        // y = x² over [−a, a]: L = a√(1+4a²) + asinh(2a)/2.
        for a in [0.1, 1.0, 7.5] {
            let q = QuadraticBezier(Point(-a, a * a), Point(0, -a * a), Point(a, a * a))
            let exact = a * (1 + 4 * a * a).squareRoot() + asinh(2 * a) / 2
            for accuracy in [1e-6, 1e-10, 1e-13] {
                let r = AdaptiveArcLength(accuracy: accuracy).length(of: q.elevated)
                #expect(abs(r.length - exact) <= max(accuracy, 4e-15 * exact), "a = \(a), accuracy \(accuracy)")
            }
        }
    }

    @Test("the semicubical parabola with a cusp matches its closed form")
    func cusp() {
        // x = u², y = u³, u = 2t − 1 ∈ [−1, 1]; cusp at t = ½. L = 2·(13^{3/2} − 8)/27.
        // Bernstein control points of the cubic in t: from the power basis by hand,
        // x = 1 − 4t + 4t², y = −1 + 6t − 12t² + 8t³.
        let c = CubicBezier(Point(1, -1), Point(-1.0 / 3.0, 1), Point(-1.0 / 3.0, -1), Point(1, 1))
        for t in [0.0, 0.2, 0.5, 0.9] {
            let u = 2 * t - 1
            #expect(maxDifference(c.point(at: t), Point(u * u, u * u * u)) < 1e-15)
        }
        let exact = 2 * (pow(13, 1.5) - 8) / 27
        for accuracy in [1e-6, 1e-9, 1e-12] {
            let r = AdaptiveArcLength(accuracy: accuracy).length(of: c)
            #expect(abs(r.length - exact) <= accuracy, "accuracy \(accuracy): \(r.length) vs \(exact)")
            #expect(r.converged)
        }
        // The cusp off a dyadic point: u ∈ [−1, 0.7], cusp at t = 0.5/0.85.
        let piece = c.subsegment(from: 0, to: 0.85)
        let partial = (pow(13, 1.5) - 8) / 27 + (pow(4 + 9 * 0.49, 1.5) - 8) / 27
        for accuracy in [1e-6, 1e-9, 1e-12] {
            let r = AdaptiveArcLength(accuracy: accuracy).length(of: piece)
            #expect(abs(r.length - partial) <= accuracy, "accuracy \(accuracy): \(r.length) vs \(partial)")
        }
    }

    @Test("a path's length adds its segments, exact for lines")
    func pathLength() {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(3, 4))
        p.line(to: Point(3, 0))
        p.close()
        #expect(p.arcLength().length == 12)
    }

    @Test("degenerate and huge curves terminate")
    func degenerate() {
        let a = Point(1e300, -1e300)
        let r = AdaptiveArcLength().length(of: CubicBezier(a, a, a, a))
        #expect(r.length == 0 && r.converged)
        // An accuracy of 1e-9 is far below one ulp of a length near 1e300: the integrator stops
        // at the rounding floor (or where both estimates round alike) and returns the scaled length.
        let unit = CubicBezier(Point(0, 0), Point(1, 0.2), Point(0.3, 1), Point(0, 2))
        let huge = unit.transformed(by: .scale(x: 1e300, y: 1e300))
        let h = AdaptiveArcLength(accuracy: 1e-9).length(of: huge)
        let reference = AdaptiveArcLength(accuracy: 1e-14).length(of: unit).length
        // A depth limit that cannot be met is reported, not hidden.
        let cusp = CubicBezier(Point(1, -1), Point(-1.0 / 3.0, 1), Point(-1.0 / 3.0, -1), Point(1, 1))
        let limited = AdaptiveArcLength(accuracy: 1e-14, maxDepth: 2).length(of: cusp.subsegment(from: 0, to: 0.85))
        #expect(!limited.converged && limited.errorEstimate > 1e-14)
        #expect(abs(h.length / 1e300 - reference) < 1e-13 * reference)
    }
}
