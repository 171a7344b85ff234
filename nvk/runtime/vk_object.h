/* SPDX-License-Identifier: MIT */
/*
 * The base every API object embeds first.
 *
 *    struct nvk_buffer {
 *       struct vk_object_base base;   // always first, always named after its layer
 *       ...
 *    };
 *    VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_buffer, base, VkBuffer, VK_OBJECT_TYPE_BUFFER)
 *
 *    VK_FROM_HANDLE(nvk_buffer, buffer, _buffer);   // in every entry point
 *
 * The cast macros check at compile time that the base sits at offset 0 (so a
 * handle, a driver pointer and a base pointer are the same address) and, in
 * builds with assertions, that the object type matches at run time.
 *
 * The base also carries what the spec lets an application attach to any
 * object: a debug name (VK_EXT_debug_utils) and private data
 * (VK_EXT_private_data).
 */
#ifndef VK_OBJECT_H
#define VK_OBJECT_H

#include <stddef.h>
#include <stdint.h>
#include <vulkan/vk_icd.h>
#include <vulkan/vulkan_core.h>

#include "util/macros.h"

struct vk_device;
struct vk_instance;

struct vk_private_data_entry {
   uint64_t slot_id;
   uint64_t value;
};

struct vk_object_base {
   /* Dispatchable objects: the loader stores its dispatch pointer here (we
    * set ICD_LOADER_MAGIC at creation). Kept in every object so all bases
    * look the same. */
   VK_LOADER_DATA _loader_data;
   VkObjectType type;
   /* Set for everything below a VkDevice; NULL for instance-level objects. */
   struct vk_device *device;
   /* Always set. */
   struct vk_instance *instance;

   /* VK_EXT_debug_utils name; allocated from the device's (or instance's)
    * allocator. */
   char *object_name;

   /* VK_EXT_private_data values, by slot id; guarded by the device's
    * private-data lock. */
   struct vk_private_data_entry *private_data;
   uint32_t private_data_count;
   uint32_t private_data_cap;
};

void vk_object_base_init(struct vk_device *device, struct vk_object_base *base,
                         VkObjectType type);
void vk_object_base_instance_init(struct vk_instance *instance, struct vk_object_base *base,
                                  VkObjectType type);
void vk_object_base_finish(struct vk_object_base *base);

/* Allocates and initializes an object of size_B (base first) with OBJECT
 * scope; frees it again in vk_object_free. */
void *vk_object_zalloc(struct vk_device *device, const VkAllocationCallbacks *alloc,
                       size_t size_B, VkObjectType type);
void vk_object_free(struct vk_device *device, const VkAllocationCallbacks *alloc, void *obj);

/* The allocator an object's own strings and arrays come from. */
const VkAllocationCallbacks *vk_object_base_allocator(const struct vk_object_base *base);

/* Sets (or clears, with NULL) the debug name. */
VkResult vk_object_base_set_name(struct vk_object_base *base, const char *name);

/* A printable name: "VkBuffer 0x1234 'vertices'". Writes into buf. */
const char *vk_object_base_describe(const struct vk_object_base *base, char *buf,
                                    size_t buf_size);

/* Turns a handle of the given type into its base: dispatchable handles and
 * non-dispatchable ones are both pointers to the object on 64-bit hosts. */
static inline struct vk_object_base *
vk_object_base_from_u64_handle(uint64_t handle, VkObjectType type)
{
   (void)type;
   return (struct vk_object_base *)(uintptr_t)handle;
}

#ifndef NDEBUG
NORETURN void vk_object_base_type_mismatch(const struct vk_object_base *base,
                                           VkObjectType expected);
static inline void
vk_object_base_check_type(const struct vk_object_base *base, VkObjectType type)
{
   if (unlikely(base != NULL && base->type != type))
      vk_object_base_type_mismatch(base, type);
}
#else
static inline void
vk_object_base_check_type(const struct vk_object_base *base, VkObjectType type)
{
}
#endif

#define VK_DEFINE_HANDLE_CASTS_(__driver_type, __base, __VkType, __VK_TYPE)              \
   _Static_assert(offsetof(struct __driver_type, __base) == 0,                           \
                  #__driver_type " must start with its vk_object_base");                 \
   static inline UNUSED struct __driver_type *__driver_type##_from_handle(__VkType h)    \
   {                                                                                     \
      struct vk_object_base *b = (struct vk_object_base *)(uintptr_t)h;                  \
      vk_object_base_check_type(b, __VK_TYPE);                                           \
      return (struct __driver_type *)b;                                                  \
   }                                                                                     \
   static inline UNUSED __VkType __driver_type##_to_handle(struct __driver_type *o)      \
   {                                                                                     \
      return (__VkType)(uintptr_t)o;                                                     \
   }

/* Dispatchable (VkInstance, VkDevice, ...) and non-dispatchable handles are
 * both pointers on the 64-bit hosts we support; two names keep call sites
 * saying which kind they mean. */
#define VK_DEFINE_HANDLE_CASTS(t, b, T, O)        VK_DEFINE_HANDLE_CASTS_(t, b, T, O)
#define VK_DEFINE_NONDISP_HANDLE_CASTS(t, b, T, O) VK_DEFINE_HANDLE_CASTS_(t, b, T, O)
_Static_assert(sizeof(void *) == 8, "non-dispatchable handles are pointers only on 64-bit");

#define VK_FROM_HANDLE(__driver_type, __name, __handle)                                  \
   struct __driver_type *__name = __driver_type##_from_handle(__handle)

#endif /* VK_OBJECT_H */
