/* SPDX-License-Identifier: MIT */
/*
 * vk_compute_bench: compute and copy speed of kiln and lavapipe in one run.
 *
 *    build/conformance/bench/vulkan/vk_compute_bench [SAXPY_N [SGEMM_N [REPS [ROUNDS]]]]
 *
 * For each driver (kiln from the build tree on its JIT tier and on its
 * interpreter, lavapipe when installed), in a child process of its own so
 * the loader sees one driver:
 *    saxpy        y = a*x + y over SAXPY_N floats (default 2^24): GB/s of
 *                 the 12 bytes each element moves (bandwidth bound)
 *    sgemm        C = A*B, SGEMM_N x SGEMM_N (default 512), 16x16 tiles in
 *                 shared memory: GFLOP/s of 2 N^3 (compute bound)
 *    copy buffer  vkCmdCopyBuffer of 256 MiB: GB/s (read + write)
 *    fill buffer  vkCmdFillBuffer of 256 MiB with a 32-bit pattern: GB/s written
 *    copy image   vkCmdCopyImage, 4096x4096 RGBA8 OPTIMAL -> OPTIMAL: GB/s
 * each the best of REPS (default 5) submit + wait of one prerecorded
 * command buffer after a warm-up. The drivers take turns for ROUNDS
 * rounds (default 3) and each keeps its best: on a shared machine, load
 * from other processes then hurts all alike. Results are checked once (sampled
 * elements against the host); the ratios JIT / interpreter and JIT /
 * lavapipe are printed per line. Not a test: numbers depend on the machine; docs/performance.md
 * keeps measured ones and the command lines.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vulkan/vulkan.h>

#include "bench_vk.h"
#include "saxpy_comp.h"
#include "sgemm_comp.h"
#include "util/os.h"

enum { B_SAXPY, B_SGEMM, B_COPY_BUFFER, B_FILL_BUFFER, B_COPY_IMAGE, B_COUNT };
static const char *const names[B_COUNT] = {"saxpy", "sgemm", "copy buffer", "fill buffer",
                                           "copy image"};
static const char *const units[B_COUNT] = {"GB/s", "GFLOP/s", "GB/s", "GB/s", "GB/s"};

struct result {
   bool ran;
   bool ok[B_COUNT];
   double value[B_COUNT];
   char device[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
};

struct ctx {
   struct bench_vk vk;
   uint32_t reps;
};

#define VK(x)                                                                            \
   do {                                                                                  \
      VkResult r_ = (x);                                                                 \
      if (r_ != VK_SUCCESS) {                                                            \
         fprintf(stderr, "vk_compute_bench: %s: %d\n", #x, (int)r_);                     \
         return false;                                                                   \
      }                                                                                  \
   } while (0)

struct pipeline {
   VkShaderModule module;
   VkDescriptorSetLayout set_layout;
   VkPipelineLayout layout;
   VkPipeline pipeline;
   VkDescriptorPool pool;
   VkDescriptorSet set;
};

static bool
pipeline_create(struct ctx *c, const uint32_t *spirv, size_t size, uint32_t nbuf,
                uint32_t push_size, struct pipeline *p)
{
   VK(vkCreateShaderModule(c->vk.dev,
                           &(VkShaderModuleCreateInfo){
                              .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                              .codeSize = size,
                              .pCode = spirv},
                           NULL, &p->module));
   VkDescriptorSetLayoutBinding b[4];
   for (uint32_t i = 0; i < nbuf; i++)
      b[i] = (VkDescriptorSetLayoutBinding){i, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                            VK_SHADER_STAGE_COMPUTE_BIT, NULL};
   VK(vkCreateDescriptorSetLayout(c->vk.dev,
                                  &(VkDescriptorSetLayoutCreateInfo){
                                     .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                     .bindingCount = nbuf,
                                     .pBindings = b},
                                  NULL, &p->set_layout));
   const VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, push_size};
   VK(vkCreatePipelineLayout(c->vk.dev,
                             &(VkPipelineLayoutCreateInfo){
                                .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                .setLayoutCount = 1,
                                .pSetLayouts = &p->set_layout,
                                .pushConstantRangeCount = 1,
                                .pPushConstantRanges = &pcr},
                             NULL, &p->layout));
   VK(vkCreateComputePipelines(
      c->vk.dev, VK_NULL_HANDLE, 1,
      &(VkComputePipelineCreateInfo){
         .sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
         .stage = {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   .stage = VK_SHADER_STAGE_COMPUTE_BIT,
                   .module = p->module,
                   .pName = "main"},
         .layout = p->layout},
      NULL, &p->pipeline));
   const VkDescriptorPoolSize ps = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, nbuf};
   VK(vkCreateDescriptorPool(c->vk.dev,
                             &(VkDescriptorPoolCreateInfo){
                                .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                .maxSets = 1,
                                .poolSizeCount = 1,
                                .pPoolSizes = &ps},
                             NULL, &p->pool));
   VK(vkAllocateDescriptorSets(c->vk.dev,
                               &(VkDescriptorSetAllocateInfo){
                                  .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
                                  .descriptorPool = p->pool,
                                  .descriptorSetCount = 1,
                                  .pSetLayouts = &p->set_layout},
                               &p->set));
   return true;
}

static void
pipeline_set_buffer(struct ctx *c, struct pipeline *p, uint32_t binding, VkBuffer buffer)
{
   const VkDescriptorBufferInfo bi = {buffer, 0, VK_WHOLE_SIZE};
   vkUpdateDescriptorSets(c->vk.dev, 1,
                          &(VkWriteDescriptorSet){
                             .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                             .dstSet = p->set,
                             .dstBinding = binding,
                             .descriptorCount = 1,
                             .descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                             .pBufferInfo = &bi},
                          0, NULL);
}

static void
pipeline_destroy(struct ctx *c, struct pipeline *p)
{
   vkDestroyDescriptorPool(c->vk.dev, p->pool, NULL);
   vkDestroyPipeline(c->vk.dev, p->pipeline, NULL);
   vkDestroyPipelineLayout(c->vk.dev, p->layout, NULL);
   vkDestroyDescriptorSetLayout(c->vk.dev, p->set_layout, NULL);
   vkDestroyShaderModule(c->vk.dev, p->module, NULL);
}

/* Submits `cmd` (warm-up once, then reps times); returns the best time in
 * nanoseconds, 0 on failure. */
static uint64_t
time_best(struct ctx *c, VkCommandBuffer cmd)
{
   VkFence fence;
   if (vkCreateFence(c->vk.dev, &(VkFenceCreateInfo){.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO},
                     NULL, &fence) != VK_SUCCESS)
      return 0;
   uint64_t best = UINT64_MAX;
   for (uint32_t i = 0; i <= c->reps; i++) {
      const uint64_t t0 = util_time_ns();
      if (vkQueueSubmit(c->vk.queue, 1,
                        &(VkSubmitInfo){.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                                        .commandBufferCount = 1,
                                        .pCommandBuffers = &cmd},
                        fence) != VK_SUCCESS ||
          vkWaitForFences(c->vk.dev, 1, &fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS) {
         best = 0;
         break;
      }
      const uint64_t t = util_time_ns() - t0;
      vkResetFences(c->vk.dev, 1, &fence);
      if (i > 0 && t < best)
         best = t; /* rep 0 is the warm-up */
   }
   vkDestroyFence(c->vk.dev, fence, NULL);
   return best == UINT64_MAX ? 0 : best;
}

static const VkMemoryBarrier full_barrier = {
   .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
   .srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
   .dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_SHADER_READ_BIT,
};

static bool
bench_saxpy(struct ctx *c, uint32_t n, struct result *res)
{
   struct bench_vk_buffer x, y;
   if (!bench_vk_buffer_create(&c->vk, (VkDeviceSize)n * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &x) ||
       !bench_vk_buffer_create(&c->vk, (VkDeviceSize)n * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &y))
      return false;
   float *xv = x.map, *yv = y.map;
   for (uint32_t i = 0; i < n; i++) {
      xv[i] = (float)(i % 1024);
      yv[i] = 1.0f;
   }
   struct pipeline p;
   if (!pipeline_create(c, saxpy_comp_spv, sizeof(saxpy_comp_spv), 2, 8, &p))
      return false;
   pipeline_set_buffer(c, &p, 0, x.buffer);
   pipeline_set_buffer(c, &p, 1, y.buffer);
   const struct {
      float a;
      uint32_t n;
   } push = {0.5f, n};
   VkCommandBuffer cmd = bench_vk_cmd_begin(&c->vk);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &p.set, 0, NULL);
   vkCmdPushConstants(cmd, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
   vkCmdDispatch(cmd, (n + 255) / 256, 1, 1);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &full_barrier, 0, NULL, 0, NULL);
   vkEndCommandBuffer(cmd);
   const uint64_t ns = time_best(c, cmd);
   /* After 1 + reps runs: y = 1 + (1 + reps) * 0.5 * x (exact in float). */
   bool ok = ns != 0;
   for (uint32_t i = 0; i < n && ok; i += n / 997 + 1)
      ok = yv[i] == 1.0f + (float)(1 + c->reps) * 0.5f * xv[i];
   res->ok[B_SAXPY] = ok;
   res->value[B_SAXPY] = ns ? 12.0 * n / (double)ns : 0;
   pipeline_destroy(c, &p);
   bench_vk_buffer_destroy(&c->vk, &x);
   bench_vk_buffer_destroy(&c->vk, &y);
   return true;
}

static bool
bench_sgemm(struct ctx *c, uint32_t n, struct result *res)
{
   struct bench_vk_buffer a, b, cc;
   const VkDeviceSize size = (VkDeviceSize)n * n * 4;
   if (!bench_vk_buffer_create(&c->vk, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &a) ||
       !bench_vk_buffer_create(&c->vk, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &b) ||
       !bench_vk_buffer_create(&c->vk, size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &cc))
      return false;
   float *av = a.map, *bv = b.map, *cv = cc.map;
   for (uint32_t i = 0; i < n * n; i++) {
      av[i] = (float)((int)(i % 7) - 3) * 0.5f;
      bv[i] = (float)((int)(i % 5) - 2) * 0.25f;
   }
   struct pipeline p;
   if (!pipeline_create(c, sgemm_comp_spv, sizeof(sgemm_comp_spv), 3, 4, &p))
      return false;
   pipeline_set_buffer(c, &p, 0, a.buffer);
   pipeline_set_buffer(c, &p, 1, b.buffer);
   pipeline_set_buffer(c, &p, 2, cc.buffer);
   VkCommandBuffer cmd = bench_vk_cmd_begin(&c->vk);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.pipeline);
   vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, p.layout, 0, 1, &p.set, 0, NULL);
   vkCmdPushConstants(cmd, p.layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4, &n);
   vkCmdDispatch(cmd, n / 16, n / 16, 1);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &full_barrier, 0, NULL, 0, NULL);
   vkEndCommandBuffer(cmd);
   const uint64_t ns = time_best(c, cmd);
   bool ok = ns != 0;
   for (uint32_t k = 0; k < 64 && ok; k++) {
      const uint32_t r = (k * 131) % n, col = (k * 71) % n;
      float want = 0;
      for (uint32_t i = 0; i < n; i++)
         want += av[r * n + i] * bv[i * n + col];
      ok = fabsf(cv[r * n + col] - want) <= 1e-3f * (1.0f + fabsf(want));
   }
   res->ok[B_SGEMM] = ok;
   res->value[B_SGEMM] = ns ? 2.0 * n * n * (double)n / (double)ns : 0;
   pipeline_destroy(c, &p);
   bench_vk_buffer_destroy(&c->vk, &a);
   bench_vk_buffer_destroy(&c->vk, &b);
   bench_vk_buffer_destroy(&c->vk, &cc);
   return true;
}

static bool
bench_copy_buffer(struct ctx *c, struct result *res)
{
   const VkDeviceSize size = 256ull << 20;
   struct bench_vk_buffer s, d;
   if (!bench_vk_buffer_create(&c->vk, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &s) ||
       !bench_vk_buffer_create(&c->vk, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &d))
      return false;
   memset(s.map, 0x5a, size);
   ((uint8_t *)s.map)[size - 1] = 0x77;
   VkCommandBuffer cmd = bench_vk_cmd_begin(&c->vk);
   vkCmdCopyBuffer(cmd, s.buffer, d.buffer, 1, &(VkBufferCopy){0, 0, size});
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &full_barrier, 0, NULL, 0, NULL);
   vkEndCommandBuffer(cmd);
   const uint64_t ns = time_best(c, cmd);
   res->ok[B_COPY_BUFFER] = ns && ((uint8_t *)d.map)[size - 1] == 0x77 &&
                            ((uint8_t *)d.map)[12345] == 0x5a;
   res->value[B_COPY_BUFFER] = ns ? 2.0 * (double)size / (double)ns : 0;
   bench_vk_buffer_destroy(&c->vk, &s);
   bench_vk_buffer_destroy(&c->vk, &d);
   return true;
}

static bool
bench_fill_buffer(struct ctx *c, struct result *res)
{
   const VkDeviceSize size = 256ull << 20;
   struct bench_vk_buffer d;
   if (!bench_vk_buffer_create(&c->vk, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &d))
      return false;
   memset(d.map, 0, size);
   VkCommandBuffer cmd = bench_vk_cmd_begin(&c->vk);
   /* A value whose bytes differ, so no driver can turn it into memset. */
   vkCmdFillBuffer(cmd, d.buffer, 0, VK_WHOLE_SIZE, 0x12345678);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &full_barrier, 0, NULL, 0, NULL);
   vkEndCommandBuffer(cmd);
   const uint64_t ns = time_best(c, cmd);
   const uint32_t *w = d.map;
   res->ok[B_FILL_BUFFER] = ns && w[0] == 0x12345678 && w[12345] == 0x12345678 &&
                            w[size / 4 - 1] == 0x12345678;
   res->value[B_FILL_BUFFER] = ns ? (double)size / (double)ns : 0;
   bench_vk_buffer_destroy(&c->vk, &d);
   return true;
}

static bool
image_create(struct ctx *c, uint32_t w, uint32_t h, VkImage *img, VkDeviceMemory *mem)
{
   VK(vkCreateImage(c->vk.dev,
                    &(VkImageCreateInfo){
                       .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
                       .imageType = VK_IMAGE_TYPE_2D,
                       .format = VK_FORMAT_R8G8B8A8_UNORM,
                       .extent = {w, h, 1},
                       .mipLevels = 1,
                       .arrayLayers = 1,
                       .samples = VK_SAMPLE_COUNT_1_BIT,
                       .tiling = VK_IMAGE_TILING_OPTIMAL,
                       .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT},
                    NULL, img));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(c->vk.dev, *img, &req);
   const uint32_t type = bench_vk_mem_type(&c->vk, req.memoryTypeBits, 0);
   VK(vkAllocateMemory(c->vk.dev,
                       &(VkMemoryAllocateInfo){.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                               .allocationSize = req.size,
                                               .memoryTypeIndex = type},
                       NULL, mem));
   VK(vkBindImageMemory(c->vk.dev, *img, *mem, 0));
   return true;
}

static bool
bench_copy_image(struct ctx *c, struct result *res)
{
   const uint32_t w = 4096, h = 4096;
   VkImage si, di;
   VkDeviceMemory sm, dm;
   if (!image_create(c, w, h, &si, &sm) || !image_create(c, w, h, &di, &dm))
      return false;
   const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   VkImageMemoryBarrier to_general[2];
   for (unsigned i = 0; i < 2; i++)
      to_general[i] = (VkImageMemoryBarrier){
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
         .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT,
         .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
         .newLayout = VK_IMAGE_LAYOUT_GENERAL,
         .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
         .image = i ? di : si,
         .subresourceRange = range,
      };
   VkCommandBuffer init = bench_vk_cmd_begin(&c->vk);
   vkCmdPipelineBarrier(init, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0,
                        0, NULL, 0, NULL, 2, to_general);
   vkCmdClearColorImage(init, si, VK_IMAGE_LAYOUT_GENERAL,
                        &(VkClearColorValue){.float32 = {0.25f, 0.5f, 0.75f, 1.0f}}, 1, &range);
   vkEndCommandBuffer(init);
   const uint32_t saved = c->reps;
   c->reps = 1;
   const bool init_ok = time_best(c, init) != 0;
   c->reps = saved;
   if (!init_ok)
      return false;
   VkCommandBuffer cmd = bench_vk_cmd_begin(&c->vk);
   const VkImageCopy region = {
      .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
      .extent = {w, h, 1},
   };
   vkCmdCopyImage(cmd, si, VK_IMAGE_LAYOUT_GENERAL, di, VK_IMAGE_LAYOUT_GENERAL, 1, &region);
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &full_barrier, 0, NULL, 0, NULL);
   vkEndCommandBuffer(cmd);
   const uint64_t ns = time_best(c, cmd);
   res->ok[B_COPY_IMAGE] = ns != 0;
   res->value[B_COPY_IMAGE] = ns ? 2.0 * 4.0 * w * h / (double)ns : 0;
   vkDestroyImage(c->vk.dev, si, NULL);
   vkDestroyImage(c->vk.dev, di, NULL);
   vkFreeMemory(c->vk.dev, sm, NULL);
   vkFreeMemory(c->vk.dev, dm, NULL);
   return true;
}

/* VK_COMPUTE_BENCH_ONLY=saxpy,sgemm,... limits the run (for profiling). */
static bool
wanted(unsigned b)
{
   const char *only = getenv("VK_COMPUTE_BENCH_ONLY");
   return !only || strstr(only, names[b]) != NULL;
}

static void
run_driver(uint32_t saxpy_n, uint32_t sgemm_n, uint32_t reps, struct result *res)
{
   struct ctx c = {.reps = reps};
   memset(res, 0, sizeof(*res));
   if (!bench_vk_init(&c.vk, "vk_compute_bench", res->device, sizeof(res->device))) {
      bench_vk_finish(&c.vk);
      return;
   }
   res->ran = true;
   if (wanted(B_SAXPY))
      bench_saxpy(&c, saxpy_n, res);
   if (wanted(B_SGEMM))
      bench_sgemm(&c, sgemm_n, res);
   if (wanted(B_COPY_BUFFER))
      bench_copy_buffer(&c, res);
   if (wanted(B_FILL_BUFFER))
      bench_fill_buffer(&c, res);
   if (wanted(B_COPY_IMAGE))
      bench_copy_image(&c, res);
   bench_vk_finish(&c.vk);
}

/* The drivers compared, each in a child process of its own (the loader
 * then sees only it): kiln on its JIT tier (KILN_DEBUG=jit_sync: native
 * code from the first dispatch; the first submission, which compiles, is
 * the warm-up), kiln on its interpreter (jit_off), lavapipe. */
enum { D_JIT, D_INTERP, D_LVP, D_COUNT };
static const struct {
   const char *name, *icd, *debug;
} drivers[D_COUNT] = {
   {"kiln JIT", KILN_ICD_JSON, "jit_sync"},
   {"kiln interp", KILN_ICD_JSON, "jit_off"},
   {"lavapipe", LVP_ICD_JSON, NULL},
};

static bool
run_child(unsigned drv, uint32_t saxpy_n, uint32_t sgemm_n, uint32_t reps, struct result *res)
{
   memset(res, 0, sizeof(*res));
   int p[2];
   const char *icd = drivers[drv].icd;
   if (access(icd, R_OK) != 0 || pipe(p) != 0)
      return false;
   const pid_t pid = fork();
   if (pid == 0) {
      close(p[0]);
      setenv("VK_DRIVER_FILES", icd, 1);
      setenv("VK_ICD_FILENAMES", icd, 1);
      if (drivers[drv].debug) {
         const char *old = getenv("KILN_DEBUG");
         char flags[256];
         snprintf(flags, sizeof(flags), "%s%s%s", old ? old : "", old ? "," : "",
                  drivers[drv].debug);
         setenv("KILN_DEBUG", flags, 1);
      }
      struct result r;
      run_driver(saxpy_n, sgemm_n, reps, &r);
      const ssize_t w = write(p[1], &r, sizeof(r));
      _exit(w == (ssize_t)sizeof(r) ? 0 : 1);
   }
   close(p[1]);
   const ssize_t got = pid > 0 ? read(p[0], res, sizeof(*res)) : -1;
   close(p[0]);
   if (pid > 0) {
      int status;
      waitpid(pid, &status, 0);
   }
   return got == (ssize_t)sizeof(*res) && res->ran;
}

static void
ratio(char *buf, size_t size, const struct result *a, bool have_a, const struct result *b,
      bool have_b, unsigned line)
{
   snprintf(buf, size, "-");
   if (have_a && have_b && b->value[line] > 0)
      snprintf(buf, size, "%.2f", a->value[line] / b->value[line]);
}

int
main(int argc, char **argv)
{
   uint32_t saxpy_n = 1u << 24, sgemm_n = 512, reps = 5, rounds = 3;
   if (argc >= 2)
      saxpy_n = (uint32_t)strtoul(argv[1], NULL, 0);
   if (argc >= 3)
      sgemm_n = (uint32_t)strtoul(argv[2], NULL, 0) & ~15u;
   if (argc >= 4)
      reps = (uint32_t)strtoul(argv[3], NULL, 0);
   if (argc >= 5)
      rounds = (uint32_t)strtoul(argv[4], NULL, 0);
   if (saxpy_n == 0 || sgemm_n == 0 || reps == 0 || rounds == 0) {
      fprintf(stderr, "usage: %s [SAXPY_N [SGEMM_N [REPS [ROUNDS]]]]\n", argv[0]);
      return 2;
   }
   struct result best[D_COUNT] = {0};
   bool have[D_COUNT] = {false};
   for (uint32_t r = 0; r < rounds; r++) {
      for (unsigned d = 0; d < D_COUNT; d++) {
         struct result one;
         if (!run_child(d, saxpy_n, sgemm_n, reps, &one))
            continue;
         for (unsigned b = 0; b < B_COUNT; b++) {
            best[d].ok[b] = have[d] ? best[d].ok[b] && one.ok[b] : one.ok[b];
            if (one.value[b] > best[d].value[b])
               best[d].value[b] = one.value[b];
         }
         memcpy(best[d].device, one.device, sizeof(one.device));
         have[d] = true;
      }
   }
   printf("vk_compute_bench: saxpy n=%u, sgemm n=%u, best of %u x %u rounds, %u CPUs\n",
          saxpy_n, sgemm_n, reps, rounds, util_cpu_count());
   for (unsigned d = 0; d < D_COUNT; d++)
      printf("  %-12s %s\n", drivers[d].name, have[d] ? best[d].device : "(did not run)");
   printf("%-12s %12s %12s %12s %10s %10s\n", "", "kiln JIT", "kiln interp", "lavapipe",
          "JIT/interp", "JIT/lvp");
   bool all_ok = have[D_JIT] && have[D_INTERP];
   for (unsigned b = 0; b < B_COUNT; b++) {
      if (!wanted(b))
         continue;
      char v[D_COUNT][32], r1[16], r2[16];
      for (unsigned d = 0; d < D_COUNT; d++) {
         snprintf(v[d], sizeof(v[d]), "-");
         if (have[d])
            snprintf(v[d], sizeof(v[d]), "%.2f%s", best[d].value[b], best[d].ok[b] ? "" : "!");
         if (d != D_LVP)
            all_ok &= !have[d] || best[d].ok[b];
      }
      ratio(r1, sizeof(r1), &best[D_JIT], have[D_JIT], &best[D_INTERP], have[D_INTERP], b);
      ratio(r2, sizeof(r2), &best[D_JIT], have[D_JIT], &best[D_LVP], have[D_LVP], b);
      printf("%-12s %12s %12s %12s %10s %10s  %s\n", names[b], v[D_JIT], v[D_INTERP], v[D_LVP],
             r1, r2, units[b]);
   }
   printf("(ratios: higher is better for the JIT; ! = wrong result)\n");
   return all_ok ? 0 : 1;
}
