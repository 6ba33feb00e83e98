#!/usr/bin/env bash
# What this Linux machine can check of the Apple builds, and the import rules that keep the
# library targets portable. Fails loudly, naming the file and line, on the first kind of
# violation it finds (and lists every instance of that kind).
#
# 1. The C headers Swift imports compile for Apple targets with no SDK and no Linux header in
#    sight (-nostdinc, only clang's own headers): _CIntrinsics (x86 and portable paths) and the
#    LAPACK/BLAS declarations of CLapack, for arm64-apple-macos14, arm64-apple-ios16.4 and
#    x86_64-apple-macos13.3. For arm64 the object code must call Accelerate's current LAPACK
#    (the $NEWLAPACK symbols), never its deprecated LAPACK 3.2.1 (the same names without it).
# 2. Where netlib's <lapack.h> is installed (liblapacke-dev), our Linux declarations must agree
#    with its reference prototypes: a difference is a "conflicting types" error.
# 3. Imports: only Render imports CCairo; only LeastSquares/LinearAlgebra/LAPACK.swift (and the
#    system-library test) imports CLapack; Glibc and Darwin (imports and qualified uses such as
#    Glibc.read) appear only inside #if canImport(Glibc) / #if canImport(Darwin) branches, in
#    Sources, Tests, Benchmarks and Fuzz.
# 4. Signals are the process's business, not a library's: in Sources only _ProcessLayer (the
#    executable's process layer) calls signal, sigaction, kill, raise or _exit.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

# The toolchain's clang (it sits next to swift) unless CLANG says otherwise.
if [ -z "${CLANG:-}" ]; then
    CLANG=$(command -v clang || true)
    [ -n "$CLANG" ] || CLANG="$(dirname "$(command -v swift)")/clang"
fi
[ -x "$CLANG" ] || { echo "check-portability: no clang found (set CLANG)" >&2; exit 1; }
resource=$("$CLANG" -print-resource-dir)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

fail() { echo "check-portability: $*" >&2; failed=1; }
# The first lines of a compiler log (the first error says it; the rest follows from it).
show() { head -n 8 "$1" >&2; }

# --- 1. Apple targets -------------------------------------------------------------------------
# <immintrin.h> includes <stdlib.h> only for _mm_malloc (through <mm_malloc.h>), which nothing
# here uses: -D__MM_MALLOC_H skips that one libc header so the x86 path can be checked too.
apple_flags=(-fsyntax-only -nostdinc -isystem "$resource/include" -D__MM_MALLOC_H
             -Werror -Wall -Wextra -Wunguarded-availability-new)
for triple in arm64-apple-macos14 arm64-apple-ios16.4 x86_64-apple-macos13.3; do
    for define in "" -DBEZIERTUNE_PORTABLE_INTRINSICS; do
        if ! echo '#include "bt_intrinsics.h"' | "$CLANG" --target="$triple" "${apple_flags[@]}" $define \
                -ISources/_CIntrinsics/include -x c - 2>"$work/log"; then
            fail "Sources/_CIntrinsics/include/bt_intrinsics.h does not compile for $triple $define:"
            show "$work/log"
        fi
    done
    if ! "$CLANG" --target="$triple" "${apple_flags[@]}" -ISources/CLapack/include \
            Sources/CLapack/bt_lapack.c 2>"$work/log"; then
        fail "Sources/CLapack (bt_lapack.c, lapack_routines.h) does not compile for $triple:"
        show "$work/log"
    fi
done
routines=(dgels dgelsd dgeqp3 dgesdd dpotrf dpotrs dtrtrs dgemm dgemv)
for triple in arm64-apple-macos14 arm64-apple-ios16.4; do
    "$CLANG" --target="$triple" -S -O1 -nostdinc -isystem "$resource/include" -ISources/CLapack/include \
        Sources/CLapack/bt_lapack.c -o "$work/lapack.s"
    for r in "${routines[@]}"; do
        grep -qE "bl[[:space:]]+_${r}\\\$NEWLAPACK$" "$work/lapack.s" ||
            fail "Sources/CLapack/bt_lapack.c: for $triple, no call to _${r}\$NEWLAPACK (Accelerate's current LAPACK)"
    done
    if grep -nE "bl[[:space:]]+_d[a-z0-9]+_?$" "$work/lapack.s" >"$work/legacy"; then
        fail "Sources/CLapack/bt_lapack.c: for $triple, calls into Accelerate's deprecated LAPACK:"
        cat "$work/legacy" >&2
    fi
done

# --- 2. Linux declarations against netlib's reference prototypes ------------------------------
lapack_h=$(echo '#include <lapack.h>' | "$CLANG" -E -H -x c - 2>&1 >/dev/null | awk '/lapack\.h$/ { print $2; exit }' || true)
if [ -n "$lapack_h" ]; then
    if ! printf '#include <lapack.h>\n#include "lapack_routines.h"\n' |
            "$CLANG" -fsyntax-only -Werror -ISources/CLapack -x c - 2>"$work/log"; then
        fail "Sources/CLapack/lapack_routines.h disagrees with $lapack_h:"
        show "$work/log"
    fi
else
    echo "check-portability: note: no <lapack.h> here (liblapacke-dev); declarations not compared" >&2
fi

# --- 3. Imports --------------------------------------------------------------------------------
# Prints FILE:LINE: TEXT for every use of Glibc or Darwin (an import, or Module.name) outside an
# #if branch whose condition says canImport(that module).
unguarded() {
    awk '
        FNR == 1 { depth = 0 }
        /^[[:space:]]*#if[[:space:](]/     { stack[++depth] = $0; next }
        /^[[:space:]]*#elseif[[:space:](]/ { stack[depth] = $0; next }
        /^[[:space:]]*#else/               { stack[depth] = "#else"; next }
        /^[[:space:]]*#endif/              { depth--; next }
        /^[[:space:]]*\/\// { next }
        {
            line = $0
            sub(/\/\/.*/, "", line)
            for (m = 1; m <= 2; m++) {
                module = (m == 1) ? "Glibc" : "Darwin"
                if (line ~ ("^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+(struct |func |var |enum |class )?" module "([[:space:].]|$)") ||
                    line ~ ("(^|[^A-Za-z0-9_.])" module "\\.[A-Za-z_]")) {
                    guarded = 0
                    for (d = 1; d <= depth; d++)
                        if (stack[d] ~ ("canImport\\(" module "\\)") && stack[d] !~ ("!canImport\\(" module "\\)")) guarded = 1
                    if (!guarded) printf "%s:%d: %s outside #if canImport(%s): %s\n", FILENAME, FNR, module, module, $0
                }
            }
        }' "$@"
}

mapfile -t swift_files < <(find Sources Tests Benchmarks Fuzz -name '*.swift' -not -path '*/.build/*' | sort)
unguarded "${swift_files[@]}" >"$work/glibc" || true
if [ -s "$work/glibc" ]; then
    fail "Glibc/Darwin used outside a canImport guard (write #if canImport(Glibc) … #elseif canImport(Darwin) …):"
    cat "$work/glibc" >&2
fi

grep -nE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+CCairo([[:space:].]|$)' "${swift_files[@]}" |
    grep -vE '^(Sources/Render/|Tests/RenderTests/|Tests/SystemLibraryTests/)' >"$work/cairo" || true
if [ -s "$work/cairo" ]; then
    fail "only Render may import CCairo (a library that needs Cairo cannot be taken without it):"
    cat "$work/cairo" >&2
fi

grep -nE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+CLapack([[:space:].]|$)' "${swift_files[@]}" |
    grep -vE '^(Sources/LeastSquares/LinearAlgebra/LAPACK\.swift|Tests/SystemLibraryTests/)' >"$work/lapack" || true
if [ -s "$work/lapack" ]; then
    fail "only Sources/LeastSquares/LinearAlgebra/LAPACK.swift may import CLapack (the one LAPACK/BLAS interface):"
    cat "$work/lapack" >&2
fi

# --- 4. Signals --------------------------------------------------------------------------------
mapfile -t library_files < <(printf '%s\n' "${swift_files[@]}" | grep '^Sources/' | grep -v '^Sources/_ProcessLayer/')
grep -nE '(^|[^A-Za-z0-9_.])(signal|sigaction|kill|raise|_exit)\(' "${library_files[@]}" |
    grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' >"$work/signals" || true
if [ -s "$work/signals" ]; then
    fail "only Sources/_ProcessLayer may handle, raise or send signals or call _exit (a library never decides for the process):"
    cat "$work/signals" >&2
fi

if [ "$failed" -ne 0 ]; then
    echo "check-portability: FAILED" >&2
    exit 1
fi
echo "check-portability: Apple headers (macOS 14, iOS 16.4 arm64; macOS 13.3 x86-64), LAPACK declarations, imports and signals OK"
