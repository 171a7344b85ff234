/* SPDX-License-Identifier: MIT */
#include "interop_share.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layout/kil_drm_format.h"
#include "layout/kil_format.h"
#include "vk_enum_to_str.h"

const char *const share_extensions[] = {
   VK_KHR_BIND_MEMORY_2_EXTENSION_NAME,
   VK_KHR_GET_MEMORY_REQUIREMENTS_2_EXTENSION_NAME,
   VK_KHR_DEDICATED_ALLOCATION_EXTENSION_NAME,
   VK_KHR_IMAGE_FORMAT_LIST_EXTENSION_NAME,
   VK_KHR_EXTERNAL_MEMORY_EXTENSION_NAME,
   VK_KHR_EXTERNAL_MEMORY_FD_EXTENSION_NAME,
   VK_EXT_EXTERNAL_MEMORY_DMA_BUF_EXTENSION_NAME,
   VK_EXT_QUEUE_FAMILY_FOREIGN_EXTENSION_NAME,
   VK_EXT_IMAGE_DRM_FORMAT_MODIFIER_EXTENSION_NAME,
   /* The modifier extension's dependency on a Vulkan 1.0 device (and that
    * one's own). */
   VK_KHR_SAMPLER_YCBCR_CONVERSION_EXTENSION_NAME,
   VK_KHR_MAINTENANCE_1_EXTENSION_NAME,
};
const uint32_t share_extension_count = ARRAY_SIZE(share_extensions);

struct vkt_req
share_req(void)
{
   return (struct vkt_req){
      .extensions = share_extensions,
      .extension_count = share_extension_count,
   };
}

const char *
share_format_name(VkFormat format)
{
   const char *name = vk_Format_to_str(format);
   return name && !strncmp(name, "VK_FORMAT_", 10) ? name + 10 : "?";
}

uint32_t
share_format_fourcc(VkFormat format)
{
   return kil_format_to_drm_fourcc(kil_format_from_name(share_format_name(format)),
                                   false);
}

uint32_t
share_format_modifiers(struct vkt *t, VkFormat format, uint64_t *mods, uint32_t max)
{
   PFN_vkGetPhysicalDeviceFormatProperties2KHR props2 =
      (PFN_vkGetPhysicalDeviceFormatProperties2KHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceFormatProperties2KHR");
   VkDrmFormatModifierPropertiesListEXT list = {
      .sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT};
   VkFormatProperties2 p = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2,
                            .pNext = &list};
   props2(t->pdev, format, &p);
   if (list.drmFormatModifierCount == 0)
      return 0;
   VkDrmFormatModifierPropertiesEXT *all =
      calloc(list.drmFormatModifierCount, sizeof(*all));
   list.pDrmFormatModifierProperties = all;
   props2(t->pdev, format, &p);
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   uint32_t n = 0;
   for (uint32_t i = 0; i < list.drmFormatModifierCount && n < max; i++) {
      if ((all[i].drmFormatModifierTilingFeatures & need) == need &&
          all[i].drmFormatModifierPlaneCount == 1)
         mods[n++] = all[i].drmFormatModifier;
   }
   free(all);
   return n;
}

/* The image's queue-family handoff: release to / acquire from the other
 * process (VK_QUEUE_FAMILY_EXTERNAL: another instance of the same driver),
 * in GENERAL, which both sides use. */
bool
share_handoff(struct vkt *t, struct share_image *s, bool acquire)
{
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   if (!cmd)
      return false;
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = acquire ? 0 : VK_ACCESS_TRANSFER_WRITE_BIT,
      .dstAccessMask =
         acquire ? VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT : 0,
      .oldLayout = VK_IMAGE_LAYOUT_GENERAL,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = acquire ? VK_QUEUE_FAMILY_EXTERNAL : t->queue_family,
      .dstQueueFamilyIndex = acquire ? t->queue_family : VK_QUEUE_FAMILY_EXTERNAL,
      .image = s->img.image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(
      cmd, acquire ? VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT : VK_PIPELINE_STAGE_TRANSFER_BIT,
      acquire ? VK_PIPELINE_STAGE_TRANSFER_BIT : VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0,
      0, NULL, 0, NULL, 1, &b);
   return vkt_cmd_submit_wait(t, cmd);
}

static VkResult
bind_dedicated(struct vkt *t, struct share_image *s, const void *import_pnext,
               bool export)
{
   VkMemoryDedicatedRequirements dr = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
   VkMemoryRequirements2 req = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2,
                                .pNext = &dr};
   PFN_vkGetImageMemoryRequirements2KHR get_req =
      (PFN_vkGetImageMemoryRequirements2KHR)vkt_device_proc(
         t, "vkGetImageMemoryRequirements2KHR");
   get_req(t->dev,
           &(VkImageMemoryRequirementsInfo2){
              .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2,
              .image = s->img.image,
           },
           &req);
   /* Modifier images prefer their own allocation (as NVK's do: importers
    * such as old GL drivers expect one image per buffer). */
   if (t->is_kiln)
      CHECK(dr.prefersDedicatedAllocation);
   const VkExportMemoryAllocateInfo exp = {
      .sType = VK_STRUCTURE_TYPE_EXPORT_MEMORY_ALLOCATE_INFO,
      .pNext = import_pnext,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
   };
   const VkMemoryDedicatedAllocateInfo ded = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO,
      .pNext = export ? (const void *)&exp : import_pnext,
      .image = s->img.image,
   };
   uint32_t type_bits = req.memoryRequirements.memoryTypeBits;
   const VkImportMemoryFdInfoKHR *imp = import_pnext;
   if (imp) {
      PFN_vkGetMemoryFdPropertiesKHR fdp =
         (PFN_vkGetMemoryFdPropertiesKHR)vkt_device_proc(t, "vkGetMemoryFdPropertiesKHR");
      VkMemoryFdPropertiesKHR mp = {.sType = VK_STRUCTURE_TYPE_MEMORY_FD_PROPERTIES_KHR};
      const VkResult r = fdp(t->dev, imp->handleType, imp->fd, &mp);
      if (r != VK_SUCCESS)
         return r;
      type_bits &= mp.memoryTypeBits;
   }
   s->alloc_size_B = req.memoryRequirements.size;
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .pNext = &ded,
      .allocationSize = req.memoryRequirements.size,
      .memoryTypeIndex = vkt_memory_type(t, type_bits, 0),
   };
   VkResult r = vkAllocateMemory(t->dev, &mai, NULL, &s->img.memory);
   if (r != VK_SUCCESS)
      return r;
   return vkBindImageMemory(t->dev, s->img.image, s->img.memory, 0);
}

static VkImageCreateInfo
share_image_info(VkFormat format, uint32_t width, uint32_t height, const void *pnext)
{
   return (VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .pNext = pnext,
      .imageType = VK_IMAGE_TYPE_2D,
      .format = format,
      .extent = {width, height, 1},
      .mipLevels = 1,
      .arrayLayers = 1,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT,
      .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .initialLayout = VK_IMAGE_LAYOUT_UNDEFINED,
   };
}

static void
share_image_init(struct share_image *s, const VkImageCreateInfo *info)
{
   memset(s, 0, sizeof(*s));
   s->img.info = *info;
   s->img.info.pNext = NULL;
   s->img.aspects = VK_IMAGE_ASPECT_COLOR_BIT;
}

bool
share_export(struct vkt *t, VkFormat format, uint64_t modifier, uint32_t width,
             uint32_t height, uint32_t seed, struct share_image *s, int *fd,
             struct share_desc *d)
{
   *fd = -1;
   const VkImageDrmFormatModifierListCreateInfoEXT list = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT,
      .drmFormatModifierCount = 1,
      .pDrmFormatModifiers = &modifier,
   };
   const VkExternalMemoryImageCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO,
      .pNext = &list,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
   };
   const VkImageCreateInfo ci = share_image_info(format, width, height, &ext);
   share_image_init(s, &ci);
   if (!VKT_CHECK(vkCreateImage(t->dev, &ci, NULL, &s->img.image)) ||
       !VKT_CHECK(bind_dedicated(t, s, NULL, true)))
      return false;

   /* The driver must have used the one modifier it was given. */
   PFN_vkGetImageDrmFormatModifierPropertiesEXT get_mod =
      (PFN_vkGetImageDrmFormatModifierPropertiesEXT)vkt_device_proc(
         t, "vkGetImageDrmFormatModifierPropertiesEXT");
   VkImageDrmFormatModifierPropertiesEXT mp = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_PROPERTIES_EXT};
   if (!VKT_CHECK(get_mod(t->dev, s->img.image, &mp)) ||
       !CHECK_EQ_U64(mp.drmFormatModifier, modifier))
      return false;
   VkSubresourceLayout layout;
   vkGetImageSubresourceLayout(
      t->dev, s->img.image,
      &(VkImageSubresource){VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT, 0, 0}, &layout);

   if (!vkt_image_to_general(t, &s->img, VK_IMAGE_LAYOUT_UNDEFINED) ||
       !share_write(t, s, seed) || !share_handoff(t, s, false))
      return false;

   PFN_vkGetMemoryFdKHR get_fd =
      (PFN_vkGetMemoryFdKHR)vkt_device_proc(t, "vkGetMemoryFdKHR");
   if (!VKT_CHECK(get_fd(t->dev,
                         &(VkMemoryGetFdInfoKHR){
                            .sType = VK_STRUCTURE_TYPE_MEMORY_GET_FD_INFO_KHR,
                            .memory = s->img.memory,
                            .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
                         },
                         fd)))
      return false;
   *d = (struct share_desc){
      .vk_format = (uint32_t)format,
      .drm_fourcc = share_format_fourcc(format),
      .width = width,
      .height = height,
      .modifier = modifier,
      .offset_B = layout.offset,
      .row_pitch_B = layout.rowPitch,
      .size_B = s->alloc_size_B,
      .seed = seed,
   };
   return true;
}

VkResult
share_import(struct vkt *t, const struct share_desc *d, int fd, struct share_image *s)
{
   /* Exactly what crossed the socket: modifier and plane layout. The size
    * of each plane layout must be 0 (VUID-...-size-02267): the driver
    * computes it. */
   const VkSubresourceLayout plane = {
      .offset = d->offset_B,
      .rowPitch = d->row_pitch_B,
   };
   const VkImageDrmFormatModifierExplicitCreateInfoEXT explicit = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
      .drmFormatModifier = d->modifier,
      .drmFormatModifierPlaneCount = 1,
      .pPlaneLayouts = &plane,
   };
   const VkExternalMemoryImageCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO,
      .pNext = &explicit,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
   };
   const VkImageCreateInfo ci = share_image_info(d->vk_format, d->width, d->height, &ext);
   share_image_init(s, &ci);
   VkResult r = vkCreateImage(t->dev, &ci, NULL, &s->img.image);
   if (r != VK_SUCCESS) {
      s->img.image = VK_NULL_HANDLE;
      return r;
   }
   const VkImportMemoryFdInfoKHR imp = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
      .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
      .fd = fd,
   };
   r = bind_dedicated(t, s, &imp, false);
   if (r != VK_SUCCESS)
      return r;
   return share_handoff(t, s, true) ? VK_SUCCESS : VK_ERROR_UNKNOWN;
}

static uint64_t
image_bytes(const struct share_image *s)
{
   return (uint64_t)s->img.info.extent.width * s->img.info.extent.height *
          vkt_format_texel_size(s->img.info.format);
}

bool
share_write(struct vkt *t, struct share_image *s, uint32_t seed)
{
   const uint64_t size = image_bytes(s);
   uint8_t *data = malloc(size);
   vkt_fill_pattern(data, size, seed);
   const bool ok = vkt_write_image(t, &s->img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0,
                                   (VkOffset3D){0, 0, 0}, s->img.info.extent, data);
   free(data);
   return ok;
}

bool
share_check(struct vkt *t, struct share_image *s, uint32_t seed)
{
   const uint64_t size = image_bytes(s);
   const uint32_t texel = vkt_format_texel_size(s->img.info.format);
   uint8_t *want = malloc(size), *got = malloc(size);
   vkt_fill_pattern(want, size, seed);
   bool ok = vkt_read_image(t, &s->img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0,
                            (VkOffset3D){0, 0, 0}, s->img.info.extent, got);
   if (ok) {
      uint64_t bad = 0, first = UINT64_MAX;
      for (uint64_t i = 0; i < size; i += texel) {
         if (memcmp(want + i, got + i, texel)) {
            bad++;
            if (first == UINT64_MAX)
               first = i / texel;
         }
      }
      if (bad) {
         const uint32_t w = s->img.info.extent.width;
         ok = test_fail(__FILE__, __LINE__,
                        "%s: %llu of %llu pixels differ, first at (%u, %u)",
                        share_format_name(s->img.info.format), (unsigned long long)bad,
                        (unsigned long long)(size / texel), (unsigned)(first % w),
                        (unsigned)(first / w));
      }
   }
   free(want);
   free(got);
   return ok;
}

void
share_image_destroy(struct vkt *t, struct share_image *s)
{
   vkDestroyImage(t->dev, s->img.image, NULL);
   vkFreeMemory(t->dev, s->img.memory, NULL);
   memset(s, 0, sizeof(*s));
}
