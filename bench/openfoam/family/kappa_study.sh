#!/usr/bin/env bash
# Calibration study of the model's effective diffusivity κ against the CFD family: for each case
# already run by run_family.sh and each κ, the model is re-solved (myriad-cli thermal
# --diffusivity) and compared with that case's CFD inlets (compare.py). Prints one line per
# (case, κ): RMSE, max |error|, hottest racks found. No OpenFOAM run; needs the cases' results.
#
#   bench/openfoam/family/kappa_study.sh [WORK_DIR] [KAPPA...]   default κ: 0.02 0.05 0.1 0.2 0.4
# Environment: ENTRAINMENT (myriad-cli thermal --entrainment; unset: the model's default).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
work=$(realpath -m "${1:-$root/build/bench-cfd/family}")
shift || true
kappas=("$@")
[ ${#kappas[@]} -eq 0 ] && kappas=(0.02 0.05 0.1 0.2 0.4)
cli=${MYRIAD_CLI:-$root/build/tools/myriad-cli}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf "%-18s %6s %8s %8s %8s %s\n" case kappa rmse_K max_K bias_K hottest_found
for scene in "$here"/*.json; do
  name=$(basename "$scene" .json)
  [ -d "$work/$name/case/postProcessing" ] || continue
  for k in "${kappas[@]}"; do
    "$cli" thermal "$scene" --cell 0.3 --diffusivity "$k" ${ENTRAINMENT:+--entrainment "$ENTRAINMENT"} --top 0 --out "$tmp/e.json" >/dev/null 2>&1
    line=$(python3 "$root/bench/openfoam/compare.py" --case "$work/$name/case" --engine "$tmp/e.json")
    rmse=$(grep -o "RMSE_K=[0-9.]*" <<<"$line" | cut -d= -f2)
    max=$(grep -o "MAX_ABS_ERROR_K=[0-9.]*" <<<"$line" | cut -d= -f2)
    bias=$(grep -o "mean signed error (model − CFD) [-+0-9.]*" <<<"$line" | awk '{print $NF}')
    found=$(grep -o "HOTTEST_FOUND=[0-9]*" <<<"$line" | cut -d= -f2)
    printf "%-18s %6s %8s %8s %8s %s of 4\n" "$name" "$k" "$rmse" "$max" "$bias" "$found"
  done
done
