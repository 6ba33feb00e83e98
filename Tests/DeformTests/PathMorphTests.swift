@testable import Deform
import Foundation
import Geometry
import Testing

@Suite("path morphing")
struct PathMorphTests {
    /// A squashed ball pressed on the floor as a designer might draw it (model space): from the
    /// top, counter-clockwise, with a flat bottom line — five segments, one a line.
    static let flatBottomOutline = "M0 80 C-33 80 -60 62 -60 40 C-60 15 -45 0 -25 0 L25 0 C45 0 60 15 60 40 C60 62 33 80 0 80 Z"

    func path(_ d: String) throws -> Path { try Path(svgPathData: d) }

    @Test("errors name the first incompatible element and why")
    func errors() throws {
        let circle = BezierBall.seed.path
        let flat = try path(Self.flatBottomOutline)
        let e1 = PathMorph.compatibility(circle, flat)
        #expect(e1 == .elementCount(first: 6, second: 7, element: 3, firstKind: .cubic, secondKind: .line))
        #expect(e1?.description == "element 3: cubic vs line; element counts differ, 6 vs 7")
        #expect(throws: MorphIncompatibility.self) { try PathMorph.interpolate(circle, flat, t: 0.5) }

        let kinds = PathMorph.compatibility(try path("M0 0 L1 0 L1 1 Z"), try path("M0 0 L1 0 C1 0 1 1 1 1 Z"))
        #expect(kinds?.description == "element 2: line vs cubic")
        #expect(kinds?.element == 2)

        let subpaths = PathMorph.compatibility(try path("M0 0 L1 0 L1 1 Z"), try path("M0 0 L1 0 L1 1 Z M5 5 L6 5 L6 6 Z"))
        #expect(subpaths == .subpathCount(first: 1, second: 2, element: 4))
        #expect(subpaths?.description == "element 4: subpath counts differ, 1 vs 2")

        let open = PathMorph.compatibility(try path("M0 0 L1 0 L1 1 Z"), try path("M0 0 L1 0 L1 1"))
        #expect(open?.description == "element 3: close vs none; element counts differ, 4 vs 3")

        let reversed = PathMorph.compatibility(circle, circle.reversed())
        #expect(reversed == .orientation(subpath: 0, element: 0, first: .counterClockwise, second: .clockwise))
        #expect(reversed?.description == "element 0: subpath 0 runs counter-clockwise in the first path and clockwise in the second")
        #expect(PathMorph.compatibility(circle, circle.reversed(), checkingOrientation: false) == nil)
        #expect(PathMorph.compatibility(circle, BezierBall.seedSquash.path) == nil)
    }

    @Test("interpolation moves every stored point on a straight line, exact at both ends")
    func interpolation() throws {
        let a = BezierBall.seed.path, b = BezierBall.seedSquash.path
        #expect(try PathMorph.interpolate(a, b, t: 0) == a)
        #expect(try PathMorph.interpolate(a, b, t: 1) == b)
        let mid = try PathMorph.interpolate(a, b, t: 0.25)
        for i in a.xs.indices {
            #expect(abs(mid.xs[i] - (0.75 * a.xs[i] + 0.25 * b.xs[i])) < 1e-12)
            #expect(abs(mid.ys[i] - (0.75 * a.ys[i] + 0.25 * b.ys[i])) < 1e-12)
        }
    }

    @Test("the seed's complaint: morphing the circle straight into an outline drawn differently gives an uncontrolled in-between; the one-parameter model does not")
    func seedComplaint() throws {
        let model = BallModel()
        var end = BezierBall.seedSquash.parameters
        try end.set("topYFactor", to: 0.7)
        let profile = ProgressProfile(start: BezierBall.seed.parameters, end: end)
        let circle = model.path(parameters: try profile.parameters(at: 0))
        let squashed = model.path(parameters: try profile.parameters(at: 1))
        // The designer's outline of the same squashed shape, drawn as the seed file draws its
        // ball: from the top, clockwise. Same verbs, so a shape layer would morph it.
        let clockwise = Array(squashed.reversed().segments)  // bottom → left → top → right → bottom
        let fromTop = Path(segments: clockwise[2...] + clockwise[..<2], closed: true)
        #expect(fromTop.verbs == circle.verbs)
        #expect(PathMorph.compatibility(circle, fromTop)?.description.contains("clockwise") == true)

        let areaCircle = SignedArea.of(circle), areaSquashed = SignedArea.of(squashed)
        #expect(abs(abs(SignedArea.of(fromTop)) - areaSquashed) < 1e-9 * areaSquashed, "the same shape")
        // Straight control-point interpolation, as Core Animation does it: the in-between
        // collapses (bottom runs into top, the sides cross) — a fraction of either end's area.
        let naive = try PathMorph.interpolate(circle, fromTop, t: 0.5, checkingOrientation: false)
        #expect(abs(SignedArea.of(naive)) < 0.2 * min(areaCircle, areaSquashed))
        // The model at progress ½ is a proper in-between: area between the ends, anchors where
        // the factors put them, symmetric about x = 0.
        let modelMid = model.path(parameters: try profile.parameters(at: 0.5))
        let areaMid = SignedArea.of(modelMid)
        #expect(areaMid < areaCircle && areaMid > areaSquashed)
        #expect(modelMid.transformed(by: .scale(x: -1, y: 1)).reversed() == modelMid)
        #expect(abs(modelMid.ys[6] - 0.85 * 100) < 1e-12, "top at the average of 1 and 0.7 times 2r")
        // align repairs the hand-drawn outline too.
        let (a, b) = try PathMorph.align(circle, fromTop)
        #expect(PathMorph.compatibility(a, b) == nil)
        let repaired = SignedArea.of(try PathMorph.interpolate(a, b, t: 0.5))
        #expect(repaired < areaCircle && repaired > areaSquashed)
        #expect(maxPointDistance(b, squashed) < 1e-12, "re-started at the bottom and re-oriented")
    }

    @Test("align succeeds on the seed's circle vs a squashed outline with a different structure")
    func alignSeedCircle() throws {
        let seed = try seedBall()                       // clockwise from the top, 4 cubics
        let outline = try path(Self.flatBottomOutline)  // counter-clockwise from the top, 4 cubics + a line
        let (a, b) = try PathMorph.align(seed, outline)
        #expect(PathMorph.compatibility(a, b) == nil)
        #expect(a.verbs == [.move, .cubic, .cubic, .cubic, .cubic, .cubic, .close] && a.verbs == b.verbs)
        // The shapes are unchanged: areas and lengths as before, the first path's start kept.
        for (before, after) in [(seed, a), (outline, b)] {
            #expect(abs(abs(SignedArea.of(after)) - abs(SignedArea.of(before))) < 1e-9 * abs(SignedArea.of(before)))
            #expect(abs(after.arcLength().length - before.arcLength().length) < 1e-7)
        }
        #expect(a.points.first == Point(0, 100))
        #expect(SignedArea.of(b) < 0, "re-oriented to the seed's clockwise direction")
        #expect(b.points.first == Point(0, 80), "starts at the outline's top, nearest the circle's top")
        // A controlled in-between: the area stays between the ends' areas and the shape inside
        // the union of the boxes. (Straight interpolation of the unaligned drawings is not even
        // defined: 6 vs 7 elements.)
        let box = seed.boundingBox!.union(outline.boundingBox!)
        let ends = [abs(SignedArea.of(seed)), abs(SignedArea.of(outline))]
        for t in stride(from: 0.0, through: 1.0, by: 0.1) {
            let m = try PathMorph.interpolate(a, b, t: t)
            let area = abs(SignedArea.of(m))
            #expect(area >= ends.min()! * (1 - 1e-12) && area <= ends.max()! * (1 + 1e-12), "t = \(t): area \(area), ends \(ends)")
            let mb = m.boundingBox!
            #expect(mb.minX >= box.minX - 1e-9 && mb.maxX <= box.maxX + 1e-9 && mb.minY >= box.minY - 1e-9 && mb.maxY <= box.maxY + 1e-9)
        }
    }

    @Test("align promotes lines and quadratics, makes closing lines explicit, splits at arc-length midpoints")
    func alignDetails() throws {
        let square = try path("M0 0 L10 0 L10 10 L0 10")  // open
        let curve = try path("M0 0 Q5 -5 10 0 L10 10")
        let (a, b) = try PathMorph.align(square, curve)
        #expect(a.verbs == [.move, .cubic, .cubic, .cubic] && b.verbs == a.verbs)
        // The split that best matches the square's anchors is the line's, at (10, 5).
        #expect(b.segments.map(\.start) == [Point(0, 0), Point(10, 0), Point(10, 5)])
        // Splits are at arc-length midpoints: here the quadratic's (length ≈ 11.48).
        let quadratic = QuadraticBezier(Point(0, 0), Point(5, -5), Point(10, 0)).elevated
        let length = PathSegment.cubic(quadratic).arcLength().length
        let (left, right) = PathMorph.splitAtArcLengthMidpoint(quadratic, length: length, accuracy: 1e-10)
        #expect(abs(PathSegment.cubic(left).arcLength().length - length / 2) < 1e-9)
        #expect(abs(PathSegment.cubic(right).arcLength().length - length / 2) < 1e-9)
        #expect(abs(left.p3.x - 5) < 1e-12, "symmetric curve: the midpoint is the apex")
        let closed = try path("M0 0 L10 0 L10 10 Z")  // the closing line has length
        let (c, d) = try PathMorph.align(closed, BezierBall.circle.path)
        #expect(c.verbs == d.verbs && c.verbs.filter { $0 == .cubic }.count == 4)
        #expect(abs(SignedArea.of(c) - 50) < 1e-12)
        // A lone point grows into the circle.
        let (p, q) = try PathMorph.align(try path("M0 50 Z"), BezierBall.circle.path)
        #expect(PathMorph.compatibility(p, q) == nil && p.points.allSatisfy { $0 == Point(0, 50) })
    }

    @Test("align refuses what no rewriting repairs: subpath counts, closed vs open")
    func alignErrors() throws {
        #expect(throws: MorphIncompatibility.subpathCount(first: 1, second: 2, element: 4)) {
            try PathMorph.align(try path("M0 0 L1 0 L1 1 Z"), try path("M0 0 L1 0 L1 1 Z M5 5 L6 5"))
        }
        let error = #expect(throws: MorphIncompatibility.self) {
            try PathMorph.align(try path("M0 0 L1 0 L1 1 Z"), try path("M0 0 L1 0 L1 1"))
        }
        #expect(error?.description == "element 0: subpath 0 is closed in the first path and open in the second")
    }
}
