/* SPDX-License-Identifier: MIT */
/*
 * Descriptor memory as nvk_descriptor_types.h documents it: what writes,
 * copies, templates, immutable samplers and push descriptors put where, and
 * what the executor resolves when a command buffer binds them.
 */
#include <string.h>

#include "nvk_buffer.h"
#include "nvk_buffer_view.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_descriptor_set.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_image.h"
#include "nvk_image_view.h"
#include "nvk_sampler.h"
#include "nvk_test_util.h"
#include "util/test.h"

static VkSampler
make_sampler(struct nvk_test *t, VkFilter filter, VkBorderColor border)
{
   const VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = filter,
      .minFilter = VK_FILTER_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .mipLodBias = 0.5f,
      .compareEnable = VK_TRUE,
      .compareOp = VK_COMPARE_OP_LESS,
      .minLod = 1.0f,
      .maxLod = 4.0f,
      .borderColor = border,
   };
   VkSampler s = VK_NULL_HANDLE;
   CHECK(nvk_CreateSampler(t->dev, &sci, NULL, &s) == VK_SUCCESS);
   return s;
}

TEST(nvk_sampler_state_is_resolved)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkSampler s = make_sampler(&t, VK_FILTER_LINEAR, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE);
   const struct kx_sampler_desc *d = &nvk_sampler_from_handle(s)->desc;
   CHECK_EQ(d->mag_filter, VK_FILTER_LINEAR);
   CHECK_EQ(d->address_mode[0], VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
   CHECK_EQ(d->address_mode[1], VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
   CHECK_EQ(d->compare_enable, 1);
   CHECK_EQ(d->compare_op, VK_COMPARE_OP_LESS);
   CHECK(d->border.f[0] == 1.0f && d->border.f[3] == 1.0f);
   CHECK(d->min_lod == 1.0f && d->max_lod == 4.0f && d->lod_bias == 0.5f);
   VkSampler si = make_sampler(&t, VK_FILTER_NEAREST, VK_BORDER_COLOR_INT_OPAQUE_BLACK);
   d = &nvk_sampler_from_handle(si)->desc;
   CHECK(d->border.u[0] == 0 && d->border.u[3] == 1);
   nvk_DestroySampler(t.dev, s, NULL);
   nvk_DestroySampler(t.dev, si, NULL);
   nvk_test_finish(&t);
}

TEST(nvk_descriptor_writes_copies_and_templates)
{
   struct nvk_test t;
   static const char *const exts[] = {"VK_KHR_descriptor_update_template"};
   REQUIRE(nvk_test_init(&t, exts, 1));
   VkSampler imm = make_sampler(&t, VK_FILTER_LINEAR, VK_BORDER_COLOR_INT_OPAQUE_WHITE);
   VkSampler other = make_sampler(&t, VK_FILTER_NEAREST, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK);

   /* binding 0: 2 UBOs; 1: immutable sampler; 2: dynamic SSBO; 4: 3 texel
    * buffers (binding 3 unused). */
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, &imm},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {4, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 3, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   const VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 4,
      .pBindings = b,
   };
   VkDescriptorSetLayout sl;
   REQUIRE(nvk_CreateDescriptorSetLayout(t.dev, &lci, NULL, &sl) == VK_SUCCESS);
   const struct nvk_descriptor_set_layout *layout = nvk_descriptor_set_layout_from_handle(sl);
   /* nvk_descriptor_types.h: buffers 16 B, samplers and texel buffers 8 B,
    * dynamic buffers nothing (they live in the set object). */
   CHECK_EQ(layout->binding_count, 5);
   CHECK_EQ(layout->bindings[0].offset_B, 0);
   CHECK_EQ(layout->bindings[1].offset_B, 32);
   CHECK_EQ(layout->bindings[2].offset_B, 40);
   CHECK_EQ(layout->bindings[2].stride_B, 0);
   CHECK_EQ(layout->bindings[3].type, VK_DESCRIPTOR_TYPE_MAX_ENUM);
   CHECK_EQ(layout->bindings[4].offset_B, 40);
   CHECK_EQ(layout->size_B, 64);
   CHECK_EQ(layout->dynamic_buffer_count, 1);

   const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 4},
      {VK_DESCRIPTOR_TYPE_SAMPLER, 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2},
      {VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 6},
   };
   const VkDescriptorPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 2,
      .poolSizeCount = 4,
      .pPoolSizes = sizes,
   };
   VkDescriptorPool pool;
   REQUIRE(nvk_CreateDescriptorPool(t.dev, &pci, NULL, &pool) == VK_SUCCESS);
   VkDescriptorSetLayout sls[2] = {sl, sl};
   const VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 2,
      .pSetLayouts = sls,
   };
   VkDescriptorSet sets[2];
   REQUIRE(nvk_AllocateDescriptorSets(t.dev, &ai, sets) == VK_SUCCESS);
   struct nvk_descriptor_set *s0 = nvk_descriptor_set_from_handle(sets[0]);
   struct nvk_descriptor_set *s1 = nvk_descriptor_set_from_handle(sets[1]);
   /* The immutable sampler is in the set from the start: a pointer to the
    * layout's copy of its header. */
   const struct nvk_sampler_descriptor *baked = (const void *)(s0->mem + 32);
   REQUIRE(baked->sampler != NULL);
   CHECK(baked->sampler != &nvk_sampler_from_handle(imm)->desc);
   CHECK(baked->sampler->mag_filter == VK_FILTER_LINEAR && baked->sampler->border.u[0] == 1);

   VkDeviceMemory mem;
   VkBuffer buf = nvk_test_buffer(&t, 4096, &mem, NULL);
   const uint64_t addr = nvk_buffer_from_handle(buf)->addr;
   /* Both UBOs in one write (a range and VK_WHOLE_SIZE), and a sampler
    * write aimed at the immutable sampler. */
   const VkDescriptorBufferInfo bi[2] = {{buf, 256, 128}, {buf, 1024, VK_WHOLE_SIZE}};
   const VkWriteDescriptorSet w[2] = {
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 0,
       .dstArrayElement = 0, .descriptorCount = 2,
       .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = bi},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 1,
       .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER,
       .pImageInfo = &(VkDescriptorImageInfo){.sampler = other}},
   };
   nvk_UpdateDescriptorSets(t.dev, 2, w, 0, NULL);
   const struct nvk_buffer_address *ubo = (const void *)s0->mem;
   CHECK_EQ_U64(ubo[0].base_addr, addr + 256);
   CHECK_EQ(ubo[0].size_B, 128);
   CHECK_EQ_U64(ubo[1].base_addr, addr + 1024);
   CHECK_EQ(ubo[1].size_B, 4096 - 1024);
   /* A write to an immutable sampler changes nothing. */
   CHECK_EQ(baked->sampler->mag_filter, VK_FILTER_LINEAR);

   /* Texel buffer views are copied by value. */
   const VkBufferViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = buf,
      .format = VK_FORMAT_R32G32_SFLOAT,
      .offset = 64,
      .range = VK_WHOLE_SIZE,
   };
   VkBufferView bv;
   REQUIRE(nvk_CreateBufferView(t.dev, &vci, NULL, &bv) == VK_SUCCESS);
   const VkWriteDescriptorSet tw = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 4,
      .dstArrayElement = 2, .descriptorCount = 1,
      .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, .pTexelBufferView = &bv};
   nvk_UpdateDescriptorSets(t.dev, 1, &tw, 0, NULL);
   const struct nvk_image_descriptor *tb = (const void *)(s0->mem + 40 + 2 * 8);
   REQUIRE(tb->image == &nvk_buffer_view_from_handle(bv)->desc);
   CHECK_EQ_U64(tb->image->base_addr, addr + 64);
   CHECK_EQ(tb->image->format, KIL_FORMAT_R32G32_SFLOAT);
   CHECK_EQ(tb->image->dim, KX_IMAGE_DIM_BUFFER);
   CHECK_EQ(tb->image->levels[0].width_px, (4096 - 64) / 8);

   /* Copy set 0's UBOs and texel buffers into set 1. */
   const VkCopyDescriptorSet copies[2] = {
      {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, .srcSet = sets[0], .srcBinding = 0,
       .dstSet = sets[1], .dstBinding = 0, .descriptorCount = 2},
      {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, .srcSet = sets[0], .srcBinding = 4,
       .srcArrayElement = 2, .dstSet = sets[1], .dstBinding = 4, .dstArrayElement = 0,
       .descriptorCount = 1},
   };
   nvk_UpdateDescriptorSets(t.dev, 0, NULL, 2, copies);
   CHECK(memcmp(s1->mem, s0->mem, 32) == 0);
   CHECK(memcmp(s1->mem + 40, s0->mem + 40 + 16, 8) == 0);

   /* A template writing the dynamic SSBO and a UBO from a packed struct. */
   struct {
      VkDescriptorBufferInfo ssbo;
      uint32_t junk;
      VkDescriptorBufferInfo ubo;
   } data = {{buf, 512, 64}, 0xdead, {buf, 2048, 32}};
   const VkDescriptorUpdateTemplateEntry entries[] = {
      {2, 0, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 0, 0},
      {0, 1, 1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, offsetof(__typeof__(data), ubo), 0},
   };
   const VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 2,
      .pDescriptorUpdateEntries = entries,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = sl,
   };
   VkDescriptorUpdateTemplate tmpl;
   REQUIRE(nvk_CreateDescriptorUpdateTemplate(t.dev, &tci, NULL, &tmpl) == VK_SUCCESS);
   /* The layout may go before the sets and templates made from it. */
   nvk_DestroyDescriptorSetLayout(t.dev, sl, NULL);
   nvk_UpdateDescriptorSetWithTemplate(t.dev, sets[1], tmpl, &data);
   /* The dynamic SSBO lands in the set object, not set memory. */
   CHECK_EQ(s1->dynamic_count, 1);
   CHECK_EQ_U64(s1->dynamic[0].base_addr, addr + 512);
   CHECK_EQ(s1->dynamic[0].size_B, 64);
   CHECK_EQ_U64(((const struct nvk_buffer_address *)s1->mem)[1].base_addr, addr + 2048);

   nvk_DestroyDescriptorUpdateTemplate(t.dev, tmpl, NULL);
   nvk_DestroyBufferView(t.dev, bv, NULL);
   nvk_DestroyDescriptorPool(t.dev, pool, NULL);
   nvk_DestroyBuffer(t.dev, buf, NULL);
   nvk_FreeMemory(t.dev, mem, NULL);
   nvk_DestroySampler(t.dev, imm, NULL);
   nvk_DestroySampler(t.dev, other, NULL);
   nvk_test_finish(&t);
}

/* What a dispatch will see: sets, dynamic buffers with their offsets, push
 * descriptors and push constants, after replaying a command buffer. */
TEST(nvk_bound_state_reaches_the_executor)
{
   struct nvk_test t;
   static const char *const exts[] = {"VK_KHR_push_descriptor"};
   REQUIRE(nvk_test_init(&t, exts, 1));
   VkDeviceMemory mem;
   VkBuffer buf = nvk_test_buffer(&t, 4096, &mem, NULL);
   const uint64_t addr = nvk_buffer_from_handle(buf)->addr;

   const VkDescriptorSetLayoutBinding dyn[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   const VkDescriptorSetLayoutBinding push[] = {
      {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   VkDescriptorSetLayout sl_dyn, sl_push;
   const VkDescriptorSetLayoutCreateInfo lci_dyn = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
      .pBindings = dyn};
   const VkDescriptorSetLayoutCreateInfo lci_push = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR, .bindingCount = 1,
      .pBindings = push};
   REQUIRE(nvk_CreateDescriptorSetLayout(t.dev, &lci_dyn, NULL, &sl_dyn) == VK_SUCCESS);
   REQUIRE(nvk_CreateDescriptorSetLayout(t.dev, &lci_push, NULL, &sl_push) == VK_SUCCESS);
   /* Set 0 and 2 dynamic (so set 2's dynamic buffers start at 2), set 1
    * pushed. */
   const VkDescriptorSetLayout pls[3] = {sl_dyn, sl_push, sl_dyn};
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 64};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 3,
      .pSetLayouts = pls, .pushConstantRangeCount = 1, .pPushConstantRanges = &pcr};
   VkPipelineLayout pl;
   REQUIRE(nvk_CreatePipelineLayout(t.dev, &plci, NULL, &pl) == VK_SUCCESS);

   const VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 4};
   const VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                           .maxSets = 2, .poolSizeCount = 1, .pPoolSizes = &size};
   VkDescriptorPool pool;
   REQUIRE(nvk_CreateDescriptorPool(t.dev, &pci, NULL, &pool) == VK_SUCCESS);
   const VkDescriptorSetLayout two[2] = {sl_dyn, sl_dyn};
   const VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                           .descriptorPool = pool, .descriptorSetCount = 2,
                                           .pSetLayouts = two};
   VkDescriptorSet sets[2];
   REQUIRE(nvk_AllocateDescriptorSets(t.dev, &ai, sets) == VK_SUCCESS);
   const VkDescriptorBufferInfo bi[2] = {{buf, 0, 16}, {buf, 100, 16}};
   for (unsigned s = 0; s < 2; s++) {
      const VkWriteDescriptorSet w = {
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[s],
         .descriptorCount = 2, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
         .pBufferInfo = bi};
      nvk_UpdateDescriptorSets(t.dev, 1, &w, 0, NULL);
   }

   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);
   const VkDescriptorSet bind[1] = {sets[0]};
   const uint32_t offs0[2] = {1000, 2000};
   nvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, bind, 2, offs0);
   const uint32_t offs2[2] = {7, 8};
   nvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 2, 1, &sets[1], 2, offs2);
   const VkDescriptorBufferInfo pb = {buf, 300, 40};
   const VkWriteDescriptorSet pw = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstBinding = 3, .descriptorCount = 1,
      .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, .pBufferInfo = &pb};
   nvk_CmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 1, 1, &pw);
   const uint32_t pc[4] = {11, 22, 33, 44};
   nvk_CmdPushConstants(cmd, pl, VK_SHADER_STAGE_COMPUTE_BIT, 16, 16, pc);
   REQUIRE(nvk_EndCommandBuffer(cmd) == VK_SUCCESS);

   /* The application may destroy the pipeline layout once recorded. */
   nvk_DestroyPipelineLayout(t.dev, pl, NULL);

   struct nvk_exec ex;
   nvk_exec_init(&ex, t.nvk, NULL);
   REQUIRE(nvk_exec_cmd_buffer(&ex, nvk_cmd_buffer_from_handle(cmd)));
   const struct nvk_exec_descriptors *d = &ex.desc[NVK_BIND_POINT_COMPUTE];
   CHECK(d->sets[0] == nvk_descriptor_set_from_handle(sets[0])->mem);
   CHECK(d->sets[2] == nvk_descriptor_set_from_handle(sets[1])->mem);
   /* Dynamic buffers in the root table, offsets applied, set 2's after set
    * 0's two. */
   const struct nvk_buffer_address *dyn_root = d->root.dynamic_buffers;
   CHECK_EQ_U64(dyn_root[0].base_addr, addr + 1000);
   CHECK_EQ_U64(dyn_root[1].base_addr, addr + 100 + 2000);
   CHECK_EQ_U64(dyn_root[2].base_addr, addr + 7);
   CHECK_EQ_U64(dyn_root[3].base_addr, addr + 100 + 8);
   CHECK_EQ(dyn_root[3].size_B, 16);
   /* The push set: a snapshot of binding 3 (the layout's only binding). */
   REQUIRE(d->sets[1] != NULL);
   const struct nvk_buffer_address *pushed = (const void *)d->sets[1];
   CHECK_EQ_U64(pushed->base_addr, addr + 300);
   CHECK_EQ(pushed->size_B, 40);
   CHECK(d->set_layouts[1] == nvk_descriptor_set_layout_from_handle(sl_push));
   CHECK(memcmp(d->root.push_constants + 16, pc, 16) == 0);
   CHECK_EQ(d->root.push_constants[0], 0);
   /* Push constants are not per bind point. */
   CHECK(memcmp(ex.desc[NVK_BIND_POINT_GRAPHICS].root.push_constants + 16, pc, 16) == 0);
   /* The other bind point saw nothing. */
   CHECK(ex.desc[NVK_BIND_POINT_GRAPHICS].sets[0] == NULL);

   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   nvk_DestroyDescriptorPool(t.dev, pool, NULL);
   nvk_DestroyDescriptorSetLayout(t.dev, sl_dyn, NULL);
   nvk_DestroyDescriptorSetLayout(t.dev, sl_push, NULL);
   nvk_DestroyBuffer(t.dev, buf, NULL);
   nvk_FreeMemory(t.dev, mem, NULL);
   nvk_test_finish(&t);
}

/* Image descriptors point at the view's descriptor, which names the image
 * layout and the view's range. */
TEST(nvk_image_view_descriptors)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   const VkImageCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .extent = {64, 32, 1},
      .mipLevels = 3,
      .arrayLayers = 4,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT,
   };
   VkImage img;
   REQUIRE(nvk_CreateImage(t.dev, &ici, NULL, &img) == VK_SUCCESS);
   VkMemoryRequirements mr;
   nvk_GetImageMemoryRequirements(t.dev, img, &mr);
   const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = mr.size};
   VkDeviceMemory mem;
   REQUIRE(nvk_AllocateMemory(t.dev, &mai, NULL, &mem) == VK_SUCCESS);
   REQUIRE(nvk_BindImageMemory(t.dev, img, mem, 0) == VK_SUCCESS);
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = VK_FORMAT_R8G8B8A8_SRGB,
      .components = {VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_IDENTITY,
                     VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ONE},
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 1, VK_REMAINING_MIP_LEVELS, 1, 2},
   };
   VkImageView view;
   REQUIRE(nvk_CreateImageView(t.dev, &vci, NULL, &view) == VK_SUCCESS);
   const struct kx_image_desc *vd = &nvk_image_view_from_handle(view)->desc;
   const struct nvk_image *image = nvk_image_from_handle(img);
   CHECK_EQ_U64(vd->base_addr, image->addr);
   CHECK_EQ(vd->format, KIL_FORMAT_R8G8B8A8_SRGB);
   CHECK(vd->dim == KX_IMAGE_DIM_2D && vd->is_array);
   CHECK(vd->num_levels == 2 && vd->base_layer == 1 && vd->num_layers == 2);
   /* Level 0 of the view is the image's level 1. */
   CHECK_EQ(vd->levels[0].width_px, 32);
   CHECK_EQ_U64(vd->levels[0].addr.offset_B, image->layout.levels[1].offset_B);
   CHECK(vd->swizzle[0] == KX_SWIZZLE_B && vd->swizzle[1] == KX_SWIZZLE_G &&
         vd->swizzle[2] == KX_SWIZZLE_R && vd->swizzle[3] == KX_SWIZZLE_1);

   const VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   const VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
      .pBindings = &b};
   VkDescriptorSetLayout sl;
   REQUIRE(nvk_CreateDescriptorSetLayout(t.dev, &lci, NULL, &sl) == VK_SUCCESS);
   const VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
   const VkDescriptorPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                           .maxSets = 1, .poolSizeCount = 1, .pPoolSizes = &size};
   VkDescriptorPool pool;
   REQUIRE(nvk_CreateDescriptorPool(t.dev, &pci, NULL, &pool) == VK_SUCCESS);
   const VkDescriptorSetAllocateInfo ai = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                           .descriptorPool = pool, .descriptorSetCount = 1,
                                           .pSetLayouts = &sl};
   VkDescriptorSet set;
   REQUIRE(nvk_AllocateDescriptorSets(t.dev, &ai, &set) == VK_SUCCESS);
   VkSampler smp = make_sampler(&t, VK_FILTER_LINEAR, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK);
   const VkDescriptorImageInfo ii = {smp, view, VK_IMAGE_LAYOUT_GENERAL};
   const VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                   .dstSet = set, .descriptorCount = 1,
                                   .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                   .pImageInfo = &ii};
   nvk_UpdateDescriptorSets(t.dev, 1, &w, 0, NULL);
   const struct nvk_combined_image_sampler_descriptor *c =
      (const void *)nvk_descriptor_set_from_handle(set)->mem;
   CHECK(c->image.image == vd);
   CHECK(c->sampler.sampler == &nvk_sampler_from_handle(smp)->desc);

   nvk_DestroyDescriptorPool(t.dev, pool, NULL);
   nvk_DestroyDescriptorSetLayout(t.dev, sl, NULL);
   nvk_DestroySampler(t.dev, smp, NULL);
   nvk_DestroyImageView(t.dev, view, NULL);
   nvk_DestroyImage(t.dev, img, NULL);
   nvk_FreeMemory(t.dev, mem, NULL);
   nvk_test_finish(&t);
}
