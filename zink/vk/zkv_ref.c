/* SPDX-License-Identifier: MIT */
/* Reference counts of the objects batches keep alive. */
#include "zkv_private.h"

void
zkv_ref_init(struct zkv_ref *ref, void (*release)(struct zkv_ref *ref))
{
   atomic_init(&ref->count, 1);
   ref->release = release;
   atomic_init(&ref->batch_uid, 0);
   atomic_init(&ref->timeline, NULL);
   atomic_init(&ref->seqno, 0);
}

void
zkv_ref_get(struct zkv_ref *ref)
{
   atomic_fetch_add_explicit(&ref->count, 1, memory_order_relaxed);
}

void
zkv_ref_put(struct zkv_ref *ref)
{
   if (ref && atomic_fetch_sub_explicit(&ref->count, 1, memory_order_acq_rel) == 1)
      ref->release(ref);
}
