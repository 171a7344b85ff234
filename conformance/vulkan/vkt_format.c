/* SPDX-License-Identifier: MIT */
#include "vkt_format.h"

#include <math.h>
#include <string.h>

#define F(fmt, size, cls, r, g, b, a)                                                    \
   {VK_FORMAT_##fmt, #fmt, size, VKT_CLASS_##cls, false, {r, g, b, a}}
#define C(t, s, n) {VKT_##t, s, n}
#define X {VKT_NONE, 0, 0}

const struct vkt_format vkt_formats[] = {
   /* 8-bit channels */
   F(R8_UNORM, 1, FLOAT, C(UNORM, 0, 8), X, X, X),
   F(R8_SNORM, 1, FLOAT, C(SNORM, 0, 8), X, X, X),
   F(R8_UINT, 1, UINT, C(UINT, 0, 8), X, X, X),
   F(R8_SINT, 1, SINT, C(SINT, 0, 8), X, X, X),
   F(R8_SRGB, 1, FLOAT, C(SRGB, 0, 8), X, X, X),
   F(R8G8_UNORM, 2, FLOAT, C(UNORM, 0, 8), C(UNORM, 8, 8), X, X),
   F(R8G8_SNORM, 2, FLOAT, C(SNORM, 0, 8), C(SNORM, 8, 8), X, X),
   F(R8G8_UINT, 2, UINT, C(UINT, 0, 8), C(UINT, 8, 8), X, X),
   F(R8G8_SINT, 2, SINT, C(SINT, 0, 8), C(SINT, 8, 8), X, X),
   F(R8G8_SRGB, 2, FLOAT, C(SRGB, 0, 8), C(SRGB, 8, 8), X, X),
   F(R8G8B8A8_UNORM, 4, FLOAT, C(UNORM, 0, 8), C(UNORM, 8, 8), C(UNORM, 16, 8),
     C(UNORM, 24, 8)),
   F(R8G8B8A8_SNORM, 4, FLOAT, C(SNORM, 0, 8), C(SNORM, 8, 8), C(SNORM, 16, 8),
     C(SNORM, 24, 8)),
   F(R8G8B8A8_UINT, 4, UINT, C(UINT, 0, 8), C(UINT, 8, 8), C(UINT, 16, 8), C(UINT, 24, 8)),
   F(R8G8B8A8_SINT, 4, SINT, C(SINT, 0, 8), C(SINT, 8, 8), C(SINT, 16, 8), C(SINT, 24, 8)),
   F(R8G8B8A8_SRGB, 4, FLOAT, C(SRGB, 0, 8), C(SRGB, 8, 8), C(SRGB, 16, 8), C(UNORM, 24, 8)),
   F(B8G8R8A8_UNORM, 4, FLOAT, C(UNORM, 16, 8), C(UNORM, 8, 8), C(UNORM, 0, 8),
     C(UNORM, 24, 8)),
   F(B8G8R8A8_SRGB, 4, FLOAT, C(SRGB, 16, 8), C(SRGB, 8, 8), C(SRGB, 0, 8), C(UNORM, 24, 8)),
   /* 16-bit channels */
   F(R16_UNORM, 2, FLOAT, C(UNORM, 0, 16), X, X, X),
   F(R16_SNORM, 2, FLOAT, C(SNORM, 0, 16), X, X, X),
   F(R16_UINT, 2, UINT, C(UINT, 0, 16), X, X, X),
   F(R16_SINT, 2, SINT, C(SINT, 0, 16), X, X, X),
   F(R16_SFLOAT, 2, FLOAT, C(SFLOAT, 0, 16), X, X, X),
   F(R16G16_UNORM, 4, FLOAT, C(UNORM, 0, 16), C(UNORM, 16, 16), X, X),
   F(R16G16_SNORM, 4, FLOAT, C(SNORM, 0, 16), C(SNORM, 16, 16), X, X),
   F(R16G16_UINT, 4, UINT, C(UINT, 0, 16), C(UINT, 16, 16), X, X),
   F(R16G16_SINT, 4, SINT, C(SINT, 0, 16), C(SINT, 16, 16), X, X),
   F(R16G16_SFLOAT, 4, FLOAT, C(SFLOAT, 0, 16), C(SFLOAT, 16, 16), X, X),
   F(R16G16B16A16_UNORM, 8, FLOAT, C(UNORM, 0, 16), C(UNORM, 16, 16), C(UNORM, 32, 16),
     C(UNORM, 48, 16)),
   F(R16G16B16A16_SNORM, 8, FLOAT, C(SNORM, 0, 16), C(SNORM, 16, 16), C(SNORM, 32, 16),
     C(SNORM, 48, 16)),
   F(R16G16B16A16_UINT, 8, UINT, C(UINT, 0, 16), C(UINT, 16, 16), C(UINT, 32, 16),
     C(UINT, 48, 16)),
   F(R16G16B16A16_SINT, 8, SINT, C(SINT, 0, 16), C(SINT, 16, 16), C(SINT, 32, 16),
     C(SINT, 48, 16)),
   F(R16G16B16A16_SFLOAT, 8, FLOAT, C(SFLOAT, 0, 16), C(SFLOAT, 16, 16), C(SFLOAT, 32, 16),
     C(SFLOAT, 48, 16)),
   /* 32-bit channels */
   F(R32_UINT, 4, UINT, C(UINT, 0, 32), X, X, X),
   F(R32_SINT, 4, SINT, C(SINT, 0, 32), X, X, X),
   F(R32_SFLOAT, 4, FLOAT, C(SFLOAT, 0, 32), X, X, X),
   F(R32G32_UINT, 8, UINT, C(UINT, 0, 32), C(UINT, 32, 32), X, X),
   F(R32G32_SINT, 8, SINT, C(SINT, 0, 32), C(SINT, 32, 32), X, X),
   F(R32G32_SFLOAT, 8, FLOAT, C(SFLOAT, 0, 32), C(SFLOAT, 32, 32), X, X),
   F(R32G32B32A32_UINT, 16, UINT, C(UINT, 0, 32), C(UINT, 32, 32), C(UINT, 64, 32),
     C(UINT, 96, 32)),
   F(R32G32B32A32_SINT, 16, SINT, C(SINT, 0, 32), C(SINT, 32, 32), C(SINT, 64, 32),
     C(SINT, 96, 32)),
   F(R32G32B32A32_SFLOAT, 16, FLOAT, C(SFLOAT, 0, 32), C(SFLOAT, 32, 32), C(SFLOAT, 64, 32),
     C(SFLOAT, 96, 32)),
   /* packed */
   F(R5G6B5_UNORM_PACK16, 2, FLOAT, C(UNORM, 11, 5), C(UNORM, 5, 6), C(UNORM, 0, 5), X),
   F(A2B10G10R10_UNORM_PACK32, 4, FLOAT, C(UNORM, 0, 10), C(UNORM, 10, 10), C(UNORM, 20, 10),
     C(UNORM, 30, 2)),
   F(A2B10G10R10_UINT_PACK32, 4, UINT, C(UINT, 0, 10), C(UINT, 10, 10), C(UINT, 20, 10),
     C(UINT, 30, 2)),
   F(B10G11R11_UFLOAT_PACK32, 4, FLOAT, C(UFLOAT, 0, 11), C(UFLOAT, 11, 11),
     C(UFLOAT, 22, 10), X),
   {VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, "E5B9G9R9_UFLOAT_PACK32", 4, VKT_CLASS_FLOAT, true,
    {C(UFLOAT, 0, 9), C(UFLOAT, 9, 9), C(UFLOAT, 18, 9), X}},
   {0},
};

const struct vkt_format *
vkt_format_find(VkFormat format)
{
   for (const struct vkt_format *f = vkt_formats; f->format; f++)
      if (f->format == format)
         return f;
   return NULL;
}

static uint64_t
get_bits(const uint8_t *el, unsigned size_B, unsigned shift, unsigned bits)
{
   uint64_t lo = 0, hi = 0;
   for (unsigned i = 0; i < size_B && i < 8; i++)
      lo |= (uint64_t)el[i] << (8 * i);
   for (unsigned i = 8; i < size_B; i++)
      hi |= (uint64_t)el[i] << (8 * (i - 8));
   const uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
   if (shift >= 64)
      return (hi >> (shift - 64)) & mask;
   return (lo >> shift) & mask;
}

static void
put_bits(uint8_t *el, unsigned shift, unsigned bits, uint64_t v)
{
   for (unsigned b = 0; b < bits; b++) {
      const unsigned pos = shift + b;
      if ((v >> b) & 1)
         el[pos / 8] |= (uint8_t)(1u << (pos % 8));
      else
         el[pos / 8] &= (uint8_t)~(1u << (pos % 8));
   }
}

static float
half_to_float(uint32_t h)
{
   const uint32_t e = (h >> 10) & 31, m = h & 1023;
   const float s = (h & 0x8000) ? -1.0f : 1.0f;
   if (e == 0)
      return s * ldexpf((float)m, -24);
   if (e == 31)
      return m ? NAN : s * INFINITY;
   return s * ldexpf((float)(m | 1024), (int)e - 25);
}

/* Unsigned small float: 5-bit exponent (bias 15), `mbits` mantissa bits. */
static float
ufloat_to_float(uint32_t v, unsigned mbits)
{
   const uint32_t e = v >> mbits, m = v & ((1u << mbits) - 1);
   if (e == 0)
      return ldexpf((float)m, -14 - (int)mbits);
   if (e == 31)
      return m ? NAN : INFINITY;
   return ldexpf((float)(m | (1u << mbits)), (int)e - 15 - (int)mbits);
}

static float
srgb_to_linear(float c)
{
   /* Vulkan 1.3 / Khronos Data Format 1.3, 13.3.1 (EOTF). */
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

void
vkt_format_decode(const struct vkt_format *f, const uint8_t *el, union vkt_value *out)
{
   memset(out, 0, sizeof(*out));
   if (f->cls == VKT_CLASS_FLOAT)
      out->f[3] = 1.0f;
   else
      out->u[3] = 1;
   if (f->shared_exponent) {
      const uint32_t v = (uint32_t)get_bits(el, 4, 0, 32);
      const int e = (int)(v >> 27);
      for (unsigned c = 0; c < 3; c++)
         out->f[c] = ldexpf((float)((v >> (9 * c)) & 511), e - 15 - 9);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      const unsigned bits = f->c[c].bits;
      if (f->c[c].type == VKT_NONE)
         continue;
      const uint64_t raw = get_bits(el, f->size_B, f->c[c].shift, bits);
      const double max_u = (double)((1ull << bits) - 1);
      const int64_t sraw = (int64_t)(raw << (64 - bits)) >> (64 - bits);
      switch (f->c[c].type) {
      case VKT_UNORM:
         out->f[c] = (float)((double)raw / max_u);
         break;
      case VKT_SRGB:
         out->f[c] = srgb_to_linear((float)((double)raw / max_u));
         break;
      case VKT_SNORM: {
         const double m = (double)((1ull << (bits - 1)) - 1);
         const double v = (double)sraw / m;
         out->f[c] = (float)(v < -1.0 ? -1.0 : v);
         break;
      }
      case VKT_UINT:
         out->u[c] = (uint32_t)raw;
         break;
      case VKT_SINT:
         out->i[c] = (int32_t)sraw;
         break;
      case VKT_SFLOAT:
         if (bits == 16) {
            out->f[c] = half_to_float((uint32_t)raw);
         } else {
            const uint32_t u = (uint32_t)raw;
            memcpy(&out->f[c], &u, 4);
         }
         break;
      case VKT_UFLOAT:
         out->f[c] = ufloat_to_float((uint32_t)raw, bits - 5);
         break;
      default:
         break;
      }
   }
}

static uint64_t
rng(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

void
vkt_format_random_element(const struct vkt_format *f, uint64_t *seed, uint8_t *el)
{
   memset(el, 0, f->size_B);
   for (unsigned i = 0; i < f->size_B; i++)
      el[i] = (uint8_t)rng(seed);
   if (f->shared_exponent)
      return;
   for (unsigned c = 0; c < 4; c++) {
      const unsigned bits = f->c[c].bits, shift = f->c[c].shift;
      switch (f->c[c].type) {
      case VKT_SNORM:
         /* The most negative value is a second -1.0: avoid it. */
         if (get_bits(el, f->size_B, shift, bits) == 1ull << (bits - 1))
            put_bits(el, shift, bits, (1ull << (bits - 1)) + 1);
         break;
      case VKT_SFLOAT: {
         /* A normal number: exponent strictly inside its range. */
         const unsigned mbits = bits == 16 ? 10 : 23, ebits = bits == 16 ? 5 : 8;
         const uint64_t emax = (1ull << ebits) - 1;
         const uint64_t e = 1 + rng(seed) % (emax - 1);
         put_bits(el, shift + mbits, ebits, e);
         break;
      }
      case VKT_UFLOAT: {
         const unsigned mbits = bits - 5;
         put_bits(el, shift + mbits, 5, 1 + rng(seed) % 30);
         break;
      }
      default:
         break;
      }
   }
}
