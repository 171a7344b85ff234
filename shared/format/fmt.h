/* SPDX-License-Identifier: MIT */
/*
 * fmt: converting texels between their stored bits and values.
 *
 * Keyed by kil_format (shared/layout), whose table says where each channel's
 * bits are and how they read; so any format kil describes converts, with no
 * per-format code. Used by the Vulkan driver's blits and clears (and later
 * its image sampling and storage), and by the GL stack for pixel transfers:
 * one implementation of the spec's conversion rules for both.
 *
 * Colour values come in one of three classes, decided by the format:
 *    FLOAT: UNORM, SNORM, USCALED, SSCALED, UFLOAT, SFLOAT, SRGB (decoded to
 *           linear on unpack, encoded on pack)
 *    UINT, SINT: the integer formats.
 * Unpacking fills absent channels with (0, 0, 0, 1). Packing follows Vulkan
 * 1.3 section 3.9 ("Fixed-Point Data Conversions") and the small-float
 * sections: round to nearest, clamp to what the format can hold (NaN to 0
 * for normalized formats), integers clamped to their range.
 *
 * Compressed formats and 64-bit channels do not convert (fmt_format_is_convertible).
 */
#ifndef FMT_H
#define FMT_H

#include <stdbool.h>
#include <stdint.h>

#include "layout/kil_format.h"

enum fmt_class {
   FMT_CLASS_FLOAT,
   FMT_CLASS_UINT,
   FMT_CLASS_SINT,
};

union fmt_texel {
   float f[4];
   uint32_t u[4];
   int32_t i[4];
};

/* A colour format whose channels unpack and pack here. */
bool fmt_format_is_convertible(enum kil_format format);
enum fmt_class fmt_format_class(enum kil_format format);

/* One element at `src` / `dst` (el_size_B bytes, kil's channel layout). The
 * format must be convertible. */
void fmt_unpack_color(enum kil_format format, const void *src, union fmt_texel *out);
void fmt_pack_color(enum kil_format format, const union fmt_texel *in, void *dst);

/* Depth and stencil of formats with those aspects. Packing one aspect keeps
 * the other's bits (D24_UNORM_S8_UINT, D32_SFLOAT_S8_UINT). Depth packs to
 * UNORM formats clamped to [0, 1]. */
float fmt_unpack_depth(enum kil_format format, const void *src);
void fmt_pack_depth(enum kil_format format, float depth, void *dst);
uint8_t fmt_unpack_stencil(enum kil_format format, const void *src);
void fmt_pack_stencil(enum kil_format format, uint8_t stencil, void *dst);

/* The pieces, for tests and for code that converts one channel. */
float fmt_srgb_to_linear(float srgb);
float fmt_linear_to_srgb(float linear);
float fmt_unorm_to_float(uint32_t v, unsigned bits);
float fmt_snorm_to_float(int32_t v, unsigned bits);
uint32_t fmt_float_to_unorm(float f, unsigned bits);
int32_t fmt_float_to_snorm(float f, unsigned bits);
/* Unsigned small floats with a 5-bit exponent (B10G11R11: 6- and 5-bit
 * mantissas). */
float fmt_small_ufloat_to_float(uint32_t v, unsigned mantissa_bits);
uint32_t fmt_float_to_small_ufloat(float f, unsigned mantissa_bits);
/* E5B9G9R9_UFLOAT_PACK32. */
uint32_t fmt_pack_rgb9e5(const float rgb[3]);
void fmt_unpack_rgb9e5(uint32_t v, float rgb[3]);

/* Block-compressed BC1-BC7 (Khronos Data Format Specification 1.3,
 * chapters 19-21): a whole 4x4 block decoded, texel (x, y) at 4 * y + x,
 * values as fmt_unpack_color gives them (float class; sRGB decoded to
 * linear; absent channels 0, alpha 1). */
bool fmt_format_is_bc(enum kil_format format);
void fmt_bc_decode_block(enum kil_format format, const void *block, union fmt_texel out[16]);
/* BC6H alone (UFLOAT or SFLOAT), and the header size of mode 0..13 (mode
 * bits included), for tests. */
void fmt_bc6h_decode_block(const uint8_t *block, bool is_signed, union fmt_texel out[16]);
unsigned fmt_bc6h_header_bits(unsigned mode);

#endif /* FMT_H */
