# Myriad — the two commands:  make run  (set up, build, open the app)  and  make test.
# Everything else is here too: make build, bench, fuzz, package, format, clean, and the quality
# gates (check-format, check-tidy, check-asan, check-tsan, fuzz-smoke; check-ci runs the ones CI
# runs, check-all all of them: docs/dev/TESTING.md says which run where).
BUILD_DIR ?= build
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
CTEST_ARGS ?=

.PHONY: all deps configure build run test bench bench-cfd fuzz package format tidy clean \
        check-format check-tidy check-asan check-tsan fuzz-smoke check-ci check-all

# No "Entering directory" lines from the sub-makes of a Makefile-generated build.
MAKEFLAGS += --no-print-directory
# Ninja when installed (install-deps.sh installs it) for a new build folder; an existing folder
# keeps the generator it was configured with.
GENERATOR := $(if $(wildcard $(BUILD_DIR)/CMakeCache.txt),,$(if $(shell command -v ninja),-G Ninja,))

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS) >$(BUILD_DIR).configure.log 2>&1 \
	  || { cat $(BUILD_DIR).configure.log; exit 1; }
	@sed -n '/Myriad .* configuration/,/^-- $$/p' $(BUILD_DIR).configure.log

build: configure
	@cmake --build $(BUILD_DIR) -j$(JOBS)

run: build
	@scripts/run-app.sh $(BUILD_DIR)/app/myriad $(FILE)

test: build
	@cd $(BUILD_DIR) && ctest --output-on-failure -j$(JOBS) $(CTEST_ARGS)

# SimGrid (bench_maxmin_simgrid) is installed before configuring, so CMake finds it.
bench:
	@scripts/install-deps.sh --bench
	@$(MAKE) --no-print-directory build
	@scripts/run-benchmarks.sh $(BUILD_DIR)

# Reference CFD comparison of the thermal model (OpenFOAM, ~5 min): docs/models/thermal-cfd.md.
bench-cfd:
	@scripts/install-deps.sh --bench
	@$(MAKE) --no-print-directory configure
	@cmake --build $(BUILD_DIR) -j$(JOBS) --target myriad-cli
	@MYRIAD_CLI=$(BUILD_DIR)/tools/myriad-cli bench/openfoam/run.sh $(BUILD_DIR)/bench-cfd/case

fuzz:
	@scripts/install-deps.sh --fuzz
	@fuzz/run-fuzz.sh $(or $(SECONDS),60)

package: build
	@cd $(BUILD_DIR) && cpack -G DEB

format:
	@git ls-files '*.cpp' '*.h' '*.cu' '*.cuh' | xargs clang-format -i

tidy: configure
	@git ls-files 'engine/*.cpp' | xargs clang-tidy -p $(BUILD_DIR) --quiet

# --- Quality gates (docs/dev/TESTING.md) -------------------------------------------------------
# clang-format on every tracked C++/CUDA file, and no test that sleeps or measures time.
check-format:
	@scripts/check-format.sh

# clang-tidy on engine, scenes and tools; .clang-tidy's WarningsAsErrors fail the gate.
check-tidy: build
	@scripts/check-tidy.sh $(BUILD_DIR) $(JOBS)

# ASan + UBSan (and MYRIAD_ASSERT) on a headless clang build (build-asan: engine, CLI, their tests
# and the fuzz targets, which fuzz-smoke then runs): the engine and CLI tests.
check-asan:
	@scripts/install-deps.sh --fuzz
	@MYRIAD_FUZZ=1 scripts/check-sanitizer.sh address,undefined $(BUILD_DIR)-asan 'engine|cli' $(JOBS)

# TSan on the live scheduler's threads (test_live_scheduler_threads).
check-tsan: deps
	@scripts/check-sanitizer.sh thread $(BUILD_DIR)-tsan threads $(JOBS) test_live_scheduler_threads

# Every fuzz target for FUZZ_SECONDS (30) from its seed corpus, in check-asan's build; a finding
# fails (docs/dev/FUZZING.md).
fuzz-smoke:
	@scripts/install-deps.sh --fuzz
	@FUZZ_DIR=$(BUILD_DIR)-asan fuzz/run-fuzz.sh $(or $(FUZZ_SECONDS),30)

# What .ci/run runs after make test (within the CI budget; see docs/dev/TESTING.md).
check-ci: check-format check-tidy check-asan check-tsan fuzz-smoke

check-all: test check-format check-tidy check-asan check-tsan fuzz-smoke

clean:
	@rm -rf $(BUILD_DIR) $(BUILD_DIR).configure.log $(BUILD_DIR)-asan $(BUILD_DIR)-tsan
