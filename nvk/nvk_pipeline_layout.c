/* SPDX-License-Identifier: MIT */
#include "nvk_pipeline_layout.h"

#include "nvk_descriptor_set_layout.h"
#include "nvk_device.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreatePipelineLayout(VkDevice _device, const VkPipelineLayoutCreateInfo *pCreateInfo,
                         const VkAllocationCallbacks *pAllocator,
                         VkPipelineLayout *pPipelineLayout)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   if (pCreateInfo->setLayoutCount > NVK_MAX_SETS)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "%u sets (max %u)", pCreateInfo->setLayoutCount,
                       NVK_MAX_SETS);
   struct nvk_pipeline_layout *layout =
      vk_object_zalloc(&dev->vk, pAllocator, sizeof(*layout), VK_OBJECT_TYPE_PIPELINE_LAYOUT);
   if (!layout)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   layout->set_count = pCreateInfo->setLayoutCount;
   for (uint32_t s = 0; s < layout->set_count; s++) {
      VK_FROM_HANDLE(nvk_descriptor_set_layout, sl, pCreateInfo->pSetLayouts[s]);
      layout->dynamic_start[s] = layout->dynamic_count;
      if (!sl)
         continue;
      layout->set_layouts[s] = nvk_descriptor_set_layout_ref(sl);
      layout->dynamic_count += sl->dynamic_buffer_count;
   }
   for (uint32_t i = 0; i < pCreateInfo->pushConstantRangeCount; i++) {
      const VkPushConstantRange *r = &pCreateInfo->pPushConstantRanges[i];
      layout->push_constant_size_B = MAX2(layout->push_constant_size_B, r->offset + r->size);
      layout->push_constant_stages |= r->stageFlags;
   }
   *pPipelineLayout = nvk_pipeline_layout_to_handle(layout);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyPipelineLayout(VkDevice _device, VkPipelineLayout pipelineLayout,
                          const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline_layout, layout, pipelineLayout);
   if (!layout)
      return;
   for (uint32_t s = 0; s < layout->set_count; s++) {
      if (layout->set_layouts[s])
         nvk_descriptor_set_layout_unref(layout->set_layouts[s]);
   }
   vk_object_free(&dev->vk, pAllocator, layout);
}
