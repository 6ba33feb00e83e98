/// Residuals r(x) ∈ ℝᵐ of parameters x ∈ ℝⁿ written once, generically over ``Real``, so that the
/// same code gives values (`T = Double`) and exact derivatives (`T = Dual`, see
/// ``AutomaticJacobian``).
///
/// ```swift
/// struct Exponential: ResidualModel {
///     var t: [Double], y: [Double]
///     var parameterCount: Int { 2 }
///     var residualCount: Int { t.count }
///     func residuals<T: Real>(_ b: [T]) -> [T] {
///         zip(t, y).map { t, y in b[0] * T.exp(-b[1] * T(t)) - T(y) }
///     }
/// }
/// ```
public protocol ResidualModel {
    /// n, the number of parameters.
    var parameterCount: Int { get }
    /// m, the number of residuals.
    var residualCount: Int { get }
    /// r(x): `x` has ``parameterCount`` entries, the result must have ``residualCount``.
    func residuals<T: Real>(_ x: [T]) -> [T]
}
