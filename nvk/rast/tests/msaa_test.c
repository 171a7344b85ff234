/* SPDX-License-Identifier: MIT */
/*
 * Multisampling (Vulkan 1.3, 28.4): coverage at the standard sample
 * locations, the sample mask, alpha to coverage and per-sample depth,
 * into 2/4/8-sample images laid out by shared/layout (kil_sample.h).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "format/fmt.h"
#include "rast_test_util.h"
#include "util/test.h"

#define W 24
#define H 16

TEST(rast_standard_sample_locations)
{
   /* 28.4 Table "Standard sample locations", in 1/16 pixel. */
   static const uint32_t l2[2][2] = {{12, 12}, {4, 4}};
   static const uint32_t l4[4][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
   static const uint32_t l8[8][2] = {{9, 5}, {7, 11}, {13, 9}, {5, 3},
                                     {3, 13}, {1, 7}, {11, 15}, {15, 1}};
   uint32_t x, y;
   rast_sample_location(1, 0, &x, &y);
   CHECK(x == 8 && y == 8);
   for (unsigned s = 0; s < 2; s++) {
      rast_sample_location(2, s, &x, &y);
      CHECK(x == l2[s][0] && y == l2[s][1]);
   }
   for (unsigned s = 0; s < 4; s++) {
      rast_sample_location(4, s, &x, &y);
      CHECK(x == l4[s][0] && y == l4[s][1]);
   }
   for (unsigned s = 0; s < 8; s++) {
      rast_sample_location(8, s, &x, &y);
      CHECK(x == l8[s][0] && y == l8[s][1]);
   }
}

/* Draws a triangle (window positions on the 1/256 grid) with colour
 * (1, 0, 0, alpha) into an n-sample RGBA8 image; returns samples passed. */
static uint64_t
draw_msaa(struct rt_image *img, struct rt_image *ds, uint32_t samples, const double tri[3][3],
          uint32_t sample_mask, bool a2c, float alpha)
{
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.samples = samples;
   s.sample_mask = sample_mask;
   s.alpha_to_coverage = a2c;
   s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0);
   if (ds) {
      s.depth_test_enable = true;
      s.depth_write_enable = true;
   }
   struct rast_framebuffer fb = rt_fb(W, H);
   fb.color[0] = img->ri;
   if (ds)
      fb.depth_stencil = ds->ri;
   float verts[3 * RT_STRIDE] = {0};
   for (unsigned k = 0; k < 3; k++) {
      rt_set_window_pos(verts, k, tri[k][0], tri[k][1], (float)tri[k][2], W, H);
      float *v = rt_vertex(verts, k);
      v[RAST_SLOT_VAR0 * 4 + 0] = 1.0f;
      v[RAST_SLOT_VAR0 * 4 + 3] = alpha;
   }
   const uint32_t idx[3] = {0, 1, 2};
   struct rast_draw d =
      rt_draw(&s, &fb, verts, 3, RAST_PRIM_TRIANGLES, idx, 1, rt_record_shade, NULL, 1);
   struct rt_record r;
   if (!rt_record_init(&r, W, H))
      return ~0ull;
   d.shade_data = &r;
   const bool ok = rast_draw(&d);
   rt_record_finish(&r);
   return ok ? d.samples_passed : ~0ull;
}

/* The edge function of the test's own, on the 1/256 grid: > 0 inside
 * for either winding (the sign of the triangle's area is divided out). */
static int64_t
inside_sign(const int64_t x[3], const int64_t y[3], int64_t px, int64_t py)
{
   const int64_t area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
   int64_t m = INT64_MAX;
   for (unsigned i = 0; i < 3; i++) {
      const unsigned j = (i + 1) % 3;
      int64_t e = (x[j] - x[i]) * (py - y[i]) - (y[j] - y[i]) * (px - x[i]);
      if (area < 0)
         e = -e;
      m = e < m ? e : m;
   }
   return m;
}

TEST(rast_msaa_coverage)
{
   static const double tri[3][3] = {{1.3125, 0.71875, 0.5}, {21.66015625, 3.0390625, 0.5},
                                    {6.00390625, 14.9375, 0.5}};
   static const uint32_t counts[] = {1, 2, 4, 8};
   static const uint32_t masks[] = {~0u, 0x5};
   for (unsigned ci = 0; ci < ARRAY_SIZE(counts); ci++) {
      for (unsigned mi = 0; mi < ARRAY_SIZE(masks); mi++) {
         const uint32_t n = counts[ci];
         struct rt_image img;
         REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, n, false)); /* MSAA images are never LINEAR */
         const uint64_t passed = draw_msaa(&img, NULL, n, tri, masks[mi], false, 1.0f);
         int64_t x[3], y[3];
         for (unsigned k = 0; k < 3; k++)
            x[k] = llround(tri[k][0] * 256), y[k] = llround(tri[k][1] * 256);
         uint64_t want_passed = 0;
         unsigned bad = 0, ties = 0;
         for (uint32_t py = 0; py < H; py++)
            for (uint32_t px = 0; px < W; px++)
               for (uint32_t smp = 0; smp < n; smp++) {
                  uint32_t sx, sy;
                  rast_sample_location(n, smp, &sx, &sy);
                  const int64_t e = inside_sign(x, y, px * 256 + sx * 16, py * 256 + sy * 16);
                  const bool cov = e > 0 && ((masks[mi] >> smp) & 1);
                  const bool got = rt_texel(&img, px, py, smp)[0] == 0xff;
                  if (e == 0) {
                     ties++;
                     want_passed += got;
                     continue;
                  }
                  want_passed += cov;
                  if (got != cov && bad++ < 3)
                     fprintf(stderr, "%ux mask %#x (%u,%u) sample %u: %u want %u\n", n,
                             masks[mi], px, py, smp, got, cov);
               }
         CHECK_EQ(bad, 0);
         CHECK_EQ(passed, want_passed);
         CHECK(ties < 4);
         rt_image_finish(&img);
      }
   }
}

TEST(rast_msaa_alpha_to_coverage)
{
   /* 28.4.?: alpha to coverage keeps a number of samples proportional to
    * alpha (which ones is the implementation's); a quad covering every
    * sample of every pixel. */
   static const double t0[3][3] = {{0, 0, 0.5}, {48, 0, 0.5}, {0, 32, 0.5}};
   static const float alphas[] = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f};
   for (unsigned ai = 0; ai < ARRAY_SIZE(alphas); ai++) {
      struct rt_image img;
      REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, 4, false));
      const uint64_t passed = draw_msaa(&img, NULL, 4, t0, ~0u, true, alphas[ai]);
      const uint32_t per_pixel = (uint32_t)lrintf(alphas[ai] * 4);
      for (uint32_t py = 0; py < 4; py++)
         for (uint32_t px = 0; px < 4; px++) {
            uint32_t k = 0;
            for (uint32_t smp = 0; smp < 4; smp++)
               k += rt_texel(&img, px, py, smp)[0] == 0xff;
            CHECK_EQ(k, per_pixel);
         }
      CHECK_EQ(passed, (uint64_t)per_pixel * W * H);
      rt_image_finish(&img);
   }
}

TEST(rast_msaa_per_sample_depth)
{
   /* Each sample's depth is the plane's at the sample (28.4: depth is
    * evaluated at each sample location). */
   static const double tri[3][3] = {{0, 0, 0.1}, {48, 0, 0.9}, {0, 32, 0.5}};
   struct rt_image img, ds;
   REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, 4, false));
   REQUIRE(rt_image_init(&ds, KIL_FORMAT_D32_SFLOAT, W, H, 4, false));
   for (uint32_t py = 0; py < H; py++)
      for (uint32_t px = 0; px < W; px++)
         for (uint32_t smp = 0; smp < 4; smp++)
            fmt_pack_depth(KIL_FORMAT_D32_SFLOAT, 1.0f, rt_texel(&ds, px, py, smp));
   draw_msaa(&img, &ds, 4, tri, ~0u, false, 1.0f);
   /* z = 0.1 + 0.8 x / 48 + 0.4 y / 32 over the triangle's plane. */
   for (uint32_t py = 0; py < 8; py++)
      for (uint32_t px = 0; px < 8; px++)
         for (uint32_t smp = 0; smp < 4; smp++) {
            uint32_t sx, sy;
            rast_sample_location(4, smp, &sx, &sy);
            const double x = px + sx / 16.0, y = py + sy / 16.0;
            const double z = 0.1 + 0.8 * x / 48 + 0.4 * y / 32;
            CHECK_FLOAT_EQ(fmt_unpack_depth(KIL_FORMAT_D32_SFLOAT, rt_texel(&ds, px, py, smp)),
                           z, 1e-6);
         }
   rt_image_finish(&img);
   rt_image_finish(&ds);
}

struct sample_rec {
   uint32_t calls[W * H * 8];
   float fx[W * H * 8], fy[W * H * 8];
   float cen[W * H], ctr[W * H];
   uint32_t partial[W * H];
};

/* Records per (pixel, sample) invocations and their frag_coord; writes
 * colour (sample_id / 8, 0, 0, 1). */
static bool
shade_samples(void *data, unsigned worker, struct rast_fs_batch *b)
{
   struct sample_rec *r = data;
   (void)worker;
   for (unsigned lane = 0; lane < RAST_W; lane++) {
      b->out[0 * RAST_W + lane] = (float)b->sample_id[lane] / 8.0f;
      b->out[1 * RAST_W + lane] = 0.0f;
      b->out[2 * RAST_W + lane] = 0.0f;
      b->out[3 * RAST_W + lane] = 1.0f;
      if (!((b->live_mask >> lane) & 1) || ((b->helper_mask >> lane) & 1))
         continue;
      const uint32_t x = (uint32_t)b->frag_coord[lane], y = (uint32_t)b->frag_coord[RAST_W + lane];
      const uint32_t i = (y * W + x) * 8 + b->sample_id[lane];
      r->calls[i]++;
      r->fx[i] = b->frag_coord[lane];
      r->fy[i] = b->frag_coord[RAST_W + lane];
      r->cen[y * W + x] = b->in[(RAST_SLOT_VAR0 * 4 + 0) * RAST_W + lane];
      r->ctr[y * W + x] = b->in[((RAST_SLOT_VAR0 + 1) * 4 + 0) * RAST_W + lane];
      r->partial[y * W + x] = b->sample_mask_in[lane] != 0xf;
   }
   return true;
}

TEST(rast_msaa_sample_shading)
{
   /* One invocation per covered sample, at the sample's location, with
    * SampleId; the colour lands in that sample only. */
   static const double tri[3][3] = {{1.3125, 0.71875, 0.5}, {21.66015625, 3.0390625, 0.5},
                                    {6.00390625, 14.9375, 0.5}};
   struct rt_image img;
   REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, 4, false));
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.samples = 4;
   s.fs.sample_shading = true;
   struct rast_framebuffer fb = rt_fb(W, H);
   fb.color[0] = img.ri;
   float verts[3 * RT_STRIDE] = {0};
   for (unsigned k = 0; k < 3; k++)
      rt_set_window_pos(verts, k, tri[k][0], tri[k][1], 0.5f, W, H);
   const uint32_t idx[3] = {0, 1, 2};
   static struct sample_rec r;
   memset(&r, 0, sizeof(r));
   struct rast_draw d = rt_draw(&s, &fb, verts, 3, RAST_PRIM_TRIANGLES, idx, 1, shade_samples, &r, 1);
   REQUIRE(rast_draw(&d));
   int64_t x[3], y[3];
   for (unsigned k = 0; k < 3; k++)
      x[k] = llround(tri[k][0] * 256), y[k] = llround(tri[k][1] * 256);
   unsigned bad = 0, n = 0;
   for (uint32_t py = 0; py < H; py++)
      for (uint32_t px = 0; px < W; px++)
         for (uint32_t smp = 0; smp < 4; smp++) {
            uint32_t sx, sy;
            rast_sample_location(4, smp, &sx, &sy);
            const int64_t e = inside_sign(x, y, px * 256 + sx * 16, py * 256 + sy * 16);
            if (e == 0)
               continue;
            const uint32_t i = (py * W + px) * 8 + smp;
            const bool cov = e > 0;
            n += cov;
            if (r.calls[i] != cov && bad++ < 3)
               fprintf(stderr, "(%u,%u) sample %u: %u calls\n", px, py, smp, r.calls[i]);
            if (cov) {
               CHECK_FLOAT_EQ(r.fx[i], px + sx / 16.0, 0);
               CHECK_FLOAT_EQ(r.fy[i], py + sy / 16.0, 0);
               /* sample_id / 8 in UNORM8. */
               CHECK_EQ(rt_texel(&img, px, py, smp)[0], (smp * 255 + 4) / 8);
            }
         }
   CHECK_EQ(bad, 0);
   CHECK_EQ(d.fs_invocations, n);
   rt_image_finish(&img);
}

TEST(rast_msaa_centroid)
{
   /* Centroid inputs of partly covered pixels are evaluated inside the
    * primitive: a varying equal to the clip-space x stays within the
    * triangle's range, while the centre-interpolated copy extrapolates
    * past it somewhere along the edge. */
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.samples = 4;
   s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0) | BITFIELD64_BIT(RAST_SLOT_VAR0 + 1);
   s.fs.interp_loc[RAST_SLOT_VAR0] = RAST_LOC_CENTROID;
   struct rast_framebuffer fb = rt_fb(W, H);
   float verts[3 * RT_STRIDE] = {0};
   static const double tri[3][2] = {{2.3, 1.7}, {21.1, 2.9}, {3.2, 14.6}};
   for (unsigned k = 0; k < 3; k++) {
      rt_set_window_pos(verts, k, tri[k][0], tri[k][1], 0.5f, W, H);
      const float u = k == 1 ? 1.0f : 0.0f; /* barycentric l1 */
      rt_vertex(verts, k)[RAST_SLOT_VAR0 * 4] = u;
      rt_vertex(verts, k)[(RAST_SLOT_VAR0 + 1) * 4] = u;
   }
   const uint32_t idx[3] = {0, 1, 2};
   static struct sample_rec r;
   memset(&r, 0, sizeof(r));
   struct rast_draw d = rt_draw(&s, &fb, verts, 3, RAST_PRIM_TRIANGLES, idx, 1, shade_samples, &r, 1);
   REQUIRE(rast_draw(&d));
   unsigned partial = 0, outside = 0;
   for (uint32_t i = 0; i < W * H; i++) {
      if (!r.calls[i * 8])
         continue;
      if (r.partial[i]) {
         partial++;
         CHECK(r.cen[i] >= -1e-6f && r.cen[i] <= 1.0f + 1e-6f);
         outside += r.ctr[i] < -1e-3f;
      } else {
         CHECK_FLOAT_EQ(r.cen[i], r.ctr[i], 0);
      }
   }
   CHECK(partial > 10);
   CHECK(outside > 0);
}
