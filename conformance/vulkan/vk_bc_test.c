/* SPDX-License-Identifier: MIT */
/*
 * textureCompressionBC: every BC format uploaded as pseudo-random blocks,
 * sampled (nearest at every texel of every level, linear at scattered
 * points), blitted to RGBA32F and copied block for block (buffer <-> image,
 * image <-> image, OPTIMAL and LINEAR). Expected texels come from the
 * decoder below, written from the Khronos Data Format Specification 1.3
 * (chapters 19-21) apart from kiln's shared/format one: a bit stream read
 * texel by texel. Lavapipe runs the same program, which checks this
 * reference too.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/half_float.h"
#include "util/macros.h"
#include "vkt_compute.h"

#include "sample_points_comp.h"

#define CS VK_SHADER_STAGE_COMPUTE_BIT

/* --- reference decoder ----------------------------------------------------------- */

struct bits {
   const uint8_t *b;
   unsigned pos;
};

static unsigned
take(struct bits *s, unsigned n)
{
   unsigned v = 0;
   for (unsigned k = 0; k < n; k++, s->pos++)
      v |= (unsigned)((s->b[s->pos >> 3] >> (s->pos & 7)) & 1) << k;
   return v;
}

/* DFD 1.3 tables 21.x as the spec prints them: one digit per texel. */
static const char *const part2[64] = {
   "0011001100110011", "0001000100010001", "0111011101110111", "0001001100110111",
   "0000000100010011", "0011011101111111", "0001001101111111", "0000000100110111",
   "0000000000010011", "0011011111111111", "0000000101111111", "0000000000010111",
   "0001011111111111", "0000000011111111", "0000111111111111", "0000000000001111",
   "0000100011101111", "0111000100000000", "0000000010001110", "0111001100010000",
   "0011000100000000", "0000100011001110", "0000000010001100", "0111001100110001",
   "0011000100010000", "0000100010001100", "0110011001100110", "0011011001101100",
   "0001011111101000", "0000111111110000", "0111000110001110", "0011100110011100",
   "0101010101010101", "0000111100001111", "0101101001011010", "0011001111001100",
   "0011110000111100", "0101010110101010", "0110100101101001", "0101101010100101",
   "0111001111001110", "0001001111001000", "0011001001001100", "0011101111011100",
   "0110100110010110", "0011110011000011", "0110011010011001", "0000011001100000",
   "0100111001000000", "0010011100100000", "0000001001110010", "0000010011100100",
   "0110110010010011", "0011011011001001", "0110001110011100", "0011100111000110",
   "0110110011001001", "0110001100111001", "0111111010000001", "0001100011100111",
   "0000111100110011", "0011001111110000", "0010001011101110", "0100010001110111",
};
static const char *const part3[64] = {
   "0011001102212222", "0001001122112221", "0000200122112211", "0222002200110111",
   "0000000011221122", "0011001100220022", "0022002211111111", "0011001122112211",
   "0000000011112222", "0000111111112222", "0000111122222222", "0012001200120012",
   "0112011201120112", "0122012201220122", "0011011211221222", "0011200122002220",
   "0001001101121122", "0111001120012200", "0000112211221122", "0022002200221111",
   "0111011102220222", "0001000122212221", "0000001101220122", "0000110022102210",
   "0122012200110000", "0012001211222222", "0110122112210110", "0000011012211221",
   "0022110211020022", "0110011020022222", "0011012201220011", "0000200022112221",
   "0000000211221222", "0222002200120011", "0011001200220222", "0120012001200120",
   "0000111122220000", "0120120120120120", "0120201212010120", "0011220011220011",
   "0011112222000011", "0101010122222222", "0000000021212121", "0022112200221122",
   "0022001100220011", "0220122102201221", "0101222222220101", "0000212121212121",
   "0101010101012222", "0222011102220111", "0002111200021112", "0000211221122112",
   "0222011101110222", "0002111211120002", "0110011001102222", "0000000021122112",
   "0110011022222222", "0022001100110022", "0022112211220022", "0000000000002112",
   "0002000100020001", "0222122202221222", "0101222222222222", "0111201122012220",
};
static const uint8_t anchor2[64] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8,  2,  2, 8,
   8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2,  8,  2, 2,
   2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2,  15};
static const uint8_t anchor3_1[64] = {
   3, 3, 15, 15, 8, 3,  15, 15, 8,  8,  6,  6,  6,  5,  3,  3,  3,  3,  8,  15, 3, 3,
   6, 10, 5, 8,  8, 6,  8,  5,  15, 15, 8,  15, 3,  5,  6,  10, 8,  15, 15, 3,  15, 5,
   15, 15, 15, 15, 3, 15, 5,  5,  5,  8,  5,  10, 5,  10, 8,  13, 15, 12, 3,  3};
static const uint8_t anchor3_2[64] = {
   15, 8,  8,  3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
   15, 8,  3,  15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
   3,  6,  6,  8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8};

static unsigned
weight(unsigned bits, unsigned i)
{
   static const uint8_t w2[] = {0, 21, 43, 64}, w3[] = {0, 9, 18, 27, 37, 46, 55, 64},
                        w4[] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
   return bits == 2 ? w2[i] : bits == 3 ? w3[i] : w4[i];
}

static float
srgb_decode(float c)
{
   return c <= 0.04045f ? c / 12.92f : powf((c + 0.055f) / 1.055f, 2.4f);
}

/* BC1-BC3 colour: texel t of the 8 colour bytes. */
static void
ref_s3tc(const uint8_t *b, unsigned t, bool bc1, bool punch, float o[4])
{
   const unsigned c0 = b[0] | b[1] << 8, c1 = b[2] | b[3] << 8;
   const float e[2][3] = {
      {(c0 >> 11) / 31.0f, ((c0 >> 5) & 63) / 63.0f, (c0 & 31) / 31.0f},
      {(c1 >> 11) / 31.0f, ((c1 >> 5) & 63) / 63.0f, (c1 & 31) / 31.0f}};
   const unsigned code = (b[4 + t / 4] >> (2 * (t % 4))) & 3;
   o[3] = 1.0f;
   for (unsigned c = 0; c < 3; c++) {
      if (code < 2)
         o[c] = e[code][c];
      else if (!bc1 || c0 > c1)
         o[c] = code == 2 ? (2 * e[0][c] + e[1][c]) / 3 : (e[0][c] + 2 * e[1][c]) / 3;
      else
         o[c] = code == 2 ? (e[0][c] + e[1][c]) / 2 : 0.0f;
   }
   if (bc1 && c0 <= c1 && code == 3 && punch)
      o[3] = 0.0f;
}

static float
ref_rgtc(const uint8_t *b, unsigned t, bool sgn)
{
   float e0 = sgn ? fmaxf((int8_t)b[0] / 127.0f, -1.0f) : b[0] / 255.0f;
   float e1 = sgn ? fmaxf((int8_t)b[1] / 127.0f, -1.0f) : b[1] / 255.0f;
   const bool eight = sgn ? (int8_t)b[0] > (int8_t)b[1] : b[0] > b[1];
   struct bits s = {b, 16 + 3 * t};
   const unsigned code = take(&s, 3);
   if (code == 0)
      return e0;
   if (code == 1)
      return e1;
   if (eight)
      return ((8 - code) * e0 + (code - 1) * e1) / 7.0f;
   if (code == 6)
      return sgn ? -1.0f : 0.0f;
   if (code == 7)
      return 1.0f;
   return ((6 - code) * e0 + (code - 1) * e1) / 5.0f;
}

static void
ref_bc7(const uint8_t *b, unsigned t, bool srgb, float o[4])
{
   /* Table 21.2: NS PB RB ISB CB AB EPB SPB IB IB2 */
   static const uint8_t modes[8][10] = {
      {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0},
      {3, 6, 0, 0, 5, 0, 0, 0, 2, 0}, {2, 6, 0, 0, 7, 0, 1, 0, 2, 0},
      {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
      {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0}};
   struct bits s = {b, 0};
   unsigned mode = 0;
   while (mode < 8 && !take(&s, 1))
      mode++;
   if (mode == 8) {
      o[0] = o[1] = o[2] = o[3] = 0.0f;
      return;
   }
   const uint8_t *m = modes[mode];
   const unsigned ns = m[0], part = take(&s, m[1]), rot = take(&s, m[2]), isb = take(&s, m[3]);
   unsigned ep[3][2][4];
   for (unsigned c = 0; c < 4; c++)
      for (unsigned i = 0; i < ns; i++)
         for (unsigned e = 0; e < 2; e++)
            ep[i][e][c] = c < 3 ? take(&s, m[4]) : m[5] ? take(&s, m[5]) : 0;
   unsigned p[3][2] = {{0}};
   for (unsigned i = 0; i < ns; i++)
      for (unsigned e = 0; e < 2; e++)
         p[i][e] = m[6] ? take(&s, 1) : 0;
   for (unsigned i = 0; i < ns && m[7]; i++)
      p[i][0] = p[i][1] = take(&s, 1);
   const unsigned pb = m[6] || m[7];
   for (unsigned i = 0; i < ns; i++)
      for (unsigned e = 0; e < 2; e++)
         for (unsigned c = 0; c < 4; c++) {
            const unsigned n = (c < 3 ? m[4] : m[5]) + pb;
            if (c == 3 && !m[5]) {
               ep[i][e][c] = 255;
               continue;
            }
            const unsigned v = (ep[i][e][c] << pb | p[i][e]) << (8 - n);
            ep[i][e][c] = v | v >> n;
         }
   const unsigned subset = ns == 1 ? 0 : ns == 2 ? part2[part][t] - '0' : part3[part][t] - '0';
   /* Index of texel t in each index set. */
   unsigned idx[2] = {0, 0};
   for (unsigned set = 0; set < 2; set++) {
      const unsigned ib = set ? m[9] : m[8];
      if (!ib)
         continue;
      for (unsigned i = 0; i < 16; i++) {
         bool anchor = i == 0;
         if (set == 0 && ns == 2)
            anchor |= i == anchor2[part];
         if (set == 0 && ns == 3)
            anchor |= i == anchor3_1[part] || i == anchor3_2[part];
         const unsigned v = take(&s, anchor ? ib - 1 : ib);
         if (i == t)
            idx[set] = v;
      }
   }
   unsigned cw = weight(m[8], idx[0]), aw = cw;
   if (m[9]) {
      cw = isb ? weight(m[9], idx[1]) : weight(m[8], idx[0]);
      aw = isb ? weight(m[8], idx[0]) : weight(m[9], idx[1]);
   }
   unsigned v[4];
   for (unsigned c = 0; c < 4; c++) {
      const unsigned w = c < 3 ? cw : aw;
      v[c] = ((64 - w) * ep[subset][0][c] + w * ep[subset][1][c] + 32) >> 6;
   }
   if (rot) {
      const unsigned x = v[3];
      v[3] = v[rot - 1];
      v[rot - 1] = x;
   }
   for (unsigned c = 0; c < 4; c++)
      o[c] = c < 3 && srgb ? srgb_decode(v[c] / 255.0f) : v[c] / 255.0f;
}

/* BC6H (21.2): header field lists per mode, "c e hi lo" quadruples after
 * the mode bits (c: 0 r, 1 g, 2 b; e: endpoint; bits hi..lo, low first
 * unless hi < lo). */
struct bc6 {
   unsigned mbits, mval, transformed, regions, prec, delta[3];
   const char *f;
};
static const struct bc6 bc6_modes[14] = {
   {2, 0, 1, 2, 10, {5, 5, 5}, "g2[4]b2[4]b3[4]r0[9:0]g0[9:0]b0[9:0]r1[4:0]g3[4]g2[3:0]g1[4:0]b3[0]g3[3:0]b1[4:0]b3[1]b2[3:0]r2[4:0]b3[2]r3[4:0]b3[3]"},
   {2, 1, 1, 2, 7, {6, 6, 6}, "g2[5]g3[4]g3[5]r0[6:0]b3[0]b3[1]b2[4]g0[6:0]b2[5]b3[2]g2[4]b0[6:0]b3[3]b3[5]b3[4]r1[5:0]g2[3:0]g1[5:0]g3[3:0]b1[5:0]b2[3:0]r2[5:0]r3[5:0]"},
   {5, 2, 1, 2, 11, {5, 4, 4}, "r0[9:0]g0[9:0]b0[9:0]r1[4:0]r0[10]g2[3:0]g1[3:0]g0[10]b3[0]g3[3:0]b1[3:0]b0[10]b3[1]b2[3:0]r2[4:0]b3[2]r3[4:0]b3[3]"},
   {5, 6, 1, 2, 11, {4, 5, 4}, "r0[9:0]g0[9:0]b0[9:0]r1[3:0]r0[10]g3[4]g2[3:0]g1[4:0]g0[10]g3[3:0]b1[3:0]b0[10]b3[1]b2[3:0]r2[3:0]b3[0]b3[2]r3[3:0]g2[4]b3[3]"},
   {5, 10, 1, 2, 11, {4, 4, 5}, "r0[9:0]g0[9:0]b0[9:0]r1[3:0]r0[10]b2[4]g2[3:0]g1[3:0]g0[10]b3[0]g3[3:0]b1[4:0]b0[10]b2[3:0]r2[3:0]b3[1]b3[2]r3[3:0]b3[4]b3[3]"},
   {5, 14, 1, 2, 9, {5, 5, 5}, "r0[8:0]b2[4]g0[8:0]g2[4]b0[8:0]b3[4]r1[4:0]g3[4]g2[3:0]g1[4:0]b3[0]g3[3:0]b1[4:0]b3[1]b2[3:0]r2[4:0]b3[2]r3[4:0]b3[3]"},
   {5, 18, 1, 2, 8, {6, 5, 5}, "r0[7:0]g3[4]b2[4]g0[7:0]b3[2]g2[4]b0[7:0]b3[3]b3[4]r1[5:0]g2[3:0]g1[4:0]b3[0]g3[3:0]b1[4:0]b3[1]b2[3:0]r2[5:0]r3[5:0]"},
   {5, 22, 1, 2, 8, {5, 6, 5}, "r0[7:0]b3[0]b2[4]g0[7:0]g2[5]g2[4]b0[7:0]g3[5]b3[4]r1[4:0]g3[4]g2[3:0]g1[5:0]g3[3:0]b1[4:0]b3[1]b2[3:0]r2[4:0]b3[2]r3[4:0]b3[3]"},
   {5, 26, 1, 2, 8, {5, 5, 6}, "r0[7:0]b3[1]b2[4]g0[7:0]b2[5]g2[4]b0[7:0]b3[5]b3[4]r1[4:0]g3[4]g2[3:0]g1[4:0]b3[0]g3[3:0]b1[5:0]b2[3:0]r2[4:0]b3[2]r3[4:0]b3[3]"},
   {5, 30, 0, 2, 6, {6, 6, 6}, "r0[5:0]g3[4]b3[0]b3[1]b2[4]g0[5:0]g2[5]b2[5]b3[2]g2[4]b0[5:0]g3[5]b3[3]b3[5]b3[4]r1[5:0]g2[3:0]g1[5:0]g3[3:0]b1[5:0]b2[3:0]r2[5:0]r3[5:0]"},
   {5, 3, 0, 1, 10, {10, 10, 10}, "r0[9:0]g0[9:0]b0[9:0]r1[9:0]g1[9:0]b1[9:0]"},
   {5, 7, 1, 1, 11, {9, 9, 9}, "r0[9:0]g0[9:0]b0[9:0]r1[8:0]r0[10]g1[8:0]g0[10]b1[8:0]b0[10]"},
   {5, 11, 1, 1, 12, {8, 8, 8}, "r0[9:0]g0[9:0]b0[9:0]r1[7:0]r0[10:11]g1[7:0]g0[10:11]b1[7:0]b0[10:11]"},
   {5, 15, 1, 1, 16, {4, 4, 4}, "r0[9:0]g0[9:0]b0[9:0]r1[3:0]r0[10:15]g1[3:0]g0[10:15]b1[3:0]b0[10:15]"},
};

static int
sext(unsigned v, unsigned n)
{
   v &= (1u << n) - 1;
   return v & (1u << (n - 1)) ? (int)v - (int)(1u << n) : (int)v;
}

static void
ref_bc6h(const uint8_t *b, unsigned t, bool sgn, float o[4])
{
   o[0] = o[1] = o[2] = 0.0f;
   o[3] = 1.0f;
   const struct bc6 *md = NULL;
   for (unsigned i = 0; i < 14 && !md; i++) {
      const unsigned mask = (1u << bc6_modes[i].mbits) - 1;
      if ((b[0] & mask) == bc6_modes[i].mval && (bc6_modes[i].mbits == 5 || (b[0] & 2) == 0))
         md = &bc6_modes[i];
   }
   if (!md)
      return;
   struct bits s = {b, md->mbits};
   unsigned raw[4][3] = {{0}};
   for (const char *f = md->f; *f;) {
      const unsigned c = f[0] == 'r' ? 0 : f[0] == 'g' ? 1 : 2, e = f[1] - '0';
      char *end;
      const int hi = (int)strtol(f + 3, &end, 10);
      const int lo = *end == ':' ? (int)strtol(end + 1, &end, 10) : hi;
      f = end + 1;
      if (hi >= lo)
         for (int k = lo; k <= hi; k++)
            raw[e][c] |= take(&s, 1) << k;
      else
         for (int k = lo; k >= hi; k--)
            raw[e][c] |= take(&s, 1) << k;
   }
   const unsigned part = md->regions == 2 ? take(&s, 5) : 0;
   int ep[4][3];
   for (unsigned e = 0; e < 2 * md->regions; e++)
      for (unsigned c = 0; c < 3; c++) {
         int v = (int)raw[e][c];
         if (e == 0 || !md->transformed) {
            if (sgn)
               v = sext((unsigned)v, md->prec);
         } else {
            v = (ep[0][c] + sext((unsigned)v, md->delta[c])) & ((1 << md->prec) - 1);
            if (sgn)
               v = sext((unsigned)v, md->prec);
         }
         ep[e][c] = v;
      }
   for (unsigned e = 0; e < 2 * md->regions; e++)
      for (unsigned c = 0; c < 3; c++) {
         const int v = ep[e][c];
         const int n = (int)md->prec;
         if (!sgn) {
            ep[e][c] = n >= 15 ? v : v == 0 ? 0 : v == (1 << n) - 1 ? 0xffff
                                                : ((v << 16) + 0x8000) >> n;
         } else if (n < 16) {
            const int a = abs(v);
            int u = a == 0 ? 0 : a >= (1 << (n - 1)) - 1 ? 0x7fff : ((a << 15) + 0x4000) >> (n - 1);
            ep[e][c] = v < 0 ? -u : u;
         }
      }
   const unsigned ib = md->regions == 2 ? 3 : 4;
   unsigned idx = 0;
   for (unsigned i = 0; i < 16; i++) {
      const bool anchor = i == 0 || (md->regions == 2 && i == anchor2[part]);
      const unsigned v = take(&s, anchor ? ib - 1 : ib);
      if (i == t)
         idx = v;
   }
   const unsigned r = md->regions == 2 ? (unsigned)(part2[part][t] - '0') : 0;
   const int w = (int)weight(ib, idx);
   for (unsigned c = 0; c < 3; c++) {
      const int v = ((64 - w) * ep[2 * r][c] + w * ep[2 * r + 1][c] + 32) >> 6;
      uint16_t h;
      if (!sgn)
         h = (uint16_t)((v * 31) >> 6);
      else
         h = v < 0 ? (uint16_t)(0x8000 | ((-v * 31) >> 5)) : (uint16_t)((v * 31) >> 5);
      o[c] = util_half_to_float(h);
   }
}

struct bc_format {
   VkFormat vk;
   const char *name;
   unsigned block_B;
};

static const struct bc_format bc_formats[] = {
   {VK_FORMAT_BC1_RGB_UNORM_BLOCK, "BC1_RGB_UNORM", 8},
   {VK_FORMAT_BC1_RGB_SRGB_BLOCK, "BC1_RGB_SRGB", 8},
   {VK_FORMAT_BC1_RGBA_UNORM_BLOCK, "BC1_RGBA_UNORM", 8},
   {VK_FORMAT_BC1_RGBA_SRGB_BLOCK, "BC1_RGBA_SRGB", 8},
   {VK_FORMAT_BC2_UNORM_BLOCK, "BC2_UNORM", 16},
   {VK_FORMAT_BC2_SRGB_BLOCK, "BC2_SRGB", 16},
   {VK_FORMAT_BC3_UNORM_BLOCK, "BC3_UNORM", 16},
   {VK_FORMAT_BC3_SRGB_BLOCK, "BC3_SRGB", 16},
   {VK_FORMAT_BC4_UNORM_BLOCK, "BC4_UNORM", 8},
   {VK_FORMAT_BC4_SNORM_BLOCK, "BC4_SNORM", 8},
   {VK_FORMAT_BC5_UNORM_BLOCK, "BC5_UNORM", 16},
   {VK_FORMAT_BC5_SNORM_BLOCK, "BC5_SNORM", 16},
   {VK_FORMAT_BC6H_UFLOAT_BLOCK, "BC6H_UFLOAT", 16},
   {VK_FORMAT_BC6H_SFLOAT_BLOCK, "BC6H_SFLOAT", 16},
   {VK_FORMAT_BC7_UNORM_BLOCK, "BC7_UNORM", 16},
   {VK_FORMAT_BC7_SRGB_BLOCK, "BC7_SRGB", 16},
};

/* Texel t (0..15) of one block of `f`. */
static void
ref_decode(VkFormat f, const uint8_t *b, unsigned t, float o[4])
{
   o[0] = o[1] = o[2] = 0.0f;
   o[3] = 1.0f;
   switch (f) {
   case VK_FORMAT_BC1_RGB_UNORM_BLOCK:
   case VK_FORMAT_BC1_RGB_SRGB_BLOCK:
   case VK_FORMAT_BC1_RGBA_UNORM_BLOCK:
   case VK_FORMAT_BC1_RGBA_SRGB_BLOCK:
      ref_s3tc(b, t, true,
               f == VK_FORMAT_BC1_RGBA_UNORM_BLOCK || f == VK_FORMAT_BC1_RGBA_SRGB_BLOCK, o);
      break;
   case VK_FORMAT_BC2_UNORM_BLOCK:
   case VK_FORMAT_BC2_SRGB_BLOCK:
      ref_s3tc(b + 8, t, false, false, o);
      o[3] = ((b[t / 2] >> (4 * (t % 2))) & 15) / 15.0f;
      break;
   case VK_FORMAT_BC3_UNORM_BLOCK:
   case VK_FORMAT_BC3_SRGB_BLOCK:
      ref_s3tc(b + 8, t, false, false, o);
      o[3] = ref_rgtc(b, t, false);
      break;
   case VK_FORMAT_BC4_UNORM_BLOCK:
   case VK_FORMAT_BC4_SNORM_BLOCK:
      o[0] = ref_rgtc(b, t, f == VK_FORMAT_BC4_SNORM_BLOCK);
      break;
   case VK_FORMAT_BC5_UNORM_BLOCK:
   case VK_FORMAT_BC5_SNORM_BLOCK:
      o[0] = ref_rgtc(b, t, f == VK_FORMAT_BC5_SNORM_BLOCK);
      o[1] = ref_rgtc(b + 8, t, f == VK_FORMAT_BC5_SNORM_BLOCK);
      break;
   case VK_FORMAT_BC6H_UFLOAT_BLOCK:
   case VK_FORMAT_BC6H_SFLOAT_BLOCK:
      ref_bc6h(b, t, f == VK_FORMAT_BC6H_SFLOAT_BLOCK, o);
      return;
   case VK_FORMAT_BC7_UNORM_BLOCK:
   case VK_FORMAT_BC7_SRGB_BLOCK:
      ref_bc7(b, t, f == VK_FORMAT_BC7_SRGB_BLOCK, o);
      return;
   default:
      return;
   }
   const bool srgb = f == VK_FORMAT_BC1_RGB_SRGB_BLOCK || f == VK_FORMAT_BC1_RGBA_SRGB_BLOCK ||
                     f == VK_FORMAT_BC2_SRGB_BLOCK || f == VK_FORMAT_BC3_SRGB_BLOCK;
   for (unsigned c = 0; c < 3 && srgb; c++)
      o[c] = srgb_decode(o[c]);
}

/* --- the images ------------------------------------------------------------------ */

#define W 36u
#define H 16u
#define LEVELS 3u

/* Blocks of level l: (ceil(W/4) x ceil(H/4)) >> l, at least 1. */
static unsigned
blocks_x(unsigned l)
{
   return MAX2(1u, ((W >> l) + 3) / 4);
}
static unsigned
blocks_y(unsigned l)
{
   return MAX2(1u, ((H >> l) + 3) / 4);
}

static void
make_blocks(const struct bc_format *f, uint8_t *data, size_t size, uint32_t seed)
{
   vkt_fill_pattern(data, size, seed);
   /* BC2/BC3 colour blocks: color0 > color1, the only ordering whose
    * decoding the spec and every implementation agree on. */
   const bool bc23 = f->vk >= VK_FORMAT_BC2_UNORM_BLOCK && f->vk <= VK_FORMAT_BC3_SRGB_BLOCK;
   for (size_t o = 0; bc23 && o < size; o += 16) {
      uint8_t *c = data + o + 8;
      unsigned c0 = c[0] | c[1] << 8, c1 = c[2] | c[3] << 8;
      if (c0 == c1)
         c0 ^= 0x8000;
      if (c0 < c1) {
         const unsigned x = c0;
         c0 = c1, c1 = x;
      }
      c[0] = (uint8_t)c0, c[1] = (uint8_t)(c0 >> 8), c[2] = (uint8_t)c1, c[3] = (uint8_t)(c1 >> 8);
   }
   /* Every BC6H mode (and a reserved one) and every BC7 mode, in turn. */
   static const uint8_t bc6h_mode_bits[15] = {0x00, 0x01, 0x02, 0x06, 0x0a, 0x0e, 0x12, 0x16,
                                              0x1a, 0x1e, 0x03, 0x07, 0x0b, 0x0f, 0x13};
   const bool bc6h = f->vk == VK_FORMAT_BC6H_UFLOAT_BLOCK || f->vk == VK_FORMAT_BC6H_SFLOAT_BLOCK;
   const bool bc7 = f->vk == VK_FORMAT_BC7_UNORM_BLOCK || f->vk == VK_FORMAT_BC7_SRGB_BLOCK;
   for (size_t o = 0, k = seed; (bc6h || bc7) && o < size; o += 16, k++) {
      if (bc6h) {
         const uint8_t m = bc6h_mode_bits[k % 15];
         const uint8_t mask = (m & 2) ? 0x1f : 0x03;
         data[o] = (uint8_t)((data[o] & ~mask) | m);
      } else {
         const unsigned mode = k % 8;
         data[o] = (uint8_t)(((data[o] >> (mode + 1)) << (mode + 1)) | (1u << mode));
      }
   }
}

/* The reference texel (x, y) of level l (clamped to the level). */
static void
ref_texel(const struct bc_format *f, uint8_t *const lv[LEVELS], unsigned l, int x, int y,
          float o[4])
{
   const int w = (int)MAX2(1u, W >> l), h = (int)MAX2(1u, H >> l);
   x = x < 0 ? 0 : x >= w ? w - 1 : x;
   y = y < 0 ? 0 : y >= h ? h - 1 : y;
   const uint8_t *b = lv[l] + ((size_t)(y / 4) * blocks_x(l) + (size_t)(x / 4)) * f->block_B;
   ref_decode(f->vk, b, (unsigned)(y % 4) * 4 + (unsigned)(x % 4), o);
}

static bool
upload(struct vkt *t, const struct vkt_image *img, const struct bc_format *f,
       uint8_t *const lv[LEVELS], unsigned levels)
{
   size_t total = 0;
   for (unsigned l = 0; l < levels; l++)
      total += (size_t)blocks_x(l) * blocks_y(l) * f->block_B;
   struct vkt_buffer buf;
   if (!vkt_buffer_create(t, total, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, &buf))
      return false;
   VkBufferImageCopy r[LEVELS];
   size_t off = 0;
   for (unsigned l = 0; l < levels; l++) {
      const size_t n = (size_t)blocks_x(l) * blocks_y(l) * f->block_B;
      memcpy(buf.map + off, lv[l], n);
      r[l] = (VkBufferImageCopy){
         .bufferOffset = off,
         .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, l, 0, 1},
         .imageExtent = {MAX2(1u, W >> l), MAX2(1u, H >> l), 1},
      };
      off += n;
   }
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdCopyBufferToImage(cmd, buf.buffer, img->image, VK_IMAGE_LAYOUT_GENERAL, levels, r);
   vkt_cmd_barrier(cmd);
   const bool ok = vkt_cmd_submit_wait(t, cmd);
   vkt_buffer_destroy(t, &buf);
   return ok;
}

/* Kiln decodes exactly as the spec computes (float interpolants, 1e-5
 * for rounding); other drivers may keep the interpolants of BC1-BC5 in 8
 * bits before the sRGB decode and filtering (lavapipe does: up to 2/127 off for
 * SNORM, ~2/255 after sRGB), which the Data Format spec's "implementation
 * precision" for S3TC/RGTC allows. BC6H within 1% (half-float
 * interpolation), BC7 interpolates in integers everywhere. */
static bool
close_enough(const struct vkt *t, VkFormat f, float got, float want, bool linear)
{
   const float tol = t->is_kiln ? (linear ? 1e-4f : 1e-5f) : (linear ? 0.02f : 0.016f);
   if (f == VK_FORMAT_BC6H_UFLOAT_BLOCK || f == VK_FORMAT_BC6H_SFLOAT_BLOCK)
      return fabsf(got - want) <= (t->is_kiln ? 1e-5f : 0.01f) * fabsf(want) + tol;
   return fabsf(got - want) <= tol;
}

TEST(bc_formats_sample_nearest_and_linear)
{
   VkPhysicalDeviceFeatures core = {.textureCompressionBC = VK_TRUE};
   const struct vkt_req req = {.core_features = &core};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   enum { NPTS = 1024 };
   struct vkt_buffer pts, out;
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &pts));
   REQUIRE(vkt_buffer_create(&t, NPTS * 16, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, &out));
   const VkDescriptorSetLayoutBinding bind[] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, CS, NULL},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, CS, NULL}};
   struct vkt_pipeline p;
   REQUIRE(vkt_pipeline_create(&t, &(struct vkt_pipeline_info){VKT_SPIRV(sample_points_comp_spv),
                                                              .bindings = bind,
                                                              .binding_count = 3,
                                                              .push_size = 4},
                               &p));
   vkt_pipeline_set_buffer(&t, &p, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, pts.buffer, 0,
                           VK_WHOLE_SIZE);
   vkt_pipeline_set_buffer(&t, &p, 2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, out.buffer, 0,
                           VK_WHOLE_SIZE);
   float *pt = (float *)pts.map;
   const float *o = (const float *)out.map;

   for (unsigned fi = 0; fi < ARRAY_SIZE(bc_formats); fi++) {
      const struct bc_format *f = &bc_formats[fi];
      CHECK(vkt_format_has(&t, f->vk, VK_IMAGE_TILING_OPTIMAL,
                           VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_BLIT_SRC_BIT |
                              VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT));
      VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, f->vk, VK_IMAGE_TILING_OPTIMAL, W, H,
                                            1, LEVELS, 1);
      ci.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
      struct vkt_image img;
      REQUIRE(vkt_image_create(&t, &ci, &img));
      REQUIRE(vkt_image_to_general(&t, &img, VK_IMAGE_LAYOUT_UNDEFINED));
      uint8_t data[LEVELS][9 * 4 * 16];
      uint8_t *lv[LEVELS];
      for (unsigned l = 0; l < LEVELS; l++) {
         lv[l] = data[l];
         make_blocks(f, data[l], (size_t)blocks_x(l) * blocks_y(l) * f->block_B,
                     fi * 31 + l * 7 + 1);
      }
      REQUIRE(upload(&t, &img, f, lv, LEVELS));
      const VkImageViewCreateInfo vci = {
         .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
         .image = img.image,
         .viewType = VK_IMAGE_VIEW_TYPE_2D,
         .format = f->vk,
         .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, LEVELS, 0, 1},
      };
      VkImageView view;
      VKT_REQUIRE(vkCreateImageView(t.dev, &vci, NULL, &view));

      for (unsigned lin = 0; lin < 2; lin++) {
         const VkSamplerCreateInfo si = {
            .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
            .magFilter = lin ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
            .minFilter = lin ? VK_FILTER_LINEAR : VK_FILTER_NEAREST,
            .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
            .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
            .maxLod = VK_LOD_CLAMP_NONE,
         };
         VkSampler s;
         VKT_REQUIRE(vkCreateSampler(t.dev, &si, NULL, &s));
         vkt_pipeline_set_image(&t, &p, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, view, s,
                                VK_IMAGE_LAYOUT_GENERAL);
         /* Nearest: every texel centre of every level (96 + 24 + 6);
          * linear: points of level 0 off the centres. */
         unsigned n = 0;
         unsigned lvl_of[NPTS];
         for (unsigned l = 0; l < LEVELS && !lin; l++) {
            const unsigned w = W >> l, h = H >> l;
            for (unsigned y = 0; y < h; y++)
               for (unsigned x = 0; x < w; x++, n++) {
                  pt[n * 4 + 0] = (x + 0.5f) / (float)w;
                  pt[n * 4 + 1] = (y + 0.5f) / (float)h;
                  pt[n * 4 + 2] = (float)l;
                  lvl_of[n] = l;
               }
         }
         for (; lin && n < 256; n++) {
            pt[n * 4 + 0] = ((float)((n * 37) % 97) / 96.0f) * 1.1f - 0.05f;
            pt[n * 4 + 1] = ((float)((n * 53) % 89) / 88.0f) * 1.1f - 0.05f;
            pt[n * 4 + 2] = 0.0f;
            lvl_of[n] = 0;
         }
         CHECK(vkt_run_compute(&t, &p, &n, 4, (n + 31) / 32, 1, 1));
         unsigned bad = 0;
         for (unsigned i = 0; i < n; i++) {
            const unsigned l = lvl_of[i];
            const float w = (float)(W >> l), h = (float)(H >> l);
            float want[4] = {0, 0, 0, 0};
            if (!lin) {
               ref_texel(f, lv, l, (int)floorf(pt[i * 4] * w), (int)floorf(pt[i * 4 + 1] * h),
                         want);
            } else {
               const float u = pt[i * 4] * w - 0.5f, v = pt[i * 4 + 1] * h - 0.5f;
               const int i0 = (int)floorf(u), j0 = (int)floorf(v);
               const float a = u - floorf(u), bb = v - floorf(v);
               for (unsigned k = 0; k < 4; k++) {
                  float tx[4];
                  ref_texel(f, lv, 0, i0 + (int)(k & 1), j0 + (int)(k >> 1), tx);
                  const float wk = ((k & 1) ? a : 1 - a) * ((k >> 1) ? bb : 1 - bb);
                  for (unsigned c = 0; c < 4; c++)
                     want[c] += wk * tx[c];
               }
            }
            for (unsigned c = 0; c < 4; c++) {
               if (!close_enough(&t, f->vk, o[i * 4 + c], want[c], lin) &&
                   bad++ < 3)
                  test_fail(__FILE__, __LINE__, "%s %s point %u (%g, %g, lod %g).%u: %g, want %g",
                            f->name, lin ? "linear" : "nearest", i, pt[i * 4], pt[i * 4 + 1],
                            pt[i * 4 + 2], c, o[i * 4 + c], want[c]);
            }
         }
         vkDestroySampler(t.dev, s, NULL);
      }
      vkDestroyImageView(t.dev, view, NULL);
      vkt_image_destroy(&t, &img);
   }
   vkt_pipeline_destroy(&t, &p);
   vkt_buffer_destroy(&t, &pts);
   vkt_buffer_destroy(&t, &out);
   vkt_finish(&t);
}

/* Blocks survive buffer -> image -> image (offset by a block) -> buffer,
 * OPTIMAL and LINEAR; a blit to RGBA32F decodes them. */
TEST(bc_formats_copy_and_blit)
{
   VkPhysicalDeviceFeatures core = {.textureCompressionBC = VK_TRUE};
   const struct vkt_req req = {.core_features = &core};
   struct vkt t;
   if (!vkt_init(&t, &req))
      return;
   for (unsigned fi = 0; fi < ARRAY_SIZE(bc_formats); fi++) {
      const struct bc_format *f = &bc_formats[fi];
      for (unsigned tiling = 0; tiling < 2; tiling++) {
         const VkImageTiling tl = tiling ? VK_IMAGE_TILING_LINEAR : VK_IMAGE_TILING_OPTIMAL;
         if (tiling && !vkt_format_has(&t, f->vk, tl, VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
                                                          VK_FORMAT_FEATURE_TRANSFER_DST_BIT))
            continue;
         struct vkt_image a, b, dst;
         VkImageCreateInfo ci = vkt_image_info(VK_IMAGE_TYPE_2D, f->vk, tl, W, H, 1, 1, 1);
         REQUIRE(vkt_image_create(&t, &ci, &a));
         ci.extent.width = W + 4;
         REQUIRE(vkt_image_create(&t, &ci, &b));
         VkImageCreateInfo di = vkt_image_info(VK_IMAGE_TYPE_2D, VK_FORMAT_R32G32B32A32_SFLOAT,
                                               VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1, 1);
         REQUIRE(vkt_image_create(&t, &di, &dst));
         REQUIRE(vkt_image_to_general(&t, &a, VK_IMAGE_LAYOUT_UNDEFINED));
         REQUIRE(vkt_image_to_general(&t, &b, VK_IMAGE_LAYOUT_UNDEFINED));
         REQUIRE(vkt_image_to_general(&t, &dst, VK_IMAGE_LAYOUT_UNDEFINED));
         uint8_t data[9 * 4 * 16];
         uint8_t *lv[LEVELS] = {data, data, data};
         const size_t size = (size_t)blocks_x(0) * blocks_y(0) * f->block_B;
         make_blocks(f, data, size, 1000 + fi);
         REQUIRE(upload(&t, &a, f, lv, 1));
         struct vkt_buffer rb, fb;
         REQUIRE(vkt_buffer_create(&t, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &rb));
         REQUIRE(vkt_buffer_create(&t, W * H * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, &fb));
         memset(rb.map, 0xcd, size);
         VkCommandBuffer cmd = vkt_cmd_begin(&t);
         const VkImageCopy ic = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstOffset = {4, 0, 0},
            .extent = {W, H, 1},
         };
         vkCmdCopyImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, b.image, VK_IMAGE_LAYOUT_GENERAL,
                        1, &ic);
         vkt_cmd_barrier(cmd);
         const VkBufferImageCopy bic = {
            .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .imageOffset = {4, 0, 0},
            .imageExtent = {W, H, 1},
         };
         vkCmdCopyImageToBuffer(cmd, b.image, VK_IMAGE_LAYOUT_GENERAL, rb.buffer, 1, &bic);
         const VkImageBlit blit = {
            .srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .srcOffsets = {{0, 0, 0}, {W, H, 1}},
            .dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .dstOffsets = {{0, 0, 0}, {W, H, 1}},
         };
         if (!tiling)
            vkCmdBlitImage(cmd, a.image, VK_IMAGE_LAYOUT_GENERAL, dst.image,
                           VK_IMAGE_LAYOUT_GENERAL, 1, &blit, VK_FILTER_NEAREST);
         vkt_cmd_barrier(cmd);
         const VkBufferImageCopy fc = {
            .imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
            .imageExtent = {W, H, 1},
         };
         vkCmdCopyImageToBuffer(cmd, dst.image, VK_IMAGE_LAYOUT_GENERAL, fb.buffer, 1, &fc);
         CHECK(vkt_cmd_submit_wait(&t, cmd));
         if (memcmp(rb.map, data, size) != 0)
            test_fail(__FILE__, __LINE__, "%s tiling %u: blocks changed in copies", f->name,
                      tiling);
         const float *px = (const float *)fb.map;
         unsigned bad = 0;
         for (unsigned y = 0; y < H && !tiling; y++)
            for (unsigned x = 0; x < W; x++) {
               float want[4];
               ref_texel(f, lv, 0, (int)x, (int)y, want);
               for (unsigned c = 0; c < 4; c++)
                  if (!close_enough(&t, f->vk, px[(y * W + x) * 4 + c], want[c], false) &&
                      bad++ < 3)
                     test_fail(__FILE__, __LINE__, "%s blit (%u, %u).%u: %g, want %g", f->name,
                               x, y, c, px[(y * W + x) * 4 + c], want[c]);
            }
         vkt_buffer_destroy(&t, &rb);
         vkt_buffer_destroy(&t, &fb);
         vkt_image_destroy(&t, &a);
         vkt_image_destroy(&t, &b);
         vkt_image_destroy(&t, &dst);
      }
   }
   vkt_finish(&t);
}
