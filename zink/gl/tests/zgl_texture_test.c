/* SPDX-License-Identifier: MIT */
/*
 * Textures and samplers: uploads in several client formats, sampling with
 * nearest filtering (each texel's value is known exactly), mipmap
 * generation, parameters and the errors of GL 4.6 chapter 8.
 */
#include <string.h>

#include "zgl_test.h"

#define CHECK_PIXEL(x, y, r, g, b, a)                                                    \
   do {                                                                                  \
      uint8_t __p[4] = {0};                                                              \
      zgl_test_pixel(x, y, __p);                                                         \
      CHECK_EQ(__p[0], r);                                                               \
      CHECK_EQ(__p[1], g);                                                               \
      CHECK_EQ(__p[2], b);                                                               \
      CHECK_EQ(__p[3], a);                                                               \
   } while (0)

#define GLP(type, name) ((type)zgl_get_proc_address(name))

static const char *vs = "#version 330 core\n"
                        "layout(location = 0) in vec2 pos;\n"
                        "out vec2 uv;\n"
                        "void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";

static GLuint
quad(void)
{
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   return vao;
}

TEST(texture_2d_sampling)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXIMAGE2DPROC image = GLP(PFNGLTEXIMAGE2DPROC, "glTexImage2D");
   PFNGLTEXSUBIMAGE2DPROC sub = GLP(PFNGLTEXSUBIMAGE2DPROC, "glTexSubImage2D");
   PFNGLTEXPARAMETERIPROC param = GLP(PFNGLTEXPARAMETERIPROC, "glTexParameteri");
   PFNGLGETTEXLEVELPARAMETERIVPROC level = GLP(PFNGLGETTEXLEVELPARAMETERIVPROC,
                                               "glGetTexLevelParameteriv");
   REQUIRE(gen && bind && image && sub && param && level);
   const GLuint p = zgl_test_program(vs, "#version 330 core\n"
                                         "in vec2 uv;\n"
                                         "uniform sampler2D tex;\n"
                                         "out vec4 frag;\n"
                                         "void main() { frag = texture(tex, uv); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   quad();
   GLuint tex;
   gen(1, &tex);
   gl.ActiveTexture(GL_TEXTURE3);
   bind(GL_TEXTURE_2D, tex);
   gl.Uniform1i(gl.GetUniformLocation(p, "tex"), 3);
   /* 2 x 2 RGB texels with rows of 6 bytes: UNPACK_ALIGNMENT 1. Row 0 is
    * the bottom (t = 0). */
   const uint8_t texels[] = {255, 0, 0, 0, 255, 0, /* bottom: red, green */
                             0, 0, 255, 255, 255, 255}; /* top: blue, white */
   gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
   image(GL_TEXTURE_2D, 0, GL_RGB8, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE, texels);
   param(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   param(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* RGB8 reads alpha 1 (GL 4.6, table 15.1). */
   CHECK_PIXEL(10, 10, 255, 0, 0, 255);
   CHECK_PIXEL(50, 10, 0, 255, 0, 255);
   CHECK_PIXEL(10, 40, 0, 0, 255, 255);
   CHECK_PIXEL(50, 40, 255, 255, 255, 255);
   /* A sub-image in floats; swizzle red and blue. */
   const float f[4] = {0.2f, 0.4f, 0.6f, 1.0f};
   sub(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_FLOAT, f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(50, 40, 51, 102, 153, 255);
   param(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
   param(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(10, 10, 0, 0, 255, 255);
   GLint v = 0;
   level(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &v);
   CHECK_EQ(v, 2);
   level(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   CHECK_EQ(v, GL_RGB8);
   level(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
   CHECK_EQ(v, 0);
   gl.GetIntegerv(GL_TEXTURE_BINDING_2D, &v);
   CHECK_EQ(v, (GLint)tex);
   /* The default min filter wants mipmaps: with level 0 only the texture
    * is incomplete and samples (0, 0, 0, 1) (GL 4.6, 8.17, 11.1.3.5). */
   param(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
   gl.ClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t px[4];
   zgl_test_pixel(10, 10, px);
   CHECK(px[0] == 0 && px[1] == 0 && px[2] == 0 && px[3] == 255);
   zgl_test_end(&t);
}

TEST(texture_mipmaps_and_lod)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXSTORAGE2DPROC storage = GLP(PFNGLTEXSTORAGE2DPROC, "glTexStorage2D");
   PFNGLTEXSUBIMAGE2DPROC sub = GLP(PFNGLTEXSUBIMAGE2DPROC, "glTexSubImage2D");
   PFNGLGENERATEMIPMAPPROC mip = GLP(PFNGLGENERATEMIPMAPPROC, "glGenerateMipmap");
   PFNGLTEXIMAGE2DPROC image = GLP(PFNGLTEXIMAGE2DPROC, "glTexImage2D");
   PFNGLTEXPARAMETERIPROC param = GLP(PFNGLTEXPARAMETERIPROC, "glTexParameteri");
   REQUIRE(gen && bind && storage && sub && mip && image && param);
   const GLuint p = zgl_test_program(vs, "#version 330 core\n"
                                         "in vec2 uv;\n"
                                         "uniform sampler2D tex;\n"
                                         "uniform float lod;\n"
                                         "out vec4 frag;\n"
                                         "void main() { frag = textureLod(tex, uv, lod); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   quad();
   GLuint tex;
   gen(1, &tex);
   bind(GL_TEXTURE_2D, tex);
   storage(GL_TEXTURE_2D, 3, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Level 0: two columns of 0 and two of 200 in red: level 1's texels
    * average to 100, level 2's too. */
   uint8_t texels[4 * 4 * 4];
   for (unsigned i = 0; i < 16; i++) {
      texels[i * 4 + 0] = (i % 4) < 2 ? 0 : 200;
      texels[i * 4 + 1] = 0;
      texels[i * 4 + 2] = 0;
      texels[i * 4 + 3] = 255;
   }
   sub(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   mip(GL_TEXTURE_2D);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* Lod 0 magnifies: nearest, so each texel's value is exact. */
   param(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const GLint lod = gl.GetUniformLocation(p, "lod");
   gl.Uniform1f(lod, 2.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   uint8_t px[4];
   zgl_test_pixel(32, 24, px);
   CHECK(px[0] >= 99 && px[0] <= 101);
   gl.Uniform1f(lod, 0.0f);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   zgl_test_pixel(4, 24, px);
   CHECK_EQ(px[0], 0);
   zgl_test_pixel(60, 24, px);
   CHECK_EQ(px[0], 200);
   /* Immutable storage and its errors (GL 4.6, 8.19, 8.5). */
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   storage(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLuint tex2;
   gen(1, &tex2);
   bind(GL_TEXTURE_2D, tex2);
   storage(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   storage(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   storage(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   bind(GL_TEXTURE_2D, 0);
   storage(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(texture_errors)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXIMAGE2DPROC image = GLP(PFNGLTEXIMAGE2DPROC, "glTexImage2D");
   PFNGLTEXSUBIMAGE2DPROC sub = GLP(PFNGLTEXSUBIMAGE2DPROC, "glTexSubImage2D");
   PFNGLTEXPARAMETERIPROC param = GLP(PFNGLTEXPARAMETERIPROC, "glTexParameteri");
   PFNGLISTEXTUREPROC is = GLP(PFNGLISTEXTUREPROC, "glIsTexture");
   REQUIRE(gen && bind && image && sub && param && is);
   GLuint tex;
   gen(1, &tex);
   CHECK_EQ(is(tex), GL_FALSE);
   bind(GL_TEXTURE_2D, tex);
   CHECK_EQ(is(tex), GL_TRUE);
   bind(GL_TEXTURE_3D, tex); /* another target than its own */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   bind(GL_TEXTURE_2D, 4242);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   bind(0xdead, tex);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.ActiveTexture(GL_TEXTURE0 + 1000);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   uint8_t px[64] = {0};
   image(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   image(GL_TEXTURE_2D, -1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   image(GL_TEXTURE_2D, 0, GL_RGBA8, -2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   image(GL_TEXTURE_2D, 0, 0x1234, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, 0xdead, px);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   image(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 2, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   sub(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* level 0 undefined */
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
   sub(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   param(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_REPEAT);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   param(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   param(GL_TEXTURE_2D, 0xdead, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

TEST(get_tex_image)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXIMAGE2DPROC image = GLP(PFNGLTEXIMAGE2DPROC, "glTexImage2D");
   PFNGLGETTEXIMAGEPROC get = GLP(PFNGLGETTEXIMAGEPROC, "glGetTexImage");
   REQUIRE(gen && bind && image && get);
   GLuint tex;
   gen(1, &tex);
   bind(GL_TEXTURE_2D, tex);
   /* Unsigned bytes in, floats out: c / 255 (GL 4.6, 8.4.4.2). */
   const uint8_t texels[8] = {0, 51, 102, 255, 255, 204, 153, 0};
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   float f[8] = {0};
   get(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_FLOAT_EQ(f[1], 0.2, 1e-6);
   CHECK_FLOAT_EQ(f[5], 0.8, 1e-6);
   CHECK_FLOAT_EQ(f[7], 0.0, 0);
   uint8_t bgra[8];
   get(GL_TEXTURE_2D, 0, GL_BGRA, GL_UNSIGNED_BYTE, bgra);
   CHECK_EQ(bgra[0], 102);
   CHECK_EQ(bgra[6], 255);
   /* An RGB8 texture reads alpha 1 whatever the upload said. */
   image(GL_TEXTURE_2D, 0, GL_RGB8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   get(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bgra);
   CHECK_EQ(bgra[7], 255);
   get(GL_TEXTURE_2D, -1, GL_RGBA, GL_UNSIGNED_BYTE, bgra);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   get(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, bgra);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   get(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, GL_UNSIGNED_BYTE, bgra);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

TEST(buffer_texture)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXBUFFERPROC tex_buffer = GLP(PFNGLTEXBUFFERPROC, "glTexBuffer");
   PFNGLTEXPARAMETERIPROC param = GLP(PFNGLTEXPARAMETERIPROC, "glTexParameteri");
   REQUIRE(gen && bind && tex_buffer && param);
   const GLuint p = zgl_test_program(vs, "#version 330 core\n"
                                         "uniform samplerBuffer tb;\n"
                                         "out vec4 frag;\n"
                                         "void main() { frag = texelFetch(tb, int(gl_FragCoord.x) / 16); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   quad();
   const float texels[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {0.2f, 0.4f, 0.6f, 0.8f}};
   GLuint b, tex;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_TEXTURE_BUFFER, b);
   gl.BufferData(GL_TEXTURE_BUFFER, sizeof(texels), texels, GL_STATIC_DRAW);
   gen(1, &tex);
   bind(GL_TEXTURE_BUFFER, tex);
   tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA32F, b);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(5, 5, 255, 0, 0, 255);
   CHECK_PIXEL(20, 5, 0, 255, 0, 255);
   CHECK_PIXEL(40, 5, 0, 0, 255, 255);
   CHECK_PIXEL(60, 5, 51, 102, 153, 204);
   /* New data in the same buffer is what the next draw reads. */
   const float red[4] = {1, 0, 0, 1};
   gl.BufferSubData(GL_TEXTURE_BUFFER, 16, 16, red);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(20, 5, 255, 0, 0, 255);
   /* Errors (GL 4.6, 8.9). */
   tex_buffer(GL_TEXTURE_2D, GL_RGBA32F, b);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   tex_buffer(GL_TEXTURE_BUFFER, GL_RGB8, b);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   tex_buffer(GL_TEXTURE_BUFFER, GL_RGBA32F, 4321);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   param(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

TEST(multisample_texture)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXIMAGE2DMULTISAMPLEPROC ms = GLP(PFNGLTEXIMAGE2DMULTISAMPLEPROC, "glTexImage2DMultisample");
   PFNGLGENFRAMEBUFFERSPROC gen_fb = GLP(PFNGLGENFRAMEBUFFERSPROC, "glGenFramebuffers");
   PFNGLBINDFRAMEBUFFERPROC bind_fb = GLP(PFNGLBINDFRAMEBUFFERPROC, "glBindFramebuffer");
   PFNGLFRAMEBUFFERTEXTURE2DPROC attach =
      GLP(PFNGLFRAMEBUFFERTEXTURE2DPROC, "glFramebufferTexture2D");
   PFNGLCHECKFRAMEBUFFERSTATUSPROC status =
      GLP(PFNGLCHECKFRAMEBUFFERSTATUSPROC, "glCheckFramebufferStatus");
   PFNGLGETMULTISAMPLEFVPROC positions = GLP(PFNGLGETMULTISAMPLEFVPROC, "glGetMultisamplefv");
   PFNGLBLITFRAMEBUFFERPROC blit = GLP(PFNGLBLITFRAMEBUFFERPROC, "glBlitFramebuffer");
   REQUIRE(gen && bind && ms && gen_fb && bind_fb && attach && status && positions && blit);
   GLuint tex, fbo;
   gen(1, &tex);
   bind(GL_TEXTURE_2D_MULTISAMPLE, tex);
   ms(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, TEST_WIDTH, TEST_HEIGHT, GL_TRUE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gen_fb(1, &fbo);
   bind_fb(GL_FRAMEBUFFER, fbo);
   attach(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, tex, 0);
   CHECK_EQ(status(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   GLfloat pos[2] = {0};
   positions(GL_SAMPLE_POSITION, 1, pos);
   CHECK_FLOAT_EQ(pos[0], 0.875, 0); /* Vulkan's standard 4x positions */
   CHECK_FLOAT_EQ(pos[1], 0.375, 0);
   positions(GL_SAMPLE_POSITION, 4, pos);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.ClearColor(0.2f, 0.4f, 0.6f, 1.0f);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   /* Every sample holds the clear colour: fetch sample 3, and resolve. */
   bind_fb(GL_FRAMEBUFFER, 0);
   const GLuint p = zgl_test_program(vs, "#version 330 core\n"
                                         "uniform sampler2DMS t;\n"
                                         "out vec4 frag;\n"
                                         "void main() { frag = texelFetch(t, ivec2(gl_FragCoord.xy), 3); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   quad();
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK_PIXEL(7, 7, 51, 102, 153, 255);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   bind_fb(GL_READ_FRAMEBUFFER, fbo);
   blit(0, 0, TEST_WIDTH, TEST_HEIGHT, 0, 0, TEST_WIDTH, TEST_HEIGHT, GL_COLOR_BUFFER_BIT,
        GL_NEAREST);
   bind_fb(GL_READ_FRAMEBUFFER, 0);
   CHECK_PIXEL(30, 30, 51, 102, 153, 255);
   /* Errors (GL 4.6, 8.8). */
   ms(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   ms(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   ms(GL_TEXTURE_2D_MULTISAMPLE, 64, GL_RGBA8, 4, 4, GL_TRUE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(integer_border_color_and_sampler_objects)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   PFNGLBINDTEXTUREPROC bind = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   PFNGLTEXPARAMETERIIVPROC param_i = GLP(PFNGLTEXPARAMETERIIVPROC, "glTexParameterIiv");
   PFNGLGETTEXPARAMETERIIVPROC get_i = GLP(PFNGLGETTEXPARAMETERIIVPROC, "glGetTexParameterIiv");
   PFNGLGENSAMPLERSPROC gen_s = GLP(PFNGLGENSAMPLERSPROC, "glGenSamplers");
   PFNGLBINDSAMPLERPROC bind_s = GLP(PFNGLBINDSAMPLERPROC, "glBindSampler");
   PFNGLSAMPLERPARAMETERIPROC sparam = GLP(PFNGLSAMPLERPARAMETERIPROC, "glSamplerParameteri");
   PFNGLGETSAMPLERPARAMETERIVPROC sget = GLP(PFNGLGETSAMPLERPARAMETERIVPROC, "glGetSamplerParameteriv");
   PFNGLTEXIMAGE2DPROC image = GLP(PFNGLTEXIMAGE2DPROC, "glTexImage2D");
   PFNGLTEXPARAMETERIPROC param = GLP(PFNGLTEXPARAMETERIPROC, "glTexParameteri");
   REQUIRE(gen && bind && param_i && get_i && gen_s && bind_s && sparam && sget && image && param);
   GLuint tex;
   gen(1, &tex);
   bind(GL_TEXTURE_2D, tex);
   const GLint border[4] = {-5, 7, 1 << 20, 3};
   param_i(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   GLint back[4] = {0};
   get_i(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, back);
   CHECK(memcmp(back, border, sizeof(border)) == 0);
   /* A sampler object overrides the texture's filtering: with NEAREST on
    * the sampler a NEAREST_MIPMAP_LINEAR texture with level 0 only is
    * complete. */
   const GLuint p = zgl_test_program(vs, "#version 330 core\n"
                                         "in vec2 uv;\n"
                                         "uniform sampler2D tex;\n"
                                         "out vec4 frag;\n"
                                         "void main() { frag = texture(tex, uv); }\n");
   REQUIRE(p);
   gl.UseProgram(p);
   quad();
   /* 2 x 2: level 1 is needed for mipmapping (GL 4.6, 8.14.2). */
   const uint8_t texel[16] = {0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255, 0, 255};
   image(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   param(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
   GLuint s;
   gen_s(1, &s);
   sparam(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   GLint v = 0;
   sget(s, GL_TEXTURE_MIN_FILTER, &v);
   CHECK_EQ(v, GL_NEAREST);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(9, 9, 0, 0, 0, 255); /* incomplete without the sampler */
   bind_s(0, s);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_PIXEL(9, 9, 0, 255, 0, 255);
   bind_s(0, 999);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   sparam(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}
