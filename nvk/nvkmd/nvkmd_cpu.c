/* SPDX-License-Identifier: MIT */
/*
 * The CPU backend of nvkmd: device memory is a memfd mapped shared into this
 * process. The mapping address is the device address, so translation is the
 * identity, and map/unmap hand out that one mapping.
 *
 * The memfd stays open only for exportable memory: each open fd counts
 * against the process limit, and most allocations are never shared.
 * Exportable memory comes from nvkmd_export.c: a real dma-buf (udmabuf,
 * dma-heap) when the kernel has an exporter, else a memfd.
 */
#include "nvkmd.h"
#include "nvkmd_export.h"

#include <errno.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/macros.h"
#include "vk_alloc.h"
#include "vk_log.h"

struct nvkmd_cpu_dev {
   struct nvkmd_dev base;
};

struct nvkmd_cpu_mem {
   struct nvkmd_mem base;
   void *map;
   int fd; /* -1 unless exportable */
   /* The mapping is the application's (host-pointer import): never unmapped. */
   bool borrowed;
};

static const struct nvkmd_mem_ops nvkmd_cpu_mem_ops;

static VkResult
errno_to_result(int err)
{
   /* Running out of address space or pages is the device running out of
    * memory; running out of descriptors is a host limit. */
   switch (err) {
   case EMFILE:
   case ENFILE:
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   default:
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
}

/* An object around an existing mapping (which it then owns). */
static VkResult
cpu_mem_wrap(struct nvkmd_dev *dev, struct vk_object_base *log_obj, void *map, uint64_t size_B,
             enum nvkmd_mem_flags flags, struct nvkmd_mem **mem_out)
{
   struct nvkmd_cpu_mem *mem =
      vk_zalloc(dev->alloc, sizeof(*mem), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem) {
      munmap(map, size_B);
      return vk_error(log_obj, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   mem->base = (struct nvkmd_mem){
      .ops = &nvkmd_cpu_mem_ops,
      .dev = dev,
      .size_B = size_B,
      .va = (uint64_t)(uintptr_t)map,
      .flags = flags,
   };
   mem->map = map;
   mem->fd = -1;
   *mem_out = &mem->base;
   return VK_SUCCESS;
}

static VkResult
cpu_mem_create(struct nvkmd_dev *dev, struct vk_object_base *log_obj, int fd,
               uint64_t size_B, enum nvkmd_mem_flags flags, struct nvkmd_mem **mem_out)
{
   void *map = mmap(NULL, size_B, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (map == MAP_FAILED) {
      const int err = errno;
      return vk_errorf(log_obj, errno_to_result(err), "mmap of %llu bytes: %s",
                       (unsigned long long)size_B, strerror(err));
   }
   return cpu_mem_wrap(dev, log_obj, map, size_B, flags, mem_out);
}

/* Exportable memory is a dma-buf when the kernel has an exporter
 * (nvkmd_export.h); we keep the fd export hands out and map the pages. */
static VkResult
cpu_alloc_exportable(struct nvkmd_dev *dev, struct vk_object_base *log_obj, uint64_t size_B,
                     enum nvkmd_mem_flags flags, struct nvkmd_mem **mem_out)
{
   struct nvkmd_export_mem ex;
   const int err = nvkmd_export_alloc(size_B, &ex);
   if (err)
      return vk_errorf(log_obj, errno_to_result(-err), "exportable memory of %llu bytes: %s",
                       (unsigned long long)size_B, strerror(-err));
   VkResult result = cpu_mem_create(dev, log_obj, ex.map_fd, size_B, flags, mem_out);
   if (result != VK_SUCCESS) {
      nvkmd_export_free(&ex);
      return result;
   }
   /* The mapping holds the pages (and a udmabuf's memfd); only the fd that
    * export hands out stays open. */
   if (ex.map_fd != ex.fd)
      close(ex.map_fd);
   container_of(*mem_out, struct nvkmd_cpu_mem, base)->fd = ex.fd;
   return VK_SUCCESS;
}

static VkResult
cpu_alloc_mem(struct nvkmd_dev *dev, struct vk_object_base *log_obj, uint64_t size_B,
              enum nvkmd_mem_flags flags, struct nvkmd_mem **mem_out)
{
   if (flags & NVKMD_MEM_EXPORTABLE)
      return cpu_alloc_exportable(dev, log_obj, size_B, flags, mem_out);
   const int fd = memfd_create("kiln-device-memory", MFD_CLOEXEC);
   if (fd < 0)
      return vk_errorf(log_obj, errno_to_result(errno), "memfd_create: %s", strerror(errno));
   /* The file is sparse: pages are only made when first touched. */
   if (ftruncate(fd, (off_t)size_B) != 0) {
      const int err = errno;
      close(fd);
      return vk_errorf(log_obj, errno_to_result(err), "ftruncate to %llu bytes: %s",
                       (unsigned long long)size_B, strerror(err));
   }
   VkResult result = cpu_mem_create(dev, log_obj, fd, size_B, flags, mem_out);
   close(fd);
   return result;
}

static VkResult
cpu_import_fd(struct nvkmd_dev *dev, struct vk_object_base *log_obj, int fd,
              struct nvkmd_mem **mem_out)
{
   uint64_t size_B;
   const enum nvkmd_fd_kind kind = nvkmd_fd_inspect(fd, &size_B);
   if (kind == NVKMD_FD_NOT_MEMORY)
      return vk_errorf(log_obj, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "fd %d is not a dma-buf or a memory file", fd);
   if (nvkmd_export_debug()) {
      char exporter[64] = "";
      if (kind == NVKMD_FD_DMA_BUF)
         nvkmd_dma_buf_exporter(fd, exporter, sizeof(exporter));
      nvkmd_extmem_log("import fd %d: %s%s%s%s, %llu bytes", fd,
                       kind == NVKMD_FD_DMA_BUF ? "dma-buf" : "memory file",
                       exporter[0] ? " (exporter " : "", exporter, exporter[0] ? ")" : "",
                       (unsigned long long)size_B);
   }
   const int own_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
   if (own_fd < 0)
      return vk_errorf(log_obj, errno_to_result(errno), "dup: %s", strerror(errno));
   /* The CPU reaches a dma-buf through its mmap. No DMA_BUF_IOCTL_SYNC
    * brackets: they manage device caches and implicit fences, and this
    * device is the CPU; ordering with other users is the application's,
    * through external semaphores. */
   void *map = mmap(NULL, size_B, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (map == MAP_FAILED) {
      const int err = errno;
      close(own_fd);
      /* Out of address space is out of memory; anything else (read-only
       * file, an exporter without mmap) means the handle is not usable. */
      return vk_errorf(log_obj,
                       err == ENOMEM ? VK_ERROR_OUT_OF_DEVICE_MEMORY
                                     : VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "fd %d: mmap of %llu bytes: %s", fd, (unsigned long long)size_B,
                       strerror(err));
   }
   VkResult result = cpu_mem_wrap(dev, log_obj, map, size_B, NVKMD_MEM_EXPORTABLE, mem_out);
   if (result != VK_SUCCESS) {
      close(own_fd);
      return result;
   }
   container_of(*mem_out, struct nvkmd_cpu_mem, base)->fd = own_fd;
   return VK_SUCCESS;
}

static VkResult
cpu_import_host_ptr(struct nvkmd_dev *dev, struct vk_object_base *log_obj, void *ptr,
                    uint64_t size_B, struct nvkmd_mem **mem_out)
{
   struct nvkmd_cpu_mem *mem =
      vk_zalloc(dev->alloc, sizeof(*mem), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!mem)
      return vk_error(log_obj, VK_ERROR_OUT_OF_HOST_MEMORY);
   /* The device address is the host address, as for our own memory. */
   mem->base = (struct nvkmd_mem){
      .ops = &nvkmd_cpu_mem_ops,
      .dev = dev,
      .size_B = size_B,
      .va = (uint64_t)(uintptr_t)ptr,
   };
   mem->map = ptr;
   mem->fd = -1;
   mem->borrowed = true;
   *mem_out = &mem->base;
   return VK_SUCCESS;
}

static void *
cpu_va_to_host(struct nvkmd_dev *dev, uint64_t va)
{
   return (void *)(uintptr_t)va;
}

static void
cpu_dev_destroy(struct nvkmd_dev *dev)
{
   const VkAllocationCallbacks *alloc = dev->alloc;
   nvkmd_dev_finish(dev);
   vk_free(alloc, container_of(dev, struct nvkmd_cpu_dev, base));
}

static const struct nvkmd_dev_ops nvkmd_cpu_dev_ops = {
   .destroy = cpu_dev_destroy,
   .alloc_mem = cpu_alloc_mem,
   .import_fd = cpu_import_fd,
   .import_host_ptr = cpu_import_host_ptr,
   .va_to_host = cpu_va_to_host,
};

VkResult
nvkmd_cpu_dev_create(const VkAllocationCallbacks *alloc, struct vk_object_base *log_obj,
                     struct nvkmd_dev **dev_out)
{
   struct nvkmd_cpu_dev *dev =
      vk_zalloc(alloc, sizeof(*dev), 8, VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
   if (!dev)
      return vk_error(log_obj, VK_ERROR_OUT_OF_HOST_MEMORY);
   nvkmd_dev_init(&dev->base, &nvkmd_cpu_dev_ops, alloc);
   *dev_out = &dev->base;
   return VK_SUCCESS;
}

/* ---------------------------------------------------------------------- */

static void
cpu_mem_free(struct nvkmd_mem *base)
{
   struct nvkmd_cpu_mem *mem = container_of(base, struct nvkmd_cpu_mem, base);
   if (!mem->borrowed)
      munmap(mem->map, base->size_B);
   if (mem->fd >= 0)
      close(mem->fd);
   vk_free(base->dev->alloc, mem);
}

static VkResult
cpu_mem_map(struct nvkmd_mem *base, struct vk_object_base *log_obj, void **map_out)
{
   *map_out = container_of(base, struct nvkmd_cpu_mem, base)->map;
   return VK_SUCCESS;
}

static void
cpu_mem_unmap(struct nvkmd_mem *base)
{
   /* The one mapping is the device's view too; it goes with the memory. */
}

static VkResult
cpu_mem_export_fd(struct nvkmd_mem *base, struct vk_object_base *log_obj, int *fd_out)
{
   struct nvkmd_cpu_mem *mem = container_of(base, struct nvkmd_cpu_mem, base);
   if (mem->fd < 0)
      return vk_errorf(log_obj, VK_ERROR_INVALID_EXTERNAL_HANDLE,
                       "memory was not allocated exportable");
   const int fd = fcntl(mem->fd, F_DUPFD_CLOEXEC, 0);
   if (fd < 0)
      return vk_errorf(log_obj, errno_to_result(errno), "dup: %s", strerror(errno));
   *fd_out = fd;
   return VK_SUCCESS;
}

static const struct nvkmd_mem_ops nvkmd_cpu_mem_ops = {
   .free = cpu_mem_free,
   .map = cpu_mem_map,
   .unmap = cpu_mem_unmap,
   .export_fd = cpu_mem_export_fd,
};
