/* SPDX-License-Identifier: MIT */
/* Helpers for rast's unit tests: images in host memory, vertex arrays, a
 * threaded parallel-for, and shade callbacks that record what they see. */
#ifndef RAST_TEST_UTIL_H
#define RAST_TEST_UTIL_H

#include "layout/kil_image.h"
#include "rast.h"

/* Vertex stride of the tests: up to 4 user varyings. */
#define RT_STRIDE ((RAST_SLOT_VAR0 + 4) * 4)

struct rt_image {
   struct kil_image img;
   void *mem;
   struct rast_image ri;
};

/* A w x h image of `format` (block-linear unless `linear`), zeroed. */
bool rt_image_init(struct rt_image *t, enum kil_format format, uint32_t w, uint32_t h,
                   uint32_t samples, bool linear);
void rt_image_finish(struct rt_image *t);
uint8_t *rt_texel(struct rt_image *t, uint32_t x, uint32_t y, uint32_t sample);

/* Vertex i of a test array: position and varyings. */
float *rt_vertex(float *verts, uint32_t i);
void rt_set_pos(float *verts, uint32_t i, float x, float y, float z, float w);

/* Runs fn(data, i) for i in [0, count) on `count` threads. */
void rt_parallel_for(void *pool, uint32_t count, rast_parallel_fn fn, void *data);

/* Records every covered lane: hits[y * w + x]++, and the first varying's
 * value / front_facing / primitive id seen there. */
struct rt_record {
   uint32_t w, h;
   uint32_t *hits;
   float *var; /* 4 floats per pixel: RAST_SLOT_VAR0 */
   uint32_t *front;
   uint32_t *prim;
   float *fragz;
   /* Colour written: out[0] = var0 (pass-through). */
};
bool rt_record_init(struct rt_record *r, uint32_t w, uint32_t h);
void rt_record_finish(struct rt_record *r);
bool rt_record_shade(void *data, unsigned worker, struct rast_fs_batch *b);

/* A draw with the common fields filled. */
struct rast_draw rt_draw(const struct rast_state *s, const struct rast_framebuffer *fb,
                         const float *verts, uint32_t nverts, enum rast_prim_kind kind,
                         const uint32_t *indices, uint32_t prims, rast_shade_fn shade,
                         void *data, unsigned threads);

/* A framebuffer with no attachments over w x h. */
struct rast_framebuffer rt_fb(uint32_t w, uint32_t h);



/* Sets vertex i's position so that, with rast_state_init's viewport over
 * w x h, it lands on window pixel position (x, y), with depth z, w = 1. */
void rt_set_window_pos(float *verts, uint32_t i, double x, double y, float z, uint32_t w,
                       uint32_t h);
#endif /* RAST_TEST_UTIL_H */
