/* SPDX-License-Identifier: MIT */
/*
 * kiln_gl_state: the GL state the fixup passes read at run time, in one
 * block the driver fills (as push constants, or a uniform buffer). Its
 * layout is fixed, identical under std140 and std430:
 *
 *    offset  0  vec4 frag_coord_y     (lower-left scale, lower-left offset,
 *                                      upper-left scale, upper-left offset):
 *                                      gl_FragCoord.y = y * scale + offset with
 *                                      the pair for the shader's origin
 *    offset 16  vec2 point_coord_y    (scale, offset) for gl_PointCoord.y
 *    offset 32  vec4 clip_plane[8]    eye-space user clip planes, indexed by
 *                                      GL plane number
 *    size 160 bytes
 *
 * zink appends GL's built-in state uniforms (gl_ModelViewMatrix, ...) after
 * offset 160, at fixed offsets of its own (zink/compiler/zk_gl_state.h);
 * these three keep their places.
 *
 * A push-constant block that large needs maxPushConstantsSize >= 160 (kiln
 * and lavapipe offer 256); drivers with the 128-byte minimum use the
 * uniform-buffer form.
 */
#ifndef NTV_GL_STATE_H
#define NTV_GL_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "nir/nir.h"

struct nir_builder;

#define NTV_GL_STATE_NAME "kiln_gl_state"
#define NTV_GL_STATE_SIZE_B 160
#define NTV_GL_STATE_MAX_CLIP_PLANES 8

enum ntv_gl_state_field {
   NTV_GL_STATE_FRAG_COORD_Y,  /* vec4 at 0 */
   NTV_GL_STATE_POINT_COORD_Y, /* vec2 at 16 */
   NTV_GL_STATE_CLIP_PLANE,    /* vec4[8] at 32, stride 16 */
};

/* Where the block lives. */
struct ntv_gl_state_location {
   bool uniform_buffer; /* false: push constants */
   uint32_t set, binding;
};

/* The block variable, made on first use (the same one for every pass).
 * NULL on out-of-memory (shader->oom is then set). */
nir_variable *ntv_gl_state_variable(nir_shader *shader,
                                    const struct ntv_gl_state_location *loc);

/* Loads a field (element `index` of clip_plane). */
struct nir_def *ntv_gl_state_load(struct nir_builder *b, nir_variable *state,
                                  enum ntv_gl_state_field field, unsigned index);

#endif /* NTV_GL_STATE_H */
