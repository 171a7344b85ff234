/* SPDX-License-Identifier: MIT */
/*
 * Freeing every object of a namespace when its owner goes (zgl_objects.c).
 */
#ifndef ZGL_OBJECTS_H
#define ZGL_OBJECTS_H

struct zgl_context;
struct zgl_shared;

/* Buffers, shaders, programs... of a share group whose last context went. */
void zgl_shared_objects_free(struct zgl_shared *shared);
/* A context's own objects (VAOs, ...) and its bindings' references. */
void zgl_context_objects_free(struct zgl_context *ctx);

#endif
