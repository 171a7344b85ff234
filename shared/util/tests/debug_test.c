/* SPDX-License-Identifier: MIT */
#include "util/debug.h"
#include "util/strbuf.h"
#include "util/test.h"
#include "util/unimpl.h"

#include <stdlib.h>

static const struct util_debug_flag flags[] = {
   {"alpha", 1, "first"},
   {"beta", 2, "second"},
   {"gamma", 4, "third"},
   {NULL, 0, NULL},
};

TEST(debug_parse)
{
   CHECK_EQ(util_debug_parse(NULL, flags), 0);
   CHECK_EQ(util_debug_parse("", flags), 0);
   CHECK_EQ(util_debug_parse("alpha", flags), 1);
   CHECK_EQ(util_debug_parse("beta,gamma", flags), 6);
   CHECK_EQ(util_debug_parse(" gamma , alpha,unknown,,", flags), 5);
   CHECK_EQ(util_debug_parse("alphabet", flags), 0); /* whole tokens only */
   CHECK_EQ(util_debug_parse("all", flags), 7);
}

TEST(debug_get_reads_env_once)
{
   setenv(KILN_DEBUG_ENV, "beta", 1);
   uint64_t cache = UTIL_DEBUG_UNPARSED;
   CHECK_EQ(util_debug_get("test", flags, &cache), 2);
   setenv(KILN_DEBUG_ENV, "alpha", 1);
   CHECK_EQ(util_debug_get("test", flags, &cache), 2); /* cached */
   unsetenv(KILN_DEBUG_ENV);
}

static void
report_twice(void)
{
   for (int i = 0; i < 2; i++)
      UNIMPLEMENTED(2, "widget %d", i);
}

TEST(unimplemented_logs_once_per_site)
{
   struct strbuf sb;
   strbuf_init(&sb);
   util_log_capture(&sb);
   report_twice();
   report_twice();
   UNSUPPORTED("gizmo");
   util_log_capture(NULL);
   const char *s = strbuf_str(&sb);
   CHECK(strstr(s, "widget 0 (issue 2,") != NULL);
   CHECK(strstr(s, "widget 1") == NULL);
   CHECK(strstr(s, "unsupported: warning: gizmo") != NULL);
   strbuf_finish(&sb);
}
