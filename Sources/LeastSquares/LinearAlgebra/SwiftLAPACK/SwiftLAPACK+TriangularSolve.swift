extension SwiftLAPACK {
    /// `dtrtrs`: X with op(T)·X = B for the `triangle` of the n × n matrix T (op(T) = Tᵀ when
    /// `transposing`, a diagonal of ones assumed when `unitDiagonal`); X overwrites B (n × nrhs).
    ///
    /// The order of LAPACK's wrapper: a NaN where T is read is an illegal argument 6, one in B
    /// argument 8; then, unless the diagonal is a unit one, the first exactly zero tᵢᵢ is
    /// `info` = i (one-based), T singular; then ``triangularSolve(triangle:transposing:unitDiagonal:n:nrhs:t:b:)``.
    static func trtrs(triangle: Matrix.Triangle, transposing: Bool, unitDiagonal: Bool, n: Int, nrhs: Int,
                      t: [Double], b: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dtrtrs", argument: 6, t, rows: n, columns: n, leading: Swift.max(1, n),
                                  triangle: triangle, skippingDiagonal: unitDiagonal)
        try LAPACKError.rejectNaN("dtrtrs", argument: 8, b, rows: n, columns: nrhs, leading: Swift.max(1, n))
        if !unitDiagonal, let zero = (0..<n).first(where: { t[$0 + $0 * n] == 0 }) {
            throw LAPACKError.failure("dtrtrs", info: zero + 1)
        }
        triangularSolve(triangle: triangle, transposing: transposing, unitDiagonal: unitDiagonal, n: n, nrhs: nrhs,
                        t: t, b: &b)
    }

    /// `dtrsm` (left side, α = 1): B ← op(T)⁻¹·B by substitution, no checks (Golub & Van Loan,
    /// Algorithms 3.1.1–3.1.2). The reference BLAS loop orders, each inner loop down a contiguous
    /// column of T: for op(T) = T the column-oriented (axpy) form, xⱼ = bⱼ/tⱼⱼ then b₍i₎ −= xⱼ·tᵢⱼ
    /// for the rows still to solve (skipped when xⱼ = 0, as `dtrsm` does); for op(T) = Tᵀ the
    /// row-oriented (dot) form, xᵢ = (bᵢ − Σₖ tₖᵢ·xₖ)/tᵢᵢ over the solved k.
    static func triangularSolve(triangle: Matrix.Triangle, transposing: Bool, unitDiagonal: Bool, n: Int, nrhs: Int,
                                t: [Double], b: inout [Double]) {
        t.withUnsafeBufferPointer { t in
            b.withUnsafeMutableBufferPointer { b in
                for r in 0..<nrhs {
                    let x = r * n
                    switch (triangle, transposing) {
                    case (.upper, false):
                        for j in stride(from: n - 1, through: 0, by: -1) where b[x + j] != 0 {
                            if !unitDiagonal { b[x + j] /= t[j + j * n] }
                            let xj = b[x + j]
                            for i in 0..<j { b[x + i] -= xj * t[i + j * n] }
                        }
                    case (.lower, false):
                        for j in 0..<n where b[x + j] != 0 {
                            if !unitDiagonal { b[x + j] /= t[j + j * n] }
                            let xj = b[x + j]
                            for i in (j + 1)..<n { b[x + i] -= xj * t[i + j * n] }
                        }
                    case (.upper, true):
                        for i in 0..<n {
                            var sum = b[x + i]
                            for k in 0..<i { sum -= t[k + i * n] * b[x + k] }
                            b[x + i] = unitDiagonal ? sum : sum / t[i + i * n]
                        }
                    case (.lower, true):
                        for i in stride(from: n - 1, through: 0, by: -1) {
                            var sum = b[x + i]
                            for k in (i + 1)..<n { sum -= t[k + i * n] * b[x + k] }
                            b[x + i] = unitDiagonal ? sum : sum / t[i + i * n]
                        }
                    }
                }
            }
        }
    }
}
