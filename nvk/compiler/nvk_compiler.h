/* SPDX-License-Identifier: MIT */
/*
 * The shader compiler flow of the driver (the four steps of the project's
 * compiler design):
 *
 *  1. pre-process: SPIR-V -> IR (specialization applied, inlined, SSA) and
 *     API-agnostic optimization; depends only on the SPIR-V, the stage, the
 *     entry point and the specialization constants;
 *  2. link: nothing to do for compute;
 *  3. lower (driver): built-ins, descriptors, push constants and explicit
 *     memory addressing for the Vulkan binding model (nvk_nir.h);
 *  4. finalize: last optimizations, then the backend (nvk/exec) translates
 *     the IR into a kx program.
 */
#ifndef NVK_COMPILER_H
#define NVK_COMPILER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nir/nir.h"
#include "kx.h"
#include "spirv/spirv_to_nir.h"

struct kx_program;
struct nvk_pipeline_layout;

struct nvk_compile_info {
   const uint32_t *spirv;
   size_t word_count;
   nir_shader_stage stage;
   const char *entry_point;
   const struct spirv_specialization *specializations;
   uint32_t num_specializations;
   const struct nvk_pipeline_layout *layout;
   bool robust_buffer_access;
   /* Out, optional: the pre-rasterization side-band data of the stage
    * (nvk_compile records it in the program itself). */
   struct nvk_compile_pre_raster *pre_raster;
};

/* What nvk_compile_to_nir decides for the draw path besides the IR: a
 * geometry shader's record layout and what transform feedback captures. */
struct nvk_compile_pre_raster {
   struct kx_gs_info gs;
   struct kx_xfb_info xfb;
};

/* Steps 1-3. NULL and a malloc'd message on failure. */
nir_shader *nvk_compile_to_nir(const struct nvk_compile_info *info, char **error);

/* Step 4 on a lowered shader: optimizes it and runs the backend. */
struct kx_program *nvk_compile_finalize(nir_shader *shader, char **error);

/* Everything: SPIR-V to kx program. */
struct kx_program *nvk_compile(const struct nvk_compile_info *info, char **error);

/* The API-agnostic optimization loop (copy propagation, CSE, constant
 * folding, dead code) until nothing changes. */
void nvk_compile_optimize(nir_shader *shader);

#endif /* NVK_COMPILER_H */
