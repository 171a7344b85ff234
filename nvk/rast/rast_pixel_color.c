/* SPDX-License-Identifier: MIT */
/*
 * The colour write of one fragment (Vulkan 1.3, 29.11 "Blending", 29.13
 * "Logical Operations", 29.14 "Color Write Mask"): blend in float with
 * the destination unpacked by shared/format (sRGB decoded, so blending
 * happens in linear space and the pack encodes), logic ops on the packed
 * bits of integer and normalized formats, then the write mask merges
 * channels into the element at its shared/layout address.
 */
#include <string.h>

#include "format/fmt.h"
#include "rast_priv.h"

#define MAX_EL_B 16

struct factors {
   float src[4], src1[4], dst[4], cst[4];
};

static float
factor(enum rast_blend_factor f, const struct factors *v, unsigned ch)
{
   const bool alpha = ch == 3;
   switch (f) {
   case RAST_BLEND_ZERO:
      return 0.0f;
   case RAST_BLEND_ONE:
      return 1.0f;
   case RAST_BLEND_SRC_COLOR:
      return v->src[ch];
   case RAST_BLEND_ONE_MINUS_SRC_COLOR:
      return 1.0f - v->src[ch];
   case RAST_BLEND_DST_COLOR:
      return v->dst[ch];
   case RAST_BLEND_ONE_MINUS_DST_COLOR:
      return 1.0f - v->dst[ch];
   case RAST_BLEND_SRC_ALPHA:
      return v->src[3];
   case RAST_BLEND_ONE_MINUS_SRC_ALPHA:
      return 1.0f - v->src[3];
   case RAST_BLEND_DST_ALPHA:
      return v->dst[3];
   case RAST_BLEND_ONE_MINUS_DST_ALPHA:
      return 1.0f - v->dst[3];
   case RAST_BLEND_CONSTANT_COLOR:
      return v->cst[ch];
   case RAST_BLEND_ONE_MINUS_CONSTANT_COLOR:
      return 1.0f - v->cst[ch];
   case RAST_BLEND_CONSTANT_ALPHA:
      return v->cst[3];
   case RAST_BLEND_ONE_MINUS_CONSTANT_ALPHA:
      return 1.0f - v->cst[3];
   case RAST_BLEND_SRC_ALPHA_SATURATE:
      /* (f, f, f, 1) with f = min(As, 1 - Ad). */
      return alpha ? 1.0f : MIN2(v->src[3], 1.0f - v->dst[3]);
   case RAST_BLEND_SRC1_COLOR:
      return v->src1[ch];
   case RAST_BLEND_ONE_MINUS_SRC1_COLOR:
      return 1.0f - v->src1[ch];
   case RAST_BLEND_SRC1_ALPHA:
      return v->src1[3];
   case RAST_BLEND_ONE_MINUS_SRC1_ALPHA:
      return 1.0f - v->src1[3];
   default:
      return 0.0f;
   }
}

static float
blend_op(enum rast_blend_op op, float s, float sf, float d, float df)
{
   switch (op) {
   case RAST_BLEND_OP_SUBTRACT:
      return s * sf - d * df;
   case RAST_BLEND_OP_REVERSE_SUBTRACT:
      return d * df - s * sf;
   case RAST_BLEND_OP_MIN:
      return MIN2(s, d);
   case RAST_BLEND_OP_MAX:
      return MAX2(s, d);
   default:
      return s * sf + d * df;
   }
}

static uint8_t
logic_op(enum rast_logic_op op, uint8_t s, uint8_t d)
{
   switch (op) {
   case RAST_LOGIC_CLEAR:
      return 0;
   case RAST_LOGIC_AND:
      return s & d;
   case RAST_LOGIC_AND_REVERSE:
      return s & (uint8_t)~d;
   case RAST_LOGIC_COPY:
      return s;
   case RAST_LOGIC_AND_INVERTED:
      return (uint8_t)~s & d;
   case RAST_LOGIC_NO_OP:
      return d;
   case RAST_LOGIC_XOR:
      return s ^ d;
   case RAST_LOGIC_OR:
      return s | d;
   case RAST_LOGIC_NOR:
      return (uint8_t)~(s | d);
   case RAST_LOGIC_EQUIVALENT:
      return (uint8_t)~(s ^ d);
   case RAST_LOGIC_INVERT:
      return (uint8_t)~d;
   case RAST_LOGIC_OR_REVERSE:
      return s | (uint8_t)~d;
   case RAST_LOGIC_COPY_INVERTED:
      return (uint8_t)~s;
   case RAST_LOGIC_OR_INVERTED:
      return (uint8_t)~s | d;
   case RAST_LOGIC_NAND:
      return (uint8_t)~(s & d);
   default:
      return 0xff;
   }
}

/* The bytes of an element that channels in write_mask cover. */
static void
channel_byte_mask(const struct kil_format_desc *d, uint8_t write_mask, uint8_t m[MAX_EL_B])
{
   memset(m, 0, MAX_EL_B);
   for (unsigned c = 0; c < 4; c++) {
      if (!((write_mask >> c) & 1) || !d->rgba[c].bits)
         continue;
      for (unsigned b = d->rgba[c].shift; b < (unsigned)d->rgba[c].shift + d->rgba[c].bits; b++)
         m[b >> 3] |= (uint8_t)(1u << (b & 7));
   }
}

static float
clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

uint32_t
rast_pixel_alpha_coverage(uint32_t samples, float a, int32_t x, int32_t y)
{
   (void)x, (void)y;
   /* 29.4 "Multisample Coverage": an implementation-dependent mask with a
    * number of samples proportional to alpha; here the first
    * round(alpha * samples). */
   if (!(a > 0.0f))
      return 0;
   if (a >= 1.0f)
      return BITFIELD_MASK(samples);
   const uint32_t n = (uint32_t)(a * (float)samples + 0.5f);
   return BITFIELD_MASK(n);
}

/* R8G8B8A8/B8G8R8A8_UNORM, the common case, packed as shared/format's
 * fmt_float_to_unorm does it (clamp, NaN to 0, round to nearest even). */
static inline void
pack_rgba8_unorm(const struct rast_target *tg, const union fmt_texel *src, uint8_t *nw)
{
   for (unsigned k = 0; k < 4; k++) {
      const float v = src->f[k];
      uint8_t u = 255;
      if (!(v > 0.0f)) {
         u = 0;
      } else if (v < 1.0f) {
         const double t = (double)v * 255.0;
         uint32_t i = (uint32_t)(t + 0.5);
         if ((double)i - t == 0.5 && (i & 1))
            i--;
         u = (uint8_t)i;
      }
      nw[tg->rgba8_swap_rb && k != 1 && k != 3 ? 2 - k : k] = u;
   }
}

void
rast_pixel_color_prepare(struct rast_ctx *c)
{
   /* As fmt_unorm_to_float: v / 255 in double, rounded to float. */
   for (unsigned i = 0; i < 256; i++)
      c->unorm8_to_float[i] = (float)((double)i / 255.0);
   const struct rast_state *s = c->s;
   c->target_mask = 0;
   for (unsigned a = 0; a < RAST_MAX_COLOR; a++) {
      const struct rast_image *img = &c->fb->color[a];
      const struct rast_blend_attachment *bl = &s->blend[a];
      struct rast_target *t = &c->targets[a];
      memset(t, 0, sizeof(*t));
      if (!img->base || !(bl->write_mask & 0xf) || !fmt_format_is_convertible(img->format))
         continue;
      const struct kil_format_desc *d = kil_format_desc(img->format);
      if (!d || d->el_size_B > MAX_EL_B)
         continue;
      t->desc = d;
      t->cls = (uint8_t)fmt_format_class(img->format);
      t->el_B = d->el_size_B;
      t->clamp = d->type == KIL_CHANNEL_TYPE_UNORM || d->type == KIL_CHANNEL_TYPE_SNORM ||
                 d->type == KIL_CHANNEL_TYPE_SRGB;
      t->snorm = d->type == KIL_CHANNEL_TYPE_SNORM;
      /* 29.13: logic ops apply to integer and normalized formats, not to
       * float or sRGB ones; with logicOpEnable, blending is off for every
       * attachment (float and sRGB ones pass the colour through). */
      t->logic = s->logic_op_enable && d->type != KIL_CHANNEL_TYPE_SFLOAT &&
                 d->type != KIL_CHANNEL_TYPE_UFLOAT && d->type != KIL_CHANNEL_TYPE_SRGB;
      t->blend = bl->blend_enable && t->cls == FMT_CLASS_FLOAT && !s->logic_op_enable;
      channel_byte_mask(d, bl->write_mask, t->wm);
      t->full_write = !t->blend && !t->logic;
      for (uint32_t i = 0; i < t->el_B; i++)
         t->full_write &= t->wm[i] == 0xff;
      t->rgba8_unorm = img->format == KIL_FORMAT_R8G8B8A8_UNORM ||
                       img->format == KIL_FORMAT_B8G8R8A8_UNORM;
      t->rgba8_swap_rb = img->format == KIL_FORMAT_B8G8R8A8_UNORM;
      c->target_mask |= 1u << a;
   }
}

void
rast_pixel_color(const struct rast_ctx *c, const struct rast_fs_batch *b, unsigned a,
                 unsigned lane, int32_t x, int32_t y, uint32_t layer, uint32_t mask)
{
   const struct rast_state *s = c->s;
   {
      const struct rast_image *img = &c->fb->color[a];
      const struct rast_blend_attachment *bl = &s->blend[a];
      const struct rast_target *tg = &c->targets[a];
      union fmt_texel src;
      for (unsigned k = 0; k < 4; k++)
         src.f[k] = b->out[(a * 4 + k) * RAST_W + lane];
      if (s->alpha_to_one && tg->cls == FMT_CLASS_FLOAT)
         src.f[3] = 1.0f;
      const uint32_t el_B = tg->el_B;

      if (!tg->blend) {
         /* The same bytes for every sample: pack once. */
         uint8_t nw[MAX_EL_B] = {0};
         if (tg->rgba8_unorm)
            pack_rgba8_unorm(tg, &src, nw);
         else
            fmt_pack_color(img->format, &src, nw);
         u_foreach_bit (smp, mask) {
            uint8_t *t = rast_image_texel(img, x, y, layer, smp);
            if (tg->full_write) {
               if (el_B == 4)
                  memcpy(t, nw, 4); /* inlined: the common size */
               else
                  memcpy(t, nw, el_B);
               continue;
            }
            uint8_t out[MAX_EL_B];
            for (uint32_t i = 0; i < el_B; i++) {
               const uint8_t v = tg->logic ? logic_op(s->logic_op, nw[i], t[i]) : nw[i];
               out[i] = (uint8_t)((v & tg->wm[i]) | (t[i] & ~tg->wm[i]));
            }
            memcpy(t, out, el_B);
         }
         return;
      }

      struct factors f;
      /* 29.11: fixed-point attachments clamp source, destination and
       * constants to the format's range before blending. */
      const float lo = tg->snorm ? -1.0f : 0.0f;
      for (unsigned k = 0; k < 4; k++) {
         const float s1 = b->out[(RAST_DUAL_SRC_SLOT * 4 + k) * RAST_W + lane];
         f.src[k] = tg->clamp ? clampf(src.f[k], lo, 1.0f) : src.f[k];
         f.src1[k] = tg->clamp ? clampf(s1, lo, 1.0f) : s1;
         f.cst[k] = tg->clamp ? clampf(s->blend_constants[k], lo, 1.0f) : s->blend_constants[k];
      }
      u_foreach_bit (smp, mask) {
         uint8_t *t = rast_image_texel(img, x, y, layer, smp);
         uint8_t nw[MAX_EL_B] = {0};
         union fmt_texel dst, res;
         if (tg->rgba8_unorm) {
            for (unsigned k = 0; k < 4; k++)
               dst.f[k] = c->unorm8_to_float[t[tg->rgba8_swap_rb && k != 1 && k != 3 ? 2 - k : k]];
         } else {
            fmt_unpack_color(img->format, t, &dst);
         }
         memcpy(f.dst, dst.f, sizeof(f.dst));
         for (unsigned k = 0; k < 3; k++)
            res.f[k] = blend_op(bl->color_op, f.src[k], factor(bl->src_color, &f, k), f.dst[k],
                                factor(bl->dst_color, &f, k));
         res.f[3] = blend_op(bl->alpha_op, f.src[3], factor(bl->src_alpha, &f, 3), f.dst[3],
                             factor(bl->dst_alpha, &f, 3));
         if (tg->rgba8_unorm)
            pack_rgba8_unorm(tg, &res, nw);
         else
            fmt_pack_color(img->format, &res, nw);
         for (uint32_t i = 0; i < el_B; i++)
            nw[i] = (uint8_t)((nw[i] & tg->wm[i]) | (t[i] & ~tg->wm[i]));
         memcpy(t, nw, el_B);
      }
   }
}
