/* SPDX-License-Identifier: MIT */
/*
 * VK_EXT_robustness2 (what zink asks for GL's robust contexts and unbound
 * resources): robustBufferAccess2 (out-of-bounds reads of a descriptor's
 * range return zero, writes are dropped, exactly at the range's end with
 * robustStorageBufferAccessSizeAlignment 1), robustImageAccess2
 * (out-of-bounds image loads return a zero texel converted to RGBA: alpha
 * 1 for formats without alpha) and nullDescriptor (null buffers and image
 * views read zero, their sizes are zero, writes are dropped).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "util/macros.h"
#include "vkt_compute.h"

#include "robustness2_comp.h"

#define CS VK_SHADER_STAGE_COMPUTE_BIT

struct out {
   uint32_t a[8][4];
   float r[8][4];
   float rgba[8][4];
   float n[8][4];
   uint32_t sizes[4];
};

static bool
storage_image(struct vkt *t, VkFormat format, const void *texels, struct vkt_image *img,
              VkImageView *view)
{
   VkImageCreateInfo ci =
      vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_OPTIMAL, 4, 4, 1, 1, 1);
   ci.usage |= VK_IMAGE_USAGE_STORAGE_BIT;
   if (!vkt_image_create(t, &ci, img) || !vkt_image_to_general(t, img, VK_IMAGE_LAYOUT_UNDEFINED) ||
       !vkt_write_image(t, img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                        (VkExtent3D){4, 4, 1}, texels))
      return false;
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img->image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = format,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   return VKT_CHECK(vkCreateImageView(t->dev, &vci, NULL, view));
}

TEST(robust_buffers_images_and_null_descriptors)
{
   static const char *const exts[] = {"VK_EXT_robustness2"};
   VkPhysicalDeviceRobustness2FeaturesEXT r2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT,
      .robustBufferAccess2 = VK_TRUE,
      .robustImageAccess2 = VK_TRUE,
      .nullDescriptor = VK_TRUE,
   };
   const VkPhysicalDeviceFeatures core = {.robustBufferAccess = VK_TRUE};
   const struct vkt_req req = {
      .extensions = exts, .extension_count = 1, .features = &r2, .core_features = &core};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;

   /* The alignment the ranges below assume: 16-byte ranges are exact
    * whenever it is at most 16. */
   PFN_vkGetPhysicalDeviceProperties2KHR props2 = (PFN_vkGetPhysicalDeviceProperties2KHR)
      vkGetInstanceProcAddr(t.instance, "vkGetPhysicalDeviceProperties2KHR");
   REQUIRE(props2);
   VkPhysicalDeviceRobustness2PropertiesEXT rp = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_PROPERTIES_EXT};
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
                                     .pNext = &rp};
   props2(t.pdev, &p2);
   CHECK(rp.robustStorageBufferAccessSizeAlignment <= 16);
   if (t.is_kiln)
      CHECK(rp.robustStorageBufferAccessSizeAlignment == 1 &&
            rp.robustUniformBufferAccessSizeAlignment == 1);

   struct vkt_buffer small, out;
   REQUIRE(vkt_buffer_create(&t, 64, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &small));
   REQUIRE(vkt_buffer_create(&t, sizeof(struct out), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   uint32_t *sv = (uint32_t *)small.map;
   for (unsigned i = 0; i < 16; i++)
      sv[i] = 100 + i;
   memset(out.map, 0xcd, sizeof(struct out));

   float rtex[16];
   uint8_t rgbatex[64];
   for (unsigned i = 0; i < 16; i++)
      rtex[i] = 0.25f * (float)(i + 1);
   for (unsigned i = 0; i < 64; i++)
      rgbatex[i] = (uint8_t)(i * 9 + 3);
   struct vkt_image ir, irgba;
   VkImageView vr, vrgba;
   REQUIRE(storage_image(&t, VK_FORMAT_R32_SFLOAT, rtex, &ir, &vr));
   REQUIRE(storage_image(&t, VK_FORMAT_R8G8B8A8_UNORM, rgbatex, &irgba, &vrgba));
   const VkSamplerCreateInfo sci = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = VK_FILTER_NEAREST,
      .minFilter = VK_FILTER_NEAREST,
      .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
   };
   VkSampler s;
   VKT_REQUIRE(vkCreateSampler(t.dev, &sci, NULL, &s));

   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL},
      {2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, CS, NULL},
      {3, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL},
      {4, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL},
      {5, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL},
      {6, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(robustness2_comp_spv),
                                                              .bindings = b,
                                                              .binding_count = ARRAY_SIZE(b)},
                               &p));
   /* Elements 4..7 of the buffer lie past the 16-byte range. */
   vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, small.buffer, 0, 16);
   vkt_pipeline_set_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_NULL_HANDLE, 0,
                           VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_NULL_HANDLE, 0,
                           VK_WHOLE_SIZE);
   vkt_pipeline_set_image(&t, &p, 3, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, vr, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(&t, &p, 4, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, vrgba, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(&t, &p, 5, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_NULL_HANDLE,
                          VK_NULL_HANDLE, VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(&t, &p, 6, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_NULL_HANDLE,
                          s, VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_buffer(&t, &p, 7, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                           VK_WHOLE_SIZE);
   CHECK(vkt_run_compute(&t, &p, NULL, 0, 1, 1, 1));

   const struct out *o = (const struct out *)out.map;
   for (unsigned i = 0; i < 8; i++) {
      /* Buffers: in-range elements, then zeros; null buffers zero. */
      const uint32_t want_small = i < 4 ? 100 + i : 0;
      if (o->a[i][0] != want_small || o->a[i][1] != 0 || o->a[i][2] != 0)
         test_fail(__FILE__, __LINE__, "invocation %u: small %u (want %u), null %u, null ubo %u",
                   i, o->a[i][0], want_small, o->a[i][1], o->a[i][2]);
      /* Images: texel (i, 0), or a zero texel: R32F reads (0, 0, 0, 1),
       * RGBA8 (0, 0, 0, 0). */
      for (unsigned c = 0; c < 4; c++) {
         const float wr = i < 4 ? (c == 0 ? rtex[i] : c == 3 ? 1.0f : 0.0f) : c == 3 ? 1.0f : 0.0f;
         const float wrgba = i < 4 ? rgbatex[i * 4 + c] / 255.0f : 0.0f;
         if (fabsf(o->r[i][c] - wr) > 1e-6f || fabsf(o->rgba[i][c] - wrgba) > 1e-3f ||
             o->n[i][c] != 0.0f)
            test_fail(__FILE__, __LINE__,
                      "invocation %u.%u: r32f %g (want %g), rgba8 %g (want %g), null %g", i, c,
                      o->r[i][c], wr, o->rgba[i][c], wrgba, o->n[i][c]);
      }
   }
   for (unsigned c = 0; c < 4; c++)
      CHECK_EQ(o->sizes[c], 0);
   /* Out-of-range writes were dropped. */
   for (unsigned i = 0; i < 16; i++)
      if (sv[i] != 100 + i)
         test_fail(__FILE__, __LINE__, "element %u of the buffer is 0x%x, want %u", i, sv[i],
                   100 + i);

   vkt_pipeline_destroy(&t, &p);
   vkDestroySampler(t.dev, s, NULL);
   vkDestroyImageView(t.dev, vr, NULL);
   vkDestroyImageView(t.dev, vrgba, NULL);
   vkt_image_destroy(&t, &ir);
   vkt_image_destroy(&t, &irgba);
   vkt_buffer_destroy(&t, &small);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}
