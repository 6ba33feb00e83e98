#!/usr/bin/env bash
# Writes the CSV files the notebooks read, with the given binaries, at small sizes.
# Usage: scripts/notebook-data.sh BIN_DIR OUT_DIR     (BIN_DIR holds beztune and beztune-bench)
set -euo pipefail
bin=$1
out=$2
mkdir -p "$out"
b="$bin/beztune"

# 01-radius-error
for k in 1/1.8 0.5523 minimax; do
    name=$(echo "$k" | tr '/' '_')
    "$b" error-curve --k "$k" --segments 4 --samples 181 --csv "$out/error-curve-$name.csv"
done
"$b" error --k 1/1.8 --k 0.5523 --k minimax --segments 4 --csv "$out/error.csv" > /dev/null
"$b" sweep --k-range 0.50:0.60:0.0005 --segments 4 --csv "$out/sweep-k.csv"
"$b" sweep --k-range 1:1:1 --segments 2:64 --k-relative --csv "$out/sweep-n.csv"
"$b" optimize --segments 4 --csv "$out/optimize.csv" > /dev/null
"$b" error --k 0.5523 --k 1/1.8 --k minimax --segments 4 --sx 1.2 --sy 0.8 --csv "$out/ellipse.csv" > /dev/null

# 02-squash-fit (run from the repository root so the examples' relative paths resolve)
root=$(cd "$(dirname "$0")/.." && pwd)
(cd "$root" && "$b" fit --target examples/squash-0.5.svg --model ball --radius 50 --free xFactor,yFactor,topYFactor,k \
    --csv "$out/fit.csv" --residuals "$out/fit-residuals.csv" > /dev/null)
(cd "$root" && "$b" fit --targets examples/squash-manifest.csv --radius 50 --csv "$out/fit-keyframes.csv" 2> /dev/null)
(cd "$root" && "$b" fit-profile --keyframes examples/squash-keyframes.csv --model ball --free yFactor,topYFactor,xFactor \
    --timing cubic-bezier --joint --size 160x160 --out "$out/profile" > /dev/null)

# 03-throughput (small: the figures are real measurements, but of small runs)
bench="$bin/beztune-bench"
"$bench" --workload eval,eval-incache --curves 2000 --samples 64 --repeats 3 --threads 1,2 --csv "$out/bench.csv" --quiet > /dev/null
"$bench" --workload eval --kernel horner,simd,simd-streaming --precision double --curves 10,100,1000,10000 --repeats 3 \
    --csv "$out/bench-curves.csv" --quiet > /dev/null
for tol in 1 0.1 0.01 0.001; do
    "$bench" --workload flatten --curves 500 --check-curves 100 --tolerance "$tol" --repeats 1 \
        --csv "$out/bench-flatten-$tol.csv" --quiet > /dev/null
done

# Peers: `make bench-peers` takes minutes and installs the peers, so it is not run here; its
# CSV files are picked up when it has written them.
for f in "$root/out/bench-peers.csv" "$root/out/bench-peers-geometry.csv"; do
    if [ -f "$f" ]; then cp "$f" "$out/"; fi
done
