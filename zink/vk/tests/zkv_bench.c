/* SPDX-License-Identifier: MIT */
/*
 * zkv's draw-call overhead: many small draws with state changes between
 * them, the front end's worst case. Prints the recording cost (CPU time of
 * the calling thread per zkv_draw, so other processes' load barely moves
 * it) and draws per second of recording plus execution (wall clock).
 *
 *    zkv_bench [draws]      (default 20000)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "zkv_test_util.h"

static double
now_s(clockid_t clock)
{
   struct timespec ts;
   clock_gettime(clock, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const char vs[] = "#version 450 core\n"
                         "layout(location = 0) in vec2 pos;\n"
                         "uniform vec2 offset;\n"
                         "void main() { gl_Position = vec4(pos + offset, 0, 1); }\n";
static const char fs[] = "#version 450 core\n"
                         "uniform vec4 color;\n"
                         "out vec4 o;\n"
                         "void main() { o = color; }\n";

struct run {
   const char *name;
   bool change_uniforms; /* new default-block data per draw */
   bool change_pipeline; /* blending toggled every draw */
   bool change_texture;  /* a different texture bound every draw */
};

TEST(draw_overhead)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const char *env = getenv("ZKV_BENCH_DRAWS");
   const int draws = env ? atoi(env) : 20000;
   struct zkv_program *p = zkvt_program(&t, vs, fs);
   const float tri[3][2] = {{-0.05f, -0.05f}, {0.05f, -0.05f}, {0, 0.05f}};
   struct zkv_buffer *vb = zkvt_buffer(&t, tri, sizeof(tri));
   struct zkv_image_view *rv;
   struct zkv_image *rt = zkvt_target(&t, 64, 64, VK_FORMAT_R8G8B8A8_UNORM, &rv);
   REQUIRE(p && vb && rt);
   const unsigned off_offset = zkvt_uniform_offset(&t, "offset");
   const unsigned color_offset = zkvt_uniform_offset(&t, "color");
   const unsigned block_B = t.uniforms_size_B;
   static const struct run runs[] = {
      {"same state", false, false, false},
      {"new uniforms each draw", true, false, false},
      {"uniforms + blend toggled each draw", true, true, false},
   };
   for (size_t r = 0; r < sizeof(runs) / sizeof(runs[0]); r++) {
      struct zkv_draw_state *st = calloc(1, sizeof(*st));
      zkv_draw_state_init(st);
      st->program = p;
      st->vertex_bindings[0] = (struct zkv_vertex_binding){vb, 0, 8, false, 0};
      st->vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
      st->framebuffer.color[0] = rv;
      st->framebuffer.width = st->framebuffer.height = 64;
      uint8_t block[64] = {0};
      struct zkv_descriptor *d = &st->bindings.set[0][0];
      zkv_upload_transient(t.ctx, block, block_B, 256, &d->buffer, &d->offset_B);
      d->range_B = block_B;
      const struct zkv_draw_info info = {0};
      const struct zkv_draw_range range = {0, 3, 0};
      zkv_draw(t.ctx, st, &info, &range, 1); /* warm the pipeline caches */
      st->blend[0].enable = true;
      st->blend[0].src_color = VK_BLEND_FACTOR_SRC_ALPHA;
      zkv_draw(t.ctx, st, &info, &range, 1);
      st->blend[0].enable = false;
      zkv_finish(t.ctx);
      const double t0 = now_s(CLOCK_MONOTONIC), c0 = now_s(CLOCK_THREAD_CPUTIME_ID);
      for (int i = 0; i < draws; i++) {
         if (runs[r].change_uniforms) {
            const float o[2] = {(float)(i % 17) / 10.0f - 0.8f, (float)(i % 13) / 8.0f - 0.8f};
            const float c[4] = {(float)(i & 255) / 255.0f, 0.5f, 0.25f, 0.5f};
            memcpy(block + off_offset, o, 8);
            memcpy(block + color_offset, c, 16);
            zkv_upload_transient(t.ctx, block, block_B, 256, &d->buffer, &d->offset_B);
         }
         if (runs[r].change_pipeline)
            st->blend[0].enable = i & 1;
         zkv_draw(t.ctx, st, &info, &range, 1);
      }
      const double c1 = now_s(CLOCK_THREAD_CPUTIME_ID);
      zkv_finish(t.ctx);
      const double t2 = now_s(CLOCK_MONOTONIC);
      printf("%-36s %6.2f us CPU per draw recorded, %9.0f draws/s executed (%d draws)\n",
             runs[r].name, (c1 - c0) * 1e6 / draws, draws / (t2 - t0), draws);
      free(st);
   }
   zkv_image_view_destroy(rv);
   zkv_image_destroy(rt);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}
