# BezierTune — the two commands a fresh machine needs are `make demo` and `make test`.
# Both run scripts/setup.sh first, which installs missing Debian packages and does nothing else.

SWIFT ?= swift
OUT ?= out
BEZTUNE_RELEASE = .build/release/beztune

# OpenBLAS chooses its kernels by CPU at load time, and the kernels round differently: the
# solver's iteration counts (README's NIST table) would follow the machine. Its SSE3 fallback
# ("Prescott") is what 0.3.21 picks on CPUs newer than it knows. The demo and the tests pin the
# AVX2 kernels, which every x86-64-v3 machine runs, and one thread.
BLAS_PIN = OPENBLAS_CORETYPE=Haswell OPENBLAS_NUM_THREADS=1

.PHONY: setup build release demo test wasm web studio bench-studio studio-screenshots bench-wasm embedded notebooks notebook-server test-notebook-server test-browser test-slurm bench bench-peers bench-lsq bench-fit fuzz clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product beztune

# The main job on a built-in default: writes CSV (and, as features land, frames) into $(OUT)/.
demo: release
	@$(BLAS_PIN) bash scripts/demo.sh $(BEZTUNE_RELEASE) $(OUT)

# Also: what Linux can check of the Apple builds and the import rules (check-portability), the
# libraries in Embedded Swift (build-embedded: WebAssembly, run in Node against the release
# beztune; Apple typechecks), the browser tests on that WebAssembly build (test-browser: Studio
# in Chromium and WebKit), and
# the numeric suites again with the portable intrinsics forced, in .build/portable
# (test-portable): every numeric test bundle (the intrinsics, _Numerics and the libraries above
# them, the solver's test problems included); the end-to-end, browser and interchange suites
# exercise no intrinsic the library suites don't, so that build compiles only the numeric bundles
# and their libraries (BEZIERTUNE_TEST_BUNDLES, Package.swift). PORTABLE_FILTER= (empty) builds
# and runs the whole suite there. The end-to-end suite (BeztuneTests) runs once, against the release binary users run
# (make demo's), not also against the debug one.
PORTABLE_FILTER ?= CIntrinsicsTests|NumericsTests|GeometryTests|ArcErrorTests|DeformTests|FittingTests|LeastSquaresTests|LeastSquaresTestProblemsTests

test: setup
	@bash scripts/setup-browser.sh >/dev/null
	bash scripts/check-portability.sh
	SWIFT=$(SWIFT) bash scripts/build-without-warnings.sh --build-tests
	$(BLAS_PIN) $(SWIFT) test --skip BeztuneTests
	$(SWIFT) build -c release --product beztune
	$(BLAS_PIN) BEZTUNE_BINARY=.build/release/beztune $(SWIFT) test --skip-build --filter BeztuneTests
	$(BLAS_PIN) bash scripts/build-embedded.sh --check $(BEZTUNE_RELEASE)
	$(MAKE) --no-print-directory test-browser STUDIO_WASM=.build/embedded/wasm
	$(BLAS_PIN) SWIFT=$(SWIFT) BEZIERTUNE_TEST_BUNDLES='$(PORTABLE_FILTER)' bash scripts/test-portable.sh $(if $(PORTABLE_FILTER),--filter '$(PORTABLE_FILTER)')
	$(BLAS_PIN) NOTEBOOK_BENCH=short bash scripts/notebooks.sh run $(BEZTUNE_RELEASE) $(OUT)
	SWIFT=$(SWIFT) bash scripts/check-datafiles-consumer.sh

# The JavaScript module (README "In the browser and in Node"): $(OUT)/wasm/beztune.wasm, compiled
# from the same sources with Embedded Swift (-Osize), beside beztune.mjs and beztune.d.mts.
wasm: setup
	bash scripts/build-embedded.sh --targets wasm32-unknown-none-wasm --out $(OUT)/wasm

# Studio (README "Studio"): $(OUT)/web/index.html, one self-contained page (every script and
# beztune.wasm inline: open it from disk or put it on any static host), and $(OUT)/web/studio/,
# the same page as separate files.
web: wasm
	node scripts/build-web.mjs $(OUT)/wasm $(OUT)/web

# Studio served from $(OUT)/web on 127.0.0.1 at a free port, which it prints; Ctrl-C stops it.
studio: web
	node scripts/serve-web.mjs $(OUT)/web

# Studio's frame time in headless Chromium (Benchmarks/README.md "Studio"): a slider change's
# median and 95th percentile against one 60 Hz frame; and the README's screenshots of its panels.
bench-studio: web
	@bash scripts/setup-browser.sh >/dev/null
	.build/browser-venv/bin/python Benchmarks/studio_frame_time.py --studio $(OUT)/web --csv $(OUT)/bench-studio.csv

studio-screenshots: web
	@bash scripts/setup-browser.sh >/dev/null
	.build/browser-venv/bin/python Tests/Browser/studio_screenshots.py --studio $(OUT)/web --out docs

# The libraries in Embedded Swift (README "Platforms"): the module built and its Node suite run
# against the release beztune (wasm/tests/run.mjs), typechecked for arm64-apple-ios18 and
# arm64-apple-none-macho; into .build/embedded/.
embedded: release
	$(BLAS_PIN) bash scripts/build-embedded.sh --check $(BEZTUNE_RELEASE)

# beztune.wasm in Node against the native build, per call (Benchmarks/README.md "WebAssembly").
bench-wasm: wasm
	$(SWIFT) build -c release --product APICallBench
	@mkdir -p $(OUT)
	$(BLAS_PIN) node wasm/tests/bench.mjs $(OUT)/wasm .build/release/APICallBench 15 --csv $(OUT)/bench-wasm.csv

# The notebooks (notebooks/, README "Notebooks"): their data from the release build — make demo's
# and make bench's files in $(OUT)/ where they are the same command, the rest into
# $(OUT)/notebook-data/ — then every notebook executed into $(OUT)/notebooks/ (.ipynb, .html, a
# PNG per chart). The benchmark figures come from Benchmarks/run, the build make bench measures
# (make test runs shorter benchmarks, NOTEBOOK_BENCH=short, and the charts say so).
notebooks: release
	$(BLAS_PIN) bash scripts/notebooks.sh run $(BEZTUNE_RELEASE) $(OUT)

# JupyterLab on the notebooks at 127.0.0.1:$(PORT), from the pinned notebooks/requirements-server.txt.
PORT ?= 8888
notebook-server: release
	$(BLAS_PIN) PORT=$(PORT) bash scripts/notebooks.sh server $(BEZTUNE_RELEASE) $(OUT)

# Opt-in: JupyterLab started on 127.0.0.1 at a free port, /lab fetched, the server stopped by its pid.
test-notebook-server: setup
	bash scripts/notebooks.sh test-server

# The browser tests (Tests/Browser, Selenium from .build/browser-venv): every test in headless
# Chromium and in WebKitGTK's MiniBrowser under Xvfb; scripts/setup-browser.sh installs both.
# Studio is built into .build/web from STUDIO_WASM's beztune.wasm (make test passes the one it
# has just built and checked; by default it is built here) and compared with the release beztune.
STUDIO_WASM ?=
test-browser: release
	@bash scripts/setup-browser.sh >/dev/null
	$(if $(STUDIO_WASM),,bash scripts/build-embedded.sh --targets wasm32-unknown-none-wasm --out .build/embedded/wasm)
	node scripts/build-web.mjs $(or $(STUDIO_WASM),.build/embedded/wasm) .build/web
	STUDIO_DIR=.build/web BEZTUNE_BINARY=$(BEZTUNE_RELEASE) xvfb-run -a .build/browser-venv/bin/python Tests/Browser/run.py

# Opt-in: the cluster scripts under a real Slurm on this machine (slurm-wlm and munge from Debian;
# munged, slurmctld and slurmd started from a generated slurm.conf and stopped by pid; all files in
# .build/test-slurm/). See scripts/cluster/test-slurm.sh.
test-slurm: release
	$(BLAS_PIN) bash scripts/cluster/test-slurm.sh $(BEZTUNE_RELEASE)

# Throughput benchmarks (Benchmarks/README.md): the standard set, then scaling sweeps.
bench: setup
	@mkdir -p $(OUT)
	Benchmarks/run --workload eval --threads 1,2 --csv $(OUT)/bench.csv
	Benchmarks/run --workload eval-incache --curves 4000000 --threads 1,2 --csv $(OUT)/bench-incache.csv --png $(OUT)/bench-threads.png
	Benchmarks/run --workload eval --kernel simd,simd-streaming --precision double --samples 16 --curves 10,100,1000,10000,100000,1000000,10000000 --csv $(OUT)/bench-curves.csv --png $(OUT)/bench-curves.png
	Benchmarks/run --workload eval --kernel simd,simd-streaming --precision double --samples 4,16,64,256 --curves 25000 --csv $(OUT)/bench-samples.csv --png $(OUT)/bench-samples.png

# The same workloads through every peer in one run, one CSV per suite: evaluation (numpy, bezier,
# kurbo, C AVX2) and geometry — flattening of the random and the real-outline (DejaVu glyphs)
# workloads against the shared C reference (../shared/peers/cref, built into .build/cref), kurbo
# 0.13.1 from ../shared/peers/kurbo-0.13.1 when that folder exists (else Debian's 0.7.1; the run
# says which) and Cairo, ours at 1 and 2 threads; arc length and nearest point against kurbo.
bench-peers: setup
	@mkdir -p $(OUT)
	Benchmarks/peers/run-peers --csv $(OUT)/bench-peers.csv --geometry-csv $(OUT)/bench-peers-geometry.csv

NIST_DATA ?= ../shared/data/nist

# scipy least_squares (lm, trf) against our Levenberg–Marquardt on the 54 NIST and 53 MGH runs, one CSV.
bench-lsq: setup
	@bash scripts/setup-peers.sh
	@mkdir -p $(OUT)
	python3 Benchmarks/peers/scipy_least_squares.py --data $(NIST_DATA) --csv $(OUT)/bench-lsq.csv

# scipy least_squares (lm, trf) against beztune fit on the same targets and residuals, one CSV;
# OpenBLAS pinned as for the tests (Haswell kernels, one thread: the fits' last digits follow the
# kernels), for both sides.
bench-fit: setup
	@bash scripts/setup-peers.sh
	@mkdir -p $(OUT)
	$(BLAS_PIN) python3 Benchmarks/peers/scipy_fit.py --csv $(OUT)/bench-fit.csv

# libFuzzer + AddressSanitizer on every parser a user can feed (Fuzz/README.md): each target runs
# FUZZ_SECONDS (default 60); a crash, leak or hang fails the run and leaves the input in
# Fuzz/.build/artifacts/. FUZZ_TARGETS picks targets (default all).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?=

fuzz: setup
	Fuzz/run --seconds $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf .build Fuzz/.build $(OUT)
