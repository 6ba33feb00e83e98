/// A set of parameters that a fit cannot determine together: some change of all of them at
/// once leaves every control point where it is (or one of them moves nothing at all), so the
/// Jacobian restricted to them is rank-deficient and the normal equations are singular.
///
/// A fit whose free parameters include every name of such a set should refuse to start and
/// show ``reason``; freeing any proper subset is fine unless another set forbids it.
public struct NonIdentifiableSet: Hashable, Sendable, CustomStringConvertible {
    /// The parameter names, in the model's order.
    public var names: [String]
    /// Why: which combination leaves the shape unchanged, one line.
    public var reason: String

    public init(names: [String], reason: String) {
        self.names = names
        self.reason = reason
    }

    /// `radius, xFactor, yFactor: <reason>`.
    public var description: String { names.joined(separator: ", ") + ": " + reason }
}
