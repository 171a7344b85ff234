#!/bin/sh
# SPDX-License-Identifier: MIT
# Glue: kiln-corpus writes a sample's original and round-tripped modules,
# kiln-semantics compares them. Usage: CORPUS SEMANTICS SAMPLE LIMIT
set -eu
corpus=$1 semantics=$2 sample=$3 limit=$4
out=$(mktemp -d "${TMPDIR:-/tmp}/kiln-semantics.XXXXXX")
trap 'rm -rf "$out"' EXIT
# The corpus run's own verdict belongs to the corpus tests; here only its
# modules matter, so its exit status is ignored (77: no piglit, skip).
rc=0
"$corpus" --sample "$sample" --out "$out" --no-expect > "$out/corpus.log" 2>&1 || rc=$?
if [ "$rc" -eq 77 ]; then
   echo "SKIP: no piglit"
   exit 77
fi
grep -E '^(round trip|compiled)' "$out/corpus.log" || true
exec "$semantics" --corpus "$out" --limit "$limit"
