#!/bin/bash
# SPDX-License-Identifier: MIT
# vkcube on kiln under Xvfb, through MIT-SHM and through PutImage
# (KILN_WSI_NO_SHM=1), with the validation layer: each run must exit 0 with
# no validation message, and its last frame (dumped by xwd_at_destroy.so
# just before vkcube destroys its window) must match lavapipe's last frame
# for the same frame count (xwd_compare.py's tolerance: mean |diff| <= 2,
# <= 1% of pixels off by more than 48 of 255).
# kiln's runs start through the kiln-run wrapper, as a user would.
#   vkcube_x11_test.sh KILN_RUN SHIM_SO COMPARE_PY [FRAMES]
# Exit 77 (skipped) only when Xvfb, xwd or vkcube is not installed.
set -u
kiln_run=$1 shim=$2 compare=$3 frames=${4:-200}
lvp_json=/usr/share/vulkan/icd.d/lvp_icd.$(uname -m).json
for bin in Xvfb xwd vkcube; do
  if ! command -v "$bin" >/dev/null; then
    echo "skip: $bin is not installed (xvfb, x11-apps, vulkan-tools)"
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
xpid=
cleanup() { [ -n "$xpid" ] && kill "$xpid" 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT

# A free display number from the server itself.
Xvfb ":$(free_display)" -displayfd 3 -screen 0 1024x768x24 -nolisten tcp -noreset 3>"$tmp/display" 2>"$tmp/xvfb.log" &
xpid=$!
for _ in $(seq 100); do [ -s "$tmp/display" ] && break; sleep 0.1; done
if ! [ -s "$tmp/display" ]; then
  echo "FAIL: Xvfb did not start"; cat "$tmp/xvfb.log"; exit 1
fi
export DISPLAY=:$(cat "$tmp/display")
echo "Xvfb on $DISPLAY"

run() { # name, launcher (env or kiln-run), extra env...
  local name=$1 launcher=$2; shift 2
  local t0=$SECONDS
  env "$@" LD_PRELOAD="$shim" KILN_WSI_SHOT="$tmp/$name.xwd" \
    timeout 300 $launcher vkcube --c "$frames" --validate --suppress_popups \
    >"$tmp/$name.log" 2>&1
  local rc=$?
  echo "$name: vkcube --c $frames exit $rc in $((SECONDS - t0)) s"
  if [ "$rc" -ne 0 ] || grep -qiE "validation (error|warning)|VUID" "$tmp/$name.log" ||
     ! [ -s "$tmp/$name.xwd" ]; then
    echo "FAIL: $name"; cat "$tmp/$name.log"; return 1
  fi
  # The driver vkcube picked is the one meant.
  local want=kiln
  [ "$name" = lavapipe ] && want=llvmpipe
  if ! grep -q "Selected GPU 0: $want" "$tmp/$name.log"; then
    echo "FAIL: $name did not run on $want"; cat "$tmp/$name.log"; return 1
  fi
}

fail=0
run lavapipe "env VK_DRIVER_FILES=$lvp_json VK_ICD_FILENAMES=$lvp_json" || exit 1
run kiln-shm "$kiln_run" || fail=1
run kiln-putimage "$kiln_run" KILN_WSI_NO_SHM=1 || fail=1
for k in kiln-shm kiln-putimage; do
  [ -s "$tmp/$k.xwd" ] || continue
  python3 "$compare" "$tmp/$k.xwd" "$tmp/lavapipe.xwd" --region 0,0,500,500 || fail=1
done
exit $fail
