/* SPDX-License-Identifier: MIT */
/*
 * zkv: the GL-agnostic Vulkan layer of kiln's GL driver (zink/vk/).
 *
 *    zink/gl (GL objects, state, errors)  --zkv.h-->  zink/vk  --loader-->  kiln / lavapipe
 *
 * zkv plays the part a pipe_context plays under Mesa's GL state tracker, but
 * speaks Vulkan's vocabulary: formats are VkFormat, compare functions
 * VkCompareOp, blend factors VkBlendFactor and so on. The GL front end
 * translates GL enums once, where it validates them; zkv never sees a GL
 * enum except in zkv_format_for_gl(), which maps GL internal formats to
 * the VkFormat the device can back.
 *
 * Objects
 *    zkv_screen    the instance, physical device, device and queue (one per
 *                  EGLDisplay); buffers, images, views, samplers and
 *                  programs are created on it and may be used by every
 *                  context of the screen.
 *    zkv_context   a command stream: batches of command buffers submitted
 *                  in order, a ring of them, fences, descriptor pools, the
 *                  pipeline and descriptor state of the last draw. One
 *                  thread at a time (the caller, like GL, enforces it).
 *    zkv_fence     a point in a context's stream (zkv_flush returns one).
 *
 * Lifetimes: resources are reference counted. *_destroy drops the caller's
 * reference; a batch that recorded a command using an object holds a
 * reference until that batch finishes on the device, so destroying
 * something still in flight is always safe.
 *
 * Synchronisation: zkv orders everything it records in one context as the
 * commands were issued (GL's rule): transfers, draws and dispatches see the
 * results of earlier ones. Images live in VK_IMAGE_LAYOUT_GENERAL for their
 * whole life, so no layout is ever tracked. Mapping a buffer waits for the
 * batches that use it unless ZKV_MAP_UNSYNCHRONIZED says not to. Between
 * contexts, a fence orders work (zkv_context_wait_fence).
 *
 * Errors: functions that create objects return NULL and set *result to the
 * VkResult (VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY,
 * VK_ERROR_FORMAT_NOT_SUPPORTED, VK_ERROR_FEATURE_NOT_PRESENT,
 * VK_ERROR_INITIALIZATION_FAILED ...); where a caller may want a sentence,
 * *message gets a static string. Commands recorded into a context cannot
 * fail on their own: an allocation that fails while recording is remembered
 * and returned by zkv_context_status(), as is VK_ERROR_DEVICE_LOST (GL's
 * GL_OUT_OF_MEMORY / GL_CONTEXT_LOST / robustness status come from it).
 * Bad arguments (a box outside an image, a level past the last) are the
 * front end's to reject with the GL error; zkv checks them with assert().
 */
#ifndef ZKV_H
#define ZKV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <vulkan/vulkan.h>

#ifdef __cplusplus
extern "C" {
#endif

struct zk_program_info; /* zink/compiler/zk_compiler.h */

struct zkv_screen;
struct zkv_context;
struct zkv_fence;
struct zkv_buffer;
struct zkv_buffer_view;
struct zkv_image;
struct zkv_image_view;
struct zkv_sampler;
struct zkv_program;
struct zkv_query;
struct zkv_xfb_target;

/* ---- limits of the binding model ------------------------------------------------ */

#define ZKV_MAX_COLOR_ATTACHMENTS 8
#define ZKV_MAX_VERTEX_BINDINGS   32
#define ZKV_MAX_VERTEX_ATTRIBS    32
#define ZKV_MAX_VIEWPORTS         16
#define ZKV_MAX_XFB_BUFFERS       4
#define ZKV_MAX_SETS              4  /* zk_compiler.h's ZK_SET_* */
/* Slots per descriptor set the state addresses (set 2 needs 64 + atomic
 * counter buffer bindings). Element i of an arrayed binding b reads slot
 * b + i, as GL numbers the units of `uniform sampler2D s[4]` from its
 * binding. */
#define ZKV_MAX_BINDINGS          96

/* ---- screen ----------------------------------------------------------------------- */

/* What the device offers that the front end must know (GL limits, which
 * extensions it may expose, which shader variants it needs). */
struct zkv_caps {
   uint32_t api_version;            /* the device's, capped at what zkv asks for (1.3) */
   char device_name[VK_MAX_PHYSICAL_DEVICE_NAME_SIZE];
   VkPhysicalDeviceType device_type;
   uint32_t vendor_id, device_id;
   VkPhysicalDeviceLimits limits;
   VkPhysicalDeviceFeatures features; /* the Vulkan 1.0 features zkv enabled (all offered) */

   /* Extensions / features zkv enabled because the device has them. */
   bool dynamic_rendering;          /* required: screen creation fails without it */
   bool extended_dynamic_state;     /* cull, front face, topology, depth/stencil state are dynamic */
   bool extended_dynamic_state2;    /* depth bias enable and primitive restart are dynamic */
   bool depth_clip_control;         /* GL's -1..1 clip depth (zk_program_key.depth_clip_control) */
   bool depth_clip_enable;          /* GL_DEPTH_CLAMP independent of clipping */
   bool provoking_vertex_last;      /* GL's default GL_LAST_VERTEX_CONVENTION */
   bool conditional_rendering;
   bool transform_feedback;         /* VK_EXT_transform_feedback with xfb queries */
   uint32_t max_xfb_streams, max_xfb_buffers;
   bool custom_border_color;        /* any border colour; else the three Vulkan ones */
   bool vertex_attribute_divisor;   /* divisors > 1 */
   bool vertex_attribute_zero_divisor;
   bool index_type_uint8;
   bool line_rasterization;         /* Bresenham lines, stipple (GL's lines) */
   bool line_stipple;
   bool primitive_topology_list_restart;
   bool color_write_enable;
   bool multi_draw;
   bool draw_indirect_count;        /* glMultiDraw*IndirectCount */
   bool shader_draw_parameters;     /* gl_BaseVertex, gl_BaseInstance, gl_DrawID */
   bool sampler_mirror_clamp_to_edge;
   bool sampler_filter_minmax;
   bool non_seamless_cube_map;      /* GL_TEXTURE_CUBE_MAP_SEAMLESS off */
   bool robustness2;                /* null descriptors, robust access */
   bool host_query_reset;
   bool timestamps;                 /* timestamp queries on the queue */
   uint32_t timestamp_valid_bits;
   double timestamp_period_ns;
   bool pipeline_statistics;
   bool primitives_generated;       /* a query for GL_PRIMITIVES_GENERATED (pipeline statistics) */
   bool vertex_input_dynamic;       /* vertex arrays are dynamic state, not pipeline state */
};

/* Opens the Vulkan device through the loader. When several physical devices
 * exist, KILN_ZINK_DEVICE picks one: an index into vkEnumeratePhysicalDevices'
 * list or a substring of the device name; otherwise the first device that
 * offers everything zkv requires. NULL on failure with *result and *message
 * (a static string) saying why. */
struct zkv_screen *zkv_screen_create(VkResult *result, const char **message);
void zkv_screen_destroy(struct zkv_screen *screen);
const struct zkv_caps *zkv_screen_caps(const struct zkv_screen *screen);

/* Vulkan validation, for tests and debugging: with KILN_ZINK_VALIDATE=1 in
 * the environment, zkv_screen_create enables VK_LAYER_KHRONOS_validation
 * (with synchronization validation) when it is installed, prints every
 * error it reports to stderr and counts them here. 0 without validation. */
uint32_t zkv_screen_validation_errors(const struct zkv_screen *screen);

/* The raw handles, for window-system layers that must share them. */
VkInstance zkv_screen_instance(const struct zkv_screen *screen);
VkPhysicalDevice zkv_screen_physical_device(const struct zkv_screen *screen);
VkDevice zkv_screen_device(const struct zkv_screen *screen);

/* Format support: the VkFormatFeatureFlags the device gives `format` with
 * optimal tiling (images) and as a buffer format (vertex attributes, texel
 * buffers). Cached. */
VkFormatFeatureFlags zkv_format_features(struct zkv_screen *screen, VkFormat format);
VkFormatFeatureFlags zkv_format_buffer_features(struct zkv_screen *screen, VkFormat format);
/* Whether an image of this type/format/usage/flags/samples can be made and
 * how large (vkGetPhysicalDeviceImageFormatProperties). */
bool zkv_image_format_supported(struct zkv_screen *screen, VkImageType type, VkFormat format,
                                VkImageUsageFlags usage, VkImageCreateFlags flags,
                                VkSampleCountFlagBits samples, VkImageFormatProperties *props);

/* How a GL internal format is stored: the VkFormat, and the swizzle a
 * texture view needs so shaders see GL's channels (GL_ALPHA8 stored as R8
 * reads (0, 0, 0, r); GL_RGB8 stored as RGBA8 reads alpha 1; GL_LUMINANCE8
 * reads (r, r, r, 1)). `needed` are the features the front end requires
 * (e.g. SAMPLED_IMAGE | COLOR_ATTACHMENT for a renderable texture); the first
 * candidate that has them wins (GL_DEPTH_COMPONENT24 tries D24_UNORM_S8 then
 * D32_SFLOAT...). Returns VK_FORMAT_UNDEFINED for formats GL does not have
 * or the device cannot back. gl_internal_format is the GLenum's value. */
struct zkv_format_choice {
   VkFormat format;
   VkComponentMapping swizzle;     /* to apply in sampled views */
   bool emulated;                  /* stored in a wider format than GL names (e.g. RGB8 in RGBA8) */
};
bool zkv_format_for_gl(struct zkv_screen *screen, uint32_t gl_internal_format,
                       VkFormatFeatureFlags needed, struct zkv_format_choice *choice);

/* Texel block size of a (non-compressed) format in bytes, and block extent
 * for compressed ones; 0 for UNDEFINED/unknown. */
uint32_t zkv_format_block_size_B(VkFormat format);
void zkv_format_block_extent(VkFormat format, uint32_t *width_px, uint32_t *height_px);
VkImageAspectFlags zkv_format_aspects(VkFormat format);

/* ---- context, batches and fences ------------------------------------------------ */

struct zkv_context *zkv_context_create(struct zkv_screen *screen, VkResult *result);
/* Waits for its batches, then frees everything. */
void zkv_context_destroy(struct zkv_context *ctx);
struct zkv_screen *zkv_context_screen(const struct zkv_context *ctx);

/* VK_SUCCESS, or the first error since creation (an allocation that failed
 * while recording, VK_ERROR_DEVICE_LOST). Sticky. */
VkResult zkv_context_status(const struct zkv_context *ctx);

/* Submits the commands recorded so far (glFlush) and returns a fence for
 * them that the caller owns (zkv_fence_destroy). Flushing with nothing
 * recorded returns a fence for the last submitted batch (already
 * signalled if none). NULL only on out-of-memory. */
struct zkv_fence *zkv_flush(struct zkv_context *ctx);
/* zkv_flush and wait for everything (glFinish). */
void zkv_finish(struct zkv_context *ctx);
/* true once signalled; false on timeout (timeout_ns 0 polls). A lost device
 * counts as signalled (zkv_context_status says why). */
bool zkv_fence_wait(struct zkv_fence *fence, uint64_t timeout_ns);
bool zkv_fence_signalled(struct zkv_fence *fence);
struct zkv_fence *zkv_fence_ref(struct zkv_fence *fence);
void zkv_fence_destroy(struct zkv_fence *fence);
/* glWaitSync: later work of ctx starts after `fence` (of any context of the
 * same screen) signals. zkv waits on the host before its next submit. */
void zkv_context_wait_fence(struct zkv_context *ctx, struct zkv_fence *fence);

/* ---- buffers ------------------------------------------------------------------------ */

/* What a buffer may be used for (GL buffers may be bound anywhere, so the
 * front end usually passes ZKV_BUFFER_ALL). */
enum zkv_buffer_usage {
   ZKV_BUFFER_VERTEX        = 1 << 0,
   ZKV_BUFFER_INDEX         = 1 << 1,
   ZKV_BUFFER_UNIFORM       = 1 << 2,
   ZKV_BUFFER_STORAGE       = 1 << 3,
   ZKV_BUFFER_INDIRECT      = 1 << 4,
   ZKV_BUFFER_TEXEL         = 1 << 5, /* uniform and storage texel buffers */
   ZKV_BUFFER_XFB           = 1 << 6, /* needs caps.transform_feedback */
   ZKV_BUFFER_CONDITIONAL   = 1 << 7, /* needs caps.conditional_rendering */
   ZKV_BUFFER_ALL           = 0xff,   /* minus what the device lacks */
};

/* Where its memory should live (ARB_buffer_storage flags). */
enum zkv_buffer_flags {
   ZKV_BUFFER_MAPPABLE   = 1 << 0, /* host-visible memory (today every buffer is: docs/zink-vk.md) */
   ZKV_BUFFER_PERSISTENT = 1 << 1, /* may stay mapped while used by the device (implies MAPPABLE) */
   ZKV_BUFFER_COHERENT   = 1 << 2, /* host-coherent memory: no explicit flushes */
   ZKV_BUFFER_CACHED     = 1 << 3, /* host-cached: the CPU reads it back (GL_CLIENT_STORAGE_BIT, readback PBOs) */
};

/* size_B > 0. Contents are zero (Vulkan leaves them undefined; GL's
 * glBufferData(NULL) too, but zero is kinder to tests). Memory is
 * suballocated from large blocks. */
struct zkv_buffer *zkv_buffer_create(struct zkv_screen *screen, VkDeviceSize size_B,
                                     uint32_t usage, uint32_t flags, VkResult *result);
void zkv_buffer_destroy(struct zkv_buffer *buffer);
VkDeviceSize zkv_buffer_size_B(const struct zkv_buffer *buffer);

enum zkv_map_flags {
   ZKV_MAP_READ              = 1 << 0,
   ZKV_MAP_WRITE             = 1 << 1,
   ZKV_MAP_UNSYNCHRONIZED    = 1 << 2, /* do not wait for the device */
   ZKV_MAP_INVALIDATE_RANGE  = 1 << 3, /* old contents of the range may be dropped */
   ZKV_MAP_INVALIDATE_BUFFER = 1 << 4, /* ... of the whole buffer (new storage if busy) */
   ZKV_MAP_FLUSH_EXPLICIT    = 1 << 5, /* writes become visible at zkv_buffer_flush_mapped only */
   ZKV_MAP_PERSISTENT        = 1 << 6,
   ZKV_MAP_COHERENT          = 1 << 7,
};
/* A pointer to bytes offset_B .. offset_B + size_B. Without UNSYNCHRONIZED,
 * waits until the device has finished the commands (recorded so far in any
 * batch of ctx) that write the buffer, or with WRITE, that use it; with
 * INVALIDATE_BUFFER a busy buffer gets fresh storage instead of waiting.
 * NULL on failure (out of memory). */
void *zkv_buffer_map(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                     VkDeviceSize size_B, uint32_t map_flags);
/* Makes writes to a (non-coherent) mapped range visible to later commands. */
void zkv_buffer_flush_mapped(struct zkv_context *ctx, struct zkv_buffer *buffer,
                             VkDeviceSize offset_B, VkDeviceSize size_B);
void zkv_buffer_unmap(struct zkv_context *ctx, struct zkv_buffer *buffer);

/* glBufferSubData: recorded in order with the draws (data copied at once
 * through a staging buffer when the buffer is in use, written directly
 * when it is idle and mappable). */
void zkv_buffer_subdata(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                        VkDeviceSize size_B, const void *data);
/* glGetBufferSubData: waits. */
void zkv_buffer_read(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                     VkDeviceSize size_B, void *data);
void zkv_buffer_copy(struct zkv_context *ctx, struct zkv_buffer *dst, VkDeviceSize dst_offset_B,
                     struct zkv_buffer *src, VkDeviceSize src_offset_B, VkDeviceSize size_B);
/* glClearBufferSubData: `pattern` of pattern_size_B (1, 2, 4, 8, 12 or 16
 * bytes, already in the buffer's format) repeated over the range; offset_B
 * and size_B are multiples of pattern_size_B. */
void zkv_buffer_clear(struct zkv_context *ctx, struct zkv_buffer *buffer, VkDeviceSize offset_B,
                      VkDeviceSize size_B, const void *pattern, uint32_t pattern_size_B);
/* glInvalidateBufferData: the contents become undefined; a busy buffer gets
 * fresh storage so later writes need not wait. */
void zkv_buffer_invalidate(struct zkv_context *ctx, struct zkv_buffer *buffer);

/* A texel buffer view (samplerBuffer / imageBuffer). range_B 0: to the end.
 * A format the device cannot use in texel buffers is
 * VK_ERROR_FORMAT_NOT_SUPPORTED; a range outside the buffer, an offset not a
 * multiple of limits.minTexelBufferOffsetAlignment or more than
 * limits.maxTexelBufferElements texels VK_ERROR_INITIALIZATION_FAILED. */
struct zkv_buffer_view *zkv_buffer_view_create(struct zkv_screen *screen, struct zkv_buffer *buffer,
                                               VkFormat format, VkDeviceSize offset_B,
                                               VkDeviceSize range_B, VkResult *result);
void zkv_buffer_view_destroy(struct zkv_buffer_view *view);

/* Streaming uploads: copies `data` into the context's per-batch upload
 * buffer (aligned to align_B, at least 16) and returns where it went, for
 * default uniform blocks, kiln_gl_state, client-memory vertex arrays and
 * indices. Uniform data needs align_B = caps.limits.minUniformBufferOffsetAlignment
 * (set 0 bindings 0 and 1 are dynamic uniform buffers: a new offset there
 * costs no descriptor set). The buffer belongs to the context and stays valid for commands
 * recorded until the next zkv_flush. false on out-of-memory. */
bool zkv_upload_transient(struct zkv_context *ctx, const void *data, VkDeviceSize size_B,
                          VkDeviceSize align_B, struct zkv_buffer **buffer,
                          VkDeviceSize *offset_B);

/* ---- images ----------------------------------------------------------------------- */

struct zkv_image_desc {
   VkImageType type;        /* 1D, 2D, 3D */
   VkFormat format;
   uint32_t width, height, depth; /* 1 where the type has no such dimension */
   uint32_t layers;         /* array layers; cube maps: 6 x cubes */
   uint32_t levels;
   VkSampleCountFlagBits samples;
   bool cube;               /* cube compatible (cube and cube-array textures) */
   bool mutable_format;     /* texture views of other compatible formats (GL_ARB_texture_view) */
   /* 0: every usage the format supports among SAMPLED, STORAGE,
    * COLOR/DEPTH_STENCIL_ATTACHMENT, TRANSFER_SRC/DST. */
   VkImageUsageFlags usage;
};

/* Optimal tiling, VK_IMAGE_LAYOUT_GENERAL, contents undefined. Sizes,
 * layer and level counts or sample counts the device cannot give for the
 * format are VK_ERROR_FORMAT_NOT_SUPPORTED (GL_MAX_TEXTURE_SIZE and friends
 * come from caps.limits). */
struct zkv_image *zkv_image_create(struct zkv_screen *screen, const struct zkv_image_desc *desc,
                                   VkResult *result);
void zkv_image_destroy(struct zkv_image *image);
const struct zkv_image_desc *zkv_image_get_desc(const struct zkv_image *image);
VkImage zkv_image_handle(const struct zkv_image *image);

/* A region of an image level. For 1D/2D arrays and cube maps z / depth are
 * the first layer and the layer count; for 3D images they are slices. */
struct zkv_box {
   int32_t x, y, z;
   uint32_t width, height, depth;
};

/* Host memory layout of a box's texels: the front end has already converted
 * GL's pixel format to the image's VkFormat. Strides 0 mean tightly packed.
 * For compressed formats strides count whole blocks' bytes. */
struct zkv_host_layout {
   uint32_t row_stride_B;
   uint32_t image_stride_B;   /* between slices / layers */
};

/* glTexSubImage: copies `data` at once (staging), records the copy in order.
 * aspect: COLOR, DEPTH or STENCIL (one). */
void zkv_image_upload(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                      VkImageAspectFlagBits aspect, const struct zkv_box *box, const void *data,
                      const struct zkv_host_layout *layout);
/* glGetTexImage / glReadPixels: waits, then writes the box to `data`. */
void zkv_image_readback(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                        VkImageAspectFlagBits aspect, const struct zkv_box *box, void *data,
                        const struct zkv_host_layout *layout);
/* Pixel buffer objects: copies between an image box and a buffer, recorded
 * in order, no wait. row_length_px / image_height_px as Vulkan's
 * bufferRowLength / bufferImageHeight (0: tightly packed). */
void zkv_image_copy_to_buffer(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                              VkImageAspectFlagBits aspect, const struct zkv_box *box,
                              struct zkv_buffer *buffer, VkDeviceSize offset_B,
                              uint32_t row_length_px, uint32_t image_height_px);
void zkv_image_copy_from_buffer(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                                VkImageAspectFlagBits aspect, const struct zkv_box *box,
                                struct zkv_buffer *buffer, VkDeviceSize offset_B,
                                uint32_t row_length_px, uint32_t image_height_px);

/* glCopyImageSubData: texel-exact, formats of the same block size. */
void zkv_image_copy(struct zkv_context *ctx, struct zkv_image *dst, uint32_t dst_level,
                    int32_t dst_x, int32_t dst_y, int32_t dst_z, struct zkv_image *src,
                    uint32_t src_level, const struct zkv_box *src_box);

/* glBlitFramebuffer / glCopyTexSubImage: scaled, format-converting. The
 * corners are given as GL does (x0 > x1 mirrors); z ranges are layers (or
 * slices for 3D). aspects: COLOR or DEPTH|STENCIL (then filter NEAREST).
 * A multisampled source with equal sizes resolves (vkCmdResolveImage). */
struct zkv_blit_region {
   int32_t x0, y0, z0, x1, y1, z1;
};
void zkv_image_blit(struct zkv_context *ctx, struct zkv_image *dst, uint32_t dst_level,
                    const struct zkv_blit_region *dst_region, struct zkv_image *src,
                    uint32_t src_level, const struct zkv_blit_region *src_region,
                    VkImageAspectFlags aspects, VkFilter filter);

/* glClearTexSubImage and friends: a region of one level (layers as z).
 * Whole levels clear with vkCmdClear*Image, parts through rendering. */
void zkv_image_clear_color(struct zkv_context *ctx, struct zkv_image *image, uint32_t level,
                           const struct zkv_box *box, const VkClearColorValue *color);
void zkv_image_clear_depth_stencil(struct zkv_context *ctx, struct zkv_image *image,
                                   uint32_t level, const struct zkv_box *box,
                                   VkImageAspectFlags aspects, float depth, uint32_t stencil);

/* glGenerateMipmap: levels base_level + 1 .. last_level from base_level by
 * successive blits with `filter`, layers first_layer .. + layer_count. */
void zkv_image_generate_mipmaps(struct zkv_context *ctx, struct zkv_image *image,
                                uint32_t base_level, uint32_t last_level, uint32_t first_layer,
                                uint32_t layer_count, VkFilter filter);

struct zkv_image_view_desc {
   VkImageViewType type;
   VkFormat format;               /* UNDEFINED: the image's */
   VkImageAspectFlags aspects;    /* 0: the format's (depth for depth/stencil sampling) */
   uint32_t base_level, levels;   /* levels 0: to the last */
   uint32_t base_layer, layers;   /* layers 0: to the last */
   VkComponentMapping swizzle;    /* zero = identity */
};
/* Ranges outside the image, a view type the image cannot have (cube views
 * of images made without `cube`, several layers in a non-array view) and
 * another format without `mutable_format` are VK_ERROR_INITIALIZATION_FAILED;
 * a format of another texel size VK_ERROR_FORMAT_NOT_SUPPORTED. */
struct zkv_image_view *zkv_image_view_create(struct zkv_screen *screen, struct zkv_image *image,
                                             const struct zkv_image_view_desc *desc,
                                             VkResult *result);
void zkv_image_view_destroy(struct zkv_image_view *view);
struct zkv_image *zkv_image_view_image(const struct zkv_image_view *view);

/* ---- samplers ------------------------------------------------------------------------ */

/* GL sampler state in Vulkan terms. Zero-initialise, then fill. */
struct zkv_sampler_state {
   VkFilter mag_filter, min_filter;
   VkSamplerMipmapMode mipmap_mode;
   bool mipmap_none;              /* GL_NEAREST / GL_LINEAR min filters: level base only */
   VkSamplerAddressMode address_u, address_v, address_w;
   float lod_bias, min_lod, max_lod;
   float max_anisotropy;          /* <= 1: off */
   bool compare_enable;
   VkCompareOp compare_op;
   /* GL_TEXTURE_BORDER_COLOR, as the texture's values: floats, or integers
    * for integer textures (border_int). Mapped to Vulkan's three standard
    * colours when it is one of them, else a custom colour when the device
    * has VK_EXT_custom_border_color, else the nearest standard one. */
   union {
      float f[4];
      int32_t i[4];
   } border_color;
   bool border_int;
   bool unnormalized_coordinates;
   bool seamless_cube_map_off;    /* needs caps.non_seamless_cube_map */
   VkSamplerReductionMode reduction_mode; /* needs caps.sampler_filter_minmax when not average */
};
/* The sampler for a state: one VkSampler per distinct state, cached on the
 * screen (GL sampler objects and texture parameters share them). The
 * sampler lives as long as the screen; NULL on failure. */
struct zkv_sampler *zkv_sampler_get(struct zkv_screen *screen, const struct zkv_sampler_state *state,
                                    VkResult *result);

/* ---- programs ------------------------------------------------------------------------ */

enum zkv_stage {
   ZKV_STAGE_VERTEX,
   ZKV_STAGE_TESS_CTRL,
   ZKV_STAGE_TESS_EVAL,
   ZKV_STAGE_GEOMETRY,
   ZKV_STAGE_FRAGMENT,
   ZKV_STAGE_COMPUTE,
   ZKV_STAGE_COUNT,
};

/* One descriptor binding a program's layout declares. zkv_program_create
 * reads them from the SPIR-V modules themselves (DescriptorSet/Binding
 * decorations and the variables' types: the zk_compiler.h sets follow),
 * unless an explicit list is given. */
struct zkv_binding_desc {
   uint32_t set, binding;
   VkDescriptorType type;
   uint32_t count;
   VkShaderStageFlags stages;
};

struct zkv_program_desc {
   /* Vulkan SPIR-V (ntv's output) per stage, NULL when absent; entry point "main". */
   const uint32_t *code[ZKV_STAGE_COUNT];
   size_t code_words[ZKV_STAGE_COUNT];
   /* Optional: the lowering's tables, for the front end's own use (zkv
    * keeps the pointer, reads nothing from it: the bindings come from the
    * SPIR-V; it must outlive the program if anything reads it later). */
   const struct zk_program_info *info;
   /* Explicit bindings (num_bindings > 0) replace the scan. */
   const struct zkv_binding_desc *bindings;
   uint32_t num_bindings;
   /* Some stage writes transform feedback (also found in the SPIR-V: the
    * Xfb execution mode). */
   bool xfb;
   /* Tessellation: patch control points (GL_PATCH_VERTICES) is draw state. */
};

/* Shader modules and the pipeline layout (four sets, empty ones included).
 * A compute program has only ZKV_STAGE_COMPUTE. NULL on failure (a module
 * the device rejects: *message says which stage). */
struct zkv_program *zkv_program_create(struct zkv_screen *screen, const struct zkv_program_desc *desc,
                                       VkResult *result, const char **message);
void zkv_program_destroy(struct zkv_program *program);

/* ---- draw state ----------------------------------------------------------------------- */

struct zkv_vertex_binding {
   struct zkv_buffer *buffer;     /* NULL: not bound (attributes read zero with robustness2) */
   VkDeviceSize offset_B;
   uint32_t stride_B;
   bool per_instance;
   uint32_t divisor;              /* per instance: 1 normally; others need caps */
};

struct zkv_vertex_attrib {
   bool enabled;
   uint32_t binding;              /* index into vertex_bindings */
   VkFormat format;
   uint32_t offset_B;             /* relative to the binding's offset */
};

struct zkv_stencil_face {
   VkStencilOp fail_op, pass_op, depth_fail_op;
   VkCompareOp compare_op;
   uint32_t compare_mask, write_mask, reference;
};

struct zkv_blend_attachment {
   bool enable;
   VkBlendFactor src_color, dst_color, src_alpha, dst_alpha;
   VkBlendOp color_op, alpha_op;
   VkColorComponentFlags write_mask;   /* GL colour mask: R|G|B|A bits */
};

/* A viewport as GL gives it: lower-left corner (x, y), size, depth range. */
struct zkv_viewport {
   float x, y, width, height;
   float near_depth, far_depth;
};
/* A scissor rectangle in GL's window coordinates (lower-left origin). */
struct zkv_rect {
   int32_t x, y;
   uint32_t width, height;
};

/* What draws render to. Attachments are image views of one level; layers
 * > 1 for layered rendering (gl_Layer). width/height: the render area
 * (the smallest attachment's, or GL_FRAMEBUFFER_DEFAULT_WIDTH/HEIGHT when
 * there are none). */
struct zkv_framebuffer {
   struct zkv_image_view *color[ZKV_MAX_COLOR_ATTACHMENTS];
   struct zkv_image_view *depth_stencil;   /* NULL: none */
   uint32_t width, height, layers;
   VkSampleCountFlagBits samples;          /* for attachment-less rendering */
   /* A window-system framebuffer: GL's lower-left origin is the image's last
    * row, so zkv flips with a negative viewport height and mirrors scissors
    * (GL's window coordinates). FBOs are not flipped. */
   bool flip_y;
};

/* One descriptor. Which member counts depends on the binding's type. */
struct zkv_descriptor {
   /* UNIFORM_BUFFER, STORAGE_BUFFER */
   struct zkv_buffer *buffer;
   VkDeviceSize offset_B, range_B;     /* range_B 0: to the end */
   /* COMBINED_IMAGE_SAMPLER (view + sampler), STORAGE_IMAGE (view) */
   struct zkv_image_view *view;
   struct zkv_sampler *sampler;
   /* UNIFORM_TEXEL_BUFFER, STORAGE_TEXEL_BUFFER */
   struct zkv_buffer_view *buffer_view;
};

/* The resources shaders read, by the zk_compiler.h sets and bindings. An
 * unset slot (all NULL) that a program uses gets a null descriptor with
 * robustness2; without it buffers get a small zero buffer and images stay
 * unwritten (reading them is undefined in GL too). */
struct zkv_bindings {
   struct zkv_descriptor set[ZKV_MAX_SETS][ZKV_MAX_BINDINGS];
};

/* Transform feedback: a buffer range GL binds to a TRANSFORM_FEEDBACK_BUFFER
 * index, with a counter that remembers how far capture got (pause/resume
 * and glDrawTransformFeedback). The front end makes one per binding at
 * glBeginTransformFeedback: capture starts at offset_B (size_B 0: to the
 * end). VK_ERROR_FEATURE_NOT_PRESENT without caps.transform_feedback. */
struct zkv_xfb_target *zkv_xfb_target_create(struct zkv_screen *screen, struct zkv_buffer *buffer,
                                             VkDeviceSize offset_B, VkDeviceSize size_B,
                                             VkResult *result);
void zkv_xfb_target_destroy(struct zkv_xfb_target *target);

struct zkv_draw_state {
   struct zkv_program *program;

   struct zkv_vertex_binding vertex_bindings[ZKV_MAX_VERTEX_BINDINGS];
   struct zkv_vertex_attrib vertex_attribs[ZKV_MAX_VERTEX_ATTRIBS]; /* by shader location */

   VkPrimitiveTopology topology;
   bool primitive_restart;            /* index all-ones restarts (GL_PRIMITIVE_RESTART_FIXED_INDEX) */
   uint32_t patch_control_points;

   /* rasterisation */
   bool rasterizer_discard;
   VkPolygonMode polygon_mode;        /* GL has one per face; the front end picks */
   VkCullModeFlags cull_mode;
   VkFrontFace front_face;            /* as GL says it (glFrontFace): zkv accounts for flip_y */
   bool depth_clamp;                  /* GL_DEPTH_CLAMP */
   bool depth_bias_enable;            /* GL_POLYGON_OFFSET_FILL/LINE/POINT for the polygon mode */
   float depth_bias_constant, depth_bias_slope, depth_bias_clamp;
   float line_width;
   bool line_smooth;
   bool line_stipple_enable;
   uint32_t line_stipple_factor;
   uint16_t line_stipple_pattern;
   bool provoking_vertex_last;        /* GL's default; needs caps.provoking_vertex_last */
   bool clip_negative_one_to_one;     /* GL depth -1..1 (caps.depth_clip_control) */
   VkSampleCountFlagBits samples;     /* 0: the framebuffer's */
   bool sample_shading;
   float min_sample_shading;
   uint32_t sample_mask;              /* 0 means all */
   bool alpha_to_coverage, alpha_to_one;

   /* depth and stencil */
   bool depth_test, depth_write;
   VkCompareOp depth_compare;
   bool depth_bounds_test;
   float min_depth_bounds, max_depth_bounds;
   bool stencil_test;
   struct zkv_stencil_face stencil_front, stencil_back;

   /* blending and colour output */
   struct zkv_blend_attachment blend[ZKV_MAX_COLOR_ATTACHMENTS];
   float blend_constants[4];
   bool logic_op_enable;
   VkLogicOp logic_op;

   /* viewports and scissors, in GL's window coordinates */
   uint32_t num_viewports;            /* 0: one covering the framebuffer */
   struct zkv_viewport viewports[ZKV_MAX_VIEWPORTS];
   bool scissor_test;                 /* off: scissors cover the framebuffer */
   struct zkv_rect scissors[ZKV_MAX_VIEWPORTS];

   struct zkv_framebuffer framebuffer;
   struct zkv_bindings bindings;

   /* Transform feedback: while active, draws capture into targets
    * (the program must have xfb). Pausing keeps the counters. */
   bool xfb_active;
   struct zkv_xfb_target *xfb_targets[ZKV_MAX_XFB_BUFFERS];
};

/* Fills a state with GL's initial values (GL 4.6 tables 23.x): no program,
 * triangles, fill, no culling, CCW front, depth test off with LESS and
 * writes on, stencil ALWAYS/KEEP with masks ~0, blending off with ONE/ZERO
 * and ADD, all colour channels written, line width 1, last-vertex
 * provoking, one viewport of the framebuffer. */
void zkv_draw_state_init(struct zkv_draw_state *state);

struct zkv_draw_range {
   uint32_t first;               /* first vertex, or first index */
   uint32_t count;
   int32_t base_vertex;          /* indexed only */
};

struct zkv_draw_info {
   /* indexed draws */
   bool indexed;
   struct zkv_buffer *index_buffer;
   VkDeviceSize index_offset_B;
   VkIndexType index_type;       /* UINT8 needs caps.index_type_uint8 */
   /* instancing */
   uint32_t instance_count;      /* 0 counts as 1 */
   uint32_t base_instance;
   /* glDrawTransformFeedback(Stream)Instanced: the vertex count is what
    * `xfb_source` captured (needs caps.transform_feedback). */
   struct zkv_xfb_target *xfb_source;
   uint32_t xfb_stride_B;
};

/* glDraw{Arrays,Elements}{,Instanced,BaseVertex,BaseInstance}, glMultiDraw*:
 * one Vulkan draw per range (multi_draw when the device has it). */
void zkv_draw(struct zkv_context *ctx, const struct zkv_draw_state *state,
              const struct zkv_draw_info *info, const struct zkv_draw_range *ranges,
              uint32_t num_ranges);

/* glDraw*Indirect, glMultiDraw*Indirect(Count): commands in `buffer` as
 * VkDrawIndirectCommand / VkDrawIndexedIndirectCommand (GL's layouts are
 * the same), draw_count of them `stride_B` apart; with count_buffer the
 * count is min(draw_count, *count_buffer) (caps.draw_indirect_count). */
void zkv_draw_indirect(struct zkv_context *ctx, const struct zkv_draw_state *state,
                       const struct zkv_draw_info *info, struct zkv_buffer *buffer,
                       VkDeviceSize offset_B, uint32_t draw_count, uint32_t stride_B,
                       struct zkv_buffer *count_buffer, VkDeviceSize count_offset_B);

/* glClear / glClearBuffer*: clears attachments of state->framebuffer
 * inside `rect` (GL window coordinates; NULL: the whole framebuffer) over
 * all its layers. color_mask: bit i clears colour attachment i to
 * colors[i]. The GL colour write mask must be applied by the front end
 * (a masked clear is a draw); zkv clears whole texels. */
enum zkv_clear_flags {
   ZKV_CLEAR_DEPTH   = 1 << 0,
   ZKV_CLEAR_STENCIL = 1 << 1,
};
void zkv_clear(struct zkv_context *ctx, const struct zkv_draw_state *state, uint32_t color_mask,
               const VkClearColorValue *colors, uint32_t ds_flags, float depth, uint32_t stencil,
               const struct zkv_rect *rect);

/* glClear with GL's write masks (GL 4.6, 17.4.3): as zkv_clear, but colour
 * channels off in state->blend[i].write_mask and stencil bits off in
 * state->stencil_front.write_mask keep their values. Attachments whose
 * masks are full clear as zkv_clear does; the others are drawn (a meta
 * pipeline per attachment class). The depth mask is the front end's: it
 * leaves out ZKV_CLEAR_DEPTH when glDepthMask is off. */
void zkv_clear_masked(struct zkv_context *ctx, const struct zkv_draw_state *state,
                      uint32_t color_mask, const VkClearColorValue *colors, uint32_t ds_flags,
                      float depth, uint32_t stencil, const struct zkv_rect *rect);

/* glDispatchCompute(Indirect): program is a compute program; bindings as
 * for draws. */
void zkv_dispatch(struct zkv_context *ctx, struct zkv_program *program,
                  const struct zkv_bindings *bindings, uint32_t groups_x, uint32_t groups_y,
                  uint32_t groups_z);
void zkv_dispatch_indirect(struct zkv_context *ctx, struct zkv_program *program,
                           const struct zkv_bindings *bindings, struct zkv_buffer *buffer,
                           VkDeviceSize offset_B);

/* glMemoryBarrier / glTextureBarrier: makes shader writes (SSBO, image,
 * atomic counters) of earlier commands visible to later ones, and ends the
 * current rendering so attachments can be sampled. */
void zkv_memory_barrier(struct zkv_context *ctx);

/* ---- queries and conditional rendering --------------------------------------------- */

enum zkv_query_type {
   ZKV_QUERY_OCCLUSION_COUNT,       /* GL_SAMPLES_PASSED */
   ZKV_QUERY_OCCLUSION_ANY,         /* GL_ANY_SAMPLES_PASSED(_CONSERVATIVE): 0 or 1 */
   ZKV_QUERY_TIMESTAMP,             /* glQueryCounter(GL_TIMESTAMP): nanoseconds */
   ZKV_QUERY_TIME_ELAPSED,          /* nanoseconds */
   ZKV_QUERY_PRIMITIVES_GENERATED,  /* per stream (index) */
   ZKV_QUERY_XFB_PRIMITIVES_WRITTEN,/* per stream (index); needs caps.transform_feedback */
   ZKV_QUERY_XFB_OVERFLOW,          /* GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW: 0 or 1 */
   ZKV_QUERY_PIPELINE_STATISTIC,    /* index: one VkQueryPipelineStatisticFlagBits bit */
};

/* A query belongs to its context: destroy it before the context. Types the
 * device cannot count are VK_ERROR_FEATURE_NOT_PRESENT. */
struct zkv_query *zkv_query_create(struct zkv_context *ctx, enum zkv_query_type type,
                                   uint32_t index, VkResult *result);
void zkv_query_destroy(struct zkv_query *query);
/* begin/end bracket the commands counted (not for TIMESTAMP). A query
 * spans rendering, transfers and flushes: zkv splits it into pieces and sums them. */
void zkv_query_begin(struct zkv_context *ctx, struct zkv_query *query);
void zkv_query_end(struct zkv_context *ctx, struct zkv_query *query);
/* TIMESTAMP: records the time now. */
void zkv_query_timestamp(struct zkv_context *ctx, struct zkv_query *query);
/* The result once available: with wait, waits (flushing if needed) and
 * returns true; without, returns false if not available yet. */
bool zkv_query_result(struct zkv_context *ctx, struct zkv_query *query, bool wait,
                      uint64_t *value);
/* GL_QUERY_BUFFER: writes the result (64-bit or, with !is_64, 32-bit) to
 * `buffer`, in order with other commands; waits on the device, not the host. */
void zkv_query_result_to_buffer(struct zkv_context *ctx, struct zkv_query *query,
                                struct zkv_buffer *buffer, VkDeviceSize offset_B, bool is_64);

/* glBeginConditionalRender: later draws, clears and dispatches run only if
 * `query` (an occlusion or XFB overflow query) is non-zero (zero with
 * inverted). wait false lets the device decide before the result is known
 * (zkv then draws). query NULL ends conditional rendering. Uses
 * VK_EXT_conditional_rendering when present, else the host waits for the
 * result. */
void zkv_render_condition(struct zkv_context *ctx, struct zkv_query *query, bool inverted,
                          bool wait);

#ifdef __cplusplus
}
#endif

#endif /* ZKV_H */
