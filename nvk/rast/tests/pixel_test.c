/* SPDX-License-Identifier: MIT */
/*
 * The pixel stage: depth/stencil (Vulkan 1.3, 29.8 stencil, 29.9 depth)
 * for every depth/stencil format and compare op, the stencil op matrix
 * with masks and front/back state, depth bounds (29.7), and occlusion
 * counts. References are computed here from the spec's rules, with
 * shared/format's pack/unpack for the stored bits.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "format/fmt.h"
#include "rast_test_util.h"
#include "util/test.h"

#define S 8 /* the images are S x S */

static const enum kil_format ds_formats[] = {
   KIL_FORMAT_D16_UNORM,         KIL_FORMAT_X8_D24_UNORM_PACK32, KIL_FORMAT_D24_UNORM_S8_UINT,
   KIL_FORMAT_D32_SFLOAT,        KIL_FORMAT_D32_SFLOAT_S8_UINT,  KIL_FORMAT_S8_UINT,
};

static bool
ref_compare(enum rast_compare_op op, double a, double b)
{
   /* 29.8/29.9: the reference (fragment) value on the left. */
   switch (op) {
   case RAST_COMPARE_NEVER: return false;
   case RAST_COMPARE_LESS: return a < b;
   case RAST_COMPARE_EQUAL: return a == b;
   case RAST_COMPARE_LESS_OR_EQUAL: return a <= b;
   case RAST_COMPARE_GREATER: return a > b;
   case RAST_COMPARE_NOT_EQUAL: return a != b;
   case RAST_COMPARE_GREATER_OR_EQUAL: return a >= b;
   default: return true;
   }
}

static uint8_t
ref_stencil_op(enum rast_stencil_op op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case RAST_STENCIL_KEEP: return s;
   case RAST_STENCIL_ZERO: return 0;
   case RAST_STENCIL_REPLACE: return ref;
   case RAST_STENCIL_INCREMENT_AND_CLAMP: return s < 255 ? s + 1 : 255;
   case RAST_STENCIL_DECREMENT_AND_CLAMP: return s > 0 ? s - 1 : 0;
   case RAST_STENCIL_INVERT: return (uint8_t)~s;
   case RAST_STENCIL_INCREMENT_AND_WRAP: return (uint8_t)(s + 1);
   default: return (uint8_t)(s - 1);
   }
}

/* The stored depth as the attachment compares it: raw unorm integer, or
 * the float. */
static double
raw_depth(enum kil_format f, const uint8_t *el)
{
   const struct kil_format_desc *d = kil_format_desc(f);
   if (d->depth_type == KIL_CHANNEL_TYPE_SFLOAT)
      return fmt_unpack_depth(f, el);
   uint64_t v = 0;
   memcpy(&v, el, d->el_size_B);
   return (double)((v >> d->depth.shift) & ((1ull << d->depth.bits) - 1));
}

/* A full-screen quad (two triangles) at depth z; ccw picks the winding.
 * Returns the samples that passed. */
static uint64_t
draw_quad(const struct rast_state *s, struct rast_framebuffer *fb, float z, bool ccw)
{
   float verts[4 * RT_STRIDE] = {0};
   rt_set_pos(verts, 0, -1, -1, z, 1);
   rt_set_pos(verts, 1, 1, -1, z, 1);
   rt_set_pos(verts, 2, -1, 1, z, 1);
   rt_set_pos(verts, 3, 1, 1, z, 1);
   /* (0,1,2) has cross > 0 in window space (y down): a < 0, clockwise. */
   const uint32_t cw[6] = {0, 1, 2, 2, 1, 3}, ccwi[6] = {0, 2, 1, 2, 3, 1};
   struct rast_draw d = rt_draw(s, fb, verts, 4, RAST_PRIM_TRIANGLES, ccw ? ccwi : cw, 2,
                                NULL, NULL, 1);
   if (!rast_draw(&d))
      return ~0ull;
   return d.samples_passed;
}

static const float depth_values[] = {0.0f, 0.25f, 0.5f, 0.75f, 1.0f, 0.4999f, 0.50001f, 0.5f};

TEST(rast_depth_matrix)
{
   for (unsigned fi = 0; fi < ARRAY_SIZE(ds_formats); fi++) {
      const enum kil_format f = ds_formats[fi];
      const struct kil_format_desc *desc = kil_format_desc(f);
      if (!desc->depth.bits)
         continue;
      for (unsigned op = 0; op < 8; op++) {
         for (unsigned write = 0; write < 2; write++) {
            struct rt_image img;
            REQUIRE(rt_image_init(&img, f, S, S, 1, fi & 1));
            for (uint32_t y = 0; y < S; y++)
               for (uint32_t x = 0; x < S; x++)
                  fmt_pack_depth(f, depth_values[(x + y) % ARRAY_SIZE(depth_values)],
                                 rt_texel(&img, x, y, 0));
            struct rast_state s;
            rast_state_init(&s, S, S);
            s.depth_test_enable = true;
            s.depth_write_enable = write;
            s.depth_compare_op = op;
            struct rast_framebuffer fb = rt_fb(S, S);
            fb.depth_stencil = img.ri;
            /* The fragment's depth as the format stores it. */
            uint8_t fz[8] = {0};
            fmt_pack_depth(f, 0.5f, fz);
            const double zq = raw_depth(f, fz);
            const uint64_t passed = draw_quad(&s, &fb, 0.5f, false);
            uint64_t want_passed = 0;
            for (uint32_t y = 0; y < S; y++) {
               for (uint32_t x = 0; x < S; x++) {
                  uint8_t old[8] = {0};
                  fmt_pack_depth(f, depth_values[(x + y) % ARRAY_SIZE(depth_values)], old);
                  const bool pass = ref_compare(op, zq, raw_depth(f, old));
                  want_passed += pass;
                  const double want = pass && write ? zq : raw_depth(f, old);
                  if (!CHECK_EQ(raw_depth(f, rt_texel(&img, x, y, 0)) * 1e6, want * 1e6))
                     fprintf(stderr, "  %s op %u write %u (%u,%u)\n", desc->name, op, write, x, y);
               }
            }
            CHECK_EQ(passed, want_passed);
            rt_image_finish(&img);
         }
      }
   }
}

TEST(rast_stencil_matrix)
{
   static const uint8_t stored[] = {0, 1, 0x7f, 0x80, 0xfe, 0xff, 0x35, 0xca};
   static const struct { uint8_t ref, cmask, wmask; } masks[] = {
      {0x80, 0xff, 0xff}, {0x35, 0x0f, 0xf0}, {0xff, 0xf0, 0x3c},
   };
   for (unsigned fi = 0; fi < ARRAY_SIZE(ds_formats); fi++) {
      const enum kil_format f = ds_formats[fi];
      const struct kil_format_desc *desc = kil_format_desc(f);
      if (!desc->stencil.bits)
         continue;
      for (unsigned op = 0; op < 8; op++)
      for (unsigned sop = 0; sop < 8; sop++)
      for (unsigned mi = 0; mi < ARRAY_SIZE(masks); mi++)
      for (unsigned face = 0; face < 2; face++) {
         struct rt_image img;
         REQUIRE(rt_image_init(&img, f, S, S, 1, (op + sop) & 1));
         /* Depth: every other pixel fails a LESS test at z = 0.5. */
         for (uint32_t y = 0; y < S; y++)
            for (uint32_t x = 0; x < S; x++) {
               uint8_t *t = rt_texel(&img, x, y, 0);
               if (desc->depth.bits)
                  fmt_pack_depth(f, x & 1 ? 0.25f : 0.75f, t);
               fmt_pack_stencil(f, stored[(x + 3 * y) % 8], t);
            }
         struct rast_state s;
         rast_state_init(&s, S, S);
         s.stencil_test_enable = true;
         s.depth_test_enable = desc->depth.bits != 0;
         s.depth_compare_op = RAST_COMPARE_LESS;
         /* The face drawn gets the ops under test, the other face ops
          * that would show if it were used by mistake. */
         struct rast_stencil_face used = {
            .fail_op = sop, .pass_op = (sop + 3) % 8, .depth_fail_op = (sop + 5) % 8,
            .compare_op = op, .compare_mask = masks[mi].cmask, .write_mask = masks[mi].wmask,
            .reference = masks[mi].ref};
         struct rast_stencil_face other = {
            .fail_op = RAST_STENCIL_INVERT, .pass_op = RAST_STENCIL_INVERT,
            .depth_fail_op = RAST_STENCIL_INVERT, .compare_op = RAST_COMPARE_ALWAYS,
            .compare_mask = 0xff, .write_mask = 0xff, .reference = 0x11};
         s.front = face ? used : other;
         s.back = face ? other : used;
         struct rast_framebuffer fb = rt_fb(S, S);
         fb.depth_stencil = img.ri;
         /* rast_state_init's front face is CCW: face 1 draws front. */
         const uint64_t passed = draw_quad(&s, &fb, 0.5f, face);
         uint64_t want_passed = 0;
         for (uint32_t y = 0; y < S; y++) {
            for (uint32_t x = 0; x < S; x++) {
               const uint8_t sv = stored[(x + 3 * y) % 8];
               const bool spass = ref_compare(op, used.reference & used.compare_mask,
                                              sv & used.compare_mask);
               const bool dpass = !desc->depth.bits || !(x & 1);
               const enum rast_stencil_op o =
                  !spass ? used.fail_op : !dpass ? used.depth_fail_op : used.pass_op;
               const uint8_t nv = ref_stencil_op(o, sv, used.reference);
               const uint8_t want = (sv & ~used.write_mask) | (nv & used.write_mask);
               want_passed += spass && dpass;
               if (!CHECK_EQ(fmt_unpack_stencil(f, rt_texel(&img, x, y, 0)), want))
                  fprintf(stderr, "  %s op %u sop %u masks %u face %u (%u,%u) stored %#x\n",
                          desc->name, op, sop, mi, face, x, y, sv);
               if (desc->depth.bits)
                  CHECK_FLOAT_EQ(fmt_unpack_depth(f, rt_texel(&img, x, y, 0)),
                                 x & 1 ? 0.25 : 0.75, 1e-4);
            }
         }
         CHECK_EQ(passed, want_passed);
         rt_image_finish(&img);
      }
   }
}

TEST(rast_depth_bounds)
{
   /* 29.7: samples whose stored depth is outside [min, max] are
    * discarded, whatever the depth test says. */
   const enum kil_format f = KIL_FORMAT_D32_SFLOAT;
   struct rt_image img;
   REQUIRE(rt_image_init(&img, f, S, S, 1, false));
   for (uint32_t y = 0; y < S; y++)
      for (uint32_t x = 0; x < S; x++)
         fmt_pack_depth(f, (float)x / (S - 1), rt_texel(&img, x, y, 0));
   struct rast_state s;
   rast_state_init(&s, S, S);
   s.depth_test_enable = true;
   s.depth_write_enable = true;
   s.depth_compare_op = RAST_COMPARE_ALWAYS;
   s.depth_bounds_enable = true;
   s.min_depth_bounds = 0.3f;
   s.max_depth_bounds = 0.72f;
   struct rast_framebuffer fb = rt_fb(S, S);
   fb.depth_stencil = img.ri;
   const uint64_t passed = draw_quad(&s, &fb, 0.5f, false);
   uint64_t want = 0;
   for (uint32_t y = 0; y < S; y++)
      for (uint32_t x = 0; x < S; x++) {
         const float d = (float)x / (S - 1);
         const bool in = d >= 0.3f && d <= 0.72f;
         want += in;
         CHECK_FLOAT_EQ(fmt_unpack_depth(f, rt_texel(&img, x, y, 0)), in ? 0.5f : d, 0);
      }
   CHECK_EQ(passed, want);
   rt_image_finish(&img);
}

TEST(rast_depth_bias_and_clamp)
{
   /* 28.9: o = m * slope + r * constant, m = max(|dz/dx|, |dz/dy|); D16's
    * r is 2^-16. A tilted quad: dz/dx = 0.5 / S per pixel. */
   const enum kil_format f = KIL_FORMAT_D32_SFLOAT;
   for (unsigned clamp = 0; clamp < 2; clamp++) {
      struct rt_image img;
      REQUIRE(rt_image_init(&img, f, S, S, 1, false));
      struct rast_state s;
      rast_state_init(&s, S, S);
      s.depth_test_enable = true;
      s.depth_write_enable = true;
      s.depth_bias_enable = true;
      s.depth_bias_slope = 2.0f;
      s.depth_bias_constant = 0.0f;
      s.depth_bias_clamp = clamp ? 0.05f : 0.0f;
      struct rast_framebuffer fb = rt_fb(S, S);
      fb.depth_stencil = img.ri;
      float verts[4 * RT_STRIDE] = {0};
      rt_set_pos(verts, 0, -1, -1, 0.25f, 1);
      rt_set_pos(verts, 1, 1, -1, 0.75f, 1);
      rt_set_pos(verts, 2, -1, 1, 0.25f, 1);
      rt_set_pos(verts, 3, 1, 1, 0.75f, 1);
      const uint32_t idx[6] = {0, 1, 2, 2, 1, 3};
      struct rast_draw d = rt_draw(&s, &fb, verts, 4, RAST_PRIM_TRIANGLES, idx, 2, NULL, NULL, 1);
      REQUIRE(rast_draw(&d));
      const double m = 0.5 / S;
      const double bias = clamp ? fmin(2.0 * m, 0.05) : 2.0 * m;
      for (uint32_t y = 0; y < S; y++)
         for (uint32_t x = 0; x < S; x++) {
            const double z = 0.25 + 0.5 * (x + 0.5) / S + bias;
            CHECK_FLOAT_EQ(fmt_unpack_depth(f, rt_texel(&img, x, y, 0)), z, 1e-6);
         }
      rt_image_finish(&img);
   }
}
