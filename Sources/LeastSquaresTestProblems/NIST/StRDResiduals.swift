import LeastSquares

/// The residuals of a StRD dataset as a ``ResidualModel``: rᵢ(b) = yᵢ − f(xᵢ; b) with the model
/// written once over ``Real``.
public struct StRDResiduals: ResidualModel, Sendable {
    public let model: StRDModel
    /// The (transformed) responses.
    public let responses: [Double]
    public let predictors: [[Double]]

    public var parameterCount: Int { model.parameterCount }
    public var residualCount: Int { responses.count }

    public func residuals<T: Real>(_ b: [T]) -> [T] {
        var r = [T]()
        r.reserveCapacity(responses.count)
        for i in 0..<responses.count {
            r.append(T(responses[i]) - model.value(b, predictors[i]))
        }
        return r
    }
}
