/// Jacobians by central finite differences, for residuals that are only available as values.
///
/// J_ij ≈ (rᵢ(x + hⱼeⱼ) − rᵢ(x − hⱼeⱼ)) / (2hⱼ), hⱼ = h·|xⱼ| (h when xⱼ = 0), rounded so that
/// x ± hⱼ are exactly representable steps. The truncation error is (hⱼ²/6)·∂³rᵢ/∂xⱼ³ and the
/// rounding error about ε·|rᵢ|/hⱼ; the default h = ε^(1/3) ≈ 6.1e-6 balances the two, so about
/// two thirds of the digits are right (Nocedal & Wright, *Numerical Optimization*, 2nd ed., §8.1).
/// It costs 2n residual evaluations.
public enum FiniteDifferences {
    /// ε^(1/3) ≈ 6.06e-6, the relative step that balances truncation and rounding error for
    /// central differences.
    public static let defaultRelativeStep = 6.0554544523933395e-06

    /// The central-difference Jacobian of `residuals` at `x`, m × n, with relative step
    /// `relativeStep` (see ``FiniteDifferences``). `residuals` must return `residualCount` values.
    public static func centralJacobian(residualCount m: Int, at x: [Double],
                                       relativeStep: Double = defaultRelativeStep,
                                       _ residuals: ([Double]) -> [Double]) -> Matrix {
        precondition(relativeStep > 0 && relativeStep.isFinite,
                     "FiniteDifferences: the relative step must be positive and finite, got \(relativeStep)")
        let n = x.count
        var jacobian = Matrix(rows: m, columns: n)
        var probe = x
        for j in 0..<n {
            let scale = x[j] == 0 ? 1 : x[j].magnitude
            let up = x[j] + relativeStep * scale
            let down = x[j] - relativeStep * scale
            probe[j] = up
            let rPlus = residuals(probe)
            probe[j] = down
            let rMinus = residuals(probe)
            probe[j] = x[j]
            precondition(rPlus.count == m && rMinus.count == m,
                         "FiniteDifferences: the residual function returned \(rPlus.count) values, expected \(m)")
            let width = up - down
            for i in 0..<m { jacobian.elements[i + j * m] = (rPlus[i] - rMinus[i]) / width }
        }
        return jacobian
    }
}
