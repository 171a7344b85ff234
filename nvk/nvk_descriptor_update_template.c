/* SPDX-License-Identifier: MIT */
#include "nvk_descriptor_update_template.h"

#include "nvk_descriptor_set.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_device.h"
#include "nvk_pipeline_layout.h"
#include "vk_alloc.h"
#include "vk_log.h"

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateDescriptorUpdateTemplate(VkDevice _device,
                                   const VkDescriptorUpdateTemplateCreateInfo *pCreateInfo,
                                   const VkAllocationCallbacks *pAllocator,
                                   VkDescriptorUpdateTemplate *pDescriptorUpdateTemplate)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   struct nvk_descriptor_set_layout *layout;
   /* Push descriptor templates name the set through the pipeline layout;
    * set templates name the set layout directly (Vulkan 1.3, 14.2.6). */
   if (pCreateInfo->templateType == VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_PUSH_DESCRIPTORS_KHR) {
      VK_FROM_HANDLE(nvk_pipeline_layout, pl, pCreateInfo->pipelineLayout);
      layout = pCreateInfo->set < pl->set_count ? pl->set_layouts[pCreateInfo->set] : NULL;
   } else {
      layout = nvk_descriptor_set_layout_from_handle(pCreateInfo->descriptorSetLayout);
   }
   if (!layout)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "template without a set layout");

   const size_t size_B = sizeof(struct nvk_descriptor_update_template) +
                         pCreateInfo->descriptorUpdateEntryCount *
                            sizeof(VkDescriptorUpdateTemplateEntry);
   struct nvk_descriptor_update_template *tmpl = vk_object_zalloc(
      &dev->vk, pAllocator, size_B, VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE);
   if (!tmpl)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   tmpl->type = pCreateInfo->templateType;
   tmpl->bind_point = pCreateInfo->pipelineBindPoint;
   tmpl->set = pCreateInfo->set;
   tmpl->layout = nvk_descriptor_set_layout_ref(layout);
   tmpl->entry_count = pCreateInfo->descriptorUpdateEntryCount;
   for (uint32_t i = 0; i < tmpl->entry_count; i++)
      tmpl->entries[i] = pCreateInfo->pDescriptorUpdateEntries[i];
   *pDescriptorUpdateTemplate = nvk_descriptor_update_template_to_handle(tmpl);
   return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL
nvk_DestroyDescriptorUpdateTemplate(VkDevice _device,
                                    VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                    const VkAllocationCallbacks *pAllocator)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_descriptor_update_template, tmpl, descriptorUpdateTemplate);
   if (!tmpl)
      return;
   nvk_descriptor_set_layout_unref(tmpl->layout);
   vk_object_free(&dev->vk, pAllocator, tmpl);
}

void
nvk_descriptor_update_template_apply(const struct nvk_descriptor_update_template *tmpl,
                                     uint8_t *set_mem, struct nvk_buffer_address *dynamic,
                                     const void *data)
{
   /* Each entry is a VkWriteDescriptorSet whose infos sit at offset + i *
    * stride in `data`; the write helper does the consecutive-binding
    * rollover, one descriptor at a time. */
   for (uint32_t e = 0; e < tmpl->entry_count; e++) {
      const VkDescriptorUpdateTemplateEntry *entry = &tmpl->entries[e];
      if (entry->descriptorType == VK_DESCRIPTOR_TYPE_INLINE_UNIFORM_BLOCK) {
         /* Vulkan 1.3, VkDescriptorUpdateTemplateEntry: for inline uniform
          * blocks descriptorCount is a byte count, offset the bytes' start
          * in pData, stride ignored. */
         nvk_descriptor_set_write_inline(tmpl->layout, set_mem, entry->dstBinding,
                                         entry->dstArrayElement, entry->descriptorCount,
                                         (const char *)data + entry->offset);
         continue;
      }
      for (uint32_t i = 0; i < entry->descriptorCount; i++) {
         const void *info = (const char *)data + entry->offset + i * entry->stride;
         const VkWriteDescriptorSet w = {
            .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
            .dstBinding = entry->dstBinding,
            .dstArrayElement = entry->dstArrayElement + i,
            .descriptorCount = 1,
            .descriptorType = entry->descriptorType,
            .pImageInfo = info,
            .pBufferInfo = info,
            .pTexelBufferView = info,
         };
         nvk_descriptor_set_write(tmpl->layout, set_mem, dynamic, &w);
      }
   }
}

VKAPI_ATTR void VKAPI_CALL
nvk_UpdateDescriptorSetWithTemplate(VkDevice device, VkDescriptorSet descriptorSet,
                                    VkDescriptorUpdateTemplate descriptorUpdateTemplate,
                                    const void *pData)
{
   VK_FROM_HANDLE(nvk_descriptor_set, set, descriptorSet);
   VK_FROM_HANDLE(nvk_descriptor_update_template, tmpl, descriptorUpdateTemplate);
   nvk_descriptor_update_template_apply(tmpl, set->mem, set->dynamic, pData);
}
