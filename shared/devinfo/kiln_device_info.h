/* SPDX-License-Identifier: MIT */
/*
 * What the "hardware" is: an immutable description of our CPU device.
 *
 * This is the one struct every component that needs device facts takes as
 * input (the image layout library, the shader backend, the Vulkan physical
 * device). It describes the device only: no loader, OS or API state, so unit
 * tests and offline tools can write it as a literal.
 *
 * Our device executes on the host CPU, but lays images out exactly like an
 * NVIDIA Turing-or-later desktop GPU (block-linear, 64 B x 8 row GOBs), so the
 * DRM format modifiers it advertises mean what drm_fourcc.h says they mean.
 */
#ifndef KILN_DEVICE_INFO_H
#define KILN_DEVICE_INFO_H

#include <stdbool.h>
#include <stdint.h>

/* Which in-GOB layout the device uses. Not the numeric value of
 * drm_fourcc.h's field g (0 = Fermi-Volta and Tegra K1+, 1 = G80-GT2xx with
 * 4-row GOBs, 2 = Turing+): shared/layout derives g from this. */
enum kiln_gob_kind {
   KILN_GOB_KIND_TEGRA = 0,       /* g = 0: Tegra K1 - Xavier */
   KILN_GOB_KIND_FERMI = 1,       /* g = 1: Fermi - Volta desktop */
   KILN_GOB_KIND_TURING = 2,      /* g = 2: Turing+ (desktop and Orin) */
};

/* Field s of the modifier: the sector layout inside a GOB. */
enum kiln_sector_layout {
   KILN_SECTOR_LAYOUT_TEGRA = 0,
   KILN_SECTOR_LAYOUT_DESKTOP = 1,
};

struct kiln_device_info {
   char device_name[64];
   /* Bumped whenever behaviour visible to a pipeline cache or a shared image
    * changes (it feeds the pipeline-cache UUID). */
   uint16_t generation;
   uint32_t vendor_id;
   uint32_t device_id;

   /* Execution resources. */
   uint16_t thread_count;      /* worker threads the device may use */
   uint8_t simd_width;         /* lanes executed per instruction by the backend */

   /* Image layout facts. */
   enum kiln_gob_kind gob_kind;
   enum kiln_sector_layout sector_layout;
   uint16_t gob_width_B;       /* 64 */
   uint8_t gob_height_rows;    /* 8 */
   uint8_t gob_depth;          /* 1 */
   /* Bit h set: blocks 2^h GOBs tall may be used (h = 0..5 on NVIDIA). */
   uint8_t block_height_log2_mask;
   uint8_t max_block_depth_log2;
   /* The page kind written in modifiers we create (field k): 0x06,
    * NV_MMU_PTE_KIND_GENERIC_MEMORY, the generic colour kind of the Turing+
    * page-kind numbering (g = 2). (0xfe, the kind drm_fourcc.h remaps the
    * legacy k = 0 to, is the Fermi-Volta one.) See docs/layout.md. */
   uint8_t page_kind_generic;

   /* Memory. */
   uint64_t memory_size_B;     /* what the device heap reports */
   uint32_t min_memory_align_B;
   uint32_t linear_pitch_align_B;
};

/* Fills `info` for this machine: thread count from KILN_THREADS or else
 * the CPUs online, memory from physical RAM (capped), everything else the
 * fixed device facts. */
void kiln_device_info_init_host(struct kiln_device_info *info);

/* Worker threads for KILN_THREADS=env (a decimal count >= 1, at most 256;
 * benchmarks measure scaling with it) or, when env is NULL, empty or not
 * such a count, for `cpus` CPUs online (1..256). */
unsigned kiln_device_info_threads(const char *env, unsigned cpus);

/* The fixed part, for tests: a device with the given threads and memory. */
void kiln_device_info_init_fixed(struct kiln_device_info *info, uint16_t thread_count,
                                 uint64_t memory_size_B);

static inline uint32_t
kiln_device_info_gob_size_B(const struct kiln_device_info *info)
{
   return (uint32_t)info->gob_width_B * info->gob_height_rows * info->gob_depth;
}

#endif /* KILN_DEVICE_INFO_H */
