/* SPDX-License-Identifier: MIT */
#include "nvk_shader_module.h"

#include <string.h>

#include "nvk_device.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateShaderModule(VkDevice _device, const VkShaderModuleCreateInfo *pCreateInfo,
                       const VkAllocationCallbacks *pAllocator, VkShaderModule *pShaderModule)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_shader_module *module = vk_object_zalloc(
      &dev->vk, pAllocator, sizeof(*module) + pCreateInfo->codeSize, VK_OBJECT_TYPE_SHADER_MODULE);
   if (!module)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   module->size_B = pCreateInfo->codeSize;
   memcpy(module->code, pCreateInfo->pCode, pCreateInfo->codeSize);
   sha256(module->code, module->size_B, module->sha256);
   *pShaderModule = nvk_shader_module_to_handle(module);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyShaderModule(VkDevice _device, VkShaderModule shaderModule,
                        const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_shader_module, module, shaderModule);
   vk_object_free(&dev->vk, pAllocator, module);
}
