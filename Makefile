# Myriad — the two commands:  make run  (set up, build, open the app)  and  make test.
# Everything else is here too: make build, bench, fuzz, package, format, clean.
BUILD_DIR ?= build
JOBS      ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_ARGS ?=
CTEST_ARGS ?=

.PHONY: all deps configure build run test bench bench-cfd fuzz package format tidy clean

all: build

deps:
	@scripts/install-deps.sh

configure: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=RelWithDebInfo $(CMAKE_ARGS) >$(BUILD_DIR).configure.log 2>&1 \
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

clean:
	@rm -rf $(BUILD_DIR) $(BUILD_DIR).configure.log
