/* SPDX-License-Identifier: MIT */
/*
 * The driver's IR passes (one per file), run by nvk_compiler.c in the
 * "lower" step: they turn the Vulkan binding model and API idioms into what
 * the backend (nvk/exec) reads.
 */
#ifndef NVK_NIR_H
#define NVK_NIR_H

#include <stdbool.h>
#include <stdint.h>

#include "nir/nir.h"
#include "nir/nir_builder.h"

struct nvk_pipeline_layout;

/* Vertex and fragment shaders: Input/Output variables (Locations,
 * Components, arrays, matrices, blocks, built-ins) become load_input /
 * load_interpolated_input / store_output / load_output on the backend's
 * slots (nvk/exec/kx.h, the file says how). Sets *unsupported for an
 * access it cannot lower. */
bool nvk_nir_lower_io(nir_shader *shader, bool *unsupported);

/* Tessellation control shaders' inputs, outputs and barriers and
 * evaluation shaders' inputs become global loads and stores on the records
 * of nvk_tess_io.h; their system values come from the lane's number and
 * those records. Run before nvk_nir_lower_io. Sets *unsupported for an
 * access it cannot lower. */
bool nvk_nir_lower_tess_io(nir_shader *shader, bool *unsupported);
/* Geometry shaders, after nvk_nir_lower_io and the system values: emits
 * and strip ends become stores into per-invocation output records, laid
 * out as *info says (kx.h, struct kx_gs_info). Sets *unsupported when the
 * shader cannot be lowered. */
struct kx_gs_info;
bool nvk_nir_lower_gs(nir_shader *shader, struct kx_gs_info *info, bool *unsupported);

/* What transform feedback captures, from the Output variables (before
 * nvk_nir_lower_io): false when it exceeds what kx_xfb_info holds or names
 * a buffer or stream past the limits. */
struct kx_xfb_info;
bool nvk_nir_gather_xfb(nir_shader *shader, struct kx_xfb_info *info);

/* Loads of built-in variables (gl_LocalInvocationID...) become the
 * backend's system-value intrinsics; gl_GlobalInvocationID and friends are
 * computed from workgroup and local ids, gl_NumSubgroups and
 * gl_SubgroupSize become constants. */
bool nvk_nir_lower_system_values(nir_shader *shader, unsigned subgroup_size);

/* Where a uniform/storage buffer's descriptor is: its device address and
 * size, loaded from set memory or the root table (dynamic buffers). */
struct nvk_buffer_desc {
   nir_def *addr; /* 64-bit */
   nir_def *size; /* 32-bit, bytes */
};
struct nvk_buffer_desc nvk_nir_load_buffer_desc(nir_builder *b,
                                                const struct nvk_pipeline_layout *layout,
                                                const nir_variable *var, nir_def *index);
/* Whether a uniform block variable is an inline uniform block, whose bytes
 * are in the set's memory at *offset_B (nvk_descriptor_types.h). */
bool nvk_nir_inline_uniform_block(const struct nvk_pipeline_layout *layout,
                                  const nir_variable *var, unsigned *offset_B);

/* Images, samplers and textures: derefs of descriptor variables become
 * 64-bit handles (pointers to kx headers loaded from set memory) on the
 * image_* intrinsics and the texture instructions' handle sources. */
bool nvk_nir_lower_descriptors(nir_shader *shader, const struct nvk_pipeline_layout *layout,
                               bool *unsupported);

struct nvk_nir_io_options {
   const struct nvk_pipeline_layout *layout;
   /* robustBufferAccess: an access past a buffer's range reads zeros and
    * writes nothing (it goes to the backend's null page). */
   bool robust_buffer_access;
   /* Set by the pass: an access it cannot lower (stores to push
    * constants, atomics on local variables...). */
   bool unsupported;
};

/* Explicit I/O: deref chains into uniform/storage buffers, push constants,
 * shared memory, local arrays left after vars_to_ssa and physical storage
 * buffer pointers become byte offsets and the backend's load/store/atomic
 * intrinsics (global, constant buffer, shared, scratch). Assigns shared
 * and scratch sizes. */
bool nvk_nir_lower_explicit_io(nir_shader *shader, struct nvk_nir_io_options *options);

/* Exact integer/float identities the lowering leaves behind (0 + x, x * 1,
 * constant offsets added twice...). */
bool nvk_nir_opt_algebraic(nir_shader *shader);

/* Full unrolling of small loops whose trip count folds at compile time
 * (straight-line bodies; see the file for the shape). */
bool nvk_nir_opt_loop_unroll(nir_shader *shader);

/* Ifs on constant conditions become the branch that runs. */
bool nvk_nir_opt_constant_ifs(nir_shader *shader);

/* Constant parts of shared-memory offsets move into the intrinsics' base. */
bool nvk_nir_opt_offsets(nir_shader *shader);

#endif /* NVK_NIR_H */
