/* SPDX-License-Identifier: MIT */
/*
 * Dynamic graphics state as recorded commands (nvk_cmd_set_dynamic.c).
 *
 * Every vkCmdSet* records SET_DYNAMIC commands: the bytes of one state
 * field of struct vk_graphics_state (nvk/runtime/vk_graphics_state.h) at an
 * offset inside it. The executor applies them to its
 * vk_dynamic_graphics_state (nvk_exec::gfx_dyn) in replay order, so dynamic
 * state and its dirty bits exist on the replay side only.
 *
 * Other commands that set dynamic state record the same way, e.g.
 * vkCmdBindVertexBuffers2 with pStrides:
 *
 *    nvk_cmd_set_dynamic(cmd, VK_DYN_VI_BINDING_STRIDES,
 *                        firstBinding * sizeof(uint32_t),
 *                        bindingCount * sizeof(uint32_t), strides_u32);
 */
#ifndef NVK_CMD_SET_DYNAMIC_H
#define NVK_CMD_SET_DYNAMIC_H

#include <stdint.h>

#include "vk_graphics_state.h"

struct nvk_cmd_buffer;

struct nvk_cmd_set_dynamic {
   uint16_t state; /* enum vk_dyn */
   uint16_t pad;
   uint32_t offset_B; /* inside the state's field */
   uint32_t size_B;
   uint32_t pad2;
   uint8_t data[];
};

/* Records `size_B` bytes for `state` at `offset_B` of its field; a range
 * past the field is cut to it (the spec makes such calls invalid; kiln
 * records what fits and never writes outside). */
void nvk_cmd_set_dynamic(struct nvk_cmd_buffer *cmd, enum vk_dyn state, uint32_t offset_B,
                         uint32_t size_B, const void *data);

#endif /* NVK_CMD_SET_DYNAMIC_H */
