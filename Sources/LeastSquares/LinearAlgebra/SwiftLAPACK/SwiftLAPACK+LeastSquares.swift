extension SwiftLAPACK {
    /// `dgels`, trans = N: min ‖A x − b‖₂ for each column of B (m × nrhs in an ldb × nrhs array,
    /// ldb ≥ max(m, n)); x overwrites the first n rows of B. As `dgels`:
    ///
    /// - m ≥ n: A = Q·R (Householder, unpivoted: Golub & Van Loan Algorithm 5.3.2), then
    ///   R x = (Qᵀb)₁…ₙ. An exactly zero rᵢᵢ is `info` = i: A does not have full rank.
    /// - m < n: the minimum-norm solution, from A = L·Q (computed as Aᵀ = Q·R, L = Rᵀ):
    ///   L y = b, x = Qᵀ(y; 0) (§5.6.2); a zero lᵢᵢ is `info` = i.
    /// - A = 0: x = 0 and no error (LAPACK's special case).
    ///
    /// NaN in A is an illegal argument 5, in B argument 7.
    static func gels(m: Int, n: Int, nrhs: Int, a: [Double], b: inout [Double], ldb: Int) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dgels", argument: 5, a, rows: m, columns: n, leading: Swift.max(1, m))
        try LAPACKError.rejectNaN("dgels", argument: 7, b, rows: Swift.max(m, n), columns: nrhs, leading: ldb)
        if a.allSatisfy({ $0 == 0 }) {
            for j in 0..<nrhs {
                for i in 0..<Swift.max(m, n) { b[i + j * ldb] = 0 }
            }
            return
        }
        let k = Swift.min(m, n)
        if m >= n {
            var factors = a
            var tau = [Double](repeating: 0, count: k)
            _ = householderQR(m: m, n: n, a: &factors, tau: &tau, pivoting: false)
            if let zero = (0..<n).first(where: { factors[$0 + $0 * m] == 0 }) {
                throw LAPACKError.failure("dgels", info: zero + 1)
            }
            applyQ(factors: factors, m: m, tau: tau, reflectors: k, transposing: true, to: &b, ldb: ldb, nrhs: nrhs)
            let r = upperTriangle(of: factors, rows: m, order: n)
            var x = [Double](repeating: 0, count: n * nrhs)
            for j in 0..<nrhs {
                for i in 0..<n { x[i + j * n] = b[i + j * ldb] }
            }
            triangularSolve(triangle: .upper, transposing: false, unitDiagonal: false, n: n, nrhs: nrhs, t: r, b: &x)
            for j in 0..<nrhs {
                for i in 0..<n { b[i + j * ldb] = x[i + j * n] }
            }
        } else {
            var factors = transpose(a, rows: m, columns: n)  // n × m
            var tau = [Double](repeating: 0, count: k)
            _ = householderQR(m: n, n: m, a: &factors, tau: &tau, pivoting: false)
            if let zero = (0..<m).first(where: { factors[$0 + $0 * n] == 0 }) {
                throw LAPACKError.failure("dgels", info: zero + 1)
            }
            let r = upperTriangle(of: factors, rows: n, order: m)
            var y = [Double](repeating: 0, count: m * nrhs)
            for j in 0..<nrhs {
                for i in 0..<m { y[i + j * m] = b[i + j * ldb] }
            }
            // Rᵀ y = b.
            triangularSolve(triangle: .upper, transposing: true, unitDiagonal: false, n: m, nrhs: nrhs, t: r, b: &y)
            for j in 0..<nrhs {
                for i in 0..<n { b[i + j * ldb] = i < m ? y[i + j * m] : 0 }
            }
            applyQ(factors: factors, m: n, tau: tau, reflectors: k, transposing: false, to: &b, ldb: ldb, nrhs: nrhs)
        }
    }

    /// `dgelsd`: the minimum-norm x minimising ‖A x − b‖₂, through the SVD (``gesdd(m:n:a:s:u:vt:)``,
    /// the Jacobi SVD here rather than LAPACK's bidiagonal divide and conquer):
    /// x = Σᵢ₍σᵢ > rcond·σ₁₎ vᵢ·(uᵢᵀb)/σᵢ, with rcond < 0 meaning ε (`dgelsd`'s rule: singular
    /// values σᵢ ≤ rcond·σ₁ are treated as zero). `b` is an ldb-long column (ldb ≥ max(m, n)) that
    /// x overwrites; `s` receives σ (min(m, n) of them). Returns the effective rank (0 for A = 0,
    /// x = 0). NaN in A is an illegal argument 4 (also ±∞, see ``gesdd(m:n:a:s:u:vt:)``), in b 6,
    /// a NaN rcond argument 9.
    static func gelsd(m: Int, n: Int, a: [Double], b: inout [Double], ldb: Int, s: inout [Double],
                      rcond: Double) throws(LAPACKError) -> Int {
        try LAPACKError.rejectNaN("dgelsd", argument: 4, a, rows: m, columns: n, leading: Swift.max(1, m))
        try LAPACKError.rejectNaN("dgelsd", argument: 6, b, rows: Swift.max(m, n), columns: 1, leading: ldb)
        if rcond.isNaN { throw LAPACKError.illegal("dgelsd", argument: 9) }
        guard a.allSatisfy({ $0.isFinite }) else { throw LAPACKError.illegal("dgelsd", argument: 4) }
        let k = Swift.min(m, n)
        var u = [Double](repeating: 0, count: m * k)
        var vt = [Double](repeating: 0, count: k * n)
        try gesdd(m: m, n: n, a: a, s: &s, u: &u, vt: &vt)
        let cutoff = (rcond < 0 ? Double.ulpOfOne : rcond) * (s.first ?? 0)
        let rank = s.count { $0 > cutoff }
        var c = [Double](repeating: 0, count: k)
        for l in 0..<rank {
            var dot = 0.0
            for i in 0..<m { dot += u[i + l * m] * b[i] }
            c[l] = dot / s[l]
        }
        for j in 0..<n {
            var sum = 0.0
            for l in 0..<rank { sum += vt[l + j * k] * c[l] }
            b[j] = sum
        }
        return rank
    }

    /// The upper triangle R (`order` × `order`, column-major, zeros below) of the Householder
    /// factors `factors` (`rows` × ≥ `order`, column-major): what ``householderQR(m:n:a:tau:pivoting:)``
    /// leaves on and above the diagonal.
    static func upperTriangle(of factors: [Double], rows: Int, order: Int) -> [Double] {
        var r = [Double](repeating: 0, count: order * order)
        for j in 0..<order {
            for i in 0...j { r[i + j * order] = factors[i + j * rows] }
        }
        return r
    }
}
