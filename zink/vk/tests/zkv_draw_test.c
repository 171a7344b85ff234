/* SPDX-License-Identifier: MIT */
/*
 * Drawing through zkv: clears, a triangle from a vertex buffer (on an FBO
 * and on a flipped window-system framebuffer), indexed and instanced draws
 * with base vertex/instance, textures and samplers, uniform buffers and the
 * default uniform block, the depth test with GL's -1..1 depth, blending and
 * face culling. Every expected picture is computed here from the spec's
 * rules.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "zkv_test_util.h"

#define W 32
#define H 32

static const char vs_pos_color[] =
   "#version 450 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 1) in vec4 color;\n"
   "out vec4 c;\n"
   "void main() { c = color; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_color[] = "#version 450 core\n"
                               "in vec4 c;\n"
                               "out vec4 o;\n"
                               "void main() { o = c; }\n";

struct vtx {
   float x, y;
   float r, g, b, a;
};

static void
pos_color_state(struct zkv_draw_state *st, struct zkv_program *p, struct zkv_buffer *vb,
                struct zkv_image_view *rt)
{
   zkv_draw_state_init(st);
   st->program = p;
   st->vertex_bindings[0] = (struct zkv_vertex_binding){vb, 0, sizeof(struct vtx), false, 0};
   st->vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   st->vertex_attribs[1] =
      (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 8};
   st->framebuffer.color[0] = rt;
   st->framebuffer.width = W;
   st->framebuffer.height = H;
}

static void
fill_rgba8(uint8_t *px, uint32_t n, const uint8_t c[4])
{
   for (uint32_t i = 0; i < n; i++)
      memcpy(px + i * 4, c, 4);
}

TEST(clear_whole_and_rect)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct zkv_image_view *view;
   struct zkv_image *img = zkvt_target(&t, W, H, VK_FORMAT_R8G8B8A8_UNORM, &view);
   REQUIRE(img && view);
   for (int flip = 0; flip < 2; flip++) {
      struct zkv_draw_state st;
      zkv_draw_state_init(&st);
      st.framebuffer.color[0] = view;
      st.framebuffer.width = W;
      st.framebuffer.height = H;
      st.framebuffer.flip_y = flip;
      const VkClearColorValue blue = {.float32 = {0, 0, 1, 1}};
      const VkClearColorValue red = {.float32 = {1, 0, 0, 1}};
      zkv_clear(t.ctx, &st, 1, &blue, 0, 0, 0, NULL);
      /* GL window rectangle: x 4..12, y 2..8 (lower-left origin). */
      const struct zkv_rect rect = {4, 2, 8, 6};
      zkv_clear(t.ctx, &st, 1, &red, 0, 0, 0, &rect);
      uint8_t got[W * H * 4], want[W * H * 4];
      zkvt_read(&t, img, W, H, got);
      fill_rgba8(want, W * H, (const uint8_t[]){0, 0, 255, 255});
      for (int y = 2; y < 8; y++) {
         const int row = flip ? H - 1 - y : y; /* image rows top to bottom */
         for (int x = 4; x < 12; x++)
            memcpy(want + (row * W + x) * 4, (const uint8_t[]){255, 0, 0, 255}, 4);
      }
      CHECK(zkvt_check_rgba8(got, want, W, H, 0, NULL, flip ? "flipped clear" : "fbo clear"));
   }
   zkv_image_view_destroy(view);
   zkv_image_destroy(img);
   zkvt_finish(&t);
}

/* NDC -> framebuffer coordinates (Vulkan 1.3, 24.5), flipped or not. */
static void
to_fb(const float ndc[3][2], bool flip, float out[3][2])
{
   for (int i = 0; i < 3; i++) {
      out[i][0] = (ndc[i][0] + 1.0f) * 0.5f * W;
      const float y = (ndc[i][1] + 1.0f) * 0.5f * H;
      out[i][1] = flip ? H - y : y;
   }
}

TEST(triangle_from_vertex_buffer)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct zkv_program *p = zkvt_program(&t, vs_pos_color, fs_color);
   REQUIRE(p);
   const float ndc[3][2] = {{-0.8f, -0.7f}, {0.6f, -0.9f}, {0.1f, 0.75f}};
   const struct vtx v[3] = {{ndc[0][0], ndc[0][1], 0, 1, 0, 1},
                            {ndc[1][0], ndc[1][1], 0, 1, 0, 1},
                            {ndc[2][0], ndc[2][1], 0, 1, 0, 1}};
   struct zkv_buffer *vb = zkvt_buffer(&t, v, sizeof(v));
   struct zkv_image_view *view;
   struct zkv_image *img = zkvt_target(&t, W, H, VK_FORMAT_R8G8B8A8_UNORM, &view);
   REQUIRE(vb && img);
   for (int flip = 0; flip < 2; flip++) {
      struct zkv_draw_state st;
      pos_color_state(&st, p, vb, view);
      st.framebuffer.flip_y = flip;
      const VkClearColorValue black = {.float32 = {0, 0, 0, 1}};
      zkv_clear(t.ctx, &st, 1, &black, 0, 0, 0, NULL);
      const struct zkv_draw_info info = {0};
      const struct zkv_draw_range r = {0, 3, 0};
      zkv_draw(t.ctx, &st, &info, &r, 1);
      uint8_t got[W * H * 4], want[W * H * 4], cov[W * H], dont[W * H];
      zkvt_read(&t, img, W, H, got);
      float fb[3][2];
      to_fb(ndc, flip, fb);
      zkvt_coverage(W, H, fb, 0.05f, cov);
      for (int i = 0; i < W * H; i++) {
         const uint8_t in[4] = {0, 255, 0, 255}, out[4] = {0, 0, 0, 255};
         memcpy(want + i * 4, cov[i] ? in : out, 4);
         dont[i] = cov[i] == 2;
      }
      CHECK(zkvt_check_rgba8(got, want, W, H, 0, dont, flip ? "flipped" : "fbo"));
   }
   zkv_image_view_destroy(view);
   zkv_image_destroy(img);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* Four quads from one index buffer: instance i lands in quadrant i (a per
 * instance offset and colour), drawn with base instance 1 so quadrant 0
 * stays empty, and base vertex 4 picking the second copy of the corners. */
TEST(indexed_instanced_base_vertex_instance)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char vs[] = "#version 450 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "layout(location = 1) in vec2 offset;\n"
                            "layout(location = 2) in vec4 color;\n"
                            "out vec4 c;\n"
                            "void main() { c = color; gl_Position = vec4(pos + offset, 0, 1); }\n";
   struct zkv_program *p = zkvt_program(&t, vs, fs_color);
   REQUIRE(p);
   /* Corners of a quad covering [-1, 0]^2, twice: the first copy is junk. */
   const float corners[8][2] = {{5, 5}, {5, 5}, {5, 5}, {5, 5},
                                {-1, -1}, {0, -1}, {0, 0}, {-1, 0}};
   const float inst[4][6] = {{0, 0, 1, 1, 1, 1},
                             {1, 0, 1, 0, 0, 1},
                             {0, 1, 0, 1, 0, 1},
                             {1, 1, 0, 0, 1, 1}};
   const uint16_t idx[6] = {0, 1, 2, 0, 2, 3};
   struct zkv_buffer *vb = zkvt_buffer(&t, corners, sizeof(corners));
   struct zkv_buffer *ib = zkvt_buffer(&t, inst, sizeof(inst));
   struct zkv_buffer *xb = zkvt_buffer(&t, idx, sizeof(idx));
   struct zkv_image_view *view;
   struct zkv_image *img = zkvt_target(&t, W, H, VK_FORMAT_R8G8B8A8_UNORM, &view);
   REQUIRE(vb && ib && xb && img);
   struct zkv_draw_state st;
   zkv_draw_state_init(&st);
   st.program = p;
   st.vertex_bindings[0] = (struct zkv_vertex_binding){vb, 0, 8, false, 0};
   st.vertex_bindings[1] = (struct zkv_vertex_binding){ib, 0, 24, true, 1};
   st.vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   st.vertex_attribs[1] = (struct zkv_vertex_attrib){true, 1, VK_FORMAT_R32G32_SFLOAT, 0};
   st.vertex_attribs[2] = (struct zkv_vertex_attrib){true, 1, VK_FORMAT_R32G32B32A32_SFLOAT, 8};
   st.framebuffer.color[0] = view;
   st.framebuffer.width = W;
   st.framebuffer.height = H;
   const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
   zkv_clear(t.ctx, &st, 1, &black, 0, 0, 0, NULL);
   const struct zkv_draw_info info = {
      .indexed = true,
      .index_buffer = xb,
      .index_type = VK_INDEX_TYPE_UINT16,
      .instance_count = 3,
      .base_instance = 1,
   };
   const struct zkv_draw_range r = {0, 6, 4};
   zkv_draw(t.ctx, &st, &info, &r, 1);
   uint8_t got[W * H * 4], want[W * H * 4];
   zkvt_read(&t, img, W, H, got);
   for (int y = 0; y < H; y++) {
      for (int x = 0; x < W; x++) {
         /* Quadrant by framebuffer position: instance = (x >= W/2) + 2 (y >= H/2). */
         const int i = (x >= W / 2) + 2 * (y >= H / 2);
         uint8_t c[4] = {0, 0, 0, 0};
         if (i > 0)
            for (int k = 0; k < 4; k++)
               c[k] = (uint8_t)(inst[i][2 + k] * 255.0f);
         memcpy(want + (y * W + x) * 4, c, 4);
      }
   }
   CHECK(zkvt_check_rgba8(got, want, W, H, 0, NULL, "instanced quads"));
   zkv_image_view_destroy(view);
   zkv_image_destroy(img);
   zkv_buffer_destroy(vb);
   zkv_buffer_destroy(ib);
   zkv_buffer_destroy(xb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

static const char vs_quad[] = "#version 450 core\n"
                              "layout(location = 0) in vec2 pos;\n"
                              "out vec2 uv;\n"
                              "void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0, 1); }\n";

/* A full-framebuffer quad (two triangles) in a vertex buffer. */
static struct zkv_buffer *
quad(struct zkvt *t)
{
   const float v[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};
   return zkvt_buffer(t, v, sizeof(v));
}

static void
quad_state(struct zkv_draw_state *st, struct zkv_program *p, struct zkv_buffer *vb,
           struct zkv_image_view *rt, uint32_t w, uint32_t h)
{
   zkv_draw_state_init(st);
   st->program = p;
   st->vertex_bindings[0] = (struct zkv_vertex_binding){vb, 0, 8, false, 0};
   st->vertex_attribs[0] = (struct zkv_vertex_attrib){true, 0, VK_FORMAT_R32G32_SFLOAT, 0};
   st->framebuffer.color[0] = rt;
   st->framebuffer.width = w;
   st->framebuffer.height = h;
}

static void
draw6(struct zkvt *t, const struct zkv_draw_state *st)
{
   const struct zkv_draw_info info = {0};
   const struct zkv_draw_range r = {0, 6, 0};
   zkv_draw(t->ctx, st, &info, &r, 1);
}

/* Nearest sampling of a 4x4 texture onto a 4x4 target reproduces it texel
 * for texel; linear sampling of a 2x2 texture onto 4x4 gives the bilinear
 * weights (1/4, 3/4) of GL 4.6, 8.14.2; a GL_ALPHA8 view's swizzle reads
 * (0, 0, 0, r). */
TEST(texture_sampling)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char fs[] = "#version 450 core\n"
                            "layout(binding = 3) uniform sampler2D tex;\n"
                            "in vec2 uv;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(tex, uv); }\n";
   struct zkv_program *p = zkvt_program(&t, vs_quad, fs);
   struct zkv_buffer *vb = quad(&t);
   REQUIRE(p && vb);
   uint8_t texels[16 * 4];
   for (int i = 0; i < 64; i++)
      texels[i] = (uint8_t)(i * 37 + 11);
   const struct zkv_image_desc td = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 1,
                                     VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *tex = zkv_image_create(t.screen, &td, &r);
   REQUIRE(tex);
   const struct zkv_box box = {0, 0, 0, 4, 4, 1};
   zkv_image_upload(t.ctx, tex, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, texels, NULL);
   const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_2D};
   struct zkv_image_view *tv = zkv_image_view_create(t.screen, tex, &vd, &r);
   struct zkv_sampler_state ss = {
      .mag_filter = VK_FILTER_NEAREST,
      .min_filter = VK_FILTER_NEAREST,
      .mipmap_none = true,
      .address_u = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .address_v = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .address_w = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
      .max_lod = 1000,
   };
   struct zkv_sampler *nearest = zkv_sampler_get(t.screen, &ss, &r);
   CHECK(nearest == zkv_sampler_get(t.screen, &ss, &r)); /* cached */
   struct zkv_image_view *rv;
   struct zkv_image *rt = zkvt_target(&t, 4, 4, VK_FORMAT_R8G8B8A8_UNORM, &rv);
   REQUIRE(tv && nearest && rt);
   struct zkv_draw_state st;
   quad_state(&st, p, vb, rv, 4, 4);
   st.bindings.set[1][3] = (struct zkv_descriptor){.view = tv, .sampler = nearest};
   draw6(&t, &st);
   uint8_t got[16 * 4];
   zkvt_read(&t, rt, 4, 4, got);
   CHECK(zkvt_check_rgba8(got, texels, 4, 4, 0, NULL, "nearest"));

   /* Linear: a 2x2 texture magnified to 4x4. */
   struct zkv_image_desc td2 = td;
   td2.width = td2.height = 2;
   struct zkv_image *tex2 = zkv_image_create(t.screen, &td2, &r);
   const uint8_t t2[16] = {0, 0, 0, 0, 200, 0, 0, 0, 0, 200, 0, 0, 200, 200, 200, 200};
   const struct zkv_box box2 = {0, 0, 0, 2, 2, 1};
   zkv_image_upload(t.ctx, tex2, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box2, t2, NULL);
   struct zkv_image_view *tv2 = zkv_image_view_create(t.screen, tex2, &vd, &r);
   ss.mag_filter = ss.min_filter = VK_FILTER_LINEAR;
   struct zkv_sampler *linear = zkv_sampler_get(t.screen, &ss, &r);
   REQUIRE(tex2 && tv2 && linear && linear != nearest);
   st.bindings.set[1][3] = (struct zkv_descriptor){.view = tv2, .sampler = linear};
   draw6(&t, &st);
   zkvt_read(&t, rt, 4, 4, got);
   uint8_t want[16 * 4];
   for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 4; x++) {
         /* texel space u = (x + 0.5) / 2 - 0.5, clamped to the edge */
         float u = (x + 0.5f) / 2.0f - 0.5f, v = (y + 0.5f) / 2.0f - 0.5f;
         u = u < 0 ? 0 : u > 1 ? 1 : u;
         v = v < 0 ? 0 : v > 1 ? 1 : v;
         for (int c = 0; c < 4; c++) {
            const float a = t2[c], b = t2[4 + c], cc = t2[8 + c], d = t2[12 + c];
            const float val = (a * (1 - u) + b * u) * (1 - v) + (cc * (1 - u) + d * u) * v;
            want[(y * 4 + x) * 4 + c] = (uint8_t)lrintf(val);
         }
      }
   }
   CHECK(zkvt_check_rgba8(got, want, 4, 4, 1, NULL, "linear"));

   /* GL_ALPHA8 through the format table's swizzle. */
   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x803C /* GL_ALPHA8 */, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT,
                             &fc));
   CHECK_EQ(fc.format, VK_FORMAT_R8_UNORM);
   struct zkv_image_desc td3 = td;
   td3.format = fc.format;
   struct zkv_image *tex3 = zkv_image_create(t.screen, &td3, &r);
   uint8_t alpha[16];
   for (int i = 0; i < 16; i++)
      alpha[i] = (uint8_t)(i * 16 + 3);
   zkv_image_upload(t.ctx, tex3, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, alpha, NULL);
   struct zkv_image_view_desc vd3 = vd;
   vd3.swizzle = fc.swizzle;
   struct zkv_image_view *tv3 = zkv_image_view_create(t.screen, tex3, &vd3, &r);
   REQUIRE(tex3 && tv3);
   st.bindings.set[1][3] = (struct zkv_descriptor){.view = tv3, .sampler = nearest};
   draw6(&t, &st);
   zkvt_read(&t, rt, 4, 4, got);
   for (int i = 0; i < 16; i++)
      memcpy(want + i * 4, (const uint8_t[]){0, 0, 0, alpha[i]}, 4);
   CHECK(zkvt_check_rgba8(got, want, 4, 4, 0, NULL, "GL_ALPHA8"));

   /* GL_RGB8: stored as RGBA8 unless the device renders RGB8, alpha reads 1. */
   REQUIRE(zkv_format_for_gl(t.screen, 0x8051 /* GL_RGB8 */,
                             VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
                                VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT,
                             &fc));
   CHECK(fc.format == VK_FORMAT_R8G8B8A8_UNORM && fc.emulated &&
         fc.swizzle.a == VK_COMPONENT_SWIZZLE_ONE);
   CHECK(!zkv_format_for_gl(t.screen, 0x1234, 0, &fc));

   zkv_image_view_destroy(tv3);
   zkv_image_destroy(tex3);
   zkv_image_view_destroy(tv2);
   zkv_image_destroy(tex2);
   zkv_image_view_destroy(tv);
   zkv_image_destroy(tex);
   zkv_image_view_destroy(rv);
   zkv_image_destroy(rt);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* Clamp-to-border with GL's border colours: a standard one and, where the
 * device has custom border colours, any other. */
TEST(sampler_border_colors)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char fs[] = "#version 450 core\n"
                            "layout(binding = 0) uniform sampler2D tex;\n"
                            "in vec2 uv;\n"
                            "out vec4 o;\n"
                            "void main() { o = texture(tex, uv * 3.0 - 1.0); }\n";
   struct zkv_program *p = zkvt_program(&t, vs_quad, fs);
   struct zkv_buffer *vb = quad(&t);
   REQUIRE(p && vb);
   const struct zkv_image_desc td = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 1, 1, 1, 1, 1,
                                     VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *tex = zkv_image_create(t.screen, &td, &r);
   REQUIRE(tex);
   const uint8_t texel[4] = {10, 20, 30, 40};
   const struct zkv_box box = {0, 0, 0, 1, 1, 1};
   zkv_image_upload(t.ctx, tex, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, texel, NULL);
   const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_2D};
   struct zkv_image_view *tv = zkv_image_view_create(t.screen, tex, &vd, &r);
   struct zkv_image_view *rv;
   struct zkv_image *rt = zkvt_target(&t, 3, 3, VK_FORMAT_R8G8B8A8_UNORM, &rv);
   REQUIRE(tv && rt);
   const float colors[2][4] = {{1, 1, 1, 1}, {0.2f, 0.4f, 0.6f, 0.8f}};
   for (int i = 0; i < 2; i++) {
      if (i == 1 && !t.caps->custom_border_color)
         continue;
      struct zkv_sampler_state ss = {
         .mag_filter = VK_FILTER_NEAREST,
         .min_filter = VK_FILTER_NEAREST,
         .mipmap_none = true,
         .address_u = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
         .address_v = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
         .address_w = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,
      };
      memcpy(ss.border_color.f, colors[i], sizeof(colors[i]));
      struct zkv_sampler *s = zkv_sampler_get(t.screen, &ss, &r);
      REQUIRE(s);
      struct zkv_draw_state st;
      quad_state(&st, p, vb, rv, 3, 3);
      st.bindings.set[1][0] = (struct zkv_descriptor){.view = tv, .sampler = s};
      draw6(&t, &st);
      uint8_t got[9 * 4], want[9 * 4];
      zkvt_read(&t, rt, 3, 3, got);
      for (int px = 0; px < 9; px++) {
         if (px == 4) {
            memcpy(want + px * 4, texel, 4);
            continue;
         }
         for (int c = 0; c < 4; c++)
            want[px * 4 + c] = (uint8_t)lrintf(colors[i][c] * 255.0f);
      }
      CHECK(zkvt_check_rgba8(got, want, 3, 3, 1, NULL, i ? "custom border" : "white border"));
   }
   zkv_image_view_destroy(tv);
   zkv_image_destroy(tex);
   zkv_image_view_destroy(rv);
   zkv_image_destroy(rt);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* A uniform block (set 0, binding 2 + 1) and a loose uniform in the
 * default block (set 0, binding 0), both from transient uploads. */
TEST(uniform_buffers)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char fs[] = "#version 450 core\n"
                            "layout(std140, binding = 1) uniform Params { vec4 base; vec4 scale; };\n"
                            "uniform vec4 tint;\n"
                            "uniform float bias;\n"
                            "out vec4 o;\n"
                            "void main() { o = base * scale + tint + vec4(bias); }\n";
   struct zkv_program *p = zkvt_program(&t, vs_quad, fs);
   struct zkv_buffer *vb = quad(&t);
   REQUIRE(p && vb);
   REQUIRE(t.uniforms_size_B > 0);
   uint8_t block[64] = {0};
   const float tint[4] = {0.25f, 0.0f, 0.125f, 0.0f}, bias = 0.0625f;
   memcpy(block + zkvt_uniform_offset(&t, "tint"), tint, sizeof(tint));
   memcpy(block + zkvt_uniform_offset(&t, "bias"), &bias, sizeof(bias));
   const float params[8] = {0.5f, 1.0f, 0.25f, 1.0f, 1.0f, 0.5f, 2.0f, 0.5f};
   struct zkv_image_view *rv;
   struct zkv_image *rt = zkvt_target(&t, 4, 4, VK_FORMAT_R8G8B8A8_UNORM, &rv);
   REQUIRE(rt);
   struct zkv_draw_state st;
   quad_state(&st, p, vb, rv, 4, 4);
   struct zkv_descriptor *d0 = &st.bindings.set[0][0], *d3 = &st.bindings.set[0][3];
   REQUIRE(zkv_upload_transient(t.ctx, block, t.uniforms_size_B, 256, &d0->buffer, &d0->offset_B));
   d0->range_B = t.uniforms_size_B;
   REQUIRE(zkv_upload_transient(t.ctx, params, sizeof(params), 256, &d3->buffer, &d3->offset_B));
   d3->range_B = sizeof(params);
   draw6(&t, &st);
   uint8_t got[16 * 4], want[16 * 4];
   zkvt_read(&t, rt, 4, 4, got);
   for (int i = 0; i < 16; i++)
      for (int c = 0; c < 4; c++) {
         float v = params[c] * params[4 + c] + tint[c] + bias;
         v = v > 1 ? 1 : v;
         want[i * 4 + c] = (uint8_t)lrintf(v * 255.0f);
      }
   CHECK(zkvt_check_rgba8(got, want, 4, 4, 1, NULL, "uniforms"));
   zkv_image_view_destroy(rv);
   zkv_image_destroy(rt);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* Depth: GL's clip-space z in -1..1 maps to window depth (z + 1) / 2
 * (GL 4.6, 13.8.1), with VK_EXT_depth_clip_control or ntv's lowering. */
TEST(depth_test_and_range)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char vs[] = "#version 450 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "uniform float z;\n"
                            "void main() { gl_Position = vec4(pos, z, 1); }\n";
   static const char fs[] = "#version 450 core\n"
                            "uniform vec4 color;\n"
                            "out vec4 o;\n"
                            "void main() { o = color; }\n";
   struct zkv_program *p = zkvt_program(&t, vs, fs);
   struct zkv_buffer *vb = quad(&t);
   REQUIRE(p && vb);
   const unsigned z_off = zkvt_uniform_offset(&t, "z"), color_off = zkvt_uniform_offset(&t, "color");
   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x8CAC /* GL_DEPTH_COMPONENT32F */,
                             VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &fc));
   struct zkv_image_view *rv, *dv;
   struct zkv_image *rt = zkvt_target(&t, 8, 8, VK_FORMAT_R8G8B8A8_UNORM, &rv);
   struct zkv_image *ds = zkvt_target(&t, 8, 8, fc.format, &dv);
   REQUIRE(rt && ds);
   struct zkv_draw_state st;
   quad_state(&st, p, vb, rv, 8, 8);
   st.framebuffer.depth_stencil = dv;
   st.depth_test = true;
   st.depth_write = true;
   st.depth_compare = VK_COMPARE_OP_LESS;
   st.clip_negative_one_to_one = t.caps->depth_clip_control;
   const VkClearColorValue black = {.float32 = {0, 0, 0, 1}};
   zkv_clear(t.ctx, &st, 1, &black, ZKV_CLEAR_DEPTH, 1.0f, 0, NULL);
   /* z = 0.5 red (depth 0.75), z = 0.8 green fails, z = 0 blue passes (0.5). */
   const float draws[3][5] = {{0.5f, 1, 0, 0, 1}, {0.8f, 0, 1, 0, 1}, {0.0f, 0, 0, 1, 1}};
   for (int i = 0; i < 3; i++) {
      uint8_t block[64] = {0};
      memcpy(block + z_off, &draws[i][0], 4);
      memcpy(block + color_off, &draws[i][1], 16);
      struct zkv_descriptor *d0 = &st.bindings.set[0][0];
      REQUIRE(zkv_upload_transient(t.ctx, block, t.uniforms_size_B, 256, &d0->buffer,
                                   &d0->offset_B));
      d0->range_B = t.uniforms_size_B;
      draw6(&t, &st);
   }
   uint8_t got[64 * 4], want[64 * 4];
   zkvt_read(&t, rt, 8, 8, got);
   fill_rgba8(want, 64, (const uint8_t[]){0, 0, 255, 255});
   CHECK(zkvt_check_rgba8(got, want, 8, 8, 0, NULL, "depth-tested colour"));
   float depth[64];
   const struct zkv_box box = {0, 0, 0, 8, 8, 1};
   zkv_image_readback(t.ctx, ds, 0, VK_IMAGE_ASPECT_DEPTH_BIT, &box, depth, NULL);
   for (int i = 0; i < 64; i++)
      if (fabsf(depth[i] - 0.5f) > 1e-6f) {
         CHECK(test_fail(__FILE__, __LINE__, "depth[%d] = %f, want 0.5", i, depth[i]));
         break;
      }
   zkv_image_view_destroy(rv);
   zkv_image_destroy(rt);
   zkv_image_view_destroy(dv);
   zkv_image_destroy(ds);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* SRC_ALPHA, ONE_MINUS_SRC_ALPHA over a grey target (GL 4.6, 17.3.6), and a
 * colour mask keeping green. */
TEST(blend_and_color_mask)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   static const char fs[] = "#version 450 core\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(1.0, 0.0, 0.6, 0.25); }\n";
   struct zkv_program *p = zkvt_program(&t, vs_quad, fs);
   struct zkv_buffer *vb = quad(&t);
   struct zkv_image_view *rv;
   struct zkv_image *rt = zkvt_target(&t, 4, 4, VK_FORMAT_R8G8B8A8_UNORM, &rv);
   REQUIRE(p && vb && rt);
   struct zkv_draw_state st;
   quad_state(&st, p, vb, rv, 4, 4);
   const VkClearColorValue grey = {.float32 = {0.5f, 0.5f, 0.5f, 0.5f}};
   zkv_clear(t.ctx, &st, 1, &grey, 0, 0, 0, NULL);
   st.blend[0] = (struct zkv_blend_attachment){
      .enable = true,
      .src_color = VK_BLEND_FACTOR_SRC_ALPHA,
      .dst_color = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
      .src_alpha = VK_BLEND_FACTOR_ONE,
      .dst_alpha = VK_BLEND_FACTOR_ZERO,
      .color_op = VK_BLEND_OP_ADD,
      .alpha_op = VK_BLEND_OP_ADD,
      .write_mask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_B_BIT |
                    VK_COLOR_COMPONENT_A_BIT,
   };
   draw6(&t, &st);
   uint8_t got[16 * 4], want[16 * 4];
   zkvt_read(&t, rt, 4, 4, got);
   const float dst = 128.0f / 255.0f, src[4] = {1.0f, 0.0f, 0.6f, 0.25f};
   const uint8_t px[4] = {(uint8_t)lrintf((src[0] * 0.25f + dst * 0.75f) * 255),
                          128, /* masked */
                          (uint8_t)lrintf((src[2] * 0.25f + dst * 0.75f) * 255),
                          (uint8_t)lrintf(src[3] * 255)};
   fill_rgba8(want, 16, px);
   CHECK(zkvt_check_rgba8(got, want, 4, 4, 1, NULL, "blend"));
   zkv_image_view_destroy(rv);
   zkv_image_destroy(rt);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* GL's front faces (counter-clockwise in window coordinates, GL 4.6
 * 14.6.1) are culled the same on FBOs and on flipped framebuffers. */
TEST(cull_front_face)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct zkv_program *p = zkvt_program(&t, vs_pos_color, fs_color);
   /* Counter-clockwise in GL's window coordinates (y up), covering the left half. */
   const struct vtx ccw[3] = {{-1, -1, 1, 1, 1, 1}, {0, -1, 1, 1, 1, 1}, {-1, 1, 1, 1, 1, 1}};
   struct zkv_buffer *vb = zkvt_buffer(&t, ccw, sizeof(ccw));
   struct zkv_image_view *view;
   struct zkv_image *img = zkvt_target(&t, W, H, VK_FORMAT_R8G8B8A8_UNORM, &view);
   REQUIRE(p && vb && img);
   for (int flip = 0; flip < 2; flip++) {
      for (int cull_back = 0; cull_back < 2; cull_back++) {
         struct zkv_draw_state st;
         pos_color_state(&st, p, vb, view);
         st.framebuffer.flip_y = flip;
         st.cull_mode = cull_back ? VK_CULL_MODE_BACK_BIT : VK_CULL_MODE_FRONT_BIT;
         const VkClearColorValue black = {.float32 = {0, 0, 0, 0}};
         zkv_clear(t.ctx, &st, 1, &black, 0, 0, 0, NULL);
         const struct zkv_draw_info info = {0};
         const struct zkv_draw_range r = {0, 3, 0};
         zkv_draw(t.ctx, &st, &info, &r, 1);
         uint8_t got[W * H * 4];
         zkvt_read(&t, img, W, H, got);
         /* pixel (2, 2) of the GL window is inside the triangle */
         const int row = flip ? H - 1 - 2 : 2;
         const bool drawn = got[(row * W + 2) * 4] == 255;
         CHECK_EQ(drawn, cull_back); /* CCW is front: culling back keeps it */
      }
   }
   zkv_image_view_destroy(view);
   zkv_image_destroy(img);
   zkv_buffer_destroy(vb);
   zkv_program_destroy(p);
   zkvt_finish(&t);
}

/* glClear with a partial colour mask on an RGBA8 and an R32UI attachment
 * and a partial stencil mask, inside a rectangle: masked channels and
 * stencil bits keep their values (GL 4.6, 17.4.3). */
TEST(masked_clear)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   struct zkv_image_view *v0, *v1, *dv;
   struct zkv_image *c0 = zkvt_target(&t, 8, 8, VK_FORMAT_R8G8B8A8_UNORM, &v0);
   struct zkv_image *c1 = zkvt_target(&t, 8, 8, VK_FORMAT_R32G32B32A32_UINT, &v1);
   struct zkv_format_choice fc;
   REQUIRE(zkv_format_for_gl(t.screen, 0x88F0 /* GL_DEPTH24_STENCIL8 */,
                             VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &fc));
   struct zkv_image *ds = zkvt_target(&t, 8, 8, fc.format, &dv);
   REQUIRE(c0 && c1 && ds);
   struct zkv_draw_state st;
   zkv_draw_state_init(&st);
   st.framebuffer.color[0] = v0;
   st.framebuffer.color[1] = v1;
   st.framebuffer.depth_stencil = dv;
   st.framebuffer.width = st.framebuffer.height = 8;
   const VkClearColorValue first[2] = {{.float32 = {0.2f, 0.4f, 0.6f, 0.8f}},
                                       {.uint32 = {1, 2, 3, 4}}};
   zkv_clear_masked(t.ctx, &st, 3, first, ZKV_CLEAR_DEPTH | ZKV_CLEAR_STENCIL, 1.0f, 0x30, NULL);
   const VkClearColorValue second[2] = {{.float32 = {1, 1, 1, 1}}, {.uint32 = {9, 9, 9, 9}}};
   st.blend[0].write_mask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT;
   st.blend[1].write_mask = VK_COLOR_COMPONENT_G_BIT;
   st.stencil_front.write_mask = st.stencil_back.write_mask = 0x0f;
   const struct zkv_rect rect = {2, 2, 4, 4};
   zkv_clear_masked(t.ctx, &st, 3, second, ZKV_CLEAR_DEPTH | ZKV_CLEAR_STENCIL, 0.25f, 0xff,
                    &rect);
   uint8_t got0[64 * 4];
   uint32_t got1[64 * 4];
   uint8_t sten[64];
   float depth[64];
   zkvt_read(&t, c0, 8, 8, got0);
   const struct zkv_box box = {0, 0, 0, 8, 8, 1};
   zkv_image_readback(t.ctx, c1, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, got1, NULL);
   zkv_image_readback(t.ctx, ds, 0, VK_IMAGE_ASPECT_STENCIL_BIT, &box, sten, NULL);
   const bool d32 = fc.format == VK_FORMAT_D32_SFLOAT_S8_UINT;
   uint32_t draw_depth[64];
   zkv_image_readback(t.ctx, ds, 0, VK_IMAGE_ASPECT_DEPTH_BIT, &box, draw_depth, NULL);
   for (int i = 0; i < 64; i++) {
      if (d32)
         memcpy(&depth[i], &draw_depth[i], 4);
      else
         depth[i] = (float)(draw_depth[i] & 0xffffff) / 16777215.0f;
   }
   bool ok = true;
   for (int y = 0; y < 8; y++)
      for (int x = 0; x < 8; x++) {
         const int i = y * 8 + x;
         const bool in = x >= 2 && x < 6 && y >= 2 && y < 6;
         const uint8_t w0[4] = {in ? 255 : 51, 102, 153, in ? 255 : 204};
         const uint32_t w1[4] = {1, in ? 9 : 2, 3, 4};
         if (memcmp(got0 + i * 4, w0, 4) || memcmp(got1 + i * 4, w1, 16) ||
             sten[i] != (in ? 0x3f : 0x30) || fabsf(depth[i] - (in ? 0.25f : 1.0f)) > 1e-5f) {
            if (ok)
               test_fail(__FILE__, __LINE__,
                         "(%d, %d): rgba8 %u,%u,%u,%u uint %u,%u,%u,%u stencil 0x%x depth %f", x,
                         y, got0[i * 4], got0[i * 4 + 1], got0[i * 4 + 2], got0[i * 4 + 3],
                         got1[i * 4], got1[i * 4 + 1], got1[i * 4 + 2], got1[i * 4 + 3], sten[i],
                         depth[i]);
            ok = false;
         }
      }
   CHECK(ok);
   zkv_image_view_destroy(v0);
   zkv_image_view_destroy(v1);
   zkv_image_view_destroy(dv);
   zkv_image_destroy(c0);
   zkv_image_destroy(c1);
   zkv_image_destroy(ds);
   zkvt_finish(&t);
}

/* A masked clear of a layered framebuffer reaches every layer (the meta
 * draw writes gl_Layer per instance where the device can). */
TEST(masked_clear_layers)
{
   struct zkvt t;
   REQUIRE(zkvt_init(&t));
   const struct zkv_image_desc d = {VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 3, 1,
                                    VK_SAMPLE_COUNT_1_BIT, false, false, 0};
   VkResult r;
   struct zkv_image *img = zkv_image_create(t.screen, &d, &r);
   REQUIRE(img);
   const struct zkv_image_view_desc vd = {.type = VK_IMAGE_VIEW_TYPE_2D_ARRAY};
   struct zkv_image_view *v = zkv_image_view_create(t.screen, img, &vd, &r);
   REQUIRE(v);
   struct zkv_draw_state st;
   zkv_draw_state_init(&st);
   st.framebuffer.color[0] = v;
   st.framebuffer.width = st.framebuffer.height = 4;
   st.framebuffer.layers = 3;
   const VkClearColorValue first = {.float32 = {0, 0, 0, 0}}, second = {.float32 = {1, 1, 1, 1}};
   zkv_clear_masked(t.ctx, &st, 1, &first, 0, 0, 0, NULL);
   st.blend[0].write_mask = VK_COLOR_COMPONENT_G_BIT;
   zkv_clear_masked(t.ctx, &st, 1, &second, 0, 0, 0, NULL);
   uint8_t got[16 * 4 * 3], want[16 * 4 * 3];
   const struct zkv_box box = {0, 0, 0, 4, 4, 3};
   zkv_image_readback(t.ctx, img, 0, VK_IMAGE_ASPECT_COLOR_BIT, &box, got, NULL);
   for (int i = 0; i < 48; i++)
      memcpy(want + i * 4, (const uint8_t[]){0, 255, 0, 0}, 4);
   CHECK(zkvt_check_rgba8(got, want, 4, 12, 0, NULL, "layers"));
   zkv_image_view_destroy(v);
   zkv_image_destroy(img);
   zkvt_finish(&t);
}
