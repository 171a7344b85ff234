/* SPDX-License-Identifier: MIT */
/*
 * OpType* -> struct stn_type and the IR's interned glsl types, with the
 * decorations a round trip needs baked into the IR type (ArrayStride,
 * member Offset/MatrixStride/RowMajor/BuiltIn/Location/..., Block).
 */
#include "stn_ir.h"

#include <string.h>

struct stn_type *
stn_get_type(struct stn_builder *b, uint32_t id)
{
   return stn_value(b, id, STN_VALUE_TYPE)->type;
}

bool
stn_type_is_scalar_or_vector(const struct stn_type *t)
{
   return t->base == STN_BASE_BOOL || t->base == STN_BASE_INT ||
          t->base == STN_BASE_FLOAT || t->base == STN_BASE_VECTOR;
}

bool
stn_type_is_composite(const struct stn_type *t)
{
   return t->base == STN_BASE_MATRIX || t->base == STN_BASE_ARRAY ||
          t->base == STN_BASE_STRUCT || t->base == STN_BASE_VECTOR;
}

bool
stn_type_is_opaque(const struct stn_type *t)
{
   return t->base == STN_BASE_IMAGE || t->base == STN_BASE_SAMPLER ||
          t->base == STN_BASE_SAMPLED_IMAGE;
}

bool
stn_type_is_physical_pointer(const struct stn_type *t)
{
   return t->base == STN_BASE_POINTER &&
          t->storage_class == SpvStorageClassPhysicalStorageBuffer;
}

bool
stn_types_match(const struct stn_type *a, const struct stn_type *b)
{
   /* Pointers have no IR type: compare what they point to, so no caller
    * ever reads a NULL `glsl` or `pointee` of the other kind. The storage
    * class is not compared: inlining rebinds the pointer whatever it is, and
    * lenient (GL-flavoured) input has been accepted with it differing. */
   while (a != b && a->base == STN_BASE_POINTER && b->base == STN_BASE_POINTER) {
      if (!a->pointee || !b->pointee)
         return false; /* a forward pointer never declared */
      a = a->pointee;
      b = b->pointee;
   }
   if (a == b)
      return true;
   if (a->base != b->base || a->base == STN_BASE_POINTER || a->base == STN_BASE_FUNCTION)
      return false;
   return a->glsl && a->glsl == b->glsl;
}

struct stn_type *
stn_type_pointee(struct stn_builder *b, const struct stn_type *t, const char *what)
{
   if (t->base != STN_BASE_POINTER)
      stn_fail(b, "%s must be a pointer, not a %s", what, stn_type_describe(t));
   if (!t->pointee)
      stn_fail(b, "%s: pointer type %u was forward-declared but never defined by "
                  "OpTypePointer", what, t->id);
   return t->pointee;
}

const struct glsl_type *
stn_type_ir(struct stn_builder *b, const struct stn_type *t, const char *what)
{
   if (!t->glsl)
      stn_fail(b, "%s cannot be a %s", what, stn_type_describe(t));
   return t->glsl;
}

const char *
stn_type_describe(const struct stn_type *t)
{
   static const char *const names[] = {
      [STN_BASE_VOID] = "void",
      [STN_BASE_BOOL] = "bool",
      [STN_BASE_INT] = "integer",
      [STN_BASE_FLOAT] = "float",
      [STN_BASE_VECTOR] = "vector",
      [STN_BASE_MATRIX] = "matrix",
      [STN_BASE_ARRAY] = "array",
      [STN_BASE_RUNTIME_ARRAY] = "runtime array",
      [STN_BASE_STRUCT] = "struct",
      [STN_BASE_POINTER] = "pointer",
      [STN_BASE_FUNCTION] = "function type",
      [STN_BASE_IMAGE] = "image",
      [STN_BASE_SAMPLER] = "sampler",
      [STN_BASE_SAMPLED_IMAGE] = "sampled image",
   };
   return names[t->base];
}

struct stn_type *
stn_type_child(struct stn_builder *b, struct stn_type *t, uint64_t index)
{
   switch (t->base) {
   case STN_BASE_VECTOR:
      if (index >= t->components)
         stn_fail(b, "component %" PRIu64 " of a %u-component vector", index,
                  t->components);
      return t->scalar;
   case STN_BASE_MATRIX:
      if (index >= t->columns)
         stn_fail(b, "column %" PRIu64 " of a %u-column matrix", index, t->columns);
      return t->column;
   case STN_BASE_ARRAY:
      if (index >= t->length)
         stn_fail(b, "element %" PRIu64 " of an array of %u", index, t->length);
      return t->element;
   case STN_BASE_RUNTIME_ARRAY:
      return t->element;
   case STN_BASE_STRUCT:
      if (index >= t->num_members)
         stn_fail(b, "member %" PRIu64 " of a struct with %u members", index,
                  t->num_members);
      return t->members[index];
   default:
      stn_fail(b, "a %s has no elements", stn_type_describe(t));
   }
}

nir_alu_type
stn_type_alu_type(const struct stn_type *t)
{
   const struct stn_type *s = t->scalar ? t->scalar : t;
   switch (s->base) {
   case STN_BASE_BOOL:
      return NIR_TYPE_BOOL1;
   case STN_BASE_INT:
      return (nir_alu_type)((s->is_signed ? NIR_TYPE_INT : NIR_TYPE_UINT) | s->bit_size);
   case STN_BASE_FLOAT:
      return (nir_alu_type)(NIR_TYPE_FLOAT | s->bit_size);
   default:
      return NIR_TYPE_INVALID;
   }
}

static enum glsl_base_type
scalar_glsl_base(const struct stn_type *s)
{
   switch (s->base) {
   case STN_BASE_BOOL:
      return GLSL_TYPE_BOOL;
   case STN_BASE_INT:
      return glsl_base_type_with_bit_size(s->is_signed ? GLSL_TYPE_INT : GLSL_TYPE_UINT,
                                          s->bit_size);
   case STN_BASE_FLOAT:
      return glsl_base_type_with_bit_size(GLSL_TYPE_FLOAT, s->bit_size);
   default:
      return GLSL_TYPE_VOID;
   }
}

static unsigned
depth_after(struct stn_builder *b, unsigned child_depth)
{
   if (child_depth + 1 > STN_MAX_TYPE_DEPTH)
      stn_fail(b, "types nested deeper than %u levels", STN_MAX_TYPE_DEPTH);
   return child_depth + 1;
}

/* The member decorations of a struct type, applied to the IR fields. */
static void
apply_member_decoration(struct stn_builder *b, struct glsl_struct_field *f,
                        const struct stn_decoration *d, bool io)
{
   switch (d->decoration) {
   case SpvDecorationOffset:
      if (io)
         f->xfb_offset_B = (int32_t)stn_decoration_literal(b, d, 0);
      else
         f->offset_B = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationMatrixStride:
      f->matrix_stride_B = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationRowMajor:
      f->matrix_layout = GLSL_MATRIX_LAYOUT_ROW_MAJOR;
      break;
   case SpvDecorationColMajor:
      f->matrix_layout = GLSL_MATRIX_LAYOUT_COLUMN_MAJOR;
      break;
   case SpvDecorationBuiltIn:
      f->builtin = (nir_builtin)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationLocation:
      f->location = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationComponent:
      f->component = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationFlat:
      f->interpolation = GLSL_INTERP_MODE_FLAT;
      break;
   case SpvDecorationNoPerspective:
      f->interpolation = GLSL_INTERP_MODE_NOPERSPECTIVE;
      break;
   case SpvDecorationCentroid:
      f->centroid = true;
      break;
   case SpvDecorationSample:
      f->sample = true;
      break;
   case SpvDecorationPatch:
      f->patch = true;
      break;
   case SpvDecorationInvariant:
      f->invariant = true;
      break;
   case SpvDecorationNoContraction:
      f->precise = true;
      break;
   case SpvDecorationNonWritable:
      f->access |= NIR_ACCESS_NON_WRITEABLE;
      break;
   case SpvDecorationNonReadable:
      f->access |= NIR_ACCESS_NON_READABLE;
      break;
   case SpvDecorationCoherent:
      f->access |= NIR_ACCESS_COHERENT;
      break;
   case SpvDecorationVolatile:
      f->access |= NIR_ACCESS_VOLATILE;
      break;
   case SpvDecorationRestrict:
      f->access |= NIR_ACCESS_RESTRICT;
      break;
   case SpvDecorationXfbBuffer:
      f->xfb_buffer = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationXfbStride:
      f->xfb_stride_B = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   case SpvDecorationStream:
      f->stream = (int32_t)stn_decoration_literal(b, d, 0);
      break;
   default:
      /* RelaxedPrecision, UserSemantic, ...: nothing the IR keeps. */
      break;
   }
}

static const struct glsl_type *type_glsl(struct stn_builder *b, struct stn_type *t, bool io);

static const struct glsl_type *
struct_glsl(struct stn_builder *b, struct stn_type *t, bool io)
{
   struct glsl_struct_field *fields =
      stn_new_array(b, struct glsl_struct_field, t->num_members ? t->num_members : 1);
   for (uint32_t i = 0; i < t->num_members; i++)
      fields[i] = glsl_struct_field_init(type_glsl(b, t->members[i], io),
                                         stn_member_name(t->val, i));
   for (const struct stn_decoration *d = t->val->decorations; d; d = d->next) {
      if (d->member < 0)
         continue;
      if ((uint32_t)d->member >= t->num_members)
         stn_fail_at(b, d->offset_w, "decoration on member %d of a struct with %u members",
                     d->member, t->num_members);
      apply_member_decoration(b, &fields[d->member], d, io);
   }
   const enum glsl_block_kind kind = t->buffer_block ? GLSL_BUFFER_BLOCK
                                     : t->block      ? GLSL_BLOCK
                                                     : GLSL_BLOCK_NONE;
   return glsl_struct_type(fields, t->num_members, t->val->name, kind);
}

static const struct glsl_type *
type_glsl(struct stn_builder *b, struct stn_type *t, bool io)
{
   const struct glsl_type *g;
   switch (t->base) {
   case STN_BASE_ARRAY:
   case STN_BASE_RUNTIME_ARRAY:
      if (!io)
         return t->glsl;
      if (t->glsl_io)
         return t->glsl_io;
      g = glsl_array_type(type_glsl(b, t->element, true), t->length, t->stride_B);
      break;
   case STN_BASE_STRUCT:
      if (!io)
         return t->glsl;
      if (t->glsl_io)
         return t->glsl_io;
      g = struct_glsl(b, t, true);
      break;
   default:
      return t->glsl;
   }
   if (glsl_type_is_error(g))
      stn_fail(b, "out of memory");
   t->glsl_io = g;
   return g;
}

const struct glsl_type *
stn_type_glsl(struct stn_builder *b, struct stn_type *t, SpvStorageClass sc)
{
   const struct glsl_type *g =
      type_glsl(b, t, sc == SpvStorageClassInput || sc == SpvStorageClassOutput);
   if (!g)
      stn_fail(b, "a %s has no value type", stn_type_describe(t));
   return g;
}

static enum glsl_sampler_dim
sampler_dim(struct stn_builder *b, SpvDim dim, bool ms)
{
   switch (dim) {
   case SpvDim1D:
      return GLSL_SAMPLER_DIM_1D;
   case SpvDim2D:
      return GLSL_SAMPLER_DIM_2D;
   case SpvDim3D:
      return GLSL_SAMPLER_DIM_3D;
   case SpvDimCube:
      return GLSL_SAMPLER_DIM_CUBE;
   case SpvDimRect:
      return GLSL_SAMPLER_DIM_RECT;
   case SpvDimBuffer:
      return GLSL_SAMPLER_DIM_BUF;
   case SpvDimSubpassData:
      return ms ? GLSL_SAMPLER_DIM_SUBPASS_MS : GLSL_SAMPLER_DIM_SUBPASS;
   default:
      stn_fail(b, "image dimension %s is not supported",
               spirv_enum_name(SPIRV_OPERAND_DIM, dim));
   }
}

static void
require_cap(struct stn_builder *b, SpvCapability cap, const char *what)
{
   if (!stn_has_capability(b, cap))
      stn_fail(b, "%s needs the %s capability", what,
               spirv_enum_name(SPIRV_OPERAND_CAPABILITY, cap));
}

/* Whether values of t hold an image, sampler or sampled image (physical
 * pointers, which end the walk, hold an address; depth is bounded by
 * STN_MAX_TYPE_DEPTH otherwise). */
static bool
holds_opaque(const struct stn_type *t)
{
   if (stn_type_is_opaque(t))
      return true;
   if (t->base == STN_BASE_ARRAY || t->base == STN_BASE_RUNTIME_ARRAY)
      return holds_opaque(t->element);
   if (t->base == STN_BASE_STRUCT) {
      for (uint32_t i = 0; i < t->num_members; i++) {
         if (holds_opaque(t->members[i]))
            return true;
      }
   }
   return false;
}

/* A PhysicalStorageBuffer pointer is a 64-bit address as a value: in
 * memory, in variables, in phis (SPV_KHR_physical_storage_buffer). Its
 * depth does not include the pointee's, which may contain it. */
static void
physical_pointer(struct stn_builder *b, struct stn_type *t)
{
   require_cap(b, SpvCapabilityPhysicalStorageBufferAddresses,
               "a PhysicalStorageBuffer pointer");
   if (b->addressing_model != SpvAddressingModelPhysicalStorageBuffer64)
      stn_fail(b, "PhysicalStorageBuffer pointers need the PhysicalStorageBuffer64 "
                  "addressing model");
   t->depth = 1;
   t->bit_size = 64;
   t->glsl = glsl_uint64_t_type();
}

/* A scalar or vector element type for vectors; a type that can be stored
 * for arrays and struct members. */
static struct stn_type *
get_data_type(struct stn_builder *b, uint32_t id, const char *what)
{
   struct stn_type *t = stn_get_type(b, id);
   if (t->base == STN_BASE_VOID || t->base == STN_BASE_FUNCTION ||
       (t->base == STN_BASE_POINTER && !stn_type_is_physical_pointer(t)))
      stn_fail(b, "%s cannot be a %s", what, stn_type_describe(t));
   return t;
}

void
stn_handle_type(struct stn_builder *b, const struct stn_inst *inst)
{
   const uint32_t id = inst->w[1];
   /* Published once complete: a type naming itself finds an undefined id
    * (except through OpTypeForwardPointer, completed by its OpTypePointer). */
   struct stn_value *val = stn_untyped_value(b, id);
   struct stn_type *forward = NULL;
   if (val->kind == STN_VALUE_TYPE && inst->opcode == SpvOpTypePointer && val->type->forward &&
       !val->type->pointee)
      forward = val->type;
   else if (val->kind != STN_VALUE_NONE)
      stn_fail(b, "id %u is already a %s", id, stn_value_kind_name(val->kind));
   struct stn_type *t = stn_new(b, struct stn_type);
   t->id = id;
   t->val = val;
   t->components = 1;
   t->columns = 1;

   switch (inst->opcode) {
   case SpvOpTypeVoid:
      t->base = STN_BASE_VOID;
      t->glsl = glsl_void_type();
      break;

   case SpvOpTypeBool:
      t->base = STN_BASE_BOOL;
      t->bit_size = 1;
      t->glsl = glsl_bool_type();
      break;

   case SpvOpTypeInt: {
      const uint32_t width = inst->w[2], sign = inst->w[3];
      if (width != 8 && width != 16 && width != 32 && width != 64)
         stn_fail(b, "integer width %u (8, 16, 32 or 64 are)", width);
      if (sign > 1)
         stn_fail(b, "integer signedness %u (0 or 1 are)", sign);
      if (width == 64)
         require_cap(b, SpvCapabilityInt64, "a 64-bit integer");
      if (width == 16 && !stn_has_capability(b, SpvCapabilityInt16) &&
          !stn_has_capability(b, SpvCapabilityStorageBuffer16BitAccess) &&
          !stn_has_capability(b, SpvCapabilityUniformAndStorageBuffer16BitAccess) &&
          !stn_has_capability(b, SpvCapabilityStoragePushConstant16) &&
          !stn_has_capability(b, SpvCapabilityStorageInputOutput16))
         require_cap(b, SpvCapabilityInt16, "a 16-bit integer");
      if (width == 8 && !stn_has_capability(b, SpvCapabilityInt8) &&
          !stn_has_capability(b, SpvCapabilityStorageBuffer8BitAccess) &&
          !stn_has_capability(b, SpvCapabilityUniformAndStorageBuffer8BitAccess) &&
          !stn_has_capability(b, SpvCapabilityStoragePushConstant8))
         require_cap(b, SpvCapabilityInt8, "an 8-bit integer");
      t->base = STN_BASE_INT;
      t->bit_size = width;
      t->is_signed = sign == 1;
      t->glsl = glsl_scalar_type(scalar_glsl_base(t));
      break;
   }

   case SpvOpTypeFloat: {
      const uint32_t width = inst->w[2];
      if (width != 16 && width != 32 && width != 64)
         stn_fail(b, "float width %u (16, 32 or 64 are)", width);
      if (inst->count > 3)
         stn_fail(b, "floating-point encodings are not supported");
      if (width == 64)
         require_cap(b, SpvCapabilityFloat64, "a 64-bit float");
      if (width == 16 && !stn_has_capability(b, SpvCapabilityFloat16) &&
          !stn_has_capability(b, SpvCapabilityStorageBuffer16BitAccess) &&
          !stn_has_capability(b, SpvCapabilityUniformAndStorageBuffer16BitAccess) &&
          !stn_has_capability(b, SpvCapabilityStoragePushConstant16) &&
          !stn_has_capability(b, SpvCapabilityStorageInputOutput16))
         require_cap(b, SpvCapabilityFloat16, "a 16-bit float");
      t->base = STN_BASE_FLOAT;
      t->bit_size = width;
      t->glsl = glsl_scalar_type(scalar_glsl_base(t));
      break;
   }

   case SpvOpTypeVector: {
      struct stn_type *c = stn_get_type(b, inst->w[2]);
      const uint32_t n = inst->w[3];
      if (c->base != STN_BASE_BOOL && c->base != STN_BASE_INT && c->base != STN_BASE_FLOAT)
         stn_fail(b, "vector components must be scalars, not a %s", stn_type_describe(c));
      if (n < 2 || n > 4)
         stn_fail(b, "%u-component vectors are not supported (2 to 4 are)", n);
      t->base = STN_BASE_VECTOR;
      t->scalar = c;
      t->bit_size = c->bit_size;
      t->is_signed = c->is_signed;
      t->components = n;
      t->depth = depth_after(b, c->depth);
      t->glsl = glsl_vector_type(scalar_glsl_base(c), n);
      break;
   }

   case SpvOpTypeMatrix: {
      struct stn_type *col = stn_get_type(b, inst->w[2]);
      const uint32_t n = inst->w[3];
      if (col->base != STN_BASE_VECTOR || col->scalar->base != STN_BASE_FLOAT)
         stn_fail(b, "matrix columns must be float vectors");
      if (n < 2 || n > 4)
         stn_fail(b, "%u-column matrices are not supported (2 to 4 are)", n);
      t->base = STN_BASE_MATRIX;
      t->column = col;
      t->scalar = col->scalar;
      t->bit_size = col->bit_size;
      t->components = col->components;
      t->columns = n;
      t->depth = depth_after(b, col->depth);
      t->glsl = glsl_matrix_type(scalar_glsl_base(col->scalar), col->components, n);
      break;
   }

   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: {
      struct stn_type *e = get_data_type(b, inst->w[2], "an array element");
      t->base = inst->opcode == SpvOpTypeArray ? STN_BASE_ARRAY : STN_BASE_RUNTIME_ARRAY;
      t->element = e;
      t->depth = depth_after(b, e->depth);
      if (inst->opcode == SpvOpTypeArray) {
         const int64_t len = stn_constant_int(b, inst->w[3]);
         if (len < 1 || len > UINT32_MAX)
            stn_fail(b, "array length %" PRId64 " (1 to 2^32-1 are)", len);
         t->length = (uint32_t)len;
      }
      const struct stn_decoration *stride =
         stn_find_decoration(val, -1, SpvDecorationArrayStride);
      if (stride) {
         t->stride_B = stn_decoration_literal(b, stride, 0);
         if (t->stride_B == 0)
            stn_fail_at(b, stride->offset_w, "ArrayStride 0");
      }
      if (e->base == STN_BASE_RUNTIME_ARRAY)
         stn_fail(b, "an array of runtime arrays");
      t->glsl = glsl_array_type(e->glsl, t->length, t->stride_B);
      break;
   }

   case SpvOpTypeStruct: {
      t->base = STN_BASE_STRUCT;
      t->num_members = inst->count - 2;
      t->members = stn_new_array(b, struct stn_type *, t->num_members);
      unsigned depth = 0;
      for (uint32_t i = 0; i < t->num_members; i++) {
         struct stn_type *m = get_data_type(b, inst->w[2 + i], "a struct member");
         if (m->base == STN_BASE_RUNTIME_ARRAY && i + 1 != t->num_members)
            stn_fail(b, "a runtime array must be the last member of a struct");
         t->members[i] = m;
         depth = MAX2(depth, m->depth);
      }
      t->depth = depth_after(b, depth);
      t->block = stn_find_decoration(val, -1, SpvDecorationBlock) != NULL;
      t->buffer_block = stn_find_decoration(val, -1, SpvDecorationBufferBlock) != NULL;
      for (const struct stn_decoration *d = val->decorations; d; d = d->next)
         t->has_builtin_members |= d->member >= 0 && d->decoration == SpvDecorationBuiltIn;
      t->glsl = struct_glsl(b, t, false);
      break;
   }

   case SpvOpTypeImage: {
      struct stn_type *st = stn_get_type(b, inst->w[2]);
      if (st->base != STN_BASE_VOID && st->base != STN_BASE_INT && st->base != STN_BASE_FLOAT)
         stn_fail(b, "image sampled type must be void or a numeric scalar");
      t->base = STN_BASE_IMAGE;
      t->sampled_type = st;
      t->dim = (SpvDim)inst->w[3];
      t->image_depth = inst->w[4];
      t->arrayed = inst->w[5];
      t->ms = inst->w[6];
      t->sampled = inst->w[7];
      t->format = (SpvImageFormat)inst->w[8];
      if (t->image_depth > 2 || t->arrayed > 1 || t->ms > 1 || t->sampled > 2)
         stn_fail(b, "image operands out of range (Depth %u, Arrayed %u, MS %u, Sampled %u)",
                  t->image_depth, t->arrayed, t->ms, t->sampled);
      if ((unsigned)t->format >= NIR_FORMAT_COUNT)
         stn_fail(b, "image format %s is not supported",
                  spirv_enum_name(SPIRV_OPERAND_IMAGE_FORMAT, t->format));
      if (t->dim == SpvDimSubpassData && (t->sampled != 2 || t->arrayed))
         stn_fail(b, "subpass data images must be Sampled 2 and not arrayed");
      if (t->dim == SpvDimBuffer && (t->ms || t->arrayed))
         stn_fail(b, "buffer images cannot be arrayed or multisampled");
      if (t->ms && t->dim != SpvDim2D && t->dim != SpvDimSubpassData)
         stn_fail(b, "only 2D images can be multisampled");
      const enum glsl_base_type sb =
         st->base == STN_BASE_VOID ? GLSL_TYPE_VOID : scalar_glsl_base(st);
      t->glsl = glsl_image_type(sampler_dim(b, t->dim, t->ms), t->arrayed, t->ms,
                                t->image_depth, t->sampled, sb,
                                (enum nir_image_format)t->format);
      break;
   }

   case SpvOpTypeSampler:
      t->base = STN_BASE_SAMPLER;
      t->glsl = glsl_bare_sampler_type(false);
      break;

   case SpvOpTypeSampledImage: {
      struct stn_type *img = stn_get_type(b, inst->w[2]);
      if (img->base != STN_BASE_IMAGE)
         stn_fail(b, "OpTypeSampledImage of a %s", stn_type_describe(img));
      if (img->sampled == 2 || img->dim == SpvDimSubpassData)
         stn_fail(b, "a storage or subpass image cannot be sampled");
      t->base = STN_BASE_SAMPLED_IMAGE;
      t->image = img;
      t->depth = depth_after(b, img->depth);
      t->glsl = glsl_sampled_image_type(img->glsl);
      break;
   }

   case SpvOpTypePointer: {
      t->base = STN_BASE_POINTER;
      t->storage_class = (SpvStorageClass)inst->w[2];
      struct stn_type *pointee = stn_get_type(b, inst->w[3]);
      if (pointee->base == STN_BASE_VOID || pointee->base == STN_BASE_FUNCTION)
         stn_fail(b, "pointer to a %s", stn_type_describe(pointee));
      if (t->storage_class == SpvStorageClassPhysicalStorageBuffer) {
         physical_pointer(b, t);
         if (pointee->base == STN_BASE_POINTER && !stn_type_is_physical_pointer(pointee))
            stn_fail(b, "a PhysicalStorageBuffer pointer to a logical pointer");
         if (holds_opaque(pointee))
            stn_fail(b, "a PhysicalStorageBuffer pointer to memory holding images or samplers");
      } else {
         t->depth = depth_after(b, pointee->depth);
      }
      if (forward) {
         /* Completes the OpTypeForwardPointer type in place (structs that
          * hold it already point at it). */
         if (forward->storage_class != t->storage_class)
            stn_fail(b, "OpTypePointer %u has storage class %s, its OpTypeForwardPointer %s",
                     id, spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, t->storage_class),
                     spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, forward->storage_class));
         forward->pointee = pointee;
         return;
      }
      t->pointee = pointee;
      break;
   }

   case SpvOpTypeForwardPointer: {
      /* SPIR-V 1.6, 3.32.6: "Declare the Storage Class for a forward
       * reference to a pointer." Only PhysicalStorageBuffer pointers can be
       * members of the structs they point to, so only they need one. */
      t->base = STN_BASE_POINTER;
      t->storage_class = (SpvStorageClass)inst->w[2];
      t->forward = true;
      if (t->storage_class != SpvStorageClassPhysicalStorageBuffer)
         stn_fail(b, "OpTypeForwardPointer to storage class %s (only PhysicalStorageBuffer "
                     "pointers are supported)",
                  spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, t->storage_class));
      physical_pointer(b, t);
      break;
   }

   case SpvOpTypeFunction: {
      t->base = STN_BASE_FUNCTION;
      t->ret = stn_get_type(b, inst->w[2]);
      t->num_params = inst->count - 3;
      t->params = stn_new_array(b, struct stn_type *, t->num_params);
      for (uint32_t i = 0; i < t->num_params; i++) {
         t->params[i] = stn_get_type(b, inst->w[3 + i]);
         if (t->params[i]->base == STN_BASE_VOID || t->params[i]->base == STN_BASE_FUNCTION)
            stn_fail(b, "function parameter of type %s", stn_type_describe(t->params[i]));
      }
      if (t->ret->base == STN_BASE_FUNCTION ||
          (t->ret->base == STN_BASE_POINTER && !stn_type_is_physical_pointer(t->ret)))
         stn_fail(b, "function returning a %s", stn_type_describe(t->ret));
      break;
   }

   default:
      stn_fail(b, "%s is not supported", spirv_op_name(inst->opcode));
   }

   if (t->glsl && glsl_type_is_error(t->glsl))
      stn_fail(b, "out of memory");
   val->kind = STN_VALUE_TYPE;
   val->type = t;
}
