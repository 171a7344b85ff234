/* SPDX-License-Identifier: MIT */
/*
 * Images in compute shaders: storage load/store for every storage format,
 * texel fetches for every sampled format (checked against an independent
 * decoder, vkt_format.c), image atomics, texel buffers, and sampling with
 * explicit lods: a blur (linear filtering, clamp to edge), address modes
 * and border colours, mipmap selection, array layers, depth compare and
 * size/level queries. On kiln every format that advertises a shader
 * feature must be one these tests cover.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/macros.h"
#include "vkt_compute.h"
#include "vkt_format.h"

#include "blur_comp.h"
#include "descriptor_arrays_comp.h"
#include "descriptor_arrays_images_comp.h"
#include "image_atomics_comp.h"
#include "image_copy_float_comp.h"
#include "image_copy_table.h"
#include "image_copy_int_comp.h"
#include "image_copy_uint_comp.h"
#include "sample_array_shadow_comp.h"
#include "sample_cube_array_comp.h"
#include "sample_cube_comp.h"
#include "sample_points_comp.h"
#include "texel_buffers_comp.h"
#include "texel_fetch_float_comp.h"
#include "texel_fetch_int_comp.h"
#include "texel_fetch_uint_comp.h"

#define CS VK_SHADER_STAGE_COMPUTE_BIT

static VkImageView
make_view(struct vkt *t, const struct vkt_image *img, VkImageViewType type, VkFormat format,
          VkImageAspectFlags aspect)
{
   const VkImageViewCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img->image,
      .viewType = type,
      .format = format,
      .subresourceRange = {aspect, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS},
   };
   VkImageView v = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateImageView(t->dev, &ci, NULL, &v));
   return v;
}

static VkSampler
make_sampler(struct vkt *t, const VkSamplerCreateInfo *ci)
{
   VkSampler s = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateSampler(t->dev, ci, NULL, &s));
   return s;
}

static VkSamplerCreateInfo
sampler_info(VkFilter filter, VkSamplerMipmapMode mip, VkSamplerAddressMode mode)
{
   return (VkSamplerCreateInfo){
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .magFilter = filter,
      .minFilter = filter,
      .mipmapMode = mip,
      .addressModeU = mode,
      .addressModeV = mode,
      .addressModeW = mode,
      .maxLod = VK_LOD_CLAMP_NONE,
   };
}

static bool
new_image(struct vkt *t, VkFormat format, uint32_t w, uint32_t h, uint32_t levels,
          uint32_t layers, VkImageUsageFlags usage, struct vkt_image *img)
{
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, format, VK_IMAGE_TILING_OPTIMAL, w, h,
                                         1, levels, layers);
   ci.usage |= usage;
   if (!vkt_image_create(t, &ci, img))
      return false;
   return vkt_image_to_general(t, img, VK_IMAGE_LAYOUT_UNDEFINED);
}

/* On kiln: every format with one of `features` must be in vkt_formats. */
static void
check_coverage(struct vkt *t, VkFormatFeatureFlags features, bool buffer)
{
   if (!t->is_kiln)
      return;
   for (VkFormat f = VK_FORMAT_UNDEFINED; f <= VK_FORMAT_ASTC_12x12_SRGB_BLOCK; f++) {
      VkFormatProperties p;
      vkGetPhysicalDeviceFormatProperties(t->pdev, f, &p);
      const VkFormatFeatureFlags have =
         buffer ? p.bufferFeatures : (p.optimalTilingFeatures | p.linearTilingFeatures);
      if (!(have & features))
         continue;
      const bool depth = f == VK_FORMAT_D16_UNORM || f == VK_FORMAT_X8_D24_UNORM_PACK32 ||
                         f == VK_FORMAT_D32_SFLOAT;
      /* BC formats: vk_bc_test samples every one. */
      const bool bc = f >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && f <= VK_FORMAT_BC7_SRGB_BLOCK;
      if (!vkt_format_find(f) && !depth && !bc)
         test_fail(__FILE__, __LINE__, "format %d advertises 0x%x but no test covers it", f,
                   features);
   }
}

/* --- storage formats ------------------------------------------------------------ */

/* Writes random canonical texels into an image of vf's format, copies it
 * into a second one with pipeline p, reads it back: the bytes must be the
 * same. */
static bool
storage_round_trip(struct vkt *t, const struct vkt_format *vf, struct vkt_pipeline *p)
{
   enum { W = 13, H = 11 };
   struct vkt_image a, bimg;
   if (!new_image(t, vf->format, W, H, 1, 1, VK_IMAGE_USAGE_STORAGE_BIT, &a) ||
       !new_image(t, vf->format, W, H, 1, 1, VK_IMAGE_USAGE_STORAGE_BIT, &bimg))
      return test_fail(__FILE__, __LINE__, "%s: cannot make storage images", vf->name);
   uint8_t *in = malloc(W * H * vf->size_B), *out = calloc(W * H, vf->size_B);
   uint64_t seed = 0x1234567 + vf->format;
   for (unsigned i = 0; i < W * H; i++)
      vkt_format_random_element(vf, &seed, in + i * vf->size_B);
   const VkExtent3D ext = {W, H, 1};
   CHECK(vkt_write_image(t, &a, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0}, ext, in));
   VkImageView va = make_view(t, &a, VK_IMAGE_VIEW_TYPE_2D, vf->format,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   VkImageView vb = make_view(t, &bimg, VK_IMAGE_VIEW_TYPE_2D, vf->format,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   vkt_pipeline_set_image(t, p, 0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, va, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(t, p, 1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, vb, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   CHECK(vkt_run_compute(t, p, NULL, 0, (W + 7) / 8, (H + 7) / 8, 1));
   CHECK(vkt_read_image(t, &bimg, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0}, ext, out));
   unsigned bad = 0;
   for (unsigned i = 0; i < W * H; i++) {
      if (memcmp(in + i * vf->size_B, out + i * vf->size_B, vf->size_B) != 0 && bad++ < 3) {
         uint32_t wi = 0, wo = 0;
         memcpy(&wi, in + i * vf->size_B, vf->size_B < 4 ? vf->size_B : 4);
         memcpy(&wo, out + i * vf->size_B, vf->size_B < 4 ? vf->size_B : 4);
         test_fail(__FILE__, __LINE__, "%s texel %u: wrote 0x%08x..., read 0x%08x...",
                   vf->name, i, wi, wo);
      }
   }
   vkDestroyImageView(t->dev, va, NULL);
   vkDestroyImageView(t->dev, vb, NULL);
   vkt_image_destroy(t, &a);
   vkt_image_destroy(t, &bimg);
   free(in);
   free(out);
   return bad == 0;
}

static const VkDescriptorSetLayoutBinding storage_copy_bindings[] = {
   {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL},
   {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL}};

/* Typed shaders (layout(rgba8) ...), one per storage format. */
TEST(storage_image_every_format_round_trips)
{
   const VkPhysicalDeviceFeatures f = {.shaderStorageImageExtendedFormats = VK_TRUE};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.core_features = &f}))
      return;
   check_coverage(&t, VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT, false);
   unsigned tested = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(image_copy_typed); i++) {
      const struct vkt_format *vf = vkt_format_find(image_copy_typed[i].format);
      REQUIRE(vf);
      if (!vkt_format_has(&t, vf->format, VK_IMAGE_TILING_OPTIMAL,
                          VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
         continue;
      struct vkt_pipeline p;
      REQUIRE(vkt_pipeline_create(&t,
                                  &(struct vkt_pipeline_info){.spirv = image_copy_typed[i].spirv,
                                                              .spirv_size = image_copy_typed[i].size,
                                                              .bindings = storage_copy_bindings,
                                                              .binding_count = 2},
                                  &p));
      storage_round_trip(&t, vf, &p);
      vkt_pipeline_destroy(&t, &p);
      tested++;
   }
   printf("  %u storage formats round-tripped\n", tested);
   CHECK(tested >= 10);
   if (t.is_kiln) {
      /* Every format that advertises storage is in the typed table. */
      for (const struct vkt_format *vf = vkt_formats; vf->format; vf++) {
         bool typed = false;
         for (unsigned i = 0; i < ARRAY_SIZE(image_copy_typed); i++)
            typed |= image_copy_typed[i].format == vf->format;
         if (!typed && vkt_format_has(&t, vf->format, VK_IMAGE_TILING_OPTIMAL,
                                      VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
            test_fail(__FILE__, __LINE__, "%s: storage without a typed test", vf->name);
      }
   }
   vkt_finish(&t);
}

/* The same through format-less images: the view's format decides. */
TEST(storage_image_without_format)
{
   const VkPhysicalDeviceFeatures f = {.shaderStorageImageReadWithoutFormat = VK_TRUE,
                                       .shaderStorageImageWriteWithoutFormat = VK_TRUE,
                                       .shaderStorageImageExtendedFormats = VK_TRUE};
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.core_features = &f}))
      return;
   struct vkt_pipeline pipes[3];
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(image_copy_float_comp_spv), .bindings = storage_copy_bindings, .binding_count = 2}, &pipes[VKT_CLASS_FLOAT]));
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(image_copy_int_comp_spv), .bindings = storage_copy_bindings, .binding_count = 2}, &pipes[VKT_CLASS_SINT]));
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(image_copy_uint_comp_spv), .bindings = storage_copy_bindings, .binding_count = 2}, &pipes[VKT_CLASS_UINT]));
   unsigned tested = 0;
   for (const struct vkt_format *vf = vkt_formats; vf->format; vf++) {
      if (!vkt_format_has(&t, vf->format, VK_IMAGE_TILING_OPTIMAL,
                          VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT))
         continue;
      storage_round_trip(&t, vf, &pipes[vf->cls]);
      tested++;
   }
   printf("  %u storage formats round-tripped without a format\n", tested);
   CHECK(tested >= 10);
   for (unsigned i = 0; i < 3; i++)
      vkt_pipeline_destroy(&t, &pipes[i]);
   vkt_finish(&t);
}

/* --- sampled formats -------------------------------------------------------------- */

static bool
close_enough(const struct vkt_format *vf, unsigned c, float got, float want)
{
   if (isnan(want))
      return isnan(got);
   const float tol = vf->c[c].type == VKT_SRGB ? 2e-3f : 1e-6f + fabsf(want) * 1e-6f;
   return fabsf(got - want) <= tol;
}

TEST(sampled_image_every_format_texel_fetch)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   check_coverage(&t, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT, false);
   enum { W = 8, H = 6 };
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   struct vkt_pipeline pipes[3];
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(texel_fetch_float_comp_spv), .bindings = b, .binding_count = 2}, &pipes[VKT_CLASS_FLOAT]));
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(texel_fetch_int_comp_spv), .bindings = b, .binding_count = 2}, &pipes[VKT_CLASS_SINT]));
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(texel_fetch_uint_comp_spv), .bindings = b, .binding_count = 2}, &pipes[VKT_CLASS_UINT]));
   VkSamplerCreateInfo si =
      sampler_info(VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                   VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
   VkSampler sampler = make_sampler(&t, &si);
   struct vkt_buffer out;
   REQUIRE(vkt_buffer_create(&t, W * H * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   unsigned tested = 0;
   for (const struct vkt_format *vf = vkt_formats; vf->format; vf++) {
      if (!vkt_format_has(&t, vf->format, VK_IMAGE_TILING_OPTIMAL,
                          VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
         continue;
      struct vkt_image img;
      if (!new_image(&t, vf->format, W, H, 1, 1, VK_IMAGE_USAGE_SAMPLED_BIT, &img)) {
         test_fail(__FILE__, __LINE__, "%s: cannot make a sampled image", vf->name);
         continue;
      }
      uint8_t *in = malloc(W * H * vf->size_B);
      uint64_t seed = 0xabcdef + vf->format;
      for (unsigned i = 0; i < W * H; i++)
         vkt_format_random_element(vf, &seed, in + i * vf->size_B);
      CHECK(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                            (VkExtent3D){W, H, 1}, in));
      VkImageView v = make_view(&t, &img, VK_IMAGE_VIEW_TYPE_2D, vf->format,
                                VK_IMAGE_ASPECT_COLOR_BIT);
      struct vkt_pipeline *p = &pipes[vf->cls];
      vkt_pipeline_set_image(&t, p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, v, sampler,
                             VK_IMAGE_LAYOUT_GENERAL);
      vkt_pipeline_set_buffer(&t, p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      memset(out.map, 0xcc, W * H * 16);
      CHECK(vkt_run_compute(&t, p, NULL, 0, 1, 1, 1));
      unsigned bad = 0;
      for (unsigned i = 0; i < W * H; i++) {
         union vkt_value want, got;
         vkt_format_decode(vf, in + i * vf->size_B, &want);
         memcpy(&got, out.map + i * 16, 16);
         for (unsigned c = 0; c < 4; c++) {
            const bool ok = vf->cls == VKT_CLASS_FLOAT ? close_enough(vf, c, got.f[c], want.f[c])
                                                       : got.u[c] == want.u[c];
            if (!ok && bad++ < 3)
               test_fail(__FILE__, __LINE__, "%s texel %u channel %u: got %g/0x%x, want %g/0x%x",
                         vf->name, i, c, got.f[c], got.u[c], want.f[c], want.u[c]);
         }
      }
      tested++;
      vkDestroyImageView(t.dev, v, NULL);
      vkt_image_destroy(&t, &img);
      free(in);
   }
   printf("  %u sampled formats fetched\n", tested);
   CHECK(tested >= 10);
   vkDestroySampler(t.dev, sampler, NULL);
   vkt_buffer_destroy(&t, &out);
   for (unsigned i = 0; i < 3; i++)
      vkt_pipeline_destroy(&t, &pipes[i]);
   vkt_finish(&t);
}

/* --- atomics and texel buffers ------------------------------------------------------ */

TEST(image_atomics)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   check_coverage(&t, VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT, false);
   if (!vkt_format_has(&t, VK_FORMAT_R32_UINT, VK_IMAGE_TILING_OPTIMAL,
                       VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT) ||
       !vkt_format_has(&t, VK_FORMAT_R32_SINT, VK_IMAGE_TILING_OPTIMAL,
                       VK_FORMAT_FEATURE_STORAGE_IMAGE_ATOMIC_BIT)) {
      vkt_skip("no image atomics");
      vkt_finish(&t);
      return;
   }
   enum { N = 64 * 50 };
   struct vkt_buffer in;
   REQUIRE(vkt_buffer_create(&t, N * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in));
   uint32_t *src = (uint32_t *)in.map;
   uint32_t hist[64] = {0}, orv = 0;
   int32_t mn = INT32_MAX, mx = INT32_MIN;
   for (unsigned i = 0; i < N; i++) {
      src[i] = (i * 2654435761u) % 100000u;
      hist[(src[i] / 16 % 4) * 16 + src[i] % 16]++;
      const int32_t s = (int32_t)src[i] - 50000;
      mn = s < mn ? s : mn;
      mx = s > mx ? s : mx;
      orv |= 1u << (src[i] % 31);
   }
   struct vkt_image h, e;
   REQUIRE(new_image(&t, VK_FORMAT_R32_UINT, 16, 4, 1, 1, VK_IMAGE_USAGE_STORAGE_BIT, &h));
   REQUIRE(new_image(&t, VK_FORMAT_R32_SINT, 4, 1, 1, 1, VK_IMAGE_USAGE_STORAGE_BIT, &e));
   uint32_t zero[64] = {0};
   const int32_t init[4] = {INT32_MAX, INT32_MIN, 0, 0};
   CHECK(vkt_write_image(&t, &h, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){16, 4, 1}, zero));
   CHECK(vkt_write_image(&t, &e, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){4, 1, 1}, init));
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(image_atomics_comp_spv),
                                                               .bindings = b, .binding_count = 3},
                               &p));
   VkImageView vh = make_view(&t, &h, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R32_UINT,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   VkImageView ve = make_view(&t, &e, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R32_SINT,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, in.buffer, 0,
                           VK_WHOLE_SIZE);
   vkt_pipeline_set_image(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, vh, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(&t, &p, 2, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, ve, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, N / 64, 1, 1));
   uint32_t got[64];
   int32_t ext[4];
   CHECK(vkt_read_image(&t, &h, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                        (VkExtent3D){16, 4, 1}, got));
   CHECK(vkt_read_image(&t, &e, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                        (VkExtent3D){4, 1, 1}, ext));
   for (unsigned i = 0; i < 64; i++)
      CHECK_EQ(got[i], hist[i]);
   CHECK_EQ(ext[0], mn);
   CHECK_EQ(ext[1], mx);
   CHECK_EQ((uint32_t)ext[2], orv);
   CHECK_EQ(ext[3], 1234);
   vkDestroyImageView(t.dev, vh, NULL);
   vkDestroyImageView(t.dev, ve, NULL);
   vkt_image_destroy(&t, &h);
   vkt_image_destroy(&t, &e);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &in);
   vkt_finish(&t);
}

TEST(texel_buffers_uniform_storage_atomic)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   check_coverage(&t, VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT |
                         VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT |
                         VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_ATOMIC_BIT,
                  true);
   enum { N = 256 };
   struct vkt_buffer colors, values, counts, out;
   const VkBufferUsageFlags u = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
                                VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT;
   REQUIRE(vkt_buffer_create(&t, N * 4, u, &colors));
   REQUIRE(vkt_buffer_create(&t, N * 4, u, &values));
   REQUIRE(vkt_buffer_create(&t, 8 * 4, u, &counts));
   REQUIRE(vkt_buffer_create(&t, 1040 * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   for (unsigned i = 0; i < N * 4; i++)
      colors.map[i] = (uint8_t)(i * 37 + 11);
   float *vals = (float *)values.map;
   for (unsigned i = 0; i < N; i++)
      vals[i] = (float)i * 0.5f;
   memset(counts.map, 0, 32);
   VkBufferView views[3];
   const VkFormat fmts[3] = {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32_UINT};
   const VkBuffer bufs[3] = {colors.buffer, values.buffer, counts.buffer};
   for (unsigned i = 0; i < 3; i++) {
      const VkBufferViewCreateInfo ci = {
         .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
         .buffer = bufs[i],
         .format = fmts[i],
         .range = VK_WHOLE_SIZE,
      };
      VKT_REQUIRE(vkCreateBufferView(t.dev, &ci, NULL, &views[i]));
   }
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1, CS, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 1, CS, NULL},
      {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(texel_buffers_comp_spv),
                                                               .bindings = b, .binding_count = 4},
                               &p));
   vkt_pipeline_set_texel_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, views[0]);
   vkt_pipeline_set_texel_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, views[1]);
   vkt_pipeline_set_texel_buffer(&t, &p, 2, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, views[2]);
   vkt_pipeline_set_buffer(&t, &p, 3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                           VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, N / 32, 1, 1));
   const float *o = (const float *)out.map;
   unsigned bad = 0;
   for (unsigned i = 0; i < N; i++) {
      for (unsigned c = 0; c < 4; c++) {
         const float want = (float)(uint8_t)((i * 4 + c) * 37 + 11) / 255.0f;
         if (fabsf(o[i * 4 + c] - want) > 1e-6f && bad++ < 3)
            test_fail(__FILE__, __LINE__, "texel %u.%u: %g, want %g", i, c, o[i * 4 + c], want);
      }
      CHECK_EQ(vals[i], (float)i * 0.5f * 2.0f + 1.0f);
   }
   const uint32_t *cnt = (const uint32_t *)counts.map;
   for (unsigned i = 0; i < 8; i++)
      CHECK_EQ(cnt[i], N / 8);
   CHECK_EQ(o[1024 * 4], (float)N);
   CHECK_EQ(o[1024 * 4 + 1], (float)N);
   for (unsigned i = 0; i < 3; i++)
      vkDestroyBufferView(t.dev, views[i], NULL);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &colors);
   vkt_buffer_destroy(&t, &values);
   vkt_buffer_destroy(&t, &counts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* --- sampling ------------------------------------------------------------------------ */

/* A reference sampler for an RGBA8 UNORM image on the host. */
struct ref_image {
   uint32_t w, h, levels;
   const uint8_t *texels[4]; /* per level, w >> l x h >> l x 4 */
};

static int64_t
ref_wrap(int64_t i, int64_t n, VkSamplerAddressMode m)
{
   switch (m) {
   case VK_SAMPLER_ADDRESS_MODE_REPEAT:
      return ((i % n) + n) % n;
   case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT: {
      int64_t k = ((i % (2 * n)) + 2 * n) % (2 * n);
      return k < n ? k : 2 * n - 1 - k;
   }
   case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER:
      return i < 0 || i >= n ? -1 : i;
   default:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
   }
}

static void
ref_texel(const struct ref_image *img, uint32_t level, int64_t x, int64_t y,
          const VkSamplerCreateInfo *s, float out[4])
{
   const int64_t w = img->w >> level ? img->w >> level : 1;
   const int64_t h = img->h >> level ? img->h >> level : 1;
   const int64_t i = ref_wrap(x, w, s->addressModeU), j = ref_wrap(y, h, s->addressModeV);
   if (i < 0 || j < 0) {
      const bool white = s->borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
      const bool opaque = white || s->borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
      for (unsigned c = 0; c < 3; c++)
         out[c] = white ? 1.0f : 0.0f;
      out[3] = opaque ? 1.0f : 0.0f;
      return;
   }
   for (unsigned c = 0; c < 4; c++)
      out[c] = (float)img->texels[level][(j * w + i) * 4 + c] / 255.0f;
}

static void
ref_level(const struct ref_image *img, uint32_t level, float u, float v,
          const VkSamplerCreateInfo *s, bool linear, float out[4])
{
   const float w = (float)(img->w >> level ? img->w >> level : 1);
   const float h = (float)(img->h >> level ? img->h >> level : 1);
   if (!linear) {
      ref_texel(img, level, (int64_t)floorf(u * w), (int64_t)floorf(v * h), s, out);
      return;
   }
   const float x = u * w - 0.5f, y = v * h - 0.5f;
   const int64_t i0 = (int64_t)floorf(x), j0 = (int64_t)floorf(y);
   const float a = x - floorf(x), b = y - floorf(y);
   float t00[4], t10[4], t01[4], t11[4];
   ref_texel(img, level, i0, j0, s, t00);
   ref_texel(img, level, i0 + 1, j0, s, t10);
   ref_texel(img, level, i0, j0 + 1, s, t01);
   ref_texel(img, level, i0 + 1, j0 + 1, s, t11);
   for (unsigned c = 0; c < 4; c++)
      out[c] = (1 - a) * (1 - b) * t00[c] + a * (1 - b) * t10[c] + (1 - a) * b * t01[c] +
               a * b * t11[c];
}

static void
ref_sample(const struct ref_image *img, float u, float v, float lod, const VkSamplerCreateInfo *s,
           float out[4])
{
   float l = lod + s->mipLodBias;
   l = fminf(fmaxf(l, s->minLod), s->maxLod);
   const bool mag = l <= 0.0f;
   const bool linear = (mag ? s->magFilter : s->minFilter) == VK_FILTER_LINEAR;
   const float q = (float)(img->levels - 1);
   const float d = fminf(fmaxf(l, 0.0f), q);
   if (s->mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR && !mag) {
      const uint32_t hi = (uint32_t)floorf(d), lo = hi + 1 < img->levels ? hi + 1 : hi;
      const float delta = d - floorf(d);
      float a[4], b[4];
      ref_level(img, hi, u, v, s, linear, a);
      ref_level(img, lo, u, v, s, linear, b);
      for (unsigned c = 0; c < 4; c++)
         out[c] = a[c] * (1 - delta) + b[c] * delta;
      return;
   }
   const uint32_t level = mag || d <= 0.5f ? 0 : (uint32_t)(ceilf(d + 0.5f) - 1.0f);
   ref_level(img, level, u, v, s, linear, out);
}

TEST(blur_linear_filter_clamp_to_edge)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { W = 37, H = 23 };
   struct vkt_image src, dst;
   REQUIRE(new_image(&t, VK_FORMAT_R8G8B8A8_UNORM, W, H, 1, 1, VK_IMAGE_USAGE_SAMPLED_BIT, &src));
   REQUIRE(new_image(&t, VK_FORMAT_R32G32B32A32_SFLOAT, W, H, 1, 1, VK_IMAGE_USAGE_STORAGE_BIT,
                     &dst));
   uint8_t texels[W * H * 4];
   for (unsigned i = 0; i < W * H * 4; i++)
      texels[i] = (uint8_t)((i * 97) ^ (i >> 3));
   CHECK(vkt_write_image(&t, &src, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){W, H, 1}, texels));
   VkSamplerCreateInfo si = sampler_info(VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                         VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
   VkSampler sampler = make_sampler(&t, &si);
   VkImageView vs = make_view(&t, &src, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   VkImageView vd = make_view(&t, &dst, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R32G32B32A32_SFLOAT,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, CS, NULL}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(blur_comp_spv),
                                                               .bindings = b, .binding_count = 2},
                               &p));
   vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, vs, sampler,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, vd, VK_NULL_HANDLE,
                          VK_IMAGE_LAYOUT_GENERAL);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, (W + 7) / 8, (H + 7) / 8, 1));
   float *out = malloc(W * H * 16);
   CHECK(vkt_read_image(&t, &dst, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                        (VkExtent3D){W, H, 1}, out));
   const struct ref_image ref = {W, H, 1, {texels}};
   float maxerr = 0;
   for (unsigned y = 0; y < H; y++)
      for (unsigned x = 0; x < W; x++) {
         float acc[4] = {0, 0, 0, 0};
         for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
               float s[4];
               ref_sample(&ref, ((float)x + 0.5f + dx * 0.75f) / W,
                          ((float)y + 0.5f + dy * 0.75f) / H, 0.0f, &si, s);
               for (unsigned c = 0; c < 4; c++)
                  acc[c] += s[c];
            }
         for (unsigned c = 0; c < 4; c++)
            maxerr = fmaxf(maxerr, fabsf(out[(y * W + x) * 4 + c] - acc[c] / 9.0f));
      }
   printf("  largest difference from the reference: %g\n", maxerr);
   /* Implementations may filter with 8-bit weights: a couple of ulps of
    * 8-bit unorm. */
   CHECK(maxerr <= 3.0f / 255.0f);
   if (t.is_kiln)
      CHECK(maxerr <= 1e-5f);
   free(out);
   vkDestroyImageView(t.dev, vs, NULL);
   vkDestroyImageView(t.dev, vd, NULL);
   vkDestroySampler(t.dev, sampler, NULL);
   vkt_image_destroy(&t, &src);
   vkt_image_destroy(&t, &dst);
   vkt_pipeline_destroy(&t, &p);
   vkt_finish(&t);
}

/* Address modes, border colours, mip selection: points sampled by the
 * shader against the reference sampler. */
/* The pipeline of sample_points.comp and sample_cube.comp: binding 0 the
 * combined image sampler (set per configuration), 1 the points, 2 the results;
 * a 4-byte push constant. */
static bool
sampling_pipeline_create(struct vkt *t, const uint32_t *spirv, size_t spirv_size,
                         const struct vkt_buffer *pts, const struct vkt_buffer *out,
                         struct vkt_pipeline *p)
{
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   const struct vkt_pipeline_info info = {
      .spirv = spirv,
      .spirv_size = spirv_size,
      .bindings = b,
      .binding_count = 3,
      .push_size = 4,
   };
   if (!vkt_pipeline_create(t, &info, p))
      return false;
   vkt_pipeline_set_buffer(t, p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, pts->buffer, 0,
                           VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(t, p, 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out->buffer, 0,
                           VK_WHOLE_SIZE);
   return true;
}

TEST(sampler_address_modes_borders_and_mipmaps)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { W = 8, H = 8, LEVELS = 4, NPTS = 64 };
   struct vkt_image img;
   REQUIRE(new_image(&t, VK_FORMAT_R8G8B8A8_UNORM, W, H, LEVELS, 1, VK_IMAGE_USAGE_SAMPLED_BIT,
                     &img));
   uint8_t lvl[LEVELS][W * H * 4];
   for (unsigned l = 0; l < LEVELS; l++) {
      const unsigned w = W >> l, h = H >> l;
      for (unsigned i = 0; i < w * h * 4; i++)
         lvl[l][i] = (uint8_t)((i * 53 + l * 71) ^ 0x5a);
      CHECK(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, l, 0, (VkOffset3D){0},
                            (VkExtent3D){w, h, 1}, lvl[l]));
   }
   VkImageView view = make_view(&t, &img, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                VK_IMAGE_ASPECT_COLOR_BIT);
   struct vkt_buffer pts, out;
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &pts));
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   float *pt = (float *)pts.map;
   for (unsigned i = 0; i < NPTS; i++) {
      /* Texel-centre-aligned coordinates in [-1.5, 2.5] (no rounding ties
       * for nearest), lods from -1 to 4. */
      pt[i * 4 + 0] = (((float)((i * 7) % 40) - 12.0f) + 0.5f) / 8.0f + 0.01f;
      pt[i * 4 + 1] = (((float)((i * 11) % 40) - 12.0f) + 0.5f) / 8.0f + 0.02f;
      pt[i * 4 + 2] = -1.0f + (float)(i % 12) * 0.43f; /* no mip-rounding ties */
      pt[i * 4 + 3] = 0.0f;
   }
   struct vkt_pipeline p;
   REQUIRE(sampling_pipeline_create(&t, sample_points_comp_spv,
                                    sizeof(sample_points_comp_spv), &pts, &out, &p));
   const struct ref_image ref = {W, H, LEVELS, {lvl[0], lvl[1], lvl[2], lvl[3]}};
   static const VkSamplerAddressMode modes[] = {
      VK_SAMPLER_ADDRESS_MODE_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,
      VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER};
   static const VkBorderColor borders[] = {VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK,
                                           VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE};
   unsigned configs = 0;
   for (unsigned m = 0; m < 4; m++)
      for (unsigned f = 0; f < 2; f++)
         for (unsigned mip = 0; mip < 2; mip++)
            for (unsigned bc = 0; bc < (m == 3 ? 2u : 1u); bc++) {
               VkSamplerCreateInfo si = sampler_info(f ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                                                     mip ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                         : VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                                     modes[m]);
               si.borderColor = borders[bc];
               si.maxLod = 2.5f;
               si.mipLodBias = 0.25f;
               VkSampler s = make_sampler(&t, &si);
               vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, view,
                                      s, VK_IMAGE_LAYOUT_GENERAL);
               const uint32_t n = NPTS;
               CHECK(vkt_run_compute(&t, &p, &n, 4, NPTS / 32, 1, 1));
               const float *o = (const float *)out.map;
               unsigned bad = 0;
               for (unsigned i = 0; i < NPTS; i++) {
                  float want[4];
                  ref_sample(&ref, pt[i * 4], pt[i * 4 + 1], pt[i * 4 + 2], &si, want);
                  for (unsigned c = 0; c < 4; c++) {
                     if (fabsf(o[i * 4 + c] - want[c]) > 3.0f / 255.0f && bad++ < 3)
                        test_fail(__FILE__, __LINE__,
                                  "mode %u filter %u mip %u border %u point %u (%g, %g, lod "
                                  "%g).%u: %g, want %g",
                                  m, f, mip, bc, i, pt[i * 4], pt[i * 4 + 1], pt[i * 4 + 2], c,
                                  o[i * 4 + c], want[c]);
                  }
               }
               vkDestroySampler(t.dev, s, NULL);
               configs++;
            }
   printf("  %u sampler configurations\n", configs);
   vkDestroyImageView(t.dev, view, NULL);
   vkt_image_destroy(&t, &img);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &pts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* Array layers (rounded coordinates, clamped) and depth compare. */
TEST(sampler_array_layers_and_depth_compare)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { W = 4, H = 4, LAYERS = 3, NPTS = 32 };
   struct vkt_image arr, depth;
   REQUIRE(new_image(&t, VK_FORMAT_R8G8B8A8_UNORM, W, H, 1, LAYERS, VK_IMAGE_USAGE_SAMPLED_BIT,
                     &arr));
   VkImageCreateInfo dci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_D32_SFLOAT,
                                          VK_IMAGE_TILING_OPTIMAL, 8, 8, 1, 2, 1);
   dci.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
   REQUIRE(vkt_image_create(&t, &dci, &depth));
   REQUIRE(vkt_image_to_general(&t, &depth, VK_IMAGE_LAYOUT_UNDEFINED));
   for (unsigned l = 0; l < LAYERS; l++) {
      uint8_t c[W * H * 4];
      for (unsigned i = 0; i < W * H; i++) {
         c[i * 4 + 0] = (uint8_t)(50 * (l + 1));
         c[i * 4 + 1] = (uint8_t)i;
         c[i * 4 + 2] = 0;
         c[i * 4 + 3] = 255;
      }
      CHECK(vkt_write_image(&t, &arr, VK_IMAGE_ASPECT_COLOR_BIT, 0, l, (VkOffset3D){0},
                            (VkExtent3D){W, H, 1}, c));
   }
   float dv[64];
   for (unsigned i = 0; i < 64; i++)
      dv[i] = (float)(i % 8) / 8.0f; /* depth = x / 8 */
   CHECK(vkt_write_image(&t, &depth, VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, (VkOffset3D){0},
                         (VkExtent3D){8, 8, 1}, dv));
   VkImageView va = make_view(&t, &arr, VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_FORMAT_R8G8B8A8_UNORM,
                              VK_IMAGE_ASPECT_COLOR_BIT);
   VkImageView vd = make_view(&t, &depth, VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_D32_SFLOAT,
                              VK_IMAGE_ASPECT_DEPTH_BIT);
   VkSamplerCreateInfo si = sampler_info(VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                         VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
   VkSampler sa = make_sampler(&t, &si);
   si.compareEnable = VK_TRUE;
   si.compareOp = VK_COMPARE_OP_LESS_OR_EQUAL;
   VkSampler sd = make_sampler(&t, &si);
   struct vkt_buffer pts, out;
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &pts));
   REQUIRE(vkt_buffer_create(&t, NPTS * 32, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   float *pt = (float *)pts.map;
   for (unsigned i = 0; i < NPTS; i++) {
      pt[i * 4 + 0] = ((float)(i % 8) + 0.5f) / 8.0f;
      pt[i * 4 + 1] = ((float)(i / 8) + 0.5f) / 8.0f;
      pt[i * 4 + 2] = -1.0f + (float)i * 0.17f; /* layers -1 .. 4.3: clamped, rounded */
      pt[i * 4 + 3] = (float)(i % 5) / 4.0f - 0.05f;
   }
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL},
      {3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t,
                               &(struct vkt_pipeline_info){VKT_SPIRV(sample_array_shadow_comp_spv),
                                                           .bindings = b, .binding_count = 4},
                               &p));
   vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, va, sa,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_image(&t, &p, 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, vd, sd,
                          VK_IMAGE_LAYOUT_GENERAL);
   vkt_pipeline_set_buffer(&t, &p, 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, pts.buffer, 0,
                           VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 3, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                           VK_WHOLE_SIZE);
   REQUIRE(vkt_run_compute(&t, &p, NULL, 0, 1, 1, 1));
   const float *o = (const float *)out.map;
   for (unsigned i = 0; i < NPTS; i++) {
      const float lf = rintf(pt[i * 4 + 2]);
      const unsigned layer = lf < 0 ? 0 : lf > LAYERS - 1 ? LAYERS - 1 : (unsigned)lf;
      const unsigned tx = (unsigned)floorf(pt[i * 4] * W), ty = (unsigned)floorf(pt[i * 4 + 1] * H);
      CHECK(fabsf(o[i * 8 + 0] - (float)(50 * (layer + 1)) / 255.0f) < 1e-6f);
      CHECK(fabsf(o[i * 8 + 1] - (float)(ty * W + tx) / 255.0f) < 1e-6f);
      const float dtex = (float)(i % 8) / 8.0f;
      const float want = pt[i * 4 + 3] <= dtex ? 1.0f : 0.0f;
      if (!CHECK_EQ(o[i * 8 + 4], want))
         printf("  point %u: ref %g tex %g\n", i, pt[i * 4 + 3], dtex);
      CHECK_EQ(o[i * 8 + 5], (float)LAYERS);
      CHECK_EQ(o[i * 8 + 6], 1.0f);
      CHECK_EQ(o[i * 8 + 7], 4.0f);
   }
   vkDestroyImageView(t.dev, va, NULL);
   vkDestroyImageView(t.dev, vd, NULL);
   vkDestroySampler(t.dev, sa, NULL);
   vkDestroySampler(t.dev, sd, NULL);
   vkt_image_destroy(&t, &arr);
   vkt_image_destroy(&t, &depth);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &pts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* --- arrays of descriptors ------------------------------------------------------- */

/* Arrays of descriptors indexed by push constants (dynamically uniform
 * indices: the shader*ArrayDynamicIndexing features): storage and uniform
 * buffers, or (`images`) combined image samplers and storage images. */
static void
descriptor_arrays(bool images)
{
   const VkPhysicalDeviceFeatures f = {
      .shaderUniformBufferArrayDynamicIndexing = !images,
      .shaderSampledImageArrayDynamicIndexing = images,
      .shaderStorageBufferArrayDynamicIndexing = !images,
      .shaderStorageImageArrayDynamicIndexing = images,
   };
   struct vkt t;
   if (!vkt_init(&t, &(struct vkt_req){.core_features = &f}))
      return;
   enum { N = 16 };
   struct vkt_buffer bufs[3], ubos[2], out;
   for (unsigned i = 0; i < 3; i++) {
      REQUIRE(vkt_buffer_create(&t, N * 4, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &bufs[i]));
      for (unsigned j = 0; j < N; j++)
         ((uint32_t *)bufs[i].map)[j] = 1000 * (i + 1) + j;
   }
   for (unsigned i = 0; i < 2; i++) {
      REQUIRE(vkt_buffer_create(&t, 16, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &ubos[i]));
      for (unsigned j = 0; j < 4; j++)
         ((uint32_t *)ubos[i].map)[j] = 100 * (i + 1) + j;
   }
   REQUIRE(vkt_buffer_create(&t, N * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   struct vkt_image tex[2], img[2];
   VkImageView tv[2], iv[2];
   for (unsigned i = 0; i < 2; i++) {
      REQUIRE(new_image(&t, VK_FORMAT_R32_UINT, 4, 1, 1, 1, VK_IMAGE_USAGE_SAMPLED_BIT, &tex[i]));
      REQUIRE(new_image(&t, VK_FORMAT_R32_UINT, 4, 2, 1, 1, VK_IMAGE_USAGE_STORAGE_BIT, &img[i]));
      uint32_t tt[4], it[8] = {0};
      for (unsigned j = 0; j < 4; j++) {
         tt[j] = 10 * (i + 1) + j;
         it[j] = 50000 * (i + 1) + j;
      }
      CHECK(vkt_write_image(&t, &tex[i], VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                            (VkExtent3D){4, 1, 1}, tt));
      CHECK(vkt_write_image(&t, &img[i], VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                            (VkExtent3D){4, 2, 1}, it));
      tv[i] = make_view(&t, &tex[i], VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R32_UINT,
                        VK_IMAGE_ASPECT_COLOR_BIT);
      iv[i] = make_view(&t, &img[i], VK_IMAGE_VIEW_TYPE_2D, VK_FORMAT_R32_UINT,
                        VK_IMAGE_ASPECT_COLOR_BIT);
   }
   VkSamplerCreateInfo si = sampler_info(VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                         VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
   VkSampler smp = make_sampler(&t, &si);
   const VkDescriptorSetLayoutBinding b_bufs[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 3, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2, CS, NULL},
      {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   const VkDescriptorSetLayoutBinding b_images[] = {
      {2, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2, CS, NULL},
      {3, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2, CS, NULL},
      {4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   struct vkt_pipeline p;
   if (images)
      REQUIRE(vkt_pipeline_create(
         &t,
         &(struct vkt_pipeline_info){VKT_SPIRV(descriptor_arrays_images_comp_spv),
                                     .bindings = b_images, .binding_count = 3, .push_size = 16},
         &p));
   else
      REQUIRE(vkt_pipeline_create(
         &t,
         &(struct vkt_pipeline_info){VKT_SPIRV(descriptor_arrays_comp_spv), .bindings = b_bufs,
                                     .binding_count = 3, .push_size = 16},
         &p));
   const VkDescriptorBufferInfo bi[3] = {{bufs[0].buffer, 0, VK_WHOLE_SIZE},
                                         {bufs[1].buffer, 0, VK_WHOLE_SIZE},
                                         {bufs[2].buffer, 0, VK_WHOLE_SIZE}};
   const VkDescriptorBufferInfo ui[2] = {{ubos[0].buffer, 0, VK_WHOLE_SIZE},
                                         {ubos[1].buffer, 0, VK_WHOLE_SIZE}};
   const VkDescriptorImageInfo ti[2] = {{smp, tv[0], VK_IMAGE_LAYOUT_GENERAL},
                                        {smp, tv[1], VK_IMAGE_LAYOUT_GENERAL}};
   const VkDescriptorImageInfo ii[2] = {{VK_NULL_HANDLE, iv[0], VK_IMAGE_LAYOUT_GENERAL},
                                        {VK_NULL_HANDLE, iv[1], VK_IMAGE_LAYOUT_GENERAL}};
   if (images) {
      /* Sampler elements one by one, the second one first. */
      const VkWriteDescriptorSet w[] = {
         {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, p.set, 2, 1, 1,
          VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &ti[1], NULL, NULL},
         {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, p.set, 2, 0, 1,
          VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, &ti[0], NULL, NULL},
         {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, p.set, 3, 0, 2,
          VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, ii, NULL, NULL},
      };
      vkUpdateDescriptorSets(t.dev, ARRAY_SIZE(w), w, 0, NULL);
   } else {
      const VkWriteDescriptorSet w[] = {
         {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, p.set, 0, 0, 3,
          VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, NULL, bi, NULL},
         {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, NULL, p.set, 1, 0, 2,
          VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, NULL, ui, NULL},
      };
      vkUpdateDescriptorSets(t.dev, ARRAY_SIZE(w), w, 0, NULL);
   }
   vkt_pipeline_set_buffer(&t, &p, 4, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                           VK_WHOLE_SIZE);
   /* Every combination of indices, one dispatch each. */
   unsigned incremented[3] = {0};
   for (uint32_t pb = 0; pb < 3; pb++)
      for (uint32_t pu = 0; pu < 2; pu++)
         for (uint32_t pt = 0; pt < 2; pt++) {
            const uint32_t pi = (pb + pu + pt) & 1, push[4] = {pb, pu, pt, pi};
            memset(out.map, 0, N * 16);
            REQUIRE(vkt_run_compute(&t, &p, push, sizeof(push), 1, 1, 1));
            const uint32_t *o = (const uint32_t *)out.map;
            for (unsigned i = 0; i < N; i++) {
               if (images) {
                  CHECK_EQ(o[i * 4 + 2], 10 * (pt + 1) + i % 4);
                  CHECK_EQ(o[i * 4 + 3], 50000 * (pi + 1) + i % 4);
               } else {
                  CHECK_EQ(o[i * 4 + 0], 1000 * (pb + 1) + i + incremented[pb]);
                  CHECK_EQ(o[i * 4 + 1], 100 * (pu + 1) + i % 4);
               }
            }
            incremented[pb]++;
         }
   if (images) {
      /* Both images were stored to (row 1), row 0 left alone. */
      for (unsigned i = 0; i < 2; i++) {
         uint32_t texels[8];
         CHECK(vkt_read_image(&t, &img[i], VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, (VkOffset3D){0},
                              (VkExtent3D){4, 2, 1}, texels));
         for (unsigned j = 0; j < 4; j++) {
            CHECK_EQ(texels[j], 50000 * (i + 1) + j);
            CHECK_EQ(texels[4 + j], j + 7);
         }
      }
   } else {
      for (unsigned i = 0; i < 3; i++)
         for (unsigned j = 0; j < N; j++)
            CHECK_EQ(((uint32_t *)bufs[i].map)[j], 1000 * (i + 1) + j + 4);
   }
   vkDestroySampler(t.dev, smp, NULL);
   for (unsigned i = 0; i < 2; i++) {
      vkDestroyImageView(t.dev, tv[i], NULL);
      vkDestroyImageView(t.dev, iv[i], NULL);
      vkt_image_destroy(&t, &tex[i]);
      vkt_image_destroy(&t, &img[i]);
      vkt_buffer_destroy(&t, &ubos[i]);
   }
   for (unsigned i = 0; i < 3; i++)
      vkt_buffer_destroy(&t, &bufs[i]);
   vkt_buffer_destroy(&t, &out);
   vkt_pipeline_destroy(&t, &p);
   vkt_finish(&t);
}

/* Runs on lavapipe too. */
TEST(buffer_arrays_dynamic_indexing)
{
   descriptor_arrays(false);
}

/* Features lavapipe (Mesa 22.3) does not have: skipped there. */
TEST(image_arrays_dynamic_indexing)
{
   descriptor_arrays(true);
}

/* --- cube maps -------------------------------------------------------------------- */

enum { CUBE_N = 8 };

/* Vulkan's cube face selection table: face, then (s, t) in [0, 1]. Ties
 * are avoided by the test's directions. */
static unsigned
ref_cube_face(const float d[3], float *s, float *t)
{
   const float ax = fabsf(d[0]), ay = fabsf(d[1]), az = fabsf(d[2]);
   float sc, tc, ma;
   unsigned f;
   if (ax > ay && ax > az) {
      f = d[0] > 0 ? 0 : 1;
      sc = d[0] > 0 ? -d[2] : d[2];
      tc = -d[1];
      ma = ax;
   } else if (ay > az) {
      f = d[1] > 0 ? 2 : 3;
      sc = d[0];
      tc = d[1] > 0 ? d[2] : -d[2];
      ma = ay;
   } else {
      f = d[2] > 0 ? 4 : 5;
      sc = d[2] > 0 ? d[0] : -d[0];
      tc = -d[1];
      ma = az;
   }
   *s = 0.5f * sc / ma + 0.5f;
   *t = 0.5f * tc / ma + 0.5f;
   return f;
}

/* The direction of point (s, t) of a face (s, t may leave [0, 1]). */
static void
ref_cube_dir(unsigned f, float s, float t, float d[3])
{
   const float sc = 2 * s - 1, tc = 2 * t - 1;
   static const float basis[6][3][3] = {
      /* major, s axis, t axis */
      {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},  {{-1, 0, 0}, {0, 0, 1}, {0, -1, 0}},
      {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},    {{0, -1, 0}, {1, 0, 0}, {0, 0, -1}},
      {{0, 0, 1}, {1, 0, 0}, {0, -1, 0}},   {{0, 0, -1}, {-1, 0, 0}, {0, -1, 0}},
   };
   for (unsigned a = 0; a < 3; a++)
      d[a] = basis[f][0][a] + sc * basis[f][1][a] + tc * basis[f][2][a];
}

/* Texel (i, j) of face f for a linear footprint: across an edge, the texel
 * of another face whose centre is nearest on the sphere to this one's
 * (found by trying them all); past a corner, the average of the three
 * texels around the corner. */
static void
ref_cube_texel(const uint8_t *faces, unsigned f, int i, int j, float out[4])
{
   const int n = CUBE_N;
   const bool oi = i < 0 || i >= n, oj = j < 0 || j >= n;
   if (oi && oj) {
      const int ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
      float a[4], b[4], c[4];
      ref_cube_texel(faces, f, ci, j, a);
      ref_cube_texel(faces, f, i, cj, b);
      ref_cube_texel(faces, f, ci, cj, c);
      for (unsigned k = 0; k < 4; k++)
         out[k] = (a[k] + b[k] + c[k]) / 3.0f;
      return;
   }
   unsigned face = f;
   if (oi || oj) {
      float d[3];
      ref_cube_dir(f, (i + 0.5f) / n, (j + 0.5f) / n, d);
      const float dl = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      float best = -2.0f;
      for (unsigned g = 0; g < 6; g++) {
         if (g == f)
            continue;
         for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
               float e[3];
               ref_cube_dir(g, (x + 0.5f) / n, (y + 0.5f) / n, e);
               const float el = sqrtf(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
               const float dot = (d[0] * e[0] + d[1] * e[1] + d[2] * e[2]) / (dl * el);
               if (dot > best) {
                  best = dot;
                  face = g;
                  i = x;
                  j = y;
               }
            }
      }
   }
   for (unsigned k = 0; k < 4; k++)
      out[k] = faces[((face * n + j) * n + i) * 4 + k] / 255.0f;
}

static void
ref_cube_sample(const uint8_t *faces, const float d[3], bool linear, float out[4])
{
   float s, t;
   const unsigned f = ref_cube_face(d, &s, &t);
   const int n = CUBE_N;
   if (!linear) {
      int i = (int)floorf(s * n), j = (int)floorf(t * n);
      i = i < 0 ? 0 : i >= n ? n - 1 : i;
      j = j < 0 ? 0 : j >= n ? n - 1 : j;
      ref_cube_texel(faces, f, i, j, out);
      return;
   }
   const float x = s * n - 0.5f, y = t * n - 0.5f;
   const int i0 = (int)floorf(x), j0 = (int)floorf(y);
   const float a = x - floorf(x), b = y - floorf(y);
   float t00[4], t10[4], t01[4], t11[4];
   ref_cube_texel(faces, f, i0, j0, t00);
   ref_cube_texel(faces, f, i0 + 1, j0, t10);
   ref_cube_texel(faces, f, i0, j0 + 1, t01);
   ref_cube_texel(faces, f, i0 + 1, j0 + 1, t11);
   for (unsigned c = 0; c < 4; c++)
      out[c] = (1 - a) * (1 - b) * t00[c] + a * (1 - b) * t10[c] + (1 - a) * b * t01[c] +
               a * b * t11[c];
}

/* A cube map sampled with nearest filtering (clamped to the face) and with
 * linear filtering across the edges (seamless: the footprint continues on
 * the adjacent face), in random directions and along every edge of every
 * face; textureSize. (Corners, where implementations may differ, are left
 * out: points near an edge stay 1.5 texels away from the corners.) */
TEST(cube_map_seamless_filtering)
{
   struct vkt t;
   if (!vkt_init(&t, NULL))
      return;
   enum { N = CUBE_N, NPTS = 6 * 4 * 8 + 64 };
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                         VK_IMAGE_TILING_OPTIMAL, N, N, 1, 1, 6);
   ci.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
   ci.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
   struct vkt_image img;
   REQUIRE(vkt_image_create(&t, &ci, &img));
   REQUIRE(vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED));
   static uint8_t faces[6 * N * N * 4];
   for (unsigned i = 0; i < sizeof(faces); i++)
      faces[i] = (uint8_t)((i * 97 + (i >> 7) * 31) ^ 0x3c);
   for (unsigned f = 0; f < 6; f++)
      CHECK(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, f, (VkOffset3D){0},
                            (VkExtent3D){N, N, 1}, faces + f * N * N * 4));
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_CUBE,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 6},
   };
   VkImageView view;
   VKT_REQUIRE(vkCreateImageView(t.dev, &vci, NULL, &view));

   struct vkt_buffer pts, out;
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &pts));
   REQUIRE(vkt_buffer_create(&t, (NPTS + 1) * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   float *pt = (float *)pts.map;
   unsigned k = 0;
   /* Along each edge of each face: within half a texel of the edge, so the
    * linear footprint crosses it. */
   for (unsigned f = 0; f < 6; f++)
      for (unsigned e = 0; e < 4; e++)
         for (unsigned q = 0; q < 8; q++) {
            const float along = (1.5f + (float)q * ((N - 3.0f) / 7.0f) + 0.013f * q) / N;
            const float across = (0.1f + 0.04f * (float)q) / N;
            const float edge = (e & 1) ? 1.0f - across : across;
            float d[3];
            if (e < 2)
               ref_cube_dir(f, edge, along, d);
            else
               ref_cube_dir(f, along, edge, d);
            memcpy(&pt[k * 4], d, 12);
            pt[k * 4 + 3] = 0.0f;
            k++;
         }
   /* Random directions. */
   uint64_t seed = 0x9e3779b97f4a7c15ull;
   while (k < NPTS) {
      for (unsigned a = 0; a < 3; a++) {
         seed = seed * 6364136223846793005ull + 1442695040888963407ull;
         pt[k * 4 + a] = (float)((seed >> 40) & 0xffff) / 32768.0f - 1.0f;
      }
      pt[k * 4 + 3] = 0.0f;
      float fs, ft;
      ref_cube_face(&pt[k * 4], &fs, &ft);
      const bool near_s = fs * N < 1.0f || fs * N > N - 1.0f;
      const bool near_t = ft * N < 1.0f || ft * N > N - 1.0f;
      if (!(near_s && near_t)) /* not by a corner */
         k++;
   }
   REQUIRE(k == NPTS);

   struct vkt_pipeline p;
   REQUIRE(sampling_pipeline_create(&t, sample_cube_comp_spv,
                                    sizeof(sample_cube_comp_spv), &pts, &out, &p));
   for (unsigned lin = 0; lin < 2; lin++) {
      /* The address mode must not matter for cube maps. */
      VkSamplerCreateInfo si = sampler_info(lin ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                                            VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                            VK_SAMPLER_ADDRESS_MODE_REPEAT);
      VkSampler s = make_sampler(&t, &si);
      vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, view, s,
                             VK_IMAGE_LAYOUT_GENERAL);
      const uint32_t n = NPTS;
      memset(out.map, 0, (NPTS + 1) * 16);
      CHECK(vkt_run_compute(&t, &p, &n, 4, (NPTS + 31) / 32, 1, 1));
      const float *o = (const float *)out.map;
      unsigned bad = 0;
      for (unsigned i = 0; i < NPTS; i++) {
         float want[4];
         ref_cube_sample(faces, &pt[i * 4], lin, want);
         for (unsigned c = 0; c < 4; c++) {
            if (fabsf(o[i * 4 + c] - want[c]) > 3.0f / 255.0f && bad++ < 5)
               test_fail(__FILE__, __LINE__, "%s point %u (%g, %g, %g).%u: %g, want %g",
                         lin ? "linear" : "nearest", i, pt[i * 4], pt[i * 4 + 1], pt[i * 4 + 2],
                         c, o[i * 4 + c], want[c]);
         }
      }
      CHECK_EQ(o[NPTS * 4], (float)N);
      CHECK_EQ(o[NPTS * 4 + 1], (float)N);
      vkDestroySampler(t.dev, s, NULL);
   }
   vkDestroyImageView(t.dev, view, NULL);
   vkt_image_destroy(&t, &img);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &pts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* imageCubeArray: a CUBE_ARRAY view of 3 cubes (18 layers, each cube its own
 * texels) sampled with nearest and linear filtering in random directions
 * (away from corners) and layers: the layer is the rounded w, clamped to
 * the cubes there are (Vulkan 1.3, 16.6.1 "Cube Map Face Selection" and the
 * array layer rule: clamp(RNE(w), 0, d - 1)); textureSize is (N, N, 3). */
TEST(cube_map_array_sampling)
{
   static const VkPhysicalDeviceFeatures core = {.imageCubeArray = VK_TRUE};
   const struct vkt_req req = {.core_features = &core};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   enum { N = CUBE_N, CUBES = 3, NPTS = 96 };
   VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM,
                                         VK_IMAGE_TILING_OPTIMAL, N, N, 1, 1, 6 * CUBES);
   ci.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
   ci.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
   struct vkt_image img;
   REQUIRE(vkt_image_create(&t, &ci, &img));
   REQUIRE(vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED));
   static uint8_t faces[CUBES * 6 * N * N * 4];
   for (unsigned i = 0; i < sizeof(faces); i++)
      faces[i] = (uint8_t)((i * 131 + (i >> 6) * 17) ^ 0x5a);
   for (unsigned l = 0; l < 6 * CUBES; l++)
      CHECK(vkt_write_image(&t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, l, (VkOffset3D){0},
                            (VkExtent3D){N, N, 1}, faces + l * N * N * 4));
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_CUBE_ARRAY,
      .format = VK_FORMAT_R8G8B8A8_UNORM,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 6 * CUBES},
   };
   VkImageView view;
   VKT_REQUIRE(vkCreateImageView(t.dev, &vci, NULL, &view));
   struct vkt_buffer pts, out;
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &pts));
   REQUIRE(vkt_buffer_create(&t, (NPTS + 1) * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   float *pt = (float *)pts.map;
   uint64_t seed = 0x2545f4914f6cdd1dull;
   unsigned k = 0;
   /* Layers -0.7 .. 3.9: below 0 and past the last cube clamp. */
   static const float layers[8] = {-0.7f, 0.2f, 0.6f, 1.3f, 1.7f, 2.2f, 2.6f, 3.9f};
   while (k < NPTS) {
      for (unsigned a = 0; a < 3; a++) {
         seed = seed * 6364136223846793005ull + 1442695040888963407ull;
         pt[k * 4 + a] = (float)((seed >> 40) & 0xffff) / 32768.0f - 1.0f;
      }
      pt[k * 4 + 3] = layers[k % 8];
      float fs, ft;
      ref_cube_face(&pt[k * 4], &fs, &ft);
      const bool near_s = fs * N < 1.0f || fs * N > N - 1.0f;
      const bool near_t = ft * N < 1.0f || ft * N > N - 1.0f;
      if (!(near_s && near_t))
         k++;
   }
   struct vkt_pipeline p;
   REQUIRE(sampling_pipeline_create(&t, sample_cube_array_comp_spv,
                                    sizeof(sample_cube_array_comp_spv), &pts, &out, &p));
   for (unsigned lin = 0; lin < 2; lin++) {
      VkSamplerCreateInfo si = sampler_info(lin ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
                                            VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                            VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
      VkSampler s = make_sampler(&t, &si);
      vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, view, s,
                             VK_IMAGE_LAYOUT_GENERAL);
      const uint32_t n = NPTS;
      memset(out.map, 0, (NPTS + 1) * 16);
      CHECK(vkt_run_compute(&t, &p, &n, 4, (NPTS + 31) / 32, 1, 1));
      const float *o = (const float *)out.map;
      unsigned bad = 0;
      for (unsigned i = 0; i < NPTS; i++) {
         const float r = rintf(pt[i * 4 + 3]);
         const unsigned cube = r < 0 ? 0 : r > CUBES - 1 ? CUBES - 1 : (unsigned)r;
         float want[4];
         ref_cube_sample(faces + cube * 6 * N * N * 4, &pt[i * 4], lin, want);
         for (unsigned c = 0; c < 4; c++) {
            if (fabsf(o[i * 4 + c] - want[c]) > 3.0f / 255.0f && bad++ < 5)
               test_fail(__FILE__, __LINE__, "%s point %u layer %g.%u: %g, want %g",
                         lin ? "linear" : "nearest", i, pt[i * 4 + 3], c, o[i * 4 + c],
                         want[c]);
         }
      }
      CHECK_EQ(o[NPTS * 4], (float)N);
      CHECK_EQ(o[NPTS * 4 + 1], (float)N);
      CHECK_EQ(o[NPTS * 4 + 2], (float)CUBES);
      vkDestroySampler(t.dev, s, NULL);
   }
   vkDestroyImageView(t.dev, view, NULL);
   vkt_image_destroy(&t, &img);
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &pts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

