#!/bin/sh
# SPDX-License-Identifier: MIT
# Regenerates the GLSL corpus and semantics expectation files from full
# runs, for when a change (in kgl, spirv_to_nir, ntv, ...) moves results:
#   corpus-glslang-fails.txt, corpus-roundtrip-fails.txt  (kiln-corpus --full)
#   semantics-fails.txt  (kiln-semantics over that run's modules and over
#                         piglit's built-in-function shaders, both ways)
# Usage: conformance/expectations/update-glsl-expectations.sh [BUILD_DIR]
# Takes 10-20 minutes on two cores; review the diff before committing it.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/build}
exp=$top/conformance/expectations
out=$(mktemp -d "${TMPDIR:-/tmp}/kiln-expectations.XXXXXX")
trap 'rm -rf "$out"' EXIT

# run LOG COMMAND...: the runners exit 1 when results differ from the old
# files, which is expected here; any other status is a real failure, and the
# log (deleted on exit) is shown before giving up.
run() {
   log=$1
   shift
   status=0
   "$@" > "$log" 2>&1 || status=$?
   if [ "$status" -gt 1 ]; then
      echo "update-glsl-expectations: '$*' exited with status $status; its log ends:" >&2
      tail -n 30 "$log" >&2
      exit "$status"
   fi
}

run "$out/corpus.log" "$build/conformance/corpus/kiln-corpus" --full --no-expect \
   --out "$out/corpus" --write-expectations "$exp"
sed -n '/==== kiln-corpus summary/,/^failures by reason/p' "$out/corpus.log"

sem=$exp/semantics-fails.txt
sed -n '/^#/p' "$sem" > "$out/semantics-header.txt"
: > "$out/semantics.txt"
run "$out/semantics-corpus.log" "$build/conformance/semantics/kiln-semantics" --corpus "$out/corpus" \
   --expect /dev/null --write-expectations "$out/semantics.txt"
run "$out/semantics-builtins.log" "$build/conformance/semantics/kiln-semantics" --builtins \
   --expect /dev/null --write-expectations "$out/semantics.txt"
run "$out/semantics-builtins-gl.log" "$build/conformance/semantics/kiln-semantics" --builtins --gl \
   --expect /dev/null --write-expectations "$out/semantics.txt"
grep -h -A8 '^==== kiln-semantics' "$out/semantics-corpus.log" "$out/semantics-builtins.log" \
   "$out/semantics-builtins-gl.log" || true
{ cat "$out/semantics-header.txt"; sort -u "$out/semantics.txt"; } > "$sem"
git -C "$top" diff --stat -- conformance/expectations
