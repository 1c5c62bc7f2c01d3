#!/usr/bin/env bash
# make check-tidy: clang-tidy (.clang-tidy) on every engine, scenes and tools source in the build's
# compile database. Checks listed under WarningsAsErrors fail the gate; the other checks are
# reported as warnings. Needs a configured and built tree (generated headers).
# Usage: scripts/check-tidy.sh BUILD_DIR [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
jobs="${2:-2}"
db="$build/compile_commands.json"
[ -f "$db" ] || { echo "check-tidy: $db not found: configure first (make build)" >&2; exit 2; }
files=()
while IFS= read -r f; do
  grep -q "\"file\": \"$PWD/$f\"" "$db" && files+=("$f")
done < <(git ls-files 'engine/*.cpp' 'scenes/*.cpp' 'tools/*.cpp')
log="$build/check-tidy.log"
echo "check-tidy: ${#files[@]} files, $jobs at a time (log: $log)"
status=0
printf '%s\n' "${files[@]}" | xargs -P"$jobs" -n4 clang-tidy -p "$build" --quiet >"$log" 2>&1 || status=$?
warnings=$(grep -c 'warning:' "$log" || true)
errors=$(grep -c 'error:' "$log" || true)
echo "check-tidy: $errors error(s), $warnings warning(s)"
if [ "$errors" -gt 0 ] || [ "$status" -ne 0 ]; then
  grep -A3 'error:' "$log" | head -80
  exit 1
fi
