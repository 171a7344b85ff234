/* SPDX-License-Identifier: MIT */
/*
 * VK_KHR_device_group(_creation) for one-device groups, which is all
 * kiln has (vkEnumeratePhysicalDeviceGroups in the runtime): device masks
 * are always 1, peer memory is the device's own. What the extension brings
 * a one-device group is vkCmdDispatchBase (nvk_cmd_dispatch.c) on a
 * Vulkan 1.0 device. The structs it adds (VkDeviceGroupSubmitInfo,
 * VkDeviceGroupCommandBufferBeginInfo, VkMemoryAllocateFlagsInfo device
 * masks, VkBind*MemoryDeviceGroupInfo device indices,
 * VkDeviceGroupDeviceCreateInfo) can only name device 0 and are ignored.
 */
#include "nvk_cmd_buffer.h"
#include "nvk_device.h"

VKAPI_ATTR void VKAPI_CALL
nvk_GetDeviceGroupPeerMemoryFeatures(VkDevice device, uint32_t heapIndex,
                                     uint32_t localDeviceIndex, uint32_t remoteDeviceIndex,
                                     VkPeerMemoryFeatureFlags *pPeerMemoryFeatures)
{
   /* Valid use needs two different devices, which a one-device group does
    * not have; answer what device 0 can do with its own memory. */
   *pPeerMemoryFeatures =
      VK_PEER_MEMORY_FEATURE_COPY_SRC_BIT | VK_PEER_MEMORY_FEATURE_COPY_DST_BIT |
      VK_PEER_MEMORY_FEATURE_GENERIC_SRC_BIT | VK_PEER_MEMORY_FEATURE_GENERIC_DST_BIT;
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdSetDeviceMask(VkCommandBuffer commandBuffer, uint32_t deviceMask)
{
   /* The only valid mask is 1: nothing to record. */
}
