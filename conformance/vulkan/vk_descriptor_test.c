/* SPDX-License-Identifier: MIT */
/*
 * Descriptors and the objects around them: set layouts, pools (allocation,
 * freeing, reset, exhaustion, fragmentation), updates and copies, update
 * templates, push descriptors, pipeline layouts and push constants,
 * samplers, shader modules, pipeline caches and compute pipeline creation.
 *
 * Through the API only: what the descriptors contain is checked by the
 * driver-internal test (nvk/tests/nvk_descriptor_test.c), and by shaders
 * once they exist.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"
/* After vkt.h, which brings uint32_t. */
#include "store_push_comp.h"

static VkDescriptorSetLayout
make_layout(struct vkt *t, const VkDescriptorSetLayoutBinding *b, uint32_t n,
            VkDescriptorSetLayoutCreateFlags flags)
{
   const VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .flags = flags,
      .bindingCount = n,
      .pBindings = b,
   };
   VkDescriptorSetLayout l = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateDescriptorSetLayout(t->dev, &lci, NULL, &l));
   return l;
}

static VkSampler
make_sampler(struct vkt *t)
{
   const VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_LINEAR,
      .minFilter = VK_FILTER_LINEAR,
      .mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT,
      .maxLod = VK_LOD_CLAMP_NONE,
   };
   VkSampler s = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateSampler(t->dev, &sci, NULL, &s));
   return s;
}

TEST(samplers_of_every_kind)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkFilter filters[] = {VK_FILTER_NEAREST, VK_FILTER_LINEAR};
   const VkSamplerAddressMode modes[] = {
      VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER};
   const VkBorderColor borders[] = {
      VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK, VK_BORDER_COLOR_INT_TRANSPARENT_BLACK,
      VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK,      VK_BORDER_COLOR_INT_OPAQUE_BLACK,
      VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE,      VK_BORDER_COLOR_INT_OPAQUE_WHITE};
   unsigned made = 0;
   for (unsigned f = 0; f < 2; f++) {
      for (unsigned m = 0; m < 4; m++) {
         for (unsigned b = 0; b < 6; b++) {
            const VkSamplerCreateInfo sci = {
               .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
               .magFilter = filters[f],
               .minFilter = filters[1 - f],
               .mipmapMode = f ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST,
               .addressModeU = modes[m],
               .addressModeV = modes[(m + 1) % 4],
               .addressModeW = modes[(m + 2) % 4],
               .mipLodBias = (float)b * 0.25f,
               .compareEnable = b & 1,
               .compareOp = (VkCompareOp)(b % 8),
               .minLod = 0.5f,
               .maxLod = 8.0f,
               .borderColor = borders[b],
            };
            VkSampler s;
            if (VKT_CHECK(vkCreateSampler(t.dev, &sci, NULL, &s))) {
               vkDestroySampler(t.dev, s, NULL);
               made++;
            }
         }
      }
   }
   /* Unnormalized coordinates have their own rules (Vulkan 1.3, 13.1). */
   const VkSamplerCreateInfo un = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .unnormalizedCoordinates = VK_TRUE,
   };
   VkSampler s;
   if (VKT_CHECK(vkCreateSampler(t.dev, &un, NULL, &s)))
      vkDestroySampler(t.dev, s, NULL);
   CHECK_EQ(made, 48);
   vkt_finish(&t);
}

TEST(sets_update_copy_free_reset)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   VkSampler smp = make_sampler(&t);
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 3, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, &smp},
      {2, VK_DESCRIPTOR_TYPE_SAMPLER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {5, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   VkDescriptorSetLayout sl = make_layout(&t, b, 5, 0);
   const VkDescriptorPoolSize sizes[] = {
      {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 6},
      {VK_DESCRIPTOR_TYPE_SAMPLER, 6},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 2},
      {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4},
   };
   const VkDescriptorPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
      .maxSets = 2,
      .poolSizeCount = 4,
      .pPoolSizes = sizes,
   };
   VkDescriptorPool pool;
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &pci, NULL, &pool));
   const VkDescriptorSetLayout two[2] = {sl, sl};
   const VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 2,
      .pSetLayouts = two,
   };
   VkDescriptorSet sets[2];
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &ai, sets));
   CHECK(sets[0] != VK_NULL_HANDLE && sets[1] != VK_NULL_HANDLE && sets[0] != sets[1]);

   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 4096, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &buf));
   /* Three UBOs written from element 1 with count 2, then element 0. */
   const VkDescriptorBufferInfo ubo[3] = {{buf.buffer, 0, 256}, {buf.buffer, 256, 256},
                                          {buf.buffer, 512, VK_WHOLE_SIZE}};
   const VkDescriptorImageInfo samplers[2] = {{.sampler = smp}, {.sampler = smp}};
   const VkDescriptorBufferInfo ssbo[3] = {{buf.buffer, 1024, 64}, {buf.buffer, 2048, 64},
                                           {buf.buffer, 3072, 64}};
   const VkWriteDescriptorSet w[] = {
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 0,
       .dstArrayElement = 1, .descriptorCount = 2,
       .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, .pBufferInfo = &ubo[1]},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 0,
       .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
       .pBufferInfo = &ubo[0]},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 2,
       .descriptorCount = 2, .descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER,
       .pImageInfo = samplers},
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 3,
       .descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
       .pBufferInfo = &ssbo[0]},
      /* Rolls over from binding 5 element 1 ... only element 1 exists. */
      {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = sets[0], .dstBinding = 5,
       .descriptorCount = 2, .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
       .pBufferInfo = &ssbo[1]},
   };
   vkUpdateDescriptorSets(t.dev, 5, w, 0, NULL);
   const VkCopyDescriptorSet c[] = {
      {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, .srcSet = sets[0], .srcBinding = 0,
       .dstSet = sets[1], .dstBinding = 0, .descriptorCount = 3},
      {.sType = VK_STRUCTURE_TYPE_COPY_DESCRIPTOR_SET, .srcSet = sets[0], .srcBinding = 5,
       .srcArrayElement = 1, .dstSet = sets[1], .dstBinding = 5, .descriptorCount = 1},
   };
   vkUpdateDescriptorSets(t.dev, 0, NULL, 2, c);

   /* Bind with a dynamic offset and submit. */
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &sl,
   };
   VkPipelineLayout pl;
   VKT_REQUIRE(vkCreatePipelineLayout(t.dev, &plci, NULL, &pl));
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const uint32_t dyn = 256;
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &sets[0], 1, &dyn);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   VKT_CHECK(vkFreeDescriptorSets(t.dev, pool, 1, &sets[0]));
   VkDescriptorSet again;
   const VkDescriptorSetAllocateInfo one = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &sl,
   };
   VKT_CHECK(vkAllocateDescriptorSets(t.dev, &one, &again));
   VKT_CHECK(vkResetDescriptorPool(t.dev, pool, 0));
   VKT_CHECK(vkAllocateDescriptorSets(t.dev, &ai, sets));

   vkDestroyPipelineLayout(t.dev, pl, NULL);
   vkDestroyDescriptorPool(t.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(t.dev, sl, NULL);
   vkDestroySampler(t.dev, smp, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

/* Pool exhaustion: VK_ERROR_OUT_OF_POOL_MEMORY once the sets or descriptors
 * of a type run out, handles NULL. On a Vulkan 1.0 device without
 * VK_KHR_maintenance1 asking for more is invalid usage (the error is what
 * the driver still answers): expected validation errors there. */
TEST(pool_exhaustion)
{
   static const char *const m1[] = {VK_KHR_MAINTENANCE_1_EXTENSION_NAME};
   struct vkt t;
   struct vkt_req req = {.extensions = m1, .extension_count = 1};
   bool maint1 = true;
   if (!vkt_init(&t, &req)) {
      maint1 = false;
      test_skip(NULL);
      if (!vkt_init(&t, NULL))
         return;
   }
   const VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayout sl = make_layout(&t, &b, 1, 0);
   const VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 5};
   const VkDescriptorPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 3,
      .poolSizeCount = 1,
      .pPoolSizes = &size,
   };
   VkDescriptorPool pool;
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &pci, NULL, &pool));
   const VkDescriptorSetAllocateInfo one = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &sl,
   };
   VkDescriptorSet s[3];
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &one, &s[0]));
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &one, &s[1]));
   /* 4 of 5 UBOs used: a third set of 2 does not fit. */
   if (!maint1)
      vkt_expect_validation_errors_begin(&t);
   s[2] = (VkDescriptorSet)(uintptr_t)0x1234;
   const VkResult r = vkAllocateDescriptorSets(t.dev, &one, &s[2]);
   if (!maint1)
      vkt_expect_validation_errors_end(&t);
   if (t.is_kiln)
      VKT_CHECK_RESULT(r, VK_ERROR_OUT_OF_POOL_MEMORY);
   else
      CHECK(r == VK_ERROR_OUT_OF_POOL_MEMORY || r == VK_SUCCESS);
   if (r != VK_SUCCESS)
      CHECK(s[2] == VK_NULL_HANDLE);

   /* maxSets: a pool of one set, asked for two in one call. */
   VkDescriptorPool small;
   const VkDescriptorPoolCreateInfo pci1 = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 1,
      .pPoolSizes = &size,
   };
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &pci1, NULL, &small));
   const VkDescriptorSetLayout two[2] = {sl, sl};
   const VkDescriptorSetAllocateInfo ai2 = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = small,
      .descriptorSetCount = 2,
      .pSetLayouts = two,
   };
   VkDescriptorSet pair[2] = {(VkDescriptorSet)(uintptr_t)1, (VkDescriptorSet)(uintptr_t)2};
   if (!maint1)
      vkt_expect_validation_errors_begin(&t);
   const VkResult r2 = vkAllocateDescriptorSets(t.dev, &ai2, pair);
   if (!maint1)
      vkt_expect_validation_errors_end(&t);
   if (t.is_kiln)
      VKT_CHECK_RESULT(r2, VK_ERROR_OUT_OF_POOL_MEMORY);
   else
      CHECK(r2 == VK_ERROR_OUT_OF_POOL_MEMORY || r2 == VK_SUCCESS);
   if (r2 != VK_SUCCESS)
      CHECK(pair[0] == VK_NULL_HANDLE && pair[1] == VK_NULL_HANDLE);
   /* The failed call took nothing: one set still fits. */
   VkDescriptorSet single;
   const VkDescriptorSetAllocateInfo one_small = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = small,
      .descriptorSetCount = 1,
      .pSetLayouts = &sl,
   };
   if (r2 != VK_SUCCESS)
      VKT_CHECK(vkAllocateDescriptorSets(t.dev, &one_small, &single));
   vkDestroyDescriptorPool(t.dev, small, NULL);
   vkDestroyDescriptorPool(t.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(t.dev, sl, NULL);
   vkt_finish(&t);
}

/* Sets of different sizes freed in the middle leave holes: a larger set
 * may then fail with VK_ERROR_FRAGMENTED_POOL (kiln does). Sets that are
 * all the same size must never fragment (Vulkan 1.3,
 * vkAllocateDescriptorSets). */
TEST(pool_fragmentation)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDescriptorSetLayoutBinding b1 = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                            VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   const VkDescriptorSetLayoutBinding b2 = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2,
                                            VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayout l1 = make_layout(&t, &b1, 1, 0), l2 = make_layout(&t, &b2, 1, 0);
   const VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4};
   const VkDescriptorPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT,
      .maxSets = 4,
      .poolSizeCount = 1,
      .pPoolSizes = &size,
   };
   VkDescriptorPool pool;
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &pci, NULL, &pool));
   /* [1][2][1]: free both 1s, then ask for 2. */
   const VkDescriptorSetLayout order[3] = {l1, l2, l1};
   const VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 3,
      .pSetLayouts = order,
   };
   VkDescriptorSet s[3];
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &ai, s));
   const VkDescriptorSet ends[2] = {s[0], s[2]};
   VKT_CHECK(vkFreeDescriptorSets(t.dev, pool, 2, ends));
   const VkDescriptorSetAllocateInfo big = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &l2,
   };
   VkDescriptorSet d;
   const VkResult r = vkAllocateDescriptorSets(t.dev, &big, &d);
   if (t.is_kiln)
      VKT_CHECK_RESULT(r, VK_ERROR_FRAGMENTED_POOL);
   else
      CHECK(r == VK_SUCCESS || r == VK_ERROR_FRAGMENTED_POOL);
   printf("  [1][2][1] minus the 1s, then a 2: %s\n", vkt_result_str(r));
   if (r == VK_SUCCESS)
      VKT_CHECK(vkFreeDescriptorSets(t.dev, pool, 1, &d));

   /* Same-size sets never fragment: fill with 1s, free 0 and 2, refill. */
   VKT_CHECK(vkResetDescriptorPool(t.dev, pool, 0));
   const VkDescriptorSetLayout four[4] = {l1, l1, l1, l1};
   const VkDescriptorSetAllocateInfo ai4 = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 4,
      .pSetLayouts = four,
   };
   VkDescriptorSet s4[4];
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &ai4, s4));
   const VkDescriptorSet holes[2] = {s4[0], s4[2]};
   VKT_CHECK(vkFreeDescriptorSets(t.dev, pool, 2, holes));
   const VkDescriptorSetAllocateInfo ai2 = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 2,
      .pSetLayouts = four,
   };
   VKT_CHECK(vkAllocateDescriptorSets(t.dev, &ai2, s4));
   vkDestroyDescriptorPool(t.dev, pool, NULL);
   vkDestroyDescriptorSetLayout(t.dev, l1, NULL);
   vkDestroyDescriptorSetLayout(t.dev, l2, NULL);
   vkt_finish(&t);
}

TEST(update_templates_and_push_descriptors)
{
   static const char *const exts[] = {VK_KHR_DESCRIPTOR_UPDATE_TEMPLATE_EXTENSION_NAME,
                                      VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 2};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkCreateDescriptorUpdateTemplateKHR create =
      VKT_PROC(&t, vkCreateDescriptorUpdateTemplateKHR);
   PFN_vkDestroyDescriptorUpdateTemplateKHR destroy =
      VKT_PROC(&t, vkDestroyDescriptorUpdateTemplateKHR);
   PFN_vkUpdateDescriptorSetWithTemplateKHR update =
      VKT_PROC(&t, vkUpdateDescriptorSetWithTemplateKHR);
   PFN_vkCmdPushDescriptorSetKHR push = VKT_PROC(&t, vkCmdPushDescriptorSetKHR);
   PFN_vkCmdPushDescriptorSetWithTemplateKHR push_tmpl =
      VKT_PROC(&t, vkCmdPushDescriptorSetWithTemplateKHR);
   REQUIRE(create && destroy && update && push && push_tmpl);

   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 4096, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                                          VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &buf));
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
   };
   VkDescriptorSetLayout sl = make_layout(&t, b, 2, 0);
   VkDescriptorSetLayout psl =
      make_layout(&t, b, 2, VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR);
   const VkDescriptorSetLayout both[2] = {sl, psl};
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 16};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 2,
      .pSetLayouts = both,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   VkPipelineLayout pl;
   VKT_REQUIRE(vkCreatePipelineLayout(t.dev, &plci, NULL, &pl));

   /* Application data with its own layout: two UBO infos 32 bytes apart
    * and an SSBO info first. */
   struct app {
      VkDescriptorBufferInfo ssbo;
      struct {
         VkDescriptorBufferInfo info;
         uint64_t pad;
      } ubo[2];
   } data = {{buf.buffer, 1024, 64}, {{{buf.buffer, 0, 64}, 0}, {{buf.buffer, 256, 64}, 0}}};
   const VkDescriptorUpdateTemplateEntry entries[2] = {
      {1, 0, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, offsetof(struct app, ssbo), 0},
      {0, 0, 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, offsetof(struct app, ubo),
       sizeof(data.ubo[0])},
   };
   const VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 2,
      .pDescriptorUpdateEntries = entries,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET,
      .descriptorSetLayout = sl,
   };
   VkDescriptorUpdateTemplate tmpl;
   VKT_REQUIRE(create(t.dev, &tci, NULL, &tmpl));
   const VkDescriptorUpdateTemplateCreateInfo ptci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 2,
      .pDescriptorUpdateEntries = entries,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_COMPUTE,
      .pipelineLayout = pl,
      .set = 1,
   };
   VkDescriptorUpdateTemplate ptmpl;
   VKT_REQUIRE(create(t.dev, &ptci, NULL, &ptmpl));

   const VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2},
                                          {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
   const VkDescriptorPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 2,
      .pPoolSizes = sizes,
   };
   VkDescriptorPool pool;
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &pci, NULL, &pool));
   const VkDescriptorSetAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &sl,
   };
   VkDescriptorSet set;
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &ai, &set));
   update(t.dev, set, tmpl, &data);

   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   const VkWriteDescriptorSet pw = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstBinding = 0,
      .descriptorCount = 2,
      .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
      .pBufferInfo = (const VkDescriptorBufferInfo[]){{buf.buffer, 512, 64},
                                                      {buf.buffer, 768, 64}},
   };
   push(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 1, 1, &pw);
   push_tmpl(cmd, ptmpl, pl, 1, &data);
   const uint32_t pc[4] = {1, 2, 3, 4};
   vkCmdPushConstants(cmd, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 16, pc);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   destroy(t.dev, tmpl, NULL);
   destroy(t.dev, ptmpl, NULL);
   vkDestroyDescriptorPool(t.dev, pool, NULL);
   vkDestroyPipelineLayout(t.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(t.dev, sl, NULL);
   vkDestroyDescriptorSetLayout(t.dev, psl, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

TEST(descriptor_set_layout_support)
{
   static const char *const exts[] = {VK_KHR_MAINTENANCE_3_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkGetDescriptorSetLayoutSupportKHR support =
      VKT_PROC(&t, vkGetDescriptorSetLayoutSupportKHR);
   REQUIRE(support);
   PFN_vkGetPhysicalDeviceProperties2KHR props2 = (PFN_vkGetPhysicalDeviceProperties2KHR)
      vkGetInstanceProcAddr(t.instance, "vkGetPhysicalDeviceProperties2KHR");
   VkPhysicalDeviceMaintenance3Properties m3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_3_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &m3};
   props2(t.pdev, &p2);
   CHECK(m3.maxPerSetDescriptors >= 1024);
   CHECK(m3.maxMemoryAllocationSize >= (1ull << 30));
   const VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 16,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   const VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 1,
      .pBindings = &b,
   };
   VkDescriptorSetLayoutSupport s = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_SUPPORT};
   support(t.dev, &lci, &s);
   CHECK(s.supported);
   vkt_finish(&t);
}

/* Shader modules, pipeline caches, and compute pipeline creation (what the
 * pipelines compute: vk_compute_test). */
TEST(shader_module_pipeline_cache_and_compute_pipeline)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(store_push_comp_spv),
      .pCode = store_push_comp_spv,
   };
   VkShaderModule module;
   VKT_REQUIRE(vkCreateShaderModule(t.dev, &smci, NULL, &module));

   const VkPipelineCacheCreateInfo cci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   VkPipelineCache cache;
   VKT_REQUIRE(vkCreatePipelineCache(t.dev, &cci, NULL, &cache));

   const VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VkDescriptorSetLayout sl = make_layout(&t, &b, 1, 0);
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 1,
      .pSetLayouts = &sl,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   VkPipelineLayout pl;
   VKT_REQUIRE(vkCreatePipelineLayout(t.dev, &plci, NULL, &pl));
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                .module = module,
                .pName = "main"},
      .layout = pl,
   };
   VkPipeline pipeline = (VkPipeline)(uintptr_t)0x42;
   const VkResult r = vkCreateComputePipelines(t.dev, cache, 1, &cpci, NULL, &pipeline);
   VKT_CHECK(r);
   if (pipeline)
      vkDestroyPipeline(t.dev, pipeline, NULL);

   /* The cache data starts with the spec's header (Vulkan 1.3, 10.7.4). */
   size_t size = 0;
   VKT_CHECK(vkGetPipelineCacheData(t.dev, cache, &size, NULL));
   REQUIRE(size >= 32);
   uint8_t *data = malloc(size);
   VKT_CHECK(vkGetPipelineCacheData(t.dev, cache, &size, data));
   VkPipelineCacheHeaderVersionOne h;
   memcpy(&h, data, sizeof(h));
   CHECK_EQ(h.headerSize, 32);
   CHECK_EQ(h.headerVersion, VK_PIPELINE_CACHE_HEADER_VERSION_ONE);
   CHECK_EQ(h.vendorID, t.props.vendorID);
   CHECK_EQ(h.deviceID, t.props.deviceID);
   CHECK(memcmp(h.pipelineCacheUUID, t.props.pipelineCacheUUID, VK_UUID_SIZE) == 0);
   /* A cache made from that data, merged into the first. */
   const VkPipelineCacheCreateInfo cci2 = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
      .initialDataSize = size,
      .pInitialData = data,
   };
   VkPipelineCache cache2;
   VKT_CHECK(vkCreatePipelineCache(t.dev, &cci2, NULL, &cache2));
   VKT_CHECK(vkMergePipelineCaches(t.dev, cache, 1, &cache2));
   free(data);

   vkDestroyPipelineCache(t.dev, cache2, NULL);
   vkDestroyPipelineCache(t.dev, cache, NULL);
   vkDestroyPipelineLayout(t.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(t.dev, sl, NULL);
   vkDestroyShaderModule(t.dev, module, NULL);
   vkt_finish(&t);
}
