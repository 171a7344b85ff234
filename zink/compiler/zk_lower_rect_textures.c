/* SPDX-License-Identifier: MIT */
/*
 * Rectangle textures as 2D textures (see zk_compiler.h).
 *
 * Vulkan has no Rect dimension (SampledRect/ImageRect are not Vulkan
 * capabilities). A GL rectangle texture is a one-level 2D texture sampled
 * with unnormalized texel coordinates (GL 4.6, 8.14: "rectangle textures
 * ... coordinates are not normalized"), so sampling divides the coordinate
 * (and gradients) by the level-0 size: u = s / w, v = t / h, the mapping
 * that makes the 2D lookup land on the same texel with the same filter
 * weights. A projected lookup divides by q afterwards, which commutes.
 * Offsets are texels in both. Fetches, size queries and storage images use
 * integer texel coordinates and only change dimension (a size query gets
 * level 0 explicitly).
 */
#include "zk_compiler.h"

#include "zk_pass_util.h"

static const struct glsl_type *
rect_to_2d(const struct glsl_type *t)
{
   if (glsl_type_is_array(t)) {
      const struct glsl_type *e = rect_to_2d(glsl_get_array_element(t));
      return e == glsl_get_array_element(t)
                ? t
                : glsl_array_type(e, glsl_get_length(t), glsl_get_explicit_stride(t));
   }
   if (!glsl_type_is_image(t) && !glsl_type_is_sampled_image(t))
      return t;
   const struct glsl_type *img = glsl_get_image_type(t);
   if (img->sampler_dim != GLSL_SAMPLER_DIM_RECT)
      return t;
   const struct glsl_type *img2d =
      glsl_image_type(GLSL_SAMPLER_DIM_2D, img->sampler_array, img->sampler_ms,
                      img->image_depth, img->image_sampled, img->sampled_type,
                      img->image_format);
   return glsl_type_is_sampled_image(t) ? glsl_sampled_image_type(img2d) : img2d;
}

static nir_def *
level0_size(nir_builder *b, nir_tex_instr *tex)
{
   const int t = nir_tex_instr_src_index(tex, NIR_TEX_SRC_TEXTURE_DEREF);
   nir_deref_instr *texture = t >= 0 ? nir_src_as_deref(tex->src[t].src) : NULL;
   if (!texture)
      return NULL;
   nir_tex_instr *txs = nir_tex_instr_create(b->shader, 2);
   if (!txs)
      return NULL;
   txs->op = NIR_TEXOP_TXS;
   txs->sampler_dim = GLSL_SAMPLER_DIM_2D;
   txs->dest_type = NIR_TYPE_INT32;
   txs->is_new_style_shadow = true;
   txs->src[0] = nir_tex_src_for_ssa(NIR_TEX_SRC_TEXTURE_DEREF,
                                     &zk_clone_deref_chain(b, texture)->def);
   txs->src[1] = nir_tex_src_for_ssa(NIR_TEX_SRC_LOD, nir_imm_int(b, 0));
   return nir_i2fN(b, nir_builder_tex_finish_and_insert(b, txs), 32);
}

/* The first two components of a source divided by the size. */
static void
normalize_src(nir_builder *b, nir_tex_instr *tex, nir_tex_src_type type, nir_def *size)
{
   const int i = nir_tex_instr_src_index(tex, type);
   if (i < 0)
      return;
   nir_def *v = tex->src[i].src.ssa;
   nir_def *comps[4];
   for (unsigned c = 0; c < v->num_components && c < 4; c++) {
      comps[c] = nir_channel(b, v, c);
      if (c < 2)
         comps[c] = nir_fdiv(b, comps[c], nir_channel(b, size, c));
   }
   nir_src_rewrite(&tex->src[i].src, nir_vec(b, comps, v->num_components));
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   if (instr->type == NIR_INSTR_TYPE_INTRINSIC) {
      nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      if (!nir_intrinsic_has_image_dim(intr) ||
          nir_intrinsic_image_dim(intr) != GLSL_SAMPLER_DIM_RECT)
         return false;
      nir_intrinsic_set_image_dim(intr, GLSL_SAMPLER_DIM_2D);
      return true;
   }
   if (instr->type != NIR_INSTR_TYPE_TEX)
      return false;
   nir_tex_instr *tex = nir_instr_as_tex(instr);
   if (tex->sampler_dim != GLSL_SAMPLER_DIM_RECT)
      return false;
   tex->sampler_dim = GLSL_SAMPLER_DIM_2D;
   b->cursor = nir_before_instr(instr);
   switch (tex->op) {
   case NIR_TEXOP_TEX:
   case NIR_TEXOP_TXB:
   case NIR_TEXOP_TXL:
   case NIR_TEXOP_TXD:
   case NIR_TEXOP_TG4:
   case NIR_TEXOP_LOD: {
      nir_def *size = level0_size(b, tex);
      if (!size) {
         *(bool *)data = false;
         return true;
      }
      normalize_src(b, tex, NIR_TEX_SRC_COORD, size);
      normalize_src(b, tex, NIR_TEX_SRC_DDX, size);
      normalize_src(b, tex, NIR_TEX_SRC_DDY, size);
      break;
   }
   case NIR_TEXOP_TXS:
      if (nir_tex_instr_src_index(tex, NIR_TEX_SRC_LOD) < 0 &&
          !nir_tex_instr_add_src(tex, NIR_TEX_SRC_LOD, nir_imm_int(b, 0)))
         *(bool *)data = false;
      break;
   default:
      break;
   }
   return true;
}

bool
zk_lower_rect_textures(nir_shader *shader, const char **error)
{
   bool progress = false;
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_UNIFORM) {
      const struct glsl_type *t = rect_to_2d(var->type);
      if (t == var->type)
         continue;
      if (glsl_type_is_error(t)) {
         *error = "out of memory";
         return false;
      }
      zk_retype_variable(shader, var, t);
      progress = true;
   }
   bool ok = true;
   progress |= nir_shader_instructions_pass(shader, lower_instr, NIR_METADATA_CONTROL_FLOW, &ok);
   if (!ok || nir_shader_oom(shader)) {
      *error = "rectangle texture lowering: a lookup without a texture, or out of memory";
      return false;
   }
   return progress;
}
