/// QR with column pivoting, A·P = Q·R, by LAPACK `dgeqp3` (Businger & Golub 1965; the Level-3
/// BLAS version of Quintana-Ortí, Sun & Bischof 1998). The pivoting orders |R₁₁| ≥ |R₂₂| ≥ …,
/// so the diagonal of R reveals the numerical rank.
public struct PivotedQR: Sendable {
    /// `dgeqp3`'s output: R in the upper triangle, the Householder vectors below it.
    public let factors: Matrix
    /// The Householder scalars τ (min(m, n) of them).
    public let tau: [Double]
    /// Zero-based: column j of A·P is column `permutation[j]` of A.
    public let permutation: [Int]

    /// Factorizes `a`.
    public init(_ a: Matrix) throws(LAPACKError) {
        let (m, n) = (a.rows, a.columns)
        var work = a
        var pivots = [Int32](repeating: 0, count: n)
        var tau = [Double](repeating: 0, count: Swift.min(m, n))
        if m > 0, n > 0 {
            try LAPACK.geqp3(m: m, n: n, a: &work.elements, jpvt: &pivots, tau: &tau)
            self.permutation = pivots.map { Int($0) - 1 }
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

    /// The number of diagonal entries with |Rᵢᵢ| > `relativeTolerance`·|R₁₁|.
    public func rank(relativeTolerance: Double) -> Int {
        let d = factors.diagonal.map({ $0.magnitude })
        guard let largest = d.first, largest > 0 else { return 0 }
        return d.count { $0 > relativeTolerance * largest }
    }
}
