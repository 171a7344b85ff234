#!/bin/sh
# SPDX-License-Identifier: MIT
# scaling.sh: worker-thread scaling of drawing, kiln and lavapipe in one run.
#
#   conformance/bench/scaling.sh [BUILD_DIR [W H LAYERS CELL REPS ROUNDS]]
#
# Runs BUILD_DIR/conformance/bench/vulkan/vk_draw_bench (default BUILD_DIR:
# ./build) at 1, 2, 4, 8 and 16 worker threads (SCALING_THREADS=1,2,4,... to
# change; KILN_THREADS for kiln, LP_NUM_THREADS for lavapipe) and prints its
# tables: each thread count's figures and ratios, then the scaling table.
# Works from a build directory copied anywhere: the build's ICD manifest
# names the library by an absolute path of the machine it was built on, so
# a manifest naming BUILD_DIR's library is written to a temporary directory.
# Lavapipe comes from /usr/share/vulkan/icd.d (VK_DRAW_BENCH_LVP_ICD=path
# or none to change); without it only kiln's rows are printed.
# VK_DRAW_BENCH_ONLY=tris,flat,... limits the figures (vk_draw_bench.c).
set -eu

build=${1:-build}
[ $# -gt 0 ] && shift
bench="$build/conformance/bench/vulkan/vk_draw_bench"
if [ ! -x "$bench" ]; then
  echo "scaling.sh: $bench not found (ninja -C $build conformance/bench/vulkan/vk_draw_bench)" >&2
  exit 2
fi
build_abs=$(cd "$build" && pwd)
lib=$(ls "$build_abs"/nvk/libvulkan_*.so 2>/dev/null | head -n 1)
manifest=$(ls "$build_abs"/nvk/*_icd.*.json 2>/dev/null | head -n 1)
if [ -z "$lib" ] || [ -z "$manifest" ]; then
  echo "scaling.sh: no kiln ICD (nvk/libvulkan_*.so, nvk/*_icd.*.json) in $build" >&2
  exit 2
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's|"library_path": *"[^"]*"|"library_path": "'"$lib"'"|' "$manifest" \
  > "$tmp/$(basename "$manifest")"

echo "scaling.sh: $(nproc) CPUs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
VK_DRAW_BENCH_KILN_ICD="$tmp/$(basename "$manifest")" \
VK_DRAW_BENCH_THREADS="${SCALING_THREADS:-1,2,4,8,16}" \
  "$bench" "$@"
