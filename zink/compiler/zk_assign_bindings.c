/* SPDX-License-Identifier: MIT */
/*
 * Descriptor sets and bindings by resource class (see zk_compiler.h).
 *
 * GL has one binding namespace per class (texture units, image units,
 * uniform and storage buffer binding points), so glslang's mapper can give
 * a sampler and a uniform block both binding 0; Vulkan has one namespace
 * per descriptor set. One set per class keeps glslang's numbers (the slots
 * kgl reflects) without collisions. The default uniform block and the GL
 * state block take the first two uniform-buffer bindings, so the program's
 * uniform blocks start at ZK_BINDING_FIRST_UBO. A resource glslang left
 * unbound (none in piglit's corpus) gets the first binding its class has
 * free in the program.
 */
#include "zk_compiler.h"

#include <string.h>

#include "util/arena.h"
#include "zk_gl_state.h"

static bool
classify(const nir_variable *var, enum zk_resource_kind *kind, unsigned *set)
{
   const struct glsl_type *bare = glsl_without_array(var->type);
   switch (var->data.mode) {
   case NIR_VAR_MEM_UBO:
      *kind = ZK_RESOURCE_UNIFORM_BUFFER;
      *set = ZK_SET_UNIFORM_BUFFER;
      return true;
   case NIR_VAR_MEM_SSBO:
      *kind = ZK_RESOURCE_STORAGE_BUFFER;
      *set = ZK_SET_STORAGE_BUFFER;
      return true;
   case NIR_VAR_UNIFORM:
      if (glsl_type_is_sampler(bare) || glsl_type_is_sampled_image(bare) ||
          glsl_type_is_texture(bare)) {
         *kind = glsl_get_sampler_dim(glsl_get_image_type(bare)) == GLSL_SAMPLER_DIM_BUF
                    ? ZK_RESOURCE_TEXEL_BUFFER
                    : ZK_RESOURCE_SAMPLER;
         *set = ZK_SET_SAMPLER;
         return true;
      }
      if (glsl_type_is_image(bare)) {
         *kind = ZK_RESOURCE_IMAGE;
         *set = ZK_SET_STORAGE_IMAGE;
         return true;
      }
      return false;
   default:
      return false;
   }
}

/* The two blocks the lowering made sit where zk_compiler.h says already. */
static bool
is_ours(const nir_variable *var)
{
   return var->data.mode == NIR_VAR_MEM_UBO && var->name &&
          (strcmp(var->name, ZK_UNIFORMS_NAME) == 0 ||
           strcmp(var->name, NTV_GL_STATE_NAME) == 0);
}

static unsigned
descriptor_count(const struct glsl_type *t)
{
   unsigned n = 1;
   while (glsl_type_is_array(t)) {
      n *= MAX2(glsl_get_length(t), 1u);
      t = glsl_get_array_element(t);
   }
   return n;
}

struct table {
   struct zk_resource *r;
   unsigned count, cap;
};

static struct zk_resource *
find_or_add(struct arena *arena, struct table *t, const struct zk_resource *r)
{
   for (unsigned i = 0; i < t->count; i++) {
      if (t->r[i].kind == r->kind && t->r[i].gl_binding == r->gl_binding &&
          ((!t->r[i].name && !r->name) ||
           (t->r[i].name && r->name && strcmp(t->r[i].name, r->name) == 0)))
         return &t->r[i];
   }
   if (t->count == t->cap) {
      const unsigned cap = t->cap ? t->cap * 2 : 8;
      struct zk_resource *grown =
         arena_realloc(arena, t->r, t->cap * sizeof(*r), cap * sizeof(*r));
      if (!grown)
         return NULL;
      t->r = grown;
      t->cap = cap;
   }
   t->r[t->count] = *r;
   t->r[t->count].name = r->name ? arena_strdup(arena, r->name) : NULL;
   if (r->name && !t->r[t->count].name)
      return NULL;
   return &t->r[t->count++];
}

bool
zk_assign_bindings(nir_shader *stages[NIR_STAGE_COUNT], struct arena *arena,
                   struct zk_program_info *info, const char **error)
{
   /* Highest binding used per set, for resources glslang left unbound. */
   unsigned next[4] = {ZK_BINDING_FIRST_UBO, 0, 0, 0};
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_in_shader(var, stages[s]) {
         enum zk_resource_kind kind;
         unsigned set;
         if (is_ours(var) || !classify(var, &kind, &set) || !var->data.explicit_binding)
            continue;
         const unsigned first = (set == ZK_SET_UNIFORM_BUFFER ? ZK_BINDING_FIRST_UBO : 0) +
                                var->data.binding;
         next[set] = MAX2(next[set], first + descriptor_count(var->type));
      }
   }

   bool progress = false;
   struct table t = {0};
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_in_shader(var, stages[s]) {
         enum zk_resource_kind kind;
         unsigned set;
         if (!classify(var, &kind, &set))
            continue;
         if (is_ours(var)) {
            var->data.descriptor_set = ZK_SET_UNIFORM_BUFFER;
            var->data.explicit_descriptor_set = true;
            continue;
         }
         int gl_binding = var->data.explicit_binding ? (int)var->data.binding : -1;
         unsigned binding;
         if (kind == ZK_RESOURCE_STORAGE_BUFFER && var->name &&
             strncmp(var->name, ZK_ATOMIC_COUNTERS_NAME, strlen(ZK_ATOMIC_COUNTERS_NAME)) == 0) {
            /* Made by zk_lower_atomic_counters at its place already. */
            kind = ZK_RESOURCE_ATOMIC_COUNTER_BUFFER;
            binding = var->data.binding;
            gl_binding = (int)binding - ZK_BINDING_FIRST_ATOMIC_BUFFER;
         } else if (gl_binding >= 0) {
            binding = (set == ZK_SET_UNIFORM_BUFFER ? ZK_BINDING_FIRST_UBO : 0) +
                      (unsigned)gl_binding;
         } else {
            /* The same unbound resource in two stages shares a binding. */
            struct zk_resource *seen = NULL;
            for (unsigned i = 0; i < t.count; i++) {
               if (t.r[i].kind == kind && t.r[i].gl_binding < 0 && var->name && t.r[i].name &&
                   strcmp(t.r[i].name, var->name) == 0)
                  seen = &t.r[i];
            }
            if (seen) {
               binding = seen->binding;
            } else {
               binding = next[set];
               next[set] += descriptor_count(var->type);
            }
         }
         /* GL uniform locations of opaque uniforms (explicit uniform
          * locations, glslang's mapper) mean nothing to Vulkan, which
          * forbids Location on resources (VUID-StandaloneSpirv-Location-04915). */
         var->data.explicit_location = false;
         var->data.descriptor_set = set;
         var->data.binding = binding;
         var->data.explicit_descriptor_set = true;
         var->data.explicit_binding = true;
         progress = true;
         const struct zk_resource r = {
            .name = var->name,
            .kind = kind,
            .set = set,
            .binding = binding,
            .array_size = descriptor_count(var->type),
            .gl_binding = gl_binding,
         };
         struct zk_resource *e = find_or_add(arena, &t, &r);
         if (!e) {
            *error = "out of memory";
            return false;
         }
         e->stages |= 1u << s;
      }
   }
   if (info) {
      info->resources = t.r;
      info->num_resources = t.count;
   }
   return progress;
}
