#!/bin/sh
# SPDX-License-Identifier: MIT
# The main job (README command 1) on our driver: it must exit 0, say it was
# rendered by kiln at its furthest stage, and produce the same picture as
# the same program on lavapipe (Mesa's CPU Vulkan driver) within rounding.
set -u
run=$1 demo=$2 out=$3 compare=$4
lvp_icd=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
fail=0
log=$("$run" "$demo" -o "$out/demo-kiln.png" 2>&1); rc=$?
printf '%s\n' "$log"
[ $rc -eq 0 ] || { echo "FAIL: kiln-demo exited $rc on kiln"; exit 1; }
printf '%s\n' "$log" | grep -q "rendered by kiln" || { echo "FAIL: not rendered by kiln"; fail=1; }
stage=$(printf '%s\n' "$log" | sed -n 's/.*stage \([a-z]*\), rendered by.*/\1/p')
echo "stage on kiln: $stage"
if [ -f "$lvp_icd" ]; then
  VK_DRIVER_FILES=$lvp_icd VK_ICD_FILENAMES=$lvp_icd "$demo" -o "$out/demo-lvp.png" \
    || { echo "FAIL: kiln-demo failed on lavapipe"; exit 1; }
  # Filtering and transcendental rounding may differ by a step or two; a
  # different picture differs far more.
  "$compare" "$out/demo-kiln.png" "$out/demo-lvp.png" 3 5 || fail=1
else
  echo "lavapipe not installed: compared nothing against a peer"
fi
[ $fail -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
