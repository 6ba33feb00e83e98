import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("Arc length")
struct ArcLengthTests {
    @Test("a straight cubic's length is the distance covered")
    func straightCubic() {
        let c = CubicBezier(Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3))
        let r = AdaptiveArcLength(accuracy: 1e-12).length(of: c)
        #expect(abs(r.length - 3 * 2.0.squareRoot()) < 1e-12 && r.converged)
    }

    @Test("a parabola's length matches its closed form, within the reported bound")
    func parabola() {
        // y = x² over [−a, a]: L = a√(1+4a²) + asinh(2a)/2.
        for a in [0.1, 1.0, 7.5] {
            let q = QuadraticBezier(Point(-a, a * a), Point(0, -a * a), Point(a, a * a))
            let exact = a * (1 + 4 * a * a).squareRoot() + asinh(2 * a) / 2
            for accuracy in [1e-6, 1e-10, 1e-13] {
                let r = AdaptiveArcLength(accuracy: accuracy).length(of: q)
                #expect(abs(r.length - exact) <= r.errorEstimate + 4e-15 * exact, "a = \(a), accuracy \(accuracy)")
                if r.converged { #expect(abs(r.length - exact) <= accuracy) }
                #expect(r.converged || (accuracy == 1e-13 && r.status == .roundingLimited))
            }
        }
    }

    @Test("the semicubical parabola with a cusp matches its closed form")
    func cusp() {
        // x = u², y = u³, u = 2t − 1 ∈ [−1, 1]; cusp at t = ½. L = 2·(13^{3/2} − 8)/27.
        let c = CubicBezier(Point(1, -1), Point(-1.0 / 3.0, 1), Point(-1.0 / 3.0, -1), Point(1, 1))
        for t in [0.0, 0.2, 0.5, 0.9] {
            let u = 2 * t - 1
            #expect(maxDifference(c.point(at: t), Point(u * u, u * u * u)) < 1e-15)
        }
        let exact = 2 * (pow(13, 1.5) - 8) / 27
        for accuracy in [1e-6, 1e-9, 1e-12] {
            let r = AdaptiveArcLength(accuracy: accuracy).length(of: c)
            #expect(abs(r.length - exact) <= accuracy, "accuracy \(accuracy): \(r.length) vs \(exact)")
            #expect(r.converged && abs(r.length - exact) <= r.errorEstimate + 1e-15)
        }
        // The cusp off a dyadic point: u ∈ [−1, 0.7], cusp at t = 0.5/0.85.
        let piece = c.subsegment(from: 0, to: 0.85)
        let partial = (pow(13, 1.5) - 8) / 27 + (pow(4 + 9 * 0.49, 1.5) - 8) / 27
        for accuracy in [1e-6, 1e-9, 1e-12] {
            let r = AdaptiveArcLength(accuracy: accuracy).length(of: piece)
            #expect(abs(r.length - partial) <= accuracy, "accuracy \(accuracy): \(r.length) vs \(partial)")
        }
        // Length over a sub-range, across the cusp: s(0.7) − s(0.3) by the closed form.
        let s = { (t: Double) -> Double in
            let u = 2 * t - 1
            let part = (pow(4 + 9 * u * u, 1.5) - 8) / 27
            return u < 0 ? (pow(13, 1.5) - 8) / 27 - part : (pow(13, 1.5) - 8) / 27 + part
        }
        let middle = AdaptiveArcLength(accuracy: 1e-12).length(of: c, from: 0.3, to: 0.7)
        #expect(abs(middle.length - (s(0.7) - s(0.3))) <= 1e-12)
    }

    @Test("the error bound is honoured on random awkward curves, against a much finer computation")
    func boundHonoured() {
        var rng = SplitMix64(seed: 401)
        for _ in 0..<300 {
            let c = rng.awkwardCubic(scale: 10)
            let reference = AdaptiveArcLength(accuracy: 1e-13, relativeAccuracy: 1e-14).length(of: c)
            for accuracy in [1e-2, 1e-5, 1e-8] {
                let r = AdaptiveArcLength(accuracy: accuracy).length(of: c)
                #expect(r.converged, "\(c) at \(accuracy): \(r.status)")
                #expect(abs(r.length - reference.length) <= r.errorEstimate + reference.errorEstimate, "\(c) at \(accuracy)")
                #expect(r.errorEstimate <= accuracy)
            }
        }
    }

    @Test("relative accuracy: the target is max(accuracy, relativeAccuracy·L)")
    func relativeAccuracy() {
        let c = CubicBezier(Point(0, 0), Point(1e6, 2e6), Point(3e6, -1e6), Point(4e6, 1e6))
        // 1e-9 absolute on a length of 4.7e6 is below the rounding floor (≈ 1e-8 here)…
        let absolute = AdaptiveArcLength(accuracy: 1e-9).length(of: c)
        #expect(absolute.status == .roundingLimited && !absolute.converged)
        // …1e-12 relative is not.
        let relative = AdaptiveArcLength(accuracy: 1e-9, relativeAccuracy: 1e-12).length(of: c)
        #expect(relative.converged && relative.errorEstimate <= 1e-12 * relative.length)
        #expect(abs(relative.length - absolute.length) <= relative.errorEstimate + absolute.errorEstimate)
    }

    @Test("a path's length adds its segments, exact for lines")
    func pathLength() {
        let p = polygon(Point(0, 0), Point(3, 4), Point(3, 0))
        #expect(p.arcLength().length == 12)
        #expect(p.arcLength().errorEstimate == 0 && p.arcLength().converged)
    }

    @Test("degenerate, huge and non-finite curves terminate with a status")
    func degenerate() {
        let a = Point(1e300, -1e300)
        let r = AdaptiveArcLength().length(of: CubicBezier(a, a, a, a))
        #expect(r.length == 0 && r.converged)
        // An accuracy of 1e-9 is far below one ulp of a length near 1e300: the integrator stops
        // at the rounding floor, says so, and returns the scaled length.
        let unit = CubicBezier(Point(0, 0), Point(1, 0.2), Point(0.3, 1), Point(0, 2))
        let huge = unit.transformed(by: .scale(x: 1e300, y: 1e300))
        let h = AdaptiveArcLength(accuracy: 1e-9).length(of: huge)
        let reference = AdaptiveArcLength(accuracy: 1e-14).length(of: unit).length
        #expect(h.status == .roundingLimited && !h.converged)
        #expect(abs(h.length / 1e300 - reference) < 1e-13 * reference)
        let hr = AdaptiveArcLength(accuracy: 1e290).length(of: huge)
        #expect(hr.converged && abs(hr.length / 1e300 - reference) < 1e-13 * reference)
        // A depth limit that cannot be met is reported, not hidden, and the bound still holds.
        let cusp = CubicBezier(Point(1, -1), Point(-1.0 / 3.0, 1), Point(-1.0 / 3.0, -1), Point(1, 1))
        let limited = AdaptiveArcLength(accuracy: 1e-14, maxDepth: 2).length(of: cusp.subsegment(from: 0, to: 0.85))
        #expect(!limited.converged && limited.status == .limitReached && limited.errorEstimate > 1e-14)
        let partial = (pow(13, 1.5) - 8) / 27 + (pow(4 + 9 * 0.49, 1.5) - 8) / 27
        #expect(abs(limited.length - partial) <= limited.errorEstimate)
        let few = AdaptiveArcLength(accuracy: 1e-12, maxIntervals: 3).length(of: cusp)
        #expect(few.status == .limitReached)
        let nan = AdaptiveArcLength().length(of: CubicBezier(Point(0, 0), Point(.nan, 0), Point(1, 1), Point(2, 2)))
        #expect(nan.status == .nonFinite && nan.length.isNaN)
    }

    @Test("a curve of subnormal coordinates: integrated at the normal scale, the bound holds (found by fuzzing)")
    func subnormalCurve() {
        // Before, |B′|² underflowed to 0: length 0 with a zero error bound, the chord 3e-320.
        // (5e-324, 1e-320), (2e-320, -1e-321), (3e-320, 0), written as the exact hex doubles.
        let c = CubicBezier(Point(0, 0), Point(0x1p-1074, 0x1.fap-1064), Point(0x1.fap-1063, -0x1.94p-1067), Point(0x1.7b8p-1062, 0))
        let r = c.arcLength(accuracy: 0x1.94p-1067)
        // The same shape scaled up by 2^1000 exactly (every coordinate a multiple of 2^-1074).
        let k = 0x1p1000
        let big = CubicBezier(k * c.p0, k * c.p1, k * c.p2, k * c.p3).arcLength(accuracy: 1e-12 * k * 0x1.7b8p-1062)
        #expect(r.length > 0 && abs(r.length - big.length / k) <= r.errorEstimate + big.errorEstimate / k)
        #expect(r.length >= 0x1.7b8p-1062)  // at least the chord (3e-320)
    }
}

@Suite("Inverse arc length")
struct ArcLengthInverseTests {
    @Test("s(t(L)) = L within the accuracy, on random and awkward curves")
    func roundTrip() {
        var rng = SplitMix64(seed: 402)
        for _ in 0..<300 {
            let c = rng.awkwardCubic(scale: 10)
            let total = AdaptiveArcLength(accuracy: 1e-12).length(of: c)
            guard total.length > 0 else { continue }
            for fraction in [0.0, 0.1, 0.5, 0.93, 1.0] {
                let target = fraction * total.length
                let p = c.parameter(atArcLength: target, accuracy: 1e-9)
                #expect(p.status == .converged || p.status == .roundingLimited, "\(c) at \(fraction)")
                let s = AdaptiveArcLength(accuracy: 1e-12).length(of: c, from: 0, to: p.t)
                #expect(abs(s.length - target) <= 1e-9 + s.errorEstimate + total.errorEstimate + 1e-15 * total.length,
                        "\(c) at \(fraction): t = \(p.t)")
            }
        }
    }

    @Test("monotone, exact ends, clamped outside [0, L], and through a cusp")
    func ends() {
        let cusp = CubicBezier(Point(1, -1), Point(-1.0 / 3.0, 1), Point(-1.0 / 3.0, -1), Point(1, 1))
        let total = AdaptiveArcLength(accuracy: 1e-12).length(of: cusp).length
        #expect(cusp.parameter(atArcLength: 0).t == 0)
        #expect(cusp.parameter(atArcLength: -5).t == 0)
        #expect(cusp.parameter(atArcLength: total + 1).t == 1)
        // The half length sits exactly at the cusp (t = ½), where the speed is zero.
        let half = cusp.parameter(atArcLength: total / 2, accuracy: 1e-10)
        #expect(half.status == .converged && abs(half.t - 0.5) < 1e-4)
        var previous = -1.0
        for k in 0...50 {
            let t = cusp.parameter(atArcLength: total * Double(k) / 50, accuracy: 1e-10).t
            #expect(t >= previous)
            previous = t
        }
        let a = Point(2, 2)
        #expect(CubicBezier(a, a, a, a).parameter(atArcLength: 1).t == 0)
        #expect(cusp.parameter(atArcLength: .nan).status == .nonFinite)
    }
}
