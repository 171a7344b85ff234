/* SPDX-License-Identifier: MIT */
/*
 * SHA-256 (FIPS 180-4): content keys for caches (the pipeline cache keys
 * compiled shaders by a hash of everything that shaped them).
 */
#ifndef UTIL_SHA256_H
#define UTIL_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_B 32

struct sha256_ctx {
   uint32_t h[8];
   uint64_t length_B;
   uint8_t block[64];
   uint32_t block_B;
};

void sha256_init(struct sha256_ctx *ctx);
void sha256_update(struct sha256_ctx *ctx, const void *data, size_t size_B);
void sha256_final(struct sha256_ctx *ctx, uint8_t digest[SHA256_DIGEST_B]);
void sha256(const void *data, size_t size_B, uint8_t digest[SHA256_DIGEST_B]);

#endif
