/* SPDX-License-Identifier: MIT */
#include "stn_gen.h"

#include <spirv/unified1/spirv.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

struct gen {
   uint32_t *w;
   size_t n, cap;
   bool oom;
   uint32_t next_id;
};

/* Ids every shape shares. */
enum {
   ID_VOID = 1,
   ID_FN,
   ID_UINT,
   ID_BOOL,
   ID_BLK,
   ID_PBLK,
   ID_PU,
   ID_BUF,
   ID_C0,
   ID_C1,
   ID_MAIN,
   ID_ENTRY,
   ID_P,
   ID_V,
   ID_COND,
   ID_PFU,
   ID_FIRST_FREE,
};

static void
word(struct gen *g, uint32_t v)
{
   if (g->n == g->cap) {
      const size_t cap = g->cap ? 2 * g->cap : 1024;
      uint32_t *w = realloc(g->w, cap * sizeof(*w));
      if (!w) {
         g->oom = true;
         return;
      }
      g->w = w;
      g->cap = cap;
   }
   g->w[g->n++] = v;
}

/* An instruction with `count` operand words. */
static void
op(struct gen *g, SpvOp opcode, unsigned count, ...)
{
   word(g, ((count + 1) << 16) | opcode);
   va_list ap;
   va_start(ap, count);
   for (unsigned i = 0; i < count; i++)
      word(g, va_arg(ap, uint32_t));
   va_end(ap);
}

static uint32_t
new_id(struct gen *g)
{
   return g->next_id++;
}

const char *
stn_gen_shape_name(enum stn_gen_shape shape)
{
   static const char *const names[] = {
      [STN_GEN_CHAIN] = "block chain",   [STN_GEN_NEST] = "nested selections",
      [STN_GEN_SWITCH] = "switch cases", [STN_GEN_FUNCTIONS] = "functions",
      [STN_GEN_VARIABLES] = "variables", [STN_GEN_PHI_WEB] = "phi web",
   };
   return shape < STN_GEN_SHAPE_COUNT ? names[shape] : "?";
}

unsigned
stn_gen_max_units(enum stn_gen_shape shape)
{
   switch (shape) {
   case STN_GEN_NEST:
      return 500; /* STN_MAX_CF_DEPTH is 512 constructs */
   case STN_GEN_SWITCH:
      return 32000; /* (65535 - 3) / 2 literal-label pairs in one OpSwitch */
   default:
      return 1u << 20;
   }
}

static void
preamble(struct gen *g)
{
   word(g, SpvMagicNumber);
   word(g, 0x00010000); /* SPIR-V 1.0: any Vulkan device takes it */
   word(g, 0);
   word(g, 0); /* bound, patched at the end */
   word(g, 0);
   op(g, SpvOpCapability, 1, SpvCapabilityShader);
   op(g, SpvOpMemoryModel, 2, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
   /* "main" and its terminating NUL word. */
   op(g, SpvOpEntryPoint, 4, SpvExecutionModelGLCompute, ID_MAIN, 0x6e69616du, 0);
   op(g, SpvOpExecutionMode, 5, ID_MAIN, SpvExecutionModeLocalSize, 1, 1, 1);
   op(g, SpvOpDecorate, 2, ID_BLK, SpvDecorationBufferBlock); /* 1.0's storage buffer */
   op(g, SpvOpMemberDecorate, 4, ID_BLK, 0, SpvDecorationOffset, 0);
   op(g, SpvOpDecorate, 3, ID_BUF, SpvDecorationDescriptorSet, 0);
   op(g, SpvOpDecorate, 3, ID_BUF, SpvDecorationBinding, 0);
   op(g, SpvOpTypeVoid, 1, ID_VOID);
   op(g, SpvOpTypeFunction, 2, ID_FN, ID_VOID);
   op(g, SpvOpTypeInt, 3, ID_UINT, 32, 0);
   op(g, SpvOpTypeBool, 1, ID_BOOL);
   op(g, SpvOpTypeStruct, 2, ID_BLK, ID_UINT);
   op(g, SpvOpTypePointer, 3, ID_PBLK, SpvStorageClassUniform, ID_BLK);
   op(g, SpvOpTypePointer, 3, ID_PU, SpvStorageClassUniform, ID_UINT);
   op(g, SpvOpTypePointer, 3, ID_PFU, SpvStorageClassFunction, ID_UINT);
   op(g, SpvOpVariable, 3, ID_PBLK, ID_BUF, SpvStorageClassUniform);
   op(g, SpvOpConstant, 3, ID_UINT, ID_C0, 0);
   op(g, SpvOpConstant, 3, ID_UINT, ID_C1, 1);
}

/* OpFunction of main and its first block up to (not including) a
 * terminator: %p (the buffer's uint), %v (its value), %cond (%v == 1). */
static void
main_begin(struct gen *g)
{
   op(g, SpvOpFunction, 4, ID_VOID, ID_MAIN, SpvFunctionControlMaskNone, ID_FN);
   op(g, SpvOpLabel, 1, ID_ENTRY);
}

static void
main_load(struct gen *g)
{
   op(g, SpvOpAccessChain, 4, ID_PU, ID_P, ID_BUF, ID_C0);
   op(g, SpvOpLoad, 3, ID_UINT, ID_V, ID_P);
   op(g, SpvOpIEqual, 4, ID_BOOL, ID_COND, ID_V, ID_C1);
}

static void
gen_chain(struct gen *g, unsigned n)
{
   main_begin(g);
   main_load(g);
   uint32_t label = new_id(g);
   op(g, SpvOpBranch, 1, label);
   for (unsigned i = 0; i < n; i++) {
      const uint32_t next = new_id(g);
      op(g, SpvOpLabel, 1, label);
      op(g, SpvOpStore, 2, ID_P, ID_C1);
      op(g, SpvOpBranch, 1, next);
      label = next;
   }
   op(g, SpvOpLabel, 1, label);
   op(g, SpvOpReturn, 0);
   op(g, SpvOpFunctionEnd, 0);
}

/* Level i: %x_i = %x_{i-1} + 1, then if (%cond) { level i + 1 } and at
 * the merge a store of %x_i; the innermost level returns early. */
static void
gen_nest(struct gen *g, unsigned n)
{
   main_begin(g);
   main_load(g);
   uint32_t *merges = malloc((n + 1) * sizeof(uint32_t));
   uint32_t *values = malloc((n + 1) * sizeof(uint32_t));
   if (!merges || !values) {
      free(merges);
      free(values);
      g->oom = true;
      return;
   }
   uint32_t x = ID_V;
   for (unsigned i = 0; i < n; i++) {
      const uint32_t xi = new_id(g), inner = new_id(g);
      merges[i] = new_id(g);
      values[i] = xi;
      op(g, SpvOpIAdd, 4, ID_UINT, xi, x, ID_C1);
      op(g, SpvOpSelectionMerge, 2, merges[i], SpvSelectionControlMaskNone);
      op(g, SpvOpBranchConditional, 3, ID_COND, inner, merges[i]);
      op(g, SpvOpLabel, 1, inner);
      x = xi;
   }
   op(g, SpvOpStore, 2, ID_P, x);
   op(g, SpvOpReturn, 0);
   for (unsigned i = n; i-- > 0;) {
      op(g, SpvOpLabel, 1, merges[i]);
      op(g, SpvOpStore, 2, ID_P, values[i]);
      if (i == 0)
         op(g, SpvOpReturn, 0);
      else
         op(g, SpvOpBranch, 1, merges[i - 1]);
   }
   op(g, SpvOpFunctionEnd, 0);
   free(merges);
   free(values);
}

static void
gen_switch(struct gen *g, unsigned n)
{
   /* The constants go among the globals, before main. */
   const uint32_t first_const = g->next_id;
   for (unsigned i = 0; i < n; i++)
      op(g, SpvOpConstant, 3, ID_UINT, new_id(g), i + 2);
   main_begin(g);
   main_load(g);
   const uint32_t merge = new_id(g), first_case = g->next_id;
   g->next_id += n;
   op(g, SpvOpSelectionMerge, 2, merge, SpvSelectionControlMaskNone);
   word(g, ((3 + 2 * n) << 16) | SpvOpSwitch);
   word(g, ID_V);
   word(g, merge);
   for (unsigned i = 0; i < n; i++) {
      word(g, i * 3); /* sparse literals */
      word(g, first_case + i);
   }
   for (unsigned i = 0; i < n; i++) {
      op(g, SpvOpLabel, 1, first_case + i);
      op(g, SpvOpStore, 2, ID_P, first_const + i);
      op(g, SpvOpBranch, 1, merge);
   }
   op(g, SpvOpLabel, 1, merge);
   op(g, SpvOpReturn, 0);
   op(g, SpvOpFunctionEnd, 0);
}

static void
gen_functions(struct gen *g, unsigned n)
{
   const uint32_t first = g->next_id;
   g->next_id += n;
   for (unsigned i = 0; i < n; i++) {
      op(g, SpvOpFunction, 4, ID_VOID, first + i, SpvFunctionControlMaskNone, ID_FN);
      op(g, SpvOpLabel, 1, new_id(g));
      const uint32_t p = new_id(g);
      op(g, SpvOpAccessChain, 4, ID_PU, p, ID_BUF, ID_C0);
      op(g, SpvOpStore, 2, p, ID_C1);
      op(g, SpvOpReturn, 0);
      op(g, SpvOpFunctionEnd, 0);
   }
   main_begin(g);
   for (unsigned i = 0; i < n; i++)
      op(g, SpvOpFunctionCall, 3, ID_VOID, new_id(g), first + i);
   op(g, SpvOpReturn, 0);
   op(g, SpvOpFunctionEnd, 0);
}

static void
gen_variables(struct gen *g, unsigned n)
{
   main_begin(g);
   const uint32_t first = g->next_id;
   g->next_id += n;
   for (unsigned i = 0; i < n; i++)
      op(g, SpvOpVariable, 3, ID_PFU, first + i, SpvStorageClassFunction);
   main_load(g);
   for (unsigned i = 0; i < n; i++)
      op(g, SpvOpStore, 2, first + i, i % 2 ? ID_V : ID_C1);
   uint32_t sum = ID_C0;
   for (unsigned i = 0; i < n; i++) {
      const uint32_t l = new_id(g), s = new_id(g);
      op(g, SpvOpLoad, 3, ID_UINT, l, first + i);
      op(g, SpvOpIAdd, 4, ID_UINT, s, sum, l);
      sum = s;
   }
   op(g, SpvOpStore, 2, ID_P, sum);
   op(g, SpvOpReturn, 0);
   op(g, SpvOpFunctionEnd, 0);
}

/* n diamonds in a row: header i branches to its then-block (x + 1) or
 * straight to its merge, where an OpPhi picks %x_i. */
static void
gen_phi_web(struct gen *g, unsigned n)
{
   main_begin(g);
   main_load(g);
   uint32_t x = ID_V, header = ID_ENTRY;
   for (unsigned i = 0; i < n; i++) {
      const uint32_t then = new_id(g), merge = new_id(g), a = new_id(g), xi = new_id(g);
      op(g, SpvOpSelectionMerge, 2, merge, SpvSelectionControlMaskNone);
      op(g, SpvOpBranchConditional, 3, ID_COND, then, merge);
      op(g, SpvOpLabel, 1, then);
      op(g, SpvOpIAdd, 4, ID_UINT, a, x, ID_C1);
      op(g, SpvOpBranch, 1, merge);
      op(g, SpvOpLabel, 1, merge);
      op(g, SpvOpPhi, 6, ID_UINT, xi, a, then, x, header);
      x = xi;
      header = merge;
   }
   op(g, SpvOpStore, 2, ID_P, x);
   op(g, SpvOpReturn, 0);
   op(g, SpvOpFunctionEnd, 0);
}

uint32_t *
stn_gen_module(enum stn_gen_shape shape, unsigned n, size_t *word_count)
{
   struct gen g = {.next_id = ID_FIRST_FREE};
   preamble(&g);
   switch (shape) {
   case STN_GEN_CHAIN:
      gen_chain(&g, n);
      break;
   case STN_GEN_NEST:
      gen_nest(&g, n);
      break;
   case STN_GEN_SWITCH:
      gen_switch(&g, n);
      break;
   case STN_GEN_FUNCTIONS:
      gen_functions(&g, n);
      break;
   case STN_GEN_VARIABLES:
      gen_variables(&g, n);
      break;
   case STN_GEN_PHI_WEB:
   default:
      gen_phi_web(&g, n);
      break;
   }
   if (g.oom) {
      free(g.w);
      return NULL;
   }
   g.w[3] = g.next_id;
   *word_count = g.n;
   return g.w;
}
