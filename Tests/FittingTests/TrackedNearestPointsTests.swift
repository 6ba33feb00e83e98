import Deform
@testable import Fitting
import Geometry
import Testing
import _TestSupport

@Suite("TrackedNearestPoints: certificates carried across evaluations")
struct TrackedNearestPointsTests {
    /// The slow twin: every answer of a sequence of moving balls against Path.nearestPoint(to:).
    @Test("every answer over a random walk of ball shapes is the global nearest point")
    func matchesGlobalSearch() throws {
        var rng = SplitMix64(seed: 5)
        let target = try noisyBallTarget(count: 300, sigma: 2, seed: 9)
        var tracker = TrackedNearestPoints(queries: target.points)
        var values = trueSquash.map(\.value)
        for step in 0..<60 {
            // Mostly small moves (a converging fit), sometimes a jump.
            let scale = step % 15 == 7 ? 0.2 : 0.002
            for k in values.indices { values[k] += scale * (rng.uniform(0, 1) - 0.5) }
            let path = try ballPath(zip(squashNames, values).map { ($0, $1) })
            let segments = Array(path.segments)
            let update = tracker.update(segments)
            let answers = try #require(update).nearest
            for (q, a) in zip(target.points, answers) {
                let g = try #require(path.nearestPoint(to: q))
                #expect(abs(a.distance - g.distance) <= 1e-12 * (1 + g.distance), "q \(q): \(a) vs \(g)")
                if abs(a.distance - g.distance) <= 1e-12 * (1 + g.distance) && (a.segment != g.segment || abs(a.t - g.t) > 1e-6) {
                    // A tie between two feet is allowed only at a junction (t = 1 on one, 0 on the next).
                    #expect(a.point.distance(to: g.point) < 1e-9, "q \(q): \(a) vs \(g)")
                }
            }
        }
        #expect(tracker.carried > tracker.full, "carried \(tracker.carried), fresh \(tracker.fresh), full \(tracker.full)")
    }

    @Test("points exactly on the curve, on junctions and far away")
    func awkwardQueries() throws {
        let path = try ballPath()
        let segments = Array(path.segments)
        var queries: [Point] = segments.map(\.start) + [Point(0, 200), Point(0, 35), Point(-300, 1e3)]
        for s in segments { queries.append(s.point(at: 0.3)) }
        var tracker = TrackedNearestPoints(queries: queries)
        for _ in 0..<3 {
            let update = tracker.update(segments)
            let answers = try #require(update).nearest
            for (q, a) in zip(queries, answers) {
                let g = try #require(path.nearestPoint(to: q))
                #expect(abs(a.distance - g.distance) <= 1e-12 * (1 + g.distance))
            }
        }
    }

    @Test("a non-finite path gives no answers and leaves the state usable")
    func nonFinite() throws {
        let path = try ballPath()
        var tracker = TrackedNearestPoints(queries: [Point(1, 2)])
        var bad = Array(path.segments)
        bad[0] = .line(LineSegment(Point(.nan, 0), Point(1, 1)))
        let first = tracker.update(bad), second = tracker.update(Array(path.segments))
        #expect(first == nil)
        #expect(second != nil)
    }
}
