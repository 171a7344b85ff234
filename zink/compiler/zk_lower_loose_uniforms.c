/* SPDX-License-Identifier: MIT */
/*
 * Loose uniforms into one uniform block for the whole program (see
 * zk_compiler.h).
 *
 * GL's default uniform block has one value per uniform for the program, so
 * one buffer serves every stage: the layout is made over the union of the
 * stages' uniforms, matched by name, and each stage declares the members it
 * uses at the program's offsets. Layout: std140, the rules Vulkan 1.0 gives
 * uniform buffers ("extended alignment", Vulkan 1.3 section 15.6.4, without
 * uniformBufferStandardLayout or scalarBlockLayout): valid on every target.
 * Its cost, 16-byte array strides for scalars, is the driver's upload copy
 * only, since GL's default-block layout is invisible to the application.
 * Members are ordered by GL uniform location (glslang's, consistent across
 * the program), uniforms without one after them by name.
 *
 * GL bools are 32-bit words in buffers (GL 4.6, 7.6.2.2: "bool ... in a
 * uniform block ... is 4 bytes"), and Vulkan forbids bool in a block, so a
 * bool member is a uint and each load becomes load != 0.
 */
#include "zk_compiler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "zk_pass_util.h"

struct loose {
   const char *name;
   const struct glsl_type *type; /* bools made uints */
   const struct glsl_type *gl_type;
   int location;
   uint8_t stages;
   int member; /* in the program's block type */
};

static bool
is_loose(const nir_variable *var)
{
   return var->data.mode == NIR_VAR_UNIFORM && !var->data.atomic_counter &&
          !glsl_type_contains_opaque(var->type);
}

static int
compare_loose(const void *a, const void *b)
{
   const struct loose *x = a, *y = b;
   if ((x->location < 0) != (y->location < 0))
      return x->location < 0 ? 1 : -1;
   if (x->location != y->location)
      return x->location < y->location ? -1 : 1;
   return strcmp(x->name, y->name);
}

/* ---- the layout table --------------------------------------------------------------- */

struct table {
   struct arena *arena;
   struct zk_uniform *entries;
   unsigned count, cap;
   bool oom;
};

static void
add_entry(struct table *t, const struct zk_uniform *u)
{
   if (!u->name) {
      t->oom = true;
      return;
   }
   if (t->count == t->cap) {
      const unsigned cap = t->cap ? t->cap * 2 : 16;
      struct zk_uniform *grown =
         arena_realloc(t->arena, t->entries, t->cap * sizeof(*u), cap * sizeof(*u));
      if (!grown) {
         t->oom = true;
         return;
      }
      t->entries = grown;
      t->cap = cap;
   }
   t->entries[t->count++] = *u;
}

/* GL names every leaf ("s.f", "a[2].f"; an array of non-aggregates once as
 * "a[0]") and gives each element of each leaf one location, in that order. */
static void
flatten(struct table *t, const struct glsl_type *type, const struct glsl_type *gl_type,
        const char *name, unsigned offset_B, int matrix_stride_B, int *location,
        uint8_t stages)
{
   if (glsl_type_is_array(type) && !glsl_type_is_struct(glsl_without_array(type)) &&
       !glsl_type_is_array(glsl_get_array_element(type))) {
      const struct zk_uniform u = {
         .name = arena_asprintf(t->arena, "%s[0]", name),
         .location = *location,
         .type = glsl_get_array_element(type),
         .array_size = glsl_get_length(type),
         .offset_B = offset_B,
         .array_stride_B = glsl_get_explicit_stride(type),
         .matrix_stride_B = matrix_stride_B > 0 ? (unsigned)matrix_stride_B : 0,
         .boolean = glsl_get_base_type(glsl_without_array(gl_type)) == GLSL_TYPE_BOOL,
         .stages = stages,
      };
      add_entry(t, &u);
      if (*location >= 0)
         *location += (int)glsl_get_length(type);
      return;
   }
   if (glsl_type_is_array(type)) {
      for (unsigned i = 0; i < glsl_get_length(type); i++) {
         char *n = arena_asprintf(t->arena, "%s[%u]", name, i);
         flatten(t, glsl_get_array_element(type), glsl_get_array_element(gl_type), n,
                 offset_B + i * glsl_get_explicit_stride(type), matrix_stride_B, location,
                 stages);
      }
      return;
   }
   if (glsl_type_is_struct(type)) {
      for (unsigned m = 0; m < glsl_get_length(type); m++) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(type, m);
         char *n = arena_asprintf(t->arena, "%s.%s", name, f->name ? f->name : "");
         flatten(t, f->type, glsl_get_struct_field(gl_type, m), n,
                 offset_B + (unsigned)f->offset_B, f->matrix_stride_B, location, stages);
      }
      return;
   }
   const struct zk_uniform u = {
      .name = name,
      .location = *location,
      .type = type,
      .offset_B = offset_B,
      .matrix_stride_B = matrix_stride_B > 0 ? (unsigned)matrix_stride_B : 0,
      .boolean = glsl_get_base_type(gl_type) == GLSL_TYPE_BOOL,
      .stages = stages,
   };
   add_entry(t, &u);
   if (*location >= 0)
      (*location)++;
}

/* ---- rewriting a stage -------------------------------------------------------------- */

static bool
lower_stage(nir_shader *shader, const struct glsl_type *program_block,
            const struct loose *uniforms, unsigned count, const char **error)
{
   /* The members this stage declares, in the program's order. */
   struct glsl_struct_field *fields =
      arena_new_array(shader->arena, struct glsl_struct_field, count);
   nir_variable **vars = arena_new_array(shader->arena, nir_variable *, count);
   if (!fields || !vars) {
      *error = "out of memory";
      return false;
   }
   unsigned n = 0;
   for (unsigned i = 0; i < count; i++) {
      if (!(uniforms[i].stages & (1u << shader->info.stage)))
         continue;
      nir_variable *var = zk_find_variable(shader, NIR_VAR_UNIFORM, uniforms[i].name);
      if (!var || !is_loose(var))
         continue;
      fields[n] = *glsl_get_struct_field_data(program_block, (unsigned)uniforms[i].member);
      vars[n++] = var;
   }
   if (!n)
      return true;
   const struct glsl_type *type = glsl_struct_type(fields, n, "KilnUniforms", GLSL_BLOCK);
   nir_variable *block =
      glsl_type_is_error(type) ? NULL
                               : nir_variable_create(shader, NIR_VAR_MEM_UBO, type,
                                                     ZK_UNIFORMS_NAME);
   if (!block) {
      *error = "out of memory";
      return false;
   }
   block->data.descriptor_set = ZK_SET_UNIFORM_BUFFER;
   block->data.binding = ZK_BINDING_UNIFORMS;
   block->data.explicit_descriptor_set = true;
   block->data.explicit_binding = true;
   /* Where the uniforms were declared, not after every other variable. */
   list_del(&block->node);
   list_insert_before(&block->node, &vars[0]->node);
   for (unsigned i = 0; i < n; i++) {
      if (!zk_rebase_derefs_to_member(shader, vars[i], block, i, error))
         return false;
      list_del(&vars[i]->node);
   }
   return true;
}

bool
zk_lower_loose_uniforms(nir_shader *stages[NIR_STAGE_COUNT], struct arena *arena,
                        struct zk_program_info *info, const char **error)
{
   /* The program's uniforms, matched by name. */
   unsigned count = 0;
   for (unsigned s = 0; s < NIR_STAGE_COUNT; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], NIR_VAR_UNIFORM)
         count += is_loose(var);
   }
   if (!count)
      return false;
   struct loose *uniforms = calloc(count, sizeof(*uniforms));
   struct glsl_struct_field *fields = calloc(count, sizeof(*fields));
   if (!uniforms || !fields) {
      free(uniforms);
      free(fields);
      *error = "out of memory";
      return false;
   }
   unsigned n = 0;
   bool ok = true;
   for (unsigned s = 0; s < NIR_STAGE_COUNT && ok; s++) {
      if (!stages[s])
         continue;
      nir_foreach_variable_with_modes(var, stages[s], NIR_VAR_UNIFORM) {
         if (!is_loose(var))
            continue;
         if (!var->name) {
            *error = "a loose uniform without a name";
            ok = false;
            break;
         }
         unsigned i = 0;
         while (i < n && strcmp(uniforms[i].name, var->name) != 0)
            i++;
         const struct glsl_type *type = zk_type_bool_to_uint(var->type);
         if (i < n) {
            if (uniforms[i].type != type) {
               *error = arena_asprintf(stages[s]->arena,
                                       "uniform '%s' has different types in two stages",
                                       var->name);
               ok = false;
               break;
            }
         } else {
            uniforms[n++] = (struct loose){
               .name = var->name,
               .type = type,
               .gl_type = var->type,
               .location = var->data.explicit_location ? var->data.location : -1,
            };
         }
         uniforms[i].stages |= 1u << s;
      }
   }
   const struct glsl_type *block = NULL;
   if (ok) {
      qsort(uniforms, n, sizeof(*uniforms), compare_loose);
      for (unsigned i = 0; i < n; i++) {
         fields[i] = glsl_struct_field_init(uniforms[i].type, uniforms[i].name);
         uniforms[i].member = (int)i;
      }
      block = glsl_get_explicit_type_for_layout(
         glsl_struct_type(fields, n, "KilnUniforms", GLSL_BLOCK), GLSL_LAYOUT_STD140, false);
      if (glsl_type_is_error(block)) {
         *error = "out of memory";
         ok = false;
      }
   }
   for (unsigned s = 0; s < NIR_STAGE_COUNT && ok; s++) {
      if (stages[s])
         ok = lower_stage(stages[s], block, uniforms, n, error);
   }

   if (ok && info) {
      struct table t = {.arena = arena};
      for (unsigned i = 0; i < n; i++) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(block, i);
         int location = uniforms[i].location;
         flatten(&t, f->type, uniforms[i].gl_type, arena_strdup(arena, uniforms[i].name),
                 (unsigned)f->offset_B, f->matrix_stride_B, &location, uniforms[i].stages);
      }
      if (t.oom) {
         *error = "out of memory";
         ok = false;
      }
      info->uniforms = t.entries;
      info->num_uniforms = t.count;
      info->uniforms_size_B = glsl_get_explicit_size_B(block);
   }
   free(uniforms);
   free(fields);
   return ok;
}
