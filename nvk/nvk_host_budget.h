/* SPDX-License-Identifier: MIT */
/*
 * The host-memory budget of one API call (issue 16): every count an
 * application passes that multiplies into host memory (command buffers,
 * descriptor pools, query pools, pipelines in one call) is checked here
 * before anything is allocated, so that a hostile count fails at once with
 * VK_ERROR_OUT_OF_HOST_MEMORY instead of growing the process towards the
 * OOM killer (2^26 command buffers reached about 20 GB).
 *
 * The budget is an eighth of the physical memory (the driver's device
 * memory heap is half of it, shared/devinfo), at most 4 GiB per call;
 * KILN_HOST_BUDGET_MB overrides it (tests).
 */
#ifndef NVK_HOST_BUDGET_H
#define NVK_HOST_BUDGET_H

#include <stdbool.h>
#include <stdint.h>

uint64_t nvk_host_budget_B(void);
/* Whether count * each_B + extra_B bytes fit the budget (false on
 * overflow too). */
bool nvk_host_budget_fits(uint64_t count, uint64_t each_B, uint64_t extra_B);

#endif /* NVK_HOST_BUDGET_H */
