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
    * is not inherited, not even by secondaries); a secondary continues the
    * primary's render pass instance. */
   memset(ex->desc, 0, sizeof(ex->desc));
   vk_dynamic_graphics_state_init(&ex->gfx_dyn);
   memset(ex->gfx.vb, 0, sizeof(ex->gfx.vb));
   memset(&ex->gfx.ib, 0, sizeof(ex->gfx.ib));
   /* Transform feedback is never active across command buffers
    * (VUID-vkCmdExecuteCommands-None-02286, -vkEndCommandBuffer-None-02984). */
   memset(&ex->gfx.xfb, 0, sizeof(ex->gfx.xfb));
   if (ex->depth == 1) {
      ex->gfx.draw_seq = 0;
      ex->discard_rendering = false;
   }
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
   /* Everything a primary recorded is done when it completes. */
   if (ex->depth == 1 && !ex->faulted)
      nvk_exec_flush_rendering(ex);
   ex->depth--;
   return !ex->faulted;
}

/* Nesting and debug labels (recorded in nvk_cmd_buffer.c). */

void
nvk_exec_execute_commands(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_execute_commands *p = payload;
   if (ex->depth >= NVK_EXEC_MAX_DEPTH) {
      nvk_exec_fault(ex, "secondary command buffers nested too deep");
      return;
   }
   const struct nvk_cmd_buffer *outer = ex->cmd;
   /* Secondary boundaries are flush points: a fault in deferred work is
    * reported in the command buffer that recorded the draw. */
   nvk_exec_flush_rendering(ex);
   for (uint32_t i = 0; i < p->count && !ex->faulted; i++) {
      nvk_exec_cmd_buffer(ex, p->cmds[i]);
      if (!ex->faulted)
         nvk_exec_flush_rendering(ex);
   }
   if (!ex->faulted)
      ex->cmd = outer;
}

void
nvk_exec_begin_label(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_label *p = payload;
   ex->inserted_label = NULL;
   /* Deeper than we track: still counted so ends pair up. */
   if (ex->label_count < NVK_EXEC_MAX_LABELS)
      ex->labels[ex->label_count] = p->name;
   ex->label_count++;
}

void
nvk_exec_end_label(struct nvk_exec *ex, const void *payload)
{
   ex->inserted_label = NULL;
   /* A label begun in another command buffer may end here (allowed by the
    * spec); one that was never begun is ignored. */
   if (ex->label_count > 0)
      ex->label_count--;
}

void
nvk_exec_insert_label(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_label *p = payload;
   ex->inserted_label = p->name;
}
