#!/usr/bin/env bash
# make check-asan / check-tsan: a headless build (engine, CLI and their tests; no VTK, app or CUDA)
# with sanitizers and MYRIAD_ASSERT on, then the tests of the given CTest labels. Any sanitizer
# finding aborts its test (-fno-sanitize-recover=all, halt_on_error), so the gate fails.
# Usage: scripts/check-sanitizer.sh SANITIZERS BUILD_DIR LABEL_REGEX [JOBS] [TARGET...]
#   scripts/check-sanitizer.sh address,undefined build-asan 'engine|cli'
#   scripts/check-sanitizer.sh thread build-tsan threads
# MYRIAD_FUZZ=1: the same build with clang and the libFuzzer targets (-DMYRIAD_BUILD_FUZZ=ON,
# fuzz/CMakeLists.txt; label fuzz); fuzz/run-fuzz.sh uses it. gcc otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
san="$1" dir="$2" labels="$3" jobs="${4:-2}"
shift 4 || shift $#
targets=("$@")
launcher=()
if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
fuzz=()
if [ "${MYRIAD_FUZZ:-0}" = 1 ]; then
  export CC=clang CXX=clang++ # libFuzzer is clang's (CC/CXX apply to a new build folder)
  fuzz=(-DMYRIAD_BUILD_FUZZ=ON)
fi
generator=()
if command -v ninja >/dev/null && [ ! -f "$dir/Makefile" ]; then generator=(-G Ninja); fi
echo "check-sanitizer: -fsanitize=$san in $dir, tests labelled '$labels'"
# -O1 -g1: ASan's and TSan's recommended optimisation, and line tables (enough for symbolised
# stack traces) instead of full debug information: a quicker build of the same code.
cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" \
  -DMYRIAD_SANITIZER="$san" -DMYRIAD_ASSERTS=ON -DMYRIAD_BUILD_SCENES=OFF \
  -DMYRIAD_ENABLE_CUDA=OFF -DBUILD_TESTING=ON "${launcher[@]}" "${fuzz[@]}" >"$dir.configure.log" 2>&1 \
  || { cat "$dir.configure.log"; exit 1; }
if [ ${#targets[@]} -gt 0 ]; then
  cmake --build "$dir" -j"$jobs" --target "${targets[@]}"
else
  cmake --build "$dir" -j"$jobs"
fi
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export TSAN_OPTIONS="${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:suppressions=$PWD/tests/tsan.supp}"
export LSAN_OPTIONS="${LSAN_OPTIONS:-suppressions=$PWD/tests/lsan.supp}"
cd "$dir"
ctest --output-on-failure -j"$jobs" -L "$labels"
