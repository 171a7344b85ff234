/* SPDX-License-Identifier: MIT */
#include "zgl_proc.h"

#include <stdlib.h>
#include <string.h>

#include "zgl.h"

static int
compare(const void *key, const void *entry)
{
   return strcmp(key, ((const struct zgl_proc *)entry)->name);
}

void *
zgl_get_proc_address(const char *name)
{
   if (!name)
      return NULL;
   const struct zgl_proc *p = bsearch(name, zgl_procs, zgl_num_procs, sizeof(zgl_procs[0]),
                                      compare);
   return p ? p->function : NULL;
}
