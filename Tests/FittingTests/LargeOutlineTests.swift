import Deform
import Foundation
import Geometry
import Testing
import _TestSupport
@testable import Fitting

/// Outlines of many segments (CSV targets of 10⁴–10⁶ points): the box hierarchy answers exactly
/// as the scan of every segment, the Hausdorff distance keeps its certificate against a brute
/// force reference, and the limits and edges of a fit are stated, not silent.
@Suite("Large outlines: the same answers, certified, with stated limits")
struct LargeOutlineTests {
    /// A closed wobbly polygon of `count` vertices in outline order (like a traced CSV target).
    func wobblyPolygon(_ count: Int, seed: UInt64 = 3, noise: Double = 0.05) -> [Point] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { i in
            let t = 2 * Double.pi * Double(i) / Double(count)
            let r = 40 + 3 * sin(5 * t) + noise * rng.uniform(-1, 1)
            return Point(r * cos(t) * 1.3, 45 + r * sin(t))
        }
    }

    @Test("the box hierarchy gives PreparedPath's answers exactly: global and warm-started, polygons and curves")
    func treeEqualsScan() throws {
        var rng = SplitMix64(seed: 17)
        let polygon = PreparedPath(Path.polyline(wobblyPolygon(3000), closed: true))
        var curves = Path()
        curves.move(to: Point(0, 0))
        for _ in 0..<200 {
            curves.cubic(to: Point(rng.uniform(-80, 80), rng.uniform(-80, 80)),
                         control1: Point(rng.uniform(-80, 80), rng.uniform(-80, 80)),
                         control2: Point(rng.uniform(-80, 80), rng.uniform(-80, 80)))
        }
        for prepared in [polygon, PreparedPath(curves)] {
            let tree = SegmentBoxTree(prepared)
            var hint: NearestPoint?
            for _ in 0..<600 {
                let q = Point(rng.uniform(-100, 100), rng.uniform(-100, 100))
                let scan = try #require(prepared.nearestPoint(to: q))
                #expect(tree.nearestPoint(to: q, near: nil) == scan)
                if let h = hint {
                    #expect(tree.nearestPoint(to: q, near: h) == prepared.nearestPoint(to: q, near: h))
                }
                hint = scan
            }
        }
        // Ties: a query at the centre of a regular polygon is equidistant from every edge.
        let square = PreparedPath(Path.polyline([Point(-1, -1), Point(1, -1), Point(1, 1), Point(-1, 1)], closed: true))
        #expect(SegmentBoxTree(square).nearestPoint(to: Point(0, 0), near: nil) == square.nearestPoint(to: Point(0, 0)))
        // A non-finite coordinate: the scan's .nonFinite answer.
        let bad = PreparedPath(Path.polyline([Point(0, 0), Point(.nan, 1), Point(1, 0)], closed: true))
        let viaTree = try #require(SegmentBoxTree(bad).nearestPoint(to: Point(0, 0), near: nil))
        let viaScan = try #require(bad.nearestPoint(to: Point(0, 0)))
        #expect(viaTree.status == .nonFinite && viaScan.status == .nonFinite && viaTree.distance.isNaN)
        #expect(viaTree.segment == viaScan.segment && viaTree.t == viaScan.t)
    }

    /// max over dense samples of A of the brute-force distance to every segment of B: a lower
    /// bound on h(A, B), within L·h/2 of it (L the Lipschitz constant, h the spacing).
    func bruteForceDirected(_ a: Path, _ b: Path, samplesPerSegment: Int) -> Double {
        let targets = Array(b.segments)
        var best = 0.0
        for s in a.segments {
            for k in 0...samplesPerSegment {
                let p = s.point(at: Double(k) / Double(samplesPerSegment))
                var d = Double.infinity
                for t in targets { d = Swift.min(d, t.nearestPoint(to: p).distance) }
                best = Swift.max(best, d)
            }
        }
        return best
    }

    @Test("the Hausdorff distance to a 5,000-edge polygon is certified and agrees with a brute-force reference")
    func hausdorffAgainstBruteForce() throws {
        // 5,000 edges: enough for the hierarchy to prune most of them, and the brute force (every model sample
        // against every edge) stays within seconds in a debug build.
        let polygon = Path.polyline(wobblyPolygon(5_000), closed: true)
        let model = try ballPath([("xFactor", 1.05), ("yFactor", 0.9), ("topYFactor", 0.8), ("k", 0.56)])
        let tolerance = 1e-6 * 120
        let h = HausdorffDistance.between(model, polygon, tolerance: tolerance)
        #expect(h.upperBound - h.value <= tolerance, "\(h)")
        #expect(h.upperBound >= h.value)
        // The reference, model side dense (512 samples per cubic: spacing · L/2 < 0.05) and the
        // polygon side at its vertices and edge midpoints against the 4 cubics.
        let modelToPolygon = bruteForceDirected(model, polygon, samplesPerSegment: 512)
        let polygonToModel = bruteForceDirected(polygon, model, samplesPerSegment: 2)
        let reference = Swift.max(modelToPolygon, polygonToModel)
        #expect(reference <= h.upperBound + 1e-12, "a sampled distance above the certified bound: \(reference) > \(h)")
        #expect(h.value - reference < 0.05, "the certified value is far above the samples: \(h) vs \(reference)")
        // The directed parts on their own bound the symmetric one.
        let ab = HausdorffDistance.directed(from: PreparedPath(model), to: PreparedPath(polygon), tolerance: tolerance)
        #expect(ab.value <= h.upperBound && modelToPolygon <= ab.upperBound + 1e-12)
    }

    @Test("two outlines that nearly coincide (50,000 points on the circle the ball approximates): still certified")
    func nearlyCoincident() throws {
        let points = (0..<50_000).map { i -> Point in
            let t = 2 * Double.pi * Double(i) / 50_000 - Double.pi / 2
            return Point(50 * cos(t), 50 + 50 * sin(t))
        }
        let model = try ballPath([("k", 0.5519150244935106)])  // the minimax factor: within 1e-2 of the circle
        let tolerance = 1e-6 * 100 * 2.0.squareRoot()
        let h = HausdorffDistance.between(model, Path.polyline(points, closed: true), tolerance: tolerance)
        #expect(h.upperBound - h.value <= tolerance, "\(h)")
        // The minimax ball's radial error is ±1.9608e-4 of the radius (DESIGN.md); the polygon's
        // chords add at most r(1 − cos(π/50000)) ≈ 1e-7.
        #expect(abs(h.value - 1.9608e-4 * 50) < 1e-4, "\(h)")
    }

    @Test("the first pass's progress runs from 0 to 1 and the comparison reports both stages")
    func progress() throws {
        let polygon = Path.polyline(wobblyPolygon(30_000), closed: true)
        let model = try ballPath()
        var fractions: [Double] = []
        _ = HausdorffDistance.between(model, polygon, tolerance: 1e-4, progress: { fractions.append($0) })
        #expect(fractions.count > 3)
        #expect(zip(fractions, fractions.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(fractions.last == 1)
        var stages: [FitProgress.Stage] = []
        _ = OutlineComparison(model: model, target: polygon, tolerance: 1e-4, progress: { stages.append($0.stage) })
        #expect(stages.contains(.hausdorff) && stages.contains(.area))
    }

    @Test("a fit reports its solving progress, in order, within [0, 1]")
    func fitProgress() throws {
        let target = try TargetOutline(points: wobblyPolygon(2000))
        let setup = try FitSetup(model: CatalogModel.ball, free: ["xFactor", "yFactor", "topYFactor", "k"])
        var reports: [FitProgress] = []
        _ = try OutlineFitter().fit(target, setup: setup, progress: { reports.append($0) })
        let solving = reports.filter { $0.stage == .solving }.map(\.fraction)
        #expect(!solving.isEmpty && solving.allSatisfy { $0 > 0 && $0 <= 1 })
        #expect(zip(solving, solving.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("more points than the stated maximum are refused, given or sampled, with one line")
    func maximumPoints() throws {
        let n = TargetOutline.maximumPointCount
        #expect(throws: TargetError.tooManyPoints(count: n + 1, maximum: n)) {
            _ = try TargetOutline(path: try ballPath(), sampleCount: n + 1)
        }
        #expect(throws: TargetError.tooManyPoints(count: n + 1, maximum: n)) {
            _ = try TargetOutline(points: [Point(0, 0), Point(1, 0), Point(0, 1)], resampledTo: n + 1)
        }
        #expect(TargetError.tooManyPoints(count: n + 1, maximum: n).description
                == "the target has \(n + 1) points; at most \(n) are accepted (resample the outline to fewer points)")
    }

    @Test("coordinates near 1e300: an error naming the figure, never an infinite rms reported as converged")
    func nonFiniteFigures() throws {
        let huge = wobblyPolygon(200).map { Point($0.x * 1e298, $0.y * 1e298) }
        let target = try TargetOutline(points: huge)
        let setup = try FitSetup(model: CatalogModel.ball, free: ["xFactor", "yFactor", "topYFactor", "k"])
        let outcome: Result<OutlineFit, FitError>
        do throws(FitError) {
            outcome = .success(try OutlineFitter().fit(target, setup: setup))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let fit):
            // If the fit can represent its figures, they are finite.
            #expect(fit.rms.isFinite && fit.maxDistance.isFinite && fit.values.allSatisfy(\.isFinite))
            if let c = fit.comparison { #expect(c.hausdorff.isFinite && c.areaDifference.isFinite) }
        case .failure(.nonFiniteResult(let figure, let value)):
            #expect(!value.isFinite)
            #expect(["rms", "max_distance", "hausdorff", "area_difference", "xFactor", "yFactor", "topYFactor", "k"].contains(figure))
            #expect(FitError.nonFiniteResult(figure: figure, value: value).description.hasPrefix("the fit's \(figure) is "))
        case .failure(.farFromModel):
            break  // refused before the solve: also an honest answer
        case .failure(let other):
            Issue.record("unexpected error: \(other)")
        }
    }

    @Test("the RMS of distances whose squares overflow or underflow is still the RMS")
    func rootMeanSquare() {
        #expect(abs(OutlineFitter.rootMeanSquare([3e200, 4e200], largest: 4e200) / 1e200 - 12.5.squareRoot()) < 1e-15)
        #expect(abs(OutlineFitter.rootMeanSquare([3e-200, 4e-200], largest: 4e-200) / 1e-200 - 12.5.squareRoot()) < 1e-15)
        #expect(OutlineFitter.rootMeanSquare([3, 4], largest: 4) == 12.5.squareRoot())
        #expect(OutlineFitter.rootMeanSquare([0, 0], largest: 0) == 0)
        #expect(OutlineFitter.rootMeanSquare([.infinity], largest: .infinity) == .infinity)
    }
}
