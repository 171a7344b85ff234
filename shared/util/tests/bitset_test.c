/* SPDX-License-Identifier: MIT */
#include "util/bitset.h"
#include "util/macros.h"
#include "util/test.h"

TEST(bitset_set_test_foreach)
{
   BITSET_DECLARE(bs, 100);
   BITSET_ZERO(bs);
   const unsigned bits[] = {0, 31, 32, 63, 64, 99};
   for (unsigned i = 0; i < ARRAY_SIZE(bits); i++)
      BITSET_SET(bs, bits[i]);
   CHECK_EQ(bitset_count(bs, BITSET_WORDS(100)), 6);
   CHECK(BITSET_TEST(bs, 63));
   CHECK(!BITSET_TEST(bs, 62));
   unsigned n = 0;
   BITSET_FOREACH_SET(b, bs, 100) {
      CHECK_EQ(b, bits[n]);
      n++;
   }
   CHECK_EQ(n, 6);
   BITSET_CLEAR(bs, 99);
   CHECK(!BITSET_TEST(bs, 99));
}

TEST(bit_helpers)
{
   CHECK_EQ(util_logbase2(1), 0);
   CHECK_EQ(util_logbase2(4096), 12);
   CHECK_EQ(util_logbase2(4097), 12);
   CHECK_EQ(util_logbase2_ceil(4097), 13);
   CHECK_EQ(util_next_power_of_two(33), 64);
   CHECK_EQ(ALIGN_POT(65, 64), 128);
   CHECK_EQ(DIV_ROUND_UP(65, 64), 2);
   uint32_t m = 0x90000001u;
   CHECK_EQ(u_bit_scan(&m), 0);
   CHECK_EQ(u_bit_scan(&m), 28);
   CHECK_EQ(u_bit_scan(&m), 31);
   CHECK_EQ(m, 0);
   unsigned sum = 0;
   u_foreach_bit(b, 0x8000000au) sum += b;
   CHECK_EQ(sum, 1 + 3 + 31);
}
