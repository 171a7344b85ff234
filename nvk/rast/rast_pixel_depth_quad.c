/* SPDX-License-Identifier: MIT */
/*
 * The depth test of a whole quad (early, or late for a shader that does
 * not write depth or stencil), for the common state: a depth
 * test (any compare op, write on or off) with no stencil test and no
 * depth bounds, on D16, X8_D24, D24S8, D32 or D32S8. Chosen once per draw
 * (rast_pixel_depth_quad_prepare); it computes what
 * rast_pixel_depth_stencil computes for that state (29.9 "Depth Test":
 * the fragment's depth quantized as the attachment stores it, compared
 * with the stored value, written where it passes) with the element's
 * layout and the quad's addresses decided once, and the op hoisted out
 * of the loop. pixel_fast_test compares the two on random input.
 */
#include "rast_priv.h"

/* llrint(t) for 0 <= t < 2^52 in the default rounding mode (nearest,
 * ties to even): adding 2^52 leaves no fraction bits. */
static inline uint64_t
rint_u64(double t)
{
   return (uint64_t)((t + 0x1p52) - 0x1p52);
}

/* Element loads and stores of a known size (a variable-size memcpy is a
 * libc call). */
static inline uint64_t
load_el(const uint8_t *t, uint32_t size_B)
{
   uint64_t el = 0;
   if (size_B == 4)
      memcpy(&el, t, 4);
   else if (size_B == 2)
      memcpy(&el, t, 2);
   else
      memcpy(&el, t, 8);
   return el;
}

static inline void
store_el(uint8_t *t, uint64_t el, uint32_t size_B)
{
   if (size_B == 4)
      memcpy(t, &el, 4);
   else if (size_B == 2)
      memcpy(t, &el, 2);
   else
      memcpy(t, &el, 8);
}

/* 29.9: the compare of the quantized fragment depth with the stored one,
 * as floats (SFLOAT; rast_pixel.c compares the same values widened to
 * double) or as integers (UNORM). */
static inline bool
compare_f(enum rast_compare_op op, float a, float b)
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

static inline bool
compare_u(enum rast_compare_op op, uint64_t a, uint64_t b)
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

/* SFLOAT depth is stored as its bits. */
static inline float
float_of(uint64_t b)
{
   const uint32_t u = (uint32_t)b;
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static inline uint64_t
bits_of(float z)
{
   uint32_t u;
   memcpy(&u, &z, 4);
   return u;
}

/* The quad's test; is_float is a constant in each caller below, so each
 * gets its own copy without the other kind's branches. */
static inline __attribute__((always_inline)) uint32_t
depth_quad(const struct rast_ctx *c, const struct rast_prim *p, int32_t qx, int32_t qy,
           uint32_t m[4], bool is_float)
{
   const struct rast_ds_layout *l = &c->ds;
   const enum rast_compare_op op = c->s->depth_compare_op;
   const bool write = c->s->depth_write_enable;
   const uint64_t field = (1ull << l->depth_bits) - 1; /* depth_bits <= 32 */
   const uint64_t dmask = field << l->depth_shift;
   const double max = (double)field;
   uint8_t *base = rast_quad_base(&c->fb->depth_stencil, &c->ds_qa, qx, qy, p->layer);
   uint32_t passed = 0;
   for (unsigned ln = 0; ln < 4; ln++) {
      const int32_t px = qx + (int32_t)(ln & 1), py = qy + (int32_t)(ln >> 1);
      uint32_t out = 0;
      u_foreach_bit(smp, m[ln])
      {
         uint8_t *t = base + c->ds_qa.off_B[ln][smp];
         const uint64_t el = load_el(t, l->el_size_B);
         const uint64_t stored = (el >> l->depth_shift) & field;
         const float z = rast_sample_z(c, p, px, py, smp);
         uint64_t bits;
         bool pass;
         if (is_float) {
            bits = bits_of(z);
            pass = compare_f(op, z, float_of(stored));
         } else {
            bits = rint_u64((double)z * max);
            pass = compare_u(op, bits, stored);
         }
         if (!pass)
            continue;
         out |= 1u << smp;
         if (write) {
            const uint64_t nel = (el & ~dmask) | (bits << l->depth_shift);
            if (nel != el)
               store_el(t, nel, l->el_size_B);
         }
      }
      m[ln] = out;
      passed += rast_popcount8(out);
   }
   return passed;
}

static uint32_t
depth_quad_float(const struct rast_ctx *c, const struct rast_prim *p, int32_t qx,
                 int32_t qy, uint32_t m[4])
{
   return depth_quad(c, p, qx, qy, m, true);
}

static uint32_t
depth_quad_unorm(const struct rast_ctx *c, const struct rast_prim *p, int32_t qx,
                 int32_t qy, uint32_t m[4])
{
   return depth_quad(c, p, qx, qy, m, false);
}

void
rast_pixel_depth_quad_prepare(struct rast_ctx *c)
{
   const struct rast_state *s = c->s;
   const struct rast_ds_layout *l = &c->ds;
   c->depth_quad = NULL;
   /* Late tests too, unless the shader gives the depth or stencil ref. */
   if (c->d->no_fast_paths || !c->ds_work || !l->has_depth || !s->depth_test_enable ||
       (!c->early_tests && (s->fs.writes_depth || s->fs.writes_stencil)) ||
       s->depth_bounds_enable || (l->has_stencil && s->stencil_test_enable) ||
       (l->el_size_B != 2 && l->el_size_B != 4 && l->el_size_B != 8) ||
       (l->depth_float && l->depth_bits != 32) ||
       (!l->depth_float && l->depth_bits > 32) ||
       !rast_quad_addr_init(&c->ds_qa, &c->fb->depth_stencil))
      return;
   c->depth_quad = l->depth_float ? depth_quad_float : depth_quad_unorm;
}
