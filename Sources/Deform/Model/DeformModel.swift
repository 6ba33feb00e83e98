import Geometry

/// A deformation model: a map from a parameter vector to a `Path` with a fixed structure, with
/// its analytic Jacobian, so that a least-squares fit can adjust any subset of its parameters.
///
/// Coordinates are model space: y-up, with the model's origin where the model documents it (the
/// ball's bottom point). Every path a model draws has the same ``verbs``; only the coordinates
/// change with the parameters.
///
/// The two `fill` requirements are allocation-free when the caller reuses its arrays; the
/// extension adds the allocating conveniences ``path(parameters:)`` and
/// ``controlPointJacobian(parameters:)``.
public protocol DeformModel: Sendable {
    /// The model's name on the command line (`ball`).
    var name: String { get }
    /// One line describing the model.
    var summary: String { get }
    /// The parameters, in the order every ``ParameterVector`` and Jacobian column uses.
    var parameters: [ParameterSpec] { get }
    /// The structure of every path the model draws.
    var verbs: [Path.Verb] { get }
    /// The parameters a fit adjusts when its caller names none (the ball's squash factors and
    /// handle factor), or nil when the model has no such default and a fit must be told.
    var defaultFree: [String]? { get }

    /// Writes the stored points of the path for `parameters` into `xs` and `ys` (in `Path`
    /// order). Both arrays must already hold ``pointCount`` elements.
    func fillControlPoints(parameters: ParameterVector, xs: inout [Double], ys: inout [Double])

    /// Writes ∂(x, y) of every stored point with respect to every parameter into columns
    /// 0 ..< `parameters.count` of `jacobian` (which has ``pointCount`` points and at least that
    /// many columns; every entry of those columns is overwritten, further columns — a wrapper's,
    /// such as ``PosedModel``'s pose — are left alone). The column of an unset override is
    /// zero: nothing depends on it until it is set (``ParameterVector/materialize(at:)``).
    func fillJacobian(parameters: ParameterVector, into jacobian: inout ControlPointJacobian)

    /// The parameter sets that cannot be fitted together at `parameters` (which overrides are
    /// set changes the answer; the values do not).
    func nonIdentifiableSets(at parameters: ParameterVector) -> [NonIdentifiableSet]

    /// Parameter sets each of which, changed together by a common factor, scales the whole shape
    /// uniformly about the model origin (the ball's `radius`; its squash factors together).
    /// A pose with its own scale (``PosedModel``) cannot be fitted together with any of them.
    func uniformScaleSets(at parameters: ParameterVector) -> [[String]]
}

extension DeformModel {
    /// No default free parameters unless the model declares them.
    public var defaultFree: [String]? { nil }

    /// The number of stored points of every path the model draws.
    public var pointCount: Int { verbs.reduce(0) { $0 + $1.pointCount } }

    /// The rest shape's parameters: every plain parameter at its default, overrides unset.
    public var defaultParameters: ParameterVector {
        ParameterVector(modelName: name, specs: parameters)
    }

    /// The path for `parameters`.
    public func path(parameters: ParameterVector) -> Path {
        var xs = [Double](repeating: 0, count: pointCount)
        var ys = xs
        fillControlPoints(parameters: parameters, xs: &xs, ys: &ys)
        return Path(verbs: verbs, xs: xs, ys: ys)
    }

    /// ∂(x, y) of every stored point with respect to every parameter (see ``fillJacobian``).
    public func controlPointJacobian(parameters: ParameterVector) -> ControlPointJacobian {
        var j = ControlPointJacobian(pointCount: pointCount, parameterCount: self.parameters.count)
        fillJacobian(parameters: parameters, into: &j)
        return j
    }

    /// Why the parameters named in `free` cannot be fitted together at `parameters`, or nil when
    /// they can as far as the model's structure tells (a fit may still meet a singular Jacobian
    /// at special values, e.g. radius 0). Reports, in this order: an unknown name, an unset
    /// override (set it first: nothing depends on it), and the first ``NonIdentifiableSet``
    /// that `free` contains.
    public func identifiabilityProblem(free: [String], at parameters: ParameterVector) -> String? {
        let names = self.parameters.map({ $0.name })
        for name in free {
            guard let i = names.firstIndex(of: name) else {
                return ModelInputError.unknownParameter(name: name, model: self.name, valid: names).description
            }
            if !parameters.isSet(at: i) {
                return "\(name) is unset (it follows \(self.parameters[i].inherits ?? "?")): set it before freeing it"
            }
        }
        let freeSet = Set(free)
        for set in nonIdentifiableSets(at: parameters) where set.names.allSatisfy(freeSet.contains) {
            return "cannot fit \(set.names.joined(separator: ", ")) together: \(set.reason)"
        }
        return nil
    }
}
