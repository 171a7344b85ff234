/* SPDX-License-Identifier: MIT */
/*
 * The device the layout tests run against, written out as a literal (not
 * kiln_device_info_init_*) so a change to the real device's defaults cannot
 * silently change what the tables below expect.
 */
#ifndef KIL_TEST_DEVICE_H
#define KIL_TEST_DEVICE_H

#include <stddef.h>
#include <stdint.h>

#include "devinfo/kiln_device_info.h"

extern const struct kiln_device_info kil_test_dev;

/* Deterministic bytes for copy tests (xorshift64*). */
void kil_test_fill(void *data, size_t size_B, uint64_t seed);

#endif /* KIL_TEST_DEVICE_H */
