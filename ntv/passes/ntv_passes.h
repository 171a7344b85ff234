/* SPDX-License-Identifier: MIT */
/*
 * IR passes that turn GL conventions into Vulkan ones before ntv runs, plus
 * the transform-feedback output split. Zink runs them; each lives in a file
 * of its own. Every pass returns progress; passes that can meet IR they
 * cannot handle also take `const char **error`, set (to a static string or
 * one in the shader's arena) when they fail, the shader then being unusable.
 *
 * Several passes read GL state the driver supplies at draw time from one
 * block, `kiln_gl_state` (ntv_gl_state.h).
 */
#ifndef NTV_PASSES_H
#define NTV_PASSES_H

#include <stdbool.h>
#include <stdint.h>

#include "nir/nir.h"
#include "ntv/passes/ntv_gl_state.h"

/* ---- transform feedback ---------------------------------------------------------- */

/* One captured range of an output, as GL describes captures after varying
 * assignment: `num_components` 32-bit components of Location `location`
 * starting at `component` (for a built-in: the built-in, and for an array
 * built-in such as ClipDistance, elements instead of components). */
struct ntv_xfb_output {
   int location;        /* the user output's Location; -1: the built-in below */
   nir_builtin builtin; /* only read when location is -1 */
   uint8_t component;
   uint8_t num_components;
   uint8_t buffer;
   uint8_t stream;
   uint16_t offset_B;
};

struct ntv_xfb_info {
   unsigned num_outputs;
   const struct ntv_xfb_output *outputs;
   uint16_t stride_B[4];
};

/* Makes every captured range a whole variable (or block member) and
 * decorates it with XfbBuffer, XfbStride, Offset and Stream; enables the Xfb
 * execution mode. Outputs partly captured are split into pieces at the
 * capture boundaries (same Location, Components adjusted, every store and
 * load rewritten), so what is written where does not change. Built-ins
 * cannot be split: a partial capture of one (gl_Position.yz,
 * gl_ClipDistance[1]) is written to a copy made whenever the built-in is
 * stored, in a Location no output uses. Fails on dynamic indexing into an
 * output that must be split. */
bool ntv_split_xfb_outputs(nir_shader *shader, const struct ntv_xfb_info *xfb,
                           const char **error);

/* The same split applied to the next stage's inputs, so that its inputs
 * still match the producer's outputs one for one (Vulkan matches interface
 * variables by Location, Component and type). No decorations are added. */
bool ntv_split_xfb_inputs(nir_shader *shader, const struct ntv_xfb_info *xfb,
                          const char **error);

/* ---- GL fixups ---------------------------------------------------------------------- */

/* GL's clip-space depth is [-1, 1], Vulkan's [0, 1]: on the last
 * pre-rasterization stage, every store to gl_Position stores
 * (x, y, (z + w) / 2, w) instead, for drivers without
 * VK_EXT_depth_clip_control. Loads of gl_Position still see what the shader
 * wrote. If transform feedback captures gl_Position, the capture moves to a
 * copy of the untransformed position (an output in a Location no output
 * uses): run ntv_split_xfb_outputs first. */
bool ntv_lower_depth_range(nir_shader *shader, const char **error);

/* GL's window origin is lower-left and may be asked for upper-left with
 * integer pixel centers; Vulkan's is upper-left with half-integer centers.
 * A fragment shader's gl_FragCoord.y becomes y * scale + offset with the
 * pair the driver supplies for the shader's origin, minus 0.5 in x and y
 * for pixel_center_integer; gl_PointCoord.y becomes y * scale + offset.
 * Afterwards the shader says OriginUpperLeft with half-integer centers. */
bool ntv_lower_yflip(nir_shader *shader, const struct ntv_gl_state_location *state);

/* glShadeModel(GL_FLAT): fragment inputs without an interpolation qualifier
 * whose Location is in `color_locations` (or named gl_Color /
 * gl_SecondaryColor) become Flat. */
bool ntv_lower_flatshade(nir_shader *shader, uint64_t color_locations);

/* gl_ClipVertex (an output found by name in GL-flavoured IR) against the
 * user clip planes enabled in `enabled_planes`: each store of it computes
 * gl_ClipDistance[i] = dot(clip vertex, plane) for the enabled planes, in
 * order, with the planes from kiln_gl_state. gl_ClipVertex itself becomes a
 * private variable. A shader without gl_ClipVertex clips gl_Position when
 * `position_fallback` is set. */
bool ntv_lower_clip_vertex(nir_shader *shader, const struct ntv_gl_state_location *state,
                           uint8_t enabled_planes, bool position_fallback,
                           const char **error);

/* ---- the registry the command-line tool uses --------------------------------------- */

struct ntv_pass_info {
   const char *name;
   const char *help; /* one line; the argument syntax after the name */
   /* Runs the pass with `args` (the text after "name:", or ""): returns
    * false with *error set on bad arguments or failure. */
   bool (*run)(nir_shader *shader, const char *args, bool *progress, const char **error);
};

unsigned ntv_pass_count(void);
const struct ntv_pass_info *ntv_pass_at(unsigned index);
const struct ntv_pass_info *ntv_pass_find(const char *name);

#endif /* NTV_PASSES_H */
