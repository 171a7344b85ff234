#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs a libFuzzer target for a bounded time from a fresh corpus seeded
# with the given files. Usage: fuzz_smoke.sh FUZZER SECONDS SEED...
# Exits non-zero if the fuzzer found a crash, leak, timeout or bad error
# report; the offending input is kept in $KILN_FUZZ_ARTIFACTS (default:
# ./fuzz-artifacts).
set -u
fuzzer=$1; seconds=$2; shift 2
# Undefined behaviour stops the run (and saves the input) like a crash.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
artifacts=${KILN_FUZZ_ARTIFACTS:-$PWD/fuzz-artifacts}
mkdir -p "$artifacts"
corpus=$(mktemp -d)
log=$(mktemp)
trap 'rm -rf "$corpus" "$log"' EXIT INT TERM
for seed in "$@"; do cp "$seed" "$corpus/"; done
"$fuzzer" -max_total_time="$seconds" -seed=1 -print_final_stats=1 -rss_limit_mb=2048 \
   -timeout=20 -max_len=65536 -artifact_prefix="$artifacts/" "$corpus" >"$log" 2>&1
rc=$?
grep -E '^(#[0-9]+.*(DONE|pulse))|stat::|ERROR|SUMMARY|artifact' "$log" | tail -n 20
echo "fuzzer exit status $rc; seeds: $#"
exit $rc
