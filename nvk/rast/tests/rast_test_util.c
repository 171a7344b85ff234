/* SPDX-License-Identifier: MIT */
#include "rast_test_util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "kil_test_device.h"
#include "layout/kil_addr.h"
#include "util/macros.h"

bool
rt_image_init(struct rt_image *t, enum kil_format format, uint32_t w, uint32_t h,
              uint32_t samples, bool linear)
{
   memset(t, 0, sizeof(*t));
   const struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_2D,
      .format = format,
      .extent_px = kil_extent4d_px(w, h, 1, 1),
      .levels = 1,
      .samples = samples,
      .tiling = linear ? KIL_IMAGE_TILING_LINEAR : KIL_IMAGE_TILING_OPTIMAL,
   };
   if (kil_image_init(&kil_test_dev, &info, &t->img) != KIL_SUCCESS)
      return false;
   t->mem = aligned_alloc(4096, ALIGN_POT(t->img.size_B, 4096));
   if (!t->mem)
      return false;
   memset(t->mem, 0, t->img.size_B);
   t->ri.base = t->mem;
   t->ri.format = format;
   t->ri.samples = samples;
   t->ri.layer_count = 1;
   return kil_level_addr_init(&t->ri.addr, &t->img, 0) == KIL_SUCCESS;
}

void
rt_image_finish(struct rt_image *t)
{
   free(t->mem);
   t->mem = NULL;
}

uint8_t *
rt_texel(struct rt_image *t, uint32_t x, uint32_t y, uint32_t sample)
{
   const enum kil_sample_layout sl = kil_sample_layout_for_samples(t->ri.samples);
   const uint32_t ex = x * kil_sample_layout_width(sl) + kil_sample_layout_sample_x(sl, sample);
   const uint32_t ey = y * kil_sample_layout_height(sl) + kil_sample_layout_sample_y(sl, sample);
   return (uint8_t *)t->mem + kil_level_addr_offset_B(&t->ri.addr, ex, ey, 0, 0);
}

float *
rt_vertex(float *verts, uint32_t i)
{
   return verts + (size_t)i * RT_STRIDE;
}

void
rt_set_pos(float *verts, uint32_t i, float x, float y, float z, float w)
{
   float *v = rt_vertex(verts, i);
   v[0] = x, v[1] = y, v[2] = z, v[3] = w;
}

struct rt_thread {
   pthread_t th;
   rast_parallel_fn fn;
   void *data;
   uint32_t index;
};

static void *
rt_thread_main(void *arg)
{
   struct rt_thread *t = arg;
   t->fn(t->data, t->index);
   return NULL;
}

void
rt_parallel_for(void *pool, uint32_t count, rast_parallel_fn fn, void *data)
{
   (void)pool;
   struct rt_thread th[64];
   for (uint32_t i = 0; i < count && i < 64; i++) {
      th[i] = (struct rt_thread){.fn = fn, .data = data, .index = i};
      if (pthread_create(&th[i].th, NULL, rt_thread_main, &th[i]) != 0)
         abort();
   }
   for (uint32_t i = 0; i < count && i < 64; i++)
      pthread_join(th[i].th, NULL);
}

bool
rt_record_init(struct rt_record *r, uint32_t w, uint32_t h)
{
   memset(r, 0, sizeof(*r));
   r->w = w, r->h = h;
   r->hits = calloc((size_t)w * h, sizeof(uint32_t));
   r->var = calloc((size_t)w * h * 4, sizeof(float));
   r->front = calloc((size_t)w * h, sizeof(uint32_t));
   r->prim = calloc((size_t)w * h, sizeof(uint32_t));
   r->fragz = calloc((size_t)w * h, sizeof(float));
   return r->hits && r->var && r->front && r->prim && r->fragz;
}

void
rt_record_finish(struct rt_record *r)
{
   free(r->hits);
   free(r->var);
   free(r->front);
   free(r->prim);
   free(r->fragz);
}

bool
rt_record_shade(void *data, unsigned worker, struct rast_fs_batch *b)
{
   struct rt_record *r = data;
   (void)worker;
   for (unsigned lane = 0; lane < RAST_W; lane++) {
      for (unsigned k = 0; k < 4; k++)
         b->out[k * RAST_W + lane] = b->in[(RAST_SLOT_VAR0 * 4 + k) * RAST_W + lane];
      if (!((b->live_mask >> lane) & 1) || ((b->helper_mask >> lane) & 1))
         continue;
      const uint32_t x = (uint32_t)b->frag_coord[lane];
      const uint32_t y = (uint32_t)b->frag_coord[RAST_W + lane];
      if (x >= r->w || y >= r->h)
         return false;
      const size_t i = (size_t)y * r->w + x;
      r->hits[i]++;
      for (unsigned k = 0; k < 4; k++)
         r->var[i * 4 + k] = b->in[(RAST_SLOT_VAR0 * 4 + k) * RAST_W + lane];
      r->front[i] = b->front_facing[lane];
      r->prim[i] = b->primitive_id[lane];
      r->fragz[i] = b->frag_coord[2 * RAST_W + lane];
   }
   return true;
}

struct rast_draw
rt_draw(const struct rast_state *s, const struct rast_framebuffer *fb, const float *verts,
        uint32_t nverts, enum rast_prim_kind kind, const uint32_t *indices, uint32_t prims,
        rast_shade_fn shade, void *data, unsigned threads)
{
   return (struct rast_draw){
      .state = s,
      .fb = fb,
      .vertices = verts,
      .vertex_stride_floats = RT_STRIDE,
      .vertex_count = nverts,
      .kind = kind,
      .indices = indices,
      .prim_count = prims,
      .shade = shade,
      .shade_data = data,
      .parallel_for = threads > 1 ? rt_parallel_for : NULL,
      .thread_count = threads,
   };
}

struct rast_framebuffer
rt_fb(uint32_t w, uint32_t h)
{
   struct rast_framebuffer fb;
   memset(&fb, 0, sizeof(fb));
   fb.render_area = (struct rast_rect){0, 0, w, h};
   return fb;
}

void
rt_set_window_pos(float *verts, uint32_t i, double x, double y, float z, uint32_t w,
                  uint32_t h)
{
   rt_set_pos(verts, i, (float)(2.0 * x / w - 1.0), (float)(2.0 * y / h - 1.0), z, 1.0f);
}
