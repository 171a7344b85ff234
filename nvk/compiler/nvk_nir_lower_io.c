/* SPDX-License-Identifier: MIT */
/*
 * Stage I/O of vertex, geometry and fragment shaders: loads and stores of Input and
 * Output variables (user Locations and Components, arrays, matrices, I/O
 * blocks and their members, built-ins) become the lowered I/O intrinsics
 * on the backend's slots (nvk/exec/kx.h):
 *
 *  - vertex inputs: load_input, base = attribute Location;
 *  - geometry shader inputs: load_input on the vertex slots below, offset
 *    by the vertex index times KX_SLOT_COUNT (kx.h, struct kx_gs_info);
 *    geometry outputs as vertex outputs (nvk_nir_lower_gs places them);
 *  - vertex outputs: store_output / load_output, base = enum kx_slot
 *    (Position, PointSize, Clip/CullDistance, Layer, ViewportIndex,
 *    PrimitiveId, then user Location L at KX_SLOT_VAR0 + L);
 *  - fragment inputs: load_interpolated_input on a load_barycentric_*
 *    carrying the interpolation (smooth/noperspective, pixel/centroid/
 *    sample), load_input for flat ones, same slots as vertex outputs;
 *  - fragment outputs: store_output, base = colour Location (Index 1:
 *    KX_FS_DUAL_SOURCE_SLOT); FragDepth, SampleMask and FragStencilRefEXT
 *    keep their built-in in io_semantics (base 0).
 *
 * `component` is the first 32-bit component in the slot (a 64-bit value
 * takes two, spilling into the next slot); the offset source counts slots
 * (dynamically indexed arrays). Dynamically indexed Clip/CullDistance
 * elements read or rewrite the whole array. InstanceIndex becomes
 * instance id + base instance; a fragment shader's Layer input reads slot
 * KX_SLOT_LAYER_VP. interpolateAtOffset is extrapolated from the pixel
 * value with fine derivatives (exact for noperspective inputs);
 * interpolateAtCentroid and interpolateAtSample read the input as
 * declared.
 */
#include "kx.h"
#include "nvk_nir.h"

struct io_loc {
   int slot;          /* constant slot */
   nir_def *offset;   /* dynamic slot offset, NULL if none */
   unsigned comp;     /* first 32-bit component */
   unsigned num_slots; /* slots an indirect access may touch from `slot` */
   nir_builtin builtin;
   int location; /* user Location, -1 for built-ins */
   bool dual_source;
   enum glsl_interp_mode interp;
   bool centroid, sample;
   /* An element of a built-in array (Clip/CullDistance, SampleMask). */
   bool builtin_elem;
   unsigned elem;
   nir_def *elem_dyn;
   unsigned array_len;
   /* Geometry shader inputs: the vertex's first slot (vertex index times
    * KX_SLOT_COUNT), added to every access; NULL elsewhere. */
   nir_def *vertex_slot;
};

struct lower_state {
   bool unsupported;
};

static bool
is_vs_input(const nir_shader *s, nir_variable_mode mode)
{
   return s->info.stage == NIR_STAGE_VERTEX && mode == NIR_VAR_SHADER_IN;
}

/* Inputs arrayed by vertex (Vulkan 1.3, 15.1.4 "Interface Matching": a
 * geometry shader's per-vertex inputs have an outer array of the input
 * primitive's vertices). */
static bool
is_per_vertex_input(const nir_shader *s, nir_variable_mode mode)
{
   return s->info.stage == NIR_STAGE_GEOMETRY && mode == NIR_VAR_SHADER_IN;
}

/* Location of a member of a block: its own, or the previous one's plus
 * that one's slots. */
static int
member_location(const struct glsl_type *blk, unsigned index, int block_location, bool vs_in)
{
   int loc = block_location;
   for (unsigned i = 0; i <= index; i++) {
      const struct glsl_struct_field *f = glsl_get_struct_field_data(blk, i);
      if (f->location >= 0)
         loc = f->location;
      if (i == index)
         break;
      loc += (int)glsl_count_attribute_slots(f->type, vs_in);
   }
   return loc;
}

static nir_def *
add_offset(nir_builder *b, nir_def *offset, nir_def *more)
{
   return offset ? nir_iadd(b, offset, more) : more;
}

/* Walks the deref chain; false if it is not an I/O access this pass knows. */
static bool
io_location(nir_builder *b, nir_deref_instr *deref, struct io_loc *loc, bool vs_in,
            bool per_vertex)
{
   nir_deref_path path;
   if (!nir_deref_path_init(&path, deref, b->shader->arena))
      return false;
   nir_variable *var = path.path[0]->var;
   if (path.path[0]->deref_type != NIR_DEREF_TYPE_VAR || !var)
      return false;
   *loc = (struct io_loc){
      .builtin = var->data.builtin,
      .location = var->data.location,
      .comp = var->data.component,
      .dual_source = var->data.index == 1,
      .interp = var->data.interpolation,
      .centroid = var->data.centroid,
      .sample = var->data.sample,
   };
   const struct glsl_type *type = var->type;
   unsigned first = 1;
   if (per_vertex) {
      /* The outer array names the vertex: its slots are KX_SLOT_COUNT on. */
      nir_deref_instr *d = path.path[1];
      if (!d || d->deref_type != NIR_DEREF_TYPE_ARRAY || !glsl_type_is_array(type))
         return false;
      loc->vertex_slot = nir_imul_imm(b, d->arr.index.ssa, KX_SLOT_COUNT);
      type = glsl_get_array_element(type);
      first = 2;
   }
   unsigned total = glsl_count_attribute_slots(type, vs_in);
   for (unsigned i = first; path.path[i]; i++) {
      nir_deref_instr *d = path.path[i];
      if (d->deref_type == NIR_DEREF_TYPE_STRUCT) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(type, d->strct.index);
         if (f->builtin != NIR_BUILTIN_NONE) {
            loc->builtin = f->builtin;
         } else {
            loc->location = member_location(type, d->strct.index, loc->location, vs_in);
            if (f->component >= 0)
               loc->comp = (unsigned)f->component;
            if (f->interpolation != GLSL_INTERP_MODE_NONE)
               loc->interp = f->interpolation;
            loc->centroid |= f->centroid;
            loc->sample |= f->sample;
         }
         type = f->type;
         total = glsl_count_attribute_slots(type, vs_in);
      } else if (d->deref_type == NIR_DEREF_TYPE_ARRAY) {
         nir_def *index = d->arr.index.ssa;
         if (glsl_type_is_vector(type)) {
            /* A component of a vector. */
            if (!nir_src_is_const(d->arr.index))
               return false;
            const unsigned words = glsl_get_bit_size(type) == 64 ? 2 : 1;
            loc->comp += (unsigned)nir_src_as_uint(d->arr.index) * words;
            type = glsl_get_scalar_type(type);
            continue;
         }
         const struct glsl_type *elem = glsl_get_deref_element(type);
         if (loc->builtin != NIR_BUILTIN_NONE) {
            loc->builtin_elem = true;
            loc->array_len = glsl_get_length(type);
            if (nir_src_is_const(d->arr.index))
               loc->elem = (unsigned)nir_src_as_uint(d->arr.index);
            else
               loc->elem_dyn = index;
         } else {
            const unsigned per = glsl_count_attribute_slots(elem, vs_in);
            if (nir_src_is_const(d->arr.index)) {
               const unsigned idx = (unsigned)nir_src_as_uint(d->arr.index);
               loc->location += (int)(idx * per);
               total = total > idx * per ? total - idx * per : per;
            } else {
               loc->offset = add_offset(b, loc->offset, nir_imul_imm(b, index, per));
            }
         }
         type = elem;
      } else {
         return false;
      }
   }
   if (!glsl_type_is_vector_or_scalar(type))
      return false;
   loc->num_slots = total ? total : 1;
   return true;
}

/* The slot of a built-in (fragment-output built-ins: 0, the backend keeps
 * them apart); false if the stage has no slot for it. */
static bool
builtin_slot(nir_builtin builtin, int *slot, unsigned *comp)
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
   case NIR_BUILTIN_FRAG_DEPTH:
   case NIR_BUILTIN_SAMPLE_MASK:
   case NIR_BUILTIN_FRAG_STENCIL_REF_EXT:
      *slot = 0;
      return true;
   default:
      return false;
   }
}

static nir_io_semantics
semantics(const struct io_loc *loc)
{
   nir_io_semantics s = {0};
   s.builtin = loc->builtin == NIR_BUILTIN_NONE ? NIR_IO_SEMANTICS_NO_BUILTIN
                                                : (unsigned)loc->builtin & 0x1fff;
   s.location = loc->location >= 0 ? (unsigned)loc->location & 0x7f : 0;
   s.num_slots = loc->num_slots & 0x3f;
   s.dual_source_blend_index = loc->dual_source;
   return s;
}

static nir_alu_type
io_type(const nir_def *def, bool is_float)
{
   return (is_float ? NIR_TYPE_FLOAT : NIR_TYPE_UINT) | def->bit_size;
}

/* The input value of a fragment shader, interpolated as declared. */
static nir_def *
load_fs_input(nir_builder *b, const struct io_loc *loc, unsigned n, unsigned bits, int slot,
              nir_def *offset, unsigned comp, bool is_float)
{
   const bool flat = loc->interp == GLSL_INTERP_MODE_FLAT || !is_float || bits == 64 ||
                     loc->builtin == NIR_BUILTIN_LAYER ||
                     loc->builtin == NIR_BUILTIN_VIEWPORT_INDEX ||
                     loc->builtin == NIR_BUILTIN_PRIMITIVE_ID;
   const nir_alu_type type = (is_float ? NIR_TYPE_FLOAT : NIR_TYPE_UINT) | bits;
   if (flat)
      return nir_load_input(b, n, bits, offset, .base = slot, .component = comp,
                            .io_semantics = semantics(loc), .dest_type = type);
   const enum glsl_interp_mode mode = loc->interp == GLSL_INTERP_MODE_NOPERSPECTIVE
                                         ? GLSL_INTERP_MODE_NOPERSPECTIVE
                                         : GLSL_INTERP_MODE_SMOOTH;
   nir_def *bary;
   if (loc->sample)
      bary = nir_load_barycentric_sample(b, .interp_mode = mode);
   else if (loc->centroid)
      bary = nir_load_barycentric_centroid(b, .interp_mode = mode);
   else
      bary = nir_load_barycentric_pixel(b, .interp_mode = mode);
   return nir_load_interpolated_input(b, n, bits, bary, offset, .base = slot,
                                      .component = comp, .io_semantics = semantics(loc),
                                      .dest_type = type);
}

/* A load of n components at (slot, comp) (+ offset slots). */
static nir_def *
emit_load(nir_builder *b, nir_variable_mode mode, const struct io_loc *loc, unsigned n,
          unsigned bits, int slot, nir_def *offset, unsigned comp, bool is_float)
{
   if (mode == NIR_VAR_SHADER_IN && loc->vertex_slot)
      offset = add_offset(b, offset, loc->vertex_slot);
   if (!offset)
      offset = nir_imm_int(b, 0);
   const nir_alu_type type = (is_float ? NIR_TYPE_FLOAT : NIR_TYPE_UINT) | bits;
   if (mode == NIR_VAR_SHADER_OUT)
      return nir_load_output(b, n, bits, offset, .base = slot, .component = comp,
                             .io_semantics = semantics(loc), .dest_type = type);
   if (b->shader->info.stage == NIR_STAGE_FRAGMENT)
      return load_fs_input(b, loc, n, bits, slot, offset, comp, is_float);
   return nir_load_input(b, n, bits, offset, .base = slot, .component = comp,
                         .io_semantics = semantics(loc), .dest_type = type);
}

static void
emit_store(nir_builder *b, const struct io_loc *loc, nir_def *value, unsigned write_mask,
           int slot, nir_def *offset, unsigned comp, bool is_float)
{
   nir_store_output(b, value, offset ? offset : nir_imm_int(b, 0), .base = slot,
                    .component = comp, .io_semantics = semantics(loc),
                    .write_mask = write_mask, .src_type = io_type(value, is_float));
}

/* The whole of a built-in array of scalars (Clip/CullDistance) as one
 * vector, for dynamic indexing. */
static nir_def *
load_builtin_array(nir_builder *b, nir_variable_mode mode, const struct io_loc *loc,
                   int slot, bool is_float)
{
   nir_def *comps[8];
   const unsigned len = MIN2(loc->array_len, 8u);
   for (unsigned i = 0; i < len; i += 4) {
      const unsigned n = MIN2(4u, len - i);
      nir_def *v = emit_load(b, mode, loc, n, 32, slot + (int)(i / 4), NULL, 0, is_float);
      for (unsigned c = 0; c < n; c++)
         comps[i + c] = nir_channel(b, v, c);
   }
   return nir_vec(b, comps, len);
}

static void
note_builtin_array(nir_shader *s, const struct io_loc *loc)
{
   if (loc->builtin == NIR_BUILTIN_CLIP_DISTANCE)
      s->info.clip_distance_array_size = (uint8_t)MAX2(s->info.clip_distance_array_size,
                                                        loc->array_len);
   else if (loc->builtin == NIR_BUILTIN_CULL_DISTANCE)
      s->info.cull_distance_array_size = (uint8_t)MAX2(s->info.cull_distance_array_size,
                                                        loc->array_len);
}

/* The load is replaced by `value`. */
static bool
replace_load(nir_intrinsic_instr *intr, nir_deref_instr *deref, nir_def *value)
{
   nir_def_rewrite_uses(&intr->def, value);
   nir_instr_remove(&intr->instr);
   nir_deref_instr_remove_if_unused(deref);
   return true;
}

static bool
lower_io(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct lower_state *st = data;
   nir_shader *s = b->shader;
   const nir_intrinsic_op op = intr->intrinsic;
   if (op != NIR_INTRINSIC_LOAD_DEREF && op != NIR_INTRINSIC_STORE_DEREF &&
       op != NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID &&
       op != NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE && op != NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET)
      return false;
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!deref)
      return false;
   nir_variable_mode mode = deref->modes;
   if (mode == NIR_VAR_SYSTEM_VALUE) {
      /* A fragment shader's Layer is an input the rasterizer provides. */
      nir_variable *var = nir_deref_instr_get_variable(deref);
      if (s->info.stage != NIR_STAGE_FRAGMENT || !var ||
          var->data.builtin != NIR_BUILTIN_LAYER)
         return false;
      mode = NIR_VAR_SHADER_IN;
   } else if (mode != NIR_VAR_SHADER_IN && mode != NIR_VAR_SHADER_OUT) {
      return false;
   }
   b->cursor = nir_before_instr(&intr->instr);

   const bool vs_in = is_vs_input(s, mode);
   struct io_loc loc;
   if (!io_location(b, deref, &loc, vs_in, is_per_vertex_input(s, mode))) {
      st->unsupported = true;
      return false;
   }
   if (vs_in && loc.builtin == NIR_BUILTIN_INSTANCE_INDEX && op == NIR_INTRINSIC_LOAD_DEREF)
      return replace_load(intr, deref,
                          nir_iadd(b, nir_load_instance_id(b), nir_load_base_instance(b)));

   int slot;
   unsigned comp = loc.comp;
   if (loc.builtin != NIR_BUILTIN_NONE) {
      unsigned bcomp;
      if (!builtin_slot(loc.builtin, &slot, &bcomp) || vs_in) {
         st->unsupported = true;
         return false;
      }
      /* The built-in's first component, plus the vector component an
       * access chain picked (gl_in[i].gl_Position.y, gl_Position.z = ...). */
      comp = bcomp + loc.comp;
      loc.location = -1;
      loc.num_slots = 1;
   } else {
      if (loc.location < 0) {
         st->unsupported = true;
         return false;
      }
      if (vs_in || (s->info.stage == NIR_STAGE_FRAGMENT && mode == NIR_VAR_SHADER_OUT))
         slot = loc.location + (loc.dual_source ? KX_FS_DUAL_SOURCE_SLOT : 0);
      else
         slot = KX_SLOT_VAR0 + loc.location;
   }

   const bool is_store = op == NIR_INTRINSIC_STORE_DEREF;
   const nir_def *shape = is_store ? intr->src[1].ssa : &intr->def;
   const unsigned bits = shape->bit_size;
   if (bits != 32 && bits != 64) {
      st->unsupported = true;
      return false;
   }
   const bool is_float = glsl_type_is_float(deref->type);

   if (loc.builtin_elem) {
      note_builtin_array(s, &loc);
      if (loc.builtin == NIR_BUILTIN_SAMPLE_MASK) {
         loc.elem_dyn = NULL;
         loc.elem = 0;
      }
      if (!loc.elem_dyn) {
         slot += (int)(loc.elem / 4);
         comp = loc.elem % 4;
      }
   }
   if (is_store) {
      nir_def *value = intr->src[1].ssa;
      unsigned wmask = nir_intrinsic_write_mask(intr);
      if (loc.elem_dyn) {
         nir_def *all = load_builtin_array(b, mode, &loc, slot, true);
         all = nir_vector_insert(b, all, value, loc.elem_dyn);
         for (unsigned i = 0; i < all->num_components; i += 4) {
            const unsigned n = MIN2(4u, all->num_components - i);
            emit_store(b, &loc, nir_channels_range(b, all, i, n), BITFIELD_MASK(n),
                       slot + (int)(i / 4), NULL, 0, true);
         }
      } else {
         emit_store(b, &loc, value, wmask, slot, loc.offset, comp, is_float);
      }
      nir_instr_remove(&intr->instr);
      nir_deref_instr_remove_if_unused(deref);
      return true;
   }

   const unsigned n = intr->def.num_components;
   nir_def *value;
   if (loc.elem_dyn) {
      value = nir_vector_extract(b, load_builtin_array(b, mode, &loc, slot, true),
                                 loc.elem_dyn);
   } else if (op == NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET) {
      value = emit_load(b, mode, &loc, n, bits, slot, loc.offset, comp, is_float);
      nir_def *off = intr->src[1].ssa;
      nir_def *dx = nir_fddx_fine(b, value), *dy = nir_fddy_fine(b, value);
      value = nir_ffma(b, dy, nir_channel(b, off, 1),
                       nir_ffma(b, dx, nir_channel(b, off, 0), value));
   } else {
      value = emit_load(b, mode, &loc, n, bits, slot, loc.offset, comp, is_float);
   }
   return replace_load(intr, deref, value);
}

bool
nvk_nir_lower_io(nir_shader *shader, bool *unsupported)
{
   /* Evaluation shaders: only outputs are left (nvk_nir_lower_tess_io). */
   if (shader->info.stage != NIR_STAGE_VERTEX && shader->info.stage != NIR_STAGE_FRAGMENT &&
       shader->info.stage != NIR_STAGE_GEOMETRY && shader->info.stage != NIR_STAGE_TESS_EVAL)
      return false;
   struct lower_state st = {0};
   const bool progress =
      nir_shader_intrinsics_pass(shader, lower_io, NIR_METADATA_CONTROL_FLOW, &st);
   if (st.unsupported)
      *unsupported = true;
   if (progress)
      nir_remove_dead_variables(shader, NIR_VAR_SHADER_IN | NIR_VAR_SHADER_OUT);
   return progress;
}
