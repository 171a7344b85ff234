/* SPDX-License-Identifier: MIT */
/*
 * ntv: kiln's IR to Vulkan SPIR-V.
 *
 * The translator walks the entry point of a shader and writes it, close to
 * one instruction for one instruction, through the SPIR-V builder
 * (spirv_builder.h). It makes no GL decisions: GL conventions (depth range,
 * y-flip, flat shading, clip vertex, partial transform-feedback captures)
 * are lowered by the IR passes in ntv/passes/ before it runs.
 *
 * What it guarantees:
 *  - the output passes spirv-val for the requested Vulkan environment, or
 *    ntv_emit() fails with a message naming what it cannot express;
 *  - every decoration the IR carries (Location, Component, Binding,
 *    DescriptorSet, Offset/ArrayStride/MatrixStride/RowMajor, BuiltIn in
 *    variables and in blocks, interpolation, Patch, Invariant, XfbBuffer,
 *    XfbStride, Offset, Stream, names) is emitted;
 *  - the output is a function of the IR alone: ids, types, constants and
 *    decorations come out in walk order, never in hash-table order, so
 *    SPIR-V -> spirv_to_nir -> ntv -> spirv_to_nir -> ntv reproduces the
 *    first output word for word.
 *
 * The shader is only read, except that block-index metadata may be
 * computed. Nothing aborts on bad IR: it is reported as an error.
 */
#ifndef NTV_NIR_TO_SPIRV_H
#define NTV_NIR_TO_SPIRV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ntv/ntv_target.h"

struct arena;
typedef struct nir_shader nir_shader;

struct ntv_options {
   enum ntv_target target;
   /* SPIR-V version word; 0 picks the newest the target accepts. A version
    * newer than that is an error. */
   uint32_t spirv_version;
   /* Leave out OpName and OpMemberName (kept by default: GL matches by name). */
   bool strip_names;
};

/* Translates the shader's entry point. On success returns true with the
 * module in *words and *count, allocated from `out`. On failure returns false
 * with *error (allocated from `out`, or a static string when even that
 * fails) saying what went wrong; nothing else is allocated. */
bool ntv_emit(nir_shader *shader, const struct ntv_options *options, struct arena *out,
              uint32_t **words, size_t *count, const char **error);

#endif /* NTV_NIR_TO_SPIRV_H */
