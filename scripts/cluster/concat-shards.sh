#!/usr/bin/env bash
# Concatenates the CSV files of N shards (--shard 1/N … N/N), given in shard order, into the
# unsharded result on standard output: the first file's header once, then every file's rows.
#   scripts/cluster/concat-shards.sh out/shards/fit-*.csv > out/fit.csv
# Fails (exit 1, one line on stderr) when a file is missing or its header differs from the first's.
set -euo pipefail
[ $# -ge 1 ] || { echo "concat-shards.sh: usage: concat-shards.sh SHARD.csv …" >&2; exit 2; }
header=
for f in "$@"; do
    [ -f "$f" ] || { echo "concat-shards.sh: $f: no such file" >&2; exit 1; }
    h=$(head -n 1 "$f")
    if [ -z "$header" ]; then header=$h; printf '%s\n' "$header"
    elif [ "$h" != "$header" ]; then echo "concat-shards.sh: $f: its header differs from $1's (another command or options?)" >&2; exit 1; fi
    tail -n +2 "$f"
done
