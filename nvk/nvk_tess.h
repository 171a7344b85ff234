/* SPDX-License-Identifier: MIT */
/*
 * Tessellation in the driver: the pipeline's checks of its two stages and
 * the tessellator configuration a draw derives from them
 * (nvk_tess_state.c), and the draw's tessellation stage
 * (nvk_draw_tess.c: control shader, nvk/tess, evaluation shader).
 */
#ifndef NVK_TESS_H
#define NVK_TESS_H

#include <stdbool.h>
#include <stdint.h>

#include "tess.h"
#include "vulkan/vulkan_core.h"

struct kx_program_info;
struct nvk_device;
struct nvk_graphics_pipeline;

/* maxTessellationGenerationLevel and maxTessellationPatchSize. */
#define NVK_MAX_TESS_LEVEL          64
#define NVK_MAX_TESS_PATCH_VERTICES 32

/* After both stages compiled: OutputVertices in 1..32, a domain given by
 * either stage (and the same one when both give it), static
 * patchControlPoints in 1..32 and a static topology of PATCH_LIST.
 * VK_ERROR_UNKNOWN with a message otherwise. */
VkResult nvk_graphics_pipeline_check_tess(struct nvk_device *dev,
                                          const struct nvk_graphics_pipeline *gfx);

/* The tessellator's configuration from the execution modes of both
 * stages (either may declare each; Vulkan 1.3, 15.1.5) and the domain
 * origin (VkTessellationDomainOrigin). */
struct tess_config nvk_tess_config(const struct kx_program_info *tcs,
                                   const struct kx_program_info *tes,
                                   uint32_t domain_origin);

#endif /* NVK_TESS_H */
