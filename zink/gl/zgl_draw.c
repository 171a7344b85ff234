/* SPDX-License-Identifier: MIT */
/*
 * Drawing commands (GL 4.6, 10.4-10.5): validation with the errors the spec
 * names, GL-only primitive forms (line loops, byte indices, a restart index
 * other than all ones) rewritten into Vulkan's, then zkv_draw.
 */
#include <stdlib.h>
#include <string.h>

#include "zgl_buffer.h"
#include "zgl_draw_state.h"
#include "zgl_program.h"
#include "zgl_screen.h"
#include "zgl_vertex_array.h"

static bool
topology(GLenum mode, VkPrimitiveTopology *t)
{
   switch (mode) {
   case GL_POINTS:
      *t = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
      return true;
   case GL_LINES:
      *t = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
      return true;
   case GL_LINE_LOOP: /* drawn as a strip back to the first vertex */
   case GL_LINE_STRIP:
      *t = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
      return true;
   case GL_TRIANGLES:
      *t = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
      return true;
   case GL_TRIANGLE_STRIP:
      *t = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
      return true;
   case GL_TRIANGLE_FAN:
      *t = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN;
      return true;
   case GL_LINES_ADJACENCY:
      *t = VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY;
      return true;
   case GL_LINE_STRIP_ADJACENCY:
      *t = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
      return true;
   case GL_TRIANGLES_ADJACENCY:
      *t = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
      return true;
   case GL_TRIANGLE_STRIP_ADJACENCY:
      *t = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
      return true;
   case GL_QUADS: /* compatibility: rewritten as triangles (polygon_triangles) */
   case GL_QUAD_STRIP:
   case GL_POLYGON:
      *t = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
      return true;
   default:
      return false;
   }
}

static bool
is_polygon_mode(GLenum mode)
{
   return mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON;
}

/* Quads, quad strips and polygons (GL 4.6 compatibility, 10.1.15-17) as a
 * triangle list over the same indices, *count updated. Each quad is a fan
 * of two triangles from the vertex GL takes flat-shaded values from
 * (13.6.1, table 13.2: with the last-vertex convention a quad's fourth
 * vertex and a quad strip's 2i + 2nd, with the first-vertex convention the
 * quad's first; a polygon's first in both), put where Vulkan's provoking
 * vertex is (device_last: the last of each triangle); every triangle keeps
 * the polygon's winding. NULL on out-of-memory. */
static uint32_t *
polygon_triangles(GLenum mode, const uint32_t *in, uint32_t *count, bool gl_last,
                  bool device_last)
{
   const uint32_t n = *count;
   uint32_t *out = malloc(((size_t)n * 3 + 1) * sizeof(uint32_t));
   if (!out)
      return NULL;
   uint32_t o = 0;
   /* Triangle (p, a, b), rotated so p is where the device reads it. */
#define EMIT(p, a, b)                                                                      \
   do {                                                                                  \
      const uint32_t __t[3] = {p, a, b};                                                 \
      out[o++] = __t[device_last ? 1 : 0];                                               \
      out[o++] = __t[device_last ? 2 : 1];                                               \
      out[o++] = __t[device_last ? 0 : 2];                                               \
   } while (0)
   if (mode == GL_POLYGON) {
      for (uint32_t i = 1; n >= 3 && i + 1 < n; i++)
         EMIT(in[0], in[i], in[i + 1]);
   } else {
      const bool strip = mode == GL_QUAD_STRIP;
      for (uint32_t i = 0; i + 4 <= n; i += strip ? 2 : 4) {
         /* The quad's outline; a strip's is 2i, 2i + 1, 2i + 3, 2i + 2. */
         const uint32_t q[4] = {in[i], in[i + 1], in[strip ? i + 3 : i + 2],
                                in[strip ? i + 2 : i + 3]};
         const unsigned p = !gl_last ? 0 : strip ? 2 : 3;
         EMIT(q[p], q[(p + 1) % 4], q[(p + 2) % 4]);
         EMIT(q[p], q[(p + 2) % 4], q[(p + 3) % 4]);
      }
   }
#undef EMIT
   *count = o;
   return out;
}

static unsigned
index_size_B(GLenum type)
{
   return type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
}

static bool
mapped(const struct zgl_buffer *b)
{
   return b && b->map_pointer && !(b->access_flags & GL_MAP_PERSISTENT_BIT);
}

/* Checks every draw shares (GL 4.6, 10.4 and 10.3.1). */
static bool
validate(struct zgl_context *ctx, const char *func, GLenum mode, bool indexed, GLenum type)
{
   VkPrimitiveTopology t;
   if (!topology(mode, &t) || (is_polygon_mode(mode) && !ctx->compat)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(mode 0x%x)", func, mode);
      return false;
   }
   if (indexed && type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT &&
       type != GL_UNSIGNED_INT) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(type 0x%x)", func, type);
      return false;
   }
   const struct zgl_vertex_array *vao = ctx->vertex_array;
   if (!vao) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no vertex array object bound", func);
      return false;
   }
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIBS; i++) {
      const struct zgl_vertex_attrib *a = &vao->attribs[i];
      if (a->enabled && mapped(vao->bindings[a->binding].buffer)) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: attribute %u's buffer is mapped", func, i);
         return false;
      }
   }
   /* The default VAO of a compatibility context reads indices from client
    * memory when no element buffer is bound (GL 4.6 compatibility, 10.3.10). */
   if (indexed && !vao->element_buffer && vao != ctx->default_vertex_array) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no element array buffer bound", func);
      return false;
   }
   if (indexed && mapped(vao->element_buffer)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the element array buffer is mapped", func);
      return false;
   }
   return true;
}

struct draw {
   GLenum mode;
   bool indexed;
   GLenum type;
   uintptr_t indices;    /* offset into the element buffer */
   const void *client_indices; /* or the indices in client memory (compatibility) */
   uint32_t instances;
   uint32_t base_instance;
};

/* Indices of one range as uint32 (reading the element buffer waits for the
 * device), for the rewrites Vulkan needs. */
static uint32_t *
read_indices(struct zgl_context *ctx, const struct draw *d, uint32_t first, uint32_t count,
             bool non_indexed)
{
   uint32_t *out = malloc((count + 1) * sizeof(uint32_t));
   if (!out)
      return NULL;
   if (non_indexed) {
      for (uint32_t i = 0; i < count; i++)
         out[i] = first + i;
      return out;
   }
   const unsigned size = index_size_B(d->type);
   if (d->client_indices) {
      const uint8_t *raw = (const uint8_t *)d->client_indices + (size_t)first * size;
      for (uint32_t i = 0; i < count; i++) {
         if (size == 1)
            out[i] = raw[i];
         else if (size == 2)
            out[i] = ((const uint16_t *)raw)[i];
         else
            out[i] = ((const uint32_t *)raw)[i];
      }
      return out;
   }
   struct zgl_buffer *eb = ctx->vertex_array->element_buffer;
   const uint64_t offset = d->indices + (uint64_t)first * size;
   if (!eb->zkv || offset + (uint64_t)count * size > (uint64_t)eb->size_B) {
      /* Out of range reads are undefined (robust access: zero). */
      memset(out, 0, (count + 1) * sizeof(uint32_t));
      return out;
   }
   uint8_t *raw = malloc((size_t)count * size + 1);
   if (!raw) {
      free(out);
      return NULL;
   }
   zkv_buffer_read(ctx->zkv, eb->zkv, offset, (VkDeviceSize)count * size, raw);
   for (uint32_t i = 0; i < count; i++) {
      if (size == 1)
         out[i] = raw[i];
      else if (size == 2)
         out[i] = ((const uint16_t *)raw)[i];
      else
         out[i] = ((const uint32_t *)raw)[i];
   }
   free(raw);
   return out;
}

/* How many vertices and instances client-memory arrays must hold for this
 * draw (ctx->client_*_count): the highest index read, plus one. Only
 * computed when some enabled array is in client memory. */
static bool
client_extent(struct zgl_context *ctx, const char *func, const struct draw *d,
              const struct zkv_draw_range *ranges, uint32_t num_ranges)
{
   const struct zgl_vertex_array *vao = ctx->vertex_array;
   ctx->client_vertex_count = 0;
   ctx->client_instance_count = d->instances + d->base_instance;
   bool any = false;
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIBS; i++)
      any |= zgl_vertex_attrib_is_client(vao, &vao->attribs[i]);
   for (unsigned k = 0; k < ZGL_FF_ARRAYS; k++)
      any |= zgl_ff_array_is_client(vao, k);
   if (!any)
      return true;
   uint64_t end = 0;
   for (uint32_t r = 0; r < num_ranges; r++) {
      if (!d->indexed) {
         end = MAX2(end, (uint64_t)ranges[r].first + ranges[r].count);
         continue;
      }
      uint32_t *idx = read_indices(ctx, d, ranges[r].first, ranges[r].count, false);
      if (!idx) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         return false;
      }
      for (uint32_t i = 0; i < ranges[r].count; i++) {
         const int64_t v = (int64_t)idx[i] + ranges[r].base_vertex;
         if (v >= 0 && idx[i] != 0xffffffffu)
            end = MAX2(end, (uint64_t)v + 1);
      }
      free(idx);
   }
   ctx->client_vertex_count = (uint32_t)MIN2(end, UINT32_MAX);
   return true;
}

static void
draw(struct zgl_context *ctx, const char *func, const struct draw *d,
     const struct zkv_draw_range *ranges, uint32_t num_ranges)
{
   /* Compatibility contexts draw without a program through the
    * fixed-function one (zgl_ff_program.c), in use for this draw only. */
   struct zgl_program *in_use = ctx->program;
   if (!ctx->program && ctx->compat) {
      ctx->program = zgl_ff_program(ctx);
      if (!ctx->program) {
         ctx->program = in_use;
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s: the fixed-function program", func);
         return;
      }
   }
   if (!ctx->program || !ctx->program->linked) {
      ctx->program = in_use;
      return; /* undefined results, not an error (GL 4.6, 11.1.3.x) */
   }
   struct zkv_draw_state *s = malloc(sizeof(*s));
   if (!s) {
      ctx->program = in_use;
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   if (!client_extent(ctx, func, d, ranges, num_ranges))
      goto out;
   if (!zgl_fixed_state(ctx, func, s) || !zgl_program_state(ctx, func, s))
      goto out;
   if (!zgl_xfb_draw_state(ctx, func, d->mode, s))
      goto out;
   VkPrimitiveTopology t;
   topology(d->mode, &t);
   s->topology = t;
   const struct zkv_caps *caps = ctx->screen->caps;
   const uint32_t all_ones = d->indexed ? (uint32_t)((1ull << (8 * index_size_B(d->type))) - 1)
                                        : 0;
   const bool restart = d->indexed && (ctx->primitive_restart_fixed_index ||
                                       ctx->primitive_restart);
   const uint32_t restart_index =
      ctx->primitive_restart_fixed_index ? all_ones : ctx->primitive_restart_index;
   s->primitive_restart = restart;

   /* Rewrites: line loops, byte indices the device lacks, a restart index
    * Vulkan cannot express. Each range becomes uint32 indices uploaded. */
   const bool loop = d->mode == GL_LINE_LOOP;
   const bool polygons = is_polygon_mode(d->mode);
   const bool bytes = d->indexed && d->type == GL_UNSIGNED_BYTE && !caps->index_type_uint8;
   const bool custom_restart = restart && restart_index != all_ones;
   struct zkv_draw_info info = {
      .indexed = d->indexed,
      .index_type = d->type == GL_UNSIGNED_BYTE  ? VK_INDEX_TYPE_UINT8_EXT
                    : d->type == GL_UNSIGNED_SHORT ? VK_INDEX_TYPE_UINT16
                                                   : VK_INDEX_TYPE_UINT32,
      .instance_count = d->instances,
      .base_instance = d->base_instance,
   };
   if (!loop && !bytes && !custom_restart && !polygons) {
      if (d->indexed && d->client_indices) {
         uint32_t end = 0;
         for (uint32_t r = 0; r < num_ranges; r++)
            end = MAX2(end, ranges[r].first + ranges[r].count);
         const unsigned size = index_size_B(d->type);
         if (!zkv_upload_transient(ctx->zkv, d->client_indices, (VkDeviceSize)end * size, size,
                                   &info.index_buffer, &info.index_offset_B)) {
            zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
            goto out;
         }
      } else if (d->indexed) {
         info.index_buffer = ctx->vertex_array->element_buffer->zkv;
         info.index_offset_B = d->indices;
         if (!info.index_buffer)
            goto out; /* an empty element buffer: nothing to read */
      }
      zkv_draw(ctx->zkv, s, &info, ranges, num_ranges);
      goto out;
   }
   for (uint32_t r = 0; r < num_ranges; r++) {
      uint32_t count = ranges[r].count;
      if (loop && count < 2)
         continue;
      uint32_t *idx = read_indices(ctx, d, ranges[r].first, count, !d->indexed);
      if (!idx) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         goto out;
      }
      if (custom_restart) {
         for (uint32_t i = 0; i < count; i++)
            idx[i] = idx[i] == restart_index ? 0xffffffffu : idx[i];
      } else if (restart) {
         for (uint32_t i = 0; i < count; i++)
            idx[i] = idx[i] == all_ones ? 0xffffffffu : idx[i];
      }
      if (loop)
         idx[count++] = idx[0]; /* loops with restarts inside are not closed per piece */
      if (polygons) {
         /* Restarts inside are not honoured (an index is kept as given). */
         uint32_t *tris =
            polygon_triangles(d->mode, idx, &count,
                              ctx->provoking_vertex == GL_LAST_VERTEX_CONVENTION,
                              s->provoking_vertex_last);
         free(idx);
         idx = tris;
         if (!idx) {
            zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
            goto out;
         }
         if (!count)
            continue;
      }
      struct zkv_buffer *buffer;
      VkDeviceSize offset;
      const bool ok = zkv_upload_transient(ctx->zkv, idx, (VkDeviceSize)count * 4, 4, &buffer,
                                           &offset);
      free(idx);
      if (!ok) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         goto out;
      }
      struct zkv_draw_info ri = info;
      ri.indexed = true;
      ri.index_type = VK_INDEX_TYPE_UINT32;
      ri.index_buffer = buffer;
      ri.index_offset_B = offset;
      const struct zkv_draw_range range = {0, count, d->indexed ? ranges[r].base_vertex : 0};
      s->primitive_restart = restart;
      zkv_draw(ctx->zkv, s, &ri, &range, 1);
   }
out:
   free(s);
   ctx->program = in_use;
}

static void
draw_arrays(struct zgl_context *ctx, const char *func, GLenum mode, GLint first, GLsizei count,
            GLsizei instances, GLuint base_instance)
{
   if (!validate(ctx, func, mode, false, 0))
      return;
   if (first < 0 || count < 0 || instances < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(first %d, count %d, instances %d)", func, first,
                count, instances);
      return;
   }
   if (count == 0 || instances == 0)
      return;
   const struct draw d = {mode, false, 0, 0, NULL, (uint32_t)instances, base_instance};
   const struct zkv_draw_range range = {(uint32_t)first, (uint32_t)count, 0};
   draw(ctx, func, &d, &range, 1);
}

void
zgl_draw_arrays_with(struct zgl_context *ctx, const char *func, struct zgl_vertex_array *vao,
                     GLenum mode, GLsizei count)
{
   struct zgl_vertex_array *bound = ctx->vertex_array;
   ctx->vertex_array = vao;
   draw_arrays(ctx, func, mode, 0, count, 1, 0);
   ctx->vertex_array = bound;
}

void GLAPIENTRY
zgl_DrawArrays(GLenum mode, GLint first, GLsizei count)
{
   ZGL_CONTEXT(ctx);
   draw_arrays(ctx, "glDrawArrays", mode, first, count, 1, 0);
}

void GLAPIENTRY
zgl_DrawArraysInstanced(GLenum mode, GLint first, GLsizei count, GLsizei instancecount)
{
   ZGL_CONTEXT(ctx);
   draw_arrays(ctx, "glDrawArraysInstanced", mode, first, count, instancecount, 0);
}

void GLAPIENTRY
zgl_DrawArraysInstancedBaseInstance(GLenum mode, GLint first, GLsizei count,
                                    GLsizei instancecount, GLuint baseinstance)
{
   ZGL_CONTEXT(ctx);
   draw_arrays(ctx, "glDrawArraysInstancedBaseInstance", mode, first, count, instancecount,
               baseinstance);
}

void GLAPIENTRY
zgl_MultiDrawArrays(GLenum mode, const GLint *first, const GLsizei *count, GLsizei drawcount)
{
   ZGL_CONTEXT(ctx);
   if (drawcount < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays(drawcount %d)", drawcount);
      return;
   }
   if (!validate(ctx, "glMultiDrawArrays", mode, false, 0))
      return;
   for (GLsizei i = 0; i < drawcount; i++) {
      if (first[i] < 0 || count[i] < 0) {
         zgl_error(ctx, GL_INVALID_VALUE, "glMultiDrawArrays(first %d, count %d)", first[i],
                   count[i]);
         return;
      }
   }
   struct zkv_draw_range *ranges = malloc(sizeof(*ranges) * (size_t)MAX2(drawcount, 1));
   if (!ranges) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "glMultiDrawArrays");
      return;
   }
   uint32_t n = 0;
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i])
         ranges[n++] = (struct zkv_draw_range){(uint32_t)first[i], (uint32_t)count[i], 0};
   }
   const struct draw d = {mode, false, 0, 0, NULL, 1, 0};
   if (n)
      draw(ctx, "glMultiDrawArrays", &d, ranges, n);
   free(ranges);
}

static void
draw_elements(struct zgl_context *ctx, const char *func, GLenum mode, GLsizei count,
              GLenum type, const void *indices, GLsizei instances, GLint base_vertex,
              GLuint base_instance)
{
   if (!validate(ctx, func, mode, true, type))
      return;
   if (count < 0 || instances < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(count %d, instances %d)", func, count, instances);
      return;
   }
   if (count == 0 || instances == 0)
      return;
   const uintptr_t offset = (uintptr_t)indices;
   if (offset % index_size_B(type))
      return; /* an unaligned offset is undefined; Vulkan forbids it */
   const bool client = !ctx->vertex_array->element_buffer;
   const struct draw d = {mode, true, type, client ? 0 : offset, client ? indices : NULL,
                          (uint32_t)instances, base_instance};
   const struct zkv_draw_range range = {0, (uint32_t)count, base_vertex};
   draw(ctx, func, &d, &range, 1);
}

void GLAPIENTRY
zgl_DrawElements(GLenum mode, GLsizei count, GLenum type, const void *indices)
{
   ZGL_CONTEXT(ctx);
   draw_elements(ctx, "glDrawElements", mode, count, type, indices, 1, 0, 0);
}

void GLAPIENTRY
zgl_DrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type, const void *indices,
                           GLint basevertex)
{
   ZGL_CONTEXT(ctx);
   draw_elements(ctx, "glDrawElementsBaseVertex", mode, count, type, indices, 1, basevertex, 0);
}

void GLAPIENTRY
zgl_DrawElementsInstanced(GLenum mode, GLsizei count, GLenum type, const void *indices,
                          GLsizei instancecount)
{
   ZGL_CONTEXT(ctx);
   draw_elements(ctx, "glDrawElementsInstanced", mode, count, type, indices, instancecount, 0,
                 0);
}

void GLAPIENTRY
zgl_DrawElementsInstancedBaseVertex(GLenum mode, GLsizei count, GLenum type,
                                    const void *indices, GLsizei instancecount,
                                    GLint basevertex)
{
   ZGL_CONTEXT(ctx);
   draw_elements(ctx, "glDrawElementsInstancedBaseVertex", mode, count, type, indices,
                 instancecount, basevertex, 0);
}

void GLAPIENTRY
zgl_DrawElementsInstancedBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                      const void *indices, GLsizei instancecount,
                                      GLuint baseinstance)
{
   ZGL_CONTEXT(ctx);
   draw_elements(ctx, "glDrawElementsInstancedBaseInstance", mode, count, type, indices,
                 instancecount, 0, baseinstance);
}

void GLAPIENTRY
zgl_DrawElementsInstancedBaseVertexBaseInstance(GLenum mode, GLsizei count, GLenum type,
                                                const void *indices, GLsizei instancecount,
                                                GLint basevertex, GLuint baseinstance)
{
   ZGL_CONTEXT(ctx);
   draw_elements(ctx, "glDrawElementsInstancedBaseVertexBaseInstance", mode, count, type,
                 indices, instancecount, basevertex, baseinstance);
}

static void
draw_range_elements(struct zgl_context *ctx, const char *func, GLenum mode, GLuint start,
                    GLuint end, GLsizei count, GLenum type, const void *indices,
                    GLint basevertex)
{
   /* "An INVALID_VALUE error is generated if end < start" (GL 4.6, 10.4);
    * indices outside [start, end] are allowed (undefined results). */
   if (end < start) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(start %u, end %u)", func, start, end);
      return;
   }
   draw_elements(ctx, func, mode, count, type, indices, 1, basevertex, 0);
}

void GLAPIENTRY
zgl_DrawRangeElements(GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type,
                      const void *indices)
{
   ZGL_CONTEXT(ctx);
   draw_range_elements(ctx, "glDrawRangeElements", mode, start, end, count, type, indices, 0);
}

void GLAPIENTRY
zgl_DrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end, GLsizei count,
                                GLenum type, const void *indices, GLint basevertex)
{
   ZGL_CONTEXT(ctx);
   draw_range_elements(ctx, "glDrawRangeElementsBaseVertex", mode, start, end, count, type,
                       indices, basevertex);
}

static void
multi_draw_elements(struct zgl_context *ctx, const char *func, GLenum mode,
                    const GLsizei *count, GLenum type, const void *const *indices,
                    GLsizei drawcount, const GLint *basevertex)
{
   if (drawcount < 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(drawcount %d)", func, drawcount);
      return;
   }
   if (!validate(ctx, func, mode, true, type))
      return;
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i] < 0) {
         zgl_error(ctx, GL_INVALID_VALUE, "%s(count %d)", func, count[i]);
         return;
      }
   }
   /* One draw per element: each has its own index offset. */
   for (GLsizei i = 0; i < drawcount; i++) {
      if (!count[i] || (uintptr_t)indices[i] % index_size_B(type))
         continue;
      const bool client = !ctx->vertex_array->element_buffer;
      const struct draw d = {mode, true, type, client ? 0 : (uintptr_t)indices[i],
                             client ? indices[i] : NULL, 1, 0};
      const struct zkv_draw_range range = {0, (uint32_t)count[i], basevertex ? basevertex[i] : 0};
      draw(ctx, func, &d, &range, 1);
   }
}

void GLAPIENTRY
zgl_MultiDrawElements(GLenum mode, const GLsizei *count, GLenum type,
                      const void *const *indices, GLsizei drawcount)
{
   ZGL_CONTEXT(ctx);
   multi_draw_elements(ctx, "glMultiDrawElements", mode, count, type, indices, drawcount, NULL);
}

void GLAPIENTRY
zgl_MultiDrawElementsBaseVertex(GLenum mode, const GLsizei *count, GLenum type,
                                const void *const *indices, GLsizei drawcount,
                                const GLint *basevertex)
{
   ZGL_CONTEXT(ctx);
   multi_draw_elements(ctx, "glMultiDrawElementsBaseVertex", mode, count, type, indices,
                       drawcount, basevertex);
}

/* ---- indirect draws (GL 4.6, 10.4: DrawArraysIndirect and friends) ----------------- */

static void
draw_indirect(struct zgl_context *ctx, const char *func, GLenum mode, bool indexed, GLenum type,
              const void *indirect, GLsizei drawcount, GLsizei stride)
{
   if (!validate(ctx, func, mode, indexed, type))
      return;
   /* INVALID_VALUE for a negative count or a stride that is not a
    * multiple of 4 (10.4, MultiDraw*Indirect). */
   if (drawcount < 0 || (stride % 4)) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(drawcount %d, stride %d)", func, drawcount, stride);
      return;
   }
   /* Indirect draws read vertices and indices from buffers only (GL 4.6
    * compatibility, 10.4). */
   const struct zgl_vertex_array *vao = ctx->vertex_array;
   for (unsigned i = 0; i < ZGL_MAX_VERTEX_ATTRIBS; i++) {
      if (zgl_vertex_attrib_is_client(vao, &vao->attribs[i])) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: attribute %u is in client memory", func, i);
         return;
      }
   }
   for (unsigned k = 0; k < ZGL_FF_ARRAYS; k++) {
      if (zgl_ff_array_is_client(vao, k)) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: a fixed-function array is in client memory",
                   func);
         return;
      }
   }
   if (indexed && !vao->element_buffer) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no element array buffer bound", func);
      return;
   }
   struct zgl_buffer *b = ctx->draw_indirect_buffer;
   const GLsizei size = indexed ? 20 : 16;
   const GLsizei step = stride ? stride : size;
   const uintptr_t offset = (uintptr_t)indirect;
   /* INVALID_OPERATION without an indirect buffer, for commands past its end
    * or misaligned (10.4). */
   if (!b || !b->zkv || offset % 4 ||
       (drawcount && offset + (uint64_t)step * (uint64_t)(drawcount - 1) + (uint64_t)size >
                        (uint64_t)b->size_B)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: no or too small a GL_DRAW_INDIRECT_BUFFER", func);
      return;
   }
   if (mapped(b)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the indirect buffer is mapped", func);
      return;
   }
   if (!drawcount || !ctx->program || !ctx->program->linked)
      return;
   /* GL-only forms (line loops, byte indices, custom restart) need the
    * counts on the host: read the commands and draw them directly. */
   const bool rewrite = mode == GL_LINE_LOOP || is_polygon_mode(mode) ||
                        (indexed && type == GL_UNSIGNED_BYTE && !ctx->screen->caps->index_type_uint8) ||
                        (indexed && ctx->primitive_restart && !ctx->primitive_restart_fixed_index &&
                         ctx->primitive_restart_index !=
                            (uint32_t)((1ull << (8 * index_size_B(type))) - 1));
   if (rewrite) {
      for (GLsizei i = 0; i < drawcount; i++) {
         uint32_t cmd[5] = {0};
         zkv_buffer_read(ctx->zkv, b->zkv, offset + (uint64_t)step * (uint64_t)i, (VkDeviceSize)size,
                         cmd);
         if (!cmd[0] || !cmd[1])
            continue;
         const struct draw d = {mode, indexed, type, indexed ? cmd[2] * index_size_B(type) : 0,
                                NULL, cmd[1], indexed ? cmd[4] : cmd[3]};
         const struct zkv_draw_range range = {indexed ? 0 : cmd[2], cmd[0],
                                              indexed ? (int32_t)cmd[3] : 0};
         draw(ctx, func, &d, &range, 1);
      }
      return;
   }
   struct zkv_draw_state *s = malloc(sizeof(*s));
   if (!s) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   if (zgl_fixed_state(ctx, func, s) && zgl_program_state(ctx, func, s) &&
       zgl_xfb_draw_state(ctx, func, mode, s)) {
      VkPrimitiveTopology t;
      topology(mode, &t);
      s->topology = t;
      s->primitive_restart = indexed && (ctx->primitive_restart || ctx->primitive_restart_fixed_index);
      const struct zkv_draw_info info = {
         .indexed = indexed,
         .index_buffer = indexed ? ctx->vertex_array->element_buffer->zkv : NULL,
         .index_type = type == GL_UNSIGNED_BYTE    ? VK_INDEX_TYPE_UINT8_EXT
                       : type == GL_UNSIGNED_SHORT ? VK_INDEX_TYPE_UINT16
                                                   : VK_INDEX_TYPE_UINT32,
      };
      if (!indexed || info.index_buffer)
         zkv_draw_indirect(ctx->zkv, s, &info, b->zkv, offset, (uint32_t)drawcount,
                           (uint32_t)step, NULL, 0);
   }
   free(s);
}

void GLAPIENTRY
zgl_DrawArraysIndirect(GLenum mode, const void *indirect)
{
   ZGL_CONTEXT(ctx);
   draw_indirect(ctx, "glDrawArraysIndirect", mode, false, 0, indirect, 1, 0);
}

void GLAPIENTRY
zgl_DrawElementsIndirect(GLenum mode, GLenum type, const void *indirect)
{
   ZGL_CONTEXT(ctx);
   draw_indirect(ctx, "glDrawElementsIndirect", mode, true, type, indirect, 1, 0);
}

void GLAPIENTRY
zgl_MultiDrawArraysIndirect(GLenum mode, const void *indirect, GLsizei drawcount, GLsizei stride)
{
   ZGL_CONTEXT(ctx);
   draw_indirect(ctx, "glMultiDrawArraysIndirect", mode, false, 0, indirect, drawcount, stride);
}

void GLAPIENTRY
zgl_MultiDrawElementsIndirect(GLenum mode, GLenum type, const void *indirect, GLsizei drawcount,
                              GLsizei stride)
{
   ZGL_CONTEXT(ctx);
   draw_indirect(ctx, "glMultiDrawElementsIndirect", mode, true, type, indirect, drawcount,
                 stride);
}
