/* SPDX-License-Identifier: MIT */
/*
 * A tiny unit-test harness.
 *
 *    #include "util/test.h"
 *    TEST(arena_basic) {
 *       struct arena *a = arena_create(NULL);
 *       REQUIRE(a);               // on failure: report and leave this test
 *       CHECK_EQ(arena_allocated_B(a), 0);
 *       arena_destroy(a);
 *    }
 *
 * Link the test program with util_test (which provides main()). A run
 * prints one line per failed check, one line per test, and ends with
 * "N passed, N failed"; the exit status is non-zero if anything failed.
 * Arguments are substrings: only tests whose name contains one of them run.
 * `--list` prints the test names.
 */
#ifndef UTIL_TEST_H
#define UTIL_TEST_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "macros.h"

struct test_case {
   const char *name;
   const char *file;
   void (*fn)(void);
   struct test_case *next;
};

void test_register(struct test_case *tc);
/* Records a failed check; returns false so CHECK can be used in conditions. */
bool test_fail(const char *file, int line, const char *fmt, ...) PRINTFLIKE(3, 4);
/* Marks the current test as skipped with a reason (counted separately). */
void test_skip(const char *reason);
/* Failed checks so far in the current test (a forked child reports its own
 * verdict through its exit status). */
unsigned test_current_failures(void);
/* Whether test_skip was called in the current test. */
bool test_current_skipped(void);

#define TEST(name)                                                                       \
   static void test_fn_##name(void);                                                     \
   static struct test_case test_case_##name = {#name, __FILE__, test_fn_##name, NULL};   \
   __attribute__((constructor)) static void test_register_##name(void)                   \
   {                                                                                     \
      test_register(&test_case_##name);                                                  \
   }                                                                                     \
   static void test_fn_##name(void)

#define CHECK(cond) ((cond) ? true : test_fail(__FILE__, __LINE__, "CHECK(%s)", #cond))

#define REQUIRE(cond)                                                                    \
   do {                                                                                  \
      if (!(cond)) {                                                                     \
         test_fail(__FILE__, __LINE__, "REQUIRE(%s)", #cond);                            \
         return;                                                                         \
      }                                                                                  \
   } while (0)

#define CHECK_EQ(a, b)                                                                   \
   ({                                                                                    \
      const int64_t __a = (int64_t)(a), __b = (int64_t)(b);                              \
      __a == __b ? true                                                                  \
                 : test_fail(__FILE__, __LINE__, "CHECK_EQ(%s, %s): %" PRId64            \
                             " (0x%" PRIx64 ") != %" PRId64 " (0x%" PRIx64 ")",          \
                             #a, #b, __a, (uint64_t)__a, __b, (uint64_t)__b);            \
   })

#define CHECK_EQ_U64(a, b)                                                               \
   ({                                                                                    \
      const uint64_t __a = (uint64_t)(a), __b = (uint64_t)(b);                           \
      __a == __b ? true                                                                  \
                 : test_fail(__FILE__, __LINE__,                                         \
                             "CHECK_EQ_U64(%s, %s): 0x%" PRIx64 " != 0x%" PRIx64, #a,    \
                             #b, __a, __b);                                              \
   })

#define CHECK_STREQ(a, b)                                                                \
   ({                                                                                    \
      const char *__a = (a), *__b = (b);                                                 \
      (__a && __b && strcmp(__a, __b) == 0)                                              \
         ? true                                                                          \
         : test_fail(__FILE__, __LINE__, "CHECK_STREQ(%s, %s):\n--- got:\n%s\n--- want:\n%s", \
                     #a, #b, __a ? __a : "(null)", __b ? __b : "(null)");                \
   })

#define CHECK_FLOAT_EQ(a, b, eps)                                                        \
   ({                                                                                    \
      const double __a = (a), __b = (b);                                                 \
      (__a - __b <= (eps) && __b - __a <= (eps))                                         \
         ? true                                                                          \
         : test_fail(__FILE__, __LINE__, "CHECK_FLOAT_EQ(%s, %s): %.9g != %.9g", #a, #b, \
                     __a, __b);                                                          \
   })

#endif /* UTIL_TEST_H */
