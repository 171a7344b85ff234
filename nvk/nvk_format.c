/* SPDX-License-Identifier: MIT */
#include "nvk_format.h"

VkFormatProperties3
nvk_get_format_properties(const struct nvk_physical_device *pdev, VkFormat format)
{
   /* Images arrive with the layout library; until then no format supports
    * anything (buffers need no format). */
   return (VkFormatProperties3){.sType = VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_3};
}
