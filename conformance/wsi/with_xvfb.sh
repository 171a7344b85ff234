#!/bin/bash
# SPDX-License-Identifier: MIT
# Runs a command with DISPLAY set to a fresh Xvfb (a free display number,
# stopped afterwards). Without Xvfb the command runs with DISPLAY unset,
# and its X11 tests skip saying so.
#   with_xvfb.sh COMMAND [ARGS...]
set -u
if ! command -v Xvfb >/dev/null; then
  echo "with_xvfb: Xvfb is not installed (package xvfb): X11 tests skip"
  unset DISPLAY
  exec "$@"
fi
# A free display far from the usual ones: no lock file and no socket
# (abstract sockets are shared with other mount namespaces on this host,
# lock files are not, so -displayfd alone can pick a taken number).
free_display() {
  local n
  for i in $(seq 0 50); do
    n=$((100 + ($$ * 7 + i * 13) % 800))
    [ -e "/tmp/.X$n-lock" ] && continue
    grep -q "/tmp/.X11-unix/X$n\$" /proc/net/unix 2>/dev/null && continue
    echo "$n"; return 0
  done
  return 1
}
tmp=$(mktemp -d)
Xvfb ":$(free_display)" -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xpid=$!
for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
if ! [ -s "$tmp/display" ]; then
  echo "with_xvfb: Xvfb did not start"; cat "$tmp/xvfb.log"; kill "$xpid"; rm -rf "$tmp"; exit 1
fi
export DISPLAY=:$(cat "$tmp/display")
"$@"
rc=$?
kill "$xpid"; wait "$xpid" 2>/dev/null
rm -rf "$tmp"
exit $rc
