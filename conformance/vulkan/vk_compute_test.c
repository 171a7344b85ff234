/* SPDX-License-Identifier: MIT */
/*
 * Compute shaders through the loader: shared memory and barriers, atomics,
 * matrix multiply, push constants, dispatch base and indirect,
 * specialization constants, out-of-bounds reads, the pipeline cache, and
 * the compute-invocations statistic. Every result is checked against the
 * same computation on the host.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt_compute.h"

#include "dispatch_ids_comp.h"
#include "histogram_comp.h"
#include "matmul_comp.h"
#include "oob_read_comp.h"
#include "prefix_sum_comp.h"
#include "push_consts_comp.h"
#include "push_descriptors_comp.h"
#include "spec_consts_comp.h"
#include "store_push_comp.h"
#include "subgroup_arb_comp.h"
#include "subgroup_khr_comp.h"
#include "ubo_layouts_comp.h"
#include "wide_types_comp.h"

#define SSBO VK_DESCRIPTOR_TYPE_STORAGE_BUFFER
#define CS VK_SHADER_STAGE_COMPUTE_BIT

static bool
storage_buffer(struct vkt *t, VkDeviceSize size, struct vkt_buffer *b)
{
   return vkt_buffer_create(t, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, b);
}

TEST(store_push_constant)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   struct vkt_pipeline p;
   struct vkt_buffer buf;
   REQUIRE(storage_buffer(&t, 1024 * 4, &buf));
   memset(buf.map, 0, 1024 * 4);
   REQUIRE(vkt_pipeline_create(
      &t, &(struct vkt_pipeline_info){VKT_SPIRV(store_push_comp_spv), .bindings = b,
                                      .binding_count = 1, .push_size = 4},
      &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, buf.buffer, 0, VK_WHOLE_SIZE);
   const uint32_t value = 0xc0ffee;
   REQUIRE(vkt_run_compute(&t, &p, &value, 4, 1000, 1, 1));
   const uint32_t *v = (const uint32_t *)buf.map;
   for (unsigned i = 0; i < 1024; i++)
      CHECK_EQ(v[i], i < 1000 ? value : 0);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

TEST(prefix_sum_shared_memory_barriers)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { G = 37, N = 256 * G };
   const VkDescriptorSetLayoutBinding b[] = {
      {0, SSBO, 1, CS, NULL}, {1, SSBO, 1, CS, NULL}, {2, SSBO, 1, CS, NULL}};
   struct vkt_buffer in, out, totals;
   REQUIRE(storage_buffer(&t, N * 4, &in));
   REQUIRE(storage_buffer(&t, N * 4, &out));
   REQUIRE(storage_buffer(&t, G * 4, &totals));
   uint32_t *src = (uint32_t *)in.map;
   for (unsigned i = 0; i < N; i++)
      src[i] = (i * 2654435761u) >> 24;
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(prefix_sum_comp_spv),
                                                               .bindings = b, .binding_count = 3},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, in.buffer, 0, VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 1, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 2, SSBO, totals.buffer, 0, VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, G, 1, 1));
   const uint32_t *dst = (const uint32_t *)out.map, *tot = (const uint32_t *)totals.map;
   unsigned bad = 0;
   for (unsigned g = 0; g < G; g++) {
      uint32_t sum = 0;
      for (unsigned i = 0; i < 256; i++) {
         sum += src[g * 256 + i];
         if (dst[g * 256 + i] != sum && bad++ < 5)
            CHECK_EQ(dst[g * 256 + i], sum);
      }
      CHECK_EQ(tot[g], sum);
   }
   CHECK_EQ(bad, 0);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &in);
   vkt_buffer_destroy(&t, &out);
   vkt_buffer_destroy(&t, &totals);
   vkt_finish(&t);
}

TEST(histogram_buffer_and_shared_atomics)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { G = 200, N = 64 * G };
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}, {1, SSBO, 1, CS, NULL}};
   struct vkt_buffer in, hist;
   REQUIRE(storage_buffer(&t, N * 4, &in));
   REQUIRE(storage_buffer(&t, 33 * 4, &hist));
   uint32_t *src = (uint32_t *)in.map;
   uint32_t want[32] = {0}, maxv = 0;
   for (unsigned i = 0; i < N; i++) {
      src[i] = (i * 2246822519u) ^ (i >> 3);
      want[src[i] % 32]++;
      maxv = src[i] > maxv ? src[i] : maxv;
   }
   memset(hist.map, 0, 33 * 4);
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(histogram_comp_spv),
                                                               .bindings = b, .binding_count = 2},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, in.buffer, 0, VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 1, SSBO, hist.buffer, 0, VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, G, 1, 1));
   const uint32_t *h = (const uint32_t *)hist.map;
   CHECK_EQ(h[0], maxv);
   for (unsigned i = 0; i < 32; i++)
      CHECK_EQ(h[1 + i], want[i]);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &in);
   vkt_buffer_destroy(&t, &hist);
   vkt_finish(&t);
}

TEST(matrix_multiply)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { N = 96 };
   const VkDescriptorSetLayoutBinding b[] = {
      {0, SSBO, 1, CS, NULL}, {1, SSBO, 1, CS, NULL}, {2, SSBO, 1, CS, NULL}};
   struct vkt_buffer ba, bb, bc;
   REQUIRE(storage_buffer(&t, N * N * 4, &ba));
   REQUIRE(storage_buffer(&t, N * N * 4, &bb));
   REQUIRE(storage_buffer(&t, N * N * 4, &bc));
   float *a = (float *)ba.map, *m = (float *)bb.map;
   for (unsigned i = 0; i < N * N; i++) {
      a[i] = (float)((int)(i % 13) - 6) * 0.25f;
      m[i] = (float)((int)((i * 7) % 11) - 5) * 0.5f;
   }
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(matmul_comp_spv),
                                                               .bindings = b, .binding_count = 3,
                                                               .push_size = 4},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, ba.buffer, 0, VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 1, SSBO, bb.buffer, 0, VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 2, SSBO, bc.buffer, 0, VK_WHOLE_SIZE);
   const uint32_t n = N;
   REQUIRE(vkt_run_compute(&t, &p, &n, 4, N / 16, N / 16, 1));
   const float *c = (const float *)bc.map;
   unsigned bad = 0;
   for (unsigned r = 0; r < N; r++) {
      for (unsigned col = 0; col < N; col++) {
         float want = 0;
         for (unsigned k = 0; k < N; k++)
            want += a[r * N + k] * m[k * N + col];
         /* Products of multiples of 1/8 sum exactly: no rounding slack. */
         if (c[r * N + col] != want && bad++ < 5)
            test_fail(__FILE__, __LINE__, "C[%u][%u] = %g, want %g", r, col, c[r * N + col],
                      want);
      }
   }
   CHECK_EQ(bad, 0);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &ba);
   vkt_buffer_destroy(&t, &bb);
   vkt_buffer_destroy(&t, &bc);
   vkt_finish(&t);
}

TEST(push_constants_types_and_offsets)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   struct vkt_buffer out;
   REQUIRE(storage_buffer(&t, 16 * 16, &out));
   struct {
      uint32_t a;
      float b;
      uint32_t c[2];
      float d[4];
      int32_t e[3];
   } push = {7, 1.5f, {0xf0f0, 0x0ff0}, {0.25f, 2.0f, -3.0f, 8.0f}, {-1, 5, 100}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(push_consts_comp_spv),
                                                               .bindings = b, .binding_count = 1,
                                                               .push_size = sizeof(push)},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, &push, sizeof(push), 4, 1, 1));
   const uint32_t *o = (const uint32_t *)out.map;
   for (uint32_t i = 0; i < 16; i++) {
      CHECK_EQ(o[i * 4 + 0], 7 + i);
      float f = 1.5f * (float)(i + 1);
      uint32_t fb;
      memcpy(&fb, &f, 4);
      CHECK_EQ(o[i * 4 + 1], fb);
      CHECK_EQ(o[i * 4 + 2], 0xf0f0u ^ 0x0ff0u);
      uint32_t db;
      memcpy(&db, &push.d[i % 4], 4);
      CHECK_EQ(o[i * 4 + 3], db + (uint32_t)push.e[i % 3]);
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* dispatch_ids.comp writes at (z * 64 + y) * 64 + x of the global id. */
static void
check_ids(const uint32_t *o, const uint32_t base[3], const uint32_t count[3], unsigned *bad)
{
   for (uint32_t gz = 0; gz < 64; gz++)
      for (uint32_t gy = 0; gy < 64; gy++)
         for (uint32_t gx = 0; gx < 64; gx++) {
            const uint32_t *e = &o[((gz * 64 + gy) * 64 + gx) * 4];
            const uint32_t wx = gx / 2, wy = gy / 2, wz = gz;
            const bool inside = wx >= base[0] && wx < base[0] + count[0] && wy >= base[1] &&
                                wy < base[1] + count[1] && wz >= base[2] &&
                                wz < base[2] + count[2];
            if (!inside) {
               if (e[3] != 0 && (*bad)++ < 5)
                  test_fail(__FILE__, __LINE__, "invocation (%u,%u,%u) ran", gx, gy, gz);
               continue;
            }
            const uint32_t want0 = wx | (wy << 8) | (wz << 16);
            const uint32_t want1 = (gy % 2) * 2 + gx % 2;
            const uint32_t want2 = (count[0] * 2) | ((count[1] * 2) << 8) | (count[2] << 16);
            if ((e[0] != want0 || e[1] != want1 || e[2] != want2 || e[3] != 1) &&
                (*bad)++ < 5)
               test_fail(__FILE__, __LINE__,
                         "invocation (%u,%u,%u): %x %x %x %x, want %x %x %x 1", gx, gy, gz,
                         e[0], e[1], e[2], e[3], want0, want1, want2);
         }
}

TEST(dispatch_indirect)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   const size_t size = 64 * 64 * 64 * 16;
   struct vkt_buffer out, ind;
   REQUIRE(storage_buffer(&t, size, &out));
   REQUIRE(vkt_buffer_create(&t, 64, VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, &ind));
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(dispatch_ids_comp_spv),
                                                               .bindings = b, .binding_count = 1},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);

   /* Indirect, with the counts at an offset. */
   memset(out.map, 0, size);
   const uint32_t icount[3] = {5, 3, 2};
   memcpy(ind.map + 16, icount, 12);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &p.set, 0, NULL);
   vkCmdDispatchIndirect(cmd, ind.buffer, 16);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   unsigned bad = 0;
   const uint32_t zero[3] = {0, 0, 0};
   check_ids((const uint32_t *)out.map, zero, icount, &bad);
   CHECK_EQ(bad, 0);

   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_buffer_destroy(&t, &ind);
   vkt_finish(&t);
}

/* vkCmdDispatchBase through VK_KHR_device_group (one-device groups on
 * kiln): workgroup ids start at the base, gl_NumWorkGroups is the count. */
TEST(dispatch_base)
{
   static const char *const ext[] = {VK_KHR_DEVICE_GROUP_EXTENSION_NAME};
   struct vkt t;
   /* A 1.1 instance provides VK_KHR_device_group_creation, which the
    * extension depends on. */
   if (!vkt_init(&t, &(struct vkt_req){.extensions = ext,
                                       .extension_count = 1,
                                       .instance_api_version = VK_API_VERSION_1_1}))
      return;
   PFN_vkCmdDispatchBaseKHR dispatch_base =
      (PFN_vkCmdDispatchBaseKHR)vkGetDeviceProcAddr(t.dev, "vkCmdDispatchBaseKHR");
   PFN_vkCmdSetDeviceMaskKHR set_device_mask =
      (PFN_vkCmdSetDeviceMaskKHR)vkGetDeviceProcAddr(t.dev, "vkCmdSetDeviceMaskKHR");
   REQUIRE(dispatch_base && set_device_mask);
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   const size_t size = 64 * 64 * 64 * 16;
   struct vkt_buffer out;
   REQUIRE(storage_buffer(&t, size, &out));
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t,
                               &(struct vkt_pipeline_info){VKT_SPIRV(dispatch_ids_comp_spv),
                                                           .bindings = b, .binding_count = 1,
                                                           .flags =
                                                              VK_PIPELINE_CREATE_DISPATCH_BASE_BIT},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   static const uint32_t cases[][6] = {
      {3, 7, 1, 4, 2, 3}, /* base, count */
      {0, 0, 0, 2, 2, 2},
      {28, 0, 5, 4, 1, 1},
   };
   for (unsigned c = 0; c < ARRAY_SIZE(cases); c++) {
      memset(out.map, 0, size);
      const uint32_t *base = cases[c], *count = cases[c] + 3;
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      set_device_mask(cmd, 1);
      vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
      vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &p.set, 0,
                              NULL);
      dispatch_base(cmd, base[0], base[1], base[2], count[0], count[1], count[2]);
      vkt_cmd_barrier(cmd);
      REQUIRE(vkt_cmd_submit_wait(&t, cmd));
      unsigned bad = 0;
      check_ids((const uint32_t *)out.map, base, count, &bad);
      CHECK_EQ(bad, 0);
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

TEST(specialization_constants_and_workgroup_size)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   struct vkt_buffer out;
   REQUIRE(storage_buffer(&t, 256 * 16, &out));
   /* Defaults first (workgroup size 1), then specialized. */
   for (unsigned pass = 0; pass < 2; pass++) {
      memset(out.map, 0, 256 * 16);
      struct {
         uint32_t wg;
         int32_t scale;
         VkBool32 negate;
         float offset;
         uint32_t mask;
      } data = {16, 3, VK_TRUE, 0.25f, 0x0f};
      const VkSpecializationMapEntry map[] = {
         {0, offsetof(__typeof__(data), wg), 4},     {1, offsetof(__typeof__(data), scale), 4},
         {2, offsetof(__typeof__(data), negate), 4}, {3, offsetof(__typeof__(data), offset), 4},
         {4, offsetof(__typeof__(data), mask), 4},
      };
      const VkSpecializationInfo spec = {5, map, sizeof(data), &data};
      struct vkt_pipeline p;
      REQUIRE(vkt_pipeline_create(&t,
                                  &(struct vkt_pipeline_info){VKT_SPIRV(spec_consts_comp_spv),
                                                              .bindings = b, .binding_count = 1,
                                                              .spec = pass ? &spec : NULL},
                                  &p));
      vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
      const uint32_t wg = pass ? 16 : 1;
      REQUIRE(vkt_run_compute(&t, &p, NULL, 0, 256 / wg, 1, 1));
      const uint32_t *o = (const uint32_t *)out.map;
      for (uint32_t i = 0; i < 256; i++) {
         const int32_t scale2 = pass ? 3 * 3 + 1 : 2 * 2 + 1;
         const int32_t x = (int32_t)i * scale2 * (pass ? -1 : 1);
         CHECK_EQ(o[i * 4 + 0], (uint32_t)x);
         const float f = (float)i + (pass ? 0.25f : 0.5f);
         uint32_t fb;
         memcpy(&fb, &f, 4);
         CHECK_EQ(o[i * 4 + 1], fb);
         CHECK_EQ(o[i * 4 + 2], i & (pass ? 0x0fu : 0xffu));
         CHECK_EQ(o[i * 4 + 3], wg);
      }
      vkt_pipeline_destroy(&t, &p);
   }
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* Reads past the end of a buffer with robustBufferAccess: each value is
 * zero or one from inside the buffer (Vulkan 1.3, "Robust Buffer Access";
 * kiln gives zero), writes past the end change nothing outside the range,
 * and the device stays alive. */
TEST(out_of_bounds_reads_are_robust)
{
   const VkPhysicalDeviceFeatures f = {.robustBufferAccess = VK_TRUE};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.core_features = &f}))
      return;
   enum { N = 64 * 8 };
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}, {1, SSBO, 1, CS, NULL}};
   struct vkt_buffer in, out;
   /* The bound range is 256 bytes of a larger buffer: the canary after it
    * must survive. */
   REQUIRE(storage_buffer(&t, 4096, &in));
   REQUIRE(storage_buffer(&t, N * 4, &out));
   uint32_t *src = (uint32_t *)in.map;
   for (unsigned i = 0; i < 1024; i++)
      src[i] = i < 64 ? 1000 + i : 0xdeadbeef;
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(oob_read_comp_spv),
                                                               .bindings = b, .binding_count = 2,
                                                               .push_size = 4},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, in.buffer, 0, 256);
   vkt_pipeline_set_buffer(&t, &p, 1, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   const uint32_t stride = 3;
   REQUIRE(vkt_run_compute(&t, &p, &stride, 4, N / 64, 1, 1));
   const uint32_t *o = (const uint32_t *)out.map;
   unsigned zeros = 0;
   for (uint32_t i = 0; i < N; i++) {
      const uint32_t idx = i * stride;
      if (idx < 64) {
         CHECK_EQ(o[i], 1000 + idx);
      } else {
         const bool ok = o[i] == 0 || o[i] == 7 || (o[i] >= 1000 && o[i] < 1064);
         if (!ok)
            test_fail(__FILE__, __LINE__, "out-of-bounds read %u gave 0x%x", idx, o[i]);
         zeros += o[i] == 0;
      }
   }
   for (unsigned i = 64; i < 1024; i++)
      CHECK_EQ(src[i], 0xdeadbeef);
   if (t.is_kiln)
      CHECK(zeros > 0);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &in);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* The second creation with the same cache is a hit (creation feedback),
 * also from a cache rebuilt from vkGetPipelineCacheData; a different
 * specialization is a miss. */
TEST(pipeline_cache_hits_and_round_trip)
{
   static const char *const exts[] = {VK_EXT_PIPELINE_CREATION_FEEDBACK_EXTENSION_NAME};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.extensions = exts, .extension_count = 1}))
      return;
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   const VkPipelineCacheCreateInfo cci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   VkPipelineCache cache;
   VKT_REQUIRE(vkCreatePipelineCache(t.dev, &cci, NULL, &cache));
   struct vkt_buffer out;
   REQUIRE(storage_buffer(&t, 64 * 4, &out));

   VkPipelineCreationFeedback pfb, sfb;
   const VkPipelineCreationFeedbackCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CREATION_FEEDBACK_CREATE_INFO,
      .pPipelineCreationFeedback = &pfb,
      .pipelineStageCreationFeedbackCount = 1,
      .pPipelineStageCreationFeedbacks = &sfb,
   };
   const struct vkt_pipeline_info info = {VKT_SPIRV(store_push_comp_spv), .bindings = b,
                                          .binding_count = 1, .push_size = 4,
                                          .cache = cache, .pipeline_pnext = &fci};
   bool hit[3];
   for (unsigned i = 0; i < 2; i++) {
      memset(&pfb, 0, sizeof(pfb));
      struct vkt_pipeline p;
      REQUIRE(vkt_pipeline_create(&t, &info, &p));
      CHECK(pfb.flags & VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT);
      hit[i] = pfb.flags & VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
      /* The cached program runs. */
      vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
      const uint32_t v = 100 + i;
      REQUIRE(vkt_run_compute(&t, &p, &v, 4, 64, 1, 1));
      for (unsigned k = 0; k < 64; k++)
         CHECK_EQ(((uint32_t *)out.map)[k], 100 + i);
      vkt_pipeline_destroy(&t, &p);
   }
   printf("  first creation %s, second %s\n", hit[0] ? "hit" : "miss", hit[1] ? "hit" : "miss");
   CHECK(!hit[0]);
   if (t.is_kiln)
      CHECK(hit[1]);

   /* Round trip through vkGetPipelineCacheData. */
   size_t size = 0;
   VKT_CHECK(vkGetPipelineCacheData(t.dev, cache, &size, NULL));
   uint8_t *data = malloc(size);
   REQUIRE(data);
   VKT_CHECK(vkGetPipelineCacheData(t.dev, cache, &size, data));
   if (t.is_kiln)
      CHECK(size > 32 + 4);
   /* Too small a buffer: VK_INCOMPLETE, still a valid header. */
   size_t small = 40;
   uint8_t small_data[40];
   const VkResult rs = vkGetPipelineCacheData(t.dev, cache, &small, small_data);
   if (t.is_kiln)
      CHECK(rs == VK_INCOMPLETE);
   const VkPipelineCacheCreateInfo cci2 = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO,
      .initialDataSize = size,
      .pInitialData = data,
   };
   VkPipelineCache cache2;
   VKT_REQUIRE(vkCreatePipelineCache(t.dev, &cci2, NULL, &cache2));
   struct vkt_pipeline_info info2 = info;
   info2.cache = cache2;
   memset(&pfb, 0, sizeof(pfb));
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &info2, &p));
   hit[2] = pfb.flags & VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT;
   printf("  from the round-tripped data: %s\n", hit[2] ? "hit" : "miss");
   if (t.is_kiln)
      CHECK(hit[2]);
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   const uint32_t v = 555;
   REQUIRE(vkt_run_compute(&t, &p, &v, 4, 64, 1, 1));
   CHECK_EQ(((uint32_t *)out.map)[63], 555);
   vkt_pipeline_destroy(&t, &p);

   /* Damaged data is ignored, not trusted: creation still works. */
   for (size_t i = 36; i < size; i += 7)
      data[i] ^= 0xa5;
   VkPipelineCache cache3;
   VKT_REQUIRE(vkCreatePipelineCache(t.dev, &cci2, NULL, &cache3));
   info2.cache = cache3;
   REQUIRE(vkt_pipeline_create(&t, &info2, &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, &v, 4, 64, 1, 1));
   vkt_pipeline_destroy(&t, &p);

   free(data);
   vkDestroyPipelineCache(t.dev, cache3, NULL);
   vkDestroyPipelineCache(t.dev, cache2, NULL);
   vkDestroyPipelineCache(t.dev, cache, NULL);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

TEST(compute_invocations_statistic)
{
   const VkPhysicalDeviceFeatures f = {.pipelineStatisticsQuery = VK_TRUE};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.core_features = &f}))
      return;
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   struct vkt_buffer out;
   REQUIRE(storage_buffer(&t, 64 * 64 * 64 * 16, &out));
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(dispatch_ids_comp_spv),
                                                               .bindings = b, .binding_count = 1},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   const VkQueryPoolCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
      .queryCount = 1,
      .pipelineStatistics = VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT,
   };
   VkQueryPool pool;
   VKT_REQUIRE(vkCreateQueryPool(t.dev, &qci, NULL, &pool));
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdResetQueryPool(cmd, pool, 0, 1);
   vkCmdBeginQuery(cmd, pool, 0, 0);
   vkt_cmd_dispatch(cmd, &p, NULL, 0, 7, 5, 3);
   vkt_cmd_dispatch(cmd, &p, NULL, 0, 2, 1, 1);
   vkCmdEndQuery(cmd, pool, 0);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   uint64_t n = 0;
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 0, 1, sizeof(n), &n, sizeof(n),
                                   VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   /* Implementations may count more (helpers); kiln counts exactly. */
   CHECK(n >= (7 * 5 * 3 + 2) * 4);
   if (t.is_kiln)
      CHECK_EQ(n, (7 * 5 * 3 + 2) * 4);
   vkDestroyQueryPool(t.dev, pool, NULL);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

TEST(int64_float64_int16_arithmetic)
{
   const VkPhysicalDeviceFeatures f = {
      .shaderInt64 = VK_TRUE, .shaderFloat64 = VK_TRUE, .shaderInt16 = VK_TRUE};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.core_features = &f}))
      return;
   enum { N = 96 };
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}};
   struct vkt_buffer out;
   REQUIRE(storage_buffer(&t, N * 6 * 4, &out));
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(wide_types_comp_spv),
                                                               .bindings = b, .binding_count = 1},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, N / 32, 1, 1));
   const uint32_t *o = (const uint32_t *)out.map;
   for (uint32_t i = 0; i < N; i++) {
      const uint64_t a = (uint64_t)i * 0x100000001ull + 0xffffffffull;
      const int64_t s = -(int64_t)i * 3000000000ll;
      const double d = (double)i / 3.0 + 1e10;
      const int16_t h = (int16_t)(i * 1000);
      const uint16_t u = (uint16_t)(i * 3000);
      CHECK_EQ(o[i * 6 + 0], (uint32_t)(a >> 32));
      CHECK_EQ(o[i * 6 + 1], (uint32_t)a);
      CHECK_EQ(o[i * 6 + 2], (uint32_t)(int32_t)(s / 1000000));
      CHECK_EQ(o[i * 6 + 3], (uint32_t)(d - 1e10) + (uint32_t)((d - floor(d)) * 3.0 + 0.5));
      CHECK_EQ(o[i * 6 + 4], (uint32_t)(int32_t)h);
      CHECK_EQ(o[i * 6 + 5], (uint32_t)(u >> 3));
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* Subgroup ballot and vote, with the Vulkan 1.0 extensions where the device
 * has them (kiln), else the 1.1 operations. Subgroups are taken to be
 * consecutive local invocations (both drivers do so). */
TEST(subgroup_ballot_and_vote)
{
   static const char *const exts[] = {VK_EXT_SHADER_SUBGROUP_BALLOT_EXTENSION_NAME,
                                      VK_EXT_SHADER_SUBGROUP_VOTE_EXTENSION_NAME};
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const bool ext = vkt_has_device_extension(t.pdev, exts[0]) &&
                    vkt_has_device_extension(t.pdev, exts[1]);
   const bool core = t.props.apiVersion >= VK_API_VERSION_1_1;
   vkt_finish(&t);
   const VkPhysicalDeviceFeatures f = {.shaderInt64 = VK_TRUE};
   if (ext) {
      if (!vkt_init(&t, &(struct vkt_req){.extensions = exts, .extension_count = 2,
                                          .core_features = &f}))
         return;
   } else if (core) {
      if (!vkt_init(&t, NULL))
         return;
   } else {
      vkt_skip("no subgroup operations");
      return;
   }
   enum { G = 4, N = 64 * G };
   const VkDescriptorSetLayoutBinding b[] = {{0, SSBO, 1, CS, NULL}, {1, SSBO, 1, CS, NULL}};
   struct vkt_buffer in, out;
   REQUIRE(storage_buffer(&t, N * 4, &in));
   REQUIRE(storage_buffer(&t, N * 8 * 4, &out));
   uint32_t *x = (uint32_t *)in.map;
   for (unsigned g = 0; g < N; g++)
      x[g] = g % 50 == 49 ? 150 + g : g == 77 ? 2000 : (g * 13) % 97;
   struct vkt_pipeline p;
   struct vkt_pipeline_info info = {.bindings = b, .binding_count = 2};
   if (ext) {
      info.spirv = subgroup_arb_comp_spv;
      info.spirv_size = sizeof(subgroup_arb_comp_spv);
   } else {
      info.spirv = subgroup_khr_comp_spv;
      info.spirv_size = sizeof(subgroup_khr_comp_spv);
   }
   REQUIRE(vkt_pipeline_create(&t, &info, &p));
   vkt_pipeline_set_buffer(&t, &p, 0, SSBO, in.buffer, 0, VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 1, SSBO, out.buffer, 0, VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, G, 1, 1));
   const uint32_t *o = (const uint32_t *)out.map;
   const uint32_t S = o[0];
   printf("  %s, subgroup size %u\n", ext ? "VK_EXT_shader_subgroup_ballot/vote" : "Vulkan 1.1",
          S);
   REQUIRE(S >= 1 && S <= 64 && (S & (S - 1)) == 0 && 64 % S == 0);
   if (t.is_kiln)
      CHECK_EQ(S, 64); /* kiln executes 64-lane strips (nvk/exec/kx.h KX_W) */
   unsigned bad = 0;
   for (unsigned g = 0; g < N; g++) {
      const unsigned first = g - g % S;
      uint64_t bal = 0, odd = 0;
      bool any7 = false, all100 = true, alleq = true;
      for (unsigned l = 0; l < S; l++) {
         const uint32_t v = x[first + l];
         bal |= (uint64_t)(v % 3 == 0) << l;
         odd |= (uint64_t)(v & 1) << l;
         any7 |= v == 7;
         all100 &= v < 100;
         alleq &= v / 1000 == x[first] / 1000;
      }
      const uint32_t want[8] = {
         S,
         g % S,
         (uint32_t)bal ^ (uint32_t)(bal >> 32),
         x[first + 3 % S],
         x[first] + 1000,
         (any7 ? 1u : 0u) | (all100 ? 2u : 0u) | (alleq ? 4u : 0u),
         (uint32_t)((2ull << (g % S)) - 1),
         (x[g] & 1) ? (uint32_t)odd : 0,
      };
      for (unsigned k = 0; k < 8; k++) {
         if (o[g * 8 + k] != want[k] && bad++ < 5)
            test_fail(__FILE__, __LINE__, "invocation %u value %u: 0x%x, want 0x%x", g, k,
                      o[g * 8 + k], want[k]);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &in);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* std140 and std430 layouts (vec3, column- and row-major matrices, arrays
 * with a 16-byte stride, nested structs, a runtime array's length) through
 * dynamic uniform and storage buffers with dynamic offsets. */
TEST(buffer_layouts_and_dynamic_offsets)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1, CS, NULL},
      {2, SSBO, 1, CS, NULL}};
   struct vkt_buffer ub, sb, out;
   const VkDeviceSize ubo_off = 256, ssbo_off = 512, ssbo_range = 24 + 16 * 4;
   REQUIRE(vkt_buffer_create(&t, 1024, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &ub));
   REQUIRE(storage_buffer(&t, 2048, &sb));
   REQUIRE(storage_buffer(&t, 4 * 12 * 4, &out));
   memset(ub.map, 0, 1024);
   memset(sb.map, 0, 2048);
   float *u = (float *)(ub.map + ubo_off);
   for (unsigned i = 0; i < 48; i++)
      u[i] = (float)(i + 1) * 0.25f;
   float *s = (float *)(sb.map + ssbo_off);
   for (unsigned i = 0; i < 6 + 16; i++)
      s[i] = (float)i * 0.5f - 3.0f;
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(ubo_layouts_comp_spv),
                                                               .bindings = b, .binding_count = 3},
                               &p));
   const VkDescriptorBufferInfo bi[3] = {
      {ub.buffer, 0, 192}, {sb.buffer, 0, ssbo_range}, {out.buffer, 0, VK_WHOLE_SIZE}};
   const VkDescriptorType types[3] = {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
                                      VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, SSBO};
   for (unsigned i = 0; i < 3; i++) {
      const VkWriteDescriptorSet w = {
         .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
         .dstSet = p.set,
         .dstBinding = i,
         .descriptorCount = 1,
         .descriptorType = types[i],
         .pBufferInfo = &bi[i],
      };
      vkUpdateDescriptorSets(t.dev, 1, &w, 0, NULL);
   }
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const uint32_t dyn[2] = {(uint32_t)ubo_off, (uint32_t)ssbo_off};
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &p.set, 2, dyn);
   vkCmdDispatch(cmd, 1, 1, 1);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   /* std140 offsets (floats): a 0..2, b 3, cm columns 4/8/12, rm rows
    * 16/20/24, arr 28/32/36/40, inner.f 44, inner.v 46..47. */
#define CM(c, r) u[4 + 4 * (c) + (r)]
#define RM(c, r) u[16 + 4 * (r) + (c)]
#define SM(c, r) s[2 * (r) + (c)]
   const float *o = (const float *)out.map;
   for (unsigned i = 0; i < 4; i++) {
      const unsigned k = i % 3;
      const float want[10] = {
         u[k] + u[3],
         CM(k, 0) + CM(1, k),
         RM(k, 1) + RM(2, k),
         CM(0, k) * 1 + CM(1, k) * 2 + CM(2, k) * 3,
         RM(0, k) * 1 + RM(1, k) * 2 + RM(2, k) * 3,
         u[28 + 4 * (i % 4)],
         u[44] + u[47],
         SM(i % 2, k),
         s[6 + i],
         (float)((ssbo_range - 24) / 4),
      };
      for (unsigned j = 0; j < 10; j++) {
         if (o[i * 12 + j] != want[j])
            test_fail(__FILE__, __LINE__, "invocation %u value %u: %g, want %g", i, j,
                      o[i * 12 + j], want[j]);
      }
   }
   CHECK_EQ(SM(1, 2), 99.0f);
   CHECK_EQ(s[6], 0.0f); /* tail[0] is element 6: 6 * 0.5 - 3 */
#undef CM
#undef RM
#undef SM
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &ub);
   vkt_buffer_destroy(&t, &sb);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* Push descriptors (VK_KHR_push_descriptor) read by dispatches: pushed
 * with vkCmdPushDescriptorSetKHR, then with a template, then one binding
 * replaced; each dispatch sees the set as it was when it was recorded. */
TEST(push_descriptors_in_dispatches)
{
   static const char *const exts[] = {VK_KHR_DESCRIPTOR_UPDATE_TEMPLATE_EXTENSION_NAME,
                                      VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.extensions = exts, .extension_count = 2}))
      return;
   PFN_vkCmdPushDescriptorSetKHR push = VKT_PROC(&t, vkCmdPushDescriptorSetKHR);
   PFN_vkCmdPushDescriptorSetWithTemplateKHR push_tmpl =
      VKT_PROC(&t, vkCmdPushDescriptorSetWithTemplateKHR);
   PFN_vkCreateDescriptorUpdateTemplateKHR create_tmpl =
      VKT_PROC(&t, vkCreateDescriptorUpdateTemplateKHR);
   PFN_vkDestroyDescriptorUpdateTemplateKHR destroy_tmpl =
      VKT_PROC(&t, vkDestroyDescriptorUpdateTemplateKHR);
   REQUIRE(push && push_tmpl && create_tmpl && destroy_tmpl);

   /* Uniform data at 256-byte steps (any minUniformBufferOffsetAlignment
    * up to 256), storage data after it. */
   struct vkt_buffer in, out;
   REQUIRE(vkt_buffer_create(&t, 4096,
                             VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                                VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                             &in));
   REQUIRE(storage_buffer(&t, 3 * 16 * 4, &out));
   uint32_t *data = (uint32_t *)in.map;
   for (unsigned u = 0; u < 4; u++)
      for (unsigned c = 0; c < 4; c++)
         data[u * 64 + c] = u * 4 + c;
   for (unsigned s = 0; s < 2; s++)
      for (unsigned i = 0; i < 16; i++)
         data[(1024 + s * 256) / 4 + i] = 100 * (s + 1) + i;

   const VkDescriptorSetLayoutBinding b0 = {0, SSBO, 1, CS, NULL};
   const VkDescriptorSetLayoutBinding b1[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2, CS, NULL},
      {1, SSBO, 1, CS, NULL},
   };
   VkDescriptorSetLayout layouts[2];
   const VkDescriptorSetLayoutCreateInfo lci0 = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 1,
      .pBindings = &b0,
   };
   const VkDescriptorSetLayoutCreateInfo lci1 = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR,
      .bindingCount = 2,
      .pBindings = b1,
   };
   VKT_REQUIRE(vkCreateDescriptorSetLayout(t.dev, &lci0, NULL, &layouts[0]));
   VKT_REQUIRE(vkCreateDescriptorSetLayout(t.dev, &lci1, NULL, &layouts[1]));
   const VkPushConstantRange pcr = {CS, 0, 4};
   const VkPipelineLayoutCreateInfo plci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = 2,
      .pSetLayouts = layouts,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &pcr,
   };
   VkPipelineLayout pl;
   VKT_REQUIRE(vkCreatePipelineLayout(t.dev, &plci, NULL, &pl));
   const VkShaderModuleCreateInfo smci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = sizeof(push_descriptors_comp_spv),
      .pCode = push_descriptors_comp_spv,
   };
   VkShaderModule module;
   VKT_REQUIRE(vkCreateShaderModule(t.dev, &smci, NULL, &module));
   const VkComputePipelineCreateInfo cpci = {
      .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
      .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                .stage = CS,
                .module = module,
                .pName = "main"},
      .layout = pl,
   };
   VkPipeline pipeline;
   VKT_REQUIRE(vkCreateComputePipelines(t.dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline));

   const VkDescriptorPoolSize ps = {SSBO, 1};
   const VkDescriptorPoolCreateInfo dpci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
      .maxSets = 1,
      .poolSizeCount = 1,
      .pPoolSizes = &ps,
   };
   VkDescriptorPool pool;
   VKT_REQUIRE(vkCreateDescriptorPool(t.dev, &dpci, NULL, &pool));
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = pool,
      .descriptorSetCount = 1,
      .pSetLayouts = &layouts[0],
   };
   VkDescriptorSet set0;
   VKT_REQUIRE(vkAllocateDescriptorSets(t.dev, &dsai, &set0));
   const VkDescriptorBufferInfo obi = {out.buffer, 0, VK_WHOLE_SIZE};
   const VkWriteDescriptorSet ow = {
      .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
      .dstSet = set0,
      .dstBinding = 0,
      .descriptorCount = 1,
      .descriptorType = SSBO,
      .pBufferInfo = &obi,
   };
   vkUpdateDescriptorSets(t.dev, 1, &ow, 0, NULL);

   /* The template reads {ssbo, ubo[2]} from this struct. */
   struct app {
      VkDescriptorBufferInfo ssbo;
      VkDescriptorBufferInfo ubo[2];
   } tdata = {{in.buffer, 1280, 64}, {{in.buffer, 512, 16}, {in.buffer, 768, 16}}};
   const VkDescriptorUpdateTemplateEntry entries[2] = {
      {1, 0, 1, SSBO, offsetof(struct app, ssbo), 0},
      {0, 0, 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, offsetof(struct app, ubo),
       sizeof(VkDescriptorBufferInfo)},
   };
   const VkDescriptorUpdateTemplateCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO,
      .descriptorUpdateEntryCount = 2,
      .pDescriptorUpdateEntries = entries,
      .templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR,
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_COMPUTE,
      .pipelineLayout = pl,
      .set = 1,
   };
   VkDescriptorUpdateTemplate tmpl;
   VKT_REQUIRE(create_tmpl(t.dev, &tci, NULL, &tmpl));

   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set0, 0, NULL);
   /* 1: ubo 0 and 1, ssbo 0. */
   const VkDescriptorBufferInfo ubi[2] = {{in.buffer, 0, 16}, {in.buffer, 256, 16}};
   const VkDescriptorBufferInfo sbi = {in.buffer, 1024, 64};
   const VkWriteDescriptorSet pw[2] = {
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, VK_NULL_HANDLE, 0, 0, 2,
       VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, NULL, ubi, NULL},
      {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, VK_NULL_HANDLE, 1, 0, 1, SSBO, NULL, &sbi,
       NULL},
   };
   push(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 1, 2, pw);
   uint32_t k = 0;
   vkCmdPushConstants(cmd, pl, CS, 0, 4, &k);
   vkCmdDispatch(cmd, 1, 1, 1);
   /* 2: the template: ubo 2 and 3, ssbo 1. */
   push_tmpl(cmd, tmpl, pl, 1, &tdata);
   k = 1;
   vkCmdPushConstants(cmd, pl, CS, 0, 4, &k);
   vkCmdDispatch(cmd, 1, 1, 1);
   /* 3: only the storage buffer replaced (ssbo 0); the uniform buffers stay
    * from the template. (Not an element of the uniform array: lavapipe
    * 22.3 ignores dstArrayElement in pushes.) */
   const VkWriteDescriptorSet pw1 = pw[1];
   push(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 1, 1, &pw1);
   k = 2;
   vkCmdPushConstants(cmd, pl, CS, 0, 4, &k);
   vkCmdDispatch(cmd, 1, 1, 1);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   const uint32_t *o = (const uint32_t *)out.map;
   /* (ubo[0], ubo[1], ssbo) per dispatch. */
   static const unsigned used[3][3] = {{0, 1, 0}, {2, 3, 1}, {2, 3, 0}};
   for (unsigned d = 0; d < 3; d++) {
      for (unsigned i = 0; i < 16; i++) {
         const uint32_t want = (used[d][0] * 4 + i % 4) + (used[d][1] * 4 + i % 4) * 16 +
                               (100 * (used[d][2] + 1) + i) * 256;
         CHECK_EQ(o[d * 16 + i], want);
      }
   }
   destroy_tmpl(t.dev, tmpl, NULL);
   vkDestroyDescriptorPool(t.dev, pool, NULL);
   vkDestroyPipeline(t.dev, pipeline, NULL);
   vkDestroyShaderModule(t.dev, module, NULL);
   vkDestroyPipelineLayout(t.dev, pl, NULL);
   vkDestroyDescriptorSetLayout(t.dev, layouts[0], NULL);
   vkDestroyDescriptorSetLayout(t.dev, layouts[1], NULL);
   vkt_buffer_destroy(&t, &in);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}
