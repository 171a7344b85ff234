/* SPDX-License-Identifier: MIT */
/*
 * GL_EXTENSIONS against what zgl implements: every listed extension has an
 * entry below, each of its commands (its core names: GL 4.6 core's
 * "New Procedures and Functions" of the extension specs) resolves through
 * zgl_get_proc_address, its state enums are accepted by the queries and
 * glEnable, and its shading-language extension is accepted by the compiler.
 */
#include <string.h>

#include "zgl_test.h"

#define MAX_ITEMS 16

struct ext_check {
   const char *name;
   const char *commands[MAX_ITEMS];
   GLenum gets[MAX_ITEMS]; /* glGetInteger64v pnames, no error */
   GLenum caps[MAX_ITEMS]; /* glEnable/glIsEnabled capabilities, no error */
   const char *glsl;       /* a fragment shader that needs the extension */
};

static const struct ext_check checks[] = {
   {"GL_ARB_base_instance",
    {"glDrawArraysInstancedBaseInstance", "glDrawElementsInstancedBaseInstance",
     "glDrawElementsInstancedBaseVertexBaseInstance"}},
   {"GL_ARB_buffer_storage", {"glBufferStorage"}},
   {"GL_ARB_clear_buffer_object", {"glClearBufferData", "glClearBufferSubData"}},
   {"GL_ARB_copy_buffer",
    {"glCopyBufferSubData"},
    {GL_COPY_READ_BUFFER_BINDING, GL_COPY_WRITE_BUFFER_BINDING}},
   {"GL_ARB_depth_clamp", {NULL}, {0}, {GL_DEPTH_CLAMP}},
   {"GL_ARB_draw_elements_base_vertex",
    {"glDrawElementsBaseVertex", "glDrawRangeElementsBaseVertex",
     "glDrawElementsInstancedBaseVertex", "glMultiDrawElementsBaseVertex"}},
   {"GL_ARB_draw_indirect",
    {"glDrawArraysIndirect", "glDrawElementsIndirect"},
    {GL_DRAW_INDIRECT_BUFFER_BINDING}},
   {"GL_ARB_draw_instanced", {"glDrawArraysInstanced", "glDrawElementsInstanced"}},
   {"GL_ARB_explicit_attrib_location", {NULL}, {0}, {0},
    "#version 140\n#extension GL_ARB_explicit_attrib_location : require\n"
    "layout(location = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n"},
   {"GL_ARB_fragment_coord_conventions", {NULL}, {0}, {0},
    "#version 140\n#extension GL_ARB_fragment_coord_conventions : require\n"
    "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"
    "out vec4 c;\nvoid main() { c = gl_FragCoord; }\n"},
   {"GL_ARB_framebuffer_object",
    {"glIsRenderbuffer", "glBindRenderbuffer", "glDeleteRenderbuffers", "glGenRenderbuffers",
     "glRenderbufferStorage", "glGetRenderbufferParameteriv", "glIsFramebuffer",
     "glBindFramebuffer", "glDeleteFramebuffers", "glGenFramebuffers",
     "glCheckFramebufferStatus", "glFramebufferTexture1D", "glFramebufferTexture2D",
     "glFramebufferTexture3D", "glFramebufferRenderbuffer",
     "glGetFramebufferAttachmentParameteriv"},
    {GL_FRAMEBUFFER_BINDING, GL_RENDERBUFFER_BINDING, GL_MAX_RENDERBUFFER_SIZE,
     GL_MAX_COLOR_ATTACHMENTS, GL_MAX_SAMPLES, GL_READ_FRAMEBUFFER_BINDING}},
   /* The rest of ARB_framebuffer_object's commands. */
   {"GL_ARB_framebuffer_object",
    {"glGenerateMipmap", "glBlitFramebuffer", "glRenderbufferStorageMultisample",
     "glFramebufferTextureLayer"}},
   {"GL_ARB_half_float_vertex"}, /* glVertexAttribPointer(GL_HALF_FLOAT): below */
   {"GL_ARB_instanced_arrays", {"glVertexAttribDivisor"}},
   {"GL_ARB_invalidate_subdata",
    {"glInvalidateTexSubImage", "glInvalidateTexImage", "glInvalidateBufferSubData",
     "glInvalidateBufferData", "glInvalidateFramebuffer", "glInvalidateSubFramebuffer"}},
   {"GL_ARB_map_buffer_range", {"glMapBufferRange", "glFlushMappedBufferRange"}},
   {"GL_ARB_multi_draw_indirect", {"glMultiDrawArraysIndirect", "glMultiDrawElementsIndirect"}},
   {"GL_ARB_occlusion_query2"}, /* GL_ANY_SAMPLES_PASSED: below */
   {"GL_ARB_provoking_vertex",
    {"glProvokingVertex"},
    {GL_PROVOKING_VERTEX, GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION}},
   {"GL_ARB_sampler_objects",
    {"glGenSamplers", "glDeleteSamplers", "glIsSampler", "glBindSampler",
     "glSamplerParameteri", "glSamplerParameteriv", "glSamplerParameterf",
     "glSamplerParameterfv", "glSamplerParameterIiv", "glSamplerParameterIuiv",
     "glGetSamplerParameteriv", "glGetSamplerParameterIiv", "glGetSamplerParameterfv",
     "glGetSamplerParameterIuiv"},
    {GL_SAMPLER_BINDING}},
   {"GL_ARB_seamless_cube_map", {NULL}, {0}, {GL_TEXTURE_CUBE_MAP_SEAMLESS}},
   {"GL_ARB_sync",
    {"glFenceSync", "glIsSync", "glDeleteSync", "glClientWaitSync", "glWaitSync",
     "glGetInteger64v", "glGetSynciv"},
    {GL_MAX_SERVER_WAIT_TIMEOUT}},
   {"GL_ARB_texture_multisample",
    {"glTexImage2DMultisample", "glTexImage3DMultisample", "glGetMultisamplefv",
     "glSampleMaski"},
    {GL_MAX_SAMPLE_MASK_WORDS, GL_MAX_COLOR_TEXTURE_SAMPLES, GL_MAX_DEPTH_TEXTURE_SAMPLES,
     GL_MAX_INTEGER_SAMPLES, GL_TEXTURE_BINDING_2D_MULTISAMPLE,
     GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY},
    {GL_SAMPLE_MASK}},
   {"GL_ARB_texture_rg"},         /* internal formats: below */
   {"GL_ARB_texture_rgb10_a2ui"}, /* internal format: below */
   {"GL_ARB_texture_storage", {"glTexStorage1D", "glTexStorage2D", "glTexStorage3D"}},
   {"GL_ARB_texture_swizzle", {"glTexParameteriv"}}, /* the parameters: below */
   {"GL_ARB_timer_query",
    {"glQueryCounter", "glGetQueryObjecti64v", "glGetQueryObjectui64v"},
    {GL_TIMESTAMP}},
   {"GL_ARB_uniform_buffer_object",
    {"glGetUniformIndices", "glGetActiveUniformsiv", "glGetActiveUniformName",
     "glGetUniformBlockIndex", "glGetActiveUniformBlockiv", "glGetActiveUniformBlockName",
     "glUniformBlockBinding", "glBindBufferRange", "glBindBufferBase", "glGetIntegeri_v"},
    {GL_UNIFORM_BUFFER_BINDING, GL_MAX_VERTEX_UNIFORM_BLOCKS, GL_MAX_GEOMETRY_UNIFORM_BLOCKS,
     GL_MAX_FRAGMENT_UNIFORM_BLOCKS, GL_MAX_COMBINED_UNIFORM_BLOCKS,
     GL_MAX_UNIFORM_BUFFER_BINDINGS, GL_MAX_UNIFORM_BLOCK_SIZE,
     GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS, GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS,
     GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT}},
   {"GL_ARB_vertex_array_bgra"}, /* size GL_BGRA: below */
   {"GL_ARB_vertex_array_object",
    {"glBindVertexArray", "glDeleteVertexArrays", "glGenVertexArrays", "glIsVertexArray"},
    {GL_VERTEX_ARRAY_BINDING}},
   {"GL_ARB_vertex_type_2_10_10_10_rev",
    {"glVertexAttribP1ui", "glVertexAttribP1uiv", "glVertexAttribP2ui",
     "glVertexAttribP2uiv", "glVertexAttribP3ui", "glVertexAttribP3uiv",
     "glVertexAttribP4ui", "glVertexAttribP4uiv"}},
   {"GL_KHR_debug",
    {"glDebugMessageControl", "glDebugMessageInsert", "glDebugMessageCallback",
     "glGetDebugMessageLog", "glPushDebugGroup", "glPopDebugGroup", "glObjectLabel",
     "glGetObjectLabel", "glObjectPtrLabel", "glGetObjectPtrLabel", "glGetPointerv"},
    {GL_MAX_DEBUG_MESSAGE_LENGTH, GL_MAX_DEBUG_LOGGED_MESSAGES, GL_DEBUG_LOGGED_MESSAGES,
     GL_MAX_DEBUG_GROUP_STACK_DEPTH, GL_DEBUG_GROUP_STACK_DEPTH, GL_MAX_LABEL_LENGTH},
    {GL_DEBUG_OUTPUT, GL_DEBUG_OUTPUT_SYNCHRONOUS}},
};

static bool
listed(const char *name)
{
   GLint n = 0;
   gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      if (!strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i), name))
         return true;
   }
   return false;
}

static bool
checked(const char *name)
{
   for (unsigned i = 0; i < ARRAY_SIZE(checks); i++) {
      if (!strcmp(checks[i].name, name))
         return true;
   }
   return false;
}

static bool
fragment_shader_compiles(const char *source)
{
   PFNGLCREATESHADERPROC create = (PFNGLCREATESHADERPROC)zgl_get_proc_address("glCreateShader");
   GLuint shader = create(GL_FRAGMENT_SHADER);
   gl.ShaderSource(shader, 1, &source, NULL);
   gl.CompileShader(shader);
   GLint ok = 0;
   gl.GetShaderiv(shader, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[1024] = "";
      gl.GetShaderInfoLog(shader, sizeof(log), NULL, log);
      test_fail(__FILE__, __LINE__, "shader:\n%s\nlog: %s", source, log);
   }
   gl.DeleteShader(shader);
   return ok;
}

TEST(extensions_listed_are_checked)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLint n = -1;
   gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
   CHECK(n > 0);
   for (GLint i = 0; i < n; i++) {
      const char *name = (const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i);
      REQUIRE(name);
      if (!checked(name))
         test_fail(__FILE__, __LINE__, "%s is listed but has no check", name);
      /* Sorted and unique. */
      if (i > 0)
         CHECK(strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i - 1), name) < 0);
   }
   CHECK(gl.GetStringi(GL_EXTENSIONS, (GLuint)n) == NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* Not implemented (docs/zink-gl.md): not listed. */
   CHECK(!listed("GL_ARB_compute_shader"));
   CHECK(!listed("GL_ARB_tessellation_shader"));
   /* glslang offers floatBitsToInt only from GLSL 3.30 on. */
   CHECK(!listed("GL_ARB_shader_bit_encoding"));
   /* Dual-source blending works (zgl_dual_source_test.c), but glslang
    * refuses "#extension GL_ARB_blend_func_extended", the extension's way
    * to layout(index) before GLSL 3.30. */
   CHECK(!listed("GL_ARB_blend_func_extended"));
   zgl_test_end(&t);
}

TEST(extension_entry_points_and_enums)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   for (unsigned i = 0; i < ARRAY_SIZE(checks); i++) {
      const struct ext_check *c = &checks[i];
      CHECK(listed(c->name));
      for (unsigned j = 0; j < MAX_ITEMS && c->commands[j]; j++) {
         if (!zgl_get_proc_address(c->commands[j]))
            test_fail(__FILE__, __LINE__, "%s: %s does not resolve", c->name, c->commands[j]);
      }
      for (unsigned j = 0; j < MAX_ITEMS && c->gets[j]; j++) {
         GLint64 v = -1;
         gl.GetInteger64v(c->gets[j], &v);
         if (gl.GetError() != GL_NO_ERROR)
            test_fail(__FILE__, __LINE__, "%s: glGetInteger64v(0x%x)", c->name, c->gets[j]);
      }
      for (unsigned j = 0; j < MAX_ITEMS && c->caps[j]; j++) {
         gl.Enable(c->caps[j]);
         const bool on = gl.IsEnabled(c->caps[j]);
         gl.Disable(c->caps[j]);
         if (gl.GetError() != GL_NO_ERROR || !on || gl.IsEnabled(c->caps[j]))
            test_fail(__FILE__, __LINE__, "%s: capability 0x%x", c->name, c->caps[j]);
      }
      if (c->glsl)
         CHECK(fragment_shader_compiles(c->glsl));
   }
   zgl_test_end(&t);
}

/* The extensions whose additions are enum values of existing commands. */
TEST(extension_enum_values)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLGENTEXTURESPROC gen_textures = (PFNGLGENTEXTURESPROC)zgl_get_proc_address("glGenTextures");
   PFNGLBINDTEXTUREPROC bind_texture = (PFNGLBINDTEXTUREPROC)zgl_get_proc_address("glBindTexture");
   PFNGLTEXIMAGE2DPROC tex_image_2d = (PFNGLTEXIMAGE2DPROC)zgl_get_proc_address("glTexImage2D");
   PFNGLTEXPARAMETERIPROC tex_parameteri =
      (PFNGLTEXPARAMETERIPROC)zgl_get_proc_address("glTexParameteri");
   PFNGLTEXPARAMETERIVPROC tex_parameteriv =
      (PFNGLTEXPARAMETERIVPROC)zgl_get_proc_address("glTexParameteriv");
   PFNGLGETTEXPARAMETERIVPROC get_tex_parameteriv =
      (PFNGLGETTEXPARAMETERIVPROC)zgl_get_proc_address("glGetTexParameteriv");
   PFNGLDELETETEXTURESPROC delete_textures =
      (PFNGLDELETETEXTURESPROC)zgl_get_proc_address("glDeleteTextures");
   PFNGLGENQUERIESPROC gen_queries = (PFNGLGENQUERIESPROC)zgl_get_proc_address("glGenQueries");
   PFNGLBEGINQUERYPROC begin_query = (PFNGLBEGINQUERYPROC)zgl_get_proc_address("glBeginQuery");
   PFNGLENDQUERYPROC end_query = (PFNGLENDQUERYPROC)zgl_get_proc_address("glEndQuery");
   PFNGLDELETEQUERIESPROC delete_queries =
      (PFNGLDELETEQUERIESPROC)zgl_get_proc_address("glDeleteQueries");
   PFNGLVERTEXATTRIBP4UIPROC vertex_attrib_p4ui =
      (PFNGLVERTEXATTRIBP4UIPROC)zgl_get_proc_address("glVertexAttribP4ui");
   REQUIRE(gen_textures && bind_texture && tex_image_2d && tex_parameteri && tex_parameteriv &&
           get_tex_parameteriv && delete_textures && gen_queries && begin_query && end_query &&
           delete_queries && vertex_attrib_p4ui);

   /* ARB_texture_rg, ARB_texture_rgb10_a2ui: internal formats. */
   GLuint tex;
   gen_textures(1, &tex);
   bind_texture(GL_TEXTURE_2D, tex);
   static const struct {
      GLenum internal_format, format, type;
   } formats[] = {
      {GL_R8, GL_RED, GL_UNSIGNED_BYTE},           {GL_RG8, GL_RG, GL_UNSIGNED_BYTE},
      {GL_R16F, GL_RED, GL_HALF_FLOAT},            {GL_RG32F, GL_RG, GL_FLOAT},
      {GL_R32I, GL_RED_INTEGER, GL_INT},           {GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT},
      {GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(formats); i++) {
      tex_image_2d(GL_TEXTURE_2D, 0, (GLint)formats[i].internal_format, 4, 4, 0, formats[i].format,
                   formats[i].type, NULL);
      if (gl.GetError() != GL_NO_ERROR)
         test_fail(__FILE__, __LINE__, "glTexImage2D(0x%x)", formats[i].internal_format);
   }
   /* ARB_texture_swizzle. */
   tex_parameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_GREEN);
   const GLint rgba[4] = {GL_ALPHA, GL_ONE, GL_ZERO, GL_RED};
   tex_parameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, rgba);
   GLint got[4] = {0};
   get_tex_parameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, got);
   CHECK_GL_ERROR(GL_NO_ERROR);
   CHECK(!memcmp(got, rgba, sizeof(rgba)));
   delete_textures(1, &tex);

   /* ARB_occlusion_query2 and ARB_timer_query: query targets. */
   GLuint q;
   gen_queries(1, &q);
   begin_query(GL_ANY_SAMPLES_PASSED, q);
   end_query(GL_ANY_SAMPLES_PASSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   delete_queries(1, &q);
   gen_queries(1, &q);
   begin_query(GL_TIME_ELAPSED, q);
   end_query(GL_TIME_ELAPSED);
   CHECK_GL_ERROR(GL_NO_ERROR);
   delete_queries(1, &q);

   /* ARB_half_float_vertex, ARB_vertex_array_bgra,
    * ARB_vertex_type_2_10_10_10_rev: attribute types and sizes. */
   GLuint vao, buf;
   gl.GenVertexArrays(1, &vao);
   gl.BindVertexArray(vao);
   gl.GenBuffers(1, &buf);
   gl.BindBuffer(GL_ARRAY_BUFFER, buf);
   gl.BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   gl.VertexAttribPointer(0, 4, GL_HALF_FLOAT, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE, 0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.VertexAttribPointer(0, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
   CHECK_GL_ERROR(GL_NO_ERROR);
   vertex_attrib_p4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0x3ff);
   CHECK_GL_ERROR(GL_NO_ERROR);
   /* GL 4.6, 10.3.1: BGRA needs normalized. */
   gl.VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.DeleteBuffers(1, &buf);
   gl.DeleteVertexArrays(1, &vao);
   zgl_test_end(&t);
}
