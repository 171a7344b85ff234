/* SPDX-License-Identifier: MIT */
#include "util/strbuf.h"
#include "util/test.h"

#include <stdlib.h>

TEST(strbuf_grows)
{
   struct strbuf sb;
   strbuf_init(&sb);
   CHECK_STREQ(strbuf_str(&sb), "");
   for (int i = 0; i < 1000; i++)
      strbuf_printf(&sb, "%d,", i % 10);
   CHECK_EQ(sb.len, 2000);
   CHECK(strncmp(strbuf_str(&sb), "0,1,2,", 6) == 0);
   strbuf_indent(&sb, 2);
   strbuf_append(&sb, "x");
   CHECK_EQ(sb.len, 2009);
   char *s = strbuf_steal(&sb);
   REQUIRE(s);
   CHECK_EQ(s[2008], 'x');
   CHECK(sb.buf == NULL);
   free(s);
}
