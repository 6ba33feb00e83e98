import Testing
import _Numerics
import _TestSupport

@Suite("real roots of a polynomial in an interval")
struct RealRootsTests {
    @Test("real roots: products of known linear factors, clustered and touching roots")
    func realRoots() {
        var rng = SplitMix64(seed: 9)
        for trial in 0..<500 {
            let degree = 1 + trial % 8
            let roots = (0..<degree).map { _ in rng.uniform(-0.5, 1.5) }.sorted()
            var p = Polynomial([1])
            for r in roots { p = p * Polynomial([-r, 1]) }
            let found = RealRoots.of(p, in: 0...1)
            let expected = roots.filter { $0 >= 0 && $0 <= 1 }
            // Clustered roots are ill-conditioned in the power basis (and closer than ~1e-8 merge
            // into a touching pair); well-separated ones are each found to near full precision.
            let separated = zip(roots, roots.dropFirst()).allSatisfy { $1 - $0 > 1e-2 }
            if separated {
                #expect(found.count == expected.count, "\(roots) → \(found)")
                for (f, e) in zip(found, expected) { #expect(abs(f - e) < 1e-10) }
            }
        }
        // A double root is a touching root: reported only if hit exactly, and never invented.
        #expect(RealRoots.of(Polynomial([0.25, -1, 1]), in: 0...1) == [0.5])
        #expect(RealRoots.of(Polynomial([1, 0, 1]), in: 0...1).isEmpty)
    }
}
