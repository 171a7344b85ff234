/* SPDX-License-Identifier: MIT */
/*
 * Timestamp queries: writing, reading back with every result flag, copying
 * results to a buffer, resetting on the device and on the host.
 */
#include <string.h>
#include <time.h>

#include "vkt.h"

static uint64_t
host_now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static VkQueryPool
make_pool(struct vkt *t, uint32_t count)
{
   const VkQueryPoolCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_TIMESTAMP,
      .queryCount = count,
   };
   VkQueryPool pool = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateQueryPool(t->dev, &qci, NULL, &pool));
   return pool;
}

TEST(timestamps_are_ordered)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   VkQueryPool pool = make_pool(&t, 4);
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 4 << 20, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));

   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdResetQueryPool(cmd, pool, 0, 4);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, pool, 0);
   vkCmdFillBuffer(cmd, buf.buffer, 0, VK_WHOLE_SIZE, 1);
   vkt_cmd_barrier(cmd);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, pool, 1);
   vkCmdFillBuffer(cmd, buf.buffer, 0, VK_WHOLE_SIZE, 2);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 2);
   const uint64_t t0 = host_now_ns();
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   const uint64_t t1 = host_now_ns();

   uint64_t ts[3];
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 0, 3, sizeof(ts), ts, sizeof(ts[0]),
                                   VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   CHECK(ts[0] <= ts[1]);
   CHECK(ts[1] <= ts[2]);
   if (t.is_kiln) {
      /* kiln's timestamps are the host's CLOCK_MONOTONIC in ns. */
      CHECK(ts[0] >= t0);
      CHECK(ts[2] <= t1);
   }
   /* Query 3 was reset and never written. */
   uint64_t r[2] = {~0ull, ~0ull};
   VKT_CHECK_RESULT(vkGetQueryPoolResults(t.dev, pool, 3, 1, sizeof(r), r, sizeof(r),
                                          VK_QUERY_RESULT_64_BIT |
                                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
                    VK_NOT_READY);
   CHECK_EQ(r[1], 0);
   vkDestroyQueryPool(t.dev, pool, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

TEST(query_results_layouts)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   VkQueryPool pool = make_pool(&t, 3);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdResetQueryPool(cmd, pool, 0, 3);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 0);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 2);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   /* 32-bit with availability, stride 12: value, availability, gap. */
   uint32_t r32[9];
   memset(r32, 0xcc, sizeof(r32));
   VKT_CHECK_RESULT(vkGetQueryPoolResults(t.dev, pool, 0, 3, sizeof(r32), r32, 12,
                                          VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
                    VK_NOT_READY);
   CHECK_EQ(r32[1], 1);          /* query 0 available */
   CHECK_EQ(r32[2], 0xcccccccc); /* stride gap untouched */
   CHECK_EQ(r32[3], 0xcccccccc); /* query 1 unavailable: value not written */
   CHECK_EQ(r32[4], 0);          /* ... and its availability is 0 */
   CHECK_EQ(r32[7], 1);

   /* 64-bit values of the available ones only. */
   uint64_t a = 0, c = 0;
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 0, 1, 8, &a, 8, VK_QUERY_RESULT_64_BIT));
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 2, 1, 8, &c, 8, VK_QUERY_RESULT_64_BIT));
   CHECK(a != 0 && c >= a);
   vkDestroyQueryPool(t.dev, pool, NULL);
   vkt_finish(&t);
}

TEST(copy_query_pool_results_to_buffer)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   VkQueryPool pool = make_pool(&t, 2);
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 256, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   memset(buf.map, 0xaa, 256);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdResetQueryPool(cmd, pool, 0, 2);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 0);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 1);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, 2, buf.buffer, 8, 24,
                             VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT |
                                VK_QUERY_RESULT_WAIT_BIT);
   /* An unavailable query: its availability is written as 0 (the value
    * itself is undefined without WAIT or PARTIAL, so not checked). */
   vkCmdResetQueryPool(cmd, pool, 0, 1);
   vkCmdCopyQueryPoolResults(cmd, pool, 0, 1, buf.buffer, 128, 8,
                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   uint64_t direct[2];
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 1, 1, 8, &direct[1], 8,
                                   VK_QUERY_RESULT_64_BIT));
   const uint64_t *q = (const uint64_t *)(buf.map + 8);
   CHECK(q[0] != 0);
   CHECK_EQ(q[1], 1);
   CHECK_EQ(q[2], 0xaaaaaaaaaaaaaaaaull); /* stride gap */
   CHECK_EQ(q[3], direct[1]);
   CHECK_EQ(q[4], 1);
   CHECK(q[3] >= q[0]);
   const uint32_t *u = (const uint32_t *)(buf.map + 128);
   CHECK_EQ(u[1], 0);
   vkDestroyQueryPool(t.dev, pool, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

TEST(host_query_reset)
{
   static const char *const exts[] = {VK_EXT_HOST_QUERY_RESET_EXTENSION_NAME};
   VkPhysicalDeviceHostQueryResetFeatures hqr = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES,
      .hostQueryReset = VK_TRUE,
   };
   const struct vkt_req req = {.extensions = exts, .extension_count = 1, .features = &hqr};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkResetQueryPoolEXT reset = VKT_PROC(&t, vkResetQueryPoolEXT);
   REQUIRE(reset);
   VkQueryPool pool = make_pool(&t, 2);
   reset(t.dev, pool, 0, 2);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, pool, 1);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   uint64_t v[2];
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 1, 1, sizeof(v), v, sizeof(v),
                                   VK_QUERY_RESULT_64_BIT |
                                      VK_QUERY_RESULT_WITH_AVAILABILITY_BIT));
   CHECK_EQ(v[1], 1);
   reset(t.dev, pool, 1, 1);
   VKT_CHECK_RESULT(vkGetQueryPoolResults(t.dev, pool, 1, 1, sizeof(v), v, sizeof(v),
                                          VK_QUERY_RESULT_64_BIT |
                                             VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
                    VK_NOT_READY);
   CHECK_EQ(v[1], 0);
   vkDestroyQueryPool(t.dev, pool, NULL);
   vkt_finish(&t);
}

TEST(write_timestamp2)
{
   static const char *const exts[] = {VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME};
   VkPhysicalDeviceSynchronization2Features s2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
      .synchronization2 = VK_TRUE,
   };
   const struct vkt_req req = {.extensions = exts, .extension_count = 1, .features = &s2};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkCmdWriteTimestamp2KHR write2 = VKT_PROC(&t, vkCmdWriteTimestamp2KHR);
   REQUIRE(write2);
   VkQueryPool pool = make_pool(&t, 2);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdResetQueryPool(cmd, pool, 0, 2);
   write2(cmd, VK_PIPELINE_STAGE_2_NONE, pool, 0);
   write2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool, 1);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   uint64_t ts[2];
   VKT_CHECK(vkGetQueryPoolResults(t.dev, pool, 0, 2, sizeof(ts), ts, 8,
                                   VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
   CHECK(ts[0] <= ts[1]);
   vkDestroyQueryPool(t.dev, pool, NULL);
   vkt_finish(&t);
}
