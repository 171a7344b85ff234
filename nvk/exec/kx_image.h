/* SPDX-License-Identifier: MIT */
/*
 * Image and texture instructions: their encoding (shared by the
 * translator, the validator and the handlers in kx_image.c).
 *
 * IMAGE_LOAD    src[0] handle; operand list [dst x n][coord x 4][sample][lod]
 * IMAGE_STORE   src[0] handle; [coord x 4][sample][value x n][lod]
 * IMAGE_ATOMIC  src[0] handle, dst; [coord x 4][sample][data][data2]; n = 2 swaps
 * IMAGE_SIZE    src[0] handle; [dst x n][lod]
 * IMAGE_SAMPLES src[0] handle, dst
 *    imm[0] = KX_IMG_FLAGS(...), imm[1] = list length, imm[2] = list index
 * TEX           src[0] texture, src[1] sampler;
 *               [dst x 4][coord x 4][lod or bias][comparator][offset x 3][min lod]
 *               ([ddx x 3][ddy x 3] with KX_TEX_HAS_GRAD_BIT)
 *    imm[0] = KX_TEX_FLAGS(...), imm[1] = 14 (20 with gradients), imm[2] = list index
 * Unused operands point at a zero constant.
 */
#ifndef KX_IMAGE_H
#define KX_IMAGE_H

#include "kx_program.h"

#define KX_IMG_FLAGS(dim, array, type, atomic_op)                                         \
   ((uint32_t)(dim) | ((uint32_t)(array) << 3) | ((uint32_t)(type) << 4) |                \
    ((uint32_t)(atomic_op) << 8))
#define KX_IMG_DIM(f) ((enum glsl_sampler_dim)((f) & 7))
#define KX_IMG_ARRAY(f) (((f) >> 3) & 1)
#define KX_IMG_TYPE(f) (((f) >> 4) & 3) /* 0 float, 1 int, 2 uint */
#define KX_IMG_ATOMIC_OP(f) (((f) >> 8) & 0xff)

#define KX_TEX_LIST_LENGTH 14
#define KX_TEX_HAS_LOD_BIT (1u << 16)
#define KX_TEX_HAS_OFFSET_BIT (1u << 17)
#define KX_TEX_HAS_MIN_LOD_BIT (1u << 18)
/* Gradients follow the list: [ddx x 3][ddy x 3] (textureGrad, and
 * implicit-lod sampling in fragment shaders, from the quad's derivatives). */
#define KX_TEX_HAS_GRAD_BIT (1u << 19)
#define KX_TEX_GRAD_LIST_LENGTH (KX_TEX_LIST_LENGTH + 6)
#define KX_TEX_FLAGS(op, dim, array, shadow, type, ncoord, component)                     \
   ((uint32_t)(op) | ((uint32_t)(dim) << 4) | ((uint32_t)(array) << 7) |                  \
    ((uint32_t)(shadow) << 8) | ((uint32_t)(type) << 9) | ((uint32_t)(ncoord) << 11) |    \
    ((uint32_t)(component) << 14))
#define KX_TEX_OP(f) ((f) & 15)
#define KX_TEX_DIM(f) ((enum glsl_sampler_dim)(((f) >> 4) & 7))
#define KX_TEX_ARRAY(f) (((f) >> 7) & 1)
#define KX_TEX_SHADOW(f) (((f) >> 8) & 1)
#define KX_TEX_TYPE(f) (((f) >> 9) & 3)
#define KX_TEX_NCOORD(f) (((f) >> 11) & 7)
#define KX_TEX_COMPONENT(f) (((f) >> 14) & 3)

const struct kx_instr *kx_op_image_load(struct kx_ctx *ctx, const struct kx_instr *ip);
const struct kx_instr *kx_op_image_store(struct kx_ctx *ctx, const struct kx_instr *ip);
const struct kx_instr *kx_op_image_atomic(struct kx_ctx *ctx, const struct kx_instr *ip);
const struct kx_instr *kx_op_image_size(struct kx_ctx *ctx, const struct kx_instr *ip);
const struct kx_instr *kx_op_image_samples(struct kx_ctx *ctx, const struct kx_instr *ip);
const struct kx_instr *kx_op_tex(struct kx_ctx *ctx, const struct kx_instr *ip);

#endif
