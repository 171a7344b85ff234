/* SPDX-License-Identifier: MIT */
/*
 * GL depth range [-1, 1] to Vulkan's [0, 1] on gl_Position (see
 * ntv_passes.h).
 *
 * When every store writes the whole position and nothing reads it back,
 * each store simply stores (x, y, (z + w) / 2, w). Otherwise the shader's
 * position lives in a shadow variable: its stores and loads go there, and
 * after each store the transformed shadow is stored to gl_Position, so
 * partial stores and read-backs see what the shader wrote.
 *
 * Transform feedback must capture the position the shader wrote. If
 * gl_Position carries capture decorations, the shadow is an output of its
 * own (in a Location no output uses, which the next stage does not read)
 * and the decorations move to it: the capture then sees the untransformed
 * value, written at the same points as gl_Position.
 */
#include "ntv/passes/ntv_passes.h"

#include "nir/nir_builder.h"
#include "ntv/passes/ntv_pass_util.h"
#include "util/arena.h"

struct access {
   nir_intrinsic_instr *intr;
   enum ntv_deref_match match;
   nir_src *index;
};

static bool
collect(nir_shader *shader, const struct ntv_output_ref *pos, struct access **out,
        unsigned *count, bool *need_shadow, const char **error)
{
   unsigned n = 0, cap = 0;
   struct access *list = NULL;
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF &&
                intr->intrinsic != NIR_INTRINSIC_LOAD_DEREF &&
                intr->intrinsic != NIR_INTRINSIC_COPY_DEREF)
               continue;
            bool hit = false;
            for (unsigned s = 0; s < (intr->intrinsic == NIR_INTRINSIC_COPY_DEREF ? 2 : 1);
                 s++) {
               nir_deref_instr *d = nir_src_as_deref(intr->src[s]);
               nir_src *index = NULL;
               const enum ntv_deref_match m = d ? ntv_deref_match(d, pos, &index)
                                                : NTV_DEREF_UNRELATED;
               if (m == NTV_DEREF_UNRELATED)
                  continue;
               if (m == NTV_DEREF_OTHER || intr->intrinsic == NIR_INTRINSIC_COPY_DEREF) {
                  *error = "gl_Position is copied or accessed as part of a larger object";
                  return false;
               }
               if (n == cap) {
                  cap = cap ? 2 * cap : 16;
                  struct access *grown =
                     arena_realloc(shader->arena, list, n * sizeof(*list), cap * sizeof(*list));
                  if (!grown) {
                     nir_shader_set_oom(shader);
                     *error = "out of memory";
                     return false;
                  }
                  list = grown;
               }
               list[n++] = (struct access){intr, m, index};
               hit = true;
            }
            if (!hit)
               continue;
            if (intr->intrinsic == NIR_INTRINSIC_LOAD_DEREF ||
                list[n - 1].match == NTV_DEREF_ELEMENT ||
                (nir_intrinsic_write_mask(intr) & 0xf) != 0xf)
               *need_shadow = true;
         }
      }
   }
   *out = list;
   *count = n;
   return true;
}

static bool
is_captured(const struct ntv_output_ref *pos)
{
   if (pos->member < 0)
      return pos->var->data.explicit_xfb_offset;
   return glsl_get_struct_field_data(pos->var->type, (unsigned)pos->member)->xfb_offset_B !=
          GLSL_NO_DECORATION;
}

/* Moves the capture decorations from gl_Position to the shadow output. */
static bool
move_capture(nir_shader *shader, const struct ntv_output_ref *pos, nir_variable *shadow)
{
   struct nir_variable_data *s = &shadow->data;
   struct nir_variable_data *v = &pos->var->data;
   s->xfb_buffer = v->xfb_buffer;
   s->xfb_stride_B = v->xfb_stride_B;
   s->stream = v->stream;
   s->explicit_xfb_buffer = v->explicit_xfb_buffer;
   s->explicit_xfb_stride = v->explicit_xfb_stride;
   s->explicit_stream = v->explicit_stream;
   s->explicit_xfb_offset = true;
   if (pos->member < 0) {
      s->xfb_offset_B = v->xfb_offset_B;
      v->explicit_xfb_offset = false;
      v->explicit_xfb_buffer = false;
      v->explicit_xfb_stride = false;
      v->xfb_buffer = v->xfb_offset_B = v->xfb_stride_B = 0;
      return true;
   }
   struct glsl_struct_field f =
      *glsl_get_struct_field_data(pos->var->type, (unsigned)pos->member);
   s->xfb_offset_B = (unsigned)f.xfb_offset_B;
   if (f.xfb_buffer != GLSL_NO_DECORATION) {
      s->xfb_buffer = (unsigned)f.xfb_buffer;
      s->explicit_xfb_buffer = true;
   }
   if (f.xfb_stride_B != GLSL_NO_DECORATION) {
      s->xfb_stride_B = (unsigned)f.xfb_stride_B;
      s->explicit_xfb_stride = true;
   }
   f.xfb_offset_B = f.xfb_buffer = f.xfb_stride_B = GLSL_NO_DECORATION;
   if (!ntv_set_member(shader, pos->var, (unsigned)pos->member, &f))
      return false;
   /* A block with no captured member left captures nothing. */
   const struct glsl_type *t = pos->var->type;
   for (unsigned m = 0; m < glsl_get_length(t); m++) {
      if (glsl_get_struct_field_data(t, m)->xfb_offset_B != GLSL_NO_DECORATION)
         return true;
   }
   v->explicit_xfb_buffer = false;
   v->explicit_xfb_stride = false;
   v->xfb_buffer = 0;
   v->xfb_stride_B = 0;
   return true;
}

static nir_def *
transform(nir_builder *b, nir_def *v)
{
   nir_def *z = nir_fmul_imm(b, nir_fadd(b, nir_channel(b, v, 2), nir_channel(b, v, 3)), 0.5);
   return nir_vector_insert_imm(b, v, z, 2);
}

bool
ntv_lower_depth_range(nir_shader *shader, const char **error)
{
   *error = NULL;
   const nir_shader_stage stage = shader->info.stage;
   if (stage != NIR_STAGE_VERTEX && stage != NIR_STAGE_TESS_EVAL &&
       stage != NIR_STAGE_GEOMETRY)
      return false;
   struct ntv_output_ref pos;
   if (!ntv_find_builtin(shader, NIR_VAR_SHADER_OUT, NIR_BUILTIN_POSITION, &pos))
      return false;
   if (!glsl_type_is_vector(ntv_output_type(&pos)) ||
       glsl_get_components(ntv_output_type(&pos)) != 4) {
      *error = "gl_Position is not a vec4";
      return false;
   }

   struct access *list;
   unsigned n;
   bool need_shadow = false;
   if (!collect(shader, &pos, &list, &n, &need_shadow, error))
      return false;
   if (n == 0)
      return false;
   const bool captured = is_captured(&pos);

   if (!need_shadow && !captured) {
      for (unsigned i = 0; i < n; i++) {
         nir_intrinsic_instr *store = list[i].intr;
         nir_builder b = nir_builder_at(nir_before_instr(&store->instr));
         nir_src_rewrite(&store->src[1], transform(&b, store->src[1].ssa));
      }
      return true;
   }

   nir_variable *shadow;
   if (captured) {
      const int location = ntv_free_output_location(shader);
      if (location < 0) {
         *error = "no free output location for the captured position";
         return false;
      }
      shadow = nir_variable_create(shader, NIR_VAR_SHADER_OUT, glsl_vec4_type(),
                                   "kiln_xfb_position");
      if (!shadow) {
         *error = "out of memory";
         return false;
      }
      shadow->data.location = location;
      shadow->data.explicit_location = true;
      shader->info.outputs_written |= 1ull << location;
      if (!move_capture(shader, &pos, shadow)) {
         *error = "out of memory";
         return false;
      }
   } else {
      shadow = nir_variable_create(shader, NIR_VAR_SHADER_TEMP, glsl_vec4_type(),
                                   "kiln_position");
      if (!shadow) {
         *error = "out of memory";
         return false;
      }
   }
   const struct ntv_output_ref shadow_ref = {shadow, -1};

   for (unsigned i = 0; i < n; i++) {
      nir_intrinsic_instr *intr = list[i].intr;
      nir_builder b = nir_builder_at(nir_before_instr(&intr->instr));
      nir_def *index = list[i].match == NTV_DEREF_ELEMENT ? list[i].index->ssa : NULL;
      nir_deref_instr *old = nir_src_as_deref(intr->src[0]);
      nir_deref_instr *sd = ntv_build_output_deref(&b, &shadow_ref, index);
      nir_src_rewrite(&intr->src[0], &sd->def);
      nir_deref_instr_remove_if_unused(old);
      if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF)
         continue;
      b.cursor = nir_after_instr(&intr->instr);
      nir_def *v = nir_load_deref(&b, ntv_build_output_deref(&b, &shadow_ref, NULL));
      nir_store_deref(&b, ntv_build_output_deref(&b, &pos, NULL), transform(&b, v), 0xf);
   }
   return true;
}
