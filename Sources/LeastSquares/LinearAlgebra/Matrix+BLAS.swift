import CLapack

/// Matrix products through CBLAS (OpenBLAS): `dgemm` and `dgemv`.
extension Matrix {
    /// C = α · op(A) · op(B), op(X) being X or Xᵀ, by `cblas_dgemm`.
    ///
    /// The inner dimensions must agree (a programmer error otherwise).
    public static func product(_ a: Matrix, transposingA: Bool = false,
                               _ b: Matrix, transposingB: Bool = false,
                               scaledBy alpha: Double = 1) -> Matrix {
        let (m, k) = transposingA ? (a.columns, a.rows) : (a.rows, a.columns)
        let (kb, n) = transposingB ? (b.columns, b.rows) : (b.rows, b.columns)
        precondition(k == kb, "Matrix product: op(A) is \(m) × \(k) but op(B) is \(kb) × \(n)")
        var c = Matrix(rows: m, columns: n)
        guard m > 0, n > 0, k > 0 else { return c }
        cblas_dgemm(CblasColMajor, transposingA ? CblasTrans : CblasNoTrans,
                    transposingB ? CblasTrans : CblasNoTrans,
                    LAPACKSupport.int(m), LAPACKSupport.int(n), LAPACKSupport.int(k),
                    alpha, a.elements, LAPACKSupport.leading(a.rows),
                    b.elements, LAPACKSupport.leading(b.rows),
                    0, &c.elements, LAPACKSupport.leading(m))
        return c
    }

    /// A · B by `dgemm`.
    public static func * (a: Matrix, b: Matrix) -> Matrix { product(a, b) }

    /// y = α · op(A) · x by `cblas_dgemv`; `x.count` must equal the columns of op(A).
    public func multiplied(by x: [Double], transposing: Bool = false, scaledBy alpha: Double = 1) -> [Double] {
        let (m, n) = transposing ? (columns, rows) : (rows, columns)
        precondition(x.count == n, "Matrix-vector product: op(A) is \(m) × \(n) but x has \(x.count) entries")
        var y = [Double](repeating: 0, count: m)
        guard m > 0, n > 0 else { return y }
        cblas_dgemv(CblasColMajor, transposing ? CblasTrans : CblasNoTrans,
                    LAPACKSupport.int(rows), LAPACKSupport.int(columns), alpha,
                    elements, LAPACKSupport.leading(rows), x, 1, 0, &y, 1)
        return y
    }

    /// A · x by `dgemv`.
    public static func * (a: Matrix, x: [Double]) -> [Double] { a.multiplied(by: x) }
}
