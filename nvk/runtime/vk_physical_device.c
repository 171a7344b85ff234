/* SPDX-License-Identifier: MIT */
#include "vk_physical_device.h"

#include <string.h>

#include "vk_entrypoints.h"
#include "vk_instance.h"
#include "vk_util.h"

void
vk_physical_device_init(struct vk_physical_device *pdev, struct vk_instance *instance)
{
   vk_object_base_instance_init(instance, &pdev->base, VK_OBJECT_TYPE_PHYSICAL_DEVICE);
   pdev->instance = instance;
   list_inithead(&pdev->link);
}

void
vk_physical_device_finish(struct vk_physical_device *pdev)
{
   vk_object_base_finish(&pdev->base);
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_EnumerateDeviceExtensionProperties(VkPhysicalDevice physicalDevice,
                                             const char *pLayerName,
                                             uint32_t *pPropertyCount,
                                             VkExtensionProperties *pProperties)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   if (pLayerName) {
      *pPropertyCount = 0;
      return VK_ERROR_LAYER_NOT_PRESENT;
   }
   VK_OUTARRAY_MAKE_TYPED(VkExtensionProperties, out, pProperties, pPropertyCount);
   for (unsigned i = 0; i < VK_DEVICE_EXTENSION_COUNT; i++) {
      if (!pdev->supported_extensions.extensions[i])
         continue;
      vk_outarray_append_typed(VkExtensionProperties, &out, p) *p = vk_device_extensions[i];
   }
   return vk_outarray_status(&out);
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_EnumerateDeviceLayerProperties(VkPhysicalDevice physicalDevice,
                                         uint32_t *pPropertyCount,
                                         VkLayerProperties *pProperties)
{
   *pPropertyCount = 0;
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceFeatures(VkPhysicalDevice physicalDevice,
                                    VkPhysicalDeviceFeatures *pFeatures)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   vk_features_fill_core(&pdev->supported_features, pFeatures);
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceFeatures2(VkPhysicalDevice physicalDevice,
                                     VkPhysicalDeviceFeatures2 *pFeatures)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   vk_features_fill_chain(&pdev->supported_features, pFeatures);
}

#define PDEV_DISPATCH(pdev) (&(pdev)->instance->physical_device_dispatch_table)

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceProperties(VkPhysicalDevice physicalDevice,
                                      VkPhysicalDeviceProperties *pProperties)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   VkPhysicalDeviceProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
   PDEV_DISPATCH(pdev)->GetPhysicalDeviceProperties2(physicalDevice, &p2);
   *pProperties = p2.properties;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice physicalDevice,
                                                 uint32_t *pCount,
                                                 VkQueueFamilyProperties *pProps)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   if (!pProps) {
      PDEV_DISPATCH(pdev)->GetPhysicalDeviceQueueFamilyProperties2(physicalDevice, pCount,
                                                                   NULL);
      return;
   }
   VkQueueFamilyProperties2 p2[8];
   uint32_t n = MIN2(*pCount, ARRAY_SIZE(p2));
   for (uint32_t i = 0; i < n; i++)
      p2[i] = (VkQueueFamilyProperties2){.sType = VK_STRUCTURE_TYPE_QUEUE_FAMILY_PROPERTIES_2};
   PDEV_DISPATCH(pdev)->GetPhysicalDeviceQueueFamilyProperties2(physicalDevice, &n, p2);
   for (uint32_t i = 0; i < n; i++)
      pProps[i] = p2[i].queueFamilyProperties;
   *pCount = n;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice physicalDevice,
                                            VkPhysicalDeviceMemoryProperties *pProps)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   VkPhysicalDeviceMemoryProperties2 p2 = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MEMORY_PROPERTIES_2};
   PDEV_DISPATCH(pdev)->GetPhysicalDeviceMemoryProperties2(physicalDevice, &p2);
   *pProps = p2.memoryProperties;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
                                            VkFormatProperties *pProps)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   VkFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2};
   PDEV_DISPATCH(pdev)->GetPhysicalDeviceFormatProperties2(physicalDevice, format, &p2);
   *pProps = p2.formatProperties;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice physicalDevice,
                                                 VkFormat format, VkImageType type,
                                                 VkImageTiling tiling, VkImageUsageFlags usage,
                                                 VkImageCreateFlags flags,
                                                 VkImageFormatProperties *pProps)
{
   VK_FROM_HANDLE(vk_physical_device, pdev, physicalDevice);
   const VkPhysicalDeviceImageFormatInfo2 info = {
      .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_IMAGE_FORMAT_INFO_2,
      .format = format,
      .type = type,
      .tiling = tiling,
      .usage = usage,
      .flags = flags,
   };
   VkImageFormatProperties2 p2 = {.sType = VK_STRUCTURE_TYPE_IMAGE_FORMAT_PROPERTIES_2};
   VkResult result =
      PDEV_DISPATCH(pdev)->GetPhysicalDeviceImageFormatProperties2(physicalDevice, &info, &p2);
   *pProps = p2.imageFormatProperties;
   return result;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceSparseImageFormatProperties(
   VkPhysicalDevice physicalDevice, VkFormat format, VkImageType type,
   VkSampleCountFlagBits samples, VkImageUsageFlags usage, VkImageTiling tiling,
   uint32_t *pPropertyCount, VkSparseImageFormatProperties *pProperties)
{
   /* No sparse residency. */
   *pPropertyCount = 0;
}

VKAPI_ATTR void VKAPI_CALL
vk_common_GetPhysicalDeviceSparseImageFormatProperties2(
   VkPhysicalDevice physicalDevice, const VkPhysicalDeviceSparseImageFormatInfo2 *pFormatInfo,
   uint32_t *pPropertyCount, VkSparseImageFormatProperties2 *pProperties)
{
   *pPropertyCount = 0;
}

VKAPI_ATTR VkResult VKAPI_CALL
vk_common_GetPhysicalDeviceToolProperties(VkPhysicalDevice physicalDevice, uint32_t *pToolCount,
                                          VkPhysicalDeviceToolProperties *pToolProperties)
{
   /* The driver is no tool; layers add themselves on the way down. */
   *pToolCount = 0;
   return VK_SUCCESS;
}
