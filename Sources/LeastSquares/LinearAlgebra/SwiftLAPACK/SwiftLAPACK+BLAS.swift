extension SwiftLAPACK {
    /// `dgemm` with β = 0: C = α·op(A)·op(B), op(A) m × k, op(B) k × n, C m × n (leading
    /// dimension m); `lda`, `ldb` the rows of A and B as stored.
    ///
    /// The loop orders of the reference BLAS, every inner loop down a contiguous column: for
    /// op(A) = A, C₍:,j₎ += (α·op(B)ₗⱼ)·A₍:,l₎ over l (``axpy(_:_:_:_:)``); for op(A) = Aᵀ,
    /// cᵢⱼ = α·(A₍:,i₎ · op(B)₍:,j₎) (``dot(_:_:_:)``, on a copy of op(B)₍:,j₎ when B is transposed).
    /// Zeros are multiplied like any other number (no shortcut), so a NaN or ±∞ reaches C as it
    /// does through OpenBLAS.
    static func gemm(transposingA: Bool, transposingB: Bool, m: Int, n: Int, k: Int, alpha: Double,
                     a: [Double], lda: Int, b: [Double], ldb: Int, c: inout [Double]) {
        var column = [Double](repeating: 0, count: k)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    column.withUnsafeMutableBufferPointer { column in
                        let a = a.baseAddress!, b = b.baseAddress!, c = c.baseAddress!, bj = column.baseAddress!
                        for j in 0..<n {
                            // op(B)₍:,j₎.
                            for l in 0..<k { bj[l] = transposingB ? b[j + l * ldb] : b[l + j * ldb] }
                            let cj = c + j * m
                            if transposingA {
                                for i in 0..<m { cj[i] = alpha * dot(a + i * lda, bj, k) }
                            } else {
                                for i in 0..<m { cj[i] = 0 }
                                for l in 0..<k { axpy(alpha * bj[l], a + l * lda, cj, m) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// `dgemv` with β = 0: y = α·op(A)·x for the m × n matrix A as stored (leading dimension m).
    ///
    /// Reference BLAS loop orders: y += (α·xⱼ)·A₍:,j₎ over j for op(A) = A; yⱼ = α·(A₍:,j₎ · x)
    /// for op(A) = Aᵀ. NaN and ±∞ propagate as in ``gemm(transposingA:transposingB:m:n:k:alpha:a:lda:b:ldb:c:)``.
    static func gemv(transposing: Bool, m: Int, n: Int, alpha: Double, a: [Double], x: [Double],
                     y: inout [Double]) {
        a.withUnsafeBufferPointer { a in
            x.withUnsafeBufferPointer { x in
                y.withUnsafeMutableBufferPointer { y in
                    let a = a.baseAddress!, x = x.baseAddress!, y = y.baseAddress!
                    if transposing {
                        for j in 0..<n { y[j] = alpha * dot(a + j * m, x, m) }
                    } else {
                        for i in 0..<m { y[i] = 0 }
                        for j in 0..<n { axpy(alpha * x[j], a + j * m, y, m) }
                    }
                }
            }
        }
    }
}
