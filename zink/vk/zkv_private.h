/* SPDX-License-Identifier: MIT */
/*
 * zkv's internal objects. One object per file (zkv_<object>.c); this header
 * holds their structs and the functions files call in each other.
 */
#ifndef ZKV_PRIVATE_H
#define ZKV_PRIVATE_H

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>

#include "util/dynarray.h"
#include "util/hash_table.h"
#include "zkv.h"

#define ZKV_MAX_DESCRIPTOR_POOL_SETS 256
#define ZKV_MEMORY_BLOCK_B           (16u << 20)
#define ZKV_UPLOAD_CHUNK_B           (1u << 20)
#define ZKV_UPLOAD_CHUNKS_KEPT       4  /* per batch, across reuse */
/* Set 0 bindings below this are dynamic uniform buffers (zkv_program.c). */
#define ZKV_DYNAMIC_UBOS             2

/* ---- references (zkv_ref.c) ---------------------------------------------------------- */

struct zkv_timeline;

/* Embedded in every object a batch may keep alive. A batch takes one
 * reference per object (batch_uid dedups) and drops it when it finishes;
 * timeline/seqno say which batch used it last (buffers wait on it). */
struct zkv_ref {
   atomic_int count;
   void (*release)(struct zkv_ref *ref);
   /* Atomic: contexts on several threads may use one object (GL share
    * lists). The pair timeline/seqno is not updated as one: a reader racing
    * a writer may wait for the wrong batch, which GL's rules (a flush and a
    * fence between contexts) make harmless. */
   _Atomic uint64_t batch_uid;
   struct zkv_timeline *_Atomic timeline;
   _Atomic uint64_t seqno;
};

void zkv_ref_init(struct zkv_ref *ref, void (*release)(struct zkv_ref *ref));
void zkv_ref_get(struct zkv_ref *ref);
void zkv_ref_put(struct zkv_ref *ref);

/* ---- memory (zkv_memory.c) ---------------------------------------------------------- */

struct zkv_memory_block;

/* A piece of a VkDeviceMemory block (or a dedicated allocation). */
struct zkv_allocation {
   struct zkv_memory_block *block;
   VkDeviceMemory memory;
   VkDeviceSize offset_B, size_B;
   void *map; /* host pointer of offset_B, NULL if not host-visible */
   bool coherent;
};

struct zkv_allocator {
   pthread_mutex_t lock;
   struct zkv_memory_block *blocks; /* list */
};

VkResult zkv_memory_alloc(struct zkv_screen *screen, const VkMemoryRequirements *req,
                          VkMemoryPropertyFlags want, VkMemoryPropertyFlags prefer,
                          struct zkv_allocation *out);
void zkv_memory_free(struct zkv_screen *screen, struct zkv_allocation *alloc);
void zkv_memory_finish(struct zkv_screen *screen);

/* ---- screen (zkv_screen.c) --------------------------------------------------------- */

/* Device commands of extensions (or of 1.3 core), looked up once. */
struct zkv_dispatch {
   PFN_vkCmdBeginRenderingKHR CmdBeginRendering;
   PFN_vkCmdEndRenderingKHR CmdEndRendering;
   PFN_vkCmdBeginConditionalRenderingEXT CmdBeginConditionalRenderingEXT;
   PFN_vkCmdEndConditionalRenderingEXT CmdEndConditionalRenderingEXT;
   PFN_vkCmdBindTransformFeedbackBuffersEXT CmdBindTransformFeedbackBuffersEXT;
   PFN_vkCmdBeginTransformFeedbackEXT CmdBeginTransformFeedbackEXT;
   PFN_vkCmdEndTransformFeedbackEXT CmdEndTransformFeedbackEXT;
   PFN_vkCmdBeginQueryIndexedEXT CmdBeginQueryIndexedEXT;
   PFN_vkCmdEndQueryIndexedEXT CmdEndQueryIndexedEXT;
   PFN_vkCmdDrawIndirectByteCountEXT CmdDrawIndirectByteCountEXT;
   PFN_vkCmdSetLineStippleEXT CmdSetLineStippleEXT;
   PFN_vkCmdDrawIndirectCount CmdDrawIndirectCount;
   PFN_vkCmdDrawIndexedIndirectCount CmdDrawIndexedIndirectCount;
   PFN_vkCmdSetCullModeEXT CmdSetCullMode;
   PFN_vkCmdSetFrontFaceEXT CmdSetFrontFace;
   PFN_vkCmdSetPrimitiveTopologyEXT CmdSetPrimitiveTopology;
   PFN_vkCmdSetDepthTestEnableEXT CmdSetDepthTestEnable;
   PFN_vkCmdSetDepthWriteEnableEXT CmdSetDepthWriteEnable;
   PFN_vkCmdSetDepthCompareOpEXT CmdSetDepthCompareOp;
   PFN_vkCmdSetDepthBoundsTestEnableEXT CmdSetDepthBoundsTestEnable;
   PFN_vkCmdSetStencilTestEnableEXT CmdSetStencilTestEnable;
   PFN_vkCmdSetStencilOpEXT CmdSetStencilOp;
   PFN_vkCmdSetPrimitiveRestartEnableEXT CmdSetPrimitiveRestartEnable;
   PFN_vkCmdSetDepthBiasEnableEXT CmdSetDepthBiasEnable;
   PFN_vkCmdSetVertexInputEXT CmdSetVertexInputEXT;
   PFN_vkCmdDrawMultiEXT CmdDrawMultiEXT;
   PFN_vkCmdDrawMultiIndexedEXT CmdDrawMultiIndexedEXT;
   PFN_vkWaitSemaphores WaitSemaphores;
   PFN_vkGetSemaphoreCounterValue GetSemaphoreCounterValue;
};

struct zkv_screen {
   VkInstance instance;
   VkPhysicalDevice pdev;
   VkDevice dev;
   VkQueue queue;
   uint32_t queue_family;
   struct zkv_caps caps;
   struct zkv_dispatch vk;
   VkPhysicalDeviceMemoryProperties mem_props;
   VkPipelineCache pipeline_cache;
   bool null_descriptor;
   VkDebugUtilsMessengerEXT messenger;
   bool shader_output_layer;
   uint32_t max_multi_draw;        /* VK_EXT_multi_draw's maxMultiDrawCount */
   bool vertex_input_dynamic;      /* VK_EXT_vertex_input_dynamic_state */       /* gl_Layer from vertex shaders (Vulkan 1.2) */
   struct zkv_meta *meta;          /* zkv_meta_clear.c, made on first use */
   atomic_uint validation_errors;

   pthread_mutex_t lock;          /* queue submits, caches, timelines */
   struct zkv_allocator allocator;
   struct hash_table samplers;    /* zkv_sampler_state -> zkv_sampler */
   struct dynarray timelines; /* struct zkv_timeline *: freed with the screen */
   atomic_uint_fast64_t next_batch_uid;

   /* Format features, cached for the core formats (index = VkFormat). */
   VkFormatFeatureFlags format_optimal[VK_FORMAT_ASTC_12x12_SRGB_BLOCK + 1];
   VkFormatFeatureFlags format_buffer[VK_FORMAT_ASTC_12x12_SRGB_BLOCK + 1];
   bool format_cached[VK_FORMAT_ASTC_12x12_SRGB_BLOCK + 1];
};

void zkv_meta_finish(struct zkv_screen *screen);

/* The newest Vulkan zkv asks for (the device's own if older). */
#define ZKV_API_VERSION VK_API_VERSION_1_3

/* zkv_device.c: why a physical device cannot carry zkv (NULL if it can),
 * and the logical device with its features, caps and entry points. */
const char *zkv_device_unsuitable(VkPhysicalDevice pdev);
VkResult zkv_device_create(struct zkv_screen *screen, const char **message);

/* ---- buffers (zkv_buffer.c) --------------------------------------------------------- */

/* A buffer's VkBuffer and memory: replaced when a busy buffer is
 * invalidated, so batches keep the storage, not the buffer, alive. */
struct zkv_buffer_storage {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   VkBuffer buffer;
   struct zkv_allocation alloc;
   VkDeviceSize size_B;
};

struct zkv_buffer {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   VkDeviceSize size_B;
   uint32_t usage, flags;
   struct zkv_buffer_storage *storage;
   uint32_t generation;           /* bumped when storage is replaced */
   bool mapped;
};

struct zkv_buffer_view {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   struct zkv_buffer *buffer;
   VkFormat format;
   VkDeviceSize offset_B, range_B;
   struct zkv_buffer_view_handle *handle; /* for the buffer's current storage */
};

/* A VkBufferView of one storage (batches keep it alive). */
struct zkv_buffer_view_handle {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   VkBufferView view;
   struct zkv_buffer_storage *storage;
};

VkBufferUsageFlags zkv_buffer_vk_usage(const struct zkv_screen *screen, uint32_t usage);
/* The VkBufferView for the buffer's current storage (made on demand). */
struct zkv_buffer_view_handle *zkv_buffer_view_current(struct zkv_buffer_view *view);

/* ---- images (zkv_image.c) ---------------------------------------------------------- */

struct zkv_image {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   struct zkv_image_desc desc;
   VkImage image;
   struct zkv_allocation alloc;
   VkImageAspectFlags aspects;
   atomic_bool initialized;      /* moved to VK_IMAGE_LAYOUT_GENERAL */
};

struct zkv_image_view {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   struct zkv_image *image;
   struct zkv_image_view_desc desc; /* resolved: no zero defaults left */
   VkImageView view;             /* for sampling: the desc's swizzle and aspects */
   VkImageView attachment_view;  /* identity swizzle, every aspect: rendering, storage */
};

VkImageSubresourceRange zkv_image_range(const struct zkv_image *image, VkImageAspectFlags aspects,
                                        uint32_t level, uint32_t levels, uint32_t layer,
                                        uint32_t layers);

/* Bytes per texel block of one aspect (depth of D24S8: 4, its stencil: 1). */
uint32_t zkv_aspect_block_size_B(VkFormat format, VkImageAspectFlags aspect);
/* A box of an image level as Vulkan's copy regions want it. */
void zkv_image_box_region(const struct zkv_image *image, uint32_t level, VkImageAspectFlags aspect,
                          const struct zkv_box *box, VkImageSubresourceLayers *layers,
                          VkOffset3D *offset, VkExtent3D *extent);

/* ---- samplers (zkv_sampler.c) ------------------------------------------------------ */

struct zkv_sampler {
   struct zkv_sampler_state state; /* the key */
   VkSampler sampler;
};

void zkv_sampler_cache_finish(struct zkv_screen *screen);

/* ---- programs and pipelines (zkv_program.c, zkv_spirv_scan.c, zkv_pipeline.c) ------- */

struct zkv_program {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   VkShaderModule modules[ZKV_STAGE_COUNT];
   VkShaderStageFlags stages;
   bool compute;
   bool xfb;
   struct zkv_binding_desc *bindings; /* sorted by set, binding */
   uint32_t num_bindings;
   uint32_t set_first[ZKV_MAX_SETS], set_count[ZKV_MAX_SETS]; /* into bindings */
   uint32_t dynamic_mask; /* set 0 bindings that are UNIFORM_BUFFER_DYNAMIC */
   VkDescriptorSetLayout set_layouts[ZKV_MAX_SETS];
   VkPipelineLayout layout;
   const struct zk_program_info *info;
   pthread_mutex_t lock;
   struct hash_table pipelines;     /* zkv_pipeline_key -> VkPipeline */
   VkPipeline compute_pipeline;
};

/* What a graphics pipeline depends on beyond the program: a plain struct,
 * zeroed before it is filled (hashed and compared as bytes). */
struct zkv_pipeline_key {
   uint32_t topology, primitive_restart, patch_control_points;
   uint32_t rasterizer_discard, polygon_mode, cull_mode, front_face;
   uint32_t depth_clamp, depth_bias_enable, line_mode, line_stipple_enable;
   uint32_t provoking_last, clip_negative_one_to_one;
   uint32_t samples, sample_shading, sample_mask, alpha_to_coverage, alpha_to_one;
   float min_sample_shading;
   uint32_t depth_test, depth_write, depth_compare, depth_bounds_test, stencil_test;
   struct {
      uint32_t fail, pass, depth_fail, compare;
   } stencil[2];
   struct {
      uint32_t enable, src_color, dst_color, color_op, src_alpha, dst_alpha, alpha_op, write_mask;
   } blend[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t logic_op_enable, logic_op;
   uint32_t num_viewports;
   uint32_t color_formats[ZKV_MAX_COLOR_ATTACHMENTS];
   uint32_t depth_format, stencil_format;
   struct {
      uint32_t used, stride, per_instance, divisor;
   } bindings[ZKV_MAX_VERTEX_BINDINGS];
   struct {
      uint32_t format, binding, offset;
   } attribs[ZKV_MAX_VERTEX_ATTRIBS];
};

/* Everything a draw sets as dynamic state, zeroed then filled, so the
 * context can skip setting it again when nothing changed (zkv_draw.c). */
struct zkv_dynamic {
   uint32_t num_viewports;
   VkViewport viewports[ZKV_MAX_VIEWPORTS];
   VkRect2D scissors[ZKV_MAX_VIEWPORTS];
   float line_width, bias_constant, bias_clamp, bias_slope;
   float blend_constants[4];
   float min_depth_bounds, max_depth_bounds;
   uint32_t stencil_compare[2], stencil_write[2], stencil_reference[2];
   uint32_t line_stipple, stipple_factor, stipple_pattern;
   struct zkv_pipeline_key key; /* the extended dynamic state and vertex input it sets */
};

/* Reads DescriptorSet/Binding and the variables' types from a module: adds
 * a binding per resource (merging with ones already in the array); sets
 * *xfb if the module declares the Xfb execution mode. false on a
 * malformed module. */
bool zkv_spirv_scan_bindings(const uint32_t *words, size_t num_words, VkShaderStageFlags stage,
                             struct dynarray *bindings, bool *xfb, const char **message);

/* The graphics pipeline for a draw's state (cached on the program). The
 * key it was made from goes to *key (the values dynamic state must set). */
VkPipeline zkv_pipeline_get(struct zkv_context *ctx, const struct zkv_draw_state *state,
                            struct zkv_pipeline_key *key);
/* Sets the extended dynamic state the pipeline leaves to the command buffer
 * (the key's values before they were taken out of it). */
void zkv_pipeline_set_dynamic(struct zkv_context *ctx, VkCommandBuffer cmd,
                              const struct zkv_pipeline_key *full);
void zkv_pipeline_cache_finish(struct zkv_program *program);

/* ---- timelines, batches and context (zkv_timeline.c, zkv_batch.c, zkv_context.c) ---- */

struct zkv_timeline {
   VkSemaphore semaphore;
   struct zkv_screen *screen;
   /* Atomic: fences are waited on from other threads (EGL sync objects). */
   _Atomic uint64_t submitted; /* highest value a submitted batch signals */
   _Atomic uint64_t completed; /* highest value seen signalled (may lag) */
   atomic_bool lost;           /* a wait or a counter read said VK_ERROR_DEVICE_LOST */
};

struct zkv_timeline *zkv_timeline_create(struct zkv_screen *screen, VkResult *result);
bool zkv_timeline_wait(struct zkv_timeline *tl, uint64_t value, uint64_t timeout_ns);
bool zkv_timeline_reached(struct zkv_timeline *tl, uint64_t value);

struct zkv_fence {
   atomic_int count;
   struct zkv_timeline *timeline;
   uint64_t value;
};

struct zkv_upload_chunk {
   struct zkv_buffer *buffer;
   VkDeviceSize used_B;
};

struct zkv_batch {
   VkCommandPool pool;
   VkCommandBuffer cmd;
   uint64_t uid;
   uint64_t seqno;                 /* timeline value it signals */
   struct dynarray refs;      /* struct zkv_ref * */
   struct dynarray desc_pools;/* VkDescriptorPool */
   uint32_t desc_pool_used;        /* index of the pool being filled */
   struct dynarray uploads;   /* struct zkv_upload_chunk */
   uint32_t upload_current;
   struct dynarray waits;     /* struct zkv_fence *: waited before submit */
   struct zkv_batch *next;
};

struct zkv_batch *zkv_batch_create(struct zkv_context *ctx, VkResult *result);
void zkv_batch_destroy(struct zkv_context *ctx, struct zkv_batch *batch);
/* Ready for recording again: drops references, resets pools. */
void zkv_batch_reset(struct zkv_context *ctx, struct zkv_batch *batch);
/* Keeps `ref` alive until the batch finishes; marks it used by the batch. */
void zkv_batch_use(struct zkv_context *ctx, struct zkv_ref *ref);
VkDescriptorSet zkv_batch_alloc_set(struct zkv_context *ctx, VkDescriptorSetLayout layout);

/* One Vulkan query (two slots: time elapsed uses both), shared by the GL
 * queries of one class active while it counted (zkv_query.c). */
struct zkv_query_pool {
   atomic_int refs;
   VkQueryPool pool;
   VkQueryType type;
   VkQueryPipelineStatisticFlags stats;
   bool saw_gs, saw_plain;         /* statistics: draws with / without a GS */
};

/* A stretch of a GL query's life: the Vulkan query that counted it. */
struct zkv_query_piece {
   struct zkv_query_pool *qp;
};

/* Query classes whose GL queries share one Vulkan query while several are
 * active (Vulkan allows one active query per type in a command buffer). */
enum zkv_query_class {
   ZKV_QUERY_CLASS_OCCLUSION,
   ZKV_QUERY_CLASS_STATISTICS,
   ZKV_QUERY_CLASS_COUNT,
};

struct zkv_query {
   struct zkv_ref ref;
   struct zkv_context *ctx;
   enum zkv_query_type type;
   uint32_t index;
   struct dynarray pieces;    /* struct zkv_query_piece */
   bool active;
   uint64_t seqno;                 /* batch of the last piece */
   bool has_result;
   uint64_t result;
   struct zkv_query *next_active;
};

struct zkv_context {
   struct zkv_screen *screen;
   struct zkv_timeline *timeline;
   struct zkv_batch *batch;        /* recording */
   struct zkv_batch *in_flight;    /* oldest first */
   struct zkv_batch *free_batches;
   VkResult status;
   uint64_t last_submitted;

   /* The rendering scope being recorded. */
   bool rendering;
   struct zkv_framebuffer fb;
   bool xfb_running;
   struct zkv_xfb_target *xfb_running_targets[ZKV_MAX_XFB_BUFFERS];

   /* What the last draw bound in this batch. */
   VkPipeline bound_pipeline;
   struct zkv_program *bound_program;
   bool bound_compute;
   VkDescriptorSet bound_sets[ZKV_MAX_SETS];
   uint32_t bound_dynamic_offsets[ZKV_DYNAMIC_UBOS];
   struct zkv_descriptor bound_desc[ZKV_MAX_SETS][ZKV_MAX_BINDINGS];
   uint32_t bound_generation[ZKV_MAX_SETS][ZKV_MAX_BINDINGS];

   struct zkv_query *active_queries;
   struct zkv_query_pool *open_pool[ZKV_QUERY_CLASS_COUNT]; /* begun, shared */

   /* The dynamic state the last draw set (valid until a pipeline change). */
   struct zkv_dynamic dynamic;
   bool dynamic_valid;

   /* Conditional rendering. */
   struct zkv_query *condition;
   bool condition_inverted;
   bool condition_wait;
   struct zkv_buffer *condition_buffer;
   bool condition_ready;          /* condition_buffer holds the predicate for this batch */
   bool condition_host_skip;      /* host decided: skip draws */

   struct zkv_sampler *default_sampler;
   struct zkv_buffer *dummy_buffer;   /* for unset buffer slots without nullDescriptor */
};

/* The command buffer to record into (a batch begun on demand); NULL after
 * an error (ctx->status). */
VkCommandBuffer zkv_context_cmd(struct zkv_context *ctx);
/* Records a failure once. */
void zkv_context_error(struct zkv_context *ctx, VkResult result);
/* Ends the rendering scope if one is open (before transfers, barriers). */
void zkv_context_end_rendering(struct zkv_context *ctx);
/* A global memory barrier: everything before happens before everything after. */
void zkv_context_barrier(struct zkv_context *ctx);
/* Outside rendering with a barrier: what every transfer command needs. */
VkCommandBuffer zkv_context_transfer_cmd(struct zkv_context *ctx);
/* Waits until the batches that used `ref` last are done (flushing first
 * if the recording batch used it). */
void zkv_context_wait_ref(struct zkv_context *ctx, struct zkv_ref *ref);
bool zkv_ref_busy(struct zkv_context *ctx, const struct zkv_ref *ref);
/* Image layout: GENERAL from its first use on. */
void zkv_context_init_image(struct zkv_context *ctx, struct zkv_image *image);
/* Staging memory for this batch; the mapped pointer in *map. */
bool zkv_context_stage(struct zkv_context *ctx, VkDeviceSize size_B, VkDeviceSize align_B,
                       struct zkv_buffer **buffer, VkDeviceSize *offset_B, void **map);

/* Queries (zkv_query.c): pieces end before a batch is submitted and begin
 * again in the next one. */
void zkv_queries_suspend(struct zkv_context *ctx);
/* A draw with (or without) a geometry shader happens inside the active
 * primitives-generated queries. */
void zkv_queries_note_draw(struct zkv_context *ctx, bool geometry_shader);
void zkv_queries_resume(struct zkv_context *ctx);
/* Conditional rendering around one command (zkv_query.c): false if the
 * host already knows the command must be skipped. */
bool zkv_condition_begin(struct zkv_context *ctx, VkCommandBuffer cmd);
void zkv_condition_end(struct zkv_context *ctx, VkCommandBuffer cmd, bool begun);
void zkv_condition_prepare(struct zkv_context *ctx);

/* Transform feedback (zkv_xfb.c). */
struct zkv_xfb_target {
   struct zkv_ref ref;
   struct zkv_screen *screen;
   struct zkv_buffer *buffer;
   VkDeviceSize offset_B, size_B;
   struct zkv_buffer *counter;     /* 4 bytes: the byte count written */
   bool counter_valid;
};
/* Starts capture in the current rendering scope if the state asks for it,
 * ends it if not. */
void zkv_xfb_update(struct zkv_context *ctx, VkCommandBuffer cmd, const struct zkv_draw_state *state);
/* Ends capture (counters written) before the scope ends. */
void zkv_xfb_pause(struct zkv_context *ctx, VkCommandBuffer cmd);

/* Descriptors (zkv_descriptors.c): writes and binds the sets the program
 * uses whose contents changed. */
/* Moves the images the program samples to GENERAL (outside rendering). */
void zkv_descriptors_prepare(struct zkv_context *ctx, struct zkv_program *program,
                             const struct zkv_bindings *bindings);
void zkv_descriptors_bind(struct zkv_context *ctx, VkCommandBuffer cmd,
                          struct zkv_program *program, const struct zkv_bindings *bindings,
                          VkPipelineBindPoint bind_point);

/* Rendering (zkv_render.c): begins a rendering scope on `fb` unless one is
 * open on it. */
void zkv_render_begin(struct zkv_context *ctx, const struct zkv_framebuffer *fb);
/* GL window rectangle -> Vulkan framebuffer rectangle (flip_y mirrors). */
VkRect2D zkv_render_rect(const struct zkv_framebuffer *fb, const struct zkv_rect *rect);

#endif /* ZKV_PRIVATE_H */
