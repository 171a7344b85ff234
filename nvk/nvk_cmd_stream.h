/* SPDX-License-Identifier: MIT */
/*
 * The command-buffer recording format: what vkCmd* write and the queue's
 * executor replays (nvk_cmd_exec.c). It plays the part of a GPU's pushbuffer.
 *
 * A stream is a list of blocks; a block holds commands back to back, each a
 * struct nvk_cmd_header followed by its payload (a struct nvk_cmd_<name>,
 * possibly followed by a variable-length tail), 8-byte aligned. A command
 * never spans blocks. Payloads hold what execution needs, resolved at record
 * time where the spec allows (buffer device addresses: memory must be bound
 * before a buffer is recorded), and pointers to API objects otherwise (the
 * application keeps them alive while the command buffer is pending).
 *
 * Adding a command (dispatch, draws, ...):
 *  1. add X(NAME, name) to NVK_CMD_LIST below;
 *  2. define struct nvk_cmd_<name> in the header of its category;
 *  3. record it with nvk_cmd_buffer_emit(cmd, NVK_CMD_NAME, size_B);
 *  4. implement void nvk_exec_<name>(struct nvk_exec *ex, const void *payload).
 * The executor's table is built from this list, so a missing function is a
 * link error, not a silent no-op.
 */
#ifndef NVK_CMD_STREAM_H
#define NVK_CMD_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "util/list.h"

#define NVK_CMD_LIST(X)                                                                  \
   /* nvk_cmd_buffer.c: nesting and debug labels */                                     \
   X(EXECUTE_COMMANDS, execute_commands)                                                 \
   X(BEGIN_LABEL, begin_label)                                                           \
   X(END_LABEL, end_label)                                                               \
   X(INSERT_LABEL, insert_label)                                                         \
   /* nvk_cmd_copy.c */                                                                  \
   X(COPY_BUFFER, copy_buffer)                                                           \
   X(FILL_BUFFER, fill_buffer)                                                           \
   X(UPDATE_BUFFER, update_buffer)                                                       \
   /* nvk_cmd_copy_image.c, nvk_cmd_blit.c, nvk_cmd_clear.c */                           \
   X(COPY_BUFFER_IMAGE, copy_buffer_image)                                               \
   X(COPY_IMAGE, copy_image)                                                             \
   X(BLIT_IMAGE, blit_image)                                                             \
   X(CLEAR_IMAGE, clear_image)                                                           \
   X(RESOLVE_IMAGE, resolve_image) /* nvk_cmd_resolve.c */                               \
   /* nvk_pipeline.c, nvk_cmd_descriptors.c */                                          \
   X(BIND_PIPELINE, bind_pipeline)                                                       \
   X(BIND_DESCRIPTOR_SETS, bind_descriptor_sets)                                         \
   X(PUSH_DESCRIPTOR_SET, push_descriptor_set)                                           \
   X(PUSH_CONSTANTS, push_constants)                                                     \
   /* nvk_cmd_set_dynamic.c: every vkCmdSet* */                                         \
   X(SET_DYNAMIC, set_dynamic)                                                           \
   /* nvk_cmd_dispatch.c */                                                              \
   X(DISPATCH, dispatch)                                                                 \
   X(DISPATCH_INDIRECT, dispatch_indirect)                                               \
   /* nvk_event.c */                                                                     \
   X(SET_EVENT, set_event)                                                               \
   X(WAIT_EVENTS, wait_events)                                                           \
   /* nvk_query_pool.c */                                                                \
   X(RESET_QUERIES, reset_queries)                                                       \
   X(WRITE_TIMESTAMP, write_timestamp)                                                   \
   X(BEGIN_QUERY, begin_query)                                                           \
   X(END_QUERY, end_query)                                                               \
   X(COPY_QUERY_RESULTS, copy_query_results)                                             \
   /* nvk_cmd_rendering.c (recording), nvk_exec_rendering.c (replay) */                  \
   X(BEGIN_RENDERING, begin_rendering)                                                   \
   X(END_RENDERING, end_rendering)                                                       \
   X(CLEAR_ATTACHMENTS, clear_attachments)                                               \
   X(FLUSH, flush)                                                                       \
   /* nvk_cmd_draw.c */                                                                  \
   X(BIND_VERTEX_BUFFERS, bind_vertex_buffers)                                           \
   X(BIND_INDEX_BUFFER, bind_index_buffer)                                               \
   X(DRAW, draw)                                                                         \
   X(DRAW_INDEXED, draw_indexed)                                                         \
   X(DRAW_INDIRECT, draw_indirect)                                                       \
   X(DRAW_MULTI, draw_multi)                                                             \
   /* nvk_cmd_conditional.c */                                                           \
   X(CONDITIONAL, conditional)                                                           \
   /* nvk_cmd_xfb.c */                                                                  \
   X(BIND_XFB_BUFFERS, bind_xfb_buffers)                                                 \
   X(BEGIN_XFB, begin_xfb)                                                               \
   X(END_XFB, end_xfb)                                                                   \
   X(DRAW_BYTE_COUNT, draw_byte_count)

enum nvk_cmd_type {
#define NVK_CMD_ENUM(NAME, name) NVK_CMD_##NAME,
   NVK_CMD_LIST(NVK_CMD_ENUM)
#undef NVK_CMD_ENUM
   NVK_CMD_TYPE_COUNT,
};

struct nvk_cmd_header {
   uint16_t type;   /* enum nvk_cmd_type */
   uint16_t pad;
   uint32_t size_B; /* payload bytes after this header, a multiple of 8 */
};

#define NVK_CMD_ALIGN_B 8

struct nvk_cmd_block {
   struct list_head link;
   uint32_t size_B; /* capacity of data */
   uint32_t used_B;
   _Alignas(8) uint8_t data[];
};

struct nvk_cmd_stream {
   struct list_head blocks;      /* recorded, in order */
   struct list_head free_blocks; /* kept across resets for reuse */
};

#define nvk_cmd_stream_foreach_block(stream, block)                                      \
   list_for_each_entry(struct nvk_cmd_block, block, &(stream)->blocks, link)

/* Name of a command type, for logs. */
const char *nvk_cmd_type_name(enum nvk_cmd_type type);

#endif /* NVK_CMD_STREAM_H */
