/* SPDX-License-Identifier: MIT */
/* Derefs become access chains; loads, stores, copies and atomics through
 * them become OpLoad/OpStore/OpCopyMemory/OpAtomic*. A deref cast of a
 * 64-bit address in global memory is a PhysicalStorageBuffer pointer
 * (OpConvertUToPtr at each use, as spirv_to_nir reads it back); accesses
 * through one carry the Aligned operand SPIR-V requires there. */
#include "ntv/ntv_private.h"

#include <spirv/unified1/GLSL.std.450.h>

/* A chain rooted at a deref cast of a 64-bit global address. */
static bool
is_physical(const nir_deref_instr *deref)
{
   while (deref->deref_type != NIR_DEREF_TYPE_VAR && deref->deref_type != NIR_DEREF_TYPE_CAST) {
      deref = nir_deref_instr_parent(deref);
      if (!deref)
         return false;
   }
   return deref->deref_type == NIR_DEREF_TYPE_CAST && (deref->modes & NIR_VAR_MEM_GLOBAL) &&
          deref->parent.ssa->bit_size == 64 && deref->parent.ssa->num_components == 1;
}

SpvStorageClass
ntv_deref_storage_class(struct ntv_context *ctx, const nir_deref_instr *deref)
{
   if (is_physical(deref))
      return SpvStorageClassPhysicalStorageBuffer;
   nir_variable *var = nir_deref_instr_get_variable(deref);
   if (!var) {
      ntv_fail(ctx, "deref through a cast (pointers are not supported)");
      return SpvStorageClassPrivate;
   }
   return ntv_storage_class(ctx, var->data.mode, var->type);
}

SpvId
ntv_deref_pointer_type(struct ntv_context *ctx, const nir_deref_instr *deref)
{
   const SpvStorageClass sc = ntv_deref_storage_class(ctx, deref);
   return spvb_type_pointer(&ctx->b, sc, ntv_type(ctx, deref->type));
}

SpvId
ntv_deref_ptr(struct ntv_context *ctx, nir_deref_instr *deref)
{
   switch (deref->deref_type) {
   case NIR_DEREF_TYPE_VAR:
      if (!deref->var) {
         ntv_fail(ctx, "variable deref without a variable");
         return 0;
      }
      return ntv_variable_id(ctx, deref->var);
   case NIR_DEREF_TYPE_ARRAY: {
      nir_deref_instr *parent = nir_deref_instr_parent(deref);
      if (!parent)
         break;
      const SpvId base = ntv_deref_ptr(ctx, parent);
      const SpvId index = ntv_get_src(ctx, deref->arr.index, NTV_WANT_ANY_INT | NTV_KIND_SINT);
      return spvb_access_chain(&ctx->b, ntv_deref_pointer_type(ctx, deref), base, &index, 1);
   }
   case NIR_DEREF_TYPE_STRUCT: {
      nir_deref_instr *parent = nir_deref_instr_parent(deref);
      if (!parent)
         break;
      const SpvId base = ntv_deref_ptr(ctx, parent);
      const SpvId index = ntv_const_i32(ctx, (int32_t)deref->strct.index);
      return spvb_access_chain(&ctx->b, ntv_deref_pointer_type(ctx, deref), base, &index, 1);
   }
   case NIR_DEREF_TYPE_CAST: {
      if (!is_physical(deref))
         break;
      const SpvId addr = ntv_get_src(ctx, deref->parent, NTV_KIND_UINT);
      return spvb_op(&ctx->b, SpvOpConvertUToPtr, ntv_deref_pointer_type(ctx, deref), &addr, 1);
   }
   default:
      break;
   }
   ntv_fail(ctx, "pointer casts of other than 64-bit global addresses, and pointer "
                 "arithmetic, have no Vulkan SPIR-V form here");
   return 0;
}

static SpvId
deref_ptr(struct ntv_context *ctx, nir_src src)
{
   nir_deref_instr *deref = nir_src_as_deref(src);
   if (!deref) {
      ntv_fail(ctx, "pointer source is not a deref");
      return 0;
   }
   return ntv_deref_ptr(ctx, deref);
}

/* Derefs write nothing where they stand: each use writes its chain
 * (ntv_deref_ptr). What they would fail on is reported here. */
void
ntv_emit_deref(struct ntv_context *ctx, nir_deref_instr *deref)
{
   if ((deref->deref_type == NIR_DEREF_TYPE_CAST && !is_physical(deref)) ||
       deref->deref_type == NIR_DEREF_TYPE_PTR_AS_ARRAY)
      ntv_fail(ctx, "pointer casts of other than 64-bit global addresses, and pointer "
                    "arithmetic, have no Vulkan SPIR-V form here");
}

/* The Aligned operand of an access through a PhysicalStorageBuffer pointer:
 * the size of one component (booleans are 32-bit in memory), which every
 * explicit layout aligns to. */
static uint32_t
physical_alignment(const struct glsl_type *t)
{
   const unsigned bits = glsl_get_bit_size(t);
   return bits == 1 ? 4 : bits / 8;
}

/* OpStore, with Aligned when the pointer is physical. */
static void
store_through(struct ntv_context *ctx, const nir_deref_instr *deref,
              const struct glsl_type *t, SpvId ptr, SpvId value)
{
   if (is_physical(deref))
      spvb_op_void(&ctx->b, SpvOpStore,
                   SPVB_WORDS(ptr, value, SpvMemoryAccessAlignedMask, physical_alignment(t)));
   else
      spvb_store(&ctx->b, ptr, value);
}

static nir_deref_instr *
src_deref(struct ntv_context *ctx, nir_src src)
{
   nir_deref_instr *deref = nir_src_as_deref(src);
   if (!deref)
      ntv_fail(ctx, "memory access without a deref");
   return deref;
}

static void
emit_load(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   nir_deref_instr *deref = src_deref(ctx, intr->src[0]);
   if (!deref)
      return;
   if (!glsl_type_is_vector_or_scalar(deref->type)) {
      ntv_fail(ctx, "load of an aggregate");
      return;
   }
   const SpvId ptr = deref_ptr(ctx, intr->src[0]);
   if (is_physical(deref)) {
      spvb_op_to(&ctx->b, ntv_def_id(ctx, &intr->def), SpvOpLoad, ntv_type(ctx, deref->type),
                 SPVB_WORDS(ptr, SpvMemoryAccessAlignedMask, physical_alignment(deref->type)));
      return;
   }
   spvb_op_to(&ctx->b, ntv_def_id(ctx, &intr->def), SpvOpLoad, ntv_type(ctx, deref->type),
              &ptr, 1);
}

static void
emit_store(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   nir_deref_instr *deref = src_deref(ctx, intr->src[0]);
   if (!deref)
      return;
   const struct glsl_type *t = deref->type;
   if (!glsl_type_is_vector_or_scalar(t)) {
      ntv_fail(ctx, "store of an aggregate");
      return;
   }
   const enum ntv_kind kind = ntv_kind_for_base_type(glsl_get_base_type(t));
   const unsigned n = glsl_get_vector_elements(t);
   const unsigned full = BITFIELD_MASK(n);
   const unsigned mask = nir_intrinsic_write_mask(intr) & full;
   const SpvId ptr = deref_ptr(ctx, intr->src[0]);
   nir_def *value = intr->src[1].ssa;
   if (value->num_components < n && mask == full) {
      ntv_fail(ctx, "store of %u components to a %u-component variable",
               value->num_components, n);
      return;
   }
   if (mask == full) {
      store_through(ctx, deref, t, ptr, ntv_get_def(ctx, value, kind));
      return;
   }
   /* A partial store writes each component through its own pointer: a
    * read-modify-write would race with other invocations (TCS outputs,
    * shared memory). */
   const SpvId comp_ptr = spvb_type_pointer(
      &ctx->b, ntv_deref_storage_class(ctx, deref),
      ntv_scalar_type(ctx, kind, kind == NTV_KIND_BOOL ? 1 : glsl_get_bit_size(t)));
   u_foreach_bit(c, mask) {
      if (c >= value->num_components) {
         ntv_fail(ctx, "store writes component %u of a %u-component value", c,
                  value->num_components);
         return;
      }
      const SpvId chain = spvb_access_chain(&ctx->b, comp_ptr, ptr,
                                            (const SpvId[]){ntv_const_i32(ctx, (int32_t)c)}, 1);
      const uint8_t comp = (uint8_t)c;
      store_through(ctx, deref, t, chain, ntv_get_def_swizzled(ctx, value, &comp, 1, kind));
   }
}

static void
emit_copy(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   nir_deref_instr *dst = src_deref(ctx, intr->src[0]);
   nir_deref_instr *src = src_deref(ctx, intr->src[1]);
   if (!dst || !src)
      return;
   if (ntv_type(ctx, dst->type) != ntv_type(ctx, src->type)) {
      ntv_fail(ctx, "copy between types of different layouts");
      return;
   }
   spvb_op_void(&ctx->b, SpvOpCopyMemory,
                SPVB_WORDS(deref_ptr(ctx, intr->src[0]), deref_ptr(ctx, intr->src[1])));
}

SpvScope
ntv_scope(nir_scope scope)
{
   switch (scope) {
   case NIR_SCOPE_INVOCATION:
      return SpvScopeInvocation;
   case NIR_SCOPE_SUBGROUP:
      return SpvScopeSubgroup;
   case NIR_SCOPE_SHADER_CALL:
      return SpvScopeShaderCallKHR;
   case NIR_SCOPE_WORKGROUP:
      return SpvScopeWorkgroup;
   case NIR_SCOPE_QUEUE_FAMILY:
      return SpvScopeQueueFamily;
   case NIR_SCOPE_DEVICE:
   case NIR_SCOPE_NONE:
   default:
      return SpvScopeDevice;
   }
}

/* The atomic opcode for an IR atomic op, with the capabilities it needs. */
static SpvOp
atomic_opcode(struct ntv_context *ctx, nir_atomic_op op, unsigned bit_size)
{
   switch (op) {
   case NIR_ATOMIC_OP_IADD:
      return SpvOpAtomicIAdd;
   case NIR_ATOMIC_OP_IMIN:
      return SpvOpAtomicSMin;
   case NIR_ATOMIC_OP_UMIN:
      return SpvOpAtomicUMin;
   case NIR_ATOMIC_OP_IMAX:
      return SpvOpAtomicSMax;
   case NIR_ATOMIC_OP_UMAX:
      return SpvOpAtomicUMax;
   case NIR_ATOMIC_OP_IAND:
      return SpvOpAtomicAnd;
   case NIR_ATOMIC_OP_IOR:
      return SpvOpAtomicOr;
   case NIR_ATOMIC_OP_IXOR:
      return SpvOpAtomicXor;
   case NIR_ATOMIC_OP_XCHG:
      return SpvOpAtomicExchange;
   case NIR_ATOMIC_OP_CMPXCHG:
      return SpvOpAtomicCompareExchange;
   case NIR_ATOMIC_OP_FADD:
      spvb_extension(&ctx->b, "SPV_EXT_shader_atomic_float_add");
      spvb_capability(&ctx->b, bit_size == 64   ? SpvCapabilityAtomicFloat64AddEXT
                               : bit_size == 16 ? SpvCapabilityAtomicFloat16AddEXT
                                                : SpvCapabilityAtomicFloat32AddEXT);
      if (bit_size == 16)
         spvb_extension(&ctx->b, "SPV_EXT_shader_atomic_float16_add");
      return SpvOpAtomicFAddEXT;
   case NIR_ATOMIC_OP_FMIN:
   case NIR_ATOMIC_OP_FMAX:
      spvb_extension(&ctx->b, "SPV_EXT_shader_atomic_float_min_max");
      spvb_capability(&ctx->b, bit_size == 64   ? SpvCapabilityAtomicFloat64MinMaxEXT
                               : bit_size == 16 ? SpvCapabilityAtomicFloat16MinMaxEXT
                                                : SpvCapabilityAtomicFloat32MinMaxEXT);
      return op == NIR_ATOMIC_OP_FMIN ? SpvOpAtomicFMinEXT : SpvOpAtomicFMaxEXT;
   default:
      ntv_fail(ctx, "atomic %s has no SPIR-V instruction", nir_atomic_op_name(op));
      return SpvOpNop;
   }
}

void
ntv_emit_atomic(struct ntv_context *ctx, nir_intrinsic_instr *intr, SpvId ptr,
                SpvStorageClass sc, unsigned first_data)
{
   const nir_atomic_op op = nir_intrinsic_atomic_op(intr);
   const unsigned bits = intr->def.bit_size;
   const SpvOp opcode = atomic_opcode(ctx, op, bits);
   if (opcode == SpvOpNop)
      return;
   if (bits == 64)
      spvb_capability(&ctx->b, SpvCapabilityInt64Atomics);
   const enum ntv_kind kind = ntv_def_kind(ctx, &intr->def);
   const SpvId type = ntv_def_type(ctx, &intr->def);
   const SpvId scope = ntv_const_u32(
      ctx, sc == SpvStorageClassWorkgroup ? SpvScopeWorkgroup : SpvScopeDevice);
   const SpvId relaxed = ntv_const_u32(ctx, SpvMemorySemanticsMaskNone);
   const SpvId result = ntv_def_id(ctx, &intr->def);
   if (opcode == SpvOpAtomicCompareExchange) {
      const SpvId cmp = ntv_get_src(ctx, intr->src[first_data], kind);
      const SpvId value = ntv_get_src(ctx, intr->src[first_data + 1], kind);
      spvb_op_to(&ctx->b, result, opcode, type,
                 SPVB_WORDS(ptr, scope, relaxed, relaxed, value, cmp));
      return;
   }
   const SpvId value = ntv_get_src(ctx, intr->src[first_data], kind);
   spvb_op_to(&ctx->b, result, opcode, type, SPVB_WORDS(ptr, scope, relaxed, value));
}

static void
emit_array_length(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   nir_deref_instr *deref = src_deref(ctx, intr->src[0]);
   if (!deref)
      return;
   if (deref->deref_type != NIR_DEREF_TYPE_STRUCT) {
      ntv_fail(ctx, "array length of something that is not a block member");
      return;
   }
   const SpvId block = deref_ptr(ctx, deref->parent);
   spvb_op_to(&ctx->b, ntv_def_id(ctx, &intr->def), SpvOpArrayLength,
              ntv_def_type(ctx, &intr->def), SPVB_WORDS(block, deref->strct.index));
}

static void
emit_interp(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   nir_deref_instr *deref = src_deref(ctx, intr->src[0]);
   if (!deref)
      return;
   spvb_capability(&ctx->b, SpvCapabilityInterpolationFunction);
   SpvId args[2] = {deref_ptr(ctx, intr->src[0])};
   unsigned n = 1;
   enum GLSLstd450 inst = GLSLstd450InterpolateAtCentroid;
   if (intr->intrinsic == NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE) {
      inst = GLSLstd450InterpolateAtSample;
      args[n++] = ntv_get_src(ctx, intr->src[1], NTV_WANT_ANY_INT | NTV_KIND_SINT);
   } else if (intr->intrinsic == NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET) {
      inst = GLSLstd450InterpolateAtOffset;
      args[n++] = ntv_get_src(ctx, intr->src[1], NTV_KIND_FLOAT);
   }
   SpvId w[4] = {ctx->glsl450, inst, args[0], args[1]};
   spvb_op_to(&ctx->b, ntv_def_id(ctx, &intr->def), SpvOpExtInst,
              ntv_type(ctx, deref->type), w, 2 + n);
}

bool
ntv_emit_memory_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF:
      emit_load(ctx, intr);
      return true;
   case NIR_INTRINSIC_STORE_DEREF:
      emit_store(ctx, intr);
      return true;
   case NIR_INTRINSIC_COPY_DEREF:
      emit_copy(ctx, intr);
      return true;
   case NIR_INTRINSIC_DEREF_ATOMIC:
   case NIR_INTRINSIC_DEREF_ATOMIC_SWAP: {
      nir_deref_instr *deref = src_deref(ctx, intr->src[0]);
      if (deref)
         ntv_emit_atomic(ctx, intr, deref_ptr(ctx, intr->src[0]),
                         ntv_deref_storage_class(ctx, deref), 1);
      return true;
   }
   case NIR_INTRINSIC_DEREF_BUFFER_ARRAY_LENGTH:
      emit_array_length(ctx, intr);
      return true;
   case NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID:
   case NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE:
   case NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET:
      emit_interp(ctx, intr);
      return true;
   default:
      return false;
   }
}
