/* SPDX-License-Identifier: MIT */
#ifndef NVK_DESCRIPTOR_UPDATE_TEMPLATE_H
#define NVK_DESCRIPTOR_UPDATE_TEMPLATE_H

#include "vk_object.h"

struct nvk_descriptor_set_layout;

struct nvk_descriptor_update_template {
   struct vk_object_base base;
   VkDescriptorUpdateTemplateType type;
   VkPipelineBindPoint bind_point; /* push descriptor templates */
   uint32_t set;                   /* push descriptor templates */
   struct nvk_descriptor_set_layout *layout; /* referenced */
   uint32_t entry_count;
   VkDescriptorUpdateTemplateEntry entries[];
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_descriptor_update_template, base, VkDescriptorUpdateTemplate,
                               VK_OBJECT_TYPE_DESCRIPTOR_UPDATE_TEMPLATE)

/* Applies the template's entries, reading from `data`, to set memory laid
 * out by template->layout. */
struct nvk_buffer_address;
void nvk_descriptor_update_template_apply(const struct nvk_descriptor_update_template *tmpl,
                                          uint8_t *set_mem, struct nvk_buffer_address *dynamic,
                                          const void *data);

#endif /* NVK_DESCRIPTOR_UPDATE_TEMPLATE_H */
