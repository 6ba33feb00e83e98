/// A nonlinear least-squares problem, minimise ½‖r(x)‖² over x ∈ ℝⁿ, r(x) ∈ ℝᵐ, with one of three
/// sources for the Jacobian J = ∂r/∂x (m × n):
///
/// - ``init(residualCount:parameterCount:residuals:jacobian:)``: analytic, a closure you write
///   (check it once with ``DerivativeCheck``);
/// - ``init(model:)``: forward-mode automatic differentiation of a ``ResidualModel`` (exact);
/// - ``init(residualCount:parameterCount:relativeStep:residuals:)``: central finite differences
///   (about 10 correct digits, 2n extra evaluations per Jacobian).
///
/// A closure that returns the wrong number of residuals, or a Jacobian of the wrong shape, is a
/// programmer error and stops with a message naming both counts.
public struct LeastSquaresProblem {
    /// Where the Jacobian comes from.
    public enum JacobianSource: String, Sendable {
        case analytic, automatic, finiteDifferences = "finite_differences"
    }

    /// m.
    public let residualCount: Int
    /// n.
    public let parameterCount: Int
    public let jacobianSource: JacobianSource
    private let residualFunction: ([Double]) -> [Double]
    private let jacobianFunction: ([Double]) -> Matrix

    /// A problem with an analytic Jacobian: `jacobian(x)` returns the m × n matrix ∂rᵢ/∂xⱼ.
    public init(residualCount: Int, parameterCount: Int,
                residuals: @escaping ([Double]) -> [Double],
                jacobian: @escaping ([Double]) -> Matrix) {
        self.init(residualCount: residualCount, parameterCount: parameterCount, jacobianSource: .analytic,
                  residuals: residuals, jacobian: jacobian)
    }

    /// A problem whose Jacobian is computed exactly by forward-mode automatic differentiation.
    public init<M: ResidualModel>(model: M) {
        self.init(residualCount: model.residualCount, parameterCount: model.parameterCount, jacobianSource: .automatic,
                  residuals: { model.residuals($0) }, jacobian: { AutomaticJacobian.jacobian(model, at: $0) })
    }

    /// A problem whose Jacobian is approximated by central differences (see ``FiniteDifferences``).
    public init(residualCount: Int, parameterCount: Int,
                relativeStep: Double = FiniteDifferences.defaultRelativeStep,
                residuals: @escaping ([Double]) -> [Double]) {
        self.init(residualCount: residualCount, parameterCount: parameterCount, jacobianSource: .finiteDifferences,
                  residuals: residuals, jacobian: { x in
                      FiniteDifferences.centralJacobian(residualCount: residualCount, at: x,
                                                        relativeStep: relativeStep, residuals)
                  })
    }

    /// A problem of m = `residualCount` residuals in n = `parameterCount` parameters (both checked
    /// to be non-negative) from its two closures.
    private init(residualCount: Int, parameterCount: Int, jacobianSource: JacobianSource,
                 residuals: @escaping ([Double]) -> [Double], jacobian: @escaping ([Double]) -> Matrix) {
        precondition(residualCount >= 0 && parameterCount >= 0,
                     "LeastSquaresProblem: negative size m = \(residualCount), n = \(parameterCount)")
        self.residualCount = residualCount
        self.parameterCount = parameterCount
        self.jacobianSource = jacobianSource
        self.residualFunction = residuals
        self.jacobianFunction = jacobian
    }

    /// r(x), checked to have m entries.
    public func residuals(at x: [Double]) -> [Double] {
        precondition(x.count == parameterCount,
                     "LeastSquaresProblem: x has \(x.count) entries, the problem has \(parameterCount) parameters")
        let r = residualFunction(x)
        precondition(r.count == residualCount,
                     "LeastSquaresProblem: the residual function returned \(r.count) values, the problem declares \(residualCount)")
        return r
    }

    /// J(x), checked to be m × n.
    public func jacobian(at x: [Double]) -> Matrix {
        precondition(x.count == parameterCount,
                     "LeastSquaresProblem: x has \(x.count) entries, the problem has \(parameterCount) parameters")
        let j = jacobianFunction(x)
        precondition(j.rows == residualCount && j.columns == parameterCount,
                     "LeastSquaresProblem: the Jacobian is \(j.rows) × \(j.columns), expected \(residualCount) × \(parameterCount)")
        return j
    }
}
