import Foundation
@testable import Geometry
import Testing
import _Numerics
import _TestSupport

/// The arc-length integrator's fast parts against their slow twins: the vector Gauss–Legendre
/// evaluation against the scalar rule on |B′|, the rule table against `GaussLegendre`, and the
/// adaptive result against a composite rule with thousands of pieces (an independent computation).
@Suite("Arc length kernel")
struct ArcLengthKernelTests {
    @Test("the rule table holds every order's nodes then weights, at the documented offsets")
    func ruleTable() {
        var offset = 0
        for (k, n) in AdaptiveArcLength.orders.enumerated() {
            #expect(AdaptiveArcLength.ruleOffset(k) == offset, "order \(n)")
            let rule = GaussLegendre(points: n)
            #expect(Array(AdaptiveArcLength.rules[offset..<(offset + n)]) == rule.nodes)
            #expect(Array(AdaptiveArcLength.rules[(offset + n)..<(offset + 2 * n)]) == rule.weights)
            #expect(n % 4 == 0)
            offset += 2 * n
        }
        #expect(offset == AdaptiveArcLength.rules.count)
        #expect(AdaptiveArcLength.orders.contains(AdaptiveArcLength.largestOrder))
    }

    @Test("the vector Gauss–Legendre evaluation equals the scalar rule on |B′| (every order, random intervals)")
    func vectorRuleMatchesScalar() {
        var rng = SplitMix64(seed: 501)
        var curves = boxCurves(200, seed: 502)
        curves += (0..<200).map { _ in rng.awkwardCubic() }
        for c in curves {
            let scale = WangBound.powerOfTwoScale(c.magnitude)
            let speed = CubicSpeed(CubicBezier(c.p0 / scale, c.p1 / scale, c.p2 / scale, c.p3 / scale))
            let a = rng.uniform(0, 1), b = Swift.min(1, a + rng.uniform(0, 1))
            guard b > a else { continue }
            let hodograph = speed.localHodograph(from: a, to: b)
            AdaptiveArcLength.rules.withUnsafeBufferPointer { rules in
                for (k, n) in AdaptiveArcLength.orders.enumerated() {
                    let fast = speed.gaussLegendre(from: a, to: b, hodograph: hodograph,
                                                   rule: rules.baseAddress! + AdaptiveArcLength.ruleOffset(k), points: n)
                    let slow = GaussLegendre(points: n).integrate(from: a, to: b, speed.speed(at:))
                    let scaleOfRounding = (b - a) * speed.hodographMagnitude
                    #expect(abs(fast - slow) <= 1e-13 * scaleOfRounding, "\(c) on [\(a), \(b)], order \(n): \(fast) vs \(slow)")
                }
            }
        }
    }

    @Test("500 benchmark-like cubics: within the accuracy of a 2,048-piece composite rule, and within the reported bound")
    func againstComposite() {
        let curves = boxCurves(500, seed: 503)
        let rule = GaussLegendre.sixteenPoint
        var worst = 0.0
        for c in curves {
            // The composite rule's own error is far below 1e-9 except right at an exact cusp,
            // which random curves do not have (the speed's minimum is checked below).
            var reference = 0.0
            let pieces = 2048
            for k in 0..<pieces {
                reference += rule.integrate(from: Double(k) / Double(pieces), to: Double(k + 1) / Double(pieces)) {
                    c.derivative(at: $0).length
                }
            }
            for accuracy in [1e-9, 1e-6] {
                let r = AdaptiveArcLength(accuracy: accuracy).length(of: c)
                #expect(r.converged && r.errorEstimate <= accuracy)
                let error = abs(r.length - reference)
                #expect(error <= accuracy + 1e-11, "\(c) at \(accuracy): \(r.length) vs \(reference)")
                if accuracy == 1e-9 { worst = Swift.max(worst, error) }
            }
        }
        #expect(worst <= 1e-9)
    }

    @Test("cusps, points, lines, loops and coordinates near 1e300 terminate with a status and a sound bound")
    func edgeCases() {
        let cases: [CubicBezier] = [
            CubicBezier(Point(1, -1), Point(-1.0 / 3.0, 1), Point(-1.0 / 3.0, -1), Point(1, 1)),  // cusp
            CubicBezier(Point(2, 2), Point(2, 2), Point(2, 2), Point(2, 2)),                      // a point
            CubicBezier(Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3)),                      // a line
            CubicBezier(Point(0, 0), Point(3, 0), Point(1, 0), Point(2, 0)),                      // a line doubling back
            CubicBezier(Point(0, 0), Point(10, 10), Point(-10, 10), Point(1, 0)),                 // a loop
            CubicBezier(Point(1e300, 0), Point(-1e300, 1e300), Point(1e300, 1e300), Point(0, -1e300)),
        ]
        for c in cases {
            for accuracy in [1e-3, 1e-9, 1e-13] {
                let r = AdaptiveArcLength(accuracy: accuracy).length(of: c)
                #expect(r.length.isFinite && r.errorEstimate.isFinite, "\(c) at \(accuracy)")
                #expect(r.status != .nonFinite)
                let fine = AdaptiveArcLength(accuracy: 1e-14, relativeAccuracy: 1e-15).length(of: c)
                #expect(abs(r.length - fine.length) <= r.errorEstimate + fine.errorEstimate + 1e-15 * fine.length,
                        "\(c) at \(accuracy)")
            }
        }
    }
}
