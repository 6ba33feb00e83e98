import Deform
import Foundation
import Geometry
import Interchange
import Testing

/// The players' rules that the python-lottie files do not reach, each checked against its closed
/// form here (the rule and its source are in the reader's doc comments).
@Suite struct LottieInterpolationTests {
    typealias T = LottieText

    /// The first point of the outline (vertex 0) of a triangle layer with transform `ks`.
    func origin(_ ks: String, frame: Double) throws -> Point {
        let layer = try T.read(T.document(T.shapeLayer(T.triangle, ks: ks))).shapeLayer()
        return try #require(layer.outline(atFrame: frame).points.first)
    }

    @Test func theBallModelDrawsTheSquashFile() throws {
        // make_lottie.py draws Deform's ball at rest and at the seed's squash pose, y negated,
        // bottom at (256, 400): our outline at frames 0 and 30 must be exactly that model.
        let doc = try LottieDocument(contentsOf: LottieReferenceVenv.folder.appendingPathComponent("squash-two-keyframes.json"))
        let layer = try doc.shapeLayer()
        let place = AffineTransform.flipY.concatenating(.translation(x: 256, y: 400))
        for (frame, ball) in [(0.0, BezierBall.seed), (30.0, BezierBall.seedSquash)] {
            let expected = ball.path.transformed(by: place).points
            let ours = try layer.outline(atFrame: frame).points
            #expect(ours.count == expected.count)
            for (a, b) in zip(ours, expected) {
                #expect(abs(a.x - b.x) <= 1e-12 && abs(a.y - b.y) <= 1e-12, "frame \(frame): \(a) vs \(b)")
            }
        }
        #expect(layer.frameRange == 0...30 && layer.frameRate == 30)
    }

    @Test func eachDimensionHasItsOwnEasing() throws {
        // lottie-web: dimension d eases by component d of o.x, o.y, i.x, i.y (else component 0).
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"o":{"x":[0.6,0.1],"y":[0,0.3]},"i":{"x":[0.4],"y":[1]}},{"t":30,"s":[100,200]}]}}"#
        let p = try origin(ks, frame: 12)
        let ex = try CubicBezierTiming(x1: 0.6, y1: 0, x2: 0.4, y2: 1).value(at: 0.4)
        let ey = try CubicBezierTiming(x1: 0.1, y1: 0.3, x2: 0.4, y2: 1).value(at: 0.4)
        #expect(abs(p.x - 100 * ex) <= 1e-12 && abs(p.y - 200 * ey) <= 1e-12)
    }

    @Test func valuesBeforeTheFirstAndAfterTheLastKeyframeHold() throws {
        let ks = #"{"p":{"k":[{"t":5,"s":[10,0],"o":{"x":0.3,"y":0},"i":{"x":0.7,"y":1}},{"t":20,"s":[50,0]}]}}"#
        #expect(try origin(ks, frame: 0).x == 10)
        #expect(try origin(ks, frame: 5).x == 10)
        #expect(try origin(ks, frame: 20).x == 50)
        #expect(try origin(ks, frame: 30).x == 50)
    }

    @Test func theOlderFormatEndsEachKeyframeWithE() throws {
        // Each keyframe with s and e, the last with only t (bodymovin before 5.5).
        let ks = #"{"r":{"k":0},"p":{"k":[{"t":0,"s":[0,0],"e":[30,60],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[30,60],"e":[40,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20}]}}"#
        #expect(try origin(ks, frame: 5) == Point(15, 30))
        #expect(try origin(ks, frame: 15) == Point(35, 30))
        #expect(try origin(ks, frame: 25) == Point(40, 0))
    }

    @Test func holdKeepsTheValueUntilTheNextKeyframeAndTakesItThere() throws {
        let ks = #"{"p":{"k":[{"t":0,"s":[1,2],"h":1},{"t":10,"s":[5,6],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[9,10]}]}}"#
        #expect(try origin(ks, frame: 9.999) == Point(1, 2))
        #expect(try origin(ks, frame: 10) == Point(5, 6))
        #expect(try origin(ks, frame: 15) == Point(7, 8))
    }

    @Test func equalKeyframeTimesJump() throws {
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[10,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":10,"s":[50,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[60,0]}]}}"#
        #expect(try origin(ks, frame: 9).x == 9)
        #expect(try origin(ks, frame: 10).x == 50)
        #expect(try origin(ks, frame: 15).x == 55)
    }

    @Test func spatialTangentsOnTheLineAreDropped() throws {
        // lottie-web drops to/ti whose control points lie on the line (|det| < 0.001): plain
        // eased interpolation, not arc length along a curve that runs ahead of its end.
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"to":[300,0],"ti":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[100,0]}]}}"#
        #expect(try origin(ks, frame: 6).x == 20)
    }

    @Test func spatialSegmentsMoveByArcLength() throws {
        // A quarter-circle-like cubic from (0, 0) to (100, 100): at a fraction p of the time
        // (linear easing) the point is at arc length p·L, found here by bisection on a fine
        // Gauss-Legendre length.
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"to":[55,0],"ti":[0,-55],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[100,100]}]}}"#
        let curve = CubicBezier(Point(0, 0), Point(55, 0), Point(100, 45), Point(100, 100))
        func length(_ t: Double) -> Double {
            // 2000-panel Simpson rule of |B'|; error far below the tolerance.
            let n = 2000
            var s = 0.0
            for i in 0...n {
                let u = t * Double(i) / Double(n)
                let d = curve.derivative(at: u)
                let w = (i == 0 || i == n) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0)
                s += w * (d.x * d.x + d.y * d.y).squareRoot()
            }
            return s * t / Double(n) / 3
        }
        let total = length(1)
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if length(mid) < 0.3 * total { lo = mid } else { hi = mid }
        }
        let expected = curve.point(at: (lo + hi) / 2)
        let p = try origin(ks, frame: 9)
        #expect(abs(p.x - expected.x) <= 1e-9 && abs(p.y - expected.y) <= 1e-9, "\(p) vs \(expected)")
    }

    @Test func anOvershootingSpatialEasingIsRefused() throws {
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"to":[50,50],"ti":[0,-50],"o":{"x":0.3,"y":-1},"i":{"x":0.7,"y":1}},{"t":30,"s":[100,0]}]}}"#
        #expect(throws: LottieError.self) { try origin(ks, frame: 3) }
        #expect(try origin(ks, frame: 29.9).x > 0)
    }

    @Test func ellipseDirectionAndConstant() throws {
        func outline(_ d: String) throws -> [Point] {
            let el = #"{"ty":"el",\#(d)"p":{"k":[10,20]},"s":{"k":[40,60]}}"#
            return try T.read(T.document(T.shapeLayer(el))).shapeLayer().outline(atFrame: 0).points
        }
        let cw = try outline("")
        // top (10, -10), its out handle 0.5519·20 to the right, then the right point (30, 20).
        #expect(cw[0] == Point(10, -10) && cw[1] == Point(10 + 20 * 0.5519, -10) && cw[3] == Point(30, 20))
        let ccw = try outline(#""d":3,"#)
        #expect(ccw[0] == Point(10, -10) && ccw[1] == Point(10 - 20 * 0.5519, -10) && ccw[3] == Point(-10, 20))
        #expect(cw.count == 13)
    }

    @Test func rectangleDirectionRoundnessClampAndHandles() throws {
        func outline(_ extra: String) throws -> [Point] {
            let rc = #"{"ty":"rc",\#(extra)"p":{"k":[0,0]},"s":{"k":[40,20]},"r":{"k":15}}"#
            return try T.read(T.document(T.shapeLayer(rc))).shapeLayer().outline(atFrame: 0).points
        }
        // ρ = min(20, 10, 15) = 10; clockwise (d = 1) from (20, −10 + 10) down the right edge.
        let cw = try outline(#""d":1,"#)
        #expect(cw.count == 1 + 8 * 3)
        #expect(cw[0] == Point(20, 0) && cw[3] == Point(20, 0))  // the straight edge has length 0
        // the corner at the bottom right: from (20, 0), handle to (20, 10 − 10·0.4481), …
        #expect(cw[4] == Point(20, 10 - 10 * (1 - 0.5519)) && cw[6] == Point(10, 10))
        // No d (and d = 3): lottie-web's other branch, from the same point towards the top.
        let none = try outline("")
        #expect(none[0] == Point(20, 0) && none[3] == Point(10, -10))
        #expect(try outline(#""d":3,"#) == none)
        // Without roundness: four corners.
        let square = try T.read(T.document(T.shapeLayer(#"{"ty":"rc","d":1,"p":{"k":[0,0]},"s":{"k":[40,20]},"r":{"k":0}}"#)))
            .shapeLayer().outline(atFrame: 0).points
        #expect(square.count == 13 && square[0] == Point(20, -10) && square[3] == Point(20, 10) && square[6] == Point(-20, 10))
    }

    @Test func groupsLayersAndParentsComposeInnermostFirst() throws {
        // Group: translate (1, 0) then the layer: scale 200 %, then the parent: rotate 90°.
        let text = T.document(#"{"ty":3,"nm":"P","ind":5,"ip":0,"op":30,"ks":{"r":{"k":90}}},"#
            + T.shapeLayer(#"{"ty":"gr","it":[\#(T.triangle),{"ty":"tr","p":{"k":[1,0]}}]}"#, ks: #"{"s":{"k":[200,200]}}"#, extra: #","parent":5"#))
        let points = try T.read(text).shapeLayer(.name("Ball")).outline(atFrame: 0).points
        // (0, 0) → (1, 0) → (2, 0) → rotated 90° clockwise on screen: (0, 2).
        #expect(abs(points[0].x) < 1e-15 && points[0].y == 2)
    }

    @Test func splitPositionAnchorScaleRotationAndSkew() throws {
        // q' = T(p) R(r) K(sk) S(s) T(-a) q, checked on the point (10, 0) of the triangle.
        let ks = #"{"a":{"k":[2,1]},"p":{"s":true,"x":{"k":100},"y":{"k":50}},"s":{"k":[50,300]},"r":{"k":30},"sk":{"k":20},"sa":{"k":0}}"#
        let layer = try T.read(T.document(T.shapeLayer(T.triangle, ks: ks))).shapeLayer()
        let q = try layer.outline(atFrame: 0).points[3]
        var x = (10.0 - 2) * 0.5, y = (0.0 - 1) * 3
        x += tan(-20 * Double.pi / 180) * y
        let (c, s) = (cos(30 * Double.pi / 180), sin(30 * Double.pi / 180))
        (x, y) = (x * c - y * s + 100, x * s + y * c + 50)
        #expect(abs(q.x - x) <= 1e-12 && abs(q.y - y) <= 1e-12)
    }

    @Test func hiddenItemsAndLayersAreNotDrawn() throws {
        let hiddenPath = #"{"ty":"sh","hd":true,"ks":{"k":\#(T.path([(5, 5), (6, 6)]))}}"#
        let text = T.document(T.shapeLayer(hiddenPath + "," + T.triangle) + ","
            + T.shapeLayer(T.triangle, name: "Hidden", extra: #","hd":true"#) + ","
            + T.shapeLayer(T.triangle, name: "Matte", extra: #","td":1"#))
        let doc = try T.read(text)
        #expect(doc.candidates.map(\.position) == [0])
        let layer = try doc.shapeLayer()
        #expect(try layer.outline(atFrame: 0).subpathCount == 1)
        // Chosen by name, a hidden layer is read (the choice is explicit).
        #expect(try doc.shapeLayer(.name("Hidden")).info.hidden)
    }

    @Test func startTimeAndStretchDoNotShiftAShapeLayersKeyframes() throws {
        // The players apply st and sr only inside precompositions.
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":30,"s":[30,0]}]}}"#
        let text = T.document(#"{"ty":4,"nm":"L","ip":0,"op":30,"st":7,"sr":2,"ks":\#(ks),"shapes":[\#(T.triangle)]}"#)
        #expect(try T.read(text).shapeLayer().outline(atFrame: 12).points[0].x == 12)
    }

    @Test func aLinearEasingIsTheIdentity() throws {
        // x1 = y1 and x2 = y2 (lottie-web returns x): exactly linear even near the flat ends of
        // x(t) = 3t² − 2t³ that python-lottie's handles (0, 0), (1, 1) would otherwise solve.
        let ks = #"{"p":{"k":[{"t":0,"s":[0,0],"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}},{"t":30,"s":[3,0]}]}}"#
        #expect(try origin(ks, frame: 0.001).x == 3 * (0.001 / 30))
    }
}

@Suite struct LottieKeyframeTimesTests {
    @Test func keyframeTimesGatherEveryPropertyThatMovesTheOutline() throws {
        let folder = LottieReferenceVenv.folder
        let squash = try LottieDocument(contentsOf: folder.appendingPathComponent("squash-keyframes.json")).shapeLayer()
        #expect(squash.keyframeTimes == [2, 9, 15, 21, 28])
        let steps = try LottieDocument(contentsOf: folder.appendingPathComponent("hold-linear.json")).shapeLayer()
        #expect(steps.keyframeTimes == [0, 4, 8, 10, 12, 16, 20, 24])
        let child = try LottieDocument(contentsOf: folder.appendingPathComponent("parented-transforms.json")).shapeLayer()
        #expect(child.keyframeTimes == [0, 15, 30])
    }
}
