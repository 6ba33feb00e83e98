#!/usr/bin/env bash
# The showcase `make demo` runs: every job of the toolkit on a built-in default, into one folder.
# Usage: scripts/demo.sh BEZTUNE OUT
set -euo pipefail
beztune=$1
out=$2
mkdir -p "$out"

echo "== Job 1: how wrong is r/1.8? (exact radial error vs 0.5523 and the optimum, 4 segments)"
"$beztune" error --k 1/1.8 --k 0.5523 --k minimax --segments 4 --csv "$out/error.csv" | cut -c1-150
echo
echo "== The optimal handle factor per criterion"
"$beztune" optimize --segments 4 --csv "$out/optimize.csv" | cut -c1-150
echo
echo "== A sweep of k over 2…16 segments (relative to each n's midpoint-exact k)"
"$beztune" sweep --k-range 0.98:1.02:0.0005 --segments 2:16 --k-relative --csv "$out/sweep.csv"
"$beztune" error-curve --k 1/1.8 --segments 4 --samples 181 --csv "$out/error-curve.csv" --png "$out/error-curve.png"
echo
echo "== The error magnifier (radial error x200)"
"$beztune" magnify --k 1/1.8 --k 0.5523 --k minimax --segments 4 --factor 200 --out "$out/magnifier.png"
echo
echo "== The seed ball squashed, frame by frame"
"$beztune" frames --model ball --set xFactor=1.2 --set yFactor=0.8 --set topYFactor=0.6 \
    --timing easeInEaseOut --count 12 --guides --size 400x400 --out "$out/frames"
echo
echo "== The seed ball's outline: segments, exact bounds, arc length"
"$beztune" path-info --path-file examples/seed-ball.path --csv "$out/seed-ball.csv"

echo
echo "== Job 2: fit the ball's squash to a drawn outline (a pressed membrane, not the ball model)"
"$beztune" fit --target examples/squash-0.5.svg --model ball --radius 50 --free xFactor,yFactor,topYFactor,k \
    --csv "$out/fit.csv" --residuals "$out/fit-residuals.csv" --png "$out/fit.png"
echo
echo "== ... and every squash keyframe, one CSV row each"
"$beztune" fit --targets examples/squash-manifest.csv --radius 50 --csv "$out/fit-keyframes.csv"
echo
echo "== ... and a squash profile: nine keyframes of a press, each parameter's cubic-bezier timing (two-stage and joint)"
"$beztune" fit-profile --keyframes examples/squash-keyframes.csv --model ball --free yFactor,topYFactor,xFactor \
    --timing cubic-bezier --joint --out "$out/profile"
echo
echo "== ... and the fitted profile into an app or a page: animated SVG, CSS, Swift (UIKit, SwiftUI), Lottie"
"$beztune" frames --profile-dir "$out/profile" --count 9 --size 320x320 --out "$out/replay"
for format in svg-animated:squash-animated.svg css:squash.css swift-uikit:Squash.swift swiftui:SquashShape.swift \
              lottie:squash-lottie.json json:squash.beztune.json; do
    "$beztune" export --profile-dir "$out/profile" --format "${format%%:*}" --out "$out/${format#*:}"
done

echo
echo "== Job 3: throughput, a short run (make bench and make bench-peers measure the full set and the peers)"
Benchmarks/run --workload eval --curves 100000 --samples 64 --threads 1,2 --precision double --repeats 3 \
    --csv "$out/bench.csv" 2> "$out/bench.log"
Benchmarks/run --workload flatten,arclength,nearest --curves 20000 --repeats 3 --check-curves 500 \
    --csv "$out/bench-geometry.csv" 2>> "$out/bench.log"

echo
echo "Wrote:"
find "$out" -maxdepth 1 -type f | sort | sed 's/^/  /'
echo "  $out/frames/ (frame_*.png, frames.csv, contact.png)"
echo "  $out/profile/ (profile.csv, timing.csv, settings.csv, frames/frame_*.png, contact.png, profile.png)"
echo "  $out/replay/ (the fitted profile replayed: frame_*.png, frames.csv, contact.png)"
