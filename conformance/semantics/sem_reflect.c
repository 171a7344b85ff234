/* SPDX-License-Identifier: MIT */
/*
 * Reading a module's interface from its SPIR-V: one pass collects types,
 * constants, decorations and variables by id; then the entry point's
 * resources are laid out from their explicit Offset/ArrayStride/
 * MatrixStride decorations (SPIR-V 1.6, 2.16.2 "Validation Rules for Shader
 * Capabilities": Vulkan blocks carry an explicit layout).
 */
#include "semantics.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "util/macros.h"

#define MAX_MEMBERS 64

struct type {
   SpvOp op;
   uint32_t a, b, c;  /* operands: see type_of() */
   uint32_t members[MAX_MEMBERS];
   uint32_t member_offsets[MAX_MEMBERS];
   uint32_t member_matrix_stride[MAX_MEMBERS];
   bool member_row_major[MAX_MEMBERS];
   bool member_non_writable[MAX_MEMBERS];
   unsigned member_count;
   uint32_t image_sampled, image_format, image_dim, image_arrayed, image_ms;
};

struct id_info {
   struct type *type;        /* for type ids */
   bool is_constant;
   uint32_t constant;        /* low word of an integer constant */
   /* decorations */
   int32_t binding, set, location, builtin;
   bool block, buffer_block, non_writable, flat;
   uint32_t array_stride;
   /* variables */
   bool is_variable;
   uint32_t var_type, storage_class;
   char name[48]; /* OpName, for pairing resources the GL lowering renumbers */
};

struct reflector {
   const uint32_t *w;
   size_t n;
   uint32_t bound;
   struct id_info *ids;
   char *error;
   size_t error_size;
   bool failed;
};

static bool PRINTFLIKE(2, 3)
fail(struct reflector *r, const char *fmt, ...)
{
   if (!r->failed) {
      va_list va;
      va_start(va, fmt);
      vsnprintf(r->error, r->error_size, fmt, va);
      va_end(va);
   }
   r->failed = true;
   return false;
}

static struct id_info *
id(struct reflector *r, uint32_t i)
{
   return i < r->bound ? &r->ids[i] : NULL;
}

static struct type *
type_of(struct reflector *r, uint32_t i)
{
   struct id_info *info = id(r, i);
   return info ? info->type : NULL;
}

static struct type *
new_type(struct reflector *r, uint32_t result, SpvOp op)
{
   struct id_info *info = id(r, result);
   if (!info || info->type) {
      fail(r, "bad result id %u", result);
      return NULL;
   }
   info->type = calloc(1, sizeof(struct type));
   if (!info->type) {
      fail(r, "out of memory");
      return NULL;
   }
   info->type->op = op;
   return info->type;
}

static void
decorate(struct reflector *r, const uint32_t *ins, unsigned len)
{
   struct id_info *info = id(r, ins[1]);
   if (!info || len < 3)
      return;
   const uint32_t lit = len > 3 ? ins[3] : 0;
   switch (ins[2]) {
   case SpvDecorationBinding:
      info->binding = (int32_t)lit;
      break;
   case SpvDecorationDescriptorSet:
      info->set = (int32_t)lit;
      break;
   case SpvDecorationLocation:
      info->location = (int32_t)lit;
      break;
   case SpvDecorationBuiltIn:
      info->builtin = (int32_t)lit;
      break;
   case SpvDecorationBlock:
      info->block = true;
      break;
   case SpvDecorationBufferBlock:
      info->buffer_block = true;
      break;
   case SpvDecorationNonWritable:
      info->non_writable = true;
      break;
   case SpvDecorationFlat:
      info->flat = true;
      break;
   case SpvDecorationArrayStride:
      info->array_stride = lit;
      break;
   default:
      break;
   }
}

static void
member_decorate(struct reflector *r, const uint32_t *ins, unsigned len)
{
   struct type *t = type_of(r, ins[1]);
   const uint32_t m = ins[2];
   if (!t || len < 4 || m >= MAX_MEMBERS)
      return;
   switch (ins[3]) {
   case SpvDecorationOffset:
      if (len > 4)
         t->member_offsets[m] = ins[4];
      break;
   case SpvDecorationMatrixStride:
      if (len > 4)
         t->member_matrix_stride[m] = ins[4];
      break;
   case SpvDecorationRowMajor:
      t->member_row_major[m] = true;
      break;
   case SpvDecorationNonWritable:
      t->member_non_writable[m] = true;
      break;
   default:
      break;
   }
}

/* Struct members are decorated before the struct is declared, so member
 * decorations go to a placeholder type made on first sight. */
static struct type *
type_for_decoration(struct reflector *r, uint32_t i)
{
   struct id_info *info = id(r, i);
   if (!info)
      return NULL;
   if (!info->type) {
      info->type = calloc(1, sizeof(struct type));
      if (info->type)
         info->type->op = SpvOpNop;
   }
   return info->type;
}

static bool
parse(struct reflector *r, struct sem_interface *iface, uint32_t *entry_id)
{
   if (r->n < 5 || r->w[0] != SpvMagicNumber)
      return fail(r, "not a SPIR-V module");
   r->bound = r->w[3];
   if (r->bound == 0 || r->bound > (1u << 22))
      return fail(r, "bad id bound %u", r->bound);
   r->ids = calloc(r->bound, sizeof(struct id_info));
   if (!r->ids)
      return fail(r, "out of memory");
   for (uint32_t i = 0; i < r->bound; i++) {
      r->ids[i].binding = r->ids[i].set = r->ids[i].location = r->ids[i].builtin = -1;
   }

   bool have_entry = false;
   for (size_t pos = 5; pos < r->n && !r->failed;) {
      const uint32_t *ins = &r->w[pos];
      const unsigned len = ins[0] >> 16;
      const SpvOp op = (SpvOp)(ins[0] & 0xffff);
      if (len == 0 || pos + len > r->n)
         return fail(r, "word %zu: bad instruction length", pos);
      struct type *t;
      switch (op) {
      case SpvOpEntryPoint:
         if (len < 4 || have_entry)
            break;
         have_entry = true;
         iface->stage = ins[1] == SpvExecutionModelGLCompute ? SEM_STAGE_COMPUTE
                        : ins[1] == SpvExecutionModelFragment ? SEM_STAGE_FRAGMENT
                                                              : SEM_STAGE_OTHER;
         *entry_id = ins[2];
         snprintf(iface->entry_point, sizeof(iface->entry_point), "%.*s",
                  (int)strnlen((const char *)&ins[3], (len - 3) * 4), (const char *)&ins[3]);
         break;
      case SpvOpExecutionMode:
         if (len >= 6 && ins[2] == SpvExecutionModeLocalSize && ins[1] == *entry_id) {
            iface->local_size[0] = ins[3];
            iface->local_size[1] = ins[4];
            iface->local_size[2] = ins[5];
         }
         break;
      case SpvOpName:
         if (len >= 3 && id(r, ins[1]))
            snprintf(id(r, ins[1])->name, sizeof(id(r, ins[1])->name), "%.*s",
                     (int)strnlen((const char *)&ins[2], (len - 2) * 4),
                     (const char *)&ins[2]);
         break;
      case SpvOpDecorate:
         decorate(r, ins, len);
         break;
      case SpvOpMemberDecorate:
         if (len >= 4 && type_for_decoration(r, ins[1]))
            member_decorate(r, ins, len);
         break;
      case SpvOpTypeVoid:
      case SpvOpTypeBool:
      case SpvOpTypeSampler:
         new_type(r, ins[1], op);
         break;
      case SpvOpTypeInt:
      case SpvOpTypeFloat:
      case SpvOpTypeVector:
      case SpvOpTypeMatrix:
      case SpvOpTypeArray:
      case SpvOpTypeRuntimeArray:
      case SpvOpTypeSampledImage:
      case SpvOpTypePointer:
         if ((t = new_type(r, ins[1], op))) {
            t->a = len > 2 ? ins[2] : 0;
            t->b = len > 3 ? ins[3] : 0;
         }
         break;
      case SpvOpTypeImage:
         if (len >= 9 && (t = new_type(r, ins[1], op))) {
            t->a = ins[2];
            t->image_dim = ins[3];
            t->image_arrayed = ins[5];
            t->image_ms = ins[6];
            t->image_sampled = ins[7];
            t->image_format = ins[8];
         }
         break;
      case SpvOpTypeStruct: {
         struct id_info *info = id(r, ins[1]);
         if (!info)
            return fail(r, "bad id %u", ins[1]);
         if (!info->type && !new_type(r, ins[1], op))
            return false;
         t = info->type;
         t->op = op;
         t->member_count = len - 2;
         if (t->member_count > MAX_MEMBERS)
            return fail(r, "struct with %u members", t->member_count);
         memcpy(t->members, &ins[2], t->member_count * sizeof(uint32_t));
         break;
      }
      case SpvOpConstant:
      case SpvOpSpecConstant:
         if (len >= 4 && id(r, ins[2])) {
            id(r, ins[2])->is_constant = true;
            id(r, ins[2])->constant = ins[3];
         }
         break;
      case SpvOpVariable:
         if (len >= 4 && id(r, ins[2])) {
            struct id_info *v = id(r, ins[2]);
            v->is_variable = true;
            v->var_type = ins[1];
            v->storage_class = ins[3];
         }
         break;
      default:
         break;
      }
      pos += len;
   }
   if (!r->failed && !have_entry)
      return fail(r, "no entry point");
   return !r->failed;
}

/* Size of a type in an explicitly laid out block, and the word map of it at
 * `base` (NULL to only size). */
static uint32_t
layout(struct reflector *r, uint32_t type_id, uint32_t base, enum sem_word *words,
       uint32_t words_len, uint32_t matrix_stride, bool row_major, int depth)
{
   struct type *t = type_of(r, type_id);
   if (!t || depth > 16) {
      fail(r, "type %u: cannot lay out", type_id);
      return 0;
   }
   switch (t->op) {
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat: {
      const uint32_t width = t->op == SpvOpTypeBool ? 32 : t->a;
      if (width != 32 && width != 64) {
         fail(r, "%u-bit scalars are not driven", width);
         return 0;
      }
      if (words && base / 4 < words_len) {
         if (width == 64) {
            if (base / 4 + 1 < words_len) {
               words[base / 4] = SEM_WORD_DOUBLE_LO;
               words[base / 4 + 1] = SEM_WORD_DOUBLE_HI;
            }
            if (t->op == SpvOpTypeInt)
               words[base / 4] = words[base / 4 + 1] = SEM_WORD_UINT;
         } else {
            words[base / 4] = t->op == SpvOpTypeBool    ? SEM_WORD_BOOL
                              : t->op == SpvOpTypeFloat ? SEM_WORD_FLOAT
                              : t->b                    ? SEM_WORD_INT
                                                        : SEM_WORD_UINT;
         }
      }
      return width / 8;
   }
   case SpvOpTypeVector: {
      const uint32_t comp = layout(r, t->a, 0, NULL, 0, 0, false, depth + 1);
      for (uint32_t i = 0; words && i < t->b; i++)
         layout(r, t->a, base + i * comp, words, words_len, 0, false, depth + 1);
      return comp * t->b;
   }
   case SpvOpTypeMatrix: {
      /* Column vectors MatrixStride apart; row-major: each column's
       * components are MatrixStride apart instead. */
      struct type *col = type_of(r, t->a);
      if (!col || col->op != SpvOpTypeVector || !matrix_stride) {
         fail(r, "matrix without MatrixStride");
         return 0;
      }
      const uint32_t comp = layout(r, col->a, 0, NULL, 0, 0, false, depth + 1);
      for (uint32_t c = 0; words && c < t->b; c++)
         for (uint32_t i = 0; i < col->b; i++)
            layout(r, col->a,
                   base + (row_major ? i * matrix_stride + c * comp
                                     : c * matrix_stride + i * comp),
                   words, words_len, 0, false, depth + 1);
      return row_major ? col->b * matrix_stride : t->b * matrix_stride;
   }
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray: {
      const uint32_t stride = id(r, type_id)->array_stride;
      uint32_t count = SEM_RUNTIME_ARRAY_ELEMENTS;
      if (t->op == SpvOpTypeArray) {
         struct id_info *len = id(r, t->b);
         if (!len || !len->is_constant) {
            fail(r, "array length is not a constant");
            return 0;
         }
         count = len->constant;
      }
      if (!stride) {
         fail(r, "array without ArrayStride");
         return 0;
      }
      for (uint32_t i = 0; words && i < count && base + i * stride < words_len * 4; i++)
         layout(r, t->a, base + i * stride, words, words_len, matrix_stride, row_major,
                depth + 1);
      return count * stride;
   }
   case SpvOpTypeStruct: {
      uint32_t size = 0;
      for (unsigned m = 0; m < t->member_count; m++) {
         const uint32_t end =
            t->member_offsets[m] + layout(r, t->members[m], 0, NULL, 0,
                                          t->member_matrix_stride[m],
                                          t->member_row_major[m], depth + 1);
         if (words)
            layout(r, t->members[m], base + t->member_offsets[m], words, words_len,
                   t->member_matrix_stride[m], t->member_row_major[m], depth + 1);
         if (end > size)
            size = end;
      }
      return size;
   }
   default:
      fail(r, "type %u (op %u) cannot be in a buffer", type_id, t->op);
      return 0;
   }
}

static bool
add_buffer(struct reflector *r, struct sem_interface *iface, uint32_t var_id,
           struct id_info *var, uint32_t block_type, enum sem_resource_kind kind)
{
   if (iface->resource_count == SEM_MAX_RESOURCES)
      return fail(r, "too many resources");
   struct type *bt = type_of(r, block_type);
   struct sem_resource *res = &iface->resources[iface->resource_count];
   memset(res, 0, sizeof(*res));
   res->kind = kind;
   res->variable_id = var_id;
   res->set = var->set < 0 ? 0 : (uint32_t)var->set;
   res->binding = var->binding < 0 ? 0 : (uint32_t)var->binding;
   res->seed = sem_seed(res->set, res->binding);
   snprintf(res->name, sizeof(res->name), "%s", var->name);
   uint32_t size = layout(r, block_type, 0, NULL, 0, 0, false, 0);
   if (r->failed)
      return false;
   size = (size + 15) & ~15u;
   if (!size)
      size = 16;
   res->size_B = size;
   res->words = calloc(size / 4, sizeof(enum sem_word));
   if (!res->words)
      return fail(r, "out of memory");
   iface->resource_count++;
   layout(r, block_type, 0, res->words, size / 4, 0, false, 0);
   /* Writable unless the variable or every member says NonWritable. */
   bool all_ro = var->non_writable;
   if (!all_ro && bt && bt->op == SpvOpTypeStruct && bt->member_count) {
      all_ro = true;
      for (unsigned m = 0; m < bt->member_count; m++)
         all_ro = all_ro && bt->member_non_writable[m];
   }
   res->writable = kind == SEM_STORAGE_BUFFER && !all_ro;
   return !r->failed;
}

/* Formats the harness can create storage images with, and how their texels
 * read back. */
static bool
image_format(uint32_t spv_format, uint32_t *vk_format, enum sem_scalar *scalar,
             unsigned *components)
{
   static const struct {
      uint32_t spv, vk;
      enum sem_scalar scalar;
      unsigned components;
   } formats[] = {
      {SpvImageFormatRgba32f, 109 /* VK_FORMAT_R32G32B32A32_SFLOAT */, SEM_SCALAR_FLOAT, 4},
      {SpvImageFormatR32f, 100 /* VK_FORMAT_R32_SFLOAT */, SEM_SCALAR_FLOAT, 1},
      {SpvImageFormatRgba32i, 108 /* VK_FORMAT_R32G32B32A32_SINT */, SEM_SCALAR_INT, 4},
      {SpvImageFormatR32i, 99 /* VK_FORMAT_R32_SINT */, SEM_SCALAR_INT, 1},
      {SpvImageFormatRgba32ui, 107 /* VK_FORMAT_R32G32B32A32_UINT */, SEM_SCALAR_UINT, 4},
      {SpvImageFormatR32ui, 98 /* VK_FORMAT_R32_UINT */, SEM_SCALAR_UINT, 1},
   };
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].spv == spv_format) {
         *vk_format = formats[i].vk;
         *scalar = formats[i].scalar;
         *components = formats[i].components;
         return true;
      }
   }
   return false;
}

static bool
add_image(struct reflector *r, struct sem_interface *iface, uint32_t var_id,
          struct id_info *var, struct type *t)
{
   if (iface->resource_count == SEM_MAX_RESOURCES)
      return fail(r, "too many resources");
   const bool sampled = t->op == SpvOpTypeSampledImage;
   struct type *img = sampled ? type_of(r, t->a) : t;
   if (!img || img->op != SpvOpTypeImage)
      return fail(r, "sampled image of a non-image");
   if (img->image_dim != SpvDim2D || img->image_arrayed || img->image_ms)
      return fail(r, "only 2D, non-array, single-sample images are driven");
   struct sem_resource *res = &iface->resources[iface->resource_count];
   memset(res, 0, sizeof(*res));
   res->variable_id = var_id;
   res->set = var->set < 0 ? 0 : (uint32_t)var->set;
   res->binding = var->binding < 0 ? 0 : (uint32_t)var->binding;
   res->seed = sem_seed(res->set, res->binding);
   snprintf(res->name, sizeof(res->name), "%s", var->name);
   struct type *texel = type_of(r, img->a);
   if (sampled) {
      /* Sampled: an RGBA32 texture of the sampled type. */
      res->kind = SEM_SAMPLED_IMAGE;
      res->texel_components = 4;
      res->texel_scalar = texel && texel->op == SpvOpTypeFloat ? SEM_SCALAR_FLOAT
                          : texel && texel->b               ? SEM_SCALAR_INT
                                                            : SEM_SCALAR_UINT;
      res->vk_format = res->texel_scalar == SEM_SCALAR_FLOAT ? 109
                       : res->texel_scalar == SEM_SCALAR_INT ? 108
                                                             : 107;
   } else {
      if (img->image_sampled != 2)
         return fail(r, "separate images and samplers are not driven");
      res->kind = SEM_STORAGE_IMAGE;
      if (!image_format(img->image_format, &res->vk_format, &res->texel_scalar,
                        &res->texel_components))
         return fail(r, "storage image format %u is not driven", img->image_format);
      res->writable = !var->non_writable;
   }
   iface->resource_count++;
   return true;
}

static bool
add_varying(struct reflector *r, struct sem_varying *list, unsigned *count,
            struct id_info *var, uint32_t type_id)
{
   struct type *t = type_of(r, type_id);
   unsigned components = 1;
   if (t && t->op == SpvOpTypeVector) {
      components = t->b;
      t = type_of(r, t->a);
   }
   if (!t || (t->op != SpvOpTypeFloat && t->op != SpvOpTypeInt) || t->a != 32)
      return fail(r, "varying at location %d is not a 32-bit scalar or vector",
                  var->location);
   if (*count == SEM_MAX_VARYINGS)
      return fail(r, "too many varyings");
   list[(*count)++] = (struct sem_varying){
      .location = (uint32_t)var->location,
      .scalar = t->op == SpvOpTypeFloat ? SEM_SCALAR_FLOAT
                : t->b                  ? SEM_SCALAR_INT
                                        : SEM_SCALAR_UINT,
      .components = components,
      .flat = var->flat,
   };
   return true;
}

static int
compare_resources(const void *a, const void *b)
{
   const struct sem_resource *x = a, *y = b;
   if (x->kind == SEM_PUSH_CONSTANTS || y->kind == SEM_PUSH_CONSTANTS)
      return (x->kind == SEM_PUSH_CONSTANTS) - (y->kind == SEM_PUSH_CONSTANTS);
   if (x->set != y->set)
      return x->set < y->set ? -1 : 1;
   return x->binding < y->binding ? -1 : x->binding > y->binding;
}

static int
compare_varyings(const void *a, const void *b)
{
   const struct sem_varying *x = a, *y = b;
   return x->location < y->location ? -1 : x->location > y->location;
}

bool
sem_reflect(const uint32_t *words, size_t word_count, struct sem_interface *iface,
            char *error, size_t error_size)
{
   memset(iface, 0, sizeof(*iface));
   iface->local_size[0] = iface->local_size[1] = iface->local_size[2] = 1;
   struct reflector r = {.w = words, .n = word_count, .error = error, .error_size = error_size};
   if (error_size)
      error[0] = '\0';
   uint32_t entry = 0;
   if (!parse(&r, iface, &entry))
      goto out;
   if (iface->stage == SEM_STAGE_OTHER) {
      fail(&r, "only compute and fragment shaders are driven");
      goto out;
   }

   for (uint32_t i = 1; i < r.bound && !r.failed; i++) {
      struct id_info *var = &r.ids[i];
      if (!var->is_variable)
         continue;
      struct type *ptr = type_of(&r, var->var_type);
      if (!ptr || ptr->op != SpvOpTypePointer) {
         fail(&r, "variable %u is not a pointer", i);
         break;
      }
      const uint32_t pointee = ptr->b;
      struct type *t = type_of(&r, pointee);
      struct id_info *pinfo = id(&r, pointee);
      switch (var->storage_class) {
      case SpvStorageClassStorageBuffer:
         add_buffer(&r, iface, i, var, pointee, SEM_STORAGE_BUFFER);
         break;
      case SpvStorageClassUniform:
         add_buffer(&r, iface, i, var, pointee,
                    pinfo && pinfo->buffer_block ? SEM_STORAGE_BUFFER : SEM_UNIFORM_BUFFER);
         break;
      case SpvStorageClassPushConstant:
         if (add_buffer(&r, iface, i, var, pointee, SEM_UNIFORM_BUFFER))
            iface->resources[iface->resource_count - 1].kind = SEM_PUSH_CONSTANTS;
         break;
      case SpvStorageClassUniformConstant:
         if (t && (t->op == SpvOpTypeImage || t->op == SpvOpTypeSampledImage))
            add_image(&r, iface, i, var, t);
         else
            fail(&r, "UniformConstant variable %u is not an image (arrays of descriptors "
                     "and loose uniforms are not driven)", i);
         break;
      case SpvStorageClassAtomicCounter:
         /* GL's atomic_uint: Vulkan has no AtomicStorage, so this module
          * cannot be created on a Vulkan device (the GL lowering turns the
          * counters into a storage buffer). */
         fail(&r, "atomic counter variable %u (AtomicCounter storage class does not exist "
                  "in Vulkan)", i);
         break;
      case SpvStorageClassOutput:
         if (iface->stage == SEM_STAGE_FRAGMENT && var->builtin < 0) {
            if (var->location < 0)
               fail(&r, "fragment output %u has no Location", i);
            else
               add_varying(&r, iface->outputs, &iface->output_count, var, pointee);
         }
         break;
      case SpvStorageClassInput:
         if (iface->stage == SEM_STAGE_FRAGMENT) {
            if (var->builtin == SpvBuiltInFragCoord)
               iface->reads_frag_coord = true;
            else if (var->builtin < 0 && var->location >= 0)
               add_varying(&r, iface->inputs, &iface->input_count, var, pointee);
            else if (var->builtin < 0)
               fail(&r, "fragment input %u has no Location", i);
         }
         break;
      default:
         break;
      }
   }
   if (!r.failed) {
      qsort(iface->resources, iface->resource_count, sizeof(struct sem_resource),
            compare_resources);
      qsort(iface->outputs, iface->output_count, sizeof(struct sem_varying),
            compare_varyings);
      qsort(iface->inputs, iface->input_count, sizeof(struct sem_varying), compare_varyings);
      /* Variables packed into one location with Component decorations would
       * need one attachment (or vertex output) shared between them. */
      for (unsigned i = 1; i < iface->output_count; i++)
         if (iface->outputs[i].location == iface->outputs[i - 1].location)
            fail(&r, "two outputs share location %u (components are not driven)",
                 iface->outputs[i].location);
      for (unsigned i = 1; i < iface->input_count; i++)
         if (iface->inputs[i].location == iface->inputs[i - 1].location)
            fail(&r, "two inputs share location %u (components are not driven)",
                 iface->inputs[i].location);
   }
out:
   if (r.ids) {
      for (uint32_t i = 0; i < r.bound; i++)
         free(r.ids[i].type);
      free(r.ids);
   }
   if (r.failed)
      sem_interface_finish(iface);
   return !r.failed;
}

void
sem_interface_finish(struct sem_interface *iface)
{
   for (unsigned i = 0; i < iface->resource_count; i++) {
      free(iface->resources[i].words);
      iface->resources[i].words = NULL;
   }
   iface->resource_count = 0;
}

bool
sem_interfaces_match(const struct sem_interface *a, const struct sem_interface *b, char *why,
                     size_t why_size)
{
   if (a->stage != b->stage || a->resource_count != b->resource_count ||
       a->output_count != b->output_count || a->input_count != b->input_count ||
       memcmp(a->local_size, b->local_size, sizeof(a->local_size)) != 0) {
      snprintf(why, why_size, "different stage, workgroup size or resource/varying counts");
      return false;
   }
   for (unsigned i = 0; i < a->resource_count; i++) {
      const struct sem_resource *x = &a->resources[i], *y = &b->resources[i];
      if (x->kind != y->kind || x->set != y->set || x->binding != y->binding ||
          x->size_B != y->size_B || x->writable != y->writable ||
          x->vk_format != y->vk_format ||
          (x->words && memcmp(x->words, y->words, x->size_B / 4 * sizeof(enum sem_word)))) {
         snprintf(why, why_size, "resource set %u binding %u differs", x->set, x->binding);
         return false;
      }
   }
   for (unsigned i = 0; i < a->output_count + a->input_count; i++) {
      const struct sem_varying *x = i < a->output_count ? &a->outputs[i]
                                                        : &a->inputs[i - a->output_count];
      const struct sem_varying *y = i < a->output_count ? &b->outputs[i]
                                                        : &b->inputs[i - a->output_count];
      if (x->location != y->location || x->scalar != y->scalar ||
          x->components != y->components || x->flat != y->flat) {
         snprintf(why, why_size, "fragment %s at location %u differs",
                  i < a->output_count ? "output" : "input", x->location);
         return false;
      }
   }
   return true;
}
