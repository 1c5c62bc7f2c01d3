#!/usr/bin/env bash
# Tests never assert a duration and never sleep a fixed time (docs/dev/TESTING.md): speed is
# measured by benchmarks (bench/), and tests wait on signals or conditions (QSignalSpy::wait,
# QTRY_*, QTest::qWaitFor) or drive time through the code's own timers. Run by make check-format.
# Exit status 1 and the offending lines when a test breaks the rule.
set -euo pipefail
cd "$(dirname "$0")/.."
# A fixed sleep: qWait with a duration, thread sleeps, usleep/nanosleep.
sleeps='QTest::qWait\(|std::this_thread::sleep_|QThread::(msleep|usleep|sleep)\(|\busleep\(|\bnanosleep\(|\bsleep\([0-9]'
# A duration measured in a test: elapsed timers and clocks (printing one is not allowed either:
# a number nobody checks belongs in a benchmark).
timing='QElapsedTimer|steady_clock|high_resolution_clock|system_clock::now'
found=0
while IFS= read -r file; do
  if grep -nE "$sleeps|$timing" "$file" >/tmp/check-no-timing.$$ 2>/dev/null; then
    sed "s|^|$file:|" /tmp/check-no-timing.$$
    found=1
  fi
done < <(git ls-files 'tests/*.cpp' 'tests/*.h')
rm -f /tmp/check-no-timing.$$
if [ "$found" -ne 0 ]; then
  echo "check-no-timing: tests must not sleep a fixed time or measure a duration;" \
       "wait on a signal or condition, and measure speed in bench/ (docs/dev/TESTING.md)" >&2
  exit 1
fi
