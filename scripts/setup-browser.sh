#!/usr/bin/env bash
# The headless browser the web exports are checked in: Debian's chromium. Installs it when it is
# missing (apt, as scripts/setup.sh installs the rest) and prints its path; fails (exit 1, one
# line) when it cannot be had, so a test that needs it fails rather than skips. Idempotent.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
    echo "setup-browser: installing chromium" >&2
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null; } >&2 \
        || { echo "setup-browser: could not install chromium (apt-get install chromium)" >&2; exit 1; }
fi
command -v chromium
