/* SPDX-License-Identifier: MIT */
/*
 * kiln's fault path: when execution faults, the device is lost, and from
 * then on every call that can report it says VK_ERROR_DEVICE_LOST; nothing
 * hangs, nothing crashes. Faults here come from invalid usage on purpose
 * (memory freed under a recorded command, an event nobody sets), so these
 * run without the validation layer, and only on kiln: other drivers are
 * free to do anything with invalid usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vkt.h"

#define SECOND_NS 1000000000ull

static uint64_t
now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * SECOND_NS + (uint64_t)ts.tv_nsec;
}

struct lost_report {
   bool seen;
   bool names_label;
};

static void
look_for_loss(struct vkt *t, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
              VkDebugUtilsMessageTypeFlagsEXT type, const VkDebugUtilsMessengerCallbackDataEXT *d)
{
   struct lost_report *r = t->hook_data;
   if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) && d->pMessage &&
       strstr(d->pMessage, "device lost")) {
      r->seen = true;
      r->names_label |= strstr(d->pMessage, "the-culprit") != NULL;
   }
}

static bool
init_kiln(struct vkt *t, uint32_t queues)
{
   static const char *const exts[] = {VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME};
   static VkPhysicalDeviceTimelineSemaphoreFeatures tl = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
      .timelineSemaphore = VK_TRUE,
   };
   const struct vkt_req req = {
      .extensions = exts,
      .extension_count = 1,
      .features = &tl,
      .queue_count = queues,
      .no_validation = true,
      .kiln_only = true,
   };
   return vkt_init(t, &req);
}

/* A fill into memory freed after recording: the executor's address check
 * faults, the device is lost. */
TEST(memory_fault_loses_the_device)
{
   struct vkt t;
   if (!init_kiln(&t, 1))
      return;
   struct lost_report report = {0};
   t.message_hook = look_for_loss;
   t.hook_data = &report;
   PFN_vkWaitSemaphoresKHR wait_sem = VKT_PROC(&t, vkWaitSemaphoresKHR);
   PFN_vkGetSemaphoreCounterValueKHR get_sem = VKT_PROC(&t, vkGetSemaphoreCounterValueKHR);
   PFN_vkCmdBeginDebugUtilsLabelEXT label = (PFN_vkCmdBeginDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkCmdBeginDebugUtilsLabelEXT");
   REQUIRE(wait_sem && get_sem && label);

   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 65536, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   const VkDebugUtilsLabelEXT l = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT,
                                   .pLabelName = "the-culprit"};
   label(cmd, &l);
   vkCmdFillBuffer(cmd, buf.buffer, 0, VK_WHOLE_SIZE, 0xbad);
   VKT_CHECK(vkEndCommandBuffer(cmd));
   /* Invalid usage: the memory goes while a recorded command uses it. */
   vkFreeMemory(t.dev, buf.memory, NULL);
   buf.memory = VK_NULL_HANDLE;

   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VKT_REQUIRE(vkCreateFence(t.dev, &fci, NULL, &fence));
   const VkSemaphoreTypeCreateInfo tci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                          .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE};
   const VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                                      .pNext = &tci};
   VkSemaphore sem;
   VKT_REQUIRE(vkCreateSemaphore(t.dev, &sci, NULL, &sem));
   const uint64_t one = 1;
   const VkTimelineSemaphoreSubmitInfo tsi = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .signalSemaphoreValueCount = 1,
      .pSignalSemaphoreValues = &one,
   };
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = &tsi,
      .commandBufferCount = 1,
      .pCommandBuffers = &cmd,
      .signalSemaphoreCount = 1,
      .pSignalSemaphores = &sem,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, fence));

   const uint64_t t0 = now_ns();
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 10 * SECOND_NS),
                    VK_ERROR_DEVICE_LOST);
   CHECK(now_ns() - t0 < 5 * SECOND_NS);
   /* From then on, everything that can say so says so. */
   VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, fence), VK_ERROR_DEVICE_LOST);
   VKT_CHECK_RESULT(vkQueueWaitIdle(t.queues[0]), VK_ERROR_DEVICE_LOST);
   VKT_CHECK_RESULT(vkDeviceWaitIdle(t.dev), VK_ERROR_DEVICE_LOST);
   VKT_CHECK_RESULT(vkQueueSubmit(t.queues[0], 0, NULL, VK_NULL_HANDLE), VK_ERROR_DEVICE_LOST);
   const VkSemaphoreWaitInfo wi = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                                   .semaphoreCount = 1,
                                   .pSemaphores = &sem,
                                   .pValues = &one};
   VKT_CHECK_RESULT(wait_sem(t.dev, &wi, UINT64_MAX), VK_ERROR_DEVICE_LOST);
   uint64_t v;
   VKT_CHECK_RESULT(get_sem(t.dev, sem, &v), VK_ERROR_DEVICE_LOST);
   const VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev;
   VKT_REQUIRE(vkCreateEvent(t.dev, &eci, NULL, &ev));
   VKT_CHECK_RESULT(vkGetEventStatus(t.dev, ev), VK_ERROR_DEVICE_LOST);
   /* The messenger heard why, with the command buffer's label. */
   CHECK(report.seen);
   CHECK(report.names_label);

   vkDestroyEvent(t.dev, ev, NULL);
   vkDestroySemaphore(t.dev, sem, NULL);
   vkDestroyFence(t.dev, fence, NULL);
   vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   vkt_buffer_destroy(&t, &buf);
   t.message_hook = NULL;
   vkt_finish(&t);
}

/* A device-side wait nobody ends: the watchdog (KILN_TDR_MS) fires, the
 * device is lost, and the host wait returns instead of hanging. */
TEST(watchdog_ends_a_device_hang)
{
   setenv("KILN_TDR_MS", "200", 1);
   struct vkt t;
   const bool ok = init_kiln(&t, 1);
   unsetenv("KILN_TDR_MS");
   if (!ok)
      return;
   const VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   VkEvent ev;
   VKT_REQUIRE(vkCreateEvent(t.dev, &eci, NULL, &ev));
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkCmdWaitEvents(cmd, 1, &ev, VK_PIPELINE_STAGE_HOST_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                   NULL, 0, NULL, 0, NULL);
   VKT_CHECK(vkEndCommandBuffer(cmd));
   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VKT_REQUIRE(vkCreateFence(t.dev, &fci, NULL, &fence));
   const VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                            .commandBufferCount = 1,
                            .pCommandBuffers = &cmd};
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, fence));
   /* Before the watchdog: an honest timeout. */
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 20000000), VK_TIMEOUT);
   const uint64_t t0 = now_ns();
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 30 * SECOND_NS),
                    VK_ERROR_DEVICE_LOST);
   const uint64_t waited = now_ns() - t0;
   CHECK(waited < 5 * SECOND_NS);
   printf("  lost after %.0f ms of waiting\n", waited / 1e6);
   VKT_CHECK_RESULT(vkDeviceWaitIdle(t.dev), VK_ERROR_DEVICE_LOST);
   vkDestroyFence(t.dev, fence, NULL);
   vkDestroyEvent(t.dev, ev, NULL);
   vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   vkt_finish(&t);
}

static void
look_for_draw(struct vkt *t, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
              VkDebugUtilsMessageTypeFlagsEXT type, const VkDebugUtilsMessengerCallbackDataEXT *d)
{
   struct lost_report *r = t->hook_data;
   if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) && d->pMessage &&
       strstr(d->pMessage, "device lost")) {
      r->seen = true;
      /* The second draw of the command buffer, by its API name. */
      r->names_label |= strstr(d->pMessage, "draw 2 (vkCmdDrawIndexed") != NULL;
   }
}

/* A draw with no graphics pipeline bound (undefined behaviour) loses the
 * device instead of crashing, and the message names the draw: its number
 * in the command buffer and its command. (A clear of an attachment before
 * it is not a draw; an empty draw before it is one, that draws nothing.) */
TEST(draw_fault_names_the_draw)
{
   struct vkt t;
   if (!init_kiln(&t, 1))
      return;
   struct lost_report report = {0};
   t.message_hook = look_for_draw;
   t.hook_data = &report;
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                         VK_IMAGE_TILING_OPTIMAL, 16, 16, 1, 1, 1);
   ci.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   struct vkt_image img;
   REQUIRE(vkt_image_create(&t, &ci, &img));
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = ci.format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   VkImageView view;
   VKT_REQUIRE(vkCreateImageView(t.dev, &vci, NULL, &view));
   const VkAttachmentDescription att = {
      0, ci.format, VK_SAMPLE_COUNT_1_BIT, VK_ATTACHMENT_LOAD_OP_CLEAR,
      VK_ATTACHMENT_STORE_OP_STORE, VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      VK_ATTACHMENT_STORE_OP_DONT_CARE, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL};
   const VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkSubpassDescription sub = {.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
                                     .colorAttachmentCount = 1,
                                     .pColorAttachments = &ref};
   const VkRenderPassCreateInfo rpci = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
                                        .attachmentCount = 1,
                                        .pAttachments = &att,
                                        .subpassCount = 1,
                                        .pSubpasses = &sub};
   VkRenderPass pass;
   VKT_REQUIRE(vkCreateRenderPass(t.dev, &rpci, NULL, &pass));
   const VkFramebufferCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
                                        .renderPass = pass,
                                        .attachmentCount = 1,
                                        .pAttachments = &view,
                                        .width = 16,
                                        .height = 16,
                                        .layers = 1};
   VkFramebuffer fb;
   VKT_REQUIRE(vkCreateFramebuffer(t.dev, &fci, NULL, &fb));
   const VkClearValue clear = {{{0}}};
   const VkRenderPassBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                                     .renderPass = pass,
                                     .framebuffer = fb,
                                     .renderArea = {{0, 0}, {16, 16}},
                                     .clearValueCount = 1,
                                     .pClearValues = &clear};
   VkCommandBuffer cmd2 = vkt_cmd_begin(&t);
   vkCmdBeginRenderPass(cmd2, &bi, VK_SUBPASS_CONTENTS_INLINE);
   const VkClearAttachment ca = {VK_IMAGE_ASPECT_COLOR_BIT, 0, {{{0}}}};
   const VkClearRect rect = {{{0, 0}, {4, 4}}, 0, 1};
   vkCmdClearAttachments(cmd2, 1, &ca, 1, &rect);
   vkCmdDraw(cmd2, 0, 1, 0, 0);
   vkCmdDrawIndexed(cmd2, 3, 1, 0, 0, 0);
   vkCmdEndRenderPass(cmd2);
   VKT_CHECK(vkEndCommandBuffer(cmd2));
   const VkFenceCreateInfo fence_ci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   VKT_REQUIRE(vkCreateFence(t.dev, &fence_ci, NULL, &fence));
   const VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                            .commandBufferCount = 1,
                            .pCommandBuffers = &cmd2};
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, fence));
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 10 * SECOND_NS),
                    VK_ERROR_DEVICE_LOST);
   CHECK(report.seen);
   CHECK(report.names_label);
   vkDestroyFence(t.dev, fence, NULL);
   vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd2);
   vkDestroyFramebuffer(t.dev, fb, NULL);
   vkDestroyRenderPass(t.dev, pass, NULL);
   vkDestroyImageView(t.dev, view, NULL);
   vkt_image_destroy(&t, &img);
   t.message_hook = NULL;
   vkt_finish(&t);
}

/* Destroying a device whose queue is blocked on a semaphore nobody signals
 * (invalid usage) returns instead of hanging. */
TEST(destroy_with_a_blocked_queue_returns)
{
   struct vkt t;
   if (!init_kiln(&t, 1))
      return;
   const VkSemaphoreTypeCreateInfo tci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
                                          .semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE};
   const VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                                      .pNext = &tci};
   VkSemaphore sem;
   VKT_REQUIRE(vkCreateSemaphore(t.dev, &sci, NULL, &sem));
   const uint64_t value = 42;
   const VkTimelineSemaphoreSubmitInfo tsi = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = 1,
      .pWaitSemaphoreValues = &value,
   };
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   const VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                            .pNext = &tsi,
                            .waitSemaphoreCount = 1,
                            .pWaitSemaphores = &sem,
                            .pWaitDstStageMask = &stage};
   VkFence fence;
   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VKT_REQUIRE(vkCreateFence(t.dev, &fci, NULL, &fence));
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, fence));
   VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 50000000), VK_TIMEOUT);
   const uint64_t t0 = now_ns();
   vkDestroyFence(t.dev, fence, NULL);
   vkDestroySemaphore(t.dev, sem, NULL);
   vkDestroyCommandPool(t.dev, t.pool, NULL);
   vkDestroyDevice(t.dev, NULL);
   t.dev = VK_NULL_HANDLE;
   CHECK(now_ns() - t0 < 5 * SECOND_NS);
   vkt_finish(&t);
}
