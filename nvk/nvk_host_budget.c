/* SPDX-License-Identifier: MIT */
#include "nvk_host_budget.h"

#include <stdlib.h>

#include "util/os.h"

#define NVK_HOST_BUDGET_MAX_B (4ull << 30)

uint64_t
nvk_host_budget_B(void)
{
   const char *env = getenv("KILN_HOST_BUDGET_MB");
   if (env && *env)
      return strtoull(env, NULL, 10) << 20;
   const uint64_t mem_B = util_physical_memory_B();
   const uint64_t eighth_B = mem_B ? mem_B / 8 : NVK_HOST_BUDGET_MAX_B;
   return eighth_B < NVK_HOST_BUDGET_MAX_B ? eighth_B : NVK_HOST_BUDGET_MAX_B;
}

bool
nvk_host_budget_fits(uint64_t count, uint64_t each_B, uint64_t extra_B)
{
   uint64_t total_B;
   if (__builtin_mul_overflow(count, each_B, &total_B) ||
       __builtin_add_overflow(total_B, extra_B, &total_B))
      return false;
   return total_B <= nvk_host_budget_B();
}
