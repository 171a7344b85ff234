/* SPDX-License-Identifier: MIT */
#include "nvk_shader.h"

#include <stdlib.h>
#include <string.h>

#include "kx.h"
#include "nvk_compiler.h"
#include "nvk_descriptor_set_layout.h"
#include "nvk_device.h"
#include "nvk_pipeline_cache.h"
#include "nvk_pipeline_layout.h"
#include "nvk_shader_module.h"
#include "vk_alloc.h"
#include "vk_log.h"

static nir_shader_stage
nvk_stage(VkShaderStageFlagBits stage)
{
   switch (stage) {
   case VK_SHADER_STAGE_VERTEX_BIT:
      return NIR_STAGE_VERTEX;
   case VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT:
      return NIR_STAGE_TESS_CTRL;
   case VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT:
      return NIR_STAGE_TESS_EVAL;
   case VK_SHADER_STAGE_GEOMETRY_BIT:
      return NIR_STAGE_GEOMETRY;
   case VK_SHADER_STAGE_FRAGMENT_BIT:
      return NIR_STAGE_FRAGMENT;
   default:
      return NIR_STAGE_COMPUTE;
   }
}

static int
cmp_spec(const void *a, const void *b)
{
   const struct spirv_specialization *x = a, *y = b;
   return x->spec_id < y->spec_id ? -1 : x->spec_id > y->spec_id;
}

/* VkSpecializationInfo -> (id, bits), sorted by id (the key does not depend
 * on the order the application listed them). Returns the count. */
static uint32_t
read_specializations(const VkSpecializationInfo *info, struct spirv_specialization *out)
{
   if (!info)
      return 0;
   uint32_t n = 0;
   for (uint32_t i = 0; i < info->mapEntryCount; i++) {
      const VkSpecializationMapEntry *e = &info->pMapEntries[i];
      if (e->offset + e->size > info->dataSize || e->size > 8)
         continue;
      uint64_t v = 0;
      memcpy(&v, (const uint8_t *)info->pData + e->offset, e->size);
      out[n++] = (struct spirv_specialization){e->constantID, v};
   }
   qsort(out, n, sizeof(*out), cmp_spec);
   return n;
}

/* Everything the program depends on, hashed: the SPIR-V, the stage, the
 * entry point, specialization, the parts of the pipeline layout the
 * lowering reads, the features that change code, and the backend's ABI. */
static void
nvk_shader_key(const struct nvk_shader_module *module, const VkPipelineShaderStageCreateInfo *stage,
               const struct spirv_specialization *spec, uint32_t num_spec,
               const struct nvk_pipeline_layout *layout, bool robust, uint8_t key[32])
{
   struct sha256_ctx ctx;
   sha256_init(&ctx);
   static const char tag[] = "kiln nvk shader v1";
   sha256_update(&ctx, tag, sizeof(tag));
   const uint32_t abi[2] = {KX_W, (uint32_t)sizeof(struct kx_dispatch)};
   sha256_update(&ctx, abi, sizeof(abi));
   sha256_update(&ctx, module->sha256, sizeof(module->sha256));
   const uint32_t st = stage->stage;
   sha256_update(&ctx, &st, sizeof(st));
   sha256_update(&ctx, stage->pName, strlen(stage->pName) + 1);
   sha256_update(&ctx, &num_spec, sizeof(num_spec));
   sha256_update(&ctx, spec, num_spec * sizeof(*spec));
   const uint8_t r = robust;
   sha256_update(&ctx, &r, 1);
   sha256_update(&ctx, &layout->set_count, sizeof(layout->set_count));
   for (uint32_t s = 0; s < layout->set_count; s++) {
      const struct nvk_descriptor_set_layout *sl = layout->set_layouts[s];
      const uint32_t head[2] = {sl ? sl->binding_count : UINT32_MAX, layout->dynamic_start[s]};
      sha256_update(&ctx, head, sizeof(head));
      for (uint32_t b = 0; sl && b < sl->binding_count; b++) {
         const struct nvk_descriptor_set_binding_layout *bl = &sl->bindings[b];
         const uint32_t v[5] = {bl->type, bl->array_size, bl->offset_B, bl->stride_B,
                                bl->dynamic_index};
         sha256_update(&ctx, v, sizeof(v));
      }
   }
   sha256_final(&ctx, key);
}

VkResult
nvk_shader_compile(struct nvk_device *dev, const VkPipelineShaderStageCreateInfo *stage,
                   const struct nvk_pipeline_layout *layout, struct nvk_pipeline_cache *cache,
                   bool cache_only, const VkAllocationCallbacks *alloc, bool *cache_hit,
                   struct nvk_shader **shader_out)
{
   *shader_out = NULL;
   *cache_hit = false;
   const struct nvk_shader_module *module = nvk_shader_module_from_handle(stage->module);
   if (!module)
      return vk_errorf(dev, VK_ERROR_UNKNOWN, "a shader stage without a shader module");

   const uint32_t max_spec =
      stage->pSpecializationInfo ? stage->pSpecializationInfo->mapEntryCount : 0;
   struct spirv_specialization *spec =
      max_spec ? vk_alloc2(&dev->vk.alloc, alloc, max_spec * sizeof(*spec), 8,
                           VK_SYSTEM_ALLOCATION_SCOPE_COMMAND)
               : NULL;
   if (max_spec && !spec)
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   const uint32_t num_spec = read_specializations(stage->pSpecializationInfo, spec);
   /* Bounds checks also give null buffer descriptors (address 0, size 0)
    * their zero reads and dropped writes at any offset (nullDescriptor). */
   const bool robust = dev->vk.enabled_features.robustBufferAccess ||
                       dev->vk.enabled_features.robustBufferAccess2 ||
                       dev->vk.enabled_features.nullDescriptor;

   struct nvk_shader *shader = vk_zalloc2(&dev->vk.alloc, alloc, sizeof(*shader), 8,
                                          VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
   if (!shader) {
      vk_free2(&dev->vk.alloc, alloc, spec);
      return vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY);
   }
   nvk_shader_key(module, stage, spec, num_spec, layout, robust, shader->key);

   if (cache) {
      shader->prog = nvk_pipeline_cache_lookup(cache, shader->key);
      *cache_hit = shader->prog != NULL;
   }
   if (!shader->prog && cache_only) {
      /* Not an error: the application asked to hear it (Vulkan 1.3,
       * VkPipelineCreateFlagBits: "VK_PIPELINE_CREATE_FAIL_ON_PIPELINE_
       * COMPILE_REQUIRED_BIT specifies that pipeline creation will fail if a
       * compile is required for creation of a valid VkPipeline object;
       * VK_PIPELINE_COMPILE_REQUIRED will be returned by pipeline creation,
       * and the VkPipeline will be set to VK_NULL_HANDLE"). */
      vk_free2(&dev->vk.alloc, alloc, spec);
      vk_free2(&dev->vk.alloc, alloc, shader);
      return VK_PIPELINE_COMPILE_REQUIRED;
   }
   if (!shader->prog) {
      const struct nvk_compile_info info = {
         .spirv = module->code,
         .word_count = module->size_B / 4,
         .stage = nvk_stage(stage->stage),
         .entry_point = stage->pName,
         .specializations = spec,
         .num_specializations = num_spec,
         .layout = layout,
         .robust_buffer_access = robust,
      };
      char *error = NULL;
      shader->prog = nvk_compile(&info, &error);
      if (!shader->prog) {
         /* Valid SPIR-V we cannot compile: an implementation failure, with
          * the compiler's reason in the log. */
         const VkResult r = error && strstr(error, "out of memory")
                               ? vk_error(dev, VK_ERROR_OUT_OF_HOST_MEMORY)
                               : vk_errorf(dev, VK_ERROR_UNKNOWN, "shader compilation failed: %s",
                                           error ? error : "?");
         free(error);
         vk_free2(&dev->vk.alloc, alloc, spec);
         vk_free2(&dev->vk.alloc, alloc, shader);
         return r;
      }
      if (cache)
         nvk_pipeline_cache_insert(cache, shader->key, shader->prog);
   }
   vk_free2(&dev->vk.alloc, alloc, spec);
   *shader_out = shader;
   return VK_SUCCESS;
}

void
nvk_shader_destroy(struct nvk_device *dev, struct nvk_shader *shader,
                   const VkAllocationCallbacks *alloc)
{
   if (!shader)
      return;
   kx_program_destroy(shader->prog);
   vk_free2(&dev->vk.alloc, alloc, shader);
}
