/* SPDX-License-Identifier: MIT */
/*
 * Fixed implementation limits (GL 4.6, 23, tables 23.53 ff.). Each is at
 * least the minimum GL 3.3 core requires; those the Vulkan device decides
 * (texture sizes, samples) come from zkv at context creation instead.
 */
#ifndef ZGL_LIMITS_H
#define ZGL_LIMITS_H

#define ZGL_MAX_VIEWPORTS                      16
#define ZGL_MAX_DRAW_BUFFERS                   8
#define ZGL_MAX_COLOR_ATTACHMENTS              8
/* Compatibility texture coordinate sets (gl_MaxTextureCoords, zink/compiler). */
#define ZGL_MAX_TEXTURE_COORDS                 8
#define ZGL_MAX_VERTEX_ATTRIBS                 16
#define ZGL_MAX_VERTEX_ATTRIB_BINDINGS         16
#define ZGL_MAX_VERTEX_ATTRIB_STRIDE           2048
#define ZGL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET  2047
#define ZGL_MAX_UNIFORM_BUFFER_BINDINGS        36
#define ZGL_MAX_SHADER_STORAGE_BUFFER_BINDINGS 8
#define ZGL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS 1
#define ZGL_MAX_COMBINED_TEXTURE_IMAGE_UNITS   48
#define ZGL_MAX_TEXTURE_IMAGE_UNITS            16 /* per stage */
#define ZGL_MAX_UNIFORM_BLOCKS                 12 /* per stage */
#define ZGL_MAX_COMBINED_UNIFORM_BLOCKS        36
#define ZGL_MAX_UNIFORM_BLOCK_SIZE_B           16384
#define ZGL_MAX_CLIP_DISTANCES                 8
#define ZGL_MAX_DEBUG_MESSAGE_LENGTH           1024
#define ZGL_MAX_DEBUG_LOGGED_MESSAGES          64
#define ZGL_MAX_DEBUG_GROUP_STACK_DEPTH        64
#define ZGL_MAX_LABEL_LENGTH                   256
#define ZGL_UNIFORM_BUFFER_OFFSET_ALIGNMENT_B  256
#define ZGL_MAX_VERTEX_UNIFORM_COMPONENTS      1024
#define ZGL_MAX_FRAGMENT_UNIFORM_COMPONENTS    1024
#define ZGL_MAX_GEOMETRY_UNIFORM_COMPONENTS    1024
#define ZGL_MAX_VARYING_COMPONENTS             60
#define ZGL_MAX_VERTEX_OUTPUT_COMPONENTS       64
#define ZGL_MAX_FRAGMENT_INPUT_COMPONENTS      128
#define ZGL_MAX_SAMPLE_MASK_WORDS              1
#define ZGL_TEX_TARGETS                        10 /* enum zgl_tex_target */
#define ZGL_QUERY_SLOTS                        6 /* targets of glBeginQuery */
#define ZGL_MAX_ELEMENT_INDEX                  0xffffffffu

#endif
