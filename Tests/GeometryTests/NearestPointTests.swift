import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("Nearest point")
struct NearestPointTests {
    @Test("100,000 random cubics and queries: never farther than a multi-start sampled reference")
    func manyQueriesAgainstMultiStart() {
        var rng = SplitMix64(seed: 101)
        var failures = 0
        var depthLimited = 0
        for _ in 0..<100_000 {
            let c = rng.awkwardCubic()
            let q = rng.query(for: c)
            let r = c.nearestPoint(to: q)
            let reference = NearestReference.multiStart(c, q, samples: 24)
            if r.distance > reference + NearestReference.slack(c, q, reference) {
                failures += 1
                if failures <= 5 { Issue.record("\(c) q = \(q): \(r.distance) > \(reference)") }
            }
            if r.status == .depthLimited { depthLimited += 1 }
            // The reported point and distance are consistent.
            #expect(abs((r.point - q).length - r.distance) <= NearestReference.slack(c, q, r.distance) * 4)
            #expect(r.t >= 0 && r.t <= 1 && r.method == .global)
        }
        #expect(failures == 0)
        #expect(depthLimited < 100)
    }

    @Test("1,000 queries: never farther than the best of 10,000 dense samples refined by Newton")
    func denseReference() {
        var rng = SplitMix64(seed: 102)
        for _ in 0..<1_000 {
            let c = rng.awkwardCubic()
            let q = rng.query(for: c)
            let r = c.nearestPoint(to: q)
            let reference = NearestReference.denseSamples(c, q)
            #expect(r.distance <= reference + NearestReference.slack(c, q, reference), "\(c) q = \(q)")
        }
    }

    /// Queries near the evolute, where two basins of the distance compete: in some of them the
    /// best of a coarse sampling (8 parameters) lies in the basin of the worse local minimum, so
    /// sampling then refining by Newton — the usual shortcut — answers wrongly. The root isolation
    /// must not; the cases are counted so the test cannot pass vacuously.
    @Test("the best coarse sample lies in the wrong basin: the global method still wins")
    func wrongBasin() {
        var rng = SplitMix64(seed: 106)
        var wrongBasinCases = 0
        for _ in 0..<3000 {
            let c = CubicBezier(rng.point(), rng.point(), rng.point(), rng.point())
            let t = Double.random(in: 0.05...0.95, using: &rng)
            guard let tangent = c.unitTangent(at: t) else { continue }
            let k = c.curvature(at: t)
            let q = c.point(at: t) + ((1 / k) * Double.random(in: 1.0...1.3, using: &rng)) * Point(-tangent.y, tangent.x)
            guard q.isFinite, q.maxMagnitude < 1e4 else { continue }
            let r = c.nearestPoint(to: q)
            let samples = (0..<8).map { Double($0) / 7 }
            let best = samples.min { (c.point(at: $0) - q).length < (c.point(at: $1) - q).length }!
            let shortcut = NearestReference.newton(c, q, from: best, distance: (c.point(at: best) - q).length)
            if shortcut > r.distance * (1 + 1e-6) {
                wrongBasinCases += 1
                #expect(r.distance <= NearestReference.denseSamples(c, q) + NearestReference.slack(c, q, r.distance))
            }
        }
        #expect(wrongBasinCases > 20, "only \(wrongBasinCases) wrong-basin cases")
        // One explicit case: a symmetric arch y = 1 − x² (x = 2t − 1), query just right of its
        // axis and below the centre of curvature of the apex (0, ½): minima on both sides, the
        // right one nearer; the coarse samples t = 0, ½, 1 see the apex (a local maximum of the
        // distance), from which Newton does not move.
        let arch = QuadraticBezier(Point(-1, 0), Point(0, 2), Point(1, 0)).elevated
        let q = Point(0.001, 0.3)
        let r = arch.nearestPoint(to: q)
        #expect(r.t > 0.5 && r.distance <= NearestReference.denseSamples(arch, q) + 1e-15)
        let apex = (arch.point(at: 0.5) - q).length
        #expect(NearestReference.newton(arch, q, from: 0.5, distance: apex) > r.distance * 1.02)
    }

    @Test("queries at the centre of curvature: two or more equally good basins, ties to the smallest t")
    func evoluteTies() {
        // A symmetric arch and a query on its axis: t and 1 − t are equally near.
        let arch = QuadraticBezier(Point(-1, 0), Point(0, 2), Point(1, 0)).elevated
        let r = arch.nearestPoint(to: Point(0, -3))
        #expect(r.t < 0.5)
        let mirrored = arch.nearestPoint(to: Point(1e-12, -3))
        #expect(mirrored.t > 0.5)
        #expect(abs(r.distance - mirrored.distance) < 1e-9)
        // A degenerate curve: every t is equally near; t = 0 is reported.
        let a = Point(3, 4)
        let point = CubicBezier(a, a, a, a).nearestPoint(to: Point(0, 0))
        #expect(point.t == 0 && point.distance == 5 && point.point == a)
        // A query exactly at the centre of a quarter circle made of the minimax cubic: the
        // distance ripples by ±2e-4 — the global minimum is found, not a ripple.
        let k = 0.5519150244935106
        let quarter = CubicBezier(Point(1, 0), Point(1, k), Point(k, 1), Point(0, 1))
        let centre = quarter.nearestPoint(to: .zero)
        #expect(centre.distance <= NearestReference.denseSamples(quarter, .zero) + 1e-15)
        #expect(abs(centre.distance - (1 - 1.9608e-4)) < 1e-6)
    }

    @Test("all-equal control points, coordinates near 1e300, NaN: terminate with a status")
    func edgeCases() {
        let unit = CubicBezier(Point(0, 0), Point(1, 2), Point(3, -1), Point(4, 1))
        let q = Point(2, 3)
        let r = unit.nearestPoint(to: q)
        for s in [1e300, 1e-300, 2.0.squareRoot() * 1e250] {
            let big = unit.transformed(by: .scale(x: s, y: s))
            let rb = big.nearestPoint(to: Point(q.x * s, q.y * s))
            #expect(abs(rb.t - r.t) < 1e-12, "scale \(s)")
            #expect(abs(rb.distance / s - r.distance) <= 1e-12 * r.distance, "scale \(s)")
            #expect(rb.status == .exact)
        }
        // Control points near the top of the range, where Pᵢ − q overflows unless halved.
        let top = CubicBezier(Point(1.5e308, 0), Point(-1.5e308, 1e308), Point(1.5e308, 1e308), Point(-1.5e308, 0))
        let rt = top.nearestPoint(to: Point(-1.7e308, -1e308))
        #expect(rt.status == .exact && rt.distance.isFinite && rt.t >= 0 && rt.t <= 1)
        let nan = unit.nearestPoint(to: Point(.nan, 0))
        #expect(nan.status == .nonFinite && nan.distance.isNaN)
        let inf = CubicBezier(Point(0, 0), Point(.infinity, 0), Point(1, 1), Point(2, 2)).nearestPoint(to: q)
        #expect(inf.status == .nonFinite)
        // A query on the curve: distance at rounding level.
        for t in [0.0, 0.3, 0.77, 1.0] {
            let on = unit.nearestPoint(to: unit.point(at: t))
            #expect(on.distance < 1e-13 && abs(on.t - t) < 1e-6)
        }
        // Collinear control points, folded back: the curve retraces itself.
        let folded = CubicBezier(Point(0, 0), Point(3, 0), Point(-1, 0), Point(2, 0))
        let rf = folded.nearestPoint(to: Point(2.5, 1))
        #expect(abs(rf.distance - NearestReference.denseSamples(folded, Point(2.5, 1))) < 1e-12)
    }

    @Test("warm start at a point where f only vanishes (B′ rounds to 0), the one root elsewhere: falls back (found by fuzzing)")
    func warmStartDegenerateStart() {
        // In the frame P₁ − P₀ rounds to 0 (−1.5e17 against 1.8e165), so f = (B − q)·B′ is −0 at
        // t ≈ 0 and Newton stops there; the one sign change of f in M is the true minimum at
        // t ≈ 0.0099. Certified before: a distance 1.8e159 against the global 3.9e143.
        let c = CubicBezier(Point(-1.5132044362807777e-94, -3.316657474881499e-287),
                            Point(-1.4820538565085766e+17, 1.398043286095289e-76),
                            Point(1.398043286095289e-76, 1.398043286095289e-76),
                            Point(1.7891696522493855e+165, Double(bitPattern: 0x4054_efcd_5817) /* 3.49470144164784e-310 */))
        let q = Point(1.7573882010139148e+159, 4.1488962867192316e-156)
        let global = c.nearestPoint(to: q)
        let warm = c.nearestPoint(to: q, near: Double(bitPattern: 0x2f_767f) /* 1.5368045e-317 */)
        #expect(abs(global.t - 0.00994) < 1e-4)
        #expect(warm.t == global.t && warm.distance == global.distance)
    }

    @Test("warm start: certified answers equal the global ones; a hint in the wrong basin falls back")
    func warmStart() {
        var rng = SplitMix64(seed: 103)
        var certified = 0
        let count = 20_000
        for _ in 0..<count {
            let c = rng.awkwardCubic()
            let q = rng.query(for: c)
            let global = c.nearestPoint(to: q)
            let hint = Swift.min(1, Swift.max(0, global.t + Double.random(in: -0.05...0.05, using: &rng)))
            let warm = c.nearestPoint(to: q, near: hint)
            #expect(warm.distance <= global.distance + NearestReference.slack(c, q, global.distance),
                    "\(c) q = \(q) hint \(hint)")
            if warm.method == .certifiedWarmStart { certified += 1 }
            // A random hint anywhere: still the global answer.
            let anywhere = c.nearestPoint(to: q, near: Double.random(in: 0...1, using: &rng))
            #expect(anywhere.distance <= global.distance + NearestReference.slack(c, q, global.distance))
        }
        #expect(certified > count / 2, "certified \(certified) of \(count)")
        // The arch with the query right of the axis and the hint in the left basin: Newton
        // converges to the worse minimum; the certificate must refuse it.
        let arch = QuadraticBezier(Point(-1, 0), Point(0, 2), Point(1, 0)).elevated
        let q = Point(0.1, -0.4)
        let global = arch.nearestPoint(to: q)
        let warm = arch.nearestPoint(to: q, near: 0.1)
        #expect(warm.method == .global && warm.t == global.t && warm.t > 0.5)
        // The hint in the right basin is certified.
        let good = arch.nearestPoint(to: q, near: 0.9)
        #expect(good.method == .certifiedWarmStart && abs(good.t - global.t) < 1e-12)
    }

    @Test("a fitting loop: queries moving along an outline, warm-started from the last answer")
    func fittingLoop() {
        let c = CubicBezier(Point(0, 0), Point(30, 80), Point(70, -20), Point(100, 40))
        var previous: NearestPoint?
        var certified = 0
        for k in 0...1000 {
            let s = Double(k) / 1000
            let q = c.point(at: s) + Point(0.5 * sin(20 * s), 0.5 * cos(17 * s))
            let r = previous.map { c.nearestPoint(to: q, near: $0.t) } ?? c.nearestPoint(to: q)
            let global = c.nearestPoint(to: q)
            #expect(abs(r.distance - global.distance) <= 1e-12)
            if r.method == .certifiedWarmStart { certified += 1 }
            previous = r
        }
        #expect(certified > 950)
    }

    @Test("lines and quadratics: closed form and elevation agree with the reference")
    func linesAndQuadratics() {
        var rng = SplitMix64(seed: 104)
        for _ in 0..<2000 {
            let a = rng.point(), b = rng.point(), c = rng.point(), q = rng.point(in: -150...150)
            let line = LineSegment(a, b).nearestPoint(to: q)
            let lineRef = NearestReference.denseSamples(PathSegment.line(LineSegment(a, b)).asCubic, q, samples: 200)
            #expect(line.distance <= lineRef + 1e-12)
            let quad = QuadraticBezier(a, b, c)
            let rq = quad.nearestPoint(to: q)
            #expect(rq.distance <= NearestReference.multiStart(quad.elevated, q) + 1e-12)
            #expect(rq.point == quad.point(at: rq.t))
        }
        #expect(LineSegment(Point(1, 1), Point(1, 1)).nearestPoint(to: .zero).t == 0)
    }
}

@Suite("Nearest point on a path")
struct PathNearestPointTests {
    @Test("the path's answer is the best segment's, with ties to the earlier segment")
    func pathMatchesSegments() throws {
        var rng = SplitMix64(seed: 105)
        for _ in 0..<300 {
            var path = Path()
            path.move(to: rng.point())
            rng.drawSegments(on: &path, 1...6) { $0.point() }
            if Bool.random(using: &rng) { path.close() }
            let q = rng.point(in: -150...150)
            let r = try #require(path.nearestPoint(to: q))
            let all = Array(path.segments).map { $0.nearestPoint(to: q) }
            let best = all.map(\.distance).min()!
            #expect(r.distance == best)
            #expect(r.segment == all.firstIndex { $0.distance == best })
            #expect(r.point == Array(path.segments)[r.segment].point(at: r.t))
            // Warm-started from a previous answer for a nearby query: the same distance.
            let q2 = q + Point(0.3, -0.2)
            let warm = try #require(path.nearestPoint(to: q2, near: r))
            let cold = try #require(path.nearestPoint(to: q2))
            #expect(abs(warm.distance - cold.distance) <= 1e-12 * max(1, cold.distance))
        }
        // The junction of two segments: the earlier one at t = 1.
        var corner = Path()
        corner.move(to: Point(0, 0))
        corner.line(to: Point(1, 0))
        corner.line(to: Point(1, 1))
        let r = try #require(corner.nearestPoint(to: Point(2, -1)))
        #expect(r.segment == 0 && r.t == 1)
        // Nothing drawn: nil.
        var lone = Path()
        lone.move(to: Point(1, 1))
        #expect(lone.nearestPoint(to: .zero) == nil)
        #expect(Path().nearestPoint(to: .zero) == nil)
    }
}
