/* SPDX-License-Identifier: MIT */
/*
 * Texel packing and unpacking driven by kil's format table: an element is a
 * little-endian integer of el_size_B bytes and each channel is `bits` bits
 * at `shift` (kil_format.h), so one bit-field reader serves array, packed
 * and depth/stencil formats alike.
 */
#include "fmt.h"

#include <math.h>
#include <string.h>

#include "util/half_float.h"

static uint32_t
get_bits(const uint8_t *p, unsigned shift, unsigned bits)
{
   /* At most 32 bits starting anywhere: five bytes cover them. */
   const unsigned first = shift / 8, skip = shift % 8;
   const unsigned nbytes = (skip + bits + 7) / 8;
   uint64_t v = 0;
   for (unsigned i = 0; i < nbytes; i++)
      v |= (uint64_t)p[first + i] << (8 * i);
   v >>= skip;
   return (uint32_t)(bits >= 32 ? v : v & ((1ull << bits) - 1));
}

static void
set_bits(uint8_t *p, unsigned shift, unsigned bits, uint32_t value)
{
   const unsigned first = shift / 8, skip = shift % 8;
   const unsigned nbytes = (skip + bits + 7) / 8;
   const uint64_t mask = (bits >= 32 ? 0xffffffffull : ((1ull << bits) - 1)) << skip;
   const uint64_t v = ((uint64_t)value << skip) & mask;
   for (unsigned i = 0; i < nbytes; i++) {
      const uint8_t m = (uint8_t)(mask >> (8 * i));
      p[first + i] = (uint8_t)((p[first + i] & ~m) | (uint8_t)(v >> (8 * i)));
   }
}

static int32_t
sign_extend(uint32_t v, unsigned bits)
{
   if (bits >= 32)
      return (int32_t)v;
   const uint32_t sign = 1u << (bits - 1);
   return (int32_t)((v ^ sign) - sign);
}

bool
fmt_format_is_convertible(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   /* Multi-planar formats have no element (el_size_B 0): their planes do. */
   if (!d || d->compression != KIL_COMPRESSION_NONE || d->aspects != KIL_ASPECT_COLOR ||
       d->el_size_B == 0)
      return false;
   for (unsigned c = 0; c < 4; c++) {
      if (d->rgba[c].bits > 32)
         return false;
   }
   return true;
}

enum fmt_class
fmt_format_class(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (d && d->type == KIL_CHANNEL_TYPE_UINT)
      return FMT_CLASS_UINT;
   if (d && d->type == KIL_CHANNEL_TYPE_SINT)
      return FMT_CLASS_SINT;
   return FMT_CLASS_FLOAT;
}

static float
unpack_float_channel(enum kil_channel_type type, uint32_t raw, unsigned bits)
{
   switch (type) {
   case KIL_CHANNEL_TYPE_UNORM:
      return fmt_unorm_to_float(raw, bits);
   case KIL_CHANNEL_TYPE_SNORM:
      return fmt_snorm_to_float(sign_extend(raw, bits), bits);
   case KIL_CHANNEL_TYPE_USCALED:
      return (float)raw;
   case KIL_CHANNEL_TYPE_SSCALED:
      return (float)sign_extend(raw, bits);
   case KIL_CHANNEL_TYPE_UFLOAT:
      return fmt_small_ufloat_to_float(raw, bits - 5);
   case KIL_CHANNEL_TYPE_SFLOAT:
      if (bits == 16)
         return util_half_to_float((uint16_t)raw);
      float f;
      memcpy(&f, &raw, 4);
      return f;
   case KIL_CHANNEL_TYPE_SRGB:
      return fmt_srgb_to_linear(fmt_unorm_to_float(raw, bits));
   default:
      return 0.0f;
   }
}

static uint32_t
clamp_scaled(float f, double lo, double hi)
{
   /* Scaled formats: round to nearest, clamp to the range, NaN to 0. */
   if (f != f)
      return 0;
   double v = nearbyint((double)f);
   v = v < lo ? lo : v > hi ? hi : v;
   return (uint32_t)(int64_t)v;
}

static uint32_t
pack_float_channel(enum kil_channel_type type, float f, unsigned bits)
{
   const uint32_t mask = bits >= 32 ? UINT32_MAX : (1u << bits) - 1;
   switch (type) {
   case KIL_CHANNEL_TYPE_UNORM:
      return fmt_float_to_unorm(f, bits);
   case KIL_CHANNEL_TYPE_SNORM:
      return (uint32_t)fmt_float_to_snorm(f, bits) & mask;
   case KIL_CHANNEL_TYPE_USCALED:
      return clamp_scaled(f, 0.0, (double)mask);
   case KIL_CHANNEL_TYPE_SSCALED:
      return clamp_scaled(f, -(double)(1u << (bits - 1)), (double)((1u << (bits - 1)) - 1)) &
             mask;
   case KIL_CHANNEL_TYPE_UFLOAT:
      return fmt_float_to_small_ufloat(f, bits - 5);
   case KIL_CHANNEL_TYPE_SFLOAT:
      if (bits == 16)
         return util_float_to_half(f);
      uint32_t u;
      memcpy(&u, &f, 4);
      return u;
   case KIL_CHANNEL_TYPE_SRGB:
      return fmt_float_to_unorm(fmt_linear_to_srgb(f), bits);
   default:
      return 0;
   }
}

void
fmt_unpack_color(enum kil_format format, const void *src, union fmt_texel *out)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   const uint8_t *p = src;
   const enum fmt_class cls = fmt_format_class(format);
   if (cls == FMT_CLASS_FLOAT) {
      out->f[0] = out->f[1] = out->f[2] = 0.0f;
      out->f[3] = 1.0f;
   } else {
      out->u[0] = out->u[1] = out->u[2] = 0;
      out->u[3] = 1;
   }
   if (d->flags & KIL_FORMAT_FLAG_SHARED_EXPONENT) {
      uint32_t v;
      memcpy(&v, p, 4);
      fmt_unpack_rgb9e5(v, out->f);
      return;
   }
   for (unsigned c = 0; c < 4; c++) {
      const struct kil_channel ch = d->rgba[c];
      if (ch.bits == 0)
         continue;
      const uint32_t raw = get_bits(p, ch.shift, ch.bits);
      switch (cls) {
      case FMT_CLASS_UINT:
         out->u[c] = raw;
         break;
      case FMT_CLASS_SINT:
         out->i[c] = sign_extend(raw, ch.bits);
         break;
      default: {
         const enum kil_channel_type type =
            d->type == KIL_CHANNEL_TYPE_SRGB && c == 3 ? KIL_CHANNEL_TYPE_UNORM : d->type;
         out->f[c] = unpack_float_channel(type, raw, ch.bits);
         break;
      }
      }
   }
}

void
fmt_pack_color(enum kil_format format, const union fmt_texel *in, void *dst)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   uint8_t *p = dst;
   memset(p, 0, d->el_size_B);
   if (d->flags & KIL_FORMAT_FLAG_SHARED_EXPONENT) {
      const uint32_t v = fmt_pack_rgb9e5(in->f);
      memcpy(p, &v, 4);
      return;
   }
   const enum fmt_class cls = fmt_format_class(format);
   for (unsigned c = 0; c < 4; c++) {
      const struct kil_channel ch = d->rgba[c];
      if (ch.bits == 0)
         continue;
      uint32_t raw;
      switch (cls) {
      case FMT_CLASS_UINT: {
         const uint32_t max = ch.bits >= 32 ? UINT32_MAX : (1u << ch.bits) - 1;
         raw = in->u[c] > max ? max : in->u[c];
         break;
      }
      case FMT_CLASS_SINT: {
         const int32_t max = ch.bits >= 32 ? INT32_MAX : (int32_t)((1u << (ch.bits - 1)) - 1);
         const int32_t min = -max - 1;
         const int32_t v = in->i[c] > max ? max : in->i[c] < min ? min : in->i[c];
         raw = (uint32_t)v & (ch.bits >= 32 ? UINT32_MAX : (1u << ch.bits) - 1);
         break;
      }
      default: {
         const enum kil_channel_type type =
            d->type == KIL_CHANNEL_TYPE_SRGB && c == 3 ? KIL_CHANNEL_TYPE_UNORM : d->type;
         raw = pack_float_channel(type, in->f[c], ch.bits);
         break;
      }
      }
      set_bits(p, ch.shift, ch.bits, raw);
   }
}

float
fmt_unpack_depth(enum kil_format format, const void *src)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   const uint32_t raw = get_bits(src, d->depth.shift, d->depth.bits);
   if (d->depth_type == KIL_CHANNEL_TYPE_SFLOAT) {
      float f;
      memcpy(&f, &raw, 4);
      return f;
   }
   return fmt_unorm_to_float(raw, d->depth.bits);
}

void
fmt_pack_depth(enum kil_format format, float depth, void *dst)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   uint32_t raw;
   if (d->depth_type == KIL_CHANNEL_TYPE_SFLOAT)
      memcpy(&raw, &depth, 4);
   else
      raw = fmt_float_to_unorm(depth, d->depth.bits);
   set_bits(dst, d->depth.shift, d->depth.bits, raw);
}

uint8_t
fmt_unpack_stencil(enum kil_format format, const void *src)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   return (uint8_t)get_bits(src, d->stencil.shift, d->stencil.bits);
}

void
fmt_pack_stencil(enum kil_format format, uint8_t stencil, void *dst)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   set_bits(dst, d->stencil.shift, d->stencil.bits, stencil);
}
