#!/usr/bin/env bash
# Renders the web exports' screenshots for the README with headless chromium:
# docs/export-svg-animated.png and docs/export-css.png, the README's fitted squash profile as the
# browser draws each export, paused at six times. They come from the browser tests
# (Tests/InterchangeTests/BrowserExportTests.swift), which check the same exports against the
# library's frames while they are at it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
bash scripts/setup-browser.sh >/dev/null
"${SWIFT:-swift}" build --build-tests
BEZIERTUNE_SCREENSHOTS="$root/docs" "${SWIFT:-swift}" test --skip-build --filter BrowserExportTests
ls -l docs/export-svg-animated.png docs/export-css.png
