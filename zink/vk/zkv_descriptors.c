/* SPDX-License-Identifier: MIT */
/*
 * Descriptor sets by dirty tracking: per set the program uses, the slots
 * it reads are compared with what the context last wrote in this batch; a
 * set is written again (a fresh VkDescriptorSet from the batch's pools)
 * only when one of them changed, or the program or batch did. Unset slots
 * get null descriptors (VK_EXT_robustness2) or a small zero buffer.
 */
#include <string.h>

#include "zkv_private.h"

static uint32_t
generation(const struct zkv_descriptor *d)
{
   if (d->buffer)
      return d->buffer->generation;
   if (d->buffer_view)
      return d->buffer_view->buffer->generation;
   return 0;
}

void
zkv_descriptors_prepare(struct zkv_context *ctx, struct zkv_program *program,
                        const struct zkv_bindings *bindings)
{
   for (uint32_t i = 0; i < program->num_bindings; i++) {
      const struct zkv_binding_desc *b = &program->bindings[i];
      for (uint32_t e = 0; e < b->count; e++) {
         const struct zkv_image_view *v = bindings->set[b->set][b->binding + e].view;
         if (v)
            zkv_context_init_image(ctx, v->image);
      }
   }
}

/* Dynamic uniform buffers: the offset is given at bind time, not written. */
static bool
is_dynamic(const struct zkv_program *p, uint32_t s, uint32_t binding)
{
   return s == 0 && binding < ZKV_DYNAMIC_UBOS && (p->dynamic_mask & (1u << binding));
}

static bool
same_descriptor(const struct zkv_descriptor *a, const struct zkv_descriptor *b, bool dynamic)
{
   if (!dynamic)
      return memcmp(a, b, sizeof(*a)) == 0;
   /* the range a dynamic descriptor was written with must stay the same */
   const VkDeviceSize ra = a->range_B ? a->range_B : (a->buffer ? a->buffer->size_B : 0);
   const VkDeviceSize rb = b->range_B ? b->range_B : (b->buffer ? b->buffer->size_B : 0);
   return a->buffer == b->buffer && ra == rb && (a->range_B != 0) == (b->range_B != 0) &&
          (a->range_B || a->offset_B == b->offset_B);
}

static bool
set_changed(struct zkv_context *ctx, struct zkv_program *p, const struct zkv_bindings *bindings,
            uint32_t s)
{
   if (!ctx->bound_sets[s] || ctx->bound_program != p)
      return true;
   for (uint32_t i = 0; i < p->set_count[s]; i++) {
      const struct zkv_binding_desc *b = &p->bindings[p->set_first[s] + i];
      for (uint32_t e = 0; e < b->count; e++) {
         const uint32_t slot = b->binding + e;
         const struct zkv_descriptor *d = &bindings->set[s][slot];
         if (!same_descriptor(d, &ctx->bound_desc[s][slot], is_dynamic(p, s, b->binding)) ||
             generation(d) != ctx->bound_generation[s][slot])
            return true;
      }
   }
   return false;
}

static struct zkv_sampler *
default_sampler(struct zkv_context *ctx)
{
   if (!ctx->default_sampler) {
      const struct zkv_sampler_state st = {
         .mag_filter = VK_FILTER_NEAREST,
         .min_filter = VK_FILTER_NEAREST,
         .address_u = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
         .address_v = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
         .address_w = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
         .max_lod = 1000.0f,
      };
      VkResult r;
      ctx->default_sampler = zkv_sampler_get(ctx->screen, &st, &r);
      if (!ctx->default_sampler)
         zkv_context_error(ctx, r);
   }
   return ctx->default_sampler;
}

static VkBuffer
dummy_buffer(struct zkv_context *ctx)
{
   if (!ctx->dummy_buffer) {
      VkResult r;
      ctx->dummy_buffer = zkv_buffer_create(ctx->screen, 256, ZKV_BUFFER_ALL, 0, &r);
      if (!ctx->dummy_buffer) {
         zkv_context_error(ctx, r);
         return VK_NULL_HANDLE;
      }
   }
   return ctx->dummy_buffer->storage->buffer;
}

/* Fills one write's info for slot `d`; keeps what it names alive. */
static void
fill(struct zkv_context *ctx, VkDescriptorType type, const struct zkv_descriptor *d,
     VkDescriptorImageInfo *image, VkDescriptorBufferInfo *buffer, VkBufferView *texel)
{
   const bool null_ok = ctx->screen->null_descriptor;
   switch (type) {
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
      /* written at offset 0; the descriptor's offset comes at bind time */
      if (d->buffer && d->range_B) {
         *buffer = (VkDescriptorBufferInfo){d->buffer->storage->buffer, 0, d->range_B};
         zkv_batch_use(ctx, &d->buffer->storage->ref);
         return;
      }
      if (d->buffer) { /* "to the end": the offset is fixed in the descriptor */
         const VkDeviceSize off = d->offset_B < d->buffer->size_B ? d->offset_B : 0;
         *buffer = (VkDescriptorBufferInfo){d->buffer->storage->buffer, off,
                                            d->buffer->size_B - off};
         zkv_batch_use(ctx, &d->buffer->storage->ref);
         return;
      }
      /* robustness2 allows no null dynamic buffers: the zero buffer */
      *buffer = (VkDescriptorBufferInfo){dummy_buffer(ctx), 0, VK_WHOLE_SIZE};
      return;
   case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
      if (d->buffer) {
         const VkDeviceSize size_B = d->buffer->size_B;
         const VkDeviceSize off = d->offset_B < size_B ? d->offset_B : 0;
         *buffer = (VkDescriptorBufferInfo){d->buffer->storage->buffer, off,
                                            d->range_B ? d->range_B : size_B - off};
         zkv_batch_use(ctx, &d->buffer->storage->ref);
      } else {
         *buffer = (VkDescriptorBufferInfo){null_ok ? VK_NULL_HANDLE : dummy_buffer(ctx), 0,
                                            VK_WHOLE_SIZE};
      }
      return;
   case VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER:
   case VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE:
   case VK_DESCRIPTOR_TYPE_SAMPLER: {
      struct zkv_sampler *smp = d->sampler ? d->sampler : default_sampler(ctx);
      *image = (VkDescriptorImageInfo){smp ? smp->sampler : VK_NULL_HANDLE,
                                       d->view ? d->view->view : VK_NULL_HANDLE,
                                       VK_IMAGE_LAYOUT_GENERAL};
      if (d->view)
         zkv_batch_use(ctx, &d->view->ref);
      return;
   }
   case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
      *image = (VkDescriptorImageInfo){VK_NULL_HANDLE,
                                       d->view ? d->view->attachment_view : VK_NULL_HANDLE,
                                       VK_IMAGE_LAYOUT_GENERAL};
      if (d->view)
         zkv_batch_use(ctx, &d->view->ref);
      return;
   case VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER:
   case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
      *texel = VK_NULL_HANDLE;
      if (d->buffer_view) {
         struct zkv_buffer_view_handle *h = zkv_buffer_view_current(d->buffer_view);
         *texel = h->view;
         zkv_batch_use(ctx, &h->ref);
         zkv_batch_use(ctx, &h->storage->ref);
      }
      return;
   default:
      return;
   }
}

static VkDescriptorSet
write_set(struct zkv_context *ctx, struct zkv_program *p, const struct zkv_bindings *bindings,
          uint32_t s)
{
   VkDescriptorSet set = zkv_batch_alloc_set(ctx, p->set_layouts[s]);
   if (!set)
      return VK_NULL_HANDLE;
   VkWriteDescriptorSet writes[ZKV_MAX_BINDINGS];
   VkDescriptorImageInfo images[ZKV_MAX_BINDINGS];
   VkDescriptorBufferInfo buffers[ZKV_MAX_BINDINGS];
   VkBufferView texels[ZKV_MAX_BINDINGS];
   uint32_t n = 0;
   for (uint32_t i = 0; i < p->set_count[s]; i++) {
      const struct zkv_binding_desc *b = &p->bindings[p->set_first[s] + i];
      for (uint32_t e = 0; e < b->count; e++) {
         const uint32_t slot = b->binding + e;
         const struct zkv_descriptor *d = &bindings->set[s][slot];
         fill(ctx, b->type, d, &images[n], &buffers[n], &texels[n]);
         const bool texel = b->type == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER ||
                            b->type == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER;
         /* Without null descriptors an unset image slot stays unwritten
          * (the shader must not read it: GL leaves that undefined). */
         if (!ctx->screen->null_descriptor &&
             ((texel && !texels[n]) || ((b->type == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER ||
                                         b->type == VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE ||
                                         b->type == VK_DESCRIPTOR_TYPE_STORAGE_IMAGE) &&
                                        !images[n].imageView)))
            continue;
         writes[n] = (VkWriteDescriptorSet){
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstSet = set,
            .dstBinding = b->binding,
            .dstArrayElement = e,
            .descriptorCount = 1,
            .descriptorType = b->type,
            .pImageInfo = &images[n],
            .pBufferInfo = &buffers[n],
            .pTexelBufferView = &texels[n],
         };
         n++;
         ctx->bound_desc[s][slot] = *d;
         ctx->bound_generation[s][slot] = generation(d);
      }
   }
   vkUpdateDescriptorSets(ctx->screen->dev, n, writes, 0, NULL);
   return set;
}

void
zkv_descriptors_bind(struct zkv_context *ctx, VkCommandBuffer cmd, struct zkv_program *program,
                     const struct zkv_bindings *bindings, VkPipelineBindPoint bind_point)
{
   if (ctx->bound_compute != (bind_point == VK_PIPELINE_BIND_POINT_COMPUTE)) {
      memset(ctx->bound_sets, 0, sizeof(ctx->bound_sets));
      ctx->bound_compute = bind_point == VK_PIPELINE_BIND_POINT_COMPUTE;
   }
   for (uint32_t s = 0; s < ZKV_MAX_SETS; s++) {
      if (!program->set_count[s])
         continue;
      /* dynamic offsets, in binding order (Vulkan 1.3, 14.2.8) */
      uint32_t offsets[ZKV_DYNAMIC_UBOS], n = 0;
      bool offsets_changed = false;
      if (s == 0) {
         for (uint32_t b = 0; b < ZKV_DYNAMIC_UBOS; b++) {
            if (!(program->dynamic_mask & (1u << b)))
               continue;
            const struct zkv_descriptor *d = &bindings->set[0][b];
            offsets[n] = d->buffer && d->range_B ? (uint32_t)d->offset_B : 0;
            offsets_changed |= offsets[n] != ctx->bound_dynamic_offsets[n];
            n++;
         }
      }
      VkDescriptorSet set = ctx->bound_sets[s];
      if (set_changed(ctx, program, bindings, s)) {
         set = write_set(ctx, program, bindings, s);
         if (!set)
            return;
      } else if (!offsets_changed) {
         continue;
      }
      vkCmdBindDescriptorSets(cmd, bind_point, program->layout, s, 1, &set, n, offsets);
      ctx->bound_sets[s] = set;
      memcpy(ctx->bound_dynamic_offsets, offsets, n * sizeof(offsets[0]));
   }
   ctx->bound_program = program;
}
