/* SPDX-License-Identifier: MIT */
#include "layout/kil_extent.h"

#include "util/macros.h"

struct kil_extent4d_el
kil_extent4d_px_to_el(struct kil_extent4d_px ext_px, enum kil_format format,
                      enum kil_sample_layout sample_layout)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (!d || sample_layout >= KIL_SAMPLE_LAYOUT_INVALID)
      return (struct kil_extent4d_el){0, 0, 0, 0};

   /* Samples first (a grid of samples per pixel), then blocks. Compressed
    * formats are never multisampled, so the order only matters on paper. */
   const uint64_t w_sa = (uint64_t)ext_px.width * kil_sample_layout_width(sample_layout);
   const uint64_t h_sa =
      (uint64_t)ext_px.height * kil_sample_layout_height(sample_layout);
   return (struct kil_extent4d_el){
      .width = (uint32_t)MIN2(DIV_ROUND_UP(w_sa, d->block_width), UINT32_MAX),
      .height = (uint32_t)MIN2(DIV_ROUND_UP(h_sa, d->block_height), UINT32_MAX),
      .depth = DIV_ROUND_UP(ext_px.depth, d->block_depth),
      .array_len = ext_px.array_len,
   };
}

struct kil_offset4d_el
kil_offset4d_px_to_el(struct kil_offset4d_px off_px, enum kil_format format,
                      enum kil_sample_layout sample_layout)
{
   const struct kil_format_desc *d = kil_format_desc(format);
   if (!d || sample_layout >= KIL_SAMPLE_LAYOUT_INVALID)
      return (struct kil_offset4d_el){0, 0, 0, 0};

   const uint64_t x_sa = (uint64_t)off_px.x * kil_sample_layout_width(sample_layout);
   const uint64_t y_sa = (uint64_t)off_px.y * kil_sample_layout_height(sample_layout);
   return (struct kil_offset4d_el){
      .x = (uint32_t)MIN2(x_sa / d->block_width, UINT32_MAX),
      .y = (uint32_t)MIN2(y_sa / d->block_height, UINT32_MAX),
      .z = off_px.z / d->block_depth,
      .a = off_px.a,
   };
}

struct kil_extent4d_B
kil_extent4d_el_to_B(struct kil_extent4d_el ext_el, enum kil_format format)
{
   const uint64_t w_B = (uint64_t)ext_el.width * kil_format_el_size_B(format);
   return (struct kil_extent4d_B){
      .width = (uint32_t)MIN2(w_B, UINT32_MAX),
      .height = ext_el.height,
      .depth = ext_el.depth,
      .array_len = ext_el.array_len,
   };
}
