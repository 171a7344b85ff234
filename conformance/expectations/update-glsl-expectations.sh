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

# kiln-corpus exits 1 when results differ from the old files: expected here.
"$build/conformance/corpus/kiln-corpus" --full --no-expect --out "$out/corpus" \
   --write-expectations "$exp" > "$out/corpus.log" 2>&1 || [ $? -eq 1 ]
sed -n '/==== kiln-corpus summary/,/^failures by reason/p' "$out/corpus.log"

sem=$exp/semantics-fails.txt
sed -n '/^#/p' "$sem" > "$out/semantics-header.txt"
: > "$out/semantics.txt"
"$build/conformance/semantics/kiln-semantics" --corpus "$out/corpus" --expect /dev/null \
   --write-expectations "$out/semantics.txt" > "$out/semantics-corpus.log" 2>&1 || [ $? -eq 1 ]
"$build/conformance/semantics/kiln-semantics" --builtins --expect /dev/null \
   --write-expectations "$out/semantics.txt" > "$out/semantics-builtins.log" 2>&1 || [ $? -eq 1 ]
"$build/conformance/semantics/kiln-semantics" --builtins --gl --expect /dev/null \
   --write-expectations "$out/semantics.txt" > "$out/semantics-builtins-gl.log" 2>&1 || [ $? -eq 1 ]
grep -h -A8 '^==== kiln-semantics' "$out/semantics-corpus.log" "$out/semantics-builtins.log" \
   "$out/semantics-builtins-gl.log"
{ cat "$out/semantics-header.txt"; sort -u "$out/semantics.txt"; } > "$sem"
git -C "$top" diff --stat -- conformance/expectations
