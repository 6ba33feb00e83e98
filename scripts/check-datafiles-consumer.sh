#!/usr/bin/env bash
# Builds Consumers/DataFilesConsumer — a package of its own that depends by path on the DataFiles
# product only, as an app would — runs it on its points.csv and checks, failing loudly otherwise:
#   1. its CSV output and printed table are the expected ones (distances of Pythagorean triples),
#      and a bad input is one line on stderr, exit status 1, no output file;
#   2. the build compiled nothing of Cairo or LAPACK (no CCairo/CLapack module, no cairo or
#      lapacke header path on any command line), nor the executable's process layer
#      (_ProcessLayer: output transactions, standard streams, signal handlers);
#   3. `ldd` of the executable lists no libcairo and no LAPACK/BLAS library.
# The build has its own scratch folder under the root's .build/ (incremental across runs), and
# compiles only DataFiles and what it depends on, not the rest of the root package.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
package=Consumers/DataFilesConsumer
scratch=.build/consumers/DataFilesConsumer
fail() { echo "check-datafiles-consumer: FAILED: $*" >&2; exit 1; }

mkdir -p "$scratch"
log="$scratch/build.log"
"$SWIFT" build --package-path "$package" --scratch-path "$scratch" -v >"$log" 2>&1 \
    || { tail -n 40 "$log" >&2; fail "the consumer package does not build (log: $log)"; }
if grep -E -i -- 'CCairo|CLapack|include/cairo|lapacke|openblas|-lcairo' "$log" >/dev/null; then
    grep -E -i -- 'CCairo|CLapack|include/cairo|lapacke|openblas|-lcairo' "$log" | head -n 5 >&2
    fail "building the consumer touched Cairo or LAPACK (log: $log)"
fi
if grep -E -- '-module-name _ProcessLayer( |$)' "$log" >/dev/null; then
    fail "building the consumer compiled _ProcessLayer, the executable's process layer (log: $log)"
fi
binary="$scratch/debug/DataFilesConsumer"
[ -x "$binary" ] || fail "no executable at $binary"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$binary" "$package/points.csv" "$work/out.csv" >"$work/stdout" 2>"$work/stderr" \
    || fail "the consumer exited with $? on points.csv: $(cat "$work/stderr")"
cmp -s "$work/out.csv" "$package/expected.csv" \
    || { diff "$package/expected.csv" "$work/out.csv" >&2 || true; fail "out.csv differs from $package/expected.csv"; }
cmp -s "$work/stdout" "$package/expected-table.txt" \
    || { diff "$package/expected-table.txt" "$work/stdout" >&2 || true; fail "the printed table differs from $package/expected-table.txt"; }
printf 'label,x,y\na,1,oops\n' >"$work/bad.csv"
status=0
"$binary" "$work/bad.csv" "$work/bad-out.csv" >/dev/null 2>"$work/bad.err" || status=$?
[ "$status" -eq 1 ] || fail "a bad cell exited with $status, expected 1"
[ "$(wc -l <"$work/bad.err")" -eq 1 ] && grep -q "bad.csv line 2, column 'y': 'oops' is not a number" "$work/bad.err" \
    || fail "a bad cell should give one line naming line and column, got: $(cat "$work/bad.err")"
[ ! -e "$work/bad-out.csv" ] || fail "a failed run left an output file"

libraries=$(ldd "$binary")
if grep -E -i 'cairo|lapack|blas' <<<"$libraries" >/dev/null; then
    echo "$libraries" >&2
    fail "the consumer links Cairo or LAPACK/BLAS"
fi
echo "check-datafiles-consumer: ok (output as expected; no Cairo, no LAPACK, no process layer in the build; no Cairo, no LAPACK in ldd)"
echo "$libraries" | sed 's/^/    /'
