/* SPDX-License-Identifier: MIT */
/*
 * Sharing one image between two processes: the exporting side makes an
 * image with a DRM format modifier in exportable memory and sends (dma-buf
 * fd, format, fourcc, modifier, plane layout); the importing side makes the
 * image from exactly that (VkImageDrmFormatModifierExplicitCreateInfoEXT),
 * imports the fd into a dedicated allocation and checks every pixel.
 *
 * The sides are "endpoints" (today the Vulkan one, through the loader with
 * validation; a GL one through EGL_EXT_image_dma_buf_import joins with
 * zink), so the same matrix tests any pair.
 */
#ifndef INTEROP_SHARE_H
#define INTEROP_SHARE_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

#include "vkt.h"

/* What crosses the socket with the fd. */
struct share_desc {
   uint32_t vk_format;
   uint32_t drm_fourcc; /* 0 if the format has none */
   uint32_t width, height;
   uint64_t modifier;
   uint64_t offset_B; /* VkSubresourceLayout of MEMORY_PLANE_0 */
   uint64_t row_pitch_B;
   uint64_t size_B; /* the fd's memory (allocationSize) */
   uint32_t seed;   /* pattern written before sending */
   uint32_t pad;
};

/* A modifier image bound to its own (dedicated) memory. */
struct share_image {
   struct vkt_image img; /* image, memory, create info, aspects */
   VkDeviceSize alloc_size_B;
};

/* Device extensions a sharing endpoint needs. */
extern const char *const share_extensions[];
extern const uint32_t share_extension_count;
/* vkt_req for a sharing endpoint: the extensions (no validation message
 * is allowed). */
struct vkt_req share_req(void);

/* The modifiers the device advertises for format with TRANSFER_SRC|DST. */
uint32_t share_format_modifiers(struct vkt *t, VkFormat format, uint64_t *mods,
                                uint32_t max);

/* "R8G8B8A8_UNORM" and its DRM fourcc (0 if none), for tables. */
const char *share_format_name(VkFormat format);
uint32_t share_format_fourcc(VkFormat format);

/* Exporting side: an image of `modifier` (from a one-entry list) with the
 * pattern `seed`, and a dma-buf fd of its memory; fills `d`. */
bool share_export(struct vkt *t, VkFormat format, uint64_t modifier, uint32_t width,
                  uint32_t height, uint32_t seed, struct share_image *img, int *fd,
                  struct share_desc *d);

/* Importing side: the image described by `d` on memory imported from fd
 * (which the import takes on success). Returns the VkResult of the failing
 * step (image creation or memory import) for the bad-input tests. */
VkResult share_import(struct vkt *t, const struct share_desc *d, int fd,
                      struct share_image *img);

/* The image changes hands: released to (acquire false) or acquired from
 * (true) VK_QUEUE_FAMILY_EXTERNAL, in GENERAL. share_export releases,
 * share_import acquires. */
bool share_handoff(struct vkt *t, struct share_image *img, bool acquire);

/* Writes / checks the pattern `seed` (every byte of every pixel). Checking
 * reports the first mismatch. */
bool share_write(struct vkt *t, struct share_image *img, uint32_t seed);
bool share_check(struct vkt *t, struct share_image *img, uint32_t seed);

void share_image_destroy(struct vkt *t, struct share_image *img);

#endif /* INTEROP_SHARE_H */
