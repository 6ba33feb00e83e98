import ArcError
import Testing

/// Every criterion for every segment count the CLI accepts (2…2²⁰): before, the minimax factor
/// trapped for n ≳ 2000 (`beztune error --k minimax --segments 3000`), where its bracket's end
/// values are rounding noise and their signs no longer differ.
@Suite("criteria for short arcs")
struct ShortArcCriteriaTests {
    static let counts = Array(2...64) + [100, 500, 1000, 1500, 2000, 2047, 2500, 3000, 5000, 10_000, 100_000, 1 << 20]

    @Test("each criterion's factor is finite, within 25 % of the midpoint factor (1 % from n = 8)",
          arguments: HandleCriterion.allCases)
    func finite(criterion: HandleCriterion) {
        for n in Self.counts {
            let k = criterion.handle(segments: n)
            let midpoint = HandleCriterion.midpoint.handle(segments: n)
            #expect(k.isFinite && k > 0 && abs(k / midpoint - 1) < (n < 8 ? 0.25 : 0.01), "\(criterion) n = \(n): \(k)")
        }
    }

    @Test("minimax: the short-arc expansion continues the solved factors")
    func minimaxExpansion() {
        // Where both are available (n = 256…1024 is solved), k_mid·(1 − 1.0341e-4·θ⁴) agrees
        // with the solved factor to a few ulps; past the switch the factor stays monotone in n.
        for n in [256, 512, 1024] {
            let theta = 2 * Double.pi / Double(n)
            let mid = HandleCriterion.midpoint.handle(segments: n)
            let expansion = mid * (1 - 1.0341e-4 * theta * theta * theta * theta)
            let solved = HandleCriterion.minimax.handle(segments: n)
            #expect(abs(solved / expansion - 1) < 1e-13, "n = \(n): \(solved) vs \(expansion)")
        }
        var previous = Double.infinity
        for n in stride(from: 1000, through: 6000, by: 250) {
            let k = HandleCriterion.minimax.handle(segments: n)
            #expect(k < previous, "n = \(n)")
            previous = k
        }
    }
}
