@testable import Deform
import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("the Bézier ball model")
struct BallModelTests {
    let model = BallModel()

    @Test("progress 0 / the defaults give the exact circle: anchors at the quarter points, handles k·r along the tangents")
    func restShapeIsTheCircle() throws {
        let r = 50.0, h = BallModel.midpointExactK * r
        var expected = Path()
        expected.move(to: Point(0, 0))
        expected.cubic(to: Point(r, r), control1: Point(h, 0), control2: Point(r, r - h))
        expected.cubic(to: Point(0, 2 * r), control1: Point(r, r + h), control2: Point(h, 2 * r))
        expected.cubic(to: Point(-r, r), control1: Point(-h, 2 * r), control2: Point(-r, r + h))
        expected.cubic(to: Point(0, 0), control1: Point(-r, r - h), control2: Point(-h, 0))
        expected.close()
        #expect(model.path(parameters: model.defaultParameters) == expected)
        #expect(BezierBall.circle.path == expected)
        // Through a profile at progress 0, whatever the end values and the timing.
        let end = try model.defaultParameters.setting(["yFactor": 0.8, "topYFactor": 0.6, "radius": 80])
        for timing in [TimingFunction.linear, .ease, .easeInEaseOut, .spring(try SpringTiming(omega: 20, zeta: 0.4))] {
            let profile = ProgressProfile(start: model.defaultParameters, end: end, timing: timing)
            #expect(model.path(parameters: try profile.parameters(at: 0)) == expected)
        }
        // The anchors lie on the circle of centre (0, r); the midpoint-exact k puts every
        // segment's midpoint on it too.
        for s in expected.segments {
            for t in [0.0, 0.5, 1.0] {
                #expect(abs(s.point(at: t).distance(to: Point(0, r)) - r) < 1e-12)
            }
        }
    }

    @Test("the seed preset is the seed article's ball (examples/seed-ball.path), drawn from the bottom counter-clockwise")
    func seedPreset() throws {
        let seed = try seedBall()
        let ours = BezierBall.seed.path
        // Same shape: the file runs clockwise from the top; reversing and restarting at the
        // bottom gives our drawing order.
        let (aligned, oursAligned) = try PathMorph.align(seed, ours)
        #expect(maxPointDistance(aligned, oursAligned) < 1e-12)
        #expect(SignedArea.of(ours) > 0, "counter-clockwise in y-up model space")
        #expect(SignedArea.of(seed) < 0, "the seed file runs clockwise once flipped to y-up")
        #expect(ours.boundingBox == Rect(minX: -50, minY: 0, maxX: 50, maxY: 100))
    }

    @Test("yFactor alone squashes the whole ball about the bottom point; topYFactor replaces it for the top only")
    func overrideSemantics() throws {
        let circle = model.path(parameters: model.defaultParameters)
        var p = model.defaultParameters
        try p.set("yFactor", to: 0.8)
        let squashed = model.path(parameters: p)
        for i in 0..<model.pointCount {
            #expect(squashed.xs[i] == circle.xs[i])
            #expect(squashed.ys[i] == 0.8 * circle.ys[i])
        }
        try p.set("topYFactor", to: 0.6)
        let pressed = model.path(parameters: p)
        // Points 5, 6, 7 are the top's right handle, the top anchor and its left handle.
        for i in 0..<model.pointCount {
            let factor = (5...7).contains(i) ? 0.6 : 0.8
            #expect(pressed.ys[i] == factor * circle.ys[i], "point \(i)")
            #expect(pressed.xs[i] == circle.xs[i])
        }
        // The value type agrees with the parameter vector.
        let ball = BezierBall(yFactor: 0.8, yOverrides: [.top: 0.6])
        #expect(ball.path == pressed)
        #expect(BezierBall(p) == ball)
        #expect(ball.parameters == p)
        #expect(ball.anchor(.top) == Point(0, 60))
        #expect(ball.yFactor(for: .left) == 0.8)
    }

    @Test("handle factors: a handle's length is factor·k·r on the circle, then squashed with its anchor")
    func handleSemantics() throws {
        let p = try model.defaultParameters.setting(["topRightHandleFactor": 1.5, "xFactor": 1.2, "topXFactor": 2])
        let path = model.path(parameters: p)
        let r = 50.0, k = BallModel.midpointExactK
        // topRight handle is point 5: the top anchor (0, 2r) plus (1.5·k·r, 0), x scaled by 2.
        #expect(path.xs[5] == 2 * (1.5 * (k * r)))
        #expect(path.ys[5] == 2 * r)
        // The other top handle is not lengthened but is scaled by the top's x factor.
        #expect(path.xs[7] == 2 * -(k * r))
        // The bottom-right handle uses the global xFactor.
        #expect(path.xs[1] == 1.2 * (k * r))
    }

    @Test("symmetric parameter choices give a shape symmetric about the vertical axis x = 0")
    func mirrorSymmetry() throws {
        var rng = SplitMix64(seed: 7)
        let mirror = AffineTransform.scale(x: -1, y: 1)
        for _ in 0..<50 {
            var p = model.defaultParameters
            let sideX = rng.uniform(0.5, 1.5), sideY = rng.uniform(0.5, 1.5)
            try p.set("radius", to: rng.uniform(10, 100))
            try p.set("k", to: rng.uniform(0.4, 0.7))
            try p.set("xFactor", to: rng.uniform(0.5, 1.5))
            try p.set("yFactor", to: rng.uniform(0.5, 1.5))
            try p.set("leftXFactor", to: sideX)
            try p.set("rightXFactor", to: sideX)
            try p.set("leftYFactor", to: sideY)
            try p.set("rightYFactor", to: sideY)
            try p.set("topYFactor", to: rng.uniform(0.5, 1.5))
            for (a, b) in [("bottomRight", "bottomLeft"), ("rightLower", "leftLower"),
                           ("rightUpper", "leftUpper"), ("topRight", "topLeft")] {
                let f = rng.uniform(0.5, 1.5)
                try p.set(a + "HandleFactor", to: f)
                try p.set(b + "HandleFactor", to: f)
            }
            let path = model.path(parameters: p)
            // Mirrored and traversed backwards from the same (on-axis) start: the same path.
            #expect(path.transformed(by: mirror).reversed() == path)
        }
        // An asymmetric choice is not symmetric.
        var q = model.defaultParameters
        try q.set("rightXFactor", to: 1.3)
        let asymmetric = model.path(parameters: q)
        #expect(asymmetric.transformed(by: mirror).reversed() != asymmetric)
    }

    @Test("xFactor = yFactor = c draws the circle of radius c·r")
    func uniformScale() throws {
        var p = model.defaultParameters
        try p.set("xFactor", to: 1.5)
        try p.set("yFactor", to: 1.5)
        var q = model.defaultParameters
        try q.set("radius", to: 75)
        #expect(maxPointDistance(model.path(parameters: p), model.path(parameters: q)) < 1e-12)
    }

    @Test("parameter vectors: names, bounds and unset overrides")
    func parameterVector() throws {
        var p = model.defaultParameters
        #expect(p.count == 20 && p.names.prefix(4) == ["radius", "k", "xFactor", "yFactor"])
        #expect(p["topYFactor"] == 1 && !p.isSet(at: ballIndices(["topYFactor"])[0]))
        try p.set("yFactor", to: 0.7)
        #expect(p["topYFactor"] == 0.7, "an unset override follows its parent")
        #expect(throws: ModelInputError.unknownParameter(name: "topFactor", model: "ball", valid: p.names)) {
            try p.set("topFactor", to: 1)
        }
        #expect(throws: ModelInputError.outOfBounds(name: "k", value: 3, lower: 0, upper: 2)) {
            try p.set("k", to: 3)
        }
        #expect(throws: ModelInputError.outOfBounds(name: "radius", value: -1, lower: 0, upper: .infinity)) {
            try p.set("radius", to: -1)
        }
        #expect(throws: ModelInputError.notFinite(name: "yFactor", value: .infinity)) {
            try p.set("yFactor", to: .infinity)
        }
        let nanError = #expect(throws: ModelInputError.self) { try p.set("yFactor", to: .nan) }
        #expect(nanError?.description == "yFactor = nan is not a finite number")
        let message = ModelInputError.unknownParameter(name: "topFactor", model: "ball", valid: p.names).description
        #expect(message.hasPrefix("unknown parameter 'topFactor' for model 'ball' (parameters: radius, k, xFactor, yFactor, ")
                && !message.contains("\n"))
        #expect(ModelInputError.outOfBounds(name: "radius", value: -1, lower: 0, upper: .infinity).description
                == "radius = -1 is outside its bounds [0, inf]")
        // Unset restores inheritance; materialize copies the inherited value.
        let top = ballIndices(["topYFactor"])[0]
        p.materialize(at: top)
        #expect(p.isSet(at: top) && p.value(at: top) == 0.7)
        try p.set("yFactor", to: 0.9)
        #expect(p["topYFactor"] == 0.7)
        p.unset(at: top)
        #expect(p["topYFactor"] == 0.9)
        #expect(p == { var q = model.defaultParameters; try! q.set("yFactor", to: 0.9); return q }())
        // The catalog.
        #expect(ModelCatalog.names.first == "ball")
        #expect(throws: ModelInputError.unknownModel(name: "blob", valid: ModelCatalog.names)) {
            _ = try ModelCatalog.model(named: "blob")
        }
    }
}
