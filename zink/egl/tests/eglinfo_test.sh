#!/bin/sh
# SPDX-License-Identifier: MIT
# eglinfo (mesa-utils) through glvnd with one EGL vendor manifest: the
# client extensions name the surfaceless and device platforms, and each
# platform shows a display of the vendor VENDOR (kiln, or Mesa's to show the
# test right).
#   eglinfo_test.sh MANIFEST_JSON VENDOR [ENV=VALUE...]
set -eu
manifest=$1 vendor=$2
shift 2
command -v eglinfo > /dev/null || { echo "eglinfo_test: no eglinfo (mesa-utils)"; exit 77; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
env __EGL_VENDOR_LIBRARY_FILENAMES="$manifest" "$@" eglinfo > "$out" 2>&1 || true
fail=0
check() {
   if grep -q -- "$1" "$out"; then echo "ok: $2"; else echo "FAIL: $2"; fail=1; fi
}
check 'EGL_MESA_platform_surfaceless' 'client extensions name EGL_MESA_platform_surfaceless'
check 'EGL_EXT_platform_device' 'client extensions name EGL_EXT_platform_device'
# eglinfo prints one block per platform: the surfaceless and device ones
# must each name the vendor.
for platform in Surfaceless Device; do
   block=$(sed -n "/^$platform platform:/,/^[A-Z][a-z]* platform:/p" "$out")
   if printf '%s\n' "$block" | grep -q "^EGL vendor string: $vendor"; then
      echo "ok: $platform platform display of vendor $vendor"
   else
      echo "FAIL: no $platform platform display of vendor $vendor"; fail=1
   fi
done
check 'EGL_KHR_create_context' 'display extensions'
if [ $fail -ne 0 ]; then echo "---- eglinfo output"; cat "$out"; fi
echo "eglinfo_test: $([ $fail -eq 0 ] && echo 1 passed, 0 failed || echo 0 passed, 1 failed)"
exit $fail
