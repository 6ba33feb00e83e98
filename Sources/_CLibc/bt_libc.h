// The few C library functions the libraries call, declared here once so that no library needs
// Foundation, Glibc or Darwin for them, resolved at link time by the platform's C library —
// glibc on Linux, libSystem on Apple platforms, wasi-libc's libc.a and libm.a for WebAssembly.
// Nothing is included, so the header compiles for any target with no SDK or sysroot (the
// WebAssembly and Embedded Apple builds, scripts/build-wasm.sh). The declarations are C11's
// (ISO/IEC 9899:2011 §7.12 <math.h>, §7.21.6.5 snprintf): a file that imports Foundation as
// well sees one `sin`, since a redeclaration is the same function to Clang and Swift.
#ifndef BEZIERTUNE_LIBC_H
#define BEZIERTUNE_LIBC_H

// <math.h>, double precision.
double sin(double x);
double cos(double x);
double tan(double x);
double atan(double x);
double atan2(double y, double x);
double sinh(double x);
double cosh(double x);
double exp(double x);
double log(double x);
double log1p(double x);
double pow(double x, double y);

// <stdio.h>'s snprintf, which Swift cannot call (it is variadic), behind one fixed signature.
int snprintf(char *restrict buffer, __SIZE_TYPE__ size, const char *restrict format, ...);

/// `value` as printf's `%.*e` (`scientific` nonzero) or `%.*g` with `precision` digits into
/// `buffer` of `size` bytes, NUL-terminated; returns the length snprintf returns.
static inline int bt_format_double(char *buffer, int size, int scientific, int precision, double value) {
    return snprintf(buffer, (__SIZE_TYPE__)size, scientific ? "%.*e" : "%.*g", precision, value);
}

#endif
