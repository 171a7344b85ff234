/* SPDX-License-Identifier: MIT */
/*
 * BC decoders against blocks built by hand, each expected value worked out
 * from the Khronos Data Format Specification 1.3 (chapters 19-21).
 */
#include <math.h>
#include <string.h>

#include "format/fmt.h"
#include "util/test.h"

/* Sets `count` bits at `pos` of a 16-byte block (low bit first). */
static void
put_bits(uint8_t *b, unsigned *pos, unsigned count, uint32_t v)
{
   for (unsigned k = 0; k < count; k++, (*pos)++) {
      if ((v >> k) & 1)
         b[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
   }
}

TEST(bc1_four_and_three_colour_modes)
{
   /* color0 red (0xf800) > color1 blue (0x001f): four colours, indices
    * 0, 1, 2, 3 in texels 0..3. */
   uint8_t b[8] = {0x00, 0xf8, 0x1f, 0x00, 0xe4, 0, 0, 0};
   union fmt_texel t[16];
   fmt_bc_decode_block(KIL_FORMAT_BC1_RGB_UNORM_BLOCK, b, t);
   CHECK_FLOAT_EQ(t[0].f[0], 1.0, 0);
   CHECK_FLOAT_EQ(t[1].f[2], 1.0, 0);
   CHECK_FLOAT_EQ(t[2].f[0], 2.0 / 3.0, 1e-6);
   CHECK_FLOAT_EQ(t[2].f[2], 1.0 / 3.0, 1e-6);
   CHECK_FLOAT_EQ(t[3].f[0], 1.0 / 3.0, 1e-6);
   CHECK_FLOAT_EQ(t[3].f[3], 1.0, 0);
   CHECK_FLOAT_EQ(t[4].f[0], 1.0, 0); /* index 0 */
   /* color0 <= color1: three colours and black, transparent for RGBA. */
   uint8_t c[8] = {0x1f, 0x00, 0x00, 0xf8, 0xe4, 0, 0, 0};
   fmt_bc_decode_block(KIL_FORMAT_BC1_RGBA_UNORM_BLOCK, c, t);
   CHECK_FLOAT_EQ(t[2].f[0], 0.5, 1e-6);
   CHECK_FLOAT_EQ(t[2].f[2], 0.5, 1e-6);
   CHECK(t[3].f[0] == 0 && t[3].f[1] == 0 && t[3].f[2] == 0 && t[3].f[3] == 0);
   fmt_bc_decode_block(KIL_FORMAT_BC1_RGB_UNORM_BLOCK, c, t);
   CHECK_FLOAT_EQ(t[3].f[3], 1.0, 0);
   /* sRGB decodes after interpolation: 1/3 -> linear. */
   fmt_bc_decode_block(KIL_FORMAT_BC1_RGB_SRGB_BLOCK, b, t);
   CHECK_FLOAT_EQ(t[3].f[0], fmt_srgb_to_linear(1.0f / 3.0f), 1e-6);
}

TEST(bc2_bc3_alpha)
{
   uint8_t b[16] = {0};
   b[0] = 0x0f; /* texel 0 alpha 15, texel 1 alpha 0 */
   b[1] = 0x05; /* texel 2 alpha 5 */
   b[8] = 0x00, b[9] = 0xf8; /* colour0 red, colour1 black, indices 0 */
   union fmt_texel t[16];
   fmt_bc_decode_block(KIL_FORMAT_BC2_UNORM_BLOCK, b, t);
   CHECK_FLOAT_EQ(t[0].f[3], 1.0, 0);
   CHECK_FLOAT_EQ(t[1].f[3], 0.0, 0);
   CHECK_FLOAT_EQ(t[2].f[3], 5.0 / 15.0, 1e-6);
   CHECK_FLOAT_EQ(t[0].f[0], 1.0, 0);
   /* BC3: alpha0 255 > alpha1 0, texel 0 index 2: 6/7. */
   uint8_t c[16] = {255, 0, 2, 0, 0, 0, 0, 0, 0x00, 0xf8, 0, 0, 0, 0, 0, 0};
   fmt_bc_decode_block(KIL_FORMAT_BC3_UNORM_BLOCK, c, t);
   CHECK_FLOAT_EQ(t[0].f[3], 6.0 / 7.0, 1e-6);
   CHECK_FLOAT_EQ(t[1].f[3], 1.0, 0);
}

TEST(bc4_bc5_modes_and_signed)
{
   union fmt_texel t[16];
   /* r0 0 <= r1 255: six values + 0 and 1; texels 0..2: indices 2, 6, 7. */
   uint8_t b[8] = {0, 255, 0xf2, 0x01, 0, 0, 0, 0};
   fmt_bc_decode_block(KIL_FORMAT_BC4_UNORM_BLOCK, b, t);
   CHECK_FLOAT_EQ(t[0].f[0], 0.2, 1e-6);
   CHECK_FLOAT_EQ(t[1].f[0], 0.0, 0);
   CHECK_FLOAT_EQ(t[2].f[0], 1.0, 0);
   CHECK_FLOAT_EQ(t[0].f[1], 0.0, 0);
   /* Signed: -128 reads -1; r0 -128 <= r1 127: index 6 is -1. */
   uint8_t s[8] = {0x80, 0x7f, 0xf2, 0x01, 0, 0, 0, 0};
   fmt_bc_decode_block(KIL_FORMAT_BC4_SNORM_BLOCK, s, t);
   CHECK_FLOAT_EQ(t[1].f[0], -1.0, 0);
   CHECK_FLOAT_EQ(t[2].f[0], 1.0, 0);
   CHECK_FLOAT_EQ(t[0].f[0], (4.0 * -1.0 + 1.0 * 1.0) / 5.0, 1e-6);
   /* BC5: green from the second half. */
   uint8_t g[16] = {0, 0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0};
   fmt_bc_decode_block(KIL_FORMAT_BC5_UNORM_BLOCK, g, t);
   CHECK_FLOAT_EQ(t[5].f[1], 1.0, 0);
   CHECK_FLOAT_EQ(t[5].f[0], 0.0, 0);
}

TEST(bc7_mode6_and_reserved)
{
   /* Mode 6: one subset, RGBA 7 bits + a p-bit per endpoint, 4-bit
    * indices. Endpoint 0 = 0 (p 0), endpoint 1 = 127 (p 1): 0 and 255.
    * Texel i has index i (texel 0, the anchor, 3 bits: 0). */
   uint8_t b[16] = {0};
   unsigned pos = 0;
   put_bits(b, &pos, 7, 0x40);
   for (unsigned c = 0; c < 4; c++) {
      put_bits(b, &pos, 7, 0);
      put_bits(b, &pos, 7, 127);
   }
   put_bits(b, &pos, 1, 0);
   put_bits(b, &pos, 1, 1);
   put_bits(b, &pos, 3, 0);
   for (unsigned i = 1; i < 16; i++)
      put_bits(b, &pos, 4, i);
   CHECK_EQ(pos, 128);
   static const unsigned w[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
   union fmt_texel t[16];
   fmt_bc_decode_block(KIL_FORMAT_BC7_UNORM_BLOCK, b, t);
   for (unsigned i = 0; i < 16; i++) {
      const unsigned v = (w[i] * 255 + 32) >> 6;
      CHECK_FLOAT_EQ(t[i].f[0], v / 255.0, 1e-6);
      CHECK_FLOAT_EQ(t[i].f[3], v / 255.0, 1e-6);
   }
   memset(b, 0, sizeof(b));
   fmt_bc_decode_block(KIL_FORMAT_BC7_UNORM_BLOCK, b, t);
   CHECK(t[7].f[0] == 0 && t[7].f[3] == 0);
}

TEST(bc6h_headers_and_direct_mode)
{
   /* Two-region modes: 77 header bits + 5 partition bits + 46 index bits;
    * one-region: 65 + 63. */
   for (unsigned m = 0; m < 10; m++)
      CHECK_EQ(fmt_bc6h_header_bits(m), 77);
   for (unsigned m = 10; m < 14; m++)
      CHECK_EQ(fmt_bc6h_header_bits(m), 65);
   /* Mode 11 (00011): endpoints stored directly, 10 bits. e0 = 0,
    * e1 = 1023: unquantized 0 and 0xffff, which finish at 0x7bff (65504).
    * Texel 0 index 0, texel 1 index 15. */
   uint8_t b[16] = {0};
   unsigned pos = 0;
   put_bits(b, &pos, 5, 0x03);
   for (unsigned c = 0; c < 3; c++)
      put_bits(b, &pos, 10, 0);
   for (unsigned c = 0; c < 3; c++)
      put_bits(b, &pos, 10, 1023);
   put_bits(b, &pos, 3, 0);
   put_bits(b, &pos, 4, 15);
   union fmt_texel t[16];
   fmt_bc_decode_block(KIL_FORMAT_BC6H_UFLOAT_BLOCK, b, t);
   CHECK_FLOAT_EQ(t[0].f[0], 0.0, 0);
   CHECK_FLOAT_EQ(t[1].f[1], 65504.0, 0);
   CHECK_FLOAT_EQ(t[1].f[3], 1.0, 0);
   /* Signed: e0 = 0x200 is -512, past the largest magnitude: -0x7fff,
    * finishing at -65504. */
   memset(b, 0, sizeof(b));
   pos = 0;
   put_bits(b, &pos, 5, 0x03);
   for (unsigned c = 0; c < 3; c++)
      put_bits(b, &pos, 10, 0x200);
   fmt_bc_decode_block(KIL_FORMAT_BC6H_SFLOAT_BLOCK, b, t);
   CHECK_FLOAT_EQ(t[0].f[2], -65504.0, 0);
   /* Reserved mode 10011: zeros. */
   memset(b, 0, sizeof(b));
   b[0] = 0x13;
   fmt_bc_decode_block(KIL_FORMAT_BC6H_UFLOAT_BLOCK, b, t);
   CHECK(t[3].f[0] == 0 && t[3].f[3] == 1.0f);
}
