/* SPDX-License-Identifier: MIT */
#include "kx_ycbcr.h"

#include <math.h>
#include <string.h>

#include "format/fmt.h"
#include "kx_mem.h"

/* Texel (x, y) of a plane, clamped to the edge (conversions require
 * CLAMP_TO_EDGE). Zero if the view does not reach it. */
static void
plane_texel(const struct kx_image_desc *p, const uint8_t *mem, int64_t x, int64_t y,
            uint32_t layer, float out[4])
{
   const struct kx_image_level *lvl = &p->levels[0];
   memset(out, 0, 4 * sizeof(float));
   if (lvl->addr.extent_el.width == 0 || lvl->addr.extent_el.height == 0 ||
       layer >= p->num_layers)
      return;
   const int64_t w = lvl->addr.extent_el.width, h = lvl->addr.extent_el.height;
   x = x < 0 ? 0 : x >= w ? w - 1 : x;
   y = y < 0 ? 0 : y >= h ? h - 1 : y;
   const uint64_t off = kil_level_addr_offset_B(&lvl->addr, (uint32_t)x, (uint32_t)y, 0,
                                                layer + p->base_layer);
   if (off + p->el_size_B > p->range_B)
      return;
   union fmt_texel t;
   fmt_unpack_color(p->format, mem + off, &t);
   memcpy(out, t.f, 4 * sizeof(float));
}

/* Samples a plane at normalized (u, v) with `filter` (Vulkan 1.3, 16.8
 * "Texel filtering", clamp to edge). */
static void
sample_plane(const struct kx_image_desc *p, const uint8_t *mem, unsigned filter, float u,
             float v, uint32_t layer, float out[4])
{
   const float x = u * (float)p->levels[0].width_px;
   const float y = v * (float)p->levels[0].height_px;
   if (filter != VK_FILTER_LINEAR) {
      plane_texel(p, mem, (int64_t)floorf(x), (int64_t)floorf(y), layer, out);
      return;
   }
   const float fx = x - 0.5f, fy = y - 0.5f;
   const float x0 = floorf(fx), y0 = floorf(fy);
   const float a = fx - x0, b = fy - y0;
   float t00[4], t10[4], t01[4], t11[4];
   plane_texel(p, mem, (int64_t)x0, (int64_t)y0, layer, t00);
   plane_texel(p, mem, (int64_t)x0 + 1, (int64_t)y0, layer, t10);
   plane_texel(p, mem, (int64_t)x0, (int64_t)y0 + 1, layer, t01);
   plane_texel(p, mem, (int64_t)x0 + 1, (int64_t)y0 + 1, layer, t11);
   for (unsigned c = 0; c < 4; c++)
      out[c] = (1 - a) * (1 - b) * t00[c] + a * (1 - b) * t10[c] + (1 - a) * b * t01[c] +
               a * b * t11[c];
}

static float
swizzled(const float raw[4], uint8_t swizzle)
{
   switch (swizzle) {
   case KX_SWIZZLE_0:
      return 0.0f;
   case KX_SWIZZLE_1:
      return 1.0f;
   default:
      return raw[swizzle & 3];
   }
}

void
kx_ycbcr_convert(const struct kx_ycbcr_desc *y, const float raw[4], float out[4])
{
   float c[4];
   for (unsigned i = 0; i < 4; i++)
      c[i] = swizzled(raw, y->swizzle[i]);
   if (y->model == VK_SAMPLER_YCBCR_MODEL_CONVERSION_RGB_IDENTITY) {
      memcpy(out, c, sizeof(c));
      return;
   }

   /* Range expansion (Vulkan 1.3, 16.1.x "Sampler Y'CbCr Range
    * Expansion"), n bits per component; R is Cr, G is Y', B is Cb. */
   const float max = (float)((1u << y->bits) - 1u);
   const float scale = (float)(1u << (y->bits - 8));
   float Y, Cb, Cr;
   if (y->range == VK_SAMPLER_YCBCR_RANGE_ITU_NARROW) {
      Y = (c[1] * max - 16.0f * scale) / (219.0f * scale);
      Cb = (c[2] * max - 128.0f * scale) / (224.0f * scale);
      Cr = (c[0] * max - 128.0f * scale) / (224.0f * scale);
   } else {
      const float mid = (float)(1u << (y->bits - 1)) / max;
      Y = c[1];
      Cb = c[2] - mid;
      Cr = c[0] - mid;
   }

   /* Model conversion (16.1.x "Sampler Y'CbCr Model Conversion"): the
    * BT.601/709/2020 matrices from their Kr and Kb. */
   float kr, kb;
   switch (y->model) {
   case VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_601:
      kr = 0.299f, kb = 0.114f;
      break;
   case VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_709:
      kr = 0.2126f, kb = 0.0722f;
      break;
   case VK_SAMPLER_YCBCR_MODEL_CONVERSION_YCBCR_2020:
      kr = 0.2627f, kb = 0.0593f;
      break;
   default: /* YCBCR_IDENTITY: range expansion only */
      out[0] = Cr, out[1] = Y, out[2] = Cb, out[3] = c[3];
      return;
   }
   const float kg = 1.0f - kr - kb;
   out[0] = Y + (2.0f - 2.0f * kr) * Cr;
   out[1] = Y - (2.0f * kb * (1.0f - kb) / kg) * Cb - (2.0f * kr * (1.0f - kr) / kg) * Cr;
   out[2] = Y + (2.0f - 2.0f * kb) * Cb;
   out[3] = c[3];
}

bool
kx_ycbcr_sample(struct kx_thread *t, const struct kx_image_desc *d,
                const struct kx_sampler_desc *s, float u, float v, uint32_t layer,
                float out[4])
{
   const struct kx_ycbcr_desc *y = &s->ycbcr;
   float raw[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   for (unsigned p = 0; p < d->plane_count && p < KIL_MAX_PLANES; p++) {
      const struct kx_image_desc *pd = d->planes[p];
      if (!pd || !pd->range_B)
         continue;
      const uint8_t *mem = kx_mem_read(t, pd->base_addr, pd->range_B);
      if (!mem)
         return false;
      /* Implicit reconstruction (kx_ycbcr.h): cosited chroma moves by half
       * a luma texel. */
      float pu = u, pv = v;
      if (d->plane_div[p][0] > 1 &&
          y->chroma_offset[0] == VK_CHROMA_LOCATION_COSITED_EVEN)
         pu += 0.5f / (float)d->levels[0].width_px;
      if (d->plane_div[p][1] > 1 &&
          y->chroma_offset[1] == VK_CHROMA_LOCATION_COSITED_EVEN)
         pv += 0.5f / (float)d->levels[0].height_px;
      float texel[4];
      sample_plane(pd, mem, p == 0 ? s->mag_filter : y->chroma_filter, pu, pv, layer,
                   texel);
      if (p == 0) {
         raw[1] = texel[0]; /* G */
      } else if (p == 1) {
         raw[2] = texel[0]; /* B */
         if (d->plane_count == 2)
            raw[0] = texel[1]; /* R in the second channel of a B8R8 plane */
      } else {
         raw[0] = texel[0]; /* R */
      }
   }
   kx_ycbcr_convert(y, raw, out);
   return true;
}
