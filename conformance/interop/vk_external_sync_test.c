/* SPDX-License-Identifier: MIT */
/*
 * External semaphores and fences (VK_KHR_external_semaphore_fd,
 * VK_KHR_external_fence_fd): what is advertised, opaque fds shared between
 * devices and processes (reference transference), sync files (copy
 * transference, -1 meaning "already signalled"), temporary imports, and bad
 * handles.
 *
 * Vulkan 1.3.239, vkImportSemaphoreFdKHR / vkImportFenceFdKHR return codes:
 * VK_ERROR_INVALID_EXTERNAL_HANDLE ("An external handle is not a valid handle
 * of the specified type", "Return Codes"), and on failure the fd stays the
 * application's ("Importing a semaphore payload from a file descriptor
 * transfers ownership of the file descriptor from the application to the
 * Vulkan implementation" happens only on success).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <drm.h>
#include <linux/dma-buf.h>

#include "interop_ipc.h"
#include "vkt.h"

static const char *const sync_exts[] = {
   VK_KHR_EXTERNAL_SEMAPHORE_EXTENSION_NAME, VK_KHR_EXTERNAL_SEMAPHORE_FD_EXTENSION_NAME,
   VK_KHR_EXTERNAL_FENCE_EXTENSION_NAME,     VK_KHR_EXTERNAL_FENCE_FD_EXTENSION_NAME,
   VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME,
};

static VkPhysicalDeviceTimelineSemaphoreFeatures timeline_features = {
   .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES,
   .timelineSemaphore = VK_TRUE,
};

static const struct vkt_req sync_req = {
   .extensions = sync_exts,
   .extension_count = 5,
   .features = &timeline_features,
};

static bool
fd_is_open(int fd)
{
   return fcntl(fd, F_GETFD) != -1 || errno != EBADF;
}

static bool
kernel_has_dma_buf_exporter(void)
{
   return access("/dev/udmabuf", R_OK | W_OK) == 0 ||
          access("/dev/dma_heap/system", R_OK) == 0;
}

static VkSemaphore
make_semaphore(struct vkt *t, VkSemaphoreType type, uint64_t initial,
               VkExternalSemaphoreHandleTypeFlags export_types)
{
   const VkExportSemaphoreCreateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_SEMAPHORE_CREATE_INFO,
      .handleTypes = export_types,
   };
   const VkSemaphoreTypeCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .pNext = export_types ? &export : NULL,
      .semaphoreType = type,
      .initialValue = initial,
   };
   VkSemaphore s = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateSemaphore(t->dev,
                               &(VkSemaphoreCreateInfo){
                                  .sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                                  .pNext = &tci,
                               },
                               NULL, &s));
   return s;
}

static VkFence
make_fence(struct vkt *t, VkExternalFenceHandleTypeFlags export_types, bool signaled)
{
   const VkExportFenceCreateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_FENCE_CREATE_INFO,
      .handleTypes = export_types,
   };
   VkFence f = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateFence(t->dev,
                           &(VkFenceCreateInfo){
                              .sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                              .pNext = export_types ? &export : NULL,
                              .flags = signaled ? VK_FENCE_CREATE_SIGNALED_BIT : 0,
                           },
                           NULL, &f));
   return f;
}

/* An empty batch: waits on `wait` (if any), signals `signal` (if any) and
 * `fence` (if any). Binary semaphores when values are 0. */
static bool
submit(struct vkt *t, VkSemaphore wait, uint64_t wait_value, VkSemaphore signal,
       uint64_t signal_value, VkFence fence)
{
   const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
   const VkTimelineSemaphoreSubmitInfo tl = {
      .sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO,
      .waitSemaphoreValueCount = wait ? 1 : 0,
      .pWaitSemaphoreValues = &wait_value,
      .signalSemaphoreValueCount = signal ? 1 : 0,
      .pSignalSemaphoreValues = &signal_value,
   };
   const VkSubmitInfo si = {
      .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
      .pNext = (wait_value || signal_value) ? &tl : NULL,
      .waitSemaphoreCount = wait ? 1 : 0,
      .pWaitSemaphores = &wait,
      .pWaitDstStageMask = &stage,
      .signalSemaphoreCount = signal ? 1 : 0,
      .pSignalSemaphores = &signal,
   };
   return VKT_CHECK(vkQueueSubmit(t->queues[0], 1, &si, fence));
}

static int
export_semaphore(struct vkt *t, VkSemaphore s, VkExternalSemaphoreHandleTypeFlagBits type)
{
   int fd = -2;
   PFN_vkGetSemaphoreFdKHR get = VKT_PROC(t, vkGetSemaphoreFdKHR);
   VKT_CHECK(get(t->dev,
                 &(VkSemaphoreGetFdInfoKHR){
                    .sType = VK_STRUCTURE_TYPE_SEMAPHORE_GET_FD_INFO_KHR,
                    .semaphore = s,
                    .handleType = type,
                 },
                 &fd));
   return fd;
}

static VkResult
import_semaphore(struct vkt *t, VkSemaphore s, VkExternalSemaphoreHandleTypeFlagBits type,
                 bool temporary, int fd)
{
   PFN_vkImportSemaphoreFdKHR imp = VKT_PROC(t, vkImportSemaphoreFdKHR);
   return imp(t->dev, &(VkImportSemaphoreFdInfoKHR){
                         .sType = VK_STRUCTURE_TYPE_IMPORT_SEMAPHORE_FD_INFO_KHR,
                         .semaphore = s,
                         .flags = temporary ? VK_SEMAPHORE_IMPORT_TEMPORARY_BIT : 0,
                         .handleType = type,
                         .fd = fd,
                      });
}

static int
export_fence(struct vkt *t, VkFence f, VkExternalFenceHandleTypeFlagBits type)
{
   int fd = -2;
   PFN_vkGetFenceFdKHR get = VKT_PROC(t, vkGetFenceFdKHR);
   VKT_CHECK(get(t->dev,
                 &(VkFenceGetFdInfoKHR){
                    .sType = VK_STRUCTURE_TYPE_FENCE_GET_FD_INFO_KHR,
                    .fence = f,
                    .handleType = type,
                 },
                 &fd));
   return fd;
}

static VkResult
import_fence(struct vkt *t, VkFence f, VkExternalFenceHandleTypeFlagBits type,
             bool temporary, int fd)
{
   PFN_vkImportFenceFdKHR imp = VKT_PROC(t, vkImportFenceFdKHR);
   return imp(t->dev, &(VkImportFenceFdInfoKHR){
                         .sType = VK_STRUCTURE_TYPE_IMPORT_FENCE_FD_INFO_KHR,
                         .fence = f,
                         .flags = temporary ? VK_FENCE_IMPORT_TEMPORARY_BIT : 0,
                         .handleType = type,
                         .fd = fd,
                      });
}

static VkExternalSemaphoreProperties
semaphore_props(struct vkt *t, VkExternalSemaphoreHandleTypeFlagBits type,
                VkSemaphoreType st)
{
   PFN_vkGetPhysicalDeviceExternalSemaphorePropertiesKHR get =
      (PFN_vkGetPhysicalDeviceExternalSemaphorePropertiesKHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceExternalSemaphorePropertiesKHR");
   const VkSemaphoreTypeCreateInfo tci = {
      .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
      .semaphoreType = st,
   };
   VkExternalSemaphoreProperties p = {.sType =
                                         VK_STRUCTURE_TYPE_EXTERNAL_SEMAPHORE_PROPERTIES};
   get(t->pdev,
       &(VkPhysicalDeviceExternalSemaphoreInfo){
          .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_SEMAPHORE_INFO,
          .pNext = &tci,
          .handleType = type,
       },
       &p);
   return p;
}

static VkExternalFenceProperties
fence_props(struct vkt *t, VkExternalFenceHandleTypeFlagBits type)
{
   PFN_vkGetPhysicalDeviceExternalFencePropertiesKHR get =
      (PFN_vkGetPhysicalDeviceExternalFencePropertiesKHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceExternalFencePropertiesKHR");
   VkExternalFenceProperties p = {.sType = VK_STRUCTURE_TYPE_EXTERNAL_FENCE_PROPERTIES};
   get(t->pdev,
       &(VkPhysicalDeviceExternalFenceInfo){
          .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_FENCE_INFO,
          .handleType = type,
       },
       &p);
   return p;
}

static bool
semaphore_sync_fd_exportable(struct vkt *t)
{
   return semaphore_props(t, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT,
                          VK_SEMAPHORE_TYPE_BINARY)
             .externalSemaphoreFeatures &
          VK_EXTERNAL_SEMAPHORE_FEATURE_EXPORTABLE_BIT;
}

TEST(external_sync_properties_are_honest)
{
   struct vkt t;
   if (!vkt_init(&t, &sync_req))
      return;
   const VkExternalSemaphoreFeatureFlags both =
      VK_EXTERNAL_SEMAPHORE_FEATURE_EXPORTABLE_BIT |
      VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT;
   CHECK_EQ(semaphore_props(&t, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
                            VK_SEMAPHORE_TYPE_BINARY)
               .externalSemaphoreFeatures,
            both);
   CHECK_EQ(semaphore_props(&t, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
                            VK_SEMAPHORE_TYPE_TIMELINE)
               .externalSemaphoreFeatures,
            both);
   /* Sync files hold binary payloads only. */
   CHECK_EQ(semaphore_props(&t, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT,
                            VK_SEMAPHORE_TYPE_TIMELINE)
               .externalSemaphoreFeatures,
            0);
   const VkExternalSemaphoreProperties sync_sem = semaphore_props(
      &t, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT, VK_SEMAPHORE_TYPE_BINARY);
   CHECK(sync_sem.externalSemaphoreFeatures &
         VK_EXTERNAL_SEMAPHORE_FEATURE_IMPORTABLE_BIT);
   printf("  SYNC_FD semaphores: %s\n",
          semaphore_sync_fd_exportable(&t) ? "import and export" : "import only");
   if (t.is_kiln) {
      /* kiln can make a sync_file only with a dma-buf exporter in the
       * kernel (docs/external-memory.md). */
      CHECK_EQ(semaphore_sync_fd_exportable(&t), kernel_has_dma_buf_exporter());
   }
   const VkExternalFenceFeatureFlags fboth =
      VK_EXTERNAL_FENCE_FEATURE_EXPORTABLE_BIT | VK_EXTERNAL_FENCE_FEATURE_IMPORTABLE_BIT;
   CHECK_EQ(
      fence_props(&t, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT).externalFenceFeatures,
      fboth);
   CHECK_EQ(
      fence_props(&t, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT).externalFenceFeatures,
      fboth);
   CHECK_EQ(fence_props(&t, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_WIN32_BIT)
               .externalFenceFeatures,
            0);
   vkt_finish(&t);
}

/* Two devices share a binary semaphore's payload (opaque fd, permanent):
 * a signal on either is seen by a wait on the other. */
TEST(opaque_binary_semaphore_between_devices)
{
   struct vkt a, b;
   if (!vkt_init(&a, &sync_req))
      return;
   if (!vkt_init(&b, &sync_req)) {
      vkt_finish(&a);
      return;
   }
   VkSemaphore sa = make_semaphore(&a, VK_SEMAPHORE_TYPE_BINARY, 0,
                                   VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   VkSemaphore sb = make_semaphore(&b, VK_SEMAPHORE_TYPE_BINARY, 0, 0);
   const int fd =
      export_semaphore(&a, sa, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   REQUIRE(fd >= 0);
   CHECK(fcntl(fd, F_GETFD) & FD_CLOEXEC);
   CHECK(VKT_CHECK(import_semaphore(
      &b, sb, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT, false, fd)));
   CHECK(!fd_is_open(fd));

   VkFence fa = make_fence(&a, 0, false), fb = make_fence(&b, 0, false);
   for (int round = 0; round < 3; round++) {
      /* a signals, b waits */
      CHECK(submit(&a, VK_NULL_HANDLE, 0, sa, 0, VK_NULL_HANDLE));
      CHECK(submit(&b, sb, 0, VK_NULL_HANDLE, 0, fb));
      CHECK(VKT_CHECK(vkWaitForFences(b.dev, 1, &fb, VK_TRUE, 5000000000ull)));
      CHECK(VKT_CHECK(vkResetFences(b.dev, 1, &fb)));
      /* b signals, a waits */
      CHECK(submit(&b, VK_NULL_HANDLE, 0, sb, 0, VK_NULL_HANDLE));
      CHECK(submit(&a, sa, 0, VK_NULL_HANDLE, 0, fa));
      CHECK(VKT_CHECK(vkWaitForFences(a.dev, 1, &fa, VK_TRUE, 5000000000ull)));
      CHECK(VKT_CHECK(vkResetFences(a.dev, 1, &fa)));
   }
   vkDeviceWaitIdle(a.dev);
   vkDeviceWaitIdle(b.dev);
   vkDestroyFence(a.dev, fa, NULL);
   vkDestroyFence(b.dev, fb, NULL);
   vkDestroySemaphore(a.dev, sa, NULL);
   vkDestroySemaphore(b.dev, sb, NULL);
   vkt_finish(&b);
   vkt_finish(&a);
}

/* A fence's payload shared between devices: signalled by a's queue, seen by
 * b's wait; b's reset is a's reset (one payload). */
TEST(opaque_fence_between_devices)
{
   struct vkt a, b;
   if (!vkt_init(&a, &sync_req))
      return;
   if (!vkt_init(&b, &sync_req)) {
      vkt_finish(&a);
      return;
   }
   VkFence fa = make_fence(&a, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT, false);
   VkFence fb = make_fence(&b, 0, true);
   const int fd = export_fence(&a, fa, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT);
   REQUIRE(fd >= 0);
   CHECK(VKT_CHECK(
      import_fence(&b, fb, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT, false, fd)));
   /* b's fence now has a's (unsignalled) payload. */
   CHECK(VKT_CHECK_RESULT(vkGetFenceStatus(b.dev, fb), VK_NOT_READY));
   CHECK(submit(&a, VK_NULL_HANDLE, 0, VK_NULL_HANDLE, 0, fa));
   CHECK(VKT_CHECK(vkWaitForFences(b.dev, 1, &fb, VK_TRUE, 5000000000ull)));
   CHECK(VKT_CHECK(vkGetFenceStatus(a.dev, fa)));
   CHECK(VKT_CHECK(vkResetFences(b.dev, 1, &fb)));
   CHECK(VKT_CHECK_RESULT(vkGetFenceStatus(a.dev, fa), VK_NOT_READY));
   vkDestroyFence(a.dev, fa, NULL);
   vkDestroyFence(b.dev, fb, NULL);
   vkt_finish(&b);
   vkt_finish(&a);
}

/* Timeline semaphores across processes: host signals and queue signals on
 * one side, host waits and queue waits on the other, both directions. */
static void
timeline_child(int sock, void *arg)
{
   struct vkt t;
   if (!vkt_init(&t, &sync_req))
      return;
   int fds[IPC_MAX_FDS];
   unsigned n;
   uint32_t msg;
   if (!CHECK(ipc_recv(sock, &msg, sizeof(msg), fds, &n)) || !CHECK(n == 1)) {
      vkt_finish(&t);
      return;
   }
   VkSemaphore s = make_semaphore(&t, VK_SEMAPHORE_TYPE_TIMELINE, 0, 0);
   CHECK(VKT_CHECK(import_semaphore(
      &t, s, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT, false, fds[0])));
   /* The parent signals 5 from the host. */
   const uint64_t five = 5;
   PFN_vkWaitSemaphoresKHR wait = VKT_PROC(&t, vkWaitSemaphoresKHR);
   CHECK(VKT_CHECK(wait(t.dev,
                        &(VkSemaphoreWaitInfo){
                           .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                           .semaphoreCount = 1,
                           .pSemaphores = &s,
                           .pValues = &five,
                        },
                        10000000000ull)));
   /* Our queue waits for 7 (the parent's queue signals it) and signals 10. */
   VkFence f = make_fence(&t, 0, false);
   CHECK(ipc_send(sock, &msg, sizeof(msg), NULL, 0));
   CHECK(submit(&t, s, 7, s, 10, f));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 10000000000ull)));
   vkDestroyFence(t.dev, f, NULL);
   vkDestroySemaphore(t.dev, s, NULL);
   vkt_finish(&t);
}

TEST(opaque_timeline_semaphore_between_processes)
{
   struct ipc_child child;
   REQUIRE(ipc_fork(&child, timeline_child, NULL));
   struct vkt t;
   if (!vkt_init(&t, &sync_req)) {
      ipc_join(&child);
      return;
   }
   VkSemaphore s = make_semaphore(&t, VK_SEMAPHORE_TYPE_TIMELINE, 1,
                                  VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   int fd = export_semaphore(&t, s, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   uint32_t msg = 1;
   CHECK(ipc_send(child.sock, &msg, sizeof(msg), &fd, 1));
   close(fd);
   PFN_vkSignalSemaphoreKHR signal = VKT_PROC(&t, vkSignalSemaphoreKHR);
   CHECK(VKT_CHECK(signal(t.dev, &(VkSemaphoreSignalInfo){
                                    .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO,
                                    .semaphore = s,
                                    .value = 5,
                                 })));
   /* Once the child's queue waits for 7, our queue signals it. */
   CHECK(ipc_recv(child.sock, &msg, sizeof(msg), NULL, NULL));
   CHECK(submit(&t, VK_NULL_HANDLE, 0, s, 7, VK_NULL_HANDLE));
   const uint64_t ten = 10;
   PFN_vkWaitSemaphoresKHR wait = VKT_PROC(&t, vkWaitSemaphoresKHR);
   CHECK(VKT_CHECK(wait(t.dev,
                        &(VkSemaphoreWaitInfo){
                           .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
                           .semaphoreCount = 1,
                           .pSemaphores = &s,
                           .pValues = &ten,
                        },
                        10000000000ull)));
   uint64_t value = 0;
   PFN_vkGetSemaphoreCounterValueKHR get = VKT_PROC(&t, vkGetSemaphoreCounterValueKHR);
   CHECK(VKT_CHECK(get(t.dev, s, &value)));
   CHECK_EQ(value, 10);
   CHECK_EQ(ipc_join(&child), IPC_CHILD_PASSED);
   vkDeviceWaitIdle(t.dev);
   vkDestroySemaphore(t.dev, s, NULL);
   vkt_finish(&t);
}

/* Sync files: -1 is an already-signalled sync file (a fence shows it until
 * reset restores its own payload; a semaphore wait on it proceeds). */
TEST(sync_fd_minus_one_imports)
{
   struct vkt t;
   if (!vkt_init(&t, &sync_req))
      return;
   VkFence f = make_fence(&t, 0, false);
   /* Vulkan 1.3.239, VkImportFenceFdInfoKHR: "If handleType is
    * VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, the special value -1 for fd
    * is treated like a valid sync file descriptor referring to an object
    * that has already signaled." */
   CHECK(VKT_CHECK(
      import_fence(&t, f, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, true, -1)));
   CHECK(VKT_CHECK(vkGetFenceStatus(t.dev, f)));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 0)));
   CHECK(VKT_CHECK(vkResetFences(t.dev, 1, &f)));
   CHECK(VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, f), VK_NOT_READY));

   VkSemaphore s = make_semaphore(&t, VK_SEMAPHORE_TYPE_BINARY, 0, 0);
   CHECK(VKT_CHECK(
      import_semaphore(&t, s, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT, true, -1)));
   CHECK(submit(&t, s, 0, VK_NULL_HANDLE, 0, f));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 5000000000ull)));
   /* The wait consumed the temporary payload: the semaphore's own one is
    * back, and works as usual. */
   CHECK(VKT_CHECK(vkResetFences(t.dev, 1, &f)));
   CHECK(submit(&t, VK_NULL_HANDLE, 0, s, 0, VK_NULL_HANDLE));
   CHECK(submit(&t, s, 0, VK_NULL_HANDLE, 0, f));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 5000000000ull)));
   vkDestroySemaphore(t.dev, s, NULL);
   vkDestroyFence(t.dev, f, NULL);
   vkt_finish(&t);
}

/* A fence exported as a sync file: -1 (signalled) or a real sync_file that
 * polls readable; the export resets the fence (copy transference). */
TEST(fence_sync_fd_export)
{
   struct vkt t;
   if (!vkt_init(&t, &sync_req))
      return;
   VkFence f = make_fence(&t, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, false);
   CHECK(submit(&t, VK_NULL_HANDLE, 0, VK_NULL_HANDLE, 0, f));
   const int fd = export_fence(&t, f, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT);
   CHECK(fd >= -1);
   printf("  exported sync fd: %s\n", fd >= 0 ? "a sync_file" : "-1 (already signalled)");
   if (fd >= 0) {
      struct pollfd p = {.fd = fd, .events = POLLIN};
      CHECK_EQ(poll(&p, 1, 5000), 1);
      CHECK(fcntl(fd, F_GETFD) & FD_CLOEXEC);
      /* and it imports back */
      VkFence g = make_fence(&t, 0, false);
      CHECK(VKT_CHECK(
         import_fence(&t, g, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, true, fd)));
      CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &g, VK_TRUE, 5000000000ull)));
      vkDestroyFence(t.dev, g, NULL);
   } else if (t.is_kiln) {
      CHECK(!kernel_has_dma_buf_exporter());
   }
   /* "exporting a fence payload to a handle with copy transference has the
    * same side effects on the source fence's payload as executing a fence
    * reset operation" (Vulkan 1.3.239) */
   CHECK(VKT_CHECK_RESULT(vkGetFenceStatus(t.dev, f), VK_NOT_READY));
   vkDestroyFence(t.dev, f, NULL);
   vkt_finish(&t);
}

/* Where advertised: a semaphore exported as a sync file and imported into
 * another device's semaphore unblocks that device's queue. */
TEST(semaphore_sync_fd_export)
{
   struct vkt a, b;
   if (!vkt_init(&a, &sync_req))
      return;
   if (!semaphore_sync_fd_exportable(&a)) {
      vkt_finish(&a);
      vkt_skip(
         "SYNC_FD semaphore export is not advertised here (no kernel sync_file source)");
      return;
   }
   if (!vkt_init(&b, &sync_req)) {
      vkt_finish(&a);
      return;
   }
   VkSemaphore sa = make_semaphore(&a, VK_SEMAPHORE_TYPE_BINARY, 0,
                                   VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT);
   VkSemaphore sb = make_semaphore(&b, VK_SEMAPHORE_TYPE_BINARY, 0, 0);
   CHECK(submit(&a, VK_NULL_HANDLE, 0, sa, 0, VK_NULL_HANDLE));
   const int fd = export_semaphore(&a, sa, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT);
   REQUIRE(fd >= 0);
   struct pollfd p = {.fd = fd, .events = POLLIN};
   CHECK_EQ(poll(&p, 1, 5000), 1);
   CHECK(VKT_CHECK(
      import_semaphore(&b, sb, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT, true, fd)));
   VkFence fb = make_fence(&b, 0, false);
   CHECK(submit(&b, sb, 0, VK_NULL_HANDLE, 0, fb));
   CHECK(VKT_CHECK(vkWaitForFences(b.dev, 1, &fb, VK_TRUE, 5000000000ull)));
   /* The export was a wait on sa: signal and wait again on a's own queue. */
   VkFence fa = make_fence(&a, 0, false);
   CHECK(submit(&a, VK_NULL_HANDLE, 0, sa, 0, VK_NULL_HANDLE));
   CHECK(submit(&a, sa, 0, VK_NULL_HANDLE, 0, fa));
   CHECK(VKT_CHECK(vkWaitForFences(a.dev, 1, &fa, VK_TRUE, 5000000000ull)));
   vkDestroyFence(a.dev, fa, NULL);
   vkDestroyFence(b.dev, fb, NULL);
   vkDestroySemaphore(a.dev, sa, NULL);
   vkDestroySemaphore(b.dev, sb, NULL);
   vkt_finish(&b);
   vkt_finish(&a);
}

/* A temporary opaque import is used by one wait, then the semaphore's own
 * payload is back (Vulkan 1.3.239, "Importing Semaphore Payloads"). */
TEST(temporary_opaque_import_is_consumed_by_a_wait)
{
   struct vkt t;
   if (!vkt_init(&t, &sync_req))
      return;
   VkSemaphore shared = make_semaphore(&t, VK_SEMAPHORE_TYPE_BINARY, 0,
                                       VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   VkSemaphore s = make_semaphore(&t, VK_SEMAPHORE_TYPE_BINARY, 0, 0);
   VkFence f = make_fence(&t, 0, false);
   CHECK(submit(&t, VK_NULL_HANDLE, 0, shared, 0, VK_NULL_HANDLE));
   const int fd =
      export_semaphore(&t, shared, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   CHECK(VKT_CHECK(import_semaphore(
      &t, s, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT, true, fd)));
   /* The wait on s consumes the signal made on `shared`. */
   CHECK(submit(&t, s, 0, VK_NULL_HANDLE, 0, f));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 5000000000ull)));
   CHECK(VKT_CHECK(vkResetFences(t.dev, 1, &f)));
   /* s has its own payload again, and `shared` one of its own. */
   CHECK(submit(&t, VK_NULL_HANDLE, 0, s, 0, VK_NULL_HANDLE));
   CHECK(submit(&t, VK_NULL_HANDLE, 0, shared, 0, VK_NULL_HANDLE));
   CHECK(submit(&t, s, 0, VK_NULL_HANDLE, 0, VK_NULL_HANDLE));
   CHECK(submit(&t, shared, 0, VK_NULL_HANDLE, 0, f));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 5000000000ull)));
   vkDeviceWaitIdle(t.dev);
   vkDestroyFence(t.dev, f, NULL);
   vkDestroySemaphore(t.dev, s, NULL);
   vkDestroySemaphore(t.dev, shared, NULL);
   vkt_finish(&t);
}

TEST(bad_sync_handles_are_refused_and_kept)
{
   struct vkt t;
   if (!vkt_init(&t, &sync_req))
      return;
   VkSemaphore bin = make_semaphore(&t, VK_SEMAPHORE_TYPE_BINARY, 0, 0);
   VkSemaphore tl = make_semaphore(&t, VK_SEMAPHORE_TYPE_TIMELINE, 0, 0);
   VkFence fence = make_fence(&t, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT, false);
   VkSemaphore timeline_exp = make_semaphore(
      &t, VK_SEMAPHORE_TYPE_TIMELINE, 0, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);

   int pipefd[2];
   REQUIRE(pipe(pipefd) == 0);
   const int memfd = memfd_create("not-a-payload", MFD_CLOEXEC);
   REQUIRE(memfd >= 0 && ftruncate(memfd, 4096) == 0);
   const int fence_fd =
      export_fence(&t, fence, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT);
   const int timeline_fd =
      export_semaphore(&t, timeline_exp, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT);
   const struct {
      int fd;
      VkSemaphore sem;
      VkExternalSemaphoreHandleTypeFlagBits type;
      const char *what;
   } bad[] = {
      {pipefd[0], bin, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
       "a pipe as opaque"},
      {memfd, bin, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
       "a plain memfd as opaque"},
      {fence_fd, bin, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
       "a fence payload into a semaphore"},
      {timeline_fd, bin, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
       "a timeline payload into a binary semaphore"},
      {pipefd[0], bin, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT,
       "a pipe as sync file"},
      {memfd, tl, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD_BIT,
       "a plain memfd into a timeline"},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      vkt_expect_validation_errors_begin(&t);
      const VkResult r = import_semaphore(
         &t, bad[i].sem, bad[i].type,
         bad[i].type == VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT, bad[i].fd);
      vkt_expect_validation_errors_end(&t);
      printf("  import of %s: %s\n", bad[i].what, vkt_result_str(r));
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
      CHECK(fd_is_open(bad[i].fd));
   }
   /* A semaphore payload into a fence. */
   VkFence g = make_fence(&t, 0, false);
   vkt_expect_validation_errors_begin(&t);
   CHECK(VKT_CHECK_RESULT(import_fence(&t, g, VK_EXTERNAL_FENCE_HANDLE_TYPE_OPAQUE_FD_BIT,
                                       false, timeline_fd),
                          VK_ERROR_INVALID_EXTERNAL_HANDLE));
   CHECK(VKT_CHECK_RESULT(
      import_fence(&t, g, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, true, memfd),
      VK_ERROR_INVALID_EXTERNAL_HANDLE));
   vkt_expect_validation_errors_end(&t);
   CHECK(fd_is_open(timeline_fd));
   /* The semaphores and fences still work after the refused imports. */
   CHECK(submit(&t, VK_NULL_HANDLE, 0, bin, 0, VK_NULL_HANDLE));
   CHECK(submit(&t, bin, 0, VK_NULL_HANDLE, 0, g));
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &g, VK_TRUE, 5000000000ull)));

   close(pipefd[0]);
   close(pipefd[1]);
   close(memfd);
   close(fence_fd);
   close(timeline_fd);
   vkDeviceWaitIdle(t.dev);
   vkDestroyFence(t.dev, g, NULL);
   vkDestroyFence(t.dev, fence, NULL);
   vkDestroySemaphore(t.dev, bin, NULL);
   vkDestroySemaphore(t.dev, tl, NULL);
   vkDestroySemaphore(t.dev, timeline_exp, NULL);
   vkt_finish(&t);
}

/* --- A pending sync file from vgem (inside the VM): the queue waits for it.
 * vgem's fence ioctls, from the kernel's include/uapi/drm/vgem_drm.h (the
 * header is not in Debian's libdrm-dev). */
struct vgem_fence_attach {
   uint32_t handle;
   uint32_t flags; /* VGEM_FENCE_WRITE = 1 */
   uint32_t out_fence;
   uint32_t pad;
};
struct vgem_fence_signal {
   uint32_t fence;
   uint32_t flags;
};
#define VGEM_IOCTL_FENCE_ATTACH DRM_IOWR(DRM_COMMAND_BASE + 0x1, struct vgem_fence_attach)
#define VGEM_IOCTL_FENCE_SIGNAL DRM_IOW(DRM_COMMAND_BASE + 0x2, struct vgem_fence_signal)

static int
open_vgem(void)
{
   for (int i = 0; i < 8; i++) {
      char path[64], name[16] = "";
      snprintf(path, sizeof(path), "/dev/dri/card%d", i);
      const int fd = open(path, O_RDWR | O_CLOEXEC);
      if (fd < 0)
         continue;
      struct drm_version v = {.name = name, .name_len = sizeof(name) - 1};
      if (ioctl(fd, DRM_IOCTL_VERSION, &v) == 0 && !strcmp(name, "vgem"))
         return fd;
      close(fd);
   }
   return -1;
}

TEST(pending_sync_file_blocks_the_queue)
{
   const int vgem = open_vgem();
   if (vgem < 0) {
      vkt_skip("no vgem device (runs inside the VM: conformance/vm)");
      return;
   }
   struct vkt t;
   if (!vkt_init(&t, &sync_req)) {
      close(vgem);
      return;
   }
   /* A vgem buffer with an unsignalled write fence; its dma-buf's read
    * sync file is then pending until we signal the fence. */
   struct drm_mode_create_dumb dumb = {.width = 64, .height = 64, .bpp = 32};
   REQUIRE(ioctl(vgem, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) == 0);
   struct vgem_fence_attach attach = {.handle = dumb.handle, .flags = 1};
   REQUIRE(ioctl(vgem, VGEM_IOCTL_FENCE_ATTACH, &attach) == 0);
   struct drm_prime_handle prime = {.handle = dumb.handle,
                                    .flags = DRM_CLOEXEC | DRM_RDWR};
   REQUIRE(ioctl(vgem, DRM_IOCTL_PRIME_HANDLE_TO_FD, &prime) == 0);
   struct dma_buf_export_sync_file exp = {.flags = DMA_BUF_SYNC_READ, .fd = -1};
   REQUIRE(ioctl(prime.fd, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, &exp) == 0);
   struct pollfd p = {.fd = exp.fd, .events = POLLIN};
   CHECK_EQ(poll(&p, 1, 0), 0); /* pending */

   VkSemaphore s = make_semaphore(&t, VK_SEMAPHORE_TYPE_BINARY, 0, 0);
   VkFence f = make_fence(&t, 0, false);
   const int dup_fd = dup(exp.fd);
   CHECK(VKT_CHECK(import_semaphore(&t, s, VK_EXTERNAL_SEMAPHORE_HANDLE_TYPE_SYNC_FD_BIT,
                                    true, dup_fd)));
   CHECK(submit(&t, s, 0, VK_NULL_HANDLE, 0, f));
   /* The queue must not run past the pending fence. */
   CHECK(
      VKT_CHECK_RESULT(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 200000000ull), VK_TIMEOUT));
   struct vgem_fence_signal sig = {.fence = attach.out_fence};
   CHECK(ioctl(vgem, VGEM_IOCTL_FENCE_SIGNAL, &sig) == 0);
   CHECK(VKT_CHECK(vkWaitForFences(t.dev, 1, &f, VK_TRUE, 5000000000ull)));

   /* A fence with the (now signalled) sync file imported is signalled. */
   VkFence g = make_fence(&t, 0, false);
   CHECK(VKT_CHECK(
      import_fence(&t, g, VK_EXTERNAL_FENCE_HANDLE_TYPE_SYNC_FD_BIT, true, exp.fd)));
   CHECK(VKT_CHECK(vkGetFenceStatus(t.dev, g)));
   vkDestroyFence(t.dev, g, NULL);
   vkDestroyFence(t.dev, f, NULL);
   vkDestroySemaphore(t.dev, s, NULL);
   close(prime.fd);
   close(vgem);
   vkt_finish(&t);
}
