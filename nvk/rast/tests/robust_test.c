/* SPDX-License-Identifier: MIT */
/*
 * Hostile input: vertices of random bits (NaN, infinities, huge and tiny
 * values), absurd point sizes, line widths, viewports and render areas
 * larger than the attachments. rast must not crash, hang or write outside
 * the attachments (guard bytes after each image stay intact).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "rast_test_util.h"
#include "util/test.h"

#define GUARD_B 4096

static uint64_t rng = 0x1234567;

static uint32_t
rnd(void)
{
   rng ^= rng << 13;
   rng ^= rng >> 7;
   rng ^= rng << 17;
   return (uint32_t)rng;
}

static float
wild_float(void)
{
   static const float specials[] = {0.0f, -0.0f, 1.0f, -1.0f, 1e30f, -1e30f, 1e-30f,
                                    INFINITY, -INFINITY, NAN, 0.5f, 1e7f, -3e5f};
   if (rnd() % 3 == 0)
      return specials[rnd() % ARRAY_SIZE(specials)];
   if (rnd() % 2 == 0) {
      const uint32_t u = rnd();
      float f;
      memcpy(&f, &u, 4);
      return f;
   }
   return ((float)(rnd() % 20001) - 10000.0f) / 1000.0f;
}

static bool
shade_any(void *data, unsigned worker, struct rast_fs_batch *b)
{
   (void)data, (void)worker;
   for (unsigned o = 0; o < RAST_FS_OUTPUTS; o++)
      for (unsigned i = 0; i < 4 * RAST_W; i++)
         b->out[o * 4 * RAST_W + i] = b->in[RAST_SLOT_VAR0 * 4 * RAST_W + i];
   for (unsigned lane = 0; lane < RAST_W; lane++)
      b->frag_depth[lane] = b->frag_coord[2 * RAST_W + lane];
   return true;
}

TEST(rast_hostile_input)
{
   const uint32_t w = 40, h = 30;
   for (unsigned iter = 0; iter < 300; iter++) {
      struct rt_image col, ds;
      const uint32_t samples = 1u << (rnd() % 4);
      REQUIRE(rt_image_init(&col, KIL_FORMAT_R8G8B8A8_UNORM, w, h, samples, false));
      REQUIRE(rt_image_init(&ds, KIL_FORMAT_D24_UNORM_S8_UINT, w, h, samples, false));
      /* Guard bytes past each image. */
      void *cm = realloc(col.mem, col.img.size_B + GUARD_B);
      void *dm = realloc(ds.mem, ds.img.size_B + GUARD_B);
      REQUIRE(cm && dm);
      col.mem = col.ri.base = cm;
      ds.mem = ds.ri.base = dm;
      memset((uint8_t *)cm + col.img.size_B, 0xcd, GUARD_B);
      memset((uint8_t *)dm + ds.img.size_B, 0xcd, GUARD_B);

      struct rast_state s;
      rast_state_init(&s, w, h);
      s.samples = samples;
      s.viewports[0] = (struct rast_viewport){wild_float(), wild_float(), wild_float() * 100,
                                              wild_float() * 100, wild_float(), wild_float()};
      if (rnd() % 2)
         s.viewports[0] = (struct rast_viewport){0, 0, (float)w, (float)h, 0, 1};
      s.scissors[0] = (struct rast_rect){(int32_t)(rnd() % 100) - 50, (int32_t)(rnd() % 100) - 50,
                                         rnd() % 200, rnd() % 200};
      s.cull_mode = rnd() % 4;
      s.polygon_mode = rnd() % 3;
      s.depth_clamp_enable = rnd() % 2;
      s.depth_clip_enable = rnd() % 2;
      s.depth_bias_enable = rnd() % 2;
      s.depth_bias_constant = wild_float();
      s.depth_bias_slope = wild_float();
      s.depth_bias_clamp = wild_float();
      s.clip_distance_count = rnd() % 3;
      s.cull_distance_count = rnd() % 3;
      s.line_width = wild_float();
      s.line_mode = rnd() % 2;
      s.point_size_from_shader = true;
      s.point_size_min = 0.0f;
      s.point_size_max = INFINITY;
      s.vs_writes_viewport = rnd() % 2;
      s.vs_writes_layer = rnd() % 2;
      s.depth_test_enable = s.depth_write_enable = rnd() % 2;
      s.depth_compare_op = rnd() % 8;
      s.stencil_test_enable = rnd() % 2;
      s.front.pass_op = rnd() % 8;
      s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0) | BITFIELD64_BIT(RAST_SLOT_PRIM_ID);
      s.fs.interp[RAST_SLOT_VAR0] = rnd() % 3;
      s.fs.interp_loc[RAST_SLOT_VAR0] = rnd() % 2;
      s.fs.sample_shading = rnd() % 2;
      s.blend[0].blend_enable = rnd() % 2;
      s.blend[0].src_color = rnd() % 19;
      s.blend[0].dst_color = rnd() % 19;
      s.alpha_to_coverage = rnd() % 2;

      struct rast_framebuffer fb = rt_fb(w, h);
      /* Render areas past the attachments are invalid usage; rast must
       * still stay inside them. */
      fb.render_area = (struct rast_rect){0, 0, w + rnd() % 100, h + rnd() % 100};
      fb.color[0] = col.ri;
      fb.depth_stencil = ds.ri;

      const uint32_t nverts = 1 + rnd() % 24;
      float *verts = calloc(nverts * RT_STRIDE, sizeof(float));
      REQUIRE(verts);
      for (uint32_t i = 0; i < nverts * RT_STRIDE; i++)
         verts[i] = wild_float();
      const enum rast_prim_kind kind = rnd() % 3;
      const uint32_t nprims = 1 + rnd() % 16;
      uint32_t idx[48];
      for (unsigned i = 0; i < 48; i++)
         idx[i] = rnd() % (nverts + 2); /* some out of range */
      struct rast_draw d = rt_draw(&s, &fb, verts, nverts, kind, idx, nprims, shade_any, NULL,
                                   1 + rnd() % 3);
      CHECK(rast_draw(&d));

      for (unsigned i = 0; i < GUARD_B; i++) {
         CHECK_EQ(((uint8_t *)cm)[col.img.size_B + i], 0xcd);
         CHECK_EQ(((uint8_t *)dm)[ds.img.size_B + i], 0xcd);
      }
      free(verts);
      rt_image_finish(&col);
      rt_image_finish(&ds);
   }
}
