/* SPDX-License-Identifier: MIT */
/*
 * Tessellation through the loader, on kiln and on lavapipe, against the
 * spec model of nvk/tess/tests/tess_model.c (an independent construction
 * of Vulkan 1.3, chapter 23):
 *
 *  - per domain x spacing x point mode x level set (levels from push
 *    constants, passed between control shader invocations through a
 *    barrier): the primitives reaching the clipper (pipeline statistics)
 *    equal the model's triangle, line or point count, the control shader
 *    ran once per patch, and in point mode every point lands where the
 *    model puts a vertex (one point per hit pixel, counted with additive
 *    blending; fractional placement is implementation-dependent, so on
 *    other drivers only equal spacing's positions are compared);
 *  - TessCoord and PrimitiveId: two patches filling their bands of the
 *    framebuffer, every pixel the colour (u, v, patch) the domain says;
 *  - VertexOrderCw/Ccw and VK_KHR_maintenance2's domain origin against
 *    back-face culling, the origin also set dynamically (EDS3);
 *  - restarts in patch lists (primitiveTopologyPatchListRestart);
 *  - transform feedback of every evaluation: the captured TessCoords are
 *    the model's vertices, as many as its primitives need;
 *  - a draw of 7000 patches and 567,000 points, in batches, in order;
 *  - spacing, vertex order and point mode declared by the control shader;
 *  - multiview: an evaluation shader reading ViewIndex, once per view;
 *  - PointSize from the evaluation shader, or a geometry shader after it;
 *  - patchControlPoints dynamic (VK_EXT_extended_dynamic_state2): patches
 *    counted per value;
 *  - kiln only: bad input (patch sizes past the limit, OutputVertices 33
 *    and 0, one tessellation stage without the other, a topology other
 *    than patch lists) fails pipeline creation cleanly.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tess_model.h"
#include "vkt.h"

#include "tess_color_frag.h"
#include "tess_levels_tesc.h"
#include "tess_overread_tesc.h"
#include "tess_vert.h"
#include "tess_view_tese.h"
#include "tess_psize_tese.h"
#include "tess_psize_3_tese.h"
#include "tess_psize_geom.h"

#define TESE(d, s, o, p) tess_eval_##d##_##s##_##o##p##_tese_spv
#define TESE_SET(d, s)                                                                   \
   {TESE(d, s, ccw, ), sizeof(TESE(d, s, ccw, ))},                                       \
      {TESE(d, s, ccw, _points), sizeof(TESE(d, s, ccw, _points))},                      \
      {TESE(d, s, cw, ), sizeof(TESE(d, s, cw, ))},                                      \
   {                                                                                     \
      TESE(d, s, cw, _points), sizeof(TESE(d, s, cw, _points))                           \
   }
#include "tess_eval_triangles_equal_ccw_tese.h"
#include "tess_eval_triangles_equal_ccw_points_tese.h"
#include "tess_eval_triangles_equal_cw_tese.h"
#include "tess_eval_triangles_equal_cw_points_tese.h"
#include "tess_eval_triangles_fractional_even_ccw_tese.h"
#include "tess_eval_triangles_fractional_even_ccw_points_tese.h"
#include "tess_eval_triangles_fractional_even_cw_tese.h"
#include "tess_eval_triangles_fractional_even_cw_points_tese.h"
#include "tess_eval_triangles_fractional_odd_ccw_tese.h"
#include "tess_eval_triangles_fractional_odd_ccw_points_tese.h"
#include "tess_eval_triangles_fractional_odd_cw_tese.h"
#include "tess_eval_triangles_fractional_odd_cw_points_tese.h"
#include "tess_eval_quads_equal_ccw_tese.h"
#include "tess_eval_quads_equal_ccw_points_tese.h"
#include "tess_eval_quads_equal_cw_tese.h"
#include "tess_eval_quads_equal_cw_points_tese.h"
#include "tess_eval_quads_fractional_even_ccw_tese.h"
#include "tess_eval_quads_fractional_even_ccw_points_tese.h"
#include "tess_eval_quads_fractional_even_cw_tese.h"
#include "tess_eval_quads_fractional_even_cw_points_tese.h"
#include "tess_eval_quads_fractional_odd_ccw_tese.h"
#include "tess_eval_quads_fractional_odd_ccw_points_tese.h"
#include "tess_eval_quads_fractional_odd_cw_tese.h"
#include "tess_eval_quads_fractional_odd_cw_points_tese.h"
#include "tess_eval_isolines_equal_ccw_tese.h"
#include "tess_eval_isolines_equal_ccw_points_tese.h"
#include "tess_eval_isolines_equal_cw_tese.h"
#include "tess_eval_isolines_equal_cw_points_tese.h"
#include "tess_eval_isolines_fractional_even_ccw_tese.h"
#include "tess_eval_isolines_fractional_even_ccw_points_tese.h"
#include "tess_eval_isolines_fractional_even_cw_tese.h"
#include "tess_eval_isolines_fractional_even_cw_points_tese.h"
#include "tess_eval_isolines_fractional_odd_ccw_tese.h"
#include "tess_eval_isolines_fractional_odd_ccw_points_tese.h"
#include "tess_eval_isolines_fractional_odd_cw_tese.h"
#include "tess_eval_isolines_fractional_odd_cw_points_tese.h"
#include "tess_xfb_triangles_equal_tese.h"
#include "tess_xfb_triangles_equal_points_tese.h"
#include "tess_xfb_triangles_fractional_even_tese.h"
#include "tess_xfb_triangles_fractional_even_points_tese.h"
#include "tess_xfb_triangles_fractional_odd_tese.h"
#include "tess_xfb_triangles_fractional_odd_points_tese.h"
#include "tess_xfb_quads_equal_tese.h"
#include "tess_xfb_quads_equal_points_tese.h"
#include "tess_xfb_quads_fractional_even_tese.h"
#include "tess_xfb_quads_fractional_even_points_tese.h"
#include "tess_xfb_quads_fractional_odd_tese.h"
#include "tess_xfb_quads_fractional_odd_points_tese.h"
#include "tess_xfb_isolines_equal_tese.h"
#include "tess_xfb_isolines_equal_points_tese.h"
#include "tess_xfb_isolines_fractional_even_tese.h"
#include "tess_xfb_isolines_fractional_even_points_tese.h"
#include "tess_xfb_isolines_fractional_odd_tese.h"
#include "tess_xfb_isolines_fractional_odd_points_tese.h"

#define W   128
#define H   128
#define FMT VK_FORMAT_R32G32B32A32_SFLOAT

struct spv {
   const uint32_t *code;
   size_t size_B;
};

/* [domain][spacing][ccw/ccw points/cw/cw points] */
static const struct spv tese_spv[3][3][4] = {
   {{TESE_SET(triangles, equal)},
    {TESE_SET(triangles, fractional_even)},
    {TESE_SET(triangles, fractional_odd)}},
   {{TESE_SET(quads, equal)},
    {TESE_SET(quads, fractional_even)},
    {TESE_SET(quads, fractional_odd)}},
   {{TESE_SET(isolines, equal)},
    {TESE_SET(isolines, fractional_even)},
    {TESE_SET(isolines, fractional_odd)}},
};

#define XFB(d, s, p) tess_xfb_##d##_##s##p##_tese_spv
#define XFB_SET(d, s)                                                                    \
   {XFB(d, s, ), sizeof(XFB(d, s, ))},                                                   \
   {                                                                                     \
      XFB(d, s, _points), sizeof(XFB(d, s, _points))                                     \
   }
/* [domain][spacing][lists/points] */
static const struct spv xfb_spv[3][3][2] = {
   {{XFB_SET(triangles, equal)},
    {XFB_SET(triangles, fractional_even)},
    {XFB_SET(triangles, fractional_odd)}},
   {{XFB_SET(quads, equal)},
    {XFB_SET(quads, fractional_even)},
    {XFB_SET(quads, fractional_odd)}},
   {{XFB_SET(isolines, equal)},
    {XFB_SET(isolines, fractional_even)},
    {XFB_SET(isolines, fractional_odd)}},
};

static const char *const domain_name[] = {"triangles", "quads", "isolines"};
static const char *const spacing_name[] = {"equal", "fractional_even", "fractional_odd"};

/* The push constants of the three stages. */
struct push {
   float outer[4], inner[2]; /* control */
   float bands, margin;      /* evaluation */
   float count;              /* fragment: 1.0 per hit */
};

struct env {
   struct vkt t;
   struct vkt_image img;
   VkImageView view;
   VkRenderPass pass;
   VkFramebuffer fb;
   VkPipelineLayout layout;
   VkShaderModule vs, tcs, fs;
   struct vkt_buffer vb;
   VkQueryPool stats;
   bool dynamic_points; /* VK_EXT_extended_dynamic_state2 patch control points */
   /* VK_EXT_extended_dynamic_state3: the domain origin draws set. */
   bool dynamic_origin;
   VkTessellationDomainOrigin origin;
   /* Indexed draws (primitive restart): 32-bit indices from here. */
   struct vkt_buffer ib;
};

enum {
   STAT_CLIP, /* CLIPPING_INVOCATIONS */
   STAT_TCS,  /* TESSELLATION_CONTROL_SHADER_PATCHES */
   STAT_TES,  /* TESSELLATION_EVALUATION_SHADER_INVOCATIONS */
   STAT_COUNT,
};

static VkShaderModule
make_module(struct vkt *t, const uint32_t *code, size_t size_B)
{
   const VkShaderModuleCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
      .codeSize = size_B,
      .pCode = code,
   };
   VkShaderModule m = VK_NULL_HANDLE;
   VKT_CHECK(vkCreateShaderModule(t->dev, &ci, NULL, &m));
   return m;
}

/* What a test needs beyond tessellation and statistics. */
enum env_flags {
   ENV_DYNAMIC_POINTS = 1 << 0, /* VK_EXT_extended_dynamic_state2 patch control points */
   ENV_KILN_ONLY = 1 << 1,
   ENV_XFB = 1 << 2,       /* VK_EXT_transform_feedback */
   ENV_MULTIVIEW = 1 << 3, /* VK_KHR_multiview with multiviewTessellationShader */
   /* geometryShader and shaderTessellationAndGeometryPointSize */
   ENV_POINT_SIZE = 1 << 4,
   /* VK_EXT_extended_dynamic_state3's extendedDynamicState3TessellationDomainOrigin */
   ENV_DYNAMIC_ORIGIN = 1 << 5,
   /* VK_EXT_primitive_topology_list_restart's primitiveTopologyPatchListRestart;
    * draws are indexed */
   ENV_RESTART = 1 << 6,
};

static bool
env_init(struct env *e, unsigned flags)
{
   memset(e, 0, sizeof(*e));
   const bool dynamic_points = flags & ENV_DYNAMIC_POINTS;
   const VkPhysicalDeviceFeatures core = {
      .tessellationShader = VK_TRUE,
      .pipelineStatisticsQuery = VK_TRUE,
      .geometryShader = (flags & ENV_POINT_SIZE) != 0,
      .shaderTessellationAndGeometryPointSize = (flags & ENV_POINT_SIZE) != 0,
   };
   VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT,
      .extendedDynamicState2PatchControlPoints = VK_TRUE,
   };
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT,
      .transformFeedback = VK_TRUE,
   };
   VkPhysicalDeviceMultiviewFeatures mv = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES,
      .multiview = VK_TRUE,
      .multiviewTessellationShader = VK_TRUE,
   };
   VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT,
      .extendedDynamicState3TessellationDomainOrigin = VK_TRUE,
   };
   VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT restart = {
      .sType =
         VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT,
      .primitiveTopologyPatchListRestart = VK_TRUE,
   };
   /* maintenance2: the domain origin. */
   const char *exts[4] = {VK_KHR_MAINTENANCE_2_EXTENSION_NAME};
   uint32_t ext_count = 1;
   if (flags & ENV_DYNAMIC_ORIGIN)
      exts[ext_count++] = VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME;
   if (flags & ENV_RESTART)
      exts[ext_count++] = VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME;
   if (flags & ENV_MULTIVIEW)
      exts[ext_count++] = VK_KHR_MULTIVIEW_EXTENSION_NAME;
   if (dynamic_points)
      exts[ext_count++] = VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME;
   if (flags & ENV_XFB)
      exts[ext_count++] = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME;
   const struct vkt_req req = {
      .core_features = &core,
      .features = dynamic_points                 ? (void *)&eds2
                  : (flags & ENV_XFB)            ? (void *)&xfb
                  : (flags & ENV_MULTIVIEW)      ? (void *)&mv
                  : (flags & ENV_DYNAMIC_ORIGIN) ? (void *)&eds3
                  : (flags & ENV_RESTART)        ? (void *)&restart
                                                 : NULL,
      .extensions = exts,
      .extension_count = ext_count,
      .kiln_only = flags & ENV_KILN_ONLY,
   };
   if (!vkt_init(&e->t, &req))
      return false;
   e->dynamic_points = dynamic_points;
   e->dynamic_origin = flags & ENV_DYNAMIC_ORIGIN;
   if ((flags & ENV_RESTART) &&
       !vkt_buffer_create(&e->t, 4096, VK_BUFFER_USAGE_INDEX_BUFFER_BIT, &e->ib))
      return false;
   struct vkt *t = &e->t;
   VkImageCreateInfo ici =
      vkt_image_info(VK_IMAGE_TYPE_2D, FMT, VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1, 1);
   ici.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (!vkt_image_create(t, &ici, &e->img) ||
       !vkt_image_to_general(t, &e->img, VK_IMAGE_LAYOUT_UNDEFINED))
      return false;
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = e->img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D,
      .format = FMT,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1},
   };
   const VkAttachmentDescription att = {
      .format = FMT,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
   const VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   const VkSubpassDependency deps[] = {
      {VK_SUBPASS_EXTERNAL, 0, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
       VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
       VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
      {0, VK_SUBPASS_EXTERNAL, VK_PIPELINE_STAGE_ALL_GRAPHICS_BIT,
       VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_WRITE_BIT,
       VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT, 0},
   };
   const VkRenderPassCreateInfo rci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &att,
      .subpassCount = 1,
      .pSubpasses = &sub,
      .dependencyCount = ARRAY_SIZE(deps),
      .pDependencies = deps,
   };
   const VkPushConstantRange range = {VK_SHADER_STAGE_ALL_GRAPHICS, 0,
                                      sizeof(struct push)};
   const VkPipelineLayoutCreateInfo lci = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .pushConstantRangeCount = 1,
      .pPushConstantRanges = &range,
   };
   const VkQueryPoolCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
      .queryType = VK_QUERY_TYPE_PIPELINE_STATISTICS,
      .queryCount = 1,
      .pipelineStatistics =
         VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT |
         VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT |
         VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT,
   };
   if (!VKT_CHECK(vkCreateImageView(t->dev, &vci, NULL, &e->view)) ||
       !VKT_CHECK(vkCreateRenderPass(t->dev, &rci, NULL, &e->pass)) ||
       !VKT_CHECK(vkCreatePipelineLayout(t->dev, &lci, NULL, &e->layout)) ||
       !VKT_CHECK(vkCreateQueryPool(t->dev, &qci, NULL, &e->stats)) ||
       !vkt_buffer_create(t, 4096, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &e->vb))
      return false;
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = e->pass,
      .attachmentCount = 1,
      .pAttachments = &e->view,
      .width = W,
      .height = H,
      .layers = 1,
   };
   if (!VKT_CHECK(vkCreateFramebuffer(t->dev, &fci, NULL, &e->fb)))
      return false;
   /* Control points: a unit square's corners, repeated. */
   float *v = (float *)e->vb.map;
   for (unsigned i = 0; i < 64; i++) {
      v[4 * i + 0] = (float)(i & 1);
      v[4 * i + 1] = (float)((i >> 1) & 1);
      v[4 * i + 2] = 0.0f;
      v[4 * i + 3] = 1.0f;
   }
   e->vs = make_module(t, tess_vert_spv, sizeof(tess_vert_spv));
   e->tcs = make_module(t, tess_levels_tesc_spv, sizeof(tess_levels_tesc_spv));
   e->fs = make_module(t, tess_color_frag_spv, sizeof(tess_color_frag_spv));
   return e->vs && e->tcs && e->fs;
}

static void
env_finish(struct env *e)
{
   struct vkt *t = &e->t;
   if (!t->dev)
      return;
   vkDestroyShaderModule(t->dev, e->vs, NULL);
   vkDestroyShaderModule(t->dev, e->tcs, NULL);
   vkDestroyShaderModule(t->dev, e->fs, NULL);
   if (e->vb.buffer)
      vkt_buffer_destroy(t, &e->vb);
   if (e->ib.buffer)
      vkt_buffer_destroy(t, &e->ib);
   vkDestroyQueryPool(t->dev, e->stats, NULL);
   vkDestroyFramebuffer(t->dev, e->fb, NULL);
   vkDestroyPipelineLayout(t->dev, e->layout, NULL);
   vkDestroyRenderPass(t->dev, e->pass, NULL);
   vkDestroyImageView(t->dev, e->view, NULL);
   if (e->img.image)
      vkt_image_destroy(t, &e->img);
   vkt_finish(t);
}

struct pipe_opts {
   const struct spv *tese;
   bool additive;          /* ONE + ONE blending (hit counting) */
   VkCullModeFlags cull;   /* front face: counter-clockwise */
   bool lower_left;        /* VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT */
   bool discard;           /* rasterizer discard (transform feedback only) */
   VkRenderPass pass;      /* VK_NULL_HANDLE: the environment's */
   const struct spv *geom; /* a geometry shader after the evaluation shader */
   bool restart;           /* primitiveRestartEnable */
   const struct spv *tesc; /* another control shader than tess_levels.tesc */
   uint32_t patch_points;  /* patchControlPoints (static) */
   /* Bad input tests: no evaluation stage, another topology. */
   bool no_tese;
   VkPrimitiveTopology topology; /* 0: PATCH_LIST */
};

static VkResult
make_pipeline(struct env *e, const struct pipe_opts *o, VkPipeline *pipe)
{
   struct vkt *t = &e->t;
   VkShaderModule tese = o->tese ? make_module(t, o->tese->code, o->tese->size_B) : NULL;
   VkShaderModule tesc = o->tesc ? make_module(t, o->tesc->code, o->tesc->size_B) : NULL;
   VkShaderModule geom = o->geom ? make_module(t, o->geom->code, o->geom->size_B) : NULL;
   const VkPipelineShaderStageCreateInfo stages[5] = {
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_VERTEX_BIT,
       .module = e->vs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_FRAGMENT_BIT,
       .module = e->fs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
       .module = tesc ? tesc : e->tcs,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
       .module = tese,
       .pName = "main"},
      {.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
       .stage = VK_SHADER_STAGE_GEOMETRY_BIT,
       .module = geom,
       .pName = "main"},
   };
   const VkVertexInputBindingDescription binding = {0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
   const VkVertexInputAttributeDescription attr = {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT,
                                                   0};
   const VkPipelineVertexInputStateCreateInfo vi = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
      .vertexBindingDescriptionCount = 1,
      .pVertexBindingDescriptions = &binding,
      .vertexAttributeDescriptionCount = 1,
      .pVertexAttributeDescriptions = &attr,
   };
   const VkPipelineInputAssemblyStateCreateInfo ia = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
      .topology = o->topology ? o->topology : VK_PRIMITIVE_TOPOLOGY_PATCH_LIST,
      .primitiveRestartEnable = o->restart,
   };
   const VkPipelineTessellationDomainOriginStateCreateInfo origin = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_DOMAIN_ORIGIN_STATE_CREATE_INFO,
      .domainOrigin = o->lower_left ? VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT
                                    : VK_TESSELLATION_DOMAIN_ORIGIN_UPPER_LEFT,
   };
   const VkPipelineTessellationStateCreateInfo ts = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
      .pNext = &origin,
      .patchControlPoints = o->patch_points ? o->patch_points : 4,
   };
   const VkViewport viewport = {0, 0, W, H, 0, 1};
   const VkRect2D scissor = {{0, 0}, {W, H}};
   const VkPipelineViewportStateCreateInfo vp = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
      .viewportCount = 1,
      .pViewports = &viewport,
      .scissorCount = 1,
      .pScissors = &scissor,
   };
   const VkPipelineRasterizationStateCreateInfo rs = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
      .rasterizerDiscardEnable = o->discard,
      .cullMode = o->cull,
      .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
      .lineWidth = 1.0f,
   };
   const VkPipelineMultisampleStateCreateInfo ms = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
      .rasterizationSamples = VK_SAMPLE_COUNT_1_BIT,
   };
   const VkPipelineColorBlendAttachmentState blend = {
      .blendEnable = o->additive,
      .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
      .dstColorBlendFactor = VK_BLEND_FACTOR_ONE,
      .colorBlendOp = VK_BLEND_OP_ADD,
      .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
      .alphaBlendOp = VK_BLEND_OP_ADD,
      .colorWriteMask = 0xf,
   };
   const VkPipelineColorBlendStateCreateInfo cb = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
      .attachmentCount = 1,
      .pAttachments = &blend,
   };
   VkDynamicState dyn_states[2];
   uint32_t dyn_count = 0;
   if (e->dynamic_points)
      dyn_states[dyn_count++] = VK_DYNAMIC_STATE_PATCH_CONTROL_POINTS_EXT;
   if (e->dynamic_origin)
      dyn_states[dyn_count++] = VK_DYNAMIC_STATE_TESSELLATION_DOMAIN_ORIGIN_EXT;
   const VkPipelineDynamicStateCreateInfo dyn = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
      .dynamicStateCount = dyn_count,
      .pDynamicStates = dyn_states,
   };
   const VkGraphicsPipelineCreateInfo ci = {
      .sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
      .stageCount = o->no_tese ? 3
                    : o->geom  ? 5
                               : 4,
      .pStages = stages,
      .pVertexInputState = &vi,
      .pInputAssemblyState = &ia,
      .pTessellationState = &ts,
      .pViewportState = &vp,
      .pRasterizationState = &rs,
      .pMultisampleState = &ms,
      .pColorBlendState = &cb,
      .pDynamicState = dyn_count ? &dyn : NULL,
      .layout = e->layout,
      .renderPass = o->pass ? o->pass : e->pass,
   };
   *pipe = VK_NULL_HANDLE;
   const VkResult r =
      vkCreateGraphicsPipelines(t->dev, VK_NULL_HANDLE, 1, &ci, NULL, pipe);
   vkDestroyShaderModule(t->dev, tese, NULL);
   vkDestroyShaderModule(t->dev, geom, NULL);
   vkDestroyShaderModule(t->dev, tesc, NULL);
   return r;
}

/* One draw of `vertices` control points (patches of 4 unless set
 * dynamically) with the statistics query around it; the image and
 * statistics out. */
static bool
draw_instances(struct env *e, VkPipeline pipe, const struct push *pc, uint32_t vertices,
               uint32_t instances, uint32_t dynamic_points, float *image,
               uint64_t stats[STAT_COUNT])
{
   struct vkt *t = &e->t;
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdResetQueryPool(cmd, e->stats, 0, 1);
   const VkClearValue clear = {.color = {.float32 = {0, 0, 0, 0}}};
   const VkRenderPassBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = e->pass,
      .framebuffer = e->fb,
      .renderArea = {{0, 0}, {W, H}},
      .clearValueCount = 1,
      .pClearValues = &clear,
   };
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e->vb.buffer, &zero);
   vkCmdPushConstants(cmd, e->layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0, sizeof(*pc), pc);
   if (e->dynamic_points)
      VKT_PROC(t, vkCmdSetPatchControlPointsEXT)(cmd, dynamic_points);
   if (e->dynamic_origin)
      VKT_PROC(t, vkCmdSetTessellationDomainOriginEXT)(cmd, e->origin);
   vkCmdBeginQuery(cmd, e->stats, 0, 0);
   if (e->ib.buffer) {
      vkCmdBindIndexBuffer(cmd, e->ib.buffer, 0, VK_INDEX_TYPE_UINT32);
      vkCmdDrawIndexed(cmd, vertices, instances, 0, 0, 0);
   } else {
      vkCmdDraw(cmd, vertices, instances, 0, 0);
   }
   vkCmdEndQuery(cmd, e->stats, 0);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   if (!vkt_cmd_submit_wait(t, cmd))
      return false;
   if (!VKT_CHECK(vkGetQueryPoolResults(
          t->dev, e->stats, 0, 1, sizeof(uint64_t) * STAT_COUNT, stats, sizeof(uint64_t),
          VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT)))
      return false;
   return !image || vkt_read_image(t, &e->img, VK_IMAGE_ASPECT_COLOR_BIT, 0, 0,
                                   (VkOffset3D){0}, (VkExtent3D){W, H, 1}, image);
}

static bool
draw(struct env *e, VkPipeline pipe, const struct push *pc, uint32_t vertices,
     uint32_t dynamic_points, float *image, uint64_t stats[STAT_COUNT])
{
   return draw_instances(e, pipe, pc, vertices, 1, dynamic_points, image, stats);
}

static const struct tess_levels level_sets[] = {
   {{1, 1, 1, 1}, {1, 1}},
   {{2, 3, 4, 5}, {4, 6}},
   {{1.5f, 2.25f, 3.75f, 6.1f}, {2.5f, 7.3f}},
   {{5.5f, 1, 9.9f, 2}, {5.5f, 2.2f}},
   {{7, 7, 7, 7}, {1, 1}},
   {{0.5f, 0.25f, 0.75f, 0.1f}, {0.2f, 0.3f}},
   {{17, 33.3f, 64, 100}, {12.5f, 1e9f}},
   {{4, 0, 4, 4}, {4, 4}},   /* outer[1] == 0: every domain discards */
   {{4, 4, -1, 4}, {4, 4}},  /* outer[2] < 0: triangles and quads discard */
   {{NAN, 4, 4, 4}, {4, 4}}, /* NaN: discarded */
};

/* Pixel of domain coordinate t (0..1) with the half-pixel margin. */
static int
pixel_of(double t, unsigned size)
{
   return (int)floor(t * (size - 1) + 0.5);
}

/* Every hit pixel near a model vertex and every model vertex near a hit
 * (within a pixel: the rounding of the position is the driver's). */
static unsigned
point_mismatches(const float *image, const struct model_result *m)
{
   static uint8_t near_model[W * H];
   memset(near_model, 0, sizeof(near_model));
   unsigned bad = 0;
   for (uint32_t i = 0; i < m->vertex_count; i++) {
      const int x = pixel_of(m->coords[i][0], W), y = pixel_of(m->coords[i][1], H);
      bool hit = false;
      for (int dy = -1; dy <= 1; dy++)
         for (int dx = -1; dx <= 1; dx++) {
            const int px = x + dx, py = y + dy;
            if (px < 0 || py < 0 || px >= W || py >= H)
               continue;
            near_model[py * W + px] = 1;
            hit |= image[4 * (py * W + px)] > 0.0f;
         }
      bad += !hit;
   }
   for (unsigned p = 0; p < W * H; p++)
      bad += image[4 * p] > 0.0f && !near_model[p];
   return bad;
}

TEST(tess_counts_and_points_match_the_spec_model)
{
   struct env e;
   float *image = malloc(sizeof(float) * 4 * W * H);
   static struct model_result m;
   if (!image || !env_init(&e, 0))
      goto out;
   const uint32_t max_level = e.t.props.limits.maxTessellationGenerationLevel;
   for (int d = TESS_TRIANGLES; d <= TESS_ISOLINES; d++)
      for (int sp = TESS_SPACING_EQUAL; sp <= TESS_SPACING_FRACTIONAL_ODD; sp++)
         for (int points = 0; points < 2; points++) {
            VkPipeline pipe;
            const struct pipe_opts o = {.tese = &tese_spv[d][sp][points],
                                        .additive = true};
            if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
               continue;
            for (unsigned l = 0; l < ARRAY_SIZE(level_sets); l++) {
               const struct tess_levels *lv = &level_sets[l];
               const struct tess_config cfg = {.domain = d,
                                               .spacing = sp,
                                               .point_mode = points,
                                               .max_level = max_level};
               model_patch(&cfg, lv, &m);
               struct push pc = {.bands = 1, .margin = 0.5f / W, .count = 1};
               memcpy(pc.outer, lv->outer, sizeof(pc.outer));
               memcpy(pc.inner, lv->inner, sizeof(pc.inner));
               uint64_t st[STAT_COUNT] = {0};
               if (!draw(&e, pipe, &pc, 4, 0, points ? image : NULL, st))
                  break;
               bool ok = CHECK_EQ(st[STAT_CLIP], m.culled ? 0 : m.prim_count);
               ok &= CHECK_EQ(st[STAT_TCS], 1);
               /* Each vertex once on kiln; others may shade one twice. */
               if (e.t.is_kiln)
                  ok &= CHECK_EQ(st[STAT_TES], m.culled ? 0 : m.vertex_count);
               if (points) {
                  double hits = 0;
                  for (unsigned p = 0; p < W * H; p++)
                     hits += image[4 * p];
                  ok &= CHECK_EQ((uint64_t)hits, m.culled ? 0 : m.vertex_count);
                  /* Fractional placement is implementation-dependent. */
                  if (e.t.is_kiln || sp == TESS_SPACING_EQUAL)
                     ok &= CHECK_EQ(point_mismatches(image, &m), 0);
               }
               if (!ok)
                  printf("  %s %s%s, level set %u: model %u vertices %u prims%s; "
                         "clipper %llu, patches %llu, evaluations %llu\n",
                         domain_name[d], spacing_name[sp], points ? " points" : "", l,
                         m.vertex_count, m.prim_count, m.culled ? " (culled)" : "",
                         (unsigned long long)st[STAT_CLIP],
                         (unsigned long long)st[STAT_TCS],
                         (unsigned long long)st[STAT_TES]);
            }
            vkDestroyPipeline(e.t.dev, pipe, NULL);
         }
out:
   free(image);
   env_finish(&e);
}

/* Two patches in two bands, two instances: each pixel's colour is its (u, v) in its
 * band and the patch number, whatever the tessellation (the position is
 * linear in (u, v)). Triangles: pixels well inside u + v < 1 only. */
TEST(tess_coords_and_primitive_ids_fill_the_domain)
{
   struct env e;
   float *image = malloc(sizeof(float) * 4 * W * H);
   if (!image || !env_init(&e, 0))
      goto out;
   static const struct tess_levels lv = {{5, 3, 2, 7}, {4, 6}};
   for (int d = TESS_TRIANGLES; d <= TESS_QUADS; d++)
      for (int sp = TESS_SPACING_EQUAL; sp <= TESS_SPACING_FRACTIONAL_ODD; sp++) {
         VkPipeline pipe;
         const struct pipe_opts o = {.tese = &tese_spv[d][sp][0]};
         if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
            continue;
         struct push pc = {.bands = 2};
         memcpy(pc.outer, lv.outer, sizeof(pc.outer));
         memcpy(pc.inner, lv.inner, sizeof(pc.inner));
         /* Two instances draw the same: the second reuses the stage's
          * executors with new records. */
         uint64_t st[STAT_COUNT];
         if (!draw_instances(&e, pipe, &pc, 8, 2, 0, image, st)) {
            vkDestroyPipeline(e.t.dev, pipe, NULL);
            break;
         }
         CHECK_EQ(st[STAT_TCS], 4);
         unsigned bad = 0, compared = 0;
         for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
               const unsigned band = y / (H / 2);
               const double u = (x + 0.5) / W, v = (y + 0.5 - band * (H / 2)) / (H / 2);
               const float *px = image + 4 * (y * W + x);
               if (d == TESS_TRIANGLES) {
                  const double dist = (1.0 - u - v) / sqrt(2.0); /* to the diagonal */
                  if (fabs(dist) < 2.0 / W)
                     continue;
                  if (dist < 0) {
                     bad += px[3] != 0.0f; /* outside: the clear colour */
                     compared++;
                     continue;
                  }
               }
               compared++;
               const bool wrong = fabs(px[0] - u) > 1e-3 || fabs(px[1] - v) > 1e-3 ||
                                  fabs(px[2] - band) > 1e-3 || fabs(px[3] - 1.0) > 1e-3;
               if (wrong && bad++ < 3)
                  printf("  (%u, %u): %g %g %g %g, want %g %g %u 1\n", x, y, px[0], px[1],
                         px[2], px[3], u, v, band);
            }
         if (!CHECK_EQ(bad, 0))
            printf("  %s %s: %u of %u pixels wrong\n", domain_name[d], spacing_name[sp],
                   bad, compared);
         vkDestroyPipeline(e.t.dev, pipe, NULL);
      }
out:
   free(image);
   env_finish(&e);
}

/* VertexOrderCw/Ccw name the winding in the domain's orientation, which
 * VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT flips (Vulkan 1.3, 23.3 and
 * 23.5). The domain maps to the framebuffer with v down, so with the upper
 * left origin Ccw triangles are counter-clockwise there: with back faces
 * culled (front: counter-clockwise) they show, Cw ones do not; the lower
 * left origin swaps the two. */
static void
winding_and_domain_origin(bool dynamic)
{
   struct env e;
   float *image = malloc(sizeof(float) * 4 * W * H);
   if (!image || !env_init(&e, dynamic ? ENV_DYNAMIC_ORIGIN : 0))
      goto out;
   static const struct tess_levels lv = {{3, 4, 2, 5}, {3, 2}};
   for (int d = TESS_TRIANGLES; d <= TESS_QUADS; d++)
      for (int cw = 0; cw < 2; cw++)
         for (int ll = 0; ll < 2; ll++) {
            VkPipeline pipe;
            /* Dynamic: the pipeline's origin is the other one. */
            const struct pipe_opts o = {.tese =
                                           &tese_spv[d][TESS_SPACING_EQUAL][cw ? 2 : 0],
                                        .cull = VK_CULL_MODE_BACK_BIT,
                                        .lower_left = dynamic ? !ll : ll};
            e.origin = ll ? VK_TESSELLATION_DOMAIN_ORIGIN_LOWER_LEFT
                          : VK_TESSELLATION_DOMAIN_ORIGIN_UPPER_LEFT;
            if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
               continue;
            struct push pc = {.bands = 1};
            memcpy(pc.outer, lv.outer, sizeof(pc.outer));
            memcpy(pc.inner, lv.inner, sizeof(pc.inner));
            uint64_t st[STAT_COUNT];
            if (draw(&e, pipe, &pc, 4, 0, image, st)) {
               unsigned covered = 0;
               for (unsigned p = 0; p < W * H; p++)
                  covered += image[4 * p + 3] != 0.0f;
               const bool visible = (cw == 0) != (ll != 0);
               const unsigned area = d == TESS_QUADS ? W * H : W * H / 2;
               if (!CHECK(visible ? covered + W >= area && covered <= area + W
                                  : covered == 0))
                  printf("  %s %s, %s origin%s: %u pixels covered\n", domain_name[d],
                         cw ? "cw" : "ccw", ll ? "lower-left" : "upper-left",
                         dynamic ? " (dynamic)" : "", covered);
            }
            vkDestroyPipeline(e.t.dev, pipe, NULL);
         }
out:
   free(image);
   env_finish(&e);
}

TEST(tess_winding_and_domain_origin)
{
   winding_and_domain_origin(false);
}

/* The same with the origin set by vkCmdSetTessellationDomainOriginEXT
 * (extendedDynamicState3TessellationDomainOrigin) against the pipeline's. */
TEST(tess_domain_origin_dynamic)
{
   winding_and_domain_origin(true);
}

/* Transform feedback of the evaluation shader's TessCoord and PrimitiveId
 * (rasterizer discard): lists capture each primitive's vertices, point
 * mode each vertex once, so the record count is the model's (3 per
 * triangle, 2 per line, 1 per point) and every captured coordinate is one
 * of the model's vertices; in point mode the captured set is the model's
 * vertex set exactly. Two patches: the second's PrimitiveId is 1. */
TEST(tess_coords_captured_by_transform_feedback)
{
   struct env e;
   static struct model_result m;
   struct vkt_buffer buf = {0}, counter = {0};
   if (!env_init(&e, ENV_XFB))
      goto out;
   struct vkt *t = &e.t;
   PFN_vkCmdBindTransformFeedbackBuffersEXT bind =
      VKT_PROC(t, vkCmdBindTransformFeedbackBuffersEXT);
   PFN_vkCmdBeginTransformFeedbackEXT begin = VKT_PROC(t, vkCmdBeginTransformFeedbackEXT);
   PFN_vkCmdEndTransformFeedbackEXT end = VKT_PROC(t, vkCmdEndTransformFeedbackEXT);
   const VkDeviceSize size_B = 2u << 20;
   if (!vkt_buffer_create(t, size_B, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT,
                          &buf) ||
       !vkt_buffer_create(
          t, 64, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT, &counter))
      goto out;
   const uint32_t max_level = t->props.limits.maxTessellationGenerationLevel;
   static const unsigned sets[] = {1, 2, 3, 4, 6, 8};
   for (int d = TESS_TRIANGLES; d <= TESS_ISOLINES; d++)
      for (int sp = TESS_SPACING_EQUAL; sp <= TESS_SPACING_FRACTIONAL_ODD; sp++)
         for (int points = 0; points < 2; points++) {
            VkPipeline pipe;
            const struct pipe_opts o = {.tese = &xfb_spv[d][sp][points], .discard = true};
            if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
               continue;
            for (unsigned k = 0; k < ARRAY_SIZE(sets); k++) {
               const struct tess_levels *lv = &level_sets[sets[k]];
               const struct tess_config cfg = {.domain = d,
                                               .spacing = sp,
                                               .point_mode = points,
                                               .max_level = max_level};
               model_patch(&cfg, lv, &m);
               struct push pc = {.bands = 1};
               memcpy(pc.outer, lv->outer, sizeof(pc.outer));
               memcpy(pc.inner, lv->inner, sizeof(pc.inner));
               memset(counter.map, 0, 64);
               VkCommandBuffer cmd = vkt_cmd_begin(t);
               const VkClearValue clear = {.color = {.float32 = {0, 0, 0, 0}}};
               const VkRenderPassBeginInfo bi = {
                  .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
                  .renderPass = e.pass,
                  .framebuffer = e.fb,
                  .renderArea = {{0, 0}, {W, H}},
                  .clearValueCount = 1,
                  .pClearValues = &clear,
               };
               vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
               vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
               const VkDeviceSize zero = 0;
               vkCmdBindVertexBuffers(cmd, 0, 1, &e.vb.buffer, &zero);
               vkCmdPushConstants(cmd, e.layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0,
                                  sizeof(pc), &pc);
               bind(cmd, 0, 1, &buf.buffer, &zero, &size_B);
               begin(cmd, 0, 0, NULL, NULL);
               vkCmdDraw(cmd, 8, 1, 0, 0);
               end(cmd, 0, 1, &counter.buffer, &zero);
               vkCmdEndRenderPass(cmd);
               vkt_cmd_barrier(cmd);
               if (!vkt_cmd_submit_wait(t, cmd))
                  break;
               uint32_t bytes;
               memcpy(&bytes, counter.map, 4);
               const unsigned per = points ? 1 : d == TESS_ISOLINES ? 2 : 3;
               const uint32_t want = m.culled ? 0 : 2 * m.prim_count * per;
               const uint32_t records = bytes / 16;
               bool ok = CHECK_EQ(records, want);
               /* Which captured coordinate is which model vertex. */
               const float *rec = (const float *)buf.map;
               unsigned strangers = 0, bad_ids = 0;
               static uint32_t seen[2][MODEL_MAX_POINTS];
               memset(seen, 0, sizeof(seen));
               const bool exact = t->is_kiln || sp == TESS_SPACING_EQUAL;
               /* kiln computes in double and rounds once; Mesa's
                * tessellator (the D3D11 reference design) steps along an
                * edge in 16.16 fixed point, off by up to about n / 2 *
                * 2^-16 at level n. */
               const double eps = t->is_kiln ? 1e-6 : 1e-3;
               for (uint32_t r = 0; ok && r < records; r++) {
                  const float *c = rec + 4 * r;
                  const unsigned patch = c[3] == 1.0f;
                  bad_ids += c[3] != 0.0f && c[3] != 1.0f;
                  /* The first model vertex there not matched yet (the
                   * "1 + epsilon" case has coincident ones). */
                  uint32_t i, any = UINT32_MAX;
                  for (i = 0; i < m.vertex_count; i++) {
                     if (fabs(c[0] - m.coords[i][0]) < eps &&
                         fabs(c[1] - m.coords[i][1]) < eps &&
                         fabs(c[2] - m.coords[i][2]) < eps) {
                        any = any == UINT32_MAX ? i : any;
                        if (!seen[patch][i])
                           break;
                     }
                  }
                  if (i == m.vertex_count)
                     i = any;
                  if (i != UINT32_MAX)
                     seen[patch][i]++;
                  else if (strangers++ < 2 && exact)
                     printf("    captured (%.7f %.7f %.7f) patch %u: no model vertex\n",
                            c[0], c[1], c[2], patch);
               }
               ok &= CHECK_EQ(bad_ids, 0);
               if (exact) {
                  ok &= CHECK_EQ(strangers, 0);
                  if (points)
                     for (uint32_t i = 0; i < m.vertex_count && !m.culled; i++)
                        ok &= CHECK(seen[0][i] == 1 && seen[1][i] == 1);
               }
               if (!ok)
                  printf("  %s %s%s, level set %u: %u records (model %u), %u not model "
                         "vertices\n",
                         domain_name[d], spacing_name[sp], points ? " points" : "",
                         sets[k], records, want, strangers);
            }
            vkDestroyPipeline(t->dev, pipe, NULL);
         }
out:
   if (buf.buffer)
      vkt_buffer_destroy(&e.t, &buf);
   if (counter.buffer)
      vkt_buffer_destroy(&e.t, &counter);
   env_finish(&e);
}

/* Records captured by one draw of `vertices` control points (rasterizer
 * discard in the pipeline); the byte count, or UINT32_MAX after a
 * failure. */
static uint32_t
capture(struct env *e, VkPipeline pipe, const struct push *pc, uint32_t vertices,
        struct vkt_buffer *buf, struct vkt_buffer *counter)
{
   struct vkt *t = &e->t;
   memset(buf->map, 0, buf->size);
   memset(counter->map, 0, 16);
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkClearValue clear = {.color = {.float32 = {0, 0, 0, 0}}};
   const VkRenderPassBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = e->pass,
      .framebuffer = e->fb,
      .renderArea = {{0, 0}, {W, H}},
      .clearValueCount = 1,
      .pClearValues = &clear,
   };
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero = 0, whole = VK_WHOLE_SIZE;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e->vb.buffer, &zero);
   vkCmdPushConstants(cmd, e->layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0, sizeof(*pc), pc);
   VKT_PROC(t, vkCmdBindTransformFeedbackBuffersEXT)
   (cmd, 0, 1, &buf->buffer, &zero, &whole);
   VKT_PROC(t, vkCmdBeginTransformFeedbackEXT)(cmd, 0, 0, NULL, NULL);
   vkCmdDraw(cmd, vertices, 1, 0, 0);
   VKT_PROC(t, vkCmdEndTransformFeedbackEXT)(cmd, 0, 1, &counter->buffer, &zero);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   if (!vkt_cmd_submit_wait(t, cmd))
      return UINT32_MAX;
   uint32_t bytes;
   memcpy(&bytes, counter->map, 4);
   return bytes;
}

/* Moves the OpExecutionModes `modes` (without operands) of module `from`
 * into module `to` (after its first OpExecutionMode, for its entry point);
 * false if one is missing. Both arrays have room for the words. */
static bool
move_modes(uint32_t *from, size_t *from_n, uint32_t *to, size_t *to_n,
           const uint32_t *modes, unsigned mode_count)
{
   const uint32_t op_mode = 16;
   size_t at = 0;
   uint32_t entry = 0;
   for (size_t w = 5; w < *to_n && (to[w] >> 16); w += to[w] >> 16) {
      if ((to[w] & 0xffff) == op_mode) {
         at = w + (to[w] >> 16);
         entry = to[w + 1];
         break;
      }
   }
   if (!at)
      return false;
   for (unsigned k = 0; k < mode_count; k++) {
      size_t w = 5;
      while (w < *from_n && (from[w] >> 16) &&
             !(from[w] == (3u << 16 | op_mode) && from[w + 2] == modes[k]))
         w += from[w] >> 16;
      if (w >= *from_n || !(from[w] >> 16))
         return false;
      memmove(from + w, from + w + 3, (*from_n - w - 3) * 4);
      *from_n -= 3;
      memmove(to + at + 3, to + at, (*to_n - at) * 4);
      to[at] = 3u << 16 | op_mode;
      to[at + 1] = entry;
      to[at + 2] = modes[k];
      *to_n += 3;
   }
   return true;
}

/* Spacing, vertex order and point mode may be declared by either stage
 * (Vulkan 1.3, 15.1.5 / the SPIR-V tessellation execution modes): the
 * same program with FractionalOdd, Ccw and PointMode moved from the
 * evaluation shader's module to the control shader's captures the same
 * records. */
TEST(tess_modes_from_the_control_shader)
{
   struct env e;
   struct vkt_buffer buf = {0}, counter = {0};
   uint32_t *tesc = NULL, *tese = NULL, *ref = NULL;
   if (!env_init(&e, ENV_XFB))
      goto out;
   struct vkt *t = &e.t;
   if (!vkt_buffer_create(t, 1 << 16, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT,
                          &buf) ||
       !vkt_buffer_create(
          t, 16, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT, &counter))
      goto out;
   const struct spv *orig = &xfb_spv[TESS_QUADS][TESS_SPACING_FRACTIONAL_ODD][1];
   size_t tesc_n = sizeof(tess_levels_tesc_spv) / 4, tese_n = orig->size_B / 4;
   tesc = malloc((tesc_n + 16) * 4);
   tese = malloc(tese_n * 4);
   ref = malloc(1 << 16);
   REQUIRE(tesc && tese && ref);
   memcpy(tesc, tess_levels_tesc_spv, tesc_n * 4);
   memcpy(tese, orig->code, tese_n * 4);
   static const uint32_t modes[] = {3 /* SpacingFractionalOdd */, 5 /* VertexOrderCcw */,
                                    10 /* PointMode */};
   REQUIRE(move_modes(tese, &tese_n, tesc, &tesc_n, modes, ARRAY_SIZE(modes)));
   const struct spv moved_tesc = {tesc, tesc_n * 4}, moved_tese = {tese, tese_n * 4};
   const struct push pc = {
      .outer = {2.5f, 3, 1.5f, 4.2f}, .inner = {3.5f, 2}, .bands = 1};
   VkPipeline a = VK_NULL_HANDLE, b = VK_NULL_HANDLE;
   const struct pipe_opts oa = {.tese = orig, .discard = true};
   const struct pipe_opts ob = {
      .tese = &moved_tese, .tesc = &moved_tesc, .discard = true};
   if (VKT_CHECK(make_pipeline(&e, &oa, &a)) && VKT_CHECK(make_pipeline(&e, &ob, &b))) {
      const uint32_t ref_B = capture(&e, a, &pc, 8, &buf, &counter);
      REQUIRE(ref_B != UINT32_MAX);
      memcpy(ref, buf.map, ref_B);
      /* Quads, fractional_odd, inner 5 x 3, outer 3 3 3 5: 22 points. */
      CHECK_EQ(ref_B, 2 * 22 * 16);
      const uint32_t got_B = capture(&e, b, &pc, 8, &buf, &counter);
      if (CHECK_EQ(got_B, ref_B))
         CHECK(memcmp(buf.map, ref, ref_B) == 0);
   }
   vkDestroyPipeline(t->dev, a, NULL);
   vkDestroyPipeline(t->dev, b, NULL);
out:
   free(tesc);
   free(tese);
   free(ref);
   if (buf.buffer)
      vkt_buffer_destroy(&e.t, &buf);
   if (counter.buffer)
      vkt_buffer_destroy(&e.t, &counter);
   env_finish(&e);
}

/* A draw large enough to run in several batches of patches and to hand
 * its primitives down the chain several times (nvk_draw_tess.c): 7000
 * patches of 4 vertices (two batches of control shader records), level 8
 * quads in point mode (81 points each, 567,000 in all: several flushes),
 * captured: all the points, and on kiln every patch's points together, once,
 * PrimitiveIds in order. */
TEST(tess_large_draw_in_batches)
{
   enum { PATCHES = 7000, POINTS = 81 };
   struct env e;
   struct vkt_buffer vb = {0}, buf = {0}, counter = {0};
   if (!env_init(&e, ENV_XFB))
      goto out;
   struct vkt *t = &e.t;
   const VkDeviceSize size_B = (VkDeviceSize)PATCHES * POINTS * 16;
   if (!vkt_buffer_create(t, PATCHES * 4 * 16, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, &vb) ||
       !vkt_buffer_create(t, size_B, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT,
                          &buf) ||
       !vkt_buffer_create(
          t, 64, VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT, &counter))
      goto out;
   memset(vb.map, 0, PATCHES * 4 * 16);
   memset(counter.map, 0, 64);
   VkPipeline pipe;
   const struct pipe_opts o = {.tese = &xfb_spv[TESS_QUADS][TESS_SPACING_EQUAL][1],
                               .discard = true};
   if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
      goto out;
   const struct push pc = {.outer = {8, 8, 8, 8}, .inner = {8, 8}, .bands = 1};
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   vkCmdResetQueryPool(cmd, e.stats, 0, 1);
   const VkClearValue clear = {.color = {.float32 = {0, 0, 0, 0}}};
   const VkRenderPassBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = e.pass,
      .framebuffer = e.fb,
      .renderArea = {{0, 0}, {W, H}},
      .clearValueCount = 1,
      .pClearValues = &clear,
   };
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &vb.buffer, &zero);
   vkCmdPushConstants(cmd, e.layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0, sizeof(pc), &pc);
   VKT_PROC(t, vkCmdBindTransformFeedbackBuffersEXT)
   (cmd, 0, 1, &buf.buffer, &zero, &size_B);
   VKT_PROC(t, vkCmdBeginTransformFeedbackEXT)(cmd, 0, 0, NULL, NULL);
   vkCmdBeginQuery(cmd, e.stats, 0, 0);
   vkCmdDraw(cmd, PATCHES * 4, 1, 0, 0);
   vkCmdEndQuery(cmd, e.stats, 0);
   VKT_PROC(t, vkCmdEndTransformFeedbackEXT)(cmd, 0, 1, &counter.buffer, &zero);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(t, cmd));
   uint64_t st[STAT_COUNT];
   REQUIRE(VKT_CHECK(
      vkGetQueryPoolResults(t->dev, e.stats, 0, 1, sizeof(st), st, sizeof(uint64_t),
                            VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT)));
   CHECK_EQ(st[STAT_TCS], PATCHES);
   uint32_t bytes;
   memcpy(&bytes, counter.map, 4);
   CHECK_EQ(bytes, size_B);
   /* Points of a patch together, patches in order, each with 81. Not on
    * lavapipe 22.3, whose evaluation PrimitiveId starts again from 0 every
    * 540 or so patches of a large draw. */
   if (!t->is_kiln)
      goto done;
   const float *rec = (const float *)buf.map;
   unsigned out_of_order = 0, bad_counts = 0;
   uint32_t current = 0, run = 0;
   for (uint32_t r = 0; r < bytes / 16; r++) {
      const uint32_t id = (uint32_t)rec[4 * r + 3];
      if (id != current) {
         bad_counts += run != POINTS;
         out_of_order += id != current + 1;
         current = id;
         run = 0;
      }
      run++;
   }
   bad_counts += run != POINTS;
   CHECK_EQ(current, PATCHES - 1);
   bool ok = CHECK_EQ(out_of_order, 0);
   ok &= CHECK_EQ(bad_counts, 0);
   if (!ok)
      printf("  %u patch changes out of order, %u patches with another point count\n",
             out_of_order, bad_counts);
done:
   vkDestroyPipeline(t->dev, pipe, NULL);
out:
   if (vb.buffer)
      vkt_buffer_destroy(&e.t, &vb);
   if (buf.buffer)
      vkt_buffer_destroy(&e.t, &buf);
   if (counter.buffer)
      vkt_buffer_destroy(&e.t, &counter);
   env_finish(&e);
}

/* multiviewTessellationShader: a render pass with view mask 0b11 draws a
 * tessellated full-framebuffer quad once per view into the view's layer;
 * the evaluation shader reads ViewIndex (layer L: red L + 1). */
TEST(tess_with_multiview)
{
   struct env e;
   struct vkt_image img = {0};
   VkImageView view = VK_NULL_HANDLE;
   VkRenderPass pass = VK_NULL_HANDLE;
   VkFramebuffer fb = VK_NULL_HANDLE;
   VkPipeline pipe = VK_NULL_HANDLE;
   float *image = malloc(sizeof(float) * 4 * W * H);
   if (!image || !env_init(&e, ENV_MULTIVIEW))
      goto out;
   struct vkt *t = &e.t;
   VkImageCreateInfo ici =
      vkt_image_info(VK_IMAGE_TYPE_2D, FMT, VK_IMAGE_TILING_OPTIMAL, W, H, 1, 1, 2);
   ici.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
   if (!vkt_image_create(t, &ici, &img) ||
       !vkt_image_to_general(t, &img, VK_IMAGE_LAYOUT_UNDEFINED))
      goto out;
   const VkImageViewCreateInfo vci = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO,
      .image = img.image,
      .viewType = VK_IMAGE_VIEW_TYPE_2D_ARRAY,
      .format = FMT,
      .subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 2},
   };
   const VkAttachmentDescription att = {
      .format = FMT,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR,
      .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
      .stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE,
      .stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE,
      .initialLayout = VK_IMAGE_LAYOUT_GENERAL,
      .finalLayout = VK_IMAGE_LAYOUT_GENERAL,
   };
   const VkAttachmentReference ref = {0, VK_IMAGE_LAYOUT_GENERAL};
   const VkSubpassDescription sub = {
      .pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS,
      .colorAttachmentCount = 1,
      .pColorAttachments = &ref,
   };
   const uint32_t mask = 0x3;
   const VkRenderPassMultiviewCreateInfo mvi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_MULTIVIEW_CREATE_INFO,
      .subpassCount = 1,
      .pViewMasks = &mask,
   };
   const VkRenderPassCreateInfo rci = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO,
      .pNext = &mvi,
      .attachmentCount = 1,
      .pAttachments = &att,
      .subpassCount = 1,
      .pSubpasses = &sub,
   };
   if (!VKT_CHECK(vkCreateImageView(t->dev, &vci, NULL, &view)) ||
       !VKT_CHECK(vkCreateRenderPass(t->dev, &rci, NULL, &pass)))
      goto out;
   const VkFramebufferCreateInfo fci = {
      .sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO,
      .renderPass = pass,
      .attachmentCount = 1,
      .pAttachments = &view,
      .width = W,
      .height = H,
      .layers = 1,
   };
   const struct spv tese = {tess_view_tese_spv, sizeof(tess_view_tese_spv)};
   const struct pipe_opts o = {.tese = &tese, .pass = pass};
   if (!VKT_CHECK(vkCreateFramebuffer(t->dev, &fci, NULL, &fb)) ||
       !VKT_CHECK(make_pipeline(&e, &o, &pipe)))
      goto out;
   const struct push pc = {.outer = {3, 5, 2, 4}, .inner = {3, 3}};
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkClearValue clear = {.color = {.float32 = {0, 0, 0, 0}}};
   const VkRenderPassBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO,
      .renderPass = pass,
      .framebuffer = fb,
      .renderArea = {{0, 0}, {W, H}},
      .clearValueCount = 1,
      .pClearValues = &clear,
   };
   vkCmdBeginRenderPass(cmd, &bi, VK_SUBPASS_CONTENTS_INLINE);
   vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipe);
   const VkDeviceSize zero = 0;
   vkCmdBindVertexBuffers(cmd, 0, 1, &e.vb.buffer, &zero);
   vkCmdPushConstants(cmd, e.layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0, sizeof(pc), &pc);
   vkCmdDraw(cmd, 4, 1, 0, 0);
   vkCmdEndRenderPass(cmd);
   vkt_cmd_barrier(cmd);
   REQUIRE(vkt_cmd_submit_wait(t, cmd));
   for (uint32_t layer = 0; layer < 2; layer++) {
      REQUIRE(vkt_read_image(t, &img, VK_IMAGE_ASPECT_COLOR_BIT, 0, layer,
                             (VkOffset3D){0}, (VkExtent3D){W, H, 1}, image));
      unsigned bad = 0;
      for (unsigned y = 0; y < H; y++)
         for (unsigned x = 0; x < W; x++) {
            const float *px = image + 4 * (y * W + x);
            const bool wrong = fabs(px[0] - (layer + 1.0)) > 1e-3 ||
                               fabs(px[1] - (x + 0.5) / W) > 1e-3 ||
                               fabs(px[2] - (y + 0.5) / H) > 1e-3;
            if (wrong && bad++ < 3)
               printf("  layer %u (%u, %u): %g %g %g\n", layer, x, y, px[0], px[1],
                      px[2]);
         }
      if (!CHECK_EQ(bad, 0))
         printf("  layer %u: %u pixels wrong\n", layer, bad);
   }
out:
   if (e.t.dev) {
      vkDestroyPipeline(e.t.dev, pipe, NULL);
      vkDestroyFramebuffer(e.t.dev, fb, NULL);
      vkDestroyRenderPass(e.t.dev, pass, NULL);
      vkDestroyImageView(e.t.dev, view, NULL);
      if (img.image)
         vkt_image_destroy(&e.t, &img);
   }
   free(image);
   env_finish(&e);
}

/* shaderTessellationAndGeometryPointSize: point mode with PointSize 3
 * written by the evaluation shader, then 5 written by a geometry shader
 * after it: every tessellated point (level 4 quads: 5 x 5, 31 pixels
 * apart) covers the size x size pixels around it, clipped to the
 * framebuffer. */
TEST(tess_point_size_from_the_last_stage)
{
   struct env e;
   float *image = malloc(sizeof(float) * 4 * W * H);
   if (!image || !env_init(&e, ENV_POINT_SIZE))
      goto out;
   const struct spv tese3 = {tess_psize_3_tese_spv, sizeof(tess_psize_3_tese_spv)};
   const struct spv tese = {tess_psize_tese_spv, sizeof(tess_psize_tese_spv)};
   const struct spv geom = {tess_psize_geom_spv, sizeof(tess_psize_geom_spv)};
   const struct {
      struct pipe_opts o;
      int size;
   } cases[] = {
      {{.tese = &tese3, .additive = true}, 3},
      {{.tese = &tese, .geom = &geom, .additive = true}, 5},
   };
   for (unsigned k = 0; k < ARRAY_SIZE(cases); k++) {
      VkPipeline pipe;
      if (!VKT_CHECK(make_pipeline(&e, &cases[k].o, &pipe)))
         continue;
      const struct push pc = {.outer = {4, 4, 4, 4}, .inner = {4, 4}, .count = 1};
      uint64_t st[STAT_COUNT];
      if (draw(&e, pipe, &pc, 4, 0, image, st)) {
         unsigned bad = 0;
         const double half = cases[k].size / 2.0;
         for (unsigned y = 0; y < H; y++)
            for (unsigned x = 0; x < W; x++) {
               bool covered = false;
               for (unsigned j = 0; j <= 4; j++)
                  for (unsigned i = 0; i <= 4; i++) {
                     const double cx = i * 31.0 + 2.5, cy = j * 31.0 + 2.5;
                     covered |= fabs(x + 0.5 - cx) < half && fabs(y + 0.5 - cy) < half;
                  }
               bad += image[4 * (y * W + x)] != (covered ? 1.0f : 0.0f);
            }
         if (!CHECK_EQ(bad, 0))
            printf("  PointSize %d: %u pixels wrong\n", cases[k].size, bad);
      }
      vkDestroyPipeline(e.t.dev, pipe, NULL);
   }
out:
   free(image);
   env_finish(&e);
}

/* VK_EXT_extended_dynamic_state2's patchControlPoints: 12 control points
 * make 12 / n patches (a partial last patch is not drawn). */
TEST(tess_patch_control_points_dynamic)
{
   struct env e;
   if (!env_init(&e, ENV_DYNAMIC_POINTS))
      goto out;
   VkPipeline pipe;
   const struct pipe_opts o = {.tese = &tese_spv[TESS_QUADS][TESS_SPACING_EQUAL][0]};
   if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
      goto out;
   static const uint32_t n[] = {3, 4, 5, 1, 12, 32};
   for (unsigned i = 0; i < ARRAY_SIZE(n); i++) {
      struct push pc = {.outer = {2, 2, 2, 2}, .inner = {2, 2}, .bands = 16};
      uint64_t st[STAT_COUNT];
      if (!draw(&e, pipe, &pc, 12, n[i], NULL, st))
         break;
      if (!CHECK_EQ(st[STAT_TCS], 12 / n[i]))
         printf("  patchControlPoints %u\n", n[i]);
      /* 2x2 quads: 8 triangles per patch. */
      CHECK_EQ(st[STAT_CLIP], 8 * (12 / n[i]));
   }
   vkDestroyPipeline(e.t.dev, pipe, NULL);
out:
   env_finish(&e);
}

/* primitiveTopologyPatchListRestart: a restart index cuts a patch list,
 * dropping the incomplete patch before it (as for other lists): indices
 * 0-3 | R | 4 5 | R | 6-9 10 are two patches of 4. */
TEST(tess_patch_list_restart)
{
   struct env e;
   static struct model_result m;
   if (!env_init(&e, ENV_RESTART))
      goto out;
   static const uint32_t idx[] = {0, 1, 2, 3, ~0u, 4, 5, ~0u, 6, 7, 8, 9, 10};
   memcpy(e.ib.map, idx, sizeof(idx));
   VkPipeline pipe;
   const struct pipe_opts o = {.tese = &tese_spv[TESS_QUADS][TESS_SPACING_EQUAL][0],
                               .restart = true};
   if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
      goto out;
   const struct push pc = {.outer = {3, 2, 4, 1}, .inner = {2, 3}, .bands = 4};
   const struct tess_config cfg = {.domain = TESS_QUADS, .max_level = 64};
   model_patch(&cfg, &(struct tess_levels){{3, 2, 4, 1}, {2, 3}}, &m);
   uint64_t st[STAT_COUNT];
   if (draw(&e, pipe, &pc, ARRAY_SIZE(idx), 0, NULL, st)) {
      CHECK_EQ(st[STAT_TCS], 2);
      CHECK_EQ(st[STAT_CLIP], 2 * m.prim_count);
   }
   vkDestroyPipeline(e.t.dev, pipe, NULL);
out:
   env_finish(&e);
}

/* A control shader reading gl_in[] past its patch's vertices: undefined
 * values, a completed draw (4 patches of one vertex, the last one's
 * invocations 1-3 reading past the draw's vertices). */
TEST(tess_control_reads_past_the_patch)
{
   struct env e;
   if (!env_init(&e, 0))
      goto out;
   const struct spv tesc = {tess_overread_tesc_spv, sizeof(tess_overread_tesc_spv)};
   const struct pipe_opts o = {.tese = &tese_spv[TESS_QUADS][TESS_SPACING_EQUAL][0],
                               .tesc = &tesc,
                               .patch_points = 1};
   VkPipeline pipe;
   if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
      goto out;
   const struct push pc = {.bands = 4};
   uint64_t st[STAT_COUNT];
   if (draw(&e, pipe, &pc, 4, 0, NULL, st)) {
      CHECK_EQ(st[STAT_TCS], 4);
      CHECK_EQ(st[STAT_CLIP], 4 * 8); /* 2 x 2 quads: 8 triangles each */
   }
   vkDestroyPipeline(e.t.dev, pipe, NULL);
out:
   env_finish(&e);
}

/* Invalid pipelines: the validation layer reports them (expected here),
 * kiln fails creation with an error and a VK_NULL_HANDLE pipeline instead
 * of crashing (there is no VkResult for invalid usage; kiln's is
 * VK_ERROR_UNKNOWN with a message). */
TEST(tess_bad_input_fails_cleanly)
{
   struct env e;
   if (!env_init(&e, ENV_KILN_ONLY))
      goto out;
   const struct spv *tese = &tese_spv[TESS_QUADS][TESS_SPACING_EQUAL][0];
   /* The control shader with OutputVertices 33 and 0 (past
    * maxTessellationPatchSize; VUID-RuntimeSpirv-OutputVertices-00713
    * asks for 1..32), its OpExecutionMode patched. */
   static uint32_t tesc33[ARRAY_SIZE(tess_levels_tesc_spv)], tesc0[ARRAY_SIZE(tesc33)];
   memcpy(tesc33, tess_levels_tesc_spv, sizeof(tesc33));
   unsigned patched = 0;
   for (unsigned w = 5; w + 3 < ARRAY_SIZE(tesc33); w += tesc33[w] >> 16) {
      if (tesc33[w] == (4u << 16 | 16u) && tesc33[w + 2] == 26u /* OutputVertices */) {
         tesc33[w + 3] = 33;
         patched++;
      }
      if (!(tesc33[w] >> 16))
         break;
   }
   REQUIRE(patched == 1);
   memcpy(tesc0, tesc33, sizeof(tesc0));
   for (unsigned w = 0; w < ARRAY_SIZE(tesc0); w++)
      if (tesc0[w] == 33 && tesc0[w - 1] == 26u)
         tesc0[w] = 0;
   const struct spv spv33 = {tesc33, sizeof(tesc33)}, spv0 = {tesc0, sizeof(tesc0)};
   /* Whether the (Debian 1.3.239) validation layer reports the case. */
   const struct {
      struct pipe_opts o;
      bool layer_reports;
   } bad[] = {
      {{.tese = tese, .patch_points = 33}, true}, /* past maxTessellationPatchSize */
      {{.tese = tese, .no_tese = true}, true},    /* a control shader alone */
      {{.tese = tese, .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST}, true},
      {{.tese = tese, .tesc = &spv33}, false},
      {{.tese = tese, .tesc = &spv0}, false},
   };
   CHECK_EQ(e.t.props.limits.maxTessellationPatchSize, 32);
   for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
      VkPipeline pipe;
      vkt_expect_validation_errors_begin(&e.t);
      const VkResult r = make_pipeline(&e, &bad[i].o, &pipe);
      const unsigned errors = vkt_expect_validation_errors_end(&e.t);
      bool ok = CHECK(r == VK_ERROR_UNKNOWN && pipe == VK_NULL_HANDLE);
      ok &= CHECK((errors > 0) == bad[i].layer_reports);
      if (!ok)
         printf("  case %u: %s, %u validation errors\n", i, vkt_result_str(r), errors);
      if (pipe)
         vkDestroyPipeline(e.t.dev, pipe, NULL);
   }
out:
   env_finish(&e);
}

static double
now_s(clockid_t clock)
{
   struct timespec ts;
   clock_gettime(clock, &ts);
   return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Not run by default (KILN_TESS_BENCH=1 runs it): the time of one draw of
 * 16 quad patches per level, best of 5, on whichever driver the loader
 * picks; numbers in docs/tess.md. The counts are checked like any test's. */
TEST(tess_bench)
{
   if (!getenv("KILN_TESS_BENCH")) {
      vkt_skip("a benchmark: KILN_TESS_BENCH=1 runs it");
      return;
   }
   struct env e;
   static struct model_result m;
   if (!env_init(&e, 0))
      goto out;
   static const float levels[] = {4, 16, 64};
   for (int sp = TESS_SPACING_EQUAL; sp <= TESS_SPACING_FRACTIONAL_ODD; sp += 2) {
      VkPipeline pipe;
      const struct pipe_opts o = {.tese = &tese_spv[TESS_QUADS][sp][0]};
      if (!VKT_CHECK(make_pipeline(&e, &o, &pipe)))
         continue;
      for (unsigned l = 0; l < ARRAY_SIZE(levels); l++) {
         const float x = levels[l];
         struct push pc = {.outer = {x, x, x, x}, .inner = {x, x}, .bands = 16};
         const struct tess_config cfg = {
            .domain = TESS_QUADS, .spacing = sp, .max_level = 64};
         model_patch(&cfg, &(struct tess_levels){{x, x, x, x}, {x, x}}, &m);
         /* Wall time, and the CPU time of every thread of the process
          * (the drivers' workers too): the work, whatever the load. */
         double best = 1e9, best_cpu = 1e9;
         uint64_t st[STAT_COUNT] = {0};
         for (unsigned r = 0; r < 5; r++) {
            const double t0 = now_s(CLOCK_MONOTONIC),
                         c0 = now_s(CLOCK_PROCESS_CPUTIME_ID);
            if (!draw(&e, pipe, &pc, 64, 0, NULL, st))
               break;
            best = fmin(best, now_s(CLOCK_MONOTONIC) - t0);
            best_cpu = fmin(best_cpu, now_s(CLOCK_PROCESS_CPUTIME_ID) - c0);
         }
         CHECK_EQ(st[STAT_CLIP], 16 * m.prim_count);
         printf("  %s, quads %s level %2.0f: 16 patches, %6u triangles, %8.2f ms wall, "
                "%8.2f ms CPU, %5.0f ns CPU per triangle\n",
                e.t.props.deviceName, spacing_name[sp], x, 16 * m.prim_count, best * 1e3,
                best_cpu * 1e3, best_cpu * 1e9 / (16 * m.prim_count));
      }
      vkDestroyPipeline(e.t.dev, pipe, NULL);
   }
out:
   env_finish(&e);
}
