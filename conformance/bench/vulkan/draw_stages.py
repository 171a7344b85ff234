#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# draw_stages.py PERF_DATA: splits a call-graph profile of vk_draw_bench (kiln
# only; `perf record -e cpu-clock --call-graph dwarf`, docs/performance.md)
# into the draw pipeline's stages. Each sample goes to the stage of the
# innermost frame that names one; helpers (shared/format, shared/layout,
# memcpy, libm) and kernel frames (page faults) count for their caller; kx
# frames count for the VS or the FS by who called the shader.
import re, subprocess, sys
from collections import Counter

STAGES = [  # (regex on the symbol, stage), innermost match wins
    (r'^(fetch|nvk_draw_run_vs|vs_worker)$', 'vertex fetch'),
    (r'^vs_strip$', 'vertex fetch'),  # its own time: fetch loop + SoA->AoS
    (r'^(nvk_draw_localize|read_indices|rast_assemble)', 'index/assembly (executor)'),
    (r'^(rast_setup|setup_|rast_clip|new_prim|commit_prim|to_window|guard_for|outcode|bin_)', 'setup + clip + binning'),
    (r'^(rast_interp|interp_quad|bary4)', 'interpolation'),
    (r'^(rast_pixel|late_stage|late_tests|early_|depth_|stencil_|blend|write_rgba8|write_lanes|'
     r'rast_pack|pack_channel|unorm8|factor_lanes|test_fragment)', 'pixel ops'),
    (r'^(rast_tile_run|flush|add_quad|raster_prim|quad_coverage|coverage|classify_block|'
     r'back_fn|__popcountdi2)', 'coverage + quads (tile)'),
    (r'^(nvk_resolve|resolve_)', 'MSAA resolve (end of rendering)'),
    (r'^(nvk_clear|clear_attachment|load_attachment)', 'clear (load op)'),
]
def stage_of(frames):
    kx = False
    for sym in frames:  # innermost first
        if sym.startswith('kx') or sym.startswith('kxi_'):
            kx = True
            continue
        if re.match(r'^(fmt_|get_bits|set_bits|kil_|__mem|memcpy|memset|__log2f|log2f)', sym):
            continue  # helpers: count for their caller
        if kx:
            if sym in ('nvk_draw_shade',) or sym.startswith('rast_tile') or sym == 'flush':
                return 'FS (kx interpreter)'
            if sym in ('vs_strip', 'vs_worker', 'nvk_draw_run_vs'):
                return 'VS (kx interpreter)'
            continue
        if sym == 'nvk_draw_shade':
            return 'FS (kx interpreter)'
        for rx, st in STAGES:
            if re.search(rx, sym):
                return st
    return 'kx (other)' if kx else 'other'

out = subprocess.run(['perf', 'script', '-i', sys.argv[1], '-F', 'comm,ip,sym'],
                     capture_output=True, text=True).stdout
count = Counter()
frames = []
def close():
    if frames:
        count[stage_of(frames)] += 1
for line in out.splitlines():
    if not line.strip():
        close(); frames = []; continue
    if line.startswith((' ', '\t')):
        parts = line.split()
        if len(parts) >= 2:
            frames.append(re.sub(r'\.(isra|part|constprop|cold)\.\d+.*$', '', parts[1]))
    else:
        close(); frames = []
close()
total = sum(count.values())
print(f'{sys.argv[1]}: {total} samples')
for st, n in count.most_common():
    print(f'  {100.0 * n / total:5.1f}%  {st}')
