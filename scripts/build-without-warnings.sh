#!/usr/bin/env bash
# Runs `swift build "$@"` and fails when the compiler printed a warning. In a clean clone (CI)
# every file is compiled, so a new warning anywhere fails the run; an incremental build only
# sees the files it recompiles. The package itself sets no warning flags, so it stays usable
# as a dependency.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$root/.build"
log=$(mktemp "$root/.build/build-log.XXXXXX")
trap 'rm -f "$log"' EXIT
status=0
"${SWIFT:-swift}" build "$@" 2>&1 | tee "$log" || status=$?
[ "$status" -eq 0 ] || exit "$status"
if grep -E ': warning: ' "$log" >/dev/null; then
    count=$(grep -cE ': warning: ' "$log")
    echo "build-without-warnings: the build printed $count warning line(s); fix them:" >&2
    grep -E ': warning: ' "$log" | sort -u | head -20 >&2
    exit 1
fi
