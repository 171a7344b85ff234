/* SPDX-License-Identifier: MIT */
/*
 * Addressing a 2x2 quad's pixels and samples with one layout call.
 *
 * kil_level_addr_offset_B is a sum of terms, each a bit field of the
 * element's x byte or y row times a stride (LINEAR: y * pitch + x_B;
 * block-linear: GOB, block and row terms, and kil_gob_offset_B's bit
 * interleave). A quad starts at an even pixel, so on the sample grid its
 * origin (qx * gw, qy * gh) has the bit of gw (gh) clear and nothing
 * below it: adding a lane's pixel step (gw, gh) and a sample's position
 * in the grid (< gw, < gh) only sets clear bits, with no carry, when the
 * element size is a power of two. Each set bit adds its term's constant,
 * so the offset of (lane, sample) from the quad's origin is the same for
 * every quad of the level: computed here once per draw at the origin.
 * Probes at other quads check it, and without a power-of-two element the
 * per-pixel path stays.
 */
#include "rast_priv.h"

static uint64_t
grid_offset_B(const struct rast_image *img, uint32_t ex, uint32_t ey)
{
   return kil_level_addr_offset_B(&img->addr, ex, ey, 0, img->base_layer);
}

bool
rast_quad_addr_init(struct rast_quad_addr *qa, const struct rast_image *img)
{
   memset(qa, 0, sizeof(*qa));
   const uint32_t samples = img->samples ? img->samples : 1;
   const enum kil_sample_layout sl = kil_sample_layout_for_samples(samples);
   if (!img->base || sl == KIL_SAMPLE_LAYOUT_INVALID || !img->addr.el_size_B ||
       !util_is_power_of_two(img->addr.el_size_B) || samples > RAST_MAX_SAMPLES)
      return false;
   qa->gw = kil_sample_layout_width(sl);
   qa->gh = kil_sample_layout_height(sl);
   const uint64_t origin = grid_offset_B(img, 0, 0);
   for (unsigned l = 0; l < 4; l++) {
      for (uint32_t s = 0; s < samples; s++) {
         const uint32_t ex = (l & 1) * qa->gw + kil_sample_layout_sample_x(sl, s);
         const uint32_t ey = (l >> 1) * qa->gh + kil_sample_layout_sample_y(sl, s);
         qa->off_B[l][s] = (uint32_t)(grid_offset_B(img, ex, ey) - origin);
      }
   }
   /* Probes: quads on GOB, block and row boundaries of a large image. */
   static const uint32_t probe[][2] = {{2, 2},   {6, 6},    {14, 6},     {30, 14},
                                       {62, 30}, {126, 62}, {1022, 766}, {4094, 2046}};
   for (unsigned i = 0; i < ARRAY_SIZE(probe); i++) {
      const uint32_t ex = probe[i][0] * qa->gw, ey = probe[i][1] * qa->gh;
      const uint64_t base = grid_offset_B(img, ex, ey);
      for (unsigned l = 0; l < 4; l++) {
         for (uint32_t s = 0; s < samples; s++) {
            const uint32_t x = ex + (l & 1) * qa->gw + kil_sample_layout_sample_x(sl, s);
            const uint32_t y = ey + (l >> 1) * qa->gh + kil_sample_layout_sample_y(sl, s);
            if (grid_offset_B(img, x, y) != base + qa->off_B[l][s])
               return false;
         }
      }
   }
   qa->ok = true;
   return true;
}
