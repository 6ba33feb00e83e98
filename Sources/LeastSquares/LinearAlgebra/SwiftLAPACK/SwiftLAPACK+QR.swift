extension SwiftLAPACK {
    /// `dgeqp3`: A·P = Q·R with column pivoting; R and the Householder vectors overwrite the m × n
    /// array `a` (as LAPACK stores them: R on and above the diagonal, vᵢ below it with vᵢ₁ = 1
    /// implied), `tau` receives the min(m, n) scalars of Q = H₁·H₂·…, Hᵢ = I − τᵢvᵢvᵢᵀ. Returns the
    /// zero-based permutation: column j of A·P is column `result[j]` of A. A NaN in A is an illegal
    /// argument 3, as for LAPACK.
    ///
    /// Businger & Golub (1965); Golub & Van Loan, Algorithm 5.4.1, with LAPACK `dlaqp2`'s choices:
    /// step i takes the remaining column of largest partial norm ‖A₍i:m, j₎‖ (the first of equal
    /// ones, as `idamax`), and the partial norms are downdated, ν′ = ν·√(1 − (|aᵢⱼ|/ν)²), and
    /// recomputed from the column when the downdate has cancelled below √ε of the norm last
    /// computed (Drmač & Bujanović, LAPACK Working Note 176, 2008), so |R₁₁| ≥ |R₂₂| ≥ … .
    static func geqp3(m: Int, n: Int, a: inout [Double], tau: inout [Double]) throws(LAPACKError) -> [Int] {
        try LAPACKError.rejectNaN("dgeqp3", argument: 3, a, rows: m, columns: n, leading: Swift.max(1, m))
        return householderQR(m: m, n: n, a: &a, tau: &tau, pivoting: true)
    }

    /// Householder QR of the m × n array `a` in place, as `dgeqp3` (pivoting) or `dgeqrf` (none:
    /// the identity permutation is returned); see ``geqp3(m:n:a:tau:)``. No NaN check.
    static func householderQR(m: Int, n: Int, a: inout [Double], tau: inout [Double], pivoting: Bool) -> [Int] {
        let k = Swift.min(m, n)
        var permutation = Array(0..<n)
        guard k > 0 else { return permutation }
        a.withUnsafeMutableBufferPointer { a in
            /// ‖A₍row..<m, j₎‖₂.
            func columnNorm(_ j: Int, from row: Int) -> Double { norm(a.baseAddress! + j * m + row, m - row) }
            var partial = [Double](repeating: 0, count: pivoting ? n : 0)
            var computed = partial
            if pivoting {
                for j in 0..<n { partial[j] = columnNorm(j, from: 0) }
                computed = partial
            }
            let tol3z = Double.ulpOfOne.squareRoot()
            for i in 0..<k {
                if pivoting {
                    var pivot = i
                    for j in (i + 1)..<n where partial[j] > partial[pivot] { pivot = j }
                    if pivot != i {
                        for r in 0..<m { a.swapAt(r + pivot * m, r + i * m) }
                        permutation.swapAt(pivot, i)
                        partial[pivot] = partial[i]
                        computed[pivot] = computed[i]
                    }
                }
                tau[i] = householderReflector(a, start: i + i * m, count: m - i)
                if i + 1 < n {
                    applyReflector(UnsafeBufferPointer(a), ldv: m, vColumn: i, tau: tau[i], to: a, ldb: m,
                                   rows: i..<m, columns: (i + 1)..<n)
                }
                guard pivoting else { continue }
                for j in (i + 1)..<n where partial[j] != 0 {
                    let ratio = a[i + j * m].magnitude / partial[j]
                    let temp = Swift.max(0, 1 - ratio * ratio)
                    let drift = partial[j] / computed[j]
                    if temp * drift * drift <= tol3z {
                        partial[j] = i + 1 < m ? columnNorm(j, from: i + 1) : 0
                        computed[j] = partial[j]
                    } else {
                        partial[j] *= temp.squareRoot()
                    }
                }
            }
        }
        return permutation
    }

    /// B ← Qᵀ·B (`transposing`, `dormqr` with trans = T) or B ← Q·B (trans = N) for the m × m
    /// orthogonal Q = H₁·…·Hₖ of a Householder QR (`factors`, m × ≥k, and `tau`), B m × nrhs with
    /// leading dimension `ldb` ≥ m. Qᵀ applies H₁ first, Q applies Hₖ first.
    static func applyQ(factors: [Double], m: Int, tau: [Double], reflectors k: Int, transposing: Bool,
                       to b: inout [Double], ldb: Int, nrhs: Int) {
        factors.withUnsafeBufferPointer { v in
            b.withUnsafeMutableBufferPointer { b in
                let order = transposing ? Array(0..<k) : Array((0..<k).reversed())
                for i in order {
                    applyReflector(v, ldv: m, vColumn: i, tau: tau[i], to: b, ldb: ldb, rows: i..<m, columns: 0..<nrhs)
                }
            }
        }
    }
}
