#!/usr/bin/env bash
# The browsers the web exports are checked in (Tests/Browser, make test-browser): Debian's chromium
# with its chromedriver, and WebKitGTK's MiniBrowser (libwebkit2gtk-4.1-0) with WebKitWebDriver,
# which runs under Xvfb (xvfb-run, xauth). Installs the Debian packages that are missing (apt, as
# scripts/setup.sh installs the rest), and keeps .build/browser-venv holding exactly the pins of
# Tests/Browser/requirements.txt (Selenium; reinstalled only when that file changes). Prints
# chromium's path, its only line on stdout; fails (exit 1, one line) when something cannot be
# had, so a test that needs it fails rather than skips. Idempotent.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
me=setup-browser
minibrowser=/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
fail() { echo "$me: $*" >&2; exit 1; }
log=$root/.build/setup-browser.log  # apt's and pip's output when they fail
mkdir -p "$root/.build"

packages=(chromium chromium-driver libwebkit2gtk-4.1-0 webkit2gtk-driver xvfb xauth python3 python3-venv)
# shellcheck source=apt-missing.sh
source "$root/scripts/apt-missing.sh"
mapfile -t missing < <(apt_missing "${packages[@]}")
if [ ${#missing[@]} -gt 0 ]; then
    echo "$me: installing ${missing[*]}" >&2
    apt_install "${missing[@]}" >"$log" 2>&1 \
        || fail "could not install ${missing[*]} (apt-get install; see .build/setup-browser.log)"
fi
for f in /usr/bin/chromium /usr/bin/chromedriver /usr/bin/WebKitWebDriver "$minibrowser" /usr/bin/xvfb-run; do
    [ -x "$f" ] || fail "$f is missing after installing ${packages[*]}"
done

# The venv: rebuilt when the requirements (or the python3 that made it) change, else left alone.
venv=$root/.build/browser-venv
requirements=$root/Tests/Browser/requirements.txt
[ -f "$requirements" ] || fail "$requirements is missing"
want=$({ cat "$requirements"; python3 --version; } | sha256sum | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements.sha256" 2>/dev/null)" != "$want" ] \
    || ! "$venv/bin/python" -c '' 2>/dev/null; then
    echo "$me: installing Tests/Browser/requirements.txt into .build/browser-venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv" >"$log" 2>&1 || fail "could not create .build/browser-venv (python3 -m venv; see .build/setup-browser.log)"
    "$venv/bin/pip" install -q --disable-pip-version-check --no-input -r "$requirements" >"$log" 2>&1 \
        || fail "could not install Tests/Browser/requirements.txt into .build/browser-venv (pip; see .build/setup-browser.log)"
    echo "$want" > "$venv/.requirements.sha256"
fi

command -v chromium
