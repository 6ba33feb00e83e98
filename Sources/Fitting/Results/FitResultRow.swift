import Deform

/// One row of a fit result read back (``FitResultTable``): the setup it was fitted with, its
/// free values and their standard errors — everything needed to draw the fitted outline again.
public struct FitResultRow: Sendable {
    /// The file, as the table names it in messages.
    public let source: String
    /// The 1-based line the row starts on.
    public let line: Int
    /// The setup: from the row's `model` and `held` cells and the file's parameter columns, or
    /// the one the caller gave for a file that does not record it.
    public let setup: FitSetup
    /// The free values, in ``FitSetup/freeNames`` order.
    public let values: [Double]
    /// Their standard errors (nan where the fit had none).
    public let standardErrors: [Double]
    /// The row's `status` cell, trimmed (nil when the file has no such column).
    public let status: String?

    /// `SOURCE line L`: where the row is, for messages.
    public var location: String { "\(source) line \(line)" }

    /// Every parameter of the fitted model (``FitSetup/model``: ``PosedModel`` of the base
    /// model when the fit was posed): the held values, the model's defaults and the fitted values.
    public var parameters: ParameterVector { setup.parameters(with: values) }

    /// The standard errors by model name (`poseX` for `tx`), in ``FitSetup/freeNames`` order.
    public var namedStandardErrors: [(name: String, value: Double)] {
        standardErrors.indices.map { (setup.modelName(ofFree: $0), standardErrors[$0]) }
    }

    /// The fitted model's `radius`, or nil when it has none.
    public var radius: Double? { parameters["radius"] }

    /// The value of the parameter called `name` (a pose alias, `tx`, allowed) in the fitted
    /// shape; a pose parameter of an unposed fit is the identity pose's (0, 0, 1, 0); nil when
    /// the model has no such parameter.
    public func value(of name: String) -> Double? {
        let canonical = FitSetup.modelName(of: name)
        if let v = parameters[canonical] { return v }
        return PosedModel<BallModel>.poseSpecs.first { $0.name == canonical }?.defaultValue
    }

    /// The first of the given descriptions of the fit that the row contradicts, in the order
    /// model, free parameters, radius, values; nil when every one given agrees (an absent one
    /// agrees with anything). The free parameters agree when they are the same set (pose
    /// aliases and their model names alike); a value agrees when it is exactly the row's; a
    /// value given for a free parameter must be its fitted value (the file records no starting
    /// values, and a different one would not be drawn).
    public func disagreement(model: String? = nil, free: [String]? = nil, radius: Double? = nil,
                             values: [(name: String, value: Double)] = []) -> FitResultDisagreement? {
        if let model, model != setup.baseModel.name {
            return .model(given: model, recorded: setup.baseModel.name)
        }
        if let free {
            let canonical = FitSetup.modelName(of:)
            if Set(free.map(canonical)) != Set(setup.freeNames.map(canonical)) || free.count != setup.freeCount {
                return .free(given: free, recorded: setup.freeNames)
            }
        }
        if let radius, radius != self.radius {
            return .radius(given: radius, recorded: self.radius)
        }
        for (name, value) in values {
            let recorded = self.value(of: name)
            if recorded != value {
                let canonical = FitSetup.modelName(of: name)
                let isFree = setup.freeIndices.contains { setup.model.parameters[$0].name == canonical }
                return .value(name: name, given: value, recorded: recorded, free: isFree)
            }
        }
        return nil
    }
}
