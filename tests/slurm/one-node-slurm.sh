#!/usr/bin/env bash
# one-node-slurm.sh — start/stop a throw-away, real one-node Slurm cluster in a directory.
#
# Usage (as root; Debian 12 packages slurm-wlm + munge, see scripts/install-deps.sh):
#   tests/slurm/one-node-slurm.sh start DIR   # DIR is created if missing; use an empty one
#   . DIR/env.sh                              # exports SLURM_CONF, SLURM_FIXTURE_DIR (the same
#                                             # export lines are also printed on stdout)
#   sbatch ...; squeue ...; scontrol ...; sacct -c ...
#   tests/slurm/one-node-slurm.sh stop DIR    # idempotent; safe to call from an EXIT trap
# Environment: SLURM_FIXTURE_TIMEOUT (s to wait for the node to be idle, default 60),
#   SLURM_FIXTURE_EXTRA_CONF (lines appended to slurm.conf), CI (see exit codes).
#
# What `start` does:
#   * writes DIR/slurm.conf (+ an empty DIR/plugstack.conf): state (DIR/state), spool
#     (DIR/spool), logs, pid files and the job-completion file all live under DIR; SlurmctldPort
#     and SlurmdPort are free ports picked at start. Nothing under /etc/slurm, /var/spool,
#     /var/log/slurm or /run/slurm is read or written (checked with strace). System paths used
#     are MUNGE's only: /etc/munge/munge.key, /run/munge (socket, munged.pid) and munged's
#     /var/lib/munge/munged.seed.
#   * starts munged (as the munge user via setpriv, `munged -F` in the background) only if no
#     munged answers on the default socket already (`munge -n | unmunge`); an already running
#     munged is used as is and never stopped. A stale socket left by a killed munged is fine.
#   * starts `slurmctld -D` and `slurmd -D` as root in the background, stdin/stdout/stderr
#     detached from the caller (logs: DIR/slurmctld.log, DIR/slurmd.log; their stderr, which
#     repeats the log, in DIR/*.out; munged's in DIR/munged.out), records "NAME PID" lines in
#     DIR/pids (munged only if we started it), polls (0.2 s) until `sinfo -h -o %T` says "idle"
#     (typically < 1 s), then writes DIR/env.sh and prints its lines.
#   * Cluster "fixture": partition "debug" (default) with the one node from `slurmd -C`
#     (NodeAddr=127.0.0.1), SelectType=select/cons_tres (CR_Core: CPUs only, memory is not a
#     consumable), SlurmUser=root, ProctrackType=proctrack/linuxproc, TaskPlugin=task/none,
#     MpiDefault=none, ReturnToService=2, batch_sched_delay=0, MinJobAge=300.
#   * Accounting: no slurmdbd, so AccountingStorageType=accounting_storage/none and plain
#     `sacct` fails ("Slurm accounting storage is disabled"). JobCompType=jobcomp/filetxt writes
#     one line per finished job to DIR/jobcomp.log, and `sacct -c` (--completion) reads it:
#     `sacct -c -n -X -P -o JobID,State -j ID,...`. Caveat: there each array task has its own raw
#     job id (the array's id stays with the last task) and `-j ARRAY` / `-j ARRAY_TASK` select
#     only that one raw id; the ArrayJobId=/ArrayTaskId= fields of the file are not parsed by
#     sacct 22.05 (it warns "Unknown type ArrayJobId" on stderr). Map tasks with
#     `scontrol -o show job ARRAY` (finished tasks stay there for MinJobAge) or grep the file.
#     Without -j, sacct -c only shows jobs since midnight unless given -S.
#
# `stop` cancels any jobs still queued, then SIGTERMs (SIGKILL after 15 s) exactly the recorded
# pids — slurmd, slurmctld, then munged if we started it — checking each pid still runs that
# program, waits for them to exit and renames DIR/pids to DIR/pids.stopped.
#
# Exit codes: 0 ok; 1 failure (reason on stderr, with the tail of the daemon log; whatever was
# started is stopped again); 77 this machine cannot run the daemons (not root, Slurm or MUNGE not
# installed, no MUNGE key) — but 1 instead of 77 when CI=true, so CI fails rather than skips.
#
# Two clusters at once in different DIRs work (own ports, state, node daemons) when a munged is
# already running; if none is, concurrent starts race to start munged and the first `stop` takes
# it away from the other — so keep such tests serial (CTest RUN_SERIAL).
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
cmd=$1
case $2 in /*) DIR=${2%/} ;; *) DIR=$PWD/${2%/} ;; esac
CONF=$DIR/slurm.conf
PIDS=$DIR/pids
TIMEOUT=${SLURM_FIXTURE_TIMEOUT:-60}

say() { echo "one-node-slurm: $*" >&2; }

# Can't run here: skip (77), except under CI where it must fail.
skip() {
  if [ "${CI:-}" = "true" ]; then say "cannot run (CI=true, so failing instead of skipping): $*"; exit 1; fi
  say "SKIP: $*"
  exit 77
}

# pid_alive PID NAME: the process exists and is (still) NAME, not a recycled pid.
pid_alive() {
  local comm
  comm=$(cat "/proc/$1/comm" 2>/dev/null) || return 1
  [ "$comm" = "$2" ] || return 1
  # a zombie counts as gone
  [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]
}

# show_log NAME: the tail of DIR/NAME.log, or of DIR/NAME.out (the daemon's stdout/stderr, which
# has the same lines plus any fatal error from before the log file was opened) if that is empty.
# wait_exec PID NAME: after `cmd &`, wait until the child has exec'd NAME (until then its comm is
# still bash's or setpriv's, and pid_alive would call it dead). Fails if it exits first.
wait_exec() {
  local end=$((SECONDS + 10)) comm
  while :; do
    comm=$(cat "/proc/$1/comm" 2>/dev/null) || return 1
    [ "$comm" = "$2" ] && return 0
    [ $SECONDS -lt $end ] || return 1
    sleep 0.02
  done
}

show_log() {
  local f=$DIR/$1.log
  [ -s "$f" ] || f=$DIR/$1.out
  [ -s "$f" ] || return 0
  echo "----- last lines of $f -----" >&2
  tail -n 25 "$f" >&2
  echo "-----" >&2
}

stop_all() {
  [ -f "$PIDS" ] || return 0 # never started, or already stopped
  local name pid
  # Cancel leftover jobs first so their slurmstepd/job processes don't outlive the cluster.
  if pid=$(awk '$1=="slurmctld"{print $2}' "$PIDS") && [ -n "$pid" ] && pid_alive "$pid" slurmctld; then
    local jobs
    jobs=$(SLURM_CONF=$CONF timeout 10 squeue -h -o %A 2>/dev/null | sort -u || true)
    if [ -n "$jobs" ]; then
      # shellcheck disable=SC2086
      SLURM_CONF=$CONF timeout 10 scancel $jobs 2>/dev/null || true
      local end=$((SECONDS + 15))
      while [ $SECONDS -lt $end ] && [ -n "$(SLURM_CONF=$CONF timeout 5 squeue -h -o %A 2>/dev/null || true)" ]; do
        sleep 0.5
      done
    fi
  fi
  # slurmd first, then slurmctld, munged last (and only if we started it: it is in the file).
  for name in slurmd slurmctld munged; do
    while read -r n pid; do
      [ "$n" = "$name" ] || continue
      pid_alive "$pid" "$name" || continue
      kill -TERM "$pid" 2>/dev/null || true
      local end=$((SECONDS + 15))
      while pid_alive "$pid" "$name" && [ $SECONDS -lt $end ]; do sleep 0.1; done
      if pid_alive "$pid" "$name"; then
        say "$name ($pid) ignored SIGTERM for 15 s; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        end=$((SECONDS + 5))
        while pid_alive "$pid" "$name" && [ $SECONDS -lt $end ]; do sleep 0.1; done
      fi
    done <"$PIDS"
  done
  mv -f "$PIDS" "$PIDS.stopped"
}

fail() {
  say "FAILED: $*"
  stop_all || true
  exit 1
}

# free_port AVOID: print a TCP port nobody listens on (and != AVOID).
free_port() {
  local avoid=${1:-0} port
  local used
  used=$(ss -Htln 2>/dev/null | awk '{n=split($4,a,":"); print a[n]}' | sort -u || true)
  for _ in $(seq 1 200); do
    port=$((20000 + (RANDOM * 32768 + RANDOM) % 30000))
    [ "$port" != "$avoid" ] || continue
    if [ -n "$used" ] && grep -qx "$port" <<<"$used"; then continue; fi
    # double check with a connect (also covers a missing ss)
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
    echo "$port"
    return 0
  done
  return 1
}

do_start() {
  # ---- can this machine run it at all? (77) ----
  [ "$(id -u)" -eq 0 ] || skip "must run as root (slurmd and SlurmUser=root need it)"
  local b
  for b in slurmctld slurmd sbatch squeue sinfo scontrol sacct; do
    command -v "$b" >/dev/null || skip "Slurm is not installed ($b missing; apt-get install slurm-wlm)"
  done
  for b in munge unmunge munged; do
    command -v "$b" >/dev/null || skip "MUNGE is not installed ($b missing; apt-get install munge)"
  done

  mkdir -p "$DIR" || fail "cannot create $DIR"
  if [ -f "$PIDS" ]; then
    local n p
    while read -r n p; do
      pid_alive "$p" "$n" && fail "$DIR already has a running cluster ($n pid $p); stop it first"
    done <"$PIDS"
    rm -f "$PIDS"
  fi
  rm -f "$DIR/env.sh"
  : >"$PIDS"

  # ---- MUNGE ----
  if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
    say "using the munged that is already running"
  else
    [ -r /etc/munge/munge.key ] || skip "no MUNGE key /etc/munge/munge.key (and no munged running)"
    id munge >/dev/null 2>&1 || skip "no 'munge' user (MUNGE not installed properly)"
    mkdir -p /run/munge
    chown munge:munge /run/munge
    chmod 0755 /run/munge
    # setpriv execs munged, so $! is munged's own pid (runuser would stay in between).
    setpriv --reuid=munge --regid=munge --init-groups "$(command -v munged)" -F \
      </dev/null >>"$DIR/munged.out" 2>&1 &
    local end=$((SECONDS + 15)) mpid=$!
    echo "munged $mpid" >>"$PIDS"
    wait_exec "$mpid" munged || { show_log munged; fail "munged would not start"; }
    until munge -n 2>/dev/null | unmunge >/dev/null 2>&1; do
      if ! pid_alive "$mpid" munged; then show_log munged; fail "munged would not start (see above and /var/log/munge/munged.log)"; fi
      [ $SECONDS -lt $end ] || { show_log munged; fail "munged started but does not answer after 15 s"; }
      sleep 0.1
    done
    say "started munged (pid $mpid)"
  fi

  # ---- slurm.conf ----
  mkdir -p "$DIR/state" "$DIR/spool"
  local node host ctlport dport
  # Node line as slurmd sees the hardware, minus the UpTime field.
  node=$(slurmd -C 2>/dev/null | grep -m1 '^NodeName=' | sed -E 's/ *UpTime=[^ ]*//') \
    || fail "slurmd -C printed no NodeName line"
  host=$(sed -E 's/^NodeName=([^ ]+).*/\1/' <<<"$node")
  ctlport=$(free_port) || fail "no free TCP port found"
  dport=$(free_port "$ctlport") || fail "no free TCP port found"
  : >"$DIR/plugstack.conf"
  cat >"$CONF" <<EOF
# Generated by tests/slurm/one-node-slurm.sh — a throw-away one-node cluster.
ClusterName=fixture
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctlport
SlurmdPort=$dport
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
# Default 3: array tasks freed by a finished task would wait up to 3 s to start.
SchedulerParameters=batch_sched_delay=0
ReturnToService=2
MailProg=/bin/true
PlugStackConfig=$DIR/plugstack.conf
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
# No slurmdbd: plain sacct is disabled; sacct -c reads the job-completion file below.
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$DIR/jobcomp.log
# Small timeouts for a quick start and stop.
SlurmctldTimeout=10
SlurmdTimeout=30
MessageTimeout=10
TCPTimeout=2
KillWait=5
InactiveLimit=0
MinJobAge=300
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
  # Extra lines from the caller (later settings override earlier ones).
  [ -z "${SLURM_FIXTURE_EXTRA_CONF:-}" ] || printf '%s\n' "$SLURM_FIXTURE_EXTRA_CONF" >>"$CONF"

  # ---- daemons (foreground mode, our background children; all fds away from the caller) ----
  local t0=$SECONDS
  export SLURM_CONF=$CONF
  slurmctld -D -f "$CONF" </dev/null >>"$DIR/slurmctld.out" 2>&1 &
  local ctl=$!
  echo "slurmctld $ctl" >>"$PIDS"
  wait_exec "$ctl" slurmctld || { show_log slurmctld; fail "slurmctld would not start"; }
  slurmd -D -f "$CONF" -N "$host" </dev/null >>"$DIR/slurmd.out" 2>&1 &
  local sd=$!
  echo "slurmd $sd" >>"$PIDS"
  wait_exec "$sd" slurmd || { show_log slurmd; fail "slurmd would not start"; }

  local end=$((SECONDS + TIMEOUT)) state=""
  while :; do
    pid_alive "$ctl" slurmctld || { show_log slurmctld; fail "slurmctld died (log: $DIR/slurmctld.log)"; }
    pid_alive "$sd" slurmd || { show_log slurmd; fail "slurmd died (log: $DIR/slurmd.log)"; }
    state=$(timeout 5 sinfo -h -o %T 2>/dev/null | head -n1 || true)
    [ "$state" = idle ] && break
    if [ $SECONDS -ge $end ]; then
      show_log slurmctld; show_log slurmd
      fail "node not idle after ${TIMEOUT} s (sinfo state: '${state:-no answer}')"
    fi
    sleep 0.2
  done

  cat >"$DIR/env.sh" <<EOF
export SLURM_CONF=$CONF
export SLURM_FIXTURE_DIR=$DIR
EOF
  say "cluster up in $((SECONDS - t0)) s (node $host, slurmctld port $ctlport, slurmd port $dport)"
  cat "$DIR/env.sh"
}

case $cmd in
  start) do_start ;;
  stop) stop_all ;;
  *) usage ;;
esac
