/* SPDX-License-Identifier: MIT */
/*
 * What transform feedback captures (VK_EXT_transform_feedback): from the
 * Output variables of a shader with the Xfb execution mode, before I/O is
 * lowered, a list of pieces "words (slot, comp) of a vertex's outputs go to
 * offset_B in buffer b" (kx.h, struct kx_xfb_output).
 *
 * Vulkan 1.3, 15.1.4 "Transform Feedback Interface" (the rules the walk
 * follows): an output is captured when it, or the block member it is in,
 * has an Offset decoration; XfbBuffer and Stream come from the variable or
 * the member; arrays and matrices are captured element after element (each
 * element size apart), structures member after member at their natural
 * (4- or 8-byte) alignment, 64-bit components as two words. Built-ins
 * (Position, PointSize, Clip/CullDistance...) are captured from the slots
 * the backend keeps them in, so they go through the same walk.
 */
#include "kx.h"
#include "nvk_nir.h"

struct xfb_walk {
   struct kx_xfb_info *info;
   bool overflow;
};

static bool
contains_64bit(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return contains_64bit(glsl_get_array_element(t));
   if (glsl_type_is_struct(t)) {
      for (unsigned i = 0; i < glsl_get_length(t); i++) {
         if (contains_64bit(glsl_get_struct_field(t, i)))
            return true;
      }
      return false;
   }
   return glsl_get_bit_size(t) == 64;
}

/* Bytes a type takes in a transform feedback buffer. */
static unsigned
xfb_size_B(const struct glsl_type *t)
{
   if (glsl_type_is_array(t) || glsl_type_is_matrix(t)) {
      const struct glsl_type *e =
         glsl_type_is_array(t) ? glsl_get_array_element(t) : glsl_get_column_type(t);
      const unsigned n =
         glsl_type_is_array(t) ? glsl_get_length(t) : glsl_get_matrix_columns(t);
      return n * xfb_size_B(e);
   }
   if (glsl_type_is_struct(t)) {
      unsigned at = 0;
      for (unsigned i = 0; i < glsl_get_length(t); i++) {
         const struct glsl_type *m = glsl_get_struct_field(t, i);
         const unsigned align = contains_64bit(m) ? 8 : 4;
         at = (at + align - 1) / align * align + xfb_size_B(m);
      }
      return at;
   }
   return glsl_get_vector_elements(t) * (glsl_get_bit_size(t) == 64 ? 8 : 4);
}

/* Adds `words` words from (slot, comp) at offset_B, split at slot ends. */
static void
add_words(struct xfb_walk *w, unsigned buffer, unsigned stream, unsigned slot, unsigned comp,
          unsigned words, unsigned offset_B)
{
   while (words) {
      const unsigned n = MIN2(words, 4 - comp);
      if (w->info->output_count >= KX_MAX_XFB_OUTPUTS || slot >= KX_SLOT_COUNT) {
         w->overflow = true;
         return;
      }
      w->info->outputs[w->info->output_count++] = (struct kx_xfb_output){
         .buffer = (uint8_t)buffer,
         .slot = (uint8_t)slot,
         .comp = (uint8_t)comp,
         .words = (uint8_t)n,
         .offset_B = (uint16_t)offset_B,
         .stream = (uint8_t)stream,
      };
      w->info->buffers |= (uint8_t)(1u << buffer);
      words -= n;
      offset_B += n * 4;
      comp = 0;
      slot++;
   }
}

/* The backend slot of a built-in output (nvk_nir_lower_io's table). */
static bool
builtin_slot(nir_builtin builtin, unsigned *slot, unsigned *comp)
{
   *comp = 0;
   switch (builtin) {
   case NIR_BUILTIN_POSITION:
      *slot = KX_SLOT_POS;
      return true;
   case NIR_BUILTIN_POINT_SIZE:
      *slot = KX_SLOT_PSIZ;
      return true;
   case NIR_BUILTIN_CLIP_DISTANCE:
      *slot = KX_SLOT_CLIP_DIST0;
      return true;
   case NIR_BUILTIN_CULL_DISTANCE:
      *slot = KX_SLOT_CULL_DIST0;
      return true;
   case NIR_BUILTIN_LAYER:
      *slot = KX_SLOT_LAYER_VP;
      return true;
   case NIR_BUILTIN_VIEWPORT_INDEX:
      *slot = KX_SLOT_LAYER_VP;
      *comp = 1;
      return true;
   case NIR_BUILTIN_PRIMITIVE_ID:
      *slot = KX_SLOT_PRIM_ID;
      return true;
   default:
      return false;
   }
}

/* Captures type `t` at (slot, comp) to offset_B. Built-in arrays of
 * scalars (Clip/CullDistance) are packed four to a slot. */
static void
walk(struct xfb_walk *w, const struct glsl_type *t, unsigned buffer, unsigned stream,
     unsigned slot, unsigned comp, unsigned offset_B, bool packed_array)
{
   if (glsl_type_is_array(t) || glsl_type_is_matrix(t)) {
      const struct glsl_type *e =
         glsl_type_is_array(t) ? glsl_get_array_element(t) : glsl_get_column_type(t);
      const unsigned n =
         glsl_type_is_array(t) ? glsl_get_length(t) : glsl_get_matrix_columns(t);
      const unsigned e_B = xfb_size_B(e);
      const unsigned e_slots = glsl_count_attribute_slots(e, false);
      for (unsigned i = 0; i < n; i++) {
         if (packed_array)
            add_words(w, buffer, stream, slot + (comp + i) / 4, (comp + i) % 4, 1,
                      offset_B + i * 4);
         else
            walk(w, e, buffer, stream, slot + i * e_slots, comp, offset_B + i * e_B, false);
      }
      return;
   }
   if (glsl_type_is_struct(t)) {
      unsigned at = offset_B;
      for (unsigned i = 0; i < glsl_get_length(t); i++) {
         const struct glsl_type *m = glsl_get_struct_field(t, i);
         const unsigned align = contains_64bit(m) ? 8 : 4;
         at = (at + align - 1) / align * align;
         walk(w, m, buffer, stream, slot, 0, at, false);
         at += xfb_size_B(m);
         slot += glsl_count_attribute_slots(m, false);
      }
      return;
   }
   const unsigned words = glsl_get_vector_elements(t) * (glsl_get_bit_size(t) == 64 ? 2 : 1);
   add_words(w, buffer, stream, slot, comp, words, offset_B);
}

/* One Output variable: itself, or its members with an Offset. */
static void
gather_var(struct xfb_walk *w, const nir_variable *var)
{
   const struct glsl_type *t = var->type;
   const unsigned var_buffer = var->data.explicit_xfb_buffer ? var->data.xfb_buffer : 0;
   const unsigned var_stream = var->data.explicit_stream ? var->data.stream : 0;
   if (glsl_type_is_struct(t) && var->data.builtin == NIR_BUILTIN_NONE &&
       glsl_type_is_interface(t)) {
      int loc = var->data.location;
      for (unsigned i = 0; i < glsl_get_length(t); i++) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(t, i);
         if (f->location >= 0)
            loc = f->location;
         unsigned slot = loc >= 0 ? KX_SLOT_VAR0 + (unsigned)loc : 0, comp = 0;
         const bool builtin = f->builtin != NIR_BUILTIN_NONE;
         if (builtin && !builtin_slot(f->builtin, &slot, &comp))
            continue;
         if (!builtin && f->component >= 0)
            comp = (unsigned)f->component;
         if (f->xfb_offset_B >= 0 && (builtin || loc >= 0)) {
            const unsigned buffer = f->xfb_buffer >= 0 ? (unsigned)f->xfb_buffer : var_buffer;
            const unsigned stream = f->stream >= 0 ? (unsigned)f->stream : var_stream;
            const bool packed = f->builtin == NIR_BUILTIN_CLIP_DISTANCE ||
                                f->builtin == NIR_BUILTIN_CULL_DISTANCE;
            if (buffer < KX_MAX_XFB_BUFFERS && stream < KX_MAX_VERTEX_STREAMS)
               walk(w, f->type, buffer, stream, slot, comp, (unsigned)f->xfb_offset_B,
                    packed);
            else
               w->overflow = true;
         }
         if (!builtin && loc >= 0)
            loc += (int)glsl_count_attribute_slots(f->type, false);
      }
      return;
   }
   if (!var->data.explicit_xfb_offset)
      return;
   unsigned slot, comp;
   if (var->data.builtin != NIR_BUILTIN_NONE) {
      if (!builtin_slot(var->data.builtin, &slot, &comp))
         return;
   } else {
      if (var->data.location < 0)
         return;
      slot = KX_SLOT_VAR0 + (unsigned)var->data.location;
      comp = var->data.component;
   }
   if (var_buffer >= KX_MAX_XFB_BUFFERS || var_stream >= KX_MAX_VERTEX_STREAMS) {
      w->overflow = true;
      return;
   }
   const bool packed = var->data.builtin == NIR_BUILTIN_CLIP_DISTANCE ||
                       var->data.builtin == NIR_BUILTIN_CULL_DISTANCE;
   walk(w, t, var_buffer, var_stream, slot, comp, var->data.xfb_offset_B, packed);
}

bool
nvk_nir_gather_xfb(nir_shader *shader, struct kx_xfb_info *info)
{
   *info = (struct kx_xfb_info){0};
   if (!shader->info.xfb.enabled)
      return true;
   struct xfb_walk w = {.info = info};
   nir_foreach_variable_with_modes(var, shader, NIR_VAR_SHADER_OUT)
      gather_var(&w, var);
   for (unsigned b = 0; b < KX_MAX_XFB_BUFFERS; b++)
      info->stride_B[b] = shader->info.xfb.stride_B[b];
   return !w.overflow;
}
