/* SPDX-License-Identifier: MIT */
#include "nvk_compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kx.h"
#include "nvk_nir.h"

void
nvk_compile_optimize(nir_shader *shader)
{
   bool progress = true;
   for (unsigned i = 0; progress && i < 32; i++) {
      progress = false;
      NIR_PASS(progress, shader, nir_opt_copy_prop);
      NIR_PASS(progress, shader, nir_opt_cse);
      NIR_PASS(progress, shader, nir_opt_constant_folding);
      NIR_PASS(progress, shader, nvk_nir_opt_algebraic);
      NIR_PASS(progress, shader, nir_opt_dce);
      NIR_PASS(progress, shader, nvk_nir_opt_constant_ifs);
      NIR_PASS(progress, shader, nvk_nir_opt_loop_unroll);
      NIR_PASS(progress, shader, nvk_nir_opt_offsets);
   }
}

static char *
error_dup(const char *fmt, const char *what)
{
   char *e = NULL;
   if (asprintf(&e, fmt, what) < 0)
      return NULL;
   return e;
}

nir_shader *
nvk_compile_to_nir(const struct nvk_compile_info *info, char **error)
{
   *error = NULL;
   /* 1. Pre-process. */
   const struct spirv_to_nir_options opts = {
      .env = SPIRV_ENV_VULKAN,
      .specializations = info->specializations,
      .num_specializations = info->num_specializations,
   };
   nir_shader *shader = spirv_to_nir(info->spirv, info->word_count, info->stage,
                                     info->entry_point, &opts, NULL, error);
   if (!shader)
      return NULL;
   NIR_PASS_V(shader, nir_lower_returns);
   NIR_PASS_V(shader, nir_lower_global_vars_to_local);
   NIR_PASS_V(shader, nir_lower_vars_to_ssa);
   nvk_compile_optimize(shader);

   /* 3. Lower. */
   bool unsupported = false, io_unsupported = false;
   struct nvk_compile_pre_raster pre = {0};
   if (!nvk_nir_gather_xfb(shader, &pre.xfb)) {
      *error = error_dup("%s", "the shader captures more transform feedback outputs than "
                               "kiln records, or names a buffer or stream past the limits");
      nir_shader_destroy(shader);
      return NULL;
   }
   NIR_PASS_V(shader, nvk_nir_lower_tess_io, &io_unsupported);
   NIR_PASS_V(shader, nvk_nir_lower_io, &io_unsupported);
   NIR_PASS_V(shader, nvk_nir_lower_system_values, KX_SUBGROUP_SIZE);
   bool gs_unsupported = false;
   NIR_PASS_V(shader, nvk_nir_lower_gs, &pre.gs, &gs_unsupported);
   if (gs_unsupported) {
      *error = error_dup("%s", "the geometry shader exceeds maxGeometryOutputVertices (256) "
                               "or maxGeometryShaderInvocations (32)");
      nir_shader_destroy(shader);
      return NULL;
   }
   if (info->pre_raster)
      *info->pre_raster = pre;
   NIR_PASS_V(shader, nvk_nir_lower_descriptors, info->layout, &unsupported);
   struct nvk_nir_io_options io = {
      .layout = info->layout,
      .robust_buffer_access = info->robust_buffer_access,
   };
   NIR_PASS_V(shader, nvk_nir_lower_explicit_io, &io);
   if (unsupported || io.unsupported || io_unsupported || nir_shader_oom(shader)) {
      *error = error_dup("%s", nir_shader_oom(shader) ? "out of memory"
                               : io_unsupported
                                  ? "the shader has an input or output the driver does not "
                                    "lower (a built-in of another stage, 16-bit I/O...)"
                                  : "the shader accesses resources in a way the driver does "
                                    "not lower");
      nir_shader_destroy(shader);
      return NULL;
   }
   return shader;
}

struct kx_program *
nvk_compile_finalize(nir_shader *shader, char **error)
{
   nvk_compile_optimize(shader);
   if (nir_shader_oom(shader)) {
      *error = strdup("out of memory");
      return NULL;
   }
   return kx_compile(shader, error);
}

struct kx_program *
nvk_compile(const struct nvk_compile_info *info, char **error)
{
   struct nvk_compile_pre_raster pre;
   struct nvk_compile_info with_pre = *info;
   with_pre.pre_raster = &pre;
   nir_shader *shader = nvk_compile_to_nir(&with_pre, error);
   if (!shader)
      return NULL;
   struct kx_program *prog = nvk_compile_finalize(shader, error);
   nir_shader_destroy(shader);
   if (prog)
      kx_program_set_pre_raster(prog, &pre.gs, &pre.xfb);
   if (info->pre_raster)
      *info->pre_raster = pre;
   return prog;
}
