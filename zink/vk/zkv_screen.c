/* SPDX-License-Identifier: MIT */
/*
 * The screen: instance, physical device, device and queue through the
 * Khronos loader, the features zkv enables and the caps it reports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

#define ZKV_API_VERSION VK_API_VERSION_1_3

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

/* Why a device cannot carry zkv, or NULL if it can. */
static const char *
device_unsuitable(VkPhysicalDevice pdev)
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

static VkPhysicalDevice
pick_device(VkInstance instance, const char **message)
{
   uint32_t n = 0;
   if (vkEnumeratePhysicalDevices(instance, &n, NULL) != VK_SUCCESS || n == 0) {
      *message = "the Vulkan loader found no physical device";
      return VK_NULL_HANDLE;
   }
   VkPhysicalDevice devs[16];
   n = n > 16 ? 16 : n;
   if (vkEnumeratePhysicalDevices(instance, &n, devs) < 0) {
      *message = "vkEnumeratePhysicalDevices failed";
      return VK_NULL_HANDLE;
   }
   const char *want = getenv("KILN_ZINK_DEVICE");
   if (want && *want) {
      char *end;
      const unsigned long idx = strtoul(want, &end, 10);
      for (uint32_t i = 0; i < n; i++) {
         VkPhysicalDeviceProperties p;
         vkGetPhysicalDeviceProperties(devs[i], &p);
         const bool match = *end == '\0' ? idx == i : strstr(p.deviceName, want) != NULL;
         if (!match)
            continue;
         *message = device_unsuitable(devs[i]);
         return *message ? VK_NULL_HANDLE : devs[i];
      }
      *message = "KILN_ZINK_DEVICE names no device the loader found";
      return VK_NULL_HANDLE;
   }
   for (uint32_t i = 0; i < n; i++) {
      *message = device_unsuitable(devs[i]);
      if (!*message)
         return devs[i];
   }
   return VK_NULL_HANDLE;
}

static void
fill_caps(struct zkv_screen *s, const struct zkv_features *f, const bool has[EXT_COUNT],
          uint32_t timestamp_bits)
{
   struct zkv_caps *c = &s->caps;
   VkPhysicalDeviceTransformFeedbackPropertiesEXT xfb = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT,
   };
   VkPhysicalDeviceProperties2 p2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
      .pNext = has[EXT_TRANSFORM_FEEDBACK] ? &xfb : NULL,
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
   s->null_descriptor = f->robustness2.nullDescriptor;
   s->shader_output_layer = f->v12.shaderOutputLayer;
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

static VkResult
create_device(struct zkv_screen *s, const char **message)
{
   bool has[EXT_COUNT];
   device_extensions(s->pdev, has);
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(s->pdev, &props);
   const uint32_t api = props.apiVersion;
   if (api >= VK_API_VERSION_1_3)
      has[EXT_DYNAMIC_RENDERING] = false; /* core */
   struct zkv_features f;
   features_chain(&f, api, has);
   vkGetPhysicalDeviceFeatures2(s->pdev, &f.f2);
   trim_features(&f);

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

static uint32_t
sampler_hash(const void *key)
{
   return util_hash_data(key, sizeof(struct zkv_sampler_state));
}

static bool
sampler_equal(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct zkv_sampler_state)) == 0;
}

static VkBool32 VKAPI_PTR
on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity, VkDebugUtilsMessageTypeFlagsEXT type,
           const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   struct zkv_screen *s = user;
   if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) &&
       (type & (VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT))) {
      atomic_fetch_add(&s->validation_errors, 1);
      fprintf(stderr, "zkv: validation: %s\n", data->pMessage ? data->pMessage : "?");
   }
   return VK_FALSE;
}

static bool
has_layer(const char *name)
{
   uint32_t n = 0;
   if (vkEnumerateInstanceLayerProperties(&n, NULL) != VK_SUCCESS || n == 0)
      return false;
   VkLayerProperties *p = calloc(n, sizeof(*p));
   bool found = false;
   if (p && vkEnumerateInstanceLayerProperties(&n, p) == VK_SUCCESS)
      for (uint32_t i = 0; i < n; i++)
         found |= strcmp(p[i].layerName, name) == 0;
   free(p);
   return found;
}

uint32_t
zkv_screen_validation_errors(const struct zkv_screen *screen)
{
   return atomic_load(&screen->validation_errors);
}

struct zkv_screen *
zkv_screen_create(VkResult *result, const char **message)
{
   *message = NULL;
   struct zkv_screen *s = calloc(1, sizeof(*s));
   if (!s) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      *message = "out of memory";
      return NULL;
   }
   pthread_mutex_init(&s->lock, NULL);
   pthread_mutex_init(&s->allocator.lock, NULL);
   hash_table_init(&s->samplers, sampler_hash, sampler_equal);
   dynarray_init(&s->timelines, NULL);
   atomic_init(&s->next_batch_uid, 1);
   atomic_init(&s->validation_errors, 0);

   uint32_t instance_api = VK_API_VERSION_1_0;
   vkEnumerateInstanceVersion(&instance_api);
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "kiln zink",
      .pEngineName = "zkv",
      .apiVersion = instance_api < ZKV_API_VERSION ? instance_api : ZKV_API_VERSION,
   };
   const char *layer = "VK_LAYER_KHRONOS_validation";
   const char *ext = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
   const char *validate = getenv("KILN_ZINK_VALIDATE");
   const bool validation = validate && strcmp(validate, "1") == 0 && has_layer(layer);
   const VkValidationFeatureEnableEXT sync = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
   const VkDebugUtilsMessengerCreateInfoEXT mci = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT,
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT,
      .pfnUserCallback = on_message,
      .pUserData = s,
   };
   const VkValidationFeaturesEXT vf = {
      .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
      .pNext = &mci,
      .enabledValidationFeatureCount = 1,
      .pEnabledValidationFeatures = &sync,
   };
   const VkInstanceCreateInfo ii = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = validation ? &vf : NULL,
      .pApplicationInfo = &app,
      .enabledLayerCount = validation ? 1 : 0,
      .ppEnabledLayerNames = &layer,
      .enabledExtensionCount = validation ? 1 : 0,
      .ppEnabledExtensionNames = &ext,
   };
   VkResult r;
   if (instance_api < VK_API_VERSION_1_2) {
      r = VK_ERROR_INCOMPATIBLE_DRIVER;
      *message = "the Vulkan loader is older than 1.2";
      goto fail;
   }
   r = vkCreateInstance(&ii, NULL, &s->instance);
   if (r != VK_SUCCESS) {
      *message = "vkCreateInstance failed (no Vulkan driver?)";
      goto fail;
   }
   if (validation) {
      PFN_vkCreateDebugUtilsMessengerEXT create = (PFN_vkCreateDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(s->instance, "vkCreateDebugUtilsMessengerEXT");
      if (create)
         create(s->instance, &mci, NULL, &s->messenger);
   }
   s->pdev = pick_device(s->instance, message);
   if (!s->pdev) {
      r = VK_ERROR_INITIALIZATION_FAILED;
      if (!*message)
         *message = "no suitable Vulkan device";
      goto fail;
   }
   vkGetPhysicalDeviceMemoryProperties(s->pdev, &s->mem_props);
   r = create_device(s, message);
   if (r != VK_SUCCESS)
      goto fail;
   const VkPipelineCacheCreateInfo pci = {.sType = VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
   r = vkCreatePipelineCache(s->dev, &pci, NULL, &s->pipeline_cache);
   if (r != VK_SUCCESS) {
      *message = "vkCreatePipelineCache failed";
      goto fail;
   }
   *result = VK_SUCCESS;
   return s;

fail:
   *result = r;
   zkv_screen_destroy(s);
   return NULL;
}

void
zkv_screen_destroy(struct zkv_screen *s)
{
   if (!s)
      return;
   if (s->dev) {
      vkDeviceWaitIdle(s->dev);
      zkv_sampler_cache_finish(s);
      zkv_meta_finish(s);
      dynarray_foreach(&s->timelines, struct zkv_timeline *, tl)
      {
         vkDestroySemaphore(s->dev, (*tl)->semaphore, NULL);
         free(*tl);
      }
      zkv_memory_finish(s);
      vkDestroyPipelineCache(s->dev, s->pipeline_cache, NULL);
      vkDestroyDevice(s->dev, NULL);
   }
   if (s->messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(s->instance, "vkDestroyDebugUtilsMessengerEXT");
      if (destroy)
         destroy(s->instance, s->messenger, NULL);
   }
   if (s->instance)
      vkDestroyInstance(s->instance, NULL);
   dynarray_finish(&s->timelines);
   hash_table_finish(&s->samplers);
   pthread_mutex_destroy(&s->allocator.lock);
   pthread_mutex_destroy(&s->lock);
   free(s);
}

const struct zkv_caps *
zkv_screen_caps(const struct zkv_screen *screen)
{
   return &screen->caps;
}

VkInstance
zkv_screen_instance(const struct zkv_screen *screen)
{
   return screen->instance;
}

VkPhysicalDevice
zkv_screen_physical_device(const struct zkv_screen *screen)
{
   return screen->pdev;
}

VkDevice
zkv_screen_device(const struct zkv_screen *screen)
{
   return screen->dev;
}
