// The runtime hooks Embedded Swift leaves to the platform, for WebAssembly over wasi-libc.
//
// Double(String) in the standard library calls _swift_stdlib_strtod_clocale(text, &result) and
// accepts the text when the returned pointer is at its terminating NUL (Swift's
// FloatingPointParsing: leading whitespace and the empty string are refused before the call).
// wasi-libc's strtod (musl's, correctly rounded, locale-independent: wasi-libc has only the C
// locale) is what the hosted runtime's strtod_l with the C locale is on Linux.
#include <stdlib.h>

const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
    char *end;
    *result = strtod(text, &end);
    return end;
}
