import Deform
import Foundation
import Geometry
import Testing

@Suite("scene: the plum blossom")
struct PlumBlossomModelTests {
    let model = PlumBlossomModel()
    let w = 320.0, h = 568.0

    /// The anchors (move-to, line ends, cubic ends) of a path, in order.
    func anchors(_ path: Path) -> [Point] {
        var out: [Point] = []
        var k = 0
        for verb in path.verbs {
            if verb.pointCount > 0 { out.append(Point(path.xs[k + verb.pointCount - 1], path.ys[k + verb.pointCount - 1])) }
            k += verb.pointCount
        }
        return out
    }

    func expectAnchors(_ path: Path, _ expected: [(Double, Double)], sourceLocation: SourceLocation = #_sourceLocation) {
        let a = anchors(path)
        #expect(a.count == expected.count, sourceLocation: sourceLocation)
        for (p, (x, y)) in zip(a, expected) {
            #expect(abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9, "\(p) vs (\(x), \(y))", sourceLocation: sourceLocation)
        }
    }

    /// Every cubic of `path` lies on a circle of `arcs` (centre and radius in model space): its
    /// end points and midpoint at the radius from the centre of the arc it belongs to.
    func expectArcs(_ path: Path, _ arcs: [(center: Point, radius: Double, cubics: Int)],
                    sourceLocation: SourceLocation = #_sourceLocation) {
        let cubics = path.segments.compactMap { s -> CubicBezier? in if case .cubic(let c) = s { c } else { nil } }
        var n = 0
        for arc in arcs {
            for _ in 0..<arc.cubics {
                let c = cubics[n]
                for t in [0.0, 0.5, 1.0] {
                    #expect(abs(c.point(at: t).distance(to: arc.center) - arc.radius) < 1e-9, sourceLocation: sourceLocation)
                }
                n += 1
            }
        }
        #expect(n == cubics.count, sourceLocation: sourceLocation)
    }

    @Test("the start outline: three bumps of radius w/4 on the bottom edge, clockwise as UIKit draws them")
    func startOutline() throws {
        let start = PlumBlossomModel.startOutline(width: w, height: h)
        #expect(start.verbs == PlumBlossomModel.verbs)
        // y-up, origin at the frame's bottom-left: (0, 0) → (w/4, w/4) → over (w/2, w/2) → (3w/4, w/4) → (w, 0).
        expectAnchors(start, [(0, 0), (0, 0), (80, 80), (80, 80), (160, 160), (240, 80), (240, 80), (320, 0)])
        expectArcs(start, [(Point(80, 0), 80, 1), (Point(160, 80), 80, 2), (Point(240, 0), 80, 1)])
        #expect(SignedArea.of(start) < 0, "clockwise on screen stays clockwise in the upright model picture")
        // Area by hand: two quarter discs, a half disc and the w/2 × w/4 rectangle under it.
        let q = Double.pi * 80 * 80
        let area = q / 4 + q / 4 + q / 2 + 160 * 80
        #expect(abs(-SignedArea.of(start) - area) < 2e-4 * area, "cubic arcs: within the midpoint-exact error")
    }

    @Test("the end outline: arcs of radius h at the bottom corners and w/2 over the top edge, from (−w, 0)")
    func endOutline() throws {
        let end = PlumBlossomModel.endOutline(width: w, height: h)
        #expect(end.verbs == PlumBlossomModel.verbs)
        expectAnchors(end, [(-320, 0), (-568, 0), (0, 568), (0, 568), (160, 728), (320, 568), (320, 568), (888, 0)])
        expectArcs(end, [(Point(0, 0), 568, 1), (Point(160, 568), 160, 2), (Point(320, 0), 568, 1)])
        #expect(SignedArea.of(end) < 0)
        // It covers the whole frame.
        let box = try #require(end.boundingBox)
        #expect(box.minX <= 0 && box.minY <= 0 && box.maxX >= w && box.maxY >= h)
    }

    @Test("the model at progress 0, ½ and 1: the start outline, Core Animation's in-between, the end outline")
    func morph() throws {
        let start = PlumBlossomModel.startOutline(width: w, height: h), end = PlumBlossomModel.endOutline(width: w, height: h)
        #expect(maxPointDistance(try model.seedPath(atProgress: 0), start) < 1e-9)
        #expect(maxPointDistance(try model.seedPath(atProgress: 1), end) < 1e-9)
        let mid = try model.seedPath(atProgress: 0.5)
        #expect(maxPointDistance(mid, try PathMorph.interpolate(start, end, t: 0.5)) < 1e-9)
        // Half-way by hand: the top of the middle arc at (160, (160 + 728)/2) = (160, 444).
        expectAnchors(mid, [(-160, 0), (-284, 0), (40, 324), (40, 324), (160, 444), (280, 324), (280, 324), (604, 0)])
        // Another frame size: the model scales with it.
        let p = try setting(model, ["width": 200, "height": 300, "morph": 0.25])
        let expected = try PathMorph.interpolate(PlumBlossomModel.startOutline(width: 200, height: 300),
                                                 PlumBlossomModel.endOutline(width: 200, height: 300), t: 0.25)
        #expect(maxPointDistance(model.path(parameters: p), expected) < 1e-9)
    }

    @Test("the morph check accepts the two outlines and names the arc when one is drawn the other way")
    func morphCheck() throws {
        let start = PlumBlossomModel.startOutline(width: w, height: h), end = PlumBlossomModel.endOutline(width: w, height: h)
        #expect(PathMorph.compatibility(start, end) == nil)
        #expect(PlumBlossomModel.morphProblem(start: start, end: end) == nil)
        // Every in-between keeps the direction and every arc bends the same way.
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let m = try PathMorph.interpolate(start, end, t: t)
            #expect(SignedArea.of(m) < 0)
            #expect(PlumBlossomModel.morphProblem(start: start, end: m) == nil)
        }
        let (move, arcs) = PlumBlossomModel.endArcs(width: w, height: h)
        func endWith(_ i: Int, _ arc: ScreenArc) -> Path {
            var changed = arcs
            changed[i] = arc
            return PlumBlossomModel.outline(move: move, arcs: changed, height: h)
        }
        // The middle arc drawn counter-clockwise (UIKit's clockwise: false): the same number of
        // cubics, the same overall direction — only the arc's own bend gives it away.
        let middleFlipped = endWith(1, arcs[1].flipped)
        #expect(PathMorph.compatibility(start, middleFlipped) == nil, "structure and orientation alone accept it")
        let problem = PlumBlossomModel.morphProblem(start: start, end: middleFlipped)
        #expect(problem == .segmentTurning(element: 4, kind: .cubic, first: .clockwise, second: .counterClockwise))
        #expect(problem?.description == "element 4: cubic turns clockwise in the first path and counter-clockwise in the second (the in-between straightens it)")
        // The middle arc traversed backwards (angles swapped): named the same way.
        let middleReversed = endWith(1, arcs[1].reversed)
        #expect(middleReversed.verbs == PlumBlossomModel.verbs)
        #expect(PlumBlossomModel.morphProblem(start: start, end: middleReversed)?.element == 4)
        // The first arc traversed backwards: element 2, its cubic.
        let firstReversed = endWith(0, arcs[0].reversed)
        #expect(PlumBlossomModel.morphProblem(start: start, end: firstReversed)
                == .segmentTurning(element: 2, kind: .cubic, first: .clockwise, second: .counterClockwise))
        // The first arc flipped sweeps 3π/2 the other way: three cubics instead of one.
        let firstFlipped = endWith(0, arcs[0].flipped)
        let structural = try #require(PlumBlossomModel.morphProblem(start: start, end: firstFlipped))
        #expect(structural.description.hasPrefix("element 3: line vs cubic; element counts differ, 9 vs 11"))
        // A reversed arc in the start outline is caught the same way.
        let (startMove, startArcs) = PlumBlossomModel.startArcs(width: w, height: h)
        var changed = startArcs
        changed[2] = startArcs[2].reversed
        let lastReversed = PlumBlossomModel.outline(move: startMove, arcs: changed, height: h)
        #expect(PlumBlossomModel.morphProblem(start: lastReversed, end: end)?.element == 7)
    }

    @Test("screen arcs: UIKit's sweep rule and the flip into y-up model space")
    func screenArcs() {
        let c = Point(10, 20)
        func arc(_ a0: Double, _ a1: Double, _ cw: Bool) -> ScreenArc {
            ScreenArc(center: c, radius: 5, startAngle: a0, endAngle: a1, clockwise: cw)
        }
        #expect(abs(arc(.pi, 3 * .pi / 2, true).sweep - .pi / 2) < 1e-15)
        #expect(abs(arc(.pi, 3 * .pi / 2, false).sweep + 3 * .pi / 2) < 1e-15)
        #expect(abs(arc(.pi, 2 * .pi, false).sweep + .pi) < 1e-15)
        #expect(abs(arc(0, 2 * .pi, true).sweep - 2 * .pi) < 1e-15, "a full circle")
        #expect(arc(1, 1, true).sweep == 0)
        #expect(abs(arc(3 * .pi / 2, .pi, true).sweep - 3 * .pi / 2) < 1e-15, "clockwise wraps past 2π")
        // Screen point at angle θ: c + 5(cos θ, sin θ), y down; flipped about y = 100.
        let a = arc(.pi / 3, .pi, true)
        let m = a.modelArc(flippingAt: 100)
        let screenStart = Point(10 + 5 * cos(Double.pi / 3), 20 + 5 * sin(Double.pi / 3))
        #expect(m.startPoint.distance(to: Point(screenStart.x, 100 - screenStart.y)) < 1e-12)
        #expect(m.endPoint.distance(to: Point(5, 80)) < 1e-12)
        #expect(m.sweepAngle < 0, "clockwise on screen is clockwise (negative) in y-up space too")
        #expect(a.reversed.reversed == a && a.flipped.flipped == a)
    }
}
