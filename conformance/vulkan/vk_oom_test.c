/* SPDX-License-Identifier: MIT */
/*
 * Out of host memory: an allocator that fails the N-th allocation, for N
 * from 0 up until a whole create/use/destroy sequence runs without reaching
 * the failure. At every N, each call either succeeds or returns
 * VK_ERROR_OUT_OF_HOST_MEMORY (VK_ERROR_OUT_OF_DEVICE_MEMORY where the spec
 * allows it too), nothing crashes, and once everything made is destroyed no
 * allocation is left alive: failure paths leak nothing.
 *
 * No layers here: the validation layer allocates through the same
 * callbacks and is not written to survive failing ones, and Mesa's implicit
 * VK_LAYER_MESA_device_select (mesa-vulkan-drivers) dereferences NULL in
 * vkEnumeratePhysicalDevices when an allocation fails, so implicit layers
 * are disabled for this program (VK_LOADER_LAYERS_DISABLE). The loader is
 * in the path (it uses the callbacks for the instance too).
 *
 * The loop runs in a child process so that a crash is reported, not fatal:
 * on kiln a crash fails the test; on another driver it skips it, naming the
 * failing allocation (lavapipe 22.3 dereferences NULL in
 * vkCreatePipelineLayout when an allocation fails).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vkt.h"

struct fail_alloc {
   long countdown; /* allocations left before the failing one; <0: never */
   bool failed;    /* the failure happened */
   long live;      /* blocks handed out and not freed */
   long total;     /* allocations attempted */
};

/* Each block: a header (the size) `align` bytes before the pointer. */
#define HDR_MIN 16

static size_t
hdr_size(size_t align)
{
   return align > HDR_MIN ? align : HDR_MIN;
}

static void *VKAPI_CALL
fa_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   struct fail_alloc *fa = user;
   fa->total++;
   if (fa->countdown == 0) {
      fa->countdown = -1;
      fa->failed = true;
      return NULL;
   }
   if (fa->countdown > 0)
      fa->countdown--;
   const size_t h = hdr_size(align);
   void *raw = NULL;
   if (posix_memalign(&raw, h < 16 ? 16 : h, h + size) != 0)
      return NULL;
   uint8_t *p = (uint8_t *)raw + h;
   memcpy(p - sizeof(size_t) * 2, &size, sizeof(size_t));
   memcpy(p - sizeof(size_t), &h, sizeof(size_t));
   fa->live++;
   return p;
}

static void VKAPI_CALL
fa_free(void *user, void *ptr)
{
   struct fail_alloc *fa = user;
   if (!ptr)
      return;
   size_t h;
   memcpy(&h, (uint8_t *)ptr - sizeof(size_t), sizeof(size_t));
   fa->live--;
   free((uint8_t *)ptr - h);
}

static void *VKAPI_CALL
fa_realloc(void *user, void *old, size_t size, size_t align, VkSystemAllocationScope scope)
{
   if (!old)
      return fa_alloc(user, size, align, scope);
   if (size == 0) {
      fa_free(user, old);
      return NULL;
   }
   size_t old_size;
   memcpy(&old_size, (uint8_t *)old - sizeof(size_t) * 2, sizeof(size_t));
   void *p = fa_alloc(user, size, align, scope);
   if (!p)
      return NULL; /* the old block stays valid, as realloc's contract says */
   memcpy(p, old, old_size < size ? old_size : size);
   fa_free(user, old);
   return p;
}

/* Everything the sequence made, for cleanup at any point. */
struct objs {
   VkInstance instance;
   VkDevice dev;
   VkCommandPool pool;
   VkCommandBuffer cmd;
   VkBuffer buf;
   VkDeviceMemory mem;
   VkImage img;
   VkDeviceMemory img_mem;
   VkFence fence;
   VkSemaphore sem;
   VkEvent event;
   VkQueryPool qpool;
   VkSampler sampler;
   VkDescriptorSetLayout dsl;
   VkPipelineLayout pl;
   VkDescriptorPool dpool;
   VkDescriptorSet set;
   VkShaderModule module;
   VkPipelineCache cache;
};

static void
destroy_all(struct objs *o, const VkAllocationCallbacks *a)
{
   if (o->dev) {
      vkDeviceWaitIdle(o->dev);
      vkDestroyPipelineCache(o->dev, o->cache, a);
      vkDestroyShaderModule(o->dev, o->module, a);
      vkDestroyDescriptorPool(o->dev, o->dpool, a);
      vkDestroyPipelineLayout(o->dev, o->pl, a);
      vkDestroyDescriptorSetLayout(o->dev, o->dsl, a);
      vkDestroySampler(o->dev, o->sampler, a);
      vkDestroyQueryPool(o->dev, o->qpool, a);
      vkDestroyEvent(o->dev, o->event, a);
      vkDestroySemaphore(o->dev, o->sem, a);
      vkDestroyFence(o->dev, o->fence, a);
      vkDestroyImage(o->dev, o->img, a);
      vkFreeMemory(o->dev, o->img_mem, a);
      vkDestroyBuffer(o->dev, o->buf, a);
      vkFreeMemory(o->dev, o->mem, a);
      vkDestroyCommandPool(o->dev, o->pool, a);
      vkDestroyDevice(o->dev, a);
   }
   if (o->instance)
      vkDestroyInstance(o->instance, a);
   memset(o, 0, sizeof(*o));
}

static const uint32_t spirv_words[] = {
   /* A minimal valid module: capability Shader, memory model, no entry
    * points. Enough for vkCreateShaderModule. */
   0x07230203, 0x00010000, 0x00000000, 0x00000001, 0x00000000,
   0x00020011, 0x00000001, /* OpCapability Shader */
   0x0003000e, 0x00000000, 0x00000001, /* OpMemoryModel Logical GLSL450 */
};

/* Where the child is, for the parent to report a crash. */
struct progress {
   long n;
   char call[96];
};
static struct progress *progress;

/* Stops at the first call that fails; `r` is its result. */
#define STEP(call)                                                                       \
   do {                                                                                  \
      r = (call);                                                                        \
      if (r != VK_SUCCESS)                                                               \
         goto out;                                                                       \
   } while (0)

/* Runs the whole sequence; returns the first non-success result (or
 * VK_SUCCESS). `allowed` is whether that result is one the call may
 * return. */
static VkResult
run_sequence(const VkAllocationCallbacks *a, struct objs *o, const char **failed_call)
{
   VkResult r = VK_SUCCESS;
   *failed_call = NULL;
#define NAMED(expr)                                                                      \
   do {                                                                                  \
      *failed_call = #expr;                                                              \
      if (progress)                                                                      \
         snprintf(progress->call, sizeof(progress->call), "%.95s", #expr);                \
      STEP(expr);                                                                        \
   } while (0)

   const VkApplicationInfo app = {.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
                                  .apiVersion = VK_API_VERSION_1_0};
   const VkInstanceCreateInfo ici = {.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
                                     .pApplicationInfo = &app};
   NAMED(vkCreateInstance(&ici, a, &o->instance));
   VkPhysicalDevice pdev;
   uint32_t n = 1;
   *failed_call = "vkEnumeratePhysicalDevices";
   r = vkEnumeratePhysicalDevices(o->instance, &n, &pdev);
   if (r == VK_INCOMPLETE)
      r = VK_SUCCESS;
   if (r != VK_SUCCESS)
      goto out;
   const float prio = 1.0f;
   const VkDeviceQueueCreateInfo qci = {.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
                                        .queueCount = 1,
                                        .pQueuePriorities = &prio};
   const VkDeviceCreateInfo dci = {.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
                                   .queueCreateInfoCount = 1,
                                   .pQueueCreateInfos = &qci};
   NAMED(vkCreateDevice(pdev, &dci, a, &o->dev));
   VkQueue q;
   vkGetDeviceQueue(o->dev, 0, 0, &q);

   const VkCommandPoolCreateInfo cpci = {.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   NAMED(vkCreateCommandPool(o->dev, &cpci, a, &o->pool));
   const VkCommandBufferAllocateInfo cbai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = o->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   NAMED(vkAllocateCommandBuffers(o->dev, &cbai, &o->cmd));

   const VkBufferCreateInfo bci = {.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                   .size = 65536,
                                   .usage = VK_BUFFER_USAGE_TRANSFER_DST_BIT |
                                            VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                            VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT};
   NAMED(vkCreateBuffer(o->dev, &bci, a, &o->buf));
   VkMemoryRequirements mr;
   vkGetBufferMemoryRequirements(o->dev, o->buf, &mr);
   const VkMemoryAllocateInfo mai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                     .allocationSize = mr.size,
                                     .memoryTypeIndex = (uint32_t)__builtin_ctz(mr.memoryTypeBits)};
   NAMED(vkAllocateMemory(o->dev, &mai, a, &o->mem));
   NAMED(vkBindBufferMemory(o->dev, o->buf, o->mem, 0));

   const VkImageCreateInfo imci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .extent = {64, 64, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_OPTIMAL,
      .usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
   };
   NAMED(vkCreateImage(o->dev, &imci, a, &o->img));
   vkGetImageMemoryRequirements(o->dev, o->img, &mr);
   const VkMemoryAllocateInfo imai = {.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                      .allocationSize = mr.size,
                                      .memoryTypeIndex =
                                         (uint32_t)__builtin_ctz(mr.memoryTypeBits)};
   NAMED(vkAllocateMemory(o->dev, &imai, a, &o->img_mem));
   NAMED(vkBindImageMemory(o->dev, o->img, o->img_mem, 0));

   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   NAMED(vkCreateFence(o->dev, &fci, a, &o->fence));
   const VkSemaphoreCreateInfo sci = {.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
   NAMED(vkCreateSemaphore(o->dev, &sci, a, &o->sem));
   const VkEventCreateInfo eci = {.sType = VK_STRUCTURE_TYPE_EVENT_CREATE_INFO};
   NAMED(vkCreateEvent(o->dev, &eci, a, &o->event));
   const VkQueryPoolCreateInfo qpci = {.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
                                       .queryType = VK_QUERY_TYPE_TIMESTAMP,
                                       .queryCount = 4};
   NAMED(vkCreateQueryPool(o->dev, &qpci, a, &o->qpool));
   const VkSamplerCreateInfo smci = {.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
   NAMED(vkCreateSampler(o->dev, &smci, a, &o->sampler));
   const VkDescriptorSetLayoutBinding dslb[2] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, &o->sampler},
   };
   const VkDescriptorSetLayoutCreateInfo dslci = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
      .bindingCount = 2,
      .pBindings = dslb};
   NAMED(vkCreateDescriptorSetLayout(o->dev, &dslci, a, &o->dsl));
   const VkPipelineLayoutCreateInfo plci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                            .setLayoutCount = 1,
                                            .pSetLayouts = &o->dsl};
   NAMED(vkCreatePipelineLayout(o->dev, &plci, a, &o->pl));
   const VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2},
                                       {VK_DESCRIPTOR_TYPE_SAMPLER, 1}};
   const VkDescriptorPoolCreateInfo dpci = {.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
                                            .maxSets = 1,
                                            .poolSizeCount = 2,
                                            .pPoolSizes = ps};
   NAMED(vkCreateDescriptorPool(o->dev, &dpci, a, &o->dpool));
   const VkDescriptorSetAllocateInfo dsai = {
      .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
      .descriptorPool = o->dpool,
      .descriptorSetCount = 1,
      .pSetLayouts = &o->dsl};
   NAMED(vkAllocateDescriptorSets(o->dev, &dsai, &o->set));
   const VkDescriptorBufferInfo dbi[2] = {{o->buf, 0, 256}, {o->buf, 256, 256}};
   const VkWriteDescriptorSet w = {.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                   .dstSet = o->set,
                                   .descriptorCount = 2,
                                   .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER,
                                   .pBufferInfo = dbi};
   vkUpdateDescriptorSets(o->dev, 1, &w, 0, NULL);
   const VkShaderModuleCreateInfo smoci = {.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
                                           .codeSize = sizeof(spirv_words),
                                           .pCode = spirv_words};
   NAMED(vkCreateShaderModule(o->dev, &smoci, a, &o->module));
   const VkPipelineCacheCreateInfo pcci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   NAMED(vkCreatePipelineCache(o->dev, &pcci, a, &o->cache));

   const VkCommandBufferBeginInfo bi = {.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   NAMED(vkBeginCommandBuffer(o->cmd, &bi));
   vkCmdResetQueryPool(o->cmd, o->qpool, 0, 4);
   vkCmdWriteTimestamp(o->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, o->qpool, 0);
   vkCmdFillBuffer(o->cmd, o->buf, 0, VK_WHOLE_SIZE, 0x1234);
   vkCmdSetEvent(o->cmd, o->event, VK_PIPELINE_STAGE_TRANSFER_BIT);
   vkCmdBindDescriptorSets(o->cmd, VK_PIPELINE_BIND_POINT_COMPUTE, o->pl, 0, 1, &o->set, 0,
                           NULL);
   const VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   const VkImageMemoryBarrier ib = {.sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
                                    .dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
                                    .oldLayout = VK_IMAGE_LAYOUT_UNDEFINED,
                                    .newLayout = VK_IMAGE_LAYOUT_GENERAL,
                                    .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                    .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
                                    .image = o->img,
                                    .subresourceRange = range};
   vkCmdPipelineBarrier(o->cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &ib);
   const VkClearColorValue cv = {.float32 = {1, 0, 0, 1}};
   vkCmdClearColorImage(o->cmd, o->img, VK_IMAGE_LAYOUT_GENERAL, &cv, 1, &range);
   vkCmdWriteTimestamp(o->cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, o->qpool, 1);
   NAMED(vkEndCommandBuffer(o->cmd));
   const VkSubmitInfo si = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                            .commandBufferCount = 1,
                            .pCommandBuffers = &o->cmd,
                            .signalSemaphoreCount = 1,
                            .pSignalSemaphores = &o->sem};
   NAMED(vkQueueSubmit(q, 1, &si, o->fence));
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   const VkSubmitInfo si2 = {.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
                             .waitSemaphoreCount = 1,
                             .pWaitSemaphores = &o->sem,
                             .pWaitDstStageMask = &stage};
   *failed_call = "vkQueueSubmit (wait)";
   r = vkQueueSubmit(q, 1, &si2, VK_NULL_HANDLE);
   if (r != VK_SUCCESS) {
      /* The first batch signalled the semaphore and nothing will wait on it
       * now: drain the queue before destroying it. */
      vkQueueWaitIdle(q);
      goto out;
   }
   NAMED(vkWaitForFences(o->dev, 1, &o->fence, VK_TRUE, 5000000000ull));
   NAMED(vkQueueWaitIdle(q));
   *failed_call = NULL;
out:
   return r;
#undef NAMED
}

/* The loop; returns the number of problems (printed). Runs in the child. */
static int
oom_loop(bool is_kiln)
{
   struct fail_alloc fa = {.countdown = -1};
   const VkAllocationCallbacks a = {
      .pUserData = &fa,
      .pfnAllocation = fa_alloc,
      .pfnReallocation = fa_realloc,
      .pfnFree = fa_free,
   };
   unsigned iterations = 0, failures = 0;
   int bad = 0; /* failed checks: the child's exit status */
   for (long n = 0;; n++) {
      progress->n = n;
      fa = (struct fail_alloc){.countdown = n};
      struct objs o = {0};
      const char *call = NULL;
      const VkResult r = run_sequence(&a, &o, &call);
      destroy_all(&o, &a);
      iterations++;
      if (r != VK_SUCCESS) {
         failures++;
         if (!(r == VK_ERROR_OUT_OF_HOST_MEMORY ||
               (r == VK_ERROR_OUT_OF_DEVICE_MEMORY && call &&
                strstr(call, "vkAllocateMemory"))) ||
             !fa.failed) {
            printf("  failing allocation %ld: %s returned %s\n", n, call ? call : "?",
                   vkt_result_str(r));
            bad++;
            break;
         }
      }
      if (fa.live != 0) {
         printf("  failing allocation %ld (at %s): %ld blocks %s\n", n,
                call ? call : "(after the last call)", labs(fa.live),
                fa.live > 0 ? "leaked" : "freed that were never allocated");
         bad++;
         break;
      }
      if (!fa.failed) {
         /* The whole sequence ran without reaching the failure: done. */
         if (r != VK_SUCCESS) {
            printf("  the full run returned %s\n", vkt_result_str(r));
            bad++;
         }
         printf("  %u sequences, %u ended by the injected failure, %ld allocations in a full "
                "run (%s)\n",
                iterations, failures, fa.total, is_kiln ? "kiln" : "other driver");
         break;
      }
      if (n > 20000) {
         printf("  no end after %ld allocations\n", n);
         bad++;
         break;
      }
   }
   if (failures <= 10) {
      printf("  only %u injected failures\n", failures);
      bad++;
   }
   return bad;
}

TEST(every_allocation_failure_is_clean)
{
   setenv("VK_LOADER_LAYERS_DISABLE", "~implicit~", 1);
   /* Only to check the driver is there and name it; the loop runs without
    * any layer. */
   struct vkt probe;
   const struct vkt_req req = {.no_validation = true};
   if (!vkt_init(&probe, &req))
      return;
   const bool is_kiln = probe.is_kiln;
   char name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   snprintf(name, sizeof(name), "%s", probe.props.deviceName);
   vkt_finish(&probe);

   progress = mmap(NULL, sizeof(*progress), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                   -1, 0);
   REQUIRE(progress != MAP_FAILED);
   memset(progress, 0, sizeof(*progress));
   fflush(stdout);
   const pid_t pid = fork();
   REQUIRE(pid >= 0);
   if (pid == 0) {
      /* The child reports failed checks on stdout and through its status. */
      _exit(oom_loop(is_kiln) ? 1 : 0);
   }
   int status = 0;
   REQUIRE(waitpid(pid, &status, 0) == pid);
   if (WIFSIGNALED(status)) {
      if (is_kiln)
         test_fail(__FILE__, __LINE__, "signal %d with allocation %ld failing (in %s)",
                   WTERMSIG(status), progress->n, progress->call);
      else
         vkt_skip("%s crashed (signal %d) when allocation %ld failed, in %s: the driver "
                  "does not survive out-of-memory there",
                  name, WTERMSIG(status), progress->n, progress->call);
   } else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      /* kiln must be clean; a peer that is not only shows where it is not
       * (the lines above), which says nothing about this test. */
      if (is_kiln)
         test_fail(__FILE__, __LINE__, "out-of-memory handling is not clean (above)");
      else
         vkt_skip("%s does not handle failing allocations cleanly (above)", name);
   }
   munmap(progress, sizeof(*progress));
   progress = NULL;
}
