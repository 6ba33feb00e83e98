// One call per routine, in the calling convention lapack_routines.h states for this platform.
#include "bt_lapack.h"
#include "lapack_routines.h"

_Static_assert(sizeof(bt_lapack_int) == sizeof(bt_fortran_int), "one integer type on both sides");

bt_lapack_int bt_dgels(char trans, bt_lapack_int m, bt_lapack_int n, bt_lapack_int nrhs,
                       double *a, bt_lapack_int lda, double *b, bt_lapack_int ldb,
                       double *work, bt_lapack_int lwork) {
    bt_fortran_int info = 0;
    dgels_(&trans, &m, &n, &nrhs, a, &lda, b, &ldb, work, &lwork, &info BT_PASS_LENGTHS_1);
    return info;
}

bt_lapack_int bt_dgelsd(bt_lapack_int m, bt_lapack_int n, bt_lapack_int nrhs, double *a,
                        bt_lapack_int lda, double *b, bt_lapack_int ldb, double *s, double rcond,
                        bt_lapack_int *rank, double *work, bt_lapack_int lwork,
                        bt_lapack_int *iwork) {
    bt_fortran_int info = 0;
    dgelsd_(&m, &n, &nrhs, a, &lda, b, &ldb, s, &rcond, rank, work, &lwork, iwork, &info);
    return info;
}

bt_lapack_int bt_dgeqp3(bt_lapack_int m, bt_lapack_int n, double *a, bt_lapack_int lda,
                        bt_lapack_int *jpvt, double *tau, double *work, bt_lapack_int lwork) {
    bt_fortran_int info = 0;
    dgeqp3_(&m, &n, a, &lda, jpvt, tau, work, &lwork, &info);
    return info;
}

bt_lapack_int bt_dgesdd(char jobz, bt_lapack_int m, bt_lapack_int n, double *a, bt_lapack_int lda,
                        double *s, double *u, bt_lapack_int ldu, double *vt, bt_lapack_int ldvt,
                        double *work, bt_lapack_int lwork, bt_lapack_int *iwork) {
    bt_fortran_int info = 0;
    dgesdd_(&jobz, &m, &n, a, &lda, s, u, &ldu, vt, &ldvt, work, &lwork, iwork, &info
            BT_PASS_LENGTHS_1);
    return info;
}

bt_lapack_int bt_dpotrf(char uplo, bt_lapack_int n, double *a, bt_lapack_int lda) {
    bt_fortran_int info = 0;
    dpotrf_(&uplo, &n, a, &lda, &info BT_PASS_LENGTHS_1);
    return info;
}

bt_lapack_int bt_dpotrs(char uplo, bt_lapack_int n, bt_lapack_int nrhs, const double *a,
                        bt_lapack_int lda, double *b, bt_lapack_int ldb) {
    bt_fortran_int info = 0;
    dpotrs_(&uplo, &n, &nrhs, a, &lda, b, &ldb, &info BT_PASS_LENGTHS_1);
    return info;
}

bt_lapack_int bt_dtrtrs(char uplo, char trans, char diag, bt_lapack_int n, bt_lapack_int nrhs,
                        const double *a, bt_lapack_int lda, double *b, bt_lapack_int ldb) {
    bt_fortran_int info = 0;
    dtrtrs_(&uplo, &trans, &diag, &n, &nrhs, a, &lda, b, &ldb, &info BT_PASS_LENGTHS_3);
    return info;
}

void bt_dgemm(char transa, char transb, bt_lapack_int m, bt_lapack_int n, bt_lapack_int k,
              double alpha, const double *a, bt_lapack_int lda, const double *b, bt_lapack_int ldb,
              double beta, double *c, bt_lapack_int ldc) {
    dgemm_(&transa, &transb, &m, &n, &k, &alpha, a, &lda, b, &ldb, &beta, c, &ldc
           BT_PASS_LENGTHS_2);
}

void bt_dgemv(char trans, bt_lapack_int m, bt_lapack_int n, double alpha, const double *a,
              bt_lapack_int lda, const double *x, bt_lapack_int incx, double beta, double *y,
              bt_lapack_int incy) {
    dgemv_(&trans, &m, &n, &alpha, a, &lda, x, &incx, &beta, y, &incy BT_PASS_LENGTHS_1);
}
