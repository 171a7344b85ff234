/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback on the real outputs (see ntv_passes.h).
 *
 * SPIR-V captures whole variables (or block members): Offset/XfbBuffer/
 * XfbStride/Stream on the output itself. GL describes captures per range of
 * components, which after varying assignment can be part of an output. So:
 *
 *  1. an array output touched by a capture that is not the whole array in
 *     XFB layout order becomes one output per element;
 *  2. each capture is cut at the outputs it spans (packed varyings);
 *  3. a vector output captured in part is split at the capture boundaries
 *     (same Location, Component per piece, every access rewritten);
 *  4. every captured range, now a variable, is decorated.
 *
 * Built-ins cannot be split (Vulkan requires their exact types). A built-in
 * captured whole is decorated where it is (a member of gl_PerVertex gets the
 * member Offset, the block the buffer); a partial capture, or one the block
 * cannot take (a second buffer), goes to a copy: an output in a Location no
 * output uses, written after every store to the built-in with what the
 * capture wants. The early shadow-output design captured everything that
 * way; here only what SPIR-V cannot express does.
 */
#include "ntv/passes/ntv_passes.h"

#include "nir/nir_builder.h"
#include "ntv/passes/ntv_pass_util.h"
#include "ntv/passes/ntv_split_io.h"
#include "util/arena.h"

struct xfb_pass {
   nir_shader *shader;
   const struct ntv_xfb_info *xfb;
   bool streams; /* Stream decorations on every captured output */
   const char **error;
};

static bool
fail(struct xfb_pass *p, const char *msg)
{
   if (!*p->error)
      *p->error = msg;
   return false;
}

static void
decorate(struct xfb_pass *p, nir_variable *var, unsigned buffer, unsigned offset_B,
         unsigned stream)
{
   var->data.xfb_buffer = buffer;
   var->data.xfb_offset_B = offset_B;
   var->data.xfb_stride_B = p->xfb->stride_B[buffer];
   var->data.explicit_xfb_buffer = true;
   var->data.explicit_xfb_offset = true;
   var->data.explicit_xfb_stride = true;
   if (p->streams) {
      var->data.stream = stream;
      var->data.explicit_stream = true;
   }
}

/* ---- user outputs ---------------------------------------------------------------- */

static bool
is_user_output(const nir_variable *var)
{
   return var->data.mode == NIR_VAR_SHADER_OUT && var->data.builtin == NIR_BUILTIN_NONE &&
          var->data.explicit_location && !glsl_type_is_struct(glsl_without_array(var->type));
}

/* Components [first, end) of slot `location` the variable covers, for the
 * element of an array at that slot. */
static bool
var_covers(const nir_variable *var, int location, unsigned *first, unsigned *end)
{
   const struct glsl_type *t = var->type;
   unsigned slots = 1;
   if (glsl_type_is_array(t)) {
      slots = glsl_get_length(t);
      t = glsl_get_array_element(t);
   }
   if (!glsl_type_is_vector_or_scalar(t) || glsl_get_bit_size(t) > 32)
      return false;
   if (location < var->data.location || location >= var->data.location + (int)slots)
      return false;
   *first = ntv_var_first_component(var);
   *end = *first + glsl_get_vector_elements(t);
   return true;
}

/* Step 1: arrays captured whole are decorated; others touched are split. */
static bool
handle_arrays(struct xfb_pass *p)
{
   nir_foreach_variable_with_modes_safe(var, p->shader, NIR_VAR_SHADER_OUT) {
      if (!is_user_output(var) || !glsl_type_is_array(var->type))
         continue;
      const unsigned len = glsl_get_length(var->type);
      const struct glsl_type *elem = glsl_get_array_element(var->type);
      if (!ntv_xfb_array_touched(p->xfb, var->data.location, len))
         continue;
      unsigned offset, buffer, stream;
      if (glsl_type_is_vector_or_scalar(elem) &&
          ntv_xfb_array_whole(p->xfb, var->data.location, len, ntv_var_first_component(var),
                              glsl_get_vector_elements(elem), &offset, &buffer, &stream)) {
         decorate(p, var, buffer, offset, stream);
         continue;
      }
      nir_variable *elements[32];
      if (glsl_get_length(var->type) > ARRAY_SIZE(elements))
         return fail(p, "a captured output array is too long to split");
      if (!ntv_split_array_var(p->shader, var, elements, p->error))
         return false;
   }
   return true;
}

/* A capture cut to one vector output. */
struct record {
   nir_variable *var;
   unsigned first, count; /* absolute components */
   unsigned buffer, offset_B, stream;
};

static bool
collect_records(struct xfb_pass *p, struct record **out, unsigned *count)
{
   unsigned n = 0, cap = 16;
   struct record *recs = arena_new_array(p->shader->arena, struct record, cap);
   if (!recs)
      return fail(p, "out of memory");
   for (unsigned i = 0; i < p->xfb->num_outputs; i++) {
      const struct ntv_xfb_output *o = &p->xfb->outputs[i];
      if (o->location < 0)
         continue;
      const unsigned first = o->component, end = o->component + o->num_components;
      unsigned covered = 0;
      nir_foreach_variable_with_modes(var, p->shader, NIR_VAR_SHADER_OUT) {
         unsigned vf, ve;
         if (!is_user_output(var) || !var_covers(var, o->location, &vf, &ve))
            continue;
         if (glsl_type_is_array(var->type))
            continue; /* decorated whole in step 1 */
         const unsigned a = MAX2(first, vf), b = MIN2(end, ve);
         if (a >= b)
            continue;
         if (n == cap) {
            struct record *grown = arena_realloc(p->shader->arena, recs, cap * sizeof(*recs),
                                                 2 * cap * sizeof(*recs));
            if (!grown)
               return fail(p, "out of memory");
            recs = grown;
            cap *= 2;
         }
         recs[n++] = (struct record){var, a, b - a, o->buffer, o->offset_B + 4 * (a - first),
                                     o->stream};
         covered += b - a;
      }
      bool array_hit = false;
      nir_foreach_variable_with_modes(var, p->shader, NIR_VAR_SHADER_OUT) {
         unsigned vf, ve;
         if (is_user_output(var) && glsl_type_is_array(var->type) &&
             var_covers(var, o->location, &vf, &ve))
            array_hit = true;
      }
      if (!array_hit && covered != o->num_components)
         return fail(p, "a capture names components no output writes");
   }
   *out = recs;
   *count = n;
   return true;
}

/* Steps 3 and 4 for one vector output and its records. */
static bool
split_and_decorate(struct xfb_pass *p, nir_variable *var, struct record *recs, unsigned n)
{
   const unsigned starts =
      ntv_xfb_vector_starts(p->xfb, var->data.location, ntv_var_first_component(var),
                            glsl_get_vector_elements(var->type));
   nir_variable *pieces[NTV_SPLIT_MAX_PIECES];
   unsigned np;
   if (!ntv_split_vector_var(p->shader, var, starts, pieces, &np, p->error))
      return false;
   for (unsigned k = 0; k < np; k++) {
      nir_variable *piece = pieces[k];
      const unsigned pf = ntv_var_first_component(piece);
      const unsigned pn = glsl_get_vector_elements(piece->type);
      for (unsigned i = 0; i < n; i++) {
         if (recs[i].var != var || pf < recs[i].first ||
             pf + pn > recs[i].first + recs[i].count)
            continue;
         if (piece->data.explicit_xfb_offset)
            return fail(p, "the same output component is captured twice");
         decorate(p, piece, recs[i].buffer, recs[i].offset_B + 4 * (pf - recs[i].first),
                  recs[i].stream);
      }
   }
   return true;
}

static bool
handle_user_outputs(struct xfb_pass *p)
{
   if (!handle_arrays(p))
      return false;
   struct record *recs;
   unsigned n;
   if (!collect_records(p, &recs, &n))
      return false;
   for (unsigned i = 0; i < n; i++) {
      nir_variable *var = recs[i].var;
      bool seen = false;
      for (unsigned j = 0; j < i; j++)
         seen |= recs[j].var == var;
      if (!seen && !split_and_decorate(p, var, recs, n))
         return false;
   }
   return true;
}

/* ---- built-ins -------------------------------------------------------------------- */

static unsigned
builtin_extent(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return glsl_get_length(t);
   return glsl_get_components(t);
}

/* Writes the captured part of a built-in to a copy after each store. */
static bool
capture_copy(struct xfb_pass *p, const struct ntv_output_ref *ref,
             const struct ntv_xfb_output *o)
{
   const struct glsl_type *t = ntv_output_type(ref);
   const enum glsl_base_type base = glsl_get_base_type(glsl_without_array(t));
   const int location = ntv_free_output_location(p->shader);
   if (location < 0)
      return fail(p, "no free output location for a transform feedback copy");
   const char *name =
      arena_asprintf(p->shader->arena, "kiln_xfb_%s_%u", nir_builtin_name(o->builtin),
                     o->component);
   nir_variable *copy = nir_variable_create(
      p->shader, NIR_VAR_SHADER_OUT, glsl_vector_type(base, o->num_components), name);
   if (!copy || !name)
      return fail(p, "out of memory");
   copy->data.location = location;
   copy->data.explicit_location = true;
   if (base != GLSL_TYPE_FLOAT && p->shader->info.stage != NIR_STAGE_FRAGMENT)
      copy->data.interpolation = GLSL_INTERP_MODE_FLAT;
   p->shader->info.outputs_written |= 1ull << location;
   decorate(p, copy, o->buffer, o->offset_B, o->stream);

   nir_foreach_function_impl(impl, p->shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr_safe(instr, block) {
            if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
               continue;
            nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
            if (intr->intrinsic != NIR_INTRINSIC_STORE_DEREF &&
                intr->intrinsic != NIR_INTRINSIC_COPY_DEREF)
               continue;
            nir_deref_instr *d = nir_src_as_deref(intr->src[0]);
            nir_src *index = NULL;
            const enum ntv_deref_match m = d ? ntv_deref_match(d, ref, &index)
                                             : NTV_DEREF_UNRELATED;
            if (m == NTV_DEREF_UNRELATED)
               continue;
            if (m == NTV_DEREF_OTHER || intr->intrinsic == NIR_INTRINSIC_COPY_DEREF)
               return fail(p, "a captured built-in is written as part of a larger object");
            /* A store to an element the capture does not want changes nothing. */
            if (m == NTV_DEREF_ELEMENT && nir_src_is_const(*index) &&
                (nir_src_as_uint(*index) < o->component ||
                 nir_src_as_uint(*index) >= o->component + o->num_components))
               continue;
            nir_builder b = nir_builder_at(nir_after_instr(instr));
            nir_def *value;
            if (glsl_type_is_array(t)) {
               nir_def *comps[4];
               for (unsigned c = 0; c < o->num_components; c++) {
                  comps[c] = nir_load_deref(
                     &b, ntv_build_output_deref(&b, ref, nir_imm_int(&b, (int)(o->component + c))));
               }
               value = nir_vec(&b, comps, o->num_components);
            } else {
               nir_def *whole = nir_load_deref(&b, ntv_build_output_deref(&b, ref, NULL));
               value = nir_channels_range(&b, whole, o->component, o->num_components);
            }
            nir_store_var(&b, copy, value, BITFIELD_MASK(o->num_components));
         }
      }
   }
   return true;
}

static bool
capture_builtin(struct xfb_pass *p, const struct ntv_xfb_output *o)
{
   struct ntv_output_ref ref;
   if (!ntv_find_builtin(p->shader, NIR_VAR_SHADER_OUT, o->builtin, &ref))
      return fail(p, "a capture names a built-in output the shader does not write");
   const struct glsl_type *t = ntv_output_type(&ref);
   const bool whole = o->component == 0 && o->num_components == builtin_extent(t);
   if (!whole)
      return capture_copy(p, &ref, o);

   nir_variable *var = ref.var;
   if (ref.member < 0) {
      if (var->data.explicit_xfb_offset)
         return capture_copy(p, &ref, o);
      decorate(p, var, o->buffer, o->offset_B, o->stream);
      return true;
   }
   /* A block member: the buffer, stride and stream belong to the block. */
   struct glsl_struct_field f = *glsl_get_struct_field_data(var->type, (unsigned)ref.member);
   if (f.xfb_offset_B != GLSL_NO_DECORATION ||
       (var->data.explicit_xfb_buffer && var->data.xfb_buffer != o->buffer) ||
       (p->streams && var->data.explicit_stream && var->data.stream != o->stream))
      return capture_copy(p, &ref, o);
   const unsigned offset = var->data.xfb_offset_B;
   const bool had_offset = var->data.explicit_xfb_offset;
   decorate(p, var, o->buffer, 0, o->stream);
   /* The block itself has no Offset: members do. */
   var->data.explicit_xfb_offset = had_offset;
   var->data.xfb_offset_B = offset;
   f.xfb_offset_B = o->offset_B;
   if (!ntv_set_member(p->shader, var, (unsigned)ref.member, &f))
      return fail(p, "out of memory");
   return true;
}

bool
ntv_split_xfb_outputs(nir_shader *shader, const struct ntv_xfb_info *xfb, const char **error)
{
   *error = NULL;
   const nir_shader_stage stage = shader->info.stage;
   if (stage != NIR_STAGE_VERTEX && stage != NIR_STAGE_TESS_EVAL &&
       stage != NIR_STAGE_GEOMETRY) {
      *error = "transform feedback captures the last pre-rasterization stage only";
      return false;
   }
   if (xfb->num_outputs == 0)
      return false;
   struct xfb_pass p = {shader, xfb, false, error};
   for (unsigned i = 0; i < xfb->num_outputs; i++) {
      const struct ntv_xfb_output *o = &xfb->outputs[i];
      if (o->buffer >= 4 || o->num_components == 0 || o->num_components > 4 ||
          o->component + o->num_components > (o->location >= 0 ? 4 : 8) ||
          o->offset_B % 4 || o->stream >= 4 ||
          (o->location >= 0 && (o->location < 0 || o->location >= 32))) {
         *error = "malformed transform feedback capture";
         return false;
      }
      if (o->stream != 0)
         p.streams = true;
   }
   if (shader->info.gs.active_stream_mask & ~1u)
      p.streams = true;

   if (!handle_user_outputs(&p))
      return false;
   for (unsigned i = 0; i < xfb->num_outputs; i++) {
      if (xfb->outputs[i].location < 0 && !capture_builtin(&p, &xfb->outputs[i]))
         return false;
   }
   shader->info.xfb.enabled = true;
   for (unsigned i = 0; i < xfb->num_outputs; i++) {
      const unsigned b = xfb->outputs[i].buffer;
      shader->info.xfb.buffers_written |= (uint8_t)(1u << b);
      shader->info.xfb.stride_B[b] = xfb->stride_B[b];
   }
   return !nir_shader_oom(shader) || fail(&p, "out of memory");
}
