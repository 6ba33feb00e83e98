/// Jacobians of a ``ResidualModel`` by forward-mode automatic differentiation with ``Dual``.
///
/// Column j of J = ∂r/∂x is the tangent of r evaluated at xᵢ + δᵢⱼ·ε, so n evaluations in
/// ``Dual`` arithmetic give J exactly up to the rounding of the same operations that compute r —
/// there is no truncation error and no step to choose (unlike ``FiniteDifferences``).
public enum AutomaticJacobian {
    /// r(x) and J(x), m × n. The residuals are those of the first sweep (bit-identical to the
    /// `Double` evaluation, since ``Dual`` computes its value with the same calls).
    public static func evaluate<M: ResidualModel>(_ model: M, at x: [Double]) -> (residuals: [Double], jacobian: Matrix) {
        let n = model.parameterCount
        let m = model.residualCount
        precondition(x.count == n, "AutomaticJacobian: x has \(x.count) entries, the model has \(n) parameters")
        var jacobian = Matrix(rows: m, columns: n)
        var residuals = [Double](repeating: 0, count: m)
        var seeded = x.map { Dual($0) }
        for j in 0..<n {
            seeded[j].derivative = 1
            let r = model.residuals(seeded)
            precondition(r.count == m, "AutomaticJacobian: the model returned \(r.count) residuals, it declares \(m)")
            jacobian.elements.withUnsafeMutableBufferPointer { column in
                for i in 0..<m { column[i + j * m] = r[i].derivative }
            }
            if j == 0 { residuals = r.map({ $0.value }) }
            seeded[j].derivative = 0
        }
        if n == 0 { residuals = model.residuals(x) }
        return (residuals, jacobian)
    }

    /// J(x), m × n (see ``evaluate(_:at:)``).
    public static func jacobian<M: ResidualModel>(_ model: M, at x: [Double]) -> Matrix {
        evaluate(model, at: x).jacobian
    }
}
