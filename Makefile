# BezierTune — the two commands a fresh machine needs are `make demo` and `make test`.
# Both run scripts/setup.sh first, which installs missing Debian packages and does nothing else.

SWIFT ?= swift
OUT ?= out
BEZTUNE_RELEASE = .build/release/beztune

.PHONY: setup build release demo test clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --product beztune

# The main job on a built-in default: writes CSV (and, as features land, frames) into $(OUT)/.
demo: release
	@bash scripts/demo.sh $(BEZTUNE_RELEASE) $(OUT)

test: setup
	$(SWIFT) build --build-tests
	$(SWIFT) test

clean:
	rm -rf .build $(OUT)
