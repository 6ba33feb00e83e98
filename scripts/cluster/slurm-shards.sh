#!/usr/bin/env bash
# A Slurm job array running any batch command of beztune (sweep, fit --targets,
# fit-profile --profiles) in shards: task I of N adds --shard I/N and --csv out/shards/NAME-III.csv.
#   sbatch --array=1-32 scripts/cluster/slurm-shards.sh NAME beztune-arguments…
#   sbatch --array=1-32 scripts/cluster/slurm-shards.sh grid sweep --k-range 0.5:0.6:1e-7 --segments 4:8
#   sbatch --array=1-16 scripts/cluster/slurm-shards.sh profiles fit-profile --profiles list.csv --out out/profiles
# Afterwards (a dependent job, or by hand):
#   scripts/cluster/concat-shards.sh out/shards/grid-*.csv > out/grid.csv
#SBATCH --job-name=beztune-shards
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
#SBATCH --output=out/slurm-%A_%a.log
set -euo pipefail
name=${1:?usage: sbatch --array=1-N slurm-shards.sh NAME ARGUMENTS…}
shift
mkdir -p out/shards
.build/release/beztune "$@" --shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}" \
    --csv "out/shards/$name-$(printf %03d "$SLURM_ARRAY_TASK_ID").csv"
