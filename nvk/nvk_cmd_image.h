/* SPDX-License-Identifier: MIT */
/*
 * What the image transfer commands (copies, blits, clears) record about an
 * image, and helpers their executors share.
 */
#ifndef NVK_CMD_IMAGE_H
#define NVK_CMD_IMAGE_H

#include "layout/kil_addr.h"
#include "layout/kil_swizzle.h"
#include "nvk_image.h"

struct nvk_exec;

/* An image as a command sees it: its layout and device address. The image
 * object must outlive the command buffer's execution (valid usage). */
struct nvk_cmd_image {
   const struct nvk_image *image;
   uint64_t addr;
};

static inline struct nvk_cmd_image
nvk_cmd_image(const struct nvk_image *image)
{
   return (struct nvk_cmd_image){image, image->addr};
}

/* Host pointer to the whole image, or NULL after a fault. */
uint8_t *nvk_exec_map_image(struct nvk_exec *ex, const struct nvk_cmd_image *img);

/* Which aspect bits of an element `aspect` covers: true if it is the whole
 * element (colour, a format with only that aspect, or both aspects), false
 * for one aspect of a combined depth/stencil format. */
bool nvk_aspect_is_whole_element(const struct nvk_image *image, VkImageAspectFlags aspect);

/* Bytes one element of `aspect` takes in a buffer (Vulkan 1.3, 20.4.4
 * "Depth/stencil formats in copies": depth as D16 / D24 in 32 bits / D32,
 * stencil as 1 byte). */
uint32_t nvk_buffer_el_size_B(const struct nvk_image *image, VkImageAspectFlags aspect);

/* Copies one aspect of element `src` (in the image's format) to/from a
 * buffer element of nvk_buffer_el_size_B bytes. */
void nvk_aspect_to_buffer(const struct nvk_image *image, VkImageAspectFlags aspect,
                          const uint8_t *el, uint8_t *buf);
void nvk_aspect_from_buffer(const struct nvk_image *image, VkImageAspectFlags aspect,
                            const uint8_t *buf, uint8_t *el);

/* Clear values as one element of `format` (nvk_cmd_clear.c): colours
 * sRGB-encoded, integers clamped; depth/stencil only the given aspects'
 * bits. texel has room for 16 bytes. */
void nvk_pack_clear_color(enum kil_format format, const VkClearColorValue *color,
                          uint8_t *texel);
void nvk_pack_clear_depth_stencil(enum kil_format format, VkImageAspectFlags aspects,
                                  const VkClearDepthStencilValue *value, uint8_t *texel);

/* Writes the element `texel` (or its `aspect` bits) to `rect` of one level
 * and layer of an image mapped at `map`, clipped to the level. */
void nvk_clear_rect(struct nvk_exec *ex, const struct nvk_image *image, uint8_t *map,
                    VkImageAspectFlags aspect, uint32_t level, uint32_t layer, VkRect2D rect,
                    const uint8_t *texel);

/* Resolves `rect` (in pixels) of one layer of a multisampled image into a
 * single-sample one with `mode` (nvk_cmd_resolve.c). */
void nvk_resolve_rect(struct nvk_exec *ex, const struct nvk_image *src, const uint8_t *src_map,
                      uint32_t src_level, uint32_t src_layer, const struct nvk_image *dst,
                      uint8_t *dst_map, uint32_t dst_level, uint32_t dst_layer,
                      VkImageAspectFlags aspect, VkResolveModeFlagBits mode, VkRect2D rect);

#endif /* NVK_CMD_IMAGE_H */
