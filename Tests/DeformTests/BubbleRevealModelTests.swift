import Deform
import Foundation
import Geometry
import Testing

@Suite("scene: the bubble reveal")
struct BubbleRevealModelTests {
    let model = BubbleRevealModel()

    /// Expects the mask to be the circle of radius ρ about the origin: its four anchors on the
    /// axes and every segment's midpoint on the circle (k = 4/3(√2 − 1) is midpoint-exact).
    func expectCircle(_ path: Path, radius rho: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, (x, y)) in [(0, (0.0, -rho)), (3, (rho, 0.0)), (6, (0.0, rho)), (9, (-rho, 0.0))] {
            expectPoint(path, i, x, y, tolerance: 1e-12 * max(1, rho), "anchor", sourceLocation: sourceLocation)
        }
        for s in path.segments {
            #expect(abs(s.point(at: 0.5).length - rho) < 1e-12 * max(1, rho), sourceLocation: sourceLocation)
        }
    }

    @Test("the mask's radius: 25 (the oval in the 50 × 50 rectangle), 525 half-way, 1025 (inset by −1000) at the end")
    func radius() throws {
        expectCircle(try model.seedPath(atProgress: 0), radius: 25)
        expectCircle(try model.seedPath(atProgress: 0.5), radius: 525)
        expectCircle(try model.seedPath(atProgress: 0.25), radius: 275)
        expectCircle(try model.seedPath(atProgress: 1), radius: 1025)
        #expect(model.subpathPaints == [.filled] && model.pointCount == 13)
    }

    @Test("a rectangle that is not square: the inscribed ellipse, semi-axes w/2 + d and h/2 + d")
    func ellipse() throws {
        let path = model.path(parameters: try setting(model, ["width": 80, "height": 30, "outset": 10]))
        expectPoint(path, 3, 50, 0, tolerance: 0)
        expectPoint(path, 6, 0, 25, tolerance: 0)
        let box = try #require(path.boundingBox)
        #expect(box == Rect(minX: -50, minY: -25, maxX: 50, maxY: 25))
    }

    @Test("Core Animation's straight interpolation between the seed's two ovals is the model at outset t·1000")
    func matchesPathAnimation() throws {
        let small = model.path(parameters: model.defaultParameters)
        let large = model.path(parameters: try setting(model, ["outset": 1000]))
        #expect(PathMorph.compatibility(small, large) == nil)
        for t in [0.1, 0.37, 0.5, 0.9] {
            let animated = try PathMorph.interpolate(small, large, t: t)
            let modelled = try model.seedPath(atProgress: t)
            #expect(maxPointDistance(animated, modelled) < 1e-9)
        }
    }
}
