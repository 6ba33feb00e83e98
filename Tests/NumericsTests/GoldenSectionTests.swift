import Foundation
import Testing
import _Numerics

@Suite("golden-section search")
struct GoldenSectionTests {
    @Test("golden-section search finds the maximum of unimodal functions", arguments: [0.3, 0.5, 0.9, 0.01])
    func goldenSection(_ peak: Double) {
        let f = { (x: Double) in -(x - peak) * (x - peak) + 2 }
        // Near the peak f changes by less than an ulp of 2 within ±√ε·… of it, so t is known to
        // about 1e-8, the value to an ulp.
        let byWidth = GoldenSection.maximum(of: f, from: 0, to: 1, width: 1e-10)
        #expect(abs(byWidth.t - peak) <= 1e-7 && abs(byWidth.value - 2) <= 1e-15)
        let bySteps = GoldenSection.maximum(of: f, from: 0, to: 1, steps: 40)
        #expect(abs(bySteps.t - peak) <= 1e-7 && abs(bySteps.value - 2) <= 1e-15)
        // sin on [0, π]: the maximum 1 at π/2.
        let s = GoldenSection.maximum(of: sin, from: 0, to: .pi, width: 1e-12)
        #expect(abs(s.t - .pi / 2) <= 1e-6 && abs(s.value - 1) <= 1e-15)
    }
}
