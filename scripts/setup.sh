#!/usr/bin/env bash
# Installs what BezierTune needs on a Debian machine and does nothing when all of it is present.
# Idempotent: safe to run before every build.
set -euo pipefail

# libopenblas-dev: LAPACK and BLAS (LeastSquares links libopenblas only). liblapacke-dev: only
# for netlib's <lapack.h>, which scripts/check-portability.sh holds our declarations against.
# wasi-libc, libclang-rt-16-dev-wasm32, nodejs: the libraries' WebAssembly build in Embedded
# Swift links wasi-libc's libc.a and libm.a and compiler-rt's wasm32 builtins, and Node runs it
# (scripts/build-embedded.sh). node-typescript: tsc checks the module's TypeScript declarations;
# binaryen: wasm-opt shrinks the linked module.
packages=(libopenblas-dev liblapacke-dev libcairo2-dev fonts-dejavu-core python3 python3-venv
          wasi-libc libclang-rt-16-dev-wasm32 nodejs node-typescript binaryen)

# shellcheck source=apt-missing.sh
source "$(dirname "$0")/apt-missing.sh"
mapfile -t missing < <(apt_missing "${packages[@]}")
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    apt_install "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    echo "setup: the Swift 6.3 toolchain is not on PATH (expected at /opt/swift/usr/bin)" >&2
    exit 1
fi
