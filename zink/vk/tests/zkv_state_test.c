/* SPDX-License-Identifier: MIT */
/*
 * More draw state through zkv: stencil, provoking vertex, primitive
 * restart, indirect and multi-range draws, multisampling with a resolve,
 * cube maps, storage images, and two contexts ordered by a fence.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_test_util.h"

static const char vs_pos[] = "#version 450 core\n"
                             "layout(location = 0) in vec2 pos;\n"
                             "void main() { gl_Position = vec4(pos, 0, 1); }\n";
static const char fs_uniform[] = "#version 450 core\n"
                                 "uniform vec4 color;\n"
                                 "out vec4 o;\n"
                                 "void main() { o = color; }\n";

struct rig {
   struct zkv_program *p;
   struct zkv_image *rt;
   struct zkv_image_view *rv;
   struct zkv_buffer *vb;
   struct zkv_draw_state st;
   uint32_t w, h;
};

static bool
rig_init(struct zkvt *t, struct rig *r, const char *vs, const char *fs, uint32_t w, uint32_t h,
         const void *verts, size_t verts_B, uint32_t stride_B)
{
   memset(r, 0, sizeof(*r));
   r->p = zkvt_program(t, vs, fs);
   r->rt = zkvt_target(t, w, h, VK_FORMAT_R8G8B8A8_UNORM, &r->rv);
   r->vb = zkvt_buffer(t, verts, verts_B);
   if (!r->p || !r->rt || !r->vb)
      return false;
   r->w = w;
   r->h = h;
   zkv_draw_state_init(&r->st);
   r->st.program = r->p;
   r->st.vertex_bindings[0] = (struct zkv_vertex_binding){r->vb, 0, stride_B, false, 0};
   r->st.vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   r->st.framebuffer.color[0] = r->rv;
   r->st.framebuffer.width = w;
   r->st.framebuffer.height = h;
   const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
   zkv_clear(t->ctx, &r->st, 1, &black, 0, 0, 0, NULL);
   return true;
}

static void
rig_finish(struct rig *r)
{
   zkv_image_view_destroy(r->rv);
   zkv_image_destroy(r->rt);
   zkv_buffer_destroy(r->vb);
   zkv_program_destroy(r->p);
}

static void
set_color(struct zkvt *t, struct zkv_draw_state *st, const float c[4])
{
   uint8_t block[16];
   memcpy(block + zkvt_uniform_offset(t, "color"), c, 16);
   struct zkv_descriptor *d = &st->bindings.set[0][0];
   zkv_upload_transient(t->ctx, block, 16, 256, &d->buffer, &d->offset_B);
   d->range_B = 16;
}

static void
draw(struct zkvt *t, const struct zkv_draw_state *st, uint32_t first, uint32_t count)
{
   const struct zkv_draw_info info = {0};
   const struct zkv_draw_range r = {first, count, 0};
   zkv_draw(t->ctx, st, &info, &r, 1);
}

/* Stencil: the left half writes 1 (REPLACE), then a full quad drawn where
 * stencil == 1 colours only the left half (GL 4.6, 17.3.5). */
TEST(stencil_test)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const float v[12][2] = {{-1, -1}, {0, -1}, {0, 1}, {-1, -1}, {0, 1}, {-1, 1},
                           {-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs_pos, fs_uniform, 8, 8, v, sizeof(v), 8));
   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x88F0 /* GL_DEPTH24_STENCIL8 */,
                             VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &fc));
   struct zkv_image_view *dv;
   struct zkv_image *ds = zkvt_target(&t, 8, 8, fc.format, &dv);
   REQUIRE(ds);
   r.st.framebuffer.depth_stencil = dv;
   zkv_clear(t.ctx, &r.st, 0, NULL, ZKV_CLEAR_STENCIL | ZKV_CLEAR_DEPTH, 1.0f, 0, NULL);
   r.st.stencil_test = true;
   r.st.stencil_front.pass_op = r.st.stencil_back.pass_op = VK_STENCIL_OP_REPLACE;
   r.st.stencil_front.reference = r.st.stencil_back.reference = 1;
   set_color(&t, &r.st, (const float[]){0, 0, 1, 1});
   draw(&t, &r.st, 0, 6);
   r.st.stencil_front.pass_op = r.st.stencil_back.pass_op = VK_STENCIL_OP_KEEP;
   r.st.stencil_front.compare_op = r.st.stencil_back.compare_op = VK_COMPARE_OP_EQUAL;
   set_color(&t, &r.st, (const float[]){1, 0, 0, 1});
   draw(&t, &r.st, 6, 6);
   uint8_t got[64 * 4];
   zkvt_read(&t, r.rt, 8, 8, got);
   bool ok = true;
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         ok &= got[(y * 8 + x) * 4] == (x < 4 ? 255 : 0) && got[(y * 8 + x) * 4 + 2] == (x < 4 ? 0 : 0);
   CHECK(ok);
   uint8_t stencil[64];
   const struct zkv_box box = {0, 0, 0, 8, 8, 1};
   zkv_image_readback(t.ctx, ds, 0, VK_IMAGE_ASPECT_STENCIL_BIT, &box, stencil, NULL);
   ok = true;
   for (int i = 0; i < 64; i++)
      ok &= stencil[i] == ((i % 8) < 4);
   CHECK(ok);
   zkv_image_view_destroy(dv);
   zkv_image_destroy(ds);
   rig_finish(&r);
   zkvt_finish(&t);
}

/* flat varyings take the provoking vertex's value: GL's default is the last
 * vertex (GL 4.6, 13.6), Vulkan's the first without VK_EXT_provoking_vertex. */
TEST(provoking_vertex)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char vs[] = "#version 450 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "layout(location = 1) in vec4 col;\n"
                            "flat out vec4 c;\n"
                            "void main() { c = col; gl_Position = vec4(pos, 0, 1); }\n";
   static const char fs[] = "#version 450 core\n"
                            "flat in vec4 c;\n"
                            "out vec4 o;\n"
                            "void main() { o = c; }\n";
   const float v[3][6] = {{-1, -1, 1, 0, 0, 1}, {3, -1, 0, 1, 0, 1}, {-1, 3, 0, 0, 1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs, fs, 4, 4, v, sizeof(v), 24));
   r.st.vertex_attribs[1] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 8};
   for (int last = 0; last < 2; last++) {
      if (last && !t.caps->provoking_vertex_last) {
         printf("provoking_vertex: no VK_EXT_provoking_vertex, last-vertex untested\n");
         continue;
      }
      r.st.provoking_vertex_last = last;
      draw(&t, &r.st, 0, 3);
      uint8_t got[16 * 4];
      zkvt_read(&t, r.rt, 4, 4, got);
      const uint8_t want[4] = {last ? 0 : 255, 0, last ? 255 : 0, 255};
      CHECK(memcmp(got + 5 * 4, want, 4) == 0);
   }
   rig_finish(&r);
   zkvt_finish(&t);
}

/* Primitive restart (0xffff) splits a strip; indirect and multi-range
 * draws give the same picture as direct ones. */
TEST(restart_indirect_multi)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   /* two separate quads as strips: left column and right column of a 4x2 grid */
   const float v[8][2] = {{-1, -1}, {-0.5f, -1}, {-1, 1}, {-0.5f, 1},
                          {0.5f, -1}, {1, -1},   {0.5f, 1}, {1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs_pos, fs_uniform, 8, 2, v, sizeof(v), 8));
   set_color(&t, &r.st, (const float[]){1, 1, 1, 1});
   const uint16_t idx[9] = {0, 1, 2, 3, 0xffff, 4, 5, 6, 7};
   struct zkv_buffer *ib = zkvt_buffer(&t, idx, sizeof(idx));
   REQUIRE(ib);
   uint8_t want[16 * 4];
   for (int i = 0; i < 16; i++) {
      const int x = i % 8;
      const uint8_t c = (x < 2 || x >= 6) ? 255 : 0;
      memcpy(want + i * 4, (const uint8_t[]){c, c, c, c}, 4);
   }
   r.st.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
   r.st.primitive_restart = true;
   struct zkv_draw_info info = {.indexed = true, .index_buffer = ib,
                                .index_type = VK_INDEX_TYPE_UINT16};
   const struct zkv_draw_range all = {0, 9, 0};
   zkv_draw(t.ctx, &r.st, &info, &all, 1);
   uint8_t got[16 * 4];
   zkvt_read(&t, r.rt, 8, 2, got);
   CHECK(zkvt_check_rgba8(got, want, 8, 2, 0, NULL, "restart"));

   /* the same as two indirect indexed draws (VkDrawIndexedIndirectCommand) */
   const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
   zkv_clear(t.ctx, &r.st, 1, &black, 0, 0, 0, NULL);
   const VkDrawIndexedIndirectCommand cmds[2] = {{4, 1, 0, 0, 0}, {4, 1, 5, 0, 0}};
   struct zkv_buffer *ind = zkvt_buffer(&t, cmds, sizeof(cmds));
   REQUIRE(ind);
   zkv_draw_indirect(t.ctx, &r.st, &info, ind, 0, 2, sizeof(cmds[0]), NULL, 0);
   zkvt_read(&t, r.rt, 8, 2, got);
   CHECK(zkvt_check_rgba8(got, want, 8, 2, 0, NULL, "indirect"));

   /* and as two ranges of a multi-draw, non-indexed with base 0 and 4 */
   zkv_clear(t.ctx, &r.st, 1, &black, 0, 0, 0, NULL);
   r.st.primitive_restart = false;
   const struct zkv_draw_info plain = {0};
   const struct zkv_draw_range ranges[2] = {{0, 4, 0}, {4, 4, 0}};
   zkv_draw(t.ctx, &r.st, &plain, ranges, 2);
   zkvt_read(&t, r.rt, 8, 2, got);
   CHECK(zkvt_check_rgba8(got, want, 8, 2, 0, NULL, "multi-draw"));

   /* indexed multi-draw: the same four indices twice, base vertex 0 and 4 */
   zkv_clear(t.ctx, &r.st, 1, &black, 0, 0, 0, NULL);
   const struct zkv_draw_range iranges[2] = {{0, 4, 0}, {0, 4, 4}};
   zkv_draw(t.ctx, &r.st, &info, iranges, 2);
   zkvt_read(&t, r.rt, 8, 2, got);
   CHECK(zkvt_check_rgba8(got, want, 8, 2, 0, NULL, "indexed multi-draw"));

   /* indirect with a count buffer that says 1: only the left quad */
   if (t.caps->draw_indirect_count) {
      zkv_clear(t.ctx, &r.st, 1, &black, 0, 0, 0, NULL);
      /* No restart index lies in the ranges drawn; lavapipe (Mesa 22.3)
       * draws nothing for the first command of a count draw with restart
       * enabled, so it is off here. */
      r.st.primitive_restart = false;
      const uint32_t one = 1;
      struct zkv_buffer *cb = zkvt_buffer(&t, &one, 4);
      zkv_draw_indirect(t.ctx, &r.st, &info, ind, 0, 2, sizeof(cmds[0]), cb, 0);
      zkvt_read(&t, r.rt, 8, 2, got);
      for (int i = 0; i < 16; i++)
         if (i % 8 >= 6)
            memset(want + i * 4, 0, 4);
      CHECK(zkvt_check_rgba8(got, want, 8, 2, 0, NULL, "indirect count"));
      zkv_buffer_destroy(cb);
   }
   zkv_buffer_destroy(ind);
   zkv_buffer_destroy(ib);
   rig_finish(&r);
   zkvt_finish(&t);
}

/* 4x MSAA: a triangle's inside is solid, and resolving through a blit
 * averages the samples (edge pixels lie between the two colours). */
TEST(multisample_resolve)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_4_BIT;
   if (!(t.caps->limits.framebufferColorSampleCounts & samples)) {
      test_skip("the device has no 4x colour multisampling");
      zkvt_finish(&t);
      return;
   }
   const float v[3][2] = {{-1, -1}, {1, -1}, {-1, 1}};
   struct zkv_program *p = zkvt_program(&t, vs_pos, fs_uniform);
   struct zkv_buffer *vb = zkvt_buffer(&t, v, sizeof(v));
   const struct zkv_image_desc md = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 8, 8, 1, 1, 1,
                                     samples, false, false, 0};
   VkResult res;
   struct zkv_image *ms = zkv_image_create(t.screen, &md, &res);
   REQUIRE(p && vb && ms);
   const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_2D};
   struct zkv_image_view *mv = zkv_image_view_create(t.screen, ms, &vd, &res);
   struct zkv_image *rt = zkvt_target(&t, 8, 8, VK_FORMAT_R8G8B8A8_UNORM, NULL);
   REQUIRE(mv && rt);
   struct zkv_draw_state st;
   zkv_draw_state_init(&st);
   st.program = p;
   st.vertex_bindings[0] = (struct zkv_vertex_binding){vb, 0, 8, false, 0};
   st.vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   st.framebuffer.color[0] = mv;
   st.framebuffer.width = st.framebuffer.height = 8;
   const VkClearColorValue black = {.float32 = {0, 0, 0, 1}};
   zkv_clear(t.ctx, &st, 1, &black, 0, 0, 0, NULL);
   set_color(&t, &st, (const float[]){1, 1, 1, 1});
   draw(&t, &st, 0, 3);
   const struct zkv_blit_region reg = {0, 0, 0, 8, 8, 1};
   zkv_image_blit(t.ctx, rt, 0, &reg, ms, 0, &reg, VK_IMAGE_ASPECT_COLOR_BIT, VK_FILTER_NEAREST);
   uint8_t got[64 * 4];
   zkvt_read(&t, rt, 8, 8, got);
   bool ok = true, partial = false;
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
         const uint8_t c = got[(y * 8 + x) * 4];
         if (x + y <= 6)
            ok &= c == 255; /* every sample inside */
         else if (x + y >= 8)
            ok &= c == 0;
         else
            partial |= c > 0 && c < 255; /* the diagonal: some samples */
      }
   CHECK(ok);
   CHECK(partial);
   zkv_image_view_destroy(mv);
   zkv_image_destroy(ms);
   zkv_image_destroy(rt);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* A cube map with one colour per face, sampled along the six axes (face
 * selection by the major axis, GL 4.6 table 8.19). */
TEST(cube_map)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char vs[] = "#version 450 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "out vec2 p;\n"
                            "void main() { p = pos; gl_Position = vec4(pos, 0, 1); }\n";
   static const char fs[] = "#version 450 core\n"
                            "layout(binding = 0) uniform samplerCube cube;\n"
                            "in vec2 p;\n"
                            "out vec4 o;\n"
                            "const vec3 dirs[6] = vec3[](vec3(1,0,0), vec3(-1,0,0), vec3(0,1,0),\n"
                            "                            vec3(0,-1,0), vec3(0,0,1), vec3(0,0,-1));\n"
                            "void main() { int i = int((p.x * 0.5 + 0.5) * 6.0);\n"
                            "              o = texture(cube, dirs[i]); }\n";
   const float v[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs, fs, 6, 1, v, sizeof(v), 8));
   const struct zkv_image_desc cd = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 6, 1,
                                     VK_SAMPLE_COUNT_1_BIT, true, false, 0};
   VkResult res;
   struct zkv_image *cube = zkv_image_create(t.screen, &cd, &res);
   REQUIRE(cube);
   uint8_t faces[6][4 * 4];
   for (int f = 0; f < 6; f++)
      for (int i = 0; i < 4; i++)
         memcpy(faces[f] + i * 4, (const uint8_t[]){(uint8_t)(40 * f + 10), (uint8_t)f, 7, 255}, 4);
   const struct zkv_box all = {0, 0, 0, 2, 2, 6};
   zkv_image_upload(t.ctx, cube, 0, VK_IMAGE_ASPECT_COLOR_BIT, &all, faces, NULL);
   const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_CUBE};
   struct zkv_image_view *cv = zkv_image_view_create(t.screen, cube, &vd, &res);
   const struct zkv_sampler_state ss = {.mag_filter = VK_FILTER_NEAREST,
                                        .min_filter = VK_FILTER_NEAREST,
                                        .mipmap_none = true,
                                        .address_u = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                        .address_v = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                        .address_w = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE};
   struct zkv_sampler *s = zkv_sampler_get(t.screen, &ss, &res);
   REQUIRE(cv && s);
   r.st.bindings.set[1][0] = (struct zkv_descriptor){.view = cv, .sampler = s};
   draw(&t, &r.st, 0, 6);
   uint8_t got[6 * 4];
   zkvt_read(&t, r.rt, 6, 1, got);
   uint8_t want[6 * 4];
   for (int f = 0; f < 6; f++)
      memcpy(want + f * 4, faces[f], 4);
   CHECK(zkvt_check_rgba8(got, want, 6, 1, 0, NULL, "cube faces"));
   zkv_image_view_destroy(cv);
   zkv_image_destroy(cube);
   rig_finish(&r);
   zkvt_finish(&t);
}

/* imageStore from compute into a storage image (set 3), read back. */
TEST(storage_image)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char cs[] = "#version 450 core\n"
                            "layout(local_size_x = 4, local_size_y = 4) in;\n"
                            "layout(binding = 2, rgba8) uniform writeonly image2D img;\n"
                            "void main() { ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                            "   imageStore(img, p, vec4(p.x / 255.0, p.y / 255.0, 1.0, 0.0)); }\n";
   struct zkv_program *p = zkvt_compute(&t, cs);
   struct zkv_image_view *v;
   struct zkv_image *img = zkvt_target(&t, 8, 8, VK_FORMAT_R8G8B8A8_UNORM, &v);
   REQUIRE(p && img);
   struct zkv_bindings *b = calloc(1, sizeof(*b));
   b->set[3][2].view = v;
   zkv_dispatch(t.ctx, p, b, 2, 2, 1);
   uint8_t got[64 * 4], want[64 * 4];
   zkvt_read(&t, img, 8, 8, got);
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++)
         memcpy(want + (y * 8 + x) * 4, (const uint8_t[]){(uint8_t)x, (uint8_t)y, 255, 0}, 4);
   CHECK(zkvt_check_rgba8(got, want, 8, 8, 0, NULL, "imageStore"));
   free(b);
   zkv_image_view_destroy(v);
   zkv_image_destroy(img);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* Two contexts of one screen: the second copies what the first wrote,
 * ordered by the first's fence (glWaitSync). */
TEST(two_contexts_and_a_fence)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   VkResult res;
   struct zkv_context *other = zkv_context_create(t.screen, &res);
   REQUIRE(other);
   struct zkv_buffer *a = zkvt_buffer(&t, NULL, 256), *b = zkvt_buffer(&t, NULL, 256);
   REQUIRE(a && b);
   const uint32_t word = 0x600dcafe;
   zkv_buffer_clear(t.ctx, a, 0, 256, &word, 4);
   struct zkv_fence *f = zkv_flush(t.ctx);
   REQUIRE(f);
   zkv_context_wait_fence(other, f);
   zkv_buffer_copy(other, b, 0, a, 0, 256);
   uint32_t got[64];
   zkv_buffer_read(other, b, 0, sizeof(got), got);
   bool ok = true;
   for (int i = 0; i < 64; i++)
      ok &= got[i] == word;
   CHECK(ok);
   CHECK(zkv_fence_signalled(f));
   zkv_fence_destroy(f);
   zkv_buffer_destroy(a);
   zkv_buffer_destroy(b);
   CHECK_EQ(zkv_context_status(other), VK_SUCCESS);
   zkv_context_destroy(other);
   zkvt_finish(&t);
}

/* Logic ops (GL 4.6, 17.3.9): XOR of the fragment's colour with the
 * target's, exactly, for UNORM8; rasterizer discard draws nothing. */
TEST(logic_op_and_discard)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   if (!t.caps->features.logicOp) {
      test_skip("the device has no logic ops");
      zkvt_finish(&t);
      return;
   }
   const float v[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs_pos, fs_uniform, 4, 4, v, sizeof(v), 8));
   const VkClearColorValue c = {.float32 = {0x5a / 255.0f, 0xf0 / 255.0f, 0x0f / 255.0f, 1}};
   zkv_clear(t.ctx, &r.st, 1, &c, 0, 0, 0, NULL);
   set_color(&t, &r.st, (const float[]){0xff / 255.0f, 0x3c / 255.0f, 0x0f / 255.0f, 0});
   r.st.logic_op_enable = true;
   r.st.logic_op = VK_LOGIC_OP_XOR;
   draw(&t, &r.st, 0, 6);
   r.st.logic_op_enable = false;
   r.st.rasterizer_discard = true;
   set_color(&t, &r.st, (const float[]){0, 0, 0, 0});
   draw(&t, &r.st, 0, 6);
   uint8_t got[16 * 4], want[16 * 4];
   zkvt_read(&t, r.rt, 4, 4, got);
   for (int i = 0; i < 16; i++)
      memcpy(want + i * 4, (const uint8_t[]){0x5a ^ 0xff, 0xf0 ^ 0x3c, 0x0f ^ 0x0f, 0xff}, 4);
   CHECK(zkvt_check_rgba8(got, want, 4, 4, 0, NULL, "xor"));
   rig_finish(&r);
   zkvt_finish(&t);
}

/* GL_DEPTH_CLAMP (GL 4.6, 13.7): a quad beyond the far plane is drawn,
 * its depth clamped to the far value; without it the quad is clipped. */
TEST(depth_clamp)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   if (!t.caps->features.depthClamp) {
      test_skip("the device has no depth clamp");
      zkvt_finish(&t);
      return;
   }
   static const char vs[] = "#version 450 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "void main() { gl_Position = vec4(pos, 1.5, 1); }\n";
   const float v[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs, fs_uniform, 4, 4, v, sizeof(v), 8));
   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x8CAC /* GL_DEPTH_COMPONENT32F */,
                             VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &fc));
   struct zkv_image_view *dv;
   struct zkv_image *ds = zkvt_target(&t, 4, 4, fc.format, &dv);
   REQUIRE(ds);
   r.st.framebuffer.depth_stencil = dv;
   r.st.depth_test = true;
   r.st.depth_compare = VK_COMPARE_OP_ALWAYS;
   r.st.clip_negative_one_to_one = t.caps->depth_clip_control;
   set_color(&t, &r.st, (const float[]){1, 1, 1, 1});
   for (int clamp = 0; clamp < 2; clamp++) {
      const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
      zkv_clear(t.ctx, &r.st, 1, &black, ZKV_CLEAR_DEPTH, 0.25f, 0, NULL);
      r.st.depth_clamp = clamp;
      draw(&t, &r.st, 0, 6);
      uint8_t got[16 * 4];
      zkvt_read(&t, r.rt, 4, 4, got);
      float depth[16];
      const struct zkv_box box = {0, 0, 0, 4, 4, 1};
      zkv_image_readback(t.ctx, ds, 0, VK_IMAGE_ASPECT_DEPTH_BIT, &box, depth, NULL);
      CHECK_EQ(got[5 * 4], clamp ? 255 : 0);
      CHECK(depth[5] == (clamp ? 1.0f : 0.25f));
   }
   zkv_image_view_destroy(dv);
   zkv_image_destroy(ds);
   rig_finish(&r);
   zkvt_finish(&t);
}

/* Polygon offset (GL 4.6, 14.6.5): a quad drawn again at the same depth
 * with LESS fails, and passes with a negative constant offset (r, the
 * minimum resolvable difference, is positive whatever the device). */
TEST(depth_bias)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const float v[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   struct rig r;
   REQUIRE(rig_init(&t, &r, vs_pos, fs_uniform, 4, 4, v, sizeof(v), 8));
   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x81A6 /* GL_DEPTH_COMPONENT24 */,
                             VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &fc));
   struct zkv_image_view *dv;
   struct zkv_image *ds = zkvt_target(&t, 4, 4, fc.format, &dv);
   REQUIRE(ds);
   r.st.framebuffer.depth_stencil = dv;
   r.st.depth_test = true;
   r.st.depth_compare = VK_COMPARE_OP_LESS;
   r.st.clip_negative_one_to_one = t.caps->depth_clip_control;
   for (int bias = 0; bias < 2; bias++) {
      const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
      zkv_clear(t.ctx, &r.st, 1, &black, ZKV_CLEAR_DEPTH, 1.0f, 0, NULL);
      r.st.depth_bias_enable = false;
      set_color(&t, &r.st, (const float[]){1, 0, 0, 1});
      draw(&t, &r.st, 0, 6);
      r.st.depth_bias_enable = bias;
      r.st.depth_bias_constant = -4.0f;
      set_color(&t, &r.st, (const float[]){0, 1, 0, 1});
      draw(&t, &r.st, 0, 6);
      uint8_t got[16 * 4];
      zkvt_read(&t, r.rt, 4, 4, got);
      CHECK_EQ(got[5 * 4 + 1], bias ? 255 : 0);
   }
   zkv_image_view_destroy(dv);
   zkv_image_destroy(ds);
   rig_finish(&r);
   zkvt_finish(&t);
}
