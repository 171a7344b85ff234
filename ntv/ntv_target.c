/* SPDX-License-Identifier: MIT */
#include "ntv/ntv_target.h"

#include <string.h>

#include "util/macros.h"

static const struct {
   const char *name;
   uint32_t spirv_version;
} targets[NTV_TARGET_COUNT] = {
   [NTV_TARGET_VULKAN_1_0] = {"vulkan1.0", 0x00010000},
   [NTV_TARGET_VULKAN_1_1] = {"vulkan1.1", 0x00010300},
   [NTV_TARGET_VULKAN_1_2] = {"vulkan1.2", 0x00010500},
   [NTV_TARGET_VULKAN_1_3] = {"vulkan1.3", 0x00010600},
};

uint32_t
ntv_target_spirv_version(enum ntv_target target)
{
   return target < NTV_TARGET_COUNT ? targets[target].spirv_version : 0x00010000;
}

const char *
ntv_target_name(enum ntv_target target)
{
   return target < NTV_TARGET_COUNT ? targets[target].name : "unknown";
}

bool
ntv_target_parse(const char *name, enum ntv_target *target)
{
   for (unsigned i = 0; i < ARRAY_SIZE(targets); i++) {
      if (strcmp(name, targets[i].name) == 0) {
         *target = (enum ntv_target)i;
         return true;
      }
   }
   return false;
}
