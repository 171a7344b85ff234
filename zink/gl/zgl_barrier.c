/* SPDX-License-Identifier: MIT */
/*
 * glMemoryBarrier (GL 4.6, 7.13.2) and glTextureBarrier (9.3.1): zkv orders
 * everything one context records, so what is left is making shader writes
 * visible and ending rendering so attachments can be sampled.
 */
#include "zgl_context.h"
#include "zink/vk/zkv.h"

static bool
barrier_bits_ok(GLbitfield barriers)
{
   const GLbitfield all =
      GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_ELEMENT_ARRAY_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT |
      GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |
      GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |
      GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT | GL_QUERY_BUFFER_BARRIER_BIT |
      GL_FRAMEBUFFER_BARRIER_BIT | GL_TRANSFORM_FEEDBACK_BARRIER_BIT |
      GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT;
   return barriers == GL_ALL_BARRIER_BITS || !(barriers & ~all);
}

void GLAPIENTRY
zgl_MemoryBarrier(GLbitfield barriers)
{
   ZGL_CONTEXT(ctx);
   /* "INVALID_VALUE ... if barriers is not the special value
    * ALL_BARRIER_BITS, and has any bits set other than those described" */
   if (!barrier_bits_ok(barriers)) {
      zgl_error(ctx, GL_INVALID_VALUE, "glMemoryBarrier(0x%x)", barriers);
      return;
   }
   zkv_memory_barrier(ctx->zkv);
}

void GLAPIENTRY
zgl_MemoryBarrierByRegion(GLbitfield barriers)
{
   ZGL_CONTEXT(ctx);
   const GLbitfield region = GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                             GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                             GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT;
   if (barriers != GL_ALL_BARRIER_BITS && (barriers & ~region)) {
      zgl_error(ctx, GL_INVALID_VALUE, "glMemoryBarrierByRegion(0x%x)", barriers);
      return;
   }
   zkv_memory_barrier(ctx->zkv);
}

void GLAPIENTRY
zgl_TextureBarrier(void)
{
   ZGL_CONTEXT(ctx);
   zkv_memory_barrier(ctx->zkv);
}
