/* SPDX-License-Identifier: MIT */
/*
 * The driver's machinery, tested from inside: the worker pool, the sync
 * primitive, the command stream, the executor's fault path (the "MMU"),
 * and the allocation-count limit.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_device_memory.h"
#include "nvk_test_util.h"
#include "nvk_worker_pool.h"
#include "nvkmd/nvkmd.h"
#include "util/os.h"
#include "util/test.h"
#include "vk_alloc.h"
#include "vk_sync.h"

struct count_job {
   uint32_t *hits;
};

static void
count_index(void *data, uint32_t i)
{
   struct count_job *j = data;
   __atomic_add_fetch(&j->hits[i], 1, __ATOMIC_RELAXED);
}

struct pool_user {
   struct nvk_worker_pool *pool;
   uint32_t hits[3000];
};

static void *
run_loop(void *arg)
{
   struct pool_user *u = arg;
   struct count_job j = {u->hits};
   nvk_worker_pool_parallel_for(u->pool, 3000, count_index, &j);
   return NULL;
}

TEST(nvk_worker_pool_runs_every_index_once)
{
   for (unsigned threads = 1; threads <= 4; threads += 3) {
      struct nvk_worker_pool *pool;
      REQUIRE(nvk_worker_pool_create(vk_default_allocator(), threads, &pool) == VK_SUCCESS);
      CHECK_EQ(nvk_worker_pool_thread_count(pool), threads);
      /* Two callers at once, as two queues would. */
      static struct pool_user a, b;
      memset(&a, 0, sizeof(a));
      memset(&b, 0, sizeof(b));
      a.pool = b.pool = pool;
      pthread_t ta, tb;
      REQUIRE(pthread_create(&ta, NULL, run_loop, &a) == 0);
      REQUIRE(pthread_create(&tb, NULL, run_loop, &b) == 0);
      pthread_join(ta, NULL);
      pthread_join(tb, NULL);
      bool ok = true;
      for (unsigned i = 0; i < 3000; i++)
         ok &= a.hits[i] == 1 && b.hits[i] == 1;
      CHECK(ok);
      nvk_worker_pool_parallel_for(pool, 0, count_index, NULL); /* nothing to do */
      nvk_worker_pool_destroy(pool);
   }
}

TEST(nvk_sync_payload_rules)
{
   struct vk_sync_domain d;
   REQUIRE(vk_sync_domain_init(&d) == 0);
   struct vk_sync fence, bin, tl;
   vk_sync_init(&fence, VK_SYNC_TYPE_FENCE, 0);
   vk_sync_init(&bin, VK_SYNC_TYPE_BINARY, 0);
   vk_sync_init(&tl, VK_SYNC_TYPE_TIMELINE, 5);

   vk_sync_domain_lock(&d);
   /* Binary: the n-th wait pairs with the n-th signal. */
   const uint64_t w1 = vk_sync_take_wait_value_locked(&bin, 0);
   const uint64_t w2 = vk_sync_take_wait_value_locked(&bin, 0);
   CHECK_EQ(w1, 1);
   CHECK_EQ(w2, 2);
   CHECK_EQ(vk_sync_take_wait_value_locked(&tl, 7), 7);
   CHECK_EQ(vk_sync_take_wait_value_locked(&fence, 0), 1);
   vk_sync_signal_locked(&d, &bin, 0);
   vk_sync_signal_locked(&d, &tl, 3); /* timelines never go back */
   vk_sync_domain_unlock(&d);
   CHECK_EQ(tl.value, 5);

   const struct vk_sync_wait first = {&bin, w1}, second = {&bin, w2};
   CHECK(vk_sync_wait_many(&d, &first, 1, false, vk_abs_timeout(0)) == VK_SUCCESS);
   CHECK(vk_sync_wait_many(&d, &second, 1, false, vk_abs_timeout(0)) == VK_TIMEOUT);
   const struct vk_sync_wait both[2] = {first, second};
   CHECK(vk_sync_wait_many(&d, both, 2, true, 0) == VK_SUCCESS);  /* any */
   CHECK(vk_sync_wait_many(&d, both, 2, false, 0) == VK_TIMEOUT); /* all */

   /* A real timeout takes about as long as asked. */
   const uint64_t t0 = util_time_ns();
   CHECK(vk_sync_wait_many(&d, &second, 1, false, vk_abs_timeout(30000000)) == VK_TIMEOUT);
   const uint64_t waited = util_time_ns() - t0;
   CHECK(waited >= 30000000 && waited < 2000000000ull);

   /* Loss ends every wait, even an endless one. */
   vk_sync_domain_lock(&d);
   d.lost = true;
   vk_sync_domain_broadcast_locked(&d);
   vk_sync_domain_unlock(&d);
   CHECK(vk_sync_wait_many(&d, &second, 1, false, UINT64_MAX) == VK_ERROR_DEVICE_LOST);
   /* ... but a wait already satisfied is still satisfied. */
   CHECK(vk_sync_wait_many(&d, &first, 1, false, UINT64_MAX) == VK_SUCCESS);

   vk_sync_domain_lock(&d);
   vk_sync_signal_locked(&d, &fence, 0);
   CHECK_EQ(fence.value, 1);
   vk_sync_reset_locked(&fence, vk_default_allocator());
   CHECK_EQ(fence.value, 0);
   vk_sync_domain_unlock(&d);
   vk_sync_domain_finish(&d);
}

/* Commands of every size, one larger than a block, survive recording and
 * replay in order; resets keep blocks for reuse. */
TEST(nvk_cmd_stream_blocks)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkDeviceMemory mem;
   void *map;
   VkBuffer buf = nvk_test_buffer(&t, 1 << 20, &mem, &map);
   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);
   /* 3000 small updates (several blocks), then one 60 KiB update (bigger
    * than a block), then a fill after it. */
   for (uint32_t i = 0; i < 3000; i++)
      nvk_CmdUpdateBuffer(cmd, buf, i * 4, 4, &i);
   static uint8_t big[60 * 1024];
   for (unsigned i = 0; i < sizeof(big); i++)
      big[i] = (uint8_t)(i * 7);
   nvk_CmdUpdateBuffer(cmd, buf, 65536, sizeof(big), big);
   nvk_CmdFillBuffer(cmd, buf, 65536 + sizeof(big), 64, 0x01020304);
   REQUIRE(nvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   struct nvk_cmd_buffer *c = nvk_cmd_buffer_from_handle(cmd);
   CHECK(list_length(&c->stream.blocks) >= 3);

   struct nvk_exec ex;
   nvk_exec_init(&ex, t.nvk, NULL);
   REQUIRE(nvk_exec_cmd_buffer(&ex, c));
   bool ok = true;
   for (uint32_t i = 0; i < 3000; i++)
      ok &= ((uint32_t *)map)[i] == i;
   CHECK(ok);
   CHECK(memcmp((uint8_t *)map + 65536, big, sizeof(big)) == 0);
   CHECK_EQ(((uint32_t *)map)[(65536 + sizeof(big)) / 4], 0x01020304);

   /* Reset keeps the blocks; re-recording reuses them. */
   const unsigned blocks = list_length(&c->stream.blocks);
   REQUIRE(nvk_ResetCommandBuffer(cmd, 0) == VK_SUCCESS);
   CHECK(list_is_empty(&c->stream.blocks));
   CHECK_EQ(list_length(&c->stream.free_blocks), blocks);
   const VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   REQUIRE(nvk_BeginCommandBuffer(cmd, &bi) == VK_SUCCESS);
   nvk_CmdFillBuffer(cmd, buf, 0, 4, 7);
   REQUIRE(nvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   CHECK_EQ(list_length(&c->stream.free_blocks), blocks - 1);
   nvk_TrimCommandPool(t.dev, t.pool, 0);
   CHECK(list_is_empty(&c->stream.free_blocks));

   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   nvk_DestroyBuffer(t.dev, buf, NULL);
   nvk_FreeMemory(t.dev, mem, NULL);
   nvk_test_finish(&t);
}

/* The executor's address check: inside a live allocation is a pointer,
 * anything else (freed, past the end, straddling) is a fault. */
TEST(nvk_exec_address_checks)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkDeviceMemory mem;
   void *map;
   VkBuffer buf = nvk_test_buffer(&t, 8192, &mem, &map);
   const struct nvk_device_memory *m = nvk_device_memory_from_handle(mem);
   const uint64_t va = m->mem->va;

   struct nvk_exec ex;
   nvk_exec_init(&ex, t.nvk, NULL);
   CHECK(nvk_exec_translate(&ex, va, 8192) == map);
   CHECK(nvk_exec_translate(&ex, va + 100, 10) == (uint8_t *)map + 100);
   CHECK(!ex.faulted);
   CHECK(nvk_exec_translate(&ex, va + 8000, 8192) == NULL); /* past the end */
   CHECK(ex.faulted);
   CHECK(strstr(ex.fault, "memory fault") != NULL);

   nvk_exec_init(&ex, t.nvk, NULL);
   CHECK(nvk_exec_translate(&ex, 0x1000, 4) == NULL); /* nothing there */
   CHECK(ex.faulted);

   /* Freed memory faults; the command that used it stops replay. */
   VkCommandBuffer cmd = nvk_test_cmd_begin(&t);
   nvk_CmdFillBuffer(cmd, buf, 0, 4, 1);
   nvk_CmdFillBuffer(cmd, buf, 4, 4, 2);
   REQUIRE(nvk_EndCommandBuffer(cmd) == VK_SUCCESS);
   nvk_FreeMemory(t.dev, mem, NULL);
   nvk_exec_init(&ex, t.nvk, NULL);
   CHECK(!nvk_exec_cmd_buffer(&ex, nvk_cmd_buffer_from_handle(cmd)));
   CHECK(ex.faulted);
   nvk_exec_init(&ex, t.nvk, NULL);
   CHECK(nvk_exec_translate(&ex, va, 4) == NULL);

   nvk_FreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   nvk_DestroyBuffer(t.dev, buf, NULL);
   nvk_test_finish(&t);
}

/* maxMemoryAllocationCount is enforced: one more is VK_ERROR_TOO_MANY_OBJECTS
 * (Vulkan 1.3, vkAllocateMemory), and freeing one makes room again. */
TEST(nvk_memory_allocation_count_limit)
{
   struct nvk_test t;
   REQUIRE(nvk_test_init(&t, NULL, 0));
   VkPhysicalDeviceProperties props;
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
   nvk_GetPhysicalDeviceProperties2(t.pdev, &p2);
   props = p2.properties;
   const uint32_t max = props.limits.maxMemoryAllocationCount;
   VkDeviceMemory *mems = calloc(max + 1, sizeof(*mems));
   const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = 4096};
   uint32_t made = 0;
   for (; made < max; made++) {
      if (nvk_AllocateMemory(t.dev, &mai, NULL, &mems[made]) != VK_SUCCESS)
         break;
   }
   CHECK_EQ(made, max);
   CHECK(nvk_AllocateMemory(t.dev, &mai, NULL, &mems[max]) == VK_ERROR_TOO_MANY_OBJECTS);
   nvk_FreeMemory(t.dev, mems[0], NULL);
   CHECK(nvk_AllocateMemory(t.dev, &mai, NULL, &mems[0]) == VK_SUCCESS);
   for (uint32_t i = 0; i < made; i++)
      nvk_FreeMemory(t.dev, mems[i], NULL);
   free(mems);
   nvk_test_finish(&t);
}
