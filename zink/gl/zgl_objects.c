/* SPDX-License-Identifier: MIT */
#include "zgl_objects.h"

#include "zgl_buffer.h"
#include "zgl_context.h"
#include "zgl_framebuffer.h"
#include "zgl_program.h"
#include "zgl_texture.h"

#include <stdlib.h>
#include "zgl_vertex_array.h"
#include "zink/vk/zkv.h"

void
zgl_shared_objects_free(struct zgl_shared *shared)
{
   zgl_names_foreach(&shared->buffers, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_buffer_unref(e->data);
   }
   zgl_names_foreach(&shared->syncs, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_sync_free(e->data);
   }
   zgl_names_foreach(&shared->renderbuffers, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_renderbuffer_unref(e->data);
   }
   zgl_names_foreach(&shared->textures, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_texture_unref(e->data);
   }
   zgl_names_foreach(&shared->samplers, e) {
      if (e->data != ZGL_NAME_RESERVED)
         free(e->data);
   }
   for (unsigned i = 0; i < shared->num_dead_samplers; i++)
      free(shared->dead_samplers[i]);
   free(shared->dead_samplers);
   zgl_names_foreach(&shared->shader_objects, e) {
      struct zgl_shader_object *o = e->data;
      if (o == ZGL_NAME_RESERVED)
         continue;
      if (o->is_program)
         zgl_program_free((struct zgl_program *)o);
      else
         zgl_shader_free((struct zgl_shader *)o);
   }
}

void
zgl_context_objects_free(struct zgl_context *ctx)
{
   struct zgl_buffer **slots[] = {
      &ctx->array_buffer,       &ctx->copy_read_buffer,          &ctx->copy_write_buffer,
      &ctx->pixel_pack_buffer,  &ctx->pixel_unpack_buffer,       &ctx->texture_buffer,
      &ctx->uniform_buffer,     &ctx->transform_feedback_buffer, &ctx->draw_indirect_buffer,
      &ctx->dispatch_indirect_buffer, &ctx->query_buffer,        &ctx->shader_storage_buffer,
      &ctx->atomic_counter_buffer, &ctx->parameter_buffer,
   };
   for (unsigned i = 0; i < ARRAY_SIZE(slots); i++)
      zgl_buffer_bind(slots[i], NULL);
   for (unsigned i = 0; i < ZGL_MAX_UNIFORM_BUFFER_BINDINGS; i++)
      zgl_buffer_bind(&ctx->uniform_buffers[i].buffer, NULL);
   for (unsigned i = 0; i < ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS; i++)
      zgl_buffer_bind(&ctx->shader_storage_buffers[i].buffer, NULL);
   for (unsigned i = 0; i < ZGL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS; i++)
      zgl_buffer_bind(&ctx->atomic_counter_buffers[i].buffer, NULL);
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->xfb_buffers); i++)
      zgl_buffer_bind(&ctx->xfb_buffers[i].buffer, NULL);
   for (unsigned i = 0; i < ARRAY_SIZE(ctx->xfb.targets); i++)
      zkv_xfb_target_destroy(ctx->xfb.targets[i]);
   zgl_names_foreach(&ctx->vertex_arrays, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_vertex_array_free(e->data);
   }
   zgl_vertex_array_free(ctx->default_vertex_array);
   ctx->vertex_array = ctx->default_vertex_array = NULL;
   zgl_texture_state_finish(ctx);
   zgl_linked_free(ctx->meta_clear);
   zgl_ff_programs_free(ctx);
   ctx->meta_clear = NULL;
   zgl_renderbuffer_unref(ctx->renderbuffer);
   ctx->renderbuffer = NULL;
   zgl_names_foreach(&ctx->framebuffers, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_framebuffer_free(e->data);
   }
   ctx->draw_fbo = ctx->read_fbo = NULL;
   zgl_names_foreach(&ctx->queries, e) {
      if (e->data != ZGL_NAME_RESERVED)
         zgl_query_free(e->data);
   }
   ctx->program = NULL; /* programs are the share group's */
}
