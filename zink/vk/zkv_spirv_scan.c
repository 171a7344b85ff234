/* SPDX-License-Identifier: MIT */
/*
 * The descriptor bindings a SPIR-V module declares, read from its
 * DescriptorSet/Binding decorations and its variables' types (SPIR-V 1.6,
 * 2.16 and 3.x): what a program's descriptor set layouts must hold. Only
 * the instructions that matter are decoded; everything else is skipped
 * by its word count.
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

enum {
   OP_EXECUTION_MODE = 16,
   OP_TYPE_IMAGE = 25,
   OP_TYPE_SAMPLER = 26,
   OP_TYPE_SAMPLED_IMAGE = 27,
   OP_TYPE_ARRAY = 28,
   OP_TYPE_RUNTIME_ARRAY = 29,
   OP_TYPE_STRUCT = 30,
   OP_TYPE_POINTER = 32,
   OP_CONSTANT = 43,
   OP_VARIABLE = 59,
   OP_DECORATE = 71,
   DEC_BLOCK = 2,
   DEC_BUFFER_BLOCK = 3,
   DEC_BINDING = 33,
   DEC_DESCRIPTOR_SET = 34,
   SC_UNIFORM_CONSTANT = 0,
   SC_UNIFORM = 2,
   SC_STORAGE_BUFFER = 12,
   DIM_BUFFER = 5,
   MODE_XFB = 11,
};

struct id_info {
   uint16_t opcode;
   uint32_t a, b, c; /* the first operands after the result id */
   uint32_t image_sampled;
   int32_t set, binding;
   bool buffer_block;
};

static bool
descriptor_type(const struct id_info *ids, uint32_t bound, uint32_t type, uint32_t storage,
                VkDescriptorType *out, uint32_t *count)
{
   *count = 1;
   for (int depth = 0; depth < 8 && type < bound; depth++) {
      const struct id_info *t = &ids[type];
      switch (t->opcode) {
      case OP_TYPE_ARRAY:
         *count *= (t->b < bound && ids[t->b].opcode == OP_CONSTANT) ? ids[t->b].c : 1;
         type = t->a;
         continue;
      case OP_TYPE_RUNTIME_ARRAY:
         type = t->a;
         continue;
      case OP_TYPE_STRUCT:
         if (storage == SC_STORAGE_BUFFER || t->buffer_block)
            *out = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
         else if (storage == SC_UNIFORM)
            *out = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
         else
            return false;
         return true;
      case OP_TYPE_SAMPLER:
         *out = VK_DESCRIPTOR_TYPE_SAMPLER;
         return true;
      case OP_TYPE_SAMPLED_IMAGE:
         if (t->a < bound && ids[t->a].opcode == OP_TYPE_IMAGE && ids[t->a].b == DIM_BUFFER)
            *out = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER;
         else
            *out = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
         return true;
      case OP_TYPE_IMAGE: {
         const bool buffer = t->b == DIM_BUFFER;
         if (t->image_sampled == 2)
            *out = buffer ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
                          : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
         else
            *out = buffer ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
                          : VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
         return true;
      }
      default:
         return false;
      }
   }
   return false;
}

static bool
add_binding(struct dynarray *bindings, const struct zkv_binding_desc *b)
{
   dynarray_foreach(bindings, struct zkv_binding_desc, e)
   {
      if (e->set == b->set && e->binding == b->binding) {
         e->stages |= b->stages;
         if (b->count > e->count)
            e->count = b->count;
         return true;
      }
   }
   return dynarray_append(bindings, struct zkv_binding_desc, *b);
}

bool
zkv_spirv_scan_bindings(const uint32_t *words, size_t num_words, VkShaderStageFlags stage,
                        struct dynarray *bindings, bool *xfb, const char **message)
{
   if (num_words < 5 || words[0] != 0x07230203) {
      *message = "not a SPIR-V module";
      return false;
   }
   const uint32_t bound = words[3];
   if (bound == 0 || bound > (1u << 22)) {
      *message = "SPIR-V id bound out of range";
      return false;
   }
   struct id_info *ids = calloc(bound, sizeof(*ids));
   if (!ids) {
      *message = "out of memory";
      return false;
   }
   for (uint32_t i = 0; i < bound; i++)
      ids[i].set = ids[i].binding = -1;
   bool ok = true;
   /* One pass: decorations come before types and variables (SPIR-V 2.4). */
   for (size_t i = 5; i < num_words;) {
      const uint32_t n = words[i] >> 16, op = words[i] & 0xffff;
      if (n == 0 || i + n > num_words) {
         *message = "malformed SPIR-V instruction";
         ok = false;
         break;
      }
      const uint32_t *w = &words[i];
      if (op == OP_EXECUTION_MODE && n >= 3 && w[2] == MODE_XFB) {
         *xfb = true;
      } else if (op == OP_DECORATE && n >= 3 && w[1] < bound) {
         if (w[2] == DEC_DESCRIPTOR_SET && n >= 4)
            ids[w[1]].set = (int32_t)w[3];
         else if (w[2] == DEC_BINDING && n >= 4)
            ids[w[1]].binding = (int32_t)w[3];
         else if (w[2] == DEC_BUFFER_BLOCK)
            ids[w[1]].buffer_block = true;
      } else if ((op == OP_TYPE_IMAGE || op == OP_TYPE_SAMPLER || op == OP_TYPE_SAMPLED_IMAGE ||
                  op == OP_TYPE_ARRAY || op == OP_TYPE_RUNTIME_ARRAY || op == OP_TYPE_STRUCT ||
                  op == OP_TYPE_POINTER) &&
                 n >= 2 && w[1] < bound) {
         struct id_info *t = &ids[w[1]];
         t->opcode = (uint16_t)op;
         t->a = n > 2 ? w[2] : 0;
         t->b = n > 3 ? w[3] : 0;
         t->c = n > 4 ? w[4] : 0;
         if (op == OP_TYPE_IMAGE && n > 7)
            t->image_sampled = w[7];
      } else if (op == OP_CONSTANT && n >= 4 && w[2] < bound) {
         ids[w[2]].opcode = OP_CONSTANT;
         ids[w[2]].c = w[3];
      } else if (op == OP_VARIABLE && n >= 4 && w[2] < bound && w[1] < bound) {
         const struct id_info *v = &ids[w[2]];
         const uint32_t storage = w[3];
         if (v->set >= 0 && v->binding >= 0 &&
             (storage == SC_UNIFORM_CONSTANT || storage == SC_UNIFORM ||
              storage == SC_STORAGE_BUFFER) &&
             ids[w[1]].opcode == OP_TYPE_POINTER) {
            struct zkv_binding_desc b = {
               .set = (uint32_t)v->set,
               .binding = (uint32_t)v->binding,
               .stages = stage,
            };
            if (b.set >= ZKV_MAX_SETS) {
               *message = "a resource uses a descriptor set above 3";
               ok = false;
               break;
            }
            if (descriptor_type(ids, bound, ids[w[1]].b, storage, &b.type, &b.count) &&
                !add_binding(bindings, &b)) {
               *message = "out of memory";
               ok = false;
               break;
            }
         }
      }
      i += n;
   }
   free(ids);
   return ok;
}
