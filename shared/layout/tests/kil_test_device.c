/* SPDX-License-Identifier: MIT */
#include "kil_test_device.h"

#include <stddef.h>

const struct kiln_device_info kil_test_dev = {
   .device_name = "kil test device (Turing+ desktop GOBs)",
   .generation = 1,
   .vendor_id = 0x10000,
   .device_id = 0x6b6c,
   .thread_count = 1,
   .simd_width = 8,
   .gob_kind = KILN_GOB_KIND_TURING,
   .sector_layout = KILN_SECTOR_LAYOUT_DESKTOP,
   .gob_width_B = 64,
   .gob_height_rows = 8,
   .gob_depth = 1,
   .block_height_log2_mask = 0x3f,
   .max_block_depth_log2 = 5,
   .page_kind_generic = 0x06,
   .memory_size_B = 1ull << 30,
   .min_memory_align_B = 4096,
   .linear_pitch_align_B = 128,
};

void
kil_test_fill(void *data, size_t size_B, uint64_t seed)
{
   uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
   uint8_t *p = data;
   for (size_t i = 0; i < size_B; i++) {
      s ^= s >> 12;
      s ^= s << 25;
      s ^= s >> 27;
      p[i] = (uint8_t)((s * 0x2545f4914f6cdd1dull) >> 56);
   }
}
