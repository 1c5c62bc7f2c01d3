#!/usr/bin/env bash
# Run a command against a real OS keychain of its own: a private D-Bus session bus
# (dbus-run-session) with GNOME Keyring's Secret Service unlocked on it, under a fresh HOME and
# XDG folders, so the test's secrets and settings never touch the user's (docs/security.md).
# The command's exit status is returned; 77 (CTest: skipped) when dbus-run-session or
# gnome-keyring-daemon is missing, except under CI=true, where that fails.
set -uo pipefail
for tool in dbus-run-session:dbus gnome-keyring-daemon:gnome-keyring; do
  if ! command -v "${tool%%:*}" >/dev/null; then
    echo "with-keyring: ${tool%%:*} not found (Debian package ${tool##*:}; scripts/install-deps.sh)"
    [ "${CI:-}" = true ] && exit 1
    exit 77
  fi
done
sandbox=$(mktemp -d /tmp/myriad-keyring.XXXXXX)
trap 'rm -rf "$sandbox"' EXIT
export HOME=$sandbox/home XDG_CONFIG_HOME=$sandbox/home/.config XDG_DATA_HOME=$sandbox/home/.local/share
export XDG_CACHE_HOME=$sandbox/home/.cache XDG_RUNTIME_DIR=$sandbox/run TMPDIR=$sandbox/tmp
export MYRIAD_TEST_SANDBOX=$sandbox
mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$TMPDIR" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
# The keyring's password only unlocks this throw-away login keyring. The daemon runs in the
# foreground of this session (stopped with it); the command starts once it owns the Secret
# Service name on the bus.
dbus-run-session -- bash -c '
  printf "myriad-test" | gnome-keyring-daemon --foreground --unlock --components=secrets \
    >/dev/null &
  keyring=$!
  for _ in $(seq 200); do
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null \
      | grep -q "boolean true" && break
    kill -0 $keyring 2>/dev/null || { echo "with-keyring: gnome-keyring-daemon exited"; exit 1; }
    sleep 0.05
  done
  "$@"; rc=$?
  kill $keyring 2>/dev/null; wait $keyring 2>/dev/null
  exit $rc' with-keyring "$@" 2> >(grep -v "Failed to set fd limit" >&2)
