/* SPDX-License-Identifier: MIT */
/*
 * vkt_format: a small, independent description of the colour formats the
 * shader tests use, to make test data and to decode what shaders read
 * (written from the Vulkan spec's format definitions, not from the
 * driver's conversion code, so the two check each other).
 */
#ifndef VKT_FORMAT_H
#define VKT_FORMAT_H

#include <stdbool.h>
#include <stdint.h>
#include <vulkan/vulkan.h>

enum vkt_chan {
   VKT_NONE,
   VKT_UNORM,
   VKT_SNORM,
   VKT_UINT,
   VKT_SINT,
   VKT_SRGB,
   VKT_SFLOAT,  /* 16 or 32 bits */
   VKT_UFLOAT,  /* 11 or 10 bits: 5-bit exponent, no sign */
};

enum vkt_class {
   VKT_CLASS_FLOAT,
   VKT_CLASS_SINT,
   VKT_CLASS_UINT,
};

struct vkt_format {
   VkFormat format;
   const char *name;
   uint8_t size_B;
   enum vkt_class cls;
   bool shared_exponent; /* E5B9G9R9 */
   /* R, G, B, A: type, bit offset in the element (little endian), bits. */
   struct {
      enum vkt_chan type;
      uint8_t shift, bits;
   } c[4];
};

/* The table: the formats kiln samples and stores (plus those only
 * sampled: sRGB, BGRA, 565, E5B9G9R9). NULL-terminated by format 0. */
extern const struct vkt_format vkt_formats[];
const struct vkt_format *vkt_format_find(VkFormat format);

union vkt_value {
   float f[4];
   int32_t i[4];
   uint32_t u[4];
};

/* What a shader reads from an element (absent channels: 0, 0, 0, 1). */
void vkt_format_decode(const struct vkt_format *f, const uint8_t *el, union vkt_value *out);

/* Element bytes that decode to a value which stores back to the same
 * bytes (no NaN/Inf/denormal floats, no duplicate -1.0 of SNORM). */
void vkt_format_random_element(const struct vkt_format *f, uint64_t *seed, uint8_t *el);

#endif
