/* SPDX-License-Identifier: MIT */
/*
 * nvkmd: the seam between the driver and its "kernel mode driver".
 *
 * Everything the driver needs from the memory manager goes through two ops
 * tables: device (allocate, import) and memory object (free, map, unmap,
 * export). The CPU backend (nvkmd_cpu.c) backs memory with memfds mapped
 * into this process; another backend (a real kernel driver, a remote
 * device) would implement the same ops.
 *
 * Common to every backend, the device also keeps the VA map: which address
 * ranges belong to live memory objects. The command executor checks every
 * access against it, which is how an access to freed or unbound memory
 * becomes a device fault (and the device is lost) instead of a crash: our
 * MMU.
 */
#ifndef NVKMD_H
#define NVKMD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

struct vk_object_base;
struct nvkmd_dev;
struct nvkmd_mem;

enum nvkmd_mem_flags {
   /* Keep what export_fd needs (the CPU backend keeps the memfd open). */
   NVKMD_MEM_EXPORTABLE = 1 << 0,
};

struct nvkmd_mem_ops {
   void (*free)(struct nvkmd_mem *mem);
   /* Host mapping of the whole object (may return the same pointer each
    * time; unmap undoes one map). */
   VkResult (*map)(struct nvkmd_mem *mem, struct vk_object_base *log_obj, void **map_out);
   void (*unmap)(struct nvkmd_mem *mem);
   /* A new fd the caller owns (dma-buf on a kernel backend, memfd here). */
   VkResult (*export_fd)(struct nvkmd_mem *mem, struct vk_object_base *log_obj, int *fd_out);
};

struct nvkmd_mem {
   const struct nvkmd_mem_ops *ops;
   struct nvkmd_dev *dev;
   uint64_t size_B;
   /* The device address: where commands see this memory. */
   uint64_t va;
   enum nvkmd_mem_flags flags;
};

struct nvkmd_dev_ops {
   void (*destroy)(struct nvkmd_dev *dev);
   VkResult (*alloc_mem)(struct nvkmd_dev *dev, struct vk_object_base *log_obj,
                         uint64_t size_B, enum nvkmd_mem_flags flags,
                         struct nvkmd_mem **mem_out);
   /* Never takes ownership of fd (dup it to keep it); nvkmd_dev_import_fd
    * closes it once the whole import succeeded. */
   VkResult (*import_fd)(struct nvkmd_dev *dev, struct vk_object_base *log_obj, int fd,
                         struct nvkmd_mem **mem_out);
   /* Wraps host memory the caller keeps mapped (VK_EXT_external_memory_host):
    * nothing is allocated or freed, the memory stays the caller's. */
   VkResult (*import_host_ptr)(struct nvkmd_dev *dev, struct vk_object_base *log_obj,
                               void *ptr, uint64_t size_B, struct nvkmd_mem **mem_out);
   /* Host pointer for device address va (valid for size_B bytes); the VA map
    * has already checked the range. */
   void *(*va_to_host)(struct nvkmd_dev *dev, uint64_t va);
};

struct nvkmd_va_range {
   uint64_t va;
   uint64_t end; /* exclusive */
   struct nvkmd_mem *mem;
};

struct nvkmd_dev {
   const struct nvkmd_dev_ops *ops;
   const VkAllocationCallbacks *alloc;

   /* Live memory, sorted by va. */
   pthread_rwlock_t va_lock;
   struct nvkmd_va_range *ranges;
   uint32_t range_count;
   uint32_t range_cap;
};

/* The CPU backend. `alloc` is the device's allocator (DEVICE scope). */
VkResult nvkmd_cpu_dev_create(const VkAllocationCallbacks *alloc,
                              struct vk_object_base *log_obj, struct nvkmd_dev **dev_out);

/* For backends: set up / tear down the common part. */
void nvkmd_dev_init(struct nvkmd_dev *dev, const struct nvkmd_dev_ops *ops,
                    const VkAllocationCallbacks *alloc);
void nvkmd_dev_finish(struct nvkmd_dev *dev);

static inline void
nvkmd_dev_destroy(struct nvkmd_dev *dev)
{
   dev->ops->destroy(dev);
}

/* Allocates and enters the object in the VA map. */
VkResult nvkmd_dev_alloc_mem(struct nvkmd_dev *dev, struct vk_object_base *log_obj,
                             uint64_t size_B, enum nvkmd_mem_flags flags,
                             struct nvkmd_mem **mem_out);
/* Owns fd after success only (Vulkan import semantics). */
VkResult nvkmd_dev_import_fd(struct nvkmd_dev *dev, struct vk_object_base *log_obj, int fd,
                             struct nvkmd_mem **mem_out);
VkResult nvkmd_dev_import_host_ptr(struct nvkmd_dev *dev, struct vk_object_base *log_obj,
                                   void *ptr, uint64_t size_B, struct nvkmd_mem **mem_out);
/* Leaves the VA map first: from then on, accesses to it fault. */
void nvkmd_mem_free(struct nvkmd_mem *mem);

static inline VkResult
nvkmd_mem_map(struct nvkmd_mem *mem, struct vk_object_base *log_obj, void **map_out)
{
   return mem->ops->map(mem, log_obj, map_out);
}

static inline void
nvkmd_mem_unmap(struct nvkmd_mem *mem)
{
   mem->ops->unmap(mem);
}

static inline VkResult
nvkmd_mem_export_fd(struct nvkmd_mem *mem, struct vk_object_base *log_obj, int *fd_out)
{
   return mem->ops->export_fd(mem, log_obj, fd_out);
}

/* The MMU: host pointer for [va, va + size_B) if the whole range lies in one
 * live memory object, NULL (a fault) otherwise. The object may be freed right
 * after; the spec forbids freeing memory that pending work uses, and the
 * check is what catches applications that do. */
void *nvkmd_dev_translate(struct nvkmd_dev *dev, uint64_t va, uint64_t size_B);

/* The same, also giving the whole live object's range [*range_va,
 * *range_end) (host-contiguous), for callers that cache translations (the
 * shader executor's TLB). */
void *nvkmd_dev_translate_range(struct nvkmd_dev *dev, uint64_t va, uint64_t size_B,
                                uint64_t *range_va, uint64_t *range_end);

#endif /* NVKMD_H */
