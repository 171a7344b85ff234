/* SPDX-License-Identifier: MIT */
/*
 * Compute shaders and shader storage buffers: each invocation writes a
 * value computed here from its id; direct and indirect dispatch; the
 * errors of GL 4.6 chapter 19.
 */
#include "zgl_test.h"

#define GLP(type, name) ((type)zgl_get_proc_address(name))

TEST(compute_dispatch_storage_buffer)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLDISPATCHCOMPUTEPROC dispatch = GLP(PFNGLDISPATCHCOMPUTEPROC, "glDispatchCompute");
   PFNGLDISPATCHCOMPUTEINDIRECTPROC indirect =
      GLP(PFNGLDISPATCHCOMPUTEINDIRECTPROC, "glDispatchComputeIndirect");
   PFNGLMEMORYBARRIERPROC barrier = GLP(PFNGLMEMORYBARRIERPROC, "glMemoryBarrier");
   REQUIRE(dispatch && indirect && barrier);
   const char *cs = "#version 430\n"
                    "layout(local_size_x = 4) in;\n"
                    "layout(std430, binding = 2) buffer Out { uint v[]; };\n"
                    "uniform uint scale;\n"
                    "void main() { uint i = gl_GlobalInvocationID.x; v[i] = i * i * scale + 1u; }\n";
   const GLuint p = gl.CreateProgram();
   const GLuint s = gl.CreateShader(GL_COMPUTE_SHADER);
   gl.ShaderSource(s, 1, &cs, NULL);
   gl.CompileShader(s);
   gl.AttachShader(p, s);
   gl.LinkProgram(p);
   GLint ok = 0;
   gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
   if (!CHECK_EQ(ok, GL_TRUE)) {
      char log[2048];
      gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
      test_fail(__FILE__, __LINE__, "%s", log);
      return;
   }
   GLint size[3] = {0};
   gl.GetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, size);
   CHECK_EQ(size[0], 4);
   CHECK_EQ(size[1], 1);
   dispatch(1, 1, 1); /* no program in use yet */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.UseProgram(p);
   gl.Uniform1i(gl.GetUniformLocation(p, "scale"), 3);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* a uint uniform */
   PFNGLUNIFORM1UIPROC u1ui = GLP(PFNGLUNIFORM1UIPROC, "glUniform1ui");
   REQUIRE(u1ui);
   u1ui(gl.GetUniformLocation(p, "scale"), 3);
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b);
   uint32_t init[16] = {0};
   gl.BufferData(GL_SHADER_STORAGE_BUFFER, sizeof(init), init, GL_DYNAMIC_COPY);
   gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, b);
   dispatch(2, 1, 1); /* invocations 0..7 */
   barrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint32_t got[16];
   gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got);
   for (uint32_t i = 0; i < 8; i++)
      CHECK_EQ(got[i], i * i * 3 + 1);
   CHECK_EQ(got[8], 0);
   /* Indirect: {4, 1, 1} groups from a buffer: all 16. */
   GLuint ib;
   gl.GenBuffers(1, &ib);
   gl.BindBuffer(GL_DISPATCH_INDIRECT_BUFFER, ib);
   const GLuint groups[3] = {4, 1, 1};
   gl.BufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof(groups), groups, GL_STATIC_DRAW);
   u1ui(gl.GetUniformLocation(p, "scale"), 2);
   indirect(0);
   barrier(GL_BUFFER_UPDATE_BARRIER_BIT);
   gl.GetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(got), got);
   CHECK_EQ(got[15], 15 * 15 * 2 + 1);
   indirect(2);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   indirect(4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* past the buffer's end */
   dispatch(0xffffffffu, 1, 1);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* A compute shader does not link with other stages (7.3). */
   const GLuint q = gl.CreateProgram();
   gl.AttachShader(q, s);
   const GLuint vs = gl.CreateShader(GL_VERTEX_SHADER);
   const char *vsrc = "#version 430\nvoid main() { gl_Position = vec4(0); }\n";
   gl.ShaderSource(vs, 1, &vsrc, NULL);
   gl.CompileShader(vs);
   gl.AttachShader(q, vs);
   gl.LinkProgram(q);
   gl.GetProgramiv(q, GL_LINK_STATUS, &ok);
   CHECK_EQ(ok, GL_FALSE);
   zgl_test_end(&t);
}
