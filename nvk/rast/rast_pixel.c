/* SPDX-License-Identifier: MIT */
/*
 * Per-sample depth bounds, stencil and depth tests and their writes
 * (Vulkan 1.3, 29 "Fragment Operations": 29.7 depth bounds, 29.8 stencil,
 * 29.9 depth), on D16, X8_D24, D24S8, D32, D32S8 and S8 attachments. The
 * element's bits follow kil_format's channel table, so one code path reads
 * every layout.
 */
#include <math.h>
#include <string.h>

#include "rast_priv.h"

static bool
compare(enum rast_compare_op op, double a, double b)
{
   switch (op) {
   case RAST_COMPARE_NEVER:
      return false;
   case RAST_COMPARE_LESS:
      return a < b;
   case RAST_COMPARE_EQUAL:
      return a == b;
   case RAST_COMPARE_LESS_OR_EQUAL:
      return a <= b;
   case RAST_COMPARE_GREATER:
      return a > b;
   case RAST_COMPARE_NOT_EQUAL:
      return a != b;
   case RAST_COMPARE_GREATER_OR_EQUAL:
      return a >= b;
   default:
      return true;
   }
}

static uint8_t
stencil_op(enum rast_stencil_op op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case RAST_STENCIL_ZERO:
      return 0;
   case RAST_STENCIL_REPLACE:
      return ref;
   case RAST_STENCIL_INCREMENT_AND_CLAMP:
      return s == 0xff ? s : (uint8_t)(s + 1);
   case RAST_STENCIL_DECREMENT_AND_CLAMP:
      return s == 0 ? s : (uint8_t)(s - 1);
   case RAST_STENCIL_INVERT:
      return (uint8_t)~s;
   case RAST_STENCIL_INCREMENT_AND_WRAP:
      return (uint8_t)(s + 1);
   case RAST_STENCIL_DECREMENT_AND_WRAP:
      return (uint8_t)(s - 1);
   default:
      return s;
   }
}

struct rast_ds_layout
rast_ds_layout(enum kil_format f)
{
   const struct kil_format_desc *d = kil_format_desc(f);
   struct rast_ds_layout l = {0};
   if (!d)
      return l;
   l.el_size_B = d->el_size_B;
   l.has_depth = d->depth.bits != 0;
   l.has_stencil = d->stencil.bits != 0;
   l.depth_shift = d->depth.shift;
   l.depth_bits = d->depth.bits;
   l.stencil_shift = d->stencil.shift;
   l.depth_float = d->depth_type == KIL_CHANNEL_TYPE_SFLOAT;
   return l;
}

/* The depth as the attachment stores it: unorm integers, or float bits.
 * Compared as doubles, which hold both exactly. */
static double
quantize(const struct rast_ds_layout *l, float z, uint64_t *bits)
{
   if (l->depth_float) {
      uint32_t u;
      memcpy(&u, &z, 4);
      *bits = u;
      return z;
   }
   const uint64_t max = (1ull << l->depth_bits) - 1;
   const uint64_t q = (uint64_t)llrint((double)z * (double)max);
   *bits = q;
   return (double)q;
}

static double
stored_depth(const struct rast_ds_layout *l, uint64_t el)
{
   const uint64_t bits = (el >> l->depth_shift) & ((1ull << l->depth_bits) - 1);
   if (l->depth_float) {
      const uint32_t u = (uint32_t)bits;
      float f;
      memcpy(&f, &u, 4);
      return f;
   }
   return (double)bits;
}

/* z[s] comes clamped (rast_pixel_clamp_depth). */
uint32_t
rast_pixel_depth_stencil(const struct rast_ctx *c, int32_t x, int32_t y, uint32_t layer,
                         uint32_t mask, const float *z, bool front, uint8_t ref)
{
   const struct rast_image *img = &c->fb->depth_stencil;
   const struct rast_state *s = c->s;
   if (!img->base)
      return mask;
   const struct rast_ds_layout l = c->ds;
   const bool depth_test = l.has_depth && s->depth_test_enable;
   const bool stencil_test = l.has_stencil && s->stencil_test_enable;
   const bool bounds = l.has_depth && s->depth_bounds_enable;
   if (!depth_test && !stencil_test && !bounds)
      return mask;
   const struct rast_stencil_face *face = front ? &s->front : &s->back;
   const uint64_t dmask = ((1ull << l.depth_bits) - 1) << l.depth_shift;
   uint32_t out = 0;
   u_foreach_bit (smp, mask) {
      uint8_t *t = rast_image_texel(img, x, y, layer, smp);
      uint64_t el = 0;
      memcpy(&el, t, l.el_size_B);
      const uint64_t old = el;
      bool pass = true;
      if (bounds) {
         /* 29.7: the stored depth (as a value in [0, 1]) must be in
          * [minDepthBounds, maxDepthBounds]. */
         double d = stored_depth(&l, el);
         if (!l.depth_float)
            d /= (double)((1ull << l.depth_bits) - 1);
         pass = d >= s->min_depth_bounds && d <= s->max_depth_bounds;
      }
      const bool bounds_ok = pass;
      const uint8_t sv = (uint8_t)(el >> l.stencil_shift);
      enum rast_stencil_op sop = RAST_STENCIL_KEEP;
      if (pass && stencil_test) {
         /* 29.8: (ref & compareMask) op (stored & compareMask). */
         const bool spass = compare(face->compare_op, ref & face->compare_mask,
                                    sv & face->compare_mask);
         if (!spass) {
            sop = face->fail_op;
            pass = false;
         }
      }
      if (pass && depth_test) {
         uint64_t bits;
         const double zq = quantize(&l, z[smp], &bits);
         if (!compare(s->depth_compare_op, zq, stored_depth(&l, el))) {
            pass = false;
            sop = face->depth_fail_op;
         } else if (s->depth_write_enable) {
            el = (el & ~dmask) | (bits << l.depth_shift);
         }
      }
      if (pass && stencil_test)
         sop = face->pass_op;
      if (stencil_test && bounds_ok) {
         const uint8_t nv = stencil_op(sop, sv, ref);
         const uint8_t w = face->write_mask;
         const uint8_t res = (uint8_t)((sv & ~w) | (nv & w));
         el = (el & ~(0xffull << l.stencil_shift)) | ((uint64_t)res << l.stencil_shift);
      }
      if (el != old)
         memcpy(t, &el, l.el_size_B);
      if (pass)
         out |= 1u << smp;
   }
   return out;
}
