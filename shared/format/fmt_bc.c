/* SPDX-License-Identifier: MIT */
/*
 * Block-compressed formats BC1-BC5 and BC7, decoded as the Khronos Data
 * Format Specification 1.3 defines them: chapter 19 "S3TC Compressed
 * Texture Image Formats" (BC1-BC3), 20 "RGTC" (BC4, BC5) and 21 "BPTC"
 * (BC7). One 4x4 block at a time, texel (x, y) of the block at index
 * 4 * y + x, values as fmt_unpack_color gives them (sRGB decoded).
 */
#include "fmt.h"

#include <string.h>

/* Bits [first, first + count) of a little-endian block, count <= 32. */
static uint32_t
block_bits(const uint8_t *b, unsigned first, unsigned count)
{
   uint64_t v = 0;
   const unsigned byte = first / 8;
   const unsigned nbytes = (first % 8 + count + 7) / 8;
   for (unsigned i = 0; i < nbytes && byte + i < 16; i++)
      v |= (uint64_t)b[byte + i] << (8 * i);
   v >>= first % 8;
   return (uint32_t)(v & ((1ull << count) - 1));
}

static void
rgb565(uint16_t c, float rgb[3])
{
   rgb[0] = (float)(c >> 11) / 31.0f;
   rgb[1] = (float)((c >> 5) & 63) / 63.0f;
   rgb[2] = (float)(c & 31) / 31.0f;
}

/* DFD 1.3, 19.1: the colour half of BC1/BC2/BC3. `three_colour` allows
 * the color0 <= color1 mode (BC1 only; BC2 and BC3 always interpolate
 * four colours, 19.2). */
static void
decode_s3tc_colour(const uint8_t *b, bool three_colour, bool punch_alpha,
                   union fmt_texel out[16])
{
   const uint16_t c0 = (uint16_t)(b[0] | b[1] << 8), c1 = (uint16_t)(b[2] | b[3] << 8);
   float pal[4][4];
   rgb565(c0, pal[0]);
   rgb565(c1, pal[1]);
   pal[0][3] = pal[1][3] = pal[2][3] = pal[3][3] = 1.0f;
   const bool four = !three_colour || c0 > c1;
   for (unsigned c = 0; c < 3; c++) {
      if (four) {
         pal[2][c] = (2.0f * pal[0][c] + pal[1][c]) / 3.0f;
         pal[3][c] = (pal[0][c] + 2.0f * pal[1][c]) / 3.0f;
      } else {
         pal[2][c] = (pal[0][c] + pal[1][c]) / 2.0f;
         pal[3][c] = 0.0f;
      }
   }
   if (!four && punch_alpha)
      pal[3][3] = 0.0f;
   for (unsigned i = 0; i < 16; i++)
      memcpy(out[i].f, pal[block_bits(b, 32 + 2 * i, 2)], sizeof(pal[0]));
}

/* DFD 1.3, 20.1: one BC4 channel (8 bytes) into channel `ch`. */
static void
decode_rgtc_channel(const uint8_t *b, bool is_signed, unsigned ch, union fmt_texel out[16])
{
   float e0, e1;
   bool six;
   if (is_signed) {
      const int8_t r0 = (int8_t)b[0], r1 = (int8_t)b[1];
      e0 = fmt_snorm_to_float(r0, 8);
      e1 = fmt_snorm_to_float(r1, 8);
      six = r0 <= r1;
   } else {
      e0 = fmt_unorm_to_float(b[0], 8);
      e1 = fmt_unorm_to_float(b[1], 8);
      six = b[0] <= b[1];
   }
   float pal[8] = {e0, e1};
   if (!six) {
      for (unsigned k = 2; k < 8; k++)
         pal[k] = ((float)(8 - k) * e0 + (float)(k - 1) * e1) / 7.0f;
   } else {
      for (unsigned k = 2; k < 6; k++)
         pal[k] = ((float)(6 - k) * e0 + (float)(k - 1) * e1) / 5.0f;
      pal[6] = is_signed ? -1.0f : 0.0f;
      pal[7] = 1.0f;
   }
   for (unsigned i = 0; i < 16; i++)
      out[i].f[ch] = pal[block_bits(b, 16 + 3 * i, 3)];
}

/* --- BC7 (DFD 1.3, 21.1) ------------------------------------------------------- */

struct bc7_mode {
   uint8_t subsets, partition_bits, rotation_bits, index_sel_bits;
   uint8_t colour_bits, alpha_bits, endpoint_pbits, shared_pbits;
   uint8_t index_bits, index2_bits;
};

static const struct bc7_mode bc7_modes[8] = {
   {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},
   {3, 6, 0, 0, 5, 0, 0, 0, 2, 0}, {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},
   {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
   {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

/* Table 21.4/21.5 (two subsets) as masks, bit i = texel i in subset 1. */
static const uint16_t bc7_partition2[64] = {
   0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80,
   0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000,
   0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
   0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c,
   0xaaaa, 0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a,
   0x73ce, 0x13c8, 0x324c, 0x3bdc, 0x6996, 0xc33c, 0x9966, 0x0660,
   0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6, 0x639c,
   0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};

/* Three subsets: 2 bits per texel, texel i at bits 2i. */
static const uint32_t bc7_partition3[64] = {
   0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0,
   0x5a5a5050, 0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4,
   0xa9a59450, 0x2a0a4250, 0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454,
   0x6a6a4040, 0xa4a45000, 0x1a1a0500, 0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400,
   0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200, 0xa9a58000, 0x5090a0a8, 0xa8a09050,
   0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50, 0x500aa550, 0xaaaa4444,
   0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600, 0xaa444444,
   0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
   0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44,
   0x2a4a5254,
};

/* Anchor texels of subset 1 (two subsets), and of subsets 1 and 2 (three). */
static const uint8_t bc7_anchor2[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
   15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
   15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2,  2,  2,  15, 15, 6,
   6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15,
};
static const uint8_t bc7_anchor3a[64] = {
   3, 3,  15, 15, 8, 3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,
   3, 3,  8,  15, 3, 3,  6,  10, 5,  8,  8,  6,  8,  5,  15, 15,
   8, 15, 3,  5,  6, 10, 8,  15, 15, 3,  15, 5,  15, 15, 15, 15,
   3, 15, 5,  5,  5, 8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3,
};
static const uint8_t bc7_anchor3b[64] = {
   15, 8,  8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,
   15, 8,  15, 3,  15, 8,  15, 8,  3,  15, 6,  10, 15, 15, 10, 8,
   15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15, 3,  6,  6,  8,
   15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,
};

static const uint8_t bc7_weights2[4] = {0, 21, 43, 64};
static const uint8_t bc7_weights3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
static const uint8_t bc7_weights4[16] = {0, 4, 9, 13, 17, 21, 26, 30,
                                         34, 38, 43, 47, 51, 55, 60, 64};

static unsigned
bc7_weight(unsigned bits, unsigned index)
{
   return bits == 2 ? bc7_weights2[index] : bits == 3 ? bc7_weights3[index] : bc7_weights4[index];
}

static unsigned
bc7_subset(const struct bc7_mode *m, unsigned partition, unsigned texel)
{
   if (m->subsets == 2)
      return (bc7_partition2[partition] >> texel) & 1;
   if (m->subsets == 3)
      return (bc7_partition3[partition] >> (2 * texel)) & 3;
   return 0;
}

static bool
bc7_is_anchor(const struct bc7_mode *m, unsigned partition, unsigned texel)
{
   if (texel == 0)
      return true;
   if (m->subsets == 2)
      return texel == bc7_anchor2[partition];
   if (m->subsets == 3)
      return texel == bc7_anchor3a[partition] || texel == bc7_anchor3b[partition];
   return false;
}

/* An endpoint of `bits` bits (p-bit included) widened to 8 by repeating
 * its top bits. */
static unsigned
bc7_widen(unsigned v, unsigned bits)
{
   v <<= 8 - bits;
   return (v | v >> bits) & 0xff;
}

static void
decode_bc7(const uint8_t *b, bool srgb, union fmt_texel out[16])
{
   unsigned mode = 0;
   while (mode < 8 && !(b[0] & (1u << mode)))
      mode++;
   if (mode == 8) {
      /* Reserved: every texel (0, 0, 0, 0). */
      memset(out, 0, 16 * sizeof(*out));
      return;
   }
   const struct bc7_mode *m = &bc7_modes[mode];
   unsigned pos = mode + 1;
   const unsigned partition = block_bits(b, pos, m->partition_bits);
   pos += m->partition_bits;
   const unsigned rotation = block_bits(b, pos, m->rotation_bits);
   pos += m->rotation_bits;
   const unsigned index_sel = block_bits(b, pos, m->index_sel_bits);
   pos += m->index_sel_bits;

   /* ep[subset * 2 + end][channel] */
   unsigned ep[6][4];
   const unsigned n_ep = 2u * m->subsets;
   for (unsigned c = 0; c < 4; c++) {
      const unsigned bits = c < 3 ? m->colour_bits : m->alpha_bits;
      for (unsigned e = 0; e < n_ep; e++) {
         ep[e][c] = block_bits(b, pos, bits);
         pos += bits;
      }
   }
   unsigned pbit[6] = {0};
   if (m->endpoint_pbits) {
      for (unsigned e = 0; e < n_ep; e++)
         pbit[e] = block_bits(b, pos++, 1);
   } else if (m->shared_pbits) {
      for (unsigned s = 0; s < m->subsets; s++) {
         pbit[2 * s] = pbit[2 * s + 1] = block_bits(b, pos++, 1);
      }
   }
   const bool has_p = m->endpoint_pbits || m->shared_pbits;
   for (unsigned e = 0; e < n_ep; e++) {
      for (unsigned c = 0; c < 4; c++) {
         const unsigned bits = c < 3 ? m->colour_bits : m->alpha_bits;
         if (bits == 0) {
            ep[e][c] = 255;
            continue;
         }
         const unsigned v = has_p ? (ep[e][c] << 1 | pbit[e]) : ep[e][c];
         ep[e][c] = bc7_widen(v, bits + has_p);
      }
   }

   unsigned idx[16], idx2[16];
   for (unsigned i = 0; i < 16; i++) {
      const unsigned bits = m->index_bits - (bc7_is_anchor(m, partition, i) ? 1 : 0);
      idx[i] = block_bits(b, pos, bits);
      pos += bits;
   }
   for (unsigned i = 0; i < 16 && m->index2_bits; i++) {
      const unsigned bits = m->index2_bits - (i == 0 ? 1 : 0);
      idx2[i] = block_bits(b, pos, bits);
      pos += bits;
   }

   for (unsigned i = 0; i < 16; i++) {
      const unsigned s = bc7_subset(m, partition, i);
      unsigned colour_w, alpha_w;
      if (!m->index2_bits) {
         colour_w = alpha_w = bc7_weight(m->index_bits, idx[i]);
      } else if (index_sel) {
         colour_w = bc7_weight(m->index2_bits, idx2[i]);
         alpha_w = bc7_weight(m->index_bits, idx[i]);
      } else {
         colour_w = bc7_weight(m->index_bits, idx[i]);
         alpha_w = bc7_weight(m->index2_bits, idx2[i]);
      }
      unsigned v[4];
      for (unsigned c = 0; c < 4; c++) {
         const unsigned w = c < 3 ? colour_w : alpha_w;
         v[c] = ((64 - w) * ep[2 * s][c] + w * ep[2 * s + 1][c] + 32) >> 6;
      }
      if (rotation) {
         const unsigned t = v[3];
         v[3] = v[rotation - 1];
         v[rotation - 1] = t;
      }
      for (unsigned c = 0; c < 4; c++) {
         const float f = fmt_unorm_to_float(v[c], 8);
         out[i].f[c] = srgb && c < 3 ? fmt_srgb_to_linear(f) : f;
      }
   }
}

bool
fmt_format_is_bc(enum kil_format format)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (!d)
      return false;
   switch (d->compression) {
   case KIL_COMPRESSION_BC1_RGB:
   case KIL_COMPRESSION_BC1_RGBA:
   case KIL_COMPRESSION_BC2:
   case KIL_COMPRESSION_BC3:
   case KIL_COMPRESSION_BC4:
   case KIL_COMPRESSION_BC5:
   case KIL_COMPRESSION_BC6H:
   case KIL_COMPRESSION_BC7:
      return true;
   default:
      return false;
   }
}

void
fmt_bc_decode_block(enum kil_format format, const void *block, union fmt_texel out[16])
{
   const struct kil_format_desc *d = kil_format_desc(format);
   const uint8_t *b = block;
   const bool srgb = d && d->type == KIL_CHANNEL_TYPE_SRGB;
   const bool snorm = d && d->type == KIL_CHANNEL_TYPE_SNORM;
   for (unsigned i = 0; i < 16; i++) {
      out[i].f[0] = out[i].f[1] = out[i].f[2] = 0.0f;
      out[i].f[3] = 1.0f;
   }
   switch (d ? d->compression : KIL_COMPRESSION_NONE) {
   case KIL_COMPRESSION_BC1_RGB:
   case KIL_COMPRESSION_BC1_RGBA:
      decode_s3tc_colour(b, true, d->compression == KIL_COMPRESSION_BC1_RGBA, out);
      break;
   case KIL_COMPRESSION_BC2:
      decode_s3tc_colour(b + 8, false, false, out);
      /* 19.2: explicit 4-bit alpha, texel i at bits 4i. */
      for (unsigned i = 0; i < 16; i++)
         out[i].f[3] = fmt_unorm_to_float(block_bits(b, 4 * i, 4), 4);
      break;
   case KIL_COMPRESSION_BC3:
      decode_s3tc_colour(b + 8, false, false, out);
      /* 19.3: alpha coded as a BC4 unsigned block. */
      decode_rgtc_channel(b, false, 3, out);
      break;
   case KIL_COMPRESSION_BC4:
      decode_rgtc_channel(b, snorm, 0, out);
      break;
   case KIL_COMPRESSION_BC5:
      decode_rgtc_channel(b, snorm, 0, out);
      decode_rgtc_channel(b + 8, snorm, 1, out);
      break;
   case KIL_COMPRESSION_BC6H:
      fmt_bc6h_decode_block(b, d->type == KIL_CHANNEL_TYPE_SFLOAT, out);
      return;
   case KIL_COMPRESSION_BC7:
      decode_bc7(b, srgb, out);
      return;
   default:
      return;
   }
   if (srgb) {
      for (unsigned i = 0; i < 16; i++)
         for (unsigned c = 0; c < 3; c++)
            out[i].f[c] = fmt_srgb_to_linear(out[i].f[c]);
   }
}
