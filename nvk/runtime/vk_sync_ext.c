/* SPDX-License-Identifier: MIT */
#include "vk_sync_ext.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vk_alloc.h"
#include "vk_sync_file.h"

static VkResult
ext_alloc(const VkAllocationCallbacks *alloc, enum vk_sync_ext_kind kind, int fd,
          struct vk_sync_shm *shm, struct vk_sync_ext **ext_out)
{
   struct vk_sync_ext *ext =
      vk_zalloc(alloc, sizeof(*ext), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!ext)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   ext->kind = kind;
   ext->fd = fd;
   ext->shm = shm;
   *ext_out = ext;
   return VK_SUCCESS;
}

VkResult
vk_sync_ext_create_shm(const VkAllocationCallbacks *alloc, enum vk_sync_type type,
                       uint64_t initial_value, struct vk_sync_ext **ext_out)
{
   const int fd = memfd_create("kiln-sync", MFD_CLOEXEC);
   if (fd < 0)
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   struct vk_sync_shm *shm = MAP_FAILED;
   if (ftruncate(fd, VK_SYNC_SHM_SIZE_B) == 0)
      shm = mmap(NULL, VK_SYNC_SHM_SIZE_B, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (shm == MAP_FAILED) {
      close(fd);
      return VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   shm->type = type;
   atomic_store(&shm->value, initial_value);
   atomic_store(&shm->waits_submitted, 0);
   /* Last, so an importer racing the creation (it cannot: the fd is not out
    * yet) would see either nothing or a whole page. */
   atomic_store_explicit(&shm->magic, VK_SYNC_SHM_MAGIC, memory_order_release);
   VkResult result = ext_alloc(alloc, VK_SYNC_EXT_SHM, fd, shm, ext_out);
   if (result != VK_SUCCESS) {
      munmap(shm, VK_SYNC_SHM_SIZE_B);
      close(fd);
   }
   return result;
}

VkResult
vk_sync_ext_import_shm(const VkAllocationCallbacks *alloc, enum vk_sync_type type, int fd,
                       struct vk_sync_ext **ext_out)
{
   struct stat st;
   /* Our payloads are one page of a memfd; device memory (also memfds, but
    * larger and without the magic) and everything else is refused. */
   if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
       st.st_size != VK_SYNC_SHM_SIZE_B)
      return VK_ERROR_INVALID_EXTERNAL_HANDLE;
   struct vk_sync_shm *shm =
      mmap(NULL, VK_SYNC_SHM_SIZE_B, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
   if (shm == MAP_FAILED)
      return VK_ERROR_INVALID_EXTERNAL_HANDLE;
   if (atomic_load_explicit(&shm->magic, memory_order_acquire) != VK_SYNC_SHM_MAGIC ||
       shm->type != (uint32_t)type) {
      munmap(shm, VK_SYNC_SHM_SIZE_B);
      return VK_ERROR_INVALID_EXTERNAL_HANDLE;
   }
   const int own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
   if (own < 0) {
      munmap(shm, VK_SYNC_SHM_SIZE_B);
      return errno == EMFILE || errno == ENFILE ? VK_ERROR_TOO_MANY_OBJECTS
                                                : VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   VkResult result = ext_alloc(alloc, VK_SYNC_EXT_SHM, own, shm, ext_out);
   if (result != VK_SUCCESS) {
      munmap(shm, VK_SYNC_SHM_SIZE_B);
      close(own);
   }
   return result;
}

VkResult
vk_sync_ext_import_sync_file(const VkAllocationCallbacks *alloc, int fd,
                             struct vk_sync_ext **ext_out)
{
   int own = -1;
   /* -1 is "a sync file that has already signalled" (Vulkan 1.3.239,
    * VkImportSemaphoreFdInfoKHR / VkImportFenceFdInfoKHR). */
   if (fd != -1) {
      if (!vk_sync_file_is_sync_file(fd))
         return VK_ERROR_INVALID_EXTERNAL_HANDLE;
      own = fcntl(fd, F_DUPFD_CLOEXEC, 0);
      if (own < 0)
         return errno == EMFILE || errno == ENFILE ? VK_ERROR_TOO_MANY_OBJECTS
                                                   : VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   VkResult result = ext_alloc(alloc, VK_SYNC_EXT_SYNC_FILE, own, NULL, ext_out);
   if (result != VK_SUCCESS) {
      if (own >= 0)
         close(own);
      return result;
   }
   (*ext_out)->signaled = own < 0;
   return VK_SUCCESS;
}

void
vk_sync_ext_destroy(const VkAllocationCallbacks *alloc, struct vk_sync_ext *ext)
{
   if (!ext)
      return;
   if (ext->shm)
      munmap(ext->shm, VK_SYNC_SHM_SIZE_B);
   if (ext->fd >= 0)
      close(ext->fd);
   vk_free(alloc, ext);
}

uint64_t
vk_sync_ext_value(struct vk_sync_ext *ext)
{
   if (ext->kind == VK_SYNC_EXT_SHM)
      return atomic_load_explicit(&ext->shm->value, memory_order_acquire);
   if (!ext->signaled && vk_sync_file_signaled(ext->fd) != 0)
      ext->signaled = true; /* an unpollable fd would never signal: don't hang */
   return ext->signaled ? 1 : 0;
}
