/* SPDX-License-Identifier: MIT */
/*
 * Buffer objects and vertex array objects: data round trips, mapping, and
 * the errors GL 4.6 chapters 6 and 10 name.
 */
#include <string.h>

#include "zgl_test.h"

TEST(buffer_names_and_binding)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLuint b[2];
   gl.GenBuffers(2, b);
   CHECK(b[0] != 0 && b[1] != 0 && b[0] != b[1]);
   CHECK_EQ(gl.IsBuffer(b[0]), GL_FALSE); /* no object until bound */
   gl.BindBuffer(GL_ARRAY_BUFFER, b[0]);
   CHECK_EQ(gl.IsBuffer(b[0]), GL_TRUE);
   GLint bound = 0;
   gl.GetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, (GLint)b[0]);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.BindBuffer(GL_ARRAY_BUFFER, 12345);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.BindBuffer(0xdead, b[0]);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.GenBuffers(-1, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* Deleting a bound buffer unbinds it (GL 4.6, 6.1). */
   gl.DeleteBuffers(1, &b[0]);
   gl.GetIntegerv(GL_ARRAY_BUFFER_BINDING, &bound);
   CHECK_EQ(bound, 0);
   CHECK_EQ(gl.IsBuffer(b[0]), GL_FALSE);
   /* The element array buffer is VAO state: none without a VAO. */
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b[1]);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   zgl_test_end(&t);
}

TEST(buffer_data_round_trip)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* nothing bound */
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   gl.BufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BufferData(GL_ARRAY_BUFFER, 16, NULL, GL_RGBA);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   uint8_t data[256];
   for (unsigned i = 0; i < sizeof(data); i++)
      data[i] = (uint8_t)(i * 7 + 3);
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_DYNAMIC_DRAW);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint size = 0, usage = 0;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_USAGE, &usage);
   CHECK_EQ(size, 256);
   CHECK_EQ(usage, GL_DYNAMIC_DRAW);
   const uint8_t patch[4] = {0xde, 0xad, 0xbe, 0xef};
   gl.BufferSubData(GL_ARRAY_BUFFER, 100, 4, patch);
   memcpy(data + 100, patch, 4);
   uint8_t back[256] = {0};
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(back), back);
   CHECK(memcmp(back, data, sizeof(data)) == 0);
   gl.BufferSubData(GL_ARRAY_BUFFER, 254, 4, patch);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BufferSubData(GL_ARRAY_BUFFER, -1, 1, patch);
   CHECK_GL_ERROR(GL_INVALID_VALUE);

   /* Copies; overlapping ranges of one buffer are an error (GL 4.6, 6.6). */
   GLuint c;
   gl.GenBuffers(1, &c);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, c);
   gl.BufferData(GL_COPY_WRITE_BUFFER, 64, NULL, GL_STATIC_COPY);
   gl.CopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 10, 4, 32);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.GetBufferSubData(GL_COPY_WRITE_BUFFER, 4, 32, back);
   CHECK(memcmp(back, data + 10, 32) == 0);
   gl.CopyBufferSubData(GL_ARRAY_BUFFER, GL_ARRAY_BUFFER, 0, 8, 16);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.CopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 60, 8);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.CopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_READ_BUFFER, 0, 0, 1);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* zero bound to the read target */
   zgl_test_end(&t);
}

TEST(buffer_mapping)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   gl.BufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STREAM_DRAW);
   uint8_t *p = gl.MapBufferRange(GL_ARRAY_BUFFER, 16, 16, GL_MAP_WRITE_BIT);
   REQUIRE(p);
   for (unsigned i = 0; i < 16; i++)
      p[i] = (uint8_t)(200 + i);
   GLint mapped = 0;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_MAPPED, &mapped);
   CHECK_EQ(mapped, GL_TRUE);
   void *pointer = NULL;
   gl.GetBufferPointerv(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &pointer);
   CHECK(pointer == p);
   /* Already mapped; sub-data of a mapped buffer (GL 4.6, 6.3, 6.2). */
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT) == NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, 1, p);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK_EQ(gl.UnmapBuffer(GL_ARRAY_BUFFER), GL_TRUE);
   CHECK_EQ(gl.UnmapBuffer(GL_ARRAY_BUFFER), GL_FALSE);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   uint8_t back[16];
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 16, 16, back);
   for (unsigned i = 0; i < 16; i++)
      CHECK_EQ(back[i], 200 + i);

   /* glMapBuffer reads what was written. */
   const uint8_t *r = gl.MapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
   REQUIRE(r);
   CHECK_EQ(r[20], 204);
   GLint access = 0;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_ACCESS, &access);
   CHECK_EQ(access, GL_READ_ONLY);
   gl.UnmapBuffer(GL_ARRAY_BUFFER);

   /* The INVALID_OPERATION and INVALID_VALUE conditions of MapBufferRange. */
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 0, GL_MAP_READ_BIT) == NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4, 0) == NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4,
                           GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT) == NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4,
                           GL_MAP_READ_BIT | GL_MAP_FLUSH_EXPLICIT_BIT) == NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 60, 8, GL_MAP_READ_BIT) == NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT | 0x10000) == NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   CHECK(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT) ==
         NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* not in the (mutable) storage's flags */

   /* Explicit flushes. */
   p = gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 32, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
   REQUIRE(p);
   p[3] = 77;
   gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 30, 4);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.UnmapBuffer(GL_ARRAY_BUFFER);
   gl.FlushMappedBufferRange(GL_ARRAY_BUFFER, 0, 4);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 3, 1, back);
   CHECK_EQ(back[0], 77);
   zgl_test_end(&t);
}

TEST(buffer_storage)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   /* GL 4.6, 6.2's INVALID_VALUE cases. */
   gl.BufferStorage(GL_ARRAY_BUFFER, 0, NULL, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_MAP_PERSISTENT_BIT);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BufferStorage(GL_ARRAY_BUFFER, 16, NULL, GL_MAP_READ_BIT | GL_MAP_COHERENT_BIT);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   const uint32_t init[4] = {1, 2, 3, 4};
   gl.BufferStorage(GL_ARRAY_BUFFER, sizeof(init), init,
                    GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                       GL_MAP_COHERENT_BIT);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint immutable = 0, flags = 0;
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_IMMUTABLE_STORAGE, &immutable);
   gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_STORAGE_FLAGS, &flags);
   CHECK_EQ(immutable, GL_TRUE);
   CHECK_EQ(flags, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                      GL_MAP_COHERENT_BIT);
   gl.BufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.BufferSubData(GL_ARRAY_BUFFER, 0, 4, init); /* no DYNAMIC_STORAGE_BIT */
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   /* A persistent coherent mapping stays while the buffer is used. */
   uint32_t *p = gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16,
                                   GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                                      GL_MAP_COHERENT_BIT);
   REQUIRE(p);
   CHECK_EQ(p[2], 3);
   p[1] = 20;
   GLuint c;
   gl.GenBuffers(1, &c);
   gl.BindBuffer(GL_COPY_WRITE_BUFFER, c);
   gl.BufferData(GL_COPY_WRITE_BUFFER, 16, NULL, GL_STATIC_DRAW);
   gl.CopyBufferSubData(GL_ARRAY_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 16);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint32_t back[4];
   gl.GetBufferSubData(GL_COPY_WRITE_BUFFER, 0, 16, back);
   CHECK_EQ(back[1], 20);
   gl.InvalidateBufferData(c);
   CHECK_GL_ERROR(GL_NO_ERROR);
   gl.InvalidateBufferData(9999);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.UnmapBuffer(GL_ARRAY_BUFFER);
   zgl_test_end(&t);
}

TEST(indexed_buffer_bindings)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, b, 256, 64);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   gl.GetIntegeri_v(GL_UNIFORM_BUFFER_BINDING, 2, &v);
   CHECK_EQ(v, (GLint)b);
   gl.GetIntegeri_v(GL_UNIFORM_BUFFER_START, 2, &v);
   CHECK_EQ(v, 256);
   gl.GetIntegerv(GL_UNIFORM_BUFFER_BINDING, &v); /* the generic binding too */
   CHECK_EQ(v, (GLint)b);
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, b, 4, 64); /* misaligned */
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BindBufferRange(GL_UNIFORM_BUFFER, 2, b, 0, 0);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BindBufferBase(GL_UNIFORM_BUFFER, 1000, b);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.BindBufferBase(GL_ARRAY_BUFFER, 0, b);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   zgl_test_end(&t);
}

TEST(vertex_array_errors_and_state)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   /* Core profile: no default VAO (GL 4.6, 10.3.1). */
   gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.EnableVertexAttribArray(0);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   GLuint vao;
   gl.GenVertexArrays(1, &vao);
   CHECK_EQ(gl.IsVertexArray(vao), GL_FALSE);
   gl.BindVertexArray(vao);
   CHECK_EQ(gl.IsVertexArray(vao), GL_TRUE);
   gl.BindVertexArray(777);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, (void *)16);
   CHECK_GL_ERROR(GL_INVALID_OPERATION); /* a pointer without an array buffer */
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   gl.VertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.VertexAttribPointer(0, 4, GL_RGBA, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   gl.VertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.VertexAttribPointer(0, 3, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, -4, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.VertexAttribPointer(16, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.VertexAttribIPointer(0, 2, GL_FLOAT, 0, NULL);
   CHECK_GL_ERROR(GL_INVALID_ENUM);

   gl.VertexAttribPointer(3, 2, GL_SHORT, GL_TRUE, 12, (void *)8);
   gl.EnableVertexAttribArray(3);
   gl.VertexAttribDivisor(3, 2);
   CHECK_GL_ERROR(GL_NO_ERROR);
   GLint v = 0;
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   CHECK_EQ(v, 2);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
   CHECK_EQ(v, GL_SHORT);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
   CHECK_EQ(v, GL_TRUE);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
   CHECK_EQ(v, 12);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   CHECK_EQ(v, GL_TRUE);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &v);
   CHECK_EQ(v, 2);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, (GLint)b);
   /* ARB_vertex_attrib_binding: the attribute follows its binding. */
   gl.VertexAttribBinding(3, 5);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_BINDING, &v);
   CHECK_EQ(v, 5);
   gl.GetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, 0);
   gl.VertexAttribFormat(3, 4, GL_FLOAT, GL_FALSE, 4096);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   /* The binding's own state (GL 4.6, table 23.5). */
   gl.BindVertexBuffer(5, b, 64, 24);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_BUFFER, 5, &v);
   CHECK_EQ(v, (GLint)b);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 5, &v);
   CHECK_EQ(v, 64);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 5, &v);
   CHECK_EQ(v, 24);
   gl.GetIntegeri_v(GL_VERTEX_BINDING_DIVISOR, 16, &v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   gl.GetIntegerv(GL_DRAW_BUFFER0, &v);
   CHECK_EQ(v, GL_FRONT);
   gl.GetIntegerv(GL_DRAW_BUFFER1, &v);
   CHECK_EQ(v, GL_NONE);
   /* The element buffer belongs to the VAO. */
   gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, b);
   gl.BindVertexArray(0);
   GLuint vao2;
   gl.GenVertexArrays(1, &vao2);
   gl.BindVertexArray(vao2);
   gl.GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, 0);
   gl.BindVertexArray(vao);
   gl.GetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   CHECK_EQ(v, (GLint)b);
   gl.DeleteVertexArrays(1, &vao);
   gl.GetIntegerv(GL_VERTEX_ARRAY_BINDING, &v);
   CHECK_EQ(v, 0);
   zgl_test_end(&t);
}

TEST(clear_buffer_data_and_barriers)
{
   struct zgl_test t;
   REQUIRE(zgl_test_begin(&t, false));
   PFNGLCLEARBUFFERSUBDATAPROC clear_sub =
      (PFNGLCLEARBUFFERSUBDATAPROC)zgl_get_proc_address("glClearBufferSubData");
   PFNGLCLEARBUFFERDATAPROC clear =
      (PFNGLCLEARBUFFERDATAPROC)zgl_get_proc_address("glClearBufferData");
   PFNGLMEMORYBARRIERPROC barrier = (PFNGLMEMORYBARRIERPROC)zgl_get_proc_address("glMemoryBarrier");
   REQUIRE(clear_sub && clear && barrier);
   GLuint b;
   gl.GenBuffers(1, &b);
   gl.BindBuffer(GL_ARRAY_BUFFER, b);
   uint32_t init[8] = {1, 2, 3, 4, 5, 6, 7, 8};
   gl.BufferData(GL_ARRAY_BUFFER, sizeof(init), init, GL_STATIC_DRAW);
   const GLuint v = 0xdeadbeefu;
   clear_sub(GL_ARRAY_BUFFER, GL_R32UI, 8, 16, GL_RED_INTEGER, GL_UNSIGNED_INT, &v);
   CHECK_GL_ERROR(GL_NO_ERROR);
   uint32_t back[8];
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(back), back);
   CHECK_EQ(back[1], 2);
   CHECK_EQ_U64(back[2], 0xdeadbeefu);
   CHECK_EQ_U64(back[5], 0xdeadbeefu);
   CHECK_EQ(back[6], 7);
   /* Floats into RGBA8: round(c * 255) per byte (GL 4.6, 6.5 then 8.4.4). */
   const float c[4] = {0.2f, 0.4f, 0.6f, 1.0f};
   clear(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, c);
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(back), back);
   CHECK_EQ_U64(back[7], 0xff996633u);
   clear(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, NULL); /* zeros */
   gl.GetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof(back), back);
   CHECK_EQ(back[0], 0);
   clear_sub(GL_ARRAY_BUFFER, GL_R32UI, 2, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, &v);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   clear_sub(GL_ARRAY_BUFFER, GL_RGB8, 0, 4, GL_RGB, GL_UNSIGNED_BYTE, &v);
   CHECK_GL_ERROR(GL_INVALID_ENUM);
   clear_sub(GL_ARRAY_BUFFER, GL_R32UI, 0, 4, GL_RED, GL_FLOAT, c);
   CHECK_GL_ERROR(GL_INVALID_OPERATION);
   barrier(GL_ALL_BARRIER_BITS);
   CHECK_GL_ERROR(GL_NO_ERROR);
   barrier(0x40000000);
   CHECK_GL_ERROR(GL_INVALID_VALUE);
   zgl_test_end(&t);
}
