extension SwiftLAPACK {
    /// `dpotrf`, uplo = U: A = Rᵀ·R for the symmetric n × n matrix whose upper triangle `a` holds;
    /// R overwrites that triangle (the strict lower triangle is left as it is).
    ///
    /// Golub & Van Loan, Algorithm 4.2.2 (gaxpy Cholesky), in LAPACK `dpotf2`'s order: for
    /// j = 1…n, rⱼⱼ = √(aⱼⱼ − Σₖ₍ₖ<ⱼ₎ rₖⱼ²), then row j, rⱼᵢ = (aⱼᵢ − Σₖ rₖⱼ·rₖᵢ)·(1/rⱼⱼ). When the
    /// radicand is ≤ 0 or NaN the leading minor of order j is not positive definite: `info` = j.
    /// A NaN in the upper triangle is an illegal argument 3 (checked first, as LAPACKE does).
    static func potrf(n: Int, a: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dpotrf", argument: 3, a, rows: n, columns: n, leading: Swift.max(1, n), triangle: .upper)
        let failed: Int? = a.withUnsafeMutableBufferPointer { a in
            for j in 0..<n {
                let cj = j * n
                var sum = 0.0
                for k in 0..<j { sum += a[cj + k] * a[cj + k] }
                let radicand = a[cj + j] - sum
                guard radicand > 0 else {
                    a[cj + j] = radicand
                    return j + 1
                }
                let rjj = radicand.squareRoot()
                a[cj + j] = rjj
                let inverse = 1 / rjj
                for i in (j + 1)..<n {
                    let ci = i * n
                    var dot = 0.0
                    for k in 0..<j { dot += a[cj + k] * a[ci + k] }
                    a[ci + j] = (a[ci + j] - dot) * inverse
                }
            }
            return nil
        }
        if let failed { throw LAPACKError.failure("dpotrf", info: failed) }
    }

    /// `dpotrs`, uplo = U: X with A·X = B from R (``potrf(n:a:)``'s upper triangle, `factor`):
    /// Rᵀ·Y = B, then R·X = Y; X overwrites B (n × nrhs). NaN in the factor's upper triangle is
    /// an illegal argument 4, in B argument 6.
    static func potrs(n: Int, nrhs: Int, factor: [Double], b: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dpotrs", argument: 4, factor, rows: n, columns: n, leading: Swift.max(1, n), triangle: .upper)
        try LAPACKError.rejectNaN("dpotrs", argument: 6, b, rows: n, columns: nrhs, leading: Swift.max(1, n))
        triangularSolve(triangle: .upper, transposing: true, unitDiagonal: false, n: n, nrhs: nrhs, t: factor, b: &b)
        triangularSolve(triangle: .upper, transposing: false, unitDiagonal: false, n: n, nrhs: nrhs, t: factor, b: &b)
    }
}
