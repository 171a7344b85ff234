/* SPDX-License-Identifier: MIT */
/*
 * Queries, conditional rendering, transform feedback and compute through
 * zkv. Counts are computed from the geometry: pixel-aligned rectangles
 * cover an exact number of samples, list topologies an exact number of
 * primitives.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_test_util.h"

static const char vs_rect[] = "#version 450 core\n"
                              "layout(location = 0) in vec2 pos;\n"
                              "void main() { gl_Position = vec4(pos, 0, 1); }\n";
static const char fs_white[] = "#version 450 core\n"
                               "out vec4 o;\n"
                               "void main() { o = vec4(1); }\n";

/* Two triangles covering the pixels x0..x1, y0..y1 of a 16x16 target. */
static struct zkv_buffer *
rect(struct zkvt *t, int x0, int y0, int x1, int y1)
{
   const float a = x0 / 8.0f - 1, b = x1 / 8.0f - 1, c = y0 / 8.0f - 1, d = y1 / 8.0f - 1;
   const float v[6][2] = {{a, c}, {b, c}, {b, d}, {a, c}, {b, d}, {a, d}};
   return zkvt_buffer(t, v, sizeof(v));
}

struct scene {
   struct zkv_program *p;
   struct zkv_image *rt;
   struct zkv_image_view *rv;
   struct zkv_draw_state st;
};

static bool
scene_init(struct zkvt *t, struct scene *s)
{
   s->p = zkvt_program(t, vs_rect, fs_white);
   s->rt = zkvt_target(t, 16, 16, VK_FORMAT_R8G8B8A8_UNORM, &s->rv);
   if (!s->p || !s->rt)
      return false;
   zkv_draw_state_init(&s->st);
   s->st.program = s->p;
   s->st.vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   s->st.framebuffer.color[0] = s->rv;
   s->st.framebuffer.width = 16;
   s->st.framebuffer.height = 16;
   return true;
}

static void
scene_draw(struct zkvt *t, struct scene *s, struct zkv_buffer *vb)
{
   s->st.vertex_bindings[0] = (struct zkv_vertex_binding){vb, 0, 8, false, 0};
   const struct zkv_draw_info info = {0};
   const struct zkv_draw_range r = {0, 6, 0};
   zkv_draw(t->ctx, &s->st, &info, &r, 1);
}

static void
scene_finish(struct scene *s)
{
   zkv_image_view_destroy(s->rv);
   zkv_image_destroy(s->rt);
   zkv_program_destroy(s->p);
}

TEST(occlusion_across_flushes)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct scene s;
   REQUIRE(scene_init(&t, &s));
   struct zkv_buffer *a = rect(&t, 2, 3, 7, 9);   /* 5 x 6 = 30 */
   struct zkv_buffer *b = rect(&t, 8, 8, 16, 12); /* 8 x 4 = 32 */
   VkResult r;
   struct zkv_query *q = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_COUNT, 0, &r);
   struct zkv_query *any = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_ANY, 0, &r);
   REQUIRE(q && any && a && b);
   zkv_query_begin(t.ctx, q);
   scene_draw(&t, &s, a);
   zkv_fence_destroy(zkv_flush(t.ctx)); /* the query goes on in the next batch */
   scene_draw(&t, &s, b);
   zkv_query_end(t.ctx, q);
   uint64_t v = 0;
   CHECK(zkv_query_result(t.ctx, q, true, &v));
   CHECK_EQ(v, 62);
   /* nothing drawn: zero, and ANY is 0 then 1 */
   zkv_query_begin(t.ctx, any);
   zkv_query_end(t.ctx, any);
   CHECK(zkv_query_result(t.ctx, any, true, &v));
   CHECK_EQ(v, 0);
   zkv_query_begin(t.ctx, any);
   scene_draw(&t, &s, a);
   zkv_query_end(t.ctx, any);
   CHECK(zkv_query_result(t.ctx, any, true, &v));
   CHECK_EQ(v, 1);
   /* into a buffer (GL_QUERY_BUFFER), 32-bit */
   zkv_query_begin(t.ctx, q);
   scene_draw(&t, &s, b);
   zkv_query_end(t.ctx, q);
   struct zkv_buffer *qb = zkvt_buffer(&t, NULL, 16);
   zkv_query_result_to_buffer(t.ctx, q, qb, 4, false);
   uint32_t words[4];
   zkv_buffer_read(t.ctx, qb, 0, 16, words);
   CHECK_EQ(words[1], 32);
   CHECK_EQ(words[2], 0);
   zkv_query_destroy(q);
   zkv_query_destroy(any);
   zkv_buffer_destroy(qb);
   zkv_buffer_destroy(a);
   zkv_buffer_destroy(b);
   scene_finish(&s);
   zkvt_finish(&t);
}

/* GL runs SAMPLES_PASSED and ANY_SAMPLES_PASSED at once, overlapping; each
 * counts only the draws inside its own begin/end, across a flush too. */
TEST(overlapping_occlusion_queries)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct scene s;
   REQUIRE(scene_init(&t, &s));
   struct zkv_buffer *a = rect(&t, 0, 0, 2, 5);   /* 10 */
   struct zkv_buffer *b = rect(&t, 4, 4, 8, 8);   /* 16 */
   struct zkv_buffer *c = rect(&t, 10, 0, 13, 1); /* 3 */
   VkResult r;
   struct zkv_query *q1 = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_COUNT, 0, &r);
   struct zkv_query *q2 = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_COUNT, 0, &r);
   struct zkv_query *any = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_ANY, 0, &r);
   REQUIRE(a && b && c && q1 && q2 && any);
   zkv_query_begin(t.ctx, q1);
   scene_draw(&t, &s, a);              /* q1 */
   zkv_query_begin(t.ctx, q2);
   zkv_query_begin(t.ctx, any);
   scene_draw(&t, &s, b);              /* q1, q2, any */
   zkv_query_end(t.ctx, q1);
   zkv_fence_destroy(zkv_flush(t.ctx));
   scene_draw(&t, &s, c);              /* q2, any */
   zkv_query_end(t.ctx, any);
   scene_draw(&t, &s, a);              /* q2 */
   zkv_query_end(t.ctx, q2);
   uint64_t v1 = 0, v2 = 0, va = 0;
   CHECK(zkv_query_result(t.ctx, q1, true, &v1));
   CHECK(zkv_query_result(t.ctx, q2, true, &v2));
   CHECK(zkv_query_result(t.ctx, any, true, &va));
   CHECK_EQ(v1, 10 + 16);
   CHECK_EQ(v2, 16 + 3 + 10);
   CHECK_EQ(va, 1);
   if (t.caps->pipeline_statistics) {
      /* primitives generated and a pipeline statistic at once */
      struct zkv_query *pg = zkv_query_create(t.ctx, ZKV_QUERY_PRIMITIVES_GENERATED, 0, &r);
      struct zkv_query *vs = zkv_query_create(
         t.ctx, ZKV_QUERY_PIPELINE_STATISTIC,
         VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT, &r);
      REQUIRE(pg && vs);
      zkv_query_begin(t.ctx, vs);
      scene_draw(&t, &s, a);           /* vs: 6 vertices */
      zkv_query_begin(t.ctx, pg);
      scene_draw(&t, &s, b);           /* vs: 6, pg: 2 */
      zkv_query_end(t.ctx, vs);
      scene_draw(&t, &s, c);           /* pg: 2 */
      zkv_query_end(t.ctx, pg);
      CHECK(zkv_query_result(t.ctx, vs, true, &v1));
      CHECK(zkv_query_result(t.ctx, pg, true, &v2));
      CHECK_EQ(v1, 12);
      CHECK_EQ(v2, 4);
      zkv_query_destroy(pg);
      zkv_query_destroy(vs);
   }
   zkv_query_destroy(q1);
   zkv_query_destroy(q2);
   zkv_query_destroy(any);
   zkv_buffer_destroy(a);
   zkv_buffer_destroy(b);
   zkv_buffer_destroy(c);
   scene_finish(&s);
   zkvt_finish(&t);
}

TEST(timestamps_and_statistics)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct scene s;
   REQUIRE(scene_init(&t, &s));
   struct zkv_buffer *a = rect(&t, 0, 0, 16, 16);
   REQUIRE(a);
   VkResult r;
   if (t.caps->timestamps) {
      struct zkv_query *t0 = zkv_query_create(t.ctx, ZKV_QUERY_TIMESTAMP, 0, &r);
      struct zkv_query *t1 = zkv_query_create(t.ctx, ZKV_QUERY_TIMESTAMP, 0, &r);
      struct zkv_query *el = zkv_query_create(t.ctx, ZKV_QUERY_TIME_ELAPSED, 0, &r);
      REQUIRE(t0 && t1 && el);
      zkv_query_timestamp(t.ctx, t0);
      zkv_query_begin(t.ctx, el);
      for (int i = 0; i < 20; i++)
         scene_draw(&t, &s, a);
      zkv_query_end(t.ctx, el);
      zkv_query_timestamp(t.ctx, t1);
      uint64_t v0 = 0, v1 = 0, e = 0;
      CHECK(zkv_query_result(t.ctx, t0, true, &v0));
      CHECK(zkv_query_result(t.ctx, t1, true, &v1));
      CHECK(zkv_query_result(t.ctx, el, true, &e));
      CHECK(v1 > v0);
      CHECK(e > 0 && e <= v1 - v0);
      zkv_query_destroy(t0);
      zkv_query_destroy(t1);
      zkv_query_destroy(el);
   } else {
      printf("timestamps: the device has no timestamp queries\n");
   }
   if (t.caps->pipeline_statistics) {
      struct zkv_query *ia = zkv_query_create(
         t.ctx, ZKV_QUERY_PIPELINE_STATISTIC,
         VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT, &r);
      struct zkv_query *pg = zkv_query_create(t.ctx, ZKV_QUERY_PRIMITIVES_GENERATED, 0, &r);
      REQUIRE(ia && pg);
      zkv_query_begin(t.ctx, ia);
      for (int i = 0; i < 3; i++)
         scene_draw(&t, &s, a);
      zkv_query_end(t.ctx, ia);
      zkv_query_begin(t.ctx, pg);
      for (int i = 0; i < 3; i++)
         scene_draw(&t, &s, a);
      /* GL counts them with rasterizer discard too (GL 4.6, 13.3) */
      s.st.rasterizer_discard = true;
      for (int i = 0; i < 2; i++)
         scene_draw(&t, &s, a);
      s.st.rasterizer_discard = false;
      zkv_query_end(t.ctx, pg);
      uint64_t v = 0;
      CHECK(zkv_query_result(t.ctx, ia, true, &v));
      CHECK_EQ(v, 6);
      CHECK(zkv_query_result(t.ctx, pg, true, &v));
      CHECK_EQ(v, 10);
      zkv_query_destroy(ia);
      zkv_query_destroy(pg);
   } else {
      printf("statistics: the device has no pipeline statistics queries\n");
   }
   /* a bad statistic is refused, not a crash */
   CHECK(!zkv_query_create(t.ctx, ZKV_QUERY_PIPELINE_STATISTIC, 3, &r));
   zkv_buffer_destroy(a);
   scene_finish(&s);
   zkvt_finish(&t);
}

/* GL_PRIMITIVES_GENERATED counts what the geometry shader emits: two
 * triangles per input triangle here. Devices without geometry shaders
 * (kiln until branch gsxfb lands) skip it. */
TEST(primitives_generated_by_a_geometry_shader)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   if (!t.caps->features.geometryShader || !t.caps->pipeline_statistics) {
      test_skip("the device has no geometry shaders or no pipeline statistics");
      zkvt_finish(&t);
      return;
   }
   static const char gs[] = "#version 450 core\n"
                            "layout(triangles) in;\n"
                            "layout(triangle_strip, max_vertices = 6) out;\n"
                            "void main() {\n"
                            "   for (int k = 0; k < 2; k++) {\n"
                            "      for (int i = 0; i < 3; i++) {\n"
                            "         gl_Position = gl_in[i].gl_Position;\n"
                            "         EmitVertex();\n"
                            "      }\n"
                            "      EndPrimitive();\n"
                            "   }\n"
                            "}\n";
   struct zkv_program *p = zkvt_program_gs(&t, vs_rect, gs, fs_white);
   struct scene s;
   REQUIRE(p && scene_init(&t, &s));
   struct zkv_buffer *a = rect(&t, 0, 0, 16, 16);
   VkResult r;
   struct zkv_query *pg = zkv_query_create(t.ctx, ZKV_QUERY_PRIMITIVES_GENERATED, 0, &r);
   REQUIRE(a && pg);
   s.st.program = p;
   zkv_query_begin(t.ctx, pg);
   scene_draw(&t, &s, a); /* 2 triangles in, 4 out */
   s.st.rasterizer_discard = true;
   scene_draw(&t, &s, a);
   zkv_query_end(t.ctx, pg);
   uint64_t v = 0;
   CHECK(zkv_query_result(t.ctx, pg, true, &v));
   CHECK_EQ(v, 8);
   zkv_query_destroy(pg);
   zkv_buffer_destroy(a);
   zkv_program_destroy(p);
   scene_finish(&s);
   zkvt_finish(&t);
}

/* GL 4.6, 10.10: with a query that passed no samples the draw is skipped,
 * with one that passed some it happens; inverted swaps them. The query of
 * one piece goes through the device predicate, the one split by a flush
 * through the host. */
TEST(conditional_rendering)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct scene s;
   REQUIRE(scene_init(&t, &s));
   struct zkv_buffer *none = rect(&t, 0, 0, 0, 0), *left = rect(&t, 0, 0, 8, 16),
                     *right = rect(&t, 8, 0, 16, 16);
   VkResult r;
   struct zkv_query *zero = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_ANY, 0, &r);
   struct zkv_query *some = zkv_query_create(t.ctx, ZKV_QUERY_OCCLUSION_COUNT, 0, &r);
   REQUIRE(zero && some && none && left && right);
   for (int split = 0; split < 2; split++) {
      for (int inverted = 0; inverted < 2; inverted++) {
         const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
         zkv_clear(t.ctx, &s.st, 1, &black, 0, 0, 0, NULL);
         zkv_query_begin(t.ctx, zero);
         if (split)
            zkv_fence_destroy(zkv_flush(t.ctx));
         scene_draw(&t, &s, none);
         zkv_query_end(t.ctx, zero);
         zkv_query_begin(t.ctx, some);
         if (split)
            zkv_fence_destroy(zkv_flush(t.ctx));
         scene_draw(&t, &s, none);
         scene_draw(&t, &s, left);
         zkv_query_end(t.ctx, some);
         zkv_clear(t.ctx, &s.st, 1, &black, 0, 0, 0, NULL);
         /* left half drawn only if `some` passed, right half only if `zero` did */
         zkv_render_condition(t.ctx, some, inverted, true);
         scene_draw(&t, &s, left);
         zkv_render_condition(t.ctx, zero, inverted, true);
         scene_draw(&t, &s, right);
         zkv_render_condition(t.ctx, NULL, false, false);
         uint8_t got[16 * 16 * 4];
         zkvt_read(&t, s.rt, 16, 16, got);
         const bool left_drawn = got[(8 * 16 + 2) * 4] == 255;
         const bool right_drawn = got[(8 * 16 + 12) * 4] == 255;
         char what[64];
         snprintf(what, sizeof(what), "split %d inverted %d", split, inverted);
         if (left_drawn != !inverted || right_drawn != (bool)inverted)
            test_fail(__FILE__, __LINE__, "%s: left %d right %d", what, left_drawn, right_drawn);
      }
   }
   zkv_query_destroy(zero);
   zkv_query_destroy(some);
   zkv_buffer_destroy(none);
   zkv_buffer_destroy(left);
   zkv_buffer_destroy(right);
   scene_finish(&s);
   zkvt_finish(&t);
}

/* Compute with the draw binding model: an SSBO written per invocation, a
 * texel buffer read, and an indirect dispatch. */
TEST(compute_dispatch)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char cs[] = "#version 450 core\n"
                            "layout(local_size_x = 8) in;\n"
                            "layout(std430, binding = 1) buffer Out { uint v[]; };\n"
                            "layout(binding = 2) uniform usamplerBuffer tb;\n"
                            "uniform uint k;\n"
                            "void main() {\n"
                            "   uint i = gl_GlobalInvocationID.x;\n"
                            "   v[i] = i * k + texelFetch(tb, int(i)).x;\n"
                            "}\n";
   struct zkv_program *p = zkvt_compute(&t, cs);
   REQUIRE(p);
   uint32_t texels[64];
   for (int i = 0; i < 64; i++)
      texels[i] = 1000u * (uint32_t)i;
   struct zkv_buffer *tbuf = zkvt_buffer(&t, texels, sizeof(texels));
   struct zkv_buffer *out = zkvt_buffer(&t, NULL, 64 * 4);
   VkResult r;
   struct zkv_buffer_view *tv =
      zkv_buffer_view_create(t.screen, tbuf, VK_FORMAT_R32_UINT, 0, 0, &r);
   REQUIRE(tbuf && out && tv);
   uint8_t block[16] = {0};
   const uint32_t k = 3;
   memcpy(block + zkvt_uniform_offset(&t, "k"), &k, 4);
   struct zkv_bindings *b = calloc(1, sizeof(*b));
   REQUIRE(zkv_upload_transient(t.ctx, block, t.uniforms_size_B, 256, &b->set[0][0].buffer,
                                &b->set[0][0].offset_B));
   b->set[0][0].range_B = t.uniforms_size_B;
   b->set[2][1].buffer = out;
   b->set[1][2].buffer_view = tv;
   zkv_dispatch(t.ctx, p, b, 4, 1, 1); /* 32 invocations */
   const uint32_t groups[3] = {4, 1, 1};
   struct zkv_buffer *ind = zkvt_buffer(&t, groups, sizeof(groups));
   b->set[2][1].offset_B = 32 * 4; /* the second half */
   zkv_dispatch_indirect(t.ctx, p, b, ind, 0);
   uint32_t got[64];
   zkv_buffer_read(t.ctx, out, 0, sizeof(got), got);
   bool ok = true;
   for (uint32_t i = 0; i < 64; i++) {
      const uint32_t j = i % 32;
      ok &= got[i] == j * k + 1000u * j;
   }
   CHECK(ok);
   free(b);
   zkv_buffer_view_destroy(tv);
   zkv_buffer_destroy(tbuf);
   zkv_buffer_destroy(out);
   zkv_buffer_destroy(ind);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* Transform feedback (VK_EXT_transform_feedback): each vertex captures
 * vec4(pos, id, 1); the XFB query counts the triangles written; a second
 * pass resumes at the counter; glDrawTransformFeedback draws what was
 * captured. */
TEST(transform_feedback)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   if (!t.caps->transform_feedback) {
      test_skip("the device does not advertise VK_EXT_transform_feedback");
      zkvt_finish(&t);
      return;
   }
   static const char vs[] =
      "#version 450 core\n"
      "layout(location = 0) in vec2 pos;\n"
      "layout(xfb_buffer = 0, xfb_offset = 0, xfb_stride = 16) out vec4 cap;\n"
      "void main() { cap = vec4(pos, float(gl_VertexID), 1.0); gl_Position = vec4(pos, 0, 1); }\n";
   static const char fs[] = "#version 450 core\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(1); }\n";
   struct zkv_program *p = zkvt_program(&t, vs, fs);
   REQUIRE(p);
   struct scene s;
   REQUIRE(scene_init(&t, &s));
   struct zkv_buffer *a = rect(&t, 0, 0, 4, 4);
   struct zkv_buffer *xb = zkvt_buffer(&t, NULL, 1024);
   VkResult r;
   struct zkv_xfb_target *tgt = zkv_xfb_target_create(t.screen, xb, 64, 0, &r);
   struct zkv_query *w = zkv_query_create(t.ctx, ZKV_QUERY_XFB_PRIMITIVES_WRITTEN, 0, &r);
   REQUIRE(a && xb && tgt && w);
   s.st.program = p;
   s.st.xfb_active = true;
   s.st.xfb_targets[0] = tgt;
   zkv_query_begin(t.ctx, w);
   scene_draw(&t, &s, a);
   zkv_memory_barrier(t.ctx); /* ends the scope: capture pauses, the counter is written */
   scene_draw(&t, &s, a);    /* resumes after the first 6 vertices */
   zkv_query_end(t.ctx, w);
   s.st.xfb_active = false;
   uint64_t n = 0;
   CHECK(zkv_query_result(t.ctx, w, true, &n));
   CHECK_EQ(n, 4);
   float got[12 * 4];
   zkv_buffer_read(t.ctx, xb, 64, sizeof(got), got);
   const float *v = NULL;
   float verts[6][2];
   zkv_buffer_read(t.ctx, a, 0, sizeof(verts), verts);
   bool ok = true;
   for (int i = 0; i < 12; i++) {
      v = verts[i % 6];
      ok &= got[i * 4] == v[0] && got[i * 4 + 1] == v[1] && got[i * 4 + 2] == (float)(i % 6) &&
            got[i * 4 + 3] == 1.0f;
   }
   CHECK(ok);
   /* glDrawTransformFeedback: 12 vertices of 16 bytes captured, drawn as
    * points counted by an occlusion-free statistic: the vertex count. */
   if (t.caps->pipeline_statistics) {
      struct zkv_query *ia = zkv_query_create(
         t.ctx, ZKV_QUERY_PIPELINE_STATISTIC,
         VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT, &r);
      REQUIRE(ia);
      zkv_query_begin(t.ctx, ia);
      s.st.vertex_bindings[0] = (struct zkv_vertex_binding){xb, 64, 16, false, 0};
      const struct zkv_draw_info info = {.xfb_source = tgt, .xfb_stride_B = 16};
      zkv_draw(t.ctx, &s.st, &info, NULL, 0);
      zkv_query_end(t.ctx, ia);
      CHECK(zkv_query_result(t.ctx, ia, true, &n));
      CHECK_EQ(n, 12);
      zkv_query_destroy(ia);
   }
   zkv_query_destroy(w);
   zkv_xfb_target_destroy(tgt);
   zkv_buffer_destroy(a);
   zkv_buffer_destroy(xb);
   zkv_program_destroy(p);
   scene_finish(&s);
   zkvt_finish(&t);
}

/* A device that faults is lost: zkv reports VK_ERROR_DEVICE_LOST (GL's
 * GL_CONTEXT_LOST) and nothing hangs or crashes afterwards. The fault is a
 * shader that never ends, which kiln's watchdog (KILN_TDR_MS, shortened
 * here) turns into a lost device; other drivers may hang on it, so this
 * runs on kiln only. */
TEST(device_lost)
{
   setenv("KILN_TDR_MS", "300", 1);
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   if (!strstr(t.caps->device_name, "kiln")) {
      test_skip("only kiln promises a watchdog that reports a hang as a lost device");
      zkvt_finish(&t);
      return;
   }
   static const char cs[] = "#version 450 core\n"
                            "layout(local_size_x = 1) in;\n"
                            "layout(std430, binding = 0) buffer Out { uint v[]; };\n"
                            "void main() { while (v[0] == 0u) v[1] += 1u; }\n";
   struct zkv_program *p = zkvt_compute(&t, cs);
   struct zkv_buffer *out = zkvt_buffer(&t, NULL, 16);
   REQUIRE(p && out);
   struct zkv_bindings *b = calloc(1, sizeof(*b));
   b->set[2][0].buffer = out;
   zkv_dispatch(t.ctx, p, b, 1, 1, 1);
   struct zkv_fence *f = zkv_flush(t.ctx);
   REQUIRE(f);
   CHECK(zkv_fence_wait(f, 30ull * 1000 * 1000 * 1000)); /* a lost device counts as signalled */
   zkv_fence_destroy(f);
   uint32_t v = 0;
   zkv_buffer_read(t.ctx, out, 0, 4, &v); /* must return, whatever it reads */
   CHECK_EQ(zkv_context_status(t.ctx), VK_ERROR_DEVICE_LOST);
   /* later work is refused or dropped, never a crash or a hang */
   zkv_dispatch(t.ctx, p, b, 1, 1, 1);
   zkv_finish(t.ctx);
   free(b);
   zkv_buffer_destroy(out);
   zkv_program_destroy(p);
   /* zkvt_finish expects a healthy context: close by hand. */
   zkv_context_destroy(t.ctx);
   zkv_screen_destroy(t.screen);
}
