/* SPDX-License-Identifier: MIT */
/*
 * Recomputes the usage summary in nir_shader_info from the IR: which I/O
 * locations and builtins are read/written, discard/demote, barriers, memory
 * writes, active GS streams, clip/cull array sizes. Execution modes (what
 * spirv_to_nir fills in) are not touched.
 */
#include "nir/nir.h"

/* Per-vertex arrays of these stages index the vertex first. */
static bool
is_arrayed_io(const nir_shader *shader, const nir_variable *var)
{
   if (var->data.patch)
      return false;
   switch (shader->info.stage) {
   case NIR_STAGE_TESS_CTRL:
      return var->data.mode & (NIR_VAR_SHADER_IN | NIR_VAR_SHADER_OUT);
   case NIR_STAGE_TESS_EVAL:
   case NIR_STAGE_GEOMETRY:
      return var->data.mode & NIR_VAR_SHADER_IN;
   default:
      return false;
   }
}

static uint64_t
builtin_bit(nir_builtin builtin)
{
   return (builtin >= 0 && builtin < 64) ? BITFIELD64_BIT(builtin) : 0;
}

static uint64_t
builtins_of(const nir_variable *var)
{
   uint64_t bits = builtin_bit(var->data.builtin);
   const struct glsl_type *t = glsl_without_array(var->type);
   if (glsl_type_is_struct(t))
      for (unsigned i = 0; i < glsl_get_length(t); i++)
         bits |= builtin_bit(glsl_get_struct_field_data(t, i)->builtin);
   return bits;
}

static uint64_t
location_bits(nir_shader *shader, const nir_variable *var)
{
   if (var->data.builtin != NIR_BUILTIN_NONE || var->data.location < 0)
      return 0;
   const struct glsl_type *t = var->type;
   if (is_arrayed_io(shader, var) && glsl_type_is_array(t))
      t = glsl_get_array_element(t);
   const unsigned slots =
      glsl_count_attribute_slots(t, shader->info.stage == NIR_STAGE_VERTEX);
   uint64_t bits = 0;
   for (unsigned i = 0; i < slots && var->data.location + i < 64; i++)
      bits |= BITFIELD64_BIT(var->data.location + i);
   return bits;
}

static void
note_clip_cull(nir_shader *shader, const nir_variable *var)
{
   const struct glsl_type *t = var->type;
   if (is_arrayed_io(shader, var) && glsl_type_is_array(t))
      t = glsl_get_array_element(t);
   if (var->data.builtin == NIR_BUILTIN_CLIP_DISTANCE)
      shader->info.clip_distance_array_size = (uint8_t)glsl_get_length(t);
   else if (var->data.builtin == NIR_BUILTIN_CULL_DISTANCE)
      shader->info.cull_distance_array_size = (uint8_t)glsl_get_length(t);
   const struct glsl_type *s = glsl_without_array(t);
   if (glsl_type_is_struct(s)) {
      for (unsigned i = 0; i < glsl_get_length(s); i++) {
         const struct glsl_struct_field *f = glsl_get_struct_field_data(s, i);
         if (f->builtin == NIR_BUILTIN_CLIP_DISTANCE)
            shader->info.clip_distance_array_size = (uint8_t)glsl_get_length(f->type);
         else if (f->builtin == NIR_BUILTIN_CULL_DISTANCE)
            shader->info.cull_distance_array_size = (uint8_t)glsl_get_length(f->type);
      }
   }
}

static void
note_access(nir_shader *shader, nir_variable *var, bool read, bool write)
{
   nir_shader_info *info = &shader->info;
   const uint64_t loc = location_bits(shader, var);
   const uint64_t bi = builtins_of(var);
   switch (var->data.mode) {
   case NIR_VAR_SHADER_IN:
      if (var->data.patch)
         info->patch_inputs_read |= (uint32_t)loc;
      else
         info->inputs_read |= loc;
      info->builtins_read |= bi;
      break;
   case NIR_VAR_SHADER_OUT:
      if (var->data.patch) {
         if (write)
            info->patch_outputs_written |= (uint32_t)loc;
      } else {
         if (write)
            info->outputs_written |= loc;
         if (read)
            info->outputs_read |= loc;
      }
      if (write)
         info->builtins_written |= bi;
      if (read)
         info->builtins_read |= bi;
      break;
   case NIR_VAR_SYSTEM_VALUE:
      info->builtins_read |= bi;
      break;
   default:
      break;
   }
   if (write &&
       (var->data.mode & (NIR_VAR_MEM_SSBO | NIR_VAR_MEM_SHARED | NIR_VAR_UNIFORM)))
      info->writes_memory = true;
   note_clip_cull(shader, var);
}

static void
gather_intrinsic(nir_shader *shader, nir_intrinsic_instr *intr)
{
   nir_shader_info *info = &shader->info;
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF:
   case NIR_INTRINSIC_STORE_DEREF:
   case NIR_INTRINSIC_COPY_DEREF:
   case NIR_INTRINSIC_DEREF_ATOMIC:
   case NIR_INTRINSIC_DEREF_ATOMIC_SWAP:
   case NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID:
   case NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE:
   case NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET:
   case NIR_INTRINSIC_IMAGE_DEREF_STORE:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP: {
      const bool is_store = intr->intrinsic == NIR_INTRINSIC_STORE_DEREF ||
                            intr->intrinsic == NIR_INTRINSIC_IMAGE_DEREF_STORE;
      const bool is_atomic = intr->intrinsic == NIR_INTRINSIC_DEREF_ATOMIC ||
                             intr->intrinsic == NIR_INTRINSIC_DEREF_ATOMIC_SWAP ||
                             intr->intrinsic == NIR_INTRINSIC_IMAGE_DEREF_ATOMIC ||
                             intr->intrinsic == NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP;
      for (unsigned s = 0; s < (intr->intrinsic == NIR_INTRINSIC_COPY_DEREF ? 2u : 1u);
           s++) {
         nir_deref_instr *d = nir_src_as_deref(intr->src[s]);
         nir_variable *var = d ? nir_deref_instr_get_variable(d) : NULL;
         const bool write = is_store || is_atomic ||
                            (intr->intrinsic == NIR_INTRINSIC_COPY_DEREF && s == 0);
         if (var)
            note_access(shader, var, !write || is_atomic, write);
         else if (write && d && (d->modes & (NIR_VAR_MEM_SSBO | NIR_VAR_MEM_GLOBAL)))
            info->writes_memory = true;
      }
      break;
   }
   case NIR_INTRINSIC_DISCARD:
   case NIR_INTRINSIC_DISCARD_IF:
   case NIR_INTRINSIC_TERMINATE:
   case NIR_INTRINSIC_TERMINATE_IF:
      info->fs.uses_discard = true;
      break;
   case NIR_INTRINSIC_DEMOTE:
   case NIR_INTRINSIC_DEMOTE_IF:
      info->fs.uses_demote = true;
      break;
   case NIR_INTRINSIC_IS_HELPER_INVOCATION:
   case NIR_INTRINSIC_LOAD_HELPER_INVOCATION:
      info->fs.needs_helper_invocations = true;
      break;
   case NIR_INTRINSIC_LOAD_SAMPLE_ID:
   case NIR_INTRINSIC_LOAD_SAMPLE_POS:
      info->fs.uses_sample_shading = true;
      break;
   case NIR_INTRINSIC_BARRIER:
      if (nir_intrinsic_execution_scope(intr) != NIR_SCOPE_NONE)
         info->uses_control_barrier = true;
      break;
   case NIR_INTRINSIC_EMIT_VERTEX:
   case NIR_INTRINSIC_END_PRIMITIVE:
      if (nir_intrinsic_stream_id(intr) < 8)
         info->gs.active_stream_mask |= (uint8_t)(1u << nir_intrinsic_stream_id(intr));
      break;
   case NIR_INTRINSIC_STORE_SSBO:
   case NIR_INTRINSIC_SSBO_ATOMIC:
   case NIR_INTRINSIC_SSBO_ATOMIC_SWAP:
   case NIR_INTRINSIC_STORE_SHARED:
   case NIR_INTRINSIC_SHARED_ATOMIC:
   case NIR_INTRINSIC_SHARED_ATOMIC_SWAP:
   case NIR_INTRINSIC_STORE_GLOBAL:
   case NIR_INTRINSIC_GLOBAL_ATOMIC:
   case NIR_INTRINSIC_GLOBAL_ATOMIC_SWAP:
      info->writes_memory = true;
      break;
   default:
      break;
   }
}

void
nir_shader_gather_info(nir_shader *shader)
{
   nir_shader_info *info = &shader->info;
   info->inputs_read = info->outputs_written = info->outputs_read = 0;
   info->patch_inputs_read = info->patch_outputs_written = 0;
   info->builtins_read = info->builtins_written = 0;
   info->clip_distance_array_size = info->cull_distance_array_size = 0;
   info->uses_control_barrier = info->writes_memory = false;
   info->fs.uses_discard = info->fs.uses_demote = false;
   info->fs.needs_helper_invocations = info->fs.uses_sample_shading = false;
   info->gs.active_stream_mask = 0;

   nir_foreach_variable_in_shader(var, shader)
   {
      if (var->data.sample && var->data.mode == NIR_VAR_SHADER_IN)
         info->fs.uses_sample_shading = true;
   }
   nir_foreach_function_impl(impl, shader)
   {
      nir_foreach_block (block, impl) {
         nir_foreach_instr (instr, block) {
            if (instr->type == NIR_INSTR_TYPE_INTRINSIC)
               gather_intrinsic(shader, nir_instr_as_intrinsic(instr));
            else if (instr->type == NIR_INSTR_TYPE_ALU) {
               const nir_op op = nir_instr_as_alu(instr)->op;
               if (op == NIR_OP_FDDX || op == NIR_OP_FDDY || op == NIR_OP_FDDX_FINE ||
                   op == NIR_OP_FDDY_FINE || op == NIR_OP_FDDX_COARSE ||
                   op == NIR_OP_FDDY_COARSE)
                  info->fs.needs_helper_invocations = true;
            } else if (instr->type == NIR_INSTR_TYPE_TEX &&
                       nir_tex_instr_has_implicit_derivative(nir_instr_as_tex(instr))) {
               info->fs.needs_helper_invocations = true;
            }
         }
      }
   }
}
