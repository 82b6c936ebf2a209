# EDRCube: the two Quick-start commands (`make demo`, `make test`) and helpers.
SWIFT ?= swift
OUT ?= out
BIN = .build/release/edrcube
LOOK ?= luts/warm_sdr.cube

.PHONY: deps build release demo test interop gpu-check format format-lint clean sanitize fuzz

deps:
	@bash scripts/ensure-deps.sh

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product edrcube

# The main job on bundled data: an EDR test chart through a bundled look, with EDR extrapolation.
demo: release
	@bash scripts/demo.sh $(BIN) $(OUT) $(LOOK)

# The whole test suite: the Swift tests, then interop with colour-science and OpenColorIO.
test: deps
	@bash scripts/ensure-python-peers.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory interop
	$(MAKE) --no-print-directory gpu-check
	$(SWIFT) build --product EDRCubeC && PYTHONPATH=$(CURDIR)/python EDRCUBE_LIB=$(CURDIR)/.build/debug/libEDRCubeC.so EDRCUBE_CLI=$(CURDIR)/.build/debug/edrcube python3 -m pytest -q python/tests

# `edrcube shader` output (GLSL and HLSL through SPIR-V, WGSL) run on lavapipe, MSL, Core Image and
# DCTL as C++ against shims, against `eval` (docs/gpu.md).
gpu-check:
	@bash scripts/ensure-python-peers.sh
	python3 scripts/gpu/shader_check.py .build/debug/edrcube

# Files we write load in colour-science and OpenColorIO with identical values, and theirs in ours;
# inspect's reader verdicts match what OpenColorIO, colour-science and ffmpeg do with the corpus.
interop:
	@bash scripts/ensure-python-peers.sh
	python3 scripts/interop/cube_interop.py .build/debug/edrcube
	python3 scripts/interop/clf_interop.py .build/debug/edrcube
	python3 scripts/interop/lutformats_interop.py .build/debug/edrcube
	python3 scripts/interop/reader_verdicts.py .build/debug/edrcube

# The test suite under AddressSanitizer, then under ThreadSanitizer, each in its own build
# folder (the debug build is untouched); any report fails the run (TSan exits 66 at the end). SWIFT_BACKTRACE=enable=no: the backtracer and the
# sanitizers hang together (docs/reliability.md pitfall 3).
sanitize: deps
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitize/lsan.supp \
		$(SWIFT) test --sanitize=address --build-path .build-asan
	SWIFT_BACKTRACE=enable=no TSAN_OPTIONS=suppressions=$(CURDIR)/scripts/sanitize/tsan.supp \
		$(SWIFT) test --sanitize=thread --build-path .build-tsan

# Every libFuzzer target for FUZZ_SECONDS (default 60) each; see scripts/fuzz.sh.
FUZZ_SECONDS ?= 60
fuzz:
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# The Python wheel (python/, docs/python.md) in python/dist: libEDRCubeC.so built in release with
# the Swift runtime linked in (.build/wheel), so the wheel needs no Swift toolchain.
# wheel-check: the wheel in a fresh venv imports and applies with no Swift toolchain visible.
.PHONY: wheel wheel-check
wheel:
	python3 -m pip wheel --no-deps -w python/dist ./python
wheel-check:
	@bash scripts/check-wheel.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format-lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build $(OUT)

# Ecosystem: install with completions and man page, API docs, the plugin example.
.PHONY: install install-built docs example
PREFIX ?= /usr/local

# The release binary, bash/zsh/fish completions and the man page (made from the binary's own
# help by scripts/make-manpage.py) under $(PREFIX) ($(DESTDIR) stages a package).
install: release
	$(SWIFT) build -c release --product edrlint
	@$(MAKE) --no-print-directory install-built

# What install puts in place, from the binary BIN names, without building it (CI installs the
# debug build it tested: scripts/check-install.sh).
install-built:
	python3 scripts/make-manpage.py $(BIN) $(dir $(BIN))edrcube.1
	@bash scripts/install.sh "$(DESTDIR)$(PREFIX)" $(BIN) $(dir $(BIN))edrcube.1

# DocC archives of every library module in .build/docs; any DocC warning fails.
docs:
	@bash scripts/build-docs.sh

# Builds Examples/KernelLintDemo; fails unless the plugins report its known EDR001 finding.
example: deps
	@bash scripts/check-example.sh
