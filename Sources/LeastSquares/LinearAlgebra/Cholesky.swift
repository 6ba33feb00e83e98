/// The Cholesky factorization A = Rᵀ·R of a symmetric positive definite matrix (upper triangle,
/// LAPACK `dpotrf`), and solves with it (`dpotrs`): by LAPACK, or by `SwiftLAPACK.potrf` and
/// `potrs` (Golub & Van Loan, Algorithm 4.2.2, in `dpotf2`'s order), as ``backend`` says.
///
/// Not used by the Levenberg–Marquardt solver, which never forms JᵀJ (that squares the condition
/// number); it is here for small, well-conditioned normal-equation systems and for tests.
public struct Cholesky: Sendable {
    /// R, upper triangular with a positive diagonal (the strict lower triangle is zero).
    public let factor: Matrix
    /// The backend that factorized A, and solves with R.
    public let backend: LinearAlgebraBackend

    /// Factorizes `a` (only its upper triangle is read). Throws with the order of the first
    /// leading minor that is not positive definite.
    public init(_ a: Matrix, backend: LinearAlgebraBackend = .platformDefault) throws(LAPACKError) {
        precondition(a.rows == a.columns, "Cholesky: A must be square, got \(a.rows) × \(a.columns)")
        let n = a.rows
        var work = a
        if n > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack: try LAPACK.potrf(n: n, a: &work.elements)
            #endif
            case .pureSwift: try SwiftLAPACK.potrf(n: n, a: &work.elements)
            }
        }
        for j in 0..<n {
            for i in (j + 1)..<n { work[i, j] = 0 }
        }
        factor = work
        self.backend = backend
    }

    /// X with A·X = B (`dpotrs`).
    public func solve(_ b: Matrix) throws(LAPACKError) -> Matrix {
        let n = factor.rows
        precondition(b.rows == n, "Cholesky.solve: A is \(n) × \(n) but B has \(b.rows) rows")
        var x = b
        if n > 0, b.columns > 0 {
            switch backend {
            #if canImport(CLapack)
            case .lapack: try LAPACK.potrs(n: n, nrhs: b.columns, factor: factor.elements, b: &x.elements)
            #endif
            case .pureSwift: try SwiftLAPACK.potrs(n: n, nrhs: b.columns, factor: factor.elements, b: &x.elements)
            }
        }
        return x
    }

    /// x with A·x = b (`dpotrs`).
    public func solve(_ b: [Double]) throws(LAPACKError) -> [Double] {
        try solve(Matrix(column: b)).elements
    }
}
