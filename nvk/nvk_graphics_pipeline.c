/* SPDX-License-Identifier: MIT */
/*
 * Graphics pipelines and pipeline libraries (VK_EXT_graphics_pipeline_library,
 * VK_KHR_pipeline_library): the state (vk_graphics_state.h) and the compiled
 * vertex, tessellation, geometry and fragment stages (nvk_shader.h, through the
 * pipeline cache).
 *
 * A library holds some of the four parts; linking libraries is merging their
 * states (vk_graphics_pipeline_state_merge) and taking references to their
 * shaders, then the create info adds the parts it provides itself. Spec
 * references are to Vulkan 1.3.239.
 *
 * Bad input fails with VK_ERROR_UNKNOWN and a message, every handle of a
 * failed pipeline is VK_NULL_HANDLE: a stage kiln cannot run (mesh), a stage
 * twice, no vertex shader, one tessellation stage without the other or
 * tessellation state the stages cannot run (nvk_tess_state.c), a complete
 * pipeline missing parts, stages without a layout, counts past the limits
 * of vk_graphics_state.h.
 */
#include <string.h>

#include "nvk_device.h"
#include "nvk_pipeline.h"
#include "nvk_pipeline_cache.h"
#include "nvk_pipeline_layout.h"
#include "nvk_shader.h"
#include "nvk_shader_module.h"
#include "nvk_tess.h"
#include "util/os.h"
#include "vk_alloc.h"
#include "vk_entrypoints.h"
#include "vk_log.h"
#include "vk_util.h"

static struct nvk_pipeline_shader *
shader_ref(struct nvk_pipeline_shader *s)
{
   if (s)
      __atomic_add_fetch(&s->refcount, 1, __ATOMIC_RELAXED);
   return s;
}

static void
shader_unref(struct nvk_device *dev, struct nvk_pipeline_shader *s)
{
   if (!s || __atomic_sub_fetch(&s->refcount, 1, __ATOMIC_ACQ_REL) != 0)
      return;
   nvk_shader_destroy(dev, s->shader, NULL);
   vk_free(&dev->vk.alloc, s);
}

void
nvk_graphics_pipeline_finish(struct nvk_device *dev, struct nvk_pipeline *pipeline)
{
   shader_unref(dev, pipeline->gfx->vs);
   shader_unref(dev, pipeline->gfx->fs);
   shader_unref(dev, pipeline->gfx->gs);
   shader_unref(dev, pipeline->gfx->tcs);
   shader_unref(dev, pipeline->gfx->tes);
   pipeline->gfx->vs = pipeline->gfx->fs = pipeline->gfx->gs = NULL;
   pipeline->gfx->tcs = pipeline->gfx->tes = NULL;
}

/* Compiles one stage (or finds it in `cache`): the one call a stage takes.
 * With graphicsPipelineLibrary a stage may carry its SPIR-V inline
 * (VkShaderModuleCreateInfo in pNext, module VK_NULL_HANDLE). */
static VkResult
compile_stage(struct nvk_device *dev, struct nvk_pipeline_cache *cache,
              const struct nvk_pipeline_layout *layout,
              const VkPipelineShaderStageCreateInfo *stage, bool cache_only, bool *hit,
              struct nvk_pipeline_shader **out)
{
   VkPipelineShaderStageCreateInfo st = *stage;
   VkShaderModule inline_module = VK_NULL_HANDLE;
   if (st.module == VK_NULL_HANDLE) {
      const VkShaderModuleCreateInfo *code =
         vk_find_struct_const(stage->pNext, SHADER_MODULE_CREATE_INFO);
      if (!code)
         return vk_errorf(dev, VK_ERROR_UNKNOWN,
                          "a shader stage with no module and no code");
      VkResult r =
         nvk_CreateShaderModule(nvk_device_to_handle(dev), code, NULL, &inline_module);
      if (r != VK_SUCCESS)
         return r;
      st.module = inline_module;
   }
   struct nvk_pipeline_shader *s =
      vk_zalloc(&dev->vk.alloc, sizeof(*s), 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   VkResult r = s ? nvk_shader_compile(dev, &st, layout, cache, cache_only, NULL, hit,
                                       &s->shader)
                  : vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   if (inline_module)
      nvk_DestroyShaderModule(nvk_device_to_handle(dev), inline_module, NULL);
   if (r != VK_SUCCESS) {
      vk_free(&dev->vk.alloc, s);
      return r;
   }
   s->refcount = 1;
   s->stage = stage->stage;
   *out = s;
   return VK_SUCCESS;
}

static VkResult
link_libraries(struct nvk_device *dev, struct nvk_pipeline *pipeline,
               const VkGraphicsPipelineCreateInfo *info)
{
   const VkPipelineLibraryCreateInfoKHR *libs =
      vk_find_struct_const(info->pNext, PIPELINE_LIBRARY_CREATE_INFO_KHR);
   struct nvk_graphics_pipeline *gfx = pipeline->gfx;
   for (uint32_t i = 0; libs && i < libs->libraryCount; i++) {
      VK_FROM_HANDLE(nvk_pipeline, lib, libs->pLibraries[i]);
      if (!lib || !lib->gfx)
         return vk_errorf(dev, VK_ERROR_UNKNOWN, "library %u is not a graphics library",
                          i);
      /* Parts are disjoint between libraries (VUID-...-pLibraries-06611);
       * merge takes only those not held yet, shaders alike. */
      const VkGraphicsPipelineLibraryFlagsEXT parts =
         lib->gfx->state.parts & ~gfx->state.parts;
      vk_graphics_pipeline_state_merge(&gfx->state, &lib->gfx->state);
      if ((parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT) &&
          !gfx->vs) {
         gfx->vs = shader_ref(lib->gfx->vs);
         gfx->gs = shader_ref(lib->gfx->gs);
         gfx->tcs = shader_ref(lib->gfx->tcs);
         gfx->tes = shader_ref(lib->gfx->tes);
      }
      if ((parts & VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT) && !gfx->fs)
         gfx->fs = shader_ref(lib->gfx->fs);
      if (lib->push_constant_size_B > pipeline->push_constant_size_B)
         pipeline->push_constant_size_B = lib->push_constant_size_B;
   }
   return VK_SUCCESS;
}

/* The stages of pStages this create info provides (by part), checked. */
static VkResult
check_stages(struct nvk_device *dev, const VkGraphicsPipelineCreateInfo *info,
             VkGraphicsPipelineLibraryFlagsEXT parts, uint32_t *vs_index,
             uint32_t *fs_index, uint32_t *gs_index, uint32_t tess_index[2])
{
   *vs_index = *fs_index = *gs_index = tess_index[0] = tess_index[1] = UINT32_MAX;
   if (info->stageCount && !info->pStages)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "%u stages and no pStages",
                       info->stageCount);
   for (uint32_t i = 0; i < info->stageCount; i++) {
      const VkShaderStageFlagBits stage = info->pStages[i].stage;
      uint32_t *index;
      VkGraphicsPipelineLibraryFlagsEXT part;
      if (stage == VK_SHADER_STAGE_VERTEX_BIT) {
         index = vs_index;
         part = VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT;
      } else if (stage == VK_SHADER_STAGE_FRAGMENT_BIT) {
         index = fs_index;
         part = VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT;
      } else if (stage == VK_SHADER_STAGE_GEOMETRY_BIT) {
         index = gs_index;
         part = VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT;
      } else if (stage == VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT ||
                 stage == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT) {
         index = &tess_index[stage == VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT];
         part = VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT;
      } else if (stage & (VK_SHADER_STAGE_TASK_BIT_EXT | VK_SHADER_STAGE_MESH_BIT_EXT)) {
         return vk_errorf(dev, VK_ERROR_UNKNOWN,
                          "shader stage 0x%x is not implemented (vertex, tessellation, "
                          "geometry and fragment only)",
                          stage);
      } else {
         return vk_errorf(dev, VK_ERROR_UNKNOWN, "stage 0x%x in a graphics pipeline",
                          stage);
      }
      if (!(parts & part))
         continue; /* 10.2.2: stages of parts not provided are ignored */
      if (*index != UINT32_MAX)
         return vk_errorf(dev, VK_ERROR_UNKNOWN, "shader stage 0x%x given twice", stage);
      *index = i;
   }
   if ((parts & VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT) &&
       *vs_index == UINT32_MAX)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "pre-rasterization state without a vertex shader");
   /* VUID-VkGraphicsPipelineCreateInfo-pStages-00729/00730: both
    * tessellation stages or neither. */
   if ((tess_index[0] == UINT32_MAX) != (tess_index[1] == UINT32_MAX))
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "a tessellation %s shader without a tessellation %s shader",
                       tess_index[0] == UINT32_MAX ? "evaluation" : "control",
                       tess_index[0] == UINT32_MAX ? "control" : "evaluation");
   return VK_SUCCESS;
}

static void
write_feedback(const VkGraphicsPipelineCreateInfo *info, uint64_t start_ns,
               const bool *hits)
{
   const VkPipelineCreationFeedbackCreateInfo *fb =
      vk_find_struct_const(info->pNext, PIPELINE_CREATION_FEEDBACK_CREATE_INFO);
   if (!fb)
      return;
   const uint64_t duration = util_time_ns() - start_ns;
   bool all_hit = true;
   for (uint32_t i = 0;
        i < info->stageCount && i < fb->pipelineStageCreationFeedbackCount; i++) {
      const VkPipelineCreationFeedbackFlags flags =
         VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT |
         (hits[i] ? VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT : 0);
      all_hit &= hits[i];
      fb->pPipelineStageCreationFeedbacks[i] =
         (VkPipelineCreationFeedback){flags, duration};
   }
   if (fb->pPipelineCreationFeedback)
      *fb->pPipelineCreationFeedback = (VkPipelineCreationFeedback){
         VK_PIPELINE_CREATION_FEEDBACK_VALID_BIT |
            (all_hit && info->stageCount
                ? VK_PIPELINE_CREATION_FEEDBACK_APPLICATION_PIPELINE_CACHE_HIT_BIT
                : 0),
         duration};
}

static VkResult
fill_state(struct nvk_device *dev, struct nvk_graphics_pipeline *gfx,
           const VkGraphicsPipelineCreateInfo *info)
{
   /* The subpass matters to the fragment output part (formats; what
    * pDepthStencilState/pColorBlendState are ignored for). */
   if (info->renderPass == VK_NULL_HANDLE ||
       !(vk_graphics_pipeline_create_info_parts(info) & ~gfx->state.parts &
         VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT))
      return vk_graphics_pipeline_state_fill(&gfx->state, info, NULL, dev);
   struct vk_render_pass_state rp;
   if (!nvk_render_pass_subpass_state)
      return vk_errorf(dev, VK_ERROR_UNKNOWN,
                       "render pass objects are not implemented yet");
   if (!nvk_render_pass_subpass_state(info->renderPass, info->subpass, &rp))
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "subpass %u is not in the render pass",
                       info->subpass);
   return vk_graphics_pipeline_state_fill(&gfx->state, info, &rp, dev);
}

static VkResult
nvk_graphics_pipeline_create(struct nvk_device *dev, struct nvk_pipeline_cache *cache,
                             const VkGraphicsPipelineCreateInfo *info,
                             const VkAllocationCallbacks *alloc, VkPipeline *out)
{
   const uint64_t start_ns = util_time_ns();
   struct nvk_pipeline *pipeline = vk_object_zalloc(
      &dev->vk, alloc, sizeof(*pipeline) + sizeof(struct nvk_graphics_pipeline),
      VK_OBJECT_TYPE_PIPELINE);
   if (!pipeline)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   pipeline->bind_point = VK_PIPELINE_BIND_POINT_GRAPHICS;
   pipeline->gfx = (struct nvk_graphics_pipeline *)(pipeline + 1);
   struct nvk_graphics_pipeline *gfx = pipeline->gfx;

   VkResult r = link_libraries(dev, pipeline, info);
   const VkGraphicsPipelineLibraryFlagsEXT provided =
      vk_graphics_pipeline_create_info_parts(info) & ~gfx->state.parts;
   uint32_t vs_index, fs_index, gs_index, tess_index[2];
   if (r == VK_SUCCESS)
      r = fill_state(dev, gfx, info);
   if (r == VK_SUCCESS)
      r = check_stages(dev, info, provided, &vs_index, &fs_index, &gs_index, tess_index);
   if (r != VK_SUCCESS)
      goto fail;

   const bool is_library = info->flags & VK_PIPELINE_CREATE_LIBRARY_BIT_KHR;
   if (!is_library && gfx->state.parts != VK_GS_ALL_PARTS) {
      r = vk_errorf(dev, VK_ERROR_UNKNOWN,
                    "a graphics pipeline without every part (has 0x%x of 0xf)",
                    gfx->state.parts);
      goto fail;
   }
   VK_FROM_HANDLE(nvk_pipeline_layout, layout, info->layout);
   if (layout && layout->push_constant_size_B > pipeline->push_constant_size_B)
      pipeline->push_constant_size_B = layout->push_constant_size_B;
   if (!layout && (vs_index != UINT32_MAX || fs_index != UINT32_MAX || gs_index != UINT32_MAX)) {
      r = vk_errorf(dev, VK_ERROR_UNKNOWN, "shader stages without a pipeline layout");
      goto fail;
   }

   /* Every stage from the cache or none (nvk_shader.h). */
   const bool cache_only =
      info->flags & VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_COMPILE_REQUIRED_BIT;
   bool hits[3] = {false, false, false};
   bool stage_hits[8] = {false};
   if (vs_index != UINT32_MAX) {
      r = compile_stage(dev, cache, layout, &info->pStages[vs_index], cache_only, &hits[0],
                        &gfx->vs);
      if (r != VK_SUCCESS)
         goto fail;
      if (vs_index < 8)
         stage_hits[vs_index] = hits[0];
   }
   if (fs_index != UINT32_MAX) {
      r = compile_stage(dev, cache, layout, &info->pStages[fs_index], cache_only, &hits[1],
                        &gfx->fs);
      if (r != VK_SUCCESS)
         goto fail;
      if (fs_index < 8)
         stage_hits[fs_index] = hits[1];
   }
   if (gs_index != UINT32_MAX) {
      r = compile_stage(dev, cache, layout, &info->pStages[gs_index], cache_only, &hits[2],
                        &gfx->gs);
      if (r != VK_SUCCESS)
         goto fail;
      if (gs_index < 8)
         stage_hits[gs_index] = hits[2];
   }
   for (unsigned t = 0; t < 2 && tess_index[t] != UINT32_MAX; t++) {
      bool hit = false;
      r = compile_stage(dev, cache, layout, &info->pStages[tess_index[t]], cache_only, &hit,
                        t ? &gfx->tes : &gfx->tcs);
      if (r != VK_SUCCESS)
         goto fail;
      if (tess_index[t] < 8)
         stage_hits[tess_index[t]] = hit;
   }
   if (r == VK_SUCCESS && gfx->tcs)
      r = nvk_graphics_pipeline_check_tess(dev, gfx);
   if (r != VK_SUCCESS)
      goto fail;
   if (!is_library && !gfx->vs) {
      r = vk_errorf(dev, VK_ERROR_UNKNOWN, "a graphics pipeline without a vertex shader");
      goto fail;
   }
   write_feedback(info, start_ns, stage_hits);
   *out = nvk_pipeline_to_handle(pipeline);
   return VK_SUCCESS;

fail:
   nvk_pipeline_destroy(dev, pipeline, alloc);
   return r;
}

VKAPI_ATTR VkResult VKAPI_CALL
nvk_CreateGraphicsPipelines(VkDevice _device, VkPipelineCache pipelineCache,
                            uint32_t createInfoCount,
                            const VkGraphicsPipelineCreateInfo *pCreateInfos,
                            const VkAllocationCallbacks *pAllocator,
                            VkPipeline *pPipelines)
{
   VK_FROM_HANDLE(nvk_device, dev, _device);
   VK_FROM_HANDLE(nvk_pipeline_cache, cache, pipelineCache);
   VkResult result = VK_SUCCESS;
   /* 10.1: every pipeline that fails is VK_NULL_HANDLE, the others are
    * made, an error is returned; with EARLY_RETURN_ON_FAILURE the ones
    * after a failure are VK_NULL_HANDLE too. */
   for (uint32_t i = 0; i < createInfoCount; i++)
      pPipelines[i] = VK_NULL_HANDLE;
   for (uint32_t i = 0; i < createInfoCount; i++) {
      VkResult r = nvk_graphics_pipeline_create(dev, cache, &pCreateInfos[i], pAllocator,
                                                &pPipelines[i]);
      if (r == VK_SUCCESS)
         continue;
      if (result == VK_SUCCESS)
         result = r;
      if (pCreateInfos[i].flags & VK_PIPELINE_CREATE_EARLY_RETURN_ON_FAILURE_BIT)
         break;
   }
   return result;
}
