#!/usr/bin/env bash
# The geometry numerics' full-size checks (100,000 nearest-point queries against 10,000 dense
# samples each, 100,000 + 10,000 flattenings with measured deviation, 80,000 arc lengths against
# their bounds), optimised. Prints one "HEAVY …" summary line per check.
# Usage: Tests/GeometryTests/Resources/heavy-checks.sh   (from anywhere; ~1–2 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/../../.."
BEZTUNE_HEAVY_CHECKS=1 swift test -c release --filter HeavyChecks 2>&1 | grep -E "HEAVY|✘|Test run"
