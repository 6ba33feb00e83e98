/// Linear least squares, min ‖A x − b‖₂, through LAPACK or its Swift twins (``LinearAlgebraBackend``).
///
/// - ``solveQR(_:_:backend:)-(Matrix,Matrix,_)``: `dgels`, a Householder QR of A (Golub & Van Loan,
///   *Matrix Computations*, 4th ed., §5.3.3). A must have full rank; the error is about κ(A)·ε
///   plus κ(A)²·ε·‖r‖/(‖A‖‖x‖).
/// - ``solveSVD(_:_:relativeCutoff:backend:)``: `dgelsd`, the minimum-norm solution through the
///   SVD (LAPACK: divide and conquer; Swift: one-sided Jacobi), with singular values
///   σᵢ ≤ `relativeCutoff`·σ₁ treated as zero, so a rank-deficient A gives a finite answer.
public enum LinearLeastSquares {
    /// The solution and what the SVD saw of A.
    public struct SVDSolution: Equatable, Sendable {
        /// The minimum-norm least-squares solution (n entries).
        public var solution: [Double]
        /// The effective rank: the number of σᵢ > cutoff·σ₁.
        public var rank: Int
        /// σ₁ ≥ σ₂ ≥ … ≥ 0 (min(m, n) of them).
        public var singularValues: [Double]
    }

    /// min ‖A x − b‖₂ for each column of `b` (m × k), by QR (`dgels`); an n × k result. For
    /// m < n it is the minimum-norm solution of the underdetermined system.
    public static func solveQR(_ a: Matrix, _ b: Matrix,
                               backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) -> Matrix {
        precondition(a.rows == b.rows, "solveQR: A is \(a.rows) × \(a.columns) but b has \(b.rows) rows")
        let (m, n, k) = (a.rows, a.columns, b.columns)
        let ldb = Swift.max(1, m, n)
        var work = a.elements
        var rhs = [Double](repeating: 0, count: ldb * k)
        for j in 0..<k {
            for i in 0..<m { rhs[i + j * ldb] = b.elements[i + j * m] }
        }
        if m > 0, n > 0, k > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack: try LAPACK.gels(m: m, n: n, nrhs: k, a: &work, b: &rhs, ldb: ldb)
            #endif
            case .pureSwift: try SwiftLAPACK.gels(m: m, n: n, nrhs: k, a: work, b: &rhs, ldb: ldb)
            }
        }
        var x = Matrix(rows: n, columns: k)
        for j in 0..<k {
            for i in 0..<n { x.elements[i + j * n] = rhs[i + j * ldb] }
        }
        return x
    }

    /// min ‖A x − b‖₂ by QR (`dgels`) for one right-hand side.
    public static func solveQR(_ a: Matrix, _ b: [Double],
                               backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) -> [Double] {
        try solveQR(a, Matrix(column: b), backend: backend).elements
    }

    /// The minimum-norm x minimising ‖A x − b‖₂ by the SVD (`dgelsd`). Singular values at or below
    /// `relativeCutoff`·σ₁ count as zero (LAPACK's `rcond`; a negative value means machine ε).
    public static func solveSVD(_ a: Matrix, _ b: [Double],
                                relativeCutoff: Double = -1,
                                backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) -> SVDSolution {
        precondition(a.rows == b.count, "solveSVD: A is \(a.rows) × \(a.columns) but b has \(b.count) entries")
        let (m, n) = (a.rows, a.columns)
        let ldb = Swift.max(1, m, n)
        var work = a.elements
        var rhs = [Double](repeating: 0, count: ldb)
        for i in 0..<m { rhs[i] = b[i] }
        var s = [Double](repeating: 0, count: Swift.min(m, n))
        var rank = 0
        if m > 0, n > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack:
                rank = try LAPACK.gelsd(m: m, n: n, a: &work, b: &rhs, ldb: ldb, s: &s, rcond: relativeCutoff)
            #endif
            case .pureSwift:
                rank = try SwiftLAPACK.gelsd(m: m, n: n, a: work, b: &rhs, ldb: ldb, s: &s, rcond: relativeCutoff)
            }
        }
        return SVDSolution(solution: Array(rhs[0..<n]), rank: rank, singularValues: s)
    }
}
