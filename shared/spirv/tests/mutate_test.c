/* SPDX-License-Identifier: MIT */
/*
 * Malformed input never crashes: every test module is mutated thousands of
 * times (truncated at every word, bits flipped, words replaced, word counts
 * and opcodes changed, ids pointed elsewhere, instructions dropped,
 * duplicated and swapped, id bounds 0 and huge) and each result must
 * either translate to a shader that validates or fail with a message that
 * names a word offset inside the module. Run under ASan/UBSan
 * (build-asan/) this is also the leak and memory-safety check.
 */
#include "stn_mutate.h"
#include "spirv/spirv_info.h"
#include "spirv/spirv_to_nir.h"
#include "stn_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/arena.h"
#include "util/test.h"

struct mutate_stats {
   unsigned runs, ok, failed, bad;
};

static void
check_one(const uint32_t *words, size_t n, struct mutate_stats *st, const char *what,
          unsigned iter)
{
   struct stn_check_result r;
   stn_check_translate(words, n, &r);
   st->runs++;
   if (r.ok) {
      st->ok++;
      return;
   }
   st->failed++;
   const bool has_msg = r.error && strncmp(r.error, "SPIR-V word ", 12) == 0;
   const bool offset_ok = r.error_offset_w <= n;
   if (!has_msg || !offset_ok || r.invalid_ir) {
      if (st->bad++ < 10)
         printf("    %s #%u: %s%s\n", what, iter, r.error ? r.error : "(no message)",
                r.invalid_ir ? " [IR failed validation]" : "");
   }
   free(r.error);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t
rng(void)
{
   /* xorshift64*: deterministic, so a failure reproduces. */
   rng_state ^= rng_state >> 12;
   rng_state ^= rng_state << 25;
   rng_state ^= rng_state >> 27;
   return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

/* Offsets of the instructions of a well-formed module. */
static size_t
instruction_offsets(const uint32_t *w, size_t n, size_t *offs, size_t max)
{
   size_t count = 0;
   for (size_t pos = 5; pos < n && count < max;) {
      const uint32_t wc = w[pos] >> 16;
      if (wc == 0 || pos + wc > n)
         break;
      offs[count++] = pos;
      pos += wc;
   }
   return count;
}

static void
mutate_module(const char *name, const uint32_t *orig, size_t n, unsigned random_rounds,
              struct mutate_stats *st)
{
   uint32_t *w = malloc((n + 64) * sizeof(uint32_t));
   size_t *offs = malloc(n * sizeof(size_t));
   if (!w || !offs) {
      free(w);
      free(offs);
      return;
   }
   const size_t ninst = instruction_offsets(orig, n, offs, n);

   /* The module itself. */
   check_one(orig, n, st, name, 0);

   /* Truncated at every word. */
   for (size_t len = 0; len < n; len++)
      check_one(orig, len, st, "truncation", (unsigned)len);

   /* Header words. */
   const uint32_t header_values[] = {0, 1, 2, 0x00010600, 0x00010700, 0xffffffffu,
                                     STN_TEST_MAX_BOUND, STN_TEST_MAX_BOUND + 1};
   for (unsigned h = 1; h < 5; h++) {
      for (unsigned v = 0; v < ARRAY_SIZE(header_values); v++) {
         memcpy(w, orig, n * sizeof(uint32_t));
         w[h] = header_values[v];
         check_one(w, n, st, "header", h * 16 + v);
      }
   }

   for (unsigned round = 0; round < random_rounds; round++) {
      memcpy(w, orig, n * sizeof(uint32_t));
      size_t len = n;
      const size_t inst = ninst ? offs[rng() % ninst] : 5;
      const uint32_t wc = inst < n ? w[inst] >> 16 : 1;
      const size_t word = 5 + rng() % (n > 5 ? n - 5 : 1);
      switch (rng() % 12) {
      case 0: /* flip a bit */
         w[word] ^= 1u << (rng() % 32);
         break;
      case 1: /* a random word */
         w[word] = rng();
         break;
      case 2: /* a small value: often a valid id, enum or count */
         w[word] = rng() % 64;
         break;
      case 3: /* a wrong word count */
         w[inst] = (w[inst] & 0xffff) | ((rng() % 8) << 16);
         break;
      case 4: /* a different opcode, same count */
         w[inst] = (w[inst] & 0xffff0000u) | (rng() % 400);
         break;
      case 5: /* point an operand at another id (or past the bound) */
         if (wc > 1)
            w[inst + 1 + rng() % (wc - 1)] = rng() % (orig[3] + 2);
         break;
      case 6: { /* drop an instruction */
         if (inst + wc <= n) {
            memmove(&w[inst], &w[inst + wc], (n - inst - wc) * sizeof(uint32_t));
            len = n - wc;
         }
         break;
      }
      case 7: { /* duplicate an instruction (defines ids twice, cycles) */
         if (inst + wc <= n && wc <= 64) {
            memmove(&w[inst + wc], &w[inst], (n - inst) * sizeof(uint32_t));
            len = n + wc;
         }
         break;
      }
      case 8: { /* move an instruction earlier: forward references, cycles */
         if (ninst > 1 && inst + wc <= n && wc <= 64) {
            const size_t to = offs[rng() % ninst];
            if (to < inst) {
               uint32_t tmp[64];
               memcpy(tmp, &w[inst], wc * sizeof(uint32_t));
               memmove(&w[to + wc], &w[to], (inst - to) * sizeof(uint32_t));
               memcpy(&w[to], tmp, wc * sizeof(uint32_t));
            }
         }
         break;
      }
      case 9: /* the result id of an instruction made equal to an operand */
         if (wc > 2)
            w[inst + 1 + rng() % (wc - 1)] = w[inst + 1 + rng() % (wc - 1)];
         break;
      case 10: /* several flips at once */
         for (unsigned k = 0; k < 4; k++)
            w[5 + rng() % (n > 5 ? n - 5 : 1)] ^= 1u << (rng() % 32);
         break;
      case 11: /* truncate one instruction's operands but keep the rest */
         if (wc > 1)
            w[inst] = (w[inst] & 0xffff) | ((wc - 1) << 16);
         break;
      }
      if (len <= n + 64)
         check_one(w, len, st, name, round);
   }
   free(w);
   free(offs);
}

TEST(mutate_modules_never_crash)
{
   char **list = stn_test_list_spv();
   if (!list) {
      test_skip("KILN_SPIRV_TEST_DIR not set or empty");
      return;
   }
   struct mutate_stats st = {0};
   unsigned modules = 0;
   const char *rounds_env = getenv("KILN_SPIRV_MUTATE_ROUNDS");
   const unsigned rounds = rounds_env ? (unsigned)atoi(rounds_env) : 400;
   for (char **p = list; *p; p++) {
      size_t n;
      uint32_t *words = stn_test_load_spv(*p, &n);
      if (!CHECK(words))
         continue;
      mutate_module(*p, words, n, rounds, &st);
      free(words);
      modules++;
   }
   stn_test_free_list(list);
   printf("    %u modules, %u runs: %u translated, %u rejected, %u bad\n", modules, st.runs,
          st.ok, st.failed, st.bad);
   CHECK(modules >= 10);
   CHECK(st.runs >= 5000);
   CHECK_EQ(st.bad, 0);
   /* The mutations must exercise both outcomes. */
   CHECK(st.ok > modules);
   CHECK(st.failed > st.runs / 2);
}

TEST(mutate_out_of_memory_never_crashes)
{
   /* Fail the n-th allocation for every n up to the point where the
    * translation needs no more: each run must fail cleanly or succeed. */
   size_t n;
   uint32_t *words = stn_test_load_spv("switch_loops.frag.spv", &n);
   if (!words) {
      test_skip("switch_loops.frag.spv not built");
      return;
   }
   struct mutate_stats st = {0};
   unsigned oom_failures = 0;
   for (int fail_at = 0; fail_at < 100000; fail_at++) {
      const struct spirv_to_nir_options opts = {.env = SPIRV_ENV_VULKAN};
      char *err = NULL;
      arena_test_fail_after(fail_at);
      nir_shader *s = spirv_to_nir(words, n, NIR_STAGE_FRAGMENT, "main", &opts, NULL, &err);
      arena_test_fail_after(-1);
      st.runs++;
      if (s) {
         nir_shader_destroy(s);
         free(err);
         break; /* past the last allocation */
      }
      /* strdup of the message itself may be what failed: no message. */
      if (err && (!strstr(err, "out of memory") || stn_is_internal_error(err))) {
         if (st.bad++ < 5)
            printf("    fail_at %d: %s\n", fail_at, err);
      } else {
         oom_failures++;
      }
      free(err);
   }
   free(words);
   printf("    %u runs, %u out-of-memory failures\n", st.runs, oom_failures);
   CHECK_EQ(st.bad, 0);
   CHECK(oom_failures >= 5);
}

/* ---- type confusion ------------------------------------------------------ */

/* Every word of the module that names a type (a result type, a member or
 * parameter of a type declaration, the function type of an OpFunction) is
 * replaced by a type of each other kind the module declares: a pointer
 * where a scalar was declared, a function type where a pointer was, and so
 * on. Each translation must fail at a word or validate: this is the check
 * behind the rule that no field only one kind of type has is read before
 * the kind is checked (stn_type_pointee and friends, stn_ir.h). */
static void
retype_module(const char *name, const uint32_t *orig, size_t n, unsigned max_runs,
              bool any_id, struct mutate_stats *st)
{
   uint32_t *w = malloc(n * sizeof(uint32_t));
   size_t *offs = malloc(n * sizeof(size_t));
   uint32_t bound = n > 3 ? orig[3] : 0;
   uint8_t *is_type = calloc(bound ? bound : 1, 1);
   if (!w || !offs || !is_type) {
      free(w);
      free(offs);
      free(is_type);
      return;
   }
   /* One representative per type opcode. */
   uint32_t reps[64];
   unsigned num_reps = 0, seen_ops[64];
   const size_t ninst = instruction_offsets(orig, n, offs, n);
   for (size_t i = 0; i < ninst; i++) {
      const SpvOp op = (SpvOp)(orig[offs[i]] & 0xffff);
      const bool is_type_decl = op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer;
      const struct spirv_op_info *info = spirv_op_info(op);
      if (any_id ? !info || !info->has_result : !is_type_decl)
         continue;
      const unsigned at = any_id && info->has_result_type ? 2 : 1;
      if ((orig[offs[i]] >> 16) <= at)
         continue;
      const uint32_t id = orig[offs[i] + at];
      if (id < bound)
         is_type[id] = 1;
      bool seen = false;
      for (unsigned r = 0; r < num_reps; r++)
         seen |= seen_ops[r] == (unsigned)op;
      if (!seen && num_reps < ARRAY_SIZE(reps)) {
         seen_ops[num_reps] = (unsigned)op;
         reps[num_reps++] = id;
      }
   }
   /* Candidate (word, replacement) pairs, visited in a scrambled order
    * when there are more than max_runs. */
   size_t total = 0;
   for (size_t i = 0; i < ninst; i++) {
      const uint32_t wc = orig[offs[i]] >> 16;
      const SpvOp op = (SpvOp)(orig[offs[i]] & 0xffff);
      const bool is_decl = op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer;
      for (uint32_t k = is_decl ? 2 : 1; k < wc; k++)
         if (orig[offs[i] + k] < bound && is_type[orig[offs[i] + k]])
            total += num_reps;
   }
   const size_t runs = total < max_runs ? total : max_runs;
   for (size_t run = 0; run < runs; run++) {
      size_t pick = total <= max_runs ? run : rng() % total;
      memcpy(w, orig, n * sizeof(uint32_t));
      for (size_t i = 0; i < ninst; i++) {
         const uint32_t wc = orig[offs[i]] >> 16;
         const SpvOp op = (SpvOp)(orig[offs[i]] & 0xffff);
         const bool is_decl = op >= SpvOpTypeVoid && op <= SpvOpTypeForwardPointer;
         for (uint32_t k = is_decl ? 2 : 1; k < wc; k++) {
            if (orig[offs[i] + k] >= bound || !is_type[orig[offs[i] + k]])
               continue;
            if (pick < num_reps) {
               w[offs[i] + k] = reps[pick];
               goto mutated;
            }
            pick -= num_reps;
         }
      }
   mutated:
      if (memcmp(w, orig, n * sizeof(uint32_t)) != 0)
         check_one(w, n, st, name, (unsigned)run);
   }
   free(w);
   free(offs);
   free(is_type);
}

TEST(retype_never_crashes)
{
   char **list = stn_test_list_spv();
   if (!list) {
      test_skip("KILN_SPIRV_TEST_DIR not set or empty");
      return;
   }
   struct mutate_stats st = {0};
   const char *runs_env = getenv("KILN_SPIRV_RETYPE_RUNS");
   const unsigned max_runs = runs_env ? (unsigned)atoi(runs_env) : 600;
   /* KILN_SPIRV_RETYPE_ANY_ID=1: every id operand, by each defining opcode
    * the module has (values, constants, variables, labels, functions). */
   const bool any_id = getenv("KILN_SPIRV_RETYPE_ANY_ID") != NULL;
   for (char **p = list; *p; p++) {
      size_t n;
      uint32_t *words = stn_test_load_spv(*p, &n);
      if (!CHECK(words))
         continue;
      retype_module(*p, words, n, max_runs, any_id, &st);
      free(words);
   }
   stn_test_free_list(list);
   printf("    %u runs: %u translated, %u rejected, %u bad\n", st.runs, st.ok, st.failed,
          st.bad);
   CHECK(st.runs >= 1000);
   CHECK_EQ(st.bad, 0);
}
