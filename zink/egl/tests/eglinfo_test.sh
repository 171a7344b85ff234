#!/bin/sh
# SPDX-License-Identifier: MIT
# eglinfo (mesa-utils) through glvnd with one EGL vendor manifest: the
# client extensions name our platforms, and the surfaceless and device
# platforms each show a display of vendor "kiln" with pbuffer configs.
#   eglinfo_test.sh MANIFEST_JSON [WRAPPER...]
set -eu
manifest=$1
shift
command -v eglinfo > /dev/null || { echo "eglinfo_test: no eglinfo (mesa-utils)"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
__EGL_VENDOR_LIBRARY_FILENAMES=$manifest "$@" eglinfo > "$out" 2>&1 || true
fail=0
check() {
   if grep -q -- "$1" "$out"; then echo "ok: $2"; else echo "FAIL: $2"; fail=1; fi
}
check 'EGL_MESA_platform_surfaceless' 'client extensions name EGL_MESA_platform_surfaceless'
check 'EGL_EXT_platform_device' 'client extensions name EGL_EXT_platform_device'
# eglinfo prints one block per platform; ours answer with vendor kiln.
check '^Surfaceless platform:' 'a surfaceless platform block'
check '^Device platform:' 'a device platform block'
vendors=$(grep -c '^EGL vendor string: kiln' "$out" || true)
[ "$vendors" -ge 2 ] && echo "ok: $vendors displays of vendor kiln" || { echo "FAIL: $vendors displays of vendor kiln, want >= 2"; fail=1; }
check 'EGL_KHR_create_context' 'display extensions'
if [ $fail -ne 0 ]; then echo "---- eglinfo output"; cat "$out"; fi
echo "eglinfo_test: $([ $fail -eq 0 ] && echo 1 passed, 0 failed || echo 0 passed, 1 failed)"
exit $fail
