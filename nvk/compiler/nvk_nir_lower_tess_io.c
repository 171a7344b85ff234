/* SPDX-License-Identifier: MIT */
/*
 * Tessellation control shaders' inputs and outputs and evaluation shaders'
 * inputs become global loads and stores on the records nvk_tess_io.h lays
 * out (addresses from constant buffer NVK_CBUF_TESS); their system values
 * (InvocationId, PrimitiveId, PatchVertices, TessCoord) come from the
 * lane's VertexIndex and those records. An evaluation shader's outputs are
 * left to nvk_nir_lower_io (vertex shader slots).
 *
 * A control shader's barrier() (OpControlBarrier, Workgroup execution
 * scope) becomes nothing: a patch's invocations run in one strip in
 * lockstep, and SPIR-V requires the barrier in uniform control flow
 * (Vulkan 1.3, appendix A "Vulkan Environment for SPIR-V"), so every write
 * before it in program order has happened when any lane passes it.
 *
 * Per-vertex variables (a control shader's inputs and non-patch outputs,
 * an evaluation shader's non-patch inputs) have an outer array of the
 * patch's vertices (Vulkan 1.3, 15.1.4); Locations, Components, arrays,
 * matrices, blocks and built-in arrays (ClipDistance, TessLevelOuter...)
 * index floats of the record, constant or dynamic.
 */
#include <stddef.h>

#include "nvk_nir.h"
#include "nvk_tess_io.h"

struct tess_state {
   bool unsupported;
   nir_def *vertex_id; /* the lane's number (VertexIndex) */
};

static nir_def *
cbuf_load(nir_builder *b, unsigned offset_B, unsigned bits)
{
   return nir_load_ubo(b, 1, bits, nir_imm_int(b, NVK_CBUF_TESS),
                       nir_imm_int(b, offset_B), .align_mul = bits / 8, .range = ~0u);
}

#define CBUF(b, field, bits) cbuf_load(b, offsetof(struct nvk_tess_cbuf, field), bits)

static nir_def *
lane_number(nir_builder *b, struct tess_state *st)
{
   if (!st->vertex_id) {
      /* Loaded once at the start, dominating every use. */
      nir_builder top = *b;
      top.cursor = nir_before_impl(b->impl);
      st->vertex_id = nir_load_vertex_id(&top);
   }
   return st->vertex_id;
}

/* The patch this lane works on, within the batch the records hold
 * (PrimitiveId is this + patch_base). */
static nir_def *
patch_index(nir_builder *b, struct tess_state *st)
{
   nir_def *n = lane_number(b, st);
   if (b->shader->info.stage == NIR_STAGE_TESS_CTRL)
      return nir_udiv(b, n, nir_imm_int(b, b->shader->info.tess.tcs_vertices_out));
   nir_def *at =
      nir_iadd(b, CBUF(b, patches_addr, 64), nir_u2u64(b, nir_imul_imm(b, n, 4)));
   return nir_load_global(b, 1, 32, at, .align_mul = 4);
}

/* The float index of a built-in in its record, or -1. */
static int
builtin_float(nir_builtin builtin, bool patch)
{
   if (patch) {
      switch (builtin) {
      case NIR_BUILTIN_TESS_LEVEL_OUTER:
         return 0;
      case NIR_BUILTIN_TESS_LEVEL_INNER:
         return 4;
      default:
         return -1;
      }
   }
   switch (builtin) {
   case NIR_BUILTIN_POSITION:
      return KX_SLOT_POS * 4;
   case NIR_BUILTIN_POINT_SIZE:
      return KX_SLOT_PSIZ * 4;
   case NIR_BUILTIN_CLIP_DISTANCE:
      return KX_SLOT_CLIP_DIST0 * 4;
   case NIR_BUILTIN_CULL_DISTANCE:
      return KX_SLOT_CULL_DIST0 * 4;
   default:
      return -1;
   }
}

/* Location of a member of a block: its own, or the previous one's plus
 * that one's slots. */
static int
member_location(const struct glsl_type *blk, unsigned index, int location)
{
   for (unsigned i = 0; i <= index; i++) {
      const struct glsl_struct_field *f = glsl_get_struct_field_data(blk, i);
      if (f->location >= 0)
         location = f->location;
      if (i == index)
         break;
      location += (int)glsl_count_attribute_slots(f->type, false);
   }
   return location;
}

/* The float offset within the record of a deref chain, after the vertex
 * index (if any); NULL if it cannot be lowered. */
static nir_def *
record_offset(nir_builder *b, nir_deref_path *path, unsigned first,
              const nir_variable *var, const struct glsl_type *type, bool patch)
{
   nir_builtin builtin = var->data.builtin;
   int location = var->data.location;
   unsigned comp = var->data.component;
   nir_def *dyn = nir_imm_int(b, 0); /* dynamic floats */
   for (unsigned i = first; path->path[i]; i++) {
      nir_deref_instr *d = path->path[i];
      if (d->deref_type == NIR_DEREF_TYPE_STRUCT) {
         const struct glsl_struct_field *f =
            glsl_get_struct_field_data(type, d->strct.index);
         if (f->builtin != NIR_BUILTIN_NONE) {
            builtin = f->builtin;
         } else {
            location = member_location(type, d->strct.index, location);
            if (f->component >= 0)
               comp = (unsigned)f->component;
         }
         type = f->type;
      } else if (d->deref_type == NIR_DEREF_TYPE_ARRAY) {
         const unsigned words = glsl_get_bit_size(glsl_without_array(type)) == 64 ? 2 : 1;
         unsigned per;
         if (glsl_type_is_vector(type))
            per = words; /* a component */
         else if (builtin != NIR_BUILTIN_NONE)
            per = words; /* built-in arrays are of scalars, packed */
         else
            per = glsl_count_attribute_slots(glsl_get_deref_element(type), false) * 4;
         dyn = nir_iadd(b, dyn, nir_imul_imm(b, d->arr.index.ssa, per));
         type = glsl_get_deref_element(type);
      } else {
         return NULL;
      }
   }
   if (!glsl_type_is_vector_or_scalar(type))
      return NULL;
   int base;
   if (builtin != NIR_BUILTIN_NONE) {
      base = builtin_float(builtin, patch);
   } else if (location >= 0 && location < 32) {
      base = ((patch ? NVK_TESS_PATCH_VAR0 : KX_SLOT_VAR0) + location) * 4 + (int)comp;
   } else {
      base = -1;
   }
   return base < 0 ? NULL : nir_iadd_imm(b, dyn, base);
}

/* The address of a deref's first float. */
static nir_def *
io_address(nir_builder *b, struct tess_state *st, nir_deref_instr *deref)
{
   nir_deref_path path;
   if (!nir_deref_path_init(&path, deref, b->shader->arena))
      return NULL;
   nir_variable *var = path.path[0]->var;
   if (path.path[0]->deref_type != NIR_DEREF_TYPE_VAR || !var)
      return NULL;
   const bool tcs = b->shader->info.stage == NIR_STAGE_TESS_CTRL;
   const bool in = var->data.mode == NIR_VAR_SHADER_IN;
   const bool patch = var->data.patch ||
                      var->data.builtin == NIR_BUILTIN_TESS_LEVEL_OUTER ||
                      var->data.builtin == NIR_BUILTIN_TESS_LEVEL_INNER;
   const struct glsl_type *type = var->type;
   nir_def *patch_id = patch_index(b, st);
   nir_def *record; /* float index of the record */
   nir_def *base;   /* 64-bit address of the record array */
   unsigned first = 1;
   if (patch) {
      record = nir_imul_imm(b, patch_id, NVK_TESS_PATCH_FLOATS);
      base = CBUF(b, patch_addr, 64);
   } else {
      nir_deref_instr *d = path.path[1];
      if (!d || d->deref_type != NIR_DEREF_TYPE_ARRAY || !glsl_type_is_array(type))
         return NULL;
      type = glsl_get_array_element(type);
      first = 2;
      nir_def *vertex = d->arr.index.ssa;
      if (tcs && in) {
         nir_def *n = CBUF(b, patch_vertices_in, 32);
         record = nir_imul(b, nir_iadd(b, nir_imul(b, patch_id, n), vertex),
                           CBUF(b, in_stride_floats, 32));
         base = CBUF(b, in_addr, 64);
      } else {
         nir_def *n = tcs ? nir_imm_int(b, b->shader->info.tess.tcs_vertices_out)
                          : CBUF(b, vertices_out, 32);
         record = nir_imul_imm(b, nir_iadd(b, nir_imul(b, patch_id, n), vertex),
                               NVK_TESS_VERTEX_FLOATS);
         base = CBUF(b, out_addr, 64);
      }
   }
   nir_def *off = record_offset(b, &path, first, var, type, patch);
   if (!off)
      return NULL;
   nir_def *floats = nir_iadd(b, record, off);
   return nir_iadd(b, base, nir_u2u64(b, nir_imul_imm(b, floats, 4)));
}

static nir_def *
system_value(nir_builder *b, struct tess_state *st, nir_builtin builtin)
{
   const bool tcs = b->shader->info.stage == NIR_STAGE_TESS_CTRL;
   switch (builtin) {
   case NIR_BUILTIN_INVOCATION_ID:
      return tcs ? nir_umod(b, lane_number(b, st),
                            nir_imm_int(b, b->shader->info.tess.tcs_vertices_out))
                 : NULL;
   case NIR_BUILTIN_PRIMITIVE_ID:
      return nir_iadd(b, patch_index(b, st), CBUF(b, patch_base, 32));
   case NIR_BUILTIN_PATCH_VERTICES:
      return tcs ? CBUF(b, patch_vertices_in, 32) : CBUF(b, vertices_out, 32);
   case NIR_BUILTIN_TESS_COORD: {
      if (tcs)
         return NULL;
      nir_def *at = nir_iadd(b, CBUF(b, coords_addr, 64),
                             nir_u2u64(b, nir_imul_imm(b, lane_number(b, st), 12)));
      return nir_load_global(b, 3, 32, at, .align_mul = 4);
   }
   default:
      return NULL;
   }
}

static bool
lower_tess_io(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct tess_state *st = data;
   nir_shader *s = b->shader;
   b->cursor = nir_before_instr(&intr->instr);
   if (intr->intrinsic == NIR_INTRINSIC_BARRIER) {
      if (s->info.stage != NIR_STAGE_TESS_CTRL ||
          nir_intrinsic_execution_scope(intr) < NIR_SCOPE_WORKGROUP)
         return false;
      nir_instr_remove(&intr->instr);
      return true;
   }
   if (intr->intrinsic != NIR_INTRINSIC_LOAD_DEREF &&
       intr->intrinsic != NIR_INTRINSIC_STORE_DEREF)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!deref)
      return false;
   const bool store = intr->intrinsic == NIR_INTRINSIC_STORE_DEREF;

   nir_variable *var = nir_deref_instr_get_variable(deref);
   if (!var)
      return false;
   const bool level = var->data.builtin == NIR_BUILTIN_TESS_LEVEL_OUTER ||
                      var->data.builtin == NIR_BUILTIN_TESS_LEVEL_INNER;
   if (deref->modes == NIR_VAR_SYSTEM_VALUE && !store && !level) {
      nir_def *v = system_value(b, st, var->data.builtin);
      if (!v)
         return false; /* others: nvk_nir_lower_system_values */
      if (deref->deref_type == NIR_DEREF_TYPE_ARRAY)
         v = nir_vector_extract(b, v, deref->arr.index.ssa); /* a component */
      else if (deref->deref_type != NIR_DEREF_TYPE_VAR)
         v = NULL;
      if (!v || v->num_components != intr->def.num_components ||
          v->bit_size != intr->def.bit_size) {
         st->unsupported = true;
         return false;
      }
      nir_def_rewrite_uses(&intr->def, v);
      nir_instr_remove(&intr->instr);
      nir_deref_instr_remove_if_unused(deref);
      return true;
   }
   /* Control shaders: inputs and outputs; evaluation shaders: inputs
    * (the levels are system values there). */
   if (deref->modes != NIR_VAR_SHADER_IN &&
       !(deref->modes == NIR_VAR_SHADER_OUT && s->info.stage == NIR_STAGE_TESS_CTRL) &&
       !(deref->modes == NIR_VAR_SYSTEM_VALUE && level && !store))
      return false;

   const nir_def *shape = store ? intr->src[1].ssa : &intr->def;
   nir_def *addr =
      shape->bit_size == 32 || shape->bit_size == 64 ? io_address(b, st, deref) : NULL;
   if (!addr) {
      st->unsupported = true;
      return false;
   }
   if (store) {
      nir_store_global(b, intr->src[1].ssa, addr,
                       .write_mask = nir_intrinsic_write_mask(intr), .align_mul = 4);
   } else {
      nir_def *v = nir_load_global(b, intr->def.num_components, intr->def.bit_size, addr,
                                   .align_mul = 4);
      nir_def_rewrite_uses(&intr->def, v);
   }
   nir_instr_remove(&intr->instr);
   nir_deref_instr_remove_if_unused(deref);
   return true;
}

bool
nvk_nir_lower_tess_io(nir_shader *shader, bool *unsupported)
{
   if (shader->info.stage != NIR_STAGE_TESS_CTRL &&
       shader->info.stage != NIR_STAGE_TESS_EVAL)
      return false;
   struct tess_state st = {0};
   const bool progress =
      nir_shader_intrinsics_pass(shader, lower_tess_io, NIR_METADATA_CONTROL_FLOW, &st);
   if (st.unsupported)
      *unsupported = true;
   return progress;
}
