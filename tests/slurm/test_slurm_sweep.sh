#!/usr/bin/env bash
# test_slurm_sweep.sh MYRIAD_CLI — a design-space sweep through a real Slurm: a 6-scenario sweep
# of lab-256 (3 energy prices × 2 supply setpoints, the GPT-13B lab job timed on each) is planned
# twice; one folder runs on a one-node Slurm cluster started here (one-node-slurm.sh) with
# `myriad-cli sweep run DIR --executor slurm` (an sbatch job array, at most 2 tasks at once,
# followed with squeue), the other with the local pool; the two gathered tables must be the
# same, row by row. Then one result is deleted and `--executor slurm` resubmits only that task.
# The cluster's MaxArraySize is 4 (task ids 0–3), so the six scenarios go as two arrays: 0–3 and
# 4–5 (task ids 0–1 + offset 4), followed together.
#
# Exit codes: 0 pass, 1 fail, 77 skip (from the fixture: not root, Slurm or MUNGE missing; under
# CI=true the fixture fails instead). Prints the seconds each executor took.
set -euo pipefail

cli=$(readlink -f "$1")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
samples=$(cd "$here/../../samples" && pwd)
fixture=$here/one-node-slurm.sh
die() { echo "test_slurm_sweep: FAIL: $*" >&2; exit 1; }
now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

D=$(mktemp -d "${TMPDIR:-/tmp}/slurm-sweep.XXXXXX")
cleanup() {
  local rc=$?
  "$fixture" stop "$D/cluster" || rc=1
  if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
    echo "test_slurm_sweep: kept $D for inspection" >&2
  else
    rm -rf "$D"
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

rc=0
SLURM_FIXTURE_EXTRA_CONF="MaxArraySize=4" "$fixture" start "$D/cluster" >/dev/null || rc=$?
[ $rc -eq 0 ] || exit $rc
# shellcheck source=/dev/null
. "$D/cluster/env.sh"

cat >"$D/sweep.json" <<EOF
{
  "base": { "builtin": "lab-256" },
  "jobs": [ "$samples/jobs/gpt-13b-lab.json" ],
  "parameters": [
    { "name": "energyPrice", "values": [ 0.05, 0.10, 0.15 ] },
    { "name": "supplySetpointC", "values": [ 18, 24 ] }
  ]
}
EOF
"$cli" sweep plan "$D/sweep.json" -o "$D/on-slurm" >/dev/null
"$cli" sweep plan "$D/sweep.json" -o "$D/local" >/dev/null

t0=$(now)
"$cli" sweep run "$D/on-slurm" --executor slurm --max-parallel 2 --time 00:05:00 \
  >"$D/slurm-run.log" 2>&1 || { cat "$D/slurm-run.log" >&2; die "the Slurm executor failed"; }
t1=$(now)
grep -q "submitted Slurm job" "$D/slurm-run.log" || die "no job was submitted"
grep -q "6 of 6 scenario(s) ok" "$D/slurm-run.log" || { cat "$D/slurm-run.log" >&2; die "not every task ended ok"; }
grep -q -- "--array=0-3%2" "$D/on-slurm/slurm/sweep-0.sbatch" || die "the first array is not 0-3%2"
grep -q -- "--array=0-1%2" "$D/on-slurm/slurm/sweep-1.sbatch" || die "the second array is not 0-1%2"
grep -q -- 'SLURM_ARRAY_TASK_ID + 4' "$D/on-slurm/slurm/sweep-1.sbatch" || die "the second array has no offset 4"
ls "$D"/on-slurm/slurm/task-*_*.out >/dev/null || die "no task output files from Slurm"

t2=$(now)
"$cli" sweep run "$D/local" --executor local -j 2 >/dev/null 2>&1 || die "the local executor failed"
t3=$(now)

"$cli" sweep gather "$D/on-slurm" -o "$D/slurm.csv" >/dev/null
"$cli" sweep gather "$D/local" -o "$D/local.csv" >/dev/null
[ "$(wc -l <"$D/slurm.csv")" -eq 7 ] || die "the Slurm table has not 6 rows"
diff "$D/slurm.csv" "$D/local.csv" >&2 || die "the Slurm and local tables differ"

# Resubmitting only what is missing: one task's result removed, one task in the new array.
rm "$D/on-slurm/results/3.json"
"$cli" sweep run "$D/on-slurm" --executor slurm --max-parallel 2 >"$D/resubmit.log" 2>&1 ||
  { cat "$D/resubmit.log" >&2; die "the resubmission failed"; }
grep -q -- "--array=0%2" "$D/on-slurm/slurm/sweep-2.sbatch" || die "the resubmission is not one task"
grep -q -- 'SLURM_ARRAY_TASK_ID + 3' "$D/on-slurm/slurm/sweep-2.sbatch" || die "the resubmission is not scenario 3"
"$cli" sweep gather "$D/on-slurm" -o "$D/slurm2.csv" >/dev/null
diff "$D/slurm2.csv" "$D/local.csv" >&2 || die "the resubmitted table differs"

echo "test_slurm_sweep: ok: 6 scenarios on Slurm in $(secs "$t0" "$t1") s, local pool in $(secs "$t2" "$t3") s"
