/* SPDX-License-Identifier: MIT */
/*
 * Synchronization: fences, binary and timeline semaphores (host signal and
 * wait, wait-before-signal across submissions and queues, timeouts),
 * events (host and device side), vkQueueSubmit2 and idle waits.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "vkt.h"

#define SECOND_NS 1000000000ull

static void
sleep_ms(unsigned ms)
{
   const struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
   nanosleep(&ts, NULL);
}

static VkFence
make_fence(struct vkt *t, bool signaled)
{
   const VkFenceCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
      .flags = signaled ? VK_FENCE_CREATE_SIGNALED_BIT : 0,
   };
   VkFence f = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateFence(t->dev, &fci, NULL, &f));
   return f;
}

static VkSemaphore
make_semaphore(struct vkt *t, bool timeline, uint64_t initial)
{
   const VkSemaphoreTypeCreateInfo type = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
      .initialValue = initial,
   };
   const VkSemaphoreCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
      .pNext = timeline ? &type : NULL,
   };
   VkSemaphore s = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateSemaphore(t->dev, &sci, NULL, &s));
   return s;
}

/* A recorded (not yet submitted) primary that fills `b` at offset with v. */
static VkCommandBuffer
record_fill(struct vkt *t, struct vkt_buffer *b, VkDeviceSize offset, uint32_t v)
{
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdFillBuffer(cmd, b->buffer, offset, 4, v);
   vkt_cmd_barrier(cmd);
   VKT_CHECK(vkEndCommandBuffer(cmd));
   return cmd;
}

static const char *const timeline_exts[] = {VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME};

static bool
init_timeline(struct vkt *t, uint32_t queues, VkPhysicalDeviceTimelineSemaphoreFeatures *tl)
{
   *tl = (VkPhysicalDeviceTimelineSemaphoreFeatures){
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
      .timelineSemaphore = VK_TRUE,
   };
   const struct vkt_req req = {
      .extensions = timeline_exts,
      .extension_count = 1,
      .features = tl,
      .queue_count = queues,
   };
   return vkt_init(t, &req);
}

TEST(fences_signal_reset_and_time_out)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   VkFence on = make_fence(&t, true), off = make_fence(&t, false);
   VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, on), VK_SUCCESS);
   VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, off), VK_NOT_READY);
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &off, VK_TRUE, 0), VK_TIMEOUT);
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &off, VK_TRUE, 20000000), VK_TIMEOUT);
   VkFence both[2] = {on, off};
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 2, both, VK_FALSE, 0), VK_SUCCESS);
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 2, both, VK_TRUE, 0), VK_TIMEOUT);
   VKT_CHECK(vkResetFences(t.dev, 1, &on));
   VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, on), VK_NOT_READY);
   /* A submission with no batches signals its fence once earlier work is
    * done. */
   VKT_CHECK(vkQueueSubmit(t.queues[0], 0, NULL, on));
   VKT_CHECK(vkWaitForFences(t.dev, 1, &on, VK_TRUE, 5 * SECOND_NS));
   VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, on), VK_SUCCESS);
   vkDestroyFence(t.dev, on, NULL);
   vkDestroyFence(t.dev, off, NULL);
   vkt_finish(&t);
}

TEST(timeline_host_signal_and_wait)
{
   struct vkt t;
   VkPhysicalDeviceTimelineSemaphoreFeatures tl;
   if (!init_timeline(&t, 1, &tl))
      return;
   PFN_vkGetSemaphoreCounterValueKHR get = VKT_PROC(&t, vkGetSemaphoreCounterValueKHR);
   PFN_vkSignalSemaphoreKHR signal = VKT_PROC(&t, vkSignalSemaphoreKHR);
   PFN_vkWaitSemaphoresKHR wait = VKT_PROC(&t, vkWaitSemaphoresKHR);
   REQUIRE(get && signal && wait);

   VkSemaphore a = make_semaphore(&t, true, 5), b = make_semaphore(&t, true, 0);
   uint64_t v = 0;
   VKT_CHECK(get(t.dev, a, &v));
   CHECK_EQ(v, 5);
   const VkSemaphoreSignalInfo si = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = a, .value = 10};
   VKT_CHECK(signal(t.dev, &si));
   VKT_CHECK(get(t.dev, a, &v));
   CHECK_EQ(v, 10);

   VkSemaphore sems[2] = {a, b};
   uint64_t vals[2] = {10, 1};
   VkSemaphoreWaitInfo wi = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1,
      .pSemaphores = sems,
      .pValues = vals,
   };
   VKT_CHECK(wait(t.dev, &wi, 0));
   vals[0] = 11;
   VKT_CHECK_RESULT(wait(t.dev, &wi, 0), VK_TIMEOUT);
   VKT_CHECK_RESULT(wait(t.dev, &wi, 10000000), VK_TIMEOUT);
   /* ANY: b reaching 1 is enough; ALL needs both. */
   wi.semaphoreCount = 2;
   vals[0] = 100;
   VKT_CHECK_RESULT(wait(t.dev, &wi, 0), VK_TIMEOUT);
   const VkSemaphoreSignalInfo sb = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = b, .value = 1};
   VKT_CHECK(signal(t.dev, &sb));
   wi.flags = VK_SEMAPHORE_WAIT_ANY_BIT;
   VKT_CHECK(wait(t.dev, &wi, 0));
   wi.flags = 0;
   VKT_CHECK_RESULT(wait(t.dev, &wi, 0), VK_TIMEOUT);
   vkDestroySemaphore(t.dev, a, NULL);
   vkDestroySemaphore(t.dev, b, NULL);
   vkt_finish(&t);
}

/* A batch that waits on a timeline value nobody has signaled yet must not
 * run until the host signals it. */
TEST(timeline_wait_before_signal_host)
{
   struct vkt t;
   VkPhysicalDeviceTimelineSemaphoreFeatures tl;
   if (!init_timeline(&t, 1, &tl))
      return;
   PFN_vkSignalSemaphoreKHR signal = VKT_PROC(&t, vkSignalSemaphoreKHR);
   PFN_vkWaitSemaphoresKHR wait = VKT_PROC(&t, vkWaitSemaphoresKHR);
   PFN_vkGetSemaphoreCounterValueKHR get = VKT_PROC(&t, vkGetSemaphoreCounterValueKHR);
   REQUIRE(signal && wait && get);

   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 256, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   memset(buf.map, 0, 256);
   VkSemaphore sem = make_semaphore(&t, true, 0);
   VkCommandBuffer cmd = record_fill(&t, &buf, 0, 0xabcd);

   const uint64_t wait_value = 1, signal_value = 2;
   const VkTimelineSemaphoreSubmitInfo tsi = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = 1,
      .pWaitSemaphoreValues = &wait_value,
      .signalSemaphoreValueCount = 1,
      .pSignalSemaphoreValues = &signal_value,
   };
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = &tsi,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &sem,
      .pWaitDstStageMask = &stage,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &sem,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
   sleep_ms(50);
   uint64_t v = 99;
   VKT_CHECK(get(t.dev, sem, &v));
   CHECK_EQ(v, 0);
   CHECK_EQ(*(uint32_t *)buf.map, 0);

   const VkSemaphoreSignalInfo ss = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = sem, .value = 1};
   VKT_CHECK(signal(t.dev, &ss));
   const VkSemaphoreWaitInfo wi = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1,
      .pSemaphores = &sem,
      .pValues = &signal_value,
   };
   VKT_CHECK(wait(t.dev, &wi, 5 * SECOND_NS));
   CHECK_EQ(*(uint32_t *)buf.map, 0xabcd);
   VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
   vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   vkDestroySemaphore(t.dev, sem, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

/* Queue 1 waits for a value queue 0 signals in a later submission. */
TEST(timeline_wait_before_signal_across_queues)
{
   struct vkt t;
   VkPhysicalDeviceTimelineSemaphoreFeatures tl;
   if (!init_timeline(&t, 2, &tl))
      return;
   PFN_vkWaitSemaphoresKHR wait = VKT_PROC(&t, vkWaitSemaphoresKHR);
   REQUIRE(wait);
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 256, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   memset(buf.map, 0, 256);
   VkSemaphore sem = make_semaphore(&t, true, 0);
   VkCommandBuffer c1 = record_fill(&t, &buf, 4, 0x1111);
   VkCommandBuffer c0 = record_fill(&t, &buf, 0, 0x2222);
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;

   const uint64_t v1 = 1, v3 = 3;
   const VkTimelineSemaphoreSubmitInfo t1 = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = 1,
      .pWaitSemaphoreValues = &v1,
      .signalSemaphoreValueCount = 1,
      .pSignalSemaphoreValues = &v3,
   };
   const VkSubmitInfo s1 = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = &t1,
      .waitSemaphoreCount = 1,
      .pWaitSemaphores = &sem,
      .pWaitDstStageMask = &stage,
      .commandBufferCount = 1,
      .pCommandBuffers = &c1,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &sem,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[1], 1, &s1, VK_NULL_HANDLE));
   sleep_ms(30);
   CHECK_EQ(((uint32_t *)buf.map)[1], 0);

   const VkTimelineSemaphoreSubmitInfo t0 = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .signalSemaphoreValueCount = 1,
      .pSignalSemaphoreValues = &v1,
   };
   const VkSubmitInfo s0 = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = &t0,
      .commandBufferCount = 1,
      .pCommandBuffers = &c0,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &sem,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &s0, VK_NULL_HANDLE));
   const VkSemaphoreWaitInfo wi = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1,
      .pSemaphores = &sem,
      .pValues = &v3,
   };
   VKT_CHECK(wait(t.dev, &wi, 5 * SECOND_NS));
   CHECK_EQ(((uint32_t *)buf.map)[0], 0x2222);
   CHECK_EQ(((uint32_t *)buf.map)[1], 0x1111);
   VKT_CHECK(vkDeviceWaitIdle(t.dev));
   vkFreeCommandBuffers(t.dev, t.pool, 1, &c0);
   vkFreeCommandBuffers(t.dev, t.pool, 1, &c1);
   vkDestroySemaphore(t.dev, sem, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

/* Binary semaphores order batches: fill -> copy, each in its own submit. */
TEST(binary_semaphore_orders_batches)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   struct vkt_buffer a, b;
   REQUIRE(vkt_buffer_create(&t, 1 << 20, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                             VK_BUFFER_USAGE_TRANSFER_DST_BIT, &a));
   REQUIRE(vkt_buffer_create(&t, 1 << 20, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b));
   memset(a.map, 0, 1 << 20);
   memset(b.map, 0, 1 << 20);
   VkSemaphore sem = make_semaphore(&t, false, 0);
   VkFence fence = make_fence(&t, false);

   for (int round = 0; round < 3; round++) {
      VkCommandBuffer fill = vkt_cmd_begin(&t);
      vkCmdFillBuffer(fill, a.buffer, 0, VK_WHOLE_SIZE, 0x01010101u * (round + 1));
      VKT_CHECK(vkEndCommandBuffer(fill));
      VkCommandBuffer copy = vkt_cmd_begin(&t);
      const VkBufferCopy r = {.size = 1 << 20};
      vkCmdCopyBuffer(copy, a.buffer, b.buffer, 1, &r);
      vkt_cmd_barrier(copy);
      VKT_CHECK(vkEndCommandBuffer(copy));

      const VkSubmitInfo s0 = {
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
         .commandBufferCount = 1,
         .pCommandBuffers = &fill,
         .signalSemaphoreCount = 1,
         .pSignalSemaphores = &sem,
      };
      const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_TRANSFER_BIT;
      const VkSubmitInfo s1 = {
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
         .waitSemaphoreCount = 1,
         .pWaitSemaphores = &sem,
         .pWaitDstStageMask = &stage,
         .commandBufferCount = 1,
         .pCommandBuffers = &copy,
      };
      VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &s0, VK_NULL_HANDLE));
      VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &s1, fence));
      VKT_CHECK(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 5 * SECOND_NS));
      VKT_CHECK(vkResetFences(t.dev, 1, &fence));
      CHECK_EQ(b.map[0], round + 1);
      CHECK_EQ(b.map[(1 << 20) - 1], round + 1);
      vkFreeCommandBuffers(t.dev, t.pool, 1, &fill);
      vkFreeCommandBuffers(t.dev, t.pool, 1, &copy);
   }
   vkDestroyFence(t.dev, fence, NULL);
   vkDestroySemaphore(t.dev, sem, NULL);
   vkt_buffer_destroy(&t, &a);
   vkt_buffer_destroy(&t, &b);
   vkt_finish(&t);
}

TEST(events_host_and_device)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev, ev2;
   VKT_REQUIRE(vkCreateEvent(t.dev, &eci, NULL, &ev));
   VKT_REQUIRE(vkCreateEvent(t.dev, &eci, NULL, &ev2));
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev), VK_EVENT_RESET);
   VKT_CHECK(vkSetEvent(t.dev, ev));
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev), VK_EVENT_SET);
   VKT_CHECK(vkResetEvent(t.dev, ev));
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev), VK_EVENT_RESET);

   /* Device waits for an event the host sets after submission (allowed
    * outside render passes, Vulkan 1.3, vkCmdWaitEvents), then sets ev2. */
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 256, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   memset(buf.map, 0, 256);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdWaitEvents(cmd, 1, &ev, VK_PIPELINE_STAGE_HOST_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                   NULL, 0, NULL, 0, NULL);
   vkCmdFillBuffer(cmd, buf.buffer, 0, 4, 0x77);
   vkCmdSetEvent(cmd, ev2, VK_PIPELINE_STAGE_TRANSFER_BIT);
   VKT_CHECK(vkEndCommandBuffer(cmd));
   VkFence fence = make_fence(&t, false);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, fence));
   sleep_ms(50);
   VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, fence), VK_NOT_READY);
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev2), VK_EVENT_RESET);
   CHECK_EQ(*(uint32_t *)buf.map, 0);
   VKT_CHECK(vkSetEvent(t.dev, ev));
   VKT_CHECK(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 5 * SECOND_NS));
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev2), VK_EVENT_SET);
   CHECK_EQ(*(uint32_t *)buf.map, 0x77);

   /* Set and reset by the device within one command buffer. */
   VKT_CHECK(vkResetEvent(t.dev, ev));
   cmd = vkt_cmd_begin(&t);
   vkCmdSetEvent(cmd, ev, VK_PIPELINE_STAGE_TRANSFER_BIT);
   vkCmdWaitEvents(cmd, 1, &ev, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                   0, NULL, 0, NULL, 0, NULL);
   vkCmdResetEvent(cmd, ev2, VK_PIPELINE_STAGE_TRANSFER_BIT);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev), VK_EVENT_SET);
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev2), VK_EVENT_RESET);

   vkDestroyFence(t.dev, fence, NULL);
   vkDestroyEvent(t.dev, ev, NULL);
   vkDestroyEvent(t.dev, ev2, NULL);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

TEST(synchronization2_submit_barrier_events)
{
   static const char *const exts[] = {VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME,
                                      VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME};
   VkPhysicalDeviceTimelineSemaphoreFeatures tl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
      .timelineSemaphore = VK_TRUE,
   };
   VkPhysicalDeviceSynchronization2Features s2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
      .pNext = &tl,
      .synchronization2 = VK_TRUE,
   };
   const struct vkt_req req = {.extensions = exts, .extension_count = 2, .features = &s2};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkQueueSubmit2KHR submit2 = VKT_PROC(&t, vkQueueSubmit2KHR);
   PFN_vkCmdPipelineBarrier2KHR barrier2 = VKT_PROC(&t, vkCmdPipelineBarrier2KHR);
   PFN_vkCmdSetEvent2KHR set2 = VKT_PROC(&t, vkCmdSetEvent2KHR);
   PFN_vkCmdWaitEvents2KHR wait2 = VKT_PROC(&t, vkCmdWaitEvents2KHR);
   PFN_vkWaitSemaphoresKHR wait = VKT_PROC(&t, vkWaitSemaphoresKHR);
   REQUIRE(submit2 && barrier2 && set2 && wait2 && wait);

   struct vkt_buffer a, b;
   REQUIRE(vkt_buffer_create(&t, 4096, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT, &a));
   REQUIRE(vkt_buffer_create(&t, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b));
   memset(b.map, 0, 4096);
   const VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev;
   VKT_REQUIRE(vkCreateEvent(t.dev, &eci, NULL, &ev));

   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdFillBuffer(cmd, a.buffer, 0, VK_WHOLE_SIZE, 0x12345678);
   const VkMemoryBarrier2 mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      /* vkCmdFillBuffer is a transfer command of no finer stage. */
      .srcStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
      .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
      .dstAccessMask = VK_ACCESS_2_TRANSFER_READ_BIT,
   };
   const VkDependencyInfo dep = {
      .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
      .memoryBarrierCount = 1,
      .pMemoryBarriers = &mb,
   };
   set2(cmd, ev, &dep);
   wait2(cmd, 1, &ev, &dep);
   const VkBufferCopy r = {.size = 4096};
   vkCmdCopyBuffer(cmd, a.buffer, b.buffer, 1, &r);
   const VkMemoryBarrier2 host = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
      .srcStageMask = VK_PIPELINE_STAGE_2_COPY_BIT,
      .srcAccessMask = VK_ACCESS_2_TRANSFER_WRITE_BIT,
      .dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT,
      .dstAccessMask = VK_ACCESS_2_HOST_READ_BIT,
   };
   const VkDependencyInfo dep2 = {
      .sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO,
      .memoryBarrierCount = 1,
      .pMemoryBarriers = &host,
   };
   barrier2(cmd, &dep2);
   VKT_CHECK(vkEndCommandBuffer(cmd));

   VkSemaphore sem = make_semaphore(&t, true, 0);
   const VkCommandBufferSubmitInfo cbi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd};
   const VkSemaphoreSubmitInfo sig = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
      .semaphore = sem,
      .value = 7,
      .stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
   };
   const VkSubmitInfo2 si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
      .commandBufferInfoCount = 1,
      .pCommandBufferInfos = &cbi,
      .signalSemaphoreInfoCount = 1,
      .pSignalSemaphoreInfos = &sig,
   };
   VKT_CHECK(submit2(t.queues[0], 1, &si, VK_NULL_HANDLE));
   const uint64_t seven = 7;
   const VkSemaphoreWaitInfo wi = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
      .semaphoreCount = 1,
      .pSemaphores = &sem,
      .pValues = &seven,
   };
   VKT_CHECK(wait(t.dev, &wi, 5 * SECOND_NS));
   CHECK_EQ(((uint32_t *)b.map)[0], 0x12345678);
   CHECK_EQ(((uint32_t *)b.map)[1023], 0x12345678);
   VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
   vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   vkDestroySemaphore(t.dev, sem, NULL);
   vkDestroyEvent(t.dev, ev, NULL);
   vkt_buffer_destroy(&t, &a);
   vkt_buffer_destroy(&t, &b);
   vkt_finish(&t);
}

TEST(many_submissions_complete_in_order)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   VkCommandBuffer cmds[64];
   for (unsigned i = 0; i < 64; i++)
      cmds[i] = record_fill(&t, &buf, 0, i);
   for (unsigned i = 0; i < 64; i++) {
      const VkSubmitInfo si = {
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
         .commandBufferCount = 1,
         .pCommandBuffers = &cmds[i],
      };
      VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
   }
   VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
   /* Submission order is execution order on one queue. */
   CHECK_EQ(*(uint32_t *)buf.map, 63);
   vkFreeCommandBuffers(t.dev, t.pool, 64, cmds);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}
