/* SPDX-License-Identifier: MIT */
/*
 * The logical device: which extensions and features zkv enables where the
 * physical device offers them, the caps it reports from them, and the
 * device-level entry points it looks up.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

/* The extensions zkv uses when a device has them (Vulkan 1.2 devices: the
 * KHR ones promoted to 1.3 too). */
enum zkv_ext {
   EXT_DYNAMIC_RENDERING,
   EXT_DEPTH_CLIP_CONTROL,
   EXT_DEPTH_CLIP_ENABLE,
   EXT_PROVOKING_VERTEX,
   EXT_CONDITIONAL_RENDERING,
   EXT_TRANSFORM_FEEDBACK,
   EXT_CUSTOM_BORDER_COLOR,
   EXT_VERTEX_ATTRIBUTE_DIVISOR,
   EXT_INDEX_TYPE_UINT8,
   EXT_LINE_RASTERIZATION,
   EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART,
   EXT_NON_SEAMLESS_CUBE_MAP,
   EXT_ROBUSTNESS2,
   EXT_EXTENDED_DYNAMIC_STATE,
   EXT_EXTENDED_DYNAMIC_STATE2,
   EXT_MULTI_DRAW,
   EXT_VERTEX_INPUT_DYNAMIC_STATE,
   EXT_SHADER_VIEWPORT_INDEX_LAYER,
   EXT_COUNT,
};

static const char *const ext_names[EXT_COUNT] = {
   [EXT_DYNAMIC_RENDERING] = VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME,
   [EXT_DEPTH_CLIP_CONTROL] = VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME,
   [EXT_DEPTH_CLIP_ENABLE] = VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME,
   [EXT_PROVOKING_VERTEX] = VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME,
   [EXT_CONDITIONAL_RENDERING] = VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME,
   [EXT_TRANSFORM_FEEDBACK] = VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME,
   [EXT_CUSTOM_BORDER_COLOR] = VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME,
   [EXT_VERTEX_ATTRIBUTE_DIVISOR] = VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME,
   [EXT_INDEX_TYPE_UINT8] = VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME,
   [EXT_LINE_RASTERIZATION] = VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME,
   [EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART] = VK_EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART_EXTENSION_NAME,
   [EXT_NON_SEAMLESS_CUBE_MAP] = VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME,
   [EXT_ROBUSTNESS2] = VK_EXT_ROBUSTNESS_2_EXTENSION_NAME,
   [EXT_EXTENDED_DYNAMIC_STATE] = VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME,
   [EXT_EXTENDED_DYNAMIC_STATE2] = VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME,
   [EXT_MULTI_DRAW] = VK_EXT_MULTI_DRAW_EXTENSION_NAME,
   [EXT_VERTEX_INPUT_DYNAMIC_STATE] = VK_EXT_VERTEX_INPUT_DYNAMIC_STATE_EXTENSION_NAME,
   [EXT_SHADER_VIEWPORT_INDEX_LAYER] = VK_EXT_SHADER_VIEWPORT_INDEX_LAYER_EXTENSION_NAME,
};

/* Every feature struct zkv queries and enables, chained in one go. */
struct zkv_features {
   VkPhysicalDeviceFeatures2 f2;
   VkPhysicalDeviceVulkan11Features v11;
   VkPhysicalDeviceVulkan12Features v12;
   VkPhysicalDeviceVulkan13Features v13;
   VkPhysicalDeviceDynamicRenderingFeaturesKHR dynamic_rendering;
   VkPhysicalDeviceDepthClipControlFeaturesEXT depth_clip_control;
   VkPhysicalDeviceDepthClipEnableFeaturesEXT depth_clip_enable;
   VkPhysicalDeviceProvokingVertexFeaturesEXT provoking_vertex;
   VkPhysicalDeviceConditionalRenderingFeaturesEXT conditional_rendering;
   VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb;
   VkPhysicalDeviceCustomBorderColorFeaturesEXT border_color;
   VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divisor;
   VkPhysicalDeviceIndexTypeUint8FeaturesEXT uint8;
   VkPhysicalDeviceLineRasterizationFeaturesEXT lines;
   VkPhysicalDevicePrimitiveTopologyListRestartFeaturesEXT list_restart;
   VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT non_seamless;
   VkPhysicalDeviceRobustness2FeaturesEXT robustness2;
   VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds;
   VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2;
   VkPhysicalDeviceMultiDrawFeaturesEXT multi_draw;
   VkPhysicalDeviceVertexInputDynamicStateFeaturesEXT vertex_input;
};

static void
chain(void **tail, void *s, VkStructureType type)
{
   VkBaseOutStructure *b = s;
   b->sType = type;
   b->pNext = NULL;
   ((VkBaseOutStructure *)*tail)->pNext = b;
   *tail = b;
}

static void
features_chain(struct zkv_features *f, uint32_t api, const bool has[EXT_COUNT])
{
   memset(f, 0, sizeof(*f));
   f->f2.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
   void *tail = &f->f2;
   chain(&tail, &f->v11, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES);
   chain(&tail, &f->v12, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
   if (api >= VK_API_VERSION_1_3)
      chain(&tail, &f->v13, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
   else if (has[EXT_DYNAMIC_RENDERING])
      chain(&tail, &f->dynamic_rendering,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES_KHR);
   if (has[EXT_DEPTH_CLIP_CONTROL])
      chain(&tail, &f->depth_clip_control,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT);
   if (has[EXT_DEPTH_CLIP_ENABLE])
      chain(&tail, &f->depth_clip_enable,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT);
   if (has[EXT_PROVOKING_VERTEX])
      chain(&tail, &f->provoking_vertex,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT);
   if (has[EXT_CONDITIONAL_RENDERING])
      chain(&tail, &f->conditional_rendering,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT);
   if (has[EXT_TRANSFORM_FEEDBACK])
      chain(&tail, &f->xfb, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT);
   if (has[EXT_CUSTOM_BORDER_COLOR])
      chain(&tail, &f->border_color,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT);
   if (has[EXT_VERTEX_ATTRIBUTE_DIVISOR])
      chain(&tail, &f->divisor,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT);
   if (has[EXT_INDEX_TYPE_UINT8])
      chain(&tail, &f->uint8, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT);
   if (has[EXT_LINE_RASTERIZATION])
      chain(&tail, &f->lines, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT);
   if (has[EXT_PRIMITIVE_TOPOLOGY_LIST_RESTART])
      chain(&tail, &f->list_restart,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT);
   if (has[EXT_NON_SEAMLESS_CUBE_MAP])
      chain(&tail, &f->non_seamless,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT);
   if (has[EXT_ROBUSTNESS2])
      chain(&tail, &f->robustness2, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT);
   /* Promoted to Vulkan 1.3 (the basic states, without feature bits). */
   if (has[EXT_EXTENDED_DYNAMIC_STATE] && api < VK_API_VERSION_1_3)
      chain(&tail, &f->eds, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT);
   if (has[EXT_EXTENDED_DYNAMIC_STATE2] && api < VK_API_VERSION_1_3)
      chain(&tail, &f->eds2,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT);
   if (has[EXT_MULTI_DRAW])
      chain(&tail, &f->multi_draw, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT);
   if (has[EXT_VERTEX_INPUT_DYNAMIC_STATE])
      chain(&tail, &f->vertex_input,
            VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT);
}

static void
device_extensions(VkPhysicalDevice pdev, bool has[EXT_COUNT])
{
   memset(has, 0, sizeof(bool) * EXT_COUNT);
   uint32_t n = 0;
   if (vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, NULL) != VK_SUCCESS)
      return;
   VkExtensionProperties *props = calloc(n ? n : 1, sizeof(*props));
   if (!props)
      return;
   if (vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, props) == VK_SUCCESS) {
      for (uint32_t i = 0; i < n; i++)
         for (int e = 0; e < EXT_COUNT; e++)
            if (strcmp(props[i].extensionName, ext_names[e]) == 0)
               has[e] = true;
   }
   free(props);
}

static int
graphics_queue_family(VkPhysicalDevice pdev, uint32_t *timestamp_bits)
{
   uint32_t n = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &n, NULL);
   VkQueueFamilyProperties props[16];
   n = n > 16 ? 16 : n;
   vkGetPhysicalDeviceQueueFamilyProperties(pdev, &n, props);
   for (uint32_t i = 0; i < n; i++) {
      const VkQueueFlags need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
      if ((props[i].queueFlags & need) == need) {
         *timestamp_bits = props[i].timestampValidBits;
         return (int)i;
      }
   }
   return -1;
}

const char *
zkv_device_unsuitable(VkPhysicalDevice pdev)
{
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pdev, &props);
   if (props.apiVersion < VK_API_VERSION_1_2)
      return "zkv needs a Vulkan 1.2 device";
   uint32_t bits;
   if (graphics_queue_family(pdev, &bits) < 0)
      return "zkv needs a queue family with graphics and compute";
   bool has[EXT_COUNT];
   device_extensions(pdev, has);
   struct zkv_features f;
   features_chain(&f, props.apiVersion, has);
   vkGetPhysicalDeviceFeatures2(pdev, &f.f2);
   if (!f.v12.timelineSemaphore)
      return "zkv needs timeline semaphores (Vulkan 1.2)";
   if (!f.v13.dynamicRendering && !f.dynamic_rendering.dynamicRendering)
      return "zkv needs dynamic rendering (Vulkan 1.3 or VK_KHR_dynamic_rendering)";
   return NULL;
}

static void
fill_caps(struct zkv_screen *s, const struct zkv_features *f, const bool has[EXT_COUNT],
          uint32_t timestamp_bits)
{
   struct zkv_caps *c = &s->caps;
   VkPhysicalDeviceTransformFeedbackPropertiesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT,
   };
   VkPhysicalDeviceMultiDrawPropertiesEXT md = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_PROPERTIES_EXT,
      .pNext = has[EXT_TRANSFORM_FEEDBACK] ? &xfb : NULL,
   };
   VkPhysicalDeviceProperties2 p2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = has[EXT_MULTI_DRAW] ? (void *)&md : (has[EXT_TRANSFORM_FEEDBACK] ? (void *)&xfb : NULL),
   };
   vkGetPhysicalDeviceProperties2(s->pdev, &p2);
   const VkPhysicalDeviceProperties *p = &p2.properties;
   c->api_version = p->apiVersion < ZKV_API_VERSION ? p->apiVersion : ZKV_API_VERSION;
   memcpy(c->device_name, p->deviceName, sizeof(c->device_name));
   c->device_type = p->deviceType;
   c->vendor_id = p->vendorID;
   c->device_id = p->deviceID;
   c->limits = p->limits;
   c->features = f->f2.features;
   c->dynamic_rendering = true;
   c->depth_clip_control = f->depth_clip_control.depthClipControl;
   c->depth_clip_enable = f->depth_clip_enable.depthClipEnable;
   c->provoking_vertex_last = f->provoking_vertex.provokingVertexLast;
   c->conditional_rendering = f->conditional_rendering.conditionalRendering;
   c->transform_feedback = f->xfb.transformFeedback;
   c->max_xfb_streams = c->transform_feedback ? xfb.maxTransformFeedbackStreams : 0;
   c->max_xfb_buffers = c->transform_feedback ? xfb.maxTransformFeedbackBuffers : 0;
   c->custom_border_color = f->border_color.customBorderColors &&
                            f->border_color.customBorderColorWithoutFormat;
   c->vertex_attribute_divisor = f->divisor.vertexAttributeInstanceRateDivisor;
   c->vertex_attribute_zero_divisor = f->divisor.vertexAttributeInstanceRateZeroDivisor;
   c->index_type_uint8 = f->uint8.indexTypeUint8;
   c->line_rasterization = f->lines.bresenhamLines;
   c->line_stipple = f->lines.stippledBresenhamLines;
   c->primitive_topology_list_restart = f->list_restart.primitiveTopologyListRestart;
   c->draw_indirect_count = f->v12.drawIndirectCount;
   c->shader_draw_parameters = f->v11.shaderDrawParameters;
   c->sampler_mirror_clamp_to_edge = f->v12.samplerMirrorClampToEdge;
   c->sampler_filter_minmax = f->v12.samplerFilterMinmax;
   c->non_seamless_cube_map = f->non_seamless.nonSeamlessCubeMap;
   c->robustness2 = f->robustness2.nullDescriptor;
   c->host_query_reset = f->v12.hostQueryReset;
   c->timestamp_valid_bits = timestamp_bits;
   c->timestamps = timestamp_bits > 0 && p->limits.timestampComputeAndGraphics;
   c->timestamp_period_ns = p->limits.timestampPeriod;
   c->pipeline_statistics = f->f2.features.pipelineStatisticsQuery;
   c->primitives_generated = c->pipeline_statistics;
   const bool core13 = p->apiVersion >= VK_API_VERSION_1_3;
   c->extended_dynamic_state = core13 || f->eds.extendedDynamicState;
   c->extended_dynamic_state2 = core13 || f->eds2.extendedDynamicState2;
   c->multi_draw = f->multi_draw.multiDraw;
   s->vertex_input_dynamic = f->vertex_input.vertexInputDynamicState;
   s->max_multi_draw = c->multi_draw ? md.maxMultiDrawCount : 0;
   s->null_descriptor = f->robustness2.nullDescriptor;
   /* The meta shaders' gl_Layer is glslang's ShaderViewportIndexLayerEXT
    * capability, which needs the extension (Vulkan 1.3, appendix A). */
   s->shader_output_layer = has[EXT_SHADER_VIEWPORT_INDEX_LAYER];
}

/* Turns off what zkv does not want even where offered: robust buffer
 * access costs every access and GL does not ask for it by default. */
static void
trim_features(struct zkv_features *f)
{
   f->f2.features.robustBufferAccess = VK_FALSE;
   f->robustness2.robustBufferAccess2 = VK_FALSE;
   f->robustness2.robustImageAccess2 = VK_FALSE;
   f->v13.robustImageAccess = VK_FALSE;
}

/* KILN_ZINK_DISABLE=name,name,...: zkv leaves optional paths unused, so
 * tests reach the fallbacks on devices that have everything: eds (both
 * extended dynamic states), vertex-input, multi-draw, null-descriptor,
 * conditional (host-side conditional rendering), clip-control,
 * layer-output (masked clears of layered framebuffers one layer at a time). */
static void
disable_from_env(struct zkv_screen *s)
{
   const char *env = getenv("KILN_ZINK_DISABLE");
   if (!env)
      return;
   struct zkv_caps *c = &s->caps;
   if (strstr(env, "eds"))
      c->extended_dynamic_state = c->extended_dynamic_state2 = false;
   if (strstr(env, "vertex-input"))
      c->vertex_input_dynamic = s->vertex_input_dynamic = false;
   if (strstr(env, "multi-draw"))
      c->multi_draw = false;
   if (strstr(env, "null-descriptor"))
      c->robustness2 = s->null_descriptor = false;
   if (strstr(env, "conditional"))
      c->conditional_rendering = false;
   if (strstr(env, "clip-control"))
      c->depth_clip_control = false;
   if (strstr(env, "layer-output"))
      s->shader_output_layer = false;
}

VkResult
zkv_device_create(struct zkv_screen *s, const char **message)
{
   bool has[EXT_COUNT];
   device_extensions(s->pdev, has);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(s->pdev, &props);
   const uint32_t api = props.apiVersion;
   if (api >= VK_API_VERSION_1_3) { /* core */
      has[EXT_DYNAMIC_RENDERING] = false;
      has[EXT_EXTENDED_DYNAMIC_STATE] = false;
      has[EXT_EXTENDED_DYNAMIC_STATE2] = false;
   }
   struct zkv_features f;
   features_chain(&f, api, has);
   vkGetPhysicalDeviceFeatures2(s->pdev, &f.f2);
   trim_features(&f);
   /* With Vulkan 1.2 features chained, the extension may only be enabled
    * when they say the same (VUID-VkDeviceCreateInfo-ppEnabledExtensionNames-02835):
    * kiln advertises the extension without shaderOutputLayer. */
   if (!f.v12.shaderOutputLayer || !f.v12.shaderOutputViewportIndex)
      has[EXT_SHADER_VIEWPORT_INDEX_LAYER] = false;

   const char *names[EXT_COUNT];
   uint32_t num_names = 0;
   for (int e = 0; e < EXT_COUNT; e++)
      if (has[e])
         names[num_names++] = ext_names[e];

   uint32_t timestamp_bits = 0;
   s->queue_family = (uint32_t)graphics_queue_family(s->pdev, &timestamp_bits);
   const float priority = 1.0f;
   const VkDeviceQueueCreateInfo qi = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = s->queue_family,
      .queueCount = 1,
      .pQueuePriorities = &priority,
   };
   const VkDeviceCreateInfo di = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = &f.f2,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qi,
      .enabledExtensionCount = num_names,
      .ppEnabledExtensionNames = names,
   };
   VkResult r = vkCreateDevice(s->pdev, &di, NULL, &s->dev);
   if (r != VK_SUCCESS) {
      *message = "vkCreateDevice failed";
      return r;
   }
   vkGetDeviceQueue(s->dev, s->queue_family, 0, &s->queue);
   fill_caps(s, &f, has, timestamp_bits);

   struct zkv_dispatch *d = &s->vk;
   const bool core13 = api >= VK_API_VERSION_1_3;
#define LOAD(field, name) d->field = (void *)vkGetDeviceProcAddr(s->dev, name)
   LOAD(CmdBeginRendering, core13 ? "vkCmdBeginRendering" : "vkCmdBeginRenderingKHR");
   LOAD(CmdEndRendering, core13 ? "vkCmdEndRendering" : "vkCmdEndRenderingKHR");
   LOAD(WaitSemaphores, "vkWaitSemaphores");
   LOAD(GetSemaphoreCounterValue, "vkGetSemaphoreCounterValue");
   LOAD(CmdDrawIndirectCount, "vkCmdDrawIndirectCount");
   LOAD(CmdDrawIndexedIndirectCount, "vkCmdDrawIndexedIndirectCount");
   if (s->caps.conditional_rendering) {
      LOAD(CmdBeginConditionalRenderingEXT, "vkCmdBeginConditionalRenderingEXT");
      LOAD(CmdEndConditionalRenderingEXT, "vkCmdEndConditionalRenderingEXT");
   }
   if (s->caps.transform_feedback) {
      LOAD(CmdBindTransformFeedbackBuffersEXT, "vkCmdBindTransformFeedbackBuffersEXT");
      LOAD(CmdBeginTransformFeedbackEXT, "vkCmdBeginTransformFeedbackEXT");
      LOAD(CmdEndTransformFeedbackEXT, "vkCmdEndTransformFeedbackEXT");
      LOAD(CmdBeginQueryIndexedEXT, "vkCmdBeginQueryIndexedEXT");
      LOAD(CmdEndQueryIndexedEXT, "vkCmdEndQueryIndexedEXT");
      LOAD(CmdDrawIndirectByteCountEXT, "vkCmdDrawIndirectByteCountEXT");
   }
   if (s->caps.line_stipple)
      LOAD(CmdSetLineStippleEXT, "vkCmdSetLineStippleEXT");
   if (s->caps.extended_dynamic_state) {
      LOAD(CmdSetCullMode, core13 ? "vkCmdSetCullMode" : "vkCmdSetCullModeEXT");
      LOAD(CmdSetFrontFace, core13 ? "vkCmdSetFrontFace" : "vkCmdSetFrontFaceEXT");
      LOAD(CmdSetPrimitiveTopology,
           core13 ? "vkCmdSetPrimitiveTopology" : "vkCmdSetPrimitiveTopologyEXT");
      LOAD(CmdSetDepthTestEnable,
           core13 ? "vkCmdSetDepthTestEnable" : "vkCmdSetDepthTestEnableEXT");
      LOAD(CmdSetDepthWriteEnable,
           core13 ? "vkCmdSetDepthWriteEnable" : "vkCmdSetDepthWriteEnableEXT");
      LOAD(CmdSetDepthCompareOp, core13 ? "vkCmdSetDepthCompareOp" : "vkCmdSetDepthCompareOpEXT");
      LOAD(CmdSetDepthBoundsTestEnable,
           core13 ? "vkCmdSetDepthBoundsTestEnable" : "vkCmdSetDepthBoundsTestEnableEXT");
      LOAD(CmdSetStencilTestEnable,
           core13 ? "vkCmdSetStencilTestEnable" : "vkCmdSetStencilTestEnableEXT");
      LOAD(CmdSetStencilOp, core13 ? "vkCmdSetStencilOp" : "vkCmdSetStencilOpEXT");
      if (!d->CmdSetCullMode || !d->CmdSetFrontFace || !d->CmdSetPrimitiveTopology ||
          !d->CmdSetDepthTestEnable || !d->CmdSetDepthWriteEnable || !d->CmdSetDepthCompareOp ||
          !d->CmdSetDepthBoundsTestEnable || !d->CmdSetStencilTestEnable || !d->CmdSetStencilOp)
         s->caps.extended_dynamic_state = false;
   }
   if (s->vertex_input_dynamic) {
      LOAD(CmdSetVertexInputEXT, "vkCmdSetVertexInputEXT");
      s->vertex_input_dynamic = d->CmdSetVertexInputEXT != NULL;
   }
   s->caps.vertex_input_dynamic = s->vertex_input_dynamic;
   disable_from_env(s);
   if (s->caps.multi_draw) {
      LOAD(CmdDrawMultiEXT, "vkCmdDrawMultiEXT");
      LOAD(CmdDrawMultiIndexedEXT, "vkCmdDrawMultiIndexedEXT");
      s->caps.multi_draw = d->CmdDrawMultiEXT && d->CmdDrawMultiIndexedEXT;
   }
   if (s->caps.extended_dynamic_state2) {
      LOAD(CmdSetPrimitiveRestartEnable,
           core13 ? "vkCmdSetPrimitiveRestartEnable" : "vkCmdSetPrimitiveRestartEnableEXT");
      LOAD(CmdSetDepthBiasEnable,
           core13 ? "vkCmdSetDepthBiasEnable" : "vkCmdSetDepthBiasEnableEXT");
      if (!d->CmdSetPrimitiveRestartEnable || !d->CmdSetDepthBiasEnable)
         s->caps.extended_dynamic_state2 = false;
   }
#undef LOAD
   if (!d->CmdBeginRendering || !d->CmdEndRendering || !d->WaitSemaphores ||
       !d->GetSemaphoreCounterValue) {
      *message = "the device lacks dynamic rendering or timeline entry points";
      return VK_ERROR_INITIALIZATION_FAILED;
   }
   if (s->caps.transform_feedback &&
       (!d->CmdBeginTransformFeedbackEXT || !d->CmdDrawIndirectByteCountEXT))
      s->caps.transform_feedback = false;
   if (s->caps.conditional_rendering && !d->CmdBeginConditionalRenderingEXT)
      s->caps.conditional_rendering = false;
   return VK_SUCCESS;
}
