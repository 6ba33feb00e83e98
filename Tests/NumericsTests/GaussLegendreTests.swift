import Foundation
import Testing
import _Numerics

@Suite("Gauss–Legendre rules")
struct GaussLegendreTests {
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
}
