/* SPDX-License-Identifier: MIT */
/*
 * One GLSL program to SPIR-V two ways, for tests that check zink's compiler
 * against glslang: kgl alone (glslang's own Vulkan SPIR-V), or kgl +
 * spirv_to_nir + zk_lower_program + ntv (zink's path, as zink/gl links).
 */
#ifndef VKT_ZINK_H
#define VKT_ZINK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kgl.h"
#include "nir/nir.h"

struct arena;

struct vkt_zink_words {
   uint32_t *w[NIR_STAGE_COUNT]; /* NULL for stages the program lacks */
   size_t n[NIR_STAGE_COUNT];
};

/* kgl with `flavour`; with `lower`, zink's path on top. Words live in
 * `arena`. Fails the current test (test_fail) and returns false on error. */
bool vkt_zink_compile(const struct kgl_shader_desc *descs, unsigned n, enum kgl_flavour flavour,
                      bool lower, struct arena *arena, struct vkt_zink_words *out);

#endif
