/* SPDX-License-Identifier: MIT */
/*
 * kiln-gl-demo's scene, GL 3.3 core and GLSL 3.30: two interlocked tori, lit
 * per fragment (Blinn-Phong), textured with a mipmapped checkerboard, depth
 * tested. The second torus is made by transform feedback: a vertex shader
 * moves the first torus's vertices to world space and the captured buffer
 * is drawn as a mesh of its own, after the host has checked every captured
 * vertex against the same transform computed here.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_demo.h"

static const char render_vs[] =
   "#version 330 core\n"
   "layout(location = 0) in vec3 pos;\n"
   "layout(location = 1) in vec3 normal;\n"
   "layout(location = 2) in vec2 uv;\n"
   "uniform mat4 model;\n"
   "uniform mat4 view_proj;\n"
   "out vec3 v_world;\n"
   "out vec3 v_normal;\n"
   "out vec2 v_uv;\n"
   "void main() {\n"
   "   vec4 world = model * vec4(pos, 1.0);\n"
   "   v_world = world.xyz;\n"
   "   v_normal = mat3(model) * normal;\n"
   "   v_uv = uv;\n"
   "   gl_Position = view_proj * world;\n"
   "}\n";

/* One unlocated output: GL gives it location 0 (GL 3.3, 3.9.2 / 4.6, 15.2.3). */
static const char render_fs[] =
   "#version 330 core\n"
   "in vec3 v_world;\n"
   "in vec3 v_normal;\n"
   "in vec2 v_uv;\n"
   "uniform sampler2D checker;\n"
   "uniform vec3 light_dir;\n"
   "uniform vec3 eye;\n"
   "uniform vec3 tint;\n"
   "out vec4 color;\n"
   "void main() {\n"
   "   vec3 n = normalize(v_normal);\n"
   "   vec3 l = normalize(light_dir);\n"
   "   vec3 h = normalize(l + normalize(eye - v_world));\n"
   "   vec3 albedo = texture(checker, v_uv).rgb * tint;\n"
   "   float diffuse = max(dot(n, l), 0.0);\n"
   "   float specular = pow(max(dot(n, h), 0.0), 32.0) * step(0.0, dot(n, l));\n"
   "   color = vec4(albedo * (0.15 + 0.85 * diffuse) + vec3(0.4) * specular, 1.0);\n"
   "}\n";

/* Transform feedback: object space to world space, no rasterization. */
static const char xfb_vs[] =
   "#version 330 core\n"
   "layout(location = 0) in vec3 pos;\n"
   "layout(location = 1) in vec3 normal;\n"
   "layout(location = 2) in vec2 uv;\n"
   "uniform mat4 model;\n"
   "out vec3 world_pos;\n"
   "out vec3 world_normal;\n"
   "out vec2 world_uv;\n"
   "void main() {\n"
   "   world_pos = (model * vec4(pos, 1.0)).xyz;\n"
   "   world_normal = mat3(model) * normal;\n"
   "   world_uv = uv;\n"
   "   gl_Position = vec4(world_pos, 1.0);\n"
   "}\n";

static bool gl_ok(const char *step)
{
   GLenum e = glGetError();
   if (e != GL_NO_ERROR) {
      fprintf(stderr, "kiln-gl-demo: %s: GL error 0x%04x\n", step, e);
      return false;
   }
   return true;
}

static GLuint shader(GLenum stage, const char *source)
{
   GLuint s = glCreateShader(stage);
   glShaderSource(s, 1, &source, NULL);
   glCompileShader(s);
   GLint ok = 0;
   glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetShaderInfoLog(s, sizeof(log), NULL, log);
      fprintf(stderr, "kiln-gl-demo: shader does not compile:\n%s\n", log);
      glDeleteShader(s);
      return 0;
   }
   return s;
}

static bool link(GLuint program)
{
   glLinkProgram(program);
   GLint ok = 0;
   glGetProgramiv(program, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetProgramInfoLog(program, sizeof(log), NULL, log);
      fprintf(stderr, "kiln-gl-demo: program does not link:\n%s\n", log);
   }
   return ok;
}

static void vertex_layout(void)
{
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glEnableVertexAttribArray(2);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(struct gl_vertex), (void *)0);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(struct gl_vertex), (void *)(3 * sizeof(float)));
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, sizeof(struct gl_vertex), (void *)(6 * sizeof(float)));
}

/* A 64x64 checkerboard of two colours, 8x8 texels a square. */
static GLuint checker_texture(void)
{
   static uint8_t texels[64 * 64 * 4];
   for (int y = 0; y < 64; y++)
      for (int x = 0; x < 64; x++) {
         bool dark = ((x / 8) ^ (y / 8)) & 1;
         uint8_t *t = &texels[(y * 64 + x) * 4];
         t[0] = dark ? 60 : 240, t[1] = dark ? 70 : 230, t[2] = dark ? 90 : 210, t[3] = 255;
      }
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   glGenerateMipmap(GL_TEXTURE_2D);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
   return tex;
}

/* Captures the torus moved by `model` into `out` (a buffer of TORUS_VERTS
 * gl_vertex) and checks it against the host's transform. */
static bool capture(GLuint mesh_vao, const struct gl_vertex *mesh, const float model[16], GLuint out,
                    struct scene_report *report)
{
   GLuint vs = shader(GL_VERTEX_SHADER, xfb_vs);
   if (!vs)
      return false;
   GLuint program = glCreateProgram();
   glAttachShader(program, vs);
   static const char *const varyings[] = {"world_pos", "world_normal", "world_uv"};
   glTransformFeedbackVaryings(program, 3, varyings, GL_INTERLEAVED_ATTRIBS);
   if (!link(program))
      return false;
   glUseProgram(program);
   glUniformMatrix4fv(glGetUniformLocation(program, "model"), 1, GL_FALSE, model);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, TORUS_VERTS * sizeof(struct gl_vertex), NULL, GL_STATIC_DRAW);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out);
   GLuint query;
   glGenQueries(1, &query);
   glBindVertexArray(mesh_vao);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, query);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, TORUS_VERTS);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glDisable(GL_RASTERIZER_DISCARD);
   if (!gl_ok("transform feedback"))
      return false;
   GLuint written = 0;
   glGetQueryObjectuiv(query, GL_QUERY_RESULT, &written);
   glDeleteQueries(1, &query);
   if (written != TORUS_VERTS) {
      fprintf(stderr, "kiln-gl-demo: transform feedback wrote %u points, not %d\n", written, TORUS_VERTS);
      return false;
   }
   const struct gl_vertex *got = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0,
                                                  TORUS_VERTS * sizeof(struct gl_vertex), GL_MAP_READ_BIT);
   if (!got || !gl_ok("mapping the captured buffer"))
      return false;
   float worst = 0.0f;
   for (int i = 0; i < TORUS_VERTS; i++) {
      const float p[4] = {mesh[i].pos[0], mesh[i].pos[1], mesh[i].pos[2], 1.0f};
      const float n[4] = {mesh[i].normal[0], mesh[i].normal[1], mesh[i].normal[2], 0.0f};
      float wp[4], wn[4];
      mat4_transform(model, p, wp);
      mat4_transform(model, n, wn);
      for (int k = 0; k < 3; k++) {
         worst = fmaxf(worst, fabsf(got[i].pos[k] - wp[k]));
         worst = fmaxf(worst, fabsf(got[i].normal[k] - wn[k]));
      }
      for (int k = 0; k < 2; k++)
         worst = fmaxf(worst, fabsf(got[i].uv[k] - mesh[i].uv[k]));
   }
   glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
   glDeleteProgram(program);
   glDeleteShader(vs);
   report->xfb_vertices = TORUS_VERTS;
   report->xfb_max_error = worst;
   /* A few ulps of single-precision arithmetic on values up to ~2. */
   if (worst > 1e-4f) {
      fprintf(stderr, "kiln-gl-demo: captured vertices differ from the host's by up to %g\n", worst);
      return false;
   }
   return gl_ok("checking the capture");
}

static struct {
   GLuint program, vaos[2], tex;
   float model1[16], view_proj[16];
} scene;

static void render(void)
{
   static const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
   GLuint program = scene.program;
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   glBindVertexArray(scene.vaos[0]);
   glUniformMatrix4fv(glGetUniformLocation(program, "model"), 1, GL_FALSE, scene.model1);
   glUniform3f(glGetUniformLocation(program, "tint"), 1.0f, 0.72f, 0.35f);
   glDrawElements(GL_TRIANGLES, TORUS_INDICES, GL_UNSIGNED_INT, NULL);
   glBindVertexArray(scene.vaos[1]);
   glUniformMatrix4fv(glGetUniformLocation(program, "model"), 1, GL_FALSE, identity);
   glUniform3f(glGetUniformLocation(program, "tint"), 0.35f, 0.85f, 0.8f);
   glDrawElements(GL_TRIANGLES, TORUS_INDICES, GL_UNSIGNED_INT, NULL);
}

bool scene_redraw(void)
{
   render();
   return gl_ok("redrawing");
}

bool scene_draw(int width, int height, struct scene_report *report)
{
   static struct gl_vertex mesh[TORUS_VERTS];
   static uint32_t indices[TORUS_INDICES];
   torus_mesh(mesh, indices);

   GLuint buffers[3], vaos[2];
   glGenBuffers(3, buffers);
   glGenVertexArrays(2, vaos);
   GLuint vbo = buffers[0], ibo = buffers[1], xfb = buffers[2];
   glBindVertexArray(vaos[0]);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(mesh), mesh, GL_STATIC_DRAW);
   vertex_layout();
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(indices), indices, GL_STATIC_DRAW);
   if (!gl_ok("uploading the mesh"))
      return false;

   /* Torus 1 sits at x = -0.5 in the xy plane; torus 2 (captured) is the
    * same torus turned about x and moved to x = +0.5, so they interlock. */
   float model1[16], model2[16], t[16], r[16];
   mat4_translate(model1, -0.5f, 0.0f, 0.0f);
   mat4_translate(t, 0.5f, 0.0f, 0.0f);
   mat4_rotate(r, 1.5707963f, 1.0f, 0.0f, 0.0f);
   mat4_mul(model2, t, r);
   if (!capture(vaos[0], mesh, model2, xfb, report))
      return false;
   glBindVertexArray(vaos[1]);
   glBindBuffer(GL_ARRAY_BUFFER, xfb);
   vertex_layout();
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);

   GLuint vs = shader(GL_VERTEX_SHADER, render_vs), fs = shader(GL_FRAGMENT_SHADER, render_fs);
   if (!vs || !fs)
      return false;
   GLuint program = glCreateProgram();
   glAttachShader(program, vs);
   glAttachShader(program, fs);
   if (!link(program))
      return false;
   GLuint tex = checker_texture();
   if (!gl_ok("making the texture"))
      return false;

   float proj[16], view[16], tilt[16], spin[16], view_proj[16];
   mat4_perspective(proj, 0.75f, (float)width / (float)height, 0.5f, 20.0f);
   mat4_translate(t, 0.0f, 0.0f, -4.2f);
   mat4_rotate(tilt, 0.6f, 1.0f, 0.0f, 0.0f);
   mat4_rotate(spin, 0.4f, 0.0f, 0.0f, 1.0f);
   mat4_mul(view, t, tilt);
   mat4_mul(view, view, spin);
   mat4_mul(view_proj, proj, view);

   glViewport(0, 0, width, height);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   glClearColor(0.08f, 0.09f, 0.12f, 1.0f);
   glUseProgram(program);
   glActiveTexture(GL_TEXTURE0);
   glBindTexture(GL_TEXTURE_2D, tex);
   glUniform1i(glGetUniformLocation(program, "checker"), 0);
   glUniformMatrix4fv(glGetUniformLocation(program, "view_proj"), 1, GL_FALSE, view_proj);
   glUniform3f(glGetUniformLocation(program, "light_dir"), 0.4f, 0.6f, 1.0f);
   glUniform3f(glGetUniformLocation(program, "eye"), 0.0f, -2.4f, 3.4f);
   scene.program = program;
   scene.vaos[0] = vaos[0];
   scene.vaos[1] = vaos[1];
   scene.tex = tex;
   memcpy(scene.model1, model1, sizeof(model1));
   memcpy(scene.view_proj, view_proj, sizeof(view_proj));
   render();
   return gl_ok("drawing");
}
