#!/usr/bin/env bash
# bench_sweep.sh MYRIAD_CLI — scenarios per minute of `myriad-cli sweep`, local pool against a
# Slurm job array on a one-node cluster started here (tests/slurm/one-node-slurm.sh; needs root,
# slurm-wlm and munge), on two sweeps with every model:
#   lab-64   lab-256 × 2 GPU counts × 4 switch placements × 4 energy prices × 2 setpoints
#   10k-16   samples/sweeps/superpod-10k-placement.json (the 10,240-GPU hall, Llama 3 405B)
# Both executors use 2 processes at a time (the 2-core machine); their tables must be the same.
# Prints one Markdown table row per sweep and executor: scenarios, wall time, scenarios/min,
# mean task wall time and the largest task's peak memory (from the results).
set -euo pipefail

cli=$(readlink -f "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
fixture=$root/tests/slurm/one-node-slurm.sh
D=$(mktemp -d "${TMPDIR:-/tmp}/bench-sweep.XXXXXX")
trap '"$fixture" stop "$D/cluster" >/dev/null 2>&1 || true; rm -rf "$D"' EXIT

"$fixture" start "$D/cluster" >/dev/null
# shellcheck source=/dev/null
. "$D/cluster/env.sh"

cat >"$D/lab-64.json" <<EOF
{
  "base": { "builtin": "lab-256" },
  "jobs": [ "$root/samples/jobs/gpt-13b-lab.json" ],
  "parameters": [
    { "name": "gpus", "values": [ 256, 512 ] },
    { "name": "switchPlacement", "values": [ "per-su", "end-of-row", "middle-of-row", "central-row" ] },
    { "name": "energyPrice", "values": [ 0.04, 0.08, 0.12, 0.16 ] },
    { "name": "supplySetpointC", "values": [ 18, 24 ] }
  ]
}
EOF
cp "$root/samples/sweeps/superpod-10k-placement.json" "$D/10k-16.json"
sed -i "s#\"../jobs/#\"$root/samples/jobs/#" "$D/10k-16.json"

stats() { # DIR: mean task wall time (s) and the largest peak memory (MiB) of its results
  python3 - "$1" <<'EOF'
import glob, json, sys
results = [json.load(open(p)) for p in glob.glob(sys.argv[1] + "/results/*.json")]
walls = [r["wallS"] for r in results]
print("%.2f %.0f" % (sum(walls) / len(walls), max(r["peakRssMiB"] for r in results)))
EOF
}

echo "| sweep | executor | scenarios | wall s | scenarios/min | mean task s | peak MiB/task |"
echo "|---|---|---|---|---|---|---|"
for sweep in lab-64 10k-16; do
  for executor in local slurm; do
    dir=$D/$sweep-$executor
    "$cli" sweep plan "$D/$sweep.json" -o "$dir" >/dev/null
    t0=$(date +%s.%N)
    if [ $executor = local ]; then
      "$cli" sweep run "$dir" --executor local -j 2 >/dev/null 2>&1
    else
      "$cli" sweep run "$dir" --executor slurm --max-parallel 2 >/dev/null 2>&1
    fi
    t1=$(date +%s.%N)
    "$cli" sweep gather "$dir" -o "$dir.csv" >/dev/null
    n=$(($(wc -l <"$dir.csv") - 1))
    read -r mean peak < <(stats "$dir")
    awk -v s="$sweep" -v e="$executor" -v n="$n" -v a="$t0" -v b="$t1" -v m="$mean" -v p="$peak" \
      'BEGIN { w = b - a; printf "| %s | %s | %d | %.1f | %.0f | %s | %s |\n", s, e, n, w, n / w * 60, m, p }'
  done
  cmp -s "$D/$sweep-local.csv" "$D/$sweep-slurm.csv" || { echo "bench_sweep: the $sweep tables differ" >&2; exit 1; }
done
