/* SPDX-License-Identifier: MIT */
/*
 * The colour write of a whole batch, attachment by attachment, lanes in
 * batch order (so quads of one batch on the same pixel land in order).
 *
 * Each attachment's routine is chosen once per draw from its format and
 * state: R8G8B8A8/B8G8R8A8_UNORM without a logic op (opaque, blended,
 * any write mask, any sample count) runs the lanes as arrays, with the
 * pack, the unpack and the blend equation as plain loops over the batch
 * the compiler vectorizes, and a quad's addresses from one layout call
 * (rast_quad_addr.c); everything else goes lane by lane through
 * rast_pixel_color. The fast path computes what rast_pixel_color computes,
 * operation for operation (pixel_fast_test compares them bit for bit).
 */
#include "format/fmt.h"
#include "rast_priv.h"

#define W RAST_W

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "packed RGBA8 words are little-endian");

static void
write_lanes(const struct rast_ctx *c, const struct rast_worker *w, unsigned a,
            const uint8_t *mask)
{
   const struct rast_fs_batch *b = &w->batch;
   for (unsigned q = 0; q < b->quad_count; q++) {
      const struct rast_prim *p = w->qprim[q];
      for (unsigned l = 0; l < 4; l++) {
         const unsigned lane = 4 * q + l;
         if (mask[lane])
            rast_pixel_color(c, b, a, lane, w->qx[q] + (int32_t)(l & 1),
                             w->qy[q] + (int32_t)(l >> 1), p->layer, mask[lane]);
      }
   }
}

/* fmt_float_to_unorm for 8 bits: NaN and <= 0 to 0, >= 1 to 255, else
 * v * 255 (exact in double) rounded to nearest, ties to even: adding 2^52
 * leaves no fraction bits, in the default rounding mode (a form the
 * compiler vectorizes, unlike a test for ties). */
static inline uint32_t
unorm8(float v)
{
   v = v > 0.0f ? v : 0.0f;
   v = v < 1.0f ? v : 1.0f;
   const double t = (double)v * 255.0;
   return (uint32_t)(int32_t)((t + 0x1p52) - 0x1p52);
}

/* Packs n lanes of r, g, b, a into RGBA8 (swap: BGRA8) words.
 *
 * First in float, four lanes to an SSE operation: f = fl(v * 255) is
 * within 2^-17 of the exact product t (t < 256), so f and t round to the
 * same integer unless f lies within 2^-16 of a half; a batch with such a
 * lane is packed again through unorm8, in double. The one exact tie is
 * v = 0.5 ((2k + 1) / 510 is a binary fraction only for 2k + 1 = 255),
 * where f = t = 127.5 is exact and rounds to 128 either way. */
/* One channel of rast_pack_rgba8's float pass, or-ed into out at bit sh;
 * returns whether some lane lies near a half. */
static int32_t
pack_channel(const float *v, unsigned sh, unsigned n, uint32_t *restrict out)
{
   int32_t near_half = 0;
   for (unsigned l = 0; l < n; l++) {
      float x = v[l] > 0.0f ? v[l] : 0.0f;
      x = x < 1.0f ? x : 1.0f;
      const float f = x * 255.0f;
      const float r = (f + 0x1p23f) - 0x1p23f; /* nearest, ties to even */
      const float g = f - r;                   /* exact (Sterbenz) */
      const float abs_g = __builtin_fabsf(g);
      const float off_half = x == 0.5f ? 0.0f : abs_g; /* (this form vectorizes) */
      near_half |= off_half >= 0.5f - 0x1p-16f ? 1 : 0;
      out[l] |= (uint32_t)(int32_t)r << sh;
   }
   return near_half;
}

void
rast_pack_rgba8(const float *const ch[4], bool swap, unsigned n, uint32_t *out)
{
   const unsigned rs = swap ? 16 : 0, bs = swap ? 0 : 16;
   for (unsigned l = 0; l < n; l++)
      out[l] = 0;
   const int32_t near_half =
      pack_channel(ch[0], rs, n, out) | pack_channel(ch[1], 8, n, out) |
      pack_channel(ch[2], bs, n, out) | pack_channel(ch[3], 24, n, out);
   if (!near_half)
      return;
   for (unsigned l = 0; l < n; l++)
      out[l] = unorm8(ch[0][l]) << rs | unorm8(ch[1][l]) << 8 | unorm8(ch[2][l]) << bs |
               unorm8(ch[3][l]) << 24;
}

static inline float
clampf(float v, float lo, float hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* The blend's inputs over the batch's lanes (29.11). */
struct blend_in {
   const float *src[4], *src1[4], *dst[4];
   float cst[4];
   unsigned n;
};

/* rast_pixel_color.c's factor(), over lanes. */
static void
factor_lanes(enum rast_blend_factor f, const struct blend_in *v, unsigned ch, float *out)
{
   const unsigned n = v->n;
   const bool alpha = ch == 3;
   const float *p = NULL;
   bool one_minus = false;
   switch (f) {
   case RAST_BLEND_ONE:
      for (unsigned l = 0; l < n; l++)
         out[l] = 1.0f;
      return;
   case RAST_BLEND_SRC_COLOR:
   case RAST_BLEND_ONE_MINUS_SRC_COLOR:
      p = v->src[ch], one_minus = f == RAST_BLEND_ONE_MINUS_SRC_COLOR;
      break;
   case RAST_BLEND_DST_COLOR:
   case RAST_BLEND_ONE_MINUS_DST_COLOR:
      p = v->dst[ch], one_minus = f == RAST_BLEND_ONE_MINUS_DST_COLOR;
      break;
   case RAST_BLEND_SRC_ALPHA:
   case RAST_BLEND_ONE_MINUS_SRC_ALPHA:
      p = v->src[3], one_minus = f == RAST_BLEND_ONE_MINUS_SRC_ALPHA;
      break;
   case RAST_BLEND_DST_ALPHA:
   case RAST_BLEND_ONE_MINUS_DST_ALPHA:
      p = v->dst[3], one_minus = f == RAST_BLEND_ONE_MINUS_DST_ALPHA;
      break;
   case RAST_BLEND_CONSTANT_COLOR:
   case RAST_BLEND_ONE_MINUS_CONSTANT_COLOR:
   case RAST_BLEND_CONSTANT_ALPHA:
   case RAST_BLEND_ONE_MINUS_CONSTANT_ALPHA: {
      const bool a =
         f == RAST_BLEND_CONSTANT_ALPHA || f == RAST_BLEND_ONE_MINUS_CONSTANT_ALPHA;
      const float k = v->cst[a ? 3 : ch];
      const bool om = f == RAST_BLEND_ONE_MINUS_CONSTANT_COLOR ||
                      f == RAST_BLEND_ONE_MINUS_CONSTANT_ALPHA;
      const float r = om ? 1.0f - k : k;
      for (unsigned l = 0; l < n; l++)
         out[l] = r;
      return;
   }
   case RAST_BLEND_SRC_ALPHA_SATURATE:
      for (unsigned l = 0; l < n; l++)
         out[l] = alpha ? 1.0f : MIN2(v->src[3][l], 1.0f - v->dst[3][l]);
      return;
   case RAST_BLEND_SRC1_COLOR:
   case RAST_BLEND_ONE_MINUS_SRC1_COLOR:
      p = v->src1[ch], one_minus = f == RAST_BLEND_ONE_MINUS_SRC1_COLOR;
      break;
   case RAST_BLEND_SRC1_ALPHA:
   case RAST_BLEND_ONE_MINUS_SRC1_ALPHA:
      p = v->src1[3], one_minus = f == RAST_BLEND_ONE_MINUS_SRC1_ALPHA;
      break;
   default: /* ZERO, and what factor() reads as 0 */
      for (unsigned l = 0; l < n; l++)
         out[l] = 0.0f;
      return;
   }
   if (one_minus) {
      for (unsigned l = 0; l < n; l++)
         out[l] = 1.0f - p[l];
   } else {
      for (unsigned l = 0; l < n; l++)
         out[l] = p[l];
   }
}

/* rast_pixel_color.c's blend_op(), over lanes. */
static void
blend_lanes(enum rast_blend_op op, unsigned n, const float *s, const float *sf,
            const float *d, const float *df, float *out)
{
   switch (op) {
   case RAST_BLEND_OP_SUBTRACT:
      for (unsigned l = 0; l < n; l++)
         out[l] = s[l] * sf[l] - d[l] * df[l];
      break;
   case RAST_BLEND_OP_REVERSE_SUBTRACT:
      for (unsigned l = 0; l < n; l++)
         out[l] = d[l] * df[l] - s[l] * sf[l];
      break;
   case RAST_BLEND_OP_MIN:
      for (unsigned l = 0; l < n; l++)
         out[l] = MIN2(s[l], d[l]);
      break;
   case RAST_BLEND_OP_MAX:
      for (unsigned l = 0; l < n; l++)
         out[l] = MAX2(s[l], d[l]);
      break;
   default:
      for (unsigned l = 0; l < n; l++)
         out[l] = s[l] * sf[l] + d[l] * df[l];
      break;
   }
}

/* Blends quads [q0, q1) of the batch (no two on the same pixel) into an
 * R8G8B8A8/B8G8R8A8_UNORM attachment. */
static void
blend_rgba8(const struct rast_ctx *c, const struct rast_worker *w, unsigned a,
            const uint8_t *mask, uint8_t *const *base, const float *const src[4],
            uint32_t wm, unsigned q0, unsigned q1)
{
   const struct rast_fs_batch *b = &w->batch;
   const struct rast_target *tg = &c->targets[a];
   const struct rast_blend_attachment *bl = &c->s->blend[a];
   const unsigned l0 = 4 * q0, n = 4 * q1;
   uint32_t any = 0;
   for (unsigned l = l0; l < n; l++)
      any |= mask[l];
   if (!any)
      return;
   /* 29.11: a UNORM attachment clamps source and constants to [0, 1]. */
   float csrc[4][W], csrc1[4][W], dst[4][W], sf[W], df[W], res[4][W];
   struct blend_in in = {.n = n - l0};
   for (unsigned k = 0; k < 4; k++) {
      const float *s1 = &b->out[(RAST_DUAL_SRC_SLOT * 4 + k) * W];
      for (unsigned l = l0; l < n; l++) {
         csrc[k][l] = clampf(src[k][l], 0.0f, 1.0f);
         csrc1[k][l] = clampf(s1[l], 0.0f, 1.0f);
      }
      in.src[k] = csrc[k] + l0;
      in.src1[k] = csrc1[k] + l0;
      in.dst[k] = dst[k] + l0;
      in.cst[k] = clampf(c->s->blend_constants[k], 0.0f, 1.0f);
   }
   const unsigned r_at = tg->rgba8_swap_rb ? 2 : 0, b_at = tg->rgba8_swap_rb ? 0 : 2;
   const float *res_ch[4] = {res[0] + l0, res[1] + l0, res[2] + l0, res[3] + l0};
   uint32_t old[W], px[W];
   u_foreach_bit(smp, any)
   {
      /* The destination at this sample, unpacked through the table. */
      for (unsigned l = l0; l < n; l++) {
         old[l] = 0;
         if ((mask[l] >> smp) & 1)
            memcpy(&old[l], base[l / 4] + tg->qa.off_B[l % 4][smp], 4);
      }
      for (unsigned l = l0; l < n; l++) {
         dst[0][l] = c->unorm8_to_float[(old[l] >> (8 * r_at)) & 0xff];
         dst[1][l] = c->unorm8_to_float[(old[l] >> 8) & 0xff];
         dst[2][l] = c->unorm8_to_float[(old[l] >> (8 * b_at)) & 0xff];
         dst[3][l] = c->unorm8_to_float[old[l] >> 24];
      }
      for (unsigned k = 0; k < 3; k++) {
         factor_lanes(bl->src_color, &in, k, sf + l0);
         factor_lanes(bl->dst_color, &in, k, df + l0);
         blend_lanes(bl->color_op, n - l0, csrc[k] + l0, sf + l0, dst[k] + l0, df + l0,
                     res[k] + l0);
      }
      factor_lanes(bl->src_alpha, &in, 3, sf + l0);
      factor_lanes(bl->dst_alpha, &in, 3, df + l0);
      blend_lanes(bl->alpha_op, n - l0, csrc[3] + l0, sf + l0, dst[3] + l0, df + l0,
                  res[3] + l0);
      rast_pack_rgba8(res_ch, tg->rgba8_swap_rb, n - l0, px + l0);
      for (unsigned l = l0; l < n; l++) {
         if ((mask[l] >> smp) & 1) {
            const uint32_t v = (px[l] & wm) | (old[l] & ~wm);
            memcpy(base[l / 4] + tg->qa.off_B[l % 4][smp], &v, 4);
         }
      }
   }
}

/* R8G8B8A8/B8G8R8A8_UNORM, no logic op. */
static void
write_rgba8(const struct rast_ctx *c, const struct rast_worker *w, unsigned a,
            const uint8_t *mask)
{
   const struct rast_fs_batch *b = &w->batch;
   const struct rast_target *tg = &c->targets[a];
   const struct rast_image *img = &c->fb->color[a];
   const unsigned n = 4 * b->quad_count;
   uint32_t wm = 0;
   for (unsigned i = 0; i < 4; i++)
      wm |= (uint32_t)tg->wm[i] << (8 * i);

   /* Each quad's origin, and the samples any lane writes. */
   uint8_t *base[RAST_QUADS];
   uint32_t any = 0;
   for (unsigned q = 0; q < b->quad_count; q++) {
      const uint32_t m =
         mask[4 * q] | mask[4 * q + 1] | mask[4 * q + 2] | mask[4 * q + 3];
      any |= m;
      base[q] =
         m ? rast_quad_base(img, &tg->qa, w->qx[q], w->qy[q], w->qprim[q]->layer) : NULL;
   }
   if (!any)
      return;

   /* The source: outputs of Location a; alpha to one on this float-class
    * attachment. */
   const float *src[4];
   float one[W];
   for (unsigned k = 0; k < 4; k++)
      src[k] = &b->out[(a * 4 + k) * W];
   if (c->s->alpha_to_one) {
      for (unsigned l = 0; l < n; l++)
         one[l] = 1.0f;
      src[3] = one;
   }

   if (!tg->blend) {
      uint32_t px[W];
      rast_pack_rgba8(src, tg->rgba8_swap_rb, n, px);
      for (unsigned q = 0; q < b->quad_count; q++) {
         if (!base[q])
            continue;
         for (unsigned l = 0; l < 4; l++) {
            const unsigned lane = 4 * q + l;
            u_foreach_bit(smp, mask[lane])
            {
               uint8_t *t = base[q] + tg->qa.off_B[l][smp];
               uint32_t v = px[lane];
               if (wm != UINT32_MAX) {
                  uint32_t old;
                  memcpy(&old, t, 4);
                  v = (v & wm) | (old & ~wm);
               }
               memcpy(t, &v, 4);
            }
         }
      }
      return;
   }

   /* Blending reads the destination: quads of one batch on the same pixel
    * (primitives sharing an edge) are blended in runs without repeats, so
    * each reads what the earlier one wrote. */
   unsigned q0 = 0;
   for (unsigned q = 1; q <= b->quad_count; q++) {
      bool cut = q == b->quad_count;
      for (unsigned r = q0; r < q && !cut; r++)
         cut = w->qx[r] == w->qx[q] && w->qy[r] == w->qy[q] &&
               w->qprim[r]->layer == w->qprim[q]->layer;
      if (cut) {
         blend_rgba8(c, w, a, mask, base, src, wm, q0, q);
         q0 = q;
      }
   }
}

void
rast_pixel_color_batch_prepare(struct rast_ctx *c)
{
   u_foreach_bit(a, c->target_mask)
   {
      struct rast_target *tg = &c->targets[a];
      tg->batch = write_lanes;
      if (c->d->no_fast_paths || !tg->rgba8_unorm || tg->logic ||
          !rast_quad_addr_init(&tg->qa, &c->fb->color[a]))
         continue;
      tg->batch = write_rgba8;
      c->d->fast_paths |= RAST_FAST_COLOR_RGBA8;
   }
}

void
rast_pixel_color_batch(const struct rast_ctx *c, const struct rast_worker *w,
                       const uint8_t *mask)
{
   u_foreach_bit(a, c->target_mask) c->targets[a].batch(c, w, a, mask);
}
