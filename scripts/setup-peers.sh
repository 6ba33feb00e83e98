#!/usr/bin/env bash
# What `make bench-peers` needs beyond scripts/setup.sh: kurbo from Debian's crate registry, a
# Rust toolchain, a C compiler, and a Python virtual environment with the PyPI peers.
# Idempotent: installs only what is missing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/setup.sh"

packages=(librust-kurbo-dev gcc python3-venv)
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
