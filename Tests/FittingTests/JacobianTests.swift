import Deform
@testable import Fitting
import Geometry
import LeastSquares
import Testing
import _TestSupport

@Suite("Residuals and their exact Jacobian (envelope theorem)")
struct JacobianTests {
    func check(free: [String], values: [(name: String, value: Double)], at x: [Double],
               symmetric: Double, target: TargetOutline) throws {
        let setup = try FitSetup(model: CatalogModel.ball, free: free, values: values)
        let r = DistanceResiduals(setup: setup, targets: target.points, outline: target.outline,
                                  symmetricWeight: symmetric, samplesPerSegment: 8)
        expectCentralDifferences(r.jacobian(x), at: x) { r.residuals($0) }
    }

    @Test("the ball's squash factors, k and radius")
    func squash() throws {
        let target = try noisyBallTarget(count: 200, sigma: 1.5, seed: 3)
        try check(free: ["xFactor", "yFactor", "topYFactor", "k"], values: [], at: [1.1, 0.9, 0.75, 0.53],
                  symmetric: 0, target: target)
        try check(free: ["radius", "k", "topRightHandleFactor"],
                  values: [], at: [48, 0.57, 1.05], symmetric: 0, target: target)
    }

    @Test("the pose: translation, rotation, scale")
    func pose() throws {
        let moved = try ballPath().transformed(by: .translation(x: 30, y: -20))
        let target = try noisyBallTarget(count: 150, sigma: 1, seed: 4, path: moved)
        try check(free: ["xFactor", "yFactor", "tx", "ty", "rotation"], values: [], at: [1.1, 0.9, 28, -18, 0.05],
                  symmetric: 0, target: target)
        try check(free: ["k", "scale", "tx", "ty"], values: [], at: [0.55, 1.05, 28, -18], symmetric: 0, target: target)
    }

    @Test("the symmetric term's rows")
    func symmetric() throws {
        let target = try noisyBallTarget(count: 120, sigma: 1, seed: 6)
        try check(free: ["xFactor", "yFactor", "topYFactor", "k"], values: [], at: [1.12, 0.88, 0.72, 0.55],
                  symmetric: 1, target: target)
    }

    @Test("the signed distance is positive on the left of the curve, with a unit normal")
    func signedDistance() throws {
        let c = PathSegment.cubic(CubicBezier(Point(0, 0), Point(10, 0), Point(20, 0), Point(30, 0)))
        for (q, sign) in [(Point(15, 2), 1.0), (Point(15, -2), -1.0)] {
            let np = try #require(PreparedPath(segments: [c]).nearestPoint(to: q))
            let d = OrthogonalDistance(from: q, to: c, nearest: np)
            #expect(abs(d.signed - 2 * sign) < 1e-12 && abs(d.normal.length - 1) < 1e-12)
            #expect(abs(d.normal.dot(q - np.point) - d.signed) < 1e-12)
        }
        let on = try #require(PreparedPath(segments: [c]).nearestPoint(to: Point(15, 0)))
        let d = OrthogonalDistance(from: Point(15, 0), to: c, nearest: on)
        #expect(d.signed == 0 && d.normal == Point(0, 1))
    }
}
