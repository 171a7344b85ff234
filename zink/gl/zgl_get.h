/* SPDX-License-Identifier: MIT */
/*
 * State queries: glGet{Boolean,Integer,Integer64,Float,Double}{,i_}v read
 * one table (zgl_get.c) that yields typed values, converted per GL 4.6,
 * 2.2.2 ("Data Conversions for State Query Commands").
 */
#ifndef ZGL_GET_H
#define ZGL_GET_H

#include "zgl_context.h"

enum zgl_value_kind {
   ZGL_VALUE_INT,   /* integers, enums, names */
   ZGL_VALUE_BOOL,
   ZGL_VALUE_FLOAT,
   ZGL_VALUE_COLOR, /* floats an integer query maps linearly ([-1, 1] to the int range) */
};

#define ZGL_MAX_VALUES 16

struct zgl_values {
   enum zgl_value_kind kind;
   unsigned count;
   union {
      int64_t i[ZGL_MAX_VALUES];
      double f[ZGL_MAX_VALUES];
   };
};

/* The state pname names (index: the i_v forms' index, -1 for plain Get).
 * false after raising the error (GL_INVALID_ENUM, or GL_INVALID_VALUE for
 * an index out of range). */
bool zgl_get_values(struct zgl_context *ctx, const char *func, GLenum pname, int index,
                    struct zgl_values *out);

/* Also used by the object queries: GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH. */
GLint zgl_debug_next_message_length(const struct zgl_context *ctx);

#endif
