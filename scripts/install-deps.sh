#!/usr/bin/env bash
# Installs the Debian 12 packages Myriad needs to build, test and run. Idempotent: when every
# package is present it prints nothing and exits 0. Run as root or with sudo available.
#   scripts/install-deps.sh            build + test + run dependencies
#   scripts/install-deps.sh --fuzz     also clang and libFuzzer's runtime (for make fuzz)
#   scripts/install-deps.sh --bench    also SimGrid (for make bench: bench_maxmin_simgrid) and
#                                      OpenFOAM (for make bench-cfd: bench/openfoam/run.sh)
set -euo pipefail

packages=(
  build-essential cmake ninja-build ccache lld pkg-config git clang-format clang-tidy
  qt6-base-dev qt6-qpa-plugins libqt6opengl6-dev qt6-charts-dev libqt6svg6
  libvtk9-dev libboost-graph-dev libeigen3-dev nlohmann-json3-dev libx11-dev libfontconfig-dev
  xvfb xauth x11-utils libgl1-mesa-dri fonts-dejavu-core imagemagick
  desktop-file-utils appstream libxml2-utils ghostscript poppler-utils
  qt6-l10n-tools qt6-tools-dev qt6-translations-l10n fonts-noto-cjk fonts-droid-fallback
  slurm-wlm munge libyaml-cpp-dev
  qtkeychain-qt6-dev gnome-keyring dbus libsecret-tools openssl ca-certificates
)
if [ "${1:-}" = "--fuzz" ]; then
  packages+=(clang libclang-rt-14-dev)
fi
if [ "${1:-}" = "--bench" ]; then
  packages+=(libsimgrid-dev openfoam)
fi

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
  [ "$status" = "installed" ] || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "install-deps: installing ${#missing[@]} missing package(s): ${missing[*]}"
run_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"
  elif command -v sudo >/dev/null; then sudo "$@"
  else echo "install-deps: need root (or sudo) to install: ${missing[*]}" >&2; exit 1
  fi
}
export DEBIAN_FRONTEND=noninteractive
run_root apt-get update -qq
run_root apt-get install -y -qq "${missing[@]}" >/dev/null
echo "install-deps: done"
