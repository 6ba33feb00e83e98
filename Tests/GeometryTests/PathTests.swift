import Geometry
import Testing
import _TestSupport

@Suite("Path")
struct PathTests {
    /// A closed triangle-ish subpath with a cubic, then an open one.
    func sample() -> Path {
        var p = Path()
        p.move(to: Point(0, 0))
        p.line(to: Point(10, 0))
        p.cubic(to: Point(10, 10), control1: Point(15, 2), control2: Point(15, 8))
        p.close()
        p.move(to: Point(20, 20))
        p.quadratic(to: Point(30, 20), control: Point(25, 30))
        return p
    }

    @Test("storage is structure-of-arrays and segments include the closing line")
    func segmentsAndStorage() {
        let p = sample()
        #expect(p.verbs == [.move, .line, .cubic, .close, .move, .quadratic])
        #expect(p.xs.count == 1 + 1 + 3 + 1 + 2 && p.ys.count == p.xs.count)
        let segments = Array(p.segments)
        #expect(segments.count == 4)
        #expect(segments[2] == .line(LineSegment(Point(10, 10), Point(0, 0))))
        #expect(p.segmentCount == 4)
        #expect(p.subpathCount == 2)
        #expect(p.subpaths.map(\.closed) == [true, false])
        #expect(p.subpaths[0].segments.count == 2)
    }

    @Test("a closed subpath ending at its start has no zero-length closing segment")
    func closeAtStart() {
        let p = polygon(Point(0, 0), Point(1, 0), Point(0, 0))
        #expect(p.segmentCount == 2)
    }

    @Test("drawing after close starts a new subpath at the closed subpath's start")
    func drawAfterClose() {
        var p = Path()
        p.move(to: Point(1, 2))
        p.line(to: Point(5, 2))
        p.close()
        p.line(to: Point(1, 9))
        #expect(p.verbs == [.move, .line, .close, .move, .line])
        #expect(Array(p.segments).last == .line(LineSegment(Point(1, 2), Point(1, 9))))
        #expect(p.currentPoint == Point(1, 9))
    }

    @Test("bounding box is the union of the segments' exact boxes; empty paths have none")
    func boundingBox() {
        let p = sample()
        let box = p.boundingBox
        // The cubic from (10,0) via (15,2),(15,8) to (10,10) reaches x = 10 + 3·(5)·(1/4)·... :
        // x(t) = 10 + 15t(1−t), max at t = ½: 13.75. The quadratic reaches y = 25 at t = ½.
        #expect(box == Rect(minX: 0, minY: 0, maxX: 30, maxY: 25))
        #expect(sample().transformed(by: .translation(x: 1, y: -1)).boundingBox
                == Rect(minX: 1, minY: -1, maxX: 31, maxY: 24))
        var lone = Path()
        lone.move(to: Point(3, 3))
        #expect(lone.boundingBox == nil)
        #expect(Path().boundingBox == nil)
    }

    @Test("reversed twice draws the same segments; reversed once runs backwards")
    func reversal() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<500 {
            var p = Path()
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                p.move(to: rng.point())
                rng.drawSegments(on: &p, 1...5) { $0.point() }
                if Bool.random(using: &rng) { p.close() }
            }
            let once = p.reversed()
            #expect(Array(p.reversed().reversed().segments) == Array(p.segments))
            #expect(once.subpathCount == p.subpathCount)
            // Each subpath's segments, reversed, are the original's in reverse order.
            for (a, b) in zip(p.subpaths, once.subpaths) where !a.closed {
                #expect(a.segments.reversed().map(\.reversed) == b.segments)
            }
            if let a = once.boundingBox, let b = p.boundingBox {
                let rounding = 1e-13  // extrema evaluated at t and 1 − t round differently
                #expect(abs(a.minX - b.minX) < rounding && abs(a.maxX - b.maxX) < rounding)
                #expect(abs(a.minY - b.minY) < rounding && abs(a.maxY - b.maxY) < rounding)
            } else {
                Issue.record("missing bounding box")
            }
        }
    }

    @Test("a path built from segments reproduces them")
    func fromSegments() {
        let p = sample()
        let rebuilt = Path(segments: p.subpaths[1].segments)
        #expect(Array(rebuilt.segments) == p.subpaths[1].segments)
    }
}
