/* SPDX-License-Identifier: MIT */
/*
 * The buffer device address commands (Vulkan 1.2 core, bufferDeviceAddress
 * required by 1.3). Every buffer already has a GPU virtual address
 * (nvk_buffer_address: what descriptors hold), so the address is that one;
 * shaders reach it through PhysicalStorageBuffer pointers, which kx
 * translates like any buffer access (docs/shaders.md "Buffer device
 * addresses"; conformance/vulkan/vk_bda_test.c).
 */
#include "nvk_buffer.h"
#include "nvk_device.h"
#include "nvk_private.h"

VKAPI_ATTR VkDeviceAddress VKAPI_CALL
nvk_GetBufferDeviceAddress(VkDevice device, const VkBufferDeviceAddressInfo *pInfo)
{
   VK_FROM_HANDLE(nvk_buffer, buffer, pInfo->buffer);
   return nvk_buffer_address(buffer, 0);
}

/* No capture/replay (bufferDeviceAddressCaptureReplay is off): "0 [...]
 * if the buffer was not created with an opaque capture address" has
 * nothing to replay. */
VKAPI_ATTR uint64_t VKAPI_CALL
nvk_GetBufferOpaqueCaptureAddress(VkDevice device, const VkBufferDeviceAddressInfo *pInfo)
{
   return 0;
}

VKAPI_ATTR uint64_t VKAPI_CALL
nvk_GetDeviceMemoryOpaqueCaptureAddress(VkDevice device,
                                        const VkDeviceMemoryOpaqueCaptureAddressInfo *pInfo)
{
   return 0;
}
