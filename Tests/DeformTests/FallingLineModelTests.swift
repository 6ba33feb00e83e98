import Deform
import Foundation
import Geometry
import Testing

@Suite("scene: the ball hit by a falling line")
struct FallingLineModelTests {
    let model = FallingLineModel()
    let r = 50.0
    /// Stored points: ball 0…12 (top anchor 6), thin line 13, 14, thick line 15…18.
    let top = 6, thin = 13, thick = 15

    /// The ball's 13 points for squash s, by hand: the circle of radius r about (0, r) with
    /// handles k·r, every y times s.
    func ball(squash s: Double) -> [(Double, Double)] {
        let h = BallModel.midpointExactK * r
        return [(0, 0), (h, 0), (r, r - h), (r, r), (r, r + h), (h, 2 * r), (0, 2 * r),
                (-h, 2 * r), (-r, r + h), (-r, r), (-r, r - h), (-h, 0), (0, 0)].map { ($0.0, s * $0.1) }
    }

    func expectBall(_ path: Path, squash s: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, q) in ball(squash: s).enumerated() {
            expectPoint(path, i, q.0, q.1, tolerance: 1e-12, "ball", sourceLocation: sourceLocation)
        }
    }

    /// The thin line from y₀ to y₁ and the thick line's rectangle from y(a) down to y(b), width 10.
    func expectLines(_ path: Path, thin y0: Double, _ y1: Double, thick ya: Double, _ yb: Double,
                     tolerance: Double = 1e-12, sourceLocation: SourceLocation = #_sourceLocation) {
        expectPoint(path, thin, 0, y0, tolerance: tolerance, "thin start", sourceLocation: sourceLocation)
        expectPoint(path, thin + 1, 0, y1, tolerance: tolerance, "thin end", sourceLocation: sourceLocation)
        for (n, (x, y)) in [(-5.0, ya), (-5, yb), (5, yb), (5, ya)].enumerated() {
            expectPoint(path, thick + n, x, y, tolerance: tolerance, "thick corner \(n)", sourceLocation: sourceLocation)
        }
    }

    @Test("structure: ball, thin line, thick line; one paint per subpath")
    func structure() {
        #expect(model.verbs == [.move, .cubic, .cubic, .cubic, .cubic, .close, .move, .line, .move, .line, .line, .line, .close])
        #expect(model.pointCount == 19)
        #expect(model.subpathPaints == [.filled, .stroked, .filled])
        #expect(model.parameters.map(\.name) == ["radius", "k", "squash", "lineLength", "thinStrokeStart",
                                                 "thinStrokeEnd", "thickStrokeStart", "thickStrokeEnd", "thickLineWidth"])
    }

    @Test("progress 0: the round ball, the thin line standing on its top (100 … 200), no thick line")
    func progressZero() throws {
        let path = try model.seedPath(atProgress: 0)
        expectBall(path, squash: 1)
        expectLines(path, thin: 100, 200, thick: 100, 100)
        #expect(try model.seedParameters(atProgress: 0) == model.defaultParameters)
    }

    @Test("progress 1: the top at 2r·0.8 = 80, the thin line gone into it, the thick line from 80 down to the centre 50")
    func progressOne() throws {
        let path = try model.seedPath(atProgress: 1)
        expectBall(path, squash: 0.8)
        #expect(path.ys[top] == 80)
        expectLines(path, thin: 80, 80, thick: 80, 50)
    }

    @Test("middle values: each track at its own time with its own timing")
    func middle() throws {
        // 0.2: half-way through the fall (ease-in), nothing else has started.
        let fall = try model.seedPath(atProgress: 0.2)
        expectBall(fall, squash: 1)
        let end = 1 - eased(.easeIn, 0.5)
        #expect(abs(end - (1 - 0.3153)) < 1e-3, "ease-in at ½ ≈ 0.315: the line has fallen less than half way")
        expectLines(fall, thin: 100, 100 + end * 100, thick: 100, 100)
        // 0.4: the line has reached the ball, whose squash starts now.
        expectLines(try model.seedPath(atProgress: 0.4), thin: 100, 100, thick: 100, 100)
        // 0.5: half-way through the squash (ease-out); the thin line sits on the moving top.
        let hit = try model.seedPath(atProgress: 0.5)
        let s = 1 - 0.2 * eased(.easeOut, 0.5)
        expectBall(hit, squash: s)
        #expect(abs(hit.ys[top] - 2 * r * s) < 1e-12)
        expectLines(hit, thin: 2 * r * s, 2 * r * s, thick: 2 * r * s, 2 * r * s)
        // 0.75: squash done, the thick line half-way (ease-out) from the top 80 to the centre 50.
        let enter = try model.seedPath(atProgress: 0.75)
        let f = eased(.easeOut, 0.5)
        expectLines(enter, thin: 80, 80, thick: 80, 80 + f * (50 - 80))
    }

    @Test("the top follows the seed's screen-space formula cy − r + 2r(1 − s), flipped about the bottom")
    func seedFormula() throws {
        for s in [1.0, 0.9, 0.8, 0.55] {
            let path = model.path(parameters: try setting(model, ["squash": s]))
            let cy = 237.0  // any screen centre; y grows downwards
            let screenTop = cy - r + 2 * r * (1 - s), screenBottom = cy + r
            #expect(abs(path.ys[top] - (screenBottom - screenTop)) < 1e-12)
            #expect(path.ys[top] == 2 * r * s)
            #expect(path.xs[top] == 0 && path.ys[0] == 0, "scaled about the bottom anchor")
        }
    }

    @Test("stroke start and end are the segment's end points along each line")
    func strokes() throws {
        let p = try setting(model, ["thinStrokeStart": 0.25, "thinStrokeEnd": 0.75, "thickStrokeStart": 0.2,
                                    "thickStrokeEnd": 0.6, "lineLength": 40, "thickLineWidth": 6, "squash": 0.9])
        let path = model.path(parameters: p)
        // Top 90; thin line 90 + (10 … 30); thick line from 90 towards 50: 90 − 0.2·40, 90 − 0.6·40.
        expectPoint(path, thin, 0, 100, tolerance: 1e-12)
        expectPoint(path, thin + 1, 0, 120, tolerance: 1e-12)
        for (n, (x, y)) in [(-3.0, 82.0), (-3, 66), (3, 66), (3, 82)].enumerated() {
            expectPoint(path, thick + n, x, y, tolerance: 1e-12)
        }
        // The thick line's rectangle runs counter-clockwise (positive area) and is w × length.
        let rect = path.subpaths[2]
        #expect(abs(SignedArea.of(rect) - 6 * 16) < 1e-9)
    }

    @Test("--set-style targets move the tracks; sizes without a track hold throughout")
    func targets() throws {
        var targets = model.seedTargets
        #expect(targets["squash"] == 0.8 && targets["thinStrokeEnd"] == 0 && targets["thickStrokeEnd"] == 1)
        try targets.set("squash", to: 0.6)
        try targets.set("radius", to: 40)
        let profile = try model.seedProfile(targets: targets)
        let end = model.path(parameters: try profile.parameters(at: 1))
        #expect(abs(end.ys[top] - 2 * 40 * 0.6) < 1e-12)
        let start = model.path(parameters: try profile.parameters(at: 0))
        #expect(start.ys[top] == 80, "radius 40 from the first frame on")
    }
}
