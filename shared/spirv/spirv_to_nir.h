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

   /* Capabilities the caller accepts (SpvCapability values). NULL accepts
    * every capability this translator implements; a module declaring one
    * outside the list is an error. */
   const uint32_t *capabilities;
   uint32_t num_capabilities;

   /* By default the output is one entry function with every call inlined,
    * ready for ntv/. These keep more of the input's shape. */
   bool keep_functions; /* no inlining: one IR function per SPIR-V function */
   bool keep_phis_as_variables; /* skip vars_to_ssa on the phi/spill variables */
};

#endif /* SPIRV_TO_NIR_H */
