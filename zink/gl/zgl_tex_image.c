/* SPDX-License-Identifier: MIT */
/*
 * Texture images (GL 4.6, 8.5-8.6, 8.14, 8.19): glTexImage, glTexSubImage,
 * glTexStorage, level queries, glGenerateMipmap. Client pixels (or a pixel
 * unpack buffer's) are converted to the image's format with shared/format
 * and uploaded through zkv.
 */
#include <stdlib.h>
#include <string.h>

#include "format/fmt.h"
#include "zgl_buffer.h"
#include "zgl_format.h"
#include "zgl_framebuffer.h"
#include "zgl_pixel_format.h"
#include "zgl_screen.h"
#include "zgl_texture.h"

/* What a glTex*Image target names: the object's target, a cube face, and
 * the dimensions the call takes. */
struct target_info {
   enum zgl_tex_target index;
   unsigned face;
   unsigned dims;
};

static bool
image_target(GLenum target, unsigned dims, struct target_info *ti)
{
   ti->face = 0;
   ti->dims = dims;
   switch (target) {
   case GL_TEXTURE_1D:
      ti->index = ZGL_TEX_1D;
      return dims == 1;
   case GL_TEXTURE_2D:
      ti->index = ZGL_TEX_2D;
      return dims == 2;
   case GL_TEXTURE_RECTANGLE:
      ti->index = ZGL_TEX_RECTANGLE;
      return dims == 2;
   case GL_TEXTURE_1D_ARRAY:
      ti->index = ZGL_TEX_1D_ARRAY;
      return dims == 2;
   case GL_TEXTURE_3D:
      ti->index = ZGL_TEX_3D;
      return dims == 3;
   case GL_TEXTURE_2D_ARRAY:
      ti->index = ZGL_TEX_2D_ARRAY;
      return dims == 3;
   default:
      if (dims == 2 && target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
          target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
         ti->index = ZGL_TEX_CUBE_MAP;
         ti->face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
         return true;
      }
      return false;
   }
}

static struct zgl_texture *
bound_texture(struct zgl_context *ctx, enum zgl_tex_target index)
{
   struct zgl_texture *t = ctx->textures[ctx->active_texture][index];
   return t ? t : ctx->default_textures[index];
}

static GLsizei
max_size(struct zgl_context *ctx, enum zgl_tex_target index)
{
   const VkPhysicalDeviceLimits *l = &ctx->screen->caps->limits;
   switch (index) {
   case ZGL_TEX_1D:
   case ZGL_TEX_1D_ARRAY:
      return (GLsizei)l->maxImageDimension1D;
   case ZGL_TEX_3D:
      return (GLsizei)l->maxImageDimension3D;
   case ZGL_TEX_CUBE_MAP:
      return (GLsizei)l->maxImageDimensionCube;
   default:
      return (GLsizei)l->maxImageDimension2D;
   }
}

/* Whether a level size is in range (GL 4.6, 8.5: INVALID_VALUE). */
static bool
check_size(struct zgl_context *ctx, const char *func, const struct target_info *ti, GLint level,
           GLsizei w, GLsizei h, GLsizei d)
{
   const GLsizei max = max_size(ctx, ti->index);
   const GLint max_level = (GLint)util_logbase2((uint64_t)max);
   const bool layered_h = ti->index == ZGL_TEX_1D_ARRAY;
   const bool layered_d = ti->index == ZGL_TEX_2D_ARRAY;
   const GLsizei max_layers = (GLsizei)ctx->screen->caps->limits.maxImageArrayLayers;
   if (level < 0 || level > max_level || (ti->index == ZGL_TEX_RECTANGLE && level != 0) ||
       w < 0 || h < 0 || d < 0 || w > (max >> level) ||
       h > (layered_h ? max_layers : ti->dims >= 2 ? max >> level : 1) ||
       d > (layered_d ? max_layers : ti->dims == 3 ? max >> level : 1) ||
       (ti->index == ZGL_TEX_CUBE_MAP && w != h)) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(level %d, %d x %d x %d)", func, level, w, h, d);
      return false;
   }
   return true;
}

/* The aspects and class of an image format, for the format/type checks. */
static bool
format_is_depth_stencil(VkFormat f)
{
   return (zkv_format_aspects(f) & (VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT)) != 0;
}

static bool
format_is_integer(VkFormat f)
{
   const enum kil_format k = zgl_kil_format(f);
   return k != KIL_FORMAT_NONE && !format_is_depth_stencil(f) && fmt_format_is_convertible(k) &&
          fmt_format_class(k) != FMT_CLASS_FLOAT;
}

/* GL 4.6, 8.5: INVALID_OPERATION when the client format's kind (integer,
 * depth) differs from the internal format's. */
static bool
check_compatible(struct zgl_context *ctx, const char *func, VkFormat image, GLenum format)
{
   const bool ds = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL ||
                   format == GL_STENCIL_INDEX;
   if (ds != format_is_depth_stencil(image) ||
       zgl_pixel_format_is_integer(format) != format_is_integer(image)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: format 0x%x does not fit the internal format",
                func, format);
      return false;
   }
   return true;
}

/* The image of a shape: created when the texture has none of that level-0
 * shape and format. */
static bool
ensure_image(struct zgl_context *ctx, const char *func, struct zgl_texture *t,
             GLenum internal_format, const struct zkv_format_choice *choice, GLint level,
             GLsizei w, GLsizei h, GLsizei d, GLint levels)
{
   const bool arr_h = t->index == ZGL_TEX_1D_ARRAY, arr_d = t->index == ZGL_TEX_2D_ARRAY;
   const uint32_t w0 = (uint32_t)w << level;
   const uint32_t h0 = t->index == ZGL_TEX_1D || arr_h ? 1 : (uint32_t)h << level;
   const uint32_t d0 = t->index == ZGL_TEX_3D ? (uint32_t)d << level : 1;
   const uint32_t layers = arr_h ? (uint32_t)h : arr_d ? (uint32_t)d
                           : t->index == ZGL_TEX_CUBE_MAP ? 6 : 1;
   if (t->image && t->image_internal_format == internal_format && t->image_width == w0 &&
       t->image_height == h0 && t->image_depth == d0 && t->image_layers == layers)
      return true;
   zkv_image_view_destroy(t->view);
   zkv_image_destroy(t->image);
   t->view = NULL;
   t->image = NULL;
   memset(t->levels, 0, sizeof(t->levels));
   const uint32_t full = util_logbase2(MAX3(w0, h0, d0)) + 1;
   struct zkv_image_desc desc = {
      .type = t->index == ZGL_TEX_1D || arr_h ? VK_IMAGE_TYPE_1D
              : t->index == ZGL_TEX_3D        ? VK_IMAGE_TYPE_3D
                                              : VK_IMAGE_TYPE_2D,
      .format = choice->format,
      .width = MAX2(w0, 1), .height = MAX2(h0, 1), .depth = MAX2(d0, 1),
      .layers = MAX2(layers, 1),
      .levels = levels ? (uint32_t)levels : t->index == ZGL_TEX_RECTANGLE ? 1 : full,
      .samples = VK_SAMPLE_COUNT_1_BIT,
      .cube = t->index == ZGL_TEX_CUBE_MAP,
   };
   VkResult result;
   t->image = zkv_image_create(ctx->screen->zkv, &desc, &result);
   if (!t->image) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s: no image of %u x %u x %u", func, w0, h0, d0);
      return false;
   }
   t->format = *choice;
   t->image_internal_format = internal_format;
   t->image_width = w0, t->image_height = h0, t->image_depth = d0, t->image_layers = layers;
   t->image_levels = desc.levels;
   return true;
}

/* The client pixels of an upload: client memory, or the pixel unpack
 * buffer's bytes (read back); NULL data and no buffer: nothing. *owned is
 * what to free. False after an error. */
static bool
source_pixels(struct zgl_context *ctx, const char *func, GLenum format, GLenum type,
              GLsizei w, GLsizei h, GLsizei d, const void *data, const uint8_t **pixels,
              void **owned)
{
   *owned = NULL;
   *pixels = data;
   struct zgl_buffer *pbo = ctx->pixel_unpack_buffer;
   if (!pbo)
      return true;
   const struct zgl_pixel_store *ps = &ctx->unpack;
   const size_t image_stride = zgl_pixel_row_stride_B(ps, format, type, w) *
                               (size_t)(ps->image_height > 0 ? ps->image_height : h);
   const size_t end = w && h && d ? image_stride * (size_t)(ps->skip_images + d - 1) +
                                       zgl_pixel_offset_B(ps, format, type, w, w - 1, h - 1) +
                                       zgl_pixel_size_B(format, type)
                                  : 0;
   /* GL 4.6, 8.5: INVALID_OPERATION for a mapped unpack buffer or data
    * past its end. */
   if ((pbo->map_pointer && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT)) ||
       (uintptr_t)data + end > (uintptr_t)pbo->size_B) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the pixel unpack buffer is mapped or too small",
                func);
      return false;
   }
   if (!end) {
      *pixels = NULL;
      return true;
   }
   uint8_t *copy = malloc((uintptr_t)data + end);
   if (!copy) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return false;
   }
   zkv_buffer_read(ctx->zkv, pbo->zkv, (uintptr_t)data, end, copy + (uintptr_t)data);
   *owned = copy;
   *pixels = copy;
   return true;
}

/* Converts a box of client pixels to the image's format and uploads it to
 * (x, y, z) of level, face/layer-resolved. */
static void
upload(struct zgl_context *ctx, const char *func, struct zgl_texture *t,
       const struct target_info *ti, GLint level, GLint x, GLint y, GLint z, GLsizei w,
       GLsizei h, GLsizei d, GLenum format, GLenum type, const void *data)
{
   if (!w || !h || !d)
      return;
   const uint8_t *src;
   void *owned;
   if (!source_pixels(ctx, func, format, type, w, h, d, data, &src, &owned) || !src)
      return;
   const VkFormat vk = t->format.format;
   const VkImageAspectFlags aspects = zkv_format_aspects(vk);
   const bool has_depth = aspects & VK_IMAGE_ASPECT_DEPTH_BIT;
   const bool has_stencil = aspects & VK_IMAGE_ASPECT_STENCIL_BIT;
   const struct zgl_pixel_store *ps = &ctx->unpack;
   const size_t image_stride = zgl_pixel_row_stride_B(ps, format, type, w) *
                               (size_t)(ps->image_height > 0 ? ps->image_height : h);
   const size_t n = (size_t)w * (size_t)h * (size_t)d;
   /* One pass per aspect the client data carries. */
   for (unsigned pass = 0; pass < 2; pass++) {
      VkImageAspectFlagBits aspect;
      enum kil_format kil;
      if (!has_depth && !has_stencil) {
         if (pass)
            break;
         aspect = VK_IMAGE_ASPECT_COLOR_BIT;
         kil = zgl_kil_format(vk);
      } else if (pass == 0) {
         if (!has_depth || format == GL_STENCIL_INDEX)
            continue;
         aspect = VK_IMAGE_ASPECT_DEPTH_BIT;
         kil = vk == VK_FORMAT_D24_UNORM_S8_UINT ? KIL_FORMAT_X8_D24_UNORM_PACK32
               : vk == VK_FORMAT_D32_SFLOAT_S8_UINT ? KIL_FORMAT_D32_SFLOAT
                                                    : zgl_kil_format(vk);
      } else {
         if (!has_stencil || (format != GL_STENCIL_INDEX && format != GL_DEPTH_STENCIL))
            continue;
         aspect = VK_IMAGE_ASPECT_STENCIL_BIT;
         kil = KIL_FORMAT_S8_UINT;
      }
      if (kil == KIL_FORMAT_NONE) {
         zgl_error(ctx, GL_INVALID_OPERATION, "%s: uploads to format %d are not implemented",
                   func, vk);
         break;
      }
      const unsigned texel = kil_format_el_size_B(kil);
      uint8_t *dst = malloc(n * texel);
      if (!dst) {
         zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
         break;
      }
      const bool color = aspect == VK_IMAGE_ASPECT_COLOR_BIT;
      const enum fmt_class cls = color ? fmt_format_class(kil) : FMT_CLASS_FLOAT;
      for (GLsizei k = 0; k < d; k++) {
         for (GLsizei r = 0; r < h; r++) {
            for (GLsizei c = 0; c < w; c++) {
               const uint8_t *p = src + image_stride * (size_t)(ps->skip_images + k) +
                                  zgl_pixel_offset_B(ps, format, type, w, c, r);
               float rgba[4];
               int64_t irgba[4];
               double depth;
               uint32_t stencil;
               zgl_unpack_pixel(format, type, p, rgba, irgba, &depth, &stencil);
               uint8_t *o = dst + (((size_t)k * (size_t)h + (size_t)r) * (size_t)w + (size_t)c) * texel;
               if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
                  memset(o, 0, texel);
                  fmt_pack_depth(kil, (float)depth, o);
               } else if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
                  fmt_pack_stencil(kil, (uint8_t)stencil, o);
               } else {
                  union fmt_texel v;
                  for (unsigned i = 0; i < 4; i++) {
                     if (cls == FMT_CLASS_FLOAT)
                        v.f[i] = rgba[i];
                     else if (cls == FMT_CLASS_UINT)
                        v.u[i] = (uint32_t)irgba[i];
                     else
                        v.i[i] = (int32_t)irgba[i];
                  }
                  fmt_pack_color(kil, &v, o);
               }
            }
         }
      }
      /* Arrays: GL's last dimension is Vulkan's layers. */
      struct zkv_box box = {x, y, z, (uint32_t)w, (uint32_t)h, (uint32_t)d};
      if (t->index == ZGL_TEX_1D_ARRAY)
         box = (struct zkv_box){x, 0, y, (uint32_t)w, 1, (uint32_t)h};
      else if (t->index == ZGL_TEX_CUBE_MAP)
         box.z = (int32_t)ti->face, box.depth = 1;
      const struct zkv_host_layout layout = {(uint32_t)w * texel,
                                             t->index == ZGL_TEX_1D_ARRAY ? (uint32_t)w * texel
                                                                          : (uint32_t)(w * h) * texel};
      zkv_image_upload(ctx->zkv, t->image, (uint32_t)level, aspect, &box, dst, &layout);
      free(dst);
   }
   free(owned);
}

static void
tex_image(struct zgl_context *ctx, const char *func, GLenum target, unsigned dims, GLint level,
          GLint internalformat, GLsizei w, GLsizei h, GLsizei d, GLint border, GLenum format,
          GLenum type, const void *data, bool no_upload)
{
   struct target_info ti;
   if (!image_target(target, dims, &ti)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   const GLenum e = zgl_pixel_format_check(format, type);
   if (e != GL_NO_ERROR) {
      zgl_error(ctx, e, "%s(format 0x%x, type 0x%x)", func, format, type);
      return;
   }
   if (!check_size(ctx, func, &ti, level, w, h, d))
      return;
   if (border != 0) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(border %d)", func, border);
      return;
   }
   struct zkv_format_choice choice;
   if (!zkv_format_for_gl(ctx->screen->zkv, (uint32_t)internalformat,
                          VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT,
                          &choice) ||
       kil_format_is_compressed(zgl_kil_format(choice.format))) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(internalformat 0x%x)", func, internalformat);
      return;
   }
   if (!check_compatible(ctx, func, choice.format, format))
      return;
   struct zgl_texture *t = bound_texture(ctx, ti.index);
   if (t->immutable) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the texture's storage is immutable", func);
      return;
   }
   if (!w || !h || !d) {
      t->levels[ti.face][level] = (struct zgl_tex_level){false};
      return;
   }
   if (!ensure_image(ctx, func, t, (GLenum)internalformat, &choice, level, w, h, d, 0))
      return;
   t->levels[ti.face][level] = (struct zgl_tex_level){true, w, h, d, (GLenum)internalformat};
   if (!no_upload)
      upload(ctx, func, t, &ti, level, 0, 0, 0, w, h, d, format, type, data);
}

void GLAPIENTRY
zgl_TexImage1D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLint border,
               GLenum format, GLenum type, const void *pixels)
{
   ZGL_CONTEXT(ctx);
   tex_image(ctx, "glTexImage1D", target, 1, level, internalformat, width, 1, 1, border, format,
             type, pixels, false);
}

void GLAPIENTRY
zgl_TexImage2D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
               GLint border, GLenum format, GLenum type, const void *pixels)
{
   ZGL_CONTEXT(ctx);
   tex_image(ctx, "glTexImage2D", target, 2, level, internalformat, width, height, 1, border,
             format, type, pixels, false);
}

void GLAPIENTRY
zgl_TexImage3D(GLenum target, GLint level, GLint internalformat, GLsizei width, GLsizei height,
               GLsizei depth, GLint border, GLenum format, GLenum type, const void *pixels)
{
   ZGL_CONTEXT(ctx);
   tex_image(ctx, "glTexImage3D", target, 3, level, internalformat, width, height, depth, border,
             format, type, pixels, false);
}

static void
tex_sub_image(struct zgl_context *ctx, const char *func, GLenum target, unsigned dims,
              GLint level, GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
              GLenum format, GLenum type, const void *data)
{
   struct target_info ti;
   if (!image_target(target, dims, &ti)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   const GLenum e = zgl_pixel_format_check(format, type);
   if (e != GL_NO_ERROR) {
      zgl_error(ctx, e, "%s(format 0x%x, type 0x%x)", func, format, type);
      return;
   }
   if (level < 0 || level >= ZGL_MAX_LEVELS) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", func, level);
      return;
   }
   struct zgl_texture *t = bound_texture(ctx, ti.index);
   const struct zgl_tex_level *lv = &t->levels[ti.face][level];
   if (!lv->defined || !t->image) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: level %d is not defined", func, level);
      return;
   }
   /* GL 4.6, 8.6: INVALID_VALUE for a region outside the level. */
   if (w < 0 || h < 0 || d < 0 || x < 0 || y < 0 || z < 0 || x + w > lv->width ||
       y + h > lv->height || z + d > lv->depth) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%d, %d, %d, %d x %d x %d) of %d x %d x %d", func, x,
                y, z, w, h, d, lv->width, lv->height, lv->depth);
      return;
   }
   if (!check_compatible(ctx, func, t->format.format, format))
      return;
   upload(ctx, func, t, &ti, level, x, y, z, w, h, d, format, type, data);
}

void GLAPIENTRY
zgl_TexSubImage1D(GLenum target, GLint level, GLint xoffset, GLsizei width, GLenum format,
                  GLenum type, const void *pixels)
{
   ZGL_CONTEXT(ctx);
   tex_sub_image(ctx, "glTexSubImage1D", target, 1, level, xoffset, 0, 0, width, 1, 1, format,
                 type, pixels);
}

void GLAPIENTRY
zgl_TexSubImage2D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLsizei width,
                  GLsizei height, GLenum format, GLenum type, const void *pixels)
{
   ZGL_CONTEXT(ctx);
   tex_sub_image(ctx, "glTexSubImage2D", target, 2, level, xoffset, yoffset, 0, width, height, 1,
                 format, type, pixels);
}

void GLAPIENTRY
zgl_TexSubImage3D(GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset,
                  GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                  const void *pixels)
{
   ZGL_CONTEXT(ctx);
   tex_sub_image(ctx, "glTexSubImage3D", target, 3, level, xoffset, yoffset, zoffset, width,
                 height, depth, format, type, pixels);
}

static bool
is_sized(GLenum f)
{
   switch (f) {
   case GL_RED:
   case GL_RG:
   case GL_RGB:
   case GL_RGBA:
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
      return false;
   default:
      return true;
   }
}

static void
tex_storage(struct zgl_context *ctx, const char *func, GLenum target, unsigned dims,
            GLsizei levels, GLenum internalformat, GLsizei w, GLsizei h, GLsizei d)
{
   struct target_info ti;
   enum zgl_tex_target index;
   if (!zgl_tex_target_index(target, &index) ||
       !image_target(index == ZGL_TEX_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X : target, dims,
                     &ti)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   struct zkv_format_choice choice;
   if (!is_sized(internalformat) ||
       !zkv_format_for_gl(ctx->screen->zkv, internalformat,
                          VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT,
                          &choice) ||
       kil_format_is_compressed(zgl_kil_format(choice.format))) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x)", func, internalformat);
      return;
   }
   /* GL 4.6, 8.19: INVALID_VALUE for sizes or levels below 1 ... */
   if (levels < 1 || w < 1 || h < 1 || d < 1) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(levels %d, %d x %d x %d)", func, levels, w, h, d);
      return;
   }
   if (!check_size(ctx, func, &ti, 0, w, h, d))
      return;
   /* ... INVALID_OPERATION for more levels than the chain has ... */
   const GLsizei m = MAX3(w, ti.index == ZGL_TEX_1D_ARRAY ? 1 : h,
                          ti.index == ZGL_TEX_3D ? d : 1);
   if (levels > (GLsizei)util_logbase2((uint64_t)m) + 1 ||
       (ti.index == ZGL_TEX_RECTANGLE && levels != 1)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(levels %d) for %d x %d x %d", func, levels, w, h,
                d);
      return;
   }
   /* ... and for the default texture or one already immutable. */
   struct zgl_texture *t = bound_texture(ctx, ti.index);
   if (t->name == 0 || t->immutable) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: %s", func,
                t->name == 0 ? "the default texture is bound" : "storage is already immutable");
      return;
   }
   zkv_image_destroy(t->image);
   t->image = NULL;
   if (!ensure_image(ctx, func, t, internalformat, &choice, 0, w, h, d, levels))
      return;
   t->immutable = true;
   t->immutable_levels = levels;
   const unsigned faces = ti.index == ZGL_TEX_CUBE_MAP ? 6 : 1;
   for (unsigned f = 0; f < faces; f++) {
      for (GLint l = 0; l < levels; l++) {
         t->levels[f][l] = (struct zgl_tex_level){
            true, MAX2(w >> l, 1),
            ti.index == ZGL_TEX_1D_ARRAY ? h : ti.dims >= 2 ? MAX2(h >> l, 1) : 1,
            ti.index == ZGL_TEX_2D_ARRAY ? d : ti.dims == 3 ? MAX2(d >> l, 1) : 1,
            internalformat};
      }
   }
}

void GLAPIENTRY
zgl_TexStorage1D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width)
{
   ZGL_CONTEXT(ctx);
   tex_storage(ctx, "glTexStorage1D", target, 1, levels, internalformat, width, 1, 1);
}

void GLAPIENTRY
zgl_TexStorage2D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                 GLsizei height)
{
   ZGL_CONTEXT(ctx);
   tex_storage(ctx, "glTexStorage2D", target, 2, levels, internalformat, width, height, 1);
}

void GLAPIENTRY
zgl_TexStorage3D(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                 GLsizei height, GLsizei depth)
{
   ZGL_CONTEXT(ctx);
   tex_storage(ctx, "glTexStorage3D", target, 3, levels, internalformat, width, height, depth);
}

static bool
level_param(struct zgl_context *ctx, const char *func, GLenum target, GLint level, GLenum pname,
            GLint *out)
{
   struct target_info ti;
   if (!image_target(target, 1, &ti) && !image_target(target, 2, &ti) &&
       !image_target(target, 3, &ti)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return false;
   }
   if (level < 0 || level >= ZGL_MAX_LEVELS) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", func, level);
      return false;
   }
   const struct zgl_texture *t = bound_texture(ctx, ti.index);
   const struct zgl_tex_level *lv = &t->levels[ti.face][level];
   switch (pname) {
   case GL_TEXTURE_WIDTH:
      *out = lv->defined ? lv->width : 0;
      return true;
   case GL_TEXTURE_HEIGHT:
      *out = lv->defined ? lv->height : 0;
      return true;
   case GL_TEXTURE_DEPTH:
      *out = lv->defined ? lv->depth : 0;
      return true;
   case GL_TEXTURE_INTERNAL_FORMAT:
      *out = lv->defined ? (GLint)lv->internal_format : GL_RGBA;
      return true;
   case GL_TEXTURE_COMPRESSED:
      *out = GL_FALSE;
      return true;
   default:
      zgl_error(ctx, GL_INVALID_ENUM, "%s(pname 0x%x)", func, pname);
      return false;
   }
}

void GLAPIENTRY
zgl_GetTexLevelParameteriv(GLenum target, GLint level, GLenum pname, GLint *params)
{
   ZGL_CONTEXT(ctx);
   level_param(ctx, "glGetTexLevelParameteriv", target, level, pname, params);
}

void GLAPIENTRY
zgl_GetTexLevelParameterfv(GLenum target, GLint level, GLenum pname, GLfloat *params)
{
   ZGL_CONTEXT(ctx);
   GLint v;
   if (level_param(ctx, "glGetTexLevelParameterfv", target, level, pname, &v))
      *params = (GLfloat)v;
}

void GLAPIENTRY
zgl_GenerateMipmap(GLenum target)
{
   ZGL_CONTEXT(ctx);
   enum zgl_tex_target index;
   if (!zgl_tex_target_index(target, &index) || index == ZGL_TEX_RECTANGLE) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGenerateMipmap(target 0x%x)", target);
      return;
   }
   struct zgl_texture *t = bound_texture(ctx, index);
   const GLint base = t->base_level;
   const unsigned faces = index == ZGL_TEX_CUBE_MAP ? 6 : 1;
   if (base >= ZGL_MAX_LEVELS || !t->levels[0][base].defined || !t->image)
      return;
   const struct zgl_tex_level b = t->levels[0][base];
   /* "INVALID_OPERATION ... if target is TEXTURE_CUBE_MAP and the texture
    * is not cube complete" (GL 4.6, 8.14.4). */
   for (unsigned f = 1; f < faces; f++) {
      const struct zgl_tex_level *lv = &t->levels[f][base];
      if (!lv->defined || lv->width != b.width || lv->internal_format != b.internal_format) {
         zgl_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap: not cube complete");
         return;
      }
   }
   if (format_is_integer(t->format.format) || format_is_depth_stencil(t->format.format)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap: the format is not filterable");
      return;
   }
   GLint last = MIN2((GLint)t->image_levels - 1, t->max_level);
   if (last <= base)
      return;
   zkv_image_generate_mipmaps(ctx->zkv, t->image, (uint32_t)base, (uint32_t)last, 0,
                              t->image_layers, VK_FILTER_LINEAR);
   for (unsigned f = 0; f < faces; f++) {
      for (GLint l = base + 1; l <= last; l++) {
         const unsigned s = (unsigned)(l - base);
         t->levels[f][l] = (struct zgl_tex_level){
            true, MAX2(b.width >> s, 1),
            index == ZGL_TEX_1D_ARRAY ? b.height : index == ZGL_TEX_1D ? 1 : MAX2(b.height >> s, 1),
            index == ZGL_TEX_3D ? MAX2(b.depth >> s, 1) : b.depth, b.internal_format};
      }
   }
}

bool
zgl_tex_image_define(struct zgl_context *ctx, const char *func, GLenum target, unsigned dims,
                     GLint level, GLenum internalformat, GLsizei w, GLsizei h, GLint border)
{
   /* A client format and type that fit the internal format's kind: only
    * the checks and the level's definition matter, nothing is uploaded. */
   struct zkv_format_choice choice;
   GLenum format = GL_RGBA, type = GL_UNSIGNED_BYTE;
   if (zkv_format_for_gl(ctx->screen->zkv, internalformat, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT,
                         &choice)) {
      if (format_is_depth_stencil(choice.format))
         format = GL_DEPTH_COMPONENT, type = GL_FLOAT;
      else if (format_is_integer(choice.format))
         format = GL_RGBA_INTEGER, type = GL_INT;
   }
   const GLenum before = ctx->error;
   ctx->error = GL_NO_ERROR;
   tex_image(ctx, func, target, dims, level, (GLint)internalformat, w, h, 1, border, format, type,
             NULL, true);
   const GLenum e = ctx->error;
   ctx->error = before != GL_NO_ERROR ? before : e;
   return e == GL_NO_ERROR;
}

/* glGetTexImage (GL 4.6, 8.11.4): a level read back and packed as
 * format/type under the pack state, to client memory or the pixel pack
 * buffer. */
void GLAPIENTRY
zgl_GetTexImage(GLenum target, GLint level, GLenum format, GLenum type, void *pixels)
{
   ZGL_CONTEXT(ctx);
   const char *func = "glGetTexImage";
   struct target_info ti;
   if (!image_target(target, 1, &ti) && !image_target(target, 2, &ti) &&
       !image_target(target, 3, &ti)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   if (level < 0 || level >= ZGL_MAX_LEVELS) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(level %d)", func, level);
      return;
   }
   const GLenum e = zgl_pixel_format_check(format, type);
   if (e != GL_NO_ERROR) {
      zgl_error(ctx, e, "%s(format 0x%x, type 0x%x)", func, format, type);
      return;
   }
   struct zgl_texture *t = bound_texture(ctx, ti.index);
   const struct zgl_tex_level *lv = &t->levels[ti.face][level];
   if (!lv->defined || !t->image)
      return; /* nothing to return */
   if (!check_compatible(ctx, func, t->format.format, format))
      return;
   const VkFormat vk = t->format.format;
   const VkImageAspectFlagBits aspect =
      format == GL_STENCIL_INDEX ? VK_IMAGE_ASPECT_STENCIL_BIT
      : format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                                   : VK_IMAGE_ASPECT_COLOR_BIT;
   const enum kil_format kil =
      aspect == VK_IMAGE_ASPECT_STENCIL_BIT ? KIL_FORMAT_S8_UINT
      : aspect == VK_IMAGE_ASPECT_DEPTH_BIT && vk == VK_FORMAT_D24_UNORM_S8_UINT
         ? KIL_FORMAT_X8_D24_UNORM_PACK32
      : aspect == VK_IMAGE_ASPECT_DEPTH_BIT && vk == VK_FORMAT_D32_SFLOAT_S8_UINT
         ? KIL_FORMAT_D32_SFLOAT
         : zgl_kil_format(vk);
   if (kil == KIL_FORMAT_NONE || format == GL_DEPTH_STENCIL ||
       (aspect == VK_IMAGE_ASPECT_COLOR_BIT && !fmt_format_is_convertible(kil))) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: reading format %d as 0x%x is not implemented",
                func, vk, format);
      return;
   }
   const GLsizei w = lv->width, h = lv->height, d = lv->depth;
   const struct zgl_pixel_store *ps = &ctx->pack;
   const size_t image_stride = zgl_pixel_row_stride_B(ps, format, type, w) *
                               (size_t)(ps->image_height > 0 ? ps->image_height : h);
   const size_t end = image_stride * (size_t)(ps->skip_images + d - 1) +
                      zgl_pixel_offset_B(ps, format, type, w, w - 1, h - 1) +
                      zgl_pixel_size_B(format, type);
   struct zgl_buffer *pbo = ctx->pixel_pack_buffer;
   if (pbo && ((pbo->map_pointer && !(pbo->access_flags & GL_MAP_PERSISTENT_BIT)) ||
               (uintptr_t)pixels + end > (uintptr_t)pbo->size_B)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: the pack buffer is mapped or too small", func);
      return;
   }
   const unsigned texel = kil_format_el_size_B(kil);
   const size_t n = (size_t)w * (size_t)h * (size_t)d;
   uint8_t *data = malloc(n * texel);
   uint8_t *out = pbo ? malloc(end) : pixels;
   if (!data || !out) {
      free(data);
      if (pbo)
         free(out);
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   struct zkv_box box = {0, 0, 0, (uint32_t)w, (uint32_t)h, (uint32_t)d};
   if (t->index == ZGL_TEX_1D_ARRAY)
      box = (struct zkv_box){0, 0, 0, (uint32_t)w, 1, (uint32_t)h};
   else if (t->index == ZGL_TEX_CUBE_MAP)
      box.z = (int32_t)ti.face;
   const struct zkv_host_layout layout = {(uint32_t)w * texel,
                                          t->index == ZGL_TEX_1D_ARRAY ? (uint32_t)w * texel
                                                                       : (uint32_t)(w * h) * texel};
   zkv_image_readback(ctx->zkv, t->image, (uint32_t)level, aspect, &box, data, &layout);
   if (pbo)
      zkv_buffer_read(ctx->zkv, pbo->zkv, (uintptr_t)pixels, end, out);
   for (GLsizei k = 0; k < d; k++) {
      for (GLsizei r = 0; r < h; r++) {
         for (GLsizei c = 0; c < w; c++) {
            const uint8_t *src = data + (((size_t)k * (size_t)h + (size_t)r) * (size_t)w + (size_t)c) * texel;
            float rgba[4] = {0, 0, 0, 1};
            int64_t irgba[4] = {0, 0, 0, 1};
            double depth = 0;
            uint32_t stencil = 0;
            if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT) {
               depth = fmt_unpack_depth(kil, src);
            } else if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) {
               stencil = fmt_unpack_stencil(kil, src);
            } else {
               union fmt_texel v;
               fmt_unpack_color(kil, src, &v);
               const enum fmt_class cls = fmt_format_class(kil);
               for (unsigned i = 0; i < 4; i++) {
                  rgba[i] = cls == FMT_CLASS_FLOAT ? v.f[i]
                            : cls == FMT_CLASS_UINT ? (float)v.u[i]
                                                    : (float)v.i[i];
                  irgba[i] = cls == FMT_CLASS_UINT   ? (int64_t)v.u[i]
                             : cls == FMT_CLASS_SINT ? v.i[i]
                                                     : (int64_t)v.f[i];
               }
               /* Formats stored wider than GL names read GL's values: an
                * RGB texture's alpha is 1 (table 8.11's component rules). */
               if (t->format.emulated)
                  rgba[3] = 1.0f, irgba[3] = 1;
            }
            const size_t at = image_stride * (size_t)(ps->skip_images + k) +
                              zgl_pixel_offset_B(ps, format, type, w, c, r);
            zgl_pack_pixel(format, type, rgba, irgba, depth, stencil, out + at);
         }
      }
   }
   if (pbo) {
      zkv_buffer_subdata(ctx->zkv, pbo->zkv, (uintptr_t)pixels, end, out);
      free(out);
   }
   free(data);
}

/* ---- multisample textures (GL 4.6, 8.8) ------------------------------------------- */

static void
tex_image_multisample(struct zgl_context *ctx, const char *func, GLenum target, GLsizei samples,
                      GLenum internalformat, GLsizei w, GLsizei h, GLsizei d,
                      GLboolean fixedsamplelocations, bool immutable)
{
   enum zgl_tex_target index;
   if ((target != GL_TEXTURE_2D_MULTISAMPLE && target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY) ||
       !zgl_tex_target_index(target, &index) ||
       (d > 1 && target == GL_TEXTURE_2D_MULTISAMPLE)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(target 0x%x)", func, target);
      return;
   }
   struct zkv_format_choice choice;
   const bool color = zkv_format_for_gl(ctx->screen->zkv, internalformat,
                                        VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT, &choice);
   if (!color && !zkv_format_for_gl(ctx->screen->zkv, internalformat,
                                    VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, &choice)) {
      zgl_error(ctx, GL_INVALID_ENUM, "%s(internalformat 0x%x): not renderable", func,
                internalformat);
      return;
   }
   /* GL 4.6, 8.8: INVALID_VALUE for samples < 1 and bad sizes,
    * INVALID_OPERATION for more samples than the format allows. */
   const GLsizei max = (GLsizei)ctx->screen->caps->limits.maxImageDimension2D;
   const GLsizei max_layers = (GLsizei)ctx->screen->caps->limits.maxImageArrayLayers;
   if (samples < 1 || w < 1 || h < 1 || d < 1 || w > max || h > max || d > max_layers) {
      zgl_error(ctx, GL_INVALID_VALUE, "%s(%d samples, %d x %d x %d)", func, samples, w, h, d);
      return;
   }
   if (samples > 4) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s(%d samples): past GL_MAX_SAMPLES", func, samples);
      return;
   }
   struct zgl_texture *t = bound_texture(ctx, index);
   if (t->immutable || (immutable && t->name == 0)) {
      zgl_error(ctx, GL_INVALID_OPERATION, "%s: %s", func,
                t->immutable ? "the storage is immutable" : "the default texture is bound");
      return;
   }
   zkv_image_view_destroy(t->view);
   zkv_image_destroy(t->image);
   t->view = NULL;
   memset(t->levels, 0, sizeof(t->levels));
   const struct zkv_image_desc desc = {
      .type = VK_IMAGE_TYPE_2D, .format = choice.format,
      .width = (uint32_t)w, .height = (uint32_t)h, .depth = 1, .layers = (uint32_t)d,
      .levels = 1,
      /* "the number of samples ... may be more than samples" (8.8): 4 is
       * what zink's devices give. */
      .samples = samples > 1 ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT,
   };
   VkResult result;
   t->image = zkv_image_create(ctx->screen->zkv, &desc, &result);
   if (!t->image) {
      zgl_error(ctx, GL_OUT_OF_MEMORY, "%s", func);
      return;
   }
   t->format = choice;
   t->image_internal_format = internalformat;
   t->image_width = (uint32_t)w, t->image_height = (uint32_t)h, t->image_depth = 1;
   t->image_layers = (uint32_t)d, t->image_levels = 1;
   t->samples = samples > 1 ? 4 : 1;
   t->fixed_sample_locations = fixedsamplelocations;
   t->immutable = immutable;
   t->immutable_levels = immutable ? 1 : 0;
   t->levels[0][0] = (struct zgl_tex_level){true, w, h, d, internalformat};
}

void GLAPIENTRY
zgl_TexImage2DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                          GLsizei height, GLboolean fixedsamplelocations)
{
   ZGL_CONTEXT(ctx);
   tex_image_multisample(ctx, "glTexImage2DMultisample", target, samples, internalformat, width,
                         height, 1, fixedsamplelocations, false);
}

void GLAPIENTRY
zgl_TexImage3DMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                          GLsizei height, GLsizei depth, GLboolean fixedsamplelocations)
{
   ZGL_CONTEXT(ctx);
   if (target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
      zgl_error(ctx, GL_INVALID_ENUM, "glTexImage3DMultisample(target 0x%x)", target);
      return;
   }
   tex_image_multisample(ctx, "glTexImage3DMultisample", target, samples, internalformat, width,
                         height, depth, fixedsamplelocations, false);
}

void GLAPIENTRY
zgl_GetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
   ZGL_CONTEXT(ctx);
   if (pname != GL_SAMPLE_POSITION) {
      zgl_error(ctx, GL_INVALID_ENUM, "glGetMultisamplefv(pname 0x%x)", pname);
      return;
   }
   /* The draw framebuffer's samples: zink's window-system framebuffers
    * are single-sampled; Vulkan's standard 4x positions otherwise. */
   static const float positions[4][2] = {
      {0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
   struct zkv_framebuffer fb;
   if (!zgl_draw_framebuffer(ctx, "glGetMultisamplefv", &fb, NULL))
      return;
   unsigned samples = 1;
   if (fb.color[0] || fb.depth_stencil) {
      const struct zkv_image *image =
         zkv_image_view_image(fb.color[0] ? fb.color[0] : fb.depth_stencil);
      samples = (unsigned)zkv_image_get_desc(image)->samples;
   }
   if (index >= samples) {
      zgl_error(ctx, GL_INVALID_VALUE, "glGetMultisamplefv(index %u) of %u samples", index,
                samples);
      return;
   }
   val[0] = samples == 4 ? positions[index][0] : 0.5f;
   val[1] = samples == 4 ? positions[index][1] : 0.5f;
}

struct zgl_texture *
zgl_incomplete_texture(struct zgl_context *ctx, enum zgl_tex_target index)
{
   if (ctx->incomplete_textures[index])
      return ctx->incomplete_textures[index];
   if (index == ZGL_TEX_BUFFER || index == ZGL_TEX_2D_MULTISAMPLE ||
       index == ZGL_TEX_2D_MULTISAMPLE_ARRAY)
      return NULL;
   struct zgl_texture *t = zgl_texture_create(0, index);
   struct zkv_format_choice choice;
   if (!t || !zkv_format_for_gl(ctx->screen->zkv, GL_RGBA8, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT,
                                &choice)) {
      zgl_texture_unref(t);
      return NULL;
   }
   const GLenum saved = ctx->error;
   if (!ensure_image(ctx, "zgl_incomplete_texture", t, GL_RGBA8, &choice, 0, 1, 1, 1, 1)) {
      ctx->error = saved;
      zgl_texture_unref(t);
      return NULL;
   }
   t->immutable = true;
   t->immutable_levels = 1;
   const uint8_t black[4] = {0, 0, 0, 255};
   const unsigned faces = index == ZGL_TEX_CUBE_MAP ? 6 : 1;
   const struct zgl_pixel_store saved_unpack = ctx->unpack;
   struct zgl_buffer *saved_pbo = ctx->pixel_unpack_buffer;
   ctx->unpack = (struct zgl_pixel_store){.alignment = 1};
   ctx->pixel_unpack_buffer = NULL;
   for (unsigned f = 0; f < faces; f++) {
      const struct target_info ti = {index, f, 2};
      t->levels[f][0] = (struct zgl_tex_level){true, 1, 1, 1, GL_RGBA8};
      upload(ctx, "zgl_incomplete_texture", t, &ti, 0, 0, 0, 0, 1, 1, 1, GL_RGBA,
             GL_UNSIGNED_BYTE, black);
   }
   ctx->unpack = saved_unpack;
   ctx->pixel_unpack_buffer = saved_pbo;
   ctx->incomplete_textures[index] = t;
   return t;
}
