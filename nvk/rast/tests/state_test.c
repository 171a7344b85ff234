/* SPDX-License-Identifier: MIT */
/*
 * State that steers fragments: scissors and the render area, several
 * viewports picked by ViewportIndex and Layer, polygon modes, helper
 * lanes, discard with early and late tests, FragDepth and stencil export.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "kil_test_device.h"
#include "rast_test_util.h"
#include "util/test.h"

#define W 64
#define H 48

static uint32_t
total(const struct rt_record *r)
{
   uint32_t t = 0;
   for (uint32_t i = 0; i < r->w * r->h; i++)
      t += r->hits[i];
   return t;
}

static void
fullscreen(float *verts)
{
   rt_set_pos(verts, 0, -1, -1, 0.5f, 1);
   rt_set_pos(verts, 1, 1, -1, 0.5f, 1);
   rt_set_pos(verts, 2, -1, 1, 0.5f, 1);
   rt_set_pos(verts, 3, 1, 1, 0.5f, 1);
}

static const uint32_t quad_idx[6] = {0, 1, 2, 2, 1, 3};

TEST(rast_scissor_and_render_area)
{
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.scissors[0] = (struct rast_rect){5, 7, 30, 20};
   struct rast_framebuffer fb = rt_fb(W, H);
   fb.render_area = (struct rast_rect){10, 0, 40, 20};
   float verts[4 * RT_STRIDE] = {0};
   fullscreen(verts);
   struct rt_record r;
   REQUIRE(rt_record_init(&r, W, H));
   struct rast_draw d =
      rt_draw(&s, &fb, verts, 4, RAST_PRIM_TRIANGLES, quad_idx, 2, rt_record_shade, &r, 1);
   REQUIRE(rast_draw(&d));
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         const bool in = x >= 10 && x < 35 && y >= 7 && y < 20;
         CHECK_EQ(r.hits[y * W + x], in);
      }
   rt_record_finish(&r);
}

TEST(rast_viewport_index)
{
   /* Two viewports (left and right halves, the right one flipped) with
    * their own scissors; each triangle picks one through its provoking
    * vertex's ViewportIndex (Layer 0). */
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.viewport_count = 2;
   s.viewports[0] = (struct rast_viewport){0, 0, W / 2, H, 0, 1};
   s.viewports[1] = (struct rast_viewport){W / 2, H, W / 2, -(float)H, 0, 1};
   s.scissors[0] = (struct rast_rect){0, 0, W / 2, H};
   s.scissors[1] = (struct rast_rect){W / 2, 0, W / 2, H};
   s.vs_writes_viewport = true;
   s.vs_writes_layer = true;
   struct rt_image img;
   REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, 1, false));
   struct rast_framebuffer fb = rt_fb(W, H);
   fb.color[0] = img.ri;
   s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0);
   s.fs.interp[RAST_SLOT_VAR0] = RAST_INTERP_FLAT;
   /* Triangle 0: top-left quarter of NDC in viewport 0; triangle 1: the
    * same NDC triangle in viewport 1 (flipped: lands at the bottom). */
   float verts[6 * RT_STRIDE] = {0};
   for (unsigned t = 0; t < 2; t++) {
      rt_set_pos(verts, 3 * t + 0, -1, -1, 0.5f, 1);
      rt_set_pos(verts, 3 * t + 1, 0, -1, 0.5f, 1);
      rt_set_pos(verts, 3 * t + 2, -1, 0, 0.5f, 1);
      for (unsigned k = 0; k < 3; k++) {
         float *v = rt_vertex(verts, 3 * t + k);
         const uint32_t vp = t, layer = 0;
         memcpy(&v[RAST_SLOT_LAYER_VP * 4 + 1], &vp, 4);
         memcpy(&v[RAST_SLOT_LAYER_VP * 4 + 0], &layer, 4);
         v[RAST_SLOT_VAR0 * 4 + 0] = t ? 0.0f : 1.0f;
         v[RAST_SLOT_VAR0 * 4 + 1] = t ? 1.0f : 0.0f;
         v[RAST_SLOT_VAR0 * 4 + 3] = 1.0f;
      }
   }
   const uint32_t idx[6] = {0, 1, 2, 3, 4, 5};
   struct rt_record r;
   REQUIRE(rt_record_init(&r, W, H));
   struct rast_draw d =
      rt_draw(&s, &fb, verts, 6, RAST_PRIM_TRIANGLES, idx, 2, rt_record_shade, &r, 1);
   REQUIRE(rast_draw(&d));
   /* Viewport 0: window (x, y) in [0, 16) x [0, 24) region (x + y small);
    * viewport 1: x in [32, 48), y in [24, 48) flipped. */
   CHECK_EQ(rt_texel(&img, 2, 2, 0)[0], 0xff);   /* triangle 0, red */
   CHECK_EQ(rt_texel(&img, 2, 2, 0)[1], 0);
   CHECK_EQ(rt_texel(&img, 34, 45, 0)[1], 0xff); /* triangle 1, green, bottom */
   CHECK_EQ(rt_texel(&img, 34, 2, 0)[1], 0);
   uint32_t left = 0, right = 0;
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         left += x < W / 2 && r.hits[y * W + x];
         right += x >= W / 2 && r.hits[y * W + x];
      }
   CHECK(left > 100 && right > 100);
   CHECK_EQ(left, right);
   rt_record_finish(&r);
   rt_image_finish(&img);
}

TEST(rast_polygon_modes)
{
   /* LINE: the triangle's edges as lines; POINT: its vertices as points;
    * both after culling by the whole triangle's facing. */
   for (unsigned mode = 1; mode <= 2; mode++) {
      for (unsigned cull = 0; cull < 2; cull++) {
         struct rast_state s;
         rast_state_init(&s, W, H);
         s.polygon_mode = mode;
         s.cull_mode = cull ? RAST_CULL_BACK : RAST_CULL_NONE;
         s.point_size_from_shader = true;
         s.point_size_max = 64.0f;
         float verts[3 * RT_STRIDE] = {0};
         /* (0,1,2) has a < 0 in window space: back-facing with CCW. */
         rt_set_window_pos(verts, 0, 10.5, 10.5, 0.5f, W, H);
         rt_set_window_pos(verts, 1, 40.5, 10.5, 0.5f, W, H);
         rt_set_window_pos(verts, 2, 10.5, 40.5, 0.5f, W, H);
         for (unsigned k = 0; k < 3; k++)
            rt_vertex(verts, k)[RAST_SLOT_PSIZ * 4] = 1.0f;
         const uint32_t idx[3] = {0, 1, 2};
         struct rt_record r;
         REQUIRE(rt_record_init(&r, W, H));
         const struct rast_framebuffer fb = rt_fb(W, H);
         struct rast_draw d =
            rt_draw(&s, &fb, verts, 3, RAST_PRIM_TRIANGLES, idx, 1, rt_record_shade, &r, 1);
         REQUIRE(rast_draw(&d));
         if (cull) {
            CHECK_EQ(total(&r), 0);
         } else if (mode == RAST_POLYGON_POINT) {
            CHECK_EQ(total(&r), 3);
            CHECK_EQ(r.hits[10 * W + 10], 1);
            CHECK_EQ(r.hits[10 * W + 40], 1);
            CHECK_EQ(r.hits[40 * W + 10], 1);
            CHECK_EQ(r.front[10 * W + 10], 0);
         } else {
            /* Edges only: the inside stays empty, the edges are drawn. */
            CHECK_EQ(r.hits[20 * W + 20], 0);
            CHECK(r.hits[10 * W + 25] == 1 || r.hits[11 * W + 25] == 1);
            CHECK(r.hits[25 * W + 10] == 1 || r.hits[25 * W + 11] == 1);
            CHECK(total(&r) >= 60 && total(&r) <= 110);
         }
         rt_record_finish(&r);
      }
   }
}

/* Discards lanes whose pixel x is odd; writes FragDepth = 0.25 and stencil
 * ref 0x42 where asked; records helper lanes. */
struct disc {
   bool frag_depth, stencil;
   uint32_t helpers, live;
};

static bool
shade_discard(void *data, unsigned worker, struct rast_fs_batch *b)
{
   struct disc *dd = data;
   (void)worker;
   for (unsigned lane = 0; lane < RAST_W; lane++) {
      if (!((b->live_mask >> lane) & 1))
         continue;
      dd->helpers += (b->helper_mask >> lane) & 1;
      dd->live += 1;
      if (((uint32_t)b->frag_coord[lane]) & 1)
         b->kill_mask |= 1ull << lane;
      b->frag_depth[lane] = 0.25f;
      b->stencil_ref_out[lane] = 0x42;
      for (unsigned k = 0; k < 4; k++)
         b->out[k * RAST_W + lane] = 1.0f;
   }
   return true;
}

TEST(rast_discard_early_late_and_exports)
{
   /* Late tests: discarded fragments write nothing, depth included.
    * EarlyFragmentTests: depth is written before the shader runs, so
    * discarded fragments keep their depth write and count. */
   for (unsigned early = 0; early < 2; early++) {
      for (unsigned exports = 0; exports < 2; exports++) {
         if (early && exports)
            continue;
         struct rt_image img, ds;
         REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, 1, false));
         REQUIRE(rt_image_init(&ds, KIL_FORMAT_D24_UNORM_S8_UINT, W, H, 1, false));
         for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++)
               fmt_pack_depth(KIL_FORMAT_D24_UNORM_S8_UINT, 1.0f, rt_texel(&ds, x, y, 0));
         struct rast_state s;
         rast_state_init(&s, W, H);
         s.depth_test_enable = s.depth_write_enable = true;
         s.depth_compare_op = RAST_COMPARE_LESS;
         s.stencil_test_enable = true;
         s.front.pass_op = s.back.pass_op = RAST_STENCIL_REPLACE;
         s.front.reference = s.back.reference = 0x17;
         s.fs.uses_discard = true;
         s.fs.early_fragment_tests = early;
         s.fs.writes_depth = s.fs.writes_stencil = exports;
         struct rast_framebuffer fb = rt_fb(W, H);
         fb.color[0] = img.ri;
         fb.depth_stencil = ds.ri;
         float verts[4 * RT_STRIDE] = {0};
         fullscreen(verts);
         struct disc dd = {0};
         struct rast_draw d =
            rt_draw(&s, &fb, verts, 4, RAST_PRIM_TRIANGLES, quad_idx, 2, shade_discard, &dd, 1);
         REQUIRE(rast_draw(&d));
         /* Quads along the diagonal are partial in both triangles. */
         CHECK_EQ(dd.live - dd.helpers, W * H);
         CHECK_EQ(d.samples_passed, early ? W * H : W * H / 2);
         CHECK_EQ(d.fs_invocations, W * H);
         for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
               const uint8_t *t = rt_texel(&ds, x, y, 0);
               const bool written = early || !(x & 1);
               const float z = fmt_unpack_depth(KIL_FORMAT_D24_UNORM_S8_UINT, t);
               const float want_z = !written ? 1.0f : exports ? 0.25f : 0.5f;
               CHECK_FLOAT_EQ(z, want_z, 1e-6);
               CHECK_EQ(fmt_unpack_stencil(KIL_FORMAT_D24_UNORM_S8_UINT, t),
                        !written ? 0 : exports ? 0x42 : 0x17);
               CHECK_EQ(rt_texel(&img, x, y, 0)[0], x & 1 ? 0 : 0xff);
            }
         rt_image_finish(&img);
         rt_image_finish(&ds);
      }
   }
}

TEST(rast_helper_lanes)
{
   /* A triangle covering only some pixels of its quads: the others run as
    * helpers (flagged, never written). */
   struct rast_state s;
   rast_state_init(&s, W, H);
   struct rt_image img;
   REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, W, H, 1, true));
   struct rast_framebuffer fb = rt_fb(W, H);
   fb.color[0] = img.ri;
   float verts[3 * RT_STRIDE] = {0};
   rt_set_window_pos(verts, 0, 1.0, 1.0, 0.5f, W, H);
   rt_set_window_pos(verts, 1, 20.0, 1.0, 0.5f, W, H);
   rt_set_window_pos(verts, 2, 1.0, 20.0, 0.5f, W, H);
   const uint32_t idx[3] = {0, 1, 2};
   struct disc dd = {0};
   struct rast_draw d =
      rt_draw(&s, &fb, verts, 3, RAST_PRIM_TRIANGLES, idx, 1, shade_discard, &dd, 1);
   REQUIRE(rast_draw(&d));
   /* Covered: centres with x + y < 20 - 1 inside (1, 1)..: count them. */
   uint32_t covered = 0, written = 0;
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x++) {
         const double cx = x + 0.5, cy = y + 0.5;
         covered += cx > 1 && cy > 1 && cx + cy < 21;
         written += rt_texel(&img, x, y, 0)[3] != 0;
      }
   CHECK_EQ(dd.live - dd.helpers, covered);
   CHECK(dd.helpers > 0);
   CHECK_EQ(dd.live % 4, 0);
   /* Helpers and discarded (odd x) lanes write nothing. */
   uint32_t even = 0;
   for (uint32_t y = 0; y < H; y++)
      for (uint32_t x = 0; x < W; x += 2) {
         const double cx = x + 0.5, cy = y + 0.5;
         even += cx > 1 && cy > 1 && cx + cy < 21;
      }
   CHECK_EQ(written, even);
   rt_image_finish(&img);
}

TEST(rast_layered_rendering)
{
   /* Layer (from the provoking vertex) plus the view's base layer picks
    * the array layer written; each triangle lands in its own layer. */
   struct kil_image image;
   const struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_2D, .format = KIL_FORMAT_R8G8B8A8_UNORM,
      .extent_px = kil_extent4d_px(W, H, 1, 4), .levels = 1, .samples = 1};
   REQUIRE(kil_image_init(&kil_test_dev, &info, &image) == KIL_SUCCESS);
   uint8_t *mem = calloc(1, image.size_B);
   REQUIRE(mem);
   struct rast_framebuffer fb = rt_fb(W, H);
   REQUIRE(rast_image_init(&fb.color[0], &image, mem, KIL_FORMAT_R8G8B8A8_UNORM, 0, 1, 3));
   struct rast_state s;
   rast_state_init(&s, W, H);
   s.vs_writes_layer = true;
   s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0);
   float verts[9 * RT_STRIDE] = {0};
   for (unsigned t = 0; t < 3; t++) {
      rt_set_pos(verts, 3 * t + 0, -1, -1, 0.5f, 1);
      rt_set_pos(verts, 3 * t + 1, 1, -1, 0.5f, 1);
      rt_set_pos(verts, 3 * t + 2, -1, 1, 0.5f, 1);
      for (unsigned k = 0; k < 3; k++) {
         float *v = rt_vertex(verts, 3 * t + k);
         /* Layers 0, 2 and 5 (past the view's 3 layers: dropped). */
         const uint32_t layer = t == 2 ? 5 : 2 * t;
         memcpy(&v[RAST_SLOT_LAYER_VP * 4], &layer, 4);
         v[RAST_SLOT_VAR0 * 4 + 0] = (float)(t + 1) / 4.0f;
         v[RAST_SLOT_VAR0 * 4 + 3] = 1.0f;
      }
   }
   const uint32_t idx[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
   struct rast_draw d =
      rt_draw(&s, &fb, verts, 9, RAST_PRIM_TRIANGLES, idx, 3, rt_record_shade, NULL, 1);
   struct rt_record r;
   REQUIRE(rt_record_init(&r, W, H));
   d.shade_data = &r;
   REQUIRE(rast_draw(&d));
   rt_record_finish(&r);
   const uint8_t want[4] = {0, 64, 0, 128}; /* image layers 0..3: view layers -, 0, 1, 2 */
   for (uint32_t layer = 0; layer < 4; layer++) {
      const uint64_t off = kil_level_addr_offset_B(&fb.color[0].addr, 1, 1, 0, layer);
      CHECK_EQ(mem[off], want[layer]);
   }
   free(mem);
}

TEST(rast_polygon_mode_depth_bias)
{
   /* 28.9: depth bias applies to a polygon's fragments in LINE and POINT
    * modes too. Flat triangle at z = 0.5, D16 (r = 2^-16), constant 100. */
   for (unsigned mode = 0; mode < 3; mode++) {
      struct rt_image ds;
      REQUIRE(rt_image_init(&ds, KIL_FORMAT_D16_UNORM, W, H, 1, false));
      struct rast_state s;
      rast_state_init(&s, W, H);
      s.polygon_mode = mode;
      s.depth_test_enable = s.depth_write_enable = true;
      s.depth_bias_enable = true;
      s.depth_bias_constant = 100.0f;
      struct rast_framebuffer fb = rt_fb(W, H);
      fb.depth_stencil = ds.ri;
      float verts[3 * RT_STRIDE] = {0};
      rt_set_window_pos(verts, 0, 10.5, 10.5, 0.5f, W, H);
      rt_set_window_pos(verts, 1, 40.5, 10.5, 0.5f, W, H);
      rt_set_window_pos(verts, 2, 10.5, 40.5, 0.5f, W, H);
      const uint32_t idx[3] = {0, 1, 2};
      struct rast_draw d = rt_draw(&s, &fb, verts, 3, RAST_PRIM_TRIANGLES, idx, 1, NULL, NULL, 1);
      REQUIRE(rast_draw(&d));
      CHECK(d.samples_passed > 0);
      /* The vertex pixel (10, 10) is drawn in every mode. */
      CHECK_FLOAT_EQ(fmt_unpack_depth(KIL_FORMAT_D16_UNORM, rt_texel(&ds, 10, 10, 0)),
                     0.5 + 100.0 / 65536.0, 1.0 / 65535.0);
      rt_image_finish(&ds);
   }
}
