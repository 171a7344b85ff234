/* SPDX-License-Identifier: MIT */
/*
 * kgl: GLSL to SPIR-V through glslang, behind a C interface.
 *
 * The GL front end hands us what glShaderSource/glCompileShader/glLinkProgram
 * hand it: any GLSL version (1.10 ... 4.60, the compatibility profile, ES 1.00
 * ... 3.20), any stage, several shaders per stage. We answer with the compile
 * and link status and logs, one SPIR-V module per linked stage and the
 * reflection GL's program queries need.
 *
 * Two SPIR-V flavours come out:
 *
 *  - KGL_FLAVOUR_VULKAN: the GLSL was also valid under GL_KHR_vulkan_glsl
 *    rules (desktop >= 1.40 or ES >= 3.10, no loose uniforms, no removed
 *    built-ins such as gl_VertexID), compiled for a Vulkan target. The module
 *    validates in the Vulkan environment. Unlocated varyings and unbound
 *    resources get locations/bindings assigned (consistently across stages)
 *    by glslang's I/O mapper.
 *
 *  - KGL_FLAVOUR_GL: everything else. glslang is told the client is OpenGL
 *    but given no SPIR-V target, which is the only configuration in which it
 *    accepts GLSL < 1.40 and the compatibility profile. The result is SPIR-V
 *    1.0 in GL's conventions, which the consumer must lower before Vulkan
 *    sees it:
 *      * loose (non-block) uniforms are UniformConstant variables of
 *        non-opaque type with a Location (the GL uniform location) plus a
 *        DescriptorSet/Binding glslang's mapper assigned;
 *      * compatibility built-ins are ordinary variables recognised only by
 *        their OpName: inputs gl_Vertex, gl_Color, gl_MultiTexCoordN, ...,
 *        outputs gl_FrontColor, gl_TexCoord, gl_FragColor, gl_FragData, ...,
 *        state uniforms gl_ModelViewProjectionMatrix, gl_LightSource, ...
 *        (so names are never stripped from GL-flavoured modules);
 *      * fragment shaders use OriginLowerLeft.
 *    Word 1 (the version), which glslang leaves 0 without a target, is patched
 *    to 1.0 (0x00010000): with no target every version test in glslang's
 *    SPIR-V writer takes the 1.0 path, so 1.0 is what the module is, and it
 *    is also the version GL_ARB_gl_spirv consumes.
 *
 * Whichever flavour, the module keeps every OpName: the GL driver matches
 * uniforms and varyings by name.
 *
 * Process setup: glslang's InitializeProcess runs once, on first use, under
 * pthread_once; FinalizeProcess runs from an atexit handler registered right
 * after, so it runs before glslang's own static destructors (at exit or at
 * dlclose of the library the shim is linked into). Compiles may run
 * concurrently on any number of threads.
 *
 * Nothing here aborts on bad input: a shader that does not compile or a
 * program that does not link returns its status and a log. Out-of-memory
 * returns KGL_ERROR_OUT_OF_MEMORY.
 */
#ifndef KGL_H
#define KGL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Same order as GL's pipeline; the values are also the bit numbers of
 * kgl_program_stages() and of kgl_reflection_entry.stages. */
enum kgl_stage {
   KGL_STAGE_VERTEX,
   KGL_STAGE_TESS_CTRL,
   KGL_STAGE_TESS_EVAL,
   KGL_STAGE_GEOMETRY,
   KGL_STAGE_FRAGMENT,
   KGL_STAGE_COMPUTE,
   KGL_STAGE_COUNT,
};

enum kgl_flavour {
   /* Vulkan if every shader of the program compiles and links under Vulkan
    * rules and every module passes SPIRV-Tools' validator for Vulkan (glslang
    * accepts a few things under Vulkan rules that it then writes as invalid
    * Vulkan SPIR-V), GL otherwise. */
   KGL_FLAVOUR_AUTO,
   KGL_FLAVOUR_VULKAN,
   KGL_FLAVOUR_GL,
};

enum kgl_result {
   KGL_SUCCESS = 0,
   KGL_COMPILE_FAILED,   /* see the shader's info log */
   KGL_LINK_FAILED,      /* see the program's info log */
   KGL_ERROR_INVALID_ARGUMENT,
   KGL_ERROR_OUT_OF_MEMORY,
   KGL_ERROR_INTERNAL,   /* glslang threw or failed to emit SPIR-V: see the log */
};

struct kgl_shader_desc {
   enum kgl_stage stage;
   /* glShaderSource semantics: `count` strings, concatenated; lengths may be
    * NULL (all NUL-terminated) or hold -1 for a NUL-terminated entry. */
   const char *const *strings;
   const int *lengths;
   unsigned count;
   /* The version a shader without #version has: 110 for desktop GL, 100 for
    * an ES context (set es). 0 means 110. */
   int default_version;
   bool es;
   /* A forward-compatible GL context: deprecated features are errors. */
   bool forward_compatible;
   /* The source is GL_KHR_vulkan_glsl (descriptor sets, push constants,
    * gl_VertexIndex, ...), not GL's GLSL: it is compiled under Vulkan rules
    * and can only link into a Vulkan-flavoured program. For tools; a GL
    * driver never sets it. */
   bool vulkan_glsl;
};

struct kgl_shader;

/* Copies the source and compiles it under GL rules (what glCompileShader
 * reports). On KGL_SUCCESS and KGL_COMPILE_FAILED *out is a shader whose log
 * and status can be read; on the other results *out is NULL. */
enum kgl_result kgl_shader_create(const struct kgl_shader_desc *desc,
                                  struct kgl_shader **out);
void kgl_shader_destroy(struct kgl_shader *shader);
bool kgl_shader_compiled(const struct kgl_shader *shader);
enum kgl_stage kgl_shader_stage(const struct kgl_shader *shader);
/* Never NULL; "" when there is nothing to say. */
const char *kgl_shader_info_log(const struct kgl_shader *shader);
/* The #version the shader declared (or defaulted to), e.g. 110, 150, 300;
 * es and compatibility describe its profile. 0 if the shader did not get
 * that far. */
int kgl_shader_version(const struct kgl_shader *shader, bool *es, bool *compatibility);

struct kgl_link_options {
   enum kgl_flavour flavour;
   /* SPIR-V version for the Vulkan flavour as 0x00MMmm00 (e.g. 0x00010300);
    * 0 means 1.0. The Vulkan client version glslang is told follows from it
    * (1.0 -> Vulkan 1.0, 1.1..1.3 -> 1.1, 1.4 -> 1.1 + SPIR-V 1.4,
    * 1.5 -> 1.2, 1.6 -> 1.3). The GL flavour is always 1.0 (see above). */
   uint32_t vulkan_spirv_version;
   /* Emit OpLine/OpSource text (glslang's debug info). */
   bool debug_info;
};

struct kgl_program;

/* Links the shaders (any number per stage, at most one containing main per
 * stage). The shaders are only read: each is compiled again inside the
 * program, because glslang's linker and I/O mapper write into the parsed
 * trees, so one parse cannot serve two programs.
 *
 * On KGL_SUCCESS, KGL_COMPILE_FAILED (a shader did not compile) and
 * KGL_LINK_FAILED *out is a program whose log can be read; on the other
 * results *out is NULL. options may be NULL (AUTO, SPIR-V 1.0). */
enum kgl_result kgl_program_create(struct kgl_shader *const *shaders, unsigned count,
                                   const struct kgl_link_options *options,
                                   struct kgl_program **out);
void kgl_program_destroy(struct kgl_program *program);
bool kgl_program_linked(const struct kgl_program *program);
/* The link log (compile logs of the shaders come first when one failed). */
const char *kgl_program_info_log(const struct kgl_program *program);
/* Bit (1 << kgl_stage) for every stage with SPIR-V. */
uint32_t kgl_program_stages(const struct kgl_program *program);
enum kgl_flavour kgl_program_flavour(const struct kgl_program *program);
/* The stage's SPIR-V words, or NULL (and 0) if the stage is absent. Owned by
 * the program. */
const uint32_t *kgl_program_spirv(const struct kgl_program *program, enum kgl_stage stage,
                                  size_t *word_count);

/*
 * Reflection: what glslang's reflection database knows after the link, in the
 * terms of GL's program interface queries. -1 means "none" for every int.
 */
enum kgl_reflection_kind {
   KGL_REFLECT_UNIFORM,        /* glGetActiveUniform: loose and block members */
   KGL_REFLECT_UNIFORM_BLOCK,  /* glGetActiveUniformBlock */
   KGL_REFLECT_BUFFER_VARIABLE,
   KGL_REFLECT_BUFFER_BLOCK,   /* shader storage blocks */
   KGL_REFLECT_ATOMIC_COUNTER_BUFFER,
   KGL_REFLECT_PIPE_INPUT,     /* first stage's inputs (vertex attributes) */
   KGL_REFLECT_PIPE_OUTPUT,    /* last stage's outputs (fragment outputs) */
   /* Outputs of the last stage before rasterisation (geometry, else tess
    * eval, else vertex): the candidates for transform feedback, with the
    * shader's own xfb_buffer/xfb_offset/xfb_stride when it declared them.
    * Built-ins (gl_Position, ...) are included. */
   KGL_REFLECT_XFB_VARYING,
   KGL_REFLECT_KIND_COUNT,
};

struct kgl_reflection_entry {
   const char *name;
   uint32_t gl_type;       /* GL type enum (GL_FLOAT_VEC4 ...); 0 for blocks */
   int array_size;         /* elements (1 if not an array); size_B for blocks */
   int location;           /* uniform or varying location */
   int component;
   int binding;            /* blocks, samplers, images, atomic counter buffers */
   int offset_B;           /* in its block, or xfb_offset */
   int array_stride_B;
   int block_index;        /* members: index of their block entry */
   int member_count;       /* blocks */
   int xfb_buffer;
   int xfb_stride_B;
   bool row_major;
   bool builtin;           /* gl_* */
   uint32_t stages;        /* bit (1 << kgl_stage) per stage using it */
};

unsigned kgl_program_reflection_count(const struct kgl_program *program,
                                      enum kgl_reflection_kind kind);
/* NULL when index is out of range. */
const struct kgl_reflection_entry *
kgl_program_reflection(const struct kgl_program *program, enum kgl_reflection_kind kind,
                       unsigned index);
/* Compute stages: the local size in dimension 0..2 (1 when not declared). */
unsigned kgl_program_local_size(const struct kgl_program *program, unsigned dim);

const char *kgl_stage_name(enum kgl_stage stage);
const char *kgl_flavour_name(enum kgl_flavour flavour);
const char *kgl_result_name(enum kgl_result result);

/*
 * Convenience for tools and tests: one program from sources, as piglit's
 * shader_runner feeds them. Returns like kgl_program_create; on
 * KGL_COMPILE_FAILED the program's log holds the failing shader's log.
 */
enum kgl_result kgl_program_create_from_sources(const struct kgl_shader_desc *descs,
                                                unsigned count,
                                                const struct kgl_link_options *options,
                                                struct kgl_program **out);

#ifdef __cplusplus
}
#endif

#endif /* KGL_H */
