/* SPDX-License-Identifier: MIT */
/*
 * Framebuffer and renderbuffer objects, blits and copies: drawing into a
 * texture (not flipped), reading it back, sampling it, blitting between
 * the window-system framebuffer (flipped) and objects, completeness and the
 * errors of GL 4.6 chapters 9 and 18.
 */
#include <string.h>

#include "zgl_test.h"

#define GLP(type, name) ((type)zgl_get_proc_address(name))

#define CHECK_PIXEL(x, y, r, g, b, a)                                                    \
   do {                                                                                  \
      uint8_t __p[4] = {0};                                                              \
      zgl_test_pixel(x, y, __p);                                                         \
      CHECK_EQ(__p[0], r);                                                               \
      CHECK_EQ(__p[1], g);                                                               \
      CHECK_EQ(__p[2], b);                                                               \
      CHECK_EQ(__p[3], a);                                                               \
   } while (0)

struct fbo_api {
   PFNGLGENFRAMEBUFFERSPROC gen;
   PFNGLBINDFRAMEBUFFERPROC bind;
   PFNGLFRAMEBUFFERTEXTURE2DPROC texture2d;
   PFNGLFRAMEBUFFERRENDERBUFFERPROC renderbuffer;
   PFNGLCHECKFRAMEBUFFERSTATUSPROC status;
   PFNGLGENRENDERBUFFERSPROC gen_rb;
   PFNGLBINDRENDERBUFFERPROC bind_rb;
   PFNGLRENDERBUFFERSTORAGEPROC rb_storage;
   PFNGLBLITFRAMEBUFFERPROC blit;
   PFNGLGENTEXTURESPROC gen_tex;
   PFNGLBINDTEXTUREPROC bind_tex;
   PFNGLTEXIMAGE2DPROC tex_image;
   PFNGLTEXPARAMETERIPROC tex_param;
   PFNGLCOPYTEXSUBIMAGE2DPROC copy_sub;
   PFNGLDELETEFRAMEBUFFERSPROC del;
   PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC attachment_param;
   PFNGLDRAWBUFFERSPROC draw_buffers;
};

static bool
load(struct fbo_api *f)
{
   f->gen = GLP(PFNGLGENFRAMEBUFFERSPROC, "glGenFramebuffers");
   f->bind = GLP(PFNGLBINDFRAMEBUFFERPROC, "glBindFramebuffer");
   f->texture2d = GLP(PFNGLFRAMEBUFFERTEXTURE2DPROC, "glFramebufferTexture2D");
   f->renderbuffer = GLP(PFNGLFRAMEBUFFERRENDERBUFFERPROC, "glFramebufferRenderbuffer");
   f->status = GLP(PFNGLCHECKFRAMEBUFFERSTATUSPROC, "glCheckFramebufferStatus");
   f->gen_rb = GLP(PFNGLGENRENDERBUFFERSPROC, "glGenRenderbuffers");
   f->bind_rb = GLP(PFNGLBINDRENDERBUFFERPROC, "glBindRenderbuffer");
   f->rb_storage = GLP(PFNGLRENDERBUFFERSTORAGEPROC, "glRenderbufferStorage");
   f->blit = GLP(PFNGLBLITFRAMEBUFFERPROC, "glBlitFramebuffer");
   f->gen_tex = GLP(PFNGLGENTEXTURESPROC, "glGenTextures");
   f->bind_tex = GLP(PFNGLBINDTEXTUREPROC, "glBindTexture");
   f->tex_image = GLP(PFNGLTEXIMAGE2DPROC, "glTexImage2D");
   f->tex_param = GLP(PFNGLTEXPARAMETERIPROC, "glTexParameteri");
   f->copy_sub = GLP(PFNGLCOPYTEXSUBIMAGE2DPROC, "glCopyTexSubImage2D");
   f->del = GLP(PFNGLDELETEFRAMEBUFFERSPROC, "glDeleteFramebuffers");
   f->attachment_param = GLP(PFNGLGETFRAMEBUFFERATTACHMENTPARAMETERIVPROC,
                             "glGetFramebufferAttachmentParameteriv");
   f->draw_buffers = GLP(PFNGLDRAWBUFFERSPROC, "glDrawBuffers");
   return f->gen && f->bind && f->texture2d && f->renderbuffer && f->status && f->gen_rb &&
          f->bind_rb && f->rb_storage && f->blit && f->gen_tex && f->bind_tex && f->tex_image &&
          f->tex_param && f->copy_sub && f->del && f->attachment_param && f->draw_buffers;
}

static GLuint
quad_program(void)
{
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   /* The lower half of NDC only. */
   const float half[] = {-1, -1, 1, -1, -1, 0, 1, 0};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(half), half, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   return zgl_test_program("#version 330 core\n"
                           "layout(location = 0) in vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos, 0.5, 1.0); }\n",
                           "#version 330 core\n"
                           "uniform vec4 color;\n"
                           "out vec4 frag;\n"
                           "void main() { frag = color; }\n");
}

TEST(render_to_texture)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   struct fbo_api f;
   REQUIRE(load(&f));
   GLuint tex, fbo, rb;
   f.gen_tex(1, &tex);
   f.bind_tex(GL_TEXTURE_2D, tex);
   f.tex_image(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   f.tex_param(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   f.gen(1, &fbo);
   f.bind(GL_FRAMEBUFFER, fbo);
   CHECK_EQ(f.status(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   CHECK_GL_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
   f.texture2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   f.gen_rb(1, &rb);
   f.bind_rb(GL_RENDERBUFFER, rb);
   f.rb_storage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 32, 16);
   f.renderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
   CHECK_EQ(f.status(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   f.attachment_param(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME,
                      &v);
   CHECK_EQ(v, (GLint)tex);
   f.attachment_param(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE,
                      &v);
   CHECK_EQ(v, 24);
   f.attachment_param(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE,
                      &v);
   CHECK_EQ(v, 8);

   /* Draw the lower half green over blue; depth test against 1.0. */
   const GLuint p = quad_program();
   REQUIRE(p);
   gl.UseProgram(p);
   gl.Viewport(0, 0, 32, 16);
   gl.ClearColor(0, 0, 1, 1);
   gl.ClearDepth(1.0);
   gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   gl.Enable(GL_DEPTH_TEST);
   gl.Uniform4f(gl.GetUniformLocation(p, "color"), 0, 1, 0, 1);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* An FBO is not flipped: GL's row 0 is the bottom here too. */
   CHECK_PIXEL(5, 2, 0, 255, 0, 255);
   CHECK_PIXEL(5, 12, 0, 0, 255, 255);
   float d = 0;
   gl.ReadPixels(5, 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   /* z 0.5 maps to depth 0.75 with GL's [-1, 1] clip depth. */
   CHECK_FLOAT_EQ(d, 0.75, 1.0 / 16777215.0 * 2);

   /* The texture now samples as rendered, in the window. */
   f.bind(GL_FRAMEBUFFER, 0);
   gl.Disable(GL_DEPTH_TEST);
   gl.Viewport(0, 0, TEST_WIDTH, TEST_HEIGHT);
   const GLuint q = zgl_test_program(
      "#version 330 core\n"
      "layout(location = 0) in vec2 pos;\n"
      "void main() { gl_Position = vec4(pos.x, pos.y * 2.0 + 1.0, 0.0, 1.0); }\n",
      "#version 330 core\n"
      "uniform sampler2D tex;\n"
      "out vec4 frag;\n"
      "void main() { frag = texelFetch(tex, ivec2(gl_FragCoord.xy) / 2, 0); }\n");
   REQUIRE(q);
   gl.UseProgram(q);
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4); /* the whole window */
   CHECK_PIXEL(10, 4, 0, 255, 0, 255);  /* texel (5, 2) */
   CHECK_PIXEL(10, 24, 0, 0, 255, 255); /* texel (5, 12) */
   zgl_test_end(&t);
}

TEST(blit_and_copy)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   struct fbo_api f;
   REQUIRE(load(&f));
   /* The window: red at the bottom rows 0..7, else black. */
   gl.ClearColor(0, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.Enable(GL_SCISSOR_TEST);
   gl.Scissor(0, 0, TEST_WIDTH, 8);
   gl.ClearColor(1, 0, 0, 1);
   gl.Clear(GL_COLOR_BUFFER_BIT);
   gl.Disable(GL_SCISSOR_TEST);
   GLuint rb, fbo;
   f.gen_rb(1, &rb);
   f.bind_rb(GL_RENDERBUFFER, rb);
   f.rb_storage(GL_RENDERBUFFER, GL_RGBA8, TEST_WIDTH, TEST_HEIGHT);
   f.gen(1, &fbo);
   f.bind(GL_DRAW_FRAMEBUFFER, fbo);
   f.renderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   /* Window -> FBO, the same rectangle: rows keep their GL numbers. */
   f.blit(0, 0, TEST_WIDTH, TEST_HEIGHT, 0, 0, TEST_WIDTH, TEST_HEIGHT, GL_COLOR_BUFFER_BIT,
          GL_NEAREST);
   CHECK_GL_ERROR(GL_NO_ERROR);
   f.bind(GL_READ_FRAMEBUFFER, fbo);
   CHECK_PIXEL(3, 3, 255, 0, 0, 255);
   CHECK_PIXEL(3, 30, 0, 0, 0, 255);
   /* FBO -> window, mirrored vertically: red goes to the top rows. */
   f.bind(GL_DRAW_FRAMEBUFFER, 0);
   f.blit(0, 0, TEST_WIDTH, TEST_HEIGHT, 0, TEST_HEIGHT, TEST_WIDTH, 0, GL_COLOR_BUFFER_BIT,
          GL_NEAREST);
   f.bind(GL_READ_FRAMEBUFFER, 0);
   CHECK_PIXEL(3, TEST_HEIGHT - 3, 255, 0, 0, 255);
   CHECK_PIXEL(3, 3, 0, 0, 0, 255);
   /* glCopyTexSubImage2D from the window's top rows into a texture. */
   GLuint tex;
   f.gen_tex(1, &tex);
   f.bind_tex(GL_TEXTURE_2D, tex);
   f.tex_image(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   f.copy_sub(GL_TEXTURE_2D, 0, 0, 0, 0, TEST_HEIGHT - 4, 4, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   f.bind(GL_READ_FRAMEBUFFER, fbo);
   f.texture2d(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK_PIXEL(1, 1, 255, 0, 0, 255);
   f.bind(GL_READ_FRAMEBUFFER, 0);
   /* Errors (GL 4.6, 18.3.1, 9.2). */
   f.blit(0, 0, 1, 1, 0, 0, 1, 1, 0x8000, GL_NEAREST);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   f.blit(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   f.blit(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   f.bind(GL_FRAMEBUFFER, 999);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   f.bind(0xdead, fbo);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   f.texture2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* the default framebuffer is bound */
   f.bind(GL_FRAMEBUFFER, fbo);
   f.texture2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 100, GL_TEXTURE_2D, tex, 0);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   f.texture2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, tex, 0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT0};
   f.draw_buffers(2, bufs);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   const GLenum back = GL_BACK;
   f.draw_buffers(1, &back);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   f.rb_storage(GL_RENDERBUFFER, GL_RGBA, -1, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   f.rb_storage(GL_RENDERBUFFER, 0x1234, 4, 4);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   f.del(1, &fbo);
   GLint bound = -1;
   gl.GetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
   CHECK_EQ(bound, 0);
   zgl_test_end(&t);
}

TEST(bind_frag_data_location_mrt)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   struct fbo_api f;
   REQUIRE(load(&f));
   GLuint tex[2], fbo;
   f.gen_tex(2, tex);
   for (unsigned i = 0; i < 2; i++) {
      f.bind_tex(GL_TEXTURE_2D, tex[i]);
      f.tex_image(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   }
   f.gen(1, &fbo);
   f.bind(GL_FRAMEBUFFER, fbo);
   f.texture2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
   f.texture2d(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
   const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
   f.draw_buffers(2, bufs);
   CHECK_EQ(f.status(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
   /* Two unlocated outputs, bound crosswise before the link (15.2.3). */
   const char *vs = "#version 150\n"
                    "in vec2 pos;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   const char *fs = "#version 150\n"
                    "out vec4 a;\n"
                    "out vec4 b;\n"
                    "void main() { a = vec4(1, 0, 0, 1); b = vec4(0, 0, 1, 1); }\n";
   const GLuint p = gl.CreateProgram();
   const GLuint s[2] = {gl.CreateShader(GL_VERTEX_SHADER), gl.CreateShader(GL_FRAGMENT_SHADER)};
   gl.ShaderSource(s[0], 1, &vs, NULL);
   gl.ShaderSource(s[1], 1, &fs, NULL);
   gl.CompileShader(s[0]);
   gl.CompileShader(s[1]);
   gl.AttachShader(p, s[0]);
   gl.AttachShader(p, s[1]);
   gl.BindFragDataLocation(p, 1, "a");
   gl.BindFragDataLocation(p, 0, "b");
   gl.BindAttribLocation(p, 0, "pos");
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   REQUIRE(ok);
   CHECK_EQ(gl.GetFragDataLocation(p, "a"), 1);
   CHECK_EQ(gl.GetFragDataLocation(p, "b"), 0);
   gl.UseProgram(p);
   GLuint vao, b;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   const float full[] = {-1, -1, 1, -1, -1, 1, 1, 1};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   gl.EnableVertexAttribArray(0);
   gl.Viewport(0, 0, 8, 8);
   gl.DrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   PFNGLREADBUFFERPROC read_buffer = GLP(PFNGLREADBUFFERPROC, "glReadBuffer");
   REQUIRE(read_buffer);
   read_buffer(GL_COLOR_ATTACHMENT0);
   CHECK_PIXEL(3, 3, 0, 0, 255, 255); /* b */
   read_buffer(GL_COLOR_ATTACHMENT1);
   CHECK_PIXEL(3, 3, 255, 0, 0, 255); /* a */
   /* glClearBufferfv on draw buffer 1 only. */
   const GLfloat green[4] = {0, 1, 0, 1};
   gl.ClearBufferfv(GL_COLOR, 1, green);
   CHECK_PIXEL(3, 3, 0, 255, 0, 255);
   read_buffer(GL_COLOR_ATTACHMENT0);
   CHECK_PIXEL(3, 3, 0, 0, 255, 255);
   zgl_test_end(&t);
}

TEST(invalidation_errors)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   struct fbo_api f;
   REQUIRE(load(&f));
   PFNGLINVALIDATETEXSUBIMAGEPROC tex_sub =
      GLP(PFNGLINVALIDATETEXSUBIMAGEPROC, "glInvalidateTexSubImage");
   PFNGLINVALIDATETEXIMAGEPROC tex = GLP(PFNGLINVALIDATETEXIMAGEPROC, "glInvalidateTexImage");
   PFNGLINVALIDATEFRAMEBUFFERPROC fb = GLP(PFNGLINVALIDATEFRAMEBUFFERPROC, "glInvalidateFramebuffer");
   PFNGLINVALIDATESUBFRAMEBUFFERPROC sub_fb =
      GLP(PFNGLINVALIDATESUBFRAMEBUFFERPROC, "glInvalidateSubFramebuffer");
   REQUIRE(tex_sub && tex && fb && sub_fb);
   GLuint t2;
   f.gen_tex(1, &t2);
   f.bind_tex(GL_TEXTURE_2D, t2);
   f.tex_image(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   tex(t2, 0);
   tex_sub(t2, 0, 1, 1, 0, 2, 2, 1);
   CHECK_GL_ERROR(GL_NO_ERROR);
   tex_sub(t2, 0, 3, 0, 0, 2, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   tex(0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   tex(t2, -1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* The default framebuffer takes COLOR/DEPTH/STENCIL, objects their
    * attachment points (GL 4.6, 17.4.4). */
   const GLenum def[2] = {GL_COLOR, GL_DEPTH};
   fb(GL_FRAMEBUFFER, 2, def);
   CHECK_GL_ERROR(GL_NO_ERROR);
   const GLenum att = GL_COLOR_ATTACHMENT0;
   fb(GL_FRAMEBUFFER, 1, &att);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   GLuint fbo;
   f.gen(1, &fbo);
   f.bind(GL_FRAMEBUFFER, fbo);
   fb(GL_FRAMEBUFFER, 1, &att);
   CHECK_GL_ERROR(GL_NO_ERROR);
   fb(GL_FRAMEBUFFER, 1, def);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   const GLenum past = GL_COLOR_ATTACHMENT0 + 20;
   fb(GL_FRAMEBUFFER, 1, &past);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   fb(0xdead, 1, &att);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   sub_fb(GL_FRAMEBUFFER, 1, &att, 0, 0, -1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   fb(GL_FRAMEBUFFER, -1, &att);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   zgl_test_end(&t);
}
