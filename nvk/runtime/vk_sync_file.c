/* SPDX-License-Identifier: MIT */
#include "vk_sync_file.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/dma-buf.h>
#include <linux/dma-heap.h>
#include <linux/sync_file.h>
#include <linux/udmabuf.h>
#include <poll.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

/* A one-page dma-buf from whichever exporter exists. */
static int
small_dma_buf(void)
{
   const int heap = open("/dev/dma_heap/system", O_RDONLY | O_CLOEXEC);
   if (heap >= 0) {
      struct dma_heap_allocation_data alloc = {.len = 4096,
                                               .fd_flags = O_RDWR | O_CLOEXEC};
      const int ret = ioctl(heap, DMA_HEAP_IOCTL_ALLOC, &alloc);
      close(heap);
      if (ret == 0)
         return (int)alloc.fd;
   }
   const int dev = open("/dev/udmabuf", O_RDWR | O_CLOEXEC);
   if (dev < 0)
      return -ENODEV;
   int buf = -errno;
   const int memfd = memfd_create("kiln-sync-file", MFD_CLOEXEC | MFD_ALLOW_SEALING);
   if (memfd >= 0 && ftruncate(memfd, 4096) == 0 &&
       fcntl(memfd, F_ADD_SEALS, F_SEAL_SHRINK) == 0) {
      struct udmabuf_create create = {
         .memfd = (uint32_t)memfd, .flags = UDMABUF_FLAGS_CLOEXEC, .size = 4096};
      buf = ioctl(dev, UDMABUF_CREATE, &create);
      if (buf < 0)
         buf = -errno;
   }
   if (memfd >= 0)
      close(memfd);
   close(dev);
   return buf;
}

int
vk_sync_file_create_signaled(void)
{
   const int buf = small_dma_buf();
   if (buf < 0)
      return buf;
   /* Nobody else knows this buffer: it has no fences, and the kernel
    * answers with its signalled stub fence. */
   struct dma_buf_export_sync_file exp = {.flags = DMA_BUF_SYNC_RW, .fd = -1};
   const int ret = ioctl(buf, DMA_BUF_IOCTL_EXPORT_SYNC_FILE, &exp);
   const int err = errno;
   close(buf);
   return ret == 0 ? exp.fd : -err;
}

static bool can_create;
static pthread_once_t can_create_once = PTHREAD_ONCE_INIT;

static void
probe(void)
{
   const int fd = vk_sync_file_create_signaled();
   can_create =
      fd >= 0 && vk_sync_file_is_sync_file(fd) && vk_sync_file_signaled(fd) == 1;
   if (fd >= 0)
      close(fd);
}

bool
vk_sync_file_can_create(void)
{
   pthread_once(&can_create_once, probe);
   return can_create;
}

bool
vk_sync_file_is_sync_file(int fd)
{
   struct sync_file_info info = {0};
   return fd >= 0 && ioctl(fd, SYNC_IOC_FILE_INFO, &info) == 0;
}

int
vk_sync_file_signaled(int fd)
{
   struct pollfd p = {.fd = fd, .events = POLLIN};
   int n;
   do {
      n = poll(&p, 1, 0);
   } while (n < 0 && errno == EINTR);
   if (n < 0)
      return -errno;
   if (p.revents & POLLNVAL)
      return -EBADF;
   /* POLLIN: signalled; POLLERR would be an error status, which also
    * means "done". */
   return (p.revents & (POLLIN | POLLERR)) ? 1 : 0;
}
