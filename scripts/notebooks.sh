#!/usr/bin/env bash
# Regenerates the notebooks' CSV with the built binaries and executes every notebook headless;
# fails on any cell error. Installs notebooks/requirements.txt into .build/notebook-venv first
# (only when the requirements changed). Executed copies go to out/notebooks/ for reading.
# Usage: scripts/notebooks.sh BIN_DIR
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$1" && pwd)
venv="$root/.build/notebook-venv"
stamp="$venv/.requirements.sha256"
want=$(sha256sum "$root/notebooks/requirements.txt" | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "notebooks: installing notebooks/requirements.txt into .build/notebook-venv" >&2
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check -r "$root/notebooks/requirements.txt"
    echo "$want" > "$stamp"
fi
data="$root/.build/notebook-data"
rm -rf "$data"
bash "$root/scripts/notebook-data.sh" "$bin" "$data"
mkdir -p "$root/out/notebooks"
BEZTUNE_NOTEBOOK_DATA="$data" BEZTUNE_BIN="$bin" MPLBACKEND=Agg "$venv/bin/python" - "$root" <<'PY'
import pathlib, sys
import nbformat
from nbclient import NotebookClient
root = pathlib.Path(sys.argv[1])
failed = []
for path in sorted((root / "notebooks").glob("*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    try:
        NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
        print(f"notebooks: {path.name} ran top to bottom")
    except Exception as error:  # a cell error: name the notebook and the error's first line
        failed.append(path.name)
        print(f"notebooks: {path.name} FAILED: {str(error).strip().splitlines()[-1] if str(error).strip() else error}", file=sys.stderr)
    nbformat.write(nb, root / "out" / "notebooks" / path.name)
sys.exit(1 if failed else 0)
PY
