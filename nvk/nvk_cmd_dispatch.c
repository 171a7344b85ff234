/* SPDX-License-Identifier: MIT */
/*
 * vkCmdDispatch, vkCmdDispatchBase, vkCmdDispatchIndirect.
 *
 * Recording stores the workgroup counts (or where to read them). Replay
 * takes the compute bind point's state (pipeline, descriptor sets, root
 * table: nvk_cmd_exec.h), fills the root table's workgroup fields and runs
 * the program over the device's worker threads (nvk/exec). A shader memory
 * fault or a shader past the watchdog is a device fault: replay stops and
 * the device is lost. Compute shader invocations are counted for
 * pipeline-statistics queries.
 */
#include <string.h>

#include "kx.h"
#include "nvk_buffer.h"
#include "nvk_cmd_buffer.h"
#include "nvk_cmd_exec.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_device.h"
#include "nvk_pipeline.h"
#include "nvk_shader.h"
#include "nvk_worker_pool.h"
#include "nvkmd/nvkmd.h"

struct nvk_cmd_dispatch {
   uint32_t base[3];
   uint32_t count[3];
};

struct nvk_cmd_dispatch_indirect {
   uint64_t addr; /* of a VkDispatchIndirectCommand */
};

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDispatchBase(VkCommandBuffer commandBuffer, uint32_t baseGroupX, uint32_t baseGroupY,
                    uint32_t baseGroupZ, uint32_t groupCountX, uint32_t groupCountY,
                    uint32_t groupCountZ)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   struct nvk_cmd_dispatch *p = nvk_cmd_buffer_emit(cmd, NVK_CMD_DISPATCH, sizeof(*p));
   if (!p)
      return;
   *p = (struct nvk_cmd_dispatch){
      .base = {baseGroupX, baseGroupY, baseGroupZ},
      .count = {groupCountX, groupCountY, groupCountZ},
   };
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDispatch(VkCommandBuffer commandBuffer, uint32_t groupCountX, uint32_t groupCountY,
                uint32_t groupCountZ)
{
   nvk_CmdDispatchBase(commandBuffer, 0, 0, 0, groupCountX, groupCountY, groupCountZ);
}

VKAPI_ATTR void VKAPI_CALL
nvk_CmdDispatchIndirect(VkCommandBuffer commandBuffer, VkBuffer _buffer, VkDeviceSize offset)
{
   VK_FROM_HANDLE(nvk_cmd_buffer, cmd, commandBuffer);
   VK_FROM_HANDLE(nvk_buffer, buffer, _buffer);
   struct nvk_cmd_dispatch_indirect *p =
      nvk_cmd_buffer_emit(cmd, NVK_CMD_DISPATCH_INDIRECT, sizeof(*p));
   if (!p)
      return;
   p->addr = nvk_buffer_address(buffer, offset);
}

static void *
nvk_dispatch_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
                       uint64_t *range_end)
{
   struct nvk_device *dev = data;
   return nvkmd_dev_translate_range(dev->kmd, va, size_B, range_va, range_end);
}

static void
nvk_dispatch_parallel_for(void *pool, uint32_t count, kx_parallel_fn fn, void *data)
{
   nvk_worker_pool_parallel_for(pool, count, fn, data);
}

static void
nvk_dispatch_run(struct nvk_exec *ex, const uint32_t base[3], const uint32_t count[3])
{
   struct nvk_exec_descriptors *desc = &ex->desc[NVK_BIND_POINT_COMPUTE];
   const struct nvk_pipeline *pipeline = desc->pipeline;
   /* VK_EXT_conditional_rendering. */
   if (ex->discard_rendering)
      return;
   if (!pipeline || !pipeline->compute) {
      nvk_exec_fault(ex, "dispatch without a compute pipeline");
      return;
   }
   if (count[0] == 0 || count[1] == 0 || count[2] == 0)
      return;
   struct nvk_device *dev = ex->dev;
   memcpy(desc->root.num_workgroups, count, sizeof(desc->root.num_workgroups));
   memcpy(desc->root.base_workgroup, base, sizeof(desc->root.base_workgroup));

   struct kx_dispatch d = {
      .prog = pipeline->compute->prog,
      .base = {base[0], base[1], base[2]},
      .count = {count[0], count[1], count[2]},
      .translate = nvk_dispatch_translate,
      .translate_data = dev,
      .parallel_for = nvk_dispatch_parallel_for,
      .pool = dev->workers,
      .thread_count = nvk_worker_pool_thread_count(dev->workers),
      .deadline_ns = nvk_exec_tdr_deadline(ex),
   };
   d.cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){&desc->root, sizeof(desc->root)};
   for (unsigned s = 0; s < NVK_MAX_SETS; s++) {
      if (desc->sets[s] && desc->set_layouts[s])
         d.cbufs[NVK_CBUF_SET(s)] =
            (struct kx_cbuf){desc->sets[s], desc->set_layouts[s]->size_B};
   }
   if (!kx_dispatch_run(&d))
      nvk_exec_fault(ex, "%s", d.fault);
   /* VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT is bit 10. */
   ex->counters[NVK_COUNTER_CS_INVOCATIONS] += d.invocations;
}

void
nvk_exec_dispatch(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_dispatch *p = payload;
   nvk_dispatch_run(ex, p->base, p->count);
}

void
nvk_exec_dispatch_indirect(struct nvk_exec *ex, const void *payload)
{
   const struct nvk_cmd_dispatch_indirect *p = payload;
   const uint32_t *c = nvk_exec_translate(ex, p->addr, sizeof(VkDispatchIndirectCommand));
   if (!c)
      return;
   const uint32_t base[3] = {0, 0, 0};
   const uint32_t count[3] = {c[0], c[1], c[2]};
   nvk_dispatch_run(ex, base, count);
}
