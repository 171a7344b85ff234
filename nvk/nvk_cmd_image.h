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

#endif /* NVK_CMD_IMAGE_H */
