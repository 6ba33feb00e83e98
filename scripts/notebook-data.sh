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

# 03-throughput (small: the figures are real measurements, but of small runs)
bench="$bin/beztune-bench"
"$bench" --workload eval,eval-incache --curves 2000 --samples 64 --repeats 3 --threads 1,2 --csv "$out/bench.csv" --quiet > /dev/null
"$bench" --workload eval --kernel horner,simd,simd-streaming --precision double --curves 10,100,1000,10000 --repeats 3 \
    --csv "$out/bench-curves.csv" --quiet > /dev/null
for tol in 1 0.1 0.01 0.001; do
    "$bench" --workload flatten --curves 500 --check-curves 100 --tolerance "$tol" --repeats 1 \
        --csv "$out/bench-flatten-$tol.csv" --quiet > /dev/null
done
