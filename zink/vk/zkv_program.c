/* SPDX-License-Identifier: MIT */
/*
 * Programs: one shader module per stage, the descriptor set layouts of the
 * four zk_compiler.h sets (empty ones included, so set numbers stay put),
 * the pipeline layout, and the program's pipeline cache.
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

static const VkShaderStageFlagBits stage_bits[ZKV_STAGE_COUNT] = {
   VK_SHADER_STAGE_VERTEX_BIT,   VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
   VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_GEOMETRY_BIT,
   VK_SHADER_STAGE_FRAGMENT_BIT, VK_SHADER_STAGE_COMPUTE_BIT,
};

static const char *const stage_errors[ZKV_STAGE_COUNT] = {
   "the device rejected the vertex shader module",
   "the device rejected the tessellation control shader module",
   "the device rejected the tessellation evaluation shader module",
   "the device rejected the geometry shader module",
   "the device rejected the fragment shader module",
   "the device rejected the compute shader module",
};

static int
binding_order(const void *a, const void *b)
{
   const struct zkv_binding_desc *x = a, *y = b;
   if (x->set != y->set)
      return x->set < y->set ? -1 : 1;
   return x->binding < y->binding ? -1 : x->binding > y->binding;
}

static void
program_release(struct zkv_ref *ref)
{
   struct zkv_program *p = (struct zkv_program *)ref;
   VkDevice dev = p->screen->dev;
   zkv_pipeline_cache_finish(p);
   if (p->compute_pipeline)
      vkDestroyPipeline(dev, p->compute_pipeline, NULL);
   vkDestroyPipelineLayout(dev, p->layout, NULL);
   for (int s = 0; s < ZKV_MAX_SETS; s++)
      vkDestroyDescriptorSetLayout(dev, p->set_layouts[s], NULL);
   for (int s = 0; s < ZKV_STAGE_COUNT; s++)
      vkDestroyShaderModule(dev, p->modules[s], NULL);
   hash_table_finish(&p->pipelines);
   pthread_mutex_destroy(&p->lock);
   free(p->bindings);
   free(p);
}

static VkResult
make_layouts(struct zkv_program *p)
{
   VkDevice dev = p->screen->dev;
   for (uint32_t s = 0; s < ZKV_MAX_SETS; s++) {
      VkDescriptorSetLayoutBinding b[ZKV_MAX_BINDINGS];
      const uint32_t n = p->set_count[s];
      for (uint32_t i = 0; i < n; i++) {
         const struct zkv_binding_desc *d = &p->bindings[p->set_first[s] + i];
         b[i] = (VkDescriptorSetLayoutBinding){d->binding, d->type, d->count, d->stages, NULL};
      }
      const VkDescriptorSetLayoutCreateInfo info = {
         .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
         .bindingCount = n,
         .pBindings = b,
      };
      VkResult r = vkCreateDescriptorSetLayout(dev, &info, NULL, &p->set_layouts[s]);
      if (r != VK_SUCCESS)
         return r;
   }
   const VkPipelineLayoutCreateInfo li = {
      .sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
      .setLayoutCount = ZKV_MAX_SETS,
      .pSetLayouts = p->set_layouts,
   };
   return vkCreatePipelineLayout(dev, &li, NULL, &p->layout);
}

static uint32_t
key_hash(const void *key)
{
   return util_hash_data(key, sizeof(struct zkv_pipeline_key));
}

static bool
key_equal(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct zkv_pipeline_key)) == 0;
}

struct zkv_program *
zkv_program_create(struct zkv_screen *screen, const struct zkv_program_desc *desc,
                   VkResult *result, const char **message)
{
   *message = NULL;
   struct zkv_program *p = calloc(1, sizeof(*p));
   if (!p) {
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   zkv_ref_init(&p->ref, program_release);
   p->screen = screen;
   p->info = desc->info;
   p->xfb = desc->xfb;
   pthread_mutex_init(&p->lock, NULL);
   hash_table_init(&p->pipelines, key_hash, key_equal);

   struct dynarray bindings;
   dynarray_init(&bindings, NULL);
   VkResult r = VK_SUCCESS;
   for (int s = 0; s < ZKV_STAGE_COUNT; s++) {
      if (!desc->code[s])
         continue;
      p->stages |= stage_bits[s];
      struct dynarray scratch;
      dynarray_init(&scratch, NULL);
      const bool scanned =
         zkv_spirv_scan_bindings(desc->code[s], desc->code_words[s], stage_bits[s],
                                 desc->num_bindings ? &scratch : &bindings, &p->xfb, message);
      dynarray_finish(&scratch);
      if (!scanned) {
         r = VK_ERROR_INITIALIZATION_FAILED;
         goto fail;
      }
      const VkShaderModuleCreateInfo mi = {
         .sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO,
         .codeSize = desc->code_words[s] * 4,
         .pCode = desc->code[s],
      };
      r = vkCreateShaderModule(screen->dev, &mi, NULL, &p->modules[s]);
      if (r != VK_SUCCESS) {
         *message = stage_errors[s];
         goto fail;
      }
   }
   p->compute = p->stages == VK_SHADER_STAGE_COMPUTE_BIT;
   if (!p->stages || (!p->compute && !(p->stages & VK_SHADER_STAGE_VERTEX_BIT)) ||
       (!p->compute && (p->stages & VK_SHADER_STAGE_COMPUTE_BIT))) {
      *message = "a program is a compute shader alone, or has a vertex shader";
      r = VK_ERROR_INITIALIZATION_FAILED;
      goto fail;
   }
   for (uint32_t i = 0; i < desc->num_bindings; i++) {
      if (desc->bindings[i].set >= ZKV_MAX_SETS ||
          !dynarray_append(&bindings, struct zkv_binding_desc, desc->bindings[i])) {
         *message = desc->bindings[i].set >= ZKV_MAX_SETS ? "a binding's set is above 3"
                                                          : "out of memory";
         r = VK_ERROR_INITIALIZATION_FAILED;
         goto fail;
      }
   }
   p->num_bindings = (uint32_t)dynarray_num_elements(&bindings, struct zkv_binding_desc);
   p->bindings = calloc(p->num_bindings ? p->num_bindings : 1, sizeof(*p->bindings));
   if (!p->bindings) {
      r = VK_ERROR_OUT_OF_HOST_MEMORY;
      goto fail;
   }
   if (p->num_bindings)
      memcpy(p->bindings, bindings.data, p->num_bindings * sizeof(*p->bindings));
   qsort(p->bindings, p->num_bindings, sizeof(*p->bindings), binding_order);
   for (uint32_t i = 0; i < p->num_bindings; i++) {
      struct zkv_binding_desc *b = &p->bindings[i];
      /* The default uniform block and kiln_gl_state change every few draws
       * (streamed with zkv_upload_transient): dynamic offsets let a draw
       * move them without writing a new descriptor set. */
      if (b->set == 0 && b->binding < ZKV_DYNAMIC_UBOS && b->count == 1 &&
          b->type == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER) {
         b->type = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC;
         p->dynamic_mask |= 1u << b->binding;
      }
      if (b->binding + b->count > ZKV_MAX_BINDINGS) {
         *message = "a binding is above ZKV_MAX_BINDINGS";
         r = VK_ERROR_INITIALIZATION_FAILED;
         goto fail;
      }
      if (p->set_count[b->set]++ == 0)
         p->set_first[b->set] = i;
   }
   r = make_layouts(p);
   if (r != VK_SUCCESS) {
      *message = "creating the pipeline layout failed";
      goto fail;
   }
   dynarray_finish(&bindings);
   *result = VK_SUCCESS;
   return p;

fail:
   dynarray_finish(&bindings);
   *result = r;
   program_release(&p->ref);
   return NULL;
}

void
zkv_program_destroy(struct zkv_program *program)
{
   if (program)
      zkv_ref_put(&program->ref);
}
