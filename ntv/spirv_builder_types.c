/* SPDX-License-Identifier: MIT */
/* Types, constants and global variables: the hash-consed part of the module. */
#include "ntv/spirv_builder.h"
#include "ntv/spirv_builder_private.h"

#include <stdlib.h>
#include <string.h>

/* Key: [count, op, type, extra, operands...]. `type` is 0 for type
 * instructions (which have no result type); `extra` carries what is not in
 * the instruction but must tell two results apart (an array's stride). */
static SpvId
intern(struct spvb_builder *b, SpvOp op, SpvId type, uint32_t extra, const uint32_t *ops,
       unsigned n, bool *created)
{
   *created = false;
   if (b->error)
      return 0;
   uint32_t local[32];
   uint32_t *key = local;
   if (n + 4 > ARRAY_SIZE(local)) {
      key = malloc((n + 4) * sizeof(uint32_t));
      if (!key) {
         spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "type key");
         return 0;
      }
   }
   key[0] = n + 3;
   key[1] = op;
   key[2] = type;
   key[3] = extra;
   if (n)
      memcpy(key + 4, ops, n * sizeof(uint32_t));
   const SpvId id = spvb_cons_intern(b, key, created);
   if (key != local)
      free(key);
   if (*created) {
      if (type)
         spvb_emit_head(b, SPVB_SECTION_GLOBALS, op, SPVB_WORDS(type, id), ops, n);
      else
         spvb_emit_head(b, SPVB_SECTION_GLOBALS, op, &id, 1, ops, n);
   }
   return id;
}

static SpvId
type(struct spvb_builder *b, SpvOp op, const uint32_t *ops, unsigned n)
{
   bool created;
   return intern(b, op, 0, 0, ops, n, &created);
}

SpvId
spvb_type_void(struct spvb_builder *b)
{
   return type(b, SpvOpTypeVoid, NULL, 0);
}

SpvId
spvb_type_bool(struct spvb_builder *b)
{
   return type(b, SpvOpTypeBool, NULL, 0);
}

SpvId
spvb_type_int(struct spvb_builder *b, unsigned width, bool is_signed)
{
   switch (width) {
   case 8:
      spvb_capability(b, SpvCapabilityInt8);
      break;
   case 16:
      spvb_capability(b, SpvCapabilityInt16);
      break;
   case 32:
      break;
   case 64:
      spvb_capability(b, SpvCapabilityInt64);
      break;
   default:
      spvb_set_error(b, SPVB_ERROR_MISUSE, "integer width");
      return 0;
   }
   return type(b, SpvOpTypeInt, SPVB_WORDS(width, is_signed));
}

SpvId
spvb_type_float(struct spvb_builder *b, unsigned width)
{
   switch (width) {
   case 16:
      spvb_capability(b, SpvCapabilityFloat16);
      break;
   case 32:
      break;
   case 64:
      spvb_capability(b, SpvCapabilityFloat64);
      break;
   default:
      spvb_set_error(b, SPVB_ERROR_MISUSE, "float width");
      return 0;
   }
   return type(b, SpvOpTypeFloat, &(uint32_t){width}, 1);
}

SpvId
spvb_type_vector(struct spvb_builder *b, SpvId component, unsigned count)
{
   if (count < 2 || (count > 4 && count != 8 && count != 16)) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "vector size");
      return 0;
   }
   if (count > 4)
      spvb_capability(b, SpvCapabilityVector16);
   return type(b, SpvOpTypeVector, SPVB_WORDS(component, count));
}

SpvId
spvb_type_matrix(struct spvb_builder *b, SpvId column, unsigned columns)
{
   spvb_capability(b, SpvCapabilityMatrix);
   return type(b, SpvOpTypeMatrix, SPVB_WORDS(column, columns));
}

SpvId
spvb_type_array(struct spvb_builder *b, SpvId element, uint32_t length, uint32_t stride_B)
{
   if (length == 0) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "zero-length array");
      return 0;
   }
   const SpvId len = spvb_const_u32(b, length);
   bool created;
   const SpvId id =
      intern(b, SpvOpTypeArray, 0, stride_B, SPVB_WORDS(element, len), &created);
   if (created && stride_B)
      spvb_decorate(b, id, SpvDecorationArrayStride, &stride_B, 1);
   return id;
}

SpvId
spvb_type_runtime_array(struct spvb_builder *b, SpvId element, uint32_t stride_B)
{
   bool created;
   const SpvId id = intern(b, SpvOpTypeRuntimeArray, 0, stride_B, &element, 1, &created);
   if (created && stride_B)
      spvb_decorate(b, id, SpvDecorationArrayStride, &stride_B, 1);
   return id;
}

SpvId
spvb_type_struct(struct spvb_builder *b, const SpvId *members, unsigned n)
{
   const SpvId id = spvb_id(b);
   spvb_emit_head(b, SPVB_SECTION_GLOBALS, SpvOpTypeStruct, &id, 1, members, n);
   return id;
}

SpvId
spvb_type_pointer(struct spvb_builder *b, SpvStorageClass sc, SpvId pointee)
{
   return type(b, SpvOpTypePointer, SPVB_WORDS(sc, pointee));
}

SpvId
spvb_type_function(struct spvb_builder *b, SpvId ret, const SpvId *params, unsigned n)
{
   if (b->error)
      return 0;
   uint32_t local[16];
   uint32_t *ops = local;
   if (n + 1 > ARRAY_SIZE(local)) {
      ops = malloc((n + 1) * sizeof(uint32_t));
      if (!ops) {
         spvb_set_error(b, SPVB_ERROR_OUT_OF_MEMORY, "function type");
         return 0;
      }
   }
   ops[0] = ret;
   if (n)
      memcpy(ops + 1, params, n * sizeof(uint32_t));
   const SpvId id = type(b, SpvOpTypeFunction, ops, n + 1);
   if (ops != local)
      free(ops);
   return id;
}

/* The formats every storage image may use; the rest need
 * StorageImageExtendedFormats (SPIR-V 1.6 section 3.11 "Image Format"). */
static bool
format_is_basic(SpvImageFormat format)
{
   switch (format) {
   case SpvImageFormatUnknown:
   case SpvImageFormatRgba32f:
   case SpvImageFormatRgba16f:
   case SpvImageFormatR32f:
   case SpvImageFormatRgba8:
   case SpvImageFormatRgba8Snorm:
   case SpvImageFormatRgba32i:
   case SpvImageFormatRgba16i:
   case SpvImageFormatRgba8i:
   case SpvImageFormatR32i:
   case SpvImageFormatRgba32ui:
   case SpvImageFormatRgba16ui:
   case SpvImageFormatRgba8ui:
   case SpvImageFormatR32ui:
      return true;
   default:
      return false;
   }
}

SpvId
spvb_type_image(struct spvb_builder *b, SpvId sampled_type, SpvDim dim, unsigned depth,
                bool arrayed, bool ms, unsigned sampled, SpvImageFormat format)
{
   /* sampled: 1 = used with a sampler, 2 = storage image. */
   const bool storage = sampled == 2;
   switch (dim) {
   case SpvDim1D:
      spvb_capability(b, storage ? SpvCapabilityImage1D : SpvCapabilitySampled1D);
      break;
   case SpvDimBuffer:
      spvb_capability(b, storage ? SpvCapabilityImageBuffer : SpvCapabilitySampledBuffer);
      break;
   case SpvDimRect:
      spvb_capability(b, storage ? SpvCapabilityImageRect : SpvCapabilitySampledRect);
      break;
   case SpvDimCube:
      if (arrayed) {
         spvb_capability(b, storage ? SpvCapabilityImageCubeArray
                                    : SpvCapabilitySampledCubeArray);
      }
      break;
   case SpvDimSubpassData:
      spvb_capability(b, SpvCapabilityInputAttachment);
      break;
   default:
      break;
   }
   if (storage && ms)
      spvb_capability(b, SpvCapabilityStorageImageMultisample);
   if (storage && ms && arrayed)
      spvb_capability(b, SpvCapabilityImageMSArray);
   if (format == SpvImageFormatR64i || format == SpvImageFormatR64ui) {
      spvb_capability(b, SpvCapabilityInt64ImageEXT);
      spvb_extension(b, "SPV_EXT_shader_image_int64");
   } else if (!format_is_basic(format)) {
      spvb_capability(b, SpvCapabilityStorageImageExtendedFormats);
   }
   return type(b, SpvOpTypeImage,
               SPVB_WORDS(sampled_type, dim, depth, arrayed, ms, sampled, format));
}

SpvId
spvb_type_sampled_image(struct spvb_builder *b, SpvId image)
{
   return type(b, SpvOpTypeSampledImage, &image, 1);
}

SpvId
spvb_type_sampler(struct spvb_builder *b)
{
   return type(b, SpvOpTypeSampler, NULL, 0);
}

/* ---- constants ---------------------------------------------------------------- */

SpvId
spvb_const_bool(struct spvb_builder *b, bool value)
{
   const SpvId t = spvb_type_bool(b);
   bool created;
   return intern(b, value ? SpvOpConstantTrue : SpvOpConstantFalse, t, 0, NULL, 0,
                 &created);
}

SpvId
spvb_const_int(struct spvb_builder *b, unsigned width, bool is_signed, uint64_t value)
{
   const SpvId t = spvb_type_int(b, width, is_signed);
   bool created;
   if (width == 64)
      return intern(b, SpvOpConstant, t, 0,
                    SPVB_WORDS((uint32_t)value, (uint32_t)(value >> 32)), &created);
   /* SPIR-V 1.6 section 2.2.1: narrower types fill the high bits of the word
    * with the sign for signed types and with zero otherwise. */
   uint32_t word = (uint32_t)value & BITFIELD_MASK(width);
   if (is_signed && width < 32 && (word >> (width - 1)) & 1)
      word |= ~BITFIELD_MASK(width);
   return intern(b, SpvOpConstant, t, 0, &word, 1, &created);
}

SpvId
spvb_const_float(struct spvb_builder *b, unsigned width, uint64_t bits)
{
   const SpvId t = spvb_type_float(b, width);
   bool created;
   if (width == 64)
      return intern(b, SpvOpConstant, t, 0,
                    SPVB_WORDS((uint32_t)bits, (uint32_t)(bits >> 32)), &created);
   const uint32_t word = (uint32_t)bits & BITFIELD_MASK(width);
   return intern(b, SpvOpConstant, t, 0, &word, 1, &created);
}

SpvId
spvb_const_composite(struct spvb_builder *b, SpvId type, const SpvId *parts, unsigned n)
{
   bool created;
   return intern(b, SpvOpConstantComposite, type, 0, parts, n, &created);
}

SpvId
spvb_const_null(struct spvb_builder *b, SpvId type)
{
   bool created;
   return intern(b, SpvOpConstantNull, type, 0, NULL, 0, &created);
}

SpvId
spvb_undef(struct spvb_builder *b, SpvId type)
{
   bool created;
   return intern(b, SpvOpUndef, type, 0, NULL, 0, &created);
}

SpvId
spvb_global_var(struct spvb_builder *b, SpvId ptr_type, SpvStorageClass sc,
                SpvId initializer)
{
   const SpvId id = spvb_id(b);
   if (sc == SpvStorageClassFunction) {
      spvb_set_error(b, SPVB_ERROR_MISUSE, "Function variable at module scope");
      return id;
   }
   const uint32_t w[] = {ptr_type, id, sc, initializer};
   spvb_emit(b, SPVB_SECTION_GLOBALS, SpvOpVariable, w, initializer ? 4 : 3);
   return id;
}
