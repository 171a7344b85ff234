/* SPDX-License-Identifier: MIT */
/* One module against its round trip: reflect both, pair their interfaces
 * (sem_pair.c), run both on the same inputs, compare the outputs. */
#include "semantics.h"

#include <stdio.h>

enum sem_outcome
sem_compare_modules(struct sem_device *dev, const uint32_t *a, size_t na,
                    const uint32_t *b, size_t nb, char *why, size_t why_size,
                    unsigned *nan_only)
{
   enum sem_outcome result = SEM_SKIPPED;
   struct sem_interface ia, ib;
   bool have_a = false, have_b = false;
   struct sem_result ra = {0}, rb = {0};
   char error[256];
   if (!(have_a = sem_reflect(a, na, &ia, error, sizeof(error)))) {
      snprintf(why, why_size, "original: %s", error);
      goto out;
   }
   if (!(have_b = sem_reflect(b, nb, &ib, error, sizeof(error)))) {
      snprintf(why, why_size, "round-tripped: %s", error);
      result = SEM_DIFFERENT;
      goto out;
   }
   switch (sem_interfaces_pair(&ia, &ib, error, sizeof(error))) {
   case SEM_PAIRING_PAIRED:
      break;
   case SEM_PAIRING_DIFFERENT:
      snprintf(why, why_size, "interfaces differ: %s", error);
      result = SEM_DIFFERENT;
      goto out;
   case SEM_PAIRING_UNPAIRABLE:
      snprintf(why, why_size, "interfaces cannot be paired: %s", error);
      goto out;
   }
   const uint32_t groups[3] = {1, 1, 1};
   if (!sem_run(dev, a, na, &ia, groups, &ra, error, sizeof(error))) {
      snprintf(why, why_size, "original does not run: %s", error);
      goto out;
   }
   if (!sem_run(dev, b, nb, &ib, groups, &rb, error, sizeof(error))) {
      snprintf(why, why_size, "round-tripped does not run: %s", error);
      result = SEM_DIFFERENT;
      goto out;
   }
   struct sem_diff diff;
   sem_compare(&ra, &rb, &diff);
   *nan_only = diff.nan_only_words;
   if (diff.differing_words) {
      snprintf(why, why_size, "%u words differ; first: %s", diff.differing_words,
               diff.first);
      result = SEM_DIFFERENT;
   } else {
      result = SEM_SAME;
   }
out:
   sem_result_finish(&ra);
   sem_result_finish(&rb);
   if (have_a)
      sem_interface_finish(&ia);
   if (have_b)
      sem_interface_finish(&ib);
   return result;
}
