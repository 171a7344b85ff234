/* SPDX-License-Identifier: MIT */
/* IR types to SPIR-V types, with the layout and interface decorations the
 * IR keeps on struct members; storage classes; constant initializers. */
#include "ntv/ntv_private.h"

#include "util/arena.h"
#include "util/hash_table.h"

enum ntv_kind
ntv_kind_for_base_type(enum glsl_base_type base)
{
   switch (base) {
   case GLSL_TYPE_BOOL:
      return NTV_KIND_BOOL;
   case GLSL_TYPE_INT8:
   case GLSL_TYPE_INT16:
   case GLSL_TYPE_INT:
   case GLSL_TYPE_INT64:
      return NTV_KIND_SINT;
   case GLSL_TYPE_UINT8:
   case GLSL_TYPE_UINT16:
   case GLSL_TYPE_UINT:
   case GLSL_TYPE_UINT64:
      return NTV_KIND_UINT;
   case GLSL_TYPE_FLOAT16:
   case GLSL_TYPE_FLOAT:
   case GLSL_TYPE_DOUBLE:
      return NTV_KIND_FLOAT;
   default:
      return NTV_KIND_NONE;
   }
}

enum ntv_kind
ntv_kind_for_alu_type(nir_alu_type type)
{
   switch (nir_alu_type_get_base_type(type)) {
   case NIR_TYPE_FLOAT:
      return NTV_KIND_FLOAT;
   case NIR_TYPE_INT:
      return NTV_KIND_SINT;
   case NIR_TYPE_UINT:
      return NTV_KIND_UINT;
   case NIR_TYPE_BOOL:
      return NTV_KIND_BOOL;
   default:
      return NTV_KIND_NONE;
   }
}

SpvId
ntv_scalar_type(struct ntv_context *ctx, enum ntv_kind kind, unsigned bit_size)
{
   switch (kind) {
   case NTV_KIND_FLOAT:
      return spvb_type_float(&ctx->b, bit_size);
   case NTV_KIND_SINT:
      return spvb_type_int(&ctx->b, bit_size, true);
   case NTV_KIND_UINT:
      return spvb_type_int(&ctx->b, bit_size, false);
   case NTV_KIND_BOOL:
      return spvb_type_bool(&ctx->b);
   default:
      ntv_fail(ctx, "no SPIR-V type for a value of kind %u", (unsigned)kind);
      return 0;
   }
}

SpvId
ntv_value_type(struct ntv_context *ctx, enum ntv_kind kind, unsigned bit_size,
               unsigned num_components)
{
   const SpvId scalar = ntv_scalar_type(ctx, kind, bit_size);
   return num_components == 1 ? scalar
                              : spvb_type_vector(&ctx->b, scalar, num_components);
}

static SpvDim
spirv_dim(struct ntv_context *ctx, enum glsl_sampler_dim dim)
{
   switch (dim) {
   case GLSL_SAMPLER_DIM_1D:
      return SpvDim1D;
   case GLSL_SAMPLER_DIM_2D:
      return SpvDim2D;
   case GLSL_SAMPLER_DIM_3D:
      return SpvDim3D;
   case GLSL_SAMPLER_DIM_CUBE:
      return SpvDimCube;
   case GLSL_SAMPLER_DIM_RECT:
      return SpvDimRect;
   case GLSL_SAMPLER_DIM_BUF:
      return SpvDimBuffer;
   case GLSL_SAMPLER_DIM_SUBPASS:
   case GLSL_SAMPLER_DIM_SUBPASS_MS: /* MS is an operand of its own */
      return SpvDimSubpassData;
   }
   ntv_fail(ctx, "unknown sampler dimension %u", (unsigned)dim);
   return SpvDim2D;
}

static SpvId
image_type(struct ntv_context *ctx, const struct glsl_type *t)
{
   SpvId sampled;
   if (t->sampled_type == GLSL_TYPE_VOID) {
      sampled = spvb_type_void(&ctx->b);
   } else {
      const enum ntv_kind kind = ntv_kind_for_base_type(t->sampled_type);
      sampled = ntv_scalar_type(ctx, kind, glsl_base_type_bit_size(t->sampled_type));
      if (glsl_base_type_bit_size(t->sampled_type) == 64)
         ntv_capability_ext(ctx, SpvCapabilityInt64ImageEXT, "SPV_EXT_shader_image_int64",
                            0xffffffff);
   }
   return spvb_type_image(&ctx->b, sampled, spirv_dim(ctx, t->sampler_dim), t->image_depth,
                          t->sampler_array, t->sampler_ms, t->image_sampled,
                          (SpvImageFormat)t->image_format);
}

static void
decorate_access(struct ntv_context *ctx, SpvId id, int member, enum nir_access access)
{
   static const struct {
      enum nir_access bit;
      SpvDecoration deco;
   } map[] = {
      {NIR_ACCESS_NON_WRITEABLE, SpvDecorationNonWritable},
      {NIR_ACCESS_NON_READABLE, SpvDecorationNonReadable},
      {NIR_ACCESS_COHERENT, SpvDecorationCoherent},
      {NIR_ACCESS_VOLATILE, SpvDecorationVolatile},
      {NIR_ACCESS_RESTRICT, SpvDecorationRestrict},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(map); i++) {
      if (!(access & map[i].bit))
         continue;
      if (member < 0)
         spvb_decorate(&ctx->b, id, map[i].deco, NULL, 0);
      else
         spvb_member_decorate(&ctx->b, id, (uint32_t)member, map[i].deco, NULL, 0);
   }
}

static void
member_decorate(struct ntv_context *ctx, SpvId type, uint32_t m, SpvDecoration deco,
                int32_t value, bool with_value)
{
   if (with_value)
      spvb_member_decorate(&ctx->b, type, m, deco, (const uint32_t *)&value, 1);
   else
      spvb_member_decorate(&ctx->b, type, m, deco, NULL, 0);
}

static void
decorate_member(struct ntv_context *ctx, SpvId type, uint32_t m,
                const struct glsl_struct_field *f)
{
   const int32_t none = GLSL_NO_DECORATION;
   if (f->builtin != NIR_BUILTIN_NONE)
      member_decorate(ctx, type, m, SpvDecorationBuiltIn, f->builtin, true);
   if (f->location != none)
      member_decorate(ctx, type, m, SpvDecorationLocation, f->location, true);
   if (f->component != none)
      member_decorate(ctx, type, m, SpvDecorationComponent, f->component, true);
   if (f->interpolation == GLSL_INTERP_MODE_FLAT)
      member_decorate(ctx, type, m, SpvDecorationFlat, 0, false);
   else if (f->interpolation == GLSL_INTERP_MODE_NOPERSPECTIVE)
      member_decorate(ctx, type, m, SpvDecorationNoPerspective, 0, false);
   if (f->centroid)
      member_decorate(ctx, type, m, SpvDecorationCentroid, 0, false);
   if (f->sample)
      member_decorate(ctx, type, m, SpvDecorationSample, 0, false);
   if (f->patch)
      member_decorate(ctx, type, m, SpvDecorationPatch, 0, false);
   if (f->invariant)
      member_decorate(ctx, type, m, SpvDecorationInvariant, 0, false);
   if (f->precise)
      member_decorate(ctx, type, m, SpvDecorationNoContraction, 0, false);
   /* SPIR-V has one Offset decoration: the block layout offset, or for an
    * output block the transform-feedback offset. */
   if (f->offset_B != none)
      member_decorate(ctx, type, m, SpvDecorationOffset, f->offset_B, true);
   else if (f->xfb_offset_B != none)
      member_decorate(ctx, type, m, SpvDecorationOffset, f->xfb_offset_B, true);
   if (f->matrix_layout == GLSL_MATRIX_LAYOUT_ROW_MAJOR)
      member_decorate(ctx, type, m, SpvDecorationRowMajor, 0, false);
   else if (f->matrix_layout == GLSL_MATRIX_LAYOUT_COLUMN_MAJOR)
      member_decorate(ctx, type, m, SpvDecorationColMajor, 0, false);
   if (f->matrix_stride_B != none)
      member_decorate(ctx, type, m, SpvDecorationMatrixStride, f->matrix_stride_B, true);
   decorate_access(ctx, type, (int)m, f->access);
   if (f->xfb_buffer != none)
      member_decorate(ctx, type, m, SpvDecorationXfbBuffer, f->xfb_buffer, true);
   if (f->xfb_stride_B != none)
      member_decorate(ctx, type, m, SpvDecorationXfbStride, f->xfb_stride_B, true);
   if (f->stream != none)
      member_decorate(ctx, type, m, SpvDecorationStream, f->stream, true);
}

static SpvId
struct_type(struct ntv_context *ctx, const struct glsl_type *t)
{
   SpvId members_local[32];
   SpvId *members = members_local;
   if (t->length > ARRAY_SIZE(members_local)) {
      members = arena_alloc_array(ctx->arena, t->length, sizeof(SpvId));
      if (!members) {
         ntv_fail(ctx, "out of memory");
         return 0;
      }
   }
   for (unsigned i = 0; i < t->length; i++)
      members[i] = ntv_type(ctx, t->fields[i].type);
   const SpvId id = spvb_type_struct(&ctx->b, members, t->length);

   if (t->block_kind == GLSL_BUFFER_BLOCK && !ntv_version_at_least(ctx, 1, 4))
      spvb_decorate(&ctx->b, id, SpvDecorationBufferBlock, NULL, 0);
   else if (t->block_kind != GLSL_BLOCK_NONE)
      spvb_decorate(&ctx->b, id, SpvDecorationBlock, NULL, 0);
   if (!ctx->options.strip_names && t->name)
      spvb_name(&ctx->b, id, t->name);
   for (unsigned i = 0; i < t->length; i++) {
      if (!ctx->options.strip_names && t->fields[i].name)
         spvb_member_name(&ctx->b, id, i, t->fields[i].name);
      decorate_member(ctx, id, i, &t->fields[i]);
   }
   return id;
}

static SpvId
build_type(struct ntv_context *ctx, const struct glsl_type *t)
{
   switch (t->base_type) {
   case GLSL_TYPE_VOID:
      return spvb_type_void(&ctx->b);
   case GLSL_TYPE_BOOL:
   case GLSL_TYPE_INT8:
   case GLSL_TYPE_UINT8:
   case GLSL_TYPE_INT16:
   case GLSL_TYPE_UINT16:
   case GLSL_TYPE_INT:
   case GLSL_TYPE_UINT:
   case GLSL_TYPE_INT64:
   case GLSL_TYPE_UINT64:
   case GLSL_TYPE_FLOAT16:
   case GLSL_TYPE_FLOAT:
   case GLSL_TYPE_DOUBLE: {
      const enum ntv_kind kind = ntv_kind_for_base_type(t->base_type);
      const unsigned bits =
         t->base_type == GLSL_TYPE_BOOL ? 1 : glsl_base_type_bit_size(t->base_type);
      const SpvId column = ntv_value_type(ctx, kind, bits, t->vector_elements);
      if (t->matrix_columns > 1)
         return spvb_type_matrix(&ctx->b, column, t->matrix_columns);
      return column;
   }
   case GLSL_TYPE_ARRAY: {
      const SpvId element = ntv_type(ctx, t->element);
      if (t->length == 0)
         return spvb_type_runtime_array(&ctx->b, element, t->explicit_stride_B);
      return spvb_type_array(&ctx->b, element, t->length, t->explicit_stride_B);
   }
   case GLSL_TYPE_STRUCT:
      return struct_type(ctx, t);
   case GLSL_TYPE_IMAGE:
      return image_type(ctx, t);
   case GLSL_TYPE_SAMPLER:
      return spvb_type_sampler(&ctx->b);
   case GLSL_TYPE_SAMPLED_IMAGE:
      if (!t->element || t->element->base_type != GLSL_TYPE_IMAGE) {
         ntv_fail(ctx, "sampled image without an image type");
         return 0;
      }
      /* SPIR-V 1.6 section 3.35 (OpTypeSampledImage): a buffer image is
       * never sampled, so it is declared as the image itself. */
      if (t->element->sampler_dim == GLSL_SAMPLER_DIM_BUF && ntv_version_at_least(ctx, 1, 6))
         return ntv_type(ctx, t->element);
      return spvb_type_sampled_image(&ctx->b, ntv_type(ctx, t->element));
   case GLSL_TYPE_ERROR:
      break;
   }
   ntv_fail(ctx, "type has no SPIR-V equivalent (base type %u)", (unsigned)t->base_type);
   return 0;
}

SpvId
ntv_type(struct ntv_context *ctx, const struct glsl_type *t)
{
   if (ntv_failed(ctx))
      return 0;
   if (!t) {
      ntv_fail(ctx, "missing type");
      return 0;
   }
   struct hash_entry *e = hash_table_search(ctx->type_ids, t);
   if (e)
      return (SpvId)(uintptr_t)e->data;
   const SpvId id = build_type(ctx, t);
   if (id && !hash_table_insert(ctx->type_ids, t, (void *)(uintptr_t)id))
      ntv_fail(ctx, "out of memory");
   return id;
}

SpvStorageClass
ntv_storage_class(struct ntv_context *ctx, nir_variable_mode mode,
                  const struct glsl_type *type)
{
   switch (mode) {
   case NIR_VAR_SHADER_IN:
   case NIR_VAR_SYSTEM_VALUE:
      return SpvStorageClassInput;
   case NIR_VAR_SHADER_OUT:
      return SpvStorageClassOutput;
   case NIR_VAR_UNIFORM:
      return SpvStorageClassUniformConstant;
   case NIR_VAR_MEM_UBO:
      return SpvStorageClassUniform;
   case NIR_VAR_MEM_SSBO: {
      const struct glsl_type *block = type ? glsl_without_array(type) : NULL;
      if (block && block->block_kind == GLSL_BUFFER_BLOCK &&
          !ntv_version_at_least(ctx, 1, 4))
         return SpvStorageClassUniform;
      if (!ntv_version_at_least(ctx, 1, 3))
         spvb_extension(&ctx->b, "SPV_KHR_storage_buffer_storage_class");
      return SpvStorageClassStorageBuffer;
   }
   case NIR_VAR_MEM_PUSH_CONST:
      return SpvStorageClassPushConstant;
   case NIR_VAR_MEM_SHARED:
      return SpvStorageClassWorkgroup;
   case NIR_VAR_FUNCTION_TEMP:
      return SpvStorageClassFunction;
   case NIR_VAR_SHADER_TEMP:
      return SpvStorageClassPrivate;
   default:
      ntv_fail(ctx, "no SPIR-V storage class for variable mode %s",
               nir_variable_mode_name(mode));
      return SpvStorageClassPrivate;
   }
}

SpvId
ntv_constant(struct ntv_context *ctx, const struct glsl_type *t, const nir_constant *c)
{
   if (ntv_failed(ctx))
      return 0;
   if (c->is_null_constant)
      return spvb_const_null(&ctx->b, ntv_type(ctx, t));
   if (glsl_type_is_vector_or_scalar(t)) {
      const enum ntv_kind kind = ntv_kind_for_base_type(t->base_type);
      const unsigned bits =
         t->base_type == GLSL_TYPE_BOOL ? 1 : glsl_base_type_bit_size(t->base_type);
      return ntv_const_value(ctx, kind, bits, t->vector_elements, c->values);
   }
   unsigned n = glsl_get_length(t);
   if (c->num_elements != n || !c->elements) {
      ntv_fail(ctx, "constant initializer does not match its type");
      return 0;
   }
   SpvId parts_local[16];
   SpvId *parts = parts_local;
   if (n > ARRAY_SIZE(parts_local)) {
      parts = arena_alloc_array(ctx->arena, n, sizeof(SpvId));
      if (!parts) {
         ntv_fail(ctx, "out of memory");
         return 0;
      }
   }
   for (unsigned i = 0; i < n; i++) {
      const struct glsl_type *et = glsl_type_is_struct(t)   ? glsl_get_struct_field(t, i)
                                   : glsl_type_is_matrix(t) ? glsl_get_column_type(t)
                                                            : glsl_get_array_element(t);
      parts[i] = ntv_constant(ctx, et, c->elements[i]);
   }
   return spvb_const_composite(&ctx->b, ntv_type(ctx, t), parts, n);
}
