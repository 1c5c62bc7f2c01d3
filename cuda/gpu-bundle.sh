#!/usr/bin/env bash
# Pack a CUDA build made here for a borrowed GPU machine that has the CUDA driver but none of the
# project's build dependencies (Qt, Boost, Eigen, VTK). The binaries that cuda/gpu-check.sh runs
# (the cuda-labelled tests, myriad-cli, the benchmarks) are copied with every shared library they
# load, the C library and its loader included, and re-pointed at that copy with patchelf, so they
# run whatever C library the other machine has. The GPU driver (libcuda) is left to the machine.
#
# Usage:  cuda/gpu-bundle.sh BUILD_DIR BUNDLE.tar.xz [PREFIX]
#   BUILD_DIR  a build configured with -DMYRIAD_ENABLE_CUDA=ON, its gpu-check targets built
#   PREFIX     where the libraries will live on the other machine (default /opt/myriad-gpu/lib)
# On the other machine:  tar -xJf BUNDLE.tar.xz -C <repo root>   (unpacks BUILD_DIR's binaries
# and CTest files under their own relative path, and the libraries under lib/ in the bundle),
# then  mkdir -p PREFIX && cp -a <repo root>/gpu-bundle-lib/. PREFIX/
# and run  MYRIAD_GPU_PREBUILT=1 cuda/gpu-check.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
bundle=$2
prefix=${3:-/opt/myriad-gpu/lib}
root=$(cd "$(dirname "$0")/.." && pwd)
rel=${build#"$root"/}
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

binaries=()
for b in "$build"/tests/cuda/test_* "$build"/tools/myriad-cli "$build"/bench/bench_*; do
  [ -f "$b" ] && [ -x "$b" ] && binaries+=("$b")
done

mkdir -p "$stage/gpu-bundle-lib"
for b in "${binaries[@]}"; do
  ldd "$b" | awk '/=>/ && $3 ~ /^\// {print $3} /^\t\/lib64\// {print $1}'
done | sort -u | grep -v -E '/libcuda\.so' | while read -r lib; do
  cp -L "$lib" "$stage/gpu-bundle-lib/"
done
strip --strip-unneeded "$stage"/gpu-bundle-lib/*.so* 2>/dev/null || true

for b in "${binaries[@]}"; do
  dest="$stage/$rel/${b#"$build"/}"
  mkdir -p "$(dirname "$dest")"
  cp "$b" "$dest"
  strip --strip-debug "$dest"
  patchelf --set-interpreter "$prefix/ld-linux-x86-64.so.2" --force-rpath --set-rpath "$prefix" "$dest"
done
# CTest needs the test tree's CTestTestfile.cmake files (absolute paths of this checkout).
(cd "$build" && find . -name CTestTestfile.cmake) | while read -r f; do
  mkdir -p "$stage/$rel/$(dirname "$f")"
  cp "$build/$f" "$stage/$rel/$f"
done
echo "$root" >"$stage/$rel/gpu-bundle-root.txt"
tar -C "$stage" -cJf "$bundle" .
echo "gpu-bundle: ${#binaries[@]} binaries, $(ls "$stage/gpu-bundle-lib" | wc -l) libraries -> $bundle ($(du -h "$bundle" | cut -f1))"
