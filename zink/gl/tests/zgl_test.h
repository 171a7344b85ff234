/* SPDX-License-Identifier: MIT */
/*
 * Test fixture for zgl: a screen (the Vulkan device the loader gives:
 * VK_DRIVER_FILES picks kiln or lavapipe), a GL 3.3 core context current on
 * a drawable, and GL entry points fetched through zgl_get_proc_address, as
 * an application gets them.
 */
#ifndef ZGL_TEST_H
#define ZGL_TEST_H

#include "util/test.h"
#include "zgl.h"
#include "zgl_api.h"

#define ZGL_TEST_FUNCS(X)                                                                \
   X(ActiveTexture) X(AttachShader) X(BindAttribLocation) X(BindBuffer) X(BindBufferBase) \
   X(BindBufferRange) X(BindFragDataLocation) X(BindVertexArray) X(BindVertexBuffer)      \
   X(BlendFunc) X(BufferData) X(BufferStorage) X(BufferSubData) X(Clear) X(ClearBufferfv) \
   X(ClearColor) X(ClearDepth) X(ColorMask) X(CompileShader) X(CopyBufferSubData)         \
   X(CreateProgram) X(CreateShader) X(CullFace) X(DebugMessageCallback)                   \
   X(DebugMessageControl) X(DebugMessageInsert) X(DeleteBuffers) X(DeleteProgram)         \
   X(DeleteShader) X(DeleteVertexArrays) X(DepthFunc) X(Disable) X(DisableVertexAttribArray) \
   X(DrawArrays) X(DrawArraysInstanced) X(DrawElements) X(DrawElementsBaseVertex)         \
   X(DrawRangeElements) X(Enable) X(EnableVertexAttribArray) X(Enablei) X(Finish)         \
   X(FlushMappedBufferRange) X(FrontFace) X(GenBuffers) X(GenVertexArrays)                \
   X(GetActiveUniform) X(GetAttribLocation) X(GetBooleanv) X(GetBufferParameteriv)        \
   X(GetBufferParameteri64v) X(GetBufferPointerv) X(GetBufferSubData)                     \
   X(GetDebugMessageLog) X(GetError) X(GetFloatv) X(GetFragDataLocation) X(GetInteger64v) \
   X(GetIntegeri_v) X(GetIntegerv) X(GetProgramInfoLog) X(GetProgramiv)                   \
   X(GetShaderInfoLog) X(GetShaderiv) X(GetString) X(GetStringi) X(GetUniformBlockIndex)  \
   X(GetUniformLocation) X(GetUniformfv) X(GetUniformiv) X(GetVertexAttribiv)             \
   X(InvalidateBufferData) X(IsBuffer) X(IsEnabled) X(IsEnabledi) X(IsProgram) X(IsShader) \
   X(IsVertexArray) X(LinkProgram) X(MapBuffer) X(MapBufferRange) X(MultiDrawArrays)      \
   X(PixelStorei) X(PopDebugGroup) X(PrimitiveRestartIndex) X(PushDebugGroup)             \
   X(ReadPixels) X(Scissor) X(ShaderSource) X(StencilFunc) X(StencilOp) X(Uniform1f)      \
   X(Uniform1i) X(Uniform2f) X(Uniform4f) X(Uniform4fv) X(UniformBlockBinding)            \
   X(UniformMatrix4fv) X(UnmapBuffer) X(UseProgram) X(VertexAttrib4f)                     \
   X(VertexAttribBinding) X(VertexAttribDivisor) X(VertexAttribFormat)                    \
   X(VertexAttribIPointer) X(VertexAttribPointer) X(Viewport)                            \
   X(VertexPointer) X(ColorPointer) X(TexCoordPointer) X(EnableClientState)               \
   X(DisableClientState) X(ClientActiveTexture) X(Color4f) X(MultiTexCoord4f)            \
   X(MatrixMode) X(LoadIdentity) X(LoadMatrixf) X(MultMatrixf) X(PushMatrix) X(PopMatrix) \
   X(Ortho) X(Frustum) X(Translatef) X(Rotatef) X(Scalef) X(Begin) X(End) X(Vertex2f)    \
   X(Color3f) X(ProvokingVertex) X(ShadeModel) X(GenTextures) X(BindTexture) X(TexImage2D) \
   X(TexParameteri) X(DeleteTextures)

struct gl {
#define X(name) __typeof__(zgl_##name) *name;
   ZGL_TEST_FUNCS(X)
#undef X
};

extern struct gl gl;

#define TEST_WIDTH  64
#define TEST_HEIGHT 48

struct zgl_test {
   struct zgl_screen *screen;
   struct zgl_context *ctx;
   struct zgl_drawable *drawable;
};

/* Creates and makes current a 3.3 core context (debug if asked) on a
 * single-buffered RGBA8 + depth24/stencil8 drawable of TEST_WIDTH x
 * TEST_HEIGHT, and fills `gl`. false (after a failed check) if not. */
bool zgl_test_begin(struct zgl_test *t, bool debug);
/* The same with a context of these attributes. */
bool zgl_test_begin_attribs(struct zgl_test *t, const struct zgl_context_attribs *attribs);
void zgl_test_end(struct zgl_test *t);

/* glReadPixels of one pixel as RGBA8. */
void zgl_test_pixel(int x, int y, uint8_t rgba[4]);

/* Compiles and links a program from a vertex and a fragment shader;
 * 0 after a failed check (the logs are printed). */
GLuint zgl_test_program(const char *vs, const char *fs);

/* Checks glGetError against an expected error. */
#define CHECK_GL_ERROR(expected) CHECK_EQ(gl.GetError(), expected)

#endif
