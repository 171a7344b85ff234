/* SPDX-License-Identifier: MIT */
/* The translator's entry: module-level setup, then variables, the entry
 * function, the entry point and its execution modes, then assembly. */
#include "ntv/nir_to_spirv.h"
#include "ntv/ntv_private.h"

#include <stdarg.h>
#include <string.h>

#include "util/arena.h"
#include "util/hash_table.h"

void
ntv_fail(struct ntv_context *ctx, const char *fmt, ...)
{
   if (ctx->error)
      return;
   va_list va;
   va_start(va, fmt);
   ctx->error = ctx->arena ? arena_vasprintf(ctx->arena, fmt, va) : NULL;
   va_end(va);
   if (!ctx->error)
      ctx->error = "out of memory";
   /* Stops the builder too, so the rest of the walk is cheap. */
   spvb_set_error(&ctx->b, SPVB_ERROR_MISUSE, "translation failed");
}

void
ntv_capability_ext(struct ntv_context *ctx, SpvCapability cap, const char *ext,
                   uint32_t core_version)
{
   spvb_capability(&ctx->b, cap);
   if (ext && ctx->version < core_version)
      spvb_extension(&ctx->b, ext);
}

SpvId
ntv_const_u32(struct ntv_context *ctx, uint32_t v)
{
   return spvb_const_int(&ctx->b, 32, false, v);
}

SpvId
ntv_const_i32(struct ntv_context *ctx, int32_t v)
{
   return spvb_const_int(&ctx->b, 32, true, (uint32_t)v);
}

SpvId
ntv_pair_struct(struct ntv_context *ctx, SpvId first, SpvId second)
{
   dynarray_foreach(&ctx->pair_structs, struct ntv_pair_struct, p) {
      if (p->first == first && p->second == second)
         return p->type;
   }
   const SpvId type = spvb_type_struct(&ctx->b, SPVB_WORDS(first, second));
   if (!dynarray_append(&ctx->pair_structs, struct ntv_pair_struct,
                        ((struct ntv_pair_struct){first, second, type})))
      ntv_fail(ctx, "out of memory");
   return type;
}

SpvExecutionModel
ntv_execution_model(nir_shader_stage stage)
{
   switch (stage) {
   case NIR_STAGE_VERTEX:
      return SpvExecutionModelVertex;
   case NIR_STAGE_TESS_CTRL:
      return SpvExecutionModelTessellationControl;
   case NIR_STAGE_TESS_EVAL:
      return SpvExecutionModelTessellationEvaluation;
   case NIR_STAGE_GEOMETRY:
      return SpvExecutionModelGeometry;
   case NIR_STAGE_FRAGMENT:
      return SpvExecutionModelFragment;
   case NIR_STAGE_COMPUTE:
   default:
      return SpvExecutionModelGLCompute;
   }
}

static bool
check_options(struct ntv_context *ctx, const struct ntv_options *options)
{
   if (options->target >= NTV_TARGET_COUNT) {
      ntv_fail(ctx, "unknown target environment %u", (unsigned)options->target);
      return false;
   }
   const uint32_t max = ntv_target_spirv_version(options->target);
   uint32_t version = options->spirv_version ? options->spirv_version : max;
   if (version > max || version < SPVB_VERSION(1, 0) || (version & 0xff0000ff) ||
       (version >> 8 & 0xff) > 6) {
      ntv_fail(ctx, "SPIR-V version %u.%u is not accepted by %s", version >> 16 & 0xff,
               version >> 8 & 0xff, ntv_target_name(options->target));
      return false;
   }
   ctx->version = version;
   return true;
}

static bool
check_shader(struct ntv_context *ctx)
{
   nir_shader *s = ctx->shader;
   if (nir_shader_oom(s)) {
      ntv_fail(ctx, "the shader ran out of memory while it was built");
      return false;
   }
   if (s->info.stage >= NIR_STAGE_COUNT) {
      ntv_fail(ctx, "unknown shader stage %u", (unsigned)s->info.stage);
      return false;
   }
   nir_function *entry = nir_shader_get_entrypoint_function(s);
   if (!entry || !entry->impl) {
      ntv_fail(ctx, "the shader has no entry point with a body");
      return false;
   }
   if (entry->num_params) {
      ntv_fail(ctx, "the entry point takes parameters");
      return false;
   }
   nir_foreach_function(fn, s) {
      if (fn != entry && fn->impl) {
         ntv_fail(ctx, "function '%s' is not inlined: run nir_inline_functions first",
                  fn->name ? fn->name : "(unnamed)");
         return false;
      }
   }
   return true;
}

/* Whether any access goes through a 64-bit address (a deref cast of
 * global memory: SPIR-V PhysicalStorageBuffer pointers). */
static bool
uses_physical_pointers(nir_shader *shader)
{
   nir_foreach_function_impl(impl, shader) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_DEREF &&
                nir_instr_as_deref(instr)->deref_type == NIR_DEREF_TYPE_CAST &&
                (nir_instr_as_deref(instr)->modes & NIR_VAR_MEM_GLOBAL))
               return true;
         }
      }
   }
   return false;
}

static void
emit_module_header(struct ntv_context *ctx)
{
   struct spvb_builder *b = &ctx->b;
   spvb_capability(b, SpvCapabilityShader);
   switch (ctx->shader->info.stage) {
   case NIR_STAGE_TESS_CTRL:
   case NIR_STAGE_TESS_EVAL:
      spvb_capability(b, SpvCapabilityTessellation);
      break;
   case NIR_STAGE_GEOMETRY:
      spvb_capability(b, SpvCapabilityGeometry);
      break;
   default:
      break;
   }
   /* Imported up front, as glslang does, so the set always has the same
    * id whether or not the shader uses it. */
   ctx->glsl450 = spvb_import(b, "GLSL.std.450");
   if (uses_physical_pointers(ctx->shader)) {
      ntv_capability_ext(ctx, SpvCapabilityPhysicalStorageBufferAddresses,
                         "SPV_KHR_physical_storage_buffer", SPVB_VERSION(1, 5));
      spvb_memory_model(b, SpvAddressingModelPhysicalStorageBuffer64, SpvMemoryModelGLSL450);
   } else {
      spvb_memory_model(b, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   }
}

static void
emit_entry_point(struct ntv_context *ctx, nir_function *entry)
{
   const char *name = entry->name ? entry->name : "main";
   spvb_entry_point(&ctx->b, ctx->model, ctx->entry_fn, name, ctx->interface.data,
                    (unsigned)dynarray_num_elements(&ctx->interface, SpvId));
   ntv_emit_execution_modes(ctx);
}

static bool
context_init(struct ntv_context *ctx, nir_shader *shader, const struct ntv_options *options)
{
   memset(ctx, 0, sizeof(*ctx));
   ctx->shader = shader;
   ctx->options = *options;
   ctx->arena = arena_create(NULL);
   spvb_init(&ctx->b, SPVB_VERSION(1, 0));
   if (!ctx->arena) {
      ctx->error = "out of memory";
      return false;
   }
   if (!check_options(ctx, options))
      return false;
   ctx->b.version = ctx->version;
   ctx->model = ntv_execution_model(shader->info.stage);
   ctx->var_ids = hash_table_create(ctx->arena, util_hash_pointer, util_equal_pointer);
   ctx->type_ids = hash_table_create(ctx->arena, util_hash_pointer, util_equal_pointer);
   ctx->phi_src_ids = hash_table_create(ctx->arena, util_hash_pointer, util_equal_pointer);
   dynarray_init(&ctx->interface, ctx->arena);
   dynarray_init(&ctx->sysval_vars, ctx->arena);
   dynarray_init(&ctx->loops, ctx->arena);
   dynarray_init(&ctx->pair_structs, ctx->arena);
   if (!ctx->var_ids || !ctx->type_ids || !ctx->phi_src_ids) {
      ntv_fail(ctx, "out of memory");
      return false;
   }
   return true;
}

bool
ntv_emit(nir_shader *shader, const struct ntv_options *options, struct arena *out,
         uint32_t **words, size_t *count, const char **error)
{
   *words = NULL;
   *count = 0;
   *error = NULL;

   /* A break out of a continue construct that is not its final conditional
    * back edge has no structured SPIR-V form: work on a copy with continue
    * constructs folded into the loop bodies. */
   nir_shader *clone = NULL;
   nir_function_impl *entry_impl = nir_shader_get_entrypoint(shader);
   if (entry_impl && !nir_shader_oom(shader) &&
       !ntv_continue_constructs_expressible(entry_impl)) {
      clone = nir_shader_clone(NULL, shader);
      if (clone)
         nir_lower_continue_constructs(clone);
      if (!clone || nir_shader_oom(clone)) {
         if (clone)
            nir_shader_destroy(clone);
         *error = "out of memory";
         return false;
      }
      shader = clone;
   }

   struct ntv_context ctx;
   if (context_init(&ctx, shader, options) && check_shader(&ctx)) {
      nir_function *entry = nir_shader_get_entrypoint_function(shader);
      emit_module_header(&ctx);
      ntv_emit_global_variables(&ctx);
      ctx.entry_fn = spvb_id(&ctx.b);
      if (!options->strip_names && entry->name)
         spvb_name(&ctx.b, ctx.entry_fn, entry->name);
      ntv_emit_function(&ctx, entry->impl);
      emit_entry_point(&ctx, entry);
   }

   bool ok = false;
   if (!ctx.error) {
      const enum spvb_error err = spvb_assemble(&ctx.b, out, words, count);
      if (err == SPVB_OK) {
         ok = true;
      } else {
         *error = arena_asprintf(out, "SPIR-V builder: %s (%s)", spvb_error_string(err),
                                 ctx.b.error_detail ? ctx.b.error_detail : "?");
         if (!*error)
            *error = "SPIR-V builder failed";
      }
   } else {
      *error = arena_strdup(out, ctx.error);
      if (!*error)
         *error = "translation failed (out of memory reporting why)";
   }
   spvb_finish(&ctx.b);
   if (ctx.arena)
      arena_destroy(ctx.arena);
   if (clone)
      nir_shader_destroy(clone);
   return ok;
}
