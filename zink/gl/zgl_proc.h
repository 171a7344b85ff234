/* SPDX-License-Identifier: MIT */
/* The generated name -> entry point table (zgl_proc_table.c). */
#ifndef ZGL_PROC_H
#define ZGL_PROC_H

#include "zgl_api.h"

struct zgl_proc {
   const char *name;
   void *function;
};

/* Sorted by name (strcmp). */
extern const struct zgl_proc zgl_procs[];
extern const unsigned zgl_num_procs;

#endif
