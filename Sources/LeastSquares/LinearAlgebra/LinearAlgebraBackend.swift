/// Which implementation carries out the dense linear algebra of LeastSquares: the factorizations
/// (``SingularValueDecomposition``, ``PivotedQR``, ``Cholesky``), the solves
/// (``LinearLeastSquares``, ``Matrix/solveTriangular(_:triangle:transposing:unitDiagonal:backend:)-(Matrix,_,_,_,_)``)
/// and the products (``Matrix/product(_:transposingA:_:transposingB:scaledBy:backend:)``).
///
/// Both backends compute the same mathematical objects with the same conventions — the same
/// factor layouts, rank decisions, cutoffs and errors (a ``LAPACKError`` naming the LAPACK
/// routine the computation stands for, with LAPACK's `info`) — and differ only in rounding:
///
/// - ``lapack``: LAPACK and BLAS (OpenBLAS on Linux, Accelerate on Apple platforms), present only
///   where the `CLapack` module is (not in Embedded Swift for WebAssembly).
/// - ``pureSwift``: the algorithms written here in Swift (`SwiftLAPACK`), for every platform:
///   Householder QR with column pivoting, the one-sided Jacobi SVD after a pivoted QR, Cholesky,
///   triangular solves and the products as plain loops. Accurate for any size, written and
///   measured for the small dense problems of curve fitting (up to about 16 parameters).
///
/// The choice is a value passed where the work is done (``LevenbergMarquardt/Options/linearAlgebra``,
/// or the `backend:` argument of each routine), never a global setting.
///
/// Why LAPACK stays the default where it exists (measured on x86-64 Linux, OpenBLAS 0.3.21 with
/// one thread, release build, medians of 9 interleaved runs): one solver iteration's linear
/// algebra (SVD, Uᵀf, V·c) takes the Swift path 0.5–0.7× LAPACK's time for n ≤ 4 parameters,
/// about the same for n = 7–11, and 1.2–1.3× for n = 16 (m = 16…720); whole NIST StRD and MGH
/// suite runs, dominated by the residuals and Jacobians, come out within ±10 % either way. Not
/// clearly faster, so LAPACK's results stay the native ones.
public enum LinearAlgebraBackend: Sendable, Equatable, CaseIterable {
    #if canImport(CLapack)
    /// LAPACK and BLAS through `CLapack`.
    case lapack
    #endif
    /// The pure-Swift implementations (`SwiftLAPACK`).
    case pureSwift

    /// The backend used when none is named: ``lapack`` where `CLapack` exists, ``pureSwift``
    /// elsewhere.
    public static var platformDefault: LinearAlgebraBackend {
        #if canImport(CLapack)
        .lapack
        #else
        .pureSwift
        #endif
    }
}
