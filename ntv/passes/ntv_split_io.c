/* SPDX-License-Identifier: MIT */
#include "ntv/passes/ntv_split_io.h"

#include "nir/nir_builder.h"
#include "ntv/passes/ntv_passes.h"
#include "ntv/passes/ntv_pass_util.h"
#include "util/arena.h"

/* Places `v` right before `before` in the shader's variable list, so a
 * split variable's pieces sit where it was (ntv emits variables in list
 * order). */
static void
move_before(nir_variable *v, nir_variable *before)
{
   list_del(&v->node);
   list_addtail(&v->node, &before->node);
}

static void
remove_dead_derefs(nir_shader *shader, nir_variable *var)
{
   /* Until nothing changes: a chain dies from its tip back to its root. */
   bool progress = true;
   while (progress) {
      progress = false;
      nir_foreach_function_impl(impl, shader) {
         nir_foreach_block(block, impl) {
            nir_foreach_instr_safe(instr, block) {
               if (instr->type != NIR_INSTR_TYPE_DEREF)
                  continue;
               nir_deref_instr *d = nir_instr_as_deref(instr);
               if (nir_deref_instr_get_variable(d) == var && nir_def_is_unused(&d->def)) {
                  nir_instr_remove(instr);
                  progress = true;
               }
            }
         }
      }
   }
}

static bool
uses_remain(nir_shader *shader, nir_variable *var)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_DEREF &&
                nir_deref_instr_get_variable(nir_instr_as_deref(instr)) == var)
               return true;
         }
      }
   }
   return false;
}

bool
ntv_split_array_var(nir_shader *shader, nir_variable *var, nir_variable **elements,
                    const char **error)
{
   const struct glsl_type *t = var->type;
   const struct glsl_type *elem = glsl_get_array_element(t);
   const unsigned len = glsl_get_length(t);
   if (!glsl_type_is_array(t) || !glsl_type_is_vector_or_scalar(elem) ||
       glsl_get_bit_size(elem) > 32 || len == 0) {
      *error = "only arrays of 32-bit scalars or vectors can be split";
      return false;
   }
   for (unsigned e = 0; e < len; e++) {
      const char *name = arena_asprintf(shader->arena, "%s_%u", var->name ? var->name : "v", e);
      nir_variable *v = nir_variable_create(shader, var->data.mode, elem, name);
      if (!v || !name) {
         *error = "out of memory";
         return false;
      }
      v->data = var->data;
      v->data.location = var->data.location + (int)e;
      v->data.explicit_xfb_buffer = v->data.explicit_xfb_offset = false;
      v->data.explicit_xfb_stride = false;
      move_before(v, var);
      elements[e] = v;
   }
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_DEREF)
               continue;
            nir_deref_instr *d = nir_instr_as_deref(instr);
            nir_deref_instr *parent = nir_deref_instr_parent(d);
            if (d->deref_type != NIR_DEREF_TYPE_ARRAY || !parent ||
                parent->deref_type != NIR_DEREF_TYPE_VAR || parent->var != var)
               continue;
            if (!nir_src_is_const(d->arr.index) || nir_src_as_uint(d->arr.index) >= len) {
               *error = "an output that must be split is indexed dynamically";
               return false;
            }
            nir_builder b = nir_builder_at(nir_before_instr(instr));
            nir_deref_instr *nd =
               nir_build_deref_var(&b, elements[nir_src_as_uint(d->arr.index)]);
            nir_def_rewrite_uses(&d->def, &nd->def);
            nir_instr_remove(instr);
         }
      }
   }
   remove_dead_derefs(shader, var);
   if (uses_remain(shader, var)) {
      *error = "an output that must be split is accessed as a whole array";
      return false;
   }
   list_del(&var->node);
   return true;
}

struct piece {
   nir_variable *var;
   unsigned first, count; /* components, relative to the split variable */
};

static const struct piece *
piece_of(const struct piece *pieces, unsigned n, unsigned c)
{
   for (unsigned i = 0; i < n; i++) {
      if (c >= pieces[i].first && c < pieces[i].first + pieces[i].count)
         return &pieces[i];
   }
   return NULL;
}

static nir_deref_instr *
piece_deref(nir_builder *b, const struct piece *p, unsigned c)
{
   nir_deref_instr *d = nir_build_deref_var(b, p->var);
   if (p->count > 1)
      d = nir_build_deref_array_imm(b, d, (int64_t)(c - p->first));
   return d;
}

/* A value-returning access (load, interpolation) of one piece. */
static nir_def *
read_piece(nir_builder *b, nir_intrinsic_instr *intr, nir_deref_instr *d, unsigned n)
{
   const unsigned bits = intr->def.bit_size;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID:
      return nir_interp_deref_at_centroid(b, n, bits, &d->def);
   case NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE:
      return nir_interp_deref_at_sample(b, n, bits, &d->def, intr->src[1].ssa);
   case NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET:
      return nir_interp_deref_at_offset(b, n, bits, &d->def, intr->src[1].ssa);
   default:
      return nir_load_deref_with_access(b, d, nir_intrinsic_access(intr));
   }
}

static bool
rewrite_access(nir_intrinsic_instr *intr, const struct piece *pieces, unsigned n,
               enum ntv_deref_match match, nir_src *index, const char **error)
{
   unsigned elem = 0;
   if (match == NTV_DEREF_ELEMENT) {
      if (!nir_src_is_const(*index)) {
         *error = "an output that must be split is indexed dynamically";
         return false;
      }
      elem = (unsigned)nir_src_as_uint(*index);
   }
   nir_builder b = nir_builder_at(nir_before_instr(&intr->instr));
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_STORE_DEREF: {
      nir_def *value = intr->src[1].ssa;
      const unsigned mask = nir_intrinsic_write_mask(intr);
      if (match == NTV_DEREF_ELEMENT) {
         const struct piece *p = piece_of(pieces, n, elem);
         if (!p)
            break;
         nir_store_deref_with_access(&b, piece_deref(&b, p, elem), value, 1,
                                     nir_intrinsic_access(intr));
         return true;
      }
      for (unsigned i = 0; i < n; i++) {
         const struct piece *p = &pieces[i];
         const unsigned pm = (mask >> p->first) & BITFIELD_MASK(p->count);
         if (!pm || p->first + p->count > value->num_components)
            continue;
         nir_store_deref_with_access(&b, nir_build_deref_var(&b, p->var),
                                     nir_channels_range(&b, value, p->first, p->count), pm,
                                     nir_intrinsic_access(intr));
      }
      return true;
   }
   case NIR_INTRINSIC_LOAD_DEREF:
   case NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID:
   case NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE:
   case NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET: {
      nir_def *result;
      if (match == NTV_DEREF_ELEMENT) {
         const struct piece *p = piece_of(pieces, n, elem);
         if (!p)
            break;
         result = read_piece(&b, intr, piece_deref(&b, p, elem), 1);
      } else {
         nir_def *comps[NIR_MAX_VEC_COMPONENTS];
         unsigned k = 0;
         for (unsigned i = 0; i < n; i++) {
            nir_def *v = read_piece(&b, intr, nir_build_deref_var(&b, pieces[i].var),
                                    pieces[i].count);
            for (unsigned c = 0; c < pieces[i].count && k < NIR_MAX_VEC_COMPONENTS; c++)
               comps[k++] = nir_channel(&b, v, c);
         }
         result = nir_vec(&b, comps, k);
      }
      nir_def_rewrite_uses(&intr->def, result);
      return true;
   }
   default:
      break;
   }
   *error = "an output that must be split is copied or accessed in a way not handled";
   return false;
}

bool
ntv_split_vector_var(nir_shader *shader, nir_variable *var, unsigned starts,
                     nir_variable **out, unsigned *count, const char **error)
{
   const struct glsl_type *t = var->type;
   if (!glsl_type_is_vector_or_scalar(t) || glsl_get_bit_size(t) > 32) {
      *error = "only 32-bit scalar or vector outputs can be split";
      return false;
   }
   const unsigned n = glsl_get_vector_elements(t);
   starts = (starts | 1) & BITFIELD_MASK(n);
   struct piece pieces[NTV_SPLIT_MAX_PIECES];
   unsigned np = 0;
   for (unsigned c = 0; c < n; c++) {
      if (!(starts & (1u << c)))
         continue;
      unsigned end = c + 1;
      while (end < n && !(starts & (1u << end)))
         end++;
      pieces[np++] = (struct piece){NULL, c, end - c};
   }
   if (np == 1) {
      out[0] = var;
      *count = 1;
      return true;
   }
   /* Pieces are named after the variable's own components: v_yz is v.yz. */
   static const char letters[] = "xyzw";
   const unsigned c0 = ntv_var_first_component(var);
   for (unsigned i = 0; i < np; i++) {
      const char *name = arena_asprintf(shader->arena, "%s_%.*s", var->name ? var->name : "v",
                                        (int)pieces[i].count, &letters[pieces[i].first]);
      nir_variable *v = nir_variable_create(
         shader, var->data.mode, glsl_vector_type(glsl_get_base_type(t), pieces[i].count), name);
      if (!v || !name) {
         *error = "out of memory";
         return false;
      }
      v->data = var->data;
      v->data.component = c0 + pieces[i].first;
      v->data.explicit_component = true;
      v->data.explicit_xfb_buffer = v->data.explicit_xfb_offset = false;
      v->data.explicit_xfb_stride = false;
      move_before(v, var);
      pieces[i].var = v;
      out[i] = v;
   }
   const struct ntv_output_ref ref = {var, -1};
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            const unsigned nsrcs = nir_intrinsic_infos[intr->intrinsic].num_srcs;
            for (unsigned s = 0; s < nsrcs; s++) {
               nir_deref_instr *d = nir_src_as_deref(intr->src[s]);
               nir_src *index = NULL;
               const enum ntv_deref_match m =
                  d ? ntv_deref_match(d, &ref, &index) : NTV_DEREF_UNRELATED;
               if (m == NTV_DEREF_UNRELATED)
                  continue;
               if (s != 0 || m == NTV_DEREF_OTHER) {
                  *error = "an output that must be split is copied or accessed in a way not "
                           "handled";
                  return false;
               }
               if (!rewrite_access(intr, pieces, np, m, index, error))
                  return false;
               nir_instr_remove(instr);
               break;
            }
         }
      }
   }
   remove_dead_derefs(shader, var);
   if (uses_remain(shader, var)) {
      *error = "an output that must be split is still referenced";
      return false;
   }
   list_del(&var->node);
   *count = np;
   return true;
}

bool
ntv_xfb_array_touched(const struct ntv_xfb_info *xfb, int location, unsigned length)
{
   for (unsigned i = 0; i < xfb->num_outputs; i++) {
      const struct ntv_xfb_output *o = &xfb->outputs[i];
      if (o->location >= 0 && o->location >= location &&
          o->location < location + (int)length)
         return true;
   }
   return false;
}

bool
ntv_xfb_array_whole(const struct ntv_xfb_info *xfb, int location, unsigned length,
                    unsigned first, unsigned components, unsigned *offset_B, unsigned *buffer,
                    unsigned *stream)
{
   uint32_t seen = 0;
   unsigned found = 0;
   for (unsigned i = 0; i < xfb->num_outputs; i++) {
      const struct ntv_xfb_output *o = &xfb->outputs[i];
      if (o->location < 0 || o->location < location ||
          o->location >= location + (int)length)
         continue;
      const unsigned e = (unsigned)(o->location - location);
      const unsigned elem_offset = e * components * 4;
      if (o->component != first || o->num_components != components ||
          o->offset_B < elem_offset || (seen & (1u << e)))
         return false;
      if (found == 0) {
         *offset_B = o->offset_B - elem_offset;
         *buffer = o->buffer;
         *stream = o->stream;
      } else if (o->buffer != *buffer || o->stream != *stream ||
                 o->offset_B != *offset_B + elem_offset) {
         return false;
      }
      seen |= 1u << e;
      found++;
   }
   return found == length;
}

unsigned
ntv_xfb_vector_starts(const struct ntv_xfb_info *xfb, int location, unsigned first,
                      unsigned components)
{
   const unsigned end = first + components;
   unsigned starts = 0;
   for (unsigned i = 0; i < xfb->num_outputs; i++) {
      const struct ntv_xfb_output *o = &xfb->outputs[i];
      if (o->location < 0 || o->location != location)
         continue;
      const unsigned a = o->component, b = o->component + o->num_components;
      if (b <= first || a >= end)
         continue;
      if (a > first)
         starts |= 1u << (a - first);
      if (b < end)
         starts |= 1u << (b - first);
   }
   return starts;
}
