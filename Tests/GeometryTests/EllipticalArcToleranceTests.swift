import Foundation
import Geometry
import Testing
import _TestSupport

/// `EllipticalArc.cubicCount(tolerance:)`, `midpointExactDeviationBound(count:)` and
/// `Path(svgPathData:arcs:)`: the bound holds against the measured distance, the count is the
/// fewest that meets it, and the quarter-turn default is unchanged.
@Suite struct EllipticalArcToleranceTests {
    /// The largest distance from the cubics to the exact ellipse, sampled: each sample is mapped
    /// back to the unit circle, where the distance is ||u| − 1| (scaled back by at most
    /// max(rx, ry)); so this under-reports by at most the factor max/min of the radii.
    static func measuredDeviation(_ arc: EllipticalArc, count: Int) -> Double {
        let inverse = arc.unitCircleTransform.inverted!
        var worst = 0.0
        for c in arc.cubics(count: count) {
            for k in 0...64 {
                let u = inverse.apply(to: c.point(at: Double(k) / 64))
                worst = max(worst, abs(u.length - 1) * min(arc.radiusX, arc.radiusY))
            }
        }
        return worst
    }

    @Test func theBoundHoldsAndIsTightOnCircles() {
        for n in [1, 2, 4, 8, 16, 43, 100] {
            let circle = EllipticalArc(center: Point(3, -2), radiusX: 10, radiusY: 10, startAngle: 0.3, sweepAngle: 2 * Double.pi)
            guard n >= circle.cubicCount else { continue }
            let bound = circle.midpointExactDeviationBound(count: n)
            let measured = Self.measuredDeviation(circle, count: n)
            #expect(measured <= bound * (1 + 1e-6) + 1e-14, "n = \(n)")
            #expect(measured >= bound * 0.9, "n = \(n): the bound is the maximum, reached at t = (3 ∓ √3)/6")
        }
    }

    @Test func theCountIsTheFewestThatMeetsTheTolerance() {
        var rng = SplitMix64(seed: 0xA7C_0B7)
        for _ in 0..<300 {
            let rx = rng.uniform(0.01, 1000), ry = rng.uniform(0.01, 1000)
            let arc = EllipticalArc(center: .zero, radiusX: rx, radiusY: ry, rotation: rng.uniform(-3, 3),
                                    startAngle: rng.uniform(-7, 7), sweepAngle: rng.uniform(-2 * Double.pi, 2 * Double.pi))
            let tolerance = max(rx, ry) * pow(10, rng.uniform(-14, -1))
            let n = arc.cubicCount(tolerance: tolerance)
            #expect(n >= arc.cubicCount)
            #expect(arc.midpointExactDeviationBound(count: n) <= tolerance)
            if n > arc.cubicCount { #expect(arc.midpointExactDeviationBound(count: n - 1) > tolerance) }
            #expect(Self.measuredDeviation(arc, count: n) <= tolerance * (1 + 1e-6) + 1e-12 * max(rx, ry))
        }
        // 48 pieces for a full circle within 1e-10 of its radius.
        let unit = EllipticalArc(center: .zero, radiusX: 1, radiusY: 1, startAngle: 0, sweepAngle: 2 * Double.pi)
        #expect(unit.cubicCount(tolerance: 1e-10) == 48)
        #expect(unit.cubicCount(tolerance: 1) == 4)
        #expect(unit.cubicCount(tolerance: 1e-300) == EllipticalArc.maximumCubicCount)
        #expect(EllipticalArc(center: .zero, radiusX: 1, radiusY: 1, startAngle: 0, sweepAngle: 0).cubicCount(tolerance: 1e-9) == 0)
    }

    @Test func pathDataArcsWithinAToleranceAndTheDefaultUnchanged() throws {
        let data = "M 10 0 A 10 10 0 1 1 -10 0 A 10 10 0 0 1 10 0 Z"
        let coarse = try Path(svgPathData: data)
        #expect(coarse.segmentCount == 4)
        #expect(try Path(svgPathData: data, arcs: .quarterTurns(.midpointExact)) == coarse)
        let fine = try Path(svgPathData: data, arcs: .tolerance(1e-9))
        var worst = 0.0
        for s in fine.segments { for k in 0...32 { worst = max(worst, abs(s.point(at: Double(k) / 32).length - 10)) } }
        #expect(worst <= 1e-9 && fine.segmentCount > 4)
        // The ends are the given points exactly.
        #expect(fine.points.first == Point(10, 0) && fine.points.contains(Point(-10, 0)))
    }
}
