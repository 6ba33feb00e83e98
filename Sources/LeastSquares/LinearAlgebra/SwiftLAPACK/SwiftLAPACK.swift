/// The LAPACK and BLAS routines LeastSquares needs, written in Swift: the
/// ``LinearAlgebraBackend/pureSwift`` backend, and the only one in Embedded Swift for
/// WebAssembly, where there is no LAPACK.
///
/// Each routine keeps the semantics of its LAPACK twin (`LAPACK`) that the public types rely
/// on: column-major arrays with leading dimension `rows`, the same factor layouts (R and the
/// Householder vectors of `dgeqp3`, τ as `dlarfg` defines it), the same rank cutoffs, the same NaN
/// checks before any work (`LAPACKError.rejectNaN`, LAPACKE's) and the same `info` for the same
/// failure (a zero pivot of `dtrtrs`/`dgels`, the leading minor of `dpotrf`). What differs is
/// rounding, and for the SVD the algorithm: one-sided Jacobi after a pivoted QR (Drmač & Veselić)
/// instead of divide and conquer, more accurate for the small singular values.
///
/// Written from the textbook algorithms (Golub & Van Loan, *Matrix Computations*, 4th ed.,
/// 2013; LAPACK Users' Guide, 3rd ed., 1999, and the reference routines' documentation), for
/// the small dense problems of curve fitting: a few to a few hundred rows, up to about 16
/// columns. Correct for any size; no blocking, no threads. Overflow is avoided where LAPACK
/// avoids it in these routines (scaled norms, `dlarfg`'s rescaling, the SVD's power-of-two
/// scaling of the matrix), not in the triangular solves and products, as in BLAS.
enum SwiftLAPACK {}
