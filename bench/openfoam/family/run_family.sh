#!/usr/bin/env bash
# Run the CFD family (docs/models/thermal-cfd.md, "The family"): for every scene of this folder,
# bench/openfoam/run.sh at 0.3 m cells (the model's grid and the OpenFOAM mesh), then a table of
# the errors per case. Needs OpenFOAM (scripts/install-deps.sh --bench) and a built myriad-cli.
#
#   bench/openfoam/family/run_family.sh [WORK_DIR] [CASE...]     default: build/bench-cfd/family
# Environment: REFINE (OpenFOAM cells per model cell edge, 1), ITERATIONS (1500), as run.sh.
# Writes WORK_DIR/<case>/compare.md and WORK_DIR/summary.md; copies each case's inlet table to
# bench/openfoam/family/results/<case>[-refineN].md (the repository keeps tables, not fields).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(realpath -m "${1:-$root/build/bench-cfd/family}")
shift || true
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for f in "$here"/*.json; do cases+=("$(basename "$f" .json)"); done
fi
refine=${REFINE:-1}
suffix=$([ "$refine" = 1 ] && echo "" || echo "-refine$refine")
mkdir -p "$work" "$here/results"
for name in "${cases[@]}"; do
  echo "=== $name (refine $refine)"
  start=$(date +%s)
  SCENE="$here/$name.json" CELL=0.3 REFINE=$refine \
    "$root/bench/openfoam/run.sh" "$work/$name$suffix/case" >"$work/$name$suffix.log" 2>&1 ||
    { echo "   failed: see $work/$name$suffix.log"; continue; }
  end=$(date +%s)
  { echo "# $name (0.3 m cells, OpenFOAM refine $refine; $((end - start)) s wall)"; echo;
    cat "$work/$name$suffix/compare.md"; } >"$here/results/$name$suffix.md"
  grep -E "^racks:" "$work/$name$suffix/compare.md" | sed "s/^/   /"
done
