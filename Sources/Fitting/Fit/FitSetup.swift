import Deform

/// What a fit adjusts and what it holds: the model (placed in the plane by a pose when any pose
/// parameter is named), the free parameters, every other parameter's value, the starting values
/// given for free parameters, and the bounds.
///
/// Names are the model's (`xFactor`, `topYFactor`, …) plus the pose's, for which short aliases
/// exist: `tx` = `poseX`, `ty` = `poseY` (model units), `scale` = `poseScale` (uniform scale about
/// the model origin), `rotation` = `poseRotation` (**radians**, counter-clockwise in y-up model
/// space). Naming any pose parameter (free, valued or bounded) fits ``PosedModel`` of the model:
/// P′ = (tx, ty) + scale·R(rotation)·P. Results use the names as given.
///
/// Values (`values`): a fixed parameter's value, or a free parameter's starting value (which then
/// replaces the initial guess for it). A free override (`topYFactor`) starts at the value it
/// inherits unless given. Bounds: the model's bounds, narrowed by `bounds` (each must contain the
/// parameter's starting value, when given).
///
/// Refused (``FitError``): unknown names, values outside the model's bounds, an empty or repeated
/// free list, a free set that is not identifiable (the model's reason, e.g. `radius` with both
/// squash factors), bounds that are not intervals.
public struct FitSetup: Sendable {
    /// The aliases of the pose parameters: (alias, ``PosedModel`` name).
    public static let poseAliases: [(alias: String, name: String)] = [
        ("tx", "poseX"), ("ty", "poseY"), ("scale", "poseScale"), ("rotation", "poseRotation"),
    ]

    /// `name` as the model names it: a pose alias (`tx`) replaced by its ``PosedModel`` name
    /// (`poseX`), any other name as it is.
    public static func modelName(of name: String) -> String {
        poseAliases.first { $0.alias == name }?.name ?? name
    }

    /// The model fitted: the base model, or ``PosedModel`` of it.
    public let model: CatalogModel
    /// The model as named, without the pose (``model`` itself when unposed).
    public let baseModel: CatalogModel
    /// True when the model is posed.
    public let isPosed: Bool
    /// The free parameters' names, as given (aliases kept).
    public let freeNames: [String]
    /// Their indices in `model.parameters`.
    public let freeIndices: [Int]
    /// Every parameter's value: fixed values, and starting values of the free parameters.
    public var parameters: ParameterVector
    /// For each free parameter, whether its starting value was given (not guessed).
    public let startGiven: [Bool]
    /// The values given for parameters that are not free — what the fit holds besides the
    /// model's defaults — with their names as given (aliases kept), in the order given.
    public let heldValues: [(name: String, value: Double)]
    /// For each free parameter, its bounds.
    public let lower: [Double]
    public let upper: [Double]
    /// The values and bounds as given to the initializer, to derive setups from this one.
    let givenValues: [(name: String, value: Double)]
    let givenBounds: [(name: String, lower: Double, upper: Double)]

    /// Resolves the names against `base` (see the type's documentation).
    public init(model base: CatalogModel, free: [String],
                values: [(name: String, value: Double)] = [],
                bounds: [(name: String, lower: Double, upper: Double)] = []) throws(FitError) {
        let poseNames = Set(PosedModel<BallModel>.poseSpecs.map({ $0.name }))
        let canonical = Self.modelName(of:)
        let named = free + values.map({ $0.name }) + bounds.map({ $0.name })
        let posed = named.contains { poseNames.contains(canonical($0)) }
        let model: CatalogModel = posed ? .posed(base) : base
        let allNames = model.parameters.map({ $0.name })
        let validNames = base.parameters.map({ $0.name }) + Self.poseAliases.map({ $0.alias })
        func index(_ name: String) throws(FitError) -> Int {
            guard let i = allNames.firstIndex(of: canonical(name)) else {
                throw .invalidParameter(.unknownParameter(name: name, model: base.name, valid: validNames))
            }
            return i
        }

        guard !free.isEmpty else { throw .nothingFree }
        var freeIndices: [Int] = []
        for name in free {
            let i = try index(name)
            guard !freeIndices.contains(i) else { throw .duplicateFree(name) }
            freeIndices.append(i)
        }
        var p = model.defaultParameters
        var given = Set<Int>()
        for (name, value) in values {
            let i = try index(name)
            do throws(ModelInputError) {
                try p.set(allNames[i], to: value)
            } catch {
                throw .invalidParameter(error)
            }
            given.insert(i)
        }
        for i in freeIndices { p.materialize(at: i) }
        if let problem = model.identifiabilityProblem(free: freeIndices.map { allNames[$0] }, at: p) {
            throw .notIdentifiable(problem)
        }
        var lower = freeIndices.map { model.parameters[$0].lower }
        var upper = freeIndices.map { model.parameters[$0].upper }
        for (name, lo, hi) in bounds {
            let i = try index(name)
            guard !lo.isNaN, !hi.isNaN, lo <= hi, lo < .infinity, hi > -.infinity else {
                throw .invalidBound(name: name, reason: "[\(lo), \(hi)] is not an interval")
            }
            guard let k = freeIndices.firstIndex(of: i) else {
                throw .invalidBound(name: name, reason: "only free parameters take bounds")
            }
            lower[k] = Swift.max(lower[k], lo)
            upper[k] = Swift.min(upper[k], hi)
            guard lower[k] <= upper[k] else {
                throw .invalidBound(name: name, reason: "[\(lo), \(hi)] lies outside the model's bounds [\(model.parameters[i].lower), \(model.parameters[i].upper)]")
            }
            if given.contains(i), !(p.value(at: i) >= lower[k] && p.value(at: i) <= upper[k]) {
                throw .invalidBound(name: name, reason: "the starting value \(p.value(at: i)) lies outside [\(lo), \(hi)]")
            }
        }
        self.model = model
        self.baseModel = base
        self.isPosed = posed
        self.freeNames = free
        self.freeIndices = freeIndices
        self.parameters = p
        self.startGiven = freeIndices.map { given.contains($0) }
        var held: [(name: String, value: Double)] = []
        for v in values where !freeIndices.contains(try index(v.name)) { held.append(v) }
        self.heldValues = held
        self.lower = lower
        self.upper = upper
        self.givenValues = values
        self.givenBounds = bounds
    }

    /// The pose parameters a fit frees when the target lies away from everything the model
    /// reaches without a pose (``FitError/farFromModel(target:model:)``): the translation `tx`,
    /// `ty`, and `scale` when the model has a `radius` that is not free (a held size cannot follow
    /// the target's), each only when it is neither free nor given a value here. Empty when the
    /// translation is already named (free or held): the user placed the model.
    public var poseToFind: [String] {
        let named = Set((freeNames + givenValues.map({ $0.name }) + givenBounds.map({ $0.name })).map(Self.modelName(of:)))
        guard !named.contains("poseX"), !named.contains("poseY") else { return [] }
        var names = ["tx", "ty"]
        let radiusFree = freeNames.contains("radius")
        if baseModel.parameters.contains(where: { $0.name == "radius" }), !radiusFree, !named.contains("poseScale") {
            names.append("scale")
        }
        return names
    }

    /// This setup with `names` added to the free parameters (after the others), their starts
    /// guessed.
    public func freeing(_ names: [String]) throws(FitError) -> FitSetup {
        try FitSetup(model: baseModel, free: freeNames + names, values: givenValues, bounds: givenBounds)
    }

    /// This setup with `values` held (added to the given values; each name must not be free).
    public func holding(_ values: [(name: String, value: Double)]) throws(FitError) -> FitSetup {
        try FitSetup(model: baseModel, free: freeNames, values: givenValues + values, bounds: givenBounds)
    }

    /// The number of free parameters.
    public var freeCount: Int { freeIndices.count }

    /// The canonical (model) name of free parameter k.
    public func modelName(ofFree k: Int) -> String { model.parameters[freeIndices[k]].name }

    /// The index in `model.parameters` of a pose parameter (`poseX` …), or nil when unposed.
    func poseIndex(_ name: String) -> Int? {
        isPosed ? model.parameters.firstIndex { $0.name == name } : nil
    }

    /// The free values of `p`.
    public func freeValues(_ p: ParameterVector) -> [Double] { freeIndices.map { p.value(at: $0) } }

    /// `parameters` with the free values replaced by `x`.
    public func parameters(with x: [Double]) -> ParameterVector {
        var p = parameters
        for (k, i) in freeIndices.enumerated() { p.setValue(x[k], at: i) }
        return p
    }
}
