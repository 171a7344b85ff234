/* SPDX-License-Identifier: MIT */
/*
 * The fast paths against the reference path: random scenes (triangles of
 * every size, overlapping and sharing edges, colours out of range and
 * NaN, random depths) with random state (blend factors and ops, dual
 * source, write masks, alpha to one, depth formats, compare ops, sample
 * counts, LINEAR and block-linear, a discarding shader) drawn twice over
 * the same random initial contents: once as chosen (rast_draw::fast_paths
 * says which fast paths ran) and once with no_fast_paths. Every byte of
 * every attachment and the occlusion count must agree.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "rast_priv.h"
#include "rast_test_util.h"
#include "util/test.h"

#define W    100
#define H    72
#define TRIS 120

static uint32_t
rnd(uint64_t *s)
{
   *s = *s * 6364136223846793005ull + 1442695040888963407ull;
   return (uint32_t)(*s >> 33);
}

static float
rndf(uint64_t *s, float lo, float hi)
{
   return lo + (hi - lo) * (float)(rnd(s) & 0xffffff) / (float)0x1000000;
}

/* out0 = VAR0, dual source = VAR1; with `data` set, lanes whose VAR0.x
 * lies in (0.4, 0.45) discard. */
static bool
shade(void *data, unsigned worker, struct rast_fs_batch *b)
{
   (void)worker;
   for (unsigned k = 0; k < 4; k++)
      for (unsigned lane = 0; lane < RAST_W; lane++) {
         b->out[k * RAST_W + lane] = b->in[(RAST_SLOT_VAR0 * 4 + k) * RAST_W + lane];
         b->out[(RAST_DUAL_SRC_SLOT * 4 + k) * RAST_W + lane] =
            b->in[((RAST_SLOT_VAR0 + 1) * 4 + k) * RAST_W + lane];
      }
   if (data) {
      for (unsigned lane = 0; lane < RAST_W; lane++) {
         const float x = b->in[(RAST_SLOT_VAR0 * 4) * RAST_W + lane];
         if (x > 0.4f && x < 0.45f)
            b->kill_mask |= 1ull << lane;
      }
   }
   return true;
}

struct scene {
   struct rast_state s;
   enum kil_format color_format, ds_format;
   uint32_t samples;
   bool linear, discard;
   unsigned threads;
   float verts[TRIS * 3 * RT_STRIDE];
   uint32_t idx[TRIS * 3];
};

static void
make_scene(struct scene *sc, uint64_t *r, unsigned index)
{
   memset(sc, 0, sizeof(*sc));
   static const uint32_t samples[] = {1, 1, 2, 4, 8};
   static const enum kil_format ds[] = {
      KIL_FORMAT_NONE,       KIL_FORMAT_D16_UNORM,         KIL_FORMAT_X8_D24_UNORM_PACK32,
      KIL_FORMAT_D32_SFLOAT, KIL_FORMAT_D24_UNORM_S8_UINT, KIL_FORMAT_D32_SFLOAT_S8_UINT};
   sc->samples = samples[rnd(r) % ARRAY_SIZE(samples)];
   sc->color_format = rnd(r) & 1 ? KIL_FORMAT_B8G8R8A8_UNORM : KIL_FORMAT_R8G8B8A8_UNORM;
   sc->ds_format = ds[rnd(r) % ARRAY_SIZE(ds)];
   sc->linear = sc->samples == 1 && rnd(r) % 3 == 0; /* colour only */
   sc->discard = rnd(r) % 4 == 0;
   sc->threads = 1 + rnd(r) % 2;

   struct rast_state *s = &sc->s;
   rast_state_init(s, W, H);
   s->samples = sc->samples;
   s->sample_mask = rnd(r) % 4 ? ~0u : rnd(r);
   s->alpha_to_one = rnd(r) % 4 == 0;
   s->fs.inputs_read =
      BITFIELD64_BIT(RAST_SLOT_VAR0) | BITFIELD64_BIT(RAST_SLOT_VAR0 + 1);
   s->fs.interp[RAST_SLOT_VAR0] = (uint8_t)(rnd(r) % 3);
   s->fs.interp_loc[RAST_SLOT_VAR0] =
      sc->samples > 1 && rnd(r) % 3 == 0 ? RAST_LOC_CENTROID : RAST_LOC_CENTER;
   s->fs.uses_discard = sc->discard;
   struct rast_blend_attachment *bl = &s->blend[0];
   bl->blend_enable = rnd(r) % 3 != 0;
   bl->src_color = (enum rast_blend_factor)(rnd(r) % 19);
   bl->dst_color = (enum rast_blend_factor)(rnd(r) % 19);
   bl->src_alpha = (enum rast_blend_factor)(rnd(r) % 19);
   bl->dst_alpha = (enum rast_blend_factor)(rnd(r) % 19);
   bl->color_op = (enum rast_blend_op)(rnd(r) % 5);
   bl->alpha_op = (enum rast_blend_op)(rnd(r) % 5);
   bl->write_mask = rnd(r) % 2 ? 0xf : (uint8_t)(1 + rnd(r) % 15);
   for (unsigned k = 0; k < 4; k++)
      s->blend_constants[k] = rndf(r, -0.2f, 1.2f);
   s->depth_test_enable = rnd(r) % 4 != 0;
   s->depth_write_enable = rnd(r) % 3 != 0;
   s->depth_compare_op = (enum rast_compare_op)(rnd(r) % 8);
   if (rnd(r) % 3 == 0)
      s->depth_compare_op = RAST_COMPARE_LESS;

   /* Half the scenes draw each triangle at one of two depths: ties, where
    * compare ops differ. */
   bool flat_z = rnd(r) & 1;
   /* The first 40 scenes: each depth format with each compare op, writes
    * on, triangles at two depths (ties), so that every op's result on
    * equal values is compared. */
   if (index < 40) {
      sc->ds_format = ds[1 + index % 5];
      s->depth_test_enable = s->depth_write_enable = true;
      s->depth_compare_op = (enum rast_compare_op)(index / 5);
      s->fs.uses_discard = sc->discard = false;
      flat_z = true;
   }
   for (uint32_t t = 0; t < TRIS; t++) {
      /* Sizes from a pixel to the whole target; every fourth triangle
       * shares an edge with the previous one. */
      const float size = t % 7 == 0 ? (float)W * 1.5f : t % 3 ? 6.0f : 30.0f;
      const float cx = rndf(r, -10, W + 10), cy = rndf(r, -10, H + 10);
      for (unsigned k = 0; k < 3; k++) {
         const uint32_t v = t * 3 + k;
         float x = cx + rndf(r, -size, size), y = cy + rndf(r, -size, size);
         if (t % 4 == 3 && k < 2) {
            const float *prev = rt_vertex(sc->verts, (t - 1) * 3 + k + 1);
            x = (prev[0] / prev[3] + 1.0f) * 0.5f * W,
            y = (prev[1] / prev[3] + 1.0f) * 0.5f * H;
         }
         rt_set_window_pos(sc->verts, v, x, y,
                           flat_z ? (t % 2 ? 0.25f : 0.5f) : rndf(r, 0.0f, 1.0f), W, H);
         float *a = rt_vertex(sc->verts, v);
         a[3] = rndf(r, 0.5f, 2.0f);
         a[0] *= a[3], a[1] *= a[3], a[2] *= a[3];
         for (unsigned c = 0; c < 8; c++)
            a[RAST_SLOT_VAR0 * 4 + c] = rnd(r) % 50 == 0 ? NAN : rndf(r, -0.25f, 1.25f);
         sc->idx[v] = v;
      }
   }
}

/* Draws the scene into fresh attachments filled from `seed`; `out` gets
 * the colour and depth images and the occlusion count. */
static bool
draw(const struct scene *sc, uint64_t seed, bool no_fast, struct rt_image *color,
     struct rt_image *depth, uint64_t *passed, uint32_t *fast)
{
   memset(depth, 0, sizeof(*depth));
   if (!rt_image_init(color, sc->color_format, W, H, sc->samples, sc->linear))
      return !fprintf(stderr, "colour image: %u samples, linear %d\n", sc->samples,
                      sc->linear);
   struct rast_framebuffer fb = rt_fb(W, H);
   fb.color[0] = color->ri;
   if (sc->ds_format != KIL_FORMAT_NONE) {
      if (!rt_image_init(depth, sc->ds_format, W, H, sc->samples, false))
         return !fprintf(stderr, "depth image\n");
      fb.depth_stencil = depth->ri;
   }
   uint64_t r = seed;
   uint8_t *cm = color->mem;
   for (uint64_t i = 0; i < color->img.size_B; i++)
      cm[i] = (uint8_t)rnd(&r);
   if (depth->mem) {
      /* Depths in [0, 1] for float formats: bytes of random floats. */
      uint8_t *dm = depth->mem;
      for (uint64_t i = 0; i + 4 <= depth->img.size_B; i += 4) {
         const float f = rndf(&r, 0.0f, 1.0f);
         uint32_t u = rnd(&r);
         if (sc->ds_format == KIL_FORMAT_D32_SFLOAT ||
             sc->ds_format == KIL_FORMAT_D32_SFLOAT_S8_UINT)
            memcpy(&u, &f, 4);
         memcpy(dm + i, &u, 4);
      }
   }
   struct rast_draw d =
      rt_draw(&sc->s, &fb, sc->verts, TRIS * 3, RAST_PRIM_TRIANGLES, sc->idx, TRIS, shade,
              sc->discard ? (void *)1 : NULL, sc->threads);
   d.no_fast_paths = no_fast;
   const bool ok = rast_draw(&d) || !fprintf(stderr, "rast_draw failed\n");
   *passed = d.samples_passed;
   *fast = d.fast_paths;
   return ok;
}

TEST(rast_fast_paths_match_reference_path)
{
   uint64_t r = 0x5eed;
   unsigned fast_color = 0, fast_depth = 0, scenes = 0;
   for (unsigned i = 0; i < 64; i++) {
      static struct scene sc;
      make_scene(&sc, &r, i);
      const uint64_t seed = rnd(&r);
      struct rt_image c0, d0, c1, d1;
      uint64_t p0, p1;
      uint32_t f0, f1;
      REQUIRE(draw(&sc, seed, false, &c0, &d0, &p0, &f0));
      REQUIRE(draw(&sc, seed, true, &c1, &d1, &p1, &f1));
      CHECK_EQ(f1, 0);
      fast_color += (f0 & RAST_FAST_COLOR_RGBA8) != 0;
      fast_depth += (f0 & RAST_FAST_DEPTH_QUAD) != 0;
      scenes++;
      const bool color_same = !memcmp(c0.mem, c1.mem, c0.img.size_B);
      const bool depth_same = !d0.mem || !memcmp(d0.mem, d1.mem, d0.img.size_B);
      if (!CHECK(color_same && depth_same && p0 == p1))
         fprintf(stderr,
                 "scene %u: colour %s, depth %s, passed %llu vs %llu (fast 0x%x, "
                 "%u samples, format %d, ds %d, blend %d, op %d)\n",
                 i, color_same ? "same" : "differs", depth_same ? "same" : "differs",
                 (unsigned long long)p0, (unsigned long long)p1, f0, sc.samples,
                 sc.color_format, sc.ds_format, sc.s.blend[0].blend_enable,
                 sc.s.depth_compare_op);
      rt_image_finish(&c0);
      rt_image_finish(&c1);
      rt_image_finish(&d0);
      rt_image_finish(&d1);
   }
   /* The scenes exercise both fast paths often. */
   CHECK(fast_color > scenes / 2);
   CHECK(fast_depth > scenes / 4);
}

/* The batch pack against shared/format's, around every rounding boundary
 * (k + 0.5) / 255 (where a float product can round the wrong way), the
 * exact tie 0.5, and out-of-range, NaN and random values. */
TEST(rast_pack_rgba8_matches_fmt)
{
   enum { N = 64 };
   float vals[256 * 130 + 64];
   unsigned count = 0;
   for (unsigned k = 0; k < 255; k++) {
      float v = (float)((k + 0.5) / 255.0);
      for (int i = 0; i < 64; i++)
         v = nextafterf(v, -1.0f);
      for (int i = 0; i < 129; i++, v = nextafterf(v, 2.0f))
         vals[count++] = v;
   }
   const float odd[] = {0.5f,   0.0f,      -0.0f,       1.0f,      -1.0f,
                        2.0f,   NAN,       -NAN,        INFINITY,  -INFINITY,
                        1e-30f, 0x1p-149f, 0.99999994f, 1.0000001f};
   for (unsigned i = 0; i < ARRAY_SIZE(odd); i++)
      vals[count++] = odd[i];
   uint64_t r = 77;
   while (count % (4 * N) || count < ARRAY_SIZE(vals) - 4 * N)
      vals[count++] = rndf(&r, -0.1f, 1.1f);
   unsigned bad = 0;
   for (unsigned swap = 0; swap < 2; swap++) {
      for (unsigned base = 0; base + 4 * N <= count; base += 4 * N) {
         /* Lane l's channel k is vals[base + k * N + l]. */
         const float *ch[4];
         for (unsigned k = 0; k < 4; k++)
            ch[k] = &vals[base + k * N];
         uint32_t got[N];
         rast_pack_rgba8(ch, swap, N, got);
         for (unsigned l = 0; l < N; l++) {
            union fmt_texel t;
            for (unsigned k = 0; k < 4; k++)
               t.f[k] = ch[k][l];
            uint8_t want[4];
            fmt_pack_color(swap ? KIL_FORMAT_B8G8R8A8_UNORM : KIL_FORMAT_R8G8B8A8_UNORM,
                           &t, want);
            uint32_t w;
            memcpy(&w, want, 4);
            if (w != got[l] && bad++ < 5)
               fprintf(stderr, "pack %.9g %.9g %.9g %.9g: %08x, fmt %08x\n", t.f[0],
                       t.f[1], t.f[2], t.f[3], got[l], w);
         }
      }
   }
   CHECK_EQ(bad, 0);
}
