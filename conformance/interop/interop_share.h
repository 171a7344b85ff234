/* SPDX-License-Identifier: MIT */
/*
 * Sharing one image between two processes: the exporting side makes an
 * image with a DRM format modifier in exportable memory and sends (dma-buf
 * fd, format, fourcc, modifier, the layout of every memory plane); the
 * importing side makes the image from exactly that
 * (VkImageDrmFormatModifierExplicitCreateInfoEXT), imports the fd into a
 * dedicated allocation and checks every pixel of every format plane.
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

/* Memory planes a description carries: VK_IMAGE_ASPECT_MEMORY_PLANE_0..3. */
#define SHARE_MAX_PLANES 4

/* One memory plane: its VkSubresourceLayout (MEMORY_PLANE_n) as the
 * exporter reported it, offset from the start of the one fd. */
struct share_plane {
   uint64_t offset_B;
   uint64_t row_pitch_B;
   uint64_t size_B; /* informational: the importer passes 0 (VUID-...-size-02267) */
};

/* What crosses the socket with the fd. All memory planes live in that one
 * fd (one memory object; kiln never makes modifier images DISJOINT). */
struct share_desc {
   uint32_t vk_format;
   uint32_t drm_fourcc; /* 0 if the format has none */
   uint32_t width, height;
   uint64_t modifier;
   uint32_t plane_count; /* memory planes: the modifier's drmFormatModifierPlaneCount */
   uint32_t seed;        /* pattern written before sending */
   struct share_plane planes[SHARE_MAX_PLANES];
   uint64_t size_B; /* the fd's memory (allocationSize) */
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

/* The modifiers the device advertises for format with TRANSFER_SRC|DST
 * and at most SHARE_MAX_PLANES memory planes. */
uint32_t share_format_modifiers(struct vkt *t, VkFormat format, uint64_t *mods,
                                uint32_t max);
/* drmFormatModifierPlaneCount of format + modifier (0 if not advertised). */
uint32_t share_modifier_plane_count(struct vkt *t, VkFormat format, uint64_t modifier);

/* Format planes (1, or 2-3 for the multi-planar Y'CbCr formats) and the
 * extent of plane `plane` of a width x height image (chroma subsampled). */
uint32_t share_format_plane_count(VkFormat format);
VkExtent3D share_plane_extent(VkFormat format, uint32_t plane, uint32_t width,
                              uint32_t height);
/* Rounds an extent up to what the format's subsampling divides (a 4:2:0
 * image has even width and height, VUIDs 04712/04713). */
void share_format_round_extent(VkFormat format, uint32_t *width, uint32_t *height);

/* "R8G8B8A8_UNORM" and its DRM fourcc (0 if none), for tables. */
const char *share_format_name(VkFormat format);
uint32_t share_format_fourcc(VkFormat format);

/* Exporting side: an image of `modifier` (from a one-entry list) with the
 * pattern `seed`, and a dma-buf fd of its memory; fills `d`. */
bool share_export(struct vkt *t, VkFormat format, uint64_t modifier, uint32_t width,
                  uint32_t height, uint32_t seed, struct share_image *img, int *fd,
                  struct share_desc *d);

/* The image `d` describes (its plane layouts in
 * VkImageDrmFormatModifierExplicitCreateInfoEXT, dma-buf external memory),
 * without memory: share_import's first step, for tests that import
 * differently. */
VkResult share_desc_image_create(struct vkt *t, const struct share_desc *d,
                                 VkImage *image);

/* Importing side: the image described by `d` (every memory plane's layout in
 * VkImageDrmFormatModifierExplicitCreateInfoEXT) on memory imported from fd
 * (which the import takes on success). Returns the VkResult of the failing
 * step (image creation or memory import) for the bad-input tests; a plane
 * count beyond SHARE_MAX_PLANES (a description from a confused peer) is
 * refused before the driver sees it, with the result the driver gives a
 * wrong plane count, VK_ERROR_INVALID_DRM_FORMAT_MODIFIER_PLANE_LAYOUT_EXT.
 * `img` can be destroyed in every case. */
VkResult share_import(struct vkt *t, const struct share_desc *d, int fd,
                      struct share_image *img);

/* The image changes hands: released to (acquire false) or acquired from
 * (true) VK_QUEUE_FAMILY_EXTERNAL, in GENERAL. share_export releases,
 * share_import acquires. */
bool share_handoff(struct vkt *t, struct share_image *img, bool acquire);

/* Writes / checks the pattern `seed` (every byte of every pixel of every
 * format plane, through VK_IMAGE_ASPECT_PLANE_n_BIT copies of the plane's
 * subsampled extent for multi-planar formats). Checking reports the first
 * mismatch and its plane. */
bool share_write(struct vkt *t, struct share_image *img, uint32_t seed);
bool share_check(struct vkt *t, struct share_image *img, uint32_t seed);

void share_image_destroy(struct vkt *t, struct share_image *img);

#endif /* INTEROP_SHARE_H */
