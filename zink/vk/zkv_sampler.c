/* SPDX-License-Identifier: MIT */
/*
 * Samplers: one VkSampler per distinct GL sampler state, cached on the
 * screen for its life (GL programs flip between a handful of states).
 */
#include <stdlib.h>
#include <string.h>

#include "zkv_private.h"

static bool
uses_border(const struct zkv_sampler_state *s)
{
   const VkSamplerAddressMode b = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   return s->address_u == b || s->address_v == b || s->address_w == b;
}

/* The key: the state with every field that does not matter zeroed, and
 * padding zero (the struct is compared as bytes). */
static void
make_key(const struct zkv_sampler_state *in, struct zkv_sampler_state *k)
{
   memset(k, 0, sizeof(*k));
   k->mag_filter = in->mag_filter;
   k->min_filter = in->min_filter;
   k->mipmap_mode = in->mipmap_mode;
   k->mipmap_none = in->mipmap_none;
   k->address_u = in->address_u;
   k->address_v = in->address_v;
   k->address_w = in->address_w;
   k->lod_bias = in->lod_bias;
   k->min_lod = in->min_lod;
   k->max_lod = in->max_lod;
   k->max_anisotropy = in->max_anisotropy > 1.0f ? in->max_anisotropy : 1.0f;
   k->compare_enable = in->compare_enable;
   k->compare_op = in->compare_enable ? in->compare_op : VK_COMPARE_OP_NEVER;
   if (uses_border(in)) {
      memcpy(&k->border_color, &in->border_color, sizeof(k->border_color));
      k->border_int = in->border_int;
   }
   k->unnormalized_coordinates = in->unnormalized_coordinates;
   k->seamless_cube_map_off = in->seamless_cube_map_off;
   k->reduction_mode = in->reduction_mode;
}

/* Vulkan's three border colours, or custom. */
static VkBorderColor
border_color(const struct zkv_sampler_state *s, bool custom_ok)
{
   bool zero_rgb, one_rgb, zero_a, one_a;
   if (s->border_int) {
      const int32_t *c = s->border_color.i;
      zero_rgb = !c[0] && !c[1] && !c[2];
      one_rgb = c[0] == 1 && c[1] == 1 && c[2] == 1;
      zero_a = !c[3];
      one_a = c[3] == 1;
   } else {
      const float *c = s->border_color.f;
      zero_rgb = c[0] == 0.0f && c[1] == 0.0f && c[2] == 0.0f;
      one_rgb = c[0] == 1.0f && c[1] == 1.0f && c[2] == 1.0f;
      zero_a = c[3] == 0.0f;
      one_a = c[3] == 1.0f;
   }
   const bool i = s->border_int;
   if (zero_rgb && zero_a)
      return i ? VK_BORDER_COLOR_INT_TRANSPARENT_BLACK : VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
   if (zero_rgb && one_a)
      return i ? VK_BORDER_COLOR_INT_OPAQUE_BLACK : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
   if (one_rgb && one_a)
      return i ? VK_BORDER_COLOR_INT_OPAQUE_WHITE : VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
   if (custom_ok)
      return i ? VK_BORDER_COLOR_INT_CUSTOM_EXT : VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
   /* The nearest standard one: by alpha, then by brightness. */
   const float a = i ? (float)s->border_color.i[3] : s->border_color.f[3];
   const float r = i ? (float)s->border_color.i[0] : s->border_color.f[0];
   if (a < 0.5f)
      return i ? VK_BORDER_COLOR_INT_TRANSPARENT_BLACK : VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
   if (r < 0.5f)
      return i ? VK_BORDER_COLOR_INT_OPAQUE_BLACK : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
   return i ? VK_BORDER_COLOR_INT_OPAQUE_WHITE : VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
}

static VkResult
create(struct zkv_screen *screen, const struct zkv_sampler_state *k, VkSampler *out)
{
   const struct zkv_caps *caps = &screen->caps;
   void *next = NULL;
   VkSamplerCustomBorderColorCreateInfoEXT custom = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
      .format = VK_FORMAT_UNDEFINED,
   };
   const VkBorderColor bc = border_color(k, caps->custom_border_color);
   if (bc == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || bc == VK_BORDER_COLOR_INT_CUSTOM_EXT) {
      memcpy(&custom.customBorderColor, &k->border_color, sizeof(custom.customBorderColor));
      custom.pNext = next;
      next = &custom;
   }
   VkSamplerReductionModeCreateInfo reduction = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO,
      .reductionMode = k->reduction_mode,
   };
   if (k->reduction_mode != VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE &&
       caps->sampler_filter_minmax) {
      reduction.pNext = next;
      next = &reduction;
   }
   const bool aniso = k->max_anisotropy > 1.0f && caps->features.samplerAnisotropy;
   const float max_aniso = k->max_anisotropy < caps->limits.maxSamplerAnisotropy
                              ? k->max_anisotropy
                              : caps->limits.maxSamplerAnisotropy;
   const VkSamplerCreateInfo info = {
      .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
      .pNext = next,
      .flags = k->seamless_cube_map_off && caps->non_seamless_cube_map
                  ? VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT
                  : 0,
      .magFilter = k->mag_filter,
      .minFilter = k->min_filter,
      /* GL's non-mipmapped minification: Vulkan 1.3, 16.1 suggests
       * NEAREST mipmaps with maxLod 0.25 so only the base level is read. */
      .mipmapMode = k->mipmap_none ? VK_SAMPLER_MIPMAP_MODE_NEAREST : k->mipmap_mode,
      .addressModeU = k->address_u,
      .addressModeV = k->address_v,
      .addressModeW = k->address_w,
      .mipLodBias = k->lod_bias,
      .anisotropyEnable = aniso,
      .maxAnisotropy = aniso ? max_aniso : 1.0f,
      .compareEnable = k->compare_enable,
      .compareOp = k->compare_op,
      .minLod = k->mipmap_none ? 0.0f : k->min_lod,
      .maxLod = k->mipmap_none ? 0.25f : k->max_lod,
      .borderColor = bc,
      .unnormalizedCoordinates = k->unnormalized_coordinates,
   };
   return vkCreateSampler(screen->dev, &info, NULL, out);
}

struct zkv_sampler *
zkv_sampler_get(struct zkv_screen *screen, const struct zkv_sampler_state *state,
                VkResult *result)
{
   struct zkv_sampler_state key;
   make_key(state, &key);
   pthread_mutex_lock(&screen->lock);
   struct hash_entry *e = hash_table_search(&screen->samplers, &key);
   if (e) {
      pthread_mutex_unlock(&screen->lock);
      *result = VK_SUCCESS;
      return e->data;
   }
   struct zkv_sampler *s = calloc(1, sizeof(*s));
   if (!s) {
      pthread_mutex_unlock(&screen->lock);
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
      return NULL;
   }
   s->state = key;
   *result = create(screen, &key, &s->sampler);
   if (*result == VK_SUCCESS && !hash_table_insert(&screen->samplers, &s->state, s)) {
      vkDestroySampler(screen->dev, s->sampler, NULL);
      *result = VK_ERROR_OUT_OF_HOST_MEMORY;
   }
   pthread_mutex_unlock(&screen->lock);
   if (*result != VK_SUCCESS) {
      free(s);
      return NULL;
   }
   return s;
}

void
zkv_sampler_cache_finish(struct zkv_screen *screen)
{
   for (struct hash_entry *e = hash_table_next_entry(&screen->samplers, NULL); e;
        e = hash_table_next_entry(&screen->samplers, e)) {
      struct zkv_sampler *s = e->data;
      vkDestroySampler(screen->dev, s->sampler, NULL);
      free(s);
   }
}
