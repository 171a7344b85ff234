/* SPDX-License-Identifier: MIT */
/*
 * rast_bench: the rasterizer's fixed-function speed with a trivial shade
 * callback (constant colour), into a 1024x768 R8G8B8A8_UNORM block-linear
 * image:
 *    setup rate: 200k small triangles (~8 px each), Mtri/s
 *    fill rate:  full-screen quads, Mpix/s
 * for 1 .. N worker threads (N = argv[1], default 4), then the cost of a
 * draw of one small triangle (per-draw overhead). RAST_BENCH_ONLY=small
 * or =fill runs one of the two (for profiling).
 *
 *    build/nvk/rast/bench/rast_bench 4
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layout/kil_addr.h"
#include "layout/kil_image.h"
#include "rast.h"
#include "util/macros.h"
#include "util/os.h"

#define W 1024
#define H 768
#define STRIDE ((RAST_SLOT_VAR0 + 1) * 4)

static const struct kiln_device_info bench_dev = {
   .device_name = "rast bench",
   .gob_kind = KILN_GOB_KIND_TURING,
   .sector_layout = KILN_SECTOR_LAYOUT_DESKTOP,
   .gob_width_B = 64,
   .gob_height_rows = 8,
   .gob_depth = 1,
   .block_height_log2_mask = 0x3f,
   .max_block_depth_log2 = 5,
   .linear_pitch_align_B = 128,
   .thread_count = 1,
};

struct job {
   pthread_t th;
   rast_parallel_fn fn;
   void *data;
   uint32_t i;
};

static void *
job_main(void *p)
{
   struct job *j = p;
   j->fn(j->data, j->i);
   return NULL;
}

static void
parallel_for(void *pool, uint32_t count, rast_parallel_fn fn, void *data)
{
   (void)pool;
   struct job jobs[64];
   for (uint32_t i = 1; i < count && i < 64; i++) {
      jobs[i] = (struct job){.fn = fn, .data = data, .i = i};
      pthread_create(&jobs[i].th, NULL, job_main, &jobs[i]);
   }
   fn(data, 0);
   for (uint32_t i = 1; i < count && i < 64; i++)
      pthread_join(jobs[i].th, NULL);
}

static bool
shade_const(void *data, unsigned worker, struct rast_fs_batch *b)
{
   (void)data, (void)worker;
   for (unsigned k = 0; k < 4; k++)
      for (unsigned l = 0; l < RAST_W; l++)
         b->out[k * RAST_W + l] = 0.25f * (float)(k + 1);
   return true;
}

static double
cpu_s(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall seconds of `reps` draws; *cpu gets the process CPU seconds (on a
 * shared machine the rate per CPU second is the steadier figure). */
static double
run(struct rast_draw *d, unsigned reps, double *cpu)
{
   const double c0 = cpu_s();
   const uint64_t t0 = util_time_ns();
   for (unsigned r = 0; r < reps; r++)
      rast_draw(d);
   *cpu = cpu_s() - c0;
   return (double)(util_time_ns() - t0) * 1e-9;
}

int
main(int argc, char **argv)
{
   const unsigned max_threads = argc > 1 ? (unsigned)atoi(argv[1]) : 4;
   struct kil_image img;
   const struct kil_image_info info = {
      .dim = KIL_IMAGE_DIM_2D, .format = KIL_FORMAT_R8G8B8A8_UNORM,
      .extent_px = kil_extent4d_px(W, H, 1, 1), .levels = 1, .samples = 1};
   if (kil_image_init(&bench_dev, &info, &img) != KIL_SUCCESS)
      return 1;
   void *mem = aligned_alloc(4096, ALIGN_POT(img.size_B, 4096));
   struct rast_framebuffer fb;
   memset(&fb, 0, sizeof(fb));
   fb.render_area = (struct rast_rect){0, 0, W, H};
   fb.color[0] = (struct rast_image){.base = mem, .format = info.format, .samples = 1,
                                     .layer_count = 1};
   kil_level_addr_init(&fb.color[0].addr, &img, 0);
   struct rast_state s;
   rast_state_init(&s, W, H);

   /* Small triangles: right triangles with 4 px legs on a grid. */
   const uint32_t ntri = 200000;
   float *sv = calloc((size_t)ntri * 3 * STRIDE, sizeof(float));
   uint32_t *si = malloc((size_t)ntri * 3 * sizeof(uint32_t));
   for (uint32_t t = 0; t < ntri; t++) {
      const float x = (float)((t * 7) % (W - 8)) + 0.3f, y = (float)((t * 13) % (H - 8)) + 0.6f;
      const float px[3] = {x, x + 4, x}, py[3] = {y, y, y + 4};
      for (unsigned k = 0; k < 3; k++) {
         float *v = sv + ((size_t)t * 3 + k) * STRIDE;
         v[0] = 2.0f * px[k] / W - 1.0f;
         v[1] = 2.0f * py[k] / H - 1.0f;
         v[2] = 0.5f;
         v[3] = 1.0f;
         si[t * 3 + k] = t * 3 + k;
      }
   }
   /* Large: full-screen quads. */
   const uint32_t nquads = 20;
   float *lv = calloc((size_t)nquads * 4 * STRIDE, sizeof(float));
   uint32_t *li = malloc((size_t)nquads * 6 * sizeof(uint32_t));
   for (uint32_t q = 0; q < nquads; q++) {
      static const float c[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
      for (unsigned k = 0; k < 4; k++) {
         float *v = lv + ((size_t)q * 4 + k) * STRIDE;
         v[0] = c[k][0], v[1] = c[k][1], v[2] = 0.5f, v[3] = 1.0f;
      }
      const uint32_t b = q * 4, idx[6] = {b, b + 1, b + 2, b + 2, b + 1, b + 3};
      memcpy(li + q * 6, idx, sizeof(idx));
   }

   printf("rast_bench: %ux%u R8G8B8A8_UNORM block-linear, constant-colour shade\n", W, H);
   printf("threads  small tris: Mtri/s  per CPU-s   fill: Mpix/s  per CPU-s\n");
   for (unsigned t = 1; t <= max_threads; t++) {
      struct rast_draw d = {
         .state = &s, .fb = &fb, .vertices = sv, .vertex_stride_floats = STRIDE,
         .vertex_count = ntri * 3, .kind = RAST_PRIM_TRIANGLES, .indices = si,
         .prim_count = ntri, .shade = shade_const,
         .parallel_for = t > 1 ? parallel_for : NULL, .thread_count = t};
      double cs, cl;
      const char *only = getenv("RAST_BENCH_ONLY"); /* "small" or "fill" */
      const double ts = only && !strcmp(only, "fill") ? 1e9 : run(&d, 3, &cs);
      if (only && !strcmp(only, "fill"))
         cs = 1e9;
      d.vertices = lv;
      d.vertex_count = nquads * 4;
      d.indices = li;
      d.prim_count = nquads * 2;
      const double tl = only && !strcmp(only, "small") ? 1e9 : run(&d, 3, &cl);
      if (only && !strcmp(only, "small"))
         cl = 1e9;
      const double tris = 3.0 * ntri * 1e-6, pix = 3.0 * nquads * W * H * 1e-6;
      printf("%7u  %18.2f  %9.2f  %12.1f  %9.1f\n", t, tris / ts, tris / cs, pix / tl,
             pix / cl);
   }
   /* Per-draw overhead: many draws of one small triangle, one thread. */
   {
      struct rast_draw d = {
         .state = &s, .fb = &fb, .vertices = sv, .vertex_stride_floats = STRIDE,
         .vertex_count = 3, .kind = RAST_PRIM_TRIANGLES, .indices = si, .prim_count = 1,
         .shade = shade_const};
      const unsigned draws = 20000;
      double cpu;
      const double t = run(&d, draws, &cpu);
      printf("1-triangle draws: %.2f us each (%.2f us CPU)\n", t / draws * 1e6,
             cpu / draws * 1e6);
   }
   free(sv);
   free(si);
   free(lv);
   free(li);
   free(mem);
   return 0;
}
