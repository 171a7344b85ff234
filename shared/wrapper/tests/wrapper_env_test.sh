#!/bin/sh
# SPDX-License-Identifier: MIT
# Checks that the build-tree wrapper sets exactly the loader and glvnd
# variables, pointing into this build tree, and that it runs the program with
# them (and passes arguments and the exit status through).
set -u
run=$1 name=$2 build=$3
fail=0 pass=0
check() { # description, actual, expected
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); echo "ok   $1"
  else fail=$((fail + 1)); echo "FAIL $1: got '$2', want '$3'"; fi
}
arch=$(uname -m)
icd="$build/nvk/${name}_icd.$arch.json"
egl="$build/zink/50_$name.json"

env_out=$(LD_LIBRARY_PATH=/some/where "$run" --print-env)
get() { printf '%s\n' "$env_out" | sed -n "s/^$1=//p"; }
check "VK_DRIVER_FILES" "$(get VK_DRIVER_FILES)" "$icd"
check "VK_ICD_FILENAMES" "$(get VK_ICD_FILENAMES)" "$icd"
check "__EGL_VENDOR_LIBRARY_FILENAMES" "$(get __EGL_VENDOR_LIBRARY_FILENAMES)" "$egl"
check "__GLX_VENDOR_LIBRARY_NAME" "$(get __GLX_VENDOR_LIBRARY_NAME)" "$name"
check "LD_LIBRARY_PATH keeps the caller's" "$(get LD_LIBRARY_PATH)" "$build/zink:/some/where"

# The child really sees them.
child=$("$run" sh -c 'printf "%s|%s" "$VK_DRIVER_FILES" "$__GLX_VENDOR_LIBRARY_NAME"')
check "child environment" "$child" "$icd|$name"
"$run" sh -c 'exit 7'; check "exit status passes through" "$?" 7
args=$("$run" printf '%s,' "a b" c); check "arguments pass through" "$args" "a b,c,"
"$run" >/dev/null 2>&1; check "no program is an error" "$?" 1

# The ICD manifest, once nvk builds it, must name a library that exists.
if [ -f "$icd" ]; then
  lib=$(sed -n 's/.*"library_path": *"\([^"]*\)".*/\1/p' "$icd")
  check "ICD manifest library exists" "$([ -f "$lib" ] && echo yes)" yes
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
