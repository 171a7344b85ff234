/* SPDX-License-Identifier: MIT */
#include "sha256.h"

#include <string.h>

/* FIPS 180-4, 4.2.2: the first 32 bits of the fractional parts of the cube
 * roots of the first 64 primes. */
static const uint32_t k[64] = {
   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
   0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
   0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
   0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
   0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
   0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
   0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
   0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
   0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
   0xc67178f2,
};

static inline uint32_t
rotr(uint32_t x, unsigned n)
{
   return (x >> n) | (x << (32 - n));
}

static void
compress(struct sha256_ctx *ctx, const uint8_t *p)
{
   uint32_t w[64];
   for (unsigned i = 0; i < 16; i++)
      w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
             (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
   for (unsigned i = 16; i < 64; i++) {
      const uint32_t s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const uint32_t s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
   }
   uint32_t a = ctx->h[0], b = ctx->h[1], c = ctx->h[2], d = ctx->h[3];
   uint32_t e = ctx->h[4], f = ctx->h[5], g = ctx->h[6], h = ctx->h[7];
   for (unsigned i = 0; i < 64; i++) {
      const uint32_t s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const uint32_t ch = (e & f) ^ (~e & g);
      const uint32_t t1 = h + s1 + ch + k[i] + w[i];
      const uint32_t s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
      const uint32_t t2 = s0 + maj;
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
   }
   ctx->h[0] += a;
   ctx->h[1] += b;
   ctx->h[2] += c;
   ctx->h[3] += d;
   ctx->h[4] += e;
   ctx->h[5] += f;
   ctx->h[6] += g;
   ctx->h[7] += h;
}

void
sha256_init(struct sha256_ctx *ctx)
{
   /* FIPS 180-4, 5.3.3. */
   static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
   memcpy(ctx->h, h0, sizeof(h0));
   ctx->length_B = 0;
   ctx->block_B = 0;
}

void
sha256_update(struct sha256_ctx *ctx, const void *data, size_t size_B)
{
   const uint8_t *p = data;
   ctx->length_B += size_B;
   while (size_B) {
      const size_t room = 64 - ctx->block_B;
      const size_t n = room < size_B ? room : size_B;
      memcpy(ctx->block + ctx->block_B, p, n);
      ctx->block_B += (uint32_t)n;
      p += n;
      size_B -= n;
      if (ctx->block_B == 64) {
         compress(ctx, ctx->block);
         ctx->block_B = 0;
      }
   }
}

void
sha256_final(struct sha256_ctx *ctx, uint8_t digest[SHA256_DIGEST_B])
{
   const uint64_t bits = ctx->length_B * 8;
   const uint8_t pad = 0x80;
   sha256_update(ctx, &pad, 1);
   const uint8_t zero = 0;
   while (ctx->block_B != 56)
      sha256_update(ctx, &zero, 1);
   uint8_t len[8];
   for (unsigned i = 0; i < 8; i++)
      len[i] = (uint8_t)(bits >> (56 - 8 * i));
   sha256_update(ctx, len, 8);
   for (unsigned i = 0; i < 8; i++) {
      digest[4 * i] = (uint8_t)(ctx->h[i] >> 24);
      digest[4 * i + 1] = (uint8_t)(ctx->h[i] >> 16);
      digest[4 * i + 2] = (uint8_t)(ctx->h[i] >> 8);
      digest[4 * i + 3] = (uint8_t)ctx->h[i];
   }
}

void
sha256(const void *data, size_t size_B, uint8_t digest[SHA256_DIGEST_B])
{
   struct sha256_ctx ctx;
   sha256_init(&ctx);
   sha256_update(&ctx, data, size_B);
   sha256_final(&ctx, digest);
}
