/* SPDX-License-Identifier: MIT */
/*
 * BC6H (Khronos Data Format Specification 1.3, 21.2 "BC6H"): 14 modes of
 * HDR endpoints, unsigned or signed half floats. Each mode's header is
 * written in the spec's notation ("r0[9:0]": bits 0..9 of endpoint r0, low
 * bit first; "r0[10:15]": bits 15 down to 10, the reversed order the spec
 * uses for modes 13 and 14) and parsed once into bit-copy steps.
 */
#include "fmt.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util/half_float.h"

struct bc6h_mode {
   uint8_t mode_bits;   /* 2 or 5 */
   uint8_t mode_value;  /* the low mode_bits of the block */
   bool transformed;    /* endpoints 1..3 are deltas from endpoint 0 */
   uint8_t regions;     /* 1 or 2 */
   uint8_t ep_bits;     /* precision of endpoint 0 */
   uint8_t delta_bits[3];
   const char *layout;  /* header after the mode bits */
};

static const struct bc6h_mode bc6h_modes[14] = {
   {2, 0x00, true, 2, 10, {5, 5, 5},
    "g2[4] b2[4] b3[4] r0[9:0] g0[9:0] b0[9:0] r1[4:0] g3[4] g2[3:0] g1[4:0] b3[0] g3[3:0] "
    "b1[4:0] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
   {2, 0x01, true, 2, 7, {6, 6, 6},
    "g2[5] g3[4] g3[5] r0[6:0] b3[0] b3[1] b2[4] g0[6:0] b2[5] b3[2] g2[4] b0[6:0] b3[3] "
    "b3[5] b3[4] r1[5:0] g2[3:0] g1[5:0] g3[3:0] b1[5:0] b2[3:0] r2[5:0] r3[5:0]"},
   {5, 0x02, true, 2, 11, {5, 4, 4},
    "r0[9:0] g0[9:0] b0[9:0] r1[4:0] r0[10] g2[3:0] g1[3:0] g0[10] b3[0] g3[3:0] b1[3:0] "
    "b0[10] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
   {5, 0x06, true, 2, 11, {4, 5, 4},
    "r0[9:0] g0[9:0] b0[9:0] r1[3:0] r0[10] g3[4] g2[3:0] g1[4:0] g0[10] g3[3:0] b1[3:0] "
    "b0[10] b3[1] b2[3:0] r2[3:0] b3[0] b3[2] r3[3:0] g2[4] b3[3]"},
   {5, 0x0a, true, 2, 11, {4, 4, 5},
    "r0[9:0] g0[9:0] b0[9:0] r1[3:0] r0[10] b2[4] g2[3:0] g1[3:0] g0[10] b3[0] g3[3:0] "
    "b1[4:0] b0[10] b2[3:0] r2[3:0] b3[1] b3[2] r3[3:0] b3[4] b3[3]"},
   {5, 0x0e, true, 2, 9, {5, 5, 5},
    "r0[8:0] b2[4] g0[8:0] g2[4] b0[8:0] b3[4] r1[4:0] g3[4] g2[3:0] g1[4:0] b3[0] "
    "g3[3:0] b1[4:0] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
   {5, 0x12, true, 2, 8, {6, 5, 5},
    "r0[7:0] g3[4] b2[4] g0[7:0] b3[2] g2[4] b0[7:0] b3[3] b3[4] r1[5:0] g2[3:0] g1[4:0] "
    "b3[0] g3[3:0] b1[4:0] b3[1] b2[3:0] r2[5:0] r3[5:0]"},
   {5, 0x16, true, 2, 8, {5, 6, 5},
    "r0[7:0] b3[0] b2[4] g0[7:0] g2[5] g2[4] b0[7:0] g3[5] b3[4] r1[4:0] g3[4] g2[3:0] "
    "g1[5:0] g3[3:0] b1[4:0] b3[1] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
   {5, 0x1a, true, 2, 8, {5, 5, 6},
    "r0[7:0] b3[1] b2[4] g0[7:0] b2[5] g2[4] b0[7:0] b3[5] b3[4] r1[4:0] g3[4] g2[3:0] "
    "g1[4:0] b3[0] g3[3:0] b1[5:0] b2[3:0] r2[4:0] b3[2] r3[4:0] b3[3]"},
   {5, 0x1e, false, 2, 6, {6, 6, 6},
    "r0[5:0] g3[4] b3[0] b3[1] b2[4] g0[5:0] g2[5] b2[5] b3[2] g2[4] b0[5:0] g3[5] b3[3] "
    "b3[5] b3[4] r1[5:0] g2[3:0] g1[5:0] g3[3:0] b1[5:0] b2[3:0] r2[5:0] r3[5:0]"},
   {5, 0x03, false, 1, 10, {10, 10, 10},
    "r0[9:0] g0[9:0] b0[9:0] r1[9:0] g1[9:0] b1[9:0]"},
   {5, 0x07, true, 1, 11, {9, 9, 9},
    "r0[9:0] g0[9:0] b0[9:0] r1[8:0] r0[10] g1[8:0] g0[10] b1[8:0] b0[10]"},
   {5, 0x0b, true, 1, 12, {8, 8, 8},
    "r0[9:0] g0[9:0] b0[9:0] r1[7:0] r0[10:11] g1[7:0] g0[10:11] b1[7:0] b0[10:11]"},
   {5, 0x0f, true, 1, 16, {4, 4, 4},
    "r0[9:0] g0[9:0] b0[9:0] r1[3:0] r0[10:15] g1[3:0] g0[10:15] b1[3:0] b0[10:15]"},
};

/* One header bit: which value (endpoint * 3 + channel) and which bit. */
struct bc6h_bit {
   uint8_t value, bit;
};

static struct {
   pthread_once_t once;
   struct bc6h_bit bits[14][82];
   uint8_t count[14];
} bc6h_parsed = {.once = PTHREAD_ONCE_INIT};

static void
bc6h_parse(void)
{
   for (unsigned m = 0; m < 14; m++) {
      const char *s = bc6h_modes[m].layout;
      unsigned n = 0;
      while (*s) {
         if (*s == ' ') {
            s++;
            continue;
         }
         /* "<c><e>[a:b]" or "<c><e>[a]" */
         const unsigned ch = s[0] == 'r' ? 0 : s[0] == 'g' ? 1 : 2;
         const unsigned ep = (unsigned)(s[1] - '0');
         char *end;
         const long a = strtol(s + 3, &end, 10);
         long b = a;
         if (*end == ':')
            b = strtol(end + 1, &end, 10);
         s = end + 1; /* past ']' */
         /* [hi:lo] reads lo first; [lo:hi] (reversed) reads hi first. */
         const long step = a >= b ? 1 : -1;
         for (long bit = b;; bit += step) {
            if (n < 82)
               bc6h_parsed.bits[m][n++] = (struct bc6h_bit){(uint8_t)(ep * 3 + ch), (uint8_t)bit};
            if (bit == a)
               break;
         }
      }
      bc6h_parsed.count[m] = (uint8_t)n;
   }
}

unsigned
fmt_bc6h_header_bits(unsigned mode)
{
   pthread_once(&bc6h_parsed.once, bc6h_parse);
   return mode < 14 ? bc6h_modes[mode].mode_bits + bc6h_parsed.count[mode] : 0;
}

static unsigned
bit_at(const uint8_t *b, unsigned pos)
{
   return (b[pos / 8] >> (pos % 8)) & 1;
}

static int32_t
sign_extend(uint32_t v, unsigned bits)
{
   const uint32_t sign = 1u << (bits - 1);
   return (int32_t)((v & ((sign << 1) - 1)) ^ sign) - (int32_t)sign;
}

/* Partitions are the first 32 two-subset ones of BC7 (21.2.3). */
static const uint16_t bc6h_partition[32] = {
   0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80,
   0xc800, 0xffec, 0xfe80, 0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000,
   0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310, 0x3100, 0x8cce,
   0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c,
};
static const uint8_t bc6h_anchor[32] = {
   15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15,
   15, 2,  8,  2,  2,  8,  8,  15, 2,  8,  2,  2,  8,  8,  2,  2,
};

static int32_t
unquantize(int32_t v, unsigned bits, bool is_signed)
{
   if (!is_signed) {
      if (bits >= 15)
         return v;
      if (v == 0)
         return 0;
      if (v == (1 << bits) - 1)
         return 0xffff;
      return (int32_t)((((uint32_t)v << 16) + 0x8000) >> bits);
   }
   if (bits >= 16)
      return v;
   const bool neg = v < 0;
   int32_t m = neg ? -v : v;
   int32_t u;
   if (m == 0)
      u = 0;
   else if (m >= (1 << (bits - 1)) - 1)
      u = 0x7fff;
   else
      u = (int32_t)((((uint32_t)m << 15) + 0x4000) >> (bits - 1));
   return neg ? -u : u;
}

static float
finish(int32_t v, bool is_signed)
{
   uint16_t h;
   if (!is_signed) {
      h = (uint16_t)((v * 31) >> 6);
   } else {
      const int32_t s = v < 0 ? -(((-v) * 31) >> 5) : (v * 31) >> 5;
      h = s < 0 ? (uint16_t)(0x8000 | (uint16_t)(-s)) : (uint16_t)s;
   }
   return util_half_to_float(h);
}

void
fmt_bc6h_decode_block(const uint8_t *b, bool is_signed, union fmt_texel out[16])
{
   pthread_once(&bc6h_parsed.once, bc6h_parse);
   for (unsigned i = 0; i < 16; i++) {
      out[i].f[0] = out[i].f[1] = out[i].f[2] = 0.0f;
      out[i].f[3] = 1.0f;
   }
   const unsigned low2 = b[0] & 3, low5 = b[0] & 31;
   int mi = -1;
   for (unsigned m = 0; m < 14; m++) {
      const struct bc6h_mode *md = &bc6h_modes[m];
      if ((md->mode_bits == 2 ? low2 : low5) == md->mode_value && (md->mode_bits == 5 || low2 < 2)) {
         mi = (int)m;
         break;
      }
   }
   if (mi < 0)
      return; /* reserved mode: zeros */
   const struct bc6h_mode *md = &bc6h_modes[mi];
   uint32_t raw[12] = {0};
   unsigned pos = md->mode_bits;
   for (unsigned i = 0; i < bc6h_parsed.count[mi]; i++, pos++) {
      const struct bc6h_bit *hb = &bc6h_parsed.bits[mi][i];
      raw[hb->value] |= (uint32_t)bit_at(b, pos) << hb->bit;
   }
   unsigned partition = 0;
   if (md->regions == 2) {
      for (unsigned k = 0; k < 5; k++)
         partition |= bit_at(b, pos++) << k;
   }
   const unsigned n_ep = 2u * md->regions;
   int32_t ep[4][3];
   const uint32_t mask = (1u << md->ep_bits) - 1;
   for (unsigned e = 0; e < n_ep; e++) {
      for (unsigned c = 0; c < 3; c++) {
         const uint32_t v = raw[e * 3 + c];
         if (e == 0) {
            ep[e][c] = is_signed ? sign_extend(v, md->ep_bits) : (int32_t)v;
         } else if (md->transformed) {
            const int32_t d = sign_extend(v, md->delta_bits[c]);
            const uint32_t s = ((uint32_t)ep[0][c] + (uint32_t)d) & mask;
            ep[e][c] = is_signed ? sign_extend(s, md->ep_bits) : (int32_t)s;
         } else {
            ep[e][c] = is_signed ? sign_extend(v, md->ep_bits) : (int32_t)v;
         }
      }
   }
   for (unsigned e = 0; e < n_ep; e++)
      for (unsigned c = 0; c < 3; c++)
         ep[e][c] = unquantize(ep[e][c], md->ep_bits, is_signed);

   static const uint8_t w3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
   static const uint8_t w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};
   const unsigned ib = md->regions == 2 ? 3 : 4;
   for (unsigned i = 0; i < 16; i++) {
      const bool anchor = i == 0 || (md->regions == 2 && i == bc6h_anchor[partition]);
      const unsigned bits = ib - (anchor ? 1 : 0);
      unsigned idx = 0;
      for (unsigned k = 0; k < bits; k++)
         idx |= bit_at(b, pos++) << k;
      const unsigned s = md->regions == 2 ? (bc6h_partition[partition] >> i) & 1 : 0;
      const int32_t w = ib == 3 ? w3[idx] : w4[idx];
      for (unsigned c = 0; c < 3; c++) {
         const int32_t v = ((64 - w) * ep[2 * s][c] + w * ep[2 * s + 1][c] + 32) >> 6;
         out[i].f[c] = finish(v, is_signed);
      }
   }
}
