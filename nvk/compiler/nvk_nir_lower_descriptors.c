/* SPDX-License-Identifier: MIT */
/*
 * Descriptors: set/binding/array index -> loads from descriptor memory.
 *
 * Set s is constant buffer NVK_CBUF_SET(s) (nvk_descriptor_types.h);
 * binding b's element i is at layout->bindings[b].offset_B + i * stride_B.
 * Dynamic buffers are read from the root table at their slot in the
 * pipeline layout's dynamic list.
 *
 * Buffers are handed to explicit I/O as (address, size)
 * (nvk_nir_load_buffer_desc); images, samplers and textures become 64-bit
 * handles: the image_* intrinsics and the texture instructions' handle
 * sources, which the backend follows to the kx headers.
 */
#include "nvk_nir.h"

#include <stddef.h>

#include "nvk_descriptor_set_layout.h"
#include "nvk_descriptor_types.h"
#include "nvk_pipeline_layout.h"

static const struct nvk_descriptor_set_binding_layout *
binding_layout(const struct nvk_pipeline_layout *layout, unsigned set, unsigned binding)
{
   if (!layout || set >= layout->set_count || !layout->set_layouts[set])
      return NULL;
   const struct nvk_descriptor_set_layout *sl = layout->set_layouts[set];
   if (binding >= sl->binding_count)
      return NULL;
   return &sl->bindings[binding];
}

bool
nvk_nir_inline_uniform_block(const struct nvk_pipeline_layout *layout, const nir_variable *var,
                             unsigned *offset_B)
{
   const struct nvk_descriptor_set_binding_layout *bl =
      binding_layout(layout, var->data.descriptor_set, var->data.binding);
   if (!bl || bl->type != VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK)
      return false;
   *offset_B = bl->offset_B;
   return true;
}

struct nvk_buffer_desc
nvk_nir_load_buffer_desc(nir_builder *b, const struct nvk_pipeline_layout *layout,
                         const nir_variable *var, nir_def *index)
{
   const unsigned set = var->data.descriptor_set, binding = var->data.binding;
   const struct nvk_descriptor_set_binding_layout *bl = binding_layout(layout, set, binding);
   nir_def *desc;
   if (!bl) {
      /* Not in the layout (invalid usage): a null descriptor. */
      desc = nir_imm_zero(b, 4, 32);
   } else if (nvk_descriptor_type_is_dynamic(bl->type)) {
      const unsigned first = layout->dynamic_start[set] + bl->dynamic_index;
      nir_def *offset = nir_iadd_imm(
         b, nir_imul_imm(b, index, sizeof(struct nvk_buffer_address)),
         offsetof(struct nvk_root_table, dynamic_buffers) +
            first * sizeof(struct nvk_buffer_address));
      desc = nir_load_ubo(b, 4, 32, nir_imm_int(b, NVK_CBUF_ROOT), offset, .align_mul = 16,
                          .range = ~0u);
   } else {
      nir_def *offset = nir_iadd_imm(b, nir_imul_imm(b, index, bl->stride_B), bl->offset_B);
      desc = nir_load_ubo(b, 4, 32, nir_imm_int(b, NVK_CBUF_SET(set)), offset, .align_mul = 16,
                          .range = ~0u);
   }
   return (struct nvk_buffer_desc){
      .addr = nir_pack_64_2x32_split(b, nir_channel(b, desc, 0), nir_channel(b, desc, 1)),
      .size = nir_channel(b, desc, 2),
   };
}

/* The handle (a pointer loaded from descriptor memory) of the image or
 * sampler a deref of a descriptor variable names. `sampler` picks the
 * sampler half of a combined image/sampler. */
static nir_def *
load_handle(nir_builder *b, const struct nvk_pipeline_layout *layout, nir_deref_instr *deref,
            bool sampler)
{
   nir_def *index = nir_imm_int(b, 0);
   nir_deref_instr *d = deref;
   /* Arrays of descriptors (one level; arrays of arrays are flattened). */
   unsigned scale = 1;
   while (d->deref_type == NIR_DEREF_TYPE_ARRAY) {
      nir_def *i = d->arr.index.ssa;
      if (i->bit_size != 32)
         i = nir_u2u32(b, i);
      index = nir_iadd(b, index, nir_imul_imm(b, i, scale));
      nir_deref_instr *parent = nir_deref_instr_parent(d);
      if (!parent)
         return NULL;
      scale *= MAX2(glsl_get_length(parent->type), 1u);
      d = parent;
   }
   if (d->deref_type != NIR_DEREF_TYPE_VAR)
      return NULL;
   const nir_variable *var = d->var;
   const struct nvk_descriptor_set_binding_layout *bl =
      binding_layout(layout, var->data.descriptor_set, var->data.binding);
   if (!bl || !bl->stride_B)
      return nir_imm_int64(b, 0);
   unsigned extra = 0;
   if (sampler && bl->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
      extra = offsetof(struct nvk_combined_image_sampler_descriptor, sampler);
   nir_def *offset = nir_iadd_imm(b, nir_imul_imm(b, index, bl->stride_B), bl->offset_B + extra);
   return nir_load_ubo(b, 1, 64, nir_imm_int(b, NVK_CBUF_SET(var->data.descriptor_set)),
                       offset, .align_mul = 8, .range = ~0u);
}

static nir_intrinsic_op
handle_op(nir_intrinsic_op op)
{
   switch (op) {
   case NIR_INTRINSIC_IMAGE_DEREF_LOAD:
      return NIR_INTRINSIC_IMAGE_LOAD;
   case NIR_INTRINSIC_IMAGE_DEREF_STORE:
      return NIR_INTRINSIC_IMAGE_STORE;
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC:
      return NIR_INTRINSIC_IMAGE_ATOMIC;
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP:
      return NIR_INTRINSIC_IMAGE_ATOMIC_SWAP;
   case NIR_INTRINSIC_IMAGE_DEREF_SIZE:
      return NIR_INTRINSIC_IMAGE_SIZE;
   case NIR_INTRINSIC_IMAGE_DEREF_SAMPLES:
      return NIR_INTRINSIC_IMAGE_SAMPLES;
   default:
      return NIR_NUM_INTRINSICS;
   }
}

struct desc_state {
   const struct nvk_pipeline_layout *layout;
   bool failed;
};

static bool
lower_image(nir_builder *b, nir_intrinsic_instr *intr, struct desc_state *st)
{
   const nir_intrinsic_op op = handle_op(intr->intrinsic);
   if (op == NIR_NUM_INTRINSICS)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   nir_def *handle = deref ? load_handle(b, st->layout, deref, false) : NULL;
   if (!handle) {
      st->failed = true;
      return false;
   }
   /* Same sources (the handle replacing the deref), same indices. */
   nir_intrinsic_instr *n = nir_intrinsic_instr_create(b->shader, op);
   if (!n)
      return false;
   const unsigned num_srcs = nir_intrinsic_infos[op].num_srcs;
   n->num_components = intr->num_components;
   memcpy(n->const_index, intr->const_index, sizeof(n->const_index));
   nir_src_init(&n->src[0], handle);
   for (unsigned i = 1; i < num_srcs; i++)
      nir_src_init(&n->src[i], intr->src[i].ssa);
   if (nir_intrinsic_infos[op].has_dest)
      nir_def_init(&n->instr, &n->def, intr->def.num_components, intr->def.bit_size);
   nir_builder_instr_insert(b, &n->instr);
   if (nir_intrinsic_infos[op].has_dest)
      nir_def_rewrite_uses(&intr->def, &n->def);
   nir_instr_remove(&intr->instr);
   nir_deref_instr_remove_if_unused(deref);
   return true;
}

static bool
lower_tex(nir_builder *b, nir_tex_instr *tex, struct desc_state *st)
{
   bool progress = false;
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      const nir_tex_src_type t = tex->src[i].src_type;
      if (t != NIR_TEX_SRC_TEXTURE_DEREF && t != NIR_TEX_SRC_SAMPLER_DEREF)
         continue;
      nir_deref_instr *deref = nir_src_as_deref(tex->src[i].src);
      nir_def *handle =
         deref ? load_handle(b, st->layout, deref, t == NIR_TEX_SRC_SAMPLER_DEREF) : NULL;
      if (!handle) {
         st->failed = true;
         continue;
      }
      nir_src_rewrite(&tex->src[i].src, handle);
      tex->src[i].src_type = t == NIR_TEX_SRC_TEXTURE_DEREF ? NIR_TEX_SRC_TEXTURE_HANDLE
                                                             : NIR_TEX_SRC_SAMPLER_HANDLE;
      nir_deref_instr_remove_if_unused(deref);
      progress = true;
   }
   return progress;
}

static bool
lower_instr(nir_builder *b, nir_instr *instr, void *data)
{
   struct desc_state *st = data;
   if (instr->type == NIR_INSTR_TYPE_TEX)
      return lower_tex(b, nir_instr_as_tex(instr), st);
   if (instr->type == NIR_INSTR_TYPE_INTRINSIC)
      return lower_image(b, nir_instr_as_intrinsic(instr), st);
   return false;
}

bool
nvk_nir_lower_descriptors(nir_shader *shader, const struct nvk_pipeline_layout *layout,
                          bool *unsupported)
{
   struct desc_state st = {.layout = layout};
   bool progress =
      nir_shader_instructions_pass(shader, lower_instr, NIR_METADATA_CONTROL_FLOW, &st);
   if (progress)
      nir_remove_dead_variables(shader, NIR_VAR_UNIFORM);
   *unsupported |= st.failed;
   return progress;
}
