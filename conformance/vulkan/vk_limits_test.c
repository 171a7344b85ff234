/* SPDX-License-Identifier: MIT */
/*
 * Hostile counts (issue 16): a count the host cannot hold fails promptly
 * with VK_ERROR_OUT_OF_HOST_MEMORY (or OUT_OF_DEVICE_MEMORY for an image)
 * before anything is allocated, instead of growing the process towards
 * the OOM killer (2^26 command buffers reached about 20 GB). The budget
 * is nvk/nvk_host_budget.h's: an eighth of the physical memory, at most
 * 4 GiB per call, KILN_HOST_BUDGET_MB to set it. kiln only: these counts
 * are valid usage, and another driver may well try to honour them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stn_gen.h"
#include "vkt.h"
#include "vkt_compute.h"

/* The calling thread's CPU time, not the wall clock: these checks ask
 * whether the driver does work in proportion to what it was given (fails
 * at once, grows linearly), which another process's load must not decide.
 * Everything measured runs on the calling thread (allocation, the failure
 * path, pipeline compilation). */
static double
now_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const struct vkt_req kiln_only = {.kiln_only = true};

/* 2^23 command buffers of about 520 bytes: 4.4 GB, over the 4 GiB cap. The
 * time allowed is for writing 2^23 NULL handles (the spec's failure rule)
 * on a loaded machine; allocating them took minutes or the OOM killer. */
TEST(command_buffers_beyond_the_budget_fail_at_once)
{
   struct vkt t;
   if (!vkt_init(&t, &kiln_only))
      return;
   const uint32_t count = 1u << 23;
   VkCommandBuffer *cmds = malloc(count * sizeof(*cmds));
   REQUIRE(cmds);
   memset(cmds, 0xab, sizeof(*cmds)); /* the first must be reset to NULL */
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t.pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = count,
   };
   const double t0 = now_s();
   CHECK_EQ(vkAllocateCommandBuffers(t.dev, &ai, cmds), VK_ERROR_OUT_OF_HOST_MEMORY);
   CHECK(now_s() - t0 < 5.0);
   CHECK(cmds[0] == VK_NULL_HANDLE && cmds[count - 1] == VK_NULL_HANDLE);
   free(cmds);
   vkt_finish(&t);
}

TEST(command_buffers_follow_the_budget)
{
   setenv("KILN_HOST_BUDGET_MB", "1", 1);
   struct vkt t;
   if (!vkt_init(&t, &kiln_only)) {
      unsetenv("KILN_HOST_BUDGET_MB");
      return;
   }
   VkCommandBuffer cmds[4096];
   VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t.pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 4096, /* about 2 MB: over 1 MiB */
   };
   CHECK_EQ(vkAllocateCommandBuffers(t.dev, &ai, cmds), VK_ERROR_OUT_OF_HOST_MEMORY);
   ai.commandBufferCount = 1000; /* about 0.5 MB */
   if (CHECK_EQ(vkAllocateCommandBuffers(t.dev, &ai, cmds), VK_SUCCESS))
      vkFreeCommandBuffers(t.dev, t.pool, 1000, cmds);
   unsetenv("KILN_HOST_BUDGET_MB");
   vkt_finish(&t);
}

TEST(descriptor_and_query_pools_beyond_the_budget_fail_at_once)
{
   struct vkt t;
   if (!vkt_init(&t, &kiln_only))
      return;
   const VkDescriptorPoolSize size = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, UINT32_MAX};
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = UINT32_MAX,
      .poolSizeCount = 1,
      .pPoolSizes = &size,
   };
   VkDescriptorPool dpool = VK_NULL_HANDLE;
   double t0 = now_s();
   CHECK_EQ(vkCreateDescriptorPool(t.dev, &dpci, NULL, &dpool), VK_ERROR_OUT_OF_HOST_MEMORY);
   /* maxSets alone: the sets' structs would not fit either. */
   const VkDescriptorPoolSize one = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   const VkDescriptorPoolCreateInfo sets_only = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = UINT32_MAX,
      .poolSizeCount = 1,
      .pPoolSizes = &one,
   };
   CHECK_EQ(vkCreateDescriptorPool(t.dev, &sets_only, NULL, &dpool),
            VK_ERROR_OUT_OF_HOST_MEMORY);
   const VkQueryPoolCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_TIMESTAMP,
      .queryCount = UINT32_MAX,
   };
   VkQueryPool qpool = VK_NULL_HANDLE;
   CHECK_EQ(vkCreateQueryPool(t.dev, &qci, NULL, &qpool), VK_ERROR_OUT_OF_HOST_MEMORY);
   CHECK(now_s() - t0 < 1.0);
   vkt_finish(&t);
}

/* The largest 2D image the limits allow, every layer, RGBA32F: far more
 * than the heap. Refused at creation, before memory is bound. */
TEST(images_beyond_the_heap_fail_at_creation)
{
   struct vkt t;
   if (!vkt_init(&t, &kiln_only))
      return;
   const VkImageCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R32G32B32A32_SFLOAT,
      .extent = {t.props.limits.maxImageDimension2D, t.props.limits.maxImageDimension2D, 1},
      .mipLevels = 1,
      .arrayLayers = t.props.limits.maxImageArrayLayers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_STORAGE_BIT,
   };
   VkImage image = VK_NULL_HANDLE;
   const double t0 = now_s();
   const VkResult r = vkCreateImage(t.dev, &ci, NULL, &image);
   CHECK(r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY);
   CHECK(now_s() - t0 < 1.0);
   if (r == VK_SUCCESS)
      vkDestroyImage(t.dev, image, NULL);
   vkt_finish(&t);
}

static double
create_pipeline_s(struct vkt *t, enum stn_gen_shape shape, unsigned units)
{
   size_t n;
   uint32_t *w = stn_gen_module(shape, units, &n);
   if (!w)
      return -1;
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_pipeline p;
   const double t0 = now_s();
   const bool ok = vkt_pipeline_create(
      t, &(struct vkt_pipeline_info){.spirv = w, .spirv_size = n * 4, .bindings = b,
                                     .binding_count = 1},
      &p);
   const double dt = now_s() - t0;
   if (ok)
      vkt_pipeline_destroy(t, &p);
   free(w);
   printf("    %s, %u units: %.3f CPU s\n", stn_gen_shape_name(shape), units, dt);
   return ok ? dt : -1;
}

/* vkCreateComputePipelines on generated modules 4x apart in size (a
 * 20,000-block chain took 7.8 s): the front end, the IR passes and kx's
 * translation together must grow far less than 16x. Without the
 * validation layer: its spirv-val dominates at these sizes (a 10,000-block
 * chain: 2.3 s with it, 0.3 s without) and is not what is tested. Measured
 * 2026-11-26 on the loaded 2-core machine, 1x -> 4x: chain 0.11 -> 0.31 s,
 * switch 0.07 -> 0.52 s, phi web 0.05 -> 0.27 s, variables 0.003 -> 0.08 s:
 * the switch and phi shapes still grow faster than linearly in the driver's
 * own passes (nvk/compiler, kx), which docs/performance.md lists as left. */
TEST(pipeline_creation_is_linear_in_the_module)
{
   static const struct vkt_req req = {.kiln_only = true, .no_validation = true};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   static const struct {
      enum stn_gen_shape shape;
      unsigned units;
   } cases[] = {
      {STN_GEN_CHAIN, 2500}, {STN_GEN_SWITCH, 1000}, {STN_GEN_PHI_WEB, 1024},
      {STN_GEN_VARIABLES, 1024},
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const double small = create_pipeline_s(&t, cases[i].shape, cases[i].units);
      const double large = create_pipeline_s(&t, cases[i].shape, 4 * cases[i].units);
      CHECK(small >= 0 && large >= 0);
      CHECK(large < 20.0); /* CPU seconds: generous for -O0 sanitizer builds */
      if (small > 0.05) /* long enough for the ratio to mean something */
         CHECK(large < 12 * small);
   }
   vkt_finish(&t);
}
