/* SPDX-License-Identifier: MIT */
/*
 * The call graph of the entry point, measured before anything is emitted.
 *
 * spirv_to_nir inlines every call while it translates, so the shader it
 * makes is as big as the whole call tree: a function that calls the next
 * one twice, 65 deep, asks for 2^65 copies of the last one (piglit's
 * glsl-fs-inline-explosion). Walking the graph first, once per function
 * with the sizes memoised, finds that out in time linear in the module: the
 * call that makes the inlined shader too big fails with its word offset
 * before any memory goes into IR that would be thrown away. The same walk
 * finds recursion (SPIR-V 1.6, 2.4: "Recursion is not allowed") and calls
 * nested deeper than the emitter's stack allows.
 */
#include "stn_ir.h"

#include "stn_function.h"

enum { GRAPH_UNSEEN, GRAPH_ON_PATH, GRAPH_DONE };

/* Sizes saturate here: anything above the budget is simply too big. */
#define SIZE_CAP ((uint64_t)1 << 62)

static uint64_t
add_sizes(uint64_t a, uint64_t b)
{
   return a + b > SIZE_CAP ? SIZE_CAP : a + b;
}

static void
visit(struct stn_builder *b, struct stn_function *func, unsigned depth)
{
   func->graph_state = GRAPH_ON_PATH;
   uint64_t size = 0;
   unsigned height = 0;
   for (size_t pos = func->def_offset_w; pos < func->end_offset_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      pos += inst.count;
      size = add_sizes(size, 1);
      if (inst.opcode != SpvOpFunctionCall)
         continue;
      stn_set_current(b, &inst);
      if (inst.count < 4)
         stn_fail(b, "OpFunctionCall needs a function");
      struct stn_function *callee = stn_value(b, inst.w[3], STN_VALUE_FUNCTION)->func;
      if (callee->graph_state == GRAPH_ON_PATH)
         stn_fail(b, "recursive call of function %u", callee->id);
      if (depth + 1 > STN_MAX_CALL_DEPTH)
         stn_fail(b, "calls nested deeper than %u", STN_MAX_CALL_DEPTH);
      if (callee->graph_state == GRAPH_UNSEEN)
         visit(b, callee, depth + 1);
      size = add_sizes(size, callee->inlined_size);
      if (callee->call_height + 1 > height)
         height = callee->call_height + 1;
      if (size > STN_MAX_EMITTED_INSTRUCTIONS) {
         stn_fail(b,
                  "inlining every call makes function %u alone %s%llu instructions, more "
                  "than the %u a shader may have",
                  func->id, size == SIZE_CAP ? "over " : "", (unsigned long long)size,
                  STN_MAX_EMITTED_INSTRUCTIONS);
      }
   }
   func->inlined_size = size;
   func->call_height = height;
   func->graph_state = GRAPH_DONE;
}

void
stn_check_call_graph(struct stn_builder *b, struct stn_function *entry)
{
   visit(b, entry, 0);
}
