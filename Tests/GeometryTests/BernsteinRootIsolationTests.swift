import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("Bernstein quintic and root isolation")
struct BernsteinRootIsolationTests {
    /// The Bernstein coefficients of ∏(t − rᵢ) (five roots), from the power basis: the
    /// coefficient of tʲ contributes C(k, j)/C(5, j) to cₖ.
    func quintic(roots r: [Double]) -> BernsteinQuintic {
        var power = [1.0]  // ascending powers
        for root in r {
            var next = [Double](repeating: 0, count: power.count + 1)
            for (j, a) in power.enumerated() {
                next[j + 1] += a
                next[j] -= root * a
            }
            power = next
        }
        func binomial(_ n: Int, _ k: Int) -> Double {
            (0..<k).reduce(1.0) { $0 * Double(n - $1) / Double($1 + 1) }
        }
        var c = [Double](repeating: 0, count: 6)
        for k in 0...5 {
            for j in 0...k { c[k] += power[j] * binomial(k, j) / binomial(5, j) }
        }
        return BernsteinQuintic(c[0], c[1], c[2], c[3], c[4], c[5])
    }

    @Test("the product formula is the dot product of the cubic and the quadratic")
    func productFormula() {
        var rng = SplitMix64(seed: 201)
        for _ in 0..<500 {
            let a = (rng.point(), rng.point(), rng.point(), rng.point())
            let b = (rng.point(), rng.point(), rng.point())
            let f = BernsteinQuintic(cubic: a, quadratic: b)
            let cubic = CubicBezier(a.0, a.1, a.2, a.3), quad = QuadraticBezier(b.0, b.1, b.2)
            for t in [0.0, 0.13, 0.5, 0.71, 1.0] {
                let direct = cubic.point(at: t).dot(quad.point(at: t))
                #expect(abs(f.value(at: t) - direct) <= 1e-10 * 1e4)
            }
        }
    }

    @Test("subdivision halves and splits agree with evaluation")
    func subdivision() {
        let f = quintic(roots: [0.1, 0.35, 0.5, 0.8, 1.7])
        let (l, r) = f.halves()
        let (l2, r2) = f.split(at: 0.3)
        let piece = f.restricted(from: 0.2, to: 0.6)
        for u in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(abs(l.value(at: u) - f.value(at: u / 2)) < 1e-15)
            #expect(abs(r.value(at: u) - f.value(at: 0.5 + u / 2)) < 1e-15)
            #expect(abs(l2.value(at: u) - f.value(at: 0.3 * u)) < 1e-15)
            #expect(abs(r2.value(at: u) - f.value(at: 0.3 + 0.7 * u)) < 1e-15)
            #expect(abs(piece.value(at: u) - f.value(at: 0.2 + 0.4 * u)) < 1e-15)
        }
        let d = f.valueAndDerivative(at: 0.4).derivative
        let h = 1e-6
        #expect(abs(d - (f.value(at: 0.4 + h) - f.value(at: 0.4 - h)) / (2 * h)) < 1e-8)
    }

    @Test("sign variations bound the roots: known roots are all found, and nothing else")
    func knownRoots() {
        let cases: [[Double]] = [
            [0.1, 0.35, 0.5, 0.8, 1.7],      // four in [0, 1], one on the split point ½
            [0.2, 0.2000001, 0.7, -1, 2],    // a tight pair
            [-0.5, 1.5, 2, 3, -2],           // none inside
            [0.25, 0.25, 0.9, 4, 5],         // a double root
            [0, 1, 0.5, 0.5, 0.5],           // roots at both ends and a triple root
            [0.123456789, 0.987654321, 0.5 + 1e-9, 3, 4],
        ]
        let isolation = BernsteinRootIsolation()
        for roots in cases {
            let f = quintic(roots: roots)
            let found = isolation.roots(of: f)
            for r in roots where r >= 0 && r <= 1 {
                let nearest = found.map { abs($0 - r) }.min() ?? .infinity
                // Simple roots to full precision; multiple roots to the rounding level of a
                // multiple root (ε^(1/m)). A root of even multiplicity is not a sign change —
                // f only touches zero, and rounding may lift it off: nothing to find (for the
                // nearest-point search it is not an extremum of the distance either).
                let multiplicity = roots.filter { abs($0 - r) < 1e-6 }.count
                if multiplicity % 2 == 0 { continue }
                let tolerance = multiplicity == 1 ? 1e-12 : pow(1e-15, 1 / Double(multiplicity)) * 10
                #expect(nearest <= tolerance, "root \(r) of \(roots): found \(found)")
            }
            for t in found {
                #expect(abs(f.value(at: t)) < 1e-12, "spurious \(t) for \(roots)")
            }
        }
        // All zero: only the end points are reported.
        let zero = BernsteinQuintic(0, 0, 0, 0, 0, 0)
        #expect(isolation.candidates(of: zero).points.map(\.kind) == [.endPoint, .endPoint])
        #expect(zero.signVariations == 0)
    }

    @Test("limits are honoured and reported")
    func limits() {
        // A double root cannot be isolated: the depth limit is reached and reported.
        let f = quintic(roots: [1.0 / 3.0, 1.0 / 3.0, 2, 3, 4])
        let shallow = BernsteinRootIsolation(maxDepth: 4)
        let (points, status) = shallow.candidates(of: f)
        #expect(status == .depthLimited)
        #expect(points.contains { $0.kind == .unresolved && abs($0.t - 1.0 / 3.0) <= 1.0 / 32 })
        let noSplits = BernsteinRootIsolation(maxSplits: 0)
        let r = noSplits.candidates(of: quintic(roots: [0.1, 0.2, 0.3, 0.4, 0.9]))
        #expect(r.status == .splitLimited && r.points.contains { $0.kind == .unresolved && $0.t == 0.5 })
    }

    @Test("random quintics: every sign change of the function on a fine grid is a reported root")
    func randomQuintics() {
        var rng = SplitMix64(seed: 202)
        let isolation = BernsteinRootIsolation()
        for _ in 0..<2000 {
            let f = BernsteinQuintic(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1),
                                     rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1))
            let found = isolation.roots(of: f)
            var previous = f.value(at: 0)
            for k in 1...400 {
                let t = Double(k) / 400, v = f.value(at: t)
                if (previous < 0) != (v < 0) && previous != 0 && v != 0 {
                    #expect(found.contains { $0 >= (t - 1.0 / 400) - 1e-12 && $0 <= t + 1e-12 },
                            "sign change in [\(t - 1.0 / 400), \(t)] of \(f): \(found)")
                }
                previous = v
            }
        }
    }
}
