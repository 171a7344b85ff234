#!/bin/sh
# SPDX-License-Identifier: MIT
# The ICD exports exactly the loader-ICD interface functions (everything
# else is hidden), and its manifest names the library and an api_version.
set -u
lib=$1 manifest=$2
fail=0
exports=$(nm -D --defined-only "$lib" | awk '{print $3}' | sort | tr '\n' ' ')
want='vk_icdGetInstanceProcAddr vk_icdGetPhysicalDeviceProcAddr vk_icdNegotiateLoaderICDInterfaceVersion '
if [ "$exports" = "$want" ]; then
  echo "ok   exported symbols: $exports"
else
  echo "FAIL exported symbols: got '$exports', want '$want'"; fail=1
fi
# No undefined weak symbols of our own either (hidden weak entry points).
weak=$(nm -D "$lib" | awk '$1 == "w" || $2 == "w" {print $NF}' | grep -E '^(nvk|vk)_' || true)
if [ -z "$weak" ]; then echo "ok   no dynamic weak nvk_/vk_ symbols"
else echo "FAIL dynamic weak symbols: $weak"; fail=1; fi

path=$(sed -n 's/.*"library_path": *"\([^"]*\)".*/\1/p' "$manifest")
api=$(sed -n 's/.*"api_version": *"\([^"]*\)".*/\1/p' "$manifest")
if [ "$path" -ef "$lib" ]; then echo "ok   manifest library_path is the ICD"
else echo "FAIL manifest library_path '$path' is not $lib"; fail=1; fi
case "$api" in
  1.[0-9]*.[0-9]*) echo "ok   manifest api_version $api";;
  *) echo "FAIL manifest api_version '$api'"; fail=1;;
esac
[ $fail -eq 0 ] && echo "1 passed, 0 failed" || echo "0 passed, 1 failed"
exit $fail
