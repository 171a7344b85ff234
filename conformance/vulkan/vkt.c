/* SPDX-License-Identifier: MIT */
#include "vkt.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char skip_reason[512];

bool
vkt_skip(const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   vsnprintf(skip_reason, sizeof(skip_reason), fmt, va);
   va_end(va);
   test_skip(skip_reason);
   return false;
}

const char *
vkt_result_str(VkResult r)
{
   switch (r) {
#define R(x) case x: return #x;
   R(VK_SUCCESS) R(VK_NOT_READY) R(VK_TIMEOUT) R(VK_EVENT_SET) R(VK_EVENT_RESET)
   R(VK_INCOMPLETE) R(VK_ERROR_OUT_OF_HOST_MEMORY) R(VK_ERROR_OUT_OF_DEVICE_MEMORY)
   R(VK_ERROR_INITIALIZATION_FAILED) R(VK_ERROR_DEVICE_LOST) R(VK_ERROR_MEMORY_MAP_FAILED)
   R(VK_ERROR_LAYER_NOT_PRESENT) R(VK_ERROR_EXTENSION_NOT_PRESENT)
   R(VK_ERROR_FEATURE_NOT_PRESENT) R(VK_ERROR_INCOMPATIBLE_DRIVER)
   R(VK_ERROR_TOO_MANY_OBJECTS) R(VK_ERROR_FORMAT_NOT_SUPPORTED) R(VK_ERROR_FRAGMENTED_POOL)
   R(VK_ERROR_UNKNOWN) R(VK_ERROR_OUT_OF_POOL_MEMORY) R(VK_ERROR_FRAGMENTATION)
   R(VK_ERROR_INVALID_EXTERNAL_HANDLE) R(VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT)
#undef R
   default: {
      static _Thread_local char buf[32];
      snprintf(buf, sizeof(buf), "VkResult(%d)", (int)r);
      return buf;
   }
   }
}

static VKAPI_ATTR VkBool32 VKAPI_CALL
messenger_cb(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
             VkDebugUtilsMessageTypeFlagsEXT type,
             const VkDebugUtilsMessengerCallbackDataEXT *data, void *user)
{
   struct vkt *t = user;
   const bool validation = type & VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
   const bool error = severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
   const char *kind = validation ? "validation" : "driver";
   const char *sev = error ? "error"
                     : (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) ? "warning"
                                                                                     : "info";
   int allowed = -1;
   for (unsigned i = 0; i < t->allowed_vuid_count && data->pMessageIdName; i++) {
      if (strcmp(data->pMessageIdName, t->allowed_vuids[i]) == 0 &&
          (!t->allowed_contains[i] ||
           (data->pMessage && strstr(data->pMessage, t->allowed_contains[i]))))
         allowed = (int)i;
   }
   if (validation && error && allowed >= 0 && t->allowed_reasons[allowed]) {
      if (!t->allowed_printed[allowed])
         printf("  (allowed, printed once: %s) %s\n", t->allowed_reasons[allowed],
                data->pMessageIdName);
      t->allowed_printed[allowed] = true;
   } else if (validation && error && allowed >= 0) {
      if (!t->allowed_vuid_seen)
         printf("  (allowed on a device without graphics queue, printed once) %s\n",
                data->pMessageIdName);
      t->allowed_vuid_seen = true;
   } else if (validation && error) {
      if (t->expecting_errors) {
         t->expected_errors++;
         printf("  (expected) %s %s: %s\n", kind, sev, data->pMessage);
      } else {
         t->validation_errors++;
         printf("  %s %s: %s\n", kind, sev, data->pMessage);
      }
   } else if (severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
      printf("  %s %s: %s\n", kind, sev, data->pMessage);
   }
   if (t->message_hook)
      t->message_hook(t, severity, type, data);
   return VK_FALSE;
}

static bool
has_layer(const char *name)
{
   uint32_t n = 0;
   if (vkEnumerateInstanceLayerProperties(&n, NULL) != VK_SUCCESS)
      return false;
   VkLayerProperties *props = calloc(n ? n : 1, sizeof(*props));
   bool found = false;
   if (props && vkEnumerateInstanceLayerProperties(&n, props) == VK_SUCCESS) {
      for (uint32_t i = 0; i < n; i++)
         found |= strcmp(props[i].layerName, name) == 0;
   }
   free(props);
   return found;
}

static bool
has_instance_extension(const char *name)
{
   uint32_t n = 0;
   if (vkEnumerateInstanceExtensionProperties(NULL, &n, NULL) != VK_SUCCESS)
      return false;
   VkExtensionProperties *props = calloc(n ? n : 1, sizeof(*props));
   bool found = false;
   if (props && vkEnumerateInstanceExtensionProperties(NULL, &n, props) == VK_SUCCESS) {
      for (uint32_t i = 0; i < n; i++)
         found |= strcmp(props[i].extensionName, name) == 0;
   }
   free(props);
   return found;
}

bool
vkt_has_device_extension(VkPhysicalDevice pdev, const char *name)
{
   uint32_t n = 0;
   if (vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, NULL) != VK_SUCCESS)
      return false;
   VkExtensionProperties *props = calloc(n ? n : 1, sizeof(*props));
   bool found = false;
   if (props && vkEnumerateDeviceExtensionProperties(pdev, NULL, &n, props) == VK_SUCCESS) {
      for (uint32_t i = 0; i < n; i++)
         found |= strcmp(props[i].extensionName, name) == 0;
   }
   free(props);
   return found;
}

/* How many VkBool32 members follow sType/pNext in the feature structs tests
 * may ask for (the struct size would count trailing padding), so vkt can
 * query support for a chain it did not build. */
static unsigned
feature_struct_bools(VkStructureType s)
{
   switch (s) {
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIVATE_DATA_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SAMPLER_YCBCR_CONVERSION_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGELESS_FRAMEBUFFER_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_COLOR_WRITE_ENABLE_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTI_DRAW_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_INPUT_DYNAMIC_STATE_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SWAPCHAIN_MAINTENANCE_1_FEATURES_EXT:
      return 1;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT:
      return 2;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVES_GENERATED_QUERY_FEATURES_EXT:
      return 3;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVE_TOPOLOGY_LIST_RESTART_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BORDER_COLOR_SWIZZLE_FEATURES_EXT:
      return 2;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_2D_VIEW_OF_3D_FEATURES_EXT:
      return 2;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT:
      return 6;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT:
      return 2;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT:
      return 31;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MULTIVIEW_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT:
      return 3;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES:
      return 47;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES:
      return 15;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES:
      return 2;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_TERMINATE_INVOCATION_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ZERO_INITIALIZE_WORKGROUP_MEMORY_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_CREATION_CACHE_CONTROL_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_ROBUSTNESS_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_INTEGER_DOT_PRODUCT_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SCALAR_BLOCK_LAYOUT_FEATURES:
      return 1;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INLINE_UNIFORM_BLOCK_FEATURES:
      return 2;
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES:
   case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES:
      return 3;
   default:
      return 0;
   }
}

/* Skips (returns false) unless every VkBool32 set in `wanted` is supported. */
static bool
check_features(VkInstance instance, VkPhysicalDevice pdev, const void *wanted)
{
   PFN_vkGetPhysicalDeviceFeatures2KHR get = (PFN_vkGetPhysicalDeviceFeatures2KHR)
      vkGetInstanceProcAddr(instance, "vkGetPhysicalDeviceFeatures2KHR");
   if (!get)
      return vkt_skip("no vkGetPhysicalDeviceFeatures2KHR");
   for (const VkBaseInStructure *w = wanted; w; w = w->pNext) {
      const unsigned count = feature_struct_bools(w->sType);
      if (count == 0) {
         test_fail(__FILE__, __LINE__, "vkt does not know feature struct sType %d", w->sType);
         return false;
      }
      uint8_t have_buf[256] = {0};
      VkBaseOutStructure *have = (VkBaseOutStructure *)have_buf;
      have->sType = w->sType;
      VkPhysicalDeviceFeatures2 f2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
                                      .pNext = have};
      get(pdev, &f2);
      const VkBool32 *want_b = (const VkBool32 *)((const char *)w + sizeof(VkBaseInStructure));
      const VkBool32 *have_b = (const VkBool32 *)(have_buf + sizeof(VkBaseOutStructure));
      for (unsigned i = 0; i < count; i++) {
         if (want_b[i] && !have_b[i])
            return vkt_skip("feature %u of struct sType %d not supported", i, w->sType);
      }
   }
   return true;
}

/* The library path a loader manifest names, or NULL. */
static char *
manifest_library(const char *manifest)
{
   FILE *f = fopen(manifest, "r");
   if (!f)
      return NULL;
   char buf[4096];
   const size_t n = fread(buf, 1, sizeof(buf) - 1, f);
   fclose(f);
   buf[n] = '\0';
   const char *key = strstr(buf, "\"library_path\"");
   const char *open = key ? strchr(key + 14, '"') : NULL;
   const char *close = open ? strchr(open + 1, '"') : NULL;
   return close ? strndup(open + 1, (size_t)(close - open - 1)) : NULL;
}

/* Keeps the driver and the validation layer mapped until exit (the loader
 * dlcloses them at vkDestroyInstance): leak reports of sanitizer builds can
 * then name their frames, so LeakSanitizer suppressions can tell the
 * validation layer's and the peer driver's own leaks (lsan.supp) from
 * ours, which are never suppressed. Harmless otherwise. */
static void
pin_libraries(void)
{
   dlopen("libVkLayer_khronos_validation.so", RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL);
   const char *files = getenv("VK_DRIVER_FILES");
   if (!files)
      files = getenv("VK_ICD_FILENAMES");
   char *lib = files ? manifest_library(files) : NULL;
   if (lib)
      dlopen(lib, RTLD_NOW | RTLD_NODELETE | RTLD_LOCAL);
   free(lib);
}

bool
vkt_init(struct vkt *t, const struct vkt_req *req)
{
   static pthread_once_t pinned = PTHREAD_ONCE_INIT;
   pthread_once(&pinned, pin_libraries);
   static const struct vkt_req defaults = {0};
   if (!req)
      req = &defaults;
   memset(t, 0, sizeof(*t));
   t->alloc = req->alloc;

   t->validation = !req->no_validation && !getenv("KILN_VKT_NO_VALIDATION");
   const char *layer = "VK_LAYER_KHRONOS_validation";
   if (t->validation && !has_layer(layer)) {
      test_fail(__FILE__, __LINE__, "%s is not installed (vulkan-validationlayers)", layer);
      return false;
   }

   const char *inst_exts[5 + 8] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME,
                               VK_KHR_GET_PHYSICAL_DEVICE_PROPERTIES_2_EXTENSION_NAME};
   uint32_t inst_ext_count = 2;
   /* The external memory/semaphore/fence device extensions need these on a
    * Vulkan 1.0 instance; enabled whenever present (they only add queries). */
   static const char *const external_caps[] = {
      VK_KHR_EXTERNAL_MEMORY_CAPABILITIES_EXTENSION_NAME,
      VK_KHR_EXTERNAL_SEMAPHORE_CAPABILITIES_EXTENSION_NAME,
      VK_KHR_EXTERNAL_FENCE_CAPABILITIES_EXTENSION_NAME,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(external_caps); i++) {
      if (has_instance_extension(external_caps[i]))
         inst_exts[inst_ext_count++] = external_caps[i];
   }
   for (uint32_t i = 0; i < req->instance_extension_count && i < 8; i++) {
      if (!has_instance_extension(req->instance_extensions[i]))
         return vkt_skip("instance extension %s is missing", req->instance_extensions[i]);
      inst_exts[inst_ext_count++] = req->instance_extensions[i];
   }
   VkDebugUtilsMessengerCreateInfoEXT mci = {
      .sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT,
      .messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_INFO_BIT_EXT,
      /* Performance hints (GENERAL layouts in tests) are not our concern. */
      .messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT,
      .pfnUserCallback = messenger_cb,
      .pUserData = t,
   };
   /* Synchronization validation checks the tests' barriers too. */
   const VkValidationFeatureEnableEXT enables[] = {
      VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT,
   };
   VkValidationFeaturesEXT vf = {
      .sType = VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT,
      .pNext = &mci,
      .enabledValidationFeatureCount = 1,
      .pEnabledValidationFeatures = enables,
   };
   const VkApplicationInfo app = {
      .sType = VK_STRUCTURE_TYPE_APPLICATION_INFO,
      .pApplicationName = "kiln vkt",
      .apiVersion = req->instance_api_version ? req->instance_api_version : VK_API_VERSION_1_0,
   };
   const VkInstanceCreateInfo ici = {
      .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO,
      .pNext = t->validation ? (const void *)&vf : (const void *)&mci,
      .pApplicationInfo = &app,
      .enabledLayerCount = t->validation ? 1 : 0,
      .ppEnabledLayerNames = &layer,
      .enabledExtensionCount = inst_ext_count,
      .ppEnabledExtensionNames = inst_exts,
   };
   VkResult r = vkCreateInstance(&ici, t->alloc, &t->instance);
   if (r != VK_SUCCESS) {
      test_fail(__FILE__, __LINE__, "vkCreateInstance: %s", vkt_result_str(r));
      return false;
   }
   PFN_vkCreateDebugUtilsMessengerEXT create_messenger = (PFN_vkCreateDebugUtilsMessengerEXT)
      vkGetInstanceProcAddr(t->instance, "vkCreateDebugUtilsMessengerEXT");
   if (!create_messenger ||
       create_messenger(t->instance, &mci, t->alloc, &t->messenger) != VK_SUCCESS) {
      test_fail(__FILE__, __LINE__, "cannot create the debug messenger");
      goto fail_instance;
   }

   uint32_t n = 1;
   r = vkEnumeratePhysicalDevices(t->instance, &n, &t->pdev);
   if ((r != VK_SUCCESS && r != VK_INCOMPLETE) || n == 0) {
      test_fail(__FILE__, __LINE__, "no physical device (%s)", vkt_result_str(r));
      goto fail_messenger;
   }
   vkGetPhysicalDeviceProperties(t->pdev, &t->props);
   vkGetPhysicalDeviceMemoryProperties(t->pdev, &t->mem_props);
   t->is_kiln = strncmp(t->props.deviceName, "kiln", 4) == 0;
   if (req->kiln_only && !t->is_kiln) {
      vkt_skip("tests kiln-specific behaviour; this is %s", t->props.deviceName);
      goto fail_messenger;
   }

   for (uint32_t i = 0; i < req->extension_count; i++) {
      if (!vkt_has_device_extension(t->pdev, req->extensions[i])) {
         vkt_skip("%s lacks %s", t->props.deviceName, req->extensions[i]);
         goto fail_messenger;
      }
   }
   if (req->features && !check_features(t->instance, t->pdev, req->features))
      goto fail_messenger;
   if (req->core_features) {
      VkPhysicalDeviceFeatures have;
      vkGetPhysicalDeviceFeatures(t->pdev, &have);
      const VkBool32 *w = (const VkBool32 *)req->core_features, *h = (const VkBool32 *)&have;
      for (size_t i = 0; i < sizeof(have) / sizeof(VkBool32); i++) {
         if (w[i] && !h[i]) {
            vkt_skip("VkPhysicalDeviceFeatures member %zu not supported", i);
            goto fail_messenger;
         }
      }
   }

   uint32_t nq = 0;
   vkGetPhysicalDeviceQueueFamilyProperties(t->pdev, &nq, NULL);
   VkQueueFamilyProperties qf[8];
   nq = nq > 8 ? 8 : nq;
   vkGetPhysicalDeviceQueueFamilyProperties(t->pdev, &nq, qf);
   t->queue_family = UINT32_MAX;
   for (uint32_t i = 0; i < nq && t->queue_family == UINT32_MAX; i++) {
      if (qf[i].queueFlags & (VK_QUEUE_COMPUTE_BIT | VK_QUEUE_GRAPHICS_BIT)) {
         t->queue_family = i;
         t->queue_flags = qf[i].queueFlags;
      }
   }
   /* Blits, depth/stencil clears and buffer-to-depth/stencil copies need a
    * graphics queue (these VUIDs). kiln has none until its rasterizer lands,
    * yet implements them (advertised through format features, which do not
    * depend on queues); on such a device exactly these VUIDs are tolerated
    * so the tests still run with everything else validated. */
   if (!(t->queue_flags & VK_QUEUE_GRAPHICS_BIT)) {
      static const char *const graphics_only[] = {
         "VUID-vkCmdBlitImage-commandBuffer-cmdpool",
         "VUID-vkCmdBlitImage2-commandBuffer-cmdpool",
         "VUID-vkCmdClearDepthStencilImage-commandBuffer-cmdpool",
         "VUID-vkCmdCopyBufferToImage-commandBuffer-07739",
         "VUID-vkCmdCopyBufferToImage2-commandBuffer-07739",
      };
      for (unsigned i = 0; i < ARRAY_SIZE(graphics_only); i++)
         t->allowed_vuids[t->allowed_vuid_count++] = graphics_only[i];
   }
   if (t->queue_family == UINT32_MAX) {
      test_fail(__FILE__, __LINE__, "no compute or graphics queue family");
      goto fail_messenger;
   }
   t->queue_count = req->queue_count ? req->queue_count : 1;
   if (t->queue_count > qf[t->queue_family].queueCount) {
      vkt_skip("needs %u queues, the family has %u", t->queue_count,
               qf[t->queue_family].queueCount);
      goto fail_messenger;
   }

   for (uint32_t i = 0;
        i < req->allowed_count && t->allowed_vuid_count < ARRAY_SIZE(t->allowed_vuids); i++) {
      const uint32_t n = t->allowed_vuid_count++;
      t->allowed_vuids[n] = req->allowed[i].vuid;
      t->allowed_contains[n] = req->allowed[i].contains;
      t->allowed_reasons[n] = req->allowed[i].reason ? req->allowed[i].reason
                                                     : "known to the test";
   }

   const float prio[VKT_MAX_QUEUES] = {1.0f, 1.0f, 1.0f, 1.0f};
   const VkDeviceQueueCreateInfo qci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
      .queueFamilyIndex = t->queue_family,
      .queueCount = t->queue_count,
      .pQueuePriorities = prio,
   };
   const VkDeviceCreateInfo dci = {
      .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
      .pNext = req->features,
      .queueCreateInfoCount = 1,
      .pQueueCreateInfos = &qci,
      .enabledExtensionCount = req->extension_count,
      .ppEnabledExtensionNames = req->extensions,
      .pEnabledFeatures = req->core_features,
   };
   r = vkCreateDevice(t->pdev, &dci, t->alloc, &t->dev);
   if (r != VK_SUCCESS) {
      test_fail(__FILE__, __LINE__, "vkCreateDevice: %s", vkt_result_str(r));
      goto fail_messenger;
   }
   for (uint32_t i = 0; i < t->queue_count; i++)
      vkGetDeviceQueue(t->dev, t->queue_family, i, &t->queues[i]);

   const VkCommandPoolCreateInfo pci = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
      .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT,
      .queueFamilyIndex = t->queue_family,
   };
   r = vkCreateCommandPool(t->dev, &pci, t->alloc, &t->pool);
   if (r != VK_SUCCESS) {
      test_fail(__FILE__, __LINE__, "vkCreateCommandPool: %s", vkt_result_str(r));
      vkDestroyDevice(t->dev, t->alloc);
      goto fail_messenger;
   }
   return true;

fail_messenger:
   if (t->messenger) {
      PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
         vkGetInstanceProcAddr(t->instance, "vkDestroyDebugUtilsMessengerEXT");
      destroy(t->instance, t->messenger, t->alloc);
   }
fail_instance:
   vkDestroyInstance(t->instance, t->alloc);
   /* Errors during a failed setup still count. */
   CHECK_EQ(t->validation_errors, 0);
   return false;
}

void
vkt_finish(struct vkt *t)
{
   if (t->dev) {
      vkDeviceWaitIdle(t->dev);
      vkDestroyCommandPool(t->dev, t->pool, t->alloc);
      vkDestroyDevice(t->dev, t->alloc);
   }
   PFN_vkDestroyDebugUtilsMessengerEXT destroy = (PFN_vkDestroyDebugUtilsMessengerEXT)
      vkGetInstanceProcAddr(t->instance, "vkDestroyDebugUtilsMessengerEXT");
   destroy(t->instance, t->messenger, t->alloc);
   vkDestroyInstance(t->instance, t->alloc);
   if (t->validation_errors)
      test_fail(__FILE__, __LINE__, "%u validation error(s)", t->validation_errors);
}

void
vkt_expect_validation_errors_begin(struct vkt *t)
{
   t->expecting_errors = true;
   t->expected_errors = 0;
}

unsigned
vkt_expect_validation_errors_end(struct vkt *t)
{
   t->expecting_errors = false;
   return t->expected_errors;
}

PFN_vkVoidFunction
vkt_device_proc(struct vkt *t, const char *name)
{
   PFN_vkVoidFunction f = vkGetDeviceProcAddr(t->dev, name);
   if (!f)
      test_fail(__FILE__, __LINE__, "vkGetDeviceProcAddr(%s) is NULL", name);
   return f;
}

uint32_t
vkt_memory_type(const struct vkt *t, uint32_t type_bits, VkMemoryPropertyFlags flags)
{
   for (uint32_t i = 0; i < t->mem_props.memoryTypeCount; i++) {
      if ((type_bits & (1u << i)) &&
          (t->mem_props.memoryTypes[i].propertyFlags & flags) == flags)
         return i;
   }
   return UINT32_MAX;
}

bool
vkt_buffer_create(struct vkt *t, VkDeviceSize size, VkBufferUsageFlags usage,
                  struct vkt_buffer *b)
{
   memset(b, 0, sizeof(*b));
   b->size = size;
   const VkBufferCreateInfo bci = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
      .size = size,
      .usage = usage,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
   };
   if (!VKT_CHECK(vkCreateBuffer(t->dev, &bci, t->alloc, &b->buffer)))
      return false;
   VkMemoryRequirements mr;
   vkGetBufferMemoryRequirements(t->dev, b->buffer, &mr);
   CHECK(mr.size >= size);
   const uint32_t type = vkt_memory_type(t, mr.memoryTypeBits,
                                         VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                            VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
   if (!CHECK(type != UINT32_MAX))
      goto fail_buffer;
   /* Buffers whose address shaders use need memory allocated for it
    * (VUID-vkBindBufferMemory-bufferDeviceAddress-03339). */
   const VkMemoryAllocateFlagsInfo flags = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO,
      .flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT,
   };
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .pNext = (usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT) ? &flags : NULL,
      .allocationSize = mr.size,
      .memoryTypeIndex = type,
   };
   if (!VKT_CHECK(vkAllocateMemory(t->dev, &mai, t->alloc, &b->memory)))
      goto fail_buffer;
   if (!VKT_CHECK(vkBindBufferMemory(t->dev, b->buffer, b->memory, 0)))
      goto fail_memory;
   void *map;
   if (!VKT_CHECK(vkMapMemory(t->dev, b->memory, 0, VK_WHOLE_SIZE, 0, &map)))
      goto fail_memory;
   b->map = map;
   return true;

fail_memory:
   vkFreeMemory(t->dev, b->memory, t->alloc);
fail_buffer:
   vkDestroyBuffer(t->dev, b->buffer, t->alloc);
   memset(b, 0, sizeof(*b));
   return false;
}

void
vkt_buffer_destroy(struct vkt *t, struct vkt_buffer *b)
{
   if (b->buffer)
      vkDestroyBuffer(t->dev, b->buffer, t->alloc);
   if (b->memory)
      vkFreeMemory(t->dev, b->memory, t->alloc);
   memset(b, 0, sizeof(*b));
}

VkCommandBuffer
vkt_cmd_begin(struct vkt *t)
{
   const VkCommandBufferAllocateInfo ai = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
      .commandPool = t->pool,
      .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
      .commandBufferCount = 1,
   };
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!VKT_CHECK(vkAllocateCommandBuffers(t->dev, &ai, &cmd)))
      return VK_NULL_HANDLE;
   const VkCommandBufferBeginInfo bi = {
      .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
      .flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT,
   };
   VKT_CHECK(vkBeginCommandBuffer(cmd, &bi));
   return cmd;
}

bool
vkt_cmd_submit_wait(struct vkt *t, VkCommandBuffer cmd)
{
   bool ok = VKT_CHECK(vkEndCommandBuffer(cmd));
   const VkFenceCreateInfo fci = {.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence;
   ok = ok && VKT_CHECK(vkCreateFence(t->dev, &fci, t->alloc, &fence));
   if (ok) {
      const VkSubmitInfo si = {
         .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO,
         .commandBufferCount = 1,
         .pCommandBuffers = &cmd,
      };
      ok = VKT_CHECK(vkQueueSubmit(t->queues[0], 1, &si, fence)) &&
           VKT_CHECK(vkWaitForFences(t->dev, 1, &fence, VK_TRUE, 10ull * 1000000000ull));
      vkDestroyFence(t->dev, fence, t->alloc);
   }
   vkFreeCommandBuffers(t->dev, t->pool, 1, &cmd);
   return ok;
}

void
vkt_cmd_barrier(VkCommandBuffer cmd)
{
   const VkMemoryBarrier mb = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_WRITE_BIT |
                       VK_ACCESS_MEMORY_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT |
                       VK_ACCESS_HOST_READ_BIT | VK_ACCESS_MEMORY_READ_BIT |
                       VK_ACCESS_MEMORY_WRITE_BIT,
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
}

void
vkt_fill_pattern(void *dst, size_t size_B, uint32_t seed)
{
   uint8_t *p = dst;
   uint32_t x = seed * 2654435761u + 1;
   for (size_t i = 0; i < size_B; i++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      p[i] = (uint8_t)x;
   }
}

/* ---------------------------------------------------------------------- */
/* Images */

VkImageCreateInfo
vkt_image_info(VkImageType type, VkFormat format, VkImageTiling tiling, uint32_t w, uint32_t h,
               uint32_t d, uint32_t levels, uint32_t layers)
{
   return (VkImageCreateInfo){
      .sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
      .imageType = type,
      .format = format,
      .extent = {w, h, d},
      .mipLevels = levels,
      .arrayLayers = layers,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .tiling = tiling,
      .usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
      .sharingMode = VK_SHARING_MODE_EXCLUSIVE,
      .initialLayout = tiling == VK_IMAGE_TILING_LINEAR ? VK_IMAGE_LAYOUT_PREINITIALIZED
                                                        : VK_IMAGE_LAYOUT_UNDEFINED,
   };
}

bool
vkt_format_has(struct vkt *t, VkFormat format, VkImageTiling tiling,
               VkFormatFeatureFlags features)
{
   VkFormatProperties p;
   vkGetPhysicalDeviceFormatProperties(t->pdev, format, &p);
   const VkFormatFeatureFlags f =
      tiling == VK_IMAGE_TILING_LINEAR ? p.linearTilingFeatures : p.optimalTilingFeatures;
   return (f & features) == features;
}

VkImageAspectFlags
vkt_format_aspects(VkFormat format)
{
   switch (format) {
   case VK_FORMAT_D16_UNORM:
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D32_SFLOAT:
      return VK_IMAGE_ASPECT_DEPTH_BIT;
   case VK_FORMAT_S8_UINT:
      return VK_IMAGE_ASPECT_STENCIL_BIT;
   case VK_FORMAT_D16_UNORM_S8_UINT:
   case VK_FORMAT_D24_UNORM_S8_UINT:
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
   default:
      return VK_IMAGE_ASPECT_COLOR_BIT;
   }
}

uint32_t
vkt_format_texel_size(VkFormat f)
{
   /* The core formats in VkFormat order (Vulkan 1.3, 43.1). */
   if (f == VK_FORMAT_R4G4_UNORM_PACK8)
      return 1;
   if (f >= VK_FORMAT_R4G4B4A4_UNORM_PACK16 && f <= VK_FORMAT_A1R5G5B5_UNORM_PACK16)
      return 2;
   if (f == VK_FORMAT_A4R4G4B4_UNORM_PACK16 || f == VK_FORMAT_A4B4G4R4_UNORM_PACK16)
      return 2;
   if (f >= VK_FORMAT_R8_UNORM && f <= VK_FORMAT_R8_SRGB)
      return 1;
   if (f >= VK_FORMAT_R8G8_UNORM && f <= VK_FORMAT_R8G8_SRGB)
      return 2;
   if (f >= VK_FORMAT_R8G8B8_UNORM && f <= VK_FORMAT_B8G8R8_SRGB)
      return 3;
   if (f >= VK_FORMAT_R8G8B8A8_UNORM && f <= VK_FORMAT_A2B10G10R10_SINT_PACK32)
      return 4;
   if (f >= VK_FORMAT_R16_UNORM && f <= VK_FORMAT_R16_SFLOAT)
      return 2;
   if (f >= VK_FORMAT_R16G16_UNORM && f <= VK_FORMAT_R16G16_SFLOAT)
      return 4;
   if (f >= VK_FORMAT_R16G16B16_UNORM && f <= VK_FORMAT_R16G16B16_SFLOAT)
      return 6;
   if (f >= VK_FORMAT_R16G16B16A16_UNORM && f <= VK_FORMAT_R16G16B16A16_SFLOAT)
      return 8;
   if (f >= VK_FORMAT_R32_UINT && f <= VK_FORMAT_R32_SFLOAT)
      return 4;
   if (f >= VK_FORMAT_R32G32_UINT && f <= VK_FORMAT_R32G32_SFLOAT)
      return 8;
   if (f >= VK_FORMAT_R32G32B32_UINT && f <= VK_FORMAT_R32G32B32_SFLOAT)
      return 12;
   if (f >= VK_FORMAT_R32G32B32A32_UINT && f <= VK_FORMAT_R32G32B32A32_SFLOAT)
      return 16;
   if (f >= VK_FORMAT_R64_UINT && f <= VK_FORMAT_R64_SFLOAT)
      return 8;
   if (f >= VK_FORMAT_R64G64_UINT && f <= VK_FORMAT_R64G64_SFLOAT)
      return 16;
   if (f >= VK_FORMAT_R64G64B64_UINT && f <= VK_FORMAT_R64G64B64_SFLOAT)
      return 24;
   if (f >= VK_FORMAT_R64G64B64A64_UINT && f <= VK_FORMAT_R64G64B64A64_SFLOAT)
      return 32;
   if (f == VK_FORMAT_B10G11R11_UFLOAT_PACK32 || f == VK_FORMAT_E5B9G9R9_UFLOAT_PACK32)
      return 4;
   switch (f) {
   case VK_FORMAT_D16_UNORM:
      return 2;
   case VK_FORMAT_X8_D24_UNORM_PACK32:
   case VK_FORMAT_D32_SFLOAT:
   case VK_FORMAT_D24_UNORM_S8_UINT:
      return 4;
   case VK_FORMAT_S8_UINT:
      return 1;
   case VK_FORMAT_D16_UNORM_S8_UINT:
      return 3;
   case VK_FORMAT_D32_SFLOAT_S8_UINT:
      return 8;
   default:
      return 0;
   }
}

uint32_t
vkt_aspect_texel_size(VkFormat format, VkImageAspectFlags aspect)
{
   if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
      return 1;
   if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
      /* Vulkan 1.3, 20.4.4: depth copies as D16, D24 in 32 bits, or D32. */
      return format == VK_FORMAT_D16_UNORM || format == VK_FORMAT_D16_UNORM_S8_UINT ? 2 : 4;
   }
   return vkt_format_texel_size(format);
}

bool
vkt_image_create(struct vkt *t, const VkImageCreateInfo *ci, struct vkt_image *img)
{
   memset(img, 0, sizeof(*img));
   VkImageFormatProperties ifp;
   if (vkGetPhysicalDeviceImageFormatProperties(t->pdev, ci->format, ci->imageType, ci->tiling,
                                                ci->usage, ci->flags,
                                                &ifp) != VK_SUCCESS ||
       ci->mipLevels > ifp.maxMipLevels || ci->arrayLayers > ifp.maxArrayLayers)
      return vkt_skip("%s cannot make format %d type %d tiling %d image", t->props.deviceName,
                      ci->format, ci->imageType, ci->tiling);
   img->info = *ci;
   img->aspects = vkt_format_aspects(ci->format);
   if (!VKT_CHECK(vkCreateImage(t->dev, ci, t->alloc, &img->image)))
      return false;
   VkMemoryRequirements mr;
   vkGetImageMemoryRequirements(t->dev, img->image, &mr);
   uint32_t type = vkt_memory_type(t, mr.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
   if (type == UINT32_MAX)
      type = vkt_memory_type(t, mr.memoryTypeBits, 0);
   const VkMemoryAllocateInfo mai = {
      .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO,
      .allocationSize = mr.size,
      .memoryTypeIndex = type,
   };
   if (!CHECK(mr.size > 0 && type != UINT32_MAX) ||
       !VKT_CHECK(vkAllocateMemory(t->dev, &mai, t->alloc, &img->memory)) ||
       !VKT_CHECK(vkBindImageMemory(t->dev, img->image, img->memory, 0))) {
      vkt_image_destroy(t, img);
      return false;
   }
   return true;
}

void
vkt_image_destroy(struct vkt *t, struct vkt_image *img)
{
   if (img->image)
      vkDestroyImage(t->dev, img->image, t->alloc);
   if (img->memory)
      vkFreeMemory(t->dev, img->memory, t->alloc);
   memset(img, 0, sizeof(*img));
}

void
vkt_cmd_transition(VkCommandBuffer cmd, const struct vkt_image *img, VkImageLayout from,
                   VkImageLayout to)
{
   const VkImageMemoryBarrier b = {
      .sType = VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER,
      .srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT | VK_ACCESS_HOST_WRITE_BIT,
      .dstAccessMask = VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT,
      .oldLayout = from,
      .newLayout = to,
      .srcQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED,
      .image = img->image,
      .subresourceRange = {img->aspects, 0, VK_REMAINING_MIP_LEVELS, 0,
                           VK_REMAINING_ARRAY_LAYERS},
   };
   vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_HOST_BIT,
                        VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, 0, 0, NULL, 0, NULL, 1, &b);
}

bool
vkt_image_to_general(struct vkt *t, const struct vkt_image *img, VkImageLayout from)
{
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   if (!cmd)
      return false;
   vkt_cmd_transition(cmd, img, from, VK_IMAGE_LAYOUT_GENERAL);
   return vkt_cmd_submit_wait(t, cmd);
}

static bool
image_buffer_io(struct vkt *t, const struct vkt_image *img, VkImageAspectFlags aspect,
                uint32_t level, uint32_t layer, VkOffset3D offset, VkExtent3D extent,
                void *data, bool write)
{
   const uint64_t size = (uint64_t)extent.width * extent.height * extent.depth *
                         vkt_aspect_texel_size(img->info.format, aspect);
   struct vkt_buffer b;
   if (!CHECK(size > 0) ||
       !vkt_buffer_create(t, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, &b))
      return false;
   if (write)
      memcpy(b.map, data, size);
   VkCommandBuffer cmd = vkt_cmd_begin(t);
   const VkBufferImageCopy r = {
      .imageSubresource = {aspect, level, layer, 1},
      .imageOffset = offset,
      .imageExtent = extent,
   };
   vkt_cmd_barrier(cmd);
   if (write)
      vkCmdCopyBufferToImage(cmd, b.buffer, img->image, VK_IMAGE_LAYOUT_GENERAL, 1, &r);
   else
      vkCmdCopyImageToBuffer(cmd, img->image, VK_IMAGE_LAYOUT_GENERAL, b.buffer, 1, &r);
   vkt_cmd_barrier(cmd);
   const bool ok = vkt_cmd_submit_wait(t, cmd);
   if (ok && !write)
      memcpy(data, b.map, size);
   vkt_buffer_destroy(t, &b);
   return ok;
}

bool
vkt_read_image(struct vkt *t, const struct vkt_image *img, VkImageAspectFlags aspect,
               uint32_t level, uint32_t layer, VkOffset3D offset, VkExtent3D extent, void *out)
{
   return image_buffer_io(t, img, aspect, level, layer, offset, extent, out, false);
}

bool
vkt_write_image(struct vkt *t, const struct vkt_image *img, VkImageAspectFlags aspect,
                uint32_t level, uint32_t layer, VkOffset3D offset, VkExtent3D extent,
                const void *data)
{
   return image_buffer_io(t, img, aspect, level, layer, offset, extent, (void *)data, true);
}
