/* SPDX-License-Identifier: MIT */
/*
 * Pointers, loads and stores, atomics and barriers.
 *
 * A SPIR-V pointer is kept as a recipe (variable + indices) and turned into
 * a deref chain right where it is used, so a deref never has to reach
 * across blocks. Access chains are flattened as they are made, which also
 * bounds the chain by the type depth.
 *
 * A PhysicalStorageBuffer pointer is a value (a 64-bit address, SSA like
 * any other): used as a pointer it becomes a recipe rooted at a deref cast
 * of the address, and a recipe used as a value becomes its address again
 * (stn_pointer_address), computed from the explicit layout.
 */
#include "stn_ir.h"

/* A PhysicalStorageBuffer pointer value (an address) as a recipe. */
static struct stn_pointer *
physical_pointer(struct stn_builder *b, uint32_t id, struct stn_type *t)
{
   struct stn_pointer *p = stn_new(b, struct stn_pointer);
   p->type = t;
   p->pointee = stn_type_pointee(b, t, "a PhysicalStorageBuffer pointer");
   p->root = p->pointee;
   p->addr = stn_def(b, id);
   if (p->addr->num_components != 1 || p->addr->bit_size != 64)
      stn_fail(b, "internal: a PhysicalStorageBuffer pointer that is not 64-bit");
   return p;
}

struct stn_pointer *
stn_get_pointer(struct stn_builder *b, uint32_t id)
{
   struct stn_value *val = stn_untyped_value(b, id);
   switch (val->kind) {
   case STN_VALUE_VARIABLE:
   case STN_VALUE_POINTER:
   case STN_VALUE_IMAGE_POINTER:
      break;
   case STN_VALUE_SSA:
   case STN_VALUE_CONSTANT:
   case STN_VALUE_UNDEF: {
      struct stn_type *t = stn_value_type(b, id);
      if (stn_type_is_physical_pointer(t))
         return physical_pointer(b, id, t);
      return stn_value(b, id, STN_VALUE_POINTER)->pointer; /* reports the error */
   }
   default:
      return stn_value(b, id, STN_VALUE_POINTER)->pointer; /* reports the error */
   }
   if (val->owner && b->ir->frame && val->owner != b->ir->frame->func)
      stn_fail(b, "pointer %u belongs to another function", id);
   struct stn_pointer *ptr = val->pointer;
   if (!ptr->var && !ptr->image && !ptr->addr)
      stn_fail(b, "variable %u is not in the entry point's interface", id);
   return ptr;
}

static nir_def *
index_def(struct stn_builder *b, const struct stn_index *idx)
{
   if (idx->is_const)
      return nir_imm_int(stn_nb(b), (int32_t)idx->value);
   nir_def *d = stn_def(b, idx->id);
   if (d->num_components != 1 || d->bit_size == 1)
      stn_fail(b, "index %u must be an integer scalar", idx->id);
   return d->bit_size == 32 ? d : nir_i2iN(stn_nb(b), d, 32);
}

nir_deref_instr *
stn_pointer_deref(struct stn_builder *b, struct stn_pointer *ptr)
{
   if (ptr->image)
      stn_fail(b, "an image texel pointer can only be used by atomics");
   nir_builder *nb = stn_nb(b);
   nir_deref_instr *d =
      ptr->addr ? nir_build_deref_cast(nb, ptr->addr, NIR_VAR_MEM_GLOBAL,
                                       stn_type_glsl(b, ptr->root,
                                                     SpvStorageClassPhysicalStorageBuffer),
                                       0)
                : nir_build_deref_var(nb, ptr->var);
   for (uint32_t i = 0; i < ptr->num_indices; i++) {
      const struct stn_index *idx = &ptr->indices[i];
      if (glsl_type_is_struct(d->type)) {
         d = nir_build_deref_struct(nb, d, (unsigned)idx->value);
      } else {
         d = nir_build_deref_array(nb, d, index_def(b, idx));
         d->arr.in_bounds = idx->in_bounds;
      }
   }
   stn_check_ir_oom(b);
   return d;
}

/* ---- loads and stores --------------------------------------------------- */

/* A pointer one level further down (constant index). */
static struct stn_pointer *
child_pointer(struct stn_builder *b, const struct stn_pointer *ptr, uint32_t index)
{
   struct stn_pointer *c = stn_new(b, struct stn_pointer);
   *c = *ptr;
   c->num_indices = ptr->num_indices + 1;
   c->indices = stn_new_array(b, struct stn_index, c->num_indices);
   for (uint32_t i = 0; i < ptr->num_indices; i++)
      c->indices[i] = ptr->indices[i];
   c->indices[ptr->num_indices] = (struct stn_index){.is_const = true, .value = index};
   return c;
}

/* Composites are loaded and stored leaf by leaf, each access with its own
 * deref chain from the variable: the same shape a module written back by
 * the IR -> SPIR-V direction produces, so a round trip is a fixed point. */
static void
load_into(struct stn_builder *b, const struct stn_pointer *ptr, struct stn_ssa *s,
          enum nir_access access)
{
   if (glsl_type_is_vector_or_scalar(s->type)) {
      nir_deref_instr *d = stn_pointer_deref(b, (struct stn_pointer *)ptr);
      s->def = nir_load_deref_with_access(stn_nb(b), d, access);
      stn_emit_count(b);
      return;
   }
   for (uint32_t i = 0; i < s->num_elems; i++)
      load_into(b, child_pointer(b, ptr, i), s->elems[i], access);
}

static void
store_from(struct stn_builder *b, const struct stn_pointer *ptr, struct stn_ssa *s,
           enum nir_access access)
{
   if (glsl_type_is_vector_or_scalar(s->type)) {
      nir_deref_instr *d = stn_pointer_deref(b, (struct stn_pointer *)ptr);
      nir_store_deref_with_access(stn_nb(b), d, s->def, 0, access);
      stn_emit_count(b);
      return;
   }
   for (uint32_t i = 0; i < s->num_elems; i++)
      store_from(b, child_pointer(b, ptr, i), s->elems[i], access);
}

/* The IR type a pointer's deref chain ends in (without building it). */
static const struct glsl_type *
pointer_glsl_type(struct stn_builder *b, const struct stn_pointer *ptr)
{
   const struct glsl_type *t =
      ptr->addr ? stn_type_glsl(b, ptr->root, SpvStorageClassPhysicalStorageBuffer)
                : ptr->var->type;
   for (uint32_t i = 0; i < ptr->num_indices; i++) {
      t = glsl_type_is_struct(t) ? glsl_get_struct_field(t, (unsigned)ptr->indices[i].value)
                                 : glsl_get_deref_element(t);
   }
   return t;
}

struct stn_ssa *
stn_load(struct stn_builder *b, struct stn_pointer *ptr, enum nir_access access)
{
   if (ptr->image)
      stn_fail(b, "an image texel pointer can only be used by atomics");
   const struct glsl_type *t = pointer_glsl_type(b, ptr);
   if (glsl_type_is_opaque(t))
      stn_fail(b, "internal: opaque load");
   struct stn_ssa *s = stn_ssa_create(b, t);
   load_into(b, ptr, s, access | ptr->access);
   stn_check_ir_oom(b);
   return s;
}

void
stn_store(struct stn_builder *b, struct stn_pointer *ptr, struct stn_ssa *val,
          enum nir_access access)
{
   if (ptr->image)
      stn_fail(b, "an image texel pointer can only be used by atomics");
   if (pointer_glsl_type(b, ptr) != val->type)
      stn_fail(b, "stored value type differs from the pointer's");
   if (ptr->var && (ptr->var->data.mode & NIR_VAR_READ_ONLY_MODES))
      stn_fail(b, "store to a read-only %s variable",
               nir_variable_mode_name(ptr->var->data.mode));
   store_from(b, ptr, val, access | ptr->access);
   stn_check_ir_oom(b);
}

/* Memory operands of OpLoad/OpStore starting at word `at` (SPIR-V 1.6,
 * 3.26 "Memory Operands"): the literal of Aligned, then the ids of
 * MakePointerAvailable and MakePointerVisible, in bit order. An access
 * through a PhysicalStorageBuffer pointer must be Aligned ("If the Pointer
 * operand's storage class is PhysicalStorageBuffer, Aligned must be
 * present"; VUID-StandaloneSpirv-PhysicalStorageBuffer64-04708 for
 * Vulkan); kx accesses any byte address, so the alignment is checked,
 * not used. */
static enum nir_access
memory_access(struct stn_builder *b, const struct stn_inst *inst, unsigned at,
              const struct stn_pointer *ptr)
{
   const uint32_t bits = at < inst->count ? inst->w[at] : 0;
   enum nir_access access = NIR_ACCESS_NONE;
   if (bits & SpvMemoryAccessVolatileMask)
      access |= NIR_ACCESS_VOLATILE;
   if (bits & SpvMemoryAccessAlignedMask) {
      const uint32_t align = stn_inst_word(b, inst, at + 1);
      if (align == 0 || (align & (align - 1)))
         stn_fail(b, "Aligned %u is not a power of two", align);
   } else if (ptr->addr) {
      stn_fail(b, "%s through a PhysicalStorageBuffer pointer needs the Aligned memory "
                  "operand", spirv_op_name(inst->opcode));
   }
   return access;
}

/* The chain of indices from word `first` of inst applied to base. */
static struct stn_pointer *
access_chain(struct stn_builder *b, const struct stn_inst *inst, struct stn_pointer *base,
             unsigned first, struct stn_type *ptr_type)
{
   if (base->image)
      stn_fail(b, "an access chain into an image texel pointer");
   if (base->type->storage_class != ptr_type->storage_class)
      stn_fail(b, "access chain result storage class differs from its base's");
   struct stn_type *result_pointee = stn_type_pointee(b, ptr_type, "the access chain's type");

   const uint32_t n = inst->count - first;
   if (base->num_indices + n > STN_MAX_TYPE_DEPTH)
      stn_fail(b, "access chain deeper than the type");
   struct stn_pointer *p = stn_new(b, struct stn_pointer);
   *p = *base;
   p->type = ptr_type;
   p->num_indices = base->num_indices + n;
   p->indices = stn_new_array(b, struct stn_index, p->num_indices);
   for (uint32_t i = 0; i < base->num_indices; i++)
      p->indices[i] = base->indices[i];

   const bool in_bounds = inst->opcode == SpvOpInBoundsAccessChain;
   struct stn_type *t = base->pointee;
   for (uint32_t i = 0; i < n; i++) {
      struct stn_index *idx = &p->indices[base->num_indices + i];
      const uint32_t id = inst->w[first + i];
      struct stn_value *iv = stn_untyped_value(b, id);
      idx->id = id;
      idx->in_bounds = in_bounds;
      if (iv->kind == STN_VALUE_CONSTANT) {
         idx->is_const = true;
         idx->value = stn_constant_int(b, id);
      } else {
         struct stn_type *it = stn_value_type(b, id);
         if (it->base != STN_BASE_INT)
            stn_fail(b, "access chain index %u must be an integer scalar", id);
      }
      if (t->base == STN_BASE_STRUCT) {
         if (!idx->is_const)
            stn_fail(b, "a struct member index must be a constant");
         if (idx->value < 0 || (uint64_t)idx->value >= t->num_members)
            stn_fail(b, "member %" PRId64 " of a struct with %u members", idx->value,
                     t->num_members);
         t = t->members[idx->value];
      } else if (t->base == STN_BASE_ARRAY || t->base == STN_BASE_RUNTIME_ARRAY ||
                 t->base == STN_BASE_MATRIX || t->base == STN_BASE_VECTOR) {
         const uint32_t len = t->base == STN_BASE_ARRAY    ? t->length
                              : t->base == STN_BASE_MATRIX ? t->columns
                              : t->base == STN_BASE_VECTOR ? t->components
                                                           : UINT32_MAX;
         if (idx->is_const && (idx->value < 0 || (uint64_t)idx->value >= len))
            stn_fail(b, "constant index %" PRId64 " outside a %s of %u", idx->value,
                     stn_type_describe(t), len);
         t = t->base == STN_BASE_MATRIX   ? t->column
             : t->base == STN_BASE_VECTOR ? t->scalar
                                          : t->element;
      } else {
         stn_fail(b, "cannot index into a %s", stn_type_describe(t));
      }
   }
   if (stn_type_glsl(b, t, ptr_type->storage_class) !=
       stn_type_glsl(b, result_pointee, ptr_type->storage_class))
      stn_fail(b, "access chain result type does not match the element it reaches");
   p->pointee = t;
   return p;
}

/* The explicit layout's byte offset of each step of ptr's chain, added to
 * its address (SPIR-V 1.6, 2.18.2: Offset, ArrayStride, MatrixStride). */
nir_def *
stn_pointer_address(struct stn_builder *b, const struct stn_pointer *ptr)
{
   if (!ptr->addr)
      stn_fail(b, "only a PhysicalStorageBuffer pointer has an address");
   nir_builder *nb = stn_nb(b);
   nir_def *addr = ptr->addr;
   const struct glsl_type *t = stn_type_glsl(b, ptr->root, SpvStorageClassPhysicalStorageBuffer);
   unsigned matrix_stride_B = 0;
   bool row_major = false;
   for (uint32_t i = 0; i < ptr->num_indices; i++) {
      const struct stn_index *idx = &ptr->indices[i];
      unsigned stride_B;
      const struct glsl_type *next;
      if (glsl_type_is_struct(t)) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(t, (unsigned)idx->value);
         if (!f || f->offset_B < 0)
            stn_fail(b, "member %" PRId64 " of a PhysicalStorageBuffer struct has no Offset",
                     idx->value);
         addr = nir_iadd_imm(nb, addr, f->offset_B);
         matrix_stride_B = f->matrix_stride_B > 0 ? (unsigned)f->matrix_stride_B : 0;
         row_major = f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR;
         t = f->type;
         continue;
      }
      if (glsl_type_is_matrix(t)) {
         if (row_major || !matrix_stride_B)
            stn_fail(b, "the address of a column of a %s matrix",
                     row_major ? "row-major" : "MatrixStride-less");
         stride_B = matrix_stride_B;
         next = glsl_get_column_type(t);
      } else if (glsl_type_is_vector(t)) {
         if (row_major)
            stn_fail(b, "the address of a component of a row-major matrix");
         stride_B = glsl_get_bit_size(t) / 8;
         next = glsl_get_scalar_type(t);
      } else if (glsl_type_is_array(t)) {
         stride_B = glsl_get_explicit_stride(t);
         if (!stride_B)
            stn_fail(b, "an array in PhysicalStorageBuffer memory without an ArrayStride");
         next = glsl_get_array_element(t);
      } else {
         stn_fail(b, "internal: address of a scalar's element");
      }
      nir_def *index = idx->is_const ? nir_imm_int64(nb, idx->value)
                                     : nir_i2iN(nb, index_def(b, idx), 64);
      addr = nir_iadd(nb, addr, nir_imul_imm(nb, index, stride_B));
      t = next;
   }
   stn_check_ir_oom(b);
   return addr;
}

/* OpPtrAccessChain's Element: the base's address moved by Element times
 * the ArrayStride of the base's pointer type (SPIR-V 1.6, 3.32.8; Vulkan
 * requires the decoration for PhysicalStorageBuffer pointers). */
static struct stn_pointer *
element_pointer(struct stn_builder *b, const struct stn_pointer *base, uint32_t element_id)
{
   const struct stn_decoration *d =
      stn_find_decoration(base->type->val, -1, SpvDecorationArrayStride);
   if (!d)
      stn_fail(b, "OpPtrAccessChain's base pointer type %u has no ArrayStride", base->type->id);
   const uint32_t stride_B = stn_decoration_literal(b, d, 0);
   nir_def *e = stn_def(b, element_id);
   if (e->num_components != 1 || e->bit_size == 1)
      stn_fail(b, "OpPtrAccessChain's Element must be an integer scalar");
   nir_builder *nb = stn_nb(b);
   struct stn_pointer *p = stn_new(b, struct stn_pointer);
   p->type = base->type;
   p->pointee = base->pointee;
   p->root = base->pointee;
   p->access = base->access;
   p->addr = nir_iadd(nb, stn_pointer_address(b, base),
                      nir_imul_imm(nb, nir_i2iN(nb, e, 64), stride_B));
   stn_check_ir_oom(b);
   return p;
}

static struct stn_ssa *
opaque_value(struct stn_builder *b, struct stn_pointer *ptr)
{
   struct stn_ssa *s = stn_new(b, struct stn_ssa);
   s->type = ptr->pointee->glsl;
   if (ptr->pointee->base == STN_BASE_SAMPLER)
      s->sampler = ptr;
   else
      s->image = ptr;
   return s;
}

void
stn_handle_memory(struct stn_builder *b, const struct stn_inst *inst)
{
   switch (inst->opcode) {
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain: {
      struct stn_type *t = stn_result_type(b, inst);
      if (t->base != STN_BASE_POINTER)
         stn_fail(b, "access chain result must be a pointer");
      struct stn_pointer *p = access_chain(b, inst, stn_get_pointer(b, inst->w[3]), 4, t);
      struct stn_value *val = stn_push_value(b, inst->w[2], STN_VALUE_POINTER);
      val->pointer = p;
      val->owner = b->ir->frame->func;
      break;
   }

   case SpvOpPtrAccessChain:
   case SpvOpInBoundsPtrAccessChain: {
      struct stn_type *t = stn_result_type(b, inst);
      if (t->base != STN_BASE_POINTER)
         stn_fail(b, "access chain result must be a pointer");
      struct stn_pointer *base = stn_get_pointer(b, inst->w[3]);
      if (!base->addr)
         stn_fail(b, "%s needs a PhysicalStorageBuffer base pointer (VariablePointers is "
                     "not supported)", spirv_op_name(inst->opcode));
      struct stn_pointer *p = access_chain(b, inst, element_pointer(b, base, inst->w[4]), 5, t);
      struct stn_value *val = stn_push_value(b, inst->w[2], STN_VALUE_POINTER);
      val->pointer = p;
      val->owner = b->ir->frame->func;
      break;
   }

   case SpvOpLoad: {
      struct stn_type *t = stn_result_type(b, inst);
      struct stn_pointer *ptr = stn_get_pointer(b, inst->w[3]);
      if (ptr->image)
         stn_fail(b, "OpLoad from an image texel pointer");
      if (t->glsl != ptr->pointee->glsl)
         stn_fail(b, "OpLoad result type differs from the pointee type");
      if (stn_type_is_opaque(t) || (t->base == STN_BASE_ARRAY && stn_type_is_opaque(
                                                                    t->element))) {
         if (!stn_type_is_opaque(t))
            stn_fail(b, "loading an array of images or samplers as a value");
         stn_push_ssa(b, inst->w[2], opaque_value(b, ptr));
         break;
      }
      stn_push_ssa(b, inst->w[2], stn_load(b, ptr, memory_access(b, inst, 4, ptr)));
      break;
   }

   case SpvOpStore: {
      struct stn_pointer *ptr = stn_get_pointer(b, inst->w[1]);
      if (ptr->image)
         stn_fail(b, "OpStore to an image texel pointer");
      if (stn_type_is_opaque(ptr->pointee))
         stn_fail(b, "storing an image or sampler");
      struct stn_ssa *v = stn_ssa_value(b, inst->w[2]);
      if (v->type != ptr->pointee->glsl)
         stn_fail(b, "OpStore object type differs from the pointee type");
      stn_store(b, ptr, v, memory_access(b, inst, 3, ptr));
      break;
   }

   case SpvOpCopyMemory: {
      struct stn_pointer *dst = stn_get_pointer(b, inst->w[1]);
      struct stn_pointer *src = stn_get_pointer(b, inst->w[2]);
      if (dst->image || src->image || stn_type_is_opaque(dst->pointee))
         stn_fail(b, "OpCopyMemory of images, samplers or texel pointers");
      if (dst->pointee->glsl != src->pointee->glsl)
         stn_fail(b, "OpCopyMemory between different types");
      stn_store(b, dst, stn_load(b, src, NIR_ACCESS_NONE), NIR_ACCESS_NONE);
      break;
   }

   case SpvOpCopyMemorySized:
      stn_fail(b, "OpCopyMemorySized needs the Addresses capability");

   case SpvOpArrayLength: {
      struct stn_type *t = stn_result_type(b, inst);
      struct stn_pointer *ptr = stn_get_pointer(b, inst->w[3]);
      const uint32_t member = inst->w[4];
      struct stn_type *st = ptr->pointee;
      if (!ptr->var || st->base != STN_BASE_STRUCT || member >= st->num_members ||
          member + 1 != st->num_members ||
          st->members[member]->base != STN_BASE_RUNTIME_ARRAY)
         stn_fail(b, "OpArrayLength needs a struct pointer and its last, runtime-array, "
                     "member");
      if (t->base != STN_BASE_INT || t->bit_size != 32 || t->is_signed)
         stn_fail(b, "OpArrayLength result must be a 32-bit unsigned integer");
      if (!(ptr->var->data.mode & NIR_VAR_MEM_SSBO))
         stn_fail(b, "OpArrayLength of a non-storage-buffer");
      nir_deref_instr *d = stn_pointer_deref(b, ptr);
      d = nir_build_deref_struct(stn_nb(b), d, member);
      nir_def *len = nir_deref_buffer_array_length(stn_nb(b), &d->def,
                                                   .access = ptr->access);
      stn_push_def(b, inst->w[2], len);
      break;
   }

   default:
      stn_fail(b, "%s is not a memory instruction", spirv_op_name(inst->opcode));
   }
}

/* ---- atomics ------------------------------------------------------------ */

nir_scope
stn_scope(struct stn_builder *b, uint32_t scope_id)
{
   const int64_t s = stn_constant_int(b, scope_id);
   switch (s) {
   case SpvScopeCrossDevice:
   case SpvScopeDevice:
      return NIR_SCOPE_DEVICE;
   case SpvScopeWorkgroup:
      return NIR_SCOPE_WORKGROUP;
   case SpvScopeSubgroup:
      return NIR_SCOPE_SUBGROUP;
   case SpvScopeInvocation:
      return NIR_SCOPE_INVOCATION;
   case SpvScopeQueueFamily:
      return NIR_SCOPE_QUEUE_FAMILY;
   case SpvScopeShaderCallKHR:
      return NIR_SCOPE_SHADER_CALL;
   default:
      stn_fail(b, "scope %" PRId64 " is not a Scope", s);
   }
}

static nir_atomic_op
atomic_op(struct stn_builder *b, SpvOp op)
{
   switch (op) {
   case SpvOpAtomicExchange:
   case SpvOpAtomicStore:
      return NIR_ATOMIC_OP_XCHG;
   case SpvOpAtomicIIncrement:
   case SpvOpAtomicIDecrement:
   case SpvOpAtomicIAdd:
   case SpvOpAtomicISub:
      return NIR_ATOMIC_OP_IADD;
   case SpvOpAtomicSMin:
      return NIR_ATOMIC_OP_IMIN;
   case SpvOpAtomicUMin:
      return NIR_ATOMIC_OP_UMIN;
   case SpvOpAtomicSMax:
      return NIR_ATOMIC_OP_IMAX;
   case SpvOpAtomicUMax:
      return NIR_ATOMIC_OP_UMAX;
   case SpvOpAtomicAnd:
      return NIR_ATOMIC_OP_IAND;
   case SpvOpAtomicOr:
   case SpvOpAtomicLoad:
      return NIR_ATOMIC_OP_IOR;
   case SpvOpAtomicXor:
      return NIR_ATOMIC_OP_IXOR;
   case SpvOpAtomicFAddEXT:
      return NIR_ATOMIC_OP_FADD;
   case SpvOpAtomicFMinEXT:
      return NIR_ATOMIC_OP_FMIN;
   case SpvOpAtomicFMaxEXT:
      return NIR_ATOMIC_OP_FMAX;
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicCompareExchangeWeak:
      return NIR_ATOMIC_OP_CMPXCHG;
   default:
      stn_fail(b, "%s is not an atomic", spirv_op_name(op));
   }
}

/* The pointer operand's word and the first data operand's, per opcode. */
static void
atomic_layout(SpvOp op, unsigned *ptr_w, unsigned *data_w, bool *has_result)
{
   switch (op) {
   case SpvOpAtomicStore:
      *ptr_w = 1;
      *data_w = 4;
      *has_result = false;
      break;
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicCompareExchangeWeak:
      *ptr_w = 3;
      *data_w = 7; /* value, then comparator */
      *has_result = true;
      break;
   default:
      *ptr_w = 3;
      *data_w = 6;
      *has_result = true;
      break;
   }
}

void
stn_handle_atomic(struct stn_builder *b, const struct stn_inst *inst)
{
   const SpvOp op = inst->opcode;
   unsigned ptr_w, data_w;
   bool has_result;
   atomic_layout(op, &ptr_w, &data_w, &has_result);
   struct stn_pointer *ptr = stn_get_pointer(b, stn_inst_word(b, inst, ptr_w));
   struct stn_type *vt = ptr->pointee;
   if (vt->base != STN_BASE_INT && vt->base != STN_BASE_FLOAT)
      stn_fail(b, "atomics need an integer or float scalar, not a %s", stn_type_describe(vt));
   if (has_result && stn_result_type(b, inst)->glsl != vt->glsl)
      stn_fail(b, "atomic result type differs from the pointee type");
   const bool is_float_op = op == SpvOpAtomicFAddEXT || op == SpvOpAtomicFMinEXT ||
                            op == SpvOpAtomicFMaxEXT;
   if (is_float_op != (vt->base == STN_BASE_FLOAT) &&
       !(vt->base == STN_BASE_FLOAT &&
         (op == SpvOpAtomicLoad || op == SpvOpAtomicStore || op == SpvOpAtomicExchange)))
      stn_fail(b, "%s on a %s", spirv_op_name(op), stn_type_describe(vt));
   (void)stn_scope(b, stn_inst_word(b, inst, ptr_w + 1));
   (void)stn_constant_int(b, stn_inst_word(b, inst, ptr_w + 2));

   nir_builder *nb = stn_nb(b);
   const unsigned bits = vt->bit_size;
   nir_def *data = NULL, *data2 = NULL;
   switch (op) {
   case SpvOpAtomicIIncrement:
      data = nir_imm_intN_t(nb, 1, bits);
      break;
   case SpvOpAtomicIDecrement:
      data = nir_imm_intN_t(nb, (uint64_t)-1, bits);
      break;
   case SpvOpAtomicLoad:
      data = nir_imm_intN_t(nb, 0, bits);
      break;
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicCompareExchangeWeak:
      data2 = stn_def(b, stn_inst_word(b, inst, data_w));     /* value */
      data = stn_def(b, stn_inst_word(b, inst, data_w + 1));  /* comparator */
      break;
   default:
      data = stn_def(b, stn_inst_word(b, inst, data_w));
      if (op == SpvOpAtomicISub)
         data = nir_ineg(nb, data);
      break;
   }
   if (data->num_components != 1 || data->bit_size != bits ||
       (data2 && (data2->num_components != 1 || data2->bit_size != bits)))
      stn_fail(b, "atomic operand type differs from the pointee type");

   nir_atomic_op aop = atomic_op(b, op);
   if (op == SpvOpAtomicLoad && vt->base == STN_BASE_FLOAT) {
      /* No float OR: an atomic read of a float is a coherent load. */
      nir_deref_instr *d = stn_pointer_deref(b, ptr);
      stn_push_def(b, inst->w[2],
                   nir_load_deref_with_access(nb, d,
                                              NIR_ACCESS_COHERENT | NIR_ACCESS_VOLATILE));
      return;
   }

   nir_def *result;
   if (ptr->image) {
      result = stn_image_atomic(b, ptr, aop, data, data2);
   } else {
      if (ptr->var && !(ptr->var->data.mode & (NIR_VAR_MEM_SSBO | NIR_VAR_MEM_SHARED | NIR_VAR_UNIFORM |
                                   NIR_VAR_FUNCTION_TEMP | NIR_VAR_SHADER_TEMP)))
         stn_fail(b, "atomics on %s memory", nir_variable_mode_name(ptr->var->data.mode));
      nir_deref_instr *d = stn_pointer_deref(b, ptr);
      if (data2)
         result = nir_deref_atomic_swap(nb, &d->def, data, data2, .access = ptr->access,
                                        .atomic_op = aop);
      else
         result = nir_deref_atomic(nb, &d->def, data, .access = ptr->access,
                                   .atomic_op = aop);
   }
   stn_emit_count(b);
   if (has_result)
      stn_push_def(b, inst->w[2], result);
}

/* ---- barriers ----------------------------------------------------------- */

static void
semantics(struct stn_builder *b, uint32_t id, nir_memory_semantics *sem,
          nir_variable_mode *modes)
{
   const uint32_t s = (uint32_t)stn_constant_int(b, id);
   *sem = 0;
   *modes = 0;
   if (s & (SpvMemorySemanticsAcquireMask | SpvMemorySemanticsAcquireReleaseMask |
            SpvMemorySemanticsSequentiallyConsistentMask))
      *sem |= NIR_MEMORY_ACQUIRE;
   if (s & (SpvMemorySemanticsReleaseMask | SpvMemorySemanticsAcquireReleaseMask |
            SpvMemorySemanticsSequentiallyConsistentMask))
      *sem |= NIR_MEMORY_RELEASE;
   if (s & SpvMemorySemanticsMakeAvailableMask)
      *sem |= NIR_MEMORY_MAKE_AVAILABLE;
   if (s & SpvMemorySemanticsMakeVisibleMask)
      *sem |= NIR_MEMORY_MAKE_VISIBLE;
   if (s & SpvMemorySemanticsUniformMemoryMask)
      *modes |= NIR_VAR_MEM_UBO | NIR_VAR_MEM_SSBO;
   if (s & SpvMemorySemanticsWorkgroupMemoryMask)
      *modes |= NIR_VAR_MEM_SHARED;
   if (s & (SpvMemorySemanticsImageMemoryMask | SpvMemorySemanticsAtomicCounterMemoryMask))
      *modes |= NIR_VAR_UNIFORM;
   if (s & SpvMemorySemanticsOutputMemoryMask)
      *modes |= NIR_VAR_SHADER_OUT;
   if (s & SpvMemorySemanticsCrossWorkgroupMemoryMask)
      *modes |= NIR_VAR_MEM_GLOBAL;
   /* Memory kinds without an ordering: nothing is ordered. */
   if (!*sem)
      *modes = 0;
}

void
stn_handle_barrier(struct stn_builder *b, const struct stn_inst *inst)
{
   nir_scope exec = NIR_SCOPE_NONE, mem;
   nir_memory_semantics sem;
   nir_variable_mode modes;
   if (inst->opcode == SpvOpControlBarrier) {
      exec = stn_scope(b, inst->w[1]);
      mem = stn_scope(b, inst->w[2]);
      semantics(b, inst->w[3], &sem, &modes);
      b->ir->shader->info.uses_control_barrier = true;
   } else {
      mem = stn_scope(b, inst->w[1]);
      semantics(b, inst->w[2], &sem, &modes);
   }
   if (!sem)
      mem = NIR_SCOPE_NONE;
   nir_barrier(stn_nb(b), .execution_scope = exec, .memory_scope = mem,
               .memory_semantics = sem, .memory_modes = modes);
   stn_emit_count(b);
}
