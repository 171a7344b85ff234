#!/bin/bash
# SPDX-License-Identifier: MIT
# vkcube-wayland on weston's headless backend (a private compositor), on
# lavapipe and on kiln, with the validation layer: each run must exit 0
# with no validation message, and kiln's protocol log (WAYLAND_DEBUG) must
# show one wl_surface.attach per frame, frame callbacks and buffer
# releases. weston runs with --debug (for its screenshooter protocol), a
# 500x500 pixman output (vkcube's window size, so the window fills it) and
# no panel, and wl_shot_at_destroy.so captures the output just
# before vkcube destroys its swapchain after its last frame; kiln's capture
# must match lavapipe's with the X11 test's tolerance (xwd_compare.py), and
# lavapipe's capture 3 frames later must not (the check can fail).
# kiln's run starts through the kiln-run wrapper.
#   vkcube_wayland_test.sh KILN_RUN SHIM_SO COMPARE_PY [FRAMES]
# Exit 77 (skipped) only when weston or vkcube-wayland is not installed.
set -u
kiln_run=$1 shim=$2 compare=$3 frames=${4:-200}
lvp_json=/usr/share/vulkan/icd.d/lvp_icd.$(uname -m).json
for bin in weston vkcube-wayland weston-screenshooter; do
  if ! command -v "$bin" >/dev/null; then
    echo "skip: $bin is not installed (weston, vulkan-tools)"
    exit 77
  fi
done
tmp=$(mktemp -d)
chmod 700 "$tmp"
export XDG_RUNTIME_DIR=$tmp
export WAYLAND_DISPLAY=kiln-wsi
# (kiosk-shell.so would also place the window, but vkcube-wayland never
# gets going under it; desktop-shell's panel, with a clock, is turned off.)
printf '[shell]\npanel-position=none\nbackground-color=0xff000000\n' >"$tmp/weston.ini"
weston --config="$tmp/weston.ini" --backend=headless-backend.so --use-pixman \
  --width=500 --height=500 --debug --socket="$WAYLAND_DISPLAY" --idle-time=0 \
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
  WAYLAND_DEBUG=client LD_PRELOAD="$shim" KILN_WSI_SHOT="$tmp/$driver.png" \
    timeout 300 $launcher vkcube-wayland --c "$frames" --validate \
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
  if ! [ -s "$tmp/$driver.png" ]; then
    echo "FAIL: no screenshot of $driver's window"; cat "$tmp/weston.log"; fail=1
  fi
done
[ "$fail" = 0 ] || exit 1
python3 "$compare" "$tmp/kiln.png" "$tmp/lavapipe.png" --region 0,0,500,500 || exit 1
# The same comparison fails for a frame 3 later.
env VK_DRIVER_FILES="$lvp_json" VK_ICD_FILENAMES="$lvp_json" LD_PRELOAD="$shim" \
  KILN_WSI_SHOT="$tmp/offset.png" timeout 300 vkcube-wayland --c $((frames + 3)) \
  --suppress_popups >"$tmp/offset.log" 2>&1
if python3 "$compare" "$tmp/kiln.png" "$tmp/offset.png" --region 0,0,500,500; then
  echo "FAIL: a 3-frame offset passes the comparison"; exit 1
fi
echo "a 3-frame offset fails the comparison, as it must"
exit 0
