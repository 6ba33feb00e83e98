import Deform
import Foundation
import Interchange
import Testing

@Suite("CSS linear() easing: the fewest stops within the tolerance")
struct LinearEasingTests {
    static let springs: [TimingFunction] = [
        ExportFixtures.spring(14, 0.35, 3), ExportFixtures.spring(18, 0.45, 2), ExportFixtures.spring(25, 0.15),
        ExportFixtures.spring(10, 1), ExportFixtures.spring(8, 2.5, -4),
    ]

    /// max |T(x) − L(x)| over 200,001 evenly spaced x: a dense measurement independent of the
    /// construction's own sampling.
    func denseError(_ timing: TimingFunction, _ easing: LinearEasing) -> Double {
        var worst = 0.0
        for i in 0...200_000 {
            let x = Double(i) / 200_000
            worst = max(worst, abs(timing.value(at: x) - easing.value(at: x)))
        }
        return worst
    }

    @Test("within 1e-3 in y at every x, stops on the curve, ends at 0 and 1")
    func withinTolerance() {
        for t in Self.springs {
            for tol in [1e-3, 1e-4] {
                let e = LinearEasing(approximating: t, tolerance: tol)
                #expect(e.stops.first?.x == 0 && e.stops.last?.x == 1)
                #expect(e.stops.allSatisfy { $0.y == t.value(at: $0.x) })
                #expect(zip(e.stops, e.stops.dropFirst()).allSatisfy { $0.x < $1.x })
                let err = denseError(t, e)
                #expect(err <= tol * (1 + 1e-6), "\(t) at \(tol): \(err) with \(e.stops.count) stops")
            }
        }
    }

    @Test("no stop can be dropped, and the count is near the asymptotic optimum ∫√(|T″|/(8·tol)) dx")
    func fewest() {
        for t in Self.springs {
            let tol = 1e-3
            let e = LinearEasing(approximating: t, tolerance: tol)
            // Dropping stop k joins k − 1 and k + 1 by one chord: it must exceed the tolerance.
            for k in 1..<(e.stops.count - 1) {
                let a = e.stops[k - 1].x, b = e.stops[k + 1].x
                #expect(LinearEasing.chordError({ t.value(at: $0) }, from: a, to: b) > tol, "\(t): stop \(k) is redundant")
            }
            // ∫√(|T″|/8tol) by the midpoint rule with T″ from central differences.
            var integral = 0.0
            let n = 20_000, h = 1.0 / Double(n)
            for i in 0..<n {
                let x = (Double(i) + 0.5) * h, d = 1e-4
                let second = (t.value(at: x + d) - 2 * t.value(at: x) + t.value(at: max(0, x - d))) / (d * d)
                integral += (abs(second) / (8 * tol)).squareRoot() * h
            }
            let segments = Double(e.stops.count - 1)
            #expect(segments <= 1.5 * integral + 3, "\(t): \(e.stops.count - 1) segments against the asymptotic \(integral)")
            print("linear() \(t): \(e.stops.count) stops (asymptotic optimum \(integral) segments)")
        }
    }

    @Test("CSS text: every stop with its input percentage; the CSS easings of each timing kind")
    func cssText() throws {
        let e = LinearEasing(approximating: .linear)
        #expect(e.description == "linear(0 0%, 1 100%)")
        #expect(CSSExport.easing(.linear) == "linear")
        #expect(CSSExport.easing(ExportFixtures.cubic(0.4, 0, 0.2, 1)) == "cubic-bezier(0.4, 0, 0.2, 1)")
        #expect(CSSExport.easing(.steps(try StepsTiming(count: 3, position: .jumpStart))) == "steps(3, jump-start)")
        #expect(CSSExport.easing(ExportFixtures.spring(10, 1)).hasPrefix("linear(0 0%, "))
    }
}
