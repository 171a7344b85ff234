/* SPDX-License-Identifier: MIT */
/*
 * Command buffers: lifetime, recording (nvk_cmd_stream.h) and the commands
 * that are about the buffer itself (barriers, nesting, labels). Other vkCmd*
 * live with their category: nvk_cmd_copy.c, nvk_cmd_clear.c, nvk_cmd_blit.c,
 * nvk_event.c, nvk_query_pool.c, and later dispatch and draws.
 */
#ifndef NVK_CMD_BUFFER_H
#define NVK_CMD_BUFFER_H

#include "nvk_bind_point.h"
#include "nvk_cmd_stream.h"
#include "nvk_private.h"
#include "vk_object.h"

struct nvk_cmd_pool;
struct nvk_descriptor_set_layout;
struct nvk_device;
struct nvk_image_view;
struct nvk_render_pass;

/* One attachment of the render pass instance being recorded. */
struct nvk_cmd_rp_attachment {
   const struct nvk_image_view *view;
   VkClearValue clear;
};

enum nvk_cmd_buffer_state {
   NVK_CMD_BUFFER_INITIAL,
   NVK_CMD_BUFFER_RECORDING,
   NVK_CMD_BUFFER_EXECUTABLE,
   NVK_CMD_BUFFER_INVALID,
};

struct nvk_cmd_buffer {
   struct vk_object_base base;
   struct nvk_cmd_pool *pool;
   struct list_head pool_link;
   struct nvk_device *dev;

   VkCommandBufferLevel level;
   VkCommandBufferUsageFlags usage;
   enum nvk_cmd_buffer_state state;
   /* The first error while recording; vkEndCommandBuffer returns it (vkCmd*
    * cannot). */
   VkResult record_result;

   struct nvk_cmd_stream stream;

   /* Push descriptors accumulate across vkCmdPushDescriptorSet* calls: the
    * current contents of each (bind point, set), from the pool's allocator;
    * every push records a snapshot (nvk_cmd_descriptors.c). */
   struct {
      const struct nvk_descriptor_set_layout *layout;
      uint8_t *mem;
      uint32_t size_B;
   } push_sets[NVK_BIND_POINT_COUNT][NVK_MAX_SETS];

   /* Inside a render pass instance or a dynamic rendering (or a secondary
    * that continues one): barriers there are flush points. */
   bool in_rendering;
   /* The VkRenderPass instance being recorded (nvk_cmd_rendering.c): its
    * views and clear values, from the pool's allocator. */
   struct {
      const struct nvk_render_pass *pass;
      uint32_t subpass;
      VkRect2D area;
      uint32_t layers;
      struct nvk_cmd_rp_attachment *attachments;
      uint32_t attachment_cap;
   } rp;
};

VK_DEFINE_HANDLE_CASTS(nvk_cmd_buffer, base, VkCommandBuffer, VK_OBJECT_TYPE_COMMAND_BUFFER)

/* Appends a command with a zeroed payload of size_B bytes and returns the
 * payload, or NULL on out-of-memory (recorded in record_result). */
void *nvk_cmd_buffer_emit(struct nvk_cmd_buffer *cmd, enum nvk_cmd_type type, size_t size_B);

/* Records an error made while recording (the first one is kept). */
void nvk_cmd_buffer_set_error(struct nvk_cmd_buffer *cmd, VkResult result);

/* Records a flush of the rasterizer's deferred work when inside a
 * rendering (barriers, events there). */
void nvk_cmd_buffer_flush_rendering(struct nvk_cmd_buffer *cmd);

void nvk_cmd_buffer_reset(struct nvk_cmd_buffer *cmd, bool release_resources);
void nvk_cmd_buffer_trim(struct nvk_cmd_buffer *cmd);
void nvk_cmd_buffer_destroy(struct nvk_cmd_buffer *cmd);

/* Payloads of the commands in nvk_cmd_buffer.c. */
struct nvk_cmd_execute_commands {
   uint32_t count;
   uint32_t pad;
   const struct nvk_cmd_buffer *cmds[];
};

struct nvk_cmd_label {
   uint32_t len;
   char name[]; /* NUL-terminated */
};

#endif /* NVK_CMD_BUFFER_H */
