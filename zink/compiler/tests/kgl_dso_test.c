/* SPDX-License-Identifier: MIT */
/*
 * The shim inside a shared object: it links (the static glslang archives are
 * position-independent), it loads, it compiles, and it survives being
 * unloaded and loaded again (glslang's FinalizeProcess runs at dlclose and a
 * fresh InitializeProcess at the next load). Also checks that no glslang or
 * SPIRV-Tools symbol leaks out of the object.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "util/test.h"

static const char *module_path;

TEST(dso_loads_compiles_unloads_twice)
{
   REQUIRE(module_path);
   long first = 0;
   for (int round = 0; round < 2; round++) {
      void *h = dlopen(module_path, RTLD_NOW | RTLD_LOCAL);
      REQUIRE(h || test_fail(__FILE__, __LINE__, "dlopen: %s", dlerror()));
      long (*compile)(void) = (long (*)(void))dlsym(h, "kgl_dso_compile");
      REQUIRE(compile);
      const long words = compile();
      CHECK(words > 100 || test_fail(__FILE__, __LINE__, "compile returned %ld", words));
      if (round == 0)
         first = words;
      else
         CHECK_EQ(words, first);
      /* Only the entry point is exported. */
      CHECK(dlsym(h, "_ZN7glslang17InitializeProcessEv") == NULL);
      CHECK(dlsym(h, "spvValidate") == NULL);
      CHECK(dlsym(h, "kgl_program_create") == NULL);
      CHECK_EQ(dlclose(h), 0);
   }
}

__attribute__((constructor)) static void
find_module(void)
{
   module_path = getenv("KGL_DSO_MODULE");
}
