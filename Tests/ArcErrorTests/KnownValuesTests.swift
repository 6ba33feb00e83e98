import ArcError
import Foundation
import Testing

/// Published figures (REFERENCES.md, DESIGN.md) reproduced.
@Suite("known values")
struct KnownValuesTests {
    let quarterMidpoint = 4.0 / 3.0 * (2.0.squareRoot() - 1)

    @Test("4/3(√2−1) on the quarter circle: max +2.7253e-4 at t = (3−√3)/6, min 0 at t = 0")
    func quarterMidpointExact() {
        let r = CircularArc(segments: 4, handle: quarterMidpoint).radialExtrema
        #expect((r.maximum * 1e8).rounded() == 27253)
        #expect(abs(r.tAtMaximum - (3 - 3.0.squareRoot()) / 6) < 1e-12)
        #expect(abs(r.minimum) < 1e-16 && r.tAtMinimum == 0)
    }

    @Test("the minimax factor 0.5519150244935106 equioscillates at ±1.9608e-4 (Spencer Mortensen)")
    func minimax() {
        let k = HandleCriterion.minimax.handle(segments: 4)
        // The published double, which is also the exact factor 0.55191502449351057074… rounded
        // to nearest (mpmath, Resources/reference-optimal.csv).
        #expect(k == 0.5519150244935106)
        let r = CircularArc(segments: 4, handle: k).radialExtrema
        #expect((r.maximum * 1e8).rounded() == 19608 && (r.minimum * 1e8).rounded() == -19608)
        #expect(r.tAtMinimum == 0.5)
        // Equioscillation to the resolution of k: max + min changes sign across k's neighbours
        // and is smallest at k itself.
        let gap = { (k: Double) -> Double in
            let e = CircularArc(segments: 4, handle: k).radialExtrema
            return e.maximum + e.minimum
        }
        let below = gap(k.nextDown), at = gap(k), above = gap(k.nextUp)
        #expect(below.sign != above.sign && below != 0 && above != 0)
        #expect(abs(at) <= abs(below) && abs(at) <= abs(above))
    }

    @Test("max of |B|² − 1 for the midpoint factor is 4/27·sin⁶(θ/4)/cos²(θ/4); cairo's table is half of it")
    func goldappBound() {
        // cairo-arc.c's _arc_error_normalized table (2/27·sin⁶/cos², i.e. (|B|² − 1)/2).
        let cairo: [(Double, Double)] = [(Double.pi, 0.0185185), (Double.pi / 2, 2.7257e-4), (Double.pi / 3, 2.3865e-5),
                                         (Double.pi / 4, 4.2455e-6), (Double.pi / 6, 3.7266e-7), (Double.pi / 8, 6.6324e-8)]
        for (theta, normalised) in cairo {
            let arc = CircularArc(angle: theta, handle: HandleCriterion.midpoint.handle(angle: theta))
            let e = arc.radialExtrema.maximum
            let p = e * (e + 2)  // |B|² − 1 from |B| − 1
            let bound = 4.0 / 27.0 * pow(sin(theta / 4), 6) / pow(cos(theta / 4), 2)
            // c₀ is formed by cancelling terms ~θ² down to ~θ⁶, so the relative accuracy is ~1e-13;
            // the 1e-12·|ref| + 1e-15 is met with room.
            #expect(abs(p - bound) <= 1e-12 * bound + 3e-17, "θ = \(theta)")
            #expect(abs(p / 2 - normalised) <= 5e-5 * normalised, "cairo θ = \(theta): \(p / 2)")
        }
    }

    @Test("halving the arc cuts the error 64× asymptotically (θ⁶/55296 for small θ)")
    func sixtyFour() {
        var previous = CircularArc(segments: 8, handle: HandleCriterion.midpoint.handle(segments: 8)).radialExtrema.maximum
        var ratios: [Double] = []
        for n in [16, 32, 64, 128] {
            let e = CircularArc(segments: n, handle: HandleCriterion.midpoint.handle(segments: n)).radialExtrema.maximum
            ratios.append(previous / e)
            previous = e
            let theta = 2 * Double.pi / Double(n)
            #expect(abs(e / (pow(theta, 6) / 55296) - 1) < 0.02 * 16 / Double(n))
        }
        #expect(zip(ratios, ratios.dropFirst()).allSatisfy { abs($1 - 64) < abs($0 - 64) })  // converging to 64
        #expect(abs(ratios.last! - 64) < 0.05)
    }

    @Test("curvature-matching factor (√7 − 1)/3 for the quarter circle, and c₀, C as in REFERENCES.md")
    func curvatureFactor() {
        #expect(abs(HandleCriterion.curvature.handle(segments: 4) - (7.0.squareRoot() - 1) / 3) <= 2.3e-16)
        for theta in [0.3, 1.0, Double.pi / 2, 2.5, Double.pi] {
            for k in [0.2, 0.55, 1.3] {
                let arc = CircularArc(angle: theta, handle: k)
                let (q0, q1, q2) = arc.radialCoefficients
                let c0 = 9 * k * k + 6 * k * sin(theta) + 6 * cos(theta) - 6
                let cc = 18 * k * k * (1 + cos(theta)) - 24 * k * sin(theta) + 8 * (1 - cos(theta))
                #expect(abs(q0 - c0) < 1e-13 && q2 == q0 && abs((2 * q0 - q1) - cc) < 1e-13)
                #expect(abs(arc.curvatureErrorFigures.atStart - arc.curvatureError(at: 0)) < 1e-12)
            }
        }
    }

    @Test("the exact factors per criterion satisfy their own definitions")
    func criteriaDefinitions() {
        for n in [2, 3, 4, 6, 12, 64] {
            let area = CircularArc(segments: n, handle: HandleCriterion.area.handle(segments: n))
            #expect(abs(area.areaError) < 1e-15)
            let curvature = CircularArc(segments: n, handle: HandleCriterion.curvature.handle(segments: n))
            #expect(abs(curvature.curvatureErrorFigures.atStart) < 1e-15)
            let midpoint = CircularArc(segments: n, handle: HandleCriterion.midpoint.handle(segments: n))
            #expect(abs(midpoint.radialError(at: 0.5)) < 1e-16)
            let length = ArcErrorReport(CircularArc(segments: n, handle: HandleCriterion.arclength.handle(segments: n)))
            #expect(abs(length.arcLengthError) < 1e-15)
            // Least squares: a local minimum of the mean square error.
            let k = HandleCriterion.l2.handle(segments: n)
            let rms = { (k: Double) in ArcIntegrals.exact(CircularArc(segments: n, handle: k)).meanSquareRadialError }
            #expect(rms(k) < rms(k * (1 + 1e-6)) && rms(k) < rms(k * (1 - 1e-6)))
            // Minimax: no other k does better.
            let best = CircularArc(segments: n, handle: HandleCriterion.minimax.handle(segments: n)).radialExtrema.maximumMagnitude
            for f in [0.999, 0.9999, 1.0001, 1.001] {
                let other = CircularArc(segments: n, handle: HandleCriterion.minimax.handle(segments: n) * f)
                #expect(other.radialExtrema.maximumMagnitude > best)
            }
        }
    }

    @Test("segments-for: the smallest n, whose predecessor misses the tolerance")
    func fewestSegments() throws {
        for criterion in HandleCriterion.allCases {
            for tolerance in [1e-2, 1e-4, 2e-4, 1e-7, 1e-12, SegmentCount.smallestTolerance] {
                let r = try #require(SegmentCount.fewest(for: criterion, tolerance: tolerance))
                #expect(r.maximumRadialError <= tolerance)
                if r.segments > 2 {
                    let k = criterion.handle(segments: r.segments - 1)
                    #expect(CircularArc(segments: r.segments - 1, handle: k).radialExtrema.maximumMagnitude > tolerance)
                }
            }
        }
        // Four minimax segments reach 2e-4 (±1.9608e-4); three do not.
        #expect(SegmentCount.fewest(for: .minimax, tolerance: 2e-4)?.segments == 4)
        #expect(SegmentCount.fewest(for: .midpoint, tolerance: 2e-4)?.segments == 5)
    }

    /// Up to n = 150, where the error (θ⁶/55296 ≈ 1e-13) is still far above the ~1e-16 rounding
    /// floor of its evaluation; beyond it the computed values are noise.
    @Test("the error falls monotonically with n for every criterion (the premise of the search)")
    func monotone() {
        for criterion in HandleCriterion.allCases {
            var previous = Double.infinity
            for n in Array(2...150) {
                let e = CircularArc(segments: n, handle: criterion.handle(segments: n)).radialExtrema.maximumMagnitude
                #expect(e < previous, "\(criterion) n = \(n)")
                previous = e
            }
        }
    }
}
