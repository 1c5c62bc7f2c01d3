#!/usr/bin/env bash
# make check-format: every tracked C++ and CUDA file is clang-formatted (.clang-format), and no
# test sleeps or measures time (scripts/check-no-timing.sh). Fails with the files to fix;
# `make format` fixes the first part.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=()
while IFS= read -r f; do
  clang-format --dry-run --Werror "$f" >/dev/null 2>&1 || bad+=("$f")
done < <(git ls-files '*.cpp' '*.h' '*.cu' '*.cuh')
if [ ${#bad[@]} -gt 0 ]; then
  echo "check-format: ${#bad[@]} file(s) not formatted (run make format):" >&2
  printf '  %s\n' "${bad[@]}" >&2
  exit 1
fi
echo "check-format: every tracked C++/CUDA file is formatted"
scripts/check-no-timing.sh
echo "check-format: no test sleeps or measures time"
