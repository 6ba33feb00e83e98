import Deform
import Geometry
import _TestSupport

/// The seed article's ball as stored in `examples/seed-ball.path` (SVG, y-down): radius 50,
/// handles r/1.8, drawn clockwise on screen starting at the top.
let seedBallSVG = "M0 -100 C27.77777777777778 -100 50 -77.77777777777777 50 -50 C50 -22.22222222222222 27.77777777777778 0 0 0 C-27.77777777777778 0 -50 -22.22222222222222 -50 -50 C-50 -77.77777777777777 -27.77777777777778 -100 0 -100 Z"

/// The seed ball in model space (y-up).
func seedBall() throws -> Path {
    try Path(svgPathData: seedBallSVG).transformed(by: .flipY)
}

/// ∂(x, y)/∂pⱼ by central differences, step hⱼ = 1e-6·max(1, |pⱼ|) — the slow, obviously
/// correct twin of the analytic Jacobian.
func centralDifferenceJacobian<M: DeformModel>(_ model: M, at p: ParameterVector) -> ControlPointJacobian {
    var j = ControlPointJacobian(pointCount: model.pointCount, parameterCount: p.count)
    for c in 0..<p.count where p.isSet(at: c) {
        let v = p.value(at: c)
        let h = 1e-6 * max(1, abs(v))
        var plus = p, minus = p
        plus.setValue(v + h, at: c)
        minus.setValue(v - h, at: c)
        let a = model.path(parameters: plus), b = model.path(parameters: minus)
        for i in 0..<model.pointCount {
            j[2 * i, c] = (a.xs[i] - b.xs[i]) / (2 * h)
            j[2 * i + 1, c] = (a.ys[i] - b.ys[i]) / (2 * h)
        }
    }
    return j
}

/// A random ball parameter vector: plain parameters uniform in plausible ranges, each override
/// set with probability ½.
func randomBallParameters(_ rng: inout SplitMix64) -> ParameterVector {
    var p = BallModel().defaultParameters
    for (i, spec) in p.specs.enumerated() {
        let value: Double
        switch spec.name {
        case "radius": value = rng.uniform(5, 200)
        case "k": value = rng.uniform(0.3, 0.8)
        default: value = rng.uniform(0.3, 2)
        }
        if spec.isOverride {
            if rng.uniform(0, 1) < 0.5 { p.setValue(value, at: i) }
        } else {
            p.setValue(value, at: i)
        }
    }
    return p
}

/// The numerical rank of the listed columns of `j` (modified Gram–Schmidt; a column is
/// dependent when less than `tolerance` of its norm survives projection).
func rank(of j: ControlPointJacobian, columns: [Int], tolerance: Double = 1e-9) -> Int {
    var basis: [[Double]] = []
    for c in columns {
        var v = Array(j.column(c))
        let norm0 = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        guard norm0 > 0 else { continue }
        for b in basis {
            let d = zip(v, b).reduce(0) { $0 + $1.0 * $1.1 }
            for i in v.indices { v[i] -= d * b[i] }
        }
        let norm = v.reduce(0) { $0 + $1 * $1 }.squareRoot()
        if norm > tolerance * norm0 { basis.append(v.map { $0 / norm }) }
    }
    return basis.count
}

/// Index of each name in the ball's parameter list.
func ballIndices(_ names: [String]) -> [Int] {
    names.map { n in BallModel.specs.firstIndex { $0.name == n }! }
}

/// Largest |a − b| over the stored points of two paths with the same structure.
func maxPointDistance(_ a: Path, _ b: Path) -> Double {
    precondition(a.verbs == b.verbs)
    return zip(a.points, b.points).map { $0.distance(to: $1) }.max() ?? 0
}

extension ParameterVector {
    /// A copy with each named parameter set, in order (``set(_:to:)``).
    func setting(_ values: KeyValuePairs<String, Double>) throws(ModelInputError) -> ParameterVector {
        var p = self
        for (name, value) in values { try p.set(name, to: value) }
        return p
    }
}

extension KeyframeTrack {
    /// The track through (time, value) keyframes (``init(keyframes:timings:)``).
    init(_ keyframes: [(time: Double, value: Double)], timings: [TimingFunction] = [.linear]) throws(TimingError) {
        try self.init(keyframes: keyframes.map { Keyframe(time: $0.time, value: $0.value) }, timings: timings)
    }
}
