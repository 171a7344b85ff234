/* SPDX-License-Identifier: MIT */
#include "nvkmd.h"

#include <string.h>
#include <unistd.h>

#include "vk_alloc.h"
#include "vk_log.h"

void
nvkmd_dev_init(struct nvkmd_dev *dev, const struct nvkmd_dev_ops *ops,
               const VkAllocationCallbacks *alloc)
{
   dev->ops = ops;
   dev->alloc = alloc;
   pthread_rwlock_init(&dev->va_lock, NULL);
   dev->ranges = NULL;
   dev->range_count = 0;
   dev->range_cap = 0;
}

void
nvkmd_dev_finish(struct nvkmd_dev *dev)
{
   vk_free(dev->alloc, dev->ranges);
   pthread_rwlock_destroy(&dev->va_lock);
}

/* First range whose end is above va. */
static uint32_t
range_lower_bound(const struct nvkmd_dev *dev, uint64_t va)
{
   uint32_t lo = 0, hi = dev->range_count;
   while (lo < hi) {
      const uint32_t mid = lo + (hi - lo) / 2;
      if (dev->ranges[mid].end <= va)
         lo = mid + 1;
      else
         hi = mid;
   }
   return lo;
}

static VkResult
va_map_insert(struct nvkmd_dev *dev, struct nvkmd_mem *mem)
{
   VkResult result = VK_SUCCESS;
   pthread_rwlock_wrlock(&dev->va_lock);
   if (dev->range_count == dev->range_cap) {
      const uint32_t cap = dev->range_cap ? dev->range_cap * 2 : 64;
      struct nvkmd_va_range *r = vk_realloc(dev->alloc, dev->ranges, cap * sizeof(*r), 8,
                                            VK_SYSTEM_ALLOCATION_SCOPE_DEVICE);
      if (!r) {
         result = VK_ERROR_OUT_OF_HOST_MEMORY;
         goto out;
      }
      dev->ranges = r;
      dev->range_cap = cap;
   }
   const uint32_t i = range_lower_bound(dev, mem->va);
   /* Ranges stay disjoint. Only a host-pointer import can overlap (the same
    * host memory imported twice: device address = host address here). */
   if (i < dev->range_count && dev->ranges[i].va < mem->va + mem->size_B) {
      result = VK_ERROR_INVALID_EXTERNAL_HANDLE;
      goto out;
   }
   memmove(&dev->ranges[i + 1], &dev->ranges[i],
           (dev->range_count - i) * sizeof(dev->ranges[0]));
   dev->ranges[i] = (struct nvkmd_va_range){mem->va, mem->va + mem->size_B, mem};
   dev->range_count++;
out:
   pthread_rwlock_unlock(&dev->va_lock);
   return result;
}

static void
va_map_remove(struct nvkmd_dev *dev, struct nvkmd_mem *mem)
{
   pthread_rwlock_wrlock(&dev->va_lock);
   const uint32_t i = range_lower_bound(dev, mem->va);
   if (i < dev->range_count && dev->ranges[i].mem == mem) {
      memmove(&dev->ranges[i], &dev->ranges[i + 1],
              (dev->range_count - i - 1) * sizeof(dev->ranges[0]));
      dev->range_count--;
   }
   pthread_rwlock_unlock(&dev->va_lock);
}

VkResult
nvkmd_dev_alloc_mem(struct nvkmd_dev *dev, struct vk_object_base *log_obj, uint64_t size_B,
                    enum nvkmd_mem_flags flags, struct nvkmd_mem **mem_out)
{
   struct nvkmd_mem *mem;
   VkResult result = dev->ops->alloc_mem(dev, log_obj, size_B, flags, &mem);
   if (result != VK_SUCCESS)
      return result;
   result = va_map_insert(dev, mem);
   if (result != VK_SUCCESS) {
      mem->ops->free(mem);
      return vk_error(log_obj, result);
   }
   *mem_out = mem;
   return VK_SUCCESS;
}

VkResult
nvkmd_dev_import_fd(struct nvkmd_dev *dev, struct vk_object_base *log_obj, int fd,
                    struct nvkmd_mem **mem_out)
{
   struct nvkmd_mem *mem;
   VkResult result = dev->ops->import_fd(dev, log_obj, fd, &mem);
   if (result != VK_SUCCESS)
      return result;
   result = va_map_insert(dev, mem);
   if (result != VK_SUCCESS) {
      mem->ops->free(mem);
      return vk_error(log_obj, result);
   }
   /* Success: the fd is ours now (Vulkan import semantics) and the backend
    * holds what it needs. */
   close(fd);
   *mem_out = mem;
   return VK_SUCCESS;
}

VkResult
nvkmd_dev_import_host_ptr(struct nvkmd_dev *dev, struct vk_object_base *log_obj, void *ptr,
                          uint64_t size_B, struct nvkmd_mem **mem_out)
{
   struct nvkmd_mem *mem;
   VkResult result = dev->ops->import_host_ptr(dev, log_obj, ptr, size_B, &mem);
   if (result != VK_SUCCESS)
      return result;
   result = va_map_insert(dev, mem);
   if (result != VK_SUCCESS) {
      mem->ops->free(mem);
      return vk_errorf(log_obj, result, "host memory at %p: %s", ptr,
                       result == VK_ERROR_INVALID_EXTERNAL_HANDLE
                          ? "overlaps memory this device already has"
                          : "no room in the VA map");
   }
   *mem_out = mem;
   return VK_SUCCESS;
}

void
nvkmd_mem_free(struct nvkmd_mem *mem)
{
   va_map_remove(mem->dev, mem);
   mem->ops->free(mem);
}

void *
nvkmd_dev_translate(struct nvkmd_dev *dev, uint64_t va, uint64_t size_B)
{
   void *host = NULL;
   pthread_rwlock_rdlock(&dev->va_lock);
   const uint32_t i = range_lower_bound(dev, va);
   if (i < dev->range_count) {
      const struct nvkmd_va_range *r = &dev->ranges[i];
      if (va >= r->va && size_B <= r->end - va)
         host = dev->ops->va_to_host(dev, va);
   }
   pthread_rwlock_unlock(&dev->va_lock);
   return host;
}

void *
nvkmd_dev_translate_range(struct nvkmd_dev *dev, uint64_t va, uint64_t size_B,
                          uint64_t *range_va, uint64_t *range_end)
{
   void *host = NULL;
   pthread_rwlock_rdlock(&dev->va_lock);
   const uint32_t i = range_lower_bound(dev, va);
   if (i < dev->range_count) {
      const struct nvkmd_va_range *r = &dev->ranges[i];
      if (va >= r->va && size_B <= r->end - va) {
         host = dev->ops->va_to_host(dev, va);
         *range_va = r->va;
         *range_end = r->end;
      }
   }
   pthread_rwlock_unlock(&dev->va_lock);
   return host;
}
