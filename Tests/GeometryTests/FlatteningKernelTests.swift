import Foundation
@testable import Geometry
import Testing
import _TestSupport

/// The fast flattening kernel (`FlatteningKernel`: density placement, SIMD across each curve's
/// pieces, every piece certified) against the single-curve API, its slow exact twin and the
/// guarantee; the batch entry points against each other; the constants of its bound.
@Suite("Flattening kernel")
struct FlatteningKernelTests {
    /// Each curve's view from `forEachFlattened`, copied, by index.
    func viaBatch(_ f: Flattening, _ curves: [CubicBezier]) -> [FlattenedCurve?] {
        var out = [FlattenedCurve?](repeating: nil, count: curves.count)
        f.forEachFlattened(curves, withParameters: true) { v in
            #expect(out[v.index] == nil, "curve \(v.index) delivered twice")
            out[v.index] = FlattenedCurve(parameters: Array(v.parameters), points: Array(v.points), status: v.status,
                                          deviationBound: v.deviationBound)
        }
        return out
    }

    @Test("the batch (one reused workspace) and the single-curve API give identical polylines, statuses and bounds")
    func batchEqualsSingle() {
        var rng = SplitMix64(seed: 401)
        var curves = (0..<1500).map { _ in rng.awkwardCubic() }
        // Special cases mixed in: non-finite, a point, a line, a huge one (segment-limited below).
        curves += [CubicBezier(Point(0, 0), Point(.nan, 1), Point(1, 1), Point(2, 0)),
                   CubicBezier(Point(3, 3), Point(3, 3), Point(3, 3), Point(3, 3)),
                   CubicBezier(Point(0, 0), Point(1, 1), Point(2, 2), Point(3, 3)),
                   CubicBezier(Point(0, 0), Point(1e7, 2e7), Point(3e7, -1e7), Point(4e7, 1e7))]
        for tolerance in [1e-3, 0.05, 1.0] {
            let f = Flattening(tolerance: tolerance, maxSegments: 50_000)
            let batch = viaBatch(f, curves)
            for (i, c) in curves.enumerated() {
                let single = f.flatten(c)
                guard let b = batch[i] else {
                    Issue.record("curve \(i) not delivered")
                    continue
                }
                #expect(b.points == single.points && b.parameters == single.parameters, "curve \(i) at \(tolerance)")
                #expect(b.status == single.status && (b.deviationBound == single.deviationBound ||
                                                      (b.deviationBound.isNaN && single.deviationBound.isNaN)))
            }
            // The structure-of-arrays batch and the collected form agree too, for any thread count.
            let soa = CubicBatch(curves)
            var fromSoA = [[Point]](repeating: [], count: curves.count)
            f.forEachFlattened(soa) { v in fromSoA[v.index] = Array(v.points) }
            #expect(fromSoA == batch.map { $0?.points ?? [] })
            let one = f.flatten(curves, threads: 1), three = f.flatten(curves, threads: 3)
            #expect(one.points == three.points && one.offsets == three.offsets && one.statuses == three.statuses)
            #expect(zip(one.deviationBounds, three.deviationBounds).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
            #expect(one.count == curves.count && (0..<curves.count).allSatisfy { Array(one[$0]) == batch[$0]?.points })
        }
    }

    @Test("curves needing more room than the workspace has (Wang count above 256) grow it: the same polylines as one by one")
    func largeCurvesInBatch() {
        let curves = boxCurves(40, seed: 402)
        let f = Flattening(tolerance: 2e-5)
        let batch = viaBatch(f, curves)
        var large = 0
        for (i, c) in curves.enumerated() {
            let single = f.flatten(c)
            #expect(batch[i]?.points == single.points)
            if WangBound.requiredSegments(for: c, tolerance: 2e-5) > Double(FlatteningKernel.initialCapacity) {
                large += 1
            }
        }
        #expect(large > 10)
    }

    @Test("20,000 benchmark-like cubics at tolerance 0.01: every piece within tolerance (measured), parameters and vertices consistent, at most 1.1 × kurbo's segment count")
    func workloadGuarantee() {
        let curves = boxCurves(20_000, seed: 403)
        let f = Flattening(tolerance: 0.01)
        var segments = 0, worst = 0.0, checked = 0
        f.forEachFlattened(curves, withParameters: true) { v in
            let c = curves[v.index]
            segments += v.segmentCount
            #expect(v.status == .guaranteed && v.deviationBound <= 0.01)
            #expect(v.points.first == c.p0 && v.points.last == c.p3 && v.parameters.first == 0 && v.parameters.last == 1)
            #expect(zip(v.parameters, v.parameters.dropFirst()).allSatisfy { $0 < $1 })
            // The vertices are B(tₖ) up to rounding (power basis vs de Casteljau).
            #expect(zip(v.parameters, v.points).allSatisfy { maxDifference(c.point(at: $0), $1) <= 1e-13 * c.magnitude })
            if v.index % 10 == 0 {
                checked += 1
                worst = max(worst, PolylineDeviation.measurePiecewise(c, parameters: Array(v.parameters), points: Array(v.points),
                                                                      samplesPerPiece: 8).deviation)
            }
        }
        #expect(checked == 2000 && worst <= 0.01)
        let perCurve = Double(segments) / Double(curves.count)
        // kurbo 0.7 gives 46.7 per curve on this distribution (and exceeds its tolerance on 12 %).
        #expect(perCurve <= 1.1 * 46.7, "\(perCurve) segments per curve")
        #expect(worst > 0.0099, "the pieces use the tolerance: \(worst)")
    }

    @Test("the kernel against its slow twin, the exact greedy: both within tolerance, the kernel at most 8 % more segments")
    func againstExactTwin() {
        let curves = boxCurves(600, seed: 404)
        var kernelSegments = 0, exactSegments = 0
        for c in curves {
            let f = Flattening(tolerance: 0.01)
            let r = f.flatten(c)
            kernelSegments += r.segmentCount
            // The twin in the kernel's own scaled units and tolerance.
            let scale = WangBound.powerOfTwoScale(c.magnitude)
            let scaled = CubicBezier(c.p0 / scale, c.p1 / scale, c.p2 / scale, c.p3 / scale)
            let tol = 0.01 / scale - Flattening.roundingAllowance * Double.ulpOfOne
            let limit = WangBound.segmentCount(for: scaled, tolerance: tol)
            guard let (parameters, bound) = f.exactGreedy(scaled, tolerance: tol, limit: limit) else {
                Issue.record("the exact greedy gave up on \(c)")
                continue
            }
            exactSegments += parameters.count - 1
            #expect(bound <= tol)
            #expect(PolylineDeviation.measurePiecewise(c, parameters: r.parameters, points: r.points).deviation <= 0.01)
        }
        // The kernel places its count from the sampled density with a 3 % margin and certifies
        // each piece by a bound a little looser than the exact chord bound the twin searches with.
        #expect(Double(kernelSegments) <= 1.08 * Double(exactSegments), "\(kernelSegments) vs \(exactSegments)")
    }

    @Test("the step prediction's fourth root: within 0.25 % below the exact value, never above, over 600 decades")
    func inverseFourthRoot() {
        var rng = SplitMix64(seed: 405)
        var worst = 0.0
        for _ in 0..<20_000 {
            let a = pow(10, Double.random(in: -300...300, using: &rng))
            let y = FlatteningKernel.inverseFourthRoot(SIMD4(repeating: a))[0]
            let ratio = y * pow(a, 0.25)
            #expect(ratio <= 1 + 1e-15, "\(a)")
            worst = max(worst, 1 - ratio)
        }
        #expect(worst < 0.0025)
        // Zero predicts "to the end" (a huge finite step).
        #expect(FlatteningKernel.inverseFourthRoot(SIMD4(repeating: 0))[0] > 1e70)
    }

    @Test("flattening many curves allocates nothing per curve: the view's buffers are reused")
    func buffersReused() {
        let curves = boxCurves(200, seed: 406)
        var addresses = Set<UnsafePointer<Point>>()
        Flattening(tolerance: 0.01).forEachFlattened(curves) { v in
            if let base = v.points.baseAddress { addresses.insert(base) }
        }
        // One vertex buffer, whatever the number of curves (these fit the initial workspace).
        #expect(addresses.count == 1)
    }

    @Test("the bound's constants: max (1 − s²)|s| / 3 over [−1, 1] and the derivative ratio of cubics vanishing at both ends")
    func boundConstants() {
        // thirdDerivativeWeight = max over s of (1 − s²)|s| / 3 (the B‴ term of the normal bound).
        var weight = 0.0, ratio = 0.0
        for k in 0...200_000 {
            let s = -1 + Double(k) / 100_000
            weight = max(weight, (1 - s * s) * abs(s) / 3)
        }
        #expect(weight <= FlatteningKernel.thirdDerivativeWeight && weight > FlatteningKernel.thirdDerivativeWeight * (1 - 1e-7))
        // markov/2 bounds max|p′|/max|p| for p = (1 − s²)(α + βs) on [−1, 1] (a cubic vanishing at
        // both ends), reached at α = 0: 3√3.
        for j in 0...2000 {
            let theta = Double.pi * Double(j) / 2000
            let (alpha, beta) = (cos(theta), sin(theta))
            var p = 0.0, dp = 0.0
            for k in 0...4000 {
                let s = -1 + Double(k) / 2000
                p = max(p, abs((1 - s * s) * (alpha + beta * s)))
                dp = max(dp, abs(-2 * s * (alpha + beta * s) + (1 - s * s) * beta))
            }
            ratio = max(ratio, dp / p)
        }
        #expect(ratio <= FlatteningKernel.markov / 2 && ratio > FlatteningKernel.markov / 2 * (1 - 1e-4))
    }
}
