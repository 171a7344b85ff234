/* SPDX-License-Identifier: MIT */
/* Helpers the ntv tests share: emit, validate (printing the disassembly of
 * anything spirv-val rejects), look instructions up. */
#ifndef NTV_TEST_UTIL_H
#define NTV_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/spirv.h>

#include "nir/nir.h"
#include "ntv/nir_to_spirv.h"
#include "ntv/spirv_tools.h"
#include "util/arena.h"
#include "util/test.h"

/* A variable of the shader, with an explicit Location when location >= 0. */
static inline nir_variable *
ntv_test_var(nir_shader *s, nir_variable_mode mode, const struct glsl_type *t,
             const char *name, int location)
{
   nir_variable *v = nir_variable_create(s, mode, t, name);
   if (v && location >= 0) {
      v->data.location = location;
      v->data.explicit_location = true;
   }
   return v;
}

/* A built-in variable of the shader. */
static inline nir_variable *
ntv_test_builtin(nir_shader *s, nir_variable_mode mode, const struct glsl_type *t,
                 const char *name, nir_builtin builtin)
{
   nir_variable *v = nir_variable_create(s, mode, t, name);
   if (v)
      v->data.builtin = builtin;
   return v;
}

/* Word index of the nth instruction with opcode `op`, or -1. */
static inline long
ntv_test_find_op(const uint32_t *w, size_t count, SpvOp op, unsigned nth)
{
   for (size_t i = 5; i < count;) {
      const unsigned wc = w[i] >> SpvWordCountShift;
      if ((w[i] & SpvOpCodeMask) == (uint32_t)op && nth-- == 0)
         return (long)i;
      if (wc == 0)
         return -1;
      i += wc;
   }
   return -1;
}

static inline unsigned
ntv_test_count_ops(const uint32_t *w, size_t count, SpvOp op)
{
   unsigned n = 0;
   while (ntv_test_find_op(w, count, op, n) >= 0)
      n++;
   return n;
}

/* True if OpDecorate <id> <deco> [<value>] is in the module (value < 0:
 * any value). */
static inline bool
ntv_test_has_decoration(const uint32_t *w, size_t count, SpvId id, SpvDecoration deco,
                        long value)
{
   for (unsigned i = 0;; i++) {
      const long at = ntv_test_find_op(w, count, SpvOpDecorate, i);
      if (at < 0)
         return false;
      const unsigned wc = w[at] >> SpvWordCountShift;
      if (w[at + 1] == id && w[at + 2] == (uint32_t)deco &&
          (value < 0 || (wc > 3 && w[at + 3] == (uint32_t)value)))
         return true;
   }
}

/* The id OpName gives `name`, or 0. */
static inline SpvId
ntv_test_named(const uint32_t *w, size_t count, const char *name)
{
   for (unsigned i = 0;; i++) {
      const long at = ntv_test_find_op(w, count, SpvOpName, i);
      if (at < 0)
         return 0;
      if (strcmp((const char *)&w[at + 2], name) == 0)
         return w[at + 1];
   }
}

static inline void
ntv_test_print_disassembly(const uint32_t *w, size_t count)
{
   char *dis = ntv_spirv_disassemble(w, count, NULL);
   fprintf(stderr, "%s\n", dis ? dis : "(cannot disassemble)");
   free(dis);
}

/* Emits `shader` for `target`; fails the test (printing why) if ntv fails
 * or spirv-val rejects the output. Words come from `out`. */
static inline bool
ntv_test_emit_valid(nir_shader *shader, enum ntv_target target, struct arena *out,
                    uint32_t **words, size_t *count)
{
   const struct ntv_options opts = {.target = target};
   const char *error = NULL;
   if (!ntv_emit(shader, &opts, out, words, count, &error)) {
      test_fail(__FILE__, __LINE__, "ntv_emit: %s", error ? error : "?");
      nir_print_shader(shader, stderr);
      return false;
   }
   char *msg = NULL;
   if (!ntv_spirv_validate(*words, *count, target, NULL, &msg)) {
      test_fail(__FILE__, __LINE__, "spirv-val (%s): %s", ntv_target_name(target),
                msg ? msg : "?");
      ntv_test_print_disassembly(*words, *count);
      free(msg);
      return false;
   }
   return true;
}

#endif /* NTV_TEST_UTIL_H */
