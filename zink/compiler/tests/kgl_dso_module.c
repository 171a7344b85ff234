/* SPDX-License-Identifier: MIT */
/*
 * A shared object linking the shim the way libGLX_kiln.so will (static
 * glslang inside, its symbols hidden): kgl_dso_test loads it with dlopen.
 */
#include <stddef.h>

#include "kgl.h"
#include "kgl_validate.h"
#include "util/macros.h"

/* Compiles a 1.10 compatibility program and a 4.50 one; returns the number
 * of SPIR-V words of both (validated), or a negative step number. */
PUBLIC long kgl_dso_compile(void);

long
kgl_dso_compile(void)
{
   static const char *const sources[2][2] = {
      {"#version 110\nvoid main() { gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex; }\n",
       "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n"},
      {"#version 450\nlayout(location = 0) in vec4 p;\nvoid main() { gl_Position = p; }\n",
       "#version 450\nlayout(location = 0) out vec4 o;\nvoid main() { o = vec4(1); }\n"},
   };
   long total = 0;
   for (int i = 0; i < 2; i++) {
      const struct kgl_shader_desc descs[2] = {
         {.stage = KGL_STAGE_VERTEX, .strings = &sources[i][0], .count = 1},
         {.stage = KGL_STAGE_FRAGMENT, .strings = &sources[i][1], .count = 1},
      };
      struct kgl_program *prog = NULL;
      if (kgl_program_create_from_sources(descs, 2, NULL, &prog) != KGL_SUCCESS) {
         kgl_program_destroy(prog);
         return -1;
      }
      for (int s = 0; s < KGL_STAGE_COUNT; s++) {
         size_t n;
         const uint32_t *w = kgl_program_spirv(prog, s, &n);
         if (!w)
            continue;
         const enum kgl_spirv_env env = kgl_spirv_env_for(kgl_program_flavour(prog), 0);
         if (!kgl_spirv_validate(w, n, env, NULL)) {
            kgl_program_destroy(prog);
            return -2;
         }
         total += (long)n;
      }
      kgl_program_destroy(prog);
   }
   return total;
}
