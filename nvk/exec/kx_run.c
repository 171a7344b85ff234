/* SPDX-License-Identifier: MIT */
/*
 * The interpreter loop and its handlers. Compiled once per ISA variant
 * (KX_VARIANT = base, avx2): the ALU kernels are plain loops over KX_W
 * lanes that the compiler vectorizes for the variant's vector width.
 *
 * Each handler takes the strip and its instruction and returns the next
 * instruction (NULL: the strip is done or stopped at a barrier).
 */
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "kx_image.h"
#include "kx_mem.h"
#include "kx_program.h"
#include "util/half_float.h"
#include "util/os.h"
#include "nir/nir.h"
#include "nir/nir_fold_helpers.h"

#define KX_CAT2(a, b) a##_##b
#define KX_CAT(a, b) KX_CAT2(a, b)
#define KX_FN(name) KX_CAT(name, KX_VARIANT)

#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wtype-limits"
#pragma GCC diagnostic ignored "-Wbool-operation"
#pragma GCC diagnostic ignored "-Wint-in-bool-context"
#pragma GCC diagnostic ignored "-Wunused-variable"

static inline uint16_t
kx_float_to_half(float f, uint32_t float_controls)
{
   if (float_controls & NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP16)
      return util_float_to_half_rtz(f);
   return util_float_to_half(f);
}

#include "kx_alu_kernels.h"

/* --- control flow ------------------------------------------------------------------ */

/* The lanes where a boolean register is true. */
static inline kx_mask
kx_bool_mask(const uint32_t *b)
{
#if defined(__SSE2__)
   /* Bit 0 of each lane to the sign bit, four lanes per movemask. */
   kx_mask m = 0;
   for (unsigned l = 0; l < KX_W; l += 4) {
      const __m128i v = _mm_slli_epi32(_mm_loadu_si128((const __m128i *)(b + l)), 31);
      m |= (kx_mask)_mm_movemask_ps(_mm_castsi128_ps(v)) << l;
   }
   return m;
#else
   kx_mask m = 0;
   for (unsigned l = 0; l < KX_W; l++)
      m |= (kx_mask)(b[l] & 1u) << l;
   return m;
#endif
}

static inline kx_mask
kx_left_loop(const struct kx_ctx *ctx)
{
   if (ctx->loop_frame < 0)
      return 0;
   const struct kx_frame *f = &ctx->stack[ctx->loop_frame];
   return f->a | f->b;
}

/* Stack misuse only happens with a damaged program (deserialized from a
 * bad cache): stop the strip instead of writing past the stack. */
static const struct kx_instr *
kx_bad_stack(struct kx_ctx *ctx)
{
   kx_thread_fault(ctx->thread, "kx: malformed program (mask stack)");
   return NULL;
}

static const struct kx_instr *
kx_op_if(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->sp > ctx->thread->prog->max_depth))
      return kx_bad_stack(ctx);
   const kx_mask c = kx_bool_mask(KX_REG(ctx, ip->src[0])) & ctx->exec;
   struct kx_frame *f = &ctx->stack[ctx->sp++];
   f->a = ctx->exec;
   f->b = ctx->exec & ~c;
   f->is_loop = 0;
   ctx->exec = c;
   if (c == 0)
      return ctx->thread->prog->instrs + ip->imm[0];
   return ip + 1;
}

static const struct kx_instr *
kx_op_else(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->sp == 0))
      return kx_bad_stack(ctx);
   ctx->exec = ctx->stack[ctx->sp - 1].b & ~ctx->dead;
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[0];
   return ip + 1;
}

static const struct kx_instr *
kx_op_endif(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->sp == 0 || ctx->stack[ctx->sp - 1].is_loop))
      return kx_bad_stack(ctx);
   ctx->sp--;
   ctx->exec = ctx->stack[ctx->sp].a & ~kx_left_loop(ctx) & ~ctx->dead;
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[1];
   return ip + 1;
}

static const struct kx_instr *
kx_op_loop(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[0];
   if (unlikely(ctx->sp > ctx->thread->prog->max_depth))
      return kx_bad_stack(ctx);
   struct kx_frame *f = &ctx->stack[ctx->sp];
   f->a = f->b = 0;
   f->is_loop = 1;
   f->parent_loop = ctx->loop_frame;
   ctx->loop_frame = (int32_t)ctx->sp++;
   return ip + 1;
}

static const struct kx_instr *
kx_op_break(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->loop_frame < 0))
      return kx_bad_stack(ctx);
   ctx->stack[ctx->loop_frame].a |= ctx->exec;
   ctx->exec = 0;
   return ctx->thread->prog->instrs + ip->imm[1];
}

static const struct kx_instr *
kx_op_continue(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->loop_frame < 0))
      return kx_bad_stack(ctx);
   ctx->stack[ctx->loop_frame].b |= ctx->exec;
   ctx->exec = 0;
   return ctx->thread->prog->instrs + ip->imm[1];
}

static const struct kx_instr *
kx_op_break_if(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->loop_frame < 0))
      return kx_bad_stack(ctx);
   const kx_mask c =
      (kx_bool_mask(KX_REG(ctx, ip->src[0])) ^ (ip->imm[0] ? KX_FULL_MASK : 0)) & ctx->exec;
   ctx->stack[ctx->loop_frame].a |= c;
   ctx->exec &= ~c;
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[1];
   return ip + 1;
}

static const struct kx_instr *
kx_op_continue_if(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->loop_frame < 0))
      return kx_bad_stack(ctx);
   const kx_mask c =
      (kx_bool_mask(KX_REG(ctx, ip->src[0])) ^ (ip->imm[0] ? KX_FULL_MASK : 0)) & ctx->exec;
   ctx->stack[ctx->loop_frame].b |= c;
   ctx->exec &= ~c;
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[1];
   return ip + 1;
}

static const struct kx_instr *
kx_op_continue_merge(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->loop_frame < 0))
      return kx_bad_stack(ctx);
   struct kx_frame *f = &ctx->stack[ctx->loop_frame];
   ctx->exec |= f->b;
   f->b = 0;
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[1];
   return ip + 1;
}

static const struct kx_instr *
kx_op_loop_end(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   if (unlikely(ctx->loop_frame < 0))
      return kx_bad_stack(ctx);
   struct kx_frame *f = &ctx->stack[ctx->loop_frame];
   ctx->exec |= f->b;
   f->b = 0;
   if (ctx->exec != 0) {
      if (unlikely((++ctx->back_edges & 0xfff) == 0) && ctx->thread->d->deadline_ns &&
          util_time_ns() > ctx->thread->d->deadline_ns) {
         kx_thread_fault(ctx->thread, "shader timeout: a loop ran past the watchdog");
         return NULL;
      }
      return ctx->thread->prog->instrs + ip->imm[0];
   }
   ctx->exec = f->a;
   ctx->loop_frame = f->parent_loop;
   ctx->sp = (uint32_t)(f - ctx->stack);
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[1];
   return ip + 1;
}

static const struct kx_instr *
kx_op_end(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   ctx->done = true;
   return NULL;
}

static const struct kx_instr *
kx_op_barrier(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   ctx->resume = ip + 1;
   return NULL;
}

static const struct kx_instr *
kx_op_fence(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   __atomic_thread_fence(__ATOMIC_SEQ_CST);
   return ip + 1;
}

/* --- moves ------------------------------------------------------------------------ */

static const struct kx_instr *
kx_op_copy32(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *restrict d = KX_REG(ctx, ip->dst);
   const uint32_t *restrict s = KX_REG(ctx, ip->src[0]);
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = s[l];
   return ip + 1;
}

static const struct kx_instr *
kx_op_copy64(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint64_t *restrict d = KX_REG(ctx, ip->dst);
   const uint64_t *restrict s = KX_REG(ctx, ip->src[0]);
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = s[l];
   return ip + 1;
}

static const struct kx_instr *
kx_op_mcopy32(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *restrict d = KX_REG(ctx, ip->dst);
   const uint32_t *restrict s = KX_REG(ctx, ip->src[0]);
   const kx_mask m = ctx->exec;
   if (m == KX_FULL_MASK) {
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = s[l];
   } else {
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = ((m >> l) & 1) ? s[l] : d[l];
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_mcopy64(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint64_t *restrict d = KX_REG(ctx, ip->dst);
   const uint64_t *restrict s = KX_REG(ctx, ip->src[0]);
   const kx_mask m = ctx->exec;
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = ((m >> l) & 1) ? s[l] : d[l];
   return ip + 1;
}

/* --- system values ---------------------------------------------------------------- */

/* Lane l is invocation first_invocation + l (kx_program.h): the ids
 * advance lane by lane without divisions. */
static void
kx_sysval_lanes(struct kx_ctx *ctx, unsigned sv, uint32_t *d)
{
   const struct kx_dispatch *disp = ctx->thread->d;
   const uint16_t *size = ctx->thread->prog->info.workgroup_size;
   const uint32_t wg_size = (uint32_t)size[0] * size[1] * size[2];
   uint64_t wg = ctx->first_invocation / wg_size;
   uint32_t idx = (uint32_t)(ctx->first_invocation % wg_size);
   uint32_t lid[3] = {idx % size[0], (idx / size[0]) % size[1], idx / (size[0] * size[1])};
   uint32_t wid[3];
   kx_workgroup_coords(disp, wg, wid);
   for (unsigned l = 0; l < KX_W; l++) {
      switch (sv) {
      case KX_SV_LOCAL_ID_X:
      case KX_SV_LOCAL_ID_Y:
      case KX_SV_LOCAL_ID_Z:
         d[l] = lid[sv - KX_SV_LOCAL_ID_X];
         break;
      case KX_SV_LOCAL_INDEX:
         d[l] = idx;
         break;
      case KX_SV_WORKGROUP_ID_X:
      case KX_SV_WORKGROUP_ID_Y:
      case KX_SV_WORKGROUP_ID_Z:
         d[l] = wid[sv - KX_SV_WORKGROUP_ID_X];
         break;
      default: {
         const unsigned c = sv - KX_SV_GLOBAL_ID_X;
         d[l] = wid[c] * size[c] + lid[c];
         break;
      }
      }
      if (++idx == wg_size) {
         idx = 0;
         lid[0] = lid[1] = lid[2] = 0;
         kx_workgroup_coords(disp, ++wg, wid);
      } else if (++lid[0] == size[0]) {
         lid[0] = 0;
         if (++lid[1] == size[1]) {
            lid[1] = 0;
            lid[2]++;
         }
      }
   }
}

/* Vertex and fragment system values, from the strip (absent: zero). */
static void
kx_sysval_strip(struct kx_ctx *ctx, unsigned sv, uint32_t *d)
{
   const struct kx_strip *s = ctx->strip;
   const uint32_t *from = NULL;
   uint32_t value = 0;
   if (s) {
      switch (sv) {
      case KX_SV_VERTEX_INDEX:
         from = s->vertex_index;
         break;
      case KX_SV_INSTANCE_ID:
         if (s->instance_index) {
            for (unsigned l = 0; l < KX_W; l++)
               d[l] = s->instance_index[l] - s->base_instance;
            return;
         }
         break;
      case KX_SV_BASE_VERTEX:
         value = s->base_vertex;
         break;
      case KX_SV_BASE_INSTANCE:
         value = s->base_instance;
         break;
      case KX_SV_DRAW_INDEX:
         value = s->draw_index;
         break;
      case KX_SV_VIEW_INDEX:
         value = s->view_index;
         break;
      case KX_SV_FRAG_COORD_X:
      case KX_SV_FRAG_COORD_Y:
      case KX_SV_FRAG_COORD_Z:
      case KX_SV_FRAG_COORD_W:
         if (s->frag_coord)
            from = (const uint32_t *)(s->frag_coord + (sv - KX_SV_FRAG_COORD_X) * KX_W);
         break;
      case KX_SV_POINT_COORD_X:
      case KX_SV_POINT_COORD_Y:
         if (s->point_coord)
            from = (const uint32_t *)(s->point_coord + (sv - KX_SV_POINT_COORD_X) * KX_W);
         break;
      case KX_SV_SAMPLE_POS_X:
      case KX_SV_SAMPLE_POS_Y:
         if (s->frag_coord) {
            const float *c = s->frag_coord + (sv - KX_SV_SAMPLE_POS_X) * KX_W;
            float *f = (float *)d;
            for (unsigned l = 0; l < KX_W; l++)
               f[l] = c[l] - floorf(c[l]);
            return;
         }
         break;
      case KX_SV_FRONT_FACING:
         if (s->front_facing) {
            for (unsigned l = 0; l < KX_W; l++)
               d[l] = s->front_facing[l] != 0;
            return;
         }
         break;
      case KX_SV_SAMPLE_ID:
         from = s->sample_id;
         break;
      case KX_SV_SAMPLE_MASK_IN:
         from = s->sample_mask_in;
         break;
      case KX_SV_PRIMITIVE_ID:
         from = s->primitive_id;
         break;
      default:
         break;
      }
   }
   if (sv == KX_SV_HELPER_INVOCATION) {
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = (uint32_t)(ctx->helper >> l) & 1;
      return;
   }
   if (from) {
      memcpy(d, from, KX_SLOT_B);
      return;
   }
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = value;
}

static const struct kx_instr *
kx_op_sysval(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   const struct kx_dispatch *disp = ctx->thread->d;
   const unsigned sv = ip->imm[0];
   switch (sv) {
   case KX_SV_GLOBAL_ID_X: {
      /* A 1D dispatch of 1D workgroups: the x id is the invocation number
       * (plus the base). */
      const uint16_t *size = ctx->thread->prog->info.workgroup_size;
      if (size[1] == 1 && size[2] == 1 && disp->count[1] == 1 && disp->count[2] == 1) {
         const uint32_t first =
            (uint32_t)(disp->base[0] * size[0] + ctx->first_invocation);
         for (unsigned l = 0; l < KX_W; l++)
            d[l] = first + l;
         break;
      }
      kx_sysval_lanes(ctx, sv, d);
      break;
   }
   case KX_SV_LOCAL_ID_X:
   case KX_SV_LOCAL_ID_Y:
   case KX_SV_LOCAL_ID_Z:
   case KX_SV_LOCAL_INDEX:
   case KX_SV_WORKGROUP_ID_X:
   case KX_SV_WORKGROUP_ID_Y:
   case KX_SV_WORKGROUP_ID_Z:
   case KX_SV_GLOBAL_ID_Y:
   case KX_SV_GLOBAL_ID_Z:
      kx_sysval_lanes(ctx, sv, d);
      break;
   case KX_SV_NUM_WORKGROUPS_X:
   case KX_SV_NUM_WORKGROUPS_Y:
   case KX_SV_NUM_WORKGROUPS_Z:
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = disp->count[sv - KX_SV_NUM_WORKGROUPS_X];
      break;
   case KX_SV_SUBGROUP_INVOCATION:
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = l;
      break;
   case KX_SV_SUBGROUP_ID:
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = ctx->subgroup_id;
      break;
   case KX_SV_VERTEX_INDEX ... KX_SV_VIEW_INDEX:
      kx_sysval_strip(ctx, sv, d);
      break;
   default: {
      /* Subgroup masks: the W-bit mask of lane l, as 32-bit word imm[1]
       * of a uvec4, or as one 64-bit value. */
      for (unsigned l = 0; l < KX_W; l++) {
         uint64_t m;
         const uint64_t bit = 1ull << l;
         switch (sv) {
         case KX_SV_SUBGROUP_EQ_MASK:
            m = bit;
            break;
         case KX_SV_SUBGROUP_GE_MASK:
            m = ~(bit - 1);
            break;
         case KX_SV_SUBGROUP_GT_MASK:
            m = ~(bit - 1) & ~bit;
            break;
         case KX_SV_SUBGROUP_LE_MASK:
            m = (bit - 1) | bit;
            break;
         default:
            m = bit - 1;
            break;
         }
#if KX_W < 64
         m &= (1ull << KX_W) - 1;
#endif
         if (ip->bits == 64) {
            ((uint64_t *)d)[l] = m;
         } else {
            const unsigned w = ip->imm[1];
            d[l] = w < 2 ? (uint32_t)(m >> (32 * w)) : 0;
         }
      }
      break;
   }
   }
   return ip + 1;
}

/* --- memory -------------------------------------------------------------------- */

typedef uint32_t kx_u32_unaligned __attribute__((aligned(1), may_alias));

static inline uint64_t
kx_read_bits(const uint8_t *p, unsigned bits)
{
   switch (bits) {
   case 8:
      return *p;
   case 16: {
      uint16_t v;
      memcpy(&v, p, 2);
      return v;
   }
   case 32: {
      uint32_t v;
      memcpy(&v, p, 4);
      return v;
   }
   default: {
      uint64_t v;
      memcpy(&v, p, 8);
      return v;
   }
   }
}

static inline void
kx_write_bits(uint8_t *p, unsigned bits, uint64_t v)
{
   switch (bits) {
   case 8:
      *p = (uint8_t)v;
      break;
   case 16: {
      const uint16_t x = (uint16_t)v;
      memcpy(p, &x, 2);
      break;
   }
   case 32: {
      const uint32_t x = (uint32_t)v;
      memcpy(p, &x, 4);
      break;
   }
   default:
      memcpy(p, &v, 8);
      break;
   }
}

static inline void
kx_reg_write(struct kx_ctx *ctx, uint32_t offset_B, unsigned bits, unsigned l, uint64_t v)
{
   if (bits == 64)
      ((uint64_t *)KX_REG(ctx, offset_B))[l] = v;
   else
      ((uint32_t *)KX_REG(ctx, offset_B))[l] = (uint32_t)v;
}

static inline uint64_t
kx_reg_read(struct kx_ctx *ctx, uint32_t offset_B, unsigned bits, unsigned l)
{
   if (bits == 64)
      return ((const uint64_t *)KX_REG(ctx, offset_B))[l];
   const uint32_t v = ((const uint32_t *)KX_REG(ctx, offset_B))[l];
   return bits == 32 ? v : v & (uint32_t)((1ull << bits) - 1);
}

static const struct kx_instr *
kx_op_load_cbuf(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const struct kx_cbuf *cb = &ctx->thread->d->cbufs[ip->imm[0]];
   const uint32_t *dsts = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint8_t *base = cb->data;

   /* The usual case: every lane reads the same place. */
   bool uniform = true;
   for (unsigned l = 1; l < KX_W; l++)
      uniform &= off[l] == off[0];
   if (uniform) {
      for (unsigned c = 0; c < n; c++) {
         const uint64_t o = (uint64_t)off[0] + c * el_B;
         const uint64_t v = base && o + el_B <= cb->size_B ? kx_read_bits(base + o, bits) : 0;
         if (bits == 64) {
            uint64_t *d = KX_REG(ctx, dsts[c]);
            for (unsigned l = 0; l < KX_W; l++)
               d[l] = v;
         } else {
            uint32_t *d = KX_REG(ctx, dsts[c]);
            for (unsigned l = 0; l < KX_W; l++)
               d[l] = (uint32_t)v;
         }
      }
      return ip + 1;
   }
   for (unsigned l = 0; l < KX_W; l++) {
      for (unsigned c = 0; c < n; c++) {
         const uint64_t o = (uint64_t)off[l] + c * el_B;
         const uint64_t v = base && o + el_B <= cb->size_B ? kx_read_bits(base + o, bits) : 0;
         kx_reg_write(ctx, dsts[c], bits, l, v);
      }
   }
   return ip + 1;
}

/* Lane l's address is addr[0] + l * stride for every lane. */
static inline bool
kx_addresses_contiguous(const uint64_t *addr, uint64_t stride)
{
   uint64_t bad = 0;
   for (unsigned l = 0; l < KX_W; l++)
      bad |= addr[l] ^ (addr[0] + l * stride);
   return bad == 0;
}

/* Lowest and highest address of the active lanes (lo > hi if none). */
static inline void
kx_address_range(const uint64_t *addr, kx_mask exec, uint64_t *lo_out, uint64_t *hi_out)
{
   uint64_t lo = UINT64_MAX, hi = 0;
   if (exec == KX_FULL_MASK) {
      /* Branch-free over every lane: vectorizes. */
      for (unsigned l = 0; l < KX_W; l++) {
         lo = addr[l] < lo ? addr[l] : lo;
         hi = addr[l] > hi ? addr[l] : hi;
      }
   } else {
      kx_foreach_lane(l, exec) {
         lo = addr[l] < lo ? addr[l] : lo;
         hi = addr[l] > hi ? addr[l] : hi;
      }
   }
   *lo_out = lo;
   *hi_out = hi;
}

static const struct kx_instr *
kx_op_load_global(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *dsts = ctx->aux + ip->imm[2];
   const uint64_t *addr = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint32_t size_B = n * el_B;
   const kx_mask exec = ctx->exec;
   struct kx_thread *t = ctx->thread;

   /* Fast path: every active lane inside the cached translation. */
   uint64_t lo, hi;
   kx_address_range(addr, exec, &lo, &hi);
   const uint8_t *base = lo <= hi ? kx_mem_try_map(t, lo, hi - lo + size_B) : NULL;
   if (base) {
      const uint8_t *host = base - lo;
      /* The common case of buffer[invocation]: lane l at lo + l * size. */
      if (bits == 32 && exec == KX_FULL_MASK && kx_addresses_contiguous(addr, size_B)) {
         const uint32_t *src = (const uint32_t *)base;
         if (n == 1) {
            memcpy(KX_REG(ctx, dsts[0]), src, KX_SLOT_B);
            return ip + 1;
         }
         for (unsigned c = 0; c < n; c++) {
            uint32_t *restrict d = KX_REG(ctx, dsts[c]);
            for (unsigned l = 0; l < KX_W; l++)
               memcpy(&d[l], &src[l * n + c], 4);
         }
         return ip + 1;
      }
      if (bits == 32 && exec == KX_FULL_MASK) {
         for (unsigned c = 0; c < n; c++) {
            uint32_t *d = KX_REG(ctx, dsts[c]);
            for (unsigned l = 0; l < KX_W; l++)
               memcpy(&d[l], host + addr[l] + 4 * c, 4);
         }
         return ip + 1;
      }
      for (unsigned l = 0; l < KX_W; l++) {
         if (!((exec >> l) & 1))
            continue;
         for (unsigned c = 0; c < n; c++)
            kx_reg_write(ctx, dsts[c], bits, l,
                         kx_read_bits(host + addr[l] + c * el_B, bits));
      }
      return ip + 1;
   }

   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      const uint8_t *p = kx_mem_read(t, addr[l], size_B);
      if (!p)
         return NULL;
      for (unsigned c = 0; c < n; c++)
         kx_reg_write(ctx, dsts[c], bits, l, kx_read_bits(p + c * el_B, bits));
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_store_global(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *srcs = ctx->aux + ip->imm[2];
   const uint64_t *addr = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint32_t wmask = ip->imm[1];
   const uint32_t size_B = n * el_B;
   const kx_mask exec = kx_store_mask(ctx);
   struct kx_thread *t = ctx->thread;

   uint64_t lo, hi;
   kx_address_range(addr, exec, &lo, &hi);
   uint8_t *base = lo <= hi ? kx_mem_try_map(t, lo, hi - lo + size_B) : NULL;
   const bool fast = base != NULL;
   uint8_t *host = fast ? base - lo : NULL;
   if (fast && bits == 32 && exec == KX_FULL_MASK && wmask == BITFIELD_MASK(n) &&
       kx_addresses_contiguous(addr, size_B)) {
      uint32_t *dst = (uint32_t *)base;
      if (n == 1) {
         memcpy(dst, KX_REG(ctx, srcs[0]), KX_SLOT_B);
         return ip + 1;
      }
      for (unsigned c = 0; c < n; c++) {
         const uint32_t *restrict v = KX_REG(ctx, srcs[c]);
         for (unsigned l = 0; l < KX_W; l++)
            memcpy(&dst[l * n + c], &v[l], 4);
      }
      return ip + 1;
   }
   /* Lanes in order: when two write the same address the highest lane
    * wins, like a GPU's in-order lanes. */
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      uint8_t *p = fast ? host + addr[l] : kx_mem_write(t, addr[l], size_B);
      if (!p)
         return NULL;
      for (unsigned c = 0; c < n; c++) {
         if (wmask & (1u << c))
            kx_write_bits(p + c * el_B, bits, kx_reg_read(ctx, srcs[c], bits, l));
      }
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_global_atomic(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint64_t *addr = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits;
   struct kx_thread *t = ctx->thread;
   const kx_mask exec = kx_store_mask(ctx);
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      uint8_t *p = kx_mem_write(t, addr[l], bits / 8);
      if (!p)
         return NULL;
      const uint64_t data = kx_reg_read(ctx, ip->src[1], bits, l);
      const uint64_t data2 = ip->n == 2 ? kx_reg_read(ctx, ip->src[2], bits, l) : 0;
      kx_reg_write(ctx, ip->dst, bits, l, kx_atomic(p, bits, ip->imm[0], data, data2));
   }
   return ip + 1;
}

/* Shared memory: offsets are checked against the workgroup's size (an
 * out-of-range access reads zero and writes nothing). */
static const struct kx_instr *
kx_op_load_shared(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *dsts = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint64_t size_B = ctx->thread->shared_size_B;
   const kx_mask exec = ctx->exec;
   if (bits == 32 && ctx->shared_uniform) {
      /* One workgroup per strip: one base; every lane may read (the bound
       * check keeps it inside), so this is a plain gather. */
      const uint8_t *base = ctx->shared[0] + ip->imm[1];
      const uint64_t limit = size_B - ip->imm[1];
      if ((uint64_t)ip->imm[1] + 4 * n > size_B) {
         for (unsigned c = 0; c < n; c++)
            memset(KX_REG(ctx, dsts[c]), 0, KX_SLOT_B);
         return ip + 1;
      }
#if defined(__AVX2__)
      {
         /* AVX2, per 8 lanes: consecutive offsets are one vector load, one
          * offset for all is a broadcast (tiles in shared memory are read
          * by rows and columns like that), anything else a masked gather. */
         const uint32_t lim32 = (uint32_t)(limit - 4 * n);
         const __m256i lim = _mm256_set1_epi32((int)lim32);
         const __m256i seq = _mm256_setr_epi32(0, 4, 8, 12, 16, 20, 24, 28);
         for (unsigned l = 0; l < KX_W; l += 8) {
            const __m256i o = _mm256_loadu_si256((const __m256i *)(off + l));
            const uint32_t o0 = off[l];
            const __m256i first = _mm256_set1_epi32((int)o0);
            if (n == 1 && (uint64_t)o0 + 28 <= lim32 &&
                _mm256_movemask_epi8(_mm256_cmpeq_epi32(o, _mm256_add_epi32(first, seq))) == -1) {
               uint32_t *restrict d = KX_REG(ctx, dsts[0]);
               _mm256_storeu_si256((__m256i *)(d + l),
                                   _mm256_loadu_si256((const __m256i *)(base + o0)));
               continue;
            }
            if (o0 <= lim32 && _mm256_movemask_epi8(_mm256_cmpeq_epi32(o, first)) == -1) {
               for (unsigned c = 0; c < n; c++) {
                  uint32_t *restrict d = KX_REG(ctx, dsts[c]);
                  uint32_t v;
                  memcpy(&v, base + o0 + 4 * c, 4);
                  _mm256_storeu_si256((__m256i *)(d + l), _mm256_set1_epi32((int)v));
               }
               continue;
            }
            const __m256i ok = _mm256_cmpeq_epi32(_mm256_min_epu32(o, lim), o);
            for (unsigned c = 0; c < n; c++) {
               uint32_t *restrict d = KX_REG(ctx, dsts[c]);
               const __m256i add = _mm256_set1_epi32((int)(4 * c));
               const __m256i v = _mm256_mask_i32gather_epi32(
                  _mm256_setzero_si256(), (const int *)base, _mm256_add_epi32(o, add), ok, 1);
               _mm256_storeu_si256((__m256i *)(d + l), v);
            }
         }
         return ip + 1;
      }
#endif
      for (unsigned c = 0; c < n; c++) {
         uint32_t *restrict d = KX_REG(ctx, dsts[c]);
         const uint32_t last = (uint32_t)(limit - 4 * n) + 4 * c;
         for (unsigned l = 0; l < KX_W; l++) {
            /* Branch-free: an out-of-range lane reads a clamped (valid)
             * address and gets zero. */
            const uint32_t o = off[l] + 4 * c;
            const bool ok = off[l] <= (uint32_t)(limit - 4 * n);
            const uint32_t v = *(const kx_u32_unaligned *)(base + (ok ? o : last));
            d[l] = ok ? v : 0;
         }
      }
      return ip + 1;
   }
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      const uint64_t o = (uint64_t)off[l] + ip->imm[1];
      const bool ok = o + (uint64_t)n * el_B <= size_B;
      for (unsigned c = 0; c < n; c++)
         kx_reg_write(ctx, dsts[c], bits, l,
                      ok ? kx_read_bits(ctx->shared[l] + o + c * el_B, bits) : 0);
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_store_shared(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *srcs = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint64_t size_B = ctx->thread->shared_size_B;
   const kx_mask exec = ctx->exec;
   if (bits == 32 && n == 1 && ctx->shared_uniform && (ip->imm[1] & 1)) {
      /* One workgroup per strip and a scalar store: one base, no write
       * mask. Lanes past the end write nothing. */
      if ((uint64_t)ip->imm[0] + 4 > size_B)
         return ip + 1;
      const uint32_t last = (uint32_t)(size_B - ip->imm[0] - 4);
      uint8_t *base = ctx->shared[0] + ip->imm[0];
      const uint32_t *v = KX_REG(ctx, srcs[0]);
      kx_foreach_lane(l, exec) {
         if (off[l] <= last)
            memcpy(base + off[l], &v[l], 4);
      }
      return ip + 1;
   }
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      const uint64_t o = (uint64_t)off[l] + ip->imm[0];
      if (o + (uint64_t)n * el_B > size_B)
         continue;
      for (unsigned c = 0; c < n; c++) {
         if (ip->imm[1] & (1u << c))
            kx_write_bits(ctx->shared[l] + o + c * el_B, bits,
                          kx_reg_read(ctx, srcs[c], bits, l));
      }
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_shared_atomic(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits;
   const uint64_t size_B = ctx->thread->shared_size_B;
   const kx_mask exec = ctx->exec;
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      const uint64_t o = (uint64_t)off[l] + ip->imm[1];
      uint8_t *p = o + bits / 8 <= size_B ? ctx->shared[l] + o : ctx->thread->sink;
      const uint64_t data = kx_reg_read(ctx, ip->src[1], bits, l);
      const uint64_t data2 = ip->n == 2 ? kx_reg_read(ctx, ip->src[2], bits, l) : 0;
      kx_reg_write(ctx, ip->dst, bits, l, kx_atomic(p, bits, ip->imm[0], data, data2));
   }
   return ip + 1;
}

/* Scratch: each lane has scratch_size_B bytes of its own. */
static const struct kx_instr *
kx_op_load_scratch(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *dsts = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint64_t size_B = ctx->thread->scratch_size_B;
   for (unsigned l = 0; l < KX_W; l++) {
      const uint64_t o = off[l];
      const bool ok = o + (uint64_t)n * el_B <= size_B;
      const uint8_t *base = ctx->scratch + l * size_B;
      for (unsigned c = 0; c < n; c++)
         kx_reg_write(ctx, dsts[c], bits, l, ok ? kx_read_bits(base + o + c * el_B, bits) : 0);
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_store_scratch(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *srcs = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   const unsigned bits = ip->bits, el_B = bits / 8, n = ip->n;
   const uint64_t size_B = ctx->thread->scratch_size_B;
   const kx_mask exec = ctx->exec;
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((exec >> l) & 1))
         continue;
      const uint64_t o = off[l];
      if (o + (uint64_t)n * el_B > size_B)
         continue;
      uint8_t *base = ctx->scratch + l * size_B;
      for (unsigned c = 0; c < n; c++) {
         if (ip->imm[1] & (1u << c))
            kx_write_bits(base + o + c * el_B, bits, kx_reg_read(ctx, srcs[c], bits, l));
      }
   }
   return ip + 1;
}

/* --- subgroups ------------------------------------------------------------------------ */

static inline unsigned
kx_first_lane(const struct kx_ctx *ctx)
{
   return ctx->exec ? kx_ctz(ctx->exec) : 0;
}

static const struct kx_instr *
kx_op_elect(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   const unsigned first = kx_first_lane(ctx);
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = l == first;
   return ip + 1;
}

static const struct kx_instr *
kx_op_ballot(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint64_t m = (uint64_t)(kx_bool_mask(KX_REG(ctx, ip->src[0])) & ctx->exec);
   if (ip->bits == 64) {
      uint64_t *d = KX_REG(ctx, ip->dst);
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = m;
   } else {
      const unsigned w = ip->imm[1];
      const uint32_t v = w < 2 ? (uint32_t)(m >> (32 * w)) : 0;
      uint32_t *d = KX_REG(ctx, ip->dst);
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = v;
   }
   return ip + 1;
}

static inline uint64_t
kx_ballot_value(struct kx_ctx *ctx, const struct kx_instr *ip, unsigned l)
{
   if (ip->bits == 64)
      return kx_reg_read(ctx, ip->src[0], 64, l);
   uint64_t v = kx_reg_read(ctx, ip->src[0], 32, l);
#if KX_W > 32
   v |= kx_reg_read(ctx, ip->src[2], 32, l) << 32;
#endif
   return v;
}

static const struct kx_instr *
kx_op_inverse_ballot(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = (kx_ballot_value(ctx, ip, l) >> l) & 1;
   return ip + 1;
}

static const struct kx_instr *
kx_op_ballot_bitfield_extract(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   const uint32_t *idx = KX_REG(ctx, ip->src[1]);
   const unsigned limit = ip->bits == 64 ? 64 : 32;
   for (unsigned l = 0; l < KX_W; l++)
      d[l] = idx[l] < limit ? (kx_ballot_value(ctx, ip, l) >> idx[l]) & 1 : 0;
   return ip + 1;
}

static const struct kx_instr *
kx_op_ballot_bit_count(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   for (unsigned l = 0; l < KX_W; l++) {
      uint64_t v = kx_ballot_value(ctx, ip, l);
      if (ip->imm[0] == 1)
         v &= l >= 63 ? ~0ull : (2ull << l) - 1;
      else if (ip->imm[0] == 2)
         v &= (1ull << l) - 1;
      d[l] = (uint32_t)__builtin_popcountll(v);
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_ballot_find_lsb(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   for (unsigned l = 0; l < KX_W; l++) {
      const uint64_t v = kx_ballot_value(ctx, ip, l);
      d[l] = v ? (uint32_t)__builtin_ctzll(v) : UINT32_MAX;
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_ballot_find_msb(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   for (unsigned l = 0; l < KX_W; l++) {
      const uint64_t v = kx_ballot_value(ctx, ip, l);
      d[l] = v ? 63u - (uint32_t)__builtin_clzll(v) : UINT32_MAX;
   }
   return ip + 1;
}

static void
kx_vote_result(struct kx_ctx *ctx, const struct kx_instr *ip, uint32_t r)
{
   uint32_t *d = KX_REG(ctx, ip->dst);
   if (ip->imm[0]) {
      const uint32_t *prev = KX_REG(ctx, ip->src[1]);
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = r & prev[l];
   } else {
      for (unsigned l = 0; l < KX_W; l++)
         d[l] = r;
   }
}

static const struct kx_instr *
kx_op_vote_all(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const kx_mask m = kx_bool_mask(KX_REG(ctx, ip->src[0]));
   kx_vote_result(ctx, ip, (m & ctx->exec) == ctx->exec);
   return ip + 1;
}

static const struct kx_instr *
kx_op_vote_any(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const kx_mask m = kx_bool_mask(KX_REG(ctx, ip->src[0]));
   kx_vote_result(ctx, ip, (m & ctx->exec) != 0);
   return ip + 1;
}

static const struct kx_instr *
kx_op_vote_ieq(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const unsigned bits = ip->bits, first = kx_first_lane(ctx);
   const uint64_t v0 = kx_reg_read(ctx, ip->src[0], bits, first);
   uint32_t eq = 1;
   for (unsigned l = 0; l < KX_W; l++) {
      if ((ctx->exec >> l) & 1)
         eq &= kx_reg_read(ctx, ip->src[0], bits, l) == v0;
   }
   kx_vote_result(ctx, ip, eq);
   return ip + 1;
}

static double
kx_float_value(uint64_t bits_value, unsigned bits)
{
   if (bits == 64) {
      double d;
      memcpy(&d, &bits_value, 8);
      return d;
   }
   if (bits == 16)
      return util_half_to_float((uint16_t)bits_value);
   const uint32_t u = (uint32_t)bits_value;
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static const struct kx_instr *
kx_op_vote_feq(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const unsigned bits = ip->bits, first = kx_first_lane(ctx);
   const double v0 = kx_float_value(kx_reg_read(ctx, ip->src[0], bits, first), bits);
   uint32_t eq = 1;
   for (unsigned l = 0; l < KX_W; l++) {
      if ((ctx->exec >> l) & 1)
         eq &= kx_float_value(kx_reg_read(ctx, ip->src[0], bits, l), bits) == v0;
   }
   kx_vote_result(ctx, ip, eq);
   return ip + 1;
}

/* Lane permutations: dst[l] = value[src_lane(l)] (a lane out of range reads
 * its own value; SPIR-V leaves it undefined). */
static const struct kx_instr *
kx_permute(struct kx_ctx *ctx, const struct kx_instr *ip, const uint32_t *from)
{
   if (ip->bits == 64) {
      const uint64_t *s = KX_REG(ctx, ip->src[0]);
      uint64_t tmp[KX_W];
      for (unsigned l = 0; l < KX_W; l++)
         tmp[l] = s[from[l] < KX_W ? from[l] : l];
      memcpy(KX_REG(ctx, ip->dst), tmp, sizeof(tmp));
   } else {
      const uint32_t *s = KX_REG(ctx, ip->src[0]);
      uint32_t tmp[KX_W];
      for (unsigned l = 0; l < KX_W; l++)
         tmp[l] = s[from[l] < KX_W ? from[l] : l];
      memcpy(KX_REG(ctx, ip->dst), tmp, sizeof(tmp));
   }
   return ip + 1;
}

static const struct kx_instr *
kx_op_read_invocation(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   /* The index is dynamically uniform: take the first active lane's. */
   const uint32_t idx = ((const uint32_t *)KX_REG(ctx, ip->src[1]))[kx_first_lane(ctx)];
   uint32_t from[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = idx;
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_read_first_invocation(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t from[KX_W];
   const unsigned first = kx_first_lane(ctx);
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = first;
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_shuffle(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   return kx_permute(ctx, ip, KX_REG(ctx, ip->src[1]));
}

static const struct kx_instr *
kx_op_shuffle_xor(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *x = KX_REG(ctx, ip->src[1]);
   uint32_t from[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = l ^ x[l];
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_shuffle_up(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *x = KX_REG(ctx, ip->src[1]);
   uint32_t from[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = l - x[l];
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_shuffle_down(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *x = KX_REG(ctx, ip->src[1]);
   uint32_t from[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = l + x[l];
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_quad_broadcast(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *x = KX_REG(ctx, ip->src[1]);
   uint32_t from[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = (l & ~3u) | (x[l] & 3u);
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_quad_swap(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   uint32_t from[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      from[l] = l ^ ip->imm[0];
   return kx_permute(ctx, ip, from);
}

static const struct kx_instr *
kx_op_scan(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const unsigned bits = ip->bits;
   const nir_op op = (nir_op)ip->imm[0];
   const uint64_t identity = kx_reduction_identity(op, bits);
   const unsigned cluster = ip->op == KX_OP_REDUCE && ip->imm[1] ? ip->imm[1] : KX_W;
   uint64_t vals[KX_W], out[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      vals[l] = (ctx->exec >> l) & 1 ? kx_reg_read(ctx, ip->src[0], bits, l) : identity;

   if (ip->op == KX_OP_REDUCE) {
      for (unsigned c0 = 0; c0 < KX_W; c0 += cluster) {
         uint64_t acc = identity;
         for (unsigned l = c0; l < c0 + cluster && l < KX_W; l++)
            acc = kx_reduction_apply(op, bits, acc, vals[l], ctx->float_controls);
         for (unsigned l = c0; l < c0 + cluster && l < KX_W; l++)
            out[l] = acc;
      }
   } else {
      uint64_t acc = identity;
      for (unsigned l = 0; l < KX_W; l++) {
         if (ip->op == KX_OP_EXCLUSIVE_SCAN) {
            out[l] = acc;
            acc = kx_reduction_apply(op, bits, acc, vals[l], ctx->float_controls);
         } else {
            acc = kx_reduction_apply(op, bits, acc, vals[l], ctx->float_controls);
            out[l] = acc;
         }
      }
   }
   for (unsigned l = 0; l < KX_W; l++)
      kx_reg_write(ctx, ip->dst, bits, l, out[l]);
   return ip + 1;
}

/* --- stage I/O, discard, derivatives -------------------------------------------------- */

static inline bool
kx_uniform_u32(const uint32_t *v)
{
   uint32_t diff = 0;
   for (unsigned l = 1; l < KX_W; l++)
      diff |= v[l] ^ v[0];
   return diff == 0;
}

/* The per-lane array an I/O instruction reaches and its size in 32-bit
 * components (kx.h: SoA, KX_IO_INDEX). */
static float *
kx_io_array(struct kx_ctx *ctx, unsigned which, uint32_t *words)
{
   struct kx_strip *s = ctx->strip;
   const bool fragment = ctx->thread->prog->info.stage == NIR_STAGE_FRAGMENT;
   if (!s) {
      *words = 0;
      return NULL;
   }
   switch (which) {
   case KX_IO_IN:
      *words = (s->in_slots ? s->in_slots
                            : fragment ? KX_SLOT_COUNT : KX_MAX_VERTEX_ATTRIBS) * 4;
      return (float *)s->in;
   case KX_IO_OUT:
      *words = (s->out_slots ? s->out_slots
                             : fragment ? KX_FS_OUTPUT_SLOTS : KX_SLOT_COUNT) * 4;
      return s->out;
   case KX_IO_DEPTH:
      *words = 1;
      return s->frag_depth;
   case KX_IO_SAMPLE_MASK:
      *words = 1;
      return (float *)s->sample_mask_out;
   case KX_IO_STENCIL:
      *words = 1;
      return (float *)s->stencil_ref_out;
   default:
      *words = 0;
      return NULL;
   }
}

/* LOAD_IO: aux [dst x n]; imm[0] array, imm[1] first component, src[0]
 * slot offset. A component outside the array reads zero. */
static const struct kx_instr *
kx_op_load_io(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *dsts = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   uint32_t words;
   const uint32_t *io = (const uint32_t *)kx_io_array(ctx, ip->imm[0] & 0xff, &words);
   const unsigned per = ip->bits == 64 ? 2 : 1;
   if (per == 1 && io && kx_uniform_u32(off)) {
      /* The usual case: a constant slot, each component one row. */
      for (unsigned c = 0; c < ip->n; c++) {
         const uint64_t w = (uint64_t)ip->imm[1] + c + (uint64_t)off[0] * 4;
         if (w < words)
            memcpy(KX_REG(ctx, dsts[c]), io + w * KX_W, KX_SLOT_B);
         else
            memset(KX_REG(ctx, dsts[c]), 0, KX_SLOT_B);
      }
      return ip + 1;
   }
   for (unsigned c = 0; c < ip->n; c++) {
      const uint64_t w0 = (uint64_t)ip->imm[1] + c * per;
      if (ip->bits == 64) {
         uint64_t *d = KX_REG(ctx, dsts[c]);
         for (unsigned l = 0; l < KX_W; l++) {
            const uint64_t w = w0 + (uint64_t)off[l] * 4;
            d[l] = io && w + 1 < words
                      ? io[w * KX_W + l] | (uint64_t)io[(w + 1) * KX_W + l] << 32
                      : 0;
         }
         continue;
      }
      uint32_t *d = KX_REG(ctx, dsts[c]);
      for (unsigned l = 0; l < KX_W; l++) {
         const uint64_t w = w0 + (uint64_t)off[l] * 4;
         d[l] = io && w < words ? io[w * KX_W + l] : 0;
      }
   }
   return ip + 1;
}

/* STORE_IO: aux [value x n]; imm[0] array | write mask << 8, imm[1] first
 * component, src[0] slot offset. Active lanes only; a component outside
 * the array is dropped. */
static const struct kx_instr *
kx_op_store_io(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *srcs = ctx->aux + ip->imm[2];
   const uint32_t *off = KX_REG(ctx, ip->src[0]);
   uint32_t words;
   uint32_t *io = (uint32_t *)kx_io_array(ctx, ip->imm[0] & 0xff, &words);
   const unsigned wmask = ip->imm[0] >> 8;
   const unsigned per = ip->bits == 64 ? 2 : 1;
   if (!io)
      return ip + 1;
   if (per == 1 && ctx->exec == KX_FULL_MASK && kx_uniform_u32(off)) {
      for (unsigned c = 0; c < ip->n; c++) {
         const uint64_t w = (uint64_t)ip->imm[1] + c + (uint64_t)off[0] * 4;
         if ((wmask & (1u << c)) && w < words)
            memcpy(io + w * KX_W, KX_REG(ctx, srcs[c]), KX_SLOT_B);
      }
      return ip + 1;
   }
   for (unsigned c = 0; c < ip->n; c++) {
      if (!(wmask & (1u << c)))
         continue;
      const uint64_t w0 = (uint64_t)ip->imm[1] + c * per;
      kx_foreach_lane(l, ctx->exec) {
         const uint64_t w = w0 + (uint64_t)off[l] * 4;
         if (w + per > words)
            continue;
         const uint64_t v = kx_reg_read(ctx, srcs[c], ip->bits, l);
         io[w * KX_W + l] = (uint32_t)v;
         if (per == 2)
            io[(w + 1) * KX_W + l] = (uint32_t)(v >> 32);
      }
   }
   return ip + 1;
}

/* KILL: src[0] condition; imm[0] enum kx_kill_kind; imm[1] where to go
 * when no lane is left. */
static const struct kx_instr *
kx_op_kill(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const kx_mask m = kx_bool_mask(KX_REG(ctx, ip->src[0])) & ctx->exec;
   ctx->killed |= m;
   if (ip->imm[0] == KX_KILL_DEMOTE) {
      ctx->helper |= m;
      return ip + 1;
   }
   ctx->dead |= m;
   ctx->exec &= ~m;
   if (ctx->exec == 0)
      return ctx->thread->prog->instrs + ip->imm[1];
   return ip + 1;
}

/* DERIV: screen-space derivatives over the 2x2 quads (kx.h): lanes 4q..4q+3
 * are (x, y), (x+1, y), (x, y+1), (x+1, y+1). Fine: the difference along
 * the lane's own row or column; coarse: the quad's first row or column. */
static const struct kx_instr *
kx_op_deriv(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const float *s = KX_REG(ctx, ip->src[0]);
   float tmp[KX_W];
   const bool y = ip->imm[0] & KX_DERIV_Y, coarse = ip->imm[0] & KX_DERIV_COARSE;
   for (unsigned q = 0; q < KX_W; q += 4) {
      const float v0 = s[q], v1 = s[q + 1], v2 = s[q + 2], v3 = s[q + 3];
      if (coarse) {
         const float dv = y ? v2 - v0 : v1 - v0;
         tmp[q] = tmp[q + 1] = tmp[q + 2] = tmp[q + 3] = dv;
      } else if (y) {
         tmp[q] = tmp[q + 2] = v2 - v0;
         tmp[q + 1] = tmp[q + 3] = v3 - v1;
      } else {
         tmp[q] = tmp[q + 1] = v1 - v0;
         tmp[q + 2] = tmp[q + 3] = v3 - v2;
      }
   }
   memcpy(KX_REG(ctx, ip->dst), tmp, sizeof(tmp));
   return ip + 1;
}

/* --- the loop ---------------------------------------------------------------------- */

static const struct kx_instr *
kx_op_invalid(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   kx_thread_fault(ctx->thread, "kx: invalid instruction %u", ip->op);
   return NULL;
}

static const kx_handler kx_handlers[KX_OP_COUNT] = {
   [KX_OP_INVALID] = kx_op_invalid,
   [KX_OP_END] = kx_op_end,
   [KX_OP_IF] = kx_op_if,
   [KX_OP_ELSE] = kx_op_else,
   [KX_OP_ENDIF] = kx_op_endif,
   [KX_OP_LOOP] = kx_op_loop,
   [KX_OP_CONTINUE_MERGE] = kx_op_continue_merge,
   [KX_OP_LOOP_END] = kx_op_loop_end,
   [KX_OP_BREAK] = kx_op_break,
   [KX_OP_CONTINUE] = kx_op_continue,
   [KX_OP_BREAK_IF] = kx_op_break_if,
   [KX_OP_CONTINUE_IF] = kx_op_continue_if,
   [KX_OP_BARRIER] = kx_op_barrier,
   [KX_OP_FENCE] = kx_op_fence,
   [KX_OP_COPY32] = kx_op_copy32,
   [KX_OP_COPY64] = kx_op_copy64,
   [KX_OP_MCOPY32] = kx_op_mcopy32,
   [KX_OP_MCOPY64] = kx_op_mcopy64,
   [KX_OP_SYSVAL] = kx_op_sysval,
   [KX_OP_LOAD_CBUF] = kx_op_load_cbuf,
   [KX_OP_LOAD_GLOBAL] = kx_op_load_global,
   [KX_OP_STORE_GLOBAL] = kx_op_store_global,
   [KX_OP_GLOBAL_ATOMIC] = kx_op_global_atomic,
   [KX_OP_LOAD_SHARED] = kx_op_load_shared,
   [KX_OP_STORE_SHARED] = kx_op_store_shared,
   [KX_OP_SHARED_ATOMIC] = kx_op_shared_atomic,
   [KX_OP_LOAD_SCRATCH] = kx_op_load_scratch,
   [KX_OP_STORE_SCRATCH] = kx_op_store_scratch,
   [KX_OP_IMAGE_LOAD] = kx_op_image_load,
   [KX_OP_IMAGE_STORE] = kx_op_image_store,
   [KX_OP_IMAGE_ATOMIC] = kx_op_image_atomic,
   [KX_OP_IMAGE_SIZE] = kx_op_image_size,
   [KX_OP_IMAGE_SAMPLES] = kx_op_image_samples,
   [KX_OP_TEX] = kx_op_tex,
   [KX_OP_ELECT] = kx_op_elect,
   [KX_OP_BALLOT] = kx_op_ballot,
   [KX_OP_INVERSE_BALLOT] = kx_op_inverse_ballot,
   [KX_OP_BALLOT_BITFIELD_EXTRACT] = kx_op_ballot_bitfield_extract,
   [KX_OP_BALLOT_BIT_COUNT] = kx_op_ballot_bit_count,
   [KX_OP_BALLOT_FIND_LSB] = kx_op_ballot_find_lsb,
   [KX_OP_BALLOT_FIND_MSB] = kx_op_ballot_find_msb,
   [KX_OP_VOTE_ALL] = kx_op_vote_all,
   [KX_OP_VOTE_ANY] = kx_op_vote_any,
   [KX_OP_VOTE_IEQ] = kx_op_vote_ieq,
   [KX_OP_VOTE_FEQ] = kx_op_vote_feq,
   [KX_OP_READ_INVOCATION] = kx_op_read_invocation,
   [KX_OP_READ_FIRST_INVOCATION] = kx_op_read_first_invocation,
   [KX_OP_SHUFFLE] = kx_op_shuffle,
   [KX_OP_SHUFFLE_XOR] = kx_op_shuffle_xor,
   [KX_OP_SHUFFLE_UP] = kx_op_shuffle_up,
   [KX_OP_SHUFFLE_DOWN] = kx_op_shuffle_down,
   [KX_OP_QUAD_BROADCAST] = kx_op_quad_broadcast,
   [KX_OP_QUAD_SWAP] = kx_op_quad_swap,
   [KX_OP_REDUCE] = kx_op_scan,
   [KX_OP_INCLUSIVE_SCAN] = kx_op_scan,
   [KX_OP_EXCLUSIVE_SCAN] = kx_op_scan,
   [KX_OP_LOAD_IO] = kx_op_load_io,
   [KX_OP_STORE_IO] = kx_op_store_io,
   [KX_OP_KILL] = kx_op_kill,
   [KX_OP_DERIV] = kx_op_deriv,
   KX_ALU_HANDLERS
};

void
KX_FN(kx_run)(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   ctx->resume = NULL;
   while (ip)
      ip = kx_handlers[ip->op](ctx, ip);
}
