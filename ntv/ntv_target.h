/* SPDX-License-Identifier: MIT */
/*
 * The Vulkan environments ntv writes SPIR-V for, and the SPIR-V version each
 * allows at most (Vulkan 1.3 appendix A "Vulkan Environment for SPIR-V":
 * 1.0 for Vulkan 1.0, up to 1.3 for Vulkan 1.1, 1.5 for 1.2, 1.6 for 1.3).
 */
#ifndef NTV_TARGET_H
#define NTV_TARGET_H

#include <stdbool.h>
#include <stdint.h>

enum ntv_target {
   NTV_TARGET_VULKAN_1_0,
   NTV_TARGET_VULKAN_1_1,
   NTV_TARGET_VULKAN_1_2,
   NTV_TARGET_VULKAN_1_3,
   NTV_TARGET_COUNT,
};

/* The newest SPIR-V version word the environment accepts. */
uint32_t ntv_target_spirv_version(enum ntv_target target);
/* "vulkan1.0" ... "vulkan1.3", the spellings spirv-val uses. */
const char *ntv_target_name(enum ntv_target target);
bool ntv_target_parse(const char *name, enum ntv_target *target);

#endif /* NTV_TARGET_H */
