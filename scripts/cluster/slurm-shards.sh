#!/usr/bin/env bash
# A Slurm job array running any batch command of beztune (sweep, fit --targets,
# fit-profile --profiles) in shards: task I of N runs the command with
# --shard I/N --resume --csv SHARDS_DIR/NAME-III.csv. Submit from the repository root:
#   sbatch --array=1-32 scripts/cluster/slurm-shards.sh grid sweep --k-range 0.5:0.6:1e-7 --segments 4:8
#   sbatch --array=1-16 scripts/cluster/slurm-shards.sh profiles fit-profile --profiles list.csv --out out/profiles
# Afterwards (a dependent job, or by hand), the header once and every shard's rows in order:
#   scripts/cluster/concat-shards.sh out/shards/grid-*.csv > out/grid.csv
#
# Environment (sbatch passes the submitting shell's; or sbatch --export=ALL,NAME=VALUE):
#   BEZTUNE      the binary (default .build/release/beztune, relative to the submit folder)
#   SHARDS_DIR   the folder of the shard CSV files, created when missing (default out/shards)
#   SHARD_COUNT  N, needed when the array holds only some of the N tasks (a resubmission)
# A task that failed (time limit, lost node, cancelled) is resubmitted alone with the same
# command: sbatch --array=I --export=ALL,SHARD_COUNT=N scripts/cluster/slurm-shards.sh … —
# --resume keeps the rows its last checkpoint saved and computes the rest; a task whose CSV is
# complete rewrites the same file. The job log is Slurm's default slurm-JOB_TASK.out in the
# submit folder unless sbatch --output says otherwise.
#
# The same script runs without Slurm for one task: SLURM_ARRAY_TASK_ID=3 SHARD_COUNT=8 bash …
#SBATCH --job-name=beztune-shards
#SBATCH --cpus-per-task=2
#SBATCH --time=01:00:00
set -euo pipefail
me=slurm-shards.sh
[ $# -ge 2 ] || { echo "$me: usage: sbatch --array=1-N $me NAME BEZTUNE-COMMAND [ARGUMENT …]" >&2; exit 2; }
name=$1
shift
case $name in
    */* | "" | .* ) echo "$me: NAME must be a plain file name prefix (got '$name')" >&2; exit 2 ;;
esac
task=${SLURM_ARRAY_TASK_ID:-}
[ -n "$task" ] || { echo "$me: not a job array task: submit with sbatch --array=1-N (or set SLURM_ARRAY_TASK_ID)" >&2; exit 2; }
if [ -n "${SHARD_COUNT:-}" ]; then
    count=$SHARD_COUNT
elif [ "${SLURM_ARRAY_TASK_MIN:-1}" = 1 ] && [ "${SLURM_ARRAY_TASK_MAX:-}" = "${SLURM_ARRAY_TASK_COUNT:-}" ]; then
    count=$SLURM_ARRAY_TASK_COUNT
else
    echo "$me: the array is not 1-N (tasks ${SLURM_ARRAY_TASK_MIN:-?}-${SLURM_ARRAY_TASK_MAX:-?}, ${SLURM_ARRAY_TASK_COUNT:-?} of them): set SHARD_COUNT=N when submitting only some of the N tasks" >&2
    exit 2
fi
case $task$count in *[!0-9]*) echo "$me: task '$task' and shard count '$count' must be whole numbers" >&2; exit 2 ;; esac
if [ "$task" -lt 1 ] || [ "$task" -gt "$count" ]; then
    echo "$me: task $task is not one of the $count shards (1…$count)" >&2
    exit 2
fi
beztune=${BEZTUNE:-.build/release/beztune}
[ -x "$beztune" ] || { echo "$me: $beztune: no such executable (build it with 'make release', or set BEZTUNE)" >&2; exit 1; }
shards=${SHARDS_DIR:-out/shards}
mkdir -p "$shards"
width=${#count}
[ "$width" -ge 3 ] || width=3
csv=$shards/$name-$(printf "%0${width}d" "$task").csv
if [ -f "$csv" ]; then
    echo "$me: $csv holds $(( $(wc -l < "$csv") - 1 )) rows of an earlier run of shard $task/$count: resuming" >&2
fi
echo "$me: shard $task/$count: $beztune $* --shard $task/$count --resume --csv $csv" >&2
exec "$beztune" "$@" --shard "$task/$count" --resume --csv "$csv"
