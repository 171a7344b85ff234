/* SPDX-License-Identifier: MIT */
/*
 * The GL state uniforms GLSL declares (gl_ModelViewMatrix, gl_LightSource,
 * gl_DepthRange, ... GLSL 1.20 section 7.5 and the compatibility profile of
 * later versions) as members of ntv's kiln_gl_state block
 * (ntv/passes/ntv_gl_state.h), after ntv's own fields: one block, one
 * layout, filled by the driver.
 *
 * The layout is fixed: ntv's fields at 0..159, then every field below in
 * this order under std140 rules, arrays sized by the limits zink advertises
 * (ZK_GL_MAX_LIGHTS ...). A shader's block declares ntv's fields and the
 * fields it reads, at those offsets. zk_gl_state_layout() gives the table;
 * docs/zink-compiler.md prints it.
 */
#ifndef ZK_GL_STATE_H
#define ZK_GL_STATE_H

#include <stdbool.h>

#include "nir/nir.h"
#include "ntv/passes/ntv_gl_state.h"

struct nir_builder;

/* gl_MaxLights, gl_MaxTextureCoords, gl_MaxTextureUnits, gl_MaxClipPlanes. */
#define ZK_GL_MAX_LIGHTS         8
#define ZK_GL_MAX_TEXTURE_COORDS 8
#define ZK_GL_MAX_TEXTURE_UNITS  8
#define ZK_GL_MAX_CLIP_PLANES    NTV_GL_STATE_MAX_CLIP_PLANES

enum zk_gl_state_field {
   ZK_GL_STATE_CLIP_PLANE, /* gl_ClipPlane[]: ntv's clip_plane member */
   ZK_GL_STATE_MODELVIEW,
   ZK_GL_STATE_PROJECTION,
   ZK_GL_STATE_MVP,
   ZK_GL_STATE_TEXTURE,
   ZK_GL_STATE_MODELVIEW_INVERSE,
   ZK_GL_STATE_PROJECTION_INVERSE,
   ZK_GL_STATE_MVP_INVERSE,
   ZK_GL_STATE_TEXTURE_INVERSE,
   ZK_GL_STATE_MODELVIEW_TRANSPOSE,
   ZK_GL_STATE_PROJECTION_TRANSPOSE,
   ZK_GL_STATE_MVP_TRANSPOSE,
   ZK_GL_STATE_TEXTURE_TRANSPOSE,
   ZK_GL_STATE_MODELVIEW_INVERSE_TRANSPOSE,
   ZK_GL_STATE_PROJECTION_INVERSE_TRANSPOSE,
   ZK_GL_STATE_MVP_INVERSE_TRANSPOSE,
   ZK_GL_STATE_TEXTURE_INVERSE_TRANSPOSE,
   ZK_GL_STATE_NORMAL_MATRIX,
   ZK_GL_STATE_NORMAL_SCALE,
   ZK_GL_STATE_DEPTH_RANGE,
   ZK_GL_STATE_POINT,
   ZK_GL_STATE_FRONT_MATERIAL,
   ZK_GL_STATE_BACK_MATERIAL,
   ZK_GL_STATE_LIGHT_SOURCE,
   ZK_GL_STATE_LIGHT_MODEL,
   ZK_GL_STATE_FRONT_LIGHT_MODEL_PRODUCT,
   ZK_GL_STATE_BACK_LIGHT_MODEL_PRODUCT,
   ZK_GL_STATE_FRONT_LIGHT_PRODUCT,
   ZK_GL_STATE_BACK_LIGHT_PRODUCT,
   ZK_GL_STATE_TEXTURE_ENV_COLOR,
   ZK_GL_STATE_EYE_PLANE_S,
   ZK_GL_STATE_EYE_PLANE_T,
   ZK_GL_STATE_EYE_PLANE_R,
   ZK_GL_STATE_EYE_PLANE_Q,
   ZK_GL_STATE_OBJECT_PLANE_S,
   ZK_GL_STATE_OBJECT_PLANE_T,
   ZK_GL_STATE_OBJECT_PLANE_R,
   ZK_GL_STATE_OBJECT_PLANE_Q,
   ZK_GL_STATE_FOG,
   /* Not GLSL's: the core-profile raster state the shaders apply (vec4[3]):
    * [0] = (glPointSize, GL_PROGRAM_POINT_SIZE ? 1 : 0, 0, 0),
    * [1], [2] = GL_CLIP_DISTANCE0..3, 4..7 enabled ? 1 : 0. Read by
    * zk_lower_point_size and zk_lower_clip_distance_enables. */
   ZK_GL_STATE_RASTER,
   ZK_GL_STATE_FIELD_COUNT,
};

/* The member a field is in the block: its GLSL name, its explicitly laid
 * out type (std140), Offset and MatrixStride. */
struct zk_gl_state_member {
   const char *name;
   struct glsl_struct_field field;
};

/* The field a GL state uniform is (by its GLSL name); false if `name` is
 * not one. */
bool zk_gl_state_field_from_name(const char *name, enum zk_gl_state_field *field);
/* NULL on out-of-memory (types could not be built). */
const struct zk_gl_state_member *zk_gl_state_member(enum zk_gl_state_field field);
/* The whole block's size: what the driver allocates. */
unsigned zk_gl_state_size_B(void);

/* zink's kiln_gl_state: a uniform buffer at set 0, binding ZK_BINDING_GL_STATE. */
extern const struct ntv_gl_state_location zk_gl_state_location;

/* The index of `field` in the shader's kiln_gl_state block (made if
 * missing), adding the member if the block lacks it; -1 on out-of-memory. */
int zk_gl_state_member_index(nir_shader *shader, enum zk_gl_state_field field,
                             nir_variable **block);

#endif /* ZK_GL_STATE_H */
