/* SPDX-License-Identifier: MIT */
/*
 * spirv_to_nir(): the landing pad and the order of the passes.
 *
 *   header, scan, preamble, names, decorations    (stn_front.c)
 *   entry point, shader, types/constants/globals  (here, stn_types.c, ...)
 *   execution modes                               (stn_stage.c)
 *   the entry point's body, callees inlined       (stn_emit.c)
 *   shader info, SSA repair, vars_to_ssa, validation (when enabled)
 *
 * Every failure longjmps back here; the builder's arena (which owns the
 * shader until it is handed over) is destroyed at once.
 */
#include "spirv/spirv_to_nir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stn_ir.h"

bool stn_repair_ssa(nir_shader *shader);
bool stn_hoist_constants(nir_shader *shader);

long
spirv_to_nir_error_offset(const char *error)
{
   if (!error || strncmp(error, "SPIR-V word ", 12) != 0)
      return -1;
   char *end;
   const long v = strtol(error + 12, &end, 10);
   return end != error + 12 && *end == ':' ? v : -1;
}

bool
spirv_gl_compat_builtin_name(const char *name)
{
   return stn_gl_compat_name(name);
}

static SpvExecutionModel
model_for_stage(nir_shader_stage stage)
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
   default:
      return SpvExecutionModelGLCompute;
   }
}

static void
handle_globals(struct stn_builder *b)
{
   for (size_t pos = b->globals_start_w; pos < b->functions_start_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      stn_set_current(b, &inst);
      pos += inst.count;
      switch (inst.opcode) {
      case SpvOpNop:
      case SpvOpLine:
      case SpvOpNoLine:
         break;
      case SpvOpVariable:
         stn_handle_variable(b, &inst);
         break;
      case SpvOpUndef:
         stn_handle_constant(b, &inst);
         break;
      case SpvOpExtInst: {
         struct stn_value *set = stn_value(b, inst.w[3], STN_VALUE_EXT_INST_SET);
         if (set->ext_set != STN_EXT_SET_NON_SEMANTIC)
            stn_fail(b, "only non-semantic extended instructions may appear among the "
                        "globals");
         break;
      }
      default:
         if (stn_opcode_is_type(inst.opcode)) {
            stn_handle_type(b, &inst);
         } else {
            stn_handle_constant(b, &inst);
            struct stn_value *v = stn_untyped_value(b, inst.w[2]);
            const struct stn_decoration *bi =
               stn_find_decoration(v, -1, SpvDecorationBuiltIn);
            if (bi && stn_decoration_literal(b, bi, 0) == SpvBuiltInWorkgroupSize)
               b->workgroup_size_id = inst.w[2];
         }
         break;
      }
      stn_check_ir_oom(b);
   }
}

static void
register_functions(struct stn_builder *b)
{
   for (uint32_t f = 0; f < b->num_functions; f++) {
      struct stn_function *func = &b->functions[f];
      const struct stn_inst inst = stn_inst_at(b, func->def_offset_w);
      stn_set_current(b, &inst);
      struct stn_type *ft = stn_get_type(b, inst.w[4]);
      if (ft->base != STN_BASE_FUNCTION)
         stn_fail(b, "the function type must be an OpTypeFunction");
      if (!stn_types_match(stn_get_type(b, inst.w[1]), ft->ret))
         stn_fail(b, "function result type differs from its function type's");
      if (func->num_params != ft->num_params)
         stn_fail(b, "%u parameters for a function type of %u", func->num_params,
                  ft->num_params);
      for (uint32_t i = 0; i < func->num_params; i++) {
         const struct stn_inst p = stn_inst_at(b, func->param_offsets_w[i]);
         stn_set_current(b, &p);
         struct stn_type *pt = stn_get_type(b, p.w[1]);
         if (!stn_types_match(pt, ft->params[i]))
            stn_fail(b, "parameter %u type (%s) differs from OpTypeFunction %u's (%s)", i,
                     stn_type_describe(pt), ft->id, stn_type_describe(ft->params[i]));
      }
      func->type = ft;
      stn_set_current(b, &inst);
      stn_push_value(b, func->id, STN_VALUE_FUNCTION)->func = func;
   }
}

static void
apply_workgroup_size_builtin(struct stn_builder *b)
{
   if (!b->workgroup_size_id || b->ir->shader->info.stage != NIR_STAGE_COMPUTE)
      return;
   /* SPIR-V 1.6, 3.21 BuiltIn WorkgroupSize: a constant so decorated
    * overrides LocalSize. */
   struct stn_constant *c = stn_get_constant(b, b->workgroup_size_id);
   if (c->type->base != STN_BASE_VECTOR || c->type->components != 3 ||
       c->type->scalar->base != STN_BASE_INT || c->type->bit_size != 32)
      stn_fail(b, "WorkgroupSize must be a uvec3 constant");
   for (unsigned d = 0; d < 3; d++) {
      const uint32_t v = c->c->values[d].u32;
      if (v < 1 || v > 65535)
         stn_fail(b, "workgroup size %u (1 to 65535 are)", v);
      b->ir->shader->info.cs.workgroup_size[d] = (uint16_t)v;
      b->ir->shader->info.cs.workgroup_size_spec_id[d] = -1;
   }
   /* The components' SpecIds, when they are spec constants. */
   const struct stn_inst inst = stn_inst_at(b, stn_untyped_value(b, b->workgroup_size_id)
                                                  ->def_offset_w);
   if (inst.opcode == SpvOpSpecConstantComposite && inst.count == 6) {
      for (unsigned d = 0; d < 3; d++) {
         struct stn_value *e = stn_untyped_value(b, inst.w[3 + d]);
         if (e->kind == STN_VALUE_CONSTANT && e->constant->has_spec_id)
            b->ir->shader->info.cs.workgroup_size_spec_id[d] = (int32_t)e->constant->spec_id;
      }
   }
}

static unsigned
builtin_array_length(const struct glsl_type *t, bool per_vertex)
{
   if (per_vertex && glsl_type_is_array(t))
      t = glsl_get_array_element(t);
   return glsl_type_is_array(t) ? glsl_get_length(t) : 0;
}

static void
gather_info(struct stn_builder *b)
{
   nir_shader *s = b->ir->shader;
   const nir_shader_stage st = s->info.stage;
   nir_foreach_variable_with_modes(var, s, NIR_VAR_SHADER_IN | NIR_VAR_SHADER_OUT) {
      const bool out = var->data.mode == NIR_VAR_SHADER_OUT;
      const bool per_vertex = (!out && (st == NIR_STAGE_TESS_CTRL || st == NIR_STAGE_TESS_EVAL ||
                                        st == NIR_STAGE_GEOMETRY)) ||
                              (out && st == NIR_STAGE_TESS_CTRL && !var->data.patch);
      /* Clip and cull distances: the outputs of the last geometry stage or
       * the fragment shader's inputs. */
      const bool counts = out ? st != NIR_STAGE_FRAGMENT : st == NIR_STAGE_FRAGMENT;
      const struct glsl_type *t = var->type;
      if (counts && var->data.builtin == NIR_BUILTIN_CLIP_DISTANCE)
         s->info.clip_distance_array_size = builtin_array_length(t, per_vertex);
      if (counts && var->data.builtin == NIR_BUILTIN_CULL_DISTANCE)
         s->info.cull_distance_array_size = builtin_array_length(t, per_vertex);
      const struct glsl_type *blk = glsl_without_array(t);
      if (counts && glsl_type_is_struct(blk)) {
         for (unsigned i = 0; i < glsl_get_length(blk); i++) {
            const struct glsl_struct_field *f = glsl_get_struct_field_data(blk, i);
            if (f->builtin == NIR_BUILTIN_CLIP_DISTANCE)
               s->info.clip_distance_array_size = builtin_array_length(f->type, false);
            if (f->builtin == NIR_BUILTIN_CULL_DISTANCE)
               s->info.cull_distance_array_size = builtin_array_length(f->type, false);
         }
      }

      /* Transform feedback buffers and strides. */
      if (!out || !s->info.xfb.enabled)
         continue;
      if (var->data.explicit_xfb_buffer && var->data.xfb_buffer < 4) {
         s->info.xfb.buffers_written |= 1u << var->data.xfb_buffer;
         if (var->data.explicit_xfb_stride)
            s->info.xfb.stride_B[var->data.xfb_buffer] = (uint16_t)var->data.xfb_stride_B;
      }
      if (glsl_type_is_struct(blk)) {
         for (unsigned i = 0; i < glsl_get_length(blk); i++) {
            const struct glsl_struct_field *f = glsl_get_struct_field_data(blk, i);
            if (f->xfb_buffer >= 0 && f->xfb_buffer < 4) {
               s->info.xfb.buffers_written |= 1u << f->xfb_buffer;
               if (f->xfb_stride_B >= 0)
                  s->info.xfb.stride_B[f->xfb_buffer] = (uint16_t)f->xfb_stride_B;
            }
         }
      }
   }
}

static void
create_shader(struct stn_builder *b, nir_shader_stage stage)
{
   struct stn_ir *ir = stn_new(b, struct stn_ir);
   b->ir = ir;
   ir->shader = nir_shader_create(b->arena, stage);
   if (!ir->shader)
      stn_fail(b, "out of memory");
   ir->shader->info.name = arena_strdup(ir->shader->arena, b->entry_point->name);
   nir_function *fn = nir_function_create(ir->shader, b->entry_point->name);
   if (!fn)
      stn_fail(b, "out of memory");
   fn->is_entrypoint = true;
   ir->impl = nir_function_impl_create(fn);
   if (!ir->impl)
      stn_fail(b, "out of memory");
   ir->nb = nir_builder_at(nir_after_impl(ir->impl));
   stn_check_ir_oom(b);
}

static void
finish_shader(struct stn_builder *b)
{
   nir_shader *s = b->ir->shader;
   b->cur_offset_w = b->word_count;
   b->cur_opcode = SpvOpNop;
   gather_info(b);
   stn_check_ir_oom(b);

   /* Exits that leave several constructs can leave a value used where its
    * definition no longer dominates; route those through variables. */
   stn_repair_ssa(s);
   stn_check_ir_oom(b);
   if (!b->opts->no_passes) {
      nir_lower_vars_to_ssa(s);
      nir_opt_constant_folding(s);
      nir_opt_dce(s);
      stn_hoist_constants(s);
      stn_check_ir_oom(b);
   }

   /* Dense def numbers in source order: stable, readable prints. */
   nir_foreach_function_impl(impl, s)
      nir_index_ssa_defs(impl);

   /* Whether any input yields valid IR is the tests' and the fuzzer's
    * question (stn_check.c validates every translation they make); checking
    * it again on every shader would cost a release build as much as the
    * passes above, so it happens where the IR is validated after every pass:
    * debug builds, -Dir_validate=true, KILN_DEBUG=validate. */
   if (!nir_validation_enabled())
      return;
   char *report = NULL;
   const unsigned errors = nir_validate_shader_report(s, &report);
   stn_check_ir_oom(b);
   if (errors) {
      /* Keep the first lines of the validator's report in the message. */
      char head[200] = "";
      if (report) {
         const char *summary = strstr(report, "error");
         snprintf(head, sizeof(head), "%s", summary ? summary : report);
         for (char *p = head; *p; p++) {
            if (*p == '\n')
               *p = ' ';
         }
         free(report);
      }
      stn_fail(b, "internal error: the translated IR fails validation (%u errors): %s",
               errors, head);
   }
   free(report);
}

nir_shader *
spirv_to_nir(const uint32_t *words, size_t word_count, nir_shader_stage stage,
             const char *entry_point, const struct spirv_to_nir_options *opts,
             struct arena *parent, char **error_out)
{
   static const struct spirv_to_nir_options defaults = {.env = SPIRV_ENV_VULKAN};
   if (!opts)
      opts = &defaults;
   if (error_out)
      *error_out = NULL;

   struct arena *arena = arena_create(NULL);
   struct stn_builder *volatile b = arena ? arena_new(arena, struct stn_builder) : NULL;
   if (!b) {
      arena_destroy(arena);
      if (error_out)
         *error_out = strdup("SPIR-V word 0: out of memory");
      return NULL;
   }
   jmp_buf jmp;
   stn_builder_init(b, arena, &jmp, opts);

   if (setjmp(jmp)) {
      if (error_out)
         *error_out = strdup(b->error);
      arena_destroy(arena);
      return NULL;
   }

   if ((unsigned)stage >= NIR_STAGE_COUNT)
      stn_fail_at(b, 0, "unknown shader stage %d", (int)stage);
   stn_front_run(b, words, word_count);
   stn_select_entry_point(b, model_for_stage(stage), entry_point);
   create_shader(b, stage);
   handle_globals(b);
   register_functions(b);

   struct stn_value *ep = stn_untyped_value(b, b->entry_point->func_id);
   b->cur_offset_w = b->entry_point->offset_w;
   b->cur_opcode = SpvOpEntryPoint;
   if (ep->kind != STN_VALUE_FUNCTION)
      stn_fail(b, "entry point %u is not a function", b->entry_point->func_id);
   stn_handle_execution_modes(b);
   apply_workgroup_size_builtin(b);
   stn_emit_entry_point(b, ep->func);
   finish_shader(b);

   /* Hand the shader over: it owns everything it points to. */
   nir_shader *shader = b->ir->shader;
   arena_reparent(shader->arena, parent);
   arena_destroy(arena);
   return shader;
}
