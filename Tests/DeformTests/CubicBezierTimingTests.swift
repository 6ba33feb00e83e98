import Deform
import Foundation
import Testing
import _TestSupport

@Suite("cubic-bezier timing functions")
struct CubicBezierTimingTests {
    /// y(x) by 200 bisection steps on x(t) — slow and obviously correct. Near x = 1 it
    /// compares 1 − x(t) with 1 − x (both accurate there), as the fast solver does.
    func slowValue(_ c: CubicBezierTiming, _ x: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let m = 0.5 * (lo + hi)
            let below = x <= 0.5 ? c.x(at: m) < x : c.xComplement(at: m) > 1 - x
            if below { lo = m } else { hi = m }
        }
        return c.y(at: 0.5 * (lo + hi))
    }

    @Test("ease at x = 0.5 is 0.802403387585 (REFERENCES.md: the browsers' value)")
    func easeAtHalf() {
        #expect(abs(TimingFunction.ease.value(at: 0.5) - 0.802403387585) < 1e-11)
        #expect(TimingFunction.default == TimingFunction.ease)
    }

    @Test("the named Core Animation curves have their published control points")
    func controlPoints() {
        let c = [CubicBezierTiming.default, .easeIn, .easeOut, .easeInEaseOut].map { [$0.x1, $0.y1, $0.x2, $0.y2] }
        #expect(c == [[0.25, 0.1, 0.25, 1], [0.42, 0, 1, 1], [0, 0, 0.58, 1], [0.42, 0, 0.58, 1]])
    }

    /// y(x) for the named curves at x = 0.1, 0.25, 0.5, 0.75, 0.9, computed with mpmath at 40
    /// digits (bisection on the exact binary control points) — an independent reference.
    static let references: [(TimingFunction, [Double])] = [
        (.ease, [0.094796305716043256633, 0.40851059135539587298, 0.80240338758485699057,
                 0.96045897834897408445, 0.9943164774845563715]),
        (.easeIn, [0.017026609651562944597, 0.093464650718824863151, 0.3153568125725393116,
                   0.62186186917489020915, 0.83942784576246656689]),
        (.easeOut, [0.16057215423753348801, 0.37813813082510981402, 0.68464318742746071461,
                    0.90653534928117515081, 0.98297339034843706796]),
        (.easeInEaseOut, [0.019722453548311199478, 0.12916193104731982331, 0.50000000000000003589,
                          0.87083806895268020746, 0.98027754645168881681]),
    ]

    @Test("the named curves match 40-digit references to 1e-12")
    func namedCurves() {
        let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
        for (timing, ys) in Self.references {
            for (x, y) in zip(xs, ys) {
                #expect(abs(timing.value(at: x) - y) < 1e-12, "\(timing) at \(x)")
            }
        }
    }

    @Test("the flat ends of ease-in and ease-out are solved to full precision (40-digit references)")
    func flatEnds() {
        #expect(abs(TimingFunction.easeIn.value(at: 1 - 1e-12) - 0.9999999999982759005253506) < 1e-15)
        #expect(abs(TimingFunction.easeIn.value(at: 1 - 1e-6) - 0.9999982761777201729771933) < 1e-15)
        #expect(abs(TimingFunction.easeOut.value(at: 1e-12) - 1.724137615535738999531628e-12) < 1e-24)
        #expect(abs(TimingFunction.easeOut.value(at: 1e-6) - 0.000001723822279777457779063182) < 1e-18)
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 1 - 1e-9) - 0.9999999999999999981103554) < 1e-15)
    }

    @Test("Newton with bisection fallback agrees with plain bisection to 1e-12 on random curves, steep ones included")
    func randomCurves() throws {
        var rng = SplitMix64(seed: 11)
        for n in 0..<300 {
            // Every tenth curve has a flat start or end (x1 = 0 or x2 = 1), where Newton's
            // slope vanishes.
            let x1 = n % 10 == 0 ? 0 : rng.uniform(0, 1), x2 = n % 10 == 5 ? 1 : rng.uniform(0, 1)
            let c = try CubicBezierTiming(x1: x1, y1: rng.uniform(-1, 2), x2: x2, y2: rng.uniform(-1, 2))
            for _ in 0..<20 {
                let x = rng.uniform(0, 1)
                #expect(abs(c.value(at: x) - slowValue(c, x)) < 1e-12, "\(c) at \(x)")
            }
            for x in [1e-12, 1e-6, 1 - 1e-6, 1 - 1e-12] {
                #expect(abs(c.value(at: x) - slowValue(c, x)) < 1e-12, "\(c) at \(x)")
            }
        }
    }

    @Test("exact end points, symmetry of the in/out curves, monotone x solve")
    func properties() {
        for t in [TimingFunction.ease, .easeIn, .easeOut, .easeInEaseOut] {
            #expect(t.value(at: 0) == 0 && t.value(at: 1) == 1)
            var last = 0.0
            for i in 1...1000 {
                let v = t.value(at: Double(i) / 1000)
                #expect(v >= last)
                last = v
            }
        }
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            // ease-out is ease-in rotated by 180° about (½, ½): y_out(x) = 1 − y_in(1 − x)
            // (the control points 0.42 and 1 − 0.58 differ by rounding only).
            #expect(abs(TimingFunction.easeOut.value(at: x) - (1 - TimingFunction.easeIn.value(at: 1 - x))) < 1e-12)
            #expect(abs(TimingFunction.easeInEaseOut.value(at: x) - (1 - TimingFunction.easeInEaseOut.value(at: 1 - x))) < 1e-12)
        }
    }

    @Test("outside [0, 1] the curve continues along its end tangents (CSS Easing §2.2)")
    func extrapolation() throws {
        // ease: P₁ = (0.25, 0.1) → slope 0.4 before 0; P₂ = (0.25, 1) → slope 0 after 1.
        #expect(abs(TimingFunction.ease.value(at: -0.5) - -0.2) < 1e-15)
        #expect(TimingFunction.ease.value(at: 1.5) == 1)
        // ease-out: x1 = 0, so the line through P₂ = (0.58, 1) and P₀ is used before 0.
        #expect(abs(TimingFunction.easeOut.value(at: -0.58) - -1) < 1e-15)
        // ease-in: x2 = 1, so the line through P₁ = (0.42, 0) and P₃ (slope 1/0.58) after 1.
        #expect(abs(TimingFunction.easeIn.value(at: 1.58) - 2) < 1e-12)
        let flat = try CubicBezierTiming(x1: 0, y1: 0.5, x2: 0, y2: 0.5)
        #expect(flat.value(at: -1) == 0)
    }

    @Test("x1 or x2 outside [0, 1], or a non-finite number, is rejected with a one-line reason")
    func validation() {
        let error = #expect(throws: TimingError.self) { try CubicBezierTiming(x1: 1.2, y1: 0, x2: 0.5, y2: 1) }
        #expect(error?.description == "cubic-bezier x1 and x2 must lie in [0, 1] (got x1 = 1.2, x2 = 0.5)")
        #expect(throws: TimingError.self) { try CubicBezierTiming(x1: 0.2, y1: .nan, x2: 0.5, y2: 1) }
        #expect(throws: TimingError.self) { try CubicBezierTiming(x1: 0.2, y1: 0, x2: -0.1, y2: 1) }
        #expect((try? CubicBezierTiming(x1: 0.2, y1: -3, x2: 0.5, y2: 4)) != nil, "y may overshoot")
    }
}
