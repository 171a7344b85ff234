/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <string.h>

#include "util/sha256.h"
#include "util/test.h"

static void
hex(const uint8_t *d, char *out)
{
   for (unsigned i = 0; i < SHA256_DIGEST_B; i++)
      sprintf(out + 2 * i, "%02x", d[i]);
}

/* FIPS 180-2 appendix B test vectors. */
TEST(sha256_known_vectors)
{
   uint8_t d[SHA256_DIGEST_B];
   char h[65];
   sha256("abc", 3, d);
   hex(d, h);
   CHECK_STREQ(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
   sha256("", 0, d);
   hex(d, h);
   CHECK_STREQ(h, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
   const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
   sha256(m, strlen(m), d);
   hex(d, h);
   CHECK_STREQ(h, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
   /* A million 'a', fed in uneven pieces. */
   struct sha256_ctx ctx;
   sha256_init(&ctx);
   char a[997];
   memset(a, 'a', sizeof(a));
   size_t left = 1000000;
   while (left) {
      const size_t n = left < sizeof(a) ? left : sizeof(a);
      sha256_update(&ctx, a, n);
      left -= n;
   }
   sha256_final(&ctx, d);
   hex(d, h);
   CHECK_STREQ(h, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
