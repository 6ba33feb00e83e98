#!/usr/bin/env bash
# Writes the files the notebooks read. A file that `make demo` or `make bench` writes with the
# very command a notebook needs is read where they wrote it (OUT/error.csv, OUT/profile/, …) and
# never touched; everything else goes into OUT/notebook-data/, which is built in a scratch folder
# beside it and renamed into place only when every command succeeded: a failed or interrupted
# run leaves the previous OUT/notebook-data/ as it was, never half a folder.
#
# "The same command": the deterministic outputs (error, optimize, fit, fit-profile) are
# computed here again and compared with OUT's copy (fit's wall-time column `seconds` aside);
# when they agree OUT's file is read, otherwise (missing, or written with other options) this
# script's copy is kept in OUT/notebook-data/. Timings cannot be compared, so a benchmark file is
# taken from OUT when its rows are those of make bench's command (bench.csv: make demo writes a
# shorter run, Double only, under the same name). make bench-peers' files are read from OUT when
# present and never generated here (the peers take minutes and install toolchains).
#
# OUT/notebook-data/sources.csv lists every file a notebook reads, where it was read and the
# command that wrote it (README: "Notebooks").
# Usage: scripts/notebook-data.sh BEZTUNE OUT     (BEZTUNE: the release beztune; the benchmark
#        runs through Benchmarks/run, the AVX2/FMA release build make bench uses)
set -euo pipefail
[ $# -eq 2 ] || { echo "notebook-data.sh: usage: notebook-data.sh BEZTUNE OUT" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$1" ] || { echo "notebook-data.sh: $1: no such executable (make release builds it)" >&2; exit 1; }
beztune=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
out=$(cd "$2" && pwd)
bench="$root/Benchmarks/run"
cd "$root"   # the examples' manifests name their files relative to examples/, as in make demo

final=$out/notebook-data
tmp=$(mktemp -d "$out/.notebook-data.partial.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM   # interrupted: the EXIT trap removes the scratch folder, OUT/notebook-data stays
log=$tmp/commands.log
shown() { case $1 in "$root"/*) echo "${1#"$root"/}" ;; *) echo "$1" ;; esac; }
say() { echo "notebook-data: $*" >&2; }
echo "notebook,file,read_from,command" > "$tmp/sources.csv"
record() {  # record NOTEBOOK FILE READ_FROM COMMAND: one row of sources.csv
    printf '%s,%s,%s,"%s"\n' "$1" "$2" "$(shown "$3")" "${4//\"/\"\"}" >> "$tmp/sources.csv"
}
run() {  # run COMMAND…: stdout and stderr to the log; on failure show the log's end and stop
    echo "+ $*" >> "$log"
    "$@" >> "$log" 2>&1 || { tail -n 20 "$log" >&2; say "failed: $*"; exit 1; }
}
same() {  # same A B [IGNORED_COLUMN]: A and B are the same CSV (without that column)
    if [ -z "${3:-}" ]; then cmp -s "$1" "$2"; return; fi
    cmp -s <(python3 scripts/csv-without-column.py "$1" "$3") <(python3 scripts/csv-without-column.py "$2" "$3")
}
B=.build/release/beztune   # how the commands are shown (as make demo runs them)
O=$(shown "$out")

# ---- 01-radius-error ---------------------------------------------------------------------------
# Computed here and compared with make demo's copy (same command, same arguments).
demo_csv() {  # demo_csv NOTEBOOK FILE IGNORED_COLUMN COMMAND: COMMAND as shown, without its --csv
    local nb=$1 file=$2 ignore=$3 shown_command=$4
    if [ -f "$out/$file" ] && same "$out/$file" "$tmp/$file" "$ignore"; then
        rm -f "$tmp/$file"
        record "$nb" "$file" "$out/$file" "make demo: $shown_command --csv $O/$file"
        say "$file: $O/$file is make demo's, read there"
    else
        record "$nb" "$file" "$final/$file" "$shown_command --csv $O/notebook-data/$file"
        say "$file: written into $O/notebook-data/ ($O/$file is $([ -f "$out/$file" ] && echo "from other options" || echo "missing"))"
    fi
}
args=(error --k 1/1.8 --k 0.5523 --k minimax --segments 4)
run "$beztune" "${args[@]}" --csv "$tmp/error.csv"
demo_csv 01-radius-error error.csv "" "$B ${args[*]}"
args=(optimize --segments 4)
run "$beztune" "${args[@]}" --csv "$tmp/optimize.csv"
demo_csv 01-radius-error optimize.csv "" "$B ${args[*]}"

own() {  # own NOTEBOOK FILE COMMAND…: a file only the notebooks need; COMMAND writes $tmp/FILE
    local nb=$1 file=$2; shift 2
    run "$@"
    last=$(echo "$*" | sed "s#$beztune#$B#g; s#$tmp#$O/notebook-data#g; s#$bench#Benchmarks/run#g")
    record "$nb" "$file" "$final/$file" "$last"
}
for k in 1/1.8 0.5523 minimax; do
    f=error-curve-${k//\//_}.csv
    own 01-radius-error "$f" "$beztune" error-curve --k "$k" --segments 4 --samples 181 --csv "$tmp/$f"
done
own 01-radius-error sweep-k.csv "$beztune" sweep --k-range 0.50:0.60:0.0005 --segments 4 --csv "$tmp/sweep-k.csv"
own 01-radius-error sweep-n.csv "$beztune" sweep --k-range 1:1:1 --segments 2:256 --k-relative --csv "$tmp/sweep-n.csv"
own 01-radius-error ellipse.csv "$beztune" error --k 0.5523 --k 1/1.8 --k minimax --segments 4 --sx 1.2 --sy 0.8 --csv "$tmp/ellipse.csv"
for r in 10 25 50 100 200; do   # absolute errors in points for the pixel table
    own 01-radius-error "error-radius-$r.csv" "$beztune" error --k 1/1.8 --k 0.5523 --k minimax --segments 4 --radius "$r" \
        --csv "$tmp/error-radius-$r.csv"
done
say "01-radius-error: error curves, sweeps over k and n, the squashed ellipse, errors at radii 10…200"

# ---- 02-squash-fit -------------------------------------------------------------------------------
args=(fit --target examples/squash-0.5.svg --model ball --radius 50 --free xFactor,yFactor,topYFactor,k)
run "$beztune" "${args[@]}" --csv "$tmp/fit.csv" --residuals "$tmp/fit-residuals.csv" --png "$tmp/fit.png"
rm -f "$tmp/fit.png"
if [ -f "$out/fit.csv" ] && [ -f "$out/fit-residuals.csv" ] && same "$out/fit.csv" "$tmp/fit.csv" seconds \
    && same "$out/fit-residuals.csv" "$tmp/fit-residuals.csv"; then
    rm -f "$tmp/fit.csv" "$tmp/fit-residuals.csv"; where=$out; shown=$O; from="make demo: "
    say "fit.csv, fit-residuals.csv: $O's are make demo's, read there"
else
    where=$final; shown=$O/notebook-data; from=""
fi
for f in fit.csv fit-residuals.csv; do
    record 02-squash-fit "$f" "$where/$f" "$from$B ${args[*]} --csv $shown/fit.csv --residuals $shown/fit-residuals.csv --png $shown/fit.png"
done
args=(fit --targets examples/squash-manifest.csv --radius 50)
run "$beztune" "${args[@]}" --csv "$tmp/fit-keyframes.csv"
demo_csv 02-squash-fit fit-keyframes.csv seconds "$B ${args[*]}"

args=(fit-profile --keyframes examples/squash-keyframes.csv --model ball --free yFactor,topYFactor,xFactor --timing cubic-bezier --joint)
run "$beztune" "${args[@]}" --out "$tmp/profile"
if [ -f "$out/profile/profile.csv" ] && [ -f "$out/profile/timing.csv" ] \
    && same "$out/profile/profile.csv" "$tmp/profile/profile.csv" && same "$out/profile/timing.csv" "$tmp/profile/timing.csv"; then
    rm -rf "$tmp/profile"; profile=$out/profile; shown=$O; from="make demo: "
    say "profile/: $O/profile is make demo's, read there"
else
    profile=$final/profile; shown=$O/notebook-data; from=""
fi
for f in profile.csv timing.csv; do
    record 02-squash-fit "profile/$f" "$profile/$f" "$from$B ${args[*]} --out $shown/profile"
done
[ "$profile" = "$final/profile" ] && profile=$tmp/profile   # until the rename
own 02-squash-fit profile-spring/timing.csv "$beztune" fit-profile --keyframes examples/squash-keyframes.csv --model ball \
    --free yFactor,topYFactor,xFactor --timing spring --joint --size 160x160 --out "$tmp/profile-spring"
record 02-squash-fit profile-spring/profile.csv "$final/profile-spring/profile.csv" "$last"

# Timing functions as beztune evaluates them: xFactor from 1 to 2, so xFactor − 1 = y(progress).
for timing in linear ease easeIn easeOut easeInEaseOut; do
    own 02-squash-fit "timing/$timing/frames.csv" "$beztune" frames --model ball --set xFactor=2 --timing "$timing" \
        --count 201 --size 16x16 --out "$tmp/timing/$timing"
    rm -f "$tmp/timing/$timing"/*.png
done

# Each keyframe in screen coordinates: the target's points (sampled as fit samples them, with the
# keyframe's own fit), and the ball's control points at the keyframe's fitted values and at the
# two-stage and joint profiles' values there.
mkdir -p "$tmp/keyframes"
i=0
while IFS=, read -r progress file; do
    [ "$progress" = progress ] && continue
    own 02-squash-fit "keyframes/residuals-$i.csv" "$beztune" fit --target "examples/$file" --model ball --radius 50 \
        --free yFactor,topYFactor,xFactor --csv "$tmp/keyframes/fit-$i.csv" --residuals "$tmp/keyframes/residuals-$i.csv"
    record 02-squash-fit "keyframes/fit-$i.csv" "$final/keyframes/fit-$i.csv" "$last"
    i=$((i + 1))
done < examples/squash-keyframes.csv
python3 - "$profile/profile.csv" "$tmp/keyframes" > "$tmp/keyframes/shapes.txt" <<'PY'
import csv, sys
# One line per keyframe and variant: index, variant, then --set NAME=VALUE arguments: the
# keyframe's own fit (keyframes/fit-I.csv) and the two-stage and joint profiles (profile.csv).
names = ("xFactor", "yFactor", "topYFactor")
with open(sys.argv[1], newline="") as f:
    for i, row in enumerate(csv.DictReader(f)):
        with open(f"{sys.argv[2]}/fit-{i}.csv", newline="") as g:
            own = next(csv.DictReader(g))
        for variant, values in (("fit", [own[p] for p in names]), ("two-stage", [row[p + "_timing"] for p in names]),
                                ("joint", [row[p + "_joint"] for p in names])):
            print(i, variant, " ".join(f"--set {p}={v}" for p, v in zip(names, values)))
PY
while read -r i variant sets; do
    # shellcheck disable=SC2086  # $sets is a list of --set NAME=VALUE words
    own 02-squash-fit "keyframes/shape-$i-$variant.csv" "$beztune" model --name ball --set radius=50 $sets \
        --format csv --csv "$tmp/keyframes/shape-$i-$variant.csv"
done < "$tmp/keyframes/shapes.txt"
rm "$tmp/keyframes/shapes.txt"
say "02-squash-fit: fits, both profiles' timing, the presets as beztune evaluates them, keyframe shapes"

# ---- 03-throughput ------------------------------------------------------------------------------
# make bench's four commands (Makefile), read from OUT when make bench wrote them. With
# NOTEBOOK_BENCH=short (make test) shorter runs of the same workloads instead — 3 timed repeats,
# the in-cache batch 1 M times instead of 4 M, curves up to 10⁶ — always measured here, and the
# notebook titles its charts as a short run.
short=${NOTEBOOK_BENCH:-}
case $short in "" | short) ;; *) echo "notebook-data.sh: NOTEBOOK_BENCH must be 'short' or empty (got '$short')" >&2; exit 2 ;; esac
bench_file() {  # bench_file FILE CHECK ARGS…: ARGS are Benchmarks/run's, with @DIR@ for the folder
    local file=$1 check=$2; shift 2
    local args=("$@")
    if [ -n "$short" ]; then
        args=("${args[@]/#4000000/1000000}")
        args=("${args[@]/%,10000000/}")
        args+=(--repeats 3)
    fi
    local shown_command="Benchmarks/run ${args[*]//@DIR@/$O}"
    if [ -z "$short" ] && [ -f "$out/$file" ] && $check "$out/$file"; then
        record 03-throughput "$file" "$out/$file" "make bench: $shown_command"
        say "$file: $O/$file is make bench's, read there"
    else
        run "$bench" "${args[@]//@DIR@/$tmp}"
        record 03-throughput "$file" "$final/$file" "${short:+short run: }$shown_command"
        if [ -n "$short" ]; then say "$file: measured (short run)"
        else say "$file: measured ($O/$file is $([ -f "$out/$file" ] && echo "another command's" || echo "missing"))"; fi
    fi
}
has_float_rows() { grep -q '^eval,[a-z-]*,float,' "$1"; }   # make demo's bench.csv is Double only
any() { true; }                                             # only make bench writes these names
bench_file bench.csv has_float_rows --workload eval --threads 1,2 --csv @DIR@/bench.csv
bench_file bench-incache.csv any --workload eval-incache --curves 4000000 --threads 1,2 --csv @DIR@/bench-incache.csv \
    --png @DIR@/bench-threads.png
bench_file bench-curves.csv any --workload eval --kernel simd,simd-streaming --precision double --samples 16 \
    --curves 10,100,1000,10000,100000,1000000,10000000 --csv @DIR@/bench-curves.csv --png @DIR@/bench-curves.png
bench_file bench-samples.csv any --workload eval --kernel simd,simd-streaming --precision double --samples 4,16,64,256 \
    --curves 25000 --csv @DIR@/bench-samples.csv --png @DIR@/bench-samples.png
for tol in 1 0.1 0.01 0.001; do
    own 03-throughput "bench-flatten-$tol.csv" "$bench" --workload flatten --curves 10000 --check-curves 250 --tolerance "$tol" \
        --repeats 3 --csv "$tmp/bench-flatten-$tol.csv"
done
for f in bench-peers.csv bench-peers-geometry.csv; do
    if [ -f "$out/$f" ]; then record 03-throughput "$f" "$out/$f" "make bench-peers"
    else record 03-throughput "$f" "(not present)" "make bench-peers"; fi
done
say "03-throughput: make bench's runs, flattening at four tolerances"

# ---- into place -----------------------------------------------------------------------------------
if [ -e "$final" ]; then
    old=$(mktemp -d "$out/.notebook-data.old.XXXXXX")
    mv "$final" "$old/"
    mv "$tmp" "$final"
    rm -rf "$old"
else
    mv "$tmp" "$final"
fi
trap - EXIT
say "wrote $O/notebook-data/ (sources.csv lists what each notebook reads)"
