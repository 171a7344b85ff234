/* SPDX-License-Identifier: MIT */
/*
 * Device selection with several drivers in the loader (meson runs this
 * with kiln and lavapipe both listed): KILN_ZINK_DEVICE picks one by name
 * substring or index, and a name no device has is an error with a reason.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/test.h"
#include "zkv.h"

static bool
open_named(const char *pick, char *name, size_t name_B)
{
   setenv("KILN_ZINK_DEVICE", pick, 1);
   VkResult r;
   const char *msg = NULL;
   struct zkv_screen *s = zkv_screen_create(&r, &msg);
   unsetenv("KILN_ZINK_DEVICE");
   if (!s)
      return false;
   const struct zkv_caps *c = zkv_screen_caps(s);
   snprintf(name, name_B, "%s", c->device_name);
   CHECK(c->api_version >= VK_API_VERSION_1_2);
   CHECK(c->limits.maxImageDimension2D >= 4096);
   CHECK(c->dynamic_rendering);
   zkv_screen_destroy(s);
   return true;
}

TEST(pick_by_name_and_index)
{
   char name[256];
   REQUIRE(open_named("kiln", name, sizeof(name)));
   CHECK(strstr(name, "kiln") != NULL);
   REQUIRE(open_named("llvmpipe", name, sizeof(name)));
   CHECK(strstr(name, "llvmpipe") != NULL);
   char first[256], second[256];
   REQUIRE(open_named("0", first, sizeof(first)));
   REQUIRE(open_named("1", second, sizeof(second)));
   CHECK(strcmp(first, second) != 0);
   printf("devices: 0 = %s, 1 = %s\n", first, second);
}

TEST(unknown_device_is_an_error)
{
   setenv("KILN_ZINK_DEVICE", "no-such-device", 1);
   VkResult r = VK_SUCCESS;
   const char *msg = NULL;
   struct zkv_screen *s = zkv_screen_create(&r, &msg);
   unsetenv("KILN_ZINK_DEVICE");
   CHECK(s == NULL);
   CHECK(r == VK_ERROR_INITIALIZATION_FAILED);
   CHECK(msg && strstr(msg, "KILN_ZINK_DEVICE"));
   zkv_screen_destroy(s);
}
