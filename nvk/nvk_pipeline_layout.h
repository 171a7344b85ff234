/* SPDX-License-Identifier: MIT */
#ifndef NVK_PIPELINE_LAYOUT_H
#define NVK_PIPELINE_LAYOUT_H

#include "nvk_private.h"
#include "vk_object.h"

struct nvk_descriptor_set_layout;

struct nvk_pipeline_layout {
   struct vk_object_base base;
   uint32_t set_count;
   /* Referenced; NULL for holes (VK_NULL_HANDLE is not allowed in 1.0, but
    * we never dereference an unused set). */
   struct nvk_descriptor_set_layout *set_layouts[NVK_MAX_SETS];
   /* Where each set's dynamic buffers start in the executor's resolved
    * dynamic list (nvk_descriptor_types.h). */
   uint32_t dynamic_start[NVK_MAX_SETS];
   uint32_t dynamic_count;
   uint32_t push_constant_size_B;
   VkShaderStageFlags push_constant_stages;
};

VK_DEFINE_NONDISP_HANDLE_CASTS(nvk_pipeline_layout, base, VkPipelineLayout,
                               VK_OBJECT_TYPE_PIPELINE_LAYOUT)

#endif /* NVK_PIPELINE_LAYOUT_H */
