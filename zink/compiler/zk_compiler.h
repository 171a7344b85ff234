/* SPDX-License-Identifier: MIT */
/*
 * zink's GL lowering: IR passes that turn what spirv_to_nir makes of
 * GL-flavoured SPIR-V (kgl's KGL_FLAVOUR_GL) into IR ntv can write as Vulkan
 * SPIR-V. docs/zink-compiler.md describes the conventions below and why.
 *
 *    GLSL --kgl--> SPIR-V --spirv_to_nir (GL-flavoured)--> IR
 *         --zk_lower_program (all stages of one program)--> IR --ntv--> Vulkan SPIR-V
 *
 * zk_lower_program() runs every pass in the order they need; each pass is
 * also callable alone (one per file) and has golden-IR tests.
 *
 * Descriptor conventions (one descriptor set per resource class, so the
 * four sets Vulkan 1.0 guarantees are enough):
 *
 *    set 0  uniform buffers: binding 0 the default uniform block
 *           (kiln_uniforms, the program's loose uniforms), binding 1 the GL
 *           state block (kiln_gl_state), binding 2 + b the uniform block
 *           glslang bound to b
 *    set 1  samplers and textures: binding = glslang's binding
 *    set 2  storage buffers: binding = glslang's binding; the atomic counters
 *           of atomic counter buffer binding b at ZK_BINDING_FIRST_ATOMIC_BUFFER + b
 *    set 3  storage images: binding = glslang's binding
 *
 * glslang's bindings are the program's stable resource slots (kgl reflects
 * them); which GL texture unit, image unit or buffer binding point a slot
 * reads at draw time is GL state the driver applies when it writes the
 * descriptor sets.
 */
#ifndef ZK_COMPILER_H
#define ZK_COMPILER_H

#include <stdbool.h>
#include <stdint.h>

#include "nir/nir.h"

struct arena;

#define ZK_SET_UNIFORM_BUFFER 0
#define ZK_SET_SAMPLER        1
#define ZK_SET_STORAGE_BUFFER 2
#define ZK_SET_STORAGE_IMAGE  3

#define ZK_BINDING_UNIFORMS            0
#define ZK_BINDING_GL_STATE            1
#define ZK_BINDING_FIRST_UBO           2
#define ZK_BINDING_FIRST_ATOMIC_BUFFER 64

#define ZK_UNIFORMS_NAME        "kiln_uniforms"
#define ZK_ATOMIC_COUNTERS_NAME "kiln_atomic_counters"

/* ---- per-program state the shaders depend on (a shader-variant key) ----------------- */

struct zk_program_key {
   /* GL_MAX_DRAW_BUFFERS the driver advertises (0: 8). gl_FragData is cut
    * to it, and gl_FragColor is written to draw buffers 0 ..
    * fragcolor_buffers - 1 (0: 1), as GL replicates it to every buffer. */
   uint8_t max_draw_buffers;
   uint8_t fragcolor_buffers;
   /* GL_VERTEX_PROGRAM_TWO_SIDE: the fragment shader's gl_Color and
    * gl_SecondaryColor come from the back colours on back faces. */
   bool two_side;
   /* glShadeModel(GL_FLAT): the colour varyings are flat. */
   bool flatshade;
   /* GL_CLIP_PLANEi enabled (bit i): gl_ClipVertex is clipped against them. */
   uint8_t clip_plane_enable;
   /* The device keeps GL's [-1, 1] clip-space depth
    * (VK_EXT_depth_clip_control): gl_Position is not rewritten. */
   bool depth_clip_control;
   /* The driver fills kiln_gl_state's raster field (zk_gl_state.h): the
    * last pre-rasterization stage applies glPointSize / GL_PROGRAM_POINT_SIZE
    * and the GL_CLIP_DISTANCEi enables from it (zk_lower_point_size,
    * zk_lower_clip_distance_enables). Off: the shader's own values. */
   bool raster_state;
};

/* ---- what the GL driver needs to know about the lowered program ---------------------- */

/* One leaf of the default uniform block, named as GL's program queries
 * name it ("m", "arr[0]", "s.f", "sa[1].f"): what glUniform* writes where.
 * An array of scalars/vectors/matrices is one entry (array_size > 0). */
struct zk_uniform {
   const char *name;
   int location;                 /* GL uniform location of element 0 (glslang's), or -1 */
   const struct glsl_type *type; /* scalar, vector or matrix (a bool is stored as uint) */
   unsigned array_size;          /* 0 when not an array */
   unsigned offset_B;
   unsigned array_stride_B;
   unsigned matrix_stride_B; /* column-major */
   bool boolean;             /* GL bool: 0 or 1 in a 32-bit word */
   uint8_t stages;           /* bit per nir_shader_stage using it */
};

enum zk_resource_kind {
   ZK_RESOURCE_UNIFORM_BUFFER,
   ZK_RESOURCE_STORAGE_BUFFER,
   ZK_RESOURCE_ATOMIC_COUNTER_BUFFER,
   ZK_RESOURCE_SAMPLER, /* combined image sampler, separate texture or sampler */
   ZK_RESOURCE_TEXEL_BUFFER,
   ZK_RESOURCE_IMAGE,
};

struct zk_resource {
   const char *name; /* the variable's (a block's instance or type name) */
   enum zk_resource_kind kind;
   unsigned set, binding;
   unsigned array_size; /* descriptors: 1 when not an array */
   int gl_binding;      /* glslang's binding: the GL slot */
   uint8_t stages;
};

/* A vertex-stage input and the Vulkan location it reads. */
struct zk_attribute {
   const char *name;
   int location;
   unsigned slots;
   bool compat; /* gl_Vertex, gl_Color, ...: fed from GL's fixed-function arrays */
};

struct zk_program_info {
   struct zk_uniform *uniforms;
   unsigned num_uniforms;
   unsigned uniforms_size_B; /* of the default uniform block; 0 if none */
   struct zk_resource *resources;
   unsigned num_resources;
   struct zk_attribute *attributes;
   unsigned num_attributes;
   /* Some stage reads kiln_gl_state (the y-flip, clip planes, GL state
    * uniforms): the driver binds it. */
   bool uses_gl_state;
   /* The GL state uniforms any stage reads (bit per enum zk_gl_state_field,
    * zk_gl_state.h): what the driver must keep up to date in the block. */
   uint64_t gl_state_fields;
   /* Locations of the colour varyings (for flat shading and the
    * fixed-function vertex shader zink makes when there is none). */
   uint64_t color_locations;
};

/* ---- the driver entry point ------------------------------------------------------- */

/* Lowers a linked program: stages[s] is the IR of stage s (NULL when
 * absent), made by spirv_to_nir from GL-flavoured SPIR-V of one kgl
 * program. Every stage is changed in place; info (allocated in `arena`)
 * says where things went. Returns false with *error set when the program
 * uses something this lowering cannot express; the shaders are then
 * unusable. key may be NULL (defaults). */
bool zk_lower_program(nir_shader *stages[NIR_STAGE_COUNT], const struct zk_program_key *key,
                      struct arena *arena, struct zk_program_info *info,
                      const char **error);

/* ---- the passes, in the order zk_lower_program runs them --------------------------- */

/* gl_VertexID and gl_InstanceID (SPIR-V VertexId/InstanceId, which Vulkan
 * forbids) become VertexIndex and InstanceIndex - BaseInstance. */
bool zk_lower_vertex_ids(nir_shader *shader);

/* Compatibility and GL state uniforms (gl_ModelViewMatrix, gl_LightSource,
 * gl_DepthRange, ...; loose uniforms named gl_*) become members of the
 * kiln_gl_state uniform block (set 0, binding ZK_BINDING_GL_STATE). Adds the
 * fields read to *fields (bit per enum zk_gl_state_field). */
bool zk_lower_gl_state_uniforms(nir_shader *shader, uint64_t *fields, const char **error);

/* Loose uniforms of every stage become members of one std140 uniform block,
 * kiln_uniforms (set 0, binding 0), laid out for the whole program (a
 * uniform two stages share has one offset); bools are stored as 32-bit
 * uints. Fills the layout table. */
bool zk_lower_loose_uniforms(nir_shader *stages[NIR_STAGE_COUNT], struct arena *arena,
                             struct zk_program_info *info, const char **error);

/* Samplers and images inside uniform structs become uniforms of their own,
 * named by their path ("s.t"), arrays over the arrays on the way (s[i].t is
 * s.t[i]); the rest of the struct stays a loose uniform. Before
 * zk_lower_loose_uniforms. */
bool zk_split_opaque_uniforms(nir_shader *shader, const char **error);

/* Uniform, storage and push-constant blocks without Offset decorations get
 * explicit layouts: std140 for uniform blocks, std430 for the others. */
bool zk_lay_out_blocks(nir_shader *shader);

/* GL_ARB_texture_rectangle: sampler2DRect/sampler2DRectShadow become 2D
 * samplers; coordinates are divided by textureSize (unnormalized texel
 * coordinates to normalized ones), fetches and size queries unchanged. */
bool zk_lower_rect_textures(nir_shader *shader, const char **error);

/* GL atomic counters (atomic_uint at binding b, offset o) become uints in a
 * storage buffer per binding: word o / 4 of kiln_atomic_counters<b>. */
bool zk_lower_atomic_counters(nir_shader *shader, const char **error);

/* Arrays of arrays of blocks or opaque types (GL_ARB_arrays_of_arrays)
 * become one-dimensional arrays, row-major: Vulkan has no others. */
bool zk_flatten_resource_arrays(nir_shader *shader, const char **error);

/* Constant indices outside an array or vector (GLSL: undefined behaviour;
 * spirv_to_nir's constant folding makes them from a variable index) read
 * undefined values and write nothing: Vulkan SPIR-V readers refuse them. */
bool zk_lower_constant_out_of_bounds(nir_shader *shader);

/* Every resource gets the set of its class and a binding (see the top of
 * this file); fills info->resources. */
bool zk_assign_bindings(nir_shader *stages[NIR_STAGE_COUNT], struct arena *arena,
                        struct zk_program_info *info, const char **error);

/* gl_FragColor, gl_FragData[], gl_SecondaryFragColorEXT,
 * gl_SecondaryFragDataEXT become located outputs (Location = draw buffer,
 * Index 1 for the secondary ones). */
bool zk_lower_frag_outputs(nir_shader *shader, const struct zk_program_key *key,
                           const char **error);

/* GL_CLIP_DISTANCEi (GL 3.3 core, 2.19): after each write of the last
 * pre-rasterization stage's gl_ClipDistance, the elements whose enable is
 * off (kiln_gl_state's raster field, read at run time) become 0, which
 * does not clip. Adds ZK_GL_STATE_RASTER to gl_state_fields when it reads it. */
bool zk_lower_clip_distance_enables(nir_shader *shader, uint64_t *gl_state_fields);

/* glPointSize without GL_PROGRAM_POINT_SIZE (GL 3.3 core, 3.4): each write
 * of the last pre-rasterization stage's gl_PointSize is replaced at run
 * time by the glPointSize value when program point size is off, and a
 * vertex shader that writes none writes that value. */
bool zk_lower_point_size(nir_shader *shader, uint64_t *gl_state_fields);

/* The fragment shader's gl_Color / gl_SecondaryColor are the previous
 * stage's gl_FrontColor / gl_FrontSecondaryColor, or with two_side the back
 * colours on back faces (GL 4.6 compatibility, 11.1.3.5 "Colour
 * selection"): the inputs are renamed to what they read, and with
 * two_side, gl_FrontFacing picks between the front and back inputs. */
bool zk_lower_two_side_color(nir_shader *shader, bool two_side);

/* Varyings without a Location (the compatibility ones, and any glslang's
 * mapper left) get locations after every located one of the program, the
 * same for an output and the input of the same name in the next stage. */
bool zk_assign_varying_locations(nir_shader *stages[NIR_STAGE_COUNT], uint64_t *color_locations,
                                 const char **error);

/* Vertex-stage inputs: gl_Vertex at location 0 (GL's attribute 0), the other
 * compatibility attributes and any user attribute glslang put at 0 after
 * every other located one. Fills info->attributes. */
bool zk_assign_attribute_locations(nir_shader *shader, struct arena *arena,
                                   struct zk_program_info *info, const char **error);

#endif /* ZK_COMPILER_H */
