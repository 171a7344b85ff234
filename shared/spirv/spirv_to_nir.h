/* SPDX-License-Identifier: MIT */
/*
 * spirv_to_nir: SPIR-V 1.0-1.6 to kiln's IR.
 *
 * Any input, however malformed, either yields a shader that passes the IR
 * validator or an error message naming the word offset; the translation
 * never crashes, aborts or leaks (everything hangs off one arena that a
 * failure frees at once).
 */
#ifndef SPIRV_TO_NIR_H
#define SPIRV_TO_NIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nir/nir.h"

struct arena;

enum spirv_env {
   /* Strict Vulkan SPIR-V: every interface variable is located, every
    * resource has a set and binding, version 1.0-1.6. */
   SPIRV_ENV_VULKAN,
   /* What glslang's C++ API emits for GL and compatibility-profile GLSL:
    * loose uniforms (default uniform block members as plain UniformConstant
    * variables), unlocated varyings, compatibility built-ins known by name
    * (gl_ModelViewProjectionMatrix, gl_Vertex, gl_FragColor, ...), header
    * version 0 accepted. */
   SPIRV_ENV_OPENGL_GL_FLAVOURED,
};

/* A value for the specialization constant with SpecId `spec_id`. The bits
 * are read as the constant's own type: bool (non-zero is true), or the low
 * 8/16/32/64 bits of an integer or float. */
struct spirv_specialization {
   uint32_t spec_id;
   uint64_t value_bits;
};

struct spirv_to_nir_options {
   enum spirv_env env;

   const struct spirv_specialization *specializations;
   uint32_t num_specializations;

   /* Capabilities the caller accepts (SpvCapability values); a module
    * declaring one outside the accepted set is an error. NULL accepts the
    * translator's base set: every capability it implements except the
    * opt-in ones (IntegerFunctions2INTEL, the fragment shader interlocks,
    * the compute derivative groups), whose operations not every
    * consumer of the IR implements; those are accepted only when listed
    * (spirv_to_nir_implemented_capabilities() lists them all). */
   const uint32_t *capabilities;
   uint32_t num_capabilities;

   /* GLSL.std.450 Normalize, Length, Distance, Cross, Reflect, Refract,
    * FaceForward, SmoothStep, Radians and Degrees stay IR ops (fnormalize2..4,
    * ...; nir_opcodes.py) instead of being expanded into arithmetic, so that
    * IR written to SPIR-V again (ntv) asks the next driver for exactly what
    * the original did: an expansion can round differently from that
    * driver's own (last-bit differences measured on lavapipe). For consumers
    * that write SPIR-V; backends that execute the IR leave it off. */
   bool keep_glsl450_geometry;

   /* The output is one entry function with every call inlined (inlining
    * happens during translation, so pointer parameters stay plain derefs),
    * brought to a canonical form by vars_to_ssa (phi and Function variables
    * become SSA), constant folding and DCE. That form is what makes
    * SPIR-V -> IR -> SPIR-V -> IR -> SPIR-V reproduce the first output.
    * Set this to get the emitter's raw output instead. */
   bool no_passes;
};

/* Translates the entry point `entry_point` (NULL: the only one) of the
 * execution model matching `stage`. The shader is allocated under `parent`
 * (NULL: free it with nir_shader_destroy()).
 *
 * On failure returns NULL and, if error_out is given, a malloc'd message
 * (free() it) of the form "SPIR-V word N: <instruction>: <what>", where N
 * counts 32-bit words from the start of the module. */
nir_shader *spirv_to_nir(const uint32_t *words, size_t word_count, nir_shader_stage stage,
                         const char *entry_point, const struct spirv_to_nir_options *opts,
                         struct arena *parent, char **error_out);

/* Every capability the translator implements, opt-in ones included: the
 * list for callers that accept them all (those that write the IR out as
 * SPIR-V again, such as ntv's users). */
const uint32_t *spirv_to_nir_implemented_capabilities(uint32_t *count);

/* The word offset in a message from spirv_to_nir(), or -1. */
long spirv_to_nir_error_offset(const char *error);

/* GL-flavoured SPIR-V names some compatibility-profile built-ins only by
 * their OpName (gl_Vertex, gl_FragColor, gl_ModelViewProjectionMatrix,
 * ...). True if `name` is one of them. */
bool spirv_gl_compat_builtin_name(const char *name);

#endif /* SPIRV_TO_NIR_H */
