#!/usr/bin/env bash
# The notebooks, three ways:
#   scripts/notebooks.sh run BEZTUNE OUT      write their data (scripts/notebook-data.sh), execute
#                                             every notebook headless, and write the executed
#                                             OUT/notebooks/NAME.ipynb and NAME.html (each chart
#                                             also as OUT/notebooks/NAME-CHART.png); fails when a
#                                             cell fails or did not run           (make notebooks, make test)
#   scripts/notebooks.sh server BEZTUNE OUT   JupyterLab on notebooks/ at 127.0.0.1:PORT (default
#                                             8888), writing the data first when OUT/notebook-data/
#                                             is missing                                   (make notebook-server)
#   scripts/notebooks.sh test-server          start JupyterLab on 127.0.0.1 at a free port, fetch
#                                             /lab, stop it by its pid          (make test-notebook-server)
# Python packages come from PyPI into the project's own venvs, pinned: notebooks/requirements.txt
# into .build/notebook-venv (headless), notebooks/requirements-server.txt into
# .build/notebook-server-venv (JupyterLab); each is reinstalled only when its file changes.
# Jupyter's runtime files (kernel connection files, the server's) go to .build/jupyter/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
me=notebooks.sh
venv() {  # venv NAME REQUIREMENTS: a venv in .build/NAME with exactly those pins; prints its path
    local dir=$root/.build/$1 requirements=$root/notebooks/$2 want
    want=$(cat "$root/notebooks/requirements.txt" "$requirements" | sha256sum | cut -d' ' -f1)
    if [ ! -x "$dir/bin/python" ] || [ "$(cat "$dir/.requirements.sha256" 2>/dev/null)" != "$want" ]; then
        echo "$me: installing notebooks/$2 into .build/$1" >&2
        rm -rf "$dir"
        python3 -m venv "$dir"
        "$dir/bin/pip" install -q --disable-pip-version-check --no-input -r "$requirements" >&2
        echo "$want" > "$dir/.requirements.sha256"
    fi
    echo "$dir"
}
export JUPYTER_RUNTIME_DIR=$root/.build/jupyter/runtime JUPYTER_CONFIG_DIR=$root/.build/jupyter/config \
    JUPYTER_DATA_DIR=$root/.build/jupyter/data IPYTHONDIR=$root/.build/jupyter/ipython \
    MPLCONFIGDIR=$root/.build/jupyter/matplotlib JUPYTER_PLATFORM_DIRS=1
mkdir -p "$JUPYTER_RUNTIME_DIR" "$JUPYTER_CONFIG_DIR" "$JUPYTER_DATA_DIR" "$IPYTHONDIR" "$MPLCONFIGDIR"

case ${1:-} in
run)
    [ $# -eq 3 ] || { echo "$me: usage: notebooks.sh run BEZTUNE OUT" >&2; exit 2; }
    py=$(venv notebook-venv requirements.txt)/bin/python
    bash "$root/scripts/notebook-data.sh" "$2" "$3"
    out=$(cd "$3" && pwd)
    mkdir -p "$out/notebooks"
    BEZTUNE_OUT=$out MPLBACKEND=Agg "$py" - "$root/notebooks" "$out/notebooks" <<'PY'
import os, pathlib, sys, tempfile, time
import nbformat
from nbclient import NotebookClient
from nbconvert import HTMLExporter

source, target = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])


def write_atomically(path, text):
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


failed = []
for path in sorted(source.glob("*.ipynb")):
    nb = nbformat.read(path, as_version=4)
    started = time.monotonic()
    error = None
    try:
        NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(source)}},
                       extra_arguments=["--IPKernelApp.log_level=ERROR"]).execute()
    except Exception as e:  # a cell failed: the executed copy shows where
        lines = str(e).strip().splitlines()
        error = lines[-1] if lines else type(e).__name__
    code = [c for c in nb.cells if c.cell_type == "code"]
    skipped = [i for i, c in enumerate(code) if c.get("execution_count") is None]
    if error is None and skipped:
        error = f"code cells {skipped} did not run"
    write_atomically(target / path.name, nbformat.writes(nb))
    html = target / (path.stem + ".html")
    if error is None:
        body, _ = HTMLExporter().from_notebook_node(nb)
        write_atomically(html, body)
        print(f"notebooks: {path.name}: all {len(code)} code cells ran ({time.monotonic() - started:.0f} s);"
              f" {target / path.name}, {html}")
    else:
        html.unlink(missing_ok=True)
        failed.append(path.name)
        print(f"notebooks: {path.name} FAILED: {error} (see {target / path.name})", file=sys.stderr)
pngs = sorted(p.name for p in target.glob("*.png"))
print(f"notebooks: {len(pngs)} charts in {target}: {', '.join(pngs)}")
sys.exit(1 if failed else 0)
PY
    ;;
server)
    [ $# -eq 3 ] || { echo "$me: usage: notebooks.sh server BEZTUNE OUT" >&2; exit 2; }
    dir=$(venv notebook-server-venv requirements-server.txt)
    [ -d "$3/notebook-data" ] || bash "$root/scripts/notebook-data.sh" "$2" "$3"
    out=$(cd "$3" && pwd)
    extra=()
    [ "$(id -u)" -ne 0 ] || extra+=(--allow-root)
    echo "$me: JupyterLab on http://127.0.0.1:${PORT:-8888}/lab (the notebooks read $out; Ctrl-C stops it)" >&2
    BEZTUNE_OUT=$out exec "$dir/bin/jupyter" lab --ip=127.0.0.1 --port="${PORT:-8888}" --ServerApp.root_dir="$root/notebooks" \
        "${extra[@]}"
    ;;
test-server)
    [ $# -eq 1 ] || { echo "$me: usage: notebooks.sh test-server" >&2; exit 2; }
    dir=$(venv notebook-server-venv requirements-server.txt)
    port=$("$dir/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    token=$("$dir/bin/python" -c 'import secrets; print(secrets.token_hex(16))')
    log=$root/.build/jupyter/test-server.log
    extra=()
    [ "$(id -u)" -ne 0 ] || extra+=(--allow-root)
    started=$(date +%s%N)
    "$dir/bin/jupyter" lab --no-browser --ip=127.0.0.1 --port="$port" --ServerApp.port_retries=0 \
        --IdentityProvider.token="$token" --ServerApp.root_dir="$root/notebooks" "${extra[@]}" > "$log" 2>&1 &
    pid=$!
    stop() {
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid"
            for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid"; fi
            wait "$pid" 2>/dev/null || true
            echo "$me: stopped JupyterLab (pid $pid)" >&2
        fi
    }
    trap stop EXIT
    echo "$me: started JupyterLab (pid $pid) on 127.0.0.1:$port" >&2
    "$dir/bin/python" - "$port" "$token" <<'PY'
import sys, time, urllib.request, urllib.error
port, token = sys.argv[1], sys.argv[2]
url = f"http://127.0.0.1:{port}/lab?token={token}"
deadline = time.monotonic() + 120
while True:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            body = r.read().decode("utf-8", "replace")
            assert r.status == 200, r.status
            assert "JupyterLab" in body and "jupyter-config-data" in body, "not the JupyterLab page"
            print(f"notebooks.sh: GET /lab: HTTP {r.status}, {len(body)} bytes, the JupyterLab page")
            break
    except (urllib.error.URLError, ConnectionError) as e:
        if time.monotonic() > deadline:
            sys.exit(f"notebooks.sh: no answer from {url.split('?')[0]} within 120 s: {e}")
        time.sleep(0.3)
PY
    stop
    trap - EXIT
    elapsed=$(( ($(date +%s%N) - started) / 1000000 ))
    echo "$me: test-server passed in $((elapsed / 1000)).$(printf %03d $((elapsed % 1000))) s (start, GET /lab, stop)" >&2
    ;;
*)
    echo "$me: usage: notebooks.sh run BEZTUNE OUT | server BEZTUNE OUT | test-server" >&2
    exit 2
    ;;
esac
