import Foundation
import Geometry
import Testing
import _TestSupport

/// The full-size checks, too slow for a debug `swift test`: run them optimised with
/// `Tests/GeometryTests/Resources/heavy-checks.sh` (sets BEZTUNE_HEAVY_CHECKS=1 and runs
/// `swift test -c release --filter HeavyChecks`). Each prints one `HEAVY …` summary line with the
/// counts and timings quoted in the project notes.
@Suite("Heavy checks (BEZTUNE_HEAVY_CHECKS=1, release build)", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["BEZTUNE_HEAVY_CHECKS"] == "1"))
struct HeavyChecks {
    /// Runs `body` over `count` items split into `chunks` seeded chunks in parallel and collects
    /// the chunk results in order.
    static func parallel<T: Sendable>(chunks: Int, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
        await withTaskGroup(of: (Int, T).self) { group in
            for k in 0..<chunks { group.addTask { (k, body(k)) } }
            var out = [(Int, T)]()
            for await r in group { out.append(r) }
            return out.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    static func now() -> Double { Date().timeIntervalSince1970 }

    @Test("nearest point: 100,000 awkward cubics and queries vs 10,000 dense samples + Newton")
    func nearest() async {
        struct Chunk: Sendable { var failures = 0, depthLimited = 0, worstExcess = 0.0, worstUlps = 0.0 }
        let chunks = 16, perChunk = 100_000 / chunks
        let results = await Self.parallel(chunks: chunks) { k -> Chunk in
            var rng = SplitMix64(seed: 1000 + UInt64(k))
            var out = Chunk()
            for _ in 0..<perChunk {
                let c = rng.awkwardCubic()
                let q = rng.query(for: c)
                let r = c.nearestPoint(to: q)
                let reference = NearestReference.denseSamples(c, q)
                let excess = r.distance - reference
                if excess > NearestReference.slack(c, q, reference) { out.failures += 1 }
                if r.status == .depthLimited { out.depthLimited += 1 }
                out.worstExcess = max(out.worstExcess, excess / max(1, c.magnitude))
                out.worstUlps = max(out.worstUlps, excess / reference.ulp)
            }
            return out
        }
        let failures = results.reduce(0) { $0 + $1.failures }
        let depthLimited = results.reduce(0) { $0 + $1.depthLimited }
        let worst = results.map(\.worstExcess).max() ?? 0
        let ulps = results.map(\.worstUlps).max() ?? 0
        // Timing: global vs warm start from a nearby answer (a fitting loop's situation).
        var rng = SplitMix64(seed: 999)
        var curves: [CubicBezier] = [], queries: [Point] = [], hints: [Double] = []
        for _ in 0..<100_000 {
            let c = CubicBezier(rng.point(), rng.point(), rng.point(), rng.point())
            let q = c.point(at: rng.uniform(0, 1)) + rng.point(in: -3...3)
            curves.append(c)
            queries.append(q)
            hints.append(min(1, max(0, c.nearestPoint(to: q).t + rng.uniform(-0.02, 0.02))))
        }
        var sink = 0.0
        var start = Self.now()
        for i in curves.indices { sink += curves[i].nearestPoint(to: queries[i]).t }
        let global = (Self.now() - start) / Double(curves.count)
        var certified = 0
        start = Self.now()
        for i in curves.indices {
            let r = curves[i].nearestPoint(to: queries[i], near: hints[i])
            sink += r.t
            if r.method == .certifiedWarmStart { certified += 1 }
        }
        let warm = (Self.now() - start) / Double(curves.count)
        print("HEAVY nearest: 100000 queries, \(failures) farther than the dense reference, worst excess \(worst)·max|P| (\(ulps) ulps of the distance), depth-limited \(depthLimited); global \(Int(global * 1e9)) ns/query, warm \(Int(warm * 1e9)) ns/query (\(certified) of 100000 certified) [\(sink > 0)]")
        #expect(failures == 0)
    }

    @Test("flattening: 100,000 cubics in [0, 100)² at tolerance 0.01, plus 10,000 awkward ones")
    func flattening() async {
        struct Chunk: Sendable { var ours = 0, wang = 0, worst = 0.0, exceed = 0, time = 0.0 }
        let chunks = 16, perChunk = 100_000 / chunks
        let results = await Self.parallel(chunks: chunks) { k -> Chunk in
            var rng = SplitMix64(seed: 2000 + UInt64(k))
            var out = Chunk()
            for _ in 0..<perChunk {
                let c = CubicBezier(Point(rng.uniform(0, 100), rng.uniform(0, 100)), Point(rng.uniform(0, 100), rng.uniform(0, 100)),
                                    Point(rng.uniform(0, 100), rng.uniform(0, 100)), Point(rng.uniform(0, 100), rng.uniform(0, 100)))
                let start = Self.now()
                let r = Flattening(tolerance: 0.01).flatten(c)
                out.time += Self.now() - start
                out.ours += r.segmentCount
                out.wang += WangBound.segmentCount(for: c, tolerance: 0.01)
                let m = PolylineDeviation.measurePiecewise(c, parameters: r.parameters, points: r.points).deviation
                out.worst = max(out.worst, m)
                if m > 0.01 || r.status != .guaranteed { out.exceed += 1 }
            }
            return out
        }
        let ours = Double(results.reduce(0) { $0 + $1.ours }) / 100_000
        let wang = Double(results.reduce(0) { $0 + $1.wang }) / 100_000
        let worst = results.map(\.worst).max() ?? 0
        let exceed = results.reduce(0) { $0 + $1.exceed }
        let time = results.reduce(0.0) { $0 + $1.time } / 100_000
        let awkward = await Self.parallel(chunks: chunks) { k -> Chunk in
            var rng = SplitMix64(seed: 3000 + UInt64(k))
            var out = Chunk()
            for _ in 0..<(10_000 / chunks) {
                let c = rng.awkwardCubic()
                let tolerance = pow(10, Double.random(in: -3...0.3, using: &rng))
                let r = Flattening(tolerance: tolerance).flatten(c)
                let m = PolylineDeviation.measure(c, polyline: r.points, samples: 4000).deviation
                let piecewise = PolylineDeviation.measurePiecewise(c, parameters: r.parameters, points: r.points, samplesPerPiece: 32).deviation
                out.worst = max(out.worst, max(m, piecewise) / tolerance)
                if max(m, piecewise) > tolerance || r.status != .guaranteed { out.exceed += 1 }
            }
            return out
        }
        let awkwardExceed = awkward.reduce(0) { $0 + $1.exceed }
        let awkwardWorst = awkward.map(\.worst).max() ?? 0
        print("HEAVY flattening: [0,100)² tol 0.01: \(ours) segments/curve (Wang \(wang)), measured max deviation \(worst), \(exceed) over tolerance, \(Int(time * 1e9)) ns/curve; awkward 10000: worst deviation/tolerance \(awkwardWorst), \(awkwardExceed) over")
        #expect(exceed == 0 && awkwardExceed == 0)
        #expect(ours <= 1.1 * 46.7)
    }

    @Test("arc length: the bound holds on 20,000 awkward curves at several accuracies")
    func arcLength() async {
        struct Chunk: Sendable { var violations = 0, notConverged = 0, worstRatio = 0.0 }
        let results = await Self.parallel(chunks: 16) { k -> Chunk in
            var rng = SplitMix64(seed: 4000 + UInt64(k))
            var out = Chunk()
            for _ in 0..<(20_000 / 16) {
                let c = rng.awkwardCubic()
                let fine = AdaptiveArcLength(accuracy: 1e-300, relativeAccuracy: 1e-15).length(of: c)
                for accuracy in [1e-2, 1e-5, 1e-8, 1e-10] {
                    let r = AdaptiveArcLength(accuracy: accuracy).length(of: c)
                    let error = abs(r.length - fine.length)
                    if error > r.errorEstimate + fine.errorEstimate { out.violations += 1 }
                    if !r.converged { out.notConverged += 1 }
                    if r.errorEstimate > 0 { out.worstRatio = max(out.worstRatio, error / r.errorEstimate) }
                }
            }
            return out
        }
        let violations = results.reduce(0) { $0 + $1.violations }
        let notConverged = results.reduce(0) { $0 + $1.notConverged }
        print("HEAVY arc length: 80000 integrations, \(violations) bound violations, \(notConverged) not converged (rounding floor), worst error/bound \(results.map(\.worstRatio).max() ?? 0)")
        #expect(violations == 0)
    }
}
