extension RobustLoss {
    /// The corrected residuals r̃ and Jacobian J̃ of every one-residual block (``RobustCorrector``),
    /// and the factor each Jacobian row was multiplied by (used for second directional
    /// derivatives, which transform like J). The trivial loss returns its input unchanged.
    func corrected(residuals r: [Double], jacobian: Matrix) -> (residuals: [Double], jacobian: Matrix, rowScaling: [Double]) {
        let m = r.count
        if self == .trivial { return (r, jacobian, [Double](repeating: 1, count: m)) }
        var rt = r
        var jt = jacobian
        var rows = [Double](repeating: 1, count: m)
        for i in 0..<m {
            let s = r[i] * r[i]
            let corrector = RobustCorrector(squaredNorm: s, loss: evaluate(s))
            rt[i] = corrector.residualScaling * r[i]
            rows[i] = corrector.jacobianScaling(residual: r[i])
        }
        let n = jacobian.columns
        jt.elements.withUnsafeMutableBufferPointer { a in
            for j in 0..<n {
                for i in 0..<m { a[i + j * m] *= rows[i] }
            }
        }
        return (rt, jt, rows)
    }
}
