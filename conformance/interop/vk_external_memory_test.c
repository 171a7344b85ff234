/* SPDX-License-Identifier: MIT */
/*
 * External memory (VK_KHR_external_memory_fd, VK_EXT_external_memory_dma_buf,
 * VK_EXT_external_memory_host, VK_EXT_queue_family_foreign): what is
 * advertised, sharing an allocation between two devices and between two
 * processes, host pointers, and bad handles.
 *
 * Every refused import must return the spec's code and leave the fd with the
 * application. Vulkan 1.3.239, "Return Codes":
 *    "VK_ERROR_INVALID_EXTERNAL_HANDLE An external handle is not a valid
 *    handle of the specified type."
 * and VkImportMemoryFdInfoKHR: "Importing memory from a file descriptor
 * transfers ownership of the file descriptor from the application to the
 * Vulkan implementation. The application must not perform any operations on
 * the file descriptor after a successful import." (so only a successful
 * import closes it).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "interop_ipc.h"
#include "vkt.h"

static const char *const fd_exts[] = {
   VK_KHR_EXTERNAL_MEMORY_EXTENSION_NAME,
   VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
};
static const struct vkt_req fd_req = {.extensions = fd_exts, .extension_count = 2};

static const char *const dmabuf_exts[] = {
   VK_KHR_EXTERNAL_MEMORY_EXTENSION_NAME,
   VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
   VK_EXT_EXTERNAL_MEMORY_DMA_BUF_EXTENSION_NAME,
};
static const struct vkt_req dmabuf_req = {.extensions = dmabuf_exts,
                                          .extension_count = 3};

static const char *const host_exts[] = {
   VK_KHR_EXTERNAL_MEMORY_EXTENSION_NAME,
   VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME,
};
static const struct vkt_req host_req = {.extensions = host_exts, .extension_count = 2};

static bool
fd_is_open(int fd)
{
   return fcntl(fd, F_GETFD) != -1 || errno != EBADF;
}

static VkExternalMemoryProperties
buffer_props(struct vkt *t, VkExternalMemoryHandleTypeFlagBits type)
{
   PFN_vkGetPhysicalDeviceExternalBufferPropertiesKHR get =
      (PFN_vkGetPhysicalDeviceExternalBufferPropertiesKHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceExternalBufferPropertiesKHR");
   VkExternalBufferProperties p = {.sType = VK_STRUCTURE_TYPE_EXTERNAL_BUFFER_PROPERTIES};
   if (!get) {
      test_fail(__FILE__, __LINE__, "no vkGetPhysicalDeviceExternalBufferPropertiesKHR");
      return p.externalMemoryProperties;
   }
   const VkPhysicalDeviceExternalBufferInfo info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_BUFFER_INFO,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      .handleType = type,
   };
   get(t->pdev, &info, &p);
   return p.externalMemoryProperties;
}

/* A buffer with its own memory made from `alloc_pnext` (export or import). */
struct ext_buffer {
   VkBuffer buffer;
   VkDeviceMemory memory;
   VkDeviceSize size;
};

static VkResult
ext_buffer_create(struct vkt *t, VkDeviceSize size, VkExternalMemoryHandleTypeFlags types,
                  const void *alloc_pnext, struct ext_buffer *b)
{
   memset(b, 0, sizeof(*b));
   b->size = size;
   const VkExternalMemoryBufferCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
      .handleTypes = types,
   };
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .pNext = &ext,
      .size = size,
      .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
   };
   VkResult r = vkCreateBuffer(t->dev, &bci, NULL, &b->buffer);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(t->dev, b->buffer, &req);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .pNext = alloc_pnext,
      .allocationSize = req.size,
      .memoryTypeIndex = vkt_memory_type(t, req.memoryTypeBits, 0),
   };
   r = vkAllocateMemory(t->dev, &mai, NULL, &b->memory);
   if (r != VK_SUCCESS) {
      vkDestroyBuffer(t->dev, b->buffer, NULL);
      b->buffer = VK_NULL_HANDLE;
      return r;
   }
   return vkBindBufferMemory(t->dev, b->buffer, b->memory, 0);
}

static void
ext_buffer_destroy(struct vkt *t, struct ext_buffer *b)
{
   vkDestroyBuffer(t->dev, b->buffer, NULL);
   vkFreeMemory(t->dev, b->memory, NULL);
}

/* dst <- src through the device (a transfer, so the data really goes
 * through the memory the device sees, not just the host mapping). */
static bool
copy_buffer(struct vkt *t, VkBuffer src, VkBuffer dst, VkDeviceSize size)
{
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkt_cmd_barrier(cmd);
   vkCmdCopyBuffer(cmd, src, dst, 1, &(VkBufferCopy){0, 0, size});
   vkt_cmd_barrier(cmd);
   return vkt_cmd_submit_wait(t, cmd);
}

TEST(external_memory_properties_are_honest)
{
   struct vkt t;
   if (!vkt_init(&t, &fd_req))
      return;
   const VkExternalMemoryProperties opaque =
      buffer_props(&t, VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT);
   CHECK(opaque.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT);
   CHECK(opaque.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT);
   CHECK(opaque.compatibleHandleTypes & VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT);
   /* Types nobody on Linux offers. */
   const VkExternalMemoryProperties win32 =
      buffer_props(&t, VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_BIT);
   CHECK_EQ(win32.externalMemoryFeatures, 0);
   CHECK_EQ(win32.compatibleHandleTypes, 0);

   const bool dmabuf =
      vkt_has_device_extension(t.pdev, VK_EXT_EXTERNAL_MEMORY_DMA_BUF_EXTENSION_NAME);
   const VkExternalMemoryProperties db =
      buffer_props(&t, VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT);
   CHECK_EQ(!!(db.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT),
            dmabuf);
   const bool host =
      vkt_has_device_extension(t.pdev, VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
   const VkExternalMemoryProperties h =
      buffer_props(&t, VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT);
   CHECK_EQ(!!(h.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT),
            host);
   /* Host memory is the application's: never exportable. */
   CHECK(!(h.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT));

   /* The ID properties users compare before sharing opaque handles. */
   VkPhysicalDeviceIDProperties id = {.sType =
                                         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
   VkPhysicalDeviceProperties2 p2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &id};
   PFN_vkGetPhysicalDeviceProperties2KHR props2 =
      (PFN_vkGetPhysicalDeviceProperties2KHR)vkGetInstanceProcAddr(
         t.instance, "vkGetPhysicalDeviceProperties2KHR");
   props2(t.pdev, &p2);
   static const uint8_t zero[VK_UUID_SIZE];
   CHECK(memcmp(id.driverUUID, zero, VK_UUID_SIZE) != 0);
   CHECK(memcmp(id.deviceUUID, zero, VK_UUID_SIZE) != 0);
   vkt_finish(&t);
}

/* Export from one device, import into a second device of the same process:
 * writes through either are seen by the other. */
static void
share_between_devices(VkExternalMemoryHandleTypeFlagBits type, const struct vkt_req *req)
{
   struct vkt a, b;
   if (!vkt_init(&a, req))
      return;
   if (!vkt_init(&b, req)) {
      vkt_finish(&a);
      return;
   }
   const VkDeviceSize size = 3 * 65536 + 4096;
   const VkExportMemoryAllocateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
      .handleTypes = type,
   };
   struct ext_buffer ea, ib;
   struct vkt_buffer sa, sb;
   REQUIRE(ext_buffer_create(&a, size, type, &export, &ea) == VK_SUCCESS);
   REQUIRE(vkt_buffer_create(
      &a, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      &sa));
   REQUIRE(vkt_buffer_create(
      &b, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      &sb));
   PFN_vkGetMemoryFdKHR get_fd = VKT_PROC(&a, vkGetMemoryFdKHR);
   int fd = -1;
   REQUIRE(VKT_CHECK(get_fd(a.dev,
                            &(VkMemoryGetFdInfoKHR){
                               .sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR,
                               .memory = ea.memory,
                               .handleType = type,
                            },
                            &fd)));
   CHECK(fd >= 0);
   /* "Where supported by the operating system, the implementation must set
    * the file descriptor to be closed automatically when an execve system
    * call is made" (Vulkan 1.3.239, vkGetMemoryFdKHR). lavapipe 22.3's fds
    * miss it (its bug), so only kiln is held to it. */
   if (a.is_kiln)
      CHECK(fcntl(fd, F_GETFD) & FD_CLOEXEC);
   if (type == VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT) {
      /* The dma-buf's size, as its documentation says to learn it. */
      CHECK(lseek(fd, 0, SEEK_END) >= (off_t)size);
      PFN_vkGetMemoryFdPropertiesKHR props = VKT_PROC(&b, vkGetMemoryFdPropertiesKHR);
      VkMemoryFdPropertiesKHR mp = {.sType = VK_STRUCTURE_TYPE_MEMORY_FD_PROPERTIES_KHR};
      CHECK(VKT_CHECK(props(b.dev, type, fd, &mp)));
      CHECK(mp.memoryTypeBits != 0);
   }
   const VkImportMemoryFdInfoKHR import = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
      .handleType = type,
      .fd = fd,
   };
   REQUIRE(ext_buffer_create(&b, size, type, &import, &ib) == VK_SUCCESS);
   /* The successful import took the fd. */
   CHECK(!fd_is_open(fd));

   /* a -> shared -> b */
   vkt_fill_pattern(sa.map, size, 11);
   CHECK(copy_buffer(&a, sa.buffer, ea.buffer, size));
   CHECK(copy_buffer(&b, ib.buffer, sb.buffer, size));
   CHECK(memcmp(sb.map, sa.map, size) == 0);
   /* b -> shared -> a */
   vkt_fill_pattern(sb.map, size, 12);
   CHECK(copy_buffer(&b, sb.buffer, ib.buffer, size));
   CHECK(copy_buffer(&a, ea.buffer, sa.buffer, size));
   CHECK(memcmp(sa.map, sb.map, size) == 0);

   /* The payload outlives the exporter's object: free a's memory first. */
   ext_buffer_destroy(&a, &ea);
   vkt_fill_pattern(sb.map, size, 13);
   CHECK(copy_buffer(&b, sb.buffer, ib.buffer, size));
   uint8_t *check = malloc(size);
   memcpy(check, sb.map, size);
   memset(sb.map, 0, size);
   CHECK(copy_buffer(&b, ib.buffer, sb.buffer, size));
   CHECK(memcmp(sb.map, check, size) == 0);
   free(check);

   ext_buffer_destroy(&b, &ib);
   vkt_buffer_destroy(&a, &sa);
   vkt_buffer_destroy(&b, &sb);
   vkt_finish(&b);
   vkt_finish(&a);
}

TEST(opaque_fd_shared_between_devices)
{
   share_between_devices(VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT, &fd_req);
}

TEST(dma_buf_shared_between_devices)
{
   share_between_devices(VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT, &dmabuf_req);
}

/* The same across two processes, the fd going over a unix socket. */
struct xproc_msg {
   uint64_t size;
   uint32_t seed;
   uint32_t type;
};

static void
xproc_child(int sock, void *arg)
{
   const struct vkt_req *req = arg;
   struct vkt t;
   if (!vkt_init(&t, req))
      return;
   struct xproc_msg m;
   int fds[IPC_MAX_FDS];
   unsigned n;
   if (!CHECK(ipc_recv(sock, &m, sizeof(m), fds, &n)) || !CHECK(n == 1)) {
      vkt_finish(&t);
      return;
   }
   struct ext_buffer ib;
   struct vkt_buffer sb;
   const VkImportMemoryFdInfoKHR import = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
      .handleType = m.type,
      .fd = fds[0],
   };
   if (CHECK(ext_buffer_create(&t, m.size, m.type, &import, &ib) == VK_SUCCESS) &&
       CHECK(vkt_buffer_create(
          &t, m.size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
          &sb))) {
      /* Read what the parent wrote, then write our own answer. */
      uint8_t *want = malloc(m.size);
      vkt_fill_pattern(want, m.size, m.seed);
      CHECK(copy_buffer(&t, ib.buffer, sb.buffer, m.size));
      CHECK(memcmp(sb.map, want, m.size) == 0);
      vkt_fill_pattern(sb.map, m.size, m.seed + 1);
      CHECK(copy_buffer(&t, sb.buffer, ib.buffer, m.size));
      free(want);
      vkt_buffer_destroy(&t, &sb);
      ext_buffer_destroy(&t, &ib);
   }
   /* Tell the parent we are done (its wait is the reply). */
   CHECK(ipc_send(sock, &m, sizeof(m), NULL, 0));
   vkt_finish(&t);
}

static void
share_between_processes(VkExternalMemoryHandleTypeFlagBits type,
                        const struct vkt_req *req)
{
   struct ipc_child child;
   REQUIRE(ipc_fork(&child, xproc_child, (void *)req));
   struct vkt t;
   if (!vkt_init(&t, req)) {
      ipc_join(&child);
      return;
   }
   const VkDeviceSize size = 256 * 1024;
   const VkExportMemoryAllocateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
      .handleTypes = type,
   };
   struct ext_buffer ea;
   struct vkt_buffer sa;
   REQUIRE(ext_buffer_create(&t, size, type, &export, &ea) == VK_SUCCESS);
   REQUIRE(vkt_buffer_create(
      &t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      &sa));
   vkt_fill_pattern(sa.map, size, 21);
   CHECK(copy_buffer(&t, sa.buffer, ea.buffer, size));
   int fd = -1;
   PFN_vkGetMemoryFdKHR get_fd = VKT_PROC(&t, vkGetMemoryFdKHR);
   REQUIRE(VKT_CHECK(get_fd(t.dev,
                            &(VkMemoryGetFdInfoKHR){
                               .sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR,
                               .memory = ea.memory,
                               .handleType = type,
                            },
                            &fd)));
   struct xproc_msg m = {.size = size, .seed = 21, .type = type};
   CHECK(ipc_send(child.sock, &m, sizeof(m), &fd, 1));
   close(fd); /* the child has its own copy now */
   struct xproc_msg reply;
   CHECK(ipc_recv(child.sock, &reply, sizeof(reply), NULL, NULL));
   const enum ipc_verdict v = ipc_join(&child);
   CHECK(v != IPC_CHILD_FAILED);
   if (v == IPC_CHILD_PASSED) {
      uint8_t *want = malloc(size);
      vkt_fill_pattern(want, size, 22);
      CHECK(copy_buffer(&t, ea.buffer, sa.buffer, size));
      CHECK(memcmp(sa.map, want, size) == 0);
      free(want);
   }
   vkt_buffer_destroy(&t, &sa);
   ext_buffer_destroy(&t, &ea);
   vkt_finish(&t);
}

TEST(opaque_fd_shared_between_processes)
{
   share_between_processes(VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT, &fd_req);
}

TEST(dma_buf_shared_between_processes)
{
   share_between_processes(VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT, &dmabuf_req);
}

/* Imports that must fail, each with the fd left to the application. */
TEST(bad_fd_imports_fail_and_keep_the_fd)
{
   struct vkt t;
   if (!vkt_init(&t, &fd_req))
      return;
   const VkDeviceSize size = 65536;
   const VkExternalMemoryHandleTypeFlagBits type =
      VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;

   /* A memfd too small for the allocation. */
   int small = memfd_create("small", MFD_CLOEXEC);
   REQUIRE(small >= 0 && ftruncate(small, 4096) == 0);
   /* Something that is not memory at all. */
   int pipefd[2];
   REQUIRE(pipe(pipefd) == 0);
   /* A closed fd. */
   int closed = dup(pipefd[1]);
   close(closed);
   const int bad[] = {small, pipefd[0], closed, -1};
   const char *what[] = {"too small", "a pipe", "closed", "-1"};
   /* lavapipe 22.3 blocks forever importing a pipe: the peer run checks the
    * too-small memfd only. */
   const unsigned count = t.is_kiln ? 4 : 1;
   if (!t.is_kiln)
      printf(
         "  (not a kiln device: only the too-small fd; lavapipe 22.3 hangs on a pipe)\n");
   for (unsigned i = 0; i < count; i++) {
      const VkImportMemoryFdInfoKHR import = {
         .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
         .handleType = type,
         .fd = bad[i],
      };
      struct ext_buffer b;
      /* The layers know an fd import must be valid; these are invalid on
       * purpose, to see the driver's answer. */
      vkt_expect_validation_errors_begin(&t);
      const VkResult r = ext_buffer_create(&t, size, type, &import, &b);
      vkt_expect_validation_errors_end(&t);
      printf("  import of an fd that is %s: %s\n", what[i], vkt_result_str(r));
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
      if (r == VK_SUCCESS)
         ext_buffer_destroy(&t, &b);
   }
   /* Ownership moves only with a successful import. lavapipe 22.3 closes
    * the fd of a failed one (its bug): kiln only. */
   if (t.is_kiln) {
      CHECK(fd_is_open(small));
      CHECK(fd_is_open(pipefd[0]));
   }
   close(small);
   close(pipefd[0]);
   close(pipefd[1]);
   vkt_finish(&t);
}

TEST(dma_buf_fd_properties_refuse_non_memory)
{
   struct vkt t;
   if (!vkt_init(&t, &dmabuf_req))
      return;
   PFN_vkGetMemoryFdPropertiesKHR props = VKT_PROC(&t, vkGetMemoryFdPropertiesKHR);
   int pipefd[2];
   REQUIRE(pipe(pipefd) == 0);
   VkMemoryFdPropertiesKHR mp = {.sType = VK_STRUCTURE_TYPE_MEMORY_FD_PROPERTIES_KHR};
   /* vkGetMemoryFdPropertiesKHR: "VK_ERROR_INVALID_EXTERNAL_HANDLE" is its
    * failure code (Vulkan 1.3.239) for an fd that is not a handle of the
    * type. */
   CHECK(VKT_CHECK_RESULT(
      props(t.dev, VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT, pipefd[0], &mp),
      VK_ERROR_INVALID_EXTERNAL_HANDLE));
   CHECK_EQ(mp.memoryTypeBits, 0);
   CHECK(fd_is_open(pipefd[0]));
   close(pipefd[0]);
   close(pipefd[1]);
   vkt_finish(&t);
}

/* VK_EXT_external_memory_host: the device reads and writes the
 * application's own pages. */
static void
host_import(VkExternalMemoryHandleTypeFlagBits type)
{
   struct vkt t;
   if (!vkt_init(&t, &host_req))
      return;
   if (!(buffer_props(&t, type).externalMemoryFeatures &
         VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT)) {
      vkt_finish(&t);
      vkt_skip("handle type 0x%x is not importable on this device", type);
      return;
   }
   PFN_vkGetPhysicalDeviceProperties2KHR props2 =
      (PFN_vkGetPhysicalDeviceProperties2KHR)vkGetInstanceProcAddr(
         t.instance, "vkGetPhysicalDeviceProperties2KHR");
   VkPhysicalDeviceExternalMemoryHostPropertiesEXT hp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
   props2(t.pdev,
          &(VkPhysicalDeviceProperties2){
             .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, .pNext = &hp});
   const VkDeviceSize align = hp.minImportedHostPointerAlignment;
   REQUIRE(align > 0 && (align & (align - 1)) == 0);
   const VkDeviceSize size = 16 * align;

   /* Anonymous memory for HOST_ALLOCATION; a shared mapping of a memfd
    * stands in for "foreign" memory mapped into the process. */
   int memfd = -1;
   void *host;
   if (type == VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT) {
      host = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   } else {
      memfd = memfd_create("foreign", MFD_CLOEXEC);
      REQUIRE(memfd >= 0 && ftruncate(memfd, size) == 0);
      host = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, memfd, 0);
   }
   REQUIRE(host != MAP_FAILED);

   PFN_vkGetMemoryHostPointerPropertiesEXT hpp =
      VKT_PROC(&t, vkGetMemoryHostPointerPropertiesEXT);
   VkMemoryHostPointerPropertiesEXT mp = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
   REQUIRE(VKT_CHECK(hpp(t.dev, type, host, &mp)));
   REQUIRE(mp.memoryTypeBits != 0);

   const VkImportMemoryHostPointerInfoEXT import = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
      .handleType = type,
      .pHostPointer = host,
   };
   const VkExternalMemoryBufferCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO,
      .handleTypes = type,
   };
   VkBuffer buf;
   REQUIRE(VKT_CHECK(vkCreateBuffer(
      t.dev,
      &(VkBufferCreateInfo){
         .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
         .pNext = &ext,
         .size = size,
         .usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      },
      NULL, &buf)));
   VkMemoryRequirements req;
   vkGetBufferMemoryRequirements(t.dev, buf, &req);
   VkDeviceMemory mem;
   REQUIRE(
      VKT_CHECK(vkAllocateMemory(t.dev,
                                 &(VkMemoryAllocateInfo){
                                    .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                                    .pNext = &import,
                                    .allocationSize = size,
                                    .memoryTypeIndex = vkt_memory_type(
                                       &t, req.memoryTypeBits & mp.memoryTypeBits, 0),
                                 },
                                 NULL, &mem)));
   REQUIRE(VKT_CHECK(vkBindBufferMemory(t.dev, buf, mem, 0)));

   /* The device writes, the host reads (and the other way round). */
   vkt_fill_pattern(host, size, 31);
   struct vkt_buffer s;
   REQUIRE(vkt_buffer_create(
      &t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s));
   CHECK(copy_buffer(&t, buf, s.buffer, size));
   CHECK(memcmp(s.map, host, size) == 0);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkt_cmd_barrier(cmd);
   vkCmdFillBuffer(cmd, buf, align, 2 * align, 0xc0ffee11u);
   vkt_cmd_barrier(cmd);
   CHECK(vkt_cmd_submit_wait(&t, cmd));
   const uint32_t *words = (const uint32_t *)((const char *)host + align);
   CHECK_EQ(words[0], 0xc0ffee11u);
   CHECK_EQ(words[2 * align / 4 - 1], 0xc0ffee11u);
   vkt_buffer_destroy(&t, &s);
   vkDestroyBuffer(t.dev, buf, NULL);
   vkFreeMemory(t.dev, mem, NULL);
   /* The memory stays the application's after vkFreeMemory. */
   CHECK_EQ(words[0], 0xc0ffee11u);
   munmap(host, size);
   if (memfd >= 0)
      close(memfd);
   vkt_finish(&t);
}

TEST(host_allocation_import)
{
   host_import(VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT);
}

TEST(host_mapped_foreign_memory_import)
{
   host_import(VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_MAPPED_FOREIGN_MEMORY_BIT_EXT);
}

/* Unaligned or unmapped host memory is invalid usage (Vulkan 1.3.239,
 * VUID-VkImportMemoryHostPointerInfoEXT-pHostPointer-01749/01750); kiln still
 * answers VK_ERROR_INVALID_EXTERNAL_HANDLE instead of a device that reads
 * past the application's memory, so this is a kiln-only test (lavapipe
 * accepts them). */
TEST(bad_host_pointers_are_refused)
{
   static const char *const exts[] = {
      VK_KHR_EXTERNAL_MEMORY_EXTENSION_NAME,
      VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME,
   };
   const struct vkt_req req = {
      .extensions = exts, .extension_count = 2, .kiln_only = true};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   const VkExternalMemoryHandleTypeFlagBits type =
      VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
   /* An unmapped page: map two, unmap the second. */
   char *pages =
      mmap(NULL, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
   REQUIRE(pages != MAP_FAILED);
   munmap(pages + 4096, 4096);
   PFN_vkGetMemoryHostPointerPropertiesEXT hpp =
      VKT_PROC(&t, vkGetMemoryHostPointerPropertiesEXT);
   VkMemoryHostPointerPropertiesEXT mp = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
   /* vkGetMemoryHostPointerPropertiesEXT's failure code is
    * VK_ERROR_INVALID_EXTERNAL_HANDLE (Vulkan 1.3.239). */
   CHECK(VKT_CHECK_RESULT(hpp(t.dev, type, pages + 4096, &mp),
                          VK_ERROR_INVALID_EXTERNAL_HANDLE));
   const struct {
      void *ptr;
      VkDeviceSize size;
      const char *what;
   } bad[] = {
      {pages + 4096, 4096, "unmapped"},
      {pages, 8192, "partly unmapped"},
      {pages + 64, 4096, "misaligned"},
   };
   for (unsigned i = 0; i < 3; i++) {
      const VkImportMemoryHostPointerInfoEXT import = {
         .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT,
         .handleType = type,
         .pHostPointer = bad[i].ptr,
      };
      VkDeviceMemory mem;
      vkt_expect_validation_errors_begin(&t);
      const VkResult r =
         vkAllocateMemory(t.dev,
                          &(VkMemoryAllocateInfo){
                             .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                             .pNext = &import,
                             .allocationSize = bad[i].size,
                             .memoryTypeIndex = 0,
                          },
                          NULL, &mem);
      vkt_expect_validation_errors_end(&t);
      printf("  %s host pointer: %s\n", bad[i].what, vkt_result_str(r));
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
      if (r == VK_SUCCESS)
         vkFreeMemory(t.dev, mem, NULL);
   }
   munmap(pages, 4096);
   vkt_finish(&t);
}

/* VK_EXT_queue_family_foreign: a release to and acquire from
 * VK_QUEUE_FAMILY_FOREIGN_EXT around external writes. */
TEST(foreign_queue_family_ownership_transfer)
{
   static const char *const exts[] = {
      VK_KHR_EXTERNAL_MEMORY_EXTENSION_NAME,
      VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
      VK_EXT_QUEUE_FAMILY_FOREIGN_EXTENSION_NAME,
   };
   const struct vkt_req req = {.extensions = exts, .extension_count = 3};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   const VkDeviceSize size = 4096;
   const VkExportMemoryAllocateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT,
   };
   struct ext_buffer e;
   struct vkt_buffer s;
   REQUIRE(ext_buffer_create(&t, size, VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT,
                             &export, &e) == VK_SUCCESS);
   REQUIRE(vkt_buffer_create(
      &t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, &s));
   vkt_fill_pattern(s.map, size, 41);
   VkCommandBuffer cmd = vkt_cmd_begin(&t);
   vkt_cmd_barrier(cmd);
   vkCmdCopyBuffer(cmd, s.buffer, e.buffer, 1, &(VkBufferCopy){0, 0, size});
   /* Release to the foreign queue family... */
   const VkBufferMemoryBarrier release = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT,
      .srcQueueFamilyIndex = t.queue_family,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_FOREIGN_EXT,
      .buffer = e.buffer,
      .size = VK_WHOLE_SIZE,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT,
                        VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0, 0, NULL, 1, &release, 0,
                        NULL);
   CHECK(vkt_cmd_submit_wait(&t, cmd));
   /* ... the "foreign" user (the host, through an fd) changes it ... */
   int fd = -1;
   PFN_vkGetMemoryFdKHR get_fd = VKT_PROC(&t, vkGetMemoryFdKHR);
   REQUIRE(VKT_CHECK(get_fd(t.dev,
                            &(VkMemoryGetFdInfoKHR){
                               .sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR,
                               .memory = e.memory,
                               .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT,
                            },
                            &fd)));
   uint8_t *foreign = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   REQUIRE(foreign != MAP_FAILED);
   CHECK(memcmp(foreign, s.map, size) == 0);
   memset(foreign, 0x5a, size);
   munmap(foreign, size);
   close(fd);
   /* ... and the acquire back makes its writes visible. */
   cmd = vkt_cmd_begin(&t);
   const VkBufferMemoryBarrier acquire = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_FOREIGN_EXT,
      .dstQueueFamilyIndex = t.queue_family,
      .buffer = e.buffer,
      .size = VK_WHOLE_SIZE,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 1, &acquire, 0, NULL);
   vkCmdCopyBuffer(cmd, e.buffer, s.buffer, 1, &(VkBufferCopy){0, 0, size});
   vkt_cmd_barrier(cmd);
   CHECK(vkt_cmd_submit_wait(&t, cmd));
   CHECK_EQ(s.map[0], 0x5a);
   CHECK_EQ(s.map[size - 1], 0x5a);
   vkt_buffer_destroy(&t, &s);
   ext_buffer_destroy(&t, &e);
   vkt_finish(&t);
}

/* Images without modifiers share too: an OPTIMAL (block-linear) image
 * exported as an opaque fd is the same image in a second device created
 * with the same parameters (Vulkan 1.3.239, "External Memory Handle Types":
 * opaque handles are shared between instances of the same driver, which
 * then agree on the layout). */
TEST(opaque_fd_optimal_image_between_devices)
{
   struct vkt a, b;
   if (!vkt_init(&a, &fd_req))
      return;
   if (!vkt_init(&b, &fd_req)) {
      vkt_finish(&a);
      return;
   }
   const VkExternalMemoryHandleTypeFlagBits type =
      VK_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD_BIT;
   /* The capability query says so first. */
   PFN_vkGetPhysicalDeviceImageFormatProperties2KHR query =
      (PFN_vkGetPhysicalDeviceImageFormatProperties2KHR)vkGetInstanceProcAddr(
         a.instance, "vkGetPhysicalDeviceImageFormatProperties2KHR");
   const VkPhysicalDeviceExternalImageFormatInfo ext_info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO,
      .handleType = type,
   };
   VkExternalImageFormatProperties ep = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES};
   VkImageFormatProperties2 ip = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2,
                                  .pNext = &ep};
   REQUIRE(VKT_CHECK(
      query(a.pdev,
            &(VkPhysicalDeviceImageFormatInfo2){
               .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
               .pNext = &ext_info,
               .format = VK_FORMAT_R8G8B8A8_UNORM,
               .type = VK_IMAGE_TYPE_2D,
               .tiling = VK_IMAGE_TILING_OPTIMAL,
               .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
            },
            &ip)));
   REQUIRE(ep.externalMemoryProperties.externalMemoryFeatures &
           VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT);
   REQUIRE(ep.externalMemoryProperties.externalMemoryFeatures &
           VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT);
   const bool dedicated_only = ep.externalMemoryProperties.externalMemoryFeatures &
                               VK_EXTERNAL_MEMORY_FEATURE_DEDICATED_ONLY_BIT;

   const VkExternalMemoryImageCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO,
      .handleTypes = type,
   };
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                         VK_IMAGE_TILING_OPTIMAL, 123, 77, 1, 1, 1);
   ci.pNext = &ext;
   struct vkt_image ia = {.info = ci, .aspects = VK_IMAGE_ASPECT_COLOR_BIT};
   struct vkt_image ib = ia;
   REQUIRE(VKT_CHECK(vkCreateImage(a.dev, &ci, NULL, &ia.image)));
   REQUIRE(VKT_CHECK(vkCreateImage(b.dev, &ci, NULL, &ib.image)));
   VkMemoryRequirements req;
   vkGetImageMemoryRequirements(a.dev, ia.image, &req);
   const VkMemoryDedicatedAllocateInfo ded_a = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO,
      .image = ia.image,
   };
   const VkExportMemoryAllocateInfo export = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
      .pNext = dedicated_only ? &ded_a : NULL,
      .handleTypes = type,
   };
   REQUIRE(VKT_CHECK(
      vkAllocateMemory(a.dev,
                       &(VkMemoryAllocateInfo){
                          .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                          .pNext = &export,
                          .allocationSize = req.size,
                          .memoryTypeIndex = vkt_memory_type(&a, req.memoryTypeBits, 0),
                       },
                       NULL, &ia.memory)));
   REQUIRE(VKT_CHECK(vkBindImageMemory(a.dev, ia.image, ia.memory, 0)));
   int fd = -1;
   PFN_vkGetMemoryFdKHR get_fd = VKT_PROC(&a, vkGetMemoryFdKHR);
   REQUIRE(VKT_CHECK(get_fd(a.dev,
                            &(VkMemoryGetFdInfoKHR){
                               .sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR,
                               .memory = ia.memory,
                               .handleType = type,
                            },
                            &fd)));
   const VkMemoryDedicatedAllocateInfo ded_b = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO,
      .image = ib.image,
   };
   const VkImportMemoryFdInfoKHR import = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
      .pNext = dedicated_only ? &ded_b : NULL,
      .handleType = type,
      .fd = fd,
   };
   REQUIRE(VKT_CHECK(
      vkAllocateMemory(b.dev,
                       &(VkMemoryAllocateInfo){
                          .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                          .pNext = &import,
                          .allocationSize = req.size,
                          .memoryTypeIndex = vkt_memory_type(&b, req.memoryTypeBits, 0),
                       },
                       NULL, &ib.memory)));
   REQUIRE(VKT_CHECK(vkBindImageMemory(b.dev, ib.image, ib.memory, 0)));

   const size_t size = 123 * 77 * 4;
   uint8_t *data = malloc(size), *back = malloc(size);
   vkt_fill_pattern(data, size, 51);
   CHECK(vkt_image_to_general(&a, &ia, VK_IMAGE_LAYOUT_UNDEFINED));
   CHECK(vkt_write_image(&a, &ia, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0, 0, 0},
                         (VkExtent3D){123, 77, 1}, data));
   /* b's view of the same memory: GENERAL without discarding (the layout
    * a left it in), read back through b's queue. */
   VkCommandBuffer cmd = vkt_cmd_begin(&b);
   const VkImageMemoryBarrier acquire = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT,
      .oldLayout = VK_IMAGE_LAYOUT_GENERAL,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_EXTERNAL,
      .dstQueueFamilyIndex = b.queue_family,
      .image = ib.image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, NULL, 0, NULL, 1, &acquire);
   CHECK(vkt_cmd_submit_wait(&b, cmd));
   CHECK(vkt_read_image(&b, &ib, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0, 0, 0},
                        (VkExtent3D){123, 77, 1}, back));
   CHECK(memcmp(back, data, size) == 0);
   free(data);
   free(back);
   vkt_image_destroy(&a, &ia);
   vkt_image_destroy(&b, &ib);
   vkt_finish(&b);
   vkt_finish(&a);
}
