/* SPDX-License-Identifier: MIT */
/*
 * Sampling a multi-planar image through a sampler Y'CbCr conversion
 * (Vulkan 1.3, 16.1.x "Sampler Y'CbCr Conversion" and the sections that
 * follow it: chroma reconstruction, component swizzle, range expansion,
 * model conversion).
 *
 * What kiln implements (and advertises, nvk_multi_planar_features):
 *  - Implicit chroma reconstruction only: each chroma plane is sampled at
 *    the luma sample's location with the conversion's chroma filter
 *    (nearest or linear, clamp to edge). A plane subsampled in x with
 *    xChromaOffset COSITED_EVEN has its samples on the even luma texels,
 *    so its coordinate moves by half a luma texel (u + 0.5 / width); with
 *    MIDPOINT the chroma texel centres sit between two luma centres, where
 *    plain normalized sampling puts them. The same for y. At luma texel
 *    centres this gives exactly the spec's explicit reconstruction
 *    formulas (the chroma sample itself, or 1/2-1/2, 1/4-3/4 weights).
 *  - No separate reconstruction filter: the sampler's min/mag filter is the
 *    chroma filter (valid usage without that feature), used for luma.
 *  - The raw sample is (R, G, B, A) = (Cr, Y, Cb, 1) from the planes (plane
 *    0: G; plane 1: B, or B and R as its R and G channels; plane 2: R).
 */
#ifndef KX_YCBCR_H
#define KX_YCBCR_H

#include <stdbool.h>
#include <stdint.h>

#include "kx_desc.h"

struct kx_thread;

/* Swizzle, range expansion and model conversion of one raw sample
 * (pure arithmetic, in its own function so tests can check it). */
void kx_ycbcr_convert(const struct kx_ycbcr_desc *y, const float raw[4], float out[4]);

/* Samples view `d` (plane_count > 1) through sampler `s` (ycbcr.enabled)
 * at normalized (u, v) of layer `layer` (of the view). Returns false after
 * a memory fault. */
bool kx_ycbcr_sample(struct kx_thread *t, const struct kx_image_desc *d,
                     const struct kx_sampler_desc *s, float u, float v, uint32_t layer,
                     float out[4]);

#endif /* KX_YCBCR_H */
