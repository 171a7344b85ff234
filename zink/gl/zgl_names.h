/* SPDX-License-Identifier: MIT */
/*
 * A GL object namespace: names (GLuint, 0 never used) to objects. glGen*
 * reserves a name without an object (GL 4.6, 2.6.1: "the names ... are marked
 * as used ... but they acquire state only when they are first bound");
 * glCreate* and the first bind give it one.
 */
#ifndef ZGL_NAMES_H
#define ZGL_NAMES_H

#include <stdbool.h>
#include <stdint.h>

#include "util/hash_table.h"

struct zgl_names {
   struct hash_table table;  /* name -> object, or ZGL_NAME_RESERVED */
   struct hash_table labels; /* name -> malloc'd KHR_debug label */
   uint32_t next;            /* the lowest name that may be free */
};

/* What a name generated but not yet bound maps to. */
extern char zgl_name_reserved;
#define ZGL_NAME_RESERVED ((void *)&zgl_name_reserved)

void zgl_names_init(struct zgl_names *names);
void zgl_names_finish(struct zgl_names *names);
/* n unused names, reserved, into out. false on out-of-memory (none reserved). */
bool zgl_names_gen(struct zgl_names *names, int n, uint32_t *out);
/* The object, ZGL_NAME_RESERVED, or NULL when the name is not in use. */
void *zgl_names_lookup(const struct zgl_names *names, uint32_t name);
/* The object only (NULL for reserved or unused names). */
void *zgl_names_object(const struct zgl_names *names, uint32_t name);
bool zgl_names_is_used(const struct zgl_names *names, uint32_t name);
/* Sets the object of a name (reserving it if needed). false on out-of-memory. */
bool zgl_names_set(struct zgl_names *names, uint32_t name, void *object);
/* Removes the name (and its label). */
void zgl_names_remove(struct zgl_names *names, uint32_t name);

/* glObjectLabel's label of a name: set (a copy of len bytes; NULL removes
 * it; false on out-of-memory) and get (NULL when none). */
bool zgl_names_set_label(struct zgl_names *names, uint32_t name, const char *label, size_t len);
const char *zgl_names_label(const struct zgl_names *names, uint32_t name);

#define zgl_names_foreach(names, entry) hash_table_foreach(&(names)->table, entry)

#endif
