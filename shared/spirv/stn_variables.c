/* SPDX-License-Identifier: MIT */
/*
 * OpVariable: IR variables with every decoration a round trip needs
 * (Location, Component, Index, Binding, DescriptorSet, BuiltIn,
 * interpolation, Invariant, Patch, XfbBuffer/XfbStride/Offset, Stream,
 * access qualifiers, initializers), and the environment's rules: Vulkan
 * wants located varyings and bound resources; the GL-flavoured mode takes
 * loose uniforms, unlocated varyings and compatibility built-ins known by
 * name.
 */
#include "stn_ir.h"

#include <string.h>

/* GL compatibility-profile built-ins glslang emits as ordinary variables
 * (no BuiltIn decoration), recognised by their OpName. */
static const char *const gl_compat_names[] = {
   "gl_Vertex",
   "gl_Normal",
   "gl_Color",
   "gl_SecondaryColor",
   "gl_FogCoord",
   "gl_MultiTexCoord0",
   "gl_MultiTexCoord1",
   "gl_MultiTexCoord2",
   "gl_MultiTexCoord3",
   "gl_MultiTexCoord4",
   "gl_MultiTexCoord5",
   "gl_MultiTexCoord6",
   "gl_MultiTexCoord7",
   "gl_FrontColor",
   "gl_BackColor",
   "gl_FrontSecondaryColor",
   "gl_BackSecondaryColor",
   "gl_TexCoord",
   "gl_FogFragCoord",
   "gl_ClipVertex",
   "gl_FragColor",
   "gl_FragData",
   "gl_SecondaryFragColorEXT",
   "gl_SecondaryFragDataEXT",
   "gl_ModelViewMatrix",
   "gl_ProjectionMatrix",
   "gl_ModelViewProjectionMatrix",
   "gl_TextureMatrix",
   "gl_NormalMatrix",
   "gl_ModelViewMatrixInverse",
   "gl_ProjectionMatrixInverse",
   "gl_ModelViewProjectionMatrixInverse",
   "gl_TextureMatrixInverse",
   "gl_ModelViewMatrixTranspose",
   "gl_ProjectionMatrixTranspose",
   "gl_ModelViewProjectionMatrixTranspose",
   "gl_TextureMatrixTranspose",
   "gl_ModelViewMatrixInverseTranspose",
   "gl_ProjectionMatrixInverseTranspose",
   "gl_ModelViewProjectionMatrixInverseTranspose",
   "gl_TextureMatrixInverseTranspose",
   "gl_NormalScale",
   "gl_DepthRange",
   "gl_ClipPlane",
   "gl_Point",
   "gl_FrontMaterial",
   "gl_BackMaterial",
   "gl_LightSource",
   "gl_LightModel",
   "gl_FrontLightModelProduct",
   "gl_BackLightModelProduct",
   "gl_FrontLightProduct",
   "gl_BackLightProduct",
   "gl_TextureEnvColor",
   "gl_EyePlaneS",
   "gl_EyePlaneT",
   "gl_EyePlaneR",
   "gl_EyePlaneQ",
   "gl_ObjectPlaneS",
   "gl_ObjectPlaneT",
   "gl_ObjectPlaneR",
   "gl_ObjectPlaneQ",
   "gl_Fog",
   "gl_in",
   "gl_out",
   "gl_PerVertex",
};

bool
stn_gl_compat_name(const char *name)
{
   if (!name)
      return false;
   for (unsigned i = 0; i < ARRAY_SIZE(gl_compat_names); i++) {
      if (strcmp(name, gl_compat_names[i]) == 0)
         return true;
   }
   return false;
}

static bool
in_interface(const struct stn_builder *b, uint32_t id)
{
   const struct stn_entry_point *ep = b->entry_point;
   for (uint32_t i = 0; i < ep->num_interface; i++) {
      if (ep->interface[i] == id)
         return true;
   }
   return false;
}

/* The struct at the bottom of arrays, or NULL. */
static const struct stn_type *
block_struct(const struct stn_type *t)
{
   while (t->base == STN_BASE_ARRAY || t->base == STN_BASE_RUNTIME_ARRAY)
      t = t->element;
   return t->base == STN_BASE_STRUCT ? t : NULL;
}

static bool
contains_opaque(const struct stn_type *t)
{
   while (t->base == STN_BASE_ARRAY || t->base == STN_BASE_RUNTIME_ARRAY)
      t = t->element;
   return stn_type_is_opaque(t);
}

static nir_variable_mode
variable_mode(struct stn_builder *b, SpvStorageClass sc, const struct stn_type *pointee,
              nir_builtin builtin)
{
   const struct stn_type *blk = block_struct(pointee);
   switch (sc) {
   case SpvStorageClassInput:
      if (builtin != NIR_BUILTIN_NONE &&
          nir_intrinsic_from_system_value(builtin) != NIR_NUM_INTRINSICS)
         return NIR_VAR_SYSTEM_VALUE;
      return NIR_VAR_SHADER_IN;
   case SpvStorageClassOutput:
      return NIR_VAR_SHADER_OUT;
   case SpvStorageClassUniform:
      if (blk && blk->buffer_block)
         return NIR_VAR_MEM_SSBO;
      if (blk && blk->block)
         return NIR_VAR_MEM_UBO;
      stn_fail(b, "a Uniform variable must be a Block or BufferBlock struct");
   case SpvStorageClassStorageBuffer:
      if (!blk || !blk->block)
         stn_fail(b, "a StorageBuffer variable must be a Block struct");
      return NIR_VAR_MEM_SSBO;
   case SpvStorageClassUniformConstant:
      if (!contains_opaque(pointee) && b->env != SPIRV_ENV_OPENGL_GL_FLAVOURED)
         stn_fail(b, "a UniformConstant variable of a non-opaque type (a loose uniform) is "
                     "only accepted in GL-flavoured SPIR-V");
      return NIR_VAR_UNIFORM;
   case SpvStorageClassAtomicCounter:
      if (b->env != SPIRV_ENV_OPENGL_GL_FLAVOURED)
         stn_fail(b, "AtomicCounter variables are only accepted in GL-flavoured SPIR-V");
      return NIR_VAR_UNIFORM;
   case SpvStorageClassPushConstant:
      if (!blk || !blk->block)
         stn_fail(b, "a PushConstant variable must be a Block struct");
      return NIR_VAR_MEM_PUSH_CONST;
   case SpvStorageClassWorkgroup:
      return NIR_VAR_MEM_SHARED;
   case SpvStorageClassPrivate:
      return NIR_VAR_SHADER_TEMP;
   case SpvStorageClassFunction:
      return NIR_VAR_FUNCTION_TEMP;
   default:
      stn_fail(b, "storage class %s is not supported for variables",
               spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, sc));
   }
}

static void
apply_decoration(struct stn_builder *b, nir_variable *var, const struct stn_decoration *d,
                 SpvStorageClass sc)
{
   struct nir_variable_data *data = &var->data;
   switch (d->decoration) {
   case SpvDecorationLocation:
      data->location = (int)stn_decoration_literal(b, d, 0);
      data->explicit_location = true;
      break;
   case SpvDecorationComponent:
      data->component = stn_decoration_literal(b, d, 0);
      if (data->component > 3)
         stn_fail_at(b, d->offset_w, "Component %u (0 to 3 are)", data->component);
      data->explicit_component = true;
      break;
   case SpvDecorationIndex:
      data->index = stn_decoration_literal(b, d, 0);
      data->explicit_index = true;
      break;
   case SpvDecorationBinding:
      data->binding = stn_decoration_literal(b, d, 0);
      data->explicit_binding = true;
      break;
   case SpvDecorationDescriptorSet:
      data->descriptor_set = stn_decoration_literal(b, d, 0);
      data->explicit_descriptor_set = true;
      break;
   case SpvDecorationOffset:
      /* On an output: its transform-feedback offset; on an atomic counter:
       * its offset in the buffer. */
      if (sc == SpvStorageClassAtomicCounter) {
         data->offset_B = stn_decoration_literal(b, d, 0);
         data->explicit_offset = true;
      } else {
         data->xfb_offset_B = stn_decoration_literal(b, d, 0);
         data->explicit_xfb_offset = true;
      }
      break;
   case SpvDecorationXfbBuffer:
      data->xfb_buffer = stn_decoration_literal(b, d, 0);
      data->explicit_xfb_buffer = true;
      break;
   case SpvDecorationXfbStride:
      data->xfb_stride_B = stn_decoration_literal(b, d, 0);
      data->explicit_xfb_stride = true;
      break;
   case SpvDecorationStream:
      data->stream = stn_decoration_literal(b, d, 0);
      data->explicit_stream = true;
      break;
   case SpvDecorationBuiltIn:
      break; /* read before the variable is created */
   case SpvDecorationFlat:
      data->interpolation = GLSL_INTERP_MODE_FLAT;
      break;
   case SpvDecorationNoPerspective:
      data->interpolation = GLSL_INTERP_MODE_NOPERSPECTIVE;
      break;
   case SpvDecorationCentroid:
      data->centroid = true;
      break;
   case SpvDecorationSample:
      data->sample = true;
      break;
   case SpvDecorationPatch:
      data->patch = true;
      break;
   case SpvDecorationInvariant:
      data->invariant = true;
      break;
   case SpvDecorationNoContraction:
      data->precise = true;
      break;
   case SpvDecorationNonWritable:
      data->access |= NIR_ACCESS_NON_WRITEABLE;
      break;
   case SpvDecorationNonReadable:
      data->access |= NIR_ACCESS_NON_READABLE;
      break;
   case SpvDecorationCoherent:
      data->access |= NIR_ACCESS_COHERENT;
      break;
   case SpvDecorationVolatile:
      data->access |= NIR_ACCESS_VOLATILE;
      break;
   case SpvDecorationRestrict:
      data->access |= NIR_ACCESS_RESTRICT;
      break;
   case SpvDecorationInputAttachmentIndex:
      data->input_attachment_index = stn_decoration_literal(b, d, 0);
      data->explicit_input_attachment_index = true;
      break;
   default:
      /* RelaxedPrecision, Aliased, UserSemantic, ...: nothing the IR keeps. */
      break;
   }
}

/* Every member of an interface block carries a Location, or the block is
 * made of built-ins. */
static bool
block_members_located(const struct stn_type *blk)
{
   if (blk->has_builtin_members)
      return true;
   for (uint32_t i = 0; i < blk->num_members; i++) {
      if (!stn_find_decoration(blk->val, (int32_t)i, SpvDecorationLocation))
         return false;
   }
   return blk->num_members > 0;
}

static void
check_environment(struct stn_builder *b, struct stn_value *val, nir_variable *var,
                  const struct stn_type *pointee, SpvStorageClass sc)
{
   if (b->env != SPIRV_ENV_VULKAN)
      return;
   const nir_variable_mode mode = var->data.mode;
   if ((mode & (NIR_VAR_SHADER_IN | NIR_VAR_SHADER_OUT)) &&
       var->data.builtin == NIR_BUILTIN_NONE && !var->data.explicit_location) {
      const struct stn_type *blk = block_struct(pointee);
      if (!blk || !block_members_located(blk))
         stn_fail(b, "%s variable %s has no Location",
                  spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, sc),
                  var->name ? var->name : "(unnamed)");
   }
   if ((mode & (NIR_VAR_MEM_UBO | NIR_VAR_MEM_SSBO | NIR_VAR_UNIFORM)) &&
       (!var->data.explicit_binding || !var->data.explicit_descriptor_set))
      stn_fail(b, "resource %s needs DescriptorSet and Binding",
               var->name ? var->name : "(unnamed)");
}

void
stn_handle_variable(struct stn_builder *b, const struct stn_inst *inst)
{
   struct stn_type *ptr_type = stn_result_type(b, inst);
   const uint32_t id = inst->w[2];
   const SpvStorageClass sc = (SpvStorageClass)inst->w[3];
   if (ptr_type->base != STN_BASE_POINTER)
      stn_fail(b, "OpVariable result type must be a pointer, not a %s",
               stn_type_describe(ptr_type));
   if (ptr_type->storage_class != sc)
      stn_fail(b, "OpVariable storage class differs from its pointer type's");
   struct stn_value *val = stn_push_value(b, id, STN_VALUE_VARIABLE);
   struct stn_type *pointee = stn_type_pointee(b, ptr_type, "OpVariable's type");

   struct stn_pointer *ptr = stn_new(b, struct stn_pointer);
   ptr->type = ptr_type;
   ptr->pointee = pointee;
   val->pointer = ptr;

   const bool is_function = sc == SpvStorageClassFunction;
   if (is_function != (b->ir->frame != NULL))
      stn_fail(b, is_function ? "a Function variable outside a function"
                              : "a global variable inside a function");

   /* Inputs and outputs of other entry points are not this shader's. */
   if ((sc == SpvStorageClassInput || sc == SpvStorageClassOutput) &&
       !in_interface(b, id)) {
      return; /* ptr->var stays NULL; a use is an error */
   }

   if (pointee->base == STN_BASE_RUNTIME_ARRAY && sc != SpvStorageClassStorageBuffer &&
       sc != SpvStorageClassUniform && sc != SpvStorageClassUniformConstant)
      stn_fail(b, "a runtime array in %s storage",
               spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, sc));

   const struct stn_decoration *bi = stn_find_decoration(val, -1, SpvDecorationBuiltIn);
   const nir_builtin builtin =
      bi ? (nir_builtin)stn_decoration_literal(b, bi, 0) : NIR_BUILTIN_NONE;
   const nir_variable_mode mode = variable_mode(b, sc, pointee, builtin);
   const struct glsl_type *type = stn_type_glsl(b, pointee, sc);

   nir_variable *var;
   if (is_function)
      var = nir_local_variable_create(b->ir->impl, type, val->name);
   else
      var = nir_variable_create(b->ir->shader, mode, type, val->name);
   if (!var)
      stn_fail(b, "out of memory");
   ptr->var = var;
   var->data.builtin = builtin;
   var->data.atomic_counter = sc == SpvStorageClassAtomicCounter;

   for (const struct stn_decoration *d = val->decorations; d; d = d->next) {
      if (d->member < 0)
         apply_decoration(b, var, d, sc);
   }
   ptr->access = var->data.access;
   check_environment(b, val, var, pointee, sc);

   if (inst->count > 4) {
      /* The initializer: a constant (or, for Private/Function, a global
       * variable's pointer, which SPIR-V 1.4 allows; not supported). */
      struct stn_value *init = stn_untyped_value(b, inst->w[4]);
      if (init->kind != STN_VALUE_CONSTANT)
         stn_fail(b, "variable initializer %u must be a constant", inst->w[4]);
      if (init->constant->type->glsl != pointee->glsl)
         stn_fail(b, "variable initializer type differs from the variable's");
      if (mode & (NIR_VAR_SHADER_IN | NIR_VAR_SYSTEM_VALUE | NIR_VAR_MEM_UBO |
                  NIR_VAR_MEM_SSBO | NIR_VAR_MEM_PUSH_CONST))
         stn_fail(b, "%s variables cannot have initializers",
                  spirv_enum_name(SPIRV_OPERAND_STORAGE_CLASS, sc));
      /* Vulkan 1.3, VUID-StandaloneSpirv-OpVariable-04734: "Any OpVariable
       * with an Initializer operand and Workgroup as its Storage Class
       * operand must use OpConstantNull as the initializer" (drivers zero
       * the variable when a workgroup starts). */
      if (sc == SpvStorageClassWorkgroup && init->def_opcode != SpvOpConstantNull)
         stn_fail(b, "a Workgroup variable's initializer %u must be an OpConstantNull",
                  inst->w[4]);
      if (is_function && !b->ir->frame->is_entry) {
         /* An inlined callee's variable starts afresh at every call. */
         stn_store(b, ptr, stn_constant_ssa(b, init->constant), NIR_ACCESS_NONE);
      } else {
         var->constant_initializer = stn_constant_nir(b, init->constant);
      }
   }
}
