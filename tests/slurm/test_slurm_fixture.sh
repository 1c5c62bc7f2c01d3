#!/usr/bin/env bash
# test_slurm_fixture.sh — checks that one-node-slurm.sh brings up a working Slurm cluster:
# runs a 6-task job array (`sbatch --wait --array=0-5%2`), checks every task's output file,
# that nothing is left in squeue, and that every task is recorded COMPLETED, then stops it.
#
#   bash tests/slurm/test_slurm_fixture.sh
#
# Exit codes: 0 pass, 1 fail, 77 skip (passed through from the fixture: not root, Slurm/MUNGE
# missing; under CI=true the fixture fails instead). CTest: SKIP_RETURN_CODE 77.
#
# Accounting: there is no slurmdbd, so plain `sacct` only says "Slurm accounting storage is
# disabled". The fixture sets JobCompType=jobcomp/filetxt, and `sacct -c` (--completion) reads
# that file. In it each array task is its own job id (the array's id is kept by the last task),
# with ArrayJobId=/ArrayTaskId= fields that sacct 22.05 does not parse (it prints "Unknown type
# ArrayJobId" on stderr, harmless), so the task ids are taken from `scontrol show job`, which
# lists finished tasks for MinJobAge (300 s).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
fixture=$here/one-node-slurm.sh
N=6

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }
die() { echo "test_slurm_fixture: FAIL: $*" >&2; exit 1; }

t_begin=$(now)
D=$(mktemp -d "${TMPDIR:-/tmp}/slurm-fixture.XXXXXX")
cleanup() {
  local rc=$?
  "$fixture" stop "$D" || rc=1
  if [ $rc -ne 0 ] && [ $rc -ne 77 ] && [ -e "$D/slurm.conf" ]; then
    echo "test_slurm_fixture: kept $D (logs, slurm.conf) for inspection" >&2
  else
    rm -rf "$D"
  fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# ---- start (77 passes through) ----
t0=$(now)
rc=0
"$fixture" start "$D" >/dev/null || rc=$?
[ $rc -eq 0 ] || exit $rc
t_up=$(now)
# shellcheck source=/dev/null
. "$D/env.sh"
sinfo

# ---- the array ----
mkdir -p "$D/out" "$D/logs"
cat >"$D/task.sh" <<EOF
#!/bin/bash
echo "task \$SLURM_ARRAY_TASK_ID of \$SLURM_ARRAY_JOB_ID" >"$D/out/\$SLURM_ARRAY_TASK_ID.txt"
EOF
t1=$(now)
jobid=$(timeout 120 sbatch --parsable --wait --array=0-$((N - 1))%2 --chdir="$D" \
  -o "$D/logs/%A_%a.log" -J fixture-test "$D/task.sh") || die "sbatch --wait failed (exit $?)"
jobid=${jobid%%;*}
t2=$(now)
[[ $jobid =~ ^[0-9]+$ ]] || die "sbatch printed no job id: '$jobid'"

# ---- every task wrote its file ----
for i in $(seq 0 $((N - 1))); do
  f=$D/out/$i.txt
  [ -f "$f" ] || die "missing $f"
  [ "$(cat "$f")" = "task $i of $jobid" ] || die "$f holds '$(cat "$f")', want 'task $i of $jobid'"
done
[ "$(find "$D/out" -type f | wc -l)" -eq $N ] || die "unexpected files in $D/out: $(ls "$D/out")"

# ---- nothing left in the queue ----
left=$(squeue -h -o '%i %T')
[ -z "$left" ] || die "squeue still lists: $left"

# ---- every task COMPLETED: scontrol (controller's memory) ----
tasks=$(scontrol -o show job "$jobid" | sed -nE 's/^JobId=([0-9]+) ArrayJobId=([0-9]+) ArrayTaskId=([0-9]+) .* JobState=([A-Z_]+) .*/\1 \2 \3 \4/p')
[ "$(wc -l <<<"$tasks")" -eq $N ] || die "scontrol show job $jobid lists $(wc -l <<<"$tasks") tasks, want $N: $tasks"
bad=$(awk -v j="$jobid" '$2 != j || $4 != "COMPLETED"' <<<"$tasks")
[ -z "$bad" ] || die "tasks not COMPLETED per scontrol: $bad"

# ---- ... and in the job-completion record, through sacct -c ----
ids=$(awk '{print $1}' <<<"$tasks" | sort -n | paste -sd,)
sacct_err=$(mktemp)
sacct_out=$(sacct -c -n -X -P -o JobID,State -j "$ids" 2>"$sacct_err") || { cat "$sacct_err" >&2; die "sacct -c failed"; }
rm -f "$sacct_err"
n_done=$(grep -c '|COMPLETED$' <<<"$sacct_out" || true)
[ "$n_done" -eq $N ] || die "sacct -c -j $ids: $n_done of $N COMPLETED: $sacct_out"
n_rec=$(grep -c "ArrayJobId=$jobid .*JobState=COMPLETED\|JobState=COMPLETED.* ArrayJobId=$jobid " "$D/jobcomp.log" || true)
[ "$n_rec" -eq $N ] || die "$D/jobcomp.log has $n_rec COMPLETED records for array $jobid, want $N"

echo "test_slurm_fixture: PASS: array $jobid ($N tasks, %2) ok;" \
  "start-up $(secs "$t0" "$t_up") s, array $(secs "$t1" "$t2") s, total $(secs "$t_begin" "$(now)") s"
