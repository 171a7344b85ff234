/* SPDX-License-Identifier: MIT */
/* GLSL through glslang alone or through zink's compiler (vkt_zink.h). */
#include "vkt_zink.h"

#include <stdlib.h>
#include <string.h>

#include "ntv/nir_to_spirv.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "util/test.h"
#include "zk_compiler.h"

bool
vkt_zink_compile(const struct kgl_shader_desc *descs, unsigned n, enum kgl_flavour flavour,
                 bool lower, struct arena *arena, struct vkt_zink_words *out)
{
   memset(out, 0, sizeof(*out));
   struct kgl_program *prog = NULL;
   const struct kgl_link_options lo = {.flavour = flavour};
   if (kgl_program_create_from_sources(descs, n, &lo, &prog) != KGL_SUCCESS) {
      test_fail(__FILE__, __LINE__, "kgl: %s", prog ? kgl_program_info_log(prog) : "");
      kgl_program_destroy(prog);
      return false;
   }
   const enum kgl_flavour got = kgl_program_flavour(prog);
   uint32_t num_caps;
   const uint32_t *caps = spirv_to_nir_implemented_capabilities(&num_caps);
   const struct spirv_to_nir_options opts = {
      .env = got == KGL_FLAVOUR_GL ? SPIRV_ENV_OPENGL_GL_FLAVOURED : SPIRV_ENV_VULKAN,
      .capabilities = caps,
      .num_capabilities = num_caps,
      .keep_glsl450_geometry = true,
   };
   nir_shader *stages[NIR_STAGE_COUNT] = {NULL};
   bool ok = true;
   for (unsigned s = 0; s < NIR_STAGE_COUNT && ok; s++) {
      size_t count;
      const uint32_t *w = kgl_program_spirv(prog, (enum kgl_stage)s, &count);
      if (!w)
         continue;
      if (!lower) {
         out->w[s] = arena_alloc(arena, count * 4);
         memcpy(out->w[s], w, count * 4);
         out->n[s] = count;
         continue;
      }
      char *err = NULL;
      stages[s] = spirv_to_nir(w, count, (nir_shader_stage)s, NULL, &opts, arena, &err);
      if (!stages[s])
         ok = test_fail(__FILE__, __LINE__, "spirv_to_nir: %s", err ? err : "");
      free(err);
   }
   kgl_program_destroy(prog);
   if (!ok || !lower)
      return ok;
   struct zk_program_info info;
   const char *error = NULL;
   if (!zk_lower_program(stages, NULL, arena, &info, &error))
      return test_fail(__FILE__, __LINE__, "zk_lower_program: %s", error);
   const struct ntv_options no = {.target = NTV_TARGET_VULKAN_1_0, .spirv_version = 0x10000};
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (stages[s] && !ntv_emit(stages[s], &no, arena, &out->w[s], &out->n[s], &error))
         return test_fail(__FILE__, __LINE__, "ntv: %s", error);
   }
   return true;
}

