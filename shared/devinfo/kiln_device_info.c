/* SPDX-License-Identifier: MIT */
#include "kiln_device_info.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/macros.h"
#include "util/os.h"

/* We own no PCI vendor id and no Khronos-registered one, and we are not an
 * NVIDIA GPU (we only share its memory layout), so we report 0x10000: the
 * first id of the Khronos-assigned range, held by no vendor (registries newer
 * than Debian 12's name it VK_VENDOR_ID_KHRONOS, a dummy vendor id). */
#define KILN_VENDOR_ID 0x10000u
#define KILN_DEVICE_ID 0x6b6c   /* "kl" */

void
kiln_device_info_init_fixed(struct kiln_device_info *info, uint16_t thread_count,
                            uint64_t memory_size_B)
{
   memset(info, 0, sizeof(*info));
   snprintf(info->device_name, sizeof(info->device_name),
            "kiln (CPU, %u threads, NVIDIA Turing+ block-linear layout)", thread_count);
   info->generation = 1;
   info->vendor_id = KILN_VENDOR_ID;
   info->device_id = KILN_DEVICE_ID;
   info->thread_count = thread_count;
   info->simd_width = 8;
   info->gob_kind = KILN_GOB_KIND_TURING;
   info->sector_layout = KILN_SECTOR_LAYOUT_DESKTOP;
   info->gob_width_B = 64;
   info->gob_height_rows = 8;
   info->gob_depth = 1;
   info->block_height_log2_mask = 0x3f; /* h = 0..5 */
   info->max_block_depth_log2 = 5;
   info->page_kind_generic = 0x06;
   info->memory_size_B = memory_size_B;
   info->min_memory_align_B = 4096;
   info->linear_pitch_align_B = 128;
}

unsigned
kiln_device_info_threads(const char *env, unsigned cpus)
{
   if (env && *env >= '0' && *env <= '9') {
      char *end;
      const unsigned long n = strtoul(env, &end, 10);
      if (*end == '\0' && n >= 1)
         return n > 256 ? 256u : (unsigned)n;
   }
   return CLAMP(cpus, 1u, 256u);
}

void
kiln_device_info_init_host(struct kiln_device_info *info)
{
   const unsigned threads = kiln_device_info_threads(getenv("KILN_THREADS"), util_cpu_count());
   /* Report half of RAM, at most 16 GiB, at least 256 MiB: the device heap
    * is host memory shared with the application. */
   uint64_t mem_B = util_physical_memory_B() / 2;
   mem_B = CLAMP(mem_B, 256ull << 20, 16ull << 30);
   kiln_device_info_init_fixed(info, (uint16_t)threads, mem_B);
}
