#!/bin/sh
# SPDX-License-Identifier: MIT
# vulkaninfo on kiln through the wrapper:
#   summary  - lists our device as a CPU device
#   full     - prints everything without any error and exits 0
set -u
mode=$1 run=$2
command -v vulkaninfo >/dev/null || { echo "vulkaninfo not installed (vulkan-tools)"; exit 77; }
# vulkaninfo tries the window systems; give it a runtime dir so that their
# absence is quiet rather than an "error" line.
XDG_RUNTIME_DIR=$(mktemp -d); export XDG_RUNTIME_DIR
unset DISPLAY WAYLAND_DISPLAY
trap 'rm -rf "$XDG_RUNTIME_DIR"' EXIT
fail=0
case "$mode" in
summary)
  out=$("$run" vulkaninfo --summary 2>&1); rc=$?
  printf '%s\n' "$out"
  [ $rc -eq 0 ] || { echo "FAIL vulkaninfo --summary exited $rc"; fail=1; }
  printf '%s\n' "$out" | grep -q 'deviceName *= kiln' || { echo "FAIL no kiln device"; fail=1; }
  printf '%s\n' "$out" | grep -q 'deviceType *= PHYSICAL_DEVICE_TYPE_CPU' ||
    { echo "FAIL not PHYSICAL_DEVICE_TYPE_CPU"; fail=1; }
  [ "$(printf '%s\n' "$out" | grep -c 'deviceName')" -eq 1 ] ||
    { echo "FAIL expected exactly one device"; fail=1; };;
full)
  out=$("$run" vulkaninfo 2>&1); rc=$?
  [ $rc -eq 0 ] || { echo "FAIL vulkaninfo exited $rc"; fail=1; }
  if printf '%s\n' "$out" | grep -i -n 'error\|unimplemented\|not implemented'; then
    echo "FAIL vulkaninfo printed errors (above)"; fail=1
  fi
  lines=$(printf '%s\n' "$out" | wc -l)
  [ "$lines" -gt 200 ] || { echo "FAIL only $lines lines"; fail=1; }
  echo "$lines lines";;
esac
[ $fail -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
