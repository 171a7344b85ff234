/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_image_drm_format_modifier: the advertised modifiers and their
 * features, image format queries, creation from a list (the driver picks)
 * and from an explicit modifier and plane layout, the layout queries, and
 * bad input: each refused with the VkResult the spec names (quoted at each
 * check), nothing crashing, nothing leaked (the same program runs under ASan
 * in build-asan/ and inside the VM).
 *
 * The two-process sharing of every format and modifier is
 * kiln_interop_matrix.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <drm_fourcc.h>

#include "interop_share.h"

/* Our block-linear modifier for block height h (docs/layout.md): c = 0,
 * s = 1, g = 2, k = 0x06. */
#define BL(h) DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0x06, h)

static VkFormatProperties2
format_props(struct vkt *t, VkFormat format, void *pnext)
{
   PFN_vkGetPhysicalDeviceFormatProperties2KHR props2 =
      (PFN_vkGetPhysicalDeviceFormatProperties2KHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceFormatProperties2KHR");
   VkFormatProperties2 p = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2,
                            .pNext = pnext};
   props2(t->pdev, format, &p);
   return p;
}

static VkResult
image_format_query(struct vkt *t, VkFormat format, VkImageType type,
                   VkImageUsageFlags usage, uint64_t modifier,
                   VkExternalMemoryHandleTypeFlagBits handle,
                   VkImageFormatProperties *out, VkExternalMemoryProperties *ext_out)
{
   PFN_vkGetPhysicalDeviceImageFormatProperties2KHR query =
      (PFN_vkGetPhysicalDeviceImageFormatProperties2KHR)vkGetInstanceProcAddr(
         t->instance, "vkGetPhysicalDeviceImageFormatProperties2KHR");
   const VkPhysicalDeviceExternalImageFormatInfo ext = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_IMAGE_FORMAT_INFO,
      .handleType = handle,
   };
   const VkPhysicalDeviceImageDrmFormatModifierInfoEXT mod = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_DRM_FORMAT_MODIFIER_INFO_EXT,
      .pNext = handle ? &ext : NULL,
      .drmFormatModifier = modifier,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   VkExternalImageFormatProperties ep = {
      .sType = VK_STRUCTURE_TYPE_EXTERNAL_IMAGE_FORMAT_PROPERTIES};
   VkImageFormatProperties2 p = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2,
                                 .pNext = handle ? &ep : NULL};
   const VkResult r =
      query(t->pdev,
            &(VkPhysicalDeviceImageFormatInfo2){
               .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
               .pNext = &mod,
               .format = format,
               .type = type,
               .tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT,
               .usage = usage,
            },
            &p);
   if (out)
      *out = p.imageFormatProperties;
   if (ext_out)
      *ext_out = ep.externalMemoryProperties;
   return r;
}

TEST(modifier_properties_are_honest)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   unsigned formats_with_modifiers = 0;
   for (int f = 1; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++) {
      VkDrmFormatModifierPropertiesListEXT l1 = {
         .sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT};
      VkDrmFormatModifierPropertiesList2EXT l2 = {
         .sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_2_EXT,
         .pNext = &l1};
      const VkFormatProperties2 plain = format_props(&t, f, &l2);
      CHECK_EQ(l1.drmFormatModifierCount, l2.drmFormatModifierCount);
      if (l1.drmFormatModifierCount == 0)
         continue;
      formats_with_modifiers++;
      VkDrmFormatModifierPropertiesEXT m1[8];
      VkDrmFormatModifierProperties2EXT m2[8];
      REQUIRE(l1.drmFormatModifierCount <= 8);
      l1.pDrmFormatModifierProperties = m1;
      l2.pDrmFormatModifierProperties = m2;
      format_props(&t, f, &l2);
      for (uint32_t i = 0; i < l1.drmFormatModifierCount; i++) {
         CHECK_EQ_U64(m1[i].drmFormatModifier, m2[i].drmFormatModifier);
         CHECK_EQ(m1[i].drmFormatModifierPlaneCount, 1);
         CHECK_EQ(m2[i].drmFormatModifierPlaneCount, 1);
         /* The 1.0 flags are the 64-bit ones' bits 0-30: bit 31 of the
          * 64-bit flags (STORAGE_READ_WITHOUT_FORMAT) has no 1.0 bit. */
         CHECK_EQ(m1[i].drmFormatModifierTilingFeatures,
                  (VkFormatFeatureFlags)(m2[i].drmFormatModifierTilingFeatures & 0x7fffffffull));
         /* Honest: a modifier's features are exactly those of the tiling
          * whose layout it names (same memory, same code). */
         const VkFormatFeatureFlags tiling_features =
            m1[i].drmFormatModifier == DRM_FORMAT_MOD_LINEAR
               ? plain.formatProperties.linearTilingFeatures
               : plain.formatProperties.optimalTilingFeatures;
         CHECK_EQ(m1[i].drmFormatModifierTilingFeatures, tiling_features);
         /* Only ours: LINEAR and BLOCK_LINEAR_2D(0, 1, 2, 0x06, 0..5). */
         const uint64_t m = m1[i].drmFormatModifier;
         CHECK(m == DRM_FORMAT_MOD_LINEAR || (m & ~0xfull) == (BL(0) & ~0xfull));
         CHECK(m == DRM_FORMAT_MOD_LINEAR || (m & 0xf) <= 5);
         /* Each one the image format query accepts. */
         VkImageFormatProperties ip;
         CHECK(VKT_CHECK(image_format_query(&t, f, VK_IMAGE_TYPE_2D,
                                            VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                               VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                            m, 0, &ip, NULL)));
         CHECK_EQ(ip.maxMipLevels, 1);
         CHECK_EQ(ip.maxArrayLayers, 1);
         CHECK_EQ(ip.sampleCounts, VK_SAMPLE_COUNT_1_BIT);
         CHECK_EQ(ip.maxExtent.depth, 1);
      }
   }
   printf("  %u formats have modifiers\n", formats_with_modifiers);
   CHECK(formats_with_modifiers > 50);

   /* RGBA8: LINEAR and all six block heights. */
   uint64_t mods[8];
   const uint32_t n = share_format_modifiers(&t, VK_FORMAT_R8G8B8A8_UNORM, mods, 8);
   CHECK_EQ(n, 7);
   bool seen[8] = {0};
   for (uint32_t i = 0; i < n; i++) {
      if (mods[i] == DRM_FORMAT_MOD_LINEAR)
         seen[7] = true;
      for (unsigned h = 0; h <= 5; h++)
         seen[h] |= mods[i] == BL(h);
   }
   for (unsigned h = 0; h < 8; h++)
      CHECK(h == 6 || seen[h]);
   /* Depth/stencil and compressed formats are not shared. */
   CHECK_EQ(share_format_modifiers(&t, VK_FORMAT_D32_SFLOAT, mods, 8), 0);
   CHECK_EQ(share_format_modifiers(&t, VK_FORMAT_BC1_RGB_UNORM_BLOCK, mods, 8), 0);
   /* 3-byte formats: LINEAR only (block-linear needs 1/2/4/8/16 B). */
   if (share_format_modifiers(&t, VK_FORMAT_R8G8B8_UNORM, mods, 8)) {
      CHECK_EQ(share_format_modifiers(&t, VK_FORMAT_R8G8B8_UNORM, mods, 8), 1);
      CHECK_EQ_U64(mods[0], DRM_FORMAT_MOD_LINEAR);
   }
   vkt_finish(&t);
}

/* "If the combination of parameters to
 * vkGetPhysicalDeviceImageFormatProperties2 is not supported by the
 * implementation for use in vkCreateImage, then all members of
 * imageFormatProperties will be filled with zero" and the call returns
 * VK_ERROR_FORMAT_NOT_SUPPORTED (Vulkan 1.3.239). */
TEST(image_format_query_refuses_what_a_modifier_cannot_name)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   const VkFormat f = VK_FORMAT_R8G8B8A8_UNORM;
   const VkImageUsageFlags usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
   const struct {
      VkImageType type;
      uint64_t mod;
      const char *what;
   } bad[] = {
      {VK_IMAGE_TYPE_3D, BL(2), "a 3D image"},
      {VK_IMAGE_TYPE_1D, DRM_FORMAT_MOD_LINEAR, "a 1D image"},
      {VK_IMAGE_TYPE_2D, I915_FORMAT_MOD_X_TILED, "another vendor's modifier"},
      {VK_IMAGE_TYPE_2D, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(1, 1, 2, 0x06, 2),
       "compressed"},
      {VK_IMAGE_TYPE_2D, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0xfe, 2),
       "the Fermi-Volta page kind"},
      {VK_IMAGE_TYPE_2D, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 0, 0, 0, 2),
       "Tegra GOBs"},
      {VK_IMAGE_TYPE_2D, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0x06, 6),
       "block height 6"},
      {VK_IMAGE_TYPE_2D, DRM_FORMAT_MOD_INVALID, "DRM_FORMAT_MOD_INVALID"},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      VkImageFormatProperties ip;
      memset(&ip, 0xab, sizeof(ip));
      const VkResult r =
         image_format_query(&t, f, bad[i].type, usage, bad[i].mod, 0, &ip, NULL);
      printf("  query with %s: %s\n", bad[i].what, vkt_result_str(r));
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_FORMAT_NOT_SUPPORTED));
      CHECK_EQ(ip.maxMipLevels, 0);
      CHECK_EQ(ip.maxExtent.width, 0);
      CHECK_EQ(ip.sampleCounts, 0);
   }
   /* Usages follow the tiling the modifier names: a modifier image may be
    * sampled, stored to or rendered to exactly when an image of that tiling
    * may. */
   static const VkImageUsageFlags usages[] = {VK_IMAGE_USAGE_SAMPLED_BIT,
                                              VK_IMAGE_USAGE_STORAGE_BIT,
                                              VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT};
   PFN_vkGetPhysicalDeviceImageFormatProperties2KHR plain_query =
      (PFN_vkGetPhysicalDeviceImageFormatProperties2KHR)vkGetInstanceProcAddr(
         t.instance, "vkGetPhysicalDeviceImageFormatProperties2KHR");
   for (unsigned u = 0; u < ARRAY_SIZE(usages); u++) {
      for (unsigned m = 0; m < 2; m++) {
         VkImageFormatProperties2 pp = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2};
         const VkResult plain =
            plain_query(t.pdev,
                        &(VkPhysicalDeviceImageFormatInfo2){
                           .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
                           .format = f,
                           .type = VK_IMAGE_TYPE_2D,
                           .tiling = m ? VK_IMAGE_TILING_OPTIMAL : VK_IMAGE_TILING_LINEAR,
                           .usage = usages[u],
                        },
                        &pp);
         CHECK_EQ(image_format_query(&t, f, VK_IMAGE_TYPE_2D, usages[u],
                                     m ? BL(3) : DRM_FORMAT_MOD_LINEAR, 0, NULL, NULL),
                  plain);
      }
   }
   /* A depth format has no modifiers. */
   CHECK(VKT_CHECK_RESULT(image_format_query(&t, VK_FORMAT_D16_UNORM, VK_IMAGE_TYPE_2D,
                                             usage, BL(3), 0, NULL, NULL),
                          VK_ERROR_FORMAT_NOT_SUPPORTED));
   /* External memory: dma-buf (and opaque) fds, export and import; host
    * memory is for buffers. */
   VkExternalMemoryProperties ep;
   CHECK(VKT_CHECK(image_format_query(&t, f, VK_IMAGE_TYPE_2D, usage, BL(4),
                                      VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
                                      NULL, &ep)));
   CHECK(ep.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_EXPORTABLE_BIT);
   CHECK(ep.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_IMPORTABLE_BIT);
   CHECK(!(ep.externalMemoryFeatures & VK_EXTERNAL_MEMORY_FEATURE_DEDICATED_ONLY_BIT));
   CHECK(ep.compatibleHandleTypes & VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT);
   CHECK(VKT_CHECK_RESULT(
      image_format_query(&t, f, VK_IMAGE_TYPE_2D, usage, BL(4),
                         VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT, NULL,
                         NULL),
      VK_ERROR_FORMAT_NOT_SUPPORTED));
   vkt_finish(&t);
}

static VkResult
create_from_list(struct vkt *t, VkFormat f, uint32_t w, uint32_t h, const uint64_t *mods,
                 uint32_t n, VkImage *image)
{
   const VkImageDrmFormatModifierListCreateInfoEXT list = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_LIST_CREATE_INFO_EXT,
      .drmFormatModifierCount = n,
      .pDrmFormatModifiers = mods,
   };
   return vkCreateImage(
      t->dev,
      &(VkImageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
         .pNext = &list,
         .imageType = VK_IMAGE_TYPE_2D,
         .format = f,
         .extent = {w, h, 1},
         .mipLevels = 1,
         .arrayLayers = 1,
         .samples = VK_SAMPLE_COUNT_1_BIT,
         .tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT,
         .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      },
      NULL, image);
}

static uint64_t
image_modifier(struct vkt *t, VkImage image)
{
   PFN_vkGetImageDrmFormatModifierPropertiesEXT get =
      VKT_PROC(t, vkGetImageDrmFormatModifierPropertiesEXT);
   VkImageDrmFormatModifierPropertiesEXT p = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_PROPERTIES_EXT};
   VKT_CHECK(get(t->dev, image, &p));
   return p.drmFormatModifier;
}

static VkSubresourceLayout
plane_layout(struct vkt *t, VkImage image)
{
   VkSubresourceLayout l;
   vkGetImageSubresourceLayout(
      t->dev, image, &(VkImageSubresource){VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT, 0, 0},
      &l);
   return l;
}

/* The driver picks from a list: the block height the layout library would
 * choose for the image, else the nearest, else LINEAR. */
TEST(create_from_modifier_list)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   const VkFormat f = VK_FORMAT_R8G8B8A8_UNORM;
   uint64_t all[8];
   const uint32_t n = share_format_modifiers(&t, f, all, 8);
   REQUIRE(n == 7);
   const struct {
      uint32_t w, h;
      uint64_t list[3];
      uint32_t count;
      uint64_t want;
   } cases[] = {
      /* 64 rows = 8 GOBs: h = 3 */
      {64, 64, {0}, 0, BL(3)},
      /* 1000 rows: h = 5 (the tallest) */
      {500, 1000, {0}, 0, BL(5)},
      /* 5 rows: one GOB, h = 0 */
      {300, 5, {0}, 0, BL(0)},
      /* only smaller heights than wanted: the largest of them */
      {64, 64, {BL(0), BL(1), DRM_FORMAT_MOD_LINEAR}, 3, BL(1)},
      /* only taller: the smallest of them */
      {64, 16, {BL(5), BL(4)}, 2, BL(4)},
      /* LINEAR alone */
      {64, 64, {DRM_FORMAT_MOD_LINEAR}, 1, DRM_FORMAT_MOD_LINEAR},
      /* unknown entries are skipped */
      {64,
       64,
       {I915_FORMAT_MOD_Y_TILED, DRM_FORMAT_MOD_LINEAR},
       2,
       DRM_FORMAT_MOD_LINEAR},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      VkImage image;
      const uint64_t *list = cases[i].count ? cases[i].list : all;
      const uint32_t count = cases[i].count ? cases[i].count : n;
      /* An unknown modifier in the list is invalid usage (VUID-
       * VkImageDrmFormatModifierListCreateInfoEXT-pDrmFormatModifiers-02263);
       * the driver skips it. */
      vkt_expect_validation_errors_begin(&t);
      REQUIRE(
         VKT_CHECK(create_from_list(&t, f, cases[i].w, cases[i].h, list, count, &image)));
      vkt_expect_validation_errors_end(&t);
      const uint64_t got = image_modifier(&t, image);
      printf("  %ux%u from %u modifiers: 0x%016llx\n", cases[i].w, cases[i].h, count,
             (unsigned long long)got);
      CHECK_EQ_U64(got, cases[i].want);
      /* The layout of MEMORY_PLANE_0: offset 0, a pitch of 64 B multiples. */
      const VkSubresourceLayout l = plane_layout(&t, image);
      CHECK_EQ_U64(l.offset, 0);
      CHECK(l.rowPitch >= cases[i].w * 4u && l.rowPitch % 64 == 0);
      CHECK(l.size >= l.rowPitch * cases[i].h);
      vkDestroyImage(t.dev, image, NULL);
   }
   vkt_finish(&t);
}

/* An explicit modifier and layout makes the same image: data written
 * through one is read through the other, in the same memory. */
TEST(create_explicit_matches_the_exported_layout)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   static const VkFormat formats[] = {VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8B8A8_UNORM,
                                      VK_FORMAT_R16G16B16A16_SFLOAT,
                                      VK_FORMAT_R32G32B32A32_UINT};
   for (unsigned fi = 0; fi < ARRAY_SIZE(formats); fi++) {
      uint64_t mods[8];
      const uint32_t n = share_format_modifiers(&t, formats[fi], mods, 8);
      for (uint32_t m = 0; m < n; m++) {
         struct share_image a, b;
         int fd;
         struct share_desc d;
         REQUIRE(
            share_export(&t, formats[fi], mods[m], 97, 33, fi * 10 + m, &a, &fd, &d));
         /* Re-import into this same device, with the explicit layout. */
         CHECK(VKT_CHECK(share_import(&t, &d, fd, &b)));
         CHECK(share_check(&t, &b, d.seed));
         CHECK_EQ_U64(image_modifier(&t, b.img.image), mods[m]);
         const VkSubresourceLayout la = plane_layout(&t, a.img.image);
         const VkSubresourceLayout lb = plane_layout(&t, b.img.image);
         CHECK_EQ_U64(la.rowPitch, lb.rowPitch);
         CHECK_EQ_U64(la.size, lb.size);
         share_image_destroy(&t, &b);
         share_image_destroy(&t, &a);
      }
   }
   vkt_finish(&t);
}

/* An explicit layout with a plane offset and a wider pitch than needed:
 * the driver lays the image out there (the other side decides). */
TEST(create_explicit_with_offset_and_wide_pitch)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   const uint64_t mods[] = {DRM_FORMAT_MOD_LINEAR, BL(0), BL(4)};
   for (unsigned i = 0; i < ARRAY_SIZE(mods); i++) {
      struct share_image a, b;
      int fd;
      struct share_desc d;
      REQUIRE(share_export(&t, VK_FORMAT_B8G8R8A8_UNORM, mods[i], 50, 40, 900 + i, &a,
                           &fd, &d));
      close(fd);
      /* A second, bigger exported image whose memory holds the first's
       * bytes 8 KiB in and with a pitch of +128 B... */
      struct share_desc wide = d;
      wide.planes[0].offset_B = 8192;
      wide.planes[0].row_pitch_B = d.planes[0].row_pitch_B + 128;
      /* ...is made here from a fresh exportable allocation: create,
       * write, read back. */
      struct share_image big;
      int big_fd;
      struct share_desc bd;
      REQUIRE(share_export(&t, VK_FORMAT_B8G8R8A8_UNORM, mods[i], 500, 400, 1, &big,
                           &big_fd, &bd));
      wide.size_B = bd.size_B;
      CHECK(VKT_CHECK(share_import(&t, &wide, big_fd, &b)));
      const VkSubresourceLayout l = plane_layout(&t, b.img.image);
      CHECK_EQ_U64(l.offset, 8192);
      CHECK_EQ_U64(l.rowPitch, wide.planes[0].row_pitch_B);
      CHECK(share_write(&t, &b, 77) && share_check(&t, &b, 77));
      share_image_destroy(&t, &b);
      share_image_destroy(&t, &big);
      share_image_destroy(&t, &a);
   }
   vkt_finish(&t);
}

static VkResult
create_explicit(struct vkt *t, VkImageType type, VkFormat f, VkExtent3D extent,
                uint32_t levels, VkSampleCountFlagBits samples, uint64_t mod,
                uint32_t plane_count, const VkSubresourceLayout *planes)
{
   const VkImageDrmFormatModifierExplicitCreateInfoEXT explicit = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
      .drmFormatModifier = mod,
      .drmFormatModifierPlaneCount = plane_count,
      .pPlaneLayouts = planes,
   };
   VkImage image = VK_NULL_HANDLE;
   const VkResult r = vkCreateImage(
      t->dev,
      &(VkImageCreateInfo){
         .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
         .pNext = &explicit,
         .imageType = type,
         .format = f,
         .extent = extent,
         .mipLevels = levels,
         .arrayLayers = 1,
         .samples = samples,
         .tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT,
         .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      },
      NULL, &image);
   if (r == VK_SUCCESS)
      vkDestroyImage(t->dev, image, NULL);
   return r;
}

/* Vulkan 1.3.239, VkImageDrmFormatModifierExplicitCreateInfoEXT: "the
 * implementation must validate that the provided pPlaneLayouts, when
 * combined with the provided drmFormatModifier and other creation parameters
 * in VkImageCreateInfo and its pNext chain, produce a valid image. [...] If
 * this validation fails, then vkCreateImage returns
 * VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT."
 * Some of these are also invalid usage the layer reports (a wrong plane
 * count, VUID-...-drmFormatModifierPlaneCount-02265; a 3D or multisampled
 * image, VUID-VkImageCreateInfo-imageCreateMaxMipLevels-02251 and friends):
 * the driver answers them the same way instead of crashing. */
TEST(bad_explicit_layouts_return_invalid_plane_layout)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   const VkFormat f = VK_FORMAT_R8G8B8A8_UNORM;
   const VkExtent3D e = {100, 50, 1};
   /* 100 px * 4 B = 400 B: LINEAR pitch >= 400, multiple of 64 -> 448;
    * block-linear: 7 GOBs wide -> 448. */
   const VkSubresourceLayout good = {.offset = 0, .rowPitch = 448};
   const struct {
      VkImageType type;
      VkExtent3D extent;
      uint32_t levels;
      VkSampleCountFlagBits samples;
      uint64_t mod;
      uint32_t planes;
      VkSubresourceLayout layout;
      const char *what;
   } bad[] = {
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       DRM_FORMAT_MOD_LINEAR,
       1,
       {.offset = 0, .rowPitch = 384},
       "LINEAR pitch below the row"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       DRM_FORMAT_MOD_LINEAR,
       1,
       {.offset = 0, .rowPitch = 420},
       "LINEAR pitch not a multiple of 64"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       DRM_FORMAT_MOD_LINEAR,
       1,
       {.offset = 32, .rowPitch = 448},
       "LINEAR offset not a multiple of 64"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       BL(3),
       1,
       {.offset = 0, .rowPitch = 384},
       "block-linear pitch below the row"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       BL(3),
       1,
       {.offset = 0, .rowPitch = 480},
       "block-linear pitch not a multiple of 64"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       BL(3),
       1,
       {.offset = 256, .rowPitch = 448},
       "block-linear offset not on a GOB"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       BL(3),
       1,
       {.offset = 0, .rowPitch = 1ull << 40},
       "a pitch past 32 bits"},
      {VK_IMAGE_TYPE_2D,
       e,
       1,
       1,
       BL(3),
       1,
       {.offset = UINT64_MAX - 511, .rowPitch = 448},
       "an offset that overflows"},
      {VK_IMAGE_TYPE_2D, e, 1, 1, I915_FORMAT_MOD_X_TILED, 1, good,
       "another vendor's modifier"},
      {VK_IMAGE_TYPE_2D, e, 1, 1, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(0, 1, 2, 0xfe, 3),
       1, good, "the wrong page kind"},
      {VK_IMAGE_TYPE_2D, e, 1, 1, DRM_FORMAT_MOD_NVIDIA_BLOCK_LINEAR_2D(2, 1, 2, 0x06, 3),
       1, good, "compression"},
      {VK_IMAGE_TYPE_2D, e, 1, 1, BL(3) | (1ull << 30), 1, good, "reserved bits"},
      {VK_IMAGE_TYPE_2D, e, 1, 1, BL(3), 0, good, "no plane layout"},
      {VK_IMAGE_TYPE_2D, e, 1, 1, BL(3), 2, good, "two plane layouts"},
      {VK_IMAGE_TYPE_3D, {100, 50, 4}, 1, 1, BL(3), 1, good, "a 3D image"},
      {VK_IMAGE_TYPE_2D, e, 1, VK_SAMPLE_COUNT_4_BIT, BL(3), 1, good, "4 samples"},
      {VK_IMAGE_TYPE_2D, e, 2, 1, BL(3), 1, good, "2 mip levels"},
   };
   const VkSubresourceLayout two[2] = {good, good};
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      vkt_expect_validation_errors_begin(&t);
      const VkResult r = create_explicit(&t, bad[i].type, f, bad[i].extent, bad[i].levels,
                                         bad[i].samples, bad[i].mod, bad[i].planes,
                                         bad[i].planes == 2 ? two : &bad[i].layout);
      const unsigned layer_errors = vkt_expect_validation_errors_end(&t);
      printf("  %-42s %s%s\n", bad[i].what, vkt_result_str(r),
             layer_errors ? " (the layer flags it too)" : "");
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT));
   }
   /* And the good layouts work. */
   CHECK(VKT_CHECK(create_explicit(&t, VK_IMAGE_TYPE_2D, f, e, 1, 1,
                                   DRM_FORMAT_MOD_LINEAR, 1, &good)));
   CHECK(VKT_CHECK(create_explicit(&t, VK_IMAGE_TYPE_2D, f, e, 1, 1, BL(3), 1, &good)));
   vkt_finish(&t);
}

/* A modifier list with nothing usable is invalid usage
 * (VUID-VkImageDrmFormatModifierListCreateInfoEXT-pDrmFormatModifiers-02263)
 * and the spec names no result for it: kiln refuses it with
 * VK_ERROR_UNKNOWN, the answer every unsupported image creation gets. */
TEST(unusable_modifier_list_is_refused)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   const uint64_t list[] = {I915_FORMAT_MOD_X_TILED, AMD_FMT_MOD | 1};
   VkImage image = VK_NULL_HANDLE;
   vkt_expect_validation_errors_begin(&t);
   const VkResult r =
      create_from_list(&t, VK_FORMAT_R8G8B8A8_UNORM, 64, 64, list, 2, &image);
   vkt_expect_validation_errors_end(&t);
   CHECK(r != VK_SUCCESS);
   if (t.is_kiln)
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_UNKNOWN));
   if (r == VK_SUCCESS)
      vkDestroyImage(t.dev, image, NULL);
   vkt_finish(&t);
}

static bool
fd_is_open(int fd)
{
   return fcntl(fd, F_GETFD) != -1 || errno != EBADF;
}

/* Importing memory for a modifier image: a closed fd, something that is not
 * memory, and a dma-buf smaller than the image (its plane layout) needs are
 * "not a valid handle of the specified type" (Vulkan 1.3.239, Return Codes:
 * VK_ERROR_INVALID_EXTERNAL_HANDLE); the fd stays the application's. */
TEST(bad_memory_for_a_modifier_image)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   struct share_image a;
   int fd;
   struct share_desc d;
   REQUIRE(share_export(&t, VK_FORMAT_R8G8B8A8_UNORM, BL(2), 120, 80, 5, &a, &fd, &d));

   /* The same dma-buf, described as a taller image than it holds. */
   struct share_desc tall = d;
   tall.height = 4 * d.height;
   struct share_image b;
   VkResult r = share_import(&t, &tall, fd, &b);
   printf("  a dma-buf smaller than the image: %s\n", vkt_result_str(r));
   CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
   CHECK(fd_is_open(fd));
   share_image_destroy(&t, &b);

   /* A closed fd, and a pipe. */
   int p[2];
   REQUIRE(pipe(p) == 0);
   const int closed = dup(p[1]);
   close(closed);
   const int bad_fds[] = {closed, p[0]};
   for (unsigned i = 0; i < 2; i++) {
      /* vkGetMemoryFdPropertiesKHR refuses them first (share_import asks it
       * for the memory type, as applications must). */
      vkt_expect_validation_errors_begin(&t);
      r = share_import(&t, &d, bad_fds[i], &b);
      vkt_expect_validation_errors_end(&t);
      printf("  %s: %s\n", i ? "a pipe" : "a closed fd", vkt_result_str(r));
      CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
      share_image_destroy(&t, &b);
   }
   CHECK(fd_is_open(p[0]));
   close(p[0]);
   close(p[1]);

   /* The right one still imports, and the data is there. */
   CHECK(VKT_CHECK(share_import(&t, &d, fd, &b)));
   CHECK(share_check(&t, &b, 5));
   share_image_destroy(&t, &b);
   share_image_destroy(&t, &a);
   vkt_finish(&t);
}

/* NV12 with modifiers: one memory plane per format plane
 * (drmFormatModifierPlaneCount 2) for LINEAR and every block height. An
 * image made from a one-modifier list gets per-plane data through PLANE_n
 * copies; a second image created with the same modifier and the first
 * one's MEMORY_PLANE_0/1 layouts, bound to the same memory, must read the
 * same data back (the explicit path lays the planes out where the list path
 * put them). LINEAR planes are also checked byte by byte in the memory at
 * the reported offsets and pitches. A plane count other than 2 is refused
 * with VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT. */
static void
nv12_copy(struct vkt *t, VkImage image, VkBuffer buffer, bool to_image,
          VkImageLayout from)
{
   const VkBufferImageCopy regions[2] = {
      {.bufferOffset = 0,
       .imageSubresource = {VK_IMAGE_ASPECT_PLANE_0_BIT, 0, 0, 1},
       .imageExtent = {64, 32, 1}},
      {.bufferOffset = 64 * 32,
       .imageSubresource = {VK_IMAGE_ASPECT_PLANE_1_BIT, 0, 0, 1},
       .imageExtent = {32, 16, 1}},
   };
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = from,
      .newLayout = VK_IMAGE_LAYOUT_GENERAL,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = image,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &b);
   if (to_image)
      vkCmdCopyBufferToImage(cmd, buffer, image, VK_IMAGE_LAYOUT_GENERAL, 2, regions);
   else
      vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, buffer, 2, regions);
   vkt_cmd_barrier(cmd);
   vkt_cmd_submit_wait(t, cmd);
}

TEST(nv12_memory_planes)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   const VkFormat f = VK_FORMAT_G8_B8R8_2PLANE_420_UNORM;
   VkDrmFormatModifierPropertiesListEXT list = {
      .sType = VK_STRUCTURE_TYPE_DRM_FORMAT_MODIFIER_PROPERTIES_LIST_EXT};
   const VkFormatProperties2 plain = format_props(&t, f, &list);
   VkDrmFormatModifierPropertiesEXT props[8];
   if (list.drmFormatModifierCount == 0 || list.drmFormatModifierCount > 8) {
      vkt_skip("%s has no NV12 modifiers", t.props.deviceName);
      vkt_finish(&t);
      return;
   }
   list.pDrmFormatModifierProperties = props;
   format_props(&t, f, &list);
   enum { W = 64, H = 32, BYTES = W * H + W * H / 2 };
   struct vkt_buffer in, out;
   REQUIRE(vkt_buffer_create(
      &t, BYTES, VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
      &in));
   REQUIRE(vkt_buffer_create(&t, BYTES, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &out));
   for (uint32_t i = 0; i < list.drmFormatModifierCount; i++) {
      const uint64_t mod = props[i].drmFormatModifier;
      CHECK_EQ(props[i].drmFormatModifierPlaneCount, 2);
      /* The tiling's features, never DISJOINT: memory planes share one
       * binding. */
      const VkFormatFeatureFlags tiling_features =
         mod == DRM_FORMAT_MOD_LINEAR ? plain.formatProperties.linearTilingFeatures
                                      : plain.formatProperties.optimalTilingFeatures;
      CHECK_EQ(props[i].drmFormatModifierTilingFeatures,
               tiling_features & ~VK_FORMAT_FEATURE_DISJOINT_BIT);

      VkImage a = VK_NULL_HANDLE, b = VK_NULL_HANDLE;
      REQUIRE(VKT_CHECK(create_from_list(&t, f, W, H, &mod, 1, &a)));
      CHECK_EQ_U64(image_modifier(&t, a), mod);
      VkMemoryRequirements mr;
      vkGetImageMemoryRequirements(t.dev, a, &mr);
      const VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = mr.size,
         .memoryTypeIndex =
            vkt_memory_type(&t, mr.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT),
      };
      VkDeviceMemory mem;
      REQUIRE(VKT_CHECK(vkAllocateMemory(t.dev, &mai, NULL, &mem)));
      REQUIRE(VKT_CHECK(vkBindImageMemory(t.dev, a, mem, 0)));
      VkSubresourceLayout pl[2];
      for (uint32_t p = 0; p < 2; p++)
         vkGetImageSubresourceLayout(
            t.dev, a,
            &(VkImageSubresource){p ? VK_IMAGE_ASPECT_MEMORY_PLANE_1_BIT_EXT
                                    : VK_IMAGE_ASPECT_MEMORY_PLANE_0_BIT_EXT,
                                  0, 0},
            &pl[p]);
      CHECK(pl[0].size > 0 && pl[1].size > 0);
      CHECK(pl[1].offset >= pl[0].offset + pl[0].size ||
            pl[0].offset >= pl[1].offset + pl[1].size);
      CHECK(pl[0].offset + pl[0].size <= mr.size && pl[1].offset + pl[1].size <= mr.size);

      vkt_fill_pattern(in.map, BYTES, 40 + i);
      nv12_copy(&t, a, in.buffer, true, VK_IMAGE_LAYOUT_UNDEFINED);
      if (mod == DRM_FORMAT_MOD_LINEAR) {
         uint8_t *map;
         REQUIRE(VKT_CHECK(vkMapMemory(t.dev, mem, 0, VK_WHOLE_SIZE, 0, (void **)&map)));
         bool same = true;
         for (uint32_t y = 0; y < H; y++)
            same &= !memcmp(map + pl[0].offset + y * pl[0].rowPitch, in.map + y * W, W);
         for (uint32_t y = 0; y < H / 2; y++)
            same &= !memcmp(map + pl[1].offset + y * pl[1].rowPitch,
                            in.map + W * H + y * W, W);
         CHECK(same);
         vkUnmapMemory(t.dev, mem);
      }

      /* The same memory through an explicit image (sizes must be 0,
       * VUID-...-size-02267; PREINITIALIZED keeps the contents). */
      VkSubresourceLayout given[3] = {pl[0], pl[1], pl[1]};
      for (uint32_t p = 0; p < 3; p++)
         given[p].size = 0;
      const VkImageDrmFormatModifierExplicitCreateInfoEXT explicit = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
         .drmFormatModifier = mod,
         .drmFormatModifierPlaneCount = 2,
         .pPlaneLayouts = given,
      };
      VkImageCreateInfo ci = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
         .pNext = &explicit,
         .imageType = VK_IMAGE_TYPE_2D,
         .format = f,
         .extent = {W, H, 1},
         .mipLevels = 1,
         .arrayLayers = 1,
         .samples = VK_SAMPLE_COUNT_1_BIT,
         .tiling = VK_IMAGE_TILING_DRM_FORMAT_MODIFIER_EXT,
         .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
         .initialLayout = VK_IMAGE_LAYOUT_PREINITIALIZED,
      };
      REQUIRE(VKT_CHECK(vkCreateImage(t.dev, &ci, NULL, &b)));
      REQUIRE(VKT_CHECK(vkBindImageMemory(t.dev, b, mem, 0)));
      memset(out.map, 0, BYTES);
      nv12_copy(&t, b, out.buffer, false, VK_IMAGE_LAYOUT_PREINITIALIZED);
      if (!CHECK(memcmp(out.map, in.map, BYTES) == 0))
         printf("  modifier 0x%016llx\n", (unsigned long long)mod);
      vkDestroyImage(t.dev, b, NULL);

      /* LINEAR: an explicit layout of our own (chroma 4 KiB further on,
       * with a wider pitch) is honoured byte for byte. */
      if (mod == DRM_FORMAT_MOD_LINEAR) {
         VkSubresourceLayout moved[2] = {given[0], given[1]};
         moved[1].offset += 4096;
         moved[1].rowPitch += 64;
         const VkImageDrmFormatModifierExplicitCreateInfoEXT mexp = {
            .sType = VK_STRUCTURE_TYPE_IMAGE_DRM_FORMAT_MODIFIER_EXPLICIT_CREATE_INFO_EXT,
            .drmFormatModifier = mod,
            .drmFormatModifierPlaneCount = 2,
            .pPlaneLayouts = moved,
         };
         ci.pNext = &mexp;
         ci.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
         VkImage c;
         REQUIRE(VKT_CHECK(vkCreateImage(t.dev, &ci, NULL, &c)));
         VkMemoryRequirements cr;
         vkGetImageMemoryRequirements(t.dev, c, &cr);
         CHECK(cr.size >= moved[1].offset + moved[1].rowPitch * (H / 2 - 1) + W);
         VkMemoryAllocateInfo cai = mai;
         cai.allocationSize = cr.size;
         VkDeviceMemory cmem;
         REQUIRE(VKT_CHECK(vkAllocateMemory(t.dev, &cai, NULL, &cmem)));
         REQUIRE(VKT_CHECK(vkBindImageMemory(t.dev, c, cmem, 0)));
         nv12_copy(&t, c, in.buffer, true, VK_IMAGE_LAYOUT_UNDEFINED);
         uint8_t *map;
         REQUIRE(VKT_CHECK(vkMapMemory(t.dev, cmem, 0, VK_WHOLE_SIZE, 0, (void **)&map)));
         bool same = true;
         for (uint32_t y = 0; y < H / 2; y++)
            same &= !memcmp(map + moved[1].offset + y * moved[1].rowPitch,
                            in.map + W * H + y * W, W);
         CHECK(same);
         vkUnmapMemory(t.dev, cmem);
         vkDestroyImage(t.dev, c, NULL);
         vkFreeMemory(t.dev, cmem, NULL);
      }

      /* One plane layout or three for a two-plane modifier. */
      vkt_expect_validation_errors_begin(&t);
      VKT_CHECK_RESULT(create_explicit(&t, VK_IMAGE_TYPE_2D, f, (VkExtent3D){W, H, 1}, 1,
                                       VK_SAMPLE_COUNT_1_BIT, mod, 1, given),
                       VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT);
      VKT_CHECK_RESULT(create_explicit(&t, VK_IMAGE_TYPE_2D, f, (VkExtent3D){W, H, 1}, 1,
                                       VK_SAMPLE_COUNT_1_BIT, mod, 3, given),
                       VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT);
      /* (VUID-...-drmFormatModifierPlaneCount-02265; Debian's layer does
       * not check it, so no count of messages is expected.) */
      vkt_expect_validation_errors_end(&t);

      vkDestroyImage(t.dev, a, NULL);
      vkFreeMemory(t.dev, mem, NULL);
   }
   printf("  %u NV12 modifiers\n", list.drmFormatModifierCount);
   vkt_buffer_destroy(&t, &in);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* A dedicated import of `fd` for an image made from `d` (explicit layouts),
 * with allocationSize `alloc_B` instead of the image's requirement: what an
 * importer that sizes memory by the dma-buf (lseek) does. The fd is
 * consumed only on success, which also frees the memory here. */
static VkResult
import_sized(struct vkt *t, const struct share_desc *d, int fd, VkDeviceSize alloc_B)
{
   VkImage image;
   VkResult r = share_desc_image_create(t, d, &image);
   if (r != VK_SUCCESS)
      return r;
   VkMemoryRequirements mr;
   vkGetImageMemoryRequirements(t->dev, image, &mr);
   const VkImportMemoryFdInfoKHR imp = {
      .sType = VK_STRUCTURE_TYPE_IMPORT_MEMORY_FD_INFO_KHR,
      .handleType = VK_EXTERNAL_MEMORY_HANDLE_TYPE_DMA_BUF_BIT_EXT,
      .fd = fd,
   };
   const VkMemoryDedicatedAllocateInfo ded = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO,
      .pNext = &imp,
      .image = image,
   };
   VkDeviceMemory mem;
   r = vkAllocateMemory(t->dev,
                        &(VkMemoryAllocateInfo){
                           .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
                           .pNext = &ded,
                           .allocationSize = alloc_B,
                           .memoryTypeIndex = vkt_memory_type(t, mr.memoryTypeBits, 0),
                        },
                        NULL, &mem);
   if (r == VK_SUCCESS)
      vkFreeMemory(t->dev, mem, NULL);
   vkDestroyImage(t->dev, image, NULL);
   return r;
}

/* Bad descriptions of a multi-planar image on the import side (what
 * kiln-interop-matrix's importer, share_import, gets over the socket): each
 * refused with the VkResult the spec names, the fd still the caller's, and
 * the right description still imports pixel-exact afterwards.
 * - A plane layout missing, one too many, none: Vulkan 1.3.239,
 *   VkImageDrmFormatModifierExplicitCreateInfoEXT: "drmFormatModifierPlaneCount
 *   is the number of memory planes in the image (as reported by
 *   VkDrmFormatModifierPropertiesEXT)", and "If this validation fails, then
 *   vkCreateImage returns VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT".
 *   Debian's layer does not check the count against the modifier's
 *   (VUID-...-02265), only that it is not 0: whatever it says is tolerated,
 *   not required. A count the description cannot carry stops in
 *   share_import with the same result.
 * - A plane offset the modifier cannot start a plane at: the same result.
 * - A plane offset past the end of the dma-buf: the layout itself is valid,
 *   the memory is not; "An external handle is not a valid handle of the
 *   specified type" (Return Codes: VK_ERROR_INVALID_EXTERNAL_HANDLE) from
 *   vkAllocateMemory, both with allocationSize from the image's requirements
 *   and with the dma-buf's own size (the driver checks what the image needs
 *   either way: before it did, the second imported a dma-buf smaller than
 *   the planes; that one is also invalid usage, which Debian's layer
 *   reports as VUID-VkMemoryDedicatedAllocateInfo-image-01433). */
TEST(multi_planar_bad_imports)
{
   struct vkt t;
   const struct vkt_req req = share_req();
   if (!vkt_init(&t, &req))
      return;
   static const VkFormat formats[] = {VK_FORMAT_G8_B8R8_2PLANE_420_UNORM,
                                      VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM};
   const uint64_t mods[] = {DRM_FORMAT_MOD_LINEAR, BL(1)};
   const VkResult bad_layout = VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT;
   unsigned cases = 0;
   for (unsigned fi = 0; fi < ARRAY_SIZE(formats); fi++) {
      for (unsigned mi = 0; mi < ARRAY_SIZE(mods); mi++) {
         const VkFormat f = formats[fi];
         const uint32_t planes = share_format_plane_count(f);
         if (!CHECK_EQ(share_modifier_plane_count(&t, f, mods[mi]), planes))
            continue;
         struct share_image a, b;
         int fd;
         struct share_desc d;
         REQUIRE(share_export(&t, f, mods[mi], 66, 34, 300 + fi * 4 + mi, &a, &fd, &d));
         CHECK_EQ(d.plane_count, planes);
         const char *name = share_format_name(f);

         /* Wrong plane counts. */
         const uint32_t counts[] = {planes - 1, planes + 1, 0, SHARE_MAX_PLANES + 3};
         for (unsigned c = 0; c < ARRAY_SIZE(counts); c++) {
            struct share_desc w = d;
            w.plane_count = counts[c];
            if (counts[c] > planes && counts[c] <= SHARE_MAX_PLANES)
               w.planes[planes] = d.planes[planes - 1];
            vkt_expect_validation_errors_begin(&t);
            const VkResult r = share_import(&t, &w, fd, &b);
            vkt_expect_validation_errors_end(&t);
            printf("  %s 0x%016llx: %u plane layouts for %u planes: %s\n", name,
                   (unsigned long long)d.modifier, counts[c], planes, vkt_result_str(r));
            CHECK(VKT_CHECK_RESULT(r, bad_layout));
            CHECK(fd_is_open(fd));
            share_image_destroy(&t, &b);
            cases++;
         }

         /* The last plane 32 B off (LINEAR planes start at 64 B multiples,
          * block-linear ones at GOBs). */
         struct share_desc w = d;
         w.planes[planes - 1].offset_B += 32;
         VkResult r = share_import(&t, &w, fd, &b);
         printf("  %s 0x%016llx: plane %u at offset %llu: %s\n", name,
                (unsigned long long)d.modifier, planes - 1,
                (unsigned long long)w.planes[planes - 1].offset_B, vkt_result_str(r));
         CHECK(VKT_CHECK_RESULT(r, bad_layout));
         CHECK(fd_is_open(fd));
         share_image_destroy(&t, &b);
         cases++;

         /* The last plane past the end of the dma-buf. */
         w = d;
         w.planes[planes - 1].offset_B = ALIGN_POT(d.size_B, 4096) + 4096;
         r = share_import(&t, &w, fd, &b);
         printf("  %s 0x%016llx: plane %u at offset %llu of a %llu-byte dma-buf: %s\n",
                name, (unsigned long long)d.modifier, planes - 1,
                (unsigned long long)w.planes[planes - 1].offset_B,
                (unsigned long long)d.size_B, vkt_result_str(r));
         CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
         CHECK(fd_is_open(fd));
         share_image_destroy(&t, &b);
         cases++;

         /* The same, with allocationSize the dma-buf's size. */
         const int dup_fd = dup(fd);
         REQUIRE(dup_fd >= 0);
         vkt_expect_validation_errors_begin(&t);
         r = import_sized(&t, &w, dup_fd, d.size_B);
         vkt_expect_validation_errors_end(&t);
         printf("  %s 0x%016llx: the same, allocationSize %llu: %s\n", name,
                (unsigned long long)d.modifier, (unsigned long long)d.size_B,
                vkt_result_str(r));
         CHECK(VKT_CHECK_RESULT(r, VK_ERROR_INVALID_EXTERNAL_HANDLE));
         if (r != VK_SUCCESS) {
            CHECK(fd_is_open(dup_fd));
            close(dup_fd);
         }
         cases++;

         /* The right description still imports, every plane intact. */
         CHECK(VKT_CHECK(share_import(&t, &d, fd, &b)));
         CHECK(share_check(&t, &b, d.seed));
         share_image_destroy(&t, &b);
         share_image_destroy(&t, &a);
      }
   }
   printf("  %u bad multi-planar imports refused\n", cases);
   vkt_finish(&t);
}
