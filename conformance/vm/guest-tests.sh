#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs inside the kiln-vm guest (busybox sh): each argument is one test
# command line (with optional VAR=value prefixes); prints a line per test and
# a summary; exits non-zero if any failed. A test that exits 77 is skipped.
pass=0 fail=0 skip=0 failed=""
for cmd in "$@"; do
   echo "=== vm test: $cmd"
   start=$(cut -d' ' -f1 /proc/uptime)
   sh -c "$cmd"
   rc=$?
   end=$(cut -d' ' -f1 /proc/uptime)
   secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
   name=$(echo "$cmd" | sed 's|.*/||')
   if [ $rc -eq 0 ]; then
      pass=$((pass + 1)); echo "=== vm PASS ($secs s): $name"
   elif [ $rc -eq 77 ]; then
      skip=$((skip + 1)); echo "=== vm SKIP ($secs s): $name"
   else
      fail=$((fail + 1)); failed="$failed
   $cmd (exit $rc)"; echo "=== vm FAIL ($secs s, exit $rc): $name"
   fi
done
echo "=== vm summary: $pass passed, $fail failed, $skip skipped$failed"
[ $fail -eq 0 ]
