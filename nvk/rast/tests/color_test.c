/* SPDX-License-Identifier: MIT */
/*
 * The colour write: the blend matrix (Vulkan 1.3, 29.11: every factor and
 * op, constants, dual source), logic ops (29.13), write masks (29.14),
 * every colour-renderable format written through shared/format into
 * LINEAR and block-linear images, the two layouts giving the same image,
 * and results independent of the number of worker threads.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "rast_test_util.h"
#include "util/test.h"

/* out0 = VAR0, dual-source out8 = VAR1. */
static bool
shade_pass(void *data, unsigned worker, struct rast_fs_batch *b)
{
   (void)data, (void)worker;
   for (unsigned k = 0; k < 4; k++)
      for (unsigned lane = 0; lane < RAST_W; lane++) {
         b->out[k * RAST_W + lane] = b->in[(RAST_SLOT_VAR0 * 4 + k) * RAST_W + lane];
         b->out[(RAST_DUAL_SRC_SLOT * 4 + k) * RAST_W + lane] =
            b->in[((RAST_SLOT_VAR0 + 1) * 4 + k) * RAST_W + lane];
      }
   return true;
}

/* A full-viewport quad, both varyings flat (src, src1). */
static bool
draw_flat_quad(struct rast_state *s, const struct rast_framebuffer *fb, const float src[4],
               const float src1[4], unsigned threads)
{
   s->fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0) | BITFIELD64_BIT(RAST_SLOT_VAR0 + 1);
   s->fs.interp[RAST_SLOT_VAR0] = RAST_INTERP_FLAT;
   s->fs.interp[RAST_SLOT_VAR0 + 1] = RAST_INTERP_FLAT;
   float verts[4 * RT_STRIDE] = {0};
   rt_set_pos(verts, 0, -1, -1, 0.5f, 1);
   rt_set_pos(verts, 1, 1, -1, 0.5f, 1);
   rt_set_pos(verts, 2, -1, 1, 0.5f, 1);
   rt_set_pos(verts, 3, 1, 1, 0.5f, 1);
   for (unsigned v = 0; v < 4; v++)
      for (unsigned k = 0; k < 4; k++) {
         rt_vertex(verts, v)[RAST_SLOT_VAR0 * 4 + k] = src[k];
         rt_vertex(verts, v)[(RAST_SLOT_VAR0 + 1) * 4 + k] = src1[k];
      }
   const uint32_t idx[6] = {0, 1, 2, 2, 1, 3};
   struct rast_draw d =
      rt_draw(s, fb, verts, 4, RAST_PRIM_TRIANGLES, idx, 2, shade_pass, NULL, threads);
   return rast_draw(&d);
}

struct bvals {
   double s[4], s1[4], d[4], c[4];
};

/* 29.11 Table "Blend Factors", written out. */
static double
ref_factor(enum rast_blend_factor f, const struct bvals *v, unsigned ch)
{
   switch (f) {
   case RAST_BLEND_ZERO: return 0;
   case RAST_BLEND_ONE: return 1;
   case RAST_BLEND_SRC_COLOR: return v->s[ch];
   case RAST_BLEND_ONE_MINUS_SRC_COLOR: return 1 - v->s[ch];
   case RAST_BLEND_DST_COLOR: return v->d[ch];
   case RAST_BLEND_ONE_MINUS_DST_COLOR: return 1 - v->d[ch];
   case RAST_BLEND_SRC_ALPHA: return v->s[3];
   case RAST_BLEND_ONE_MINUS_SRC_ALPHA: return 1 - v->s[3];
   case RAST_BLEND_DST_ALPHA: return v->d[3];
   case RAST_BLEND_ONE_MINUS_DST_ALPHA: return 1 - v->d[3];
   case RAST_BLEND_CONSTANT_COLOR: return v->c[ch];
   case RAST_BLEND_ONE_MINUS_CONSTANT_COLOR: return 1 - v->c[ch];
   case RAST_BLEND_CONSTANT_ALPHA: return v->c[3];
   case RAST_BLEND_ONE_MINUS_CONSTANT_ALPHA: return 1 - v->c[3];
   case RAST_BLEND_SRC_ALPHA_SATURATE: return ch == 3 ? 1 : fmin(v->s[3], 1 - v->d[3]);
   case RAST_BLEND_SRC1_COLOR: return v->s1[ch];
   case RAST_BLEND_ONE_MINUS_SRC1_COLOR: return 1 - v->s1[ch];
   case RAST_BLEND_SRC1_ALPHA: return v->s1[3];
   default: return 1 - v->s1[3];
   }
}

static double
ref_blend(enum rast_blend_op op, double s, double sf, double d, double df)
{
   switch (op) {
   case RAST_BLEND_OP_ADD: return s * sf + d * df;
   case RAST_BLEND_OP_SUBTRACT: return s * sf - d * df;
   case RAST_BLEND_OP_REVERSE_SUBTRACT: return d * df - s * sf;
   case RAST_BLEND_OP_MIN: return fmin(s, d);
   default: return fmax(s, d);
   }
}

static void
blend_case(enum kil_format f, enum rast_blend_factor sf, enum rast_blend_factor df,
           enum rast_blend_op op, unsigned *bad)
{
   static const float src[4] = {0.8f, -0.25f, 1.5f, 0.6f}, src1[4] = {0.3f, 0.9f, 0.1f, 0.45f};
   static const float dst[4] = {0.2f, 0.7f, 0.5f, 0.35f}, cst[4] = {0.1f, 0.4f, 0.65f, 0.8f};
   struct rt_image img;
   if (!rt_image_init(&img, f, 2, 2, 1, false))
      abort();
   uint8_t dbytes[16] = {0};
   const union fmt_texel dt = {.f = {dst[0], dst[1], dst[2], dst[3]}};
   fmt_pack_color(f, &dt, dbytes);
   const uint32_t el = kil_format_desc(f)->el_size_B;
   for (uint32_t y = 0; y < 2; y++)
      for (uint32_t x = 0; x < 2; x++)
         memcpy(rt_texel(&img, x, y, 0), dbytes, el);
   struct rast_state s;
   rast_state_init(&s, 2, 2);
   s.blend[0] = (struct rast_blend_attachment){true, sf, df, op, sf, df, op, 0xf};
   memcpy(s.blend_constants, cst, sizeof(cst));
   struct rast_framebuffer fb = rt_fb(2, 2);
   fb.color[0] = img.ri;
   if (!draw_flat_quad(&s, &fb, src, src1, 1))
      abort();

   /* The reference: fixed-point formats clamp source, source 1 and the
    * constants to [0, 1]; the destination is what the image holds. */
   const bool unorm = kil_format_desc(f)->type == KIL_CHANNEL_TYPE_UNORM;
   union fmt_texel du;
   fmt_unpack_color(f, dbytes, &du);
   struct bvals v;
   for (unsigned k = 0; k < 4; k++) {
      v.s[k] = unorm ? fmin(fmax(src[k], 0), 1) : src[k];
      v.s1[k] = unorm ? fmin(fmax(src1[k], 0), 1) : src1[k];
      v.c[k] = unorm ? fmin(fmax(cst[k], 0), 1) : cst[k];
      v.d[k] = du.f[k];
   }
   union fmt_texel got;
   fmt_unpack_color(f, rt_texel(&img, 1, 1, 0), &got);
   for (unsigned k = 0; k < 4; k++) {
      double want = ref_blend(op, v.s[k], ref_factor(sf, &v, k), v.d[k], ref_factor(df, &v, k));
      if (unorm)
         want = fmin(fmax(want, 0), 1);
      const double tol = unorm ? 1.0 / 255 + 1e-6 : 1e-6;
      if (fabs(got.f[k] - want) > tol && (*bad)++ < 5)
         fprintf(stderr, "%s sf %u df %u op %u ch %u: %f want %f\n", kil_format_desc(f)->name,
                 sf, df, op, k, got.f[k], want);
   }
   rt_image_finish(&img);
}

TEST(rast_blend_matrix)
{
   static const enum kil_format fmts[] = {KIL_FORMAT_R32G32B32A32_SFLOAT,
                                          KIL_FORMAT_R8G8B8A8_UNORM};
   unsigned bad = 0;
   for (unsigned fi = 0; fi < ARRAY_SIZE(fmts); fi++) {
      for (unsigned sf = 0; sf <= RAST_BLEND_ONE_MINUS_SRC1_ALPHA; sf++)
         for (unsigned df = 0; df <= RAST_BLEND_ONE_MINUS_SRC1_ALPHA; df++)
            blend_case(fmts[fi], sf, df, RAST_BLEND_OP_ADD, &bad);
      for (unsigned op = 0; op <= RAST_BLEND_OP_MAX; op++)
         for (unsigned sf = 0; sf <= RAST_BLEND_ONE_MINUS_SRC1_ALPHA; sf += 3)
            blend_case(fmts[fi], sf, RAST_BLEND_ONE_MINUS_SRC_ALPHA, op, &bad);
   }
   CHECK_EQ(bad, 0);
}

static uint8_t
ref_logic(enum rast_logic_op op, uint8_t s, uint8_t d)
{
   /* 29.13 Table "Logical Operations". */
   static const uint8_t table[16][4] = {
      /* result for (s, d) = (0,0) (0,1) (1,0) (1,1) */
      {0, 0, 0, 0}, {0, 0, 0, 1}, {0, 0, 1, 0}, {0, 0, 1, 1}, {0, 1, 0, 0}, {0, 1, 0, 1},
      {0, 1, 1, 0}, {0, 1, 1, 1}, {1, 0, 0, 0}, {1, 0, 0, 1}, {1, 0, 1, 0}, {1, 0, 1, 1},
      {1, 1, 0, 0}, {1, 1, 0, 1}, {1, 1, 1, 0}, {1, 1, 1, 1},
   };
   uint8_t r = 0;
   for (unsigned b = 0; b < 8; b++) {
      const unsigned sb = (s >> b) & 1, db = (d >> b) & 1;
      r |= (uint8_t)(table[op][sb * 2 + db] << b);
   }
   return r;
}

TEST(rast_logic_ops_and_write_masks)
{
   const enum kil_format f = KIL_FORMAT_R8G8B8A8_UINT;
   const uint8_t dst[4] = {0xa5, 0x3c, 0x0f, 0xf0};
   const float src[4] = {0x96 + 0.0f, 0x55, 0xff, 0x01}; /* uint bits below */
   for (unsigned op = 0; op < 16; op++) {
      for (unsigned wm = 0; wm < 16; wm += 5) {
         struct rt_image img;
         REQUIRE(rt_image_init(&img, f, 2, 2, 1, op & 1));
         for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 2; x++)
               memcpy(rt_texel(&img, x, y, 0), dst, 4);
         struct rast_state s;
         rast_state_init(&s, 2, 2);
         s.logic_op_enable = true;
         s.logic_op = op;
         s.blend[0].write_mask = (uint8_t)wm;
         s.blend[0].blend_enable = true; /* ignored with logic ops */
         struct rast_framebuffer fb = rt_fb(2, 2);
         fb.color[0] = img.ri;
         float bits[4];
         for (unsigned k = 0; k < 4; k++) {
            const uint32_t u = (uint32_t)src[k];
            memcpy(&bits[k], &u, 4);
         }
         REQUIRE(draw_flat_quad(&s, &fb, bits, bits, 1));
         const uint8_t *t = rt_texel(&img, 0, 1, 0);
         for (unsigned k = 0; k < 4; k++) {
            const uint8_t want = (wm >> k) & 1 ? ref_logic(op, (uint8_t)src[k], dst[k]) : dst[k];
            if (!CHECK_EQ(t[k], want))
               fprintf(stderr, "  op %u mask %#x channel %u\n", op, wm, k);
         }
         rt_image_finish(&img);
      }
   }
}

/* Colour-renderable formats: the ones shared/format converts, minus
 * those no colour attachment can have (scaled, shared exponent, and the
 * three-component ones, which are vertex formats: kil lays out no image
 * with them). */
static bool
renderable(enum kil_format f)
{
   const struct kil_format_desc *d = kil_format_desc(f);
   return d && fmt_format_is_convertible(f) && (d->aspects & KIL_ASPECT_COLOR) &&
          !(d->flags & KIL_FORMAT_FLAG_SHARED_EXPONENT) && d->el_size_B <= 16 && util_is_power_of_two(d->el_size_B) &&
          d->type != KIL_CHANNEL_TYPE_USCALED && d->type != KIL_CHANNEL_TYPE_SSCALED;
}

TEST(rast_every_color_format)
{
   unsigned tested = 0;
   for (unsigned fi = 1; fi < KIL_FORMAT_COUNT; fi++) {
      const enum kil_format f = fi;
      if (!renderable(f))
         continue;
      const struct kil_format_desc *d = kil_format_desc(f);
      const enum fmt_class cls = fmt_format_class(f);
      union fmt_texel c;
      if (cls == FMT_CLASS_UINT)
         c = (union fmt_texel){.u = {1, 2, 3, 1}};
      else if (cls == FMT_CLASS_SINT)
         c = (union fmt_texel){.i = {-1, 2, -3, 1}};
      else if (d->type == KIL_CHANNEL_TYPE_SNORM || d->type == KIL_CHANNEL_TYPE_SFLOAT)
         c = (union fmt_texel){.f = {-0.5f, 0.25f, 0.75f, 1.0f}};
      else
         c = (union fmt_texel){.f = {0.2f, 0.5f, 0.75f, 1.0f}};
      for (unsigned linear = 0; linear < 2; linear++) {
         static const uint8_t masks[] = {0xf, 0x5};
         for (unsigned mi = 0; mi < ARRAY_SIZE(masks); mi++) {
            const unsigned wm = masks[mi];
            struct rt_image img;
            REQUIRE(rt_image_init(&img, f, 9, 5, 1, linear));
            uint8_t pattern[16];
            for (unsigned i = 0; i < 16; i++)
               pattern[i] = (uint8_t)(0x5a + 37 * i);
            for (uint32_t y = 0; y < 5; y++)
               for (uint32_t x = 0; x < 9; x++)
                  memcpy(rt_texel(&img, x, y, 0), pattern, d->el_size_B);
            struct rast_state s;
            rast_state_init(&s, 9, 5);
            s.blend[0].write_mask = (uint8_t)wm;
            struct rast_framebuffer fb = rt_fb(9, 5);
            fb.color[0] = img.ri;
            REQUIRE(draw_flat_quad(&s, &fb, c.f, c.f, 1));
            /* Expected: the packed colour in the written channels, the
             * old bits elsewhere. */
            uint8_t packed[16] = {0}, want[16];
            fmt_pack_color(f, &c, packed);
            memcpy(want, pattern, 16);
            for (unsigned ch = 0; ch < 4; ch++) {
               if (!((wm >> ch) & 1))
                  continue;
               for (unsigned b = d->rgba[ch].shift; b < d->rgba[ch].shift + d->rgba[ch].bits; b++) {
                  const uint8_t m = (uint8_t)(1u << (b & 7));
                  want[b / 8] = (uint8_t)((want[b / 8] & ~m) | (packed[b / 8] & m));
               }
            }
            unsigned bad = 0;
            for (uint32_t y = 0; y < 5; y++)
               for (uint32_t x = 0; x < 9; x++)
                  bad += memcmp(rt_texel(&img, x, y, 0), want, d->el_size_B) != 0;
            if (!CHECK_EQ(bad, 0))
               fprintf(stderr, "  %s linear %u mask %#x\n", d->name, linear, wm);
            rt_image_finish(&img);
         }
      }
      tested++;
   }
   CHECK(tested > 60);
}

/* A scene of overlapping, interpolated, blended triangles. */
static void
draw_scene(struct rt_image *img, uint32_t w, uint32_t h, unsigned threads, unsigned ntris,
           float size)
{
   struct rast_state s;
   rast_state_init(&s, w, h);
   s.fs.inputs_read = BITFIELD64_BIT(RAST_SLOT_VAR0) | BITFIELD64_BIT(RAST_SLOT_VAR0 + 1);
   s.blend[0] = (struct rast_blend_attachment){
      true, RAST_BLEND_SRC_ALPHA, RAST_BLEND_ONE_MINUS_SRC_ALPHA, RAST_BLEND_OP_ADD,
      RAST_BLEND_ONE, RAST_BLEND_ONE_MINUS_SRC_ALPHA, RAST_BLEND_OP_ADD, 0xf};
   struct rast_framebuffer fb = rt_fb(w, h);
   fb.color[0] = img->ri;
   float *verts = calloc((size_t)ntris * 3 * RT_STRIDE, sizeof(float));
   uint32_t *idx = calloc((size_t)ntris * 3, sizeof(uint32_t));
   if (!verts || !idx)
      abort();
   uint64_t seed = 12345;
   float cx = 0, cy = 0;
   for (uint32_t i = 0; i < ntris * 3; i++) {
      float r[7];
      for (unsigned k = 0; k < 7; k++) {
         seed = seed * 6364136223846793005ull + 1442695040888963407ull;
         r[k] = (float)((seed >> 40) & 0xffff) / 65535.0f;
      }
      /* Each triangle around a random centre, `size` in NDC. */
      if (i % 3 == 0) {
         cx = r[0] * 2.4f - 1.2f;
         cy = r[1] * 2.4f - 1.2f;
      }
      const float wv = 0.5f + r[2] * 2;
      const float x = cx + (r[1] - 0.5f) * size, y = cy + (r[0] - 0.5f) * size;
      rt_set_pos(verts, i, x * wv, y * wv, 0.5f * wv, wv);
      float *v = rt_vertex(verts, i);
      v[RAST_SLOT_VAR0 * 4 + 0] = r[3];
      v[RAST_SLOT_VAR0 * 4 + 1] = r[4];
      v[RAST_SLOT_VAR0 * 4 + 2] = r[5];
      v[RAST_SLOT_VAR0 * 4 + 3] = 0.3f + 0.5f * r[6];
      idx[i] = i;
   }
   struct rast_draw d =
      rt_draw(&s, &fb, verts, ntris * 3, RAST_PRIM_TRIANGLES, idx, ntris, shade_pass, NULL, threads);
   if (!rast_draw(&d))
      abort();
   free(verts);
   free(idx);
}

TEST(rast_linear_and_block_linear_agree)
{
   const uint32_t w = 150, h = 70;
   struct rt_image a, b;
   REQUIRE(rt_image_init(&a, KIL_FORMAT_R8G8B8A8_UNORM, w, h, 1, true));
   REQUIRE(rt_image_init(&b, KIL_FORMAT_R8G8B8A8_UNORM, w, h, 1, false));
   CHECK(a.ri.addr.tiling.is_tiled != b.ri.addr.tiling.is_tiled);
   draw_scene(&a, w, h, 1, 200, 2.0f);
   draw_scene(&b, w, h, 1, 200, 2.0f);
   unsigned bad = 0, nonzero = 0;
   for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++) {
         bad += memcmp(rt_texel(&a, x, y, 0), rt_texel(&b, x, y, 0), 4) != 0;
         nonzero += rt_texel(&a, x, y, 0)[3] != 0;
      }
   CHECK_EQ(bad, 0);
   CHECK(nonzero > w * h / 2);
   rt_image_finish(&a);
   rt_image_finish(&b);
}

TEST(rast_threads_give_identical_images)
{
   /* Blending makes the result depend on the order within each pixel:
    * every worker count must keep API order. 3000 triangles make
    * several front-end chunks. */
   const uint32_t w = 300, h = 200;
   struct rt_image ref;
   REQUIRE(rt_image_init(&ref, KIL_FORMAT_R8G8B8A8_UNORM, w, h, 1, false));
   draw_scene(&ref, w, h, 1, 3000, 0.3f);
   static const unsigned threads[] = {2, 3, 8};
   for (unsigned ti = 0; ti < ARRAY_SIZE(threads); ti++) {
      struct rt_image img;
      REQUIRE(rt_image_init(&img, KIL_FORMAT_R8G8B8A8_UNORM, w, h, 1, false));
      draw_scene(&img, w, h, threads[ti], 3000, 0.3f);
      if (!CHECK(memcmp(img.mem, ref.mem, ref.img.size_B) == 0))
         fprintf(stderr, "  %u threads\n", threads[ti]);
      rt_image_finish(&img);
   }
   rt_image_finish(&ref);
}

TEST(rast_alpha_to_one)
{
   /* 28.4 / 29.11: with alphaToOne the fragment's alpha is 1 before
    * blending: SRC_ALPHA / ONE_MINUS_SRC_ALPHA then writes the source. */
   for (unsigned a2one = 0; a2one < 2; a2one++) {
      struct rt_image img;
      REQUIRE(rt_image_init(&img, KIL_FORMAT_R32G32B32A32_SFLOAT, 2, 2, 1, false));
      const float dst[4] = {1.0f, 1.0f, 1.0f, 1.0f};
      for (uint32_t y = 0; y < 2; y++)
         for (uint32_t x = 0; x < 2; x++)
            memcpy(rt_texel(&img, x, y, 0), dst, 16);
      struct rast_state s;
      rast_state_init(&s, 2, 2);
      s.alpha_to_one = a2one;
      s.blend[0] = (struct rast_blend_attachment){
         true, RAST_BLEND_SRC_ALPHA, RAST_BLEND_ONE_MINUS_SRC_ALPHA, RAST_BLEND_OP_ADD,
         RAST_BLEND_SRC_ALPHA, RAST_BLEND_ONE_MINUS_SRC_ALPHA, RAST_BLEND_OP_ADD, 0xf};
      struct rast_framebuffer fb = rt_fb(2, 2);
      fb.color[0] = img.ri;
      const float src[4] = {0.2f, 0.4f, 0.6f, 0.25f};
      REQUIRE(draw_flat_quad(&s, &fb, src, src, 1));
      float got[4];
      memcpy(got, rt_texel(&img, 1, 0, 0), 16);
      const double a = a2one ? 1.0 : 0.25;
      for (unsigned k = 0; k < 3; k++)
         CHECK_FLOAT_EQ(got[k], src[k] * a + 1.0 * (1 - a), 1e-6);
      CHECK_FLOAT_EQ(got[3], a * a + 1.0 * (1 - a), 1e-6);
      rt_image_finish(&img);
   }
}

TEST(rast_rgba8_fast_path_matches_format_path)
{
   /* R8G8B8A8_UNORM and B8G8R8A8_UNORM pack and unpack inline; the
    * same bytes as A8B8G8R8_UNORM_PACK32 (same memory layout, the generic
    * shared/format path) for a blended scene, and B8G8R8A8 its swizzle. */
   const uint32_t w = 120, h = 80;
   struct rt_image a, b, c;
   REQUIRE(rt_image_init(&a, KIL_FORMAT_R8G8B8A8_UNORM, w, h, 1, false));
   REQUIRE(rt_image_init(&b, KIL_FORMAT_A8B8G8R8_UNORM_PACK32, w, h, 1, false));
   REQUIRE(rt_image_init(&c, KIL_FORMAT_B8G8R8A8_UNORM, w, h, 1, false));
   draw_scene(&a, w, h, 1, 300, 1.0f);
   draw_scene(&b, w, h, 1, 300, 1.0f);
   draw_scene(&c, w, h, 1, 300, 1.0f);
   unsigned bad = 0;
   for (uint32_t y = 0; y < h; y++)
      for (uint32_t x = 0; x < w; x++) {
         const uint8_t *pa = rt_texel(&a, x, y, 0), *pb = rt_texel(&b, x, y, 0);
         const uint8_t *pc = rt_texel(&c, x, y, 0);
         bad += memcmp(pa, pb, 4) != 0;
         bad += pa[0] != pc[2] || pa[1] != pc[1] || pa[2] != pc[0] || pa[3] != pc[3];
      }
   CHECK_EQ(bad, 0);
   rt_image_finish(&a);
   rt_image_finish(&b);
   rt_image_finish(&c);
}
