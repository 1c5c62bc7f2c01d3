#!/usr/bin/env bash
# Reference CFD run of the compact thermal model (docs/models/thermal-cfd.md).
#
#   bench/openfoam/run.sh [CASE_DIR]
#
# Writes the OpenFOAM case of bench/openfoam/hall-two-rows.json with myriad-cli (same grid, ports,
# flows and heat as the model), meshes it (blockMesh, topoSet, subsetMesh, createPatch), runs
# buoyantSimpleFoam under nice and compares the rack inlets with the model (compare.py).
# Needs the Debian package openfoam (v1912): scripts/install-deps.sh --bench installs it.
#
# Environment: MYRIAD_CLI (default build/tools/myriad-cli), SCENE, CELL (model cell, 0.25 m),
# REFINE (OpenFOAM cells per model cell edge, 1), ITERATIONS (1500), SCHEME (upwind; or limitedLinear).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cli=${MYRIAD_CLI:-$root/build/tools/myriad-cli}
scene=${SCENE:-$here/hall-two-rows.json}
case_dir=${1:-$root/build/bench-cfd/case}
cell=${CELL:-0.25}
refine=${REFINE:-1}
iterations=${ITERATIONS:-1500}
scheme=${SCHEME:-upwind}

for tool in blockMesh topoSet subsetMesh createPatch checkMesh buoyantSimpleFoam; do
  if ! command -v "$tool" >/dev/null; then
    echo "run.sh: $tool not found; install OpenFOAM (scripts/install-deps.sh --bench)" >&2
    exit 2
  fi
done
if [ ! -x "$cli" ]; then
  echo "run.sh: $cli not built (cmake --build build --target myriad-cli)" >&2
  exit 2
fi
# The Debian binaries look for etc/controlDict under the project directory.
export WM_PROJECT_DIR=${WM_PROJECT_DIR:-/usr/share/openfoam}
export FOAM_ETC=${FOAM_ETC:-$WM_PROJECT_DIR/etc}

rm -rf "$case_dir"
mkdir -p "$case_dir"
out=$(dirname "$case_dir")
start=$(date +%s)

echo "== model: myriad-cli thermal $scene --cell $cell"
"$cli" thermal "$scene" --cell "$cell" --top 3 --out "$out/engine.json" \
  --openfoam-case "$case_dir" --openfoam-refine "$refine" \
  --openfoam-iterations "$iterations" --openfoam-scheme "$scheme" | tee "$out/engine.txt"

cd "$case_dir"
step() { # step NAME COMMAND...: run one OpenFOAM utility into log.NAME, stop on failure
  local name=$1
  shift
  if ! "$@" >"log.$name" 2>&1; then
    echo "run.sh: $* failed; see $case_dir/log.$name" >&2
    tail -20 "log.$name" >&2
    exit 1
  fi
}
echo "== mesh"
step blockMesh blockMesh
step topoSet.solid topoSet -dict system/topoSetDict.solid
step subsetMesh subsetMesh fluid -patch walls -overwrite
step topoSet.ports topoSet -dict system/topoSetDict.ports
step createPatch createPatch -overwrite
cp -r 0.orig 0
step checkMesh checkMesh
grep -E "^ +cells:|Mesh OK|Failed" log.checkMesh
mesh_done=$(date +%s)

echo "== buoyantSimpleFoam ($iterations iterations at most, nice -n 10)"
step buoyantSimpleFoam nice -n 10 buoyantSimpleFoam
solve_done=$(date +%s)
grep -E "^Time = " log.buoyantSimpleFoam | tail -1
# No momentum predictor: U is not solved, so its residual is not logged; p_rgh carries it.
echo "final initial residuals:"
for field in h p_rgh k epsilon; do
  grep -E "Solving for $field," log.buoyantSimpleFoam | tail -1 |
    sed -E "s/.*Solving for ($field), Initial residual = ([^,]+),.*/  \1 \2/" || true
done
grep -E "continuity errors" log.buoyantSimpleFoam | tail -1 || true
grep -E "SIMPLE solution converged" log.buoyantSimpleFoam || true
echo "mesh $((mesh_done - start)) s, solve $((solve_done - mesh_done)) s (wall, 1 core)"

echo "== comparison"
python3 "$here/compare.py" --case "$case_dir" --engine "$out/engine.json" | tee "$out/compare.md"
