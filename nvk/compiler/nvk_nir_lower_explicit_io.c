/* SPDX-License-Identifier: MIT */
/*
 * Explicit I/O: every access through a deref chain into memory the backend
 * addresses by bytes becomes an offset computation and a load/store/atomic
 * intrinsic:
 *
 *    root                              intrinsics
 *    uniform/storage buffer variable   *_global at descriptor address + offset,
 *                                      bounds-checked with robustness
 *    push constant block               load_ubo(NVK_CBUF_ROOT, push offset + offset)
 *    inline uniform block              load_ubo(NVK_CBUF_SET(s), binding offset + offset)
 *    shared variable                   *_shared at the variable's offset + offset
 *    function_temp variable (left by   *_scratch at the variable's offset + offset
 *    vars_to_ssa: indirect indexing)
 *    cast of a 64-bit address          *_global (PhysicalStorageBuffer)
 *
 * Offsets follow the explicit layout (Offset, ArrayStride, MatrixStride,
 * RowMajor) of buffer types; shared and local variables get std430. A
 * column of a row-major matrix is strided: its components are accessed one
 * by one. Booleans are 32-bit in memory.
 */
#include "nvk_nir.h"

#include <stddef.h>

#include "nvk_descriptor_types.h"
#include "util/arena.h"
#include "util/hash_table.h"

enum io_kind {
   IO_GLOBAL,
   IO_CBUF,
   IO_SHARED,
   IO_SCRATCH,
};

struct io_ptr {
   enum io_kind kind;
   nir_def *base;  /* IO_GLOBAL: 64-bit address */
   nir_def *bound; /* IO_GLOBAL: buffer size (robust checks), or NULL */
   unsigned cbuf;
   nir_def *offset; /* 32-bit bytes */
   const struct glsl_type *type; /* explicitly laid out type at offset */
   /* The type is a matrix (or a column of one) in this layout. */
   unsigned matrix_stride_B;
   bool row_major;
   /* A column of a row-major matrix: its components are this far apart. */
   unsigned component_stride_B;
};

struct io_state {
   struct nvk_nir_io_options *opts;
   struct arena *arena;
   struct hash_table *var_offsets; /* shared/function_temp var -> offset + 1 */
   struct hash_table *var_types;   /* var -> explicit type */
   bool failed;
};

static unsigned
scalar_size_B(const struct glsl_type *t)
{
   const unsigned bits = glsl_get_bit_size(t);
   return bits == 1 ? 4 : bits / 8;
}

/* Column stride of a matrix that is not a struct member (std430). */
static unsigned
default_matrix_stride(const struct glsl_type *m)
{
   const struct glsl_type *col = glsl_get_column_type(m);
   return glsl_get_layout_align_B(col, GLSL_LAYOUT_STD430, false) >
                glsl_get_layout_size_B(col, GLSL_LAYOUT_STD430, false)
             ? glsl_get_layout_align_B(col, GLSL_LAYOUT_STD430, false)
             : glsl_get_layout_size_B(col, GLSL_LAYOUT_STD430, false);
}

static const struct glsl_type *
var_explicit_type(struct io_state *st, nir_variable *var)
{
   if (var->data.mode & (NIR_VAR_MEM_SSBO | NIR_VAR_MEM_UBO | NIR_VAR_MEM_PUSH_CONST))
      return var->type;
   struct hash_entry *e = hash_table_search(st->var_types, var);
   return e ? e->data : var->type;
}

static bool
io_root(nir_builder *b, struct io_state *st, nir_deref_path *path, struct io_ptr *p,
        unsigned *next)
{
   nir_deref_instr *root = path->path[0];
   *next = 1;
   memset(p, 0, sizeof(*p));
   if (root->deref_type == NIR_DEREF_TYPE_CAST) {
      if (root->parent.ssa->bit_size != 64 || !(root->modes & NIR_VAR_MEM_GLOBAL))
         return false;
      p->kind = IO_GLOBAL;
      p->base = root->parent.ssa;
      p->offset = nir_imm_int(b, 0);
      p->type = root->type;
      return true;
   }
   nir_variable *var = root->var;
   p->type = var_explicit_type(st, var);
   switch (var->data.mode) {
   case NIR_VAR_MEM_SSBO:
   case NIR_VAR_MEM_UBO: {
      unsigned inline_offset_B;
      if (var->data.mode == NIR_VAR_MEM_UBO && !glsl_type_is_array(var->type) &&
          nvk_nir_inline_uniform_block(st->opts->layout, var, &inline_offset_B)) {
         /* The block's bytes are in the set's memory (constant buffer). */
         p->kind = IO_CBUF;
         p->cbuf = NVK_CBUF_SET(var->data.descriptor_set);
         p->offset = nir_imm_int(b, (int32_t)inline_offset_B);
         return true;
      }
      nir_def *index = nir_imm_int(b, 0);
      if (glsl_type_is_array(var->type)) {
         nir_deref_instr *d = path->path[1];
         if (!d || d->deref_type != NIR_DEREF_TYPE_ARRAY)
            return false;
         index = d->arr.index.ssa;
         p->type = glsl_get_array_element(var->type);
         *next = 2;
      }
      const struct nvk_buffer_desc desc =
         nvk_nir_load_buffer_desc(b, st->opts->layout, var, index);
      p->kind = IO_GLOBAL;
      p->base = desc.addr;
      p->bound = desc.size; /* robust checks, runtime array lengths */
      p->offset = nir_imm_int(b, 0);
      return true;
   }
   case NIR_VAR_MEM_PUSH_CONST:
      p->kind = IO_CBUF;
      p->cbuf = NVK_CBUF_ROOT;
      p->offset = nir_imm_int(b, offsetof(struct nvk_root_table, push_constants));
      return true;
   case NIR_VAR_MEM_SHARED:
   case NIR_VAR_FUNCTION_TEMP: {
      struct hash_entry *e = hash_table_search(st->var_offsets, var);
      if (!e)
         return false;
      p->kind = var->data.mode == NIR_VAR_MEM_SHARED ? IO_SHARED : IO_SCRATCH;
      p->offset = nir_imm_int(b, (int32_t)((uintptr_t)e->data - 1));
      return true;
   }
   default:
      return false;
   }
}

/* Follows one deref step from p. */
static bool
io_step(nir_builder *b, struct io_ptr *p, nir_deref_instr *d)
{
   const struct glsl_type *t = p->type;
   switch (d->deref_type) {
   case NIR_DEREF_TYPE_STRUCT: {
      const struct glsl_struct_field *f = glsl_get_struct_field_data(t, d->strct.index);
      if (!f || f->offset_B < 0)
         return false;
      p->offset = nir_iadd_imm(b, p->offset, f->offset_B);
      p->type = f->type;
      if (glsl_type_is_matrix(glsl_without_array(f->type))) {
         p->matrix_stride_B = f->matrix_stride_B > 0 ? (unsigned)f->matrix_stride_B
                                                     : default_matrix_stride(
                                                          glsl_without_array(f->type));
         p->row_major = f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
      } else {
         p->matrix_stride_B = 0;
         p->row_major = false;
      }
      return true;
   }
   case NIR_DEREF_TYPE_ARRAY:
   case NIR_DEREF_TYPE_PTR_AS_ARRAY: {
      nir_def *index = d->arr.index.ssa;
      if (index->bit_size != 32)
         index = nir_u2u32(b, index);
      unsigned stride;
      const struct glsl_type *elem;
      if (d->deref_type == NIR_DEREF_TYPE_PTR_AS_ARRAY) {
         nir_deref_instr *parent = nir_deref_instr_parent(d);
         stride = parent && parent->deref_type == NIR_DEREF_TYPE_CAST &&
                        parent->cast.ptr_stride_B
                     ? parent->cast.ptr_stride_B
                     : glsl_get_explicit_size_B(t);
         elem = t;
      } else if (glsl_type_is_matrix(t)) {
         /* A column. */
         const unsigned ms = p->matrix_stride_B ? p->matrix_stride_B : default_matrix_stride(t);
         if (p->row_major) {
            stride = scalar_size_B(t);
            p->component_stride_B = ms;
         } else {
            stride = ms;
         }
         elem = glsl_get_column_type(t);
      } else if (glsl_type_is_vector(t)) {
         stride = p->component_stride_B ? p->component_stride_B : scalar_size_B(t);
         p->component_stride_B = 0;
         elem = glsl_get_scalar_type(t);
      } else if (glsl_type_is_array(t)) {
         stride = glsl_get_explicit_stride(t);
         elem = glsl_get_array_element(t);
         if (!stride) {
            if (glsl_type_is_matrix(glsl_without_array(elem)) && p->matrix_stride_B) {
               const struct glsl_type *m = glsl_without_array(elem);
               stride = p->matrix_stride_B *
                        (p->row_major ? glsl_get_vector_elements(m) : glsl_get_matrix_columns(m));
            } else {
               stride = glsl_get_explicit_size_B(elem);
            }
         }
      } else {
         return false;
      }
      p->offset = nir_iadd(b, p->offset, nir_imul_imm(b, index, stride));
      p->type = elem;
      return true;
   }
   case NIR_DEREF_TYPE_CAST:
      /* A cast inside a chain: same memory, new type. */
      p->type = d->type;
      return true;
   default:
      return false;
   }
}

static bool
io_ptr_for_deref(nir_builder *b, struct io_state *st, nir_deref_instr *deref, struct io_ptr *p)
{
   nir_deref_path path;
   if (!nir_deref_path_init(&path, deref, st->arena))
      return false;
   unsigned next;
   if (!io_root(b, st, &path, p, &next))
      return false;
   for (unsigned i = next; i < path.length; i++) {
      if (!io_step(b, p, path.path[i]))
         return false;
   }
   return true;
}

/* The address of an access of size_B bytes at p: out-of-bounds accesses
 * (with robustness) go to the null page. */
static nir_def *
global_addr(nir_builder *b, struct io_state *st, const struct io_ptr *p, nir_def *offset,
            unsigned size_B)
{
   nir_def *off64 = nir_u2u64(b, offset);
   nir_def *addr = nir_iadd(b, p->base, off64);
   if (!st->opts->robust_buffer_access || !p->bound)
      return addr;
   nir_def *end = nir_iadd_imm(b, off64, size_B);
   nir_def *ok = nir_uge(b, nir_u2u64(b, p->bound), end);
   return nir_bcsel(b, ok, addr, nir_imm_int64(b, 0));
}

static nir_def *
io_load_n(nir_builder *b, struct io_state *st, const struct io_ptr *p, nir_def *offset,
          unsigned n, unsigned bits)
{
   switch (p->kind) {
   case IO_GLOBAL:
      return nir_load_global(b, n, bits, global_addr(b, st, p, offset, n * bits / 8),
                             .align_mul = bits / 8);
   case IO_CBUF:
      return nir_load_ubo(b, n, bits, nir_imm_int(b, p->cbuf), offset, .align_mul = bits / 8,
                          .range = ~0u);
   case IO_SHARED:
      return nir_load_shared(b, n, bits, offset, .align_mul = bits / 8);
   case IO_SCRATCH:
      return nir_load_scratch(b, n, bits, offset, .align_mul = bits / 8);
   }
   return NULL;
}

static void
io_store_n(nir_builder *b, struct io_state *st, const struct io_ptr *p, nir_def *offset,
           nir_def *value, unsigned mask)
{
   const unsigned bits = value->bit_size, n = value->num_components;
   switch (p->kind) {
   case IO_GLOBAL:
      nir_store_global(b, value, global_addr(b, st, p, offset, n * bits / 8),
                       .write_mask = mask, .align_mul = bits / 8);
      break;
   case IO_SHARED:
      nir_store_shared(b, value, offset, .write_mask = mask, .align_mul = bits / 8);
      break;
   case IO_SCRATCH:
      nir_store_scratch(b, value, offset, .write_mask = mask, .align_mul = bits / 8);
      break;
   case IO_CBUF:
      st->failed = true; /* push constants are read-only */
      break;
   }
}

static nir_def *
io_load(nir_builder *b, struct io_state *st, const struct io_ptr *p, unsigned n,
        unsigned bits)
{
   const unsigned mem_bits = bits == 1 ? 32 : bits;
   nir_def *v;
   if (p->component_stride_B && n > 1) {
      nir_def *comps[NIR_MAX_VEC_COMPONENTS];
      for (unsigned c = 0; c < n; c++)
         comps[c] = io_load_n(b, st, p, nir_iadd_imm(b, p->offset, c * p->component_stride_B),
                              1, mem_bits);
      v = nir_vec(b, comps, n);
   } else {
      v = io_load_n(b, st, p, p->offset, n, mem_bits);
   }
   return bits == 1 ? nir_ine_imm(b, v, 0) : v;
}

static void
io_store(nir_builder *b, struct io_state *st, const struct io_ptr *p, nir_def *value,
         unsigned mask)
{
   if (value->bit_size == 1)
      value = nir_b2iN(b, value, 32);
   const unsigned n = value->num_components;
   if (p->component_stride_B && n > 1) {
      for (unsigned c = 0; c < n; c++) {
         if (mask & (1u << c))
            io_store_n(b, st, p, nir_iadd_imm(b, p->offset, c * p->component_stride_B),
                       nir_channel(b, value, c), 1);
      }
      return;
   }
   io_store_n(b, st, p, p->offset, value, mask);
}

static bool
lower_intrinsic(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct io_state *st = data;
   const nir_variable_mode modes = NIR_VAR_MEM_SSBO | NIR_VAR_MEM_UBO | NIR_VAR_MEM_PUSH_CONST |
                                   NIR_VAR_MEM_SHARED | NIR_VAR_FUNCTION_TEMP |
                                   NIR_VAR_MEM_GLOBAL;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF:
   case NIR_INTRINSIC_STORE_DEREF:
   case NIR_INTRINSIC_DEREF_ATOMIC:
   case NIR_INTRINSIC_DEREF_ATOMIC_SWAP:
   case NIR_INTRINSIC_DEREF_BUFFER_ARRAY_LENGTH:
      break;
   default:
      return false;
   }
   nir_deref_instr *deref = nir_src_as_deref(intr->src[0]);
   if (!deref || !(deref->modes & modes))
      return false;

   struct io_ptr p;
   if (!io_ptr_for_deref(b, st, deref, &p)) {
      st->failed = true;
      return false;
   }

   nir_def *result = NULL;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF:
      result = io_load(b, st, &p, intr->def.num_components, intr->def.bit_size);
      break;
   case NIR_INTRINSIC_STORE_DEREF:
      io_store(b, st, &p, intr->src[1].ssa, nir_intrinsic_write_mask(intr));
      break;
   case NIR_INTRINSIC_DEREF_ATOMIC:
   case NIR_INTRINSIC_DEREF_ATOMIC_SWAP: {
      const bool swap = intr->intrinsic == NIR_INTRINSIC_DEREF_ATOMIC_SWAP;
      const nir_atomic_op op = nir_intrinsic_atomic_op(intr);
      nir_def *data0 = intr->src[1].ssa;
      nir_def *data1 = swap ? intr->src[2].ssa : NULL;
      const unsigned size_B = data0->bit_size / 8;
      switch (p.kind) {
      case IO_GLOBAL: {
         nir_def *addr = global_addr(b, st, &p, p.offset, size_B);
         result = swap ? nir_global_atomic_swap(b, addr, data0, data1, .atomic_op = op)
                       : nir_global_atomic(b, addr, data0, .atomic_op = op);
         break;
      }
      case IO_SHARED:
         result = swap ? nir_shared_atomic_swap(b, p.offset, data0, data1, .atomic_op = op)
                       : nir_shared_atomic(b, p.offset, data0, .atomic_op = op);
         break;
      default:
         st->failed = true;
         return false;
      }
      break;
   }
   case NIR_INTRINSIC_DEREF_BUFFER_ARRAY_LENGTH: {
      /* The deref is the runtime array: (size - its offset) / stride. */
      const unsigned stride = glsl_get_explicit_stride(p.type);
      if (p.kind != IO_GLOBAL || !p.bound || !stride) {
         st->failed = true;
         return false;
      }
      nir_def *avail = nir_usub_sat(b, p.bound, p.offset);
      result = nir_udiv(b, avail, nir_imm_int(b, stride));
      break;
   }
   default:
      return false;
   }
   if (result)
      nir_def_rewrite_uses(&intr->def, result);
   nir_instr_remove(&intr->instr);
   nir_deref_instr_remove_if_unused(deref);
   return true;
}

/* Gives each variable of `mode` an offset (std430), returns the total. */
static unsigned
assign_offsets(nir_shader *shader, struct io_state *st, nir_variable_mode mode,
               unsigned *initialized_end)
{
   unsigned size = 0;
   if (mode == NIR_VAR_FUNCTION_TEMP) {
      nir_function_impl *impl = nir_shader_get_entrypoint(shader);
      if (!impl)
         return 0;
      nir_foreach_function_temp_variable(var, impl) {
         const struct glsl_type *t = glsl_get_explicit_type_for_layout(var->type,
                                                                       GLSL_LAYOUT_STD430, false);
         const unsigned align = MAX2(glsl_get_layout_align_B(var->type, GLSL_LAYOUT_STD430, false), 4u);
         size = ALIGN_POT(size, align);
         hash_table_insert(st->var_offsets, var, (void *)(uintptr_t)(size + 1));
         hash_table_insert(st->var_types, var, (void *)t);
         size += glsl_get_layout_size_B(var->type, GLSL_LAYOUT_STD430, false);
      }
      return size;
   }
   nir_foreach_variable_with_modes(var, shader, mode) {
      const struct glsl_type *t =
         glsl_get_explicit_type_for_layout(var->type, GLSL_LAYOUT_STD430, false);
      const unsigned align = MAX2(glsl_get_layout_align_B(var->type, GLSL_LAYOUT_STD430, false), 4u);
      size = ALIGN_POT(size, align);
      hash_table_insert(st->var_offsets, var, (void *)(uintptr_t)(size + 1));
      hash_table_insert(st->var_types, var, (void *)t);
      size += glsl_get_layout_size_B(var->type, GLSL_LAYOUT_STD430, false);
      /* Only null initializers reach here (the front end rejects others
       * on workgroup variables): zeroed at workgroup start. */
      if (var->constant_initializer)
         *initialized_end = size;
   }
   return size;
}

bool
nvk_nir_lower_explicit_io(nir_shader *shader, struct nvk_nir_io_options *options)
{
   struct arena *arena = arena_create(NULL);
   if (!arena) {
      nir_shader_set_oom(shader);
      return false;
   }
   struct io_state st = {
      .opts = options,
      .arena = arena,
      .var_offsets = hash_table_create(arena, util_hash_pointer, util_equal_pointer),
      .var_types = hash_table_create(arena, util_hash_pointer, util_equal_pointer),
   };
   if (!st.var_offsets || !st.var_types) {
      arena_destroy(arena);
      nir_shader_set_oom(shader);
      return false;
   }
   unsigned shared_zero = 0, unused = 0;
   const unsigned shared = assign_offsets(shader, &st, NIR_VAR_MEM_SHARED, &shared_zero);
   const unsigned scratch = assign_offsets(shader, &st, NIR_VAR_FUNCTION_TEMP, &unused);
   shader->info.shared_size_B = MAX2(shader->info.shared_size_B, ALIGN_POT(shared, 16u));
   shader->info.shared_zero_size_B = MAX2(shader->info.shared_zero_size_B, shared_zero);
   shader->info.scratch_size_B = MAX2(shader->info.scratch_size_B, ALIGN_POT(scratch, 16u));

   bool progress = nir_shader_intrinsics_pass(shader, lower_intrinsic,
                                              NIR_METADATA_CONTROL_FLOW, &st);
   nir_remove_dead_derefs(shader);
   nir_remove_dead_variables(shader, NIR_VAR_MEM_SHARED | NIR_VAR_FUNCTION_TEMP |
                                        NIR_VAR_MEM_SSBO | NIR_VAR_MEM_UBO |
                                        NIR_VAR_MEM_PUSH_CONST);
   options->unsupported |= st.failed;
   arena_destroy(arena);
   return progress;
}
