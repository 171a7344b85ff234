/* SPDX-License-Identifier: MIT */
/*
 * The pipeline side of tessellation: what the two stages declare, checked
 * once at pipeline creation, and the tessellator configuration draws use.
 */
#include "nvk_tess.h"

#include "kx.h"
#include "nir/nir.h"
#include "nvk_device.h"
#include "nvk_pipeline.h"
#include "nvk_shader.h"
#include "util/bitset.h"
#include "vk_log.h"

static const struct kx_program_info *
stage_info(const struct nvk_pipeline_shader *s)
{
   return kx_program_info(s->shader->prog);
}

VkResult
nvk_graphics_pipeline_check_tess(struct nvk_device *dev,
                                 const struct nvk_graphics_pipeline *gfx)
{
   const struct kx_tess_info *c = &stage_info(gfx->tcs)->tess;
   const struct kx_tess_info *e = &stage_info(gfx->tes)->tess;
   /* OutputVertices: "greater than zero and less than or equal to
    * maxTessellationPatchSize" (Vulkan 1.3, 15.1.5 / VUID-RuntimeSpirv). */
   if (c->vertices_out == 0 || c->vertices_out > NVK_MAX_TESS_PATCH_VERTICES)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "the tessellation control shader has %u output vertices (1..%u)",
                       c->vertices_out, NVK_MAX_TESS_PATCH_VERTICES);
   if (c->primitive == NIR_PRIM_NONE && e->primitive == NIR_PRIM_NONE)
      return vk_errorf(
         dev, VK_ERROR_UNKNOWN,
         "neither tessellation stage declares Triangles, Quads or Isolines");
   if (c->primitive != NIR_PRIM_NONE && e->primitive != NIR_PRIM_NONE &&
       c->primitive != e->primitive)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "the tessellation stages declare different domains");
   if (c->spacing && e->spacing && c->spacing != e->spacing)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "the tessellation stages declare different spacings");
   if ((c->cw && e->ccw) || (c->ccw && e->cw))
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "the tessellation stages declare different vertex orders");
   const struct vk_graphics_pipeline_state *st = &gfx->state;
   /* VUID-VkPipelineTessellationStateCreateInfo-patchControlPoints-01214 */
   const uint32_t n = st->s.ts.patch_control_points;
   if (!BITSET_TEST(st->dynamic, VK_DYN_TS_PATCH_CONTROL_POINTS) &&
       (n == 0 || n > NVK_MAX_TESS_PATCH_VERTICES))
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "patchControlPoints %u (1..%u)", n,
                       NVK_MAX_TESS_PATCH_VERTICES);
   /* VUID-VkGraphicsPipelineCreateInfo-pStages-00736 */
   if ((st->parts & VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT) &&
       !BITSET_TEST(st->dynamic, VK_DYN_IA_PRIMITIVE_TOPOLOGY) &&
       st->s.ia.primitive_topology != VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "tessellation stages with a topology other than PATCH_LIST");
   return VK_SUCCESS;
}

struct tess_config
nvk_tess_config(const struct kx_program_info *tcs, const struct kx_program_info *tes,
                uint32_t domain_origin)
{
   const struct kx_tess_info *c = &tcs->tess, *e = &tes->tess;
   const unsigned prim = e->primitive ? e->primitive : c->primitive;
   const unsigned spacing = e->spacing ? e->spacing : c->spacing;
   struct tess_config cfg = {
      .domain = prim == NIR_PRIM_QUADS      ? TESS_QUADS
                : prim == NIR_PRIM_ISOLINES ? TESS_ISOLINES
                                            : TESS_TRIANGLES,
      .spacing =
         spacing == NIR_TESS_SPACING_FRACTIONAL_EVEN  ? TESS_SPACING_FRACTIONAL_EVEN
         : spacing == NIR_TESS_SPACING_FRACTIONAL_ODD ? TESS_SPACING_FRACTIONAL_ODD
                                                      : TESS_SPACING_EQUAL,
      .point_mode = c->point_mode || e->point_mode,
      /* Neither order given: counter-clockwise (what GL's default is). */
      .ccw = !(c->cw || e->cw),
      .lower_left = domain_origin == VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT,
      .max_level = NVK_MAX_TESS_LEVEL,
   };
   return cfg;
}
