#!/bin/bash
# SPDX-License-Identifier: MIT
# vkcube-wayland on weston's headless backend (a private compositor), on
# lavapipe and on kiln, with the validation layer: each run must exit 0
# with no validation message, and kiln's protocol log (WAYLAND_DEBUG) must
# show one wl_surface.attach per frame, frame callbacks and buffer
# releases. (No screenshot: weston's screenshooter needs --debug; the X11
# test compares pixels.)
# kiln's run starts through the kiln-run wrapper.
#   vkcube_wayland_test.sh KILN_RUN [FRAMES]
# Exit 77 (skipped) only when weston or vkcube-wayland is not installed.
set -u
kiln_run=$1 frames=${2:-200}
lvp_json=/usr/share/vulkan/icd.d/lvp_icd.$(uname -m).json
for bin in weston vkcube-wayland; do
  if ! command -v "$bin" >/dev/null; then
    echo "skip: $bin is not installed (weston, vulkan-tools)"
    exit 77
  fi
done
tmp=$(mktemp -d)
chmod 700 "$tmp"
export XDG_RUNTIME_DIR=$tmp
export WAYLAND_DISPLAY=kiln-wsi
weston --backend=headless-backend.so --socket="$WAYLAND_DISPLAY" --idle-time=0 \
  >"$tmp/weston.log" 2>&1 &
wpid=$!
trap 'kill $wpid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 100); do [ -S "$tmp/$WAYLAND_DISPLAY" ] && break; sleep 0.1; done
if ! [ -S "$tmp/$WAYLAND_DISPLAY" ]; then
  echo "FAIL: weston did not start"; cat "$tmp/weston.log"; exit 1
fi
echo "weston (headless) on $WAYLAND_DISPLAY"

fail=0
for driver in lavapipe kiln; do
  launcher=$kiln_run
  [ "$driver" = lavapipe ] && launcher="env VK_DRIVER_FILES=$lvp_json VK_ICD_FILENAMES=$lvp_json"
  t0=$SECONDS
  WAYLAND_DEBUG=client timeout 300 $launcher vkcube-wayland --c "$frames" --validate \
    --suppress_popups >"$tmp/$driver.log" 2>&1
  rc=$?
  attaches=$(grep -c 'wl_surface@[0-9]*\.attach' "$tmp/$driver.log")
  dones=$(grep -c 'wl_callback@[0-9]*\.done' "$tmp/$driver.log")
  releases=$(grep -c 'wl_buffer@[0-9]*\.release' "$tmp/$driver.log")
  echo "$driver: exit $rc in $((SECONDS - t0)) s; $attaches attaches, $dones frame" \
       "callbacks, $releases releases"
  if [ "$rc" -ne 0 ] || grep -qiE "validation (error|warning)|VUID" "$tmp/$driver.log"; then
    echo "FAIL: $driver"; grep -v '^\[' "$tmp/$driver.log" | tail -20; fail=1
  fi
  want=kiln
  [ "$driver" = lavapipe ] && want=llvmpipe
  if ! grep -q "Selected GPU 0: $want" "$tmp/$driver.log"; then
    echo "FAIL: $driver did not run on $want"; fail=1
  fi
  if [ "$driver" = kiln ] &&
     { [ "$attaches" -lt "$frames" ] || [ "$dones" -lt 1 ] || [ "$releases" -lt 1 ]; }; then
    echo "FAIL: kiln presented $attaches of $frames frames"; fail=1
  fi
done
exit $fail
