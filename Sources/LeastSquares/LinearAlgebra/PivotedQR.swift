/// QR with column pivoting, A·P = Q·R (Businger & Golub 1965; Golub & Van Loan, Algorithm
/// 5.4.1). The pivoting orders |R₁₁| ≥ |R₂₂| ≥ …, so the diagonal of R reveals the numerical rank.
///
/// By backend (``LinearAlgebraBackend``): LAPACK `dgeqp3` (the Level-3 BLAS version of
/// Quintana-Ortí, Sun & Bischof 1998), or `SwiftLAPACK.geqp3`, the unblocked algorithm of
/// LAPACK `dlaqp2` with the same pivot rule, norm downdating and factor layout. Both refuse a NaN
/// in A as `dgeqp3`'s illegal argument 3.
public struct PivotedQR: Sendable {
    /// `dgeqp3`'s output: R in the upper triangle, the Householder vectors below it (vᵢ in column
    /// i from row i + 1 on, its leading 1 implied).
    public let factors: Matrix
    /// The Householder scalars τ (min(m, n) of them): Q = H₁·H₂·…, Hᵢ = I − τᵢ·vᵢ·vᵢᵀ.
    public let tau: [Double]
    /// Zero-based: column j of A·P is column `permutation[j]` of A.
    public let permutation: [Int]

    /// Factorizes `a` with `backend`.
    public init(_ a: Matrix, backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) {
        let (m, n) = (a.rows, a.columns)
        var work = a
        var tau = [Double](repeating: 0, count: Swift.min(m, n))
        if m > 0, n > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack:
                var pivots = [Int32](repeating: 0, count: n)
                try LAPACK.geqp3(m: m, n: n, a: &work.elements, jpvt: &pivots, tau: &tau)
                self.permutation = pivots.map { Int($0) - 1 }
            #endif
            case .pureSwift:
                self.permutation = try SwiftLAPACK.geqp3(m: m, n: n, a: &work.elements, tau: &tau)
            }
        } else {
            self.permutation = Array(0..<n)
        }
        self.factors = work
        self.tau = tau
    }

    /// The upper-triangular (or trapezoidal) factor R, min(m, n) × n.
    public var r: Matrix {
        let k = Swift.min(factors.rows, factors.columns)
        var r = Matrix(rows: k, columns: factors.columns)
        for j in 0..<factors.columns {
            for i in 0...Swift.min(j, k - 1) where k > 0 { r[i, j] = factors[i, j] }
        }
        return r
    }

    /// The thin orthogonal factor Q, m × min(m, n): the first min(m, n) columns of H₁·H₂·…,
    /// formed from the reflectors (LAPACK `dorgqr`'s result), so A·P = Q·R.
    public var q: Matrix {
        let (m, n) = (factors.rows, factors.columns)
        let k = Swift.min(m, n)
        var q = Matrix(rows: m, columns: k)
        for j in 0..<k { q.elements[j + j * m] = 1 }
        SwiftLAPACK.applyQ(factors: factors.elements, m: m, tau: tau, reflectors: k, transposing: false,
                           to: &q.elements, ldb: m, nrhs: k)
        return q
    }

    /// The number of diagonal entries with |Rᵢᵢ| > `relativeTolerance`·|R₁₁|.
    public func rank(relativeTolerance: Double) -> Int {
        let d = factors.diagonal.map({ $0.magnitude })
        guard let largest = d.first, largest > 0 else { return 0 }
        return d.count { $0 > relativeTolerance * largest }
    }
}
