/* SPDX-License-Identifier: MIT */
/*
 * What applications attach to objects: VK_EXT_debug_utils names and labels,
 * messages from the driver, VK_EXT_private_data.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"

TEST(debug_utils_names_and_labels)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   PFN_vkSetDebugUtilsObjectNameEXT set_name = (PFN_vkSetDebugUtilsObjectNameEXT)
      vkGetInstanceProcAddr(t.instance, "vkSetDebugUtilsObjectNameEXT");
   PFN_vkQueueBeginDebugUtilsLabelEXT qbegin = (PFN_vkQueueBeginDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkQueueBeginDebugUtilsLabelEXT");
   PFN_vkQueueEndDebugUtilsLabelEXT qend = (PFN_vkQueueEndDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkQueueEndDebugUtilsLabelEXT");
   PFN_vkQueueInsertDebugUtilsLabelEXT qinsert = (PFN_vkQueueInsertDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkQueueInsertDebugUtilsLabelEXT");
   PFN_vkCmdBeginDebugUtilsLabelEXT cbegin = (PFN_vkCmdBeginDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkCmdBeginDebugUtilsLabelEXT");
   PFN_vkCmdEndDebugUtilsLabelEXT cend = (PFN_vkCmdEndDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkCmdEndDebugUtilsLabelEXT");
   PFN_vkCmdInsertDebugUtilsLabelEXT cinsert = (PFN_vkCmdInsertDebugUtilsLabelEXT)
      vkGetInstanceProcAddr(t.instance, "vkCmdInsertDebugUtilsLabelEXT");
   REQUIRE(set_name && qbegin && qend && qinsert && cbegin && cend && cinsert);

   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 64, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   VkDebugUtilsObjectNameInfoEXT ni = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
      .objectType = VK_OBJECT_TYPE_BUFFER,
      .objectHandle = (uint64_t)buf.buffer,
      .pObjectName = "vertices",
   };
   VKT_CHECK(set_name(t.dev, &ni));
   ni.pObjectName = "renamed";
   VKT_CHECK(set_name(t.dev, &ni));
   /* NULL removes the name (VkDebugUtilsObjectNameInfoEXT). lavapipe 22.3
    * answers NULL with VK_ERROR_OUT_OF_HOST_MEMORY (a Mesa bug), so other
    * drivers get the empty string, which also removes it. */
   ni.pObjectName = t.is_kiln ? NULL : "";
   VKT_CHECK(set_name(t.dev, &ni));
   ni = (VkDebugUtilsObjectNameInfoEXT){
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_NAME_INFO_EXT,
      .objectType = VK_OBJECT_TYPE_DEVICE,
      .objectHandle = (uint64_t)(uintptr_t)t.dev,
      .pObjectName = "the device",
   };
   VKT_CHECK(set_name(t.dev, &ni));
   ni.objectType = VK_OBJECT_TYPE_QUEUE;
   ni.objectHandle = (uint64_t)(uintptr_t)t.queues[0];
   ni.pObjectName = "queue zero";
   VKT_CHECK(set_name(t.dev, &ni));

   const VkDebugUtilsLabelEXT outer = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT,
                                       .pLabelName = "frame"};
   const VkDebugUtilsLabelEXT inner = {.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_LABEL_EXT,
                                       .pLabelName = "upload"};
   qbegin(t.queues[0], &outer);
   qinsert(t.queues[0], &inner);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   cbegin(cmd, &outer);
   cinsert(cmd, &inner);
   cbegin(cmd, &inner);
   vkCmdFillBuffer(cmd, buf.buffer, 0, 64, 0x42);
   cend(cmd);
   cend(cmd);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   qend(t.queues[0]);
   CHECK_EQ(((uint32_t *)buf.map)[15], 0x42);
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}

struct seen {
   bool oom_report;
};

static void
look_for_oom(struct vkt *t, VkDebugUtilsMessageSeverityFlagBitsEXT severity,
             VkDebugUtilsMessageTypeFlagsEXT type, const VkDebugUtilsMessengerCallbackDataEXT *d)
{
   struct seen *seen = t->hook_data;
   if ((type & VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT) && d->pMessage &&
       strstr(d->pMessage, "VK_ERROR_OUT_OF_DEVICE_MEMORY") && d->objectCount >= 1)
      seen->oom_report = true;
}

/* kiln reports the errors it returns to the application's messengers,
 * naming the object. */
TEST(driver_reports_errors_through_debug_utils)
{
   const struct vkt_req req = {.kiln_only = true};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   struct seen seen = {0};
   t.message_hook = look_for_oom;
   t.hook_data = &seen;
   const uint32_t heap = t.mem_props.memoryTypes[0].heapIndex;
   const VkDeviceSize half = (t.mem_props.memoryHeaps[heap].size / 2 + 4096) & ~4095ull;
   VkDeviceMemory a, b;
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = half,
      .memoryTypeIndex = 0,
   };
   VKT_REQUIRE(vkAllocateMemory(t.dev, &mai, NULL, &a));
   VKT_CHECK_RESULT(vkAllocateMemory(t.dev, &mai, NULL, &b), VK_ERROR_OUT_OF_DEVICE_MEMORY);
   CHECK(seen.oom_report);
   vkFreeMemory(t.dev, a, NULL);
   t.message_hook = NULL;
   vkt_finish(&t);
}

TEST(private_data_slots)
{
   static const char *const exts[] = {VK_EXT_PRIVATE_DATA_EXTENSION_NAME};
   VkPhysicalDevicePrivateDataFeatures pd = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES,
      .privateData = VK_TRUE,
   };
   const struct vkt_req req = {.extensions = exts, .extension_count = 1, .features = &pd};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkCreatePrivateDataSlotEXT create = VKT_PROC(&t, vkCreatePrivateDataSlotEXT);
   PFN_vkDestroyPrivateDataSlotEXT destroy = VKT_PROC(&t, vkDestroyPrivateDataSlotEXT);
   PFN_vkSetPrivateDataEXT set = VKT_PROC(&t, vkSetPrivateDataEXT);
   PFN_vkGetPrivateDataEXT get = VKT_PROC(&t, vkGetPrivateDataEXT);
   REQUIRE(create && destroy && set && get);

   const VkPrivateDataSlotCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_PRIVATE_DATA_SLOT_CREATE_INFO};
   VkPrivateDataSlot s1, s2;
   VKT_REQUIRE(create(t.dev, &ci, NULL, &s1));
   VKT_REQUIRE(create(t.dev, &ci, NULL, &s2));
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 64, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   const uint64_t hbuf = (uint64_t)buf.buffer, hdev = (uint64_t)(uintptr_t)t.dev;

   uint64_t v = 123;
   get(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s1, &v);
   CHECK_EQ(v, 0); /* never set */
   VKT_CHECK(set(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s1, 0x1111));
   VKT_CHECK(set(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s2, 0x2222));
   VKT_CHECK(set(t.dev, VK_OBJECT_TYPE_DEVICE, hdev, s1, 0x3333));
   get(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s1, &v);
   CHECK_EQ(v, 0x1111);
   get(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s2, &v);
   CHECK_EQ(v, 0x2222);
   get(t.dev, VK_OBJECT_TYPE_DEVICE, hdev, s1, &v);
   CHECK_EQ(v, 0x3333);
   VKT_CHECK(set(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s1, 0x4444));
   get(t.dev, VK_OBJECT_TYPE_BUFFER, hbuf, s1, &v);
   CHECK_EQ(v, 0x4444);
   vkt_buffer_destroy(&t, &buf);
   destroy(t.dev, s1, NULL);
   destroy(t.dev, s2, NULL);
   vkt_finish(&t);
}

/* Allocation scopes (Vulkan 1.3, 11.1): what an object allocates with the
 * pAllocator given at its creation is OBJECT scope; on kiln, temporaries of
 * a command (vkQueueSubmit's conversion) are COMMAND scope from the device
 * allocator, and the device's own state DEVICE scope. */
struct scope_log {
   unsigned count[5];
};

static void *VKAPI_CALL
log_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   struct scope_log *l = user;
   if ((unsigned)scope < 5)
      l->count[scope]++;
   void *p = NULL;
   return posix_memalign(&p, align < 16 ? 16 : align, size ? size : 1) == 0 ? p : NULL;
}

static void *VKAPI_CALL
log_realloc(void *user, void *old, size_t size, size_t align, VkSystemAllocationScope scope)
{
   struct scope_log *l = user;
   if ((unsigned)scope < 5)
      l->count[scope]++;
   return realloc(old, size);
}

static void VKAPI_CALL
log_free(void *user, void *p)
{
   free(p);
}

TEST(allocation_scopes)
{
   struct scope_log objects = {0};
   const VkAllocationCallbacks oa = {&objects, log_alloc, log_realloc, log_free, NULL, NULL};
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = 256,
                                   .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT};
   VkBuffer buf;
   VKT_REQUIRE(vkCreateBuffer(t.dev, &bci, &oa, &buf));
   const VkCommandPoolCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                        .queueFamilyIndex = t.queue_family};
   VkCommandPool pool;
   VKT_REQUIRE(vkCreateCommandPool(t.dev, &pci, &oa, &pool));
   const VkDescriptorSetLayoutBinding b = {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 4,
                                           VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   const VkDescriptorSetLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
      .pBindings = &b};
   VkDescriptorSetLayout sl;
   VKT_REQUIRE(vkCreateDescriptorSetLayout(t.dev, &lci, &oa, &sl));
   vkDestroyDescriptorSetLayout(t.dev, sl, &oa);
   vkDestroyCommandPool(t.dev, pool, &oa);
   vkDestroyBuffer(t.dev, buf, &oa);
   /* kiln allocates each of the three with it; other drivers at least the
    * buffer (Mesa's runtime keeps reference-counted layouts on the device
    * allocator). */
   CHECK(objects.count[VK_SYSTEM_ALLOCATION_SCOPE_OBJECT] >= (t.is_kiln ? 3u : 1u));
   CHECK_EQ(objects.count[VK_SYSTEM_ALLOCATION_SCOPE_COMMAND] +
               objects.count[VK_SYSTEM_ALLOCATION_SCOPE_CACHE] +
               objects.count[VK_SYSTEM_ALLOCATION_SCOPE_DEVICE] +
               objects.count[VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE],
            0);
   vkt_finish(&t);

   /* A device made with the logging allocator (kiln: the device's state is
    * DEVICE scope; a submission's conversion COMMAND scope). */
   struct scope_log dev_log = {0};
   const VkAllocationCallbacks da = {&dev_log, log_alloc, log_realloc, log_free, NULL, NULL};
   const struct vkt_req req = {.alloc = &da, .kiln_only = true};
   if (!vkt_init(&t, &req))
      return;
   CHECK(dev_log.count[VK_SYSTEM_ALLOCATION_SCOPE_DEVICE] > 0);
   CHECK(dev_log.count[VK_SYSTEM_ALLOCATION_SCOPE_INSTANCE] > 0);
   const unsigned commands = dev_log.count[VK_SYSTEM_ALLOCATION_SCOPE_COMMAND];
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   CHECK(dev_log.count[VK_SYSTEM_ALLOCATION_SCOPE_COMMAND] > commands);
   vkt_finish(&t);
}
