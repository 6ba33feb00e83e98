#if canImport(CLapack)
import CLapack

/// The one door from LeastSquares to LAPACK and BLAS: one function per routine, each the only
/// place its routine is called, so the rest of the target never sees a C type.
///
/// Underneath, `CLapack` calls the platform's library once per routine:
/// - **Linux: OpenBLAS** (`libopenblas.so`, LAPACK and BLAS in one library), through its Fortran
///   symbols (`dgels_`) in gfortran's convention: every argument by address, 32-bit `INTEGER`
///   (Debian's OpenBLAS is LP64), and one hidden `size_t` length after the listed arguments for
///   each `CHARACTER` argument.
/// - **Apple platforms: Accelerate**, its LAPACK 3.9+ interface (macOS 13.3, iOS 16.4), the
///   symbols `ACCELERATE_NEW_LAPACK` binds (`_dgels$NEWLAPACK`), LP64 (32-bit integers, the
///   same index type as on Linux; not `ACCELERATE_LAPACK_ILP64`), characters by address with no
///   hidden length.
///
/// Compiled only where `CLapack` exists (not in Embedded Swift for WebAssembly); everywhere,
/// `SwiftLAPACK` offers the same routines in Swift (``LinearAlgebraBackend``).
///
/// On both: matrices column-major with a leading dimension ≥ max(1, rows); workspace sizes
/// asked for first (`lwork = −1`), then the optimal size allocated here — the sequence LAPACKE
/// follows, so Linux results are the bits LAPACKE gave. Also as LAPACKE does, input matrices are
/// searched for NaN before the call (LAPACK's behaviour on NaN is undefined: it may loop, or
/// return garbage with `info = 0`), and a NaN is reported as an illegal value of the argument
/// holding it, numbered as in the reference routine (dgels: A is argument 5;
/// `LAPACKError.rejectNaN`).
/// The declarations and their ABI: `Sources/CLapack/lapack_routines.h`.
enum LAPACK {
    /// An `Int` dimension as LAPACK's 32-bit `INTEGER`; larger is a programmer error.
    static func int(_ n: Int) -> bt_lapack_int {
        precondition(n >= 0 && n <= Int(bt_lapack_int.max), "LAPACK: dimension \(n) does not fit a 32-bit INTEGER")
        return bt_lapack_int(n)
    }

    /// A leading dimension: at least 1, as LAPACK requires even for empty matrices.
    static func leading(_ n: Int) -> bt_lapack_int { int(Swift.max(1, n)) }

    /// A LAPACK option character such as `"N"` or `"U"`.
    static func char(_ c: Unicode.Scalar) -> CChar { CChar(truncatingIfNeeded: c.value) }

    // MARK: - LAPACK

    /// `dgels`, trans = N: min ‖A x − b‖ by QR for each column of B (m × nrhs in an
    /// ld × nrhs array, ld ≥ max(m, n)); x overwrites the first n rows of B. A is destroyed.
    static func gels(m: Int, n: Int, nrhs: Int, a: inout [Double], b: inout [Double], ldb: Int) throws(LAPACKError) {
        let lda = Swift.max(1, m)
        try LAPACKError.rejectNaN("dgels", argument: 5, a, rows: m, columns: n, leading: lda)
        try LAPACKError.rejectNaN("dgels", argument: 7, b, rows: Swift.max(m, n), columns: nrhs, leading: ldb)
        let info = withWorkspace(.none) { work, lwork, _ in
            bt_dgels(char("N"), int(m), int(n), int(nrhs), &a, leading(m), &b, int(ldb), work, lwork)
        }
        try LAPACKError.check("dgels", info)
    }

    /// `dgelsd`: the minimum-norm solution of min ‖A x − b‖ through the SVD, singular values
    /// ≤ rcond·σ₁ treated as zero; b is an ld-long column (ld ≥ max(m, n)) that x overwrites.
    /// Returns the effective rank; `s` receives σ₁ ≥ … (min(m, n) of them).
    static func gelsd(m: Int, n: Int, a: inout [Double], b: inout [Double], ldb: Int,
                      s: inout [Double], rcond: Double) throws(LAPACKError) -> Int {
        let lda = Swift.max(1, m)
        try LAPACKError.rejectNaN("dgelsd", argument: 4, a, rows: m, columns: n, leading: lda)
        try LAPACKError.rejectNaN("dgelsd", argument: 6, b, rows: Swift.max(m, n), columns: 1, leading: ldb)
        if rcond.isNaN { throw LAPACKError.illegal("dgelsd", argument: 9) }
        var rank: bt_lapack_int = 0
        let info = withWorkspace(.queried) { work, lwork, iwork in
            bt_dgelsd(int(m), int(n), 1, &a, leading(m), &b, int(ldb), &s, rcond, &rank, work, lwork, iwork)
        }
        try LAPACKError.check("dgelsd", info)
        return Int(rank)
    }

    /// `dgeqp3`: A·P = Q·R with column pivoting; R and the Householder vectors overwrite A,
    /// `jpvt` (n entries, 0 = free column) receives the one-based permutation, `tau` min(m, n)
    /// scalars.
    static func geqp3(m: Int, n: Int, a: inout [Double], jpvt: inout [bt_lapack_int],
                      tau: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dgeqp3", argument: 3, a, rows: m, columns: n, leading: Swift.max(1, m))
        let info = withWorkspace(.none) { work, lwork, _ in
            bt_dgeqp3(int(m), int(n), &a, leading(m), &jpvt, &tau, work, lwork)
        }
        try LAPACKError.check("dgeqp3", info)
    }

    /// `dgesdd`, jobz = S: the thin SVD; U is m × k (ld m), Vᵀ is k × n (ld k), k = min(m, n).
    /// A is destroyed.
    static func gesdd(m: Int, n: Int, a: inout [Double], s: inout [Double], u: inout [Double],
                      vt: inout [Double]) throws(LAPACKError) {
        let k = Swift.min(m, n)
        try LAPACKError.rejectNaN("dgesdd", argument: 4, a, rows: m, columns: n, leading: Swift.max(1, m))
        let info = withWorkspace(.fixed(8 * k)) { work, lwork, iwork in
            bt_dgesdd(char("S"), int(m), int(n), &a, leading(m), &s, &u, leading(m), &vt, leading(k),
                      work, lwork, iwork)
        }
        try LAPACKError.check("dgesdd", info)
    }

    /// `dpotrf`, uplo = U: A = Rᵀ·R; R overwrites the upper triangle of the n × n matrix A.
    static func potrf(n: Int, a: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dpotrf", argument: 3, a, rows: n, columns: n, leading: Swift.max(1, n), triangle: .upper)
        try LAPACKError.check("dpotrf", bt_dpotrf(char("U"), int(n), &a, leading(n)))
    }

    /// `dpotrs`, uplo = U: X with A·X = B from R (dpotrf's upper triangle); X overwrites B (n × nrhs).
    static func potrs(n: Int, nrhs: Int, factor: [Double], b: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dpotrs", argument: 4, factor, rows: n, columns: n, leading: Swift.max(1, n), triangle: .upper)
        try LAPACKError.rejectNaN("dpotrs", argument: 6, b, rows: n, columns: nrhs, leading: Swift.max(1, n))
        try LAPACKError.check("dpotrs", bt_dpotrs(char("U"), int(n), int(nrhs), factor, leading(n), &b, leading(n)))
    }

    /// `dtrtrs`: X with op(T)·X = B for the triangle of the n × n matrix T; X overwrites B.
    static func trtrs(triangle: Matrix.Triangle, transposing: Bool, unitDiagonal: Bool, n: Int, nrhs: Int,
                      t: [Double], b: inout [Double]) throws(LAPACKError) {
        try LAPACKError.rejectNaN("dtrtrs", argument: 6, t, rows: n, columns: n, leading: Swift.max(1, n), triangle: triangle,
                      skippingDiagonal: unitDiagonal)
        try LAPACKError.rejectNaN("dtrtrs", argument: 8, b, rows: n, columns: nrhs, leading: Swift.max(1, n))
        let info = bt_dtrtrs(char(triangle == .upper ? "U" : "L"), char(transposing ? "T" : "N"),
                             char(unitDiagonal ? "U" : "N"), int(n), int(nrhs), t, leading(n), &b, leading(n))
        try LAPACKError.check("dtrtrs", info)
    }

    // MARK: - BLAS

    /// `dgemm`: C = α·op(A)·op(B) (β = 0), op(A) m × k, op(B) k × n, C m × n; `lda`, `ldb` the
    /// rows of A and B as stored.
    static func gemm(transposingA: Bool, transposingB: Bool, m: Int, n: Int, k: Int, alpha: Double,
                     a: [Double], lda: Int, b: [Double], ldb: Int, c: inout [Double]) {
        bt_dgemm(char(transposingA ? "T" : "N"), char(transposingB ? "T" : "N"), int(m), int(n), int(k),
                 alpha, a, leading(lda), b, leading(ldb), 0, &c, leading(m))
    }

    /// `dgemv`: y = α·op(A)·x (β = 0) for the m × n matrix A as stored.
    static func gemv(transposing: Bool, m: Int, n: Int, alpha: Double, a: [Double], x: [Double],
                     y: inout [Double]) {
        bt_dgemv(char(transposing ? "T" : "N"), int(m), int(n), alpha, a, leading(m), x, 1, 0, &y, 1)
    }

    // MARK: - Workspace

    /// How a routine sizes its integer workspace.
    enum IntegerWorkspace {
        /// It takes none.
        case none
        /// This many entries (at least one is allocated).
        case fixed(Int)
        /// The size LAPACK writes into iwork[0] during the workspace query (dgelsd).
        case queried
    }

    /// Calls `routine(work, lwork, iwork)` with lwork = −1 (LAPACK writes the optimal size into
    /// work[0], and for `.queried` the integer size into iwork[0]), then with arrays of those
    /// sizes; the size is truncated to an integer, as LAPACKE does. Returns the last `info`.
    static func withWorkspace(
        _ integers: IntegerWorkspace,
        _ routine: (UnsafeMutablePointer<Double>, bt_lapack_int, UnsafeMutablePointer<bt_lapack_int>) -> bt_lapack_int
    ) -> bt_lapack_int {
        var fixed = 1
        if case .fixed(let count) = integers { fixed = Swift.max(1, count) }
        var iwork = [bt_lapack_int](repeating: 0, count: fixed)
        var optimal = 0.0
        let query = routine(&optimal, -1, &iwork)
        guard query == 0 else { return query }
        // LAPACK's answer is a count; a non-finite one becomes 0 and one beyond a 32-bit
        // INTEGER the largest, either of which LAPACK itself then reports as a bad LWORK (info < 0).
        let lwork = int(Int(Swift.min(Swift.max(optimal.isFinite ? optimal : 0, 0), Double(bt_lapack_int.max)).rounded(.towardZero)))
        if case .queried = integers {
            iwork = [bt_lapack_int](repeating: 0, count: Swift.max(1, Int(iwork[0])))
        }
        var work = [Double](repeating: 0, count: Swift.max(1, Int(lwork)))
        return routine(&work, lwork, &iwork)
    }
}
#endif
