// The nine LAPACK and BLAS routines BezierTune calls, declared once with the calling convention
// of each platform's library. Only bt_lapack.c includes this file; Swift never sees it.
//
// Both sides take the reference Fortran argument lists (netlib LAPACK 3.x, BLAS): every argument
// by address, matrices column-major with a leading dimension, `info` as the last listed
// argument, workspace sizes by the caller's query (lwork = -1). They differ in three ways:
//
//                  Linux: OpenBLAS (libopenblas.so)           Apple: Accelerate (LAPACK 3.9+ interface)
//   symbol         dgels_ (gfortran's name)                   _dgels$NEWLAPACK, what <Accelerate/Accelerate.h>
//                                                             binds dgels_ to under ACCELERATE_NEW_LAPACK
//   integer        32-bit int (Debian's OpenBLAS is LP64)      32-bit int (LP64: ACCELERATE_LAPACK_ILP64 unset)
//   characters     char * plus one hidden size_t length per    char * only
//                  character argument, after all the listed
//                  ones (gfortran >= 8)
//
// Why LP64 on Apple as well: one 32-bit index type on every platform, so LeastSquares has one
// range check and one overflow boundary; its matrices are a few thousand rows by tens of
// columns, far below 2^31 elements. (Accelerate's ILP64 symbols, $NEWLAPACK$ILP64, take long.)
//
// The unsuffixed Apple symbols (_dgels_, _dgels) are Accelerate's frozen LAPACK 3.2.1 (clapack.h),
// deprecated since macOS 13.3: the asm labels below are what keeps us off them. The new interface
// exists from macOS 13.3, iOS 16.4, tvOS 16.4 and watchOS 9.4, hence Package.swift's platforms.
//
// scripts/check-portability.sh compiles this header for arm64-apple-macos14 and arm64-apple-ios16.4
// (no SDK needed: it uses nothing but <stddef.h>) and, on Linux, together with netlib's <lapack.h>,
// where any difference from the reference prototypes is a "conflicting types" error.
#ifndef BEZIERTUNE_LAPACK_ROUTINES_H
#define BEZIERTUNE_LAPACK_ROUTINES_H

#include <stddef.h>

/// Fortran's default INTEGER on both platforms.
typedef int bt_fortran_int;
_Static_assert(sizeof(bt_fortran_int) == 4, "LP64 LAPACK: 32-bit INTEGER");

#if defined(__APPLE__)
#define BT_ROUTINE(name)                                                                          \
    __asm("_" #name "$NEWLAPACK")                                                                 \
    __attribute__((availability(macos, introduced = 13.3), availability(ios, introduced = 16.4), \
                   availability(tvos, introduced = 16.4), availability(watchos, introduced = 9.4)))
#define BT_LENGTHS_1
#define BT_LENGTHS_2
#define BT_LENGTHS_3
#define BT_PASS_LENGTHS_1
#define BT_PASS_LENGTHS_2
#define BT_PASS_LENGTHS_3
#else
#define BT_ROUTINE(name)
#define BT_LENGTHS_1 , size_t
#define BT_LENGTHS_2 , size_t, size_t
#define BT_LENGTHS_3 , size_t, size_t, size_t
#define BT_PASS_LENGTHS_1 , (size_t)1
#define BT_PASS_LENGTHS_2 , (size_t)1, (size_t)1
#define BT_PASS_LENGTHS_3 , (size_t)1, (size_t)1, (size_t)1
#endif

// MARK: - LAPACK

/// min ‖A x − b‖ by QR (A full rank), or the minimum-norm solution when m < n.
void dgels_(const char *trans, const bt_fortran_int *m, const bt_fortran_int *n,
            const bt_fortran_int *nrhs, double *a, const bt_fortran_int *lda, double *b,
            const bt_fortran_int *ldb, double *work, const bt_fortran_int *lwork,
            bt_fortran_int *info BT_LENGTHS_1) BT_ROUTINE(dgels);

/// The minimum-norm least-squares solution by the SVD (divide and conquer).
void dgelsd_(const bt_fortran_int *m, const bt_fortran_int *n, const bt_fortran_int *nrhs,
             double *a, const bt_fortran_int *lda, double *b, const bt_fortran_int *ldb,
             double *s, const double *rcond, bt_fortran_int *rank, double *work,
             const bt_fortran_int *lwork, bt_fortran_int *iwork, bt_fortran_int *info) BT_ROUTINE(dgelsd);

/// QR with column pivoting, A·P = Q·R.
void dgeqp3_(const bt_fortran_int *m, const bt_fortran_int *n, double *a, const bt_fortran_int *lda,
             bt_fortran_int *jpvt, double *tau, double *work, const bt_fortran_int *lwork,
             bt_fortran_int *info) BT_ROUTINE(dgeqp3);

/// The SVD A = U·Σ·Vᵀ by divide and conquer.
void dgesdd_(const char *jobz, const bt_fortran_int *m, const bt_fortran_int *n, double *a,
             const bt_fortran_int *lda, double *s, double *u, const bt_fortran_int *ldu,
             double *vt, const bt_fortran_int *ldvt, double *work, const bt_fortran_int *lwork,
             bt_fortran_int *iwork, bt_fortran_int *info BT_LENGTHS_1) BT_ROUTINE(dgesdd);

/// The Cholesky factorization A = Uᵀ·U (or L·Lᵀ).
void dpotrf_(const char *uplo, const bt_fortran_int *n, double *a, const bt_fortran_int *lda,
             bt_fortran_int *info BT_LENGTHS_1) BT_ROUTINE(dpotrf);

/// A·X = B with the factor from dpotrf.
void dpotrs_(const char *uplo, const bt_fortran_int *n, const bt_fortran_int *nrhs, const double *a,
             const bt_fortran_int *lda, double *b, const bt_fortran_int *ldb,
             bt_fortran_int *info BT_LENGTHS_1) BT_ROUTINE(dpotrs);

/// op(T)·X = B for a triangular T.
void dtrtrs_(const char *uplo, const char *trans, const char *diag, const bt_fortran_int *n,
             const bt_fortran_int *nrhs, const double *a, const bt_fortran_int *lda, double *b,
             const bt_fortran_int *ldb, bt_fortran_int *info BT_LENGTHS_3) BT_ROUTINE(dtrtrs);

// MARK: - BLAS

/// C = α·op(A)·op(B) + β·C.
void dgemm_(const char *transa, const char *transb, const bt_fortran_int *m, const bt_fortran_int *n,
            const bt_fortran_int *k, const double *alpha, const double *a, const bt_fortran_int *lda,
            const double *b, const bt_fortran_int *ldb, const double *beta, double *c,
            const bt_fortran_int *ldc BT_LENGTHS_2) BT_ROUTINE(dgemm);

/// y = α·op(A)·x + β·y.
void dgemv_(const char *trans, const bt_fortran_int *m, const bt_fortran_int *n, const double *alpha,
            const double *a, const bt_fortran_int *lda, const double *x, const bt_fortran_int *incx,
            const double *beta, double *y, const bt_fortran_int *incy BT_LENGTHS_1) BT_ROUTINE(dgemv);

#endif
