/* SPDX-License-Identifier: MIT */
/* Variables and their decorations, built-ins (declared ones and those made
 * for system-value intrinsics), the entry point's execution modes. */
#include "ntv/ntv_private.h"

#include "util/arena.h"
#include "util/hash_table.h"

/* ---- built-ins ------------------------------------------------------------------- */

static void
layer_or_viewport_capability(struct ntv_context *ctx, SpvCapability core)
{
   if (ntv_version_at_least(ctx, 1, 5)) {
      spvb_capability(&ctx->b, core);
   } else {
      spvb_capability(&ctx->b, SpvCapabilityShaderViewportIndexLayerEXT);
      spvb_extension(&ctx->b, "SPV_EXT_shader_viewport_index_layer");
   }
}

void
ntv_builtin_capabilities(struct ntv_context *ctx, nir_builtin builtin)
{
   const nir_shader_stage stage = ctx->shader->info.stage;
   const bool pre_raster_vs = stage == NIR_STAGE_VERTEX || stage == NIR_STAGE_TESS_EVAL;
   struct spvb_builder *b = &ctx->b;
   switch (builtin) {
   case NIR_BUILTIN_LAYER:
      if (stage == NIR_STAGE_FRAGMENT)
         spvb_capability(b, SpvCapabilityGeometry);
      else if (pre_raster_vs)
         layer_or_viewport_capability(ctx, SpvCapabilityShaderLayer);
      break;
   case NIR_BUILTIN_VIEWPORT_INDEX:
      spvb_capability(b, SpvCapabilityMultiViewport);
      if (pre_raster_vs)
         layer_or_viewport_capability(ctx, SpvCapabilityShaderViewportIndex);
      break;
   case NIR_BUILTIN_PRIMITIVE_ID:
      if (stage == NIR_STAGE_FRAGMENT)
         spvb_capability(b, SpvCapabilityGeometry);
      break;
   case NIR_BUILTIN_BASE_VERTEX:
   case NIR_BUILTIN_BASE_INSTANCE:
   case NIR_BUILTIN_DRAW_INDEX:
      ntv_capability_ext(ctx, SpvCapabilityDrawParameters, "SPV_KHR_shader_draw_parameters",
                         SPVB_VERSION(1, 3));
      break;
   case NIR_BUILTIN_VIEW_INDEX:
      ntv_capability_ext(ctx, SpvCapabilityMultiView, "SPV_KHR_multiview",
                         SPVB_VERSION(1, 3));
      break;
   case NIR_BUILTIN_DEVICE_INDEX:
      ntv_capability_ext(ctx, SpvCapabilityDeviceGroup, "SPV_KHR_device_group",
                         SPVB_VERSION(1, 3));
      break;
   case NIR_BUILTIN_SUBGROUP_SIZE:
   case NIR_BUILTIN_SUBGROUP_LOCAL_INVOCATION_ID:
   case NIR_BUILTIN_NUM_SUBGROUPS:
   case NIR_BUILTIN_SUBGROUP_ID:
      spvb_capability(b, SpvCapabilityGroupNonUniform);
      break;
   case NIR_BUILTIN_SUBGROUP_EQ_MASK:
   case NIR_BUILTIN_SUBGROUP_GE_MASK:
   case NIR_BUILTIN_SUBGROUP_GT_MASK:
   case NIR_BUILTIN_SUBGROUP_LE_MASK:
   case NIR_BUILTIN_SUBGROUP_LT_MASK:
      spvb_capability(b, SpvCapabilityGroupNonUniformBallot);
      break;
   case NIR_BUILTIN_FRAG_STENCIL_REF_EXT:
      spvb_capability(b, SpvCapabilityStencilExportEXT);
      spvb_extension(b, "SPV_EXT_shader_stencil_export");
      break;
   case NIR_BUILTIN_FRAG_SIZE_EXT:
   case NIR_BUILTIN_FRAG_INVOCATION_COUNT_EXT:
      spvb_capability(b, SpvCapabilityFragmentDensityEXT);
      spvb_extension(b, "SPV_EXT_fragment_invocation_density");
      break;
   case NIR_BUILTIN_SHADING_RATE_KHR:
   case NIR_BUILTIN_PRIMITIVE_SHADING_RATE_KHR:
      spvb_capability(b, SpvCapabilityFragmentShadingRateKHR);
      spvb_extension(b, "SPV_KHR_fragment_shading_rate");
      break;
   case NIR_BUILTIN_FULLY_COVERED_EXT:
      spvb_capability(b, SpvCapabilityFragmentFullyCoveredEXT);
      spvb_extension(b, "SPV_EXT_fragment_fully_covered");
      break;
   case NIR_BUILTIN_BARY_COORD_KHR:
   case NIR_BUILTIN_BARY_COORD_NO_PERSP_KHR:
      spvb_capability(b, SpvCapabilityFragmentBarycentricKHR);
      spvb_extension(b, "SPV_KHR_fragment_shader_barycentric");
      break;
   default:
      break;
   }
}

/* The shape glslang gives each built-in input, which is what Vulkan's
 * built-in variable rules accept (Vulkan 1.3 section 15.9). */
struct builtin_shape {
   nir_builtin builtin;
   enum glsl_base_type base;
   uint8_t components;
   uint8_t array_length; /* 0: not an array */
   const char *name;
};

static const struct builtin_shape builtin_shapes[] = {
   {NIR_BUILTIN_FRAG_COORD, GLSL_TYPE_FLOAT, 4, 0, "gl_FragCoord"},
   {NIR_BUILTIN_FRONT_FACING, GLSL_TYPE_BOOL, 1, 0, "gl_FrontFacing"},
   {NIR_BUILTIN_SAMPLE_ID, GLSL_TYPE_INT, 1, 0, "gl_SampleID"},
   {NIR_BUILTIN_SAMPLE_POSITION, GLSL_TYPE_FLOAT, 2, 0, "gl_SamplePosition"},
   {NIR_BUILTIN_SAMPLE_MASK, GLSL_TYPE_INT, 1, 1, "gl_SampleMaskIn"},
   {NIR_BUILTIN_POINT_COORD, GLSL_TYPE_FLOAT, 2, 0, "gl_PointCoord"},
   {NIR_BUILTIN_HELPER_INVOCATION, GLSL_TYPE_BOOL, 1, 0, "gl_HelperInvocation"},
   {NIR_BUILTIN_VERTEX_INDEX, GLSL_TYPE_INT, 1, 0, "gl_VertexIndex"},
   {NIR_BUILTIN_INSTANCE_INDEX, GLSL_TYPE_INT, 1, 0, "gl_InstanceIndex"},
   {NIR_BUILTIN_BASE_VERTEX, GLSL_TYPE_INT, 1, 0, "gl_BaseVertex"},
   {NIR_BUILTIN_BASE_INSTANCE, GLSL_TYPE_INT, 1, 0, "gl_BaseInstance"},
   {NIR_BUILTIN_DRAW_INDEX, GLSL_TYPE_INT, 1, 0, "gl_DrawID"},
   {NIR_BUILTIN_PRIMITIVE_ID, GLSL_TYPE_INT, 1, 0, "gl_PrimitiveID"},
   {NIR_BUILTIN_INVOCATION_ID, GLSL_TYPE_INT, 1, 0, "gl_InvocationID"},
   {NIR_BUILTIN_TESS_COORD, GLSL_TYPE_FLOAT, 3, 0, "gl_TessCoord"},
   {NIR_BUILTIN_TESS_LEVEL_OUTER, GLSL_TYPE_FLOAT, 1, 4, "gl_TessLevelOuter"},
   {NIR_BUILTIN_TESS_LEVEL_INNER, GLSL_TYPE_FLOAT, 1, 2, "gl_TessLevelInner"},
   {NIR_BUILTIN_PATCH_VERTICES, GLSL_TYPE_INT, 1, 0, "gl_PatchVerticesIn"},
   {NIR_BUILTIN_LAYER, GLSL_TYPE_INT, 1, 0, "gl_Layer"},
   {NIR_BUILTIN_VIEW_INDEX, GLSL_TYPE_INT, 1, 0, "gl_ViewIndex"},
   {NIR_BUILTIN_LOCAL_INVOCATION_ID, GLSL_TYPE_UINT, 3, 0, "gl_LocalInvocationID"},
   {NIR_BUILTIN_LOCAL_INVOCATION_INDEX, GLSL_TYPE_UINT, 1, 0, "gl_LocalInvocationIndex"},
   {NIR_BUILTIN_WORKGROUP_ID, GLSL_TYPE_UINT, 3, 0, "gl_WorkGroupID"},
   {NIR_BUILTIN_NUM_WORKGROUPS, GLSL_TYPE_UINT, 3, 0, "gl_NumWorkGroups"},
   {NIR_BUILTIN_GLOBAL_INVOCATION_ID, GLSL_TYPE_UINT, 3, 0, "gl_GlobalInvocationID"},
   {NIR_BUILTIN_SUBGROUP_SIZE, GLSL_TYPE_UINT, 1, 0, "gl_SubgroupSize"},
   {NIR_BUILTIN_SUBGROUP_LOCAL_INVOCATION_ID, GLSL_TYPE_UINT, 1, 0,
    "gl_SubgroupInvocationID"},
   {NIR_BUILTIN_NUM_SUBGROUPS, GLSL_TYPE_UINT, 1, 0, "gl_NumSubgroups"},
   {NIR_BUILTIN_SUBGROUP_ID, GLSL_TYPE_UINT, 1, 0, "gl_SubgroupID"},
   {NIR_BUILTIN_SUBGROUP_EQ_MASK, GLSL_TYPE_UINT, 4, 0, "gl_SubgroupEqMask"},
   {NIR_BUILTIN_SUBGROUP_GE_MASK, GLSL_TYPE_UINT, 4, 0, "gl_SubgroupGeMask"},
   {NIR_BUILTIN_SUBGROUP_GT_MASK, GLSL_TYPE_UINT, 4, 0, "gl_SubgroupGtMask"},
   {NIR_BUILTIN_SUBGROUP_LE_MASK, GLSL_TYPE_UINT, 4, 0, "gl_SubgroupLeMask"},
   {NIR_BUILTIN_SUBGROUP_LT_MASK, GLSL_TYPE_UINT, 4, 0, "gl_SubgroupLtMask"},
   {NIR_BUILTIN_DEVICE_INDEX, GLSL_TYPE_INT, 1, 0, "gl_DeviceIndex"},
   {NIR_BUILTIN_FRAG_SIZE_EXT, GLSL_TYPE_INT, 2, 0, "gl_FragSizeEXT"},
   {NIR_BUILTIN_SHADING_RATE_KHR, GLSL_TYPE_INT, 1, 0, "gl_ShadingRateEXT"},
};

static const struct builtin_shape *
builtin_shape(nir_builtin builtin)
{
   for (unsigned i = 0; i < ARRAY_SIZE(builtin_shapes); i++) {
      if (builtin_shapes[i].builtin == builtin)
         return &builtin_shapes[i];
   }
   return NULL;
}

static const struct glsl_type *
builtin_shape_type(const struct builtin_shape *s)
{
   const struct glsl_type *t = glsl_vector_type(s->base, s->components);
   return s->array_length ? glsl_array_type(t, s->array_length, 0) : t;
}

/* How each system-value intrinsic reads its built-in(s). */
enum sysval_how {
   SYSVAL_LOAD,         /* the variable's value (array elements gathered) */
   SYSVAL_MINUS_SECOND, /* first - second: IR ids without a base */
   SYSVAL_CONSTANT,     /* workgroup size from the execution mode */
};

struct sysval_desc {
   nir_intrinsic_op op;
   enum sysval_how how;
   nir_builtin builtin, second;
};

static const struct sysval_desc sysval_descs[] = {
   {NIR_INTRINSIC_LOAD_FRAG_COORD, SYSVAL_LOAD, NIR_BUILTIN_FRAG_COORD},
   {NIR_INTRINSIC_LOAD_FRONT_FACE, SYSVAL_LOAD, NIR_BUILTIN_FRONT_FACING},
   {NIR_INTRINSIC_LOAD_SAMPLE_ID, SYSVAL_LOAD, NIR_BUILTIN_SAMPLE_ID},
   {NIR_INTRINSIC_LOAD_SAMPLE_POS, SYSVAL_LOAD, NIR_BUILTIN_SAMPLE_POSITION},
   {NIR_INTRINSIC_LOAD_SAMPLE_MASK_IN, SYSVAL_LOAD, NIR_BUILTIN_SAMPLE_MASK},
   {NIR_INTRINSIC_LOAD_POINT_COORD, SYSVAL_LOAD, NIR_BUILTIN_POINT_COORD},
   {NIR_INTRINSIC_LOAD_HELPER_INVOCATION, SYSVAL_LOAD, NIR_BUILTIN_HELPER_INVOCATION},
   {NIR_INTRINSIC_LOAD_VERTEX_ID, SYSVAL_LOAD, NIR_BUILTIN_VERTEX_INDEX},
   {NIR_INTRINSIC_LOAD_VERTEX_ID_ZERO_BASE, SYSVAL_MINUS_SECOND, NIR_BUILTIN_VERTEX_INDEX,
    NIR_BUILTIN_BASE_VERTEX},
   {NIR_INTRINSIC_LOAD_INSTANCE_ID, SYSVAL_MINUS_SECOND, NIR_BUILTIN_INSTANCE_INDEX,
    NIR_BUILTIN_BASE_INSTANCE},
   {NIR_INTRINSIC_LOAD_BASE_VERTEX, SYSVAL_LOAD, NIR_BUILTIN_BASE_VERTEX},
   {NIR_INTRINSIC_LOAD_BASE_INSTANCE, SYSVAL_LOAD, NIR_BUILTIN_BASE_INSTANCE},
   {NIR_INTRINSIC_LOAD_DRAW_ID, SYSVAL_LOAD, NIR_BUILTIN_DRAW_INDEX},
   {NIR_INTRINSIC_LOAD_PRIMITIVE_ID, SYSVAL_LOAD, NIR_BUILTIN_PRIMITIVE_ID},
   {NIR_INTRINSIC_LOAD_INVOCATION_ID, SYSVAL_LOAD, NIR_BUILTIN_INVOCATION_ID},
   {NIR_INTRINSIC_LOAD_TESS_COORD, SYSVAL_LOAD, NIR_BUILTIN_TESS_COORD},
   {NIR_INTRINSIC_LOAD_TESS_LEVEL_OUTER, SYSVAL_LOAD, NIR_BUILTIN_TESS_LEVEL_OUTER},
   {NIR_INTRINSIC_LOAD_TESS_LEVEL_INNER, SYSVAL_LOAD, NIR_BUILTIN_TESS_LEVEL_INNER},
   {NIR_INTRINSIC_LOAD_PATCH_VERTICES_IN, SYSVAL_LOAD, NIR_BUILTIN_PATCH_VERTICES},
   {NIR_INTRINSIC_LOAD_LAYER_ID, SYSVAL_LOAD, NIR_BUILTIN_LAYER},
   {NIR_INTRINSIC_LOAD_VIEW_INDEX, SYSVAL_LOAD, NIR_BUILTIN_VIEW_INDEX},
   {NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_ID, SYSVAL_LOAD, NIR_BUILTIN_LOCAL_INVOCATION_ID},
   {NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_INDEX, SYSVAL_LOAD,
    NIR_BUILTIN_LOCAL_INVOCATION_INDEX},
   {NIR_INTRINSIC_LOAD_WORKGROUP_ID, SYSVAL_LOAD, NIR_BUILTIN_WORKGROUP_ID},
   {NIR_INTRINSIC_LOAD_NUM_WORKGROUPS, SYSVAL_LOAD, NIR_BUILTIN_NUM_WORKGROUPS},
   {NIR_INTRINSIC_LOAD_GLOBAL_INVOCATION_ID, SYSVAL_LOAD, NIR_BUILTIN_GLOBAL_INVOCATION_ID},
   {NIR_INTRINSIC_LOAD_WORKGROUP_SIZE, SYSVAL_CONSTANT, NIR_BUILTIN_NONE},
   {NIR_INTRINSIC_LOAD_SUBGROUP_SIZE, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_SIZE},
   {NIR_INTRINSIC_LOAD_SUBGROUP_INVOCATION, SYSVAL_LOAD,
    NIR_BUILTIN_SUBGROUP_LOCAL_INVOCATION_ID},
   {NIR_INTRINSIC_LOAD_NUM_SUBGROUPS, SYSVAL_LOAD, NIR_BUILTIN_NUM_SUBGROUPS},
   {NIR_INTRINSIC_LOAD_SUBGROUP_ID, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_ID},
   {NIR_INTRINSIC_LOAD_SUBGROUP_EQ_MASK, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_EQ_MASK},
   {NIR_INTRINSIC_LOAD_SUBGROUP_GE_MASK, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_GE_MASK},
   {NIR_INTRINSIC_LOAD_SUBGROUP_GT_MASK, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_GT_MASK},
   {NIR_INTRINSIC_LOAD_SUBGROUP_LE_MASK, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_LE_MASK},
   {NIR_INTRINSIC_LOAD_SUBGROUP_LT_MASK, SYSVAL_LOAD, NIR_BUILTIN_SUBGROUP_LT_MASK},
   {NIR_INTRINSIC_LOAD_DEVICE_INDEX, SYSVAL_LOAD, NIR_BUILTIN_DEVICE_INDEX},
   {NIR_INTRINSIC_LOAD_FRAG_SIZE, SYSVAL_LOAD, NIR_BUILTIN_FRAG_SIZE_EXT},
   {NIR_INTRINSIC_LOAD_FRAG_SHADING_RATE, SYSVAL_LOAD, NIR_BUILTIN_SHADING_RATE_KHR},
};

static const struct sysval_desc *
sysval_desc(nir_intrinsic_op op)
{
   for (unsigned i = 0; i < ARRAY_SIZE(sysval_descs); i++) {
      if (sysval_descs[i].op == op)
         return &sysval_descs[i];
   }
   return NULL;
}

const struct glsl_type *
ntv_sysval_type(nir_intrinsic_op op)
{
   const struct sysval_desc *d = sysval_desc(op);
   if (!d)
      return NULL;
   if (d->how == SYSVAL_CONSTANT)
      return glsl_vector_type(GLSL_TYPE_UINT, 3);
   const struct builtin_shape *s = builtin_shape(d->builtin);
   return s ? builtin_shape_type(s) : NULL;
}

/* A declared Input variable carrying the built-in, if the shader has one. */
static nir_variable *
declared_builtin_input(struct ntv_context *ctx, nir_builtin builtin)
{
   nir_foreach_variable_with_modes(var, ctx->shader,
                                   NIR_VAR_SHADER_IN | NIR_VAR_SYSTEM_VALUE) {
      if (var->data.builtin == builtin)
         return var;
   }
   return NULL;
}

static SpvId
find_sysval_var(struct ntv_context *ctx, nir_builtin builtin)
{
   dynarray_foreach(&ctx->sysval_vars, struct ntv_sysval_var, sv) {
      if (sv->builtin == builtin)
         return sv->id;
   }
   return 0;
}

/* ---- variables ------------------------------------------------------------------- */

static void
add_interface(struct ntv_context *ctx, SpvId id, SpvStorageClass sc)
{
   /* SPIR-V 1.4 widened the interface to every global the entry point
    * uses (SPIR-V 1.6 section 3.56, OpEntryPoint). */
   if (sc == SpvStorageClassInput || sc == SpvStorageClassOutput ||
       ntv_version_at_least(ctx, 1, 4)) {
      if (!dynarray_append(&ctx->interface, SpvId, id))
         ntv_fail(ctx, "out of memory");
   }
}

static void
decorate_u32(struct ntv_context *ctx, SpvId id, SpvDecoration deco, uint32_t value)
{
   spvb_decorate(&ctx->b, id, deco, &value, 1);
}

static void
decorate_variable(struct ntv_context *ctx, SpvId id, const nir_variable *var)
{
   const struct nir_variable_data *d = &var->data;
   struct spvb_builder *b = &ctx->b;
   if (d->builtin != NIR_BUILTIN_NONE) {
      decorate_u32(ctx, id, SpvDecorationBuiltIn, (uint32_t)d->builtin);
      ntv_builtin_capabilities(ctx, d->builtin);
   }
   if (d->explicit_location)
      decorate_u32(ctx, id, SpvDecorationLocation, (uint32_t)d->location);
   if (d->explicit_component)
      decorate_u32(ctx, id, SpvDecorationComponent, d->component);
   if (d->explicit_index)
      decorate_u32(ctx, id, SpvDecorationIndex, d->index);
   if (d->explicit_descriptor_set)
      decorate_u32(ctx, id, SpvDecorationDescriptorSet, d->descriptor_set);
   if (d->explicit_binding)
      decorate_u32(ctx, id, SpvDecorationBinding, d->binding);
   if (d->explicit_input_attachment_index)
      decorate_u32(ctx, id, SpvDecorationInputAttachmentIndex, d->input_attachment_index);
   if (d->interpolation == GLSL_INTERP_MODE_FLAT)
      spvb_decorate(b, id, SpvDecorationFlat, NULL, 0);
   else if (d->interpolation == GLSL_INTERP_MODE_NOPERSPECTIVE)
      spvb_decorate(b, id, SpvDecorationNoPerspective, NULL, 0);
   if (d->centroid)
      spvb_decorate(b, id, SpvDecorationCentroid, NULL, 0);
   if (d->sample)
      spvb_decorate(b, id, SpvDecorationSample, NULL, 0);
   if (d->patch)
      spvb_decorate(b, id, SpvDecorationPatch, NULL, 0);
   if (d->invariant)
      spvb_decorate(b, id, SpvDecorationInvariant, NULL, 0);
   static const struct {
      enum nir_access bit;
      SpvDecoration deco;
   } access[] = {
      {NIR_ACCESS_NON_WRITEABLE, SpvDecorationNonWritable},
      {NIR_ACCESS_NON_READABLE, SpvDecorationNonReadable},
      {NIR_ACCESS_COHERENT, SpvDecorationCoherent},
      {NIR_ACCESS_VOLATILE, SpvDecorationVolatile},
      {NIR_ACCESS_RESTRICT, SpvDecorationRestrict},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(access); i++) {
      if (d->access & access[i].bit)
         spvb_decorate(b, id, access[i].deco, NULL, 0);
   }
   if (d->explicit_xfb_buffer)
      decorate_u32(ctx, id, SpvDecorationXfbBuffer, d->xfb_buffer);
   if (d->explicit_xfb_stride)
      decorate_u32(ctx, id, SpvDecorationXfbStride, d->xfb_stride_B);
   /* Offset on an output variable is its transform-feedback offset. */
   if (d->explicit_xfb_offset)
      decorate_u32(ctx, id, SpvDecorationOffset, d->xfb_offset_B);
   else if (d->explicit_offset)
      decorate_u32(ctx, id, SpvDecorationOffset, d->offset_B);
   if (d->explicit_stream)
      decorate_u32(ctx, id, SpvDecorationStream, d->stream & 0xff);
}

/* Built-ins GL has and Vulkan forbids (Vulkan 1.3 section 15.9). */
static bool
builtin_allowed(struct ntv_context *ctx, nir_builtin builtin, const char *name)
{
   switch (builtin) {
   case NIR_BUILTIN_VERTEX_ID:
   case NIR_BUILTIN_INSTANCE_ID:
      ntv_fail(ctx, "'%s' is the built-in %s, which Vulkan does not allow (GL's "
                    "gl_VertexID/gl_InstanceID: lower them to VertexIndex/InstanceIndex first)",
               name, nir_builtin_name(builtin));
      return false;
   default:
      return true;
   }
}

/* Every struct member of a block in explicitly laid out storage has an
 * Offset (Vulkan 1.3 section 15.6.4). */
static bool
has_explicit_layout(const struct glsl_type *t)
{
   t = glsl_without_array(t);
   if (!glsl_type_is_struct(t))
      return true;
   for (unsigned m = 0; m < glsl_get_length(t); m++) {
      const struct glsl_struct_field *f = glsl_get_struct_field_data(t, m);
      if (f->offset_B == GLSL_NO_DECORATION || !has_explicit_layout(f->type))
         return false;
   }
   return true;
}

static bool
check_variable(struct ntv_context *ctx, const nir_variable *var)
{
   const char *name = var->name ? var->name : "(unnamed)";
   const struct glsl_type *bare = glsl_without_array(var->type);
   if (!builtin_allowed(ctx, var->data.builtin, name))
      return false;
   if (glsl_type_is_struct(bare)) {
      for (unsigned m = 0; m < glsl_get_length(bare); m++) {
         if (!builtin_allowed(ctx, glsl_get_struct_field_data(bare, m)->builtin, name))
            return false;
      }
   }
   if ((var->data.mode & (NIR_VAR_MEM_UBO | NIR_VAR_MEM_SSBO | NIR_VAR_MEM_PUSH_CONST)) &&
       !has_explicit_layout(var->type)) {
      ntv_fail(ctx, "block '%s' has no explicit layout (member offsets): lay it out first",
               name);
      return false;
   }
   if (glsl_type_is_opaque(bare) &&
       glsl_get_sampler_dim(glsl_get_image_type(bare)) == GLSL_SAMPLER_DIM_RECT) {
      ntv_fail(ctx, "'%s' is a rectangle texture, which Vulkan does not have (lower it to 2D "
                    "first)",
               name);
      return false;
   }
   switch (var->data.mode) {
   case NIR_VAR_UNIFORM:
      if (!glsl_type_is_opaque(bare)) {
         ntv_fail(ctx, "uniform '%s' is not in a block: Vulkan has no loose uniforms "
                       "(lower them to a uniform buffer first)",
                  name);
         return false;
      }
      break;
   case NIR_VAR_SHADER_IN:
   case NIR_VAR_SHADER_OUT:
      if (var->data.builtin == NIR_BUILTIN_NONE && !var->data.explicit_location &&
          !glsl_type_is_interface(bare)) {
         ntv_fail(ctx, "%s '%s' has no location (Vulkan locates every user varying)",
                  var->data.mode == NIR_VAR_SHADER_IN ? "input" : "output", name);
         return false;
      }
      break;
   case NIR_VAR_MEM_GLOBAL:
      ntv_fail(ctx, "variable '%s' is in global memory, which has no variables", name);
      return false;
   default:
      break;
   }
   if (var->data.atomic_counter) {
      ntv_fail(ctx, "atomic counter '%s': lower atomic counters to a storage buffer first",
               name);
      return false;
   }
   return true;
}

static void
emit_global_variable(struct ntv_context *ctx, nir_variable *var)
{
   if (!check_variable(ctx, var))
      return;
   const SpvStorageClass sc = ntv_storage_class(ctx, var->data.mode, var->type);
   const SpvId type = ntv_type(ctx, var->type);
   const SpvId ptr = spvb_type_pointer(&ctx->b, sc, type);
   const SpvId init =
      var->constant_initializer ? ntv_constant(ctx, var->type, var->constant_initializer)
                                : 0;
   const SpvId id = spvb_global_var(&ctx->b, ptr, sc, init);
   if (!hash_table_insert(ctx->var_ids, var, (void *)(uintptr_t)id)) {
      ntv_fail(ctx, "out of memory");
      return;
   }
   if (!ctx->options.strip_names && var->name)
      spvb_name(&ctx->b, id, var->name);
   decorate_variable(ctx, id, var);
   add_interface(ctx, id, sc);
}

static void
emit_sysval_variable(struct ntv_context *ctx, nir_builtin builtin)
{
   if (find_sysval_var(ctx, builtin) || declared_builtin_input(ctx, builtin))
      return;
   const struct builtin_shape *s = builtin_shape(builtin);
   if (!s) {
      ntv_fail(ctx, "no Input variable shape for built-in %s", nir_builtin_name(builtin));
      return;
   }
   const SpvId type = ntv_type(ctx, builtin_shape_type(s));
   const SpvId ptr = spvb_type_pointer(&ctx->b, SpvStorageClassInput, type);
   const SpvId id = spvb_global_var(&ctx->b, ptr, SpvStorageClassInput, 0);
   if (!ctx->options.strip_names)
      spvb_name(&ctx->b, id, s->name);
   /* Integer fragment inputs are Flat, built-ins included, as glslang
    * declares them (Vulkan 1.3 VUID-StandaloneSpirv-Flat-04744). */
   if (ctx->shader->info.stage == NIR_STAGE_FRAGMENT && s->base != GLSL_TYPE_FLOAT &&
       s->base != GLSL_TYPE_BOOL)
      spvb_decorate(&ctx->b, id, SpvDecorationFlat, NULL, 0);
   decorate_u32(ctx, id, SpvDecorationBuiltIn, (uint32_t)builtin);
   ntv_builtin_capabilities(ctx, builtin);
   add_interface(ctx, id, SpvStorageClassInput);
   if (!dynarray_append(&ctx->sysval_vars, struct ntv_sysval_var,
                        ((struct ntv_sysval_var){builtin, id})))
      ntv_fail(ctx, "out of memory");
}

/* Built-in inputs that system-value intrinsics read and no declared
 * variable provides get variables of their own, after the declared ones
 * and in the order the code first reads them. */
static void
emit_sysval_variables(struct ntv_context *ctx)
{
   nir_function_impl *impl = nir_shader_get_entrypoint(ctx->shader);
   nir_foreach_block(block, impl) {
      nir_foreach_instr(instr, block) {
         if (instr->type != NIR_INSTR_TYPE_INTRINSIC)
            continue;
         const struct sysval_desc *d = sysval_desc(nir_instr_as_intrinsic(instr)->intrinsic);
         if (!d || d->how == SYSVAL_CONSTANT)
            continue;
         emit_sysval_variable(ctx, d->builtin);
         if (d->how == SYSVAL_MINUS_SECOND)
            emit_sysval_variable(ctx, d->second);
      }
   }
}

void
ntv_emit_global_variables(struct ntv_context *ctx)
{
   nir_foreach_variable_in_shader(var, ctx->shader) {
      if (var->data.mode == NIR_VAR_FUNCTION_TEMP) {
         ntv_fail(ctx, "function-temporary variable among the globals");
         return;
      }
      emit_global_variable(ctx, var);
   }
   emit_sysval_variables(ctx);
}

void
ntv_emit_local_variables(struct ntv_context *ctx, nir_function_impl *impl)
{
   nir_foreach_function_temp_variable(var, impl) {
      const SpvId type = ntv_type(ctx, var->type);
      const SpvId ptr = spvb_type_pointer(&ctx->b, SpvStorageClassFunction, type);
      const SpvId init =
         var->constant_initializer ? ntv_constant(ctx, var->type, var->constant_initializer)
                                   : 0;
      const SpvId id = spvb_function_var(&ctx->b, ptr, init);
      if (!hash_table_insert(ctx->var_ids, var, (void *)(uintptr_t)id)) {
         ntv_fail(ctx, "out of memory");
         return;
      }
      if (!ctx->options.strip_names && var->name)
         spvb_name(&ctx->b, id, var->name);
   }
}

SpvId
ntv_variable_id(struct ntv_context *ctx, const nir_variable *var)
{
   struct hash_entry *e = hash_table_search(ctx->var_ids, var);
   if (!e) {
      ntv_fail(ctx, "variable '%s' is not in the shader", var->name ? var->name : "?");
      return 0;
   }
   return (SpvId)(uintptr_t)e->data;
}

/* ---- system values -------------------------------------------------------------- */

/* Loads built-in `builtin` as a value of `components` components (array
 * built-ins gathered element by element). */
static SpvId
load_builtin(struct ntv_context *ctx, nir_builtin builtin, unsigned components,
             SpvId result)
{
   SpvId var = find_sysval_var(ctx, builtin);
   const struct glsl_type *type;
   nir_variable *declared = declared_builtin_input(ctx, builtin);
   if (declared) {
      var = ntv_variable_id(ctx, declared);
      type = declared->type;
   } else {
      const struct builtin_shape *s = builtin_shape(builtin);
      if (!s || !var) {
         ntv_fail(ctx, "built-in %s has no variable", nir_builtin_name(builtin));
         return 0;
      }
      type = builtin_shape_type(s);
   }
   const SpvId type_id = ntv_type(ctx, type);
   if (!glsl_type_is_array(type)) {
      if (glsl_get_components(type) != components) {
         ntv_fail(ctx, "built-in %s has %u components, not %u", nir_builtin_name(builtin),
                  glsl_get_components(type), components);
         return 0;
      }
      if (result) {
         spvb_op_to(&ctx->b, result, SpvOpLoad, type_id, &var, 1);
         return result;
      }
      return spvb_load(&ctx->b, type_id, var);
   }
   const struct glsl_type *elem = glsl_get_array_element(type);
   if (!glsl_type_is_scalar(elem) || glsl_get_length(type) < components) {
      ntv_fail(ctx, "built-in %s cannot give %u components", nir_builtin_name(builtin),
               components);
      return 0;
   }
   const SpvId array = spvb_load(&ctx->b, type_id, var);
   const SpvId elem_type = ntv_type(ctx, elem);
   SpvId parts[4];
   for (unsigned i = 0; i < components && i < 4; i++)
      parts[i] = spvb_composite_extract(&ctx->b, elem_type, array, &i, 1);
   if (components == 1) {
      if (result)
         spvb_op_to(&ctx->b, result, SpvOpCopyObject, elem_type, parts, 1);
      return result ? result : parts[0];
   }
   const SpvId vec = spvb_type_vector(&ctx->b, elem_type, components);
   if (!result)
      result = spvb_id(&ctx->b);
   spvb_op_to(&ctx->b, result, SpvOpCompositeConstruct, vec, parts, components);
   return result;
}

bool
ntv_emit_sysval(struct ntv_context *ctx, nir_intrinsic_instr *intr)
{
   const struct sysval_desc *d = sysval_desc(intr->intrinsic);
   if (!d)
      return false;
   nir_def *def = &intr->def;
   if (def->bit_size != 32) {
      ntv_fail(ctx, "%s with %u-bit results has no SPIR-V built-in",
               nir_intrinsic_infos[intr->intrinsic].name, def->bit_size == 1 ? 1 : def->bit_size);
      if (def->bit_size != 1)
         return true;
   }
   switch (d->how) {
   case SYSVAL_LOAD:
      load_builtin(ctx, d->builtin, def->num_components, ntv_def_id(ctx, def));
      break;
   case SYSVAL_MINUS_SECOND: {
      const SpvId a = load_builtin(ctx, d->builtin, 1, 0);
      const SpvId b = load_builtin(ctx, d->second, 1, 0);
      spvb_op_to(&ctx->b, ntv_def_id(ctx, def), SpvOpISub, ntv_def_type(ctx, def),
                 SPVB_WORDS(a, b));
      break;
   }
   case SYSVAL_CONSTANT: {
      const uint16_t *size = ctx->shader->info.cs.workgroup_size;
      nir_const_value v[3] = {nir_const_value_for_uint(size[0], 32),
                              nir_const_value_for_uint(size[1], 32),
                              nir_const_value_for_uint(size[2], 32)};
      ntv_def_alias(ctx, def, ntv_const_value(ctx, NTV_KIND_UINT, 32, 3, v));
      break;
   }
   }
   return true;
}

/* ---- execution modes ----------------------------------------------------------- */

static void
mode(struct ntv_context *ctx, SpvExecutionMode m)
{
   spvb_execution_mode(&ctx->b, ctx->entry_fn, m, NULL, 0);
}

static void
mode_u32(struct ntv_context *ctx, SpvExecutionMode m, uint32_t v)
{
   spvb_execution_mode(&ctx->b, ctx->entry_fn, m, &v, 1);
}

static void
emit_fragment_modes(struct ntv_context *ctx)
{
   const nir_shader_info *info = &ctx->shader->info;
   if (!info->fs.origin_upper_left) {
      ntv_fail(ctx, "fragment shader with a lower-left origin: Vulkan only has "
                    "OriginUpperLeft (run the y-flip pass first)");
      return;
   }
   if (info->fs.pixel_center_integer) {
      ntv_fail(ctx, "fragment shader with integer pixel centers: Vulkan does not allow "
                    "PixelCenterInteger (run the y-flip pass first)");
      return;
   }
   mode(ctx, SpvExecutionModeOriginUpperLeft);
   if (info->fs.early_fragment_tests)
      mode(ctx, SpvExecutionModeEarlyFragmentTests);
   if (info->fs.post_depth_coverage) {
      spvb_capability(&ctx->b, SpvCapabilitySampleMaskPostDepthCoverage);
      spvb_extension(&ctx->b, "SPV_KHR_post_depth_coverage");
      mode(ctx, SpvExecutionModePostDepthCoverage);
   }
   if (info->fs.depth_replacing)
      mode(ctx, SpvExecutionModeDepthReplacing);
   if (info->fs.interlock) {
      /* SPV_EXT_fragment_shader_interlock: one capability per granularity. */
      static const SpvCapability caps[] = {
         SpvCapabilityFragmentShaderPixelInterlockEXT,
         SpvCapabilityFragmentShaderSampleInterlockEXT,
         SpvCapabilityFragmentShaderShadingRateInterlockEXT,
      };
      const unsigned i = (unsigned)info->fs.interlock - NIR_FS_INTERLOCK_PIXEL_ORDERED;
      if (i >= 6) {
         ntv_fail(ctx, "unknown interlock mode %u", (unsigned)info->fs.interlock);
         return;
      }
      spvb_capability(&ctx->b, caps[i / 2]);
      spvb_extension(&ctx->b, "SPV_EXT_fragment_shader_interlock");
      mode(ctx, (SpvExecutionMode)(SpvExecutionModePixelInterlockOrderedEXT + i));
   }
   switch (info->fs.depth_layout) {
   case NIR_DEPTH_LAYOUT_GREATER:
      mode(ctx, SpvExecutionModeDepthGreater);
      break;
   case NIR_DEPTH_LAYOUT_LESS:
      mode(ctx, SpvExecutionModeDepthLess);
      break;
   case NIR_DEPTH_LAYOUT_UNCHANGED:
      mode(ctx, SpvExecutionModeDepthUnchanged);
      break;
   default:
      break;
   }
   if (info->fs.stencil_ref_replacing) {
      spvb_capability(&ctx->b, SpvCapabilityStencilExportEXT);
      spvb_extension(&ctx->b, "SPV_EXT_shader_stencil_export");
      mode(ctx, SpvExecutionModeStencilRefReplacingEXT);
   }
}

static void
emit_geometry_modes(struct ntv_context *ctx)
{
   const nir_shader_info *info = &ctx->shader->info;
   mode_u32(ctx, SpvExecutionModeInvocations, info->gs.invocations ? info->gs.invocations : 1);
   switch (info->gs.input_primitive) {
   case NIR_PRIM_POINTS:
      mode(ctx, SpvExecutionModeInputPoints);
      break;
   case NIR_PRIM_LINES:
      mode(ctx, SpvExecutionModeInputLines);
      break;
   case NIR_PRIM_LINES_ADJACENCY:
      mode(ctx, SpvExecutionModeInputLinesAdjacency);
      break;
   case NIR_PRIM_TRIANGLES:
      mode(ctx, SpvExecutionModeTriangles);
      break;
   case NIR_PRIM_TRIANGLES_ADJACENCY:
      mode(ctx, SpvExecutionModeInputTrianglesAdjacency);
      break;
   default:
      ntv_fail(ctx, "geometry shader without an input primitive");
      return;
   }
   mode_u32(ctx, SpvExecutionModeOutputVertices, info->gs.vertices_out);
   switch (info->gs.output_primitive) {
   case NIR_PRIM_POINTS:
      mode(ctx, SpvExecutionModeOutputPoints);
      break;
   case NIR_PRIM_LINE_STRIP:
      mode(ctx, SpvExecutionModeOutputLineStrip);
      break;
   case NIR_PRIM_TRIANGLE_STRIP:
      mode(ctx, SpvExecutionModeOutputTriangleStrip);
      break;
   default:
      ntv_fail(ctx, "geometry shader without an output primitive");
      return;
   }
   if (info->gs.active_stream_mask & ~1u)
      spvb_capability(&ctx->b, SpvCapabilityGeometryStreams);
}

static void
emit_tess_modes(struct ntv_context *ctx)
{
   const nir_shader_info *info = &ctx->shader->info;
   if (info->stage == NIR_STAGE_TESS_CTRL)
      mode_u32(ctx, SpvExecutionModeOutputVertices, info->tess.tcs_vertices_out);
   switch (info->tess.primitive_mode) {
   case NIR_PRIM_TRIANGLES:
      mode(ctx, SpvExecutionModeTriangles);
      break;
   case NIR_PRIM_QUADS:
      mode(ctx, SpvExecutionModeQuads);
      break;
   case NIR_PRIM_ISOLINES:
      mode(ctx, SpvExecutionModeIsolines);
      break;
   default:
      break;
   }
   switch (info->tess.spacing) {
   case NIR_TESS_SPACING_EQUAL:
      mode(ctx, SpvExecutionModeSpacingEqual);
      break;
   case NIR_TESS_SPACING_FRACTIONAL_ODD:
      mode(ctx, SpvExecutionModeSpacingFractionalOdd);
      break;
   case NIR_TESS_SPACING_FRACTIONAL_EVEN:
      mode(ctx, SpvExecutionModeSpacingFractionalEven);
      break;
   default:
      break;
   }
   if (info->tess.cw)
      mode(ctx, SpvExecutionModeVertexOrderCw);
   if (info->tess.ccw)
      mode(ctx, SpvExecutionModeVertexOrderCcw);
   if (info->tess.point_mode)
      mode(ctx, SpvExecutionModePointMode);
}

static void
emit_float_controls(struct ntv_context *ctx)
{
   static const struct {
      uint32_t bit;
      SpvExecutionMode mode;
      SpvCapability cap;
      unsigned width;
   } map[] = {
      {NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP16, SpvExecutionModeDenormPreserve,
       SpvCapabilityDenormPreserve, 16},
      {NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP32, SpvExecutionModeDenormPreserve,
       SpvCapabilityDenormPreserve, 32},
      {NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP64, SpvExecutionModeDenormPreserve,
       SpvCapabilityDenormPreserve, 64},
      {NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP16, SpvExecutionModeDenormFlushToZero,
       SpvCapabilityDenormFlushToZero, 16},
      {NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP32, SpvExecutionModeDenormFlushToZero,
       SpvCapabilityDenormFlushToZero, 32},
      {NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP64, SpvExecutionModeDenormFlushToZero,
       SpvCapabilityDenormFlushToZero, 64},
      {NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP16,
       SpvExecutionModeSignedZeroInfNanPreserve, SpvCapabilitySignedZeroInfNanPreserve, 16},
      {NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP32,
       SpvExecutionModeSignedZeroInfNanPreserve, SpvCapabilitySignedZeroInfNanPreserve, 32},
      {NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP64,
       SpvExecutionModeSignedZeroInfNanPreserve, SpvCapabilitySignedZeroInfNanPreserve, 64},
      {NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP16, SpvExecutionModeRoundingModeRTE,
       SpvCapabilityRoundingModeRTE, 16},
      {NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP32, SpvExecutionModeRoundingModeRTE,
       SpvCapabilityRoundingModeRTE, 32},
      {NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP64, SpvExecutionModeRoundingModeRTE,
       SpvCapabilityRoundingModeRTE, 64},
      {NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP16, SpvExecutionModeRoundingModeRTZ,
       SpvCapabilityRoundingModeRTZ, 16},
      {NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP32, SpvExecutionModeRoundingModeRTZ,
       SpvCapabilityRoundingModeRTZ, 32},
      {NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP64, SpvExecutionModeRoundingModeRTZ,
       SpvCapabilityRoundingModeRTZ, 64},
   };
   const uint32_t fc = ctx->shader->info.float_controls;
   for (unsigned i = 0; i < ARRAY_SIZE(map); i++) {
      if (!(fc & map[i].bit))
         continue;
      ntv_capability_ext(ctx, map[i].cap, "SPV_KHR_float_controls", SPVB_VERSION(1, 4));
      mode_u32(ctx, map[i].mode, map[i].width);
   }
}

void
ntv_emit_execution_modes(struct ntv_context *ctx)
{
   const nir_shader_info *info = &ctx->shader->info;
   switch (info->stage) {
   case NIR_STAGE_FRAGMENT:
      emit_fragment_modes(ctx);
      break;
   case NIR_STAGE_GEOMETRY:
      emit_geometry_modes(ctx);
      break;
   case NIR_STAGE_TESS_CTRL:
   case NIR_STAGE_TESS_EVAL:
      emit_tess_modes(ctx);
      break;
   case NIR_STAGE_COMPUTE: {
      const uint16_t *s = info->cs.workgroup_size;
      spvb_execution_mode(&ctx->b, ctx->entry_fn, SpvExecutionModeLocalSize,
                          SPVB_WORDS(s[0] ? s[0] : 1, s[1] ? s[1] : 1, s[2] ? s[2] : 1));
      if (info->cs.derivative_group) {
         const bool quads = info->cs.derivative_group == NIR_DERIVATIVE_GROUP_QUADS;
         spvb_capability(&ctx->b, quads ? SpvCapabilityComputeDerivativeGroupQuadsNV
                                        : SpvCapabilityComputeDerivativeGroupLinearNV);
         spvb_extension(&ctx->b, "SPV_NV_compute_shader_derivatives");
         mode(ctx, quads ? SpvExecutionModeDerivativeGroupQuadsNV
                         : SpvExecutionModeDerivativeGroupLinearNV);
      }
      break;
   }
   default:
      break;
   }
   if (info->xfb.enabled)
      mode(ctx, SpvExecutionModeXfb);
   emit_float_controls(ctx);
}
