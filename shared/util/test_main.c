/* SPDX-License-Identifier: MIT */
#include "test.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "os.h"

static struct test_case *tests_head;
static struct test_case **tests_tail = &tests_head;
static unsigned current_failures;
static const char *current_skip;

void
test_register(struct test_case *tc)
{
   tc->next = NULL;
   *tests_tail = tc;
   tests_tail = &tc->next;
}

bool
test_fail(const char *file, int line, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   fprintf(stdout, "  %s:%d: ", file, line);
   vfprintf(stdout, fmt, va);
   fputc('\n', stdout);
   va_end(va);
   current_failures++;
   return false;
}

void
test_skip(const char *reason)
{
   current_skip = reason;
}

unsigned
test_current_failures(void)
{
   return current_failures;
}

bool
test_current_skipped(void)
{
   return current_skip != NULL;
}

static bool
selected(const struct test_case *tc, int argc, char **argv)
{
   bool any_filter = false;
   for (int i = 1; i < argc; i++) {
      if (argv[i][0] == '-')
         continue;
      any_filter = true;
      if (strstr(tc->name, argv[i]))
         return true;
   }
   return !any_filter;
}

int
main(int argc, char **argv)
{
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--list") == 0) {
         for (struct test_case *tc = tests_head; tc; tc = tc->next)
            printf("%s\n", tc->name);
         return 0;
      }
   }

   /* Unbuffered so a crash still shows which test was running. */
   setvbuf(stdout, NULL, _IONBF, 0);

   unsigned passed = 0, failed = 0, skipped = 0;
   for (struct test_case *tc = tests_head; tc; tc = tc->next) {
      if (!selected(tc, argc, argv))
         continue;
      current_failures = 0;
      current_skip = NULL;
      const uint64_t t0 = util_time_ns();
      tc->fn();
      const double ms = (double)(util_time_ns() - t0) / 1e6;
      if (current_failures) {
         printf("FAIL %s (%u failed checks, %.1f ms)\n", tc->name, current_failures, ms);
         failed++;
      } else if (current_skip) {
         printf("skip %s: %s\n", tc->name, current_skip);
         skipped++;
      } else {
         printf("ok   %s (%.1f ms)\n", tc->name, ms);
         passed++;
      }
   }
   if (skipped)
      printf("%u skipped\n", skipped);
   printf("%u passed, %u failed\n", passed, failed);
   return failed ? 1 : 0;
}
