import Geometry
import Testing
import _TestSupport

@Suite("PreparedPath: the path-level nearest-point search")
struct PreparedPathTests {
    /// The slow twin: every segment searched globally, no pruning, the smallest distance, ties
    /// to the smallest segment index and then t.
    func everySegment(_ path: Path, _ q: Point) -> NearestPoint? {
        var best: NearestPoint?
        for (index, segment) in path.segments.enumerated() {
            var c = segment.nearestPoint(to: q)
            c.segment = index
            if let b = best, !(c.distance < b.distance || (c.distance == b.distance && (index, c.t) < (b.segment, b.t))) { continue }
            best = c
        }
        return best
    }

    @Test("global and warm-started answers are the unpruned search's, on lines, quadratics and cubics; Path's are the prepared ones")
    func sameAnswers() throws {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<40 {
            var path = Path()
            path.move(to: Point(rng.uniform(-50, 50), rng.uniform(-50, 50)))
            for _ in 0..<Int(rng.uniform(1, 6)) {
                let p = Point(rng.uniform(-50, 50), rng.uniform(-50, 50))
                let c = Point(rng.uniform(-50, 50), rng.uniform(-50, 50))
                switch Int(rng.uniform(0, 3)) {
                case 0: path.line(to: p)
                case 1: path.quadratic(to: p, control: c)
                default: path.cubic(to: p, control1: c, control2: Point(rng.uniform(-50, 50), rng.uniform(-50, 50)))
                }
            }
            if rng.uniform(0, 1) < 0.5 { path.close() }
            let prepared = PreparedPath(path)
            #expect(prepared.count == path.segmentCount)
            for _ in 0..<30 {
                let q = Point(rng.uniform(-80, 80), rng.uniform(-80, 80))
                let a = try #require(everySegment(path, q)), b = try #require(prepared.nearestPoint(to: q))
                #expect(a.segment == b.segment && a.t == b.t && a.distance == b.distance && a.point == b.point)
                #expect(path.nearestPoint(to: q) == b)
                let hint = NearestPoint(segment: Int(rng.uniform(0, Double(prepared.count))), t: rng.uniform(0, 1),
                                        point: .zero, distance: 0, method: .global, status: .exact)
                let d = try #require(prepared.nearestPoint(to: q, near: hint))
                #expect(d.distance <= b.distance * (1 + 1e-12) + 1e-12 && d.distance >= b.distance * (1 - 1e-12) - 1e-12)
                #expect(path.nearestPoint(to: q, near: hint) == d)
            }
        }
    }

    @Test("an empty path has no nearest point; a non-finite query or coordinate gives .nonFinite")
    func edgeCases() throws {
        #expect(PreparedPath(Path()).nearestPoint(to: .zero) == nil)
        let path = try Path(svgPathData: "M0 0 L10 0 L10 10 Z")
        let r = try #require(PreparedPath(path).nearestPoint(to: Point(.nan, 0)))
        #expect(r.status == .nonFinite && r.distance.isNaN)
    }
}
