#!/usr/bin/env bash
# The Python environment of the independent references the tests compare against (svgelements,
# python-lottie, the Lottie specification's JSON schema, mpmath): .build/reference-venv, from the
# pinned Tests/References/requirements.txt. Idempotent; prints the venv's python on success and
# fails (exit 1, one line) when it cannot be made, so a test that needs it fails rather than skips.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv="$root/.build/reference-venv"
requirements="$root/Tests/References/requirements.txt"
stamp="$venv/.requirements"
# Test suites run in parallel and each may call this script: one makes the venv, the others
# wait for it (an exclusive lock on a file beside it, where util-linux flock exists) and then
# find it made.
mkdir -p "$root/.build"
if command -v flock >/dev/null; then
    exec 9>"$root/.build/reference-venv.lock"
    flock 9
fi
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$requirements" "$stamp"; then
    mkdir -p "$root/.build"
    rm -rf "$venv"
    # A half-made venv is removed, so the next run starts afresh.
    python3 -m venv "$venv" >&2 && "$venv/bin/python" -m pip install -q --disable-pip-version-check -r "$requirements" >&2 \
        || { rm -rf "$venv"; echo "setup-reference-venv: could not install $requirements into $venv" >&2; exit 1; }
    cp "$requirements" "$stamp"
fi
echo "$venv/bin/python"
