/* SPDX-License-Identifier: MIT */
/*
 * What zkv's tests share: a screen and context on whatever device the
 * loader gives (the meson test points it at kiln or lavapipe), GL programs
 * compiled the way the GL front end compiles them (GLSL -> kgl ->
 * spirv_to_nir -> zk_lower_program -> ntv), render targets, readbacks, and a
 * CPU reference rasterizer for triangles.
 */
#ifndef ZKV_TEST_UTIL_H
#define ZKV_TEST_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "util/test.h"
#include "zkv.h"

struct zk_program_info;

struct zkvt {
   struct zkv_screen *screen;
   struct zkv_context *ctx;
   const struct zkv_caps *caps;
   /* The default uniform block of the last program built. */
   unsigned uniforms_size_B;
   unsigned num_uniforms;
   struct {
      char name[32];
      unsigned offset_B;
   } uniforms[16];
};

/* Offset of a loose uniform in the last program's default block (the
 * test fails and 0 comes back if there is none). */
unsigned zkvt_uniform_offset(struct zkvt *t, const char *name);

/* Opens the device; false (and the test is failed) if there is none. */
bool zkvt_init(struct zkvt *t);
/* Checks the context saw no error, then closes everything. */
void zkvt_finish(struct zkvt *t);

/* A GL program from GLSL (vertex + fragment, or compute alone: vs NULL and
 * fs the compute source). NULL with the test failed on any error. */
struct zkv_program *zkvt_program(struct zkvt *t, const char *vs, const char *fs);
struct zkv_program *zkvt_compute(struct zkvt *t, const char *cs);
/* Vertex + geometry + fragment. */
struct zkv_program *zkvt_program_gs(struct zkvt *t, const char *vs, const char *gs, const char *fs);

/* A 2D render target of w x h with a single-level view. */
struct zkv_image *zkvt_target(struct zkvt *t, uint32_t w, uint32_t h, VkFormat format,
                              struct zkv_image_view **view);
/* Reads level 0 of a 2D image, tightly packed; waits. */
void zkvt_read(struct zkvt *t, struct zkv_image *image, uint32_t w, uint32_t h, void *out);
/* A buffer filled with data. */
struct zkv_buffer *zkvt_buffer(struct zkvt *t, const void *data, size_t size_B);

/* Pixels of a w x h framebuffer whose centres lie inside the triangle given in
 * framebuffer coordinates: 1 inside, 0 outside, 2 within `margin` of an edge
 * (either answer is right). */
void zkvt_coverage(uint32_t w, uint32_t h, const float tri[3][2], float margin, uint8_t *out);

/* Compares RGBA8 pixels with a tolerance; reports the first mismatch. */
bool zkvt_check_rgba8(const uint8_t *got, const uint8_t *want, uint32_t w, uint32_t h,
                      int tolerance, const uint8_t *dont_care, const char *what);

#endif
