// The LAPACK and BLAS routines LeastSquares uses, one C function each, with the same meaning on
// every platform: scalars by value, matrices column-major, `info` returned (0: success; −k:
// argument k of the reference routine was illegal; > 0: the routine's own numerical failure).
// Workspace arrays and their queries (lwork = −1) are the caller's. Each function calls its
// platform's routine once (bt_lapack.c; OpenBLAS on Linux, Accelerate on Apple platforms; the
// calling conventions are in lapack_routines.h). LeastSquares calls these from one Swift file,
// LinearAlgebra/LAPACK.swift, and nowhere else.
#ifndef BEZIERTUNE_LAPACK_H
#define BEZIERTUNE_LAPACK_H

/// LAPACK's INTEGER: 32 bits on both platforms (the LP64 libraries).
typedef int bt_lapack_int;

bt_lapack_int bt_dgels(char trans, bt_lapack_int m, bt_lapack_int n, bt_lapack_int nrhs,
                       double *a, bt_lapack_int lda, double *b, bt_lapack_int ldb,
                       double *work, bt_lapack_int lwork);

bt_lapack_int bt_dgelsd(bt_lapack_int m, bt_lapack_int n, bt_lapack_int nrhs, double *a,
                        bt_lapack_int lda, double *b, bt_lapack_int ldb, double *s, double rcond,
                        bt_lapack_int *rank, double *work, bt_lapack_int lwork,
                        bt_lapack_int *iwork);

bt_lapack_int bt_dgeqp3(bt_lapack_int m, bt_lapack_int n, double *a, bt_lapack_int lda,
                        bt_lapack_int *jpvt, double *tau, double *work, bt_lapack_int lwork);

bt_lapack_int bt_dgesdd(char jobz, bt_lapack_int m, bt_lapack_int n, double *a, bt_lapack_int lda,
                        double *s, double *u, bt_lapack_int ldu, double *vt, bt_lapack_int ldvt,
                        double *work, bt_lapack_int lwork, bt_lapack_int *iwork);

bt_lapack_int bt_dpotrf(char uplo, bt_lapack_int n, double *a, bt_lapack_int lda);

bt_lapack_int bt_dpotrs(char uplo, bt_lapack_int n, bt_lapack_int nrhs, const double *a,
                        bt_lapack_int lda, double *b, bt_lapack_int ldb);

bt_lapack_int bt_dtrtrs(char uplo, char trans, char diag, bt_lapack_int n, bt_lapack_int nrhs,
                        const double *a, bt_lapack_int lda, double *b, bt_lapack_int ldb);

void bt_dgemm(char transa, char transb, bt_lapack_int m, bt_lapack_int n, bt_lapack_int k,
              double alpha, const double *a, bt_lapack_int lda, const double *b, bt_lapack_int ldb,
              double beta, double *c, bt_lapack_int ldc);

void bt_dgemv(char trans, bt_lapack_int m, bt_lapack_int n, double alpha, const double *a,
              bt_lapack_int lda, const double *x, bt_lapack_int incx, double beta, double *y,
              bt_lapack_int incy);

#endif
