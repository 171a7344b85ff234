/* SPDX-License-Identifier: MIT */
#include "devinfo/kiln_device_info.h"
#include "util/test.h"

TEST(devinfo_fixed_is_turing_desktop_gobs)
{
   struct kiln_device_info info;
   kiln_device_info_init_fixed(&info, 4, 1ull << 30);
   CHECK_EQ(info.thread_count, 4);
   CHECK_EQ(info.memory_size_B, 1ull << 30);
   /* drm_fourcc.h: a GOB is 64 bytes x 8 rows = 512 bytes. */
   CHECK_EQ(kiln_device_info_gob_size_B(&info), 512);
   CHECK_EQ(info.gob_kind, KILN_GOB_KIND_TURING);
   CHECK_EQ(info.sector_layout, KILN_SECTOR_LAYOUT_DESKTOP);
   CHECK_EQ(info.block_height_log2_mask, 0x3f);
   CHECK(info.simd_width >= 8);
   CHECK(strstr(info.device_name, "4 threads") != NULL);
}

TEST(devinfo_host_is_sane)
{
   struct kiln_device_info info;
   kiln_device_info_init_host(&info);
   CHECK(info.thread_count >= 1);
   CHECK(info.memory_size_B >= (256ull << 20));
   CHECK(info.memory_size_B <= (16ull << 30));
}

TEST(devinfo_threads_from_env_or_cpus)
{
   CHECK_EQ(kiln_device_info_threads(NULL, 6), 6);
   CHECK_EQ(kiln_device_info_threads("", 6), 6);
   CHECK_EQ(kiln_device_info_threads("3", 6), 3);
   CHECK_EQ(kiln_device_info_threads("16", 2), 16); /* more than CPUs: allowed */
   CHECK_EQ(kiln_device_info_threads("1000", 2), 256);
   CHECK_EQ(kiln_device_info_threads("0", 6), 6);   /* not a count: ignored */
   CHECK_EQ(kiln_device_info_threads("-2", 6), 6);
   CHECK_EQ(kiln_device_info_threads("4x", 6), 6);
   CHECK_EQ(kiln_device_info_threads(NULL, 0), 1);
   CHECK_EQ(kiln_device_info_threads(NULL, 999), 256);
}
