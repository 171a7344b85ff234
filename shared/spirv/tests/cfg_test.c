/* SPDX-License-Identifier: MIT */
/*
 * The structured control-flow trees built from hand-assembled edge cases
 * (golden text) and from glslang output (shape checks), and the errors for
 * control flow that is not structured.
 */
#include "stn_private.h"
#include "stn_test_util.h"

#include <stdio.h>
#include <stdlib.h>

#include "util/test.h"

static const struct spirv_to_nir_options vk_opts = {.env = SPIRV_ENV_VULKAN};

static char *
cfg_of(const char *file, char **err)
{
   size_t count;
   uint32_t *words = stn_test_load_spv(file, &count);
   if (!words)
      return NULL;
   char *cfg = NULL;
   *err = NULL;
   stn_parse_for_test(words, count, &vk_opts, &cfg, err, NULL);
   free(words);
   return cfg;
}

TEST(cfg_edge_cases)
{
   char *err;
   char *cfg = cfg_of("cfg_edges.spv", &err);
   if (!cfg && !err) {
      test_skip("cfg_edges.spv not built (no spirv-as)");
      return;
   }
   REQUIRE(cfg);
   CHECK_STREQ(cfg, "function 1 {\n"
                    "    block 100\n"
                    "    if %9 (merge 109) {\n"
                    "        block 101\n"
                    "        if %10 (merge 103) {\n"
                    "            block 102\n"
                    "        } else {\n"
                    "        }\n"
                    "        block 103\n"
                    "    } else {\n"
                    "    }\n"
                    "    block 109 -> return\n"
                    "}\n"
                    "function 14 {\n"
                    "    block 200\n"
                    "    loop 201 (merge 202, continue 201) {\n"
                    "        block 201\n"
                    "        if %10 {\n"
                    "        } else {\n"
                    "            jump -> break loop 201\n"
                    "        }\n"
                    "    }\n"
                    "    block 202 -> return\n"
                    "}\n"
                    "function 15 {\n"
                    "    block 300\n"
                    "    loop 301 (merge 309, continue 308) {\n"
                    "        block 301\n"
                    "        if %9 {\n"
                    "        } else {\n"
                    "            jump -> break loop 301\n"
                    "        }\n"
                    "        block 302\n"
                    "        if %10 (merge 304) {\n"
                    "            block 303\n"
                    "            jump -> continue loop 301\n"
                    "        } else {\n"
                    "        }\n"
                    "        block 304\n"
                    "    } continue {\n"
                    "        block 308\n"
                    "        if %9 {\n"
                    "        } else {\n"
                    "            jump -> break loop 301\n"
                    "        }\n"
                    "    }\n"
                    "    block 309 -> return\n"
                    "}\n"
                    "function 16 {\n"
                    "    block 400\n"
                    "    switch %12 (merge 409; to merge: 4 default) {\n"
                    "    case 401: 2 3\n"
                    "        block 401\n"
                    "        if %9 (merge 402) {\n"
                    "            jump -> break switch 400\n"
                    "        } else {\n"
                    "        }\n"
                    "        block 402\n"
                    "        jump -> fallthrough\n"
                    "    case 403: 1\n"
                    "        block 403 -> kill\n"
                    "    }\n"
                    "    block 409 -> return\n"
                    "}\n");
   free(cfg);
   free(err);
}

TEST(cfg_selection_left_from_nested_selection)
{
   char *err;
   char *cfg = cfg_of("cfg_selection_exit.spv", &err);
   if (!cfg && !err) {
      test_skip("cfg_selection_exit.spv not built (no spirv-as)");
      return;
   }
   REQUIRE(cfg);
   CHECK_STREQ(cfg, "function 1 {\n"
                    "    block 100\n"
                    "    if %8 (merge 109, broken out of) {\n"
                    "        block 101\n"
                    "        if %9 (merge 103) {\n"
                    "            block 102\n"
                    "            jump -> break selection 100\n"
                    "        } else {\n"
                    "        }\n"
                    "        block 103\n"
                    "    } else {\n"
                    "    }\n"
                    "    block 109 -> return\n"
                    "}\n");
   free(cfg);
   free(err);
}

TEST(cfg_glslang_shapes)
{
   char *err;
   char *cfg = cfg_of("switch_loops.frag.spv", &err);
   if (!cfg && !err) {
      test_skip("switch_loops.frag.spv not built (no glslangValidator)");
      return;
   }
   if (!CHECK(cfg))
      printf("    %s\n", err);
   if (cfg) {
      CHECK(strstr(cfg, "switch") != NULL);
      CHECK(strstr(cfg, "fallthrough") != NULL);
      CHECK(strstr(cfg, "continue loop") != NULL);
      CHECK(strstr(cfg, "break loop") != NULL);
      CHECK(strstr(cfg, "break switch") != NULL);
      CHECK(strstr(cfg, "} continue {") != NULL);
      CHECK(strstr(cfg, "-> kill") != NULL);
      CHECK(strstr(cfg, "-> return") != NULL);
   }
   free(cfg);
   free(err);
}

/* A function whose body is given as raw block instructions after the
 * minimal preamble + void/function types (ids 2, 3) + bool (5) + true (6). */
static void
begin_function(struct sw_module *m)
{
   sw_minimal_preamble(m, 64);
   sw_inst(m, SpvOpTypeVoid, 1, 2);
   sw_inst(m, SpvOpTypeFunction, 2, 3, 2);
   sw_inst(m, SpvOpTypeBool, 1, 5);
   sw_inst(m, SpvOpConstantTrue, 2, 5, 6);
   sw_inst(m, SpvOpFunction, 4, 2, 1, 0, 3);
}

static char *
cfg_error(const struct sw_module *m, size_t *offset)
{
   char *err = NULL;
   if (stn_parse_for_test(m->w, m->n, &vk_opts, NULL, &err, offset))
      return NULL;
   return err;
}

TEST(cfg_unstructured_is_rejected)
{
   struct sw_module m;
   size_t off;

   /* Two blocks both branching to a third without a merge. */
   begin_function(&m);
   sw_inst(&m, SpvOpLabel, 1, 10);
   const size_t br = m.n;
   sw_inst(&m, SpvOpBranchConditional, 3, 6, 11, 12);
   sw_inst(&m, SpvOpLabel, 1, 11);
   sw_inst(&m, SpvOpBranch, 1, 13);
   sw_inst(&m, SpvOpLabel, 1, 12);
   sw_inst(&m, SpvOpBranch, 1, 13);
   sw_inst(&m, SpvOpLabel, 1, 13);
   sw_inst(&m, SpvOpReturn, 0);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   char *err = cfg_error(&m, &off);
   if (CHECK(err)) {
      CHECK_EQ(off, br);
      CHECK(strstr(err, "without OpSelectionMerge") != NULL);
   }
   free(err);

   /* A cycle without OpLoopMerge. */
   begin_function(&m);
   sw_inst(&m, SpvOpLabel, 1, 10);
   sw_inst(&m, SpvOpBranch, 1, 11);
   const size_t l11 = m.n;
   sw_inst(&m, SpvOpLabel, 1, 11);
   sw_inst(&m, SpvOpBranch, 1, 10);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   err = cfg_error(&m, &off);
   if (CHECK(err)) {
      CHECK_EQ(off, l11 - 4); /* block 10 is reached a second time */
      CHECK(strstr(err, "reached a second time") != NULL);
   }
   free(err);

   /* A branch to a non-label id. */
   begin_function(&m);
   sw_inst(&m, SpvOpLabel, 1, 10);
   const size_t b6 = m.n;
   sw_inst(&m, SpvOpBranch, 1, 6);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   err = cfg_error(&m, &off);
   if (CHECK(err)) {
      CHECK_EQ(off, b6);
      CHECK(strstr(err, "id 6 is a") != NULL || strstr(err, "id 6 ") != NULL);
   }
   free(err);

   /* A branch to an id nobody defines. */
   begin_function(&m);
   sw_inst(&m, SpvOpLabel, 1, 10);
   const size_t b40 = m.n;
   sw_inst(&m, SpvOpBranch, 1, 40);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   err = cfg_error(&m, &off);
   if (CHECK(err)) {
      CHECK_EQ(off, b40);
      CHECK(strstr(err, "never defined") != NULL);
   }
   free(err);

   /* A loop header that is its own merge. */
   begin_function(&m);
   sw_inst(&m, SpvOpLabel, 1, 10);
   sw_inst(&m, SpvOpBranch, 1, 11);
   sw_inst(&m, SpvOpLabel, 1, 11);
   const size_t lm = m.n;
   sw_inst(&m, SpvOpLoopMerge, 3, 11, 12, 0);
   sw_inst(&m, SpvOpBranch, 1, 12);
   sw_inst(&m, SpvOpLabel, 1, 12);
   sw_inst(&m, SpvOpBranch, 1, 11);
   sw_inst(&m, SpvOpFunctionEnd, 0);
   err = cfg_error(&m, &off);
   if (CHECK(err)) {
      CHECK_EQ(off, lm);
      CHECK(strstr(err, "its own merge") != NULL);
   }
   free(err);

   /* Loops nested deeper than the limit: each header's body is the next
    * header; must fail cleanly, not exhaust the stack. */
   begin_function(&m);
   sw_inst(&m, SpvOpLabel, 1, 10);
   m.w[3] = 4000; /* raise the bound */
   const unsigned depth = STN_MAX_CF_DEPTH + 8;
   sw_inst(&m, SpvOpBranch, 1, 100);
   for (unsigned i = 0; i < depth; i++) {
      const uint32_t h = 100 + 3 * i;
      sw_inst(&m, SpvOpLabel, 1, h);
      sw_inst(&m, SpvOpLoopMerge, 3, h + 1, h + 2, 0);
      sw_inst(&m, SpvOpBranch, 1, i + 1 < depth ? h + 3 : h + 2);
   }
   for (unsigned i = depth; i-- > 0;) {
      const uint32_t h = 100 + 3 * i;
      sw_inst(&m, SpvOpLabel, 1, h + 2);
      sw_inst(&m, SpvOpBranch, 1, h);
      sw_inst(&m, SpvOpLabel, 1, h + 1);
      if (i > 0)
         sw_inst(&m, SpvOpBranch, 1, h - 1); /* to the outer continue */
      else
         sw_inst(&m, SpvOpReturn, 0);
   }
   sw_inst(&m, SpvOpFunctionEnd, 0);
   REQUIRE(m.n < SW_MAX_WORDS);
   err = cfg_error(&m, &off);
   if (CHECK(err))
      CHECK(strstr(err, "nested deeper") != NULL);
   free(err);
}

/* ---- the call graph (stn_call_graph.c) ------------------------------------------ */

/* main calls f0 once; f(k) calls f(k+1) `calls` times, n functions; with
 * `recurse`, the last one calls f0 again. call_at[k] is the offset of f(k)'s
 * first call (main's is call_at[n]). */
static void
call_tree(struct sw_module *m, unsigned n, unsigned calls, bool recurse, size_t *call_at)
{
   sw_minimal_preamble(m, 20000);
   sw_inst(m, SpvOpTypeVoid, 1, 2);
   sw_inst(m, SpvOpTypeFunction, 2, 3, 2);
   uint32_t result = 10000;
   for (unsigned k = 0; k < n; k++) {
      sw_inst(m, SpvOpFunction, 4, 2, 100 + 2 * k, SpvFunctionControlMaskNone, 3);
      sw_inst(m, SpvOpLabel, 1, 101 + 2 * k);
      call_at[k] = m->n;
      if (k + 1 < n || recurse) {
         const uint32_t callee = k + 1 < n ? 100 + 2 * (k + 1) : 100;
         for (unsigned c = 0; c < calls; c++)
            sw_inst(m, SpvOpFunctionCall, 3, 2, result++, callee);
      }
      sw_inst(m, SpvOpReturn, 0);
      sw_inst(m, SpvOpFunctionEnd, 0);
   }
   sw_inst(m, SpvOpFunction, 4, 2, 1, SpvFunctionControlMaskNone, 3);
   sw_inst(m, SpvOpLabel, 1, 4);
   call_at[n] = m->n;
   sw_inst(m, SpvOpFunctionCall, 3, 2, result++, 100);
   sw_inst(m, SpvOpReturn, 0);
   sw_inst(m, SpvOpFunctionEnd, 0);
}

/* Returns the error (malloc'd, NULL if the shader translated) and its
 * offset. */
static char *
translate(const struct sw_module *m, long *offset)
{
   char *err = NULL;
   nir_shader *s = spirv_to_nir(m->w, m->n, NIR_STAGE_FRAGMENT, NULL, &vk_opts, NULL, &err);
   nir_shader_destroy(s);
   *offset = err ? spirv_to_nir_error_offset(err) : -1;
   return err;
}

TEST(call_graph_depth_limit)
{
   static struct sw_module m;
   size_t call_at[300];
   long off;
   /* 256 nested calls (main -> f0 -> ... -> f255): allowed. */
   call_tree(&m, 256, 1, false, call_at);
   char *err = translate(&m, &off);
   if (!CHECK(err == NULL))
      printf("    %s\n", err);
   free(err);
   /* One more: refused at f255's call of f256. */
   call_tree(&m, 257, 1, false, call_at);
   err = translate(&m, &off);
   if (CHECK(err != NULL)) {
      CHECK(strstr(err, "calls nested deeper than 256") != NULL);
      CHECK_EQ(off, (long)call_at[255]);
   }
   free(err);
}

TEST(call_graph_recursion)
{
   static struct sw_module m;
   size_t call_at[8];
   long off;
   call_tree(&m, 3, 1, true, call_at);
   char *err = translate(&m, &off);
   if (CHECK(err != NULL)) {
      CHECK(strstr(err, "recursive call of function 100") != NULL);
      CHECK_EQ(off, (long)call_at[2]);
   }
   free(err);
}

/* Each function calling the next twice: 2^depth copies of the last. Twelve
 * levels inline (4096 copies); forty are refused before anything is
 * emitted, at the call that pushes its function past the budget (f(k)'s
 * second call for the k where the size first exceeds it), in linear time. */
TEST(call_graph_inline_explosion)
{
   static struct sw_module m;
   size_t call_at[64];
   long off;
   call_tree(&m, 12, 2, false, call_at);
   char *err = translate(&m, &off);
   if (!CHECK(err == NULL))
      printf("    %s\n", err);
   free(err);

   call_tree(&m, 40, 2, false, call_at);
   err = translate(&m, &off);
   if (CHECK(err != NULL)) {
      CHECK(strstr(err, "inlining every call makes function") != NULL);
      CHECK(strstr(err, "more than the 4194304 a shader may have") != NULL);
      /* The walk counts OpFunction through OpReturn: f(39) is 3
       * instructions, f(k) 5 of its own plus two copies of f(k+1). The
       * deepest f(k) over 2^22 fails at its second call (4 words after
       * the first). */
      uint64_t size = 3;
      int k = 39;
      while (k > 0 && 5 + 2 * size <= 4194304u) {
         size = 5 + 2 * size;
         k--;
      }
      if (!CHECK_EQ(off, (long)call_at[k - 1] + 4))
         printf("    %s\n", err);
   }
   free(err);
}
