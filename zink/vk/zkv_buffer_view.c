/* SPDX-License-Identifier: MIT */
/*
 * Texel buffer views. The VkBufferView belongs to one storage of the
 * buffer; when an invalidation gave the buffer new storage, the next use
 * makes a new view (batches keep the old one alive).
 */
#include <stdlib.h>

#include "zkv_private.h"

static void
handle_release(struct zkv_ref *ref)
{
   struct zkv_buffer_view_handle *h = (struct zkv_buffer_view_handle *)ref;
   vkDestroyBufferView(h->screen->dev, h->view, NULL);
   zkv_ref_put(&h->storage->ref);
   free(h);
}

static struct zkv_buffer_view_handle *
handle_create(struct zkv_buffer_view *v, VkResult *result)
{
   struct zkv_buffer_view_handle *h = calloc(1, sizeof(*h));
   if (!h) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   struct zkv_buffer_storage *st = v->buffer->storage;
   const VkBufferViewCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO,
      .buffer = st->buffer,
      .format = v->format,
      .offset = v->offset_B,
      .range = v->range_B,
   };
   *result = vkCreateBufferView(v->screen->dev, &info, NULL, &h->view);
   if (*result != VK_SUCCESS) {
      free(h);
      return NULL;
   }
   zkv_ref_init(&h->ref, handle_release);
   h->screen = v->screen;
   h->storage = st;
   zkv_ref_get(&st->ref);
   return h;
}

static void
view_release(struct zkv_ref *ref)
{
   struct zkv_buffer_view *v = (struct zkv_buffer_view *)ref;
   zkv_ref_put(&v->handle->ref);
   zkv_buffer_destroy(v->buffer);
   free(v);
}

struct zkv_buffer_view *
zkv_buffer_view_create(struct zkv_screen *screen, struct zkv_buffer *buffer, VkFormat format,
                       VkDeviceSize offset_B, VkDeviceSize range_B, VkResult *result)
{
   if (!(zkv_format_buffer_features(screen, format) &
         VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)) {
      *result = VK_ERROR_FORMAT_NOT_SUPPORTED;
      return NULL;
   }
   const VkPhysicalDeviceLimits *l = &screen->caps.limits;
   const uint32_t texel_B = zkv_format_block_size_B(format);
   const VkDeviceSize range = range_B ? range_B : buffer->size_B - offset_B;
   if (offset_B >= buffer->size_B || range > buffer->size_B - offset_B || !texel_B ||
       offset_B % l->minTexelBufferOffsetAlignment || range / texel_B > l->maxTexelBufferElements) {
      *result = VK_ERROR_INITIALIZATION_FAILED;
      return NULL;
   }
   struct zkv_buffer_view *v = calloc(1, sizeof(*v));
   if (!v) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   v->screen = screen;
   v->buffer = buffer;
   v->format = format;
   v->offset_B = offset_B;
   v->range_B = range_B ? range_B : buffer->size_B - offset_B;
   v->handle = handle_create(v, result);
   if (!v->handle) {
      free(v);
      return NULL;
   }
   zkv_ref_get(&buffer->ref);
   zkv_ref_init(&v->ref, view_release);
   *result = VK_SUCCESS;
   return v;
}

void
zkv_buffer_view_destroy(struct zkv_buffer_view *view)
{
   if (view)
      zkv_ref_put(&view->ref);
}

struct zkv_buffer_view_handle *
zkv_buffer_view_current(struct zkv_buffer_view *v)
{
   if (v->handle->storage == v->buffer->storage)
      return v->handle;
   VkResult r;
   struct zkv_buffer_view_handle *h = handle_create(v, &r);
   if (!h)
      return v->handle; /* the old view still reads valid (stale) memory */
   zkv_ref_put(&v->handle->ref);
   v->handle = h;
   return h;
}
