#!/usr/bin/env bash
# What `make bench-peers` needs beyond scripts/setup.sh: kurbo 0.7.1 and the crates kurbo 0.13.1
# needs (arrayvec, smallvec) from Debian's crate registry, a Rust toolchain, a C compiler, the
# DejaVu fonts of the real-outline workload, a Python virtual environment with the PyPI peers and
# one with fontTools for that workload.
# Idempotent: installs only what is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"

packages=(librust-kurbo-dev librust-arrayvec-dev librust-smallvec-dev gcc python3-venv fonts-dejavu-core)
command -v cargo >/dev/null 2>&1 || packages+=(cargo)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup-peers: installing ${missing[*]}" >&2
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

venv="$root/.build/peers-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import numpy, bezier" 2>/dev/null; then
    "$venv/bin/pip" install -q -r "$root/Benchmarks/peers/requirements.txt"
fi

glyphs="$root/.build/glyphs-venv"
if [ ! -x "$glyphs/bin/python" ]; then
    python3 -m venv "$glyphs"
fi
if ! "$glyphs/bin/python" -c "import fontTools" 2>/dev/null; then
    "$glyphs/bin/pip" install -q -r "$root/Benchmarks/peers/requirements-glyphs.txt"
fi
