#!/usr/bin/env bash
# Build the telemetry libFuzzer targets with clang++ and run each for SECONDS (default 60)
# with samples/telemetry/ as the seed corpus. Needs: clang, libclang-rt-14-dev (Debian 12).
# Findings (crash-*, leak-*, timeout-*) land in $FUZZ_DIR/artifacts/; exit status 1 if any.
# Usage: fuzz/run-fuzz.sh [SECONDS] [TARGET...]     (FUZZ_DIR defaults to build-fuzz/)
set -euo pipefail
seconds="${1:-60}"
shift || true
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${FUZZ_DIR:-$root/build-fuzz}"
cxx="${CXX_FUZZ:-clang++}"
mkdir -p "$out/obj" "$out/artifacts"
flags=(-std=c++20 -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined
       -I"$root/engine/include" -I"$root/engine/src")
sources=(snapshot prometheus_text prometheus_json nvidia_smi_csv redfish parse_dispatch)
objs=()
for s in "${sources[@]}"; do
  "$cxx" "${flags[@]}" -c "$root/engine/src/telemetry/$s.cpp" -o "$out/obj/$s.o"
  objs+=("$out/obj/$s.o")
done
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(prometheus_text prometheus_json nvidia_smi_csv redfish snapshot_auto)
fi
status=0
for t in "${targets[@]}"; do
  "$cxx" "${flags[@]}" -fsanitize=fuzzer "$root/fuzz/fuzz_$t.cpp" "${objs[@]}" -o "$out/fuzz_$t"
  corpus="$out/corpus/$t"
  mkdir -p "$corpus"
  cp -n "$root"/samples/telemetry/*.prom "$root"/samples/telemetry/*.json \
        "$root"/samples/telemetry/*.csv "$corpus/" 2>/dev/null || true
  if [ -d "$root/fuzz/regressions" ]; then
    cp -n "$root"/fuzz/regressions/* "$corpus/" 2>/dev/null || true
  fi
  echo "== fuzz_$t for ${seconds}s"
  if ! "$out/fuzz_$t" "$corpus" -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 \
        -timeout=10 -artifact_prefix="$out/artifacts/${t}-" -print_final_stats=1 \
        > "$out/fuzz_$t.log" 2>&1; then
    echo "!! fuzz_$t found a problem; see $out/fuzz_$t.log and $out/artifacts/"
    tail -30 "$out/fuzz_$t.log"
    status=1
  else
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "$out/fuzz_$t.log" || true
  fi
done
exit $status
