import Testing
import _Numerics

@Suite("Brent's root finder")
struct BrentRootTests {
    @Test("BrentRoot.root reports a missing bracket instead of trapping")
    func rootWithoutBracket() {
        #expect(BrentRoot.root(of: { $0 * $0 + 1 }, from: -1, to: 1) == nil)
        #expect(BrentRoot.root(of: { _ in .nan }, from: 0, to: 1) == nil)
        let r = BrentRoot.root(of: { $0 * $0 - 2 }, from: 0, to: 2)
        #expect(r.map { abs($0 - 2.0.squareRoot()) < 1e-15 } == true)
    }
}
