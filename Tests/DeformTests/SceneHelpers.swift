import Deform
import Foundation
import Geometry
import Testing
import _TestSupport

/// Every seed scene, in catalog order.
let allScenes: [any SceneModel] = [FallingLineModel(), LoadingModel(), BubbleRevealModel(), PlumBlossomModel()]

/// max over columns (but `skipping`) of ‖J − J_fd‖∞ / ‖J‖∞ (a zero analytic column must be
/// matched to 1e-9 absolute, the central difference's rounding noise at the step
/// 1e-6·max(1, |p|)).
func worstRelativeJacobianError<M: DeformModel>(_ model: M, at p: ParameterVector, skipping: Set<Int> = []) -> Double {
    let j = model.controlPointJacobian(parameters: p), fd = centralDifferenceJacobian(model, at: p)
    var worst = 0.0
    for c in 0..<j.parameterCount where !skipping.contains(c) {
        let a = j.column(c), b = fd.column(c)
        let scale = a.map(abs).max() ?? 0
        let diff = zip(a, b).map { abs($0 - $1) }.max() ?? 0
        worst = max(worst, scale == 0 ? (diff < 1e-9 ? 0 : .infinity) : diff / scale)
    }
    return worst
}

/// Random parameters for a scene: each value uniform in a plausible part of its bounds — [0, 1]
/// parameters in (0.02, 0.98), factors in (0.3, 2), sizes in (5, 300), angles and offsets in
/// (−20, 20).
func randomSceneParameters<M: DeformModel>(_ model: M, _ rng: inout SplitMix64) -> ParameterVector {
    var p = model.defaultParameters
    for (i, spec) in model.parameters.enumerated() {
        let value: Double
        switch (spec.lower, spec.upper) {
        case (0, 1): value = rng.uniform(0.02, 0.98)
        case (0, 2), (0, 10): value = rng.uniform(0.3, 2)
        case (0, .infinity): value = rng.uniform(5, 300)
        default: value = rng.uniform(-20, 20)
        }
        p.setValue(value, at: i)
    }
    return p
}

/// `p` with the named parameters set (names and bounds checked).
func setting<M: DeformModel>(_ model: M, _ values: [String: Double]) throws -> ParameterVector {
    var p = model.defaultParameters
    for (name, value) in values.sorted(by: { $0.key < $1.key }) { try p.set(name, to: value) }
    return p
}

/// Expects stored point `i` of `path` at (x, y) within `tolerance`.
func expectPoint(_ path: Path, _ i: Int, _ x: Double, _ y: Double, tolerance: Double = 1e-9,
                 _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    let dx = abs(path.xs[i] - x), dy = abs(path.ys[i] - y)
    #expect(dx <= tolerance && dy <= tolerance,
            "point \(i) \(what): (\(path.xs[i]), \(path.ys[i])) vs (\(x), \(y))", sourceLocation: sourceLocation)
}

/// The value of a timing function, for expected values of eased tracks.
func eased(_ timing: TimingFunction, _ x: Double) -> Double { timing.value(at: x) }
