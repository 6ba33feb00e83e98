@testable import Geometry
import Testing
import _TestSupport

/// `Flattening.flatten(_: Path)`, which runs a path's curves through the batch kernel together,
/// against the plain definition: one `flatten(_: PathSegment)` call per drawing segment, joined
/// per subpath.
@Suite("Path flattening")
struct PathFlatteningTests {
    /// The definition, segment by segment (what `flatten(_: Path)` did before it batched).
    func reference(_ f: Flattening, _ path: Path) -> FlattenedPath {
        var polylines: [Polyline] = []
        var status = FlattenedCurve.Status.guaranteed
        var bound = 0.0
        func add(_ segment: PathSegment, to points: inout [Point]) {
            let r = f.flatten(segment)
            status = max(status, r.status)
            bound = r.deviationBound.isNaN ? .nan : max(bound, r.deviationBound)
            points.append(contentsOf: r.points.dropFirst())
        }
        for sub in path.subpaths where !sub.segments.isEmpty {
            var points = [sub.start]
            for s in sub.segments { add(s, to: &points) }
            if sub.closed {
                if let last = points.last, last != sub.start { add(.line(LineSegment(last, sub.start)), to: &points) }
                points.removeLast()
            }
            polylines.append(Polyline(points: points, closed: sub.closed))
        }
        return FlattenedPath(polylines: polylines, status: status, deviationBound: bound)
    }

    /// A random path of `n` verbs: moves, lines, quadratics, cubics (some awkward: cusps, loops,
    /// near-lines), closes, and now and then a huge or non-finite control point.
    func randomPath(_ n: Int, _ rng: inout SplitMix64) -> Path {
        var path = Path()
        var current = Point(rng.uniform(0, 100), rng.uniform(0, 100))
        path.move(to: current)
        func point() -> Point { Point(rng.uniform(-50, 150), rng.uniform(-50, 150)) }
        for _ in 0..<n {
            switch rng.uniform(0, 1) {
            case ..<0.05:
                current = point()
                path.move(to: current)
            case ..<0.1:
                path.close()
                current = point()
                path.move(to: current)
            case ..<0.25:
                current = point()
                path.line(to: current)
            case ..<0.45:
                let c = point()
                current = point()
                path.quadratic(to: current, control: c)
            case ..<0.95:
                let a = rng.awkwardCubic()
                let shift = current - a.p0
                current = a.p3 + shift
                path.cubic(to: current, control1: a.p1 + shift, control2: a.p2 + shift)
            case ..<0.975:
                current = point()
                path.cubic(to: current, control1: Point(1e7, -1e7), control2: point())
            default:
                path.cubic(to: current, control1: Point(.nan, 0), control2: point())
            }
        }
        return path
    }

    @Test("batched path flattening equals one call per segment: polylines, status, bound")
    func batchedEqualsPerSegment() {
        var rng = SplitMix64(seed: 907)
        for trial in 0..<40 {
            let path = randomPath(trial < 20 ? 1 + trial : 200, &rng)
            for (tolerance, method) in [(1e-3, Flattening.Method.adaptive), (0.05, .adaptive), (2.0, .adaptive), (0.05, .uniformWang)] {
                let f = Flattening(tolerance: tolerance, method: method, maxSegments: 20_000)
                let batched = f.flatten(path), expected = reference(f, path)
                #expect(batched.polylines == expected.polylines, "trial \(trial) at \(tolerance), \(method)")
                #expect(batched.status == expected.status)
                // Counting without storing gives what the polylines give.
                let counted = f.pointCount(of: path)
                #expect(counted.pointCount == batched.pointCount && counted.status == batched.status, "trial \(trial)")
                #expect(counted.deviationBound == batched.deviationBound
                        || (counted.deviationBound.isNaN && batched.deviationBound.isNaN))
                #expect(batched.deviationBound == expected.deviationBound
                        || (batched.deviationBound.isNaN && expected.deviationBound.isNaN))
            }
        }
    }

    @Test("a path of one huge curve among small ones: the workspace grows for it, same result")
    func deferredCurve() throws {
        let path = try Path(svgPathData: "M0 0 C 0 50 100 50 100 0 C 100 -5e4 0 5e4 0 0 Q 50 50 100 100 Z")
        let f = Flattening(tolerance: 0.01)
        let batched = f.flatten(path), expected = reference(f, path)
        #expect(batched == expected)
        // The middle curve's Wang count is beyond the initial workspace.
        let huge = CubicBezier(Point(100, 0), Point(100, -5e4), Point(0, 5e4), Point(0, 0))
        #expect(f.scaled(huge).wang > Double(FlatteningKernel.initialCapacity))
    }
}
