#!/usr/bin/env bash
# A Slurm job array that fits a large batch of targets (a `beztune fit --targets` manifest) in
# shards, one CSV per shard (SHARDS_DIR/fit-III.csv, default out/shards), with the ball's
# radius 50 and its four squash parameters free; further `fit` options follow the manifest.
# Submit from the repository root:
#   sbatch scripts/cluster/slurm-fit-batch.sh path/to/manifest.csv            (16 shards)
#   sbatch --array=1-4 scripts/cluster/slurm-fit-batch.sh manifest.csv --loss huber
# Afterwards (a dependent job, or by hand), the header once and every shard's rows in order:
#   scripts/cluster/concat-shards.sh out/shards/fit-*.csv > out/fit.csv
# It is slurm-shards.sh with the command filled in: the same environment (BEZTUNE, SHARDS_DIR,
# SHARD_COUNT) and the same resubmission of a failed task (--array=I with SHARD_COUNT=N).
#SBATCH --job-name=beztune-fit
#SBATCH --array=1-16
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
set -euo pipefail
[ $# -ge 1 ] || { echo "slurm-fit-batch.sh: usage: sbatch slurm-fit-batch.sh MANIFEST [FIT-OPTION …]" >&2; exit 2; }
manifest=$1
shift
# Under Slurm this file is a copy in the spool folder: its sibling is found from the submit folder.
here=${SLURM_SUBMIT_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}/scripts/cluster
exec bash "$here/slurm-shards.sh" fit fit --targets "$manifest" --radius 50 --free xFactor,yFactor,topYFactor,k "$@"
