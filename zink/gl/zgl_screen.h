/* SPDX-License-Identifier: MIT */
/*
 * A zgl screen: the zkv screen (the Vulkan device) and what every context on
 * it shares: the configs and the GL version the device reaches.
 */
#ifndef ZGL_SCREEN_H
#define ZGL_SCREEN_H

#include "zgl.h"
#include "zink/vk/zkv.h"

struct zgl_screen {
   struct zkv_screen *zkv;
   const struct zkv_caps *caps;
   char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   struct zgl_config configs[8];
   int num_configs;
};

#endif
