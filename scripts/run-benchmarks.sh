#!/usr/bin/env bash
# Builds and runs every benchmark (bench/bench_*.cpp) plus myriad-cli bench, printing their
# numbers. GL benchmarks run under xvfb-run when no display is set. Results go to stdout and to
# BUILD/bench-results.txt; copy them into docs/benchmarks.md with the machine they ran on.
set -u
build=${1:-build}
cmake --build "$build" -j"$(nproc)" --target benchmarks myriad-cli >/dev/null || exit 1
out="$build/bench-results.txt"
: >"$out"
run() { echo "\$ $*" | tee -a "$out"; "$@" 2>&1 | tee -a "$out"; echo | tee -a "$out"; }
gl() { if [ -n "${DISPLAY:-}" ]; then run "$@"; else run xvfb-run -a -s "-screen 0 1600x1000x24" "$@"; fi; }
run "$build/tools/myriad-cli" bench --builtin h100-superpod-10k
run "$build/tools/myriad-cli" bench --builtin h100-superpod-10k --gpus 102400 --repeat 1
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  case "$(basename "$b")" in
    *scene*|*frame*|*render*|*app*) gl "$b" ;;
    *) run "$b" ;;
  esac
done
if [ -x "$build/app/myriad" ]; then
  gl "$build/app/myriad" --benchmark-frames 100
fi
# Sweeps: local pool against a one-node Slurm started by the script (needs root, slurm-wlm, munge).
run bash "$(dirname "$0")/../bench/sweep/bench_sweep.sh" "$build/tools/myriad-cli"
echo "results in $out"
