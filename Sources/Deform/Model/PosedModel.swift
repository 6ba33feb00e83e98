import _CLibc
import Geometry

/// A model placed in the plane: every point P of `Base` becomes
///
///     P′ = (poseX, poseY) + poseScale · R(poseRotation) · P,   R(θ) = [cos θ  −sin θ; sin θ  cos θ],
///
/// so an outline drawn anywhere, at any size and angle, can be compared with the model. The
/// parameters are the base's followed by `poseX`, `poseY` (model units, default 0), `poseScale`
/// (default 1, bounds [0, ∞)) and `poseRotation` (radians, counter-clockwise in y-up model space,
/// default 0, bounds [−π, π]).
///
/// Jacobian (chain rule): base columns s·R·∂P/∂pⱼ; ∂P′/∂poseX = (1, 0), ∂P′/∂poseY = (0, 1),
/// ∂P′/∂poseScale = R·P, ∂P′/∂poseRotation = s·R′·P with R′(θ) = [−sin θ  −cos θ; cos θ  −sin θ].
///
/// Identifiability: the base's sets, plus `poseScale` with each of the base's
/// ``DeformModel/uniformScaleSets(at:)`` (the ball's `radius` with a uniform pose scale is the
/// textbook case). Evaluation allocates a base parameter vector and, for the Jacobian, the base
/// points (a few small arrays per call).
public struct PosedModel<Base: DeformModel>: DeformModel {
    public let base: Base

    public init(_ base: Base) { self.base = base }

    public var name: String { base.name + "-posed" }
    public var summary: String { base.summary + ", translated, scaled and rotated" }
    /// The base's: the pose is freed only when asked for.
    public var defaultFree: [String]? { base.defaultFree }

    public static var poseSpecs: [ParameterSpec] {
        [
            ParameterSpec(name: "poseX", defaultValue: 0, lower: -.infinity, upper: .infinity,
                          doc: "translation along x, model units"),
            ParameterSpec(name: "poseY", defaultValue: 0, lower: -.infinity, upper: .infinity,
                          doc: "translation along y, model units"),
            ParameterSpec(name: "poseScale", defaultValue: 1, lower: 0, upper: .infinity,
                          doc: "uniform scale about the model origin"),
            ParameterSpec(name: "poseRotation", defaultValue: 0, lower: -Double.pi, upper: Double.pi,
                          doc: "rotation about the model origin, radians, counter-clockwise (y-up)"),
        ]
    }

    public var parameters: [ParameterSpec] { base.parameters + Self.poseSpecs }
    public var verbs: [Path.Verb] { base.verbs }

    /// The base model's part of `p`.
    func baseParameters(_ p: ParameterVector) -> ParameterVector {
        var b = base.defaultParameters
        for i in 0..<b.count {
            if p.isSet(at: i) { b.setValue(p.value(at: i), at: i) } else { b.unset(at: i) }
        }
        return b
    }

    func pose(_ p: ParameterVector) -> (tx: Double, ty: Double, s: Double, theta: Double) {
        let n = base.parameters.count
        return (p.value(at: n), p.value(at: n + 1), p.value(at: n + 2), p.value(at: n + 3))
    }

    public func fillControlPoints(parameters p: ParameterVector, xs: inout [Double], ys: inout [Double]) {
        base.fillControlPoints(parameters: baseParameters(p), xs: &xs, ys: &ys)
        let (tx, ty, s, theta) = pose(p)
        let c = cos(theta), sn = sin(theta)
        for i in xs.indices {
            let x = xs[i], y = ys[i]
            xs[i] = tx + s * (c * x - sn * y)
            ys[i] = ty + s * (sn * x + c * y)
        }
    }

    public func fillJacobian(parameters p: ParameterVector, into j: inout ControlPointJacobian) {
        let n = base.parameters.count
        precondition(j.parameterCount >= n + 4 && j.pointCount == pointCount, "Jacobian too small")
        let bp = baseParameters(p)
        base.fillJacobian(parameters: bp, into: &j)
        var xs = [Double](repeating: 0, count: pointCount), ys = xs
        base.fillControlPoints(parameters: bp, xs: &xs, ys: &ys)
        let (_, _, s, theta) = pose(p)
        let c = cos(theta), sn = sin(theta)
        for col in 0..<n {
            for i in 0..<pointCount {
                let dx = j[2 * i, col], dy = j[2 * i + 1, col]
                j[2 * i, col] = s * (c * dx - sn * dy)
                j[2 * i + 1, col] = s * (sn * dx + c * dy)
            }
        }
        for i in 0..<pointCount {
            let x = xs[i], y = ys[i]
            j[2 * i, n] = 1
            j[2 * i + 1, n] = 0
            j[2 * i, n + 1] = 0
            j[2 * i + 1, n + 1] = 1
            j[2 * i, n + 2] = c * x - sn * y
            j[2 * i + 1, n + 2] = sn * x + c * y
            j[2 * i, n + 3] = s * (-sn * x - c * y)
            j[2 * i + 1, n + 3] = s * (c * x - sn * y)
        }
    }

    public func uniformScaleSets(at p: ParameterVector) -> [[String]] {
        base.uniformScaleSets(at: baseParameters(p)) + [["poseScale"]]
    }

    public func nonIdentifiableSets(at p: ParameterVector) -> [NonIdentifiableSet] {
        let bp = baseParameters(p)
        var sets = base.nonIdentifiableSets(at: bp)
        for scale in base.uniformScaleSets(at: bp) {
            sets.append(NonIdentifiableSet(
                names: scale + ["poseScale"],
                reason: "\(scale.joined(separator: ", ")) and poseScale both scale the whole shape about the model origin"))
        }
        return sets
    }
}
