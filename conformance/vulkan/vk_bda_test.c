/* SPDX-License-Identifier: MIT */
/*
 * bufferDeviceAddress (Vulkan 1.3 requires it; VK_KHR_buffer_device_address,
 * core in 1.2): vkGetBufferDeviceAddress and shaders that reach memory through
 * PhysicalStorageBuffer pointers. Linked lists built concurrently through
 * device addresses (atomics through pointers, pointer arithmetic, pointers
 * stored in memory) and walked by a second dispatch; OpPtrAccessChain,
 * pointer/integer conversions, bitcasts, selects and phis of pointers from
 * hand-written SPIR-V. References are computed here from the shaders' rules.
 * Each test runs on kiln and on lavapipe with the validation layer; what an
 * invalid address does (undefined behaviour in Vulkan) is checked on kiln
 * alone.
 */
#include <stdio.h>
#include <string.h>

#include "vkt.h"
#include "vkt_compute.h"

#include "bda_list_build_comp.h"
#include "bda_list_walk_comp.h"
#include "physical_pointers_spvasm.h"

static const char *const bda_exts[] = {VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME};

static bool
init_bda(struct vkt *t, bool kiln_only)
{
   static VkPhysicalDeviceBufferDeviceAddressFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
      .bufferDeviceAddress = VK_TRUE};
   static const VkPhysicalDeviceFeatures core = {.shaderInt64 = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_2,
                               .extensions = bda_exts,
                               .extension_count = 1,
                               .features = &f,
                               .core_features = &core,
                               .kiln_only = kiln_only,
                               .no_validation = kiln_only};
   return vkt_init(t, &req);
}

static VkDeviceAddress
address_of(struct vkt *t, const struct vkt_buffer *b)
{
   const VkBufferDeviceAddressInfo info = {.sType = VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO,
                                           .buffer = b->buffer};
   return vkGetBufferDeviceAddress(t->dev, &info);
}

static const VkBufferUsageFlags bda_usage =
   VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;

/* The layouts the list shaders declare (std430). */
struct node {
   uint64_t next, self;
   uint32_t value, bucket;
};
struct ctl {
   uint32_t alloc;
   uint32_t heads[16];
};
struct out {
   uint32_t total, pad[3];
   uint32_t lists[16][4]; /* count, sum, wrong buckets, wrong addresses */
};

/* Addresses are non-zero, distinct, as aligned as the buffer's memory
 * requirements, and stay put ("the address [...] remains valid [...] as
 * long as the buffer is bound"). */
TEST(addresses_of_buffers)
{
   struct vkt t;
   if (!init_bda(&t, false))
      return;
   struct vkt_buffer a, b;
   REQUIRE(vkt_buffer_create(&t, 4096, bda_usage, &a));
   if (vkt_buffer_create(&t, 100, bda_usage, &b)) {
      VkMemoryRequirements mr;
      vkGetBufferMemoryRequirements(t.dev, b.buffer, &mr);
      const VkDeviceAddress va = address_of(&t, &a), vb = address_of(&t, &b);
      CHECK(va != 0 && vb != 0);
      CHECK(va + 4096 <= vb || vb + 100 <= va);
      CHECK_EQ(vb % mr.alignment, 0);
      CHECK_EQ(address_of(&t, &a), va);
      vkt_buffer_destroy(&t, &b);
   }
   vkt_buffer_destroy(&t, &a);
   vkt_finish(&t);
}

/* The features of VK_KHR_buffer_device_address as kiln reports them: the
 * address, no capture/replay and no multi-device (neither implemented). */
TEST(reported_features)
{
   struct vkt t;
   if (!init_bda(&t, false))
      return;
   VkPhysicalDeviceBufferDeviceAddressFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES};
   VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                   .pNext = &f};
   vkGetPhysicalDeviceFeatures2(t.pdev, &f2);
   CHECK(f.bufferDeviceAddress);
   if (t.is_kiln) {
      CHECK(!f.bufferDeviceAddressCaptureReplay);
      CHECK(!f.bufferDeviceAddressMultiDevice);
   }
   vkt_finish(&t);
}

static uint32_t
count_in_bucket(uint32_t n, uint32_t b)
{
   return n / 16 + (b < n % 16 ? 1 : 0);
}

/* bda_list_build.comp then bda_list_walk.comp over N nodes: every list has
 * the nodes of its bucket (count and sum of values exact, whatever order
 * the atomics gave), each node records its own address, every slot is
 * used once, and the walk's atomic total is the sum of all values. */
TEST(linked_lists_through_device_addresses)
{
   enum { N = 1000 };
   struct vkt t;
   if (!init_bda(&t, false))
      return;
   struct vkt_buffer pool, ctl, out;
   memset(&pool, 0, sizeof(pool));
   memset(&ctl, 0, sizeof(ctl));
   memset(&out, 0, sizeof(out));
   struct vkt_pipeline build, walk;
   memset(&build, 0, sizeof(build));
   memset(&walk, 0, sizeof(walk));
   if (vkt_buffer_create(&t, N * sizeof(struct node), bda_usage, &pool) &&
       vkt_buffer_create(&t, sizeof(struct ctl), bda_usage, &ctl) &&
       vkt_buffer_create(&t, sizeof(struct out), bda_usage, &out) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(bda_list_build_comp_spv),
                                                       .push_size = 24},
                           &build) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(bda_list_walk_comp_spv),
                                                       .push_size = 24},
                           &walk)) {
      memset(pool.map, 0xcd, N * sizeof(struct node));
      memset(ctl.map, 0, sizeof(struct ctl));
      memset(out.map, 0, sizeof(struct out));
      const VkDeviceAddress pool_va = address_of(&t, &pool);
      const uint64_t push_build[3] = {pool_va, address_of(&t, &ctl), N};
      const uint64_t push_walk[3] = {pool_va, address_of(&t, &ctl), address_of(&t, &out)};
      if (vkt_run_compute(&t, &build, push_build, 24, (N + 63) / 64, 1, 1) &&
          vkt_run_compute(&t, &walk, push_walk, 24, 1, 1, 1)) {
         const struct ctl *c = (const struct ctl *)ctl.map;
         const struct node *nodes = (const struct node *)pool.map;
         const struct out *o = (const struct out *)out.map;
         CHECK_EQ(c->alloc, N);
         /* Every value 7i + 3 (i < N) is in exactly one node. */
         static bool seen[N];
         memset(seen, 0, sizeof(seen));
         unsigned bad_nodes = 0;
         for (uint32_t s = 0; s < N; s++) {
            const struct node *nd = &nodes[s];
            const uint32_t i = (nd->value - 3) / 7;
            const bool ok = nd->value % 7 == 3 && i < N && !seen[i] && nd->bucket == i % 16 &&
                            nd->self == pool_va + s * sizeof(struct node) &&
                            (nd->next == 0 ||
                             (nd->next >= pool_va &&
                              nd->next < pool_va + N * sizeof(struct node) &&
                              (nd->next - pool_va) % sizeof(struct node) == 0));
            if (ok)
               seen[i] = true;
            bad_nodes += !ok;
         }
         if (bad_nodes)
            test_fail(__FILE__, __LINE__, "%u nodes wrong (slot 0: value %u bucket %u)",
                      bad_nodes, nodes[0].value, nodes[0].bucket);
         uint32_t total = 0;
         for (uint32_t b = 0; b < 16; b++) {
            uint32_t sum = 0;
            for (uint32_t i = b; i < N; i += 16)
               sum += 7 * i + 3;
            total += sum;
            CHECK_EQ(o->lists[b][0], count_in_bucket(N, b));
            CHECK_EQ(o->lists[b][1], sum);
            CHECK_EQ(o->lists[b][2], 0);
            CHECK_EQ(o->lists[b][3], 0);
         }
         CHECK_EQ(o->total, total);
      }
   }
   vkt_pipeline_destroy(&t, &walk);
   vkt_pipeline_destroy(&t, &build);
   if (out.buffer)
      vkt_buffer_destroy(&t, &out);
   if (ctl.buffer)
      vkt_buffer_destroy(&t, &ctl);
   if (pool.buffer)
      vkt_buffer_destroy(&t, &pool);
   vkt_finish(&t);
}

/* The element shared/spirv/tests/spvasm/physical_pointers.spvasm reaches
 * (stride 32). */
struct elem {
   uint32_t a, b, sum, eq;
   uint64_t self;
   uint32_t total, pad;
};

/* physical_pointers.spvasm: OpPtrAccessChain with and without further
 * indices, an atomic through a chain, a pointer stored through a pointer
 * after a select and a phi, ConvertPtrToU/ConvertUToPtr arithmetic, a
 * pointer bitcast to a uvec2 (SPIR-V 1.5, SPV_KHR_physical_storage_buffer). */
TEST(pointer_arithmetic_and_conversions)
{
   enum { N = 200 };
   struct vkt t;
   if (!init_bda(&t, false))
      return;
   struct vkt_buffer arr, args;
   memset(&arr, 0, sizeof(arr));
   memset(&args, 0, sizeof(args));
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   const VkDescriptorSetLayoutBinding bind[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   if (vkt_buffer_create(&t, N * sizeof(struct elem), bda_usage, &arr) &&
       vkt_buffer_create(&t, 16 + N * 8, bda_usage, &args) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(physical_pointers_spvasm_spv),
                                                       .bindings = bind, .binding_count = 1},
                           &p)) {
      struct elem *e = (struct elem *)arr.map;
      uint32_t total = 0;
      for (uint32_t i = 0; i < N; i++) {
         e[i] = (struct elem){.a = 3 * i + 1, .b = 5 * i + 2, .sum = 0xdead, .eq = 0xdead,
                              .self = 0, .total = 0, .pad = 0};
         total += 3 * i + 1;
      }
      const VkDeviceAddress base = address_of(&t, &arr);
      uint8_t *a = args.map;
      memset(a, 0, 16 + N * 8);
      memcpy(a, &base, 8);
      const uint32_t n = N;
      memcpy(a + 8, &n, 4);
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, args.buffer, 0,
                              VK_WHOLE_SIZE);
      if (vkt_run_compute(&t, &p, NULL, 0, (N + 63) / 64, 1, 1)) {
         unsigned bad = 0;
         for (uint32_t i = 0; i < N; i++) {
            const uint64_t va = base + i * sizeof(struct elem);
            uint32_t addr[2];
            memcpy(addr, a + 16 + i * 8, 8);
            bad += e[i].sum != 8 * i + 3;
            bad += e[i].eq != 1;
            bad += e[i].self != va;
            bad += addr[0] != (uint32_t)va || addr[1] != (uint32_t)(va >> 32);
            bad += e[i].a != 3 * i + 1 || e[i].b != 5 * i + 2;
         }
         if (bad)
            test_fail(__FILE__, __LINE__, "%u values differ (elem 1: sum %u eq %u)", bad,
                      e[1].sum, e[1].eq);
         CHECK_EQ(e[0].total, total);
         for (uint32_t i = 1; i < N; i++)
            bad += e[i].total != 0;
         CHECK_EQ(bad, 0);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   if (args.buffer)
      vkt_buffer_destroy(&t, &args);
   if (arr.buffer)
      vkt_buffer_destroy(&t, &arr);
   vkt_finish(&t);
}

/* An address no memory backs is undefined behaviour (the robustness
 * features cover descriptors, not addresses). kiln's choice: kx
 * translates every access like a descriptor's, so the dispatch faults and
 * the device is lost; the process goes on (kiln only, no layers). */
TEST(unbacked_address_loses_the_device_not_the_process)
{
   struct vkt t;
   if (!init_bda(&t, true))
      return;
   struct vkt_buffer ctl;
   REQUIRE(vkt_buffer_create(&t, sizeof(struct ctl), bda_usage, &ctl));
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   if (vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(bda_list_build_comp_spv),
                                                       .push_size = 24},
                           &p)) {
      memset(ctl.map, 0, sizeof(struct ctl));
      /* The pool pointer is far from any allocation. */
      const uint64_t push[3] = {0x7ead00000000ull, address_of(&t, &ctl), 64};
      VkCommandBuffer cmd = vkt_cmd_begin(&t);
      vkt_cmd_dispatch(cmd, &p, push, 24, 1, 1, 1);
      VKT_CHECK(vkEndCommandBuffer(cmd));
      const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
      VkFence fence;
      VKT_CHECK(vkCreateFence(t.dev, &fci, NULL, &fence));
      const VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                               .commandBufferCount = 1,
                               .pCommandBuffers = &cmd};
      VKT_CHECK(vkQueueSubmit(t.queues[0], 1, &si, fence));
      VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &fence, VK_TRUE, 10000000000ull),
                       VK_ERROR_DEVICE_LOST);
      VKT_CHECK_RESULT(vkQueueWaitIdle(t.queues[0]), VK_ERROR_DEVICE_LOST);
      /* The atomics on the valid buffer ran before the store faulted. */
      CHECK(((const struct ctl *)ctl.map)->alloc <= 64);
      vkDestroyFence(t.dev, fence, NULL);
      vkFreeCommandBuffers(t.dev, t.pool, 1, &cmd);
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &ctl);
   vkt_finish(&t);
}
