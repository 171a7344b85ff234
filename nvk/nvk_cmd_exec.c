/* SPDX-License-Identifier: MIT */
#include "nvk_cmd_exec.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "nvk_cmd_buffer.h"
#include "nvk_device.h"
#include "nvkmd/nvkmd.h"
#include "util/os.h"
#include "vk_log.h"

typedef void (*nvk_exec_fn)(struct nvk_exec *ex, const void *payload);

static const nvk_exec_fn nvk_exec_table[NVK_CMD_TYPE_COUNT] = {
#define NVK_CMD_TABLE(NAME, name) [NVK_CMD_##NAME] = nvk_exec_##name,
   NVK_CMD_LIST(NVK_CMD_TABLE)
#undef NVK_CMD_TABLE
};

void
nvk_exec_init(struct nvk_exec *ex, struct nvk_device *dev, struct nvk_queue *queue)
{
   memset(ex, 0, sizeof(*ex));
   ex->dev = dev;
   ex->queue = queue;
}

void
nvk_exec_fault(struct nvk_exec *ex, const char *fmt, ...)
{
   if (ex->faulted)
      return;
   ex->faulted = true;
   va_list va;
   va_start(va, fmt);
   vsnprintf(ex->fault, sizeof(ex->fault), fmt, va);
   va_end(va);
}

void *
nvk_exec_translate(struct nvk_exec *ex, uint64_t va, uint64_t size_B)
{
   void *host = nvkmd_dev_translate(ex->dev->kmd, va, size_B);
   if (!host)
      nvk_exec_fault(ex, "memory fault: %llu bytes at device address 0x%llx are not in "
                         "live device memory",
                     (unsigned long long)size_B, (unsigned long long)va);
   return host;
}

uint64_t
nvk_exec_tdr_deadline(const struct nvk_exec *ex)
{
   return util_time_ns() + ex->dev->tdr_ns;
}

bool
nvk_exec_cmd_buffer(struct nvk_exec *ex, const struct nvk_cmd_buffer *cmd)
{
   const bool trace = vk_debug_flags() & VK_DEBUG_CMD;
   ex->cmd = cmd;
   ex->depth++;
   /* Every command buffer starts with no state bound (Vulkan 1.3, 6.4: state
    * is not inherited, not even by secondaries). */
   memset(ex->desc, 0, sizeof(ex->desc));
   vk_dynamic_graphics_state_init(&ex->gfx_dyn);
   nvk_cmd_stream_foreach_block(&cmd->stream, block) {
      uint32_t offset_B = 0;
      while (offset_B < block->used_B && !ex->faulted) {
         const struct nvk_cmd_header *h = (const void *)(block->data + offset_B);
         if (trace)
            vk_logi(cmd, "exec %s (%u bytes)", nvk_cmd_type_name(h->type), h->size_B);
         nvk_exec_table[h->type](ex, h + 1);
         offset_B += sizeof(*h) + h->size_B;
      }
      if (ex->faulted)
         break;
   }
   ex->depth--;
   return !ex->faulted;
}
