#!/bin/bash
# SPDX-License-Identifier: MIT
# vulkaninfo on kiln (through kiln-run) lists surface formats and present
# modes for each platform: under a private Xvfb and a private weston
# (headless backend) at once, its "Presentable Surfaces" must show xcb,
# xlib and wayland with nvk/wsi's formats, present modes and currentExtent
# (vulkaninfo_surfaces.py); with neither, none. Headless: Debian 12's
# vulkaninfo (1.3.239) makes no headless surface, so only the instance
# extension is checked here (vk_wsi_test queries headless surfaces).
#   vulkaninfo_wsi_test.sh KILN_RUN CHECK_PY
# Exit 77 (skipped) only when Xvfb, weston or vulkaninfo is not installed.
set -u
kiln_run=$1 check=$2
for bin in Xvfb weston vulkaninfo; do
  if ! command -v "$bin" >/dev/null; then
    echo "skip: $bin is not installed (xvfb, weston, vulkan-tools)"
    exit 77
  fi
done
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
chmod 700 "$tmp"
xpid= wpid=
cleanup() {
  [ -n "$xpid" ] && kill "$xpid" 2>/dev/null
  [ -n "$wpid" ] && kill "$wpid" 2>/dev/null
  wait 2>/dev/null; rm -rf "$tmp"
}
trap cleanup EXIT
Xvfb ":$(free_display)" -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset \
  3>"$tmp/display" 2>"$tmp/xvfb.log" &
xpid=$!
export XDG_RUNTIME_DIR=$tmp
weston --backend=headless-backend.so --socket=kiln-vi --idle-time=0 >"$tmp/weston.log" 2>&1 &
wpid=$!
for _ in $(seq 100); do
  [ -s "$tmp/display" ] && [ -S "$tmp/kiln-vi" ] && break; sleep 0.1
done
if ! [ -s "$tmp/display" ] || ! [ -S "$tmp/kiln-vi" ]; then
  echo "FAIL: Xvfb or weston did not start"; cat "$tmp/xvfb.log" "$tmp/weston.log"; exit 1
fi
echo "Xvfb on :$(cat "$tmp/display"), weston on kiln-vi"

fail=0
run() { # name, then the environment
  local name=$1; shift
  env "$@" "$kiln_run" vulkaninfo >"$tmp/$name.txt" 2>&1
  local rc=$?
  echo "$name: vulkaninfo exit $rc, $(wc -l <"$tmp/$name.txt") lines"
  if [ "$rc" -ne 0 ] || grep -qiE '^error|ERROR_' "$tmp/$name.txt"; then
    echo "FAIL: $name"; grep -iE 'error' "$tmp/$name.txt" | head; fail=1
  fi
}
run all DISPLAY=":$(cat "$tmp/display")" WAYLAND_DISPLAY=kiln-vi
python3 "$check" "$tmp/all.txt" xcb xlib wayland || fail=1
if ! grep -q 'VK_EXT_headless_surface' "$tmp/all.txt"; then
  echo "FAIL: VK_EXT_headless_surface not listed"; fail=1
fi
run none -u DISPLAY WAYLAND_DISPLAY=kiln-none
python3 "$check" "$tmp/none.txt" none || fail=1
exit $fail
