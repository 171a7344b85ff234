/* SPDX-License-Identifier: MIT */
/* Registry names of GL enums (generated: zgl_enum_names.c), for messages. */
#ifndef ZGL_ENUM_NAMES_H
#define ZGL_ENUM_NAMES_H

/* "GL_TRIANGLES" for 0x0004; NULL for values no GLenum has. */
const char *zgl_enum_name(unsigned value);

#endif
