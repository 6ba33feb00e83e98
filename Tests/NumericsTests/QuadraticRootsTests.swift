import Testing
import _Numerics
import _TestSupport

@Suite("real roots of a quadratic")
struct QuadraticRootsTests {
    @Test("quadratic roots against known values, including tiny and zero leading terms")
    func quadraticRoots() {
        let close = { (r: QuadraticRoots, expected: [Double]) -> Bool in
            r.values.count == expected.count
                && zip(r.values, expected).allSatisfy { abs($0 - $1) <= 4 * Double.ulpOfOne * abs($1) }
        }
        #expect(close(QuadraticRoots(a: 1, b: -3, c: 2), [1, 2]))
        // (t − 1e-9)(t − 1e9) = t² − (1e9 + 1e-9)t + 1: the small root is not lost to cancellation.
        let s = QuadraticRoots(a: 1, b: -(1e9 + 1e-9), c: 1)
        #expect(abs(s.first - 1e-9) <= 1e-24 && abs(s.second - 1e9) <= 1e-6)
        #expect(QuadraticRoots(a: 0, b: 2, c: -1).values == [0.5])
        #expect(QuadraticRoots(a: 1e-300, b: 2, c: -1).values.contains { abs($0 - 0.5) < 1e-15 })
        #expect(QuadraticRoots(a: 1, b: 0, c: 1).count == 0)
        #expect(QuadraticRoots(a: 0, b: 0, c: 1).count == 0)
        #expect(close(QuadraticRoots(a: 1e300, b: -3e300, c: 2e300), [1, 2]))
        #expect(QuadraticRoots(a: .nan, b: 1, c: 1).count == 0)
        var rng = SplitMix64(seed: 12)
        for _ in 0..<10_000 {
            let x1 = Double.random(in: -10...10, using: &rng), x2 = Double.random(in: -10...10, using: &rng)
            let a = Double.random(in: 0.1...10, using: &rng)
            let roots = QuadraticRoots(a: a, b: -a * (x1 + x2), c: a * x1 * x2)
            #expect(roots.count == 2)
            #expect(abs(roots.first - min(x1, x2)) <= 1e-6 && abs(roots.second - max(x1, x2)) <= 1e-6)
        }
    }
}
