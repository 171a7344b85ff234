/* SPDX-License-Identifier: MIT */
/*
 * Helpers for kgl's tests: build programs from strings and look into the
 * SPIR-V they produce (names, decorations, execution modes), so tests check
 * the words rather than trusting the return code.
 */
#ifndef KGL_TEST_UTIL_H
#define KGL_TEST_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kgl.h"
#include "kgl_validate.h"

#define SPV_OP_NAME 5
#define SPV_OP_EXECUTION_MODE 16
#define SPV_OP_DECORATE 71
#define SPV_OP_SOURCE 3
#define SPV_OP_LINE 8
#define SPV_DEC_BUILTIN 11
#define SPV_DEC_LOCATION 30
#define SPV_DEC_BINDING 33
#define SPV_DEC_DESCRIPTOR_SET 34
#define SPV_EXEC_ORIGIN_UPPER_LEFT 7
#define SPV_EXEC_ORIGIN_LOWER_LEFT 8

/* Id of the OpName'd object `name`, 0 if none. */
static inline uint32_t
spv_id_of(const uint32_t *w, size_t n, const char *name)
{
   for (size_t i = 5; i < n;) {
      const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
      if (len == 0 || i + len > n)
         return 0;
      if (op == SPV_OP_NAME && len >= 3) {
         const char *s = (const char *)&w[i + 2];
         const size_t max = (len - 2) * 4;
         if (strnlen(s, max) < max && strcmp(s, name) == 0)
            return w[i + 1];
      }
      i += len;
   }
   return 0;
}

/* The literal of decoration `dec` on `id`; -1 if absent, -2 if present with
 * no literal. */
static inline int64_t
spv_decoration(const uint32_t *w, size_t n, uint32_t id, uint32_t dec)
{
   for (size_t i = 5; i < n;) {
      const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
      if (len == 0 || i + len > n)
         return -1;
      if (op == SPV_OP_DECORATE && len >= 3 && w[i + 1] == id && w[i + 2] == dec)
         return len >= 4 ? (int64_t)w[i + 3] : -2;
      i += len;
   }
   return -1;
}

static inline int64_t
spv_named_decoration(const uint32_t *w, size_t n, const char *name, uint32_t dec)
{
   const uint32_t id = spv_id_of(w, n, name);
   return id ? spv_decoration(w, n, id, dec) : -1;
}

static inline bool
spv_has_op(const uint32_t *w, size_t n, uint32_t opcode, int64_t operand1)
{
   for (size_t i = 5; i < n;) {
      const uint32_t len = w[i] >> 16, op = w[i] & 0xffff;
      if (len == 0 || i + len > n)
         return false;
      if (op == opcode && (operand1 < 0 || (len >= 3 && w[i + 2] == (uint32_t)operand1)))
         return true;
      i += len;
   }
   return false;
}

/* Builds a program from (stage, source) pairs; sources without an explicit
 * default version default to 110 desktop. */
struct kgl_test_src {
   enum kgl_stage stage;
   const char *text;
};

static inline enum kgl_result
kgl_test_build(const struct kgl_test_src *srcs, unsigned count, enum kgl_flavour flavour,
               bool es, struct kgl_program **out)
{
   struct kgl_shader_desc descs[8];
   if (count > 8)
      return KGL_ERROR_INVALID_ARGUMENT;
   for (unsigned i = 0; i < count; i++) {
      descs[i] = (struct kgl_shader_desc){
         .stage = srcs[i].stage,
         .strings = &srcs[i].text,
         .count = 1,
         .es = es,
      };
   }
   const struct kgl_link_options opts = {.flavour = flavour};
   return kgl_program_create_from_sources(descs, count, &opts, out);
}

/* Every stage of the program validates in its flavour's environment. */
static inline bool
kgl_test_all_valid(const struct kgl_program *prog, char **msg)
{
   const enum kgl_spirv_env env = kgl_spirv_env_for(kgl_program_flavour(prog), 0);
   for (unsigned s = 0; s < KGL_STAGE_COUNT; s++) {
      size_t n;
      const uint32_t *w = kgl_program_spirv(prog, s, &n);
      if (w && !kgl_spirv_validate(w, n, env, msg))
         return false;
   }
   return true;
}

#endif /* KGL_TEST_UTIL_H */
