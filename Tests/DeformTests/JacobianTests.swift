import Deform
import Foundation
import Geometry
import Testing
import _TestSupport

@Suite("analytic Jacobians against central differences")
struct JacobianTests {
    /// max over columns of ‖J − J_fd‖∞ / ‖J‖∞ (a zero analytic column must be matched exactly).
    func worstRelativeError(_ j: ControlPointJacobian, _ fd: ControlPointJacobian) -> Double {
        var worst = 0.0
        for c in 0..<j.parameterCount {
            let a = j.column(c), b = fd.column(c)
            let scale = a.map(abs).max() ?? 0
            let diff = zip(a, b).map { abs($0 - $1) }.max() ?? 0
            worst = max(worst, scale == 0 ? (diff == 0 ? 0 : .infinity) : diff / scale)
        }
        return worst
    }

    @Test("ball: every column matches to 1e-7 relative, at random parameters and override choices")
    func ball() {
        let model = BallModel()
        var rng = SplitMix64(seed: 2024)
        for _ in 0..<200 {
            let p = randomBallParameters(&rng)
            let j = model.controlPointJacobian(parameters: p)
            #expect(j.pointCount == 13 && j.parameterCount == 20)
            let error = worstRelativeError(j, centralDifferenceJacobian(model, at: p))
            #expect(error < 1e-7, "\(p.values)")
        }
    }

    @Test("ball: an unset override's column is zero and its parent carries the anchor's effect")
    func unsetOverrideColumns() throws {
        let model = BallModel()
        var p = model.defaultParameters
        try p.set("topYFactor", to: 0.6)
        let j = model.controlPointJacobian(parameters: p)
        let top = ballIndices(["topYFactor"])[0], left = ballIndices(["leftYFactor"])[0]
        let y = ballIndices(["yFactor"])[0]
        #expect(j.column(left).allSatisfy { $0 == 0 })
        #expect(j.dy(point: 6, parameter: top) == 100, "∂y_top/∂topYFactor = 2r")
        #expect(j.dy(point: 6, parameter: y) == 0)
        #expect(j.dy(point: 9, parameter: y) == 50, "the left anchor follows yFactor")
    }

    @Test("posed ball: translation, scale and rotation columns by the chain rule")
    func posed() {
        let model = PosedModel(BallModel())
        var rng = SplitMix64(seed: 99)
        for _ in 0..<100 {
            let base = randomBallParameters(&rng)
            var p = model.defaultParameters
            for i in 0..<base.count where base.isSet(at: i) { p.setValue(base.value(at: i), at: i) }
            p.setValue(rng.uniform(-100, 100), at: 20)
            p.setValue(rng.uniform(-100, 100), at: 21)
            p.setValue(rng.uniform(0.2, 3), at: 22)
            p.setValue(rng.uniform(-3, 3), at: 23)
            let error = worstRelativeError(model.controlPointJacobian(parameters: p), centralDifferenceJacobian(model, at: p))
            #expect(error < 1e-7)
        }
    }

    @Test("the fill functions reuse the caller's storage and agree with the conveniences")
    func fillAPI() {
        let model = BallModel()
        var rng = SplitMix64(seed: 5)
        var xs = [Double](repeating: 0, count: model.pointCount), ys = xs
        var j = ControlPointJacobian(pointCount: model.pointCount, parameterCount: 20)
        for _ in 0..<10 {
            let p = randomBallParameters(&rng)
            model.fillControlPoints(parameters: p, xs: &xs, ys: &ys)
            model.fillJacobian(parameters: p, into: &j)
            let path = model.path(parameters: p)
            #expect(xs == path.xs && ys == path.ys)
            #expect(j == model.controlPointJacobian(parameters: p))
        }
    }
}
