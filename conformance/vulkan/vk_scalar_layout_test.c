/* SPDX-License-Identifier: MIT */
/*
 * scalarBlockLayout (VK_EXT_scalar_block_layout; on zink's list): blocks
 * laid out with scalar alignment (Vulkan 1.3, 15.6.4 "Offset and Stride
 * Assignment", scalar alignment): vec3s at 4-byte offsets, 12-byte array
 * strides, structs of 28 bytes, in storage, uniform and push-constant
 * blocks. kiln reads the Offset/ArrayStride decorations as given (the
 * explicit I/O lowering) and accesses any byte address, so only this test
 * was missing. References computed here; kiln and lavapipe.
 */
#include <string.h>

#include "vkt.h"
#include "vkt_compute.h"

#include "scalar_layout_comp.h"

TEST(scalar_block_layout)
{
   enum { N = 100 };
   static const char *const exts[] = {VK_EXT_SCALAR_BLOCK_LAYOUT_EXTENSION_NAME};
   static VkPhysicalDeviceScalarBlockLayoutFeatures f = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES,
      .scalarBlockLayout = VK_TRUE};
   const struct vkt_req req = {.instance_api_version = VK_API_VERSION_1_1,
                               .extensions = exts,
                               .extension_count = 1,
                               .features = &f};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   const VkDescriptorSetLayoutBinding b[] = {
      {0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL},
      {2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL}};
   struct vkt_buffer in, out, ubo;
   memset(&in, 0, sizeof(in));
   memset(&out, 0, sizeof(out));
   memset(&ubo, 0, sizeof(ubo));
   struct vkt_pipeline p;
   memset(&p, 0, sizeof(p));
   const uint32_t in_size = 4 + N * 12, out_size = 4 + N * 28, ubo_size = 4 + 4 * 12;
   if (vkt_buffer_create(&t, in_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &in) &&
       vkt_buffer_create(&t, out_size, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out) &&
       vkt_buffer_create(&t, ubo_size, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, &ubo) &&
       vkt_pipeline_create(&t,
                           &(struct vkt_pipeline_info){VKT_SPIRV(scalar_layout_comp_spv),
                                                       .bindings = b, .binding_count = 3,
                                                       .push_size = 16},
                           &p)) {
      /* Small integers in floats: every product and sum below is exact. */
      const uint32_t n = N;
      memcpy(in.map, &n, 4);
      float *v = (float *)(in.map + 4);
      for (uint32_t i = 0; i < N * 3; i++)
         v[i] = (float)((int)(i * 7 % 23) - 11);
      float *uf = (float *)ubo.map;
      for (uint32_t i = 0; i < 13; i++)
         uf[i] = (float)(i % 5) - 2.0f; /* k, then w[4] */
      memset(out.map, 0xee, out_size);
      const float push[4] = {0.5f, 2.0f, -1.0f, 3.0f};
      vkt_pipeline_set_buffer(&t, &p, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, in.buffer, 0,
                              VK_WHOLE_SIZE);
      vkt_pipeline_set_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                              VK_WHOLE_SIZE);
      vkt_pipeline_set_buffer(&t, &p, 2, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buffer, 0,
                              VK_WHOLE_SIZE);
      if (vkt_run_compute(&t, &p, push, 16, (N + 63) / 64, 1, 1)) {
         float head;
         memcpy(&head, out.map, 4);
         CHECK(head == 42.0f);
         unsigned bad = 0;
         for (uint32_t i = 0; i < N; i++) {
            const float *x = &v[i * 3];
            const float *w = &uf[1 + (i % 4) * 3];
            const uint8_t *s = out.map + 4 + i * 28;
            float a, bb[3], d;
            uint32_t c[2];
            memcpy(&a, s, 4);
            memcpy(bb, s + 4, 12);
            memcpy(c, s + 16, 8);
            memcpy(&d, s + 24, 4);
            bad += a != x[0] * w[0] + x[1] * w[1] + x[2] * w[2] + uf[0];
            for (unsigned k = 0; k < 3; k++)
               bad += bb[k] != x[k] * push[1 + k] + push[0];
            bad += c[0] != i || c[1] != i * 3 + 1;
            bad += d != x[1] - x[2];
         }
         if (bad)
            test_fail(__FILE__, __LINE__, "%u values differ", bad);
      }
   }
   vkt_pipeline_destroy(&t, &p);
   if (ubo.buffer)
      vkt_buffer_destroy(&t, &ubo);
   if (out.buffer)
      vkt_buffer_destroy(&t, &out);
   if (in.buffer)
      vkt_buffer_destroy(&t, &in);
   vkt_finish(&t);
}
