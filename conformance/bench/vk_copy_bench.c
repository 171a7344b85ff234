/* SPDX-License-Identifier: MIT */
/*
 * vk_copy_bench: LINEAR <-> block-linear copies through a Vulkan driver,
 * against memcpy of the same bytes in the same run.
 *
 *    build/conformance/bench/vk_copy_bench [WIDTH HEIGHT [REPS [BUFFER_OFFSET]]]
 *
 * For each driver (kiln from the build tree, and lavapipe when installed,
 * each in a child process of its own so the loader sees one driver), times
 * on a WIDTH x HEIGHT R8G8B8A8_UNORM image (default 4096 x 4096, 64 MiB):
 *    buffer -> OPTIMAL image   vkCmdCopyBufferToImage
 *    OPTIMAL image -> buffer   vkCmdCopyImageToBuffer
 *    LINEAR -> OPTIMAL image   vkCmdCopyImage
 *    OPTIMAL -> LINEAR image   vkCmdCopyImage
 * each as submit + wait of one prerecorded command buffer, interleaved with
 * a memcpy of the same bytes (best of REPS each, default 10), and prints
 * GB/s and the ratio to memcpy. On kiln OPTIMAL is block-linear, so these are the
 * swizzles of shared/layout under the driver; the goal is a ratio
 * >= 0.5. The round trip is checked once (non-zero exit if it differs).
 * BUFFER_OFFSET (default 0) is the bufferOffset of the buffer copies, to see
 * what a buffer that is not cache-line aligned costs.
 * Not a test: numbers vary with the machine; docs/external-memory.md keeps
 * measured ones.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vulkan/vulkan.h>

#include "bench_vk.h"
#include "util/os.h"

#define BENCH_OPS 4
static const char *const op_names[BENCH_OPS] = {
   "buffer -> OPTIMAL (CopyBufferToImage)",
   "OPTIMAL -> buffer (CopyImageToBuffer)",
   "LINEAR -> OPTIMAL (CopyImage)",
   "OPTIMAL -> LINEAR (CopyImage)",
};

struct bench_result {
   double memcpy_gbps;
   double gbps[BENCH_OPS];
   bool round_trip_ok;
   bool ran;
   char device[256];
};

#define VK(x)                                                                            \
   do {                                                                                  \
      VkResult r_ = (x);                                                                 \
      if (r_ != VK_SUCCESS) {                                                            \
         fprintf(stderr, "vk_copy_bench: %s: %d\n", #x, (int)r_);                        \
         return false;                                                                   \
      }                                                                                  \
   } while (0)

static bool
bind_image(struct bench_vk *c, VkImage image, VkDeviceMemory *mem)
{
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->dev, image, &req);
   VK(vkAllocateMemory(c->dev,
                       &(VkMemoryAllocateInfo){
                          .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                          .allocationSize = req.size,
                          .memoryTypeIndex = bench_vk_mem_type(c, req.memoryTypeBits, 0),
                       },
                       NULL, mem));
   VK(vkBindImageMemory(c->dev, image, *mem, 0));
   return true;
}

static void
barrier(VkCommandBuffer cmd)
{
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_HOST_BIT,
                        0, 1, &mb, 0, NULL, 0, NULL);
}

/* Submits cmd and waits; returns the wall time in ns (0 on failure). */
static uint64_t
submit_wait(struct bench_vk *c, VkCommandBuffer cmd, VkFence fence)
{
   vkResetFences(c->dev, 1, &fence);
   const uint64_t t0 = util_time_ns();
   if (vkQueueSubmit(c->queue, 1,
                     &(VkSubmitInfo){.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                                     .commandBufferCount = 1,
                                     .pCommandBuffers = &cmd},
                     fence) != VK_SUCCESS ||
       vkWaitForFences(c->dev, 1, &fence, VK_TRUE, 60ull * 1000000000ull) != VK_SUCCESS)
      return 0;
   return util_time_ns() - t0;
}

/* One memcpy of size bytes between two host buffers; its time in ns. */
static uint64_t
memcpy_once(uint8_t *dst, const uint8_t *src, size_t size)
{
   const uint64_t t0 = util_time_ns();
   memcpy(dst, src, size);
   const uint64_t t = util_time_ns() - t0;
   /* Keep the copy observable. */
   volatile uint8_t sink = dst[size / 2];
   (void)sink;
   return t;
}

static uint32_t buffer_offset;

static bool
run(uint32_t w, uint32_t h, uint32_t reps, struct bench_result *res)
{
   struct bench_vk c = {0};
   if (!bench_vk_init(&c, "vk_copy_bench", res->device, sizeof(res->device))) {
      bench_vk_finish(&c);
      return false;
   }
   const VkDeviceSize size = (VkDeviceSize)w * h * 4;
   uint8_t *host_a = malloc(size), *host_b = malloc(size);
   memset(host_a, 1, size);
   memset(host_b, 2, size);

   /* The staging buffer, host-visible. */
   VkBuffer buf;
   VkDeviceMemory buf_mem;
   VK(vkCreateBuffer(
      c.dev,
      &(VkBufferCreateInfo){
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
         .size = size + buffer_offset,
         .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      },
      NULL, &buf));
   VkMemoryRequirements breq;
   vkGetBufferMemoryRequirements(c.dev, buf, &breq);
   VK(vkAllocateMemory(
      c.dev,
      &(VkMemoryAllocateInfo){
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = breq.size,
         .memoryTypeIndex = bench_vk_mem_type(&c, breq.memoryTypeBits,
                                     VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                        VK_MEMORY_PROPERTY_HOST_COHERENT_BIT),
      },
      NULL, &buf_mem));
   VK(vkBindBufferMemory(c.dev, buf, buf_mem, 0));
   uint8_t *map;
   VK(vkMapMemory(c.dev, buf_mem, 0, VK_WHOLE_SIZE, 0, (void **)&map));
   uint8_t *ref = malloc(size);
   uint32_t s = 0x9e3779b9u;
   for (VkDeviceSize i = 0; i < size; i++) {
      s = s * 1664525u + 1013904223u;
      ref[i] = (uint8_t)(s >> 24);
   }
   map += buffer_offset;
   memcpy(map, ref, size);

   VkImage images[2];
   VkDeviceMemory image_mem[2];
   for (unsigned i = 0; i < 2; i++) {
      VK(vkCreateImage(
         c.dev,
         &(VkImageCreateInfo){
            .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
            .imageType = VK_IMAGE_TYPE_2D,
            .format = VK_FORMAT_R8G8B8A8_UNORM,
            .extent = {w, h, 1},
            .mipLevels = 1,
            .arrayLayers = 1,
            .samples = VK_SAMPLE_COUNT_1_BIT,
            .tiling = i ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL,
            .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
         },
         NULL, &images[i]));
      if (!bind_image(&c, images[i], &image_mem[i]))
         return false;
   }
   const VkImage optimal = images[0], linear = images[1];

   /* Both images to GENERAL, the linear one filled from the buffer. */
   VkCommandBuffer setup = bench_vk_cmd_begin(&c);
   for (unsigned i = 0; i < 2; i++) {
      const VkImageMemoryBarrier ib = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
         .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_TRANSFER_READ_BIT,
         .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .newLayout = VK_IMAGE_LAYOUT_GENERAL,
         .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .image = images[i],
         .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
      };
      vkCmdPipelineBarrier(setup, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                           VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &ib);
   }
   const VkBufferImageCopy bic = {
      .bufferOffset = buffer_offset,
      .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .imageExtent = {w, h, 1},
   };
   vkCmdCopyBufferToImage(setup, buf, linear, VK_IMAGE_LAYOUT_GENERAL, 1, &bic);
   barrier(setup);
   VK(vkEndCommandBuffer(setup));
   VkFence fence;
   VK(vkCreateFence(c.dev,
                    &(VkFenceCreateInfo){.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO},
                    NULL, &fence));
   if (!submit_wait(&c, setup, fence))
      return false;

   const VkImageCopy ic = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .extent = {w, h, 1},
   };
   VkCommandBuffer cmds[BENCH_OPS];
   for (unsigned op = 0; op < BENCH_OPS; op++) {
      cmds[op] = bench_vk_cmd_begin(&c);
      barrier(cmds[op]);
      switch (op) {
      case 0:
         vkCmdCopyBufferToImage(cmds[op], buf, optimal, VK_IMAGE_LAYOUT_GENERAL, 1, &bic);
         break;
      case 1:
         vkCmdCopyImageToBuffer(cmds[op], optimal, VK_IMAGE_LAYOUT_GENERAL, buf, 1, &bic);
         break;
      case 2:
         vkCmdCopyImage(cmds[op], linear, VK_IMAGE_LAYOUT_GENERAL, optimal,
                        VK_IMAGE_LAYOUT_GENERAL, 1, &ic);
         break;
      case 3:
         vkCmdCopyImage(cmds[op], optimal, VK_IMAGE_LAYOUT_GENERAL, linear,
                        VK_IMAGE_LAYOUT_GENERAL, 1, &ic);
         break;
      }
      barrier(cmds[op]);
      VK(vkEndCommandBuffer(cmds[op]));
   }
   /* memcpy and the copies interleaved, so each sees the same machine
    * (the host is shared with other jobs: ratios from one run hold better
    * than GB/s across runs). */
   uint64_t best[BENCH_OPS], best_memcpy = UINT64_MAX;
   for (unsigned op = 0; op < BENCH_OPS; op++)
      best[op] = UINT64_MAX;
   for (uint32_t rep = 0; rep < reps; rep++) {
      const uint64_t tm =
         memcpy_once(rep & 1 ? host_a : host_b, rep & 1 ? host_b : host_a, size);
      best_memcpy = tm < best_memcpy ? tm : best_memcpy;
      for (unsigned op = 0; op < BENCH_OPS; op++) {
         const uint64_t t = submit_wait(&c, cmds[op], fence);
         if (!t)
            return false;
         best[op] = t < best[op] ? t : best[op];
      }
   }
   for (unsigned op = 0; op < BENCH_OPS; op++)
      res->gbps[op] = (double)size / (double)best[op];
   res->memcpy_gbps = (double)size / (double)best_memcpy;
   free(host_a);
   free(host_b);

   /* Round trip: buffer -> optimal -> buffer gives the input back. */
   memcpy(map, ref, size);
   if (!submit_wait(&c, cmds[0], fence))
      return false;
   memset(map, 0, size);
   if (!submit_wait(&c, cmds[1], fence))
      return false;
   res->round_trip_ok = memcmp(map, ref, size) == 0;
   free(ref);

   vkDeviceWaitIdle(c.dev);
   vkDestroyFence(c.dev, fence, NULL);
   for (unsigned i = 0; i < 2; i++) {
      vkDestroyImage(c.dev, images[i], NULL);
      vkFreeMemory(c.dev, image_mem[i], NULL);
   }
   vkDestroyBuffer(c.dev, buf, NULL);
   vkFreeMemory(c.dev, buf_mem, NULL);
   bench_vk_finish(&c);
   res->ran = true;
   return true;
}

/* Runs the benchmark on one driver in a child process (the loader picks up
 * VK_DRIVER_FILES there), the result coming back through a pipe. */
static bool
run_driver(const char *icd, uint32_t w, uint32_t h, uint32_t reps,
           struct bench_result *res)
{
   int p[2];
   memset(res, 0, sizeof(*res));
   if (access(icd, R_OK) != 0 || pipe(p) != 0)
      return false;
   const pid_t pid = fork();
   if (pid == 0) {
      close(p[0]);
      setenv("VK_DRIVER_FILES", icd, 1);
      setenv("VK_ICD_FILENAMES", icd, 1);
      struct bench_result r = {0};
      run(w, h, reps, &r);
      const bool ok = write(p[1], &r, sizeof(r)) == sizeof(r);
      _exit(ok && r.ran ? 0 : 1);
   }
   close(p[1]);
   const bool got = pid > 0 && read(p[0], res, sizeof(*res)) == sizeof(*res);
   close(p[0]);
   int status = 0;
   if (pid > 0)
      waitpid(pid, &status, 0);
   return got && res->ran;
}

int
main(int argc, char **argv)
{
   uint32_t w = 4096, h = 4096, reps = 10;
   if (argc >= 3) {
      w = (uint32_t)strtoul(argv[1], NULL, 0);
      h = (uint32_t)strtoul(argv[2], NULL, 0);
   }
   if (argc >= 4)
      reps = (uint32_t)strtoul(argv[3], NULL, 0);
   if (argc >= 5)
      buffer_offset = (uint32_t)strtoul(argv[4], NULL, 0);
   if (!w || !h || !reps || w > 16384 || h > 16384 || buffer_offset % 4) {
      fprintf(stderr, "usage: %s [WIDTH HEIGHT [REPS [BUFFER_OFFSET (a multiple of 4)]]]\n",
              argv[0]);
      return 2;
   }
   const char *drivers[][2] = {
      {"kiln", KILN_ICD_JSON},
      {"lavapipe", "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"},
   };
   printf("vk_copy_bench: %ux%u R8G8B8A8_UNORM, %.1f MiB, best of %u, bufferOffset %u, "
          "ratio = copy GB/s / memcpy GB/s of the same process\n",
          w, h, (double)w * h * 4 / (1 << 20), reps, buffer_offset);
   int status = 0;
   for (unsigned d = 0; d < 2; d++) {
      struct bench_result r;
      if (!run_driver(drivers[d][1], w, h, reps, &r)) {
         printf("\n%s: not run (%s missing or failed)\n", drivers[d][0], drivers[d][1]);
         if (d == 0)
            status = 1;
         continue;
      }
      printf("\n%s (%s)\n", drivers[d][0], r.device);
      printf("  %-40s %7.2f GB/s\n", "memcpy", r.memcpy_gbps);
      for (unsigned op = 0; op < BENCH_OPS; op++)
         printf("  %-40s %7.2f GB/s   ratio %.2f\n", op_names[op], r.gbps[op],
                r.gbps[op] / r.memcpy_gbps);
      printf("  round trip %s\n", r.round_trip_ok ? "exact" : "MISMATCH");
      if (!r.round_trip_ok)
         status = 1;
   }
   return status;
}
