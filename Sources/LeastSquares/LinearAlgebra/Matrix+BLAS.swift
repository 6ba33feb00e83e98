/// Matrix products: BLAS `dgemm` and `dgemv` (OpenBLAS on Linux, Accelerate on Apple platforms),
/// or their Swift twins `SwiftLAPACK.gemm` and `gemv` (the reference BLAS loops), as `backend`
/// says.
extension Matrix {
    /// C = α · op(A) · op(B), op(X) being X or Xᵀ, by `dgemm`.
    ///
    /// The inner dimensions must agree (a programmer error otherwise).
    public static func product(_ a: Matrix, transposingA: Bool = false,
                               _ b: Matrix, transposingB: Bool = false,
                               scaledBy alpha: Double = 1,
                               backend: LinearAlgebraBackend = .platformDefault) -> Matrix {
        let (m, k) = transposingA ? (a.columns, a.rows) : (a.rows, a.columns)
        let (kb, n) = transposingB ? (b.columns, b.rows) : (b.rows, b.columns)
        precondition(k == kb, "Matrix product: op(A) is \(m) × \(k) but op(B) is \(kb) × \(n)")
        var c = Matrix(rows: m, columns: n)
        guard m > 0, n > 0, k > 0 else { return c }
        switch backend {
        #if canImport(CLapack)
        case .lapack:
            LAPACK.gemm(transposingA: transposingA, transposingB: transposingB, m: m, n: n, k: k, alpha: alpha,
                        a: a.elements, lda: a.rows, b: b.elements, ldb: b.rows, c: &c.elements)
        #endif
        case .pureSwift:
            SwiftLAPACK.gemm(transposingA: transposingA, transposingB: transposingB, m: m, n: n, k: k, alpha: alpha,
                             a: a.elements, lda: a.rows, b: b.elements, ldb: b.rows, c: &c.elements)
        }
        return c
    }

    /// A · B by `dgemm` (the platform's default backend).
    public static func * (a: Matrix, b: Matrix) -> Matrix { product(a, b) }

    /// y = α · op(A) · x by `dgemv`; `x.count` must equal the columns of op(A).
    public func multiplied(by x: [Double], transposing: Bool = false, scaledBy alpha: Double = 1,
                           backend: LinearAlgebraBackend = .platformDefault) -> [Double] {
        let (m, n) = transposing ? (columns, rows) : (rows, columns)
        precondition(x.count == n, "Matrix-vector product: op(A) is \(m) × \(n) but x has \(x.count) entries")
        var y = [Double](repeating: 0, count: m)
        guard m > 0, n > 0 else { return y }
        switch backend {
        #if canImport(CLapack)
        case .lapack:
            LAPACK.gemv(transposing: transposing, m: rows, n: columns, alpha: alpha, a: elements, x: x, y: &y)
        #endif
        case .pureSwift:
            SwiftLAPACK.gemv(transposing: transposing, m: rows, n: columns, alpha: alpha, a: elements, x: x, y: &y)
        }
        return y
    }

    /// A · x by `dgemv` (the platform's default backend).
    public static func * (a: Matrix, x: [Double]) -> [Double] { a.multiplied(by: x) }
}
