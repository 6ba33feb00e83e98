#!/usr/bin/env bash
# A Slurm job array that fits a large batch of targets in 16 shards, one CSV per shard, then
# (in a dependent job, or by hand) concatenates them into the whole result.
#   sbatch scripts/cluster/slurm-fit-batch.sh path/to/manifest.csv
#SBATCH --job-name=beztune-fit
#SBATCH --array=1-16
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
#SBATCH --output=out/slurm-%A_%a.log
set -euo pipefail
manifest=${1:?usage: sbatch slurm-fit-batch.sh MANIFEST}
mkdir -p out/shards
.build/release/beztune fit --targets "$manifest" --radius 50 --free xFactor,yFactor,topYFactor,k \
    --shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}" \
    --csv "out/shards/fit-$(printf %03d "$SLURM_ARRAY_TASK_ID").csv"
# Afterwards: the header once, then every shard's rows in order.
#   scripts/cluster/concat-shards.sh out/shards/fit-*.csv > out/fit.csv
