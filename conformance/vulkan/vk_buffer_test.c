/* SPDX-License-Identifier: MIT */
/*
 * Device memory and buffers: allocation, mapping, heap exhaustion, and the
 * buffer transfer commands (copy, fill, update).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"

TEST(memory_types_map_and_hold_data)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   for (uint32_t type = 0; type < t.mem_props.memoryTypeCount; type++) {
      if (!(t.mem_props.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
         continue;
      const VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = 3 * 4096 + 100,
         .memoryTypeIndex = type,
      };
      VkDeviceMemory mem;
      VKT_REQUIRE(vkAllocateMemory(t.dev, &mai, NULL, &mem));
      uint8_t *p;
      VKT_REQUIRE(vkMapMemory(t.dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&p));
      vkt_fill_pattern(p, mai.allocationSize, type);
      /* Non-coherent types need a flush; harmless on coherent ones. */
      const VkMappedMemoryRange range = {
         .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
         .memory = mem,
         .size = VK_WHOLE_SIZE,
      };
      VKT_CHECK(vkFlushMappedMemoryRanges(t.dev, 1, &range));
      vkUnmapMemory(t.dev, mem);
      /* Mapping at an offset sees the same bytes. */
      uint8_t *q;
      VKT_REQUIRE(vkMapMemory(t.dev, mem, 4096, VK_WHOLE_SIZE, 0, (void **)&q));
      const VkMappedMemoryRange range2 = {
         .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
         .memory = mem,
         .offset = 4096,
         .size = VK_WHOLE_SIZE,
      };
      VKT_CHECK(vkInvalidateMappedMemoryRanges(t.dev, 1, &range2));
      uint8_t want[200];
      uint8_t *all = malloc(mai.allocationSize);
      vkt_fill_pattern(all, mai.allocationSize, type);
      memcpy(want, all + 4096, sizeof(want));
      free(all);
      CHECK(memcmp(q, want, sizeof(want)) == 0);
      vkUnmapMemory(t.dev, mem);
      vkFreeMemory(t.dev, mem, NULL);
   }
   vkt_finish(&t);
}

TEST(memory_budget_tracks_allocations)
{
   static const char *const exts[] = {VK_EXT_MEMORY_BUDGET_EXTENSION_NAME};
   const struct vkt_req req = {.extensions = exts, .extension_count = 1};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   PFN_vkGetPhysicalDeviceMemoryProperties2KHR get = (PFN_vkGetPhysicalDeviceMemoryProperties2KHR)
      vkGetInstanceProcAddr(t.instance, "vkGetPhysicalDeviceMemoryProperties2KHR");
   REQUIRE(get);
   VkPhysicalDeviceMemoryBudgetPropertiesEXT b0 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT};
   VkPhysicalDeviceMemoryProperties2 p = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2, .pNext = &b0};
   get(t.pdev, &p);
   const uint32_t heap = t.mem_props.memoryTypes[0].heapIndex;
   CHECK(b0.heapBudget[heap] > 0);
   CHECK(b0.heapBudget[heap] <= t.mem_props.memoryHeaps[heap].size);

   const VkDeviceSize size = 64ull << 20;
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = size,
      .memoryTypeIndex = 0,
   };
   VkDeviceMemory mem;
   VKT_REQUIRE(vkAllocateMemory(t.dev, &mai, NULL, &mem));
   VkPhysicalDeviceMemoryBudgetPropertiesEXT b1 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_BUDGET_PROPERTIES_EXT};
   p.pNext = &b1;
   get(t.pdev, &p);
   /* Usage is process-wide and may move for other reasons; it must at least
    * account for what we just took. */
   CHECK(b1.heapUsage[heap] >= b0.heapUsage[heap] + size ||
         !t.is_kiln /* other drivers may count lazily */);
   vkFreeMemory(t.dev, mem, NULL);
   vkt_finish(&t);
}

TEST(allocating_past_the_heap_fails_cleanly)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const uint32_t heap = t.mem_props.memoryTypes[0].heapIndex;
   const VkDeviceSize heap_size = t.mem_props.memoryHeaps[heap].size;
   /* Each allocation is valid on its own (<= heap size); together they are
    * more than the heap. Nothing is touched, so nothing is really used. */
   const VkDeviceSize chunk = (heap_size / 3) & ~(VkDeviceSize)0xffff;
   VkDeviceMemory mems[6] = {0};
   unsigned ok = 0, failed = 0;
   for (unsigned i = 0; i < 6; i++) {
      const VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = chunk,
         .memoryTypeIndex = 0,
      };
      const VkResult r = vkAllocateMemory(t.dev, &mai, NULL, &mems[i]);
      if (r == VK_SUCCESS) {
         ok++;
      } else {
         CHECK(r == VK_ERROR_OUT_OF_DEVICE_MEMORY || r == VK_ERROR_OUT_OF_HOST_MEMORY);
         mems[i] = VK_NULL_HANDLE;
         failed++;
      }
   }
   printf("  %u x %llu MiB allocated, %u refused (heap %llu MiB)\n", ok,
          (unsigned long long)(chunk >> 20), failed, (unsigned long long)(heap_size >> 20));
   if (t.is_kiln) {
      /* kiln charges the heap: only three thirds fit. */
      CHECK_EQ(ok, 3);
      CHECK_EQ(failed, 3);
   }
   for (unsigned i = 0; i < 6; i++) {
      if (mems[i])
         vkFreeMemory(t.dev, mems[i], NULL);
   }
   /* And memory works again afterwards. */
   struct vkt_buffer b;
   if (vkt_buffer_create(&t, 4096, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b))
      vkt_buffer_destroy(&t, &b);
   vkt_finish(&t);
}

TEST(fill_update_copy_buffer)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDeviceSize size = 65536;
   struct vkt_buffer src, dst;
   REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT, &src));
   REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT, &dst));
   vkt_fill_pattern(src.map, size, 7);
   memset(dst.map, 0xee, size);

   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   REQUIRE(cmd);
   /* Three regions, unaligned offsets and sizes. */
   const VkBufferCopy regions[] = {
      {.srcOffset = 0, .dstOffset = 100, .size = 1000},
      {.srcOffset = 5001, .dstOffset = 3, .size = 17},
      {.srcOffset = 32768, .dstOffset = 40000, .size = 20000},
   };
   vkCmdCopyBuffer(cmd, src.buffer, dst.buffer, 3, regions);
   vkt_cmd_barrier(cmd);
   /* Fill a range, then the tail with VK_WHOLE_SIZE (rounded down to a
    * multiple of 4: the last bytes stay). */
   vkCmdFillBuffer(cmd, dst.buffer, 2000, 400, 0xdeadbeef);
   vkCmdFillBuffer(cmd, src.buffer, 65000, VK_WHOLE_SIZE, 0x01020304);
   vkt_cmd_barrier(cmd);
   const uint32_t words[5] = {1, 2, 3, 4, 5};
   vkCmdUpdateBuffer(cmd, dst.buffer, 2100, sizeof(words), words);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   uint8_t *want_src = malloc(size), *want = malloc(size);
   vkt_fill_pattern(want_src, size, 7);
   memset(want, 0xee, size);
   for (unsigned i = 0; i < 3; i++)
      memcpy(want + regions[i].dstOffset, want_src + regions[i].srcOffset, regions[i].size);
   for (unsigned i = 0; i < 100; i++)
      memcpy(want + 2000 + 4 * i, &(uint32_t){0xdeadbeef}, 4);
   memcpy(want + 2100, words, sizeof(words));
   CHECK(memcmp(dst.map, want, size) == 0);
   for (VkDeviceSize o = 65000; o + 4 <= size; o += 4)
      memcpy(want_src + o, &(uint32_t){0x01020304}, 4);
   CHECK(memcmp(src.map, want_src, size) == 0);
   free(want);
   free(want_src);
   vkt_buffer_destroy(&t, &src);
   vkt_buffer_destroy(&t, &dst);
   vkt_finish(&t);
}

TEST(large_copy_and_fill)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   /* Big enough for kiln to spread the work over its worker threads, with a
    * size that is not a multiple of the chunk. */
   const VkDeviceSize size = (24ull << 20) + 12;
   struct vkt_buffer a, b;
   REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT, &a));
   REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                          VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b));
   vkt_fill_pattern(a.map, size, 99);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   REQUIRE(cmd);
   const VkBufferCopy whole = {.size = size};
   vkCmdCopyBuffer(cmd, a.buffer, b.buffer, 1, &whole);
   vkt_cmd_barrier(cmd);
   vkCmdFillBuffer(cmd, a.buffer, 4, size - 8, 0x5a5a1234);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));

   uint8_t *want = malloc(size);
   vkt_fill_pattern(want, size, 99);
   CHECK(memcmp(b.map, want, size) == 0);
   bool fill_ok = memcmp(a.map, want, 4) == 0 &&
                  memcmp(a.map + size - 4, want + size - 4, 4) == 0;
   for (VkDeviceSize o = 4; o < size - 4 && fill_ok; o += 4)
      fill_ok = *(uint32_t *)(a.map + o) == 0x5a5a1234;
   CHECK(fill_ok);
   free(want);
   vkt_buffer_destroy(&t, &a);
   vkt_buffer_destroy(&t, &b);
   vkt_finish(&t);
}

/* A large copy between offsets that are not aligned alike (kiln writes
 * large copies with streaming stores from the destination's first whole
 * cache line on): the bytes land, and the bytes around the range stay. */
TEST(large_copy_misaligned)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   const VkDeviceSize size = (9ull << 20) + 100;
   const VkDeviceSize src_off = 3, dst_off = 61, n = size - 100;
   struct vkt_buffer a, b;
   REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &a));
   REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b));
   vkt_fill_pattern(a.map, size, 7);
   vkt_fill_pattern(b.map, size, 8);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   REQUIRE(cmd);
   const VkBufferCopy r = {.srcOffset = src_off, .dstOffset = dst_off, .size = n};
   vkCmdCopyBuffer(cmd, a.buffer, b.buffer, 1, &r);
   REQUIRE(vkt_cmd_submit_wait(&t, cmd));
   uint8_t *want = malloc(size);
   REQUIRE(want);
   vkt_fill_pattern(want, size, 8);
   memcpy(want + dst_off, (const uint8_t *)a.map + src_off, n);
   CHECK(memcmp(b.map, want, size) == 0);
   free(want);
   vkt_buffer_destroy(&t, &a);
   vkt_buffer_destroy(&t, &b);
   vkt_finish(&t);
}

TEST(secondary_command_buffers_and_reuse)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   struct vkt_buffer buf;
   REQUIRE(vkt_buffer_create(&t, 1024, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &buf));
   memset(buf.map, 0, 1024);

   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t.pool,
      .level = VK_COMMAND_BUFFER_LEVEL_SECONDARY,
      .commandBufferCount = 1,
   };
   VkCommandBuffer sec;
   VKT_REQUIRE(vkAllocateCommandBuffers(t.dev, &ai, &sec));
   const VkCommandBufferInheritanceInfo inh = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_INHERITANCE_INFO};
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .pInheritanceInfo = &inh,
   };
   VKT_REQUIRE(vkBeginCommandBuffer(sec, &bi));
   vkCmdFillBuffer(sec, buf.buffer, 512, 512, 0x11111111);
   VKT_REQUIRE(vkEndCommandBuffer(sec));

   /* A primary that is submitted twice (no ONE_TIME_SUBMIT), running the
    * secondary between two fills. */
   const VkCommandBufferAllocateInfo pai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t.pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VkCommandBuffer prim;
   VKT_REQUIRE(vkAllocateCommandBuffers(t.dev, &pai, &prim));
   const VkCommandBufferBeginInfo pbi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   VKT_REQUIRE(vkBeginCommandBuffer(prim, &pbi));
   vkCmdFillBuffer(prim, buf.buffer, 0, 512, 0x22222222);
   vkCmdExecuteCommands(prim, 1, &sec);
   VKT_REQUIRE(vkEndCommandBuffer(prim));

   for (int round = 0; round < 2; round++) {
      memset(buf.map, 0, 1024);
      const VkSubmitInfo si = {
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
         .commandBufferCount = 1,
         .pCommandBuffers = &prim,
      };
      VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
      VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
      CHECK_EQ(((uint32_t *)buf.map)[0], 0x22222222);
      CHECK_EQ(((uint32_t *)buf.map)[127], 0x22222222);
      CHECK_EQ(((uint32_t *)buf.map)[128], 0x11111111);
      CHECK_EQ(((uint32_t *)buf.map)[255], 0x11111111);
   }

   /* Reset and re-record: the old commands are gone. */
   VKT_CHECK(vkResetCommandBuffer(prim, 0));
   VKT_REQUIRE(vkBeginCommandBuffer(prim, &pbi));
   vkCmdFillBuffer(prim, buf.buffer, 0, 4, 0x33333333);
   VKT_REQUIRE(vkEndCommandBuffer(prim));
   memset(buf.map, 0, 1024);
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .commandBufferCount = 1,
      .pCommandBuffers = &prim,
   };
   VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, VK_NULL_HANDLE));
   VKT_CHECK(vkQueueWaitIdle(t.queues[0]));
   CHECK_EQ(((uint32_t *)buf.map)[0], 0x33333333);
   CHECK_EQ(((uint32_t *)buf.map)[1], 0);
   CHECK_EQ(((uint32_t *)buf.map)[128], 0);

   vkFreeCommandBuffers(t.dev, t.pool, 1, &prim);
   vkFreeCommandBuffers(t.dev, t.pool, 1, &sec);
   VKT_CHECK(vkResetCommandPool(t.dev, t.pool, VK_COMMAND_POOL_RESET_RELEASE_RESOURCES_BIT));
   vkt_buffer_destroy(&t, &buf);
   vkt_finish(&t);
}
