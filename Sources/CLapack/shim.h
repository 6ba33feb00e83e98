// Shim over Debian's OpenBLAS CBLAS and netlib LAPACKE headers.
//
// `lapacke.h` needs `HAVE_LAPACK_CONFIG_H` and `LAPACK_COMPLEX_STRUCTURE` defined before it is
// included, so that complex numbers are plain structs Swift can import. `lapack_int` is a macro
// Swift cannot see; it is re-exported below as a typedef.
#ifndef BEZIERTUNE_CLAPACK_SHIM_H
#define BEZIERTUNE_CLAPACK_SHIM_H

#define HAVE_LAPACK_CONFIG_H 1
#define LAPACK_COMPLEX_STRUCTURE 1

#include <cblas.h>
#include <lapacke.h>

typedef lapack_int clapack_int;

#endif
