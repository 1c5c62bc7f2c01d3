#!/usr/bin/env bash
# Run the libFuzzer targets (docs/dev/FUZZING.md; `make fuzz`, `make fuzz-smoke`): configures and
# builds the clang ASan+UBSan build with MYRIAD_BUILD_FUZZ=ON in $FUZZ_DIR (default build-asan/, the build of make check-asan)
# through scripts/check-sanitizer.sh, then runs each target's CTest test (label fuzz) for SECONDS,
# or only the named targets. The target list is fuzz/CMakeLists.txt's, not repeated here.
# Findings fail the run; the log and the artifact (crash-*, leak-*, timeout-*, oom-*) are in
# $FUZZ_DIR/fuzz/work/TARGET/. Needs clang and libclang-rt-14-dev (scripts/install-deps.sh --fuzz).
# FUZZ_JOBS (default: the number of cores) sets the build jobs and the fuzzers run at once.
# Usage: fuzz/run-fuzz.sh [SECONDS] [TARGET...]      e.g. fuzz/run-fuzz.sh 300 scene
set -euo pipefail
seconds="${1:-60}"
shift || true
cd "$(dirname "$0")/.."
dir="${FUZZ_DIR:-build-asan}"
jobs="${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 2)}"
names=("${@#fuzz_}") # "scene" or "fuzz_scene"
if [ ${#names[@]} -eq 0 ]; then
  labels=fuzz
  build=(fuzz_all)
else
  labels="^fuzz-($(IFS='|' && echo "${names[*]}"))\$"
  build=("${names[@]/#/fuzz_}")
fi
MYRIAD_FUZZ=1 MYRIAD_FUZZ_SECONDS="$seconds" \
  exec scripts/check-sanitizer.sh address,undefined "$dir" "$labels" "$jobs" "${build[@]}"
