/* SPDX-License-Identifier: MIT */
/*
 * Images and textures: storage image load/store/atomics, texel buffers,
 * sampling, fetches and queries, per active lane.
 *
 * A handle is a pointer to the view's kx_image_desc (or sampler's
 * kx_sampler_desc), loaded from descriptor memory; NULL is a null
 * descriptor (reads zero, writes nothing). The image's memory is
 * translated once per instruction and lane. Texels convert through
 * shared/format (the same conversions as blits and clears): sRGB decodes
 * before filtering, as the spec orders it.
 *
 * Sampling follows Vulkan 1.3 chapter 16 "Texel input operations": lod from
 * the explicit lod (or 0 without derivatives) plus the sampler's bias,
 * clamped to [minLod, maxLod]; magnification if lod <= 0; mipmap nearest or
 * linear between two levels; nearest or linear (2x2, 2x2x2) texel filters
 * with the address modes (repeat, mirrored repeat, clamp to edge, clamp to
 * border with the border colour, mirror clamp to edge); depth compare per
 * texel before filtering; gathers. Cube maps select the face by the major
 * axis; nearest filtering clamps to the face's edge, linear filtering and
 * gathers are seamless unless the sampler says non-seamless (then faces
 * wrap with the address modes like 2D images) (16.5.x "Cube Map Edge Handling": a footprint texel
 * past an edge comes from the adjacent face, one past a corner is the
 * average of the three texels around the corner).
 */
#include <math.h>
#include <string.h>

#include "format/fmt.h"
#include "kx_desc.h"
#include "kx_image.h"
#include "kx_mem.h"
#include "kx_ycbcr.h"
#include "nir/nir.h"

/* --- helpers --------------------------------------------------------------------- */

static inline uint32_t
reg32(struct kx_ctx *ctx, uint32_t off, unsigned l)
{
   return ((const uint32_t *)KX_REG(ctx, off))[l];
}

static inline float
regf(struct kx_ctx *ctx, uint32_t off, unsigned l)
{
   return ((const float *)KX_REG(ctx, off))[l];
}

static inline void
set32(struct kx_ctx *ctx, uint32_t off, unsigned l, uint32_t v)
{
   ((uint32_t *)KX_REG(ctx, off))[l] = v;
}

static inline const void *
handle_ptr(struct kx_ctx *ctx, uint32_t off, unsigned l)
{
   return (const void *)(uintptr_t)((const uint64_t *)KX_REG(ctx, off))[l];
}

/* The host address of the image's memory (NULL after a fault, or for a
 * view without memory). */
static const uint8_t *
image_memory(struct kx_ctx *ctx, const struct kx_image_desc *d)
{
   if (!d->range_B)
      return NULL;
   return kx_mem_read(ctx->thread, d->base_addr, d->range_B);
}

static inline void
texel_zero(union fmt_texel *t)
{
   memset(t, 0, sizeof(*t));
}

/* What an out-of-bounds read of a view returns (Vulkan 1.3, "Texel
 * Replacement" with robustImageAccess2 of VK_EXT_robustness2): a texel of
 * zero bits converted like any other, so components the format lacks
 * read 0, 0, 1 (alpha one in its class: 1.0 or integer 1). */
static void
texel_out_of_bounds(const struct kx_image_desc *d, union fmt_texel *t)
{
   texel_zero(t);
   if (d && fmt_format_is_convertible(d->format)) {
      static const uint8_t zero_bits[16];
      fmt_unpack_color(d->format, zero_bits, t);
   } else if (d && kil_format_is_depth_or_stencil(d->format)) {
      /* Depth reads (D, 0, 0, 1.0); stencil (S, 0, 0, 1) as integers. */
      const struct kil_format_desc *fd = kil_format_desc(d->format);
      if (fd && fd->depth.bits)
         t->f[3] = 1.0f;
      else
         t->u[3] = 1;
   }
}

static inline uint32_t
level_extent(const struct kx_image_level *lvl, unsigned c)
{
   return c == 0 ? lvl->width_px : c == 1 ? lvl->height_px : lvl->depth_px;
}

/* Number of spatial coordinates of a dim (array layer excluded). */
static unsigned
spatial_dims(enum glsl_sampler_dim dim)
{
   switch (dim) {
   case GLSL_SAMPLER_DIM_1D:
   case GLSL_SAMPLER_DIM_BUF:
      return 1;
   case GLSL_SAMPLER_DIM_3D:
   case GLSL_SAMPLER_DIM_CUBE:
      return dim == GLSL_SAMPLER_DIM_3D ? 3 : 2;
   default:
      return 2;
   }
}

/* Sample `s` of pixel (x, y) of a multisampled view: kil lays an N-sample
 * level out as a single-sample level of its sample grid (layout/kil_sample.h),
 * so the sample is the grid element at (x * gw + s % gw, y * gh + s / gw).
 * false for a sample the view does not have (Vulkan 1.3, "Texel Input
 * Validation Operations": an out-of-range sample index is invalid texel
 * input, read as an out-of-bounds texel). */
static bool
sample_coords(const struct kx_image_desc *d, uint32_t s, uint32_t *x, uint32_t *y)
{
   if (d->samples <= 1)
      return s == 0;
   const enum kil_sample_layout sl = kil_sample_layout_for_samples(d->samples);
   if (sl == KIL_SAMPLE_LAYOUT_INVALID || s >= d->samples)
      return false;
   const uint32_t gw = kil_sample_layout_width(sl), gh = kil_sample_layout_height(sl);
   if (*x >= d->levels[0].width_px || *y >= d->levels[0].height_px)
      return false;
   *x = *x * gw + kil_sample_layout_sample_x(sl, s);
   *y = *y * gh + kil_sample_layout_sample_y(sl, s);
   return true;
}

/* A texel of a block-compressed view: its 4x4 block decoded whole
 * (shared/format), bounds in pixels, addresses in blocks. */
static bool
fetch_bc_texel(const struct kx_image_desc *d, const uint8_t *mem,
               const struct kx_image_level *lvl, uint32_t x, uint32_t y, uint32_t z,
               uint32_t layer, union fmt_texel *out)
{
   if (x >= lvl->width_px || y >= lvl->height_px || z >= lvl->depth_px ||
       layer >= d->num_layers)
      return false;
   const uint64_t off =
      kil_level_addr_offset_B(&lvl->addr, x / 4, y / 4, z, layer + d->base_layer);
   if (off + d->el_size_B > d->range_B)
      return false;
   union fmt_texel block[16];
   fmt_bc_decode_block(d->format, mem + off, block);
   *out = block[(y % 4) * 4 + x % 4];
   return true;
}

/* Reads texel (x, y, z, layer) of `level`; false if outside. */
static bool
fetch_texel(const struct kx_image_desc *d, const uint8_t *mem, uint32_t level, uint32_t x,
            uint32_t y, uint32_t z, uint32_t layer, union fmt_texel *out)
{
   if (!mem || level >= d->num_levels)
      return false;
   const struct kx_image_level *lvl = &d->levels[level];
   if (fmt_format_is_bc(d->format))
      return fetch_bc_texel(d, mem, lvl, x, y, z, layer, out);
   if (x >= lvl->addr.extent_el.width || y >= lvl->addr.extent_el.height ||
       z >= lvl->addr.extent_el.depth || layer >= d->num_layers)
      return false;
   const uint64_t off =
      kil_level_addr_offset_B(&lvl->addr, x, y, z, layer + d->base_layer);
   if (off + d->el_size_B > d->range_B)
      return false;
   const uint8_t *p = mem + off;
   if (kil_format_is_depth_or_stencil(d->format)) {
      texel_zero(out);
      const struct kil_format_desc *fd = kil_format_desc(d->format);
      if (fd && fd->depth.bits) {
         out->f[0] = fmt_unpack_depth(d->format, p);
      } else {
         out->u[0] = fmt_unpack_stencil(d->format, p);
      }
      out->f[3] = 1.0f;
      return true;
   }
   if (!fmt_format_is_convertible(d->format)) {
      texel_zero(out);
      return true;
   }
   fmt_unpack_color(d->format, p, out);
   return true;
}

static uint8_t *
texel_ptr(const struct kx_image_desc *d, uint8_t *mem, uint32_t x, uint32_t y, uint32_t z,
          uint32_t layer)
{
   if (!mem || d->num_levels == 0)
      return NULL;
   const struct kx_image_level *lvl = &d->levels[0];
   if (x >= lvl->addr.extent_el.width || y >= lvl->addr.extent_el.height ||
       z >= lvl->addr.extent_el.depth || layer >= d->num_layers)
      return NULL;
   const uint64_t off = kil_level_addr_offset_B(&lvl->addr, x, y, z, layer + d->base_layer);
   if (off + d->el_size_B > d->range_B)
      return NULL;
   return mem + off;
}

/* Storage-image coordinates: (x, y, z, layer) of a coord vector. */
static void
image_coords(enum glsl_sampler_dim dim, bool array, const uint32_t c[4], uint32_t xyzl[4])
{
   xyzl[0] = c[0];
   xyzl[1] = 0;
   xyzl[2] = 0;
   xyzl[3] = 0;
   switch (dim) {
   case GLSL_SAMPLER_DIM_1D:
   case GLSL_SAMPLER_DIM_BUF:
      if (array)
         xyzl[3] = c[1];
      break;
   case GLSL_SAMPLER_DIM_3D:
      xyzl[1] = c[1];
      xyzl[2] = c[2];
      break;
   case GLSL_SAMPLER_DIM_CUBE:
      /* (x, y, face) or (x, y, 6 * layer + face): layers of the 2D array. */
      xyzl[1] = c[1];
      xyzl[3] = c[2];
      break;
   default:
      xyzl[1] = c[1];
      if (array)
         xyzl[3] = c[2];
      break;
   }
}

static void
store_result(struct kx_ctx *ctx, const uint32_t *dsts, unsigned n, unsigned l,
             const union fmt_texel *t)
{
   for (unsigned c = 0; c < n && c < 4; c++)
      set32(ctx, dsts[c], l, t->u[c]);
}

/* Applies a view's component mapping to a texel. */
static void
swizzle_texel(const struct kx_image_desc *d, bool is_int, union fmt_texel *t)
{
   const union fmt_texel in = *t;
   for (unsigned c = 0; c < 4; c++) {
      switch (d->swizzle[c]) {
      case KX_SWIZZLE_0:
         t->u[c] = 0;
         break;
      case KX_SWIZZLE_1:
         if (is_int)
            t->u[c] = 1;
         else
            t->f[c] = 1.0f;
         break;
      default:
         t->u[c] = in.u[d->swizzle[c] & 3];
         break;
      }
   }
}

/* --- storage images and storage texel buffers ------------------------------------ */

/* aux: [dst x n] [coord x 4] [sample] [lod] */
const struct kx_instr *
kx_op_image_load(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *aux = ctx->aux + ip->imm[2];
   const unsigned n = ip->n;
   const uint32_t flags = ip->imm[0];
   const enum glsl_sampler_dim dim = KX_IMG_DIM(flags);
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((ctx->exec >> l) & 1))
         continue;
      union fmt_texel t;
      texel_zero(&t);
      const struct kx_image_desc *d = handle_ptr(ctx, ip->src[0], l);
      if (d) {
         const uint8_t *mem = image_memory(ctx, d);
         if (!mem && ctx->thread->faulted)
            return NULL;
         uint32_t c[4], xyzl[4];
         for (unsigned i = 0; i < 4; i++)
            c[i] = reg32(ctx, aux[n + i], l);
         image_coords(dim, KX_IMG_ARRAY(flags), c, xyzl);
         if (!fetch_texel(d, mem, 0, xyzl[0], xyzl[1], xyzl[2], xyzl[3], &t))
            texel_out_of_bounds(d, &t);
      }
      store_result(ctx, aux, n, l, &t);
   }
   return ip + 1;
}

/* aux: [coord x 4] [sample] [value x n] [lod] */
const struct kx_instr *
kx_op_image_store(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *aux = ctx->aux + ip->imm[2];
   const unsigned n = ip->n;
   const uint32_t flags = ip->imm[0];
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((kx_store_mask(ctx) >> l) & 1))
         continue;
      const struct kx_image_desc *d = handle_ptr(ctx, ip->src[0], l);
      if (!d || !fmt_format_is_convertible(d->format))
         continue;
      uint8_t *mem = (uint8_t *)image_memory(ctx, d);
      if (!mem) {
         if (ctx->thread->faulted)
            return NULL;
         continue;
      }
      uint32_t c[4], xyzl[4];
      for (unsigned i = 0; i < 4; i++)
         c[i] = reg32(ctx, aux[i], l);
      image_coords(KX_IMG_DIM(flags), KX_IMG_ARRAY(flags), c, xyzl);
      uint8_t *p = texel_ptr(d, mem, xyzl[0], xyzl[1], xyzl[2], xyzl[3]);
      if (!p)
         continue;
      union fmt_texel t;
      texel_zero(&t);
      t.f[3] = 1.0f;
      for (unsigned i = 0; i < n && i < 4; i++)
         t.u[i] = reg32(ctx, aux[5 + i], l);
      fmt_pack_color(d->format, &t, p);
   }
   return ip + 1;
}

/* aux: [coord x 4] [sample] [data] [data2] */
const struct kx_instr *
kx_op_image_atomic(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *aux = ctx->aux + ip->imm[2];
   const uint32_t flags = ip->imm[0];
   const unsigned op = KX_IMG_ATOMIC_OP(flags);
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((kx_store_mask(ctx) >> l) & 1))
         continue;
      uint32_t old = 0;
      const struct kx_image_desc *d = handle_ptr(ctx, ip->src[0], l);
      uint8_t *mem = d ? (uint8_t *)image_memory(ctx, d) : NULL;
      if (d && !mem && ctx->thread->faulted)
         return NULL;
      if (mem && d->el_size_B == 4) {
         uint32_t c[4], xyzl[4];
         for (unsigned i = 0; i < 4; i++)
            c[i] = reg32(ctx, aux[i], l);
         image_coords(KX_IMG_DIM(flags), KX_IMG_ARRAY(flags), c, xyzl);
         uint8_t *p = texel_ptr(d, mem, xyzl[0], xyzl[1], xyzl[2], xyzl[3]);
         if (p) {
            const uint32_t data = reg32(ctx, aux[5], l);
            const uint32_t data2 = ip->n == 2 ? reg32(ctx, aux[6], l) : 0;
            old = (uint32_t)kx_atomic(p, 32, op, data, data2);
         }
      }
      set32(ctx, ip->dst, l, old);
   }
   return ip + 1;
}

/* The size of `level`: what OpImageQuerySize(Lod) returns. */
static void
size_of(const struct kx_image_desc *d, enum glsl_sampler_dim dim, bool array, uint32_t level,
        uint32_t out[4])
{
   memset(out, 0, 4 * sizeof(uint32_t));
   if (!d || level >= d->num_levels)
      return;
   const struct kx_image_level *lvl = &d->levels[level];
   const unsigned sd = dim == GLSL_SAMPLER_DIM_CUBE ? 2 : spatial_dims(dim);
   for (unsigned c = 0; c < sd; c++)
      out[c] = level_extent(lvl, c);
   if (array)
      out[sd] = dim == GLSL_SAMPLER_DIM_CUBE ? d->num_layers / 6 : d->num_layers;
}

/* aux: [dst x n] [lod] */
const struct kx_instr *
kx_op_image_size(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *aux = ctx->aux + ip->imm[2];
   const uint32_t flags = ip->imm[0];
   for (unsigned l = 0; l < KX_W; l++) {
      if (!((ctx->exec >> l) & 1))
         continue;
      uint32_t s[4];
      size_of(handle_ptr(ctx, ip->src[0], l), KX_IMG_DIM(flags), KX_IMG_ARRAY(flags),
              reg32(ctx, aux[ip->n], l), s);
      for (unsigned c = 0; c < ip->n && c < 4; c++)
         set32(ctx, aux[c], l, s[c]);
   }
   return ip + 1;
}

const struct kx_instr *
kx_op_image_samples(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   for (unsigned l = 0; l < KX_W; l++) {
      const struct kx_image_desc *d = handle_ptr(ctx, ip->src[0], l);
      set32(ctx, ip->dst, l, d ? d->samples : 0);
   }
   return ip + 1;
}

/* --- sampling --------------------------------------------------------------------- */

/* An address mode applied to integer texel coordinate i of a level `size`
 * texels wide; -1: the border. */
static int64_t
wrap(int64_t i, int64_t size, unsigned mode)
{
   switch (mode) {
   case VK_SAMPLER_ADDRESS_MODE_REPEAT: {
      const int64_t m = i % size;
      return m < 0 ? m + size : m;
   }
   case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT: {
      int64_t m = i % (2 * size);
      if (m < 0)
         m += 2 * size;
      return m < size ? m : 2 * size - 1 - m;
   }
   case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER:
      return i < 0 || i >= size ? -1 : i;
   case VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE: {
      const int64_t m = i >= 0 ? i : -1 - i;
      return m >= size ? size - 1 : m;
   }
   default: /* clamp to edge */
      return i < 0 ? 0 : i >= size ? size - 1 : i;
   }
}

struct kx_sample_req {
   const struct kx_image_desc *d;
   const struct kx_sampler_desc *s;
   const uint8_t *mem;
   enum glsl_sampler_dim dim;
   bool is_int;
   bool shadow;
   float ref;
   int32_t offset[3];
   uint32_t layer;
};

static bool
compare(unsigned op, float ref, float tex)
{
   switch (op) {
   case VK_COMPARE_OP_NEVER:
      return false;
   case VK_COMPARE_OP_LESS:
      return ref < tex;
   case VK_COMPARE_OP_EQUAL:
      return ref == tex;
   case VK_COMPARE_OP_LESS_OR_EQUAL:
      return ref <= tex;
   case VK_COMPARE_OP_GREATER:
      return ref > tex;
   case VK_COMPARE_OP_NOT_EQUAL:
      return ref != tex;
   case VK_COMPARE_OP_GREATER_OR_EQUAL:
      return ref >= tex;
   default:
      return true;
   }
}

/* Texel (x, y, z) of `layer`, depth-compared when sampling with compare. */
static void
fetched_texel(const struct kx_sample_req *r, uint32_t level, uint32_t x, uint32_t y, uint32_t z,
              uint32_t layer, union fmt_texel *t)
{
   if (!fetch_texel(r->d, r->mem, level, x, y, z, layer, t))
      texel_zero(t);
   if (r->shadow) {
      const float v = compare(r->s->compare_op, r->ref, t->f[0]) ? 1.0f : 0.0f;
      texel_zero(t);
      t->f[0] = v;
      t->f[3] = 1.0f;
   }
}

/* One texel of the filter footprint: fetched, or the border. */
static void
footprint_texel(const struct kx_sample_req *r, uint32_t level, const int64_t ijk[3],
                union fmt_texel *t)
{
   const struct kx_image_level *lvl = &r->d->levels[level];
   uint32_t c[3] = {0, 0, 0};
   const unsigned sd = spatial_dims(r->dim);
   for (unsigned a = 0; a < sd; a++) {
      const int64_t size = (int64_t)level_extent(lvl, a);
      const unsigned mode = r->dim == GLSL_SAMPLER_DIM_CUBE && !r->s->non_seamless_cube
                               ? VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE
                               : r->s->address_mode[a];
      const int64_t w = r->s->unnormalized_coordinates && mode != VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER
                           ? wrap(ijk[a], size, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE)
                           : wrap(ijk[a], size, mode);
      if (w < 0) {
         memcpy(t, &r->s->border, sizeof(*t));
         if (r->shadow)
            t->f[0] = compare(r->s->compare_op, r->ref, t->f[0]) ? 1.0f : 0.0f;
         return;
      }
      c[a] = (uint32_t)w;
   }
   fetched_texel(r, level, c[0], c[1], c[2], r->layer, t);
}

static void cube_face(const float r[3], float st[2], uint32_t *face);

/* Texel (i, j) of a linear footprint on the cube face r->layer % 6:
 * inside the face, across an edge (the direction through the texel's
 * centre, which lies half a texel beyond the edge, selects the adjacent
 * face and lands in its edge texel of the same row or column), or past a
 * corner (the average of the three texels around it). */
static void
cube_texel(const struct kx_sample_req *r, uint32_t level, int64_t i, int64_t j,
           union fmt_texel *t)
{
   const int64_t n = (int64_t)level_extent(&r->d->levels[level], 0);
   const bool out_i = i < 0 || i >= n, out_j = j < 0 || j >= n;
   const uint32_t face = r->layer % 6, first = r->layer - face;
   if (!out_i && !out_j) {
      fetched_texel(r, level, (uint32_t)i, (uint32_t)j, 0, r->layer, t);
      return;
   }
   if (out_i && out_j) {
      const int64_t ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
      union fmt_texel a, b, c;
      cube_texel(r, level, ci, j, &a);
      cube_texel(r, level, i, cj, &b);
      cube_texel(r, level, ci, cj, &c);
      for (unsigned k = 0; k < 4; k++)
         t->f[k] = (a.f[k] + b.f[k] + c.f[k]) * (1.0f / 3.0f);
      return;
   }
   /* The face's (sc, tc) of the texel centre, back to a direction (the
    * inverse of cube_face). */
   const float sc = 2.0f * ((float)i + 0.5f) / (float)n - 1.0f;
   const float tc = 2.0f * ((float)j + 0.5f) / (float)n - 1.0f;
   float dir[3];
   switch (face) {
   case 0: /* +X */
      dir[0] = 1.0f, dir[1] = -tc, dir[2] = -sc;
      break;
   case 1: /* -X */
      dir[0] = -1.0f, dir[1] = -tc, dir[2] = sc;
      break;
   case 2: /* +Y */
      dir[0] = sc, dir[1] = 1.0f, dir[2] = tc;
      break;
   case 3: /* -Y */
      dir[0] = sc, dir[1] = -1.0f, dir[2] = -tc;
      break;
   case 4: /* +Z */
      dir[0] = sc, dir[1] = -tc, dir[2] = 1.0f;
      break;
   default: /* -Z */
      dir[0] = -sc, dir[1] = -tc, dir[2] = -1.0f;
      break;
   }
   float st[2];
   uint32_t f2;
   cube_face(dir, st, &f2);
   int64_t xy[2];
   for (unsigned a = 0; a < 2; a++) {
      xy[a] = (int64_t)floorf(st[a] * (float)n);
      xy[a] = xy[a] < 0 ? 0 : xy[a] >= n ? n - 1 : xy[a];
   }
   fetched_texel(r, level, (uint32_t)xy[0], (uint32_t)xy[1], 0, first + f2, t);
}

/* Filters level `level` at normalized (or unnormalized) coordinates. */
static void
sample_level(const struct kx_sample_req *r, uint32_t level, const float uvw[3], bool linear,
             union fmt_texel *out)
{
   const struct kx_image_level *lvl = &r->d->levels[level];
   const unsigned sd = spatial_dims(r->dim);
   float x[3];
   for (unsigned a = 0; a < sd; a++)
      x[a] = r->s->unnormalized_coordinates ? uvw[a] : uvw[a] * (float)level_extent(lvl, a);

   if (!linear || r->is_int) {
      int64_t ijk[3] = {0, 0, 0};
      for (unsigned a = 0; a < sd; a++)
         ijk[a] = (int64_t)floorf(x[a]) + r->offset[a];
      footprint_texel(r, level, ijk, out);
      return;
   }

   int64_t i0[3] = {0, 0, 0};
   float frac[3] = {0, 0, 0};
   for (unsigned a = 0; a < sd; a++) {
      const float f = x[a] - 0.5f;
      const float fl = floorf(f);
      i0[a] = (int64_t)fl + r->offset[a];
      frac[a] = f - fl;
   }
   float acc[4] = {0, 0, 0, 0};
   const unsigned corners = 1u << sd;
   for (unsigned k = 0; k < corners; k++) {
      int64_t ijk[3] = {0, 0, 0};
      float w = 1.0f;
      for (unsigned a = 0; a < sd; a++) {
         const unsigned hi = (k >> a) & 1;
         ijk[a] = i0[a] + hi;
         w *= hi ? frac[a] : 1.0f - frac[a];
      }
      union fmt_texel t;
      if (r->dim == GLSL_SAMPLER_DIM_CUBE && !r->s->non_seamless_cube)
         cube_texel(r, level, ijk[0], ijk[1], &t);
      else
         footprint_texel(r, level, ijk, &t);
      for (unsigned c = 0; c < 4; c++)
         acc[c] += w * t.f[c];
   }
   for (unsigned c = 0; c < 4; c++)
      out->f[c] = acc[c];
}

/* Samples at `uvw` with level of detail `lambda` (bias and clamps
 * applied): the filter of magnification or minification, nearest or
 * linear between levels. */
static void
sample_lod(const struct kx_sample_req *r, const float uvw[3], float lambda, union fmt_texel *res)
{
   const struct kx_image_desc *d = r->d;
   const struct kx_sampler_desc *s = r->s;
   const bool mag = lambda <= 0.0f;
   const bool linear = (mag ? s->mag_filter : s->min_filter) == VK_FILTER_LINEAR;
   const float q = (float)(d->num_levels - 1);
   const float dl = fminf(fmaxf(lambda, 0.0f), q);
   if (s->mipmap_mode == VK_SAMPLER_MIPMAP_MODE_LINEAR && !mag && d->num_levels > 1) {
      const uint32_t hi = (uint32_t)floorf(dl);
      const uint32_t lo = hi + 1 < d->num_levels ? hi + 1 : hi;
      const float delta = dl - floorf(dl);
      union fmt_texel a, b;
      sample_level(r, hi, uvw, linear, &a);
      sample_level(r, lo, uvw, linear, &b);
      for (unsigned c = 0; c < 4; c++)
         res->f[c] = r->is_int ? a.f[c] : a.f[c] * (1.0f - delta) + b.f[c] * delta;
      if (r->is_int)
         *res = a;
   } else {
      /* Nearest mipmap: d = ceil(d' + 0.5) - 1, level 0 below 0.5. */
      const uint32_t level = mag || dl <= 0.5f ? 0 : (uint32_t)(ceilf(dl + 0.5f) - 1.0f);
      sample_level(r, level < d->num_levels ? level : (uint32_t)d->num_levels - 1u, uvw, linear,
                   res);
   }
}

/* Cube map: the face and its 2D coordinates (Vulkan 1.3, 16.6 "Cube Map
 * Face Selection"). */
static void
cube_face(const float r[3], float st[2], uint32_t *face)
{
   const float ax = fabsf(r[0]), ay = fabsf(r[1]), az = fabsf(r[2]);
   float sc, tc, ma;
   if (ax >= ay && ax >= az) {
      *face = r[0] >= 0 ? 0 : 1;
      sc = r[0] >= 0 ? -r[2] : r[2];
      tc = -r[1];
      ma = ax;
   } else if (ay >= az) {
      *face = r[1] >= 0 ? 2 : 3;
      sc = r[0];
      tc = r[1] >= 0 ? r[2] : -r[2];
      ma = ay;
   } else {
      *face = r[2] >= 0 ? 4 : 5;
      sc = r[2] >= 0 ? r[0] : -r[0];
      tc = -r[1];
      ma = az;
   }
   if (ma == 0.0f)
      ma = 1.0f;
   st[0] = 0.5f * (sc / ma) + 0.5f;
   st[1] = 0.5f * (tc / ma) + 0.5f;
}

/* The face coordinates of direction r on a given face (derivatives of
 * cube coordinates: the neighbours' directions projected on the lane's
 * face). */
static void
cube_face_st(uint32_t face, const float r[3], float st[2])
{
   float sc, tc, ma;
   switch (face) {
   case 0:
   case 1:
      sc = face == 0 ? -r[2] : r[2];
      tc = -r[1];
      ma = fabsf(r[0]);
      break;
   case 2:
   case 3:
      sc = r[0];
      tc = face == 2 ? r[2] : -r[2];
      ma = fabsf(r[1]);
      break;
   default:
      sc = face == 4 ? r[0] : -r[0];
      tc = -r[1];
      ma = fabsf(r[2]);
      break;
   }
   if (ma == 0.0f)
      ma = 1.0f;
   st[0] = 0.5f * (sc / ma) + 0.5f;
   st[1] = 0.5f * (tc / ma) + 0.5f;
}

/* lambda_base of Vulkan 1.3, 16.6.2 "Scale Factor Operation" from the
 * coordinate gradients (aux [14..16] d/dx, [17..19] d/dy): rho_x, rho_y the
 * lengths of the texel-space derivatives, lambda = log2(max(rho_x, rho_y)). */
static float
grad_lambda(struct kx_ctx *ctx, const uint32_t *aux, unsigned l,
            const struct kx_image_desc *d, const struct kx_sampler_desc *s,
            enum glsl_sampler_dim dim, const float coord[4], float rho_xy[2])
{
   const unsigned sd = dim == GLSL_SAMPLER_DIM_CUBE ? 3 : spatial_dims(dim);
   float dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
   for (unsigned a = 0; a < sd && a < 3; a++) {
      dx[a] = regf(ctx, aux[14 + a], l);
      dy[a] = regf(ctx, aux[17 + a], l);
   }
   float size[3] = {1, 1, 1};
   if (!s->unnormalized_coordinates) {
      size[0] = (float)d->levels[0].width_px;
      size[1] = (float)d->levels[0].height_px;
      size[2] = (float)d->levels[0].depth_px;
   }
   unsigned n = sd;
   if (dim == GLSL_SAMPLER_DIM_CUBE) {
      float st0[2], stx[2], sty[2], st_unused[2];
      uint32_t face;
      cube_face(coord, st_unused, &face);
      const float px[3] = {coord[0] + dx[0], coord[1] + dx[1], coord[2] + dx[2]};
      const float py[3] = {coord[0] + dy[0], coord[1] + dy[1], coord[2] + dy[2]};
      cube_face_st(face, coord, st0);
      cube_face_st(face, px, stx);
      cube_face_st(face, py, sty);
      dx[0] = stx[0] - st0[0];
      dx[1] = stx[1] - st0[1];
      dy[0] = sty[0] - st0[0];
      dy[1] = sty[1] - st0[1];
      n = 2;
   }
   float rx = 0.0f, ry = 0.0f;
   for (unsigned a = 0; a < n; a++) {
      rx += (dx[a] * size[a]) * (dx[a] * size[a]);
      ry += (dy[a] * size[a]) * (dy[a] * size[a]);
   }
   if (rho_xy) {
      rho_xy[0] = sqrtf(rx);
      rho_xy[1] = sqrtf(ry);
   }
   const float rho = sqrtf(fmaxf(rx, ry));
   return log2f(rho); /* -inf for a constant coordinate: magnification */
}

static uint32_t
array_layer(float v, uint32_t layers)
{
   /* Vulkan 1.3, 16.6.1: round to nearest even, clamp to the layers. */
   const float r = rintf(v);
   if (!(r > 0.0f))
      return 0;
   return r >= (float)layers ? (layers ? layers - 1 : 0) : (uint32_t)r;
}

/* aux: [dst x 4] [coord x 4] [lod/bias] [comparator] [offset x 3] [ms/min lod] */
const struct kx_instr *
kx_op_tex(struct kx_ctx *ctx, const struct kx_instr *ip)
{
   const uint32_t *aux = ctx->aux + ip->imm[2];
   const uint32_t f = ip->imm[0];
   const nir_texop op = (nir_texop)KX_TEX_OP(f);
   const enum glsl_sampler_dim dim = KX_TEX_DIM(f);
   const bool is_array = KX_TEX_ARRAY(f);
   const bool is_int = KX_TEX_TYPE(f) != 0;
   const unsigned ncoord = KX_TEX_NCOORD(f);
   const unsigned sd = spatial_dims(dim);
   const unsigned n = ip->n;

   for (unsigned l = 0; l < KX_W; l++) {
      if (!((ctx->exec >> l) & 1))
         continue;
      union fmt_texel res;
      texel_zero(&res);
      const struct kx_image_desc *d = handle_ptr(ctx, ip->src[0], l);
      const struct kx_sampler_desc *s = handle_ptr(ctx, ip->src[1], l);

      switch (op) {
      case NIR_TEXOP_TXS: {
         const uint32_t lod = (f & KX_TEX_HAS_LOD_BIT) ? reg32(ctx, aux[8], l) : 0;
         size_of(d, dim, is_array, lod, res.u);
         if (dim == GLSL_SAMPLER_DIM_BUF && d)
            res.u[0] = d->levels[0].width_px;
         break;
      }
      case NIR_TEXOP_QUERY_LEVELS:
         res.u[0] = d ? d->num_levels : 0;
         break;
      case NIR_TEXOP_TEXTURE_SAMPLES:
         res.u[0] = d ? d->samples : 0;
         break;
      case NIR_TEXOP_LOD: {
         /* Without gradients (compute): lod 0, clamped as the sampler
          * would. x: the lod the sampler uses, y: the computed one. */
         float lambda = 0.0f;
         if ((f & KX_TEX_HAS_GRAD_BIT) && d && s) {
            float coord[4] = {0, 0, 0, 0};
            for (unsigned i = 0; i < ncoord && i < 4; i++)
               coord[i] = regf(ctx, aux[4 + i], l);
            lambda = grad_lambda(ctx, aux, l, d, s, dim, coord, NULL) + s->lod_bias;
            lambda = fmaxf(lambda, -1000.0f);
         }
         float used = s ? fminf(fmaxf(lambda, s->min_lod), s->max_lod) : 0.0f;
         if (d)
            used = fminf(fmaxf(used, 0.0f), (float)(d->num_levels ? d->num_levels - 1 : 0));
         res.f[0] = used;
         res.f[1] = lambda;
         break;
      }
      case NIR_TEXOP_TXF:
      case NIR_TEXOP_TXF_MS: {
         if (!d)
            break;
         const uint8_t *mem = image_memory(ctx, d);
         if (!mem && ctx->thread->faulted)
            return NULL;
         int32_t c[4] = {0, 0, 0, 0};
         for (unsigned i = 0; i < ncoord && i < 4; i++)
            c[i] = (int32_t)reg32(ctx, aux[4 + i], l);
         if (f & KX_TEX_HAS_OFFSET_BIT)
            for (unsigned a = 0; a < sd; a++)
               c[a] += (int32_t)reg32(ctx, aux[10 + a], l);
         const uint32_t lod = (f & KX_TEX_HAS_LOD_BIT) ? reg32(ctx, aux[8], l) : 0;
         const uint32_t layer = is_array ? (uint32_t)c[sd] : 0;
         bool ok = true;
         for (unsigned a = 0; a < sd; a++)
            ok &= c[a] >= 0;
         uint32_t x = (uint32_t)c[0], y = sd > 1 ? (uint32_t)c[1] : 0;
         if (op == NIR_TEXOP_TXF_MS || d->samples > 1)
            ok = ok && sample_coords(d, op == NIR_TEXOP_TXF_MS ? reg32(ctx, aux[13], l) : 0,
                                     &x, &y);
         if (!ok ||
             !fetch_texel(d, mem, lod, x, y, sd > 2 ? (uint32_t)c[2] : 0, layer, &res))
            texel_out_of_bounds(d, &res);
         swizzle_texel(d, is_int, &res);
         break;
      }
      default: {
         /* tex (no derivatives: lod 0), txb, txl, tg4 */
         if (!d || !s)
            break;
         struct kx_sample_req r = {
            .d = d,
            .s = s,
            .mem = image_memory(ctx, d),
            .dim = dim,
            .is_int = is_int,
            .shadow = KX_TEX_SHADOW(f) && s->compare_enable,
         };
         if (!r.mem) {
            if (ctx->thread->faulted)
               return NULL;
            break;
         }
         float coord[4] = {0, 0, 0, 0};
         for (unsigned i = 0; i < ncoord && i < 4; i++)
            coord[i] = regf(ctx, aux[4 + i], l);
         if (r.shadow) {
            r.ref = regf(ctx, aux[9], l);
            const struct kil_format_desc *fd = kil_format_desc(d->format);
            if (fd && fd->depth_type == KIL_CHANNEL_TYPE_UNORM)
               r.ref = fminf(fmaxf(r.ref, 0.0f), 1.0f);
         }
         if (f & KX_TEX_HAS_OFFSET_BIT)
            for (unsigned a = 0; a < sd && a < 3; a++)
               r.offset[a] = (int32_t)reg32(ctx, aux[10 + a], l);
         float uvw[3] = {coord[0], coord[1], coord[2]};
         if (dim == GLSL_SAMPLER_DIM_CUBE) {
            uint32_t face;
            cube_face(coord, uvw, &face);
            const uint32_t cube = is_array ? array_layer(coord[3], d->num_layers / 6) : 0;
            r.layer = cube * 6 + face;
         } else if (is_array) {
            r.layer = array_layer(coord[sd], d->num_layers);
         }
         /* A multi-planar view through a Y'CbCr conversion: kx_ycbcr.c
          * (one level, clamp to edge, normalized: the conversion's valid
          * usage). */
         if (s->ycbcr.enabled && d->plane_count > 1 && dim == GLSL_SAMPLER_DIM_2D) {
            if (!kx_ycbcr_sample(ctx->thread, d, s, uvw[0], uvw[1], r.layer, res.f))
               return NULL;
            break;
         }

         /* Level of detail: from the gradients (textureGrad, implicit
          * lod in fragment shaders) plus bias, or explicit. */
         float lambda = 0.0f;
         float rho[2] = {0.0f, 0.0f};
         if (f & KX_TEX_HAS_GRAD_BIT)
            lambda = grad_lambda(ctx, aux, l, d, s, dim, coord, rho);
         /* Anisotropy (Vulkan 1.3, 16.6.x "Scale Factor Operation" and
          * "Texel Anisotropic Filtering", the approximation the spec
          * describes): eta = min(rho_max / rho_min, maxAnisotropy),
          * lambda_base = log2(rho_max / eta), and N = ceil(eta) isotropic
          * samples spread along the major axis's derivative at
          * -1/2 + i / (N + 1), i = 1..N, averaged. Not for cube maps,
          * unnormalized coordinates, integer formats or gathers: those
          * sample once. */
         unsigned aniso_n = 1;
         float aniso_step[3] = {0, 0, 0};
         if ((f & KX_TEX_HAS_GRAD_BIT) && s->max_anisotropy > 1.0f && !is_int &&
             dim != GLSL_SAMPLER_DIM_CUBE && !s->unnormalized_coordinates &&
             op != NIR_TEXOP_TG4) {
            const float rmax = fmaxf(rho[0], rho[1]), rmin = fminf(rho[0], rho[1]);
            const float eta = rmin > 0.0f ? fminf(rmax / rmin, s->max_anisotropy)
                                          : s->max_anisotropy;
            if (rmax > 0.0f && eta > 1.0f) {
               aniso_n = (unsigned)ceilf(eta);
               lambda = log2f(rmax / eta);
               const unsigned base = rho[0] > rho[1] ? 14 : 17;
               for (unsigned a = 0; a < sd && a < 3; a++)
                  aniso_step[a] = regf(ctx, aux[base + a], l);
            }
         }
         if (f & KX_TEX_HAS_LOD_BIT)
            lambda += regf(ctx, aux[8], l);
         if (!s->unnormalized_coordinates) {
            lambda += s->lod_bias;
            if (f & KX_TEX_HAS_MIN_LOD_BIT)
               lambda = fmaxf(lambda, regf(ctx, aux[13], l));
            lambda = fminf(fmaxf(lambda, s->min_lod), s->max_lod);
         } else {
            lambda = 0.0f;
         }
         if (op == NIR_TEXOP_TG4) {
            /* Gather: component `c` of the 2x2 footprint of the nearest
             * level, in the order (i0,j1) (i1,j1) (i1,j0) (i0,j0). */
            const uint32_t level = 0;
            const struct kx_image_level *lvl = &d->levels[level];
            const float x = uvw[0] * (s->unnormalized_coordinates ? 1.0f : (float)lvl->width_px) - 0.5f;
            const float y = uvw[1] * (s->unnormalized_coordinates ? 1.0f : (float)lvl->height_px) - 0.5f;
            const int64_t i0 = (int64_t)floorf(x) + r.offset[0];
            const int64_t j0 = (int64_t)floorf(y) + r.offset[1];
            static const int corner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
            const unsigned comp = KX_TEX_COMPONENT(f);
            for (unsigned k = 0; k < 4; k++) {
               const int64_t ijk[3] = {i0 + corner[k][0], j0 + corner[k][1], 0};
               union fmt_texel t;
               if (dim == GLSL_SAMPLER_DIM_CUBE && !s->non_seamless_cube)
                  cube_texel(&r, level, ijk[0], ijk[1], &t);
               else
                  footprint_texel(&r, level, ijk, &t);
               if (!r.shadow)
                  swizzle_texel(d, is_int, &t);
               res.u[k] = t.u[r.shadow ? 0 : comp];
            }
            break;
         }

         if (aniso_n == 1) {
            sample_lod(&r, uvw, lambda, &res);
         } else {
            float acc[4] = {0, 0, 0, 0};
            for (unsigned i = 1; i <= aniso_n; i++) {
               const float t = -0.5f + (float)i / (float)(aniso_n + 1);
               float p[3];
               for (unsigned a = 0; a < 3; a++)
                  p[a] = uvw[a] + t * aniso_step[a];
               union fmt_texel one;
               sample_lod(&r, p, lambda, &one);
               for (unsigned c = 0; c < 4; c++)
                  acc[c] += one.f[c];
            }
            for (unsigned c = 0; c < 4; c++)
               res.f[c] = acc[c] / (float)aniso_n;
         }
         if (r.shadow) {
            const float v = res.f[0];
            texel_zero(&res);
            res.f[0] = v;
         } else {
            swizzle_texel(d, is_int, &res);
         }
         break;
      }
      }
      store_result(ctx, aux, n, l, &res);
   }
   return ip + 1;
}
