#!/usr/bin/env bash
# The showcase `make demo` runs: every command on a built-in default, outputs into one folder.
# Usage: scripts/demo.sh BEZTUNE OUT
set -euo pipefail
beztune=$1
out=$2
mkdir -p "$out"

echo "== The seed ball: four cubics with handles r/1.8, radius 50 (examples/seed-ball.path)"
"$beztune" path-info --path-file examples/seed-ball.path --csv "$out/seed-ball.csv"

echo
echo "Wrote:"
for f in "$out"/*; do echo "  $f"; done
