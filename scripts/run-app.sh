#!/usr/bin/env bash
# Opens the Myriad window (on FILE, or the built-in 10,240-GPU sample). Needs a desktop session;
# Debian's VTK renders through GLX, so on Wayland the app runs through XWayland (xcb).
set -u
app=${1:?usage: run-app.sh PATH/TO/myriad [FILE]}; shift
if [ -z "${DISPLAY:-}" ]; then
  echo "make run: no desktop session (DISPLAY is not set)." >&2
  echo "  On a headless machine try: xvfb-run -a build/app/myriad --screenshot shot.png" >&2
  echo "  or render a picture with: build/tools/myriad-cli render builtin:h100-superpod-10k -o hall.png" >&2
  exit 1
fi
export QT_QPA_PLATFORM=${QT_QPA_PLATFORM:-xcb} QT_XCB_GL_INTEGRATION=${QT_XCB_GL_INTEGRATION:-xcb_glx}
exec "$app" "$@"
