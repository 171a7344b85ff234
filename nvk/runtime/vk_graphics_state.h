/* SPDX-License-Identifier: MIT */
/*
 * Graphics state, the runtime way: one home for every piece of state a draw
 * reads besides shaders, descriptors and vertex/index buffers.
 *
 * Three structures, three moments:
 *
 *  1. vk_graphics_pipeline_state: what a VkGraphicsPipelineCreateInfo says.
 *     vk_graphics_pipeline_state_fill() is a pure function from the create
 *     info (and its pNext chains) to plain values, with the spec's defaults
 *     where an extension struct is missing and the spec's "ignored" rules
 *     applied (Vulkan 1.3.239, 10.2 "Graphics Pipelines": pViewportState,
 *     pMultisampleState, pDepthStencilState and pColorBlendState are ignored
 *     when rasterization is statically disabled, pDepthStencilState when the
 *     subpass has no depth/stencil attachment, pColorBlendState when it has
 *     no colour attachment, pTessellationState without tessellation stages,
 *     pVertexInputState with VK_DYNAMIC_STATE_VERTEX_INPUT_EXT), plus the
 *     set of states the pipeline leaves dynamic. Pipeline libraries
 *     (VK_EXT_graphics_pipeline_library) are parts of the same structure:
 *     vk_graphics_pipeline_state_merge() links them, then fill() adds what
 *     the create info itself provides.
 *
 *  2. vk_dynamic_graphics_state: the command buffer's state as the executor
 *     replays it (kiln records, then replays: dynamic state and its dirty
 *     bits live on the replay side only). vkCmdSet* record a SET_DYNAMIC
 *     command (nvk_cmd_set_dynamic.c) whose payload is the bytes of one state
 *     field; vk_dynamic_graphics_state_set() applies it. Binding a pipeline
 *     (vk_dynamic_graphics_state_bind_pipeline) applies the pipeline's static
 *     states, as the spec says (Vulkan 1.3, 10.10 "Dynamic State": "When a
 *     pipeline object is bound, any pipeline object state that is not
 *     specified as dynamic is applied to the command buffer state"). Both
 *     mark dirty exactly the states whose bytes changed.
 *
 *  3. At a draw, vk_graphics_state_merge() gives one complete, self-contained
 *     struct vk_graphics_state (everything resolved), and
 *     vk_graphics_state_split() cuts it into a zeroed *key* (what shapes
 *     generated code: formats, blend equations, depth/stencil ops, topology
 *     class...; hashed with vk_graphics_key_hash for a routine cache) and
 *     per-draw *values* (viewports, scissors, references, constants...).
 *
 * The draw executor's use, per draw:
 *
 *    struct vk_dynamic_graphics_state *dyn = &ex->gfx_dyn;
 *    if (vk_dynamic_graphics_state_any_dirty(dyn)) {
 *       struct vk_graphics_state gs;
 *       vk_graphics_state_merge(&gs, &pipeline->gfx->state, dyn);
 *       ... re-derive rast state from gs (only the groups that are dirty if
 *           that pays: VK_DYN_* bits, and dyn->pipeline_dirty for the
 *           states no VkDynamicState covers) ...
 *       vk_dynamic_graphics_state_clear_dirty(dyn);
 *    }
 *
 * Dynamic states: VK_DYN_LIST below is the one list. Each entry names the
 * compact enumerant (VK_DYN_<NAME>, indexing bitsets), the VkDynamicState
 * that makes it dynamic, its state group, and the one field of struct
 * vk_graphics_state it covers. A field is contiguous, so replay, bind and
 * merge are generic byte copies driven by the table. A few VkDynamicStates
 * cover two compact states (VIEWPORT_WITH_COUNT: count and viewports;
 * SCISSOR_WITH_COUNT; VERTEX_INPUT_EXT: the input layout and the strides);
 * vk_dynamic_state_from_vk() answers that.
 *
 * Deviation from CONTRACT.md: none in the interface; the contract's names
 * are kept. Render pass objects belong to `draw`: when a create info names a
 * VkRenderPass, the driver describes the subpass in a struct
 * vk_render_pass_state and passes it to fill() (NULL: dynamic rendering);
 * in nvk that is nvk_render_pass_subpass_state() (nvk_pipeline.h), which
 * the render pass code defines.
 */
#ifndef VK_GRAPHICS_STATE_H
#define VK_GRAPHICS_STATE_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#include "util/bitset.h"

#define VK_GS_MAX_VERTEX_BINDINGS 32
#define VK_GS_MAX_VERTEX_ATTRIBUTES 32
#define VK_GS_MAX_VIEWPORTS 16
#define VK_GS_MAX_COLOR_ATTACHMENTS 8
#define VK_GS_MAX_SAMPLE_LOCATIONS 32

/* ---- state groups ------------------------------------------------------ */

enum vk_gs_group {
   VK_GS_GROUP_VI, /* vertex input */
   VK_GS_GROUP_IA, /* input assembly */
   VK_GS_GROUP_TS, /* tessellation */
   VK_GS_GROUP_VP, /* viewports, scissors */
   VK_GS_GROUP_RS, /* rasterization */
   VK_GS_GROUP_MS, /* multisample */
   VK_GS_GROUP_DS, /* depth/stencil */
   VK_GS_GROUP_CB, /* colour blend */
   VK_GS_GROUP_RP, /* attachment formats and view mask */
   VK_GS_GROUP_COUNT,
};

/* The four parts of VK_EXT_graphics_pipeline_library own these groups.
 * (The fragment shader part reads ms and rp too; it does not own them.) */
#define VK_GS_GROUPS_VERTEX_INPUT ((1u << VK_GS_GROUP_VI) | (1u << VK_GS_GROUP_IA))
#define VK_GS_GROUPS_PRE_RASTERIZATION                                                 \
   ((1u << VK_GS_GROUP_TS) | (1u << VK_GS_GROUP_VP) | (1u << VK_GS_GROUP_RS))
#define VK_GS_GROUPS_FRAGMENT_SHADER (1u << VK_GS_GROUP_DS)
#define VK_GS_GROUPS_FRAGMENT_OUTPUT                                                   \
   ((1u << VK_GS_GROUP_MS) | (1u << VK_GS_GROUP_CB) | (1u << VK_GS_GROUP_RP))

#define VK_GS_ALL_PARTS                                                                \
   (VK_GRAPHICS_PIPELINE_LIBRARY_VERTEX_INPUT_INTERFACE_BIT_EXT |                      \
    VK_GRAPHICS_PIPELINE_LIBRARY_PRE_RASTERIZATION_SHADERS_BIT_EXT |                   \
    VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_SHADER_BIT_EXT |                             \
    VK_GRAPHICS_PIPELINE_LIBRARY_FRAGMENT_OUTPUT_INTERFACE_BIT_EXT)

/* Groups owned by a set of VkGraphicsPipelineLibraryFlagsEXT parts. */
uint32_t vk_gs_groups_of_parts(VkGraphicsPipelineLibraryFlagsEXT parts);

/* ---- the plain state ------------------------------------------------------ */

struct vk_vertex_binding {
   uint8_t input_rate; /* VkVertexInputRate */
   uint8_t pad[3];
   uint32_t divisor;   /* instance rate: 1 unless VK_EXT_vertex_attribute_divisor says */
};

struct vk_vertex_attribute {
   uint32_t binding;
   uint32_t format; /* VkFormat */
   uint32_t offset_B;
};

struct vk_vertex_input_state {
   uint32_t bindings_valid;   /* bit b: binding b is described */
   uint32_t attributes_valid; /* bit l: location l is read */
   struct vk_vertex_binding bindings[VK_GS_MAX_VERTEX_BINDINGS];
   struct vk_vertex_attribute attributes[VK_GS_MAX_VERTEX_ATTRIBUTES];
};

struct vk_input_assembly_state {
   uint32_t primitive_topology; /* VkPrimitiveTopology */
   uint32_t primitive_restart_enable;
};

struct vk_tessellation_state {
   uint32_t patch_control_points;
   uint32_t domain_origin; /* VkTessellationDomainOrigin */
};

struct vk_viewport_state {
   uint32_t viewport_count;
   uint32_t scissor_count;
   VkViewport viewports[VK_GS_MAX_VIEWPORTS];
   VkRect2D scissors[VK_GS_MAX_VIEWPORTS];
   uint32_t depth_clip_negative_one_to_one; /* VK_EXT_depth_clip_control */
};

/* VK_EXT_depth_clip_enable: without its struct (or dynamic state), depth
 * clipping is on exactly when depth clamping is off (Vulkan 1.3.239,
 * VkPipelineRasterizationDepthClipStateCreateInfoEXT). */
enum vk_depth_clip {
   VK_DEPTH_CLIP_DISABLE = 0,
   VK_DEPTH_CLIP_ENABLE = 1,
   VK_DEPTH_CLIP_NOT_CLAMP = 2,
};

struct vk_depth_bias {
   float constant_factor;
   float clamp;
   float slope_factor;
};

struct vk_line_stipple {
   uint32_t factor;  /* 1..256 */
   uint32_t pattern; /* 16 bits */
};

struct vk_rasterization_state {
   uint32_t rasterizer_discard_enable;
   uint32_t depth_clamp_enable;
   uint32_t depth_clip_enable; /* enum vk_depth_clip */
   uint32_t polygon_mode;      /* VkPolygonMode */
   uint32_t cull_mode;         /* VkCullModeFlags */
   uint32_t front_face;        /* VkFrontFace */
   uint32_t conservative_mode; /* VkConservativeRasterizationModeEXT */
   float extra_primitive_overestimation_size;
   uint32_t rasterization_stream;
   uint32_t provoking_vertex; /* VkProvokingVertexModeEXT */
   uint32_t depth_bias_enable;
   struct vk_depth_bias depth_bias;
   float line_width;
   uint32_t line_mode; /* VkLineRasterizationModeEXT */
   uint32_t line_stipple_enable;
   struct vk_line_stipple line_stipple;
};

struct vk_sample_locations {
   uint32_t per_pixel;      /* VkSampleCountFlagBits */
   VkExtent2D grid_size;
   uint32_t count;
   VkSampleLocationEXT locations[VK_GS_MAX_SAMPLE_LOCATIONS];
};

struct vk_multisample_state {
   uint32_t rasterization_samples; /* VkSampleCountFlagBits */
   uint32_t sample_shading_enable;
   float min_sample_shading;
   uint32_t sample_mask; /* samples 0..31 (kiln has at most 8) */
   uint32_t alpha_to_coverage_enable;
   uint32_t alpha_to_one_enable;
   uint32_t sample_locations_enable;
   struct vk_sample_locations sample_locations;
};

struct vk_stencil_op_state { /* Vk enums */
   uint32_t fail_op;
   uint32_t pass_op;
   uint32_t depth_fail_op;
   uint32_t compare_op;
};

struct vk_depth_bounds {
   float min;
   float max;
};

/* Per-face arrays: [0] front, [1] back. */
struct vk_depth_stencil_state {
   uint32_t depth_test_enable;
   uint32_t depth_write_enable;
   uint32_t depth_compare_op; /* VkCompareOp */
   uint32_t depth_bounds_test_enable;
   struct vk_depth_bounds depth_bounds;
   uint32_t stencil_test_enable;
   struct vk_stencil_op_state stencil_ops[2];
   uint32_t stencil_compare_mask[2];
   uint32_t stencil_write_mask[2];
   uint32_t stencil_reference[2];
};

struct vk_blend_equation { /* Vk enums */
   uint32_t src_color_factor;
   uint32_t dst_color_factor;
   uint32_t color_op;
   uint32_t src_alpha_factor;
   uint32_t dst_alpha_factor;
   uint32_t alpha_op;
};

/* Per-attachment arrays (not bitmasks) so that EDS3's (first, count) setters
 * write contiguous bytes. */
struct vk_color_blend_state {
   uint32_t attachment_count;
   uint32_t logic_op_enable;
   uint32_t logic_op; /* VkLogicOp */
   /* VK_EXT_color_write_enable */
   uint8_t color_write_enables[VK_GS_MAX_COLOR_ATTACHMENTS];
   uint8_t blend_enables[VK_GS_MAX_COLOR_ATTACHMENTS];
   struct vk_blend_equation equations[VK_GS_MAX_COLOR_ATTACHMENTS];
   uint8_t write_masks[VK_GS_MAX_COLOR_ATTACHMENTS]; /* VkColorComponentFlags */
   float blend_constants[4];
};

struct vk_render_pass_state {
   uint32_t view_mask;
   uint32_t color_attachment_count;
   uint32_t color_formats[VK_GS_MAX_COLOR_ATTACHMENTS]; /* VkFormat; UNDEFINED: unused */
   uint32_t depth_format;   /* VkFormat; UNDEFINED: none */
   uint32_t stencil_format; /* VkFormat; UNDEFINED: none */
};

/* Everything, resolved. A plain struct (no pointers): copy, compare, hash. */
struct vk_graphics_state {
   struct vk_vertex_input_state vi;
   uint32_t vi_binding_strides[VK_GS_MAX_VERTEX_BINDINGS];
   struct vk_input_assembly_state ia;
   struct vk_tessellation_state ts;
   struct vk_viewport_state vp;
   struct vk_rasterization_state rs;
   struct vk_multisample_state ms;
   struct vk_depth_stencil_state ds;
   struct vk_color_blend_state cb;
   struct vk_render_pass_state rp;
};

/* ---- dynamic states: the one list ----------------------------------------- */

/* X(NAME, VK_DYNAMIC_STATE_ suffix, group, field of struct vk_graphics_state) */
#define VK_DYN_LIST(X)                                                                   \
   X(VI, VERTEX_INPUT_EXT, VI, vi)                                                       \
   X(VI_BINDING_STRIDES, VERTEX_INPUT_BINDING_STRIDE, VI, vi_binding_strides)            \
   X(IA_PRIMITIVE_TOPOLOGY, PRIMITIVE_TOPOLOGY, IA, ia.primitive_topology)               \
   X(IA_PRIMITIVE_RESTART_ENABLE, PRIMITIVE_RESTART_ENABLE, IA,                          \
     ia.primitive_restart_enable)                                                        \
   X(TS_PATCH_CONTROL_POINTS, PATCH_CONTROL_POINTS_EXT, TS, ts.patch_control_points)     \
   X(TS_DOMAIN_ORIGIN, TESSELLATION_DOMAIN_ORIGIN_EXT, TS, ts.domain_origin)             \
   X(VP_VIEWPORT_COUNT, VIEWPORT_WITH_COUNT, VP, vp.viewport_count)                      \
   X(VP_VIEWPORTS, VIEWPORT, VP, vp.viewports)                                           \
   X(VP_SCISSOR_COUNT, SCISSOR_WITH_COUNT, VP, vp.scissor_count)                         \
   X(VP_SCISSORS, SCISSOR, VP, vp.scissors)                                              \
   X(VP_DEPTH_CLIP_NEGATIVE_ONE_TO_ONE, DEPTH_CLIP_NEGATIVE_ONE_TO_ONE_EXT, VP,          \
     vp.depth_clip_negative_one_to_one)                                                  \
   X(RS_RASTERIZER_DISCARD_ENABLE, RASTERIZER_DISCARD_ENABLE, RS,                        \
     rs.rasterizer_discard_enable)                                                       \
   X(RS_DEPTH_CLAMP_ENABLE, DEPTH_CLAMP_ENABLE_EXT, RS, rs.depth_clamp_enable)           \
   X(RS_DEPTH_CLIP_ENABLE, DEPTH_CLIP_ENABLE_EXT, RS, rs.depth_clip_enable)              \
   X(RS_POLYGON_MODE, POLYGON_MODE_EXT, RS, rs.polygon_mode)                             \
   X(RS_CULL_MODE, CULL_MODE, RS, rs.cull_mode)                                          \
   X(RS_FRONT_FACE, FRONT_FACE, RS, rs.front_face)                                       \
   X(RS_CONSERVATIVE_MODE, CONSERVATIVE_RASTERIZATION_MODE_EXT, RS,                      \
     rs.conservative_mode)                                                               \
   X(RS_EXTRA_PRIMITIVE_OVERESTIMATION_SIZE, EXTRA_PRIMITIVE_OVERESTIMATION_SIZE_EXT, \
     RS, rs.extra_primitive_overestimation_size)                                         \
   X(RS_RASTERIZATION_STREAM, RASTERIZATION_STREAM_EXT, RS, rs.rasterization_stream)     \
   X(RS_PROVOKING_VERTEX, PROVOKING_VERTEX_MODE_EXT, RS, rs.provoking_vertex)            \
   X(RS_DEPTH_BIAS_ENABLE, DEPTH_BIAS_ENABLE, RS, rs.depth_bias_enable)                  \
   X(RS_DEPTH_BIAS, DEPTH_BIAS, RS, rs.depth_bias)                                       \
   X(RS_LINE_WIDTH, LINE_WIDTH, RS, rs.line_width)                                       \
   X(RS_LINE_MODE, LINE_RASTERIZATION_MODE_EXT, RS, rs.line_mode)                        \
   X(RS_LINE_STIPPLE_ENABLE, LINE_STIPPLE_ENABLE_EXT, RS, rs.line_stipple_enable)        \
   X(RS_LINE_STIPPLE, LINE_STIPPLE_EXT, RS, rs.line_stipple)                             \
   X(MS_RASTERIZATION_SAMPLES, RASTERIZATION_SAMPLES_EXT, MS, ms.rasterization_samples)  \
   X(MS_SAMPLE_MASK, SAMPLE_MASK_EXT, MS, ms.sample_mask)                                \
   X(MS_ALPHA_TO_COVERAGE_ENABLE, ALPHA_TO_COVERAGE_ENABLE_EXT, MS,                      \
     ms.alpha_to_coverage_enable)                                                        \
   X(MS_ALPHA_TO_ONE_ENABLE, ALPHA_TO_ONE_ENABLE_EXT, MS, ms.alpha_to_one_enable)        \
   X(MS_SAMPLE_LOCATIONS_ENABLE, SAMPLE_LOCATIONS_ENABLE_EXT, MS,                        \
     ms.sample_locations_enable)                                                         \
   X(MS_SAMPLE_LOCATIONS, SAMPLE_LOCATIONS_EXT, MS, ms.sample_locations)                 \
   X(DS_DEPTH_TEST_ENABLE, DEPTH_TEST_ENABLE, DS, ds.depth_test_enable)                  \
   X(DS_DEPTH_WRITE_ENABLE, DEPTH_WRITE_ENABLE, DS, ds.depth_write_enable)               \
   X(DS_DEPTH_COMPARE_OP, DEPTH_COMPARE_OP, DS, ds.depth_compare_op)                     \
   X(DS_DEPTH_BOUNDS_TEST_ENABLE, DEPTH_BOUNDS_TEST_ENABLE, DS,                          \
     ds.depth_bounds_test_enable)                                                        \
   X(DS_DEPTH_BOUNDS, DEPTH_BOUNDS, DS, ds.depth_bounds)                                 \
   X(DS_STENCIL_TEST_ENABLE, STENCIL_TEST_ENABLE, DS, ds.stencil_test_enable)            \
   X(DS_STENCIL_OP, STENCIL_OP, DS, ds.stencil_ops)                                      \
   X(DS_STENCIL_COMPARE_MASK, STENCIL_COMPARE_MASK, DS, ds.stencil_compare_mask)         \
   X(DS_STENCIL_WRITE_MASK, STENCIL_WRITE_MASK, DS, ds.stencil_write_mask)               \
   X(DS_STENCIL_REFERENCE, STENCIL_REFERENCE, DS, ds.stencil_reference)                  \
   X(CB_LOGIC_OP_ENABLE, LOGIC_OP_ENABLE_EXT, CB, cb.logic_op_enable)                    \
   X(CB_LOGIC_OP, LOGIC_OP_EXT, CB, cb.logic_op)                                         \
   X(CB_COLOR_WRITE_ENABLES, COLOR_WRITE_ENABLE_EXT, CB, cb.color_write_enables)         \
   X(CB_BLEND_ENABLES, COLOR_BLEND_ENABLE_EXT, CB, cb.blend_enables)                     \
   X(CB_BLEND_EQUATIONS, COLOR_BLEND_EQUATION_EXT, CB, cb.equations)                     \
   X(CB_WRITE_MASKS, COLOR_WRITE_MASK_EXT, CB, cb.write_masks)                           \
   X(CB_BLEND_CONSTANTS, BLEND_CONSTANTS, CB, cb.blend_constants)

enum vk_dyn {
#define VK_DYN_ENUM(NAME, VK, GROUP, field) VK_DYN_##NAME,
   VK_DYN_LIST(VK_DYN_ENUM)
#undef VK_DYN_ENUM
   VK_DYN_COUNT,
};

/* Where a compact state lives in struct vk_graphics_state. */
struct vk_dyn_info {
   const char *name;
   VkDynamicState vk;
   enum vk_gs_group group;
   uint32_t offset_B;
   uint32_t size_B;
};
extern const struct vk_dyn_info vk_dyn_info[VK_DYN_COUNT];

typedef BITSET_DECLARE(vk_dyn_set, VK_DYN_COUNT);

/* Adds to `set` the compact states that `state` makes dynamic; false if
 * kiln does not know it (NV-only and advanced-blend states, ray tracing). */
bool vk_dynamic_state_from_vk(VkDynamicState state, BITSET_WORD *set);

/* ---- 1. pipeline state ---------------------------------------------------- */

struct vk_graphics_pipeline_state {
   /* Library parts this state holds (VK_GS_ALL_PARTS: a complete pipeline). */
   VkGraphicsPipelineLibraryFlagsEXT parts;
   /* Shader stages of the parts held (VkShaderStageFlags). */
   uint32_t stages;
   /* States the pipeline leaves dynamic (only those of the groups held). */
   vk_dyn_set dynamic;
   /* Static values; fields of dynamic states hold defaults. */
   struct vk_graphics_state s;
};

/* The values a state has before anything sets it (also what fill() leaves
 * where the spec makes a struct optional or ignored). */
void vk_graphics_state_init_defaults(struct vk_graphics_state *s);

/* The parts a create info provides (VkGraphicsPipelineLibraryCreateInfoEXT,
 * or all four for a plain pipeline, Vulkan 1.3.239 10.2.2). */
VkGraphicsPipelineLibraryFlagsEXT
vk_graphics_pipeline_create_info_parts(const VkGraphicsPipelineCreateInfo *info);

/* Fills the parts `info` provides that `state` does not hold yet. Call with
 * a zeroed state, or one that vk_graphics_pipeline_state_merge() filled
 * from libraries. `driver_rp` describes info->renderPass's subpass when
 * there is one (NULL with dynamic rendering). Returns VK_SUCCESS, or
 * VK_ERROR_UNKNOWN (reported against `log_obj`, may be NULL) for input
 * kiln cannot hold (counts past the limits above, a render pass without
 * driver_rp, unknown enums where they index tables) so that it never
 * overflows or crashes; valid usage is otherwise trusted. */
VkResult vk_graphics_pipeline_state_fill(struct vk_graphics_pipeline_state *state,
                                         const VkGraphicsPipelineCreateInfo *info,
                                         const struct vk_render_pass_state *driver_rp,
                                         const void *log_obj);

/* Links a library into `dst`: the parts `src` holds that `dst` does not,
 * with their dynamic states and stages. */
void vk_graphics_pipeline_state_merge(struct vk_graphics_pipeline_state *dst,
                                      const struct vk_graphics_pipeline_state *src);

/* ---- 2. dynamic state (replay side) --------------------------------------- */

struct vk_dynamic_graphics_state {
   /* Current values of every state (the bound pipeline's static ones
    * included once it is bound). */
   struct vk_graphics_state s;
   /* States whose value changed since the last clear. */
   vk_dyn_set dirty;
   /* The bound pipeline changed: states no VkDynamicState covers (formats,
    * attachment count, sample shading...) may differ. */
   bool pipeline_dirty;
   const struct vk_graphics_pipeline_state *pipeline;
};

/* Defaults, everything dirty, no pipeline (a command buffer's start). */
void vk_dynamic_graphics_state_init(struct vk_dynamic_graphics_state *dyn);

/* Writes size_B bytes at offset_B inside state `state`'s field (a vkCmdSet*
 * replayed); dirty if the bytes differ. False (nothing written) if the
 * range is not inside the field. */
bool vk_dynamic_graphics_state_set(struct vk_dynamic_graphics_state *dyn,
                                   enum vk_dyn state, uint32_t offset_B, uint32_t size_B,
                                   const void *data);

/* Applies `p`'s static states (vkCmdBindPipeline replayed). */
void vk_dynamic_graphics_state_bind_pipeline(struct vk_dynamic_graphics_state *dyn,
                                             const struct vk_graphics_pipeline_state *p);

static inline bool
vk_dynamic_graphics_state_any_dirty(const struct vk_dynamic_graphics_state *dyn)
{
   return dyn->pipeline_dirty || !bitset_is_empty(dyn->dirty, BITSET_WORDS(VK_DYN_COUNT));
}

static inline void
vk_dynamic_graphics_state_clear_dirty(struct vk_dynamic_graphics_state *dyn)
{
   BITSET_ZERO(dyn->dirty);
   dyn->pipeline_dirty = false;
}

/* Bit g set: some state of group g (enum vk_gs_group) is dirty; every
 * group when the pipeline changed. For re-deriving only what changed. */
uint32_t
vk_dynamic_graphics_state_dirty_groups(const struct vk_dynamic_graphics_state *dyn);

/* ---- 3. at a draw ------------------------------------------------------- */

/* The complete state of a draw: `p`'s values, each dynamic state of `p`
 * from `dyn`. */
void vk_graphics_state_merge(struct vk_graphics_state *out,
                             const struct vk_graphics_pipeline_state *p,
                             const struct vk_dynamic_graphics_state *dyn);

/* Point, line, triangle or patch: what the rasterizer's setup depends on. */
enum vk_topology_class {
   VK_TOPOLOGY_CLASS_POINT,
   VK_TOPOLOGY_CLASS_LINE,
   VK_TOPOLOGY_CLASS_TRIANGLE,
   VK_TOPOLOGY_CLASS_PATCH,
};
enum vk_topology_class vk_topology_class(VkPrimitiveTopology topology);

/* What shapes generated code. Zeroed, then filled, so its bytes (padding
 * included: there is none, a static assert says so) hash and compare.
 * Enums are stored in the byte they fit (all core values do). Derived
 * where a consumer never needs the raw value: depth clip resolved,
 * write masks are 0 for attachments whose colour write is disabled,
 * blend enables and equations are zero for attachments that do not blend,
 * depth/stencil fields are zero when their test is off. */
struct vk_graphics_key {
   /* input assembly, vertex fetch */
   uint8_t topology;      /* VkPrimitiveTopology */
   uint8_t topology_class; /* enum vk_topology_class */
   uint8_t primitive_restart_enable;
   uint8_t tess_domain_origin;
   uint32_t vi_attributes_valid;
   uint32_t vi_instance_rate_bindings; /* bit b: binding b steps per instance */
   uint32_t vi_formats[VK_GS_MAX_VERTEX_ATTRIBUTES];  /* VkFormat, 0 when not read */
   uint8_t vi_bindings[VK_GS_MAX_VERTEX_ATTRIBUTES]; /* binding of each location */
   /* primitive processing */
   uint8_t rasterizer_discard;
   uint8_t depth_clamp;
   uint8_t depth_clip;
   uint8_t depth_clip_negative_one_to_one;
   uint8_t polygon_mode; /* VkPolygonMode (FILL/LINE/POINT) */
   uint8_t cull_mode;
   uint8_t front_face;
   uint8_t provoking_vertex_last;
   uint8_t depth_bias_enable;
   uint8_t line_mode; /* VkLineRasterizationModeEXT */
   uint8_t line_stipple_enable;
   uint8_t conservative_mode;
   uint8_t rasterization_stream;
   /* multisample */
   uint8_t samples; /* 1, 2, 4, 8 */
   uint8_t sample_shading_enable;
   uint8_t alpha_to_coverage;
   uint8_t alpha_to_one;
   uint8_t sample_locations_enable;
   uint8_t pad0[2];
   /* depth/stencil */
   uint8_t depth_test;
   uint8_t depth_write;
   uint8_t depth_compare_op;
   uint8_t depth_bounds_test;
   uint8_t stencil_test;
   uint8_t stencil_ops[2][4]; /* front, back: fail, pass, depth fail, compare */
   uint8_t pad1[3];
   /* colour */
   uint8_t logic_op_enable;
   uint8_t logic_op;
   uint8_t color_attachment_count;
   uint8_t blend_enables;    /* bit a: attachment a blends */
   uint8_t write_masks[VK_GS_MAX_COLOR_ATTACHMENTS];
   /* src, dst, op of colour, then of alpha */
   uint8_t equations[VK_GS_MAX_COLOR_ATTACHMENTS][6];
   uint32_t color_formats[VK_GS_MAX_COLOR_ATTACHMENTS];
   uint32_t depth_format;
   uint32_t stencil_format;
   uint32_t view_mask;
};

/* Per-draw numbers fed to the code the key selects. */
struct vk_graphics_values {
   uint32_t viewport_count;
   uint32_t scissor_count;
   VkViewport viewports[VK_GS_MAX_VIEWPORTS];
   VkRect2D scissors[VK_GS_MAX_VIEWPORTS];
   struct vk_depth_bias depth_bias;
   float line_width;
   struct vk_line_stipple line_stipple;
   float extra_primitive_overestimation_size;
   uint32_t patch_control_points;
   float min_sample_shading;
   uint32_t sample_mask;
   struct vk_sample_locations sample_locations;
   struct vk_depth_bounds depth_bounds;
   uint32_t stencil_compare_mask[2];
   uint32_t stencil_write_mask[2];
   uint32_t stencil_reference[2];
   float blend_constants[4];
   uint32_t vi_binding_strides[VK_GS_MAX_VERTEX_BINDINGS];
   uint32_t vi_divisors[VK_GS_MAX_VERTEX_BINDINGS];
   uint32_t vi_offsets_B[VK_GS_MAX_VERTEX_ATTRIBUTES];
};

void vk_graphics_state_split(const struct vk_graphics_state *s,
                             struct vk_graphics_key *key,
                             struct vk_graphics_values *values);

/* 64-bit FNV-1a of the key's bytes. */
uint64_t vk_graphics_key_hash(const struct vk_graphics_key *key);

#endif /* VK_GRAPHICS_STATE_H */
