/* SPDX-License-Identifier: MIT */
#include "zk_gl_state.h"

#include <pthread.h>
#include <string.h>

#include "ntv/passes/ntv_pass_util.h"
#include "util/arena.h"
#include "zk_compiler.h"

const struct ntv_gl_state_location zk_gl_state_location = {
   .uniform_buffer = true,
   .set = ZK_SET_UNIFORM_BUFFER,
   .binding = ZK_BINDING_GL_STATE,
};

/* GLSL 1.20, section 7.5 "Built-In Uniform State", in that order. */
static const char *const field_names[ZK_GL_STATE_FIELD_COUNT] = {
   [ZK_GL_STATE_CLIP_PLANE] = "gl_ClipPlane",
   [ZK_GL_STATE_MODELVIEW] = "gl_ModelViewMatrix",
   [ZK_GL_STATE_PROJECTION] = "gl_ProjectionMatrix",
   [ZK_GL_STATE_MVP] = "gl_ModelViewProjectionMatrix",
   [ZK_GL_STATE_TEXTURE] = "gl_TextureMatrix",
   [ZK_GL_STATE_MODELVIEW_INVERSE] = "gl_ModelViewMatrixInverse",
   [ZK_GL_STATE_PROJECTION_INVERSE] = "gl_ProjectionMatrixInverse",
   [ZK_GL_STATE_MVP_INVERSE] = "gl_ModelViewProjectionMatrixInverse",
   [ZK_GL_STATE_TEXTURE_INVERSE] = "gl_TextureMatrixInverse",
   [ZK_GL_STATE_MODELVIEW_TRANSPOSE] = "gl_ModelViewMatrixTranspose",
   [ZK_GL_STATE_PROJECTION_TRANSPOSE] = "gl_ProjectionMatrixTranspose",
   [ZK_GL_STATE_MVP_TRANSPOSE] = "gl_ModelViewProjectionMatrixTranspose",
   [ZK_GL_STATE_TEXTURE_TRANSPOSE] = "gl_TextureMatrixTranspose",
   [ZK_GL_STATE_MODELVIEW_INVERSE_TRANSPOSE] = "gl_ModelViewMatrixInverseTranspose",
   [ZK_GL_STATE_PROJECTION_INVERSE_TRANSPOSE] = "gl_ProjectionMatrixInverseTranspose",
   [ZK_GL_STATE_MVP_INVERSE_TRANSPOSE] = "gl_ModelViewProjectionMatrixInverseTranspose",
   [ZK_GL_STATE_TEXTURE_INVERSE_TRANSPOSE] = "gl_TextureMatrixInverseTranspose",
   [ZK_GL_STATE_NORMAL_MATRIX] = "gl_NormalMatrix",
   [ZK_GL_STATE_NORMAL_SCALE] = "gl_NormalScale",
   [ZK_GL_STATE_DEPTH_RANGE] = "gl_DepthRange",
   [ZK_GL_STATE_POINT] = "gl_Point",
   [ZK_GL_STATE_FRONT_MATERIAL] = "gl_FrontMaterial",
   [ZK_GL_STATE_BACK_MATERIAL] = "gl_BackMaterial",
   [ZK_GL_STATE_LIGHT_SOURCE] = "gl_LightSource",
   [ZK_GL_STATE_LIGHT_MODEL] = "gl_LightModel",
   [ZK_GL_STATE_FRONT_LIGHT_MODEL_PRODUCT] = "gl_FrontLightModelProduct",
   [ZK_GL_STATE_BACK_LIGHT_MODEL_PRODUCT] = "gl_BackLightModelProduct",
   [ZK_GL_STATE_FRONT_LIGHT_PRODUCT] = "gl_FrontLightProduct",
   [ZK_GL_STATE_BACK_LIGHT_PRODUCT] = "gl_BackLightProduct",
   [ZK_GL_STATE_TEXTURE_ENV_COLOR] = "gl_TextureEnvColor",
   [ZK_GL_STATE_EYE_PLANE_S] = "gl_EyePlaneS",
   [ZK_GL_STATE_EYE_PLANE_T] = "gl_EyePlaneT",
   [ZK_GL_STATE_EYE_PLANE_R] = "gl_EyePlaneR",
   [ZK_GL_STATE_EYE_PLANE_Q] = "gl_EyePlaneQ",
   [ZK_GL_STATE_OBJECT_PLANE_S] = "gl_ObjectPlaneS",
   [ZK_GL_STATE_OBJECT_PLANE_T] = "gl_ObjectPlaneT",
   [ZK_GL_STATE_OBJECT_PLANE_R] = "gl_ObjectPlaneR",
   [ZK_GL_STATE_OBJECT_PLANE_Q] = "gl_ObjectPlaneQ",
   [ZK_GL_STATE_FOG] = "gl_Fog",
   /* A name no shader can declare (GLSL 1.40, 3.6: "gl_" is reserved). */
   [ZK_GL_STATE_RASTER] = "gl_KilnRasterState",
};

bool
zk_gl_state_field_from_name(const char *name, enum zk_gl_state_field *field)
{
   if (!name)
      return false;
   for (unsigned f = 0; f < ZK_GL_STATE_FIELD_COUNT; f++) {
      if (strcmp(name, field_names[f]) == 0) {
         *field = (enum zk_gl_state_field)f;
         return true;
      }
   }
   return false;
}

/* ---- the block's full layout, built once ---------------------------------------- */

/* ntv's fields (ntv_gl_state.h), then ours. */
#define NTV_FIELDS 3
#define ALL_FIELDS (NTV_FIELDS + ZK_GL_STATE_FIELD_COUNT - 1)

static struct {
   pthread_once_t once;
   bool ok;
   unsigned size_B;
   struct zk_gl_state_member members[ZK_GL_STATE_FIELD_COUNT];
} layout = {.once = PTHREAD_ONCE_INIT};

static const struct glsl_type *
make_struct(const char *name, const struct glsl_type *const *types,
            const char *const *names, unsigned n)
{
   struct glsl_struct_field fields[16];
   for (unsigned i = 0; i < n; i++)
      fields[i] = glsl_struct_field_init(types[i], names[i]);
   return glsl_struct_type(fields, n, name, GLSL_BLOCK_NONE);
}

static const struct glsl_type *
field_type(enum zk_gl_state_field f)
{
   const struct glsl_type *flt = glsl_float_type();
   const struct glsl_type *v3 = glsl_vector_type(GLSL_TYPE_FLOAT, 3);
   const struct glsl_type *v4 = glsl_vec4_type();
   const struct glsl_type *m3 = glsl_matrix_type(GLSL_TYPE_FLOAT, 3, 3);
   const struct glsl_type *m4 = glsl_matrix_type(GLSL_TYPE_FLOAT, 4, 4);
   switch (f) {
   case ZK_GL_STATE_CLIP_PLANE:
      return glsl_array_type(v4, ZK_GL_MAX_CLIP_PLANES, 0);
   case ZK_GL_STATE_MODELVIEW:
   case ZK_GL_STATE_PROJECTION:
   case ZK_GL_STATE_MVP:
   case ZK_GL_STATE_MODELVIEW_INVERSE:
   case ZK_GL_STATE_PROJECTION_INVERSE:
   case ZK_GL_STATE_MVP_INVERSE:
   case ZK_GL_STATE_MODELVIEW_TRANSPOSE:
   case ZK_GL_STATE_PROJECTION_TRANSPOSE:
   case ZK_GL_STATE_MVP_TRANSPOSE:
   case ZK_GL_STATE_MODELVIEW_INVERSE_TRANSPOSE:
   case ZK_GL_STATE_PROJECTION_INVERSE_TRANSPOSE:
   case ZK_GL_STATE_MVP_INVERSE_TRANSPOSE:
      return m4;
   case ZK_GL_STATE_TEXTURE:
   case ZK_GL_STATE_TEXTURE_INVERSE:
   case ZK_GL_STATE_TEXTURE_TRANSPOSE:
   case ZK_GL_STATE_TEXTURE_INVERSE_TRANSPOSE:
      return glsl_array_type(m4, ZK_GL_MAX_TEXTURE_COORDS, 0);
   case ZK_GL_STATE_NORMAL_MATRIX:
      return m3;
   case ZK_GL_STATE_NORMAL_SCALE:
      return flt;
   case ZK_GL_STATE_DEPTH_RANGE: {
      const struct glsl_type *t[] = {flt, flt, flt};
      const char *n[] = {"near", "far", "diff"};
      return make_struct("gl_DepthRangeParameters", t, n, 3);
   }
   case ZK_GL_STATE_POINT: {
      const struct glsl_type *t[] = {flt, flt, flt, flt, flt, flt, flt};
      const char *n[] = {"size",
                         "sizeMin",
                         "sizeMax",
                         "fadeThresholdSize",
                         "distanceConstantAttenuation",
                         "distanceLinearAttenuation",
                         "distanceQuadraticAttenuation"};
      return make_struct("gl_PointParameters", t, n, 7);
   }
   case ZK_GL_STATE_FRONT_MATERIAL:
   case ZK_GL_STATE_BACK_MATERIAL: {
      const struct glsl_type *t[] = {v4, v4, v4, v4, flt};
      const char *n[] = {"emission", "ambient", "diffuse", "specular", "shininess"};
      return make_struct("gl_MaterialParameters", t, n, 5);
   }
   case ZK_GL_STATE_LIGHT_SOURCE: {
      const struct glsl_type *t[] = {v4, v4, v4, v4, v4, v3, flt, flt, flt, flt, flt, flt};
      const char *n[] = {"ambient",       "diffuse",
                         "specular",      "position",
                         "halfVector",    "spotDirection",
                         "spotExponent",  "spotCutoff",
                         "spotCosCutoff", "constantAttenuation",
                         "linearAttenuation", "quadraticAttenuation"};
      return glsl_array_type(make_struct("gl_LightSourceParameters", t, n, 12),
                             ZK_GL_MAX_LIGHTS, 0);
   }
   case ZK_GL_STATE_LIGHT_MODEL: {
      const struct glsl_type *t[] = {v4};
      const char *n[] = {"ambient"};
      return make_struct("gl_LightModelParameters", t, n, 1);
   }
   case ZK_GL_STATE_FRONT_LIGHT_MODEL_PRODUCT:
   case ZK_GL_STATE_BACK_LIGHT_MODEL_PRODUCT: {
      const struct glsl_type *t[] = {v4};
      const char *n[] = {"sceneColor"};
      return make_struct("gl_LightModelProducts", t, n, 1);
   }
   case ZK_GL_STATE_FRONT_LIGHT_PRODUCT:
   case ZK_GL_STATE_BACK_LIGHT_PRODUCT: {
      const struct glsl_type *t[] = {v4, v4, v4};
      const char *n[] = {"ambient", "diffuse", "specular"};
      return glsl_array_type(make_struct("gl_LightProducts", t, n, 3), ZK_GL_MAX_LIGHTS, 0);
   }
   case ZK_GL_STATE_TEXTURE_ENV_COLOR:
      return glsl_array_type(v4, ZK_GL_MAX_TEXTURE_UNITS, 0);
   case ZK_GL_STATE_EYE_PLANE_S:
   case ZK_GL_STATE_EYE_PLANE_T:
   case ZK_GL_STATE_EYE_PLANE_R:
   case ZK_GL_STATE_EYE_PLANE_Q:
   case ZK_GL_STATE_OBJECT_PLANE_S:
   case ZK_GL_STATE_OBJECT_PLANE_T:
   case ZK_GL_STATE_OBJECT_PLANE_R:
   case ZK_GL_STATE_OBJECT_PLANE_Q:
      return glsl_array_type(v4, ZK_GL_MAX_TEXTURE_COORDS, 0);
   case ZK_GL_STATE_FOG: {
      const struct glsl_type *t[] = {v4, flt, flt, flt, flt};
      const char *n[] = {"color", "density", "start", "end", "scale"};
      return make_struct("gl_FogParameters", t, n, 5);
   }
   case ZK_GL_STATE_RASTER:
      return glsl_array_type(v4, 3, 0);
   case ZK_GL_STATE_FIELD_COUNT:
      break;
   }
   return glsl_error_type();
}

static void
build_layout(void)
{
   struct glsl_struct_field fields[ALL_FIELDS];
   fields[0] = glsl_struct_field_init(glsl_vec4_type(), "frag_coord_y");
   fields[1] = glsl_struct_field_init(glsl_vector_type(GLSL_TYPE_FLOAT, 2), "point_coord_y");
   fields[2] = glsl_struct_field_init(field_type(ZK_GL_STATE_CLIP_PLANE), "clip_plane");
   for (unsigned f = 1; f < ZK_GL_STATE_FIELD_COUNT; f++)
      fields[NTV_FIELDS + f - 1] =
         glsl_struct_field_init(field_type((enum zk_gl_state_field)f), field_names[f]);
   const struct glsl_type *full = glsl_get_explicit_type_for_layout(
      glsl_struct_type(fields, ALL_FIELDS, "KilnGLState", GLSL_BLOCK), GLSL_LAYOUT_STD140,
      false);
   if (glsl_type_is_error(full))
      return;
   /* ntv's part must be what ntv_gl_state.h promises. */
   if (glsl_get_struct_field_data(full, 1)->offset_B != 16 ||
       glsl_get_struct_field_data(full, 2)->offset_B != 32 ||
       glsl_get_struct_field_data(full, NTV_FIELDS)->offset_B != NTV_GL_STATE_SIZE_B)
      return;
   for (unsigned f = 0; f < ZK_GL_STATE_FIELD_COUNT; f++) {
      const unsigned m = f == ZK_GL_STATE_CLIP_PLANE ? 2 : NTV_FIELDS + f - 1;
      layout.members[f].name = glsl_get_struct_elem_name(full, m);
      layout.members[f].field = *glsl_get_struct_field_data(full, m);
   }
   layout.size_B = glsl_get_explicit_size_B(full);
   layout.ok = true;
}

const struct zk_gl_state_member *
zk_gl_state_member(enum zk_gl_state_field field)
{
   pthread_once(&layout.once, build_layout);
   if (!layout.ok || field >= ZK_GL_STATE_FIELD_COUNT)
      return NULL;
   return &layout.members[field];
}

unsigned
zk_gl_state_size_B(void)
{
   pthread_once(&layout.once, build_layout);
   return layout.ok ? layout.size_B : 0;
}

int
zk_gl_state_member_index(nir_shader *shader, enum zk_gl_state_field field,
                         nir_variable **block)
{
   const struct zk_gl_state_member *m = zk_gl_state_member(field);
   nir_variable *var = ntv_gl_state_variable(shader, &zk_gl_state_location);
   if (!m || !var) {
      nir_shader_set_oom(shader);
      return -1;
   }
   *block = var;
   const int found = glsl_get_field_index(var->type, m->name);
   if (found >= 0)
      return found;
   /* Append the member: the others keep their indices. */
   const unsigned n = glsl_get_length(var->type);
   struct glsl_struct_field *fields =
      arena_new_array(shader->arena, struct glsl_struct_field, n + 1);
   if (!fields) {
      nir_shader_set_oom(shader);
      return -1;
   }
   for (unsigned i = 0; i < n; i++)
      fields[i] = *glsl_get_struct_field_data(var->type, i);
   fields[n] = m->field;
   const struct glsl_type *t = glsl_struct_type(fields, n + 1, glsl_get_type_name(var->type),
                                                glsl_get_block_kind(var->type));
   if (glsl_type_is_error(t)) {
      nir_shader_set_oom(shader);
      return -1;
   }
   var->type = t;
   nir_variable_retype_derefs(shader, var);
   return (int)n;
}
