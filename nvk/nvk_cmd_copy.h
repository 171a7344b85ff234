/* SPDX-License-Identifier: MIT */
/*
 * Payloads of the transfer commands (nvk_cmd_copy.c).
 */
#ifndef NVK_CMD_COPY_H
#define NVK_CMD_COPY_H

#include <stdint.h>

struct nvk_cmd_copy_buffer_region {
   uint64_t src_addr;
   uint64_t dst_addr;
   uint64_t size_B;
};

struct nvk_cmd_copy_buffer {
   uint32_t region_count;
   uint32_t pad;
   struct nvk_cmd_copy_buffer_region regions[];
};

struct nvk_cmd_fill_buffer {
   uint64_t dst_addr;
   uint64_t size_B;
   uint32_t data;
   uint32_t pad;
};

struct nvk_cmd_update_buffer {
   uint64_t dst_addr;
   uint64_t size_B;
   uint8_t data[];
};

#endif /* NVK_CMD_COPY_H */
