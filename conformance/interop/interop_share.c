/* SPDX-License-Identifier: MIT */
#include "interop_share.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layout/kil_drm_format.h"
#include "layout/kil_format.h"
#include "util/macros.h"
#include "vk_enum_to_str.h"

#include <drm_fourcc.h>

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

static enum kil_format
share_kil_format(VkFormat format)
{
   return kil_format_from_name(share_format_name(format));
}

/* The multi-planar formats' fourccs (drm_fourcc.h: NV12 is "2 plane YCbCr
 * Cr:Cb format, 2x2 subsampled Cr:Cb plane" with Cb in the low byte, as in
 * G8_B8R8; YUV420 is Y, then Cb (U), then Cr (V), as in G8_B8_R8; P016 is
 * NV12's 16-bit twin). kil_drm_format covers the single-plane ones. */
static const struct {
   VkFormat format;
   uint32_t fourcc;
} planar_fourccs[] = {
   {VK_FORMAT_G8_B8R8_2PLANE_420_UNORM, DRM_FORMAT_NV12},
   {VK_FORMAT_G8_B8R8_2PLANE_422_UNORM, DRM_FORMAT_NV16},
   {VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM, DRM_FORMAT_YUV420},
   {VK_FORMAT_G8_B8_R8_3PLANE_422_UNORM, DRM_FORMAT_YUV422},
   {VK_FORMAT_G8_B8_R8_3PLANE_444_UNORM, DRM_FORMAT_YUV444},
   {VK_FORMAT_G16_B16R16_2PLANE_420_UNORM, DRM_FORMAT_P016},
};

uint32_t
share_format_fourcc(VkFormat format)
{
   for (unsigned i = 0; i < ARRAY_SIZE(planar_fourccs); i++) {
      if (planar_fourccs[i].format == format)
         return planar_fourccs[i].fourcc;
   }
   return kil_format_to_drm_fourcc(share_kil_format(format), false);
}

uint32_t
share_format_plane_count(VkFormat format)
{
   const uint32_t n = kil_format_plane_count(share_kil_format(format));
   return n ? n : 1;
}

VkExtent3D
share_plane_extent(VkFormat format, uint32_t plane, uint32_t width, uint32_t height)
{
   const struct kil_plane_desc p = kil_format_plane(share_kil_format(format), plane);
   if (p.format == KIL_FORMAT_NONE)
      return (VkExtent3D){width, height, 1};
   return (VkExtent3D){DIV_ROUND_UP(width, p.width_div),
                       DIV_ROUND_UP(height, p.height_div), 1};
}

void
share_format_round_extent(VkFormat format, uint32_t *width, uint32_t *height)
{
   const enum kil_format kf = share_kil_format(format);
   for (uint32_t p = 0; p < kil_format_plane_count(kf); p++) {
      const struct kil_plane_desc pd = kil_format_plane(kf, p);
      if (pd.width_div > 1)
         *width = DIV_ROUND_UP(*width, pd.width_div) * pd.width_div;
      if (pd.height_div > 1)
         *height = DIV_ROUND_UP(*height, pd.height_div) * pd.height_div;
   }
}

/* The format's modifier properties (calloc'd; NULL and 0 if none). */
static VkDrmFormatModifierPropertiesEXT *
modifier_props(struct vkt *t, VkFormat format, uint32_t *count)
{
   PFN_vkGetPhysicalDeviceFormatProperties2KHR props2 =
      (PFN_vkGetPhysicalDeviceFormatProperties2KHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceFormatProperties2KHR");
   VkDrmFormatModifierPropertiesListEXT list = {
      .sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT};
   VkFormatProperties2 p = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2,
                            .pNext = &list};
   props2(t->pdev, format, &p);
   *count = 0;
   if (list.drmFormatModifierCount == 0)
      return NULL;
   VkDrmFormatModifierPropertiesEXT *all =
      calloc(list.drmFormatModifierCount, sizeof(*all));
   if (!all)
      return NULL;
   list.pDrmFormatModifierProperties = all;
   props2(t->pdev, format, &p);
   *count = list.drmFormatModifierCount;
   return all;
}

uint32_t
share_format_modifiers(struct vkt *t, VkFormat format, uint64_t *mods, uint32_t max)
{
   uint32_t count;
   VkDrmFormatModifierPropertiesEXT *all = modifier_props(t, format, &count);
   const VkFormatFeatureFlags need =
      VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
   uint32_t n = 0;
   for (uint32_t i = 0; i < count && n < max; i++) {
      if ((all[i].drmFormatModifierTilingFeatures & need) == need &&
          all[i].drmFormatModifierPlaneCount >= 1 &&
          all[i].drmFormatModifierPlaneCount <= SHARE_MAX_PLANES)
         mods[n++] = all[i].drmFormatModifier;
   }
   free(all);
   return n;
}

uint32_t
share_modifier_plane_count(struct vkt *t, VkFormat format, uint64_t modifier)
{
   uint32_t count, planes = 0;
   VkDrmFormatModifierPropertiesEXT *all = modifier_props(t, format, &count);
   for (uint32_t i = 0; i < count; i++) {
      if (all[i].drmFormatModifier == modifier)
         planes = all[i].drmFormatModifierPlaneCount;
   }
   free(all);
   return planes;
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
   /* Every memory plane's layout, as the modifier's consumers need it. */
   const uint32_t plane_count = share_modifier_plane_count(t, format, modifier);
   if (!CHECK(plane_count >= 1 && plane_count <= SHARE_MAX_PLANES))
      return false;
   struct share_plane planes[SHARE_MAX_PLANES] = {0};
   for (uint32_t p = 0; p < plane_count; p++) {
      VkSubresourceLayout layout;
      vkGetImageSubresourceLayout(
         t->dev, s->img.image,
         &(VkImageSubresource){VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT << p, 0, 0},
         &layout);
      planes[p] = (struct share_plane){
         .offset_B = layout.offset,
         .row_pitch_B = layout.rowPitch,
         .size_B = layout.size,
      };
   }

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
      .plane_count = plane_count,
      .size_B = s->alloc_size_B,
      .seed = seed,
   };
   memcpy(d->planes, planes, sizeof(planes));
   return true;
}

VkResult
share_desc_image_create(struct vkt *t, const struct share_desc *d, VkImage *image)
{
   /* Exactly what crossed the socket: modifier and every plane layout.
    * The size of each plane layout must be 0 (VUID-...-size-02267): the
    * driver computes it. A count beyond SHARE_MAX_PLANES still reaches the
    * driver (bad-input tests), with the layouts there are. */
   VkSubresourceLayout planes[SHARE_MAX_PLANES] = {0};
   for (uint32_t p = 0; p < d->plane_count && p < SHARE_MAX_PLANES; p++) {
      planes[p] = (VkSubresourceLayout){
         .offset = d->planes[p].offset_B,
         .rowPitch = d->planes[p].row_pitch_B,
      };
   }
   const VkImageDrmFormatModifierExplicitCreateInfoEXT explicit = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
      .drmFormatModifier = d->modifier,
      .drmFormatModifierPlaneCount = d->plane_count,
      .pPlaneLayouts = planes,
   };
   const VkExternalMemoryImageCreateInfo ext = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_IMAGE_CREATE_INFO,
      .pNext = &explicit,
      .handleTypes = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
   };
   const VkImageCreateInfo ci = share_image_info(d->vk_format, d->width, d->height, &ext);
   return vkCreateImage(t->dev, &ci, NULL, image);
}

VkResult
share_import(struct vkt *t, const struct share_desc *d, int fd, struct share_image *s)
{
   memset(s, 0, sizeof(*s));
   /* A count the description cannot hold never reaches the driver; the
    * driver refuses every other wrong count itself. */
   if (d->plane_count > SHARE_MAX_PLANES)
      return VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT;
   const VkImageCreateInfo ci = share_image_info(d->vk_format, d->width, d->height, NULL);
   share_image_init(s, &ci);
   VkResult r = share_desc_image_create(t, d, &s->img.image);
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

/* Where each format plane's texels sit in one tightly packed host copy
 * of the image (plane after plane), and in the staging buffer (each plane
 * at a 16 B multiple: bufferOffset must be a multiple of the plane's
 * texel size). */
struct plane_span {
   VkImageAspectFlags aspect;
   VkExtent3D extent;
   uint32_t texel_B;
   uint64_t data_offset_B, buffer_offset_B, size_B;
};

static uint32_t
plane_spans(const struct share_image *s, struct plane_span *spans, uint64_t *data_B,
            uint64_t *buffer_B)
{
   const VkFormat f = s->img.info.format;
   const uint32_t n = share_format_plane_count(f);
   *data_B = *buffer_B = 0;
   for (uint32_t p = 0; p < n; p++) {
      struct plane_span *sp = &spans[p];
      sp->aspect = n == 1 ? VK_IMAGE_ASPECT_COLOR_BIT : VK_IMAGE_ASPECT_PLANE_0_BIT << p;
      sp->extent =
         share_plane_extent(f, p, s->img.info.extent.width, s->img.info.extent.height);
      sp->texel_B =
         n == 1 ? vkt_format_texel_size(f)
                : kil_format_el_size_B(kil_format_plane(share_kil_format(f), p).format);
      sp->size_B = (uint64_t)sp->extent.width * sp->extent.height * sp->texel_B;
      sp->data_offset_B = *data_B;
      sp->buffer_offset_B = ALIGN_POT(*buffer_B, 16);
      *data_B += sp->size_B;
      *buffer_B = sp->buffer_offset_B + sp->size_B;
   }
   return n;
}

/* Copies all format planes between `data` (packed as plane_spans says) and
 * the image, in GENERAL, with one command buffer. */
static bool
planes_io(struct vkt *t, struct share_image *s, uint8_t *data, bool write)
{
   struct plane_span spans[SHARE_MAX_PLANES];
   uint64_t data_B, buffer_B;
   const uint32_t n = plane_spans(s, spans, &data_B, &buffer_B);
   struct vkt_buffer b;
   if (!CHECK(data_B > 0) || !vkt_buffer_create(t, buffer_B,
                                                VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                                   VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                &b))
      return false;
   VkBufferImageCopy regions[SHARE_MAX_PLANES];
   for (uint32_t p = 0; p < n; p++) {
      if (write)
         memcpy(b.map + spans[p].buffer_offset_B, data + spans[p].data_offset_B,
                spans[p].size_B);
      regions[p] = (VkBufferImageCopy){
         .bufferOffset = spans[p].buffer_offset_B,
         .imageSubresource = {spans[p].aspect, 0, 0, 1},
         .imageExtent = spans[p].extent,
      };
   }
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   bool ok = cmd != NULL;
   if (ok) {
      vkt_cmd_barrier(cmd);
      if (write)
         vkCmdCopyBufferToImage(cmd, b.buffer, s->img.image, VK_IMAGE_LAYOUT_GENERAL, n,
                                regions);
      else
         vkCmdCopyImageToBuffer(cmd, s->img.image, VK_IMAGE_LAYOUT_GENERAL, b.buffer, n,
                                regions);
      vkt_cmd_barrier(cmd);
      ok = vkt_cmd_submit_wait(t, cmd);
   }
   for (uint32_t p = 0; ok && !write && p < n; p++)
      memcpy(data + spans[p].data_offset_B, b.map + spans[p].buffer_offset_B,
             spans[p].size_B);
   vkt_buffer_destroy(t, &b);
   return ok;
}

static uint64_t
image_bytes(const struct share_image *s)
{
   struct plane_span spans[SHARE_MAX_PLANES];
   uint64_t data_B, buffer_B;
   plane_spans(s, spans, &data_B, &buffer_B);
   return data_B;
}

bool
share_write(struct vkt *t, struct share_image *s, uint32_t seed)
{
   const uint64_t size = image_bytes(s);
   uint8_t *data = malloc(size);
   if (!CHECK(data != NULL))
      return false;
   vkt_fill_pattern(data, size, seed);
   const bool ok = planes_io(t, s, data, true);
   free(data);
   return ok;
}

bool
share_check(struct vkt *t, struct share_image *s, uint32_t seed)
{
   struct plane_span spans[SHARE_MAX_PLANES];
   uint64_t size, buffer_B;
   const uint32_t n = plane_spans(s, spans, &size, &buffer_B);
   uint8_t *want = malloc(size), *got = malloc(size);
   bool ok = CHECK(want && got);
   if (ok) {
      vkt_fill_pattern(want, size, seed);
      ok = planes_io(t, s, got, false);
   }
   for (uint32_t p = 0; ok && p < n; p++) {
      const struct plane_span *sp = &spans[p];
      const uint8_t *w = want + sp->data_offset_B, *g = got + sp->data_offset_B;
      uint64_t bad = 0, first = UINT64_MAX;
      for (uint64_t i = 0; i < sp->size_B; i += sp->texel_B) {
         if (memcmp(w + i, g + i, sp->texel_B)) {
            bad++;
            if (first == UINT64_MAX)
               first = i / sp->texel_B;
         }
      }
      if (bad) {
         const uint32_t pw = sp->extent.width;
         ok = test_fail(__FILE__, __LINE__,
                        "%s plane %u: %llu of %llu texels differ, first at (%u, %u)",
                        share_format_name(s->img.info.format), p, (unsigned long long)bad,
                        (unsigned long long)(sp->size_B / sp->texel_B),
                        (unsigned)(first % pw), (unsigned)(first / pw));
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
