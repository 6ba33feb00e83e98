#!/usr/bin/env bash
# Builds the package and its tests with the portable intrinsics forced — the code path of every
# non-x86 target (Sources/_CIntrinsics/include/bt_intrinsics.h) — in its own build folder, so the
# normal build cache stays valid, and runs the tests on it; extra arguments go to `swift test`
# (e.g. --filter GeometryTests). -Xcc reaches the C compiler and the Swift compiler's clang
# importer, which inlines the intrinsics into the Swift kernels; -Xswiftc lets the tests check
# that the define arrived.
# BEZIERTUNE_TEST_BUNDLES (bundle names separated by |, Package.swift) limits the build to those
# test bundles and what they depend on: make test sets it to the bundles its --filter runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
flags=(--scratch-path .build/portable
       -Xcc -DBEZIERTUNE_PORTABLE_INTRINSICS -Xswiftc -DBEZIERTUNE_PORTABLE_INTRINSICS)
SWIFT="${SWIFT:-swift}" bash scripts/build-without-warnings.sh --build-tests "${flags[@]}"
"${SWIFT:-swift}" test --skip-build "${flags[@]}" "$@"
