/* SPDX-License-Identifier: MIT */
/*
 * VK_KHR_sampler_ycbcr_conversion: multi-planar formats (features, plane
 * layouts, per-plane copies, disjoint planes) and sampling through a
 * conversion, compared with a C reference of the spec's formulas.
 *
 * Lavapipe (Mesa 22.3) does not expose the extension, so these tests skip
 * there; on kiln they run with the validation layer, which fails any test
 * that feeds the driver something invalid (bad-input checks wrap their
 * calls in vkt_expect_validation_errors_begin/end).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vkt.h"
#include "vkt_compute.h"

#include "sample_points_comp.h"

static const char *const ycbcr_exts[] = {
   VK_KHR_SAMPLER_YCBCR_CONVERSION_EXTENSION_NAME, VK_KHR_MAINTENANCE1_EXTENSION_NAME,
   VK_KHR_BIND_MEMORY_2_EXTENSION_NAME, VK_KHR_GET_MEMORY_REQUIREMENTS_2_EXTENSION_NAME};

static bool
ycbcr_init(struct vkt *t)
{
   static VkPhysicalDeviceSamplerYcbcrConversionFeatures feat = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_YCBCR_CONVERSION_FEATURES,
      .samplerYcbcrConversion = VK_TRUE,
   };
   const struct vkt_req req = {
      .extensions = ycbcr_exts,
      .extension_count = ARRAY_SIZE(ycbcr_exts),
      .features = &feat,
   };
   return vkt_init(t, &req);
}

/* ycbcr_init for tests of kiln's own behaviour; elsewhere the test is
 * skipped (false) with `why`. */
static bool
ycbcr_init_kiln_only(struct vkt *t, const char *why)
{
   if (!ycbcr_init(t))
      return false;
   if (!t->is_kiln) {
      vkt_skip(why);
      vkt_finish(t);
      return false;
   }
   return true;
}

/* The formats kiln lays out: plane count, per-plane texel size and
 * subsampling (Vulkan 1.3, 34.1.1 "Compatible formats of planes of
 * multi-planar formats") and the plane-compatible single-plane formats. */
static const struct mp_format {
   VkFormat format;
   const char *name;
   uint32_t planes;
   uint32_t texel_B[3];
   uint32_t div[3][2];
   VkFormat plane_format[3];
   uint32_t bits;
} mp_formats[] = {
   {VK_FORMAT_G8_B8R8_2PLANE_420_UNORM,
    "NV12",
    2,
    {1, 2},
    {{1, 1}, {2, 2}},
    {VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM},
    8},
   {VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM,
    "I420",
    3,
    {1, 1, 1},
    {{1, 1}, {2, 2}, {2, 2}},
    {VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM},
    8},
   {VK_FORMAT_G8_B8R8_2PLANE_422_UNORM,
    "NV16",
    2,
    {1, 2},
    {{1, 1}, {2, 1}},
    {VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM},
    8},
   {VK_FORMAT_G8_B8_R8_3PLANE_422_UNORM,
    "I422",
    3,
    {1, 1, 1},
    {{1, 1}, {2, 1}, {2, 1}},
    {VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM},
    8},
   {VK_FORMAT_G8_B8_R8_3PLANE_444_UNORM,
    "I444",
    3,
    {1, 1, 1},
    {{1, 1}, {1, 1}, {1, 1}},
    {VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM, VK_FORMAT_R8_UNORM},
    8},
   {VK_FORMAT_G16_B16R16_2PLANE_420_UNORM,
    "P016",
    2,
    {2, 4},
    {{1, 1}, {2, 2}},
    {VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM},
    16},
};

static const VkImageAspectFlagBits plane_aspect[3] = {
   VK_IMAGE_ASPECT_PLANE_0_BIT, VK_IMAGE_ASPECT_PLANE_1_BIT, VK_IMAGE_ASPECT_PLANE_2_BIT};

/* --- helpers ---------------------------------------------------------------------- */

/* A multi-planar image bound to one allocation (or, disjoint, one per
 * plane, bound with VkBindImagePlaneMemoryInfo). */
struct mp_image {
   VkImage image;
   VkDeviceMemory mem[3];
   uint32_t mem_count;
};

static bool
mp_image_create(struct vkt *t, const struct mp_format *f, uint32_t w, uint32_t h,
                VkImageTiling tiling, VkImageCreateFlags flags, VkImageUsageFlags usage,
                struct mp_image *img)
{
   memset(img, 0, sizeof(*img));
   VkImageCreateInfo ci =
      vkt_image_info(VK_IMAGE_TYPE_2D, f->format, tiling, w, h, 1, 1, 1);
   ci.flags = flags;
   ci.usage |= usage;
   ci.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
   if (!VKT_CHECK(vkCreateImage(t->dev, &ci, NULL, &img->image)))
      return false;
   const bool disjoint = flags & VK_IMAGE_CREATE_DISJOINT_BIT;
   PFN_vkGetImageMemoryRequirements2KHR get_req =
      VKT_PROC(t, vkGetImageMemoryRequirements2KHR);
   PFN_vkBindImageMemory2KHR bind = VKT_PROC(t, vkBindImageMemory2KHR);
   img->mem_count = disjoint ? f->planes : 1;
   VkBindImageMemoryInfo binds[3];
   VkBindImagePlaneMemoryInfo plane_binds[3];
   for (uint32_t p = 0; p < img->mem_count; p++) {
      VkImagePlaneMemoryRequirementsInfo pri = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_PLANE_MEMORY_REQUIREMENTS_INFO,
         .planeAspect = plane_aspect[p],
      };
      const VkImageMemoryRequirementsInfo2 ri = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2,
         .pNext = disjoint ? &pri : NULL,
         .image = img->image,
      };
      VkMemoryRequirements2 mr = {.sType = VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2};
      get_req(t->dev, &ri, &mr);
      const VkMemoryAllocateInfo mai = {
         .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
         .allocationSize = mr.memoryRequirements.size,
         .memoryTypeIndex = vkt_memory_type(t, mr.memoryRequirements.memoryTypeBits,
                                            VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT),
      };
      if (!CHECK(mr.memoryRequirements.size > 0) ||
          !VKT_CHECK(vkAllocateMemory(t->dev, &mai, NULL, &img->mem[p])))
         return false;
      plane_binds[p] = (VkBindImagePlaneMemoryInfo){
         .sType = VK_STRUCTURE_TYPE_BIND_IMAGE_PLANE_MEMORY_INFO,
         .planeAspect = plane_aspect[p],
      };
      binds[p] = (VkBindImageMemoryInfo){
         .sType = VK_STRUCTURE_TYPE_BIND_IMAGE_MEMORY_INFO,
         .pNext = disjoint ? &plane_binds[p] : NULL,
         .image = img->image,
         .memory = img->mem[p],
      };
   }
   if (!VKT_CHECK(bind(t->dev, img->mem_count, binds)))
      return false;
   /* To GENERAL, all planes at once (the COLOR aspect covers them). */
   const struct vkt_image as_vkt = {.image = img->image,
                                    .aspects = VK_IMAGE_ASPECT_COLOR_BIT};
   return vkt_image_to_general(t, &as_vkt, VK_IMAGE_LAYOUT_UNDEFINED);
}

static void
mp_image_destroy(struct vkt *t, struct mp_image *img)
{
   vkDestroyImage(t->dev, img->image, NULL);
   for (uint32_t p = 0; p < img->mem_count; p++)
      vkFreeMemory(t->dev, img->mem[p], NULL);
   memset(img, 0, sizeof(*img));
}

/* A 2D view of the whole image (all planes) through a conversion. */
static VkImageViewCreateInfo
mp_view_info(const struct mp_format *f, const struct mp_image *img,
             const VkSamplerYcbcrConversionInfo *cinfo)
{
   return (VkImageViewCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .pNext = cinfo,
      .image = img->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = f->format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
}

static VkExtent3D
plane_extent(const struct mp_format *f, uint32_t p, uint32_t w, uint32_t h)
{
   return (VkExtent3D){w / f->div[p][0], h / f->div[p][1], 1};
}

static uint64_t
plane_size_B(const struct mp_format *f, uint32_t p, uint32_t w, uint32_t h)
{
   const VkExtent3D e = plane_extent(f, p, w, h);
   return (uint64_t)e.width * e.height * f->texel_B[p];
}

/* Copies each plane to/from a tightly packed buffer (planes one after the
 * other), with one region per plane in one command. */
static bool
mp_copy_buffer(struct vkt *t, const struct mp_format *f, VkImage image, uint32_t w,
               uint32_t h, VkBuffer buffer, bool to_image)
{
   VkBufferImageCopy regions[3];
   uint64_t off = 0;
   for (uint32_t p = 0; p < f->planes; p++) {
      regions[p] = (VkBufferImageCopy){
         .bufferOffset = off,
         .imageSubresource = {plane_aspect[p], 0, 0, 1},
         .imageExtent = plane_extent(f, p, w, h),
      };
      off += plane_size_B(f, p, w, h);
   }
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   if (!cmd)
      return false;
   if (to_image)
      vkCmdCopyBufferToImage(cmd, buffer, image, VK_IMAGE_LAYOUT_GENERAL, f->planes,
                             regions);
   else
      vkCmdCopyImageToBuffer(cmd, image, VK_IMAGE_LAYOUT_GENERAL, buffer, f->planes,
                             regions);
   vkt_cmd_barrier(cmd);
   return vkt_cmd_submit_wait(t, cmd);
}

static uint64_t
mp_total_B(const struct mp_format *f, uint32_t w, uint32_t h)
{
   uint64_t s = 0;
   for (uint32_t p = 0; p < f->planes; p++)
      s += plane_size_B(f, p, w, h);
   return s;
}

/* --- format support --------------------------------------------------------------- */

TEST(ycbcr_format_features)
{
   struct vkt t;
   if (!ycbcr_init(&t))
      return;
   /* Vulkan 1.3, 34.3 "Required Format Support", formats requiring sampler
    * Y'CbCr conversion: with samplerYcbcrConversion, NV12 and I420 must
    * have these with OPTIMAL tiling. */
   const VkFormatFeatureFlags required =
      VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
      VK_FORMAT_FEATURE_TRANSFER_DST_BIT | VK_FORMAT_FEATURE_MIDPOINT_CHROMA_SAMPLES_BIT;
   for (unsigned i = 0; i < 2; i++)
      CHECK(vkt_format_has(&t, mp_formats[i].format, VK_IMAGE_TILING_OPTIMAL, required));
   for (unsigned i = 0; i < ARRAY_SIZE(mp_formats); i++) {
      const struct mp_format *f = &mp_formats[i];
      VkFormatProperties fp;
      vkGetPhysicalDeviceFormatProperties(t.pdev, f->format, &fp);
      if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT)) {
         printf("  %s: not supported here\n", f->name);
         continue;
      }
      /* Never buffer features; never what needs explicit reconstruction or
       * a separate filter, which kiln does not implement (kx_ycbcr.h). */
      CHECK_EQ(fp.bufferFeatures, 0);
      if (t.is_kiln) {
#define YCBCR_FEATURE(x) VK_FORMAT_FEATURE_SAMPLED_IMAGE_YCBCR_CONVERSION_##x##_BIT
         const VkFormatFeatureFlags never =
            YCBCR_FEATURE(CHROMA_RECONSTRUCTION_EXPLICIT) |
            YCBCR_FEATURE(CHROMA_RECONSTRUCTION_EXPLICIT_FORCEABLE) |
            YCBCR_FEATURE(SEPARATE_RECONSTRUCTION_FILTER) |
            VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT;
#undef YCBCR_FEATURE
         CHECK_EQ(fp.optimalTilingFeatures & never, 0);
         CHECK_EQ(fp.linearTilingFeatures & never, 0);
         CHECK(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_COSITED_CHROMA_SAMPLES_BIT);
         CHECK(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_DISJOINT_BIT);
      }

      /* One descriptor per combined image sampler; the image limits. */
      VkSamplerYcbcrConversionImageFormatProperties yp = {
         .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_IMAGE_FORMAT_PROPERTIES,
      };
      VkImageFormatProperties2 ip = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2,
                                     .pNext = &yp};
      const VkPhysicalDeviceImageFormatInfo2 ii = {
         .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
         .format = f->format,
         .type = VK_IMAGE_TYPE_2D,
         .tiling = VK_IMAGE_TILING_OPTIMAL,
         .usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
         .flags = VK_IMAGE_CREATE_DISJOINT_BIT,
      };
      PFN_vkGetPhysicalDeviceImageFormatProperties2KHR gifp =
         (PFN_vkGetPhysicalDeviceImageFormatProperties2KHR)vkGetInstanceProcAddr(
            t.instance, "vkGetPhysicalDeviceImageFormatProperties2KHR");
      VKT_CHECK(gifp(t.pdev, &ii, &ip));
      CHECK(yp.combinedImageSamplerDescriptorCount >= 1);
      CHECK(ip.imageFormatProperties.maxExtent.width >= 4096);
      CHECK(ip.imageFormatProperties.maxMipLevels >= 1);
      CHECK(ip.imageFormatProperties.sampleCounts == VK_SAMPLE_COUNT_1_BIT);
      if (t.is_kiln) {
         CHECK_EQ(yp.combinedImageSamplerDescriptorCount, 1);
         /* No storage, no 3D (kil_planar.h). */
         VkImageFormatProperties p1;
         CHECK_EQ(vkGetPhysicalDeviceImageFormatProperties(
                     t.pdev, f->format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                     VK_IMAGE_USAGE_STORAGE_BIT, 0, &p1),
                  VK_ERROR_FORMAT_NOT_SUPPORTED);
         CHECK_EQ(vkGetPhysicalDeviceImageFormatProperties(
                     t.pdev, f->format, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL,
                     VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, &p1),
                  VK_ERROR_FORMAT_NOT_SUPPORTED);
      }
   }
   vkt_finish(&t);
}

/* --- layouts and copies ----------------------------------------------------------- */

/* LINEAR planes: vkGetImageSubresourceLayout per plane agrees with copies.
 * Data written through the mapped memory at the offsets and pitches the
 * query gives must read back, plane by plane, through
 * vkCmdCopyImageToBuffer; and the planes must not overlap. */
TEST(ycbcr_linear_plane_layouts)
{
   struct vkt t;
   if (!ycbcr_init(&t))
      return;
   enum { W = 66, H = 34 };
   for (unsigned i = 0; i < ARRAY_SIZE(mp_formats); i++) {
      const struct mp_format *f = &mp_formats[i];
      if (!vkt_format_has(&t, f->format, VK_IMAGE_TILING_LINEAR,
                          VK_FORMAT_FEATURE_TRANSFER_SRC_BIT))
         continue;
      for (unsigned disjoint = 0; disjoint < 2; disjoint++) {
         struct mp_image img;
         if (!mp_image_create(&t, f, W, H, VK_IMAGE_TILING_LINEAR,
                              disjoint ? VK_IMAGE_CREATE_DISJOINT_BIT : 0, 0, &img))
            break;
         uint8_t *expect = malloc(mp_total_B(f, W, H));
         vkt_fill_pattern(expect, mp_total_B(f, W, H), 17 + i);
         uint64_t packed = 0, prev_end = 0;
         for (uint32_t p = 0; p < f->planes; p++) {
            const VkImageSubresource sub = {plane_aspect[p], 0, 0};
            VkSubresourceLayout l;
            vkGetImageSubresourceLayout(t.dev, img.image, &sub, &l);
            const VkExtent3D e = plane_extent(f, p, W, H);
            const uint32_t row_B = e.width * f->texel_B[p];
            CHECK(l.rowPitch >= row_B);
            CHECK(l.size >= l.rowPitch * (e.height - 1) + row_B);
            if (disjoint) {
               CHECK_EQ(l.offset, 0); /* from the plane's own binding */
            } else {
               CHECK(l.offset >= prev_end); /* planes in order, apart */
               prev_end = l.offset + l.size;
            }
            uint8_t *map;
            VKT_CHECK(vkMapMemory(t.dev, img.mem[disjoint ? p : 0], 0, VK_WHOLE_SIZE, 0,
                                  (void **)&map));
            for (uint32_t y = 0; y < e.height; y++)
               memcpy(map + l.offset + y * l.rowPitch,
                      expect + packed + (uint64_t)y * row_B, row_B);
            vkUnmapMemory(t.dev, img.mem[disjoint ? p : 0]);
            packed += plane_size_B(f, p, W, H);
         }
         struct vkt_buffer out;
         REQUIRE(vkt_buffer_create(&t, mp_total_B(f, W, H),
                                   VK_BUFFER_USAGE_TRANSFER_DST_BIT, &out));
         CHECK(mp_copy_buffer(&t, f, img.image, W, H, out.buffer, false));
         if (!CHECK(memcmp(out.map, expect, mp_total_B(f, W, H)) == 0))
            printf("  %s disjoint %u\n", f->name, disjoint);
         vkt_buffer_destroy(&t, &out);
         free(expect);
         mp_image_destroy(&t, &img);
      }
   }
   vkt_finish(&t);
}

/* Every format and tiling: planes uploaded from a buffer, copied plane by
 * plane to a second image (image -> image, PLANE_n to PLANE_n) and to
 * single-plane images of the plane-compatible formats and back, then read
 * back: each step must keep every byte. */
TEST(ycbcr_plane_copies)
{
   struct vkt t;
   if (!ycbcr_init(&t))
      return;
   enum { W = 40, H = 24 };
   unsigned done = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(mp_formats); i++) {
      const struct mp_format *f = &mp_formats[i];
      for (unsigned tl = 0; tl < 2; tl++) {
         const VkImageTiling tiling =
            tl ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL;
         if (!vkt_format_has(&t, f->format, tiling,
                             VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
            continue;
         const uint64_t total = mp_total_B(f, W, H);
         struct vkt_buffer in, out;
         REQUIRE(vkt_buffer_create(&t, total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &in));
         REQUIRE(vkt_buffer_create(
            &t, total,
            VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &out));
         vkt_fill_pattern(in.map, total, 100 + i * 2 + tl);
         struct mp_image a, b;
         REQUIRE(mp_image_create(&t, f, W, H, tiling, 0, 0, &a));
         REQUIRE(mp_image_create(&t, f, W, H, tiling, 0, 0, &b));
         CHECK(mp_copy_buffer(&t, f, a.image, W, H, in.buffer, true));

         /* a -> b plane by plane; a plane -> single-plane image -> b again
          * (the second copy rewrites what the first wrote). */
         struct vkt_image single[3];
         VkCommandBuffer cmd = vkt_cmd_begin(&t);
         REQUIRE(cmd);
         VkImageCopy regions[3];
         for (uint32_t p = 0; p < f->planes; p++)
            regions[p] = (VkImageCopy){
               .srcSubresource = {plane_aspect[p], 0, 0, 1},
               .dstSubresource = {plane_aspect[p], 0, 0, 1},
               .extent = plane_extent(f, p, W, H),
            };
         vkCmdCopyImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image,
                        VK_IMAGE_LAYOUT_GENERAL, f->planes, regions);
         REQUIRE(vkt_cmd_submit_wait(&t, cmd));
         CHECK(mp_copy_buffer(&t, f, b.image, W, H, out.buffer, false));
         if (!CHECK(memcmp(out.map, in.map, total) == 0))
            printf("  %s tiling %d: image -> image\n", f->name, tiling);

         memset(out.map, 0, total);
         for (uint32_t p = 0; p < f->planes; p++) {
            const VkExtent3D e = plane_extent(f, p, W, H);
            const VkImageCreateInfo sci =
               vkt_image_info(VK_IMAGE_TYPE_2D, f->plane_format[p],
                              VK_IMAGE_TILING_OPTIMAL, e.width, e.height, 1, 1, 1);
            REQUIRE(vkt_image_create(&t, &sci, &single[p]));
            REQUIRE(vkt_image_to_general(&t, &single[p], VK_IMAGE_LAYOUT_UNDEFINED));
         }
         /* Clear b's planes through the buffer of zeros first. */
         CHECK(mp_copy_buffer(&t, f, b.image, W, H, out.buffer, true));
         cmd = vkt_cmd_begin(&t);
         REQUIRE(cmd);
         for (uint32_t p = 0; p < f->planes; p++) {
            const VkImageCopy to_single = {
               .srcSubresource = {plane_aspect[p], 0, 0, 1},
               .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
               .extent = plane_extent(f, p, W, H),
            };
            vkCmdCopyImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, single[p].image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &to_single);
         }
         vkt_cmd_barrier(cmd);
         for (uint32_t p = 0; p < f->planes; p++) {
            const VkImageCopy from_single = {
               .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
               .dstSubresource = {plane_aspect[p], 0, 0, 1},
               .extent = plane_extent(f, p, W, H),
            };
            vkCmdCopyImage(cmd, single[p].image, VK_IMAGE_LAYOUT_GENERAL, b.image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &from_single);
         }
         REQUIRE(vkt_cmd_submit_wait(&t, cmd));
         CHECK(mp_copy_buffer(&t, f, b.image, W, H, out.buffer, false));
         if (!CHECK(memcmp(out.map, in.map, total) == 0))
            printf("  %s tiling %d: through single-plane images\n", f->name, tiling);

         for (uint32_t p = 0; p < f->planes; p++)
            vkt_image_destroy(&t, &single[p]);
         mp_image_destroy(&t, &a);
         mp_image_destroy(&t, &b);
         vkt_buffer_destroy(&t, &in);
         vkt_buffer_destroy(&t, &out);
         done++;
      }
   }
   printf("  %u format/tiling pairs\n", done);
   vkt_finish(&t);
}

/* Disjoint planes: each plane's memory requirements and binding on its
 * own; copies reach each plane's own memory (checked through a map of
 * that memory for LINEAR, through copies for OPTIMAL). */
TEST(ycbcr_disjoint_planes)
{
   struct vkt t;
   if (!ycbcr_init(&t))
      return;
   enum { W = 32, H = 16 };
   const struct mp_format *f = &mp_formats[0]; /* NV12 */
   if (!vkt_format_has(&t, f->format, VK_IMAGE_TILING_OPTIMAL,
                       VK_FORMAT_FEATURE_DISJOINT_BIT)) {
      vkt_skip("no disjoint NV12");
      vkt_finish(&t);
      return;
   }
   for (unsigned tl = 0; tl < 2; tl++) {
      const VkImageTiling tiling = tl ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL;
      struct mp_image img;
      REQUIRE(
         mp_image_create(&t, f, W, H, tiling, VK_IMAGE_CREATE_DISJOINT_BIT, 0, &img));
      const uint64_t total = mp_total_B(f, W, H);
      struct vkt_buffer in, out;
      REQUIRE(vkt_buffer_create(&t, total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &in));
      REQUIRE(vkt_buffer_create(&t, total, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &out));
      vkt_fill_pattern(in.map, total, 7 + tl);
      CHECK(mp_copy_buffer(&t, f, img.image, W, H, in.buffer, true));
      CHECK(mp_copy_buffer(&t, f, img.image, W, H, out.buffer, false));
      CHECK(memcmp(out.map, in.map, total) == 0);
      if (tiling == VK_IMAGE_TILING_LINEAR) {
         /* The CbCr plane's bytes are in the second memory, at offset 0. */
         const VkImageSubresource sub = {VK_IMAGE_ASPECT_PLANE_1_BIT, 0, 0};
         VkSubresourceLayout l;
         vkGetImageSubresourceLayout(t.dev, img.image, &sub, &l);
         uint8_t *map;
         VKT_CHECK(vkMapMemory(t.dev, img.mem[1], 0, VK_WHOLE_SIZE, 0, (void **)&map));
         const uint64_t y_B = plane_size_B(f, 0, W, H);
         bool same = true;
         for (uint32_t y = 0; y < H / 2; y++)
            same &= memcmp(map + l.offset + y * l.rowPitch, in.map + y_B + y * W, W) == 0;
         CHECK(same);
         vkUnmapMemory(t.dev, img.mem[1]);
      }
      vkt_buffer_destroy(&t, &in);
      vkt_buffer_destroy(&t, &out);
      mp_image_destroy(&t, &img);
   }
   vkt_finish(&t);
}

/* --- sampling --------------------------------------------------------------------- */

/* The C reference: Vulkan 1.3, 16.1.x "Sampler Y'CbCr Conversion". Planes
 * hold the stored values as normalized floats. */
struct ref_planes {
   uint32_t w, h;
   const struct mp_format *f;
   float *y, *cb, *cr; /* full-, chroma- and chroma-resolution arrays */
   uint32_t cw, ch;
};

static float
ref_at(const float *p, uint32_t w, uint32_t h, int64_t x, int64_t y)
{
   x = x < 0 ? 0 : x >= w ? w - 1 : x;
   y = y < 0 ? 0 : y >= h ? h - 1 : y;
   return p[y * w + x];
}

/* Texel filtering (16.8: nearest floor(u), linear around u - 0.5), clamp to
 * edge, at unnormalized (x, y) of a w x h plane. */
static float
ref_filter(const float *p, uint32_t w, uint32_t h, float x, float y, bool linear)
{
   if (!linear)
      return ref_at(p, w, h, (int64_t)floor(x), (int64_t)floor(y));
   const double fx = x - 0.5, fy = y - 0.5;
   const int64_t x0 = (int64_t)floor(fx), y0 = (int64_t)floor(fy);
   const double a = fx - x0, b = fy - y0;
   return (float)((1 - a) * (1 - b) * ref_at(p, w, h, x0, y0) +
                  a * (1 - b) * ref_at(p, w, h, x0 + 1, y0) +
                  (1 - a) * b * ref_at(p, w, h, x0, y0 + 1) +
                  a * b * ref_at(p, w, h, x0 + 1, y0 + 1));
}

/* Implicit chroma reconstruction: the chroma plane sampled at the luma
 * sample's location. Chroma sample k of a plane subsampled by 2 sits on
 * luma texel 2k's centre (COSITED_EVEN) or between texels 2k and 2k + 1
 * (MIDPOINT), so luma position x (in luma texels) is chroma position
 * x / 2 + 0.25 or x / 2 (in chroma texels). */
static float
ref_chroma(const struct ref_planes *r, const float *plane, float u, float v, bool linear,
           VkChromaLocation xo, VkChromaLocation yo)
{
   const uint32_t dx = r->w / r->cw, dy = r->h / r->ch;
   float x = u * r->w / dx, y = v * r->h / dy;
   if (dx == 2 && xo == VK_CHROMA_LOCATION_COSITED_EVEN)
      x += 0.25f;
   if (dy == 2 && yo == VK_CHROMA_LOCATION_COSITED_EVEN)
      y += 0.25f;
   return ref_filter(plane, r->cw, r->ch, x, y, linear);
}

/* Range expansion and model conversion, written from the spec's tables:
 * ITU full range Cb' = Cb - 2^(n-1) / (2^n - 1); ITU narrow range
 * Y' = (Y (2^n - 1) - 16 * 2^(n-8)) / (219 * 2^(n-8)), Cb' = (Cb (2^n - 1) -
 * 128 * 2^(n-8)) / (224 * 2^(n-8)); the BT.709, BT.601 and BT.2020 matrices
 * with the spec's coefficients. */
static void
ref_convert(VkSamplerYcbcrModelConversion model, VkSamplerYcbcrRange range, uint32_t n,
            float gy, float bcb, float rcr, float out[4])
{
   out[3] = 1.0f;
   if (model == VK_SAMPLER_YCBCR_MODEL_CONVERSION_RGB_IDENTITY) {
      out[0] = rcr, out[1] = gy, out[2] = bcb;
      return;
   }
   const double max = (double)((1u << n) - 1), s = (double)(1u << (n - 8));
   double Y, Cb, Cr;
   if (range == VK_SAMPLER_YCBCR_RANGE_ITU_NARROW) {
      Y = (gy * max - 16 * s) / (219 * s);
      Cb = (bcb * max - 128 * s) / (224 * s);
      Cr = (rcr * max - 128 * s) / (224 * s);
   } else {
      Y = gy;
      Cb = bcb - (double)(1u << (n - 1)) / max;
      Cr = rcr - (double)(1u << (n - 1)) / max;
   }
   switch (model) {
   case VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_709:
      out[0] = (float)(Y + 1.5748 * Cr);
      out[1] = (float)(Y - 0.13397432 / 0.7152 * Cb - 0.33480248 / 0.7152 * Cr);
      out[2] = (float)(Y + 1.8556 * Cb);
      break;
   case VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_601:
      out[0] = (float)(Y + 1.402 * Cr);
      out[1] = (float)(Y - 0.202008 / 0.587 * Cb - 0.419198 / 0.587 * Cr);
      out[2] = (float)(Y + 1.772 * Cb);
      break;
   case VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_2020:
      out[0] = (float)(Y + 1.4746 * Cr);
      out[1] = (float)(Y - 0.11156702 / 0.6780 * Cb - 0.38737742 / 0.6780 * Cr);
      out[2] = (float)(Y + 1.8814 * Cb);
      break;
   default: /* YCBCR_IDENTITY */
      out[0] = (float)Cr, out[1] = (float)Y, out[2] = (float)Cb;
      break;
   }
}

/* The conversion's own swizzle used in some configurations: R and B
 * swapped (so the "Cr" input is the stored Cb and vice versa), and alpha
 * ONE. */
static void
ref_sample(const struct ref_planes *r, float u, float v, bool linear, VkChromaLocation xo,
           VkChromaLocation yo, VkSamplerYcbcrModelConversion model,
           VkSamplerYcbcrRange range, bool swap, float out[4])
{
   const float g = ref_filter(r->y, r->w, r->h, u * r->w, v * r->h, linear);
   const float b = ref_chroma(r, r->cb, u, v, linear, xo, yo);
   const float rr = ref_chroma(r, r->cr, u, v, linear, xo, yo);
   ref_convert(model, range, r->f->bits, g, swap ? rr : b, swap ? b : rr, out);
}

/* At luma texel centres, linear implicit reconstruction must equal the
 * spec's explicit reconstruction formulas (16.1.x "Chroma Reconstruction"):
 * cosited: even i -> C(i/2), odd i -> (C(i/2) + C(i/2 + 1)) / 2; midpoint:
 * even i -> C(i/2 - 1) / 4 + 3 C(i/2) / 4, odd i -> 3 C(i/2) / 4 +
 * C(i/2 + 1) / 4 (clamped at the edges). A check of the reference itself. */
static void
check_reference_against_explicit(const struct ref_planes *r)
{
   if (r->w / r->cw != 2 || r->h / r->ch != 2)
      return;
   bool ok = true;
   for (uint32_t j = 0; j < r->h; j++)
      for (uint32_t i = 0; i < r->w; i++)
         for (unsigned mid = 0; mid < 2; mid++) {
            double wx[2][2], wy[2][2]; /* (index offset, weight) pairs */
            const int64_t ki = i / 2, kj = j / 2;
            int64_t xi[2], yj[2];
            for (unsigned a = 0; a < 2; a++) {
               const uint32_t c = a ? j : i;
               const int64_t k = a ? kj : ki;
               int64_t *idx = a ? yj : xi;
               double(*w)[2] = a ? wy : wx;
               if (!mid) {
                  idx[0] = k, idx[1] = k + 1;
                  w[0][0] = c % 2 ? 0.5 : 1.0, w[1][0] = c % 2 ? 0.5 : 0.0;
               } else if (c % 2 == 0) {
                  idx[0] = k - 1, idx[1] = k;
                  w[0][0] = 0.25, w[1][0] = 0.75;
               } else {
                  idx[0] = k, idx[1] = k + 1;
                  w[0][0] = 0.75, w[1][0] = 0.25;
               }
            }
            double want = 0;
            for (unsigned a = 0; a < 2; a++)
               for (unsigned b = 0; b < 2; b++)
                  want += wx[a][0] * wy[b][0] * ref_at(r->cb, r->cw, r->ch, xi[a], yj[b]);
            const VkChromaLocation loc =
               mid ? VK_CHROMA_LOCATION_MIDPOINT : VK_CHROMA_LOCATION_COSITED_EVEN;
            const float got =
               ref_chroma(r, r->cb, (i + 0.5f) / r->w, (j + 0.5f) / r->h, true, loc, loc);
            ok &= fabs(got - want) < 1e-5;
         }
   CHECK(ok);
}

/* Samples NV12, I420 and the 16-bit 4:2:0 format through conversions:
 * every model with both ranges, nearest and linear chroma, both chroma
 * locations, at every luma texel centre and at points between texels.
 * Tolerance: 1/512 (float arithmetic on both sides; a wrong plane, offset
 * or coefficient is off by far more). */
TEST(ycbcr_sampling_matches_reference)
{
   struct vkt t;
   if (!ycbcr_init(&t))
      return;
   PFN_vkCreateSamplerYcbcrConversionKHR create_conv =
      VKT_PROC(&t, vkCreateSamplerYcbcrConversionKHR);
   PFN_vkDestroySamplerYcbcrConversionKHR destroy_conv =
      VKT_PROC(&t, vkDestroySamplerYcbcrConversionKHR);
   enum { W = 8, H = 6, NPTS = W * H + 32 };
   static const VkSamplerYcbcrModelConversion models[] = {
      VK_SAMPLER_YCBCR_MODEL_CONVERSION_RGB_IDENTITY,
      VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_IDENTITY,
      VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_709,
      VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_601,
      VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_2020};
   const unsigned format_idx[] = {0, 1, 5};

   struct vkt_buffer pts, out;
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &pts));
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   float *pt = (float *)pts.map;
   for (uint32_t j = 0; j < H; j++)
      for (uint32_t i = 0; i < W; i++) {
         float *q = &pt[(j * W + i) * 4];
         q[0] = (i + 0.5f) / W, q[1] = (j + 0.5f) / H, q[2] = 0, q[3] = 0;
      }
   for (uint32_t k = W * H; k < NPTS; k++) {
      /* Between texels, and past the edges (clamped). */
      float *q = &pt[k * 4];
      q[0] = -0.1f + 1.2f * (float)((k * 37) % 64) / 63.0f;
      q[1] = -0.1f + 1.2f * (float)((k * 11) % 64) / 63.0f;
      q[2] = 0, q[3] = 0;
   }

   unsigned configs = 0;
   for (unsigned fi = 0; fi < ARRAY_SIZE(format_idx); fi++) {
      const struct mp_format *f = &mp_formats[format_idx[fi]];
      if (!vkt_format_has(
             &t, f->format, VK_IMAGE_TILING_OPTIMAL,
             VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                VK_FORMAT_FEATURE_SAMPLED_IMAGE_YCBCR_CONVERSION_LINEAR_FILTER_BIT |
                VK_FORMAT_FEATURE_COSITED_CHROMA_SAMPLES_BIT |
                VK_FORMAT_FEATURE_MIDPOINT_CHROMA_SAMPLES_BIT))
         continue;
      /* Random stored values; for 16 bits every value, not just 8-bit ones
       * shifted. */
      const uint64_t total = mp_total_B(f, W, H);
      struct vkt_buffer data;
      REQUIRE(vkt_buffer_create(&t, total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &data));
      vkt_fill_pattern(data.map, total, 1234 + fi);
      struct mp_image img;
      REQUIRE(mp_image_create(&t, f, W, H, VK_IMAGE_TILING_OPTIMAL, 0,
                              VK_IMAGE_USAGE_SAMPLED_BIT, &img));
      CHECK(mp_copy_buffer(&t, f, img.image, W, H, data.buffer, true));

      struct ref_planes r = {
         W, H, f, NULL, NULL, NULL, W / f->div[1][0], H / f->div[1][1]};
      float *store = calloc(W * H + 2 * r.cw * r.ch, sizeof(float));
      r.y = store, r.cb = store + W * H, r.cr = r.cb + r.cw * r.ch;
      const double max = (double)((1u << f->bits) - 1);
      const uint8_t *bytes = data.map;
      const uint32_t comp_B = f->bits / 8;
#define LOAD(off)                                                                        \
   (comp_B == 1 ? bytes[off] : (uint32_t)(bytes[off] | bytes[(off) + 1] << 8))
      for (uint32_t k = 0; k < W * H; k++)
         r.y[k] = (float)(LOAD(k * comp_B) / max);
      const uint64_t c0 = plane_size_B(f, 0, W, H);
      for (uint32_t k = 0; k < r.cw * r.ch; k++) {
         if (f->planes == 2) {
            r.cb[k] = (float)(LOAD(c0 + k * 2 * comp_B) / max);
            r.cr[k] = (float)(LOAD(c0 + k * 2 * comp_B + comp_B) / max);
         } else {
            r.cb[k] = (float)(LOAD(c0 + k * comp_B) / max);
            r.cr[k] = (float)(LOAD(c0 + plane_size_B(f, 1, W, H) + k * comp_B) / max);
         }
      }
#undef LOAD
      check_reference_against_explicit(&r);

      for (unsigned m = 0; m < ARRAY_SIZE(models); m++)
         for (unsigned range = 0; range < 2; range++)
            for (unsigned lin = 0; lin < 2; lin++)
               for (unsigned loc = 0; loc < 2; loc++) {
                  if (m == 0 && range == 1)
                     continue; /* RGB_IDENTITY ignores the range */
                  const bool swap = (m + loc) % 2 == 1;
                  const VkFilter filter = lin ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
                  const VkChromaLocation xo =
                     loc ? VK_CHROMA_LOCATION_COSITED_EVEN : VK_CHROMA_LOCATION_MIDPOINT;
                  const VkChromaLocation yo = lin ? xo : VK_CHROMA_LOCATION_MIDPOINT;
                  const VkSamplerYcbcrConversionCreateInfo cci = {
                     .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_CREATE_INFO,
                     .format = f->format,
                     .ycbcrModel = models[m],
                     .ycbcrRange = range ? VK_SAMPLER_YCBCR_RANGE_ITU_NARROW
                                         : VK_SAMPLER_YCBCR_RANGE_ITU_FULL,
                     .components =
                        {swap ? VK_COMPONENT_SWIZZLE_B : VK_COMPONENT_SWIZZLE_IDENTITY,
                         VK_COMPONENT_SWIZZLE_IDENTITY,
                         swap ? VK_COMPONENT_SWIZZLE_R : VK_COMPONENT_SWIZZLE_IDENTITY,
                         swap ? VK_COMPONENT_SWIZZLE_ONE : VK_COMPONENT_SWIZZLE_IDENTITY},
                     .xChromaOffset = xo,
                     .yChromaOffset = yo,
                     .chromaFilter = filter,
                  };
                  VkSamplerYcbcrConversion conv;
                  REQUIRE(VKT_CHECK(create_conv(t.dev, &cci, NULL, &conv)));
                  const VkSamplerYcbcrConversionInfo cinfo = {
                     .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO,
                     .conversion = conv,
                  };
                  const VkSamplerCreateInfo sci = {
                     .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                     .pNext = &cinfo,
                     .magFilter = filter,
                     .minFilter = filter,
                     .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                     .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                     .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                  };
                  VkSampler sampler;
                  REQUIRE(VKT_CHECK(vkCreateSampler(t.dev, &sci, NULL, &sampler)));
                  const VkImageViewCreateInfo vci = mp_view_info(f, &img, &cinfo);
                  VkImageView view;
                  REQUIRE(VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &view)));

                  /* The conversion's sampler must be immutable in the layout. */
                  const VkDescriptorSetLayoutBinding b[] = {
                     {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1,
                      VK_SHADER_STAGE_COMPUTE_BIT, &sampler},
                     {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                      VK_SHADER_STAGE_COMPUTE_BIT, NULL},
                     {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                      VK_SHADER_STAGE_COMPUTE_BIT, NULL},
                  };
                  struct vkt_pipeline p;
                  REQUIRE(vkt_pipeline_create(
                     &t,
                     &(struct vkt_pipeline_info){VKT_SPIRV(sample_points_comp_spv),
                                                 .bindings = b, .binding_count = 3,
                                                 .push_size = 4},
                     &p));
                  vkt_pipeline_set_image(&t, &p, 0,
                                         VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, view,
                                         sampler, VK_IMAGE_LAYOUT_GENERAL);
                  vkt_pipeline_set_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          pts.buffer, 0, VK_WHOLE_SIZE);
                  vkt_pipeline_set_buffer(&t, &p, 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                                          out.buffer, 0, VK_WHOLE_SIZE);
                  const uint32_t n = NPTS;
                  memset(out.map, 0, NPTS * 16);
                  CHECK(vkt_run_compute(&t, &p, &n, 4, (NPTS + 31) / 32, 1, 1));
                  const float *o = (const float *)out.map;
                  unsigned bad = 0;
                  for (unsigned i = 0; i < NPTS; i++) {
                     float want[4];
                     ref_sample(&r, pt[i * 4], pt[i * 4 + 1], lin, xo, yo, models[m],
                                cci.ycbcrRange, swap, want);
                     for (unsigned c = 0; c < 4; c++) {
                        if (fabsf(o[i * 4 + c] - want[c]) > 1.0f / 512.0f && bad++ < 3)
                           test_fail(__FILE__, __LINE__,
                                     "%s model %d range %u %s x/y %d/%d swap %d point %u "
                                     "(%g, %g).%u: %g, want %g",
                                     f->name, models[m], range,
                                     lin ? "linear" : "nearest", xo, yo, swap, i,
                                     pt[i * 4], pt[i * 4 + 1], c, o[i * 4 + c], want[c]);
                     }
                  }
                  vkt_pipeline_destroy(&t, &p);
                  vkDestroyImageView(t.dev, view, NULL);
                  vkDestroySampler(t.dev, sampler, NULL);
                  destroy_conv(t.dev, conv, NULL);
                  configs++;
               }
      free(store);
      mp_image_destroy(&t, &img);
      vkt_buffer_destroy(&t, &data);
   }
   printf("  %u conversion configurations\n", configs);
   vkt_buffer_destroy(&t, &pts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* --- bad input -------------------------------------------------------------------- */

/* Invalid usage gets the driver's clear error (VK_ERROR_UNKNOWN, which any
 * command may return) and nothing half-made; never a crash. */
TEST(ycbcr_bad_input)
{
   struct vkt t;
   if (!ycbcr_init_kiln_only(&t, "what a driver does with invalid usage is its own"))
      return;
   PFN_vkCreateSamplerYcbcrConversionKHR create_conv =
      VKT_PROC(&t, vkCreateSamplerYcbcrConversionKHR);
   PFN_vkDestroySamplerYcbcrConversionKHR destroy_conv =
      VKT_PROC(&t, vkDestroySamplerYcbcrConversionKHR);

   /* A conversion of a format without Y'CbCr features (VUID-
    * VkSamplerYcbcrConversionCreateInfo-format-01650). */
   VkSamplerYcbcrConversionCreateInfo cci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_CREATE_INFO,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .ycbcrModel = VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_709,
      .ycbcrRange = VK_SAMPLER_YCBCR_RANGE_ITU_NARROW,
      .xChromaOffset = VK_CHROMA_LOCATION_MIDPOINT,
      .yChromaOffset = VK_CHROMA_LOCATION_MIDPOINT,
      .chromaFilter = VK_FILTER_NEAREST,
   };
   VkSamplerYcbcrConversion conv = VK_NULL_HANDLE;
   vkt_expect_validation_errors_begin(&t);
   VKT_CHECK_RESULT(create_conv(t.dev, &cci, NULL, &conv), VK_ERROR_UNKNOWN);
   CHECK(vkt_expect_validation_errors_end(&t) >= 1);
   CHECK(conv == VK_NULL_HANDLE);

   /* A single-plane image: no plane aspects. */
   struct vkt_image single;
   const VkImageCreateInfo sci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8_UNORM,
                                                VK_IMAGE_TILING_LINEAR, 16, 16, 1, 1, 1);
   REQUIRE(vkt_image_create(&t, &sci, &single));
   VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = single.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = VK_FORMAT_R8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_PLANE_0_BIT, 0, 1, 0, 1},
   };
   VkImageView view = VK_NULL_HANDLE;
   vkt_expect_validation_errors_begin(&t);
   VKT_CHECK_RESULT(vkCreateImageView(t.dev, &vci, NULL, &view), VK_ERROR_UNKNOWN);
   const VkImageSubresource sub = {VK_IMAGE_ASPECT_PLANE_1_BIT, 0, 0};
   VkSubresourceLayout l;
   memset(&l, 0xff, sizeof(l));
   vkGetImageSubresourceLayout(t.dev, single.image, &sub, &l);
   CHECK(vkt_expect_validation_errors_end(&t) >= 1);
   CHECK(view == VK_NULL_HANDLE);

   /* An NV12 image: its third plane does not exist; the whole image cannot
    * be viewed without a conversion; an odd width is refused. */
   const struct mp_format *f = &mp_formats[0];
   struct mp_image img;
   REQUIRE(mp_image_create(&t, f, 16, 16, VK_IMAGE_TILING_LINEAR,
                           VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT, VK_IMAGE_USAGE_SAMPLED_BIT,
                           &img));
   vci.image = img.image;
   vci.subresourceRange.aspectMask = VK_IMAGE_ASPECT_PLANE_2_BIT;
   vkt_expect_validation_errors_begin(&t);
   VKT_CHECK_RESULT(vkCreateImageView(t.dev, &vci, NULL, &view), VK_ERROR_UNKNOWN);
   const VkImageSubresource sub2 = {VK_IMAGE_ASPECT_PLANE_2_BIT, 0, 0};
   memset(&l, 0xff, sizeof(l));
   vkGetImageSubresourceLayout(t.dev, img.image, &sub2, &l);
   CHECK(l.size == 0 && l.rowPitch == 0);
   vci.format = f->format;
   vci.subresourceRange.aspectMask = VK_IMAGE_ASPECT_COLOR_BIT;
   VKT_CHECK_RESULT(vkCreateImageView(t.dev, &vci, NULL, &view), VK_ERROR_UNKNOWN);
   CHECK(vkt_expect_validation_errors_end(&t) >= 2);
   CHECK(view == VK_NULL_HANDLE);

   /* A plane view with the plane-compatible format works. */
   vci.format = VK_FORMAT_R8G8_UNORM;
   vci.subresourceRange.aspectMask = VK_IMAGE_ASPECT_PLANE_1_BIT;
   CHECK(VKT_CHECK(vkCreateImageView(t.dev, &vci, NULL, &view)));
   vkDestroyImageView(t.dev, view, NULL);

   VkImageCreateInfo ici = vkt_image_info(VK_IMAGE_TYPE_2D, f->format,
                                          VK_IMAGE_TILING_OPTIMAL, 15, 16, 1, 1, 1);
   VkImage bad = VK_NULL_HANDLE;
   vkt_expect_validation_errors_begin(&t);
   VKT_CHECK_RESULT(vkCreateImage(t.dev, &ici, NULL, &bad), VK_ERROR_UNKNOWN);
   ici.extent.width = 16;
   ici.mipLevels = 2;
   VKT_CHECK_RESULT(vkCreateImage(t.dev, &ici, NULL, &bad), VK_ERROR_UNKNOWN);
   CHECK(vkt_expect_validation_errors_end(&t) >= 2);
   CHECK(bad == VK_NULL_HANDLE);

   /* Conversions of a multi-planar format are fine, and a plane view of an
    * image given a conversion of its own format too. */
   cci.format = f->format;
   CHECK(VKT_CHECK(create_conv(t.dev, &cci, NULL, &conv)));
   destroy_conv(t.dev, conv, NULL);
   destroy_conv(t.dev, VK_NULL_HANDLE, NULL);

   mp_image_destroy(&t, &img);
   vkt_image_destroy(&t, &single);
   vkt_finish(&t);
}

/* Out of host memory: a conversion, a multi-planar image and its view made
 * with an allocator that fails the N-th allocation, for every N until all
 * succeed: each call returns VK_ERROR_OUT_OF_HOST_MEMORY or succeeds, and
 * nothing leaks (kiln only: the layer and other drivers are not part of
 * this). */
struct oom {
   long countdown, live;
};

static void *VKAPI_CALL
oom_alloc(void *user, size_t size, size_t align, VkSystemAllocationScope scope)
{
   struct oom *o = user;
   if (o->countdown == 0)
      return NULL;
   if (o->countdown > 0)
      o->countdown--;
   void *p = NULL;
   if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align, size) != 0)
      return NULL;
   o->live++;
   return p;
}

static void VKAPI_CALL
oom_free(void *user, void *p)
{
   struct oom *o = user;
   if (p)
      o->live--;
   free(p);
}

static void *VKAPI_CALL
oom_realloc(void *user, void *old, size_t size, size_t align,
            VkSystemAllocationScope scope)
{
   /* Nothing in these calls reallocates; refuse rather than guess sizes. */
   return NULL;
}

TEST(ycbcr_out_of_host_memory)
{
   struct vkt t;
   if (!ycbcr_init_kiln_only(&t, "kiln's failure paths"))
      return;
   PFN_vkCreateSamplerYcbcrConversionKHR create_conv =
      VKT_PROC(&t, vkCreateSamplerYcbcrConversionKHR);
   PFN_vkDestroySamplerYcbcrConversionKHR destroy_conv =
      VKT_PROC(&t, vkDestroySamplerYcbcrConversionKHR);
   const struct mp_format *f = &mp_formats[1];
   struct mp_image img;
   REQUIRE(mp_image_create(&t, f, 32, 32, VK_IMAGE_TILING_OPTIMAL, 0,
                           VK_IMAGE_USAGE_SAMPLED_BIT, &img));
   const VkSamplerYcbcrConversionCreateInfo cci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_CREATE_INFO,
      .format = f->format,
      .ycbcrModel = VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_601,
      .ycbcrRange = VK_SAMPLER_YCBCR_RANGE_ITU_FULL,
      .xChromaOffset = VK_CHROMA_LOCATION_MIDPOINT,
      .yChromaOffset = VK_CHROMA_LOCATION_MIDPOINT,
      .chromaFilter = VK_FILTER_NEAREST,
   };
   unsigned fails = 0;
   bool done = false;
   for (long n = 0; n < 64 && !done; n++) {
      struct oom o = {.countdown = n};
      const VkAllocationCallbacks a = {.pUserData = &o,
                                       .pfnAllocation = oom_alloc,
                                       .pfnReallocation = oom_realloc,
                                       .pfnFree = oom_free};
      VkSamplerYcbcrConversion conv = VK_NULL_HANDLE;
      VkImage image = VK_NULL_HANDLE;
      VkImageView view = VK_NULL_HANDLE;
      VkResult r = create_conv(t.dev, &cci, &a, &conv);
      if (r == VK_SUCCESS) {
         const VkImageCreateInfo ici = vkt_image_info(
            VK_IMAGE_TYPE_2D, f->format, VK_IMAGE_TILING_OPTIMAL, 32, 32, 1, 1, 1);
         r = vkCreateImage(t.dev, &ici, &a, &image);
      }
      if (r == VK_SUCCESS) {
         const VkSamplerYcbcrConversionInfo cinfo = {
            .sType = VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO, .conversion = conv};
         const VkImageViewCreateInfo vci = mp_view_info(f, &img, &cinfo);
         r = vkCreateImageView(t.dev, &vci, &a, &view);
      }
      if (r == VK_SUCCESS)
         done = true;
      else if (CHECK_EQ(r, VK_ERROR_OUT_OF_HOST_MEMORY))
         fails++;
      vkDestroyImageView(t.dev, view, &a);
      vkDestroyImage(t.dev, image, &a);
      destroy_conv(t.dev, conv, &a);
      CHECK_EQ(o.live, 0);
   }
   CHECK(done);
   CHECK(fails >= 3); /* each of the three objects failed once */
   printf("  %u failing allocations handled\n", fails);
   mp_image_destroy(&t, &img);
   vkt_finish(&t);
}
