/* SPDX-License-Identifier: MIT */
/*
 * The screen: the instance through the Khronos loader (with validation on
 * request), the physical device it picks (KILN_ZINK_DEVICE), the logical
 * device (zkv_device.c) and the caches shared by its contexts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

/* KILN_ZINK_DEVICE's choice, or the first device that can carry zkv. */
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
         *message = zkv_device_unsuitable(devs[i]);
         return *message ? VK_NULL_HANDLE : devs[i];
      }
      *message = "KILN_ZINK_DEVICE names no device the loader found";
      return VK_NULL_HANDLE;
   }
   for (uint32_t i = 0; i < n; i++) {
      *message = zkv_device_unsuitable(devs[i]);
      if (!*message)
         return devs[i];
   }
   return VK_NULL_HANDLE;
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
   r = zkv_device_create(s, message);
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
