#!/usr/bin/env bash
# Regenerates the "CLI reference" command sections of README.md from each command's --help,
# so the reference says exactly what the binary says (a test checks they agree).
# Usage: scripts/readme-cli-reference.sh [BEZTUNE]
set -euo pipefail
beztune=${1:-.build/debug/beztune}
readme=README.md
commands=$("$beztune" --help | awk '/^COMMANDS:/{f=1; next} /^$/{f=0} f{print $1}')
{
    sed -n '1,/^<!-- commands:begin -->$/p' "$readme"
    for c in $commands; do
        printf '\n### `beztune %s`\n\n```\n' "$c"
        "$beztune" "$c" --help | sed -e 's/[[:space:]]*$//'
        printf '```\n'
    done
    printf '\n'
    sed -n '/^<!-- commands:end -->$/,$p' "$readme"
} > "$readme.tmp"
mv "$readme.tmp" "$readme"
