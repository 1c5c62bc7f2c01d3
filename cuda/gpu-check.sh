#!/usr/bin/env bash
# GPU check for a borrowed machine with an NVIDIA GPU: configure with CUDA forced ON, build the
# backend, its tests and the benchmarks, run the cuda-labelled tests with MYRIAD_REQUIRE_GPU=1
# (a missing device then fails instead of skipping), prove that the live loop's traffic and
# thermal stages run on CUDA (myriad-cli apply --backend cuda must name CUDA for both), run the
# benchmarks, and collect the logs.
#
# Usage (from anywhere):  cuda/gpu-check.sh [build-dir]      default build dir: build-gpu
# Environment:
#   OUT                      when set, logs and a summary are written there (else <build>/gpu-check)
#   JOBS                     parallel build jobs (default: number of CPUs)
#   MYRIAD_CUDA_ARCHITECTURES  architectures to build (default 90, the H100/H200 generation)
#   MYRIAD_GPU_PREBUILT=1    skip configure and build: run what cuda/gpu-bundle.sh unpacked into
#                            the build dir (a machine with the GPU driver but no Qt, Boost or VTK)
#   STEP_TIMEOUT             seconds each step may run (default: no limit)
# Exit status: 0 when every step passed, else the first failing step's status.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-gpu}
out=${OUT:-$build/gpu-check}
jobs=${JOBS:-$(nproc)}
archs=${MYRIAD_CUDA_ARCHITECTURES:-90}
mkdir -p "$out"
status=0

step() { # step NAME COMMAND...: run, log to $out/NAME.log, remember the first failure
  local name=$1
  shift
  echo "== $name: $*" | tee -a "$out/summary.txt"
  # timeout runs programs, not this script's functions (declare -F names a function).
  if [ -n "${STEP_TIMEOUT:-}" ] && ! declare -F "$1" >/dev/null; then
    timeout "$STEP_TIMEOUT" "$@" >"$out/$name.log" 2>&1
  else
    "$@" >"$out/$name.log" 2>&1
  fi
  local rc=$?
  echo "   exit $rc" | tee -a "$out/summary.txt"
  tail -n 5 "$out/$name.log"
  if [ $rc -ne 0 ] && [ $status -eq 0 ]; then status=$rc; fi
  return $rc
}

: >"$out/summary.txt"
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,compute_cap --format=csv 2>&1
} >>"$out/summary.txt"

prebuilt=${MYRIAD_GPU_PREBUILT:-0}
if [ "$prebuilt" != 1 ]; then
step configure cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
  -DMYRIAD_ENABLE_CUDA=ON -DMYRIAD_CUDA_ARCHITECTURES="$archs" \
  -DMYRIAD_BUILD_SCENES=OFF -DBUILD_TESTING=ON || exit $status
step build cmake --build "$build" -j "$jobs" --target myriad_backend myriad_cuda myriad-cli \
  test_backend_factory test_poisson_parity test_maxmin_parity test_thermal_parity \
  || exit $status
fi

export CI=true MYRIAD_REQUIRE_GPU=1
step tests ctest --test-dir "$build" --output-on-failure -L cuda \
  --output-junit "$out/ctest-cuda.xml"
step factory "$build/tests/cuda/test_backend_factory" -v2

# The live loop on the GPU: apply an edit to the lab sample with the CUDA solvers injected and
# require that the traffic and thermal stages report CUDA (a fallback to the CPU fails here).
live_cuda() {
  "$build/tools/myriad-cli" apply builtin:lab-256 "$root/samples/edits/lab-move-network-rack.json" \
    --stages traffic,thermal --backend cuda || return $?
}
if step live-cuda live_cuda; then
  for stage in traffic thermal; do
    if ! grep -q "^  $stage: CUDA (" "$out/live-cuda.log"; then
      echo "   live-cuda: the $stage stage did not run on CUDA:" | tee -a "$out/summary.txt"
      grep "^  $stage: " "$out/live-cuda.log" | tee -a "$out/summary.txt"
      [ $status -eq 0 ] && status=1
    fi
  done
fi

# Benchmarks are optional: build and run them when the project defines any.
if [ "$prebuilt" = 1 ]; then
  for bench in "$build"/bench/bench_*; do
    [ -x "$bench" ] && [ "$(basename "$bench")" != bench_thermal_backends ] && step "$(basename "$bench")" "$bench"
  done
  [ -x "$build/bench/bench_thermal_backends" ] &&
    step bench_thermal_backends_gpu "$build/bench/bench_thermal_backends" 0.5 0.25
elif cmake --build "$build" --target help 2>/dev/null | grep -q '\bbenchmarks\b'; then
  if step build-bench cmake --build "$build" -j "$jobs" --target benchmarks; then
    for bench in "$build"/bench/bench_*; do
      [ -x "$bench" ] && step "$(basename "$bench")" "$bench"
    done
  fi
fi

# Thermal backends on the 10k sample hall (reference, CPU mirror, CUDA) at two cell sizes.
if [ "$prebuilt" != 1 ] && step build-bench-thermal cmake --build "$build" -j "$jobs" --target bench_thermal_backends; then
  step bench_thermal_backends_gpu "$build/bench/bench_thermal_backends" 0.5 0.25
fi

echo "gpu-check: overall exit $status (logs in $out)" | tee -a "$out/summary.txt"
exit $status
