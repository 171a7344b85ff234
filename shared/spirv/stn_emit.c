/* SPDX-License-Identifier: MIT */
/*
 * Emission: walks a function's structured tree (stn_cfg.c) and builds the
 * IR's ifs and loops, dispatching each block's instructions to the topic
 * handlers.
 *
 * - Loops map to IR loops with the continue construct in the loop's
 *   continue list; `continue` and `break` are IR jumps.
 * - A switch is a chain of ifs, one per case (a `fall` variable carries
 *   fallthrough). Only a switch left by a break from inside a nested
 *   construct is wrapped in a one-iteration loop so the break has
 *   something to leave; likewise a selection left from inside.
 * - An exit that leaves more than one IR loop stores its destination in
 *   the escape variable and breaks; after each loop it crossed, a check
 *   finishes the exit or passes it on.
 * - OpPhi goes through a variable per phi: predecessors store the incoming
 *   value at their end, the block loads it at its start; vars_to_ssa turns
 *   these back into phis.
 * - OpFunctionCall inlines the callee: its tree is emitted again at each
 *   call site with its ids rebound (parameters to the arguments). Returns
 *   other than at the end leave a one-iteration wrapper loop. This keeps
 *   pointer parameters plain derefs, with no casts for the IR to fold.
 */
#include "stn_ir.h"

#include <stdlib.h>

void
stn_emit_count(struct stn_builder *b)
{
   if (++b->ir->num_emitted > STN_MAX_EMITTED_INSTRUCTIONS)
      stn_fail(b, "the shader grows past %u instructions (inlining)",
               STN_MAX_EMITTED_INSTRUCTIONS);
}

void
stn_check_ir_oom(struct stn_builder *b)
{
   if (nir_shader_oom(b->ir->shader))
      stn_fail(b, "out of memory");
}

struct construct_emit {
   struct stn_level *level; /* the IR loop a break/continue to it leaves */
   nir_variable *fall;      /* switches with fallthrough */
};

static void emit_list(struct stn_builder *b, struct stn_cf_list *list, bool is_body_end);

/* ---- levels and escapes ------------------------------------------------ */

static struct stn_level *
push_level(struct stn_builder *b, nir_loop_control control)
{
   struct stn_level *l = stn_new(b, struct stn_level);
   l->parent = b->ir->level;
   l->depth = l->parent ? l->parent->depth + 1 : 1;
   l->loop = nir_push_loop(stn_nb(b));
   stn_check_ir_oom(b);
   l->loop->control = control;
   b->ir->level = l;
   return l;
}

static nir_variable *
escape_var(struct stn_builder *b)
{
   if (b->ir->escape_var)
      return b->ir->escape_var;
   nir_variable *v = nir_local_variable_create(b->ir->impl, glsl_uint_type(), "escape");
   if (!v)
      stn_fail(b, "out of memory");
   /* Zero at the very start of the entry point. */
   nir_builder start = nir_builder_at(nir_before_block(nir_start_block(b->ir->impl)));
   nir_store_var(&start, v, nir_imm_int(&start, 0), 0x1);
   b->ir->escape_var = v;
   return v;
}

static uint32_t
escape_code(const struct stn_level *target, unsigned action)
{
   return (target->depth << 1 | action) + 1;
}

static void
jump(struct stn_builder *b, nir_jump_type type)
{
   nir_jump(stn_nb(b), type);
   stn_emit_count(b);
   stn_check_ir_oom(b);
}

/* Leaves to `target` with a break (action 0) or continue (action 1). */
static void
escape_to(struct stn_builder *b, struct stn_level *target, unsigned action)
{
   struct stn_level *cur = b->ir->level;
   if (target == cur) {
      if (action == 1 && cur->in_continue)
         stn_fail(b, "continue from inside a continue construct");
      jump(b, action ? NIR_JUMP_CONTINUE : NIR_JUMP_BREAK);
      return;
   }
   bool found = false;
   for (struct stn_level *l = cur; l; l = l->parent)
      found |= l == target;
   if (!found || !cur)
      stn_fail(b, "a branch to a construct that does not enclose it");
   nir_store_var(stn_nb(b), escape_var(b), nir_imm_int(stn_nb(b), escape_code(target, action)),
                 0x1);
   target->escape_codes |= 1u << action;
   for (struct stn_level *l = cur; l != target; l = l->parent)
      l->escape_crossed = true;
   jump(b, NIR_JUMP_BREAK);
}

/* After closing loop `l` (the cursor is right behind it): finish or pass
 * on the escapes that crossed it. */
static void
pop_level(struct stn_builder *b, struct stn_level *l)
{
   nir_builder *nb = stn_nb(b);
   nir_pop_loop(nb, l->loop);
   stn_check_ir_oom(b);
   b->ir->level = l->parent;
   if (!l->escape_crossed)
      return;
   struct stn_level *p = l->parent;
   nir_variable *ev = escape_var(b);
   nir_def *esc = nir_load_var(nb, ev);
   nir_push_if(nb, nir_ine_imm(nb, esc, 0));
   for (unsigned action = 0; p && action < 2; action++) {
      if (!(p->escape_codes & (1u << action)))
         continue;
      nir_push_if(nb, nir_ieq_imm(nb, esc, escape_code(p, action)));
      nir_store_var(nb, ev, nir_imm_int(nb, 0), 0x1);
      jump(b, action ? NIR_JUMP_CONTINUE : NIR_JUMP_BREAK);
      nir_pop_if(nb, NULL);
   }
   if (p && p->escape_crossed)
      jump(b, NIR_JUMP_BREAK);
   nir_pop_if(nb, NULL);
   stn_check_ir_oom(b);
}

/* ---- phis --------------------------------------------------------------- */

static nir_variable *
phi_var(struct stn_builder *b, uint32_t phi_id)
{
   struct stn_value *val = stn_untyped_value(b, phi_id);
   if (val->phi_var)
      return val->phi_var;
   struct stn_type *t = stn_get_type(b, val->type_id);
   if (!t->glsl || stn_type_is_opaque(t) || t->base == STN_BASE_VOID)
      stn_fail(b, "OpPhi of a %s", stn_type_describe(t));
   stn_check_composite_size(b, t->glsl);
   val->phi_var = nir_local_variable_create(b->ir->impl, t->glsl, val->name);
   if (!val->phi_var)
      stn_fail(b, "out of memory");
   return val->phi_var;
}

static struct stn_pointer *
var_pointer(struct stn_builder *b, nir_variable *var)
{
   struct stn_pointer *p = stn_new(b, struct stn_pointer);
   p->var = var;
   return p;
}

static void
emit_phi_loads(struct stn_builder *b, struct stn_block *block)
{
   for (size_t pos = block->first_w; pos < block->phis_end_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      pos += inst.count;
      if (inst.opcode != SpvOpPhi)
         continue;
      stn_set_current(b, &inst);
      if ((inst.count - 3) % 2)
         stn_fail(b, "OpPhi operands must come in (value, parent) pairs");
      nir_variable *v = phi_var(b, inst.w[2]);
      stn_push_ssa(b, inst.w[2], stn_load(b, var_pointer(b, v), NIR_ACCESS_NONE));
   }
}

static void
store_phis_of(struct stn_builder *b, struct stn_block *pred, uint32_t succ_id)
{
   struct stn_block *succ = stn_value(b, succ_id, STN_VALUE_BLOCK)->block;
   /* The phis' offsets, stored in reverse order: vars_to_ssa places the
    * phis of a block in the reverse order of their variables' first
    * access, so the IR's phis come out in OpPhi order, which is what the
    * IR -> SPIR-V direction writes back (round trips stay word-exact). */
   size_t offs[64], *phis = offs;
   unsigned n = 0;
   const size_t max = (succ->phis_end_w - succ->first_w) / 3 + 1;
   if (max > ARRAY_SIZE(offs))
      phis = stn_new_array(b, size_t, max);
   for (size_t pos = succ->first_w; pos < succ->phis_end_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      if (inst.opcode == SpvOpPhi)
         phis[n++] = pos;
      pos += inst.count;
   }
   while (n--) {
      const struct stn_inst inst = stn_inst_at(b, phis[n]);
      uint32_t value_id = 0;
      for (unsigned i = 3; i + 1 < inst.count; i += 2) {
         if (inst.w[i + 1] == pred->label_id) {
            value_id = inst.w[i];
            break;
         }
      }
      const struct stn_inst term = stn_inst_at(b, pred->term_offset_w);
      stn_set_current(b, &term);
      if (!value_id)
         stn_fail_at(b, inst.offset_w, "OpPhi %u has no value for predecessor %u", inst.w[2],
                     pred->label_id);
      nir_variable *v = phi_var(b, inst.w[2]);
      struct stn_ssa *s = stn_ssa_value(b, value_id);
      if (s->type != v->type)
         stn_fail_at(b, inst.offset_w, "OpPhi value %u has the wrong type", value_id);
      stn_store(b, var_pointer(b, v), s, NIR_ACCESS_NONE);
   }
}

static int
cmp_u32(const void *a, const void *c)
{
   const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)c;
   return x < y ? -1 : x > y;
}

static void
emit_phi_stores(struct stn_builder *b, struct stn_block *block)
{
   const struct stn_inst term = stn_inst_at(b, block->term_offset_w);
   stn_set_current(b, &term);
   switch (term.opcode) {
   case SpvOpBranch:
      store_phis_of(b, block, term.w[1]);
      break;
   case SpvOpBranchConditional:
      store_phis_of(b, block, term.w[2]);
      if (term.w[3] != term.w[2])
         store_phis_of(b, block, term.w[3]);
      break;
   case SpvOpSwitch: {
      const struct stn_type *st = stn_value_type(b, term.w[1]);
      const unsigned lit_w = st->bit_size > 32 ? 2 : 1;
      const unsigned n = 1 + (term.count - 3) / (lit_w + 1);
      uint32_t *targets = stn_new_array(b, uint32_t, n);
      targets[0] = term.w[2];
      for (unsigned i = 1; i < n; i++)
         targets[i] = term.w[3 + (i - 1) * (lit_w + 1) + lit_w];
      qsort(targets, n, sizeof(uint32_t), cmp_u32);
      for (unsigned i = 0; i < n; i++) {
         if (i == 0 || targets[i] != targets[i - 1])
            store_phis_of(b, block, targets[i]);
      }
      break;
   }
   default:
      break;
   }
}

/* ---- instructions ------------------------------------------------------- */

static void emit_call(struct stn_builder *b, const struct stn_inst *inst);

static void
emit_instruction(struct stn_builder *b, const struct stn_inst *inst)
{
   stn_set_current(b, inst);
   switch (inst->opcode) {
   case SpvOpNop:
   case SpvOpLine:
   case SpvOpNoLine:
   case SpvOpSelectionMerge:
   case SpvOpLoopMerge:
   case SpvOpPhi:
      break;

   case SpvOpVariable:
      stn_handle_variable(b, inst);
      break;
   case SpvOpFunctionCall:
      emit_call(b, inst);
      break;

   case SpvOpLoad:
   case SpvOpStore:
   case SpvOpCopyMemory:
   case SpvOpCopyMemorySized:
   case SpvOpAccessChain:
   case SpvOpInBoundsAccessChain:
   case SpvOpPtrAccessChain:
   case SpvOpInBoundsPtrAccessChain:
   case SpvOpArrayLength:
      stn_handle_memory(b, inst);
      break;

   case SpvOpConvertUToPtr:
   case SpvOpConvertPtrToU:
      stn_handle_pointer_op(b, inst);
      break;

   case SpvOpAtomicLoad:
   case SpvOpAtomicStore:
   case SpvOpAtomicExchange:
   case SpvOpAtomicCompareExchange:
   case SpvOpAtomicCompareExchangeWeak:
   case SpvOpAtomicIIncrement:
   case SpvOpAtomicIDecrement:
   case SpvOpAtomicIAdd:
   case SpvOpAtomicISub:
   case SpvOpAtomicSMin:
   case SpvOpAtomicUMin:
   case SpvOpAtomicSMax:
   case SpvOpAtomicUMax:
   case SpvOpAtomicAnd:
   case SpvOpAtomicOr:
   case SpvOpAtomicXor:
   case SpvOpAtomicFAddEXT:
   case SpvOpAtomicFMinEXT:
   case SpvOpAtomicFMaxEXT:
      stn_handle_atomic(b, inst);
      break;

   case SpvOpControlBarrier:
   case SpvOpMemoryBarrier:
      stn_handle_barrier(b, inst);
      break;

   case SpvOpExtInst:
      stn_handle_ext_inst(b, inst);
      break;

   case SpvOpCompositeConstruct:
   case SpvOpCompositeExtract:
   case SpvOpCompositeInsert:
   case SpvOpVectorShuffle:
   case SpvOpVectorExtractDynamic:
   case SpvOpVectorInsertDynamic:
   case SpvOpCopyObject:
   case SpvOpCopyLogical:
   case SpvOpUndef:
      stn_handle_composite(b, inst);
      break;

   case SpvOpSampledImage:
   case SpvOpImage:
   case SpvOpImageTexelPointer:
   case SpvOpImageSampleImplicitLod:
   case SpvOpImageSampleExplicitLod:
   case SpvOpImageSampleDrefImplicitLod:
   case SpvOpImageSampleDrefExplicitLod:
   case SpvOpImageSampleProjImplicitLod:
   case SpvOpImageSampleProjExplicitLod:
   case SpvOpImageSampleProjDrefImplicitLod:
   case SpvOpImageSampleProjDrefExplicitLod:
   case SpvOpImageFetch:
   case SpvOpImageGather:
   case SpvOpImageDrefGather:
   case SpvOpImageRead:
   case SpvOpImageWrite:
   case SpvOpImageQuerySizeLod:
   case SpvOpImageQuerySize:
   case SpvOpImageQueryLod:
   case SpvOpImageQueryLevels:
   case SpvOpImageQuerySamples:
   case SpvOpImageSparseSampleImplicitLod:
   case SpvOpImageSparseSampleExplicitLod:
   case SpvOpImageSparseFetch:
   case SpvOpImageSparseGather:
   case SpvOpImageSparseTexelsResident:
      stn_handle_image(b, inst);
      break;

   case SpvOpEmitVertex:
   case SpvOpEndPrimitive:
   case SpvOpEmitStreamVertex:
   case SpvOpEndStreamPrimitive:
   case SpvOpDemoteToHelperInvocation:
   case SpvOpIsHelperInvocationEXT:
   case SpvOpBeginInvocationInterlockEXT:
   case SpvOpEndInvocationInterlockEXT:
      stn_handle_geometry(b, inst);
      break;

   default:
      if ((inst->opcode >= SpvOpGroupNonUniformElect &&
           inst->opcode <= SpvOpGroupNonUniformQuadSwap) ||
          inst->opcode == SpvOpSubgroupBallotKHR ||
          inst->opcode == SpvOpSubgroupFirstInvocationKHR ||
          inst->opcode == SpvOpSubgroupAllKHR || inst->opcode == SpvOpSubgroupAnyKHR ||
          inst->opcode == SpvOpSubgroupAllEqualKHR ||
          inst->opcode == SpvOpSubgroupReadInvocationKHR) {
         stn_handle_subgroup(b, inst);
         break;
      }
      {
         const struct spirv_op_info *info = spirv_op_info(inst->opcode);
         if (info && info->has_result_type && stn_alu_opcode_known(inst->opcode)) {
            stn_handle_alu(b, inst);
            break;
         }
      }
      switch (inst->opcode) {
      case SpvOpSelect:
      case SpvOpAny:
      case SpvOpAll:
      case SpvOpBitcast:
      case SpvOpFwidth:
      case SpvOpFwidthFine:
      case SpvOpFwidthCoarse:
      case SpvOpIAddCarry:
      case SpvOpISubBorrow:
      case SpvOpUMulExtended:
      case SpvOpSMulExtended:
      case SpvOpConvertFToU:
      case SpvOpConvertFToS:
      case SpvOpConvertSToF:
      case SpvOpConvertUToF:
      case SpvOpUConvert:
      case SpvOpSConvert:
      case SpvOpFConvert:
      case SpvOpTranspose:
      case SpvOpMatrixTimesScalar:
      case SpvOpVectorTimesScalar:
      case SpvOpMatrixTimesVector:
      case SpvOpVectorTimesMatrix:
      case SpvOpMatrixTimesMatrix:
      case SpvOpOuterProduct:
      case SpvOpDot:
         stn_handle_alu(b, inst);
         break;
      case SpvOpSDot:
      case SpvOpUDot:
      case SpvOpSUDot:
      case SpvOpSDotAccSat:
      case SpvOpUDotAccSat:
      case SpvOpSUDotAccSat:
         stn_handle_integer_dot(b, inst);
         break;
      default:
         stn_fail(b, "%s is not supported", spirv_op_name(inst->opcode));
      }
   }
   stn_check_ir_oom(b);
}

static void
emit_block(struct stn_builder *b, struct stn_block *block)
{
   emit_phi_loads(b, block);
   const size_t end = block->merge_offset_w ? block->merge_offset_w : block->term_offset_w;
   for (size_t pos = block->phis_end_w; pos < end;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      pos += inst.count;
      emit_instruction(b, &inst);
   }
   emit_phi_stores(b, block);
}

/* ---- exits --------------------------------------------------------------- */

static void
emit_return(struct stn_builder *b, struct stn_block *block, bool is_body_end)
{
   struct stn_frame *f = b->ir->frame;
   const struct stn_inst term = stn_inst_at(b, block->term_offset_w);
   stn_set_current(b, &term);
   struct stn_type *ret = f->func->type->ret;
   if (term.opcode == SpvOpReturnValue) {
      if (ret->base == STN_BASE_VOID)
         stn_fail(b, "OpReturnValue in a function returning void");
      struct stn_ssa *v = stn_ssa_value(b, term.w[1]);
      if (v->type != ret->glsl)
         stn_fail(b, "returned value type differs from the function's return type");
      if (f->ret_var)
         stn_store(b, var_pointer(b, f->ret_var), v, NIR_ACCESS_NONE);
   } else if (ret->base != STN_BASE_VOID) {
      stn_fail(b, "OpReturn in a function returning a value");
   }
   if (f->is_entry) {
      if (!is_body_end)
         jump(b, NIR_JUMP_RETURN);
      return;
   }
   if (!is_body_end)
      escape_to(b, f->ret_level, 0);
}

static void
emit_exit(struct stn_builder *b, struct stn_cf_node *node, bool is_body_end)
{
   const struct stn_exit *exit = &node->block.exit;
   nir_builder *nb = stn_nb(b);
   switch (exit->kind) {
   case STN_EXIT_NONE:
   case STN_EXIT_UNREACHABLE:
      break;
   case STN_EXIT_RETURN:
      emit_return(b, node->block.block, is_body_end);
      break;
   case STN_EXIT_KILL:
   case STN_EXIT_TERMINATE:
      if (b->ir->shader->info.stage != NIR_STAGE_FRAGMENT)
         stn_fail(b, "OpKill/OpTerminateInvocation outside a fragment shader");
      nir_terminate(nb);
      b->ir->shader->info.fs.uses_discard = true;
      stn_emit_count(b);
      break;
   case STN_EXIT_BREAK: {
      const struct construct_emit *ce = exit->target->emit;
      if (!ce || !ce->level)
         stn_fail(b, "internal: break to a construct without a loop");
      escape_to(b, ce->level, 0);
      break;
   }
   case STN_EXIT_CONTINUE: {
      const struct construct_emit *ce = exit->target->emit;
      if (!ce || !ce->level)
         stn_fail(b, "internal: continue to a construct without a loop");
      escape_to(b, ce->level, 1);
      break;
   }
   case STN_EXIT_FALLTHROUGH: {
      const struct construct_emit *ce = exit->target->emit;
      nir_store_var(nb, ce->fall, nir_imm_true(nb), 0x1);
      break;
   }
   }
}

/* ---- constructs ---------------------------------------------------------- */

static struct construct_emit *
construct_emit(struct stn_builder *b, struct stn_construct *c)
{
   struct construct_emit *ce = stn_new(b, struct construct_emit);
   c->emit = ce;
   return ce;
}

static nir_def *
bool_def(struct stn_builder *b, uint32_t id)
{
   nir_def *d = stn_def(b, id);
   if (d->num_components != 1 || d->bit_size != 1)
      stn_fail(b, "condition %u must be a boolean scalar", id);
   return d;
}

static void
emit_if(struct stn_builder *b, struct stn_cf_node *node)
{
   nir_builder *nb = stn_nb(b);
   struct stn_construct *c = node->if_.construct;
   struct stn_level *wrapper = NULL;
   const struct stn_inst term = stn_inst_at(b, node->if_.header->term_offset_w);
   stn_set_current(b, &term);
   nir_def *cond = node->if_.cond_id ? bool_def(b, node->if_.cond_id) : nir_imm_true(nb);
   if (c) {
      struct construct_emit *ce = construct_emit(b, c);
      if (c->needs_break_target)
         wrapper = ce->level = push_level(b, NIR_LOOP_CONTROL_NONE);
   }
   nir_if *nif = nir_push_if(nb, cond);
   stn_check_ir_oom(b);
   if (node->if_.control & SpvSelectionControlFlattenMask)
      nif->control = NIR_SELECTION_CONTROL_FLATTEN;
   else if (node->if_.control & SpvSelectionControlDontFlattenMask)
      nif->control = NIR_SELECTION_CONTROL_DONT_FLATTEN;
   emit_list(b, &node->if_.then_list, false);
   nir_push_else(nb, nif);
   emit_list(b, &node->if_.else_list, false);
   nir_pop_if(nb, nif);
   stn_check_ir_oom(b);
   if (wrapper) {
      jump(b, NIR_JUMP_BREAK);
      pop_level(b, wrapper);
   }
}

static void
emit_loop(struct stn_builder *b, struct stn_cf_node *node)
{
   struct stn_construct *c = node->loop.construct;
   const SpvLoopControlMask lc = node->loop.control;
   const nir_loop_control control = (lc & SpvLoopControlUnrollMask) ? NIR_LOOP_CONTROL_UNROLL
                                    : (lc & SpvLoopControlDontUnrollMask)
                                       ? NIR_LOOP_CONTROL_DONT_UNROLL
                                       : NIR_LOOP_CONTROL_NONE;
   struct stn_level *l = push_level(b, control);
   construct_emit(b, c)->level = l;
   /* Exits from the continue construct (breaks) leave the same loop. */
   if (node->loop.cont_construct)
      construct_emit(b, node->loop.cont_construct)->level = l;
   emit_list(b, &node->loop.body, false);
   if (node->loop.cont.first) {
      nir_push_continue(stn_nb(b), l->loop);
      stn_check_ir_oom(b);
      l->in_continue = true;
      emit_list(b, &node->loop.cont, false);
   }
   pop_level(b, l);
}

static nir_def *
case_condition(struct stn_builder *b, nir_def *sel, const struct stn_cf_node *node,
               const struct stn_switch_case *sc)
{
   nir_builder *nb = stn_nb(b);
   nir_def *cond = NULL;
   for (uint32_t i = 0; i < sc->num_literals; i++) {
      nir_def *eq = nir_ieq(nb, sel, nir_imm_intN_t(nb, sc->literals[i], sel->bit_size));
      cond = cond ? nir_ior(nb, cond, eq) : eq;
      stn_emit_count(b);
   }
   if (sc->is_default) {
      /* No literal of any case (or of the merge) matches. */
      nir_def *none = nir_imm_true(nb);
      for (uint32_t k = 0; k < node->sw.num_cases; k++) {
         const struct stn_switch_case *o = &node->sw.cases[k];
         for (uint32_t i = 0; i < o->num_literals; i++) {
            none = nir_iand(nb, none,
                            nir_ine(nb, sel, nir_imm_intN_t(nb, o->literals[i], sel->bit_size)));
            stn_emit_count(b);
         }
      }
      for (uint32_t i = 0; i < node->sw.num_merge_literals; i++) {
         none = nir_iand(nb, none, nir_ine(nb, sel, nir_imm_intN_t(nb, node->sw.merge_literals[i],
                                                                   sel->bit_size)));
         stn_emit_count(b);
      }
      cond = cond ? nir_ior(nb, cond, none) : none;
   }
   return cond ? cond : nir_imm_false(nb);
}

static void
emit_switch(struct stn_builder *b, struct stn_cf_node *node)
{
   nir_builder *nb = stn_nb(b);
   struct stn_construct *c = node->sw.construct;
   const struct stn_inst term = stn_inst_at(b, node->sw.header->term_offset_w);
   stn_set_current(b, &term);
   nir_def *sel = stn_def(b, node->sw.selector_id);
   if (sel->num_components != 1 || sel->bit_size == 1 || sel->bit_size != node->sw.selector_bits)
      stn_fail(b, "the selector must be an integer scalar");

   struct construct_emit *ce = construct_emit(b, c);
   bool any_fall = false;
   for (uint32_t i = 0; i < node->sw.num_cases; i++)
      any_fall |= node->sw.cases[i].fall_to != NULL;
   if (any_fall) {
      ce->fall = nir_local_variable_create(b->ir->impl, glsl_bool_type(), "fall");
      if (!ce->fall)
         stn_fail(b, "out of memory");
      nir_store_var(nb, ce->fall, nir_imm_false(nb), 0x1);
   }
   struct stn_level *wrapper = NULL;
   if (c->needs_break_target)
      wrapper = ce->level = push_level(b, NIR_LOOP_CONTROL_NONE);

   for (uint32_t i = 0; i < node->sw.num_cases; i++) {
      struct stn_switch_case *sc = &node->sw.cases[i];
      stn_set_current(b, &term);
      nir_def *cond = case_condition(b, sel, node, sc);
      if (sc->fall_from)
         cond = nir_ior(nb, cond, nir_load_var(nb, ce->fall));
      nir_push_if(nb, cond);
      stn_check_ir_oom(b);
      if (any_fall)
         nir_store_var(nb, ce->fall, nir_imm_false(nb), 0x1);
      emit_list(b, &sc->body, false);
      nir_pop_if(nb, NULL);
      stn_check_ir_oom(b);
   }
   if (wrapper) {
      jump(b, NIR_JUMP_BREAK);
      pop_level(b, wrapper);
   }
}

static void
emit_list(struct stn_builder *b, struct stn_cf_list *list, bool is_body_end)
{
   for (struct stn_cf_node *n = list->first; n; n = n->next) {
      switch (n->kind) {
      case STN_CF_BLOCK:
         if (n->block.block)
            emit_block(b, n->block.block);
         emit_exit(b, n, is_body_end && !n->next);
         break;
      case STN_CF_IF:
         emit_if(b, n);
         break;
      case STN_CF_LOOP:
         emit_loop(b, n);
         break;
      case STN_CF_SWITCH:
         emit_switch(b, n);
         break;
      }
   }
}

/* ---- functions ------------------------------------------------------------ */

static void
reset_function_values(struct stn_builder *b, struct stn_function *func)
{
   for (size_t pos = func->def_offset_w; pos < func->end_offset_w;) {
      const struct stn_inst inst = stn_inst_at(b, pos);
      pos += inst.count;
      const struct spirv_op_info *info = spirv_op_info(inst.opcode);
      if (!info->has_result || inst.opcode == SpvOpLabel || inst.opcode == SpvOpFunction)
         continue;
      struct stn_value *v = stn_untyped_value(b, inst.w[info->has_result_type ? 2 : 1]);
      v->kind = STN_VALUE_NONE;
      v->ssa = NULL;
      v->owner = NULL;
   }
}

static void
emit_function_body(struct stn_builder *b, struct stn_function *func)
{
   if (!func->structured)
      stn_cfg_build(b, func);
   emit_list(b, &func->body, true);
}

static void
emit_call(struct stn_builder *b, const struct stn_inst *inst)
{
   struct stn_function *callee = stn_value(b, inst->w[3], STN_VALUE_FUNCTION)->func;
   struct stn_frame *caller = b->ir->frame;
   if (callee->on_stack)
      stn_fail(b, "recursive call of function %u", callee->id);
   if (caller->depth + 1 > STN_MAX_CALL_DEPTH)
      stn_fail(b, "calls nested deeper than %u", STN_MAX_CALL_DEPTH);
   if (callee->num_blocks == 0)
      stn_fail(b, "call of function %u, which has no body", callee->id);
   struct stn_type *ft = callee->type;
   if (!stn_types_match(stn_result_type(b, inst), ft->ret))
      stn_fail(b, "call result type differs from the callee's return type");
   const uint32_t nargs = inst->count - 4;
   if (nargs != callee->num_params)
      stn_fail(b, "%u arguments for %u parameters", nargs, callee->num_params);

   /* Arguments are read in the caller, before the callee's ids rebind. */
   struct stn_ssa **vals = stn_new_array(b, struct stn_ssa *, nargs);
   struct stn_pointer **ptrs = stn_new_array(b, struct stn_pointer *, nargs);
   for (uint32_t i = 0; i < nargs; i++) {
      struct stn_type *pt = ft->params[i];
      const uint32_t arg = inst->w[4 + i];
      if (pt->base == STN_BASE_POINTER) {
         ptrs[i] = stn_get_pointer(b, arg);
         if (!stn_types_match(ptrs[i]->pointee, stn_type_pointee(b, pt, "the parameter")))
            stn_fail(b, "argument %u points to the wrong type", i);
      } else {
         vals[i] = stn_ssa_value(b, arg);
         if (vals[i]->type != pt->glsl)
            stn_fail(b, "argument %u has the wrong type", i);
      }
   }

   struct stn_frame *f = stn_new(b, struct stn_frame);
   f->caller = caller;
   f->func = callee;
   f->depth = caller->depth + 1;
   if (ft->ret->base != STN_BASE_VOID) {
      if (!ft->ret->glsl || stn_type_is_opaque(ft->ret))
         stn_fail(b, "functions returning a %s are not supported", stn_type_describe(ft->ret));
      f->ret_var = nir_local_variable_create(b->ir->impl, ft->ret->glsl, "return");
      if (!f->ret_var)
         stn_fail(b, "out of memory");
   }

   reset_function_values(b, callee);
   b->ir->frame = f;
   callee->on_stack = true;
   for (uint32_t i = 0; i < nargs; i++) {
      const struct stn_inst p = stn_inst_at(b, callee->param_offsets_w[i]);
      stn_set_current(b, &p);
      if (ptrs[i]) {
         struct stn_value *pv = stn_push_value(b, p.w[2], STN_VALUE_POINTER);
         pv->pointer = ptrs[i];
         pv->owner = callee;
      } else {
         stn_push_ssa(b, p.w[2], vals[i]);
      }
   }
   if (!callee->structured)
      stn_cfg_build(b, callee);
   if (callee->nested_return)
      f->ret_level = push_level(b, NIR_LOOP_CONTROL_NONE);
   emit_list(b, &callee->body, true);
   if (f->ret_level) {
      jump(b, NIR_JUMP_BREAK);
      pop_level(b, f->ret_level);
   }
   callee->on_stack = false;
   b->ir->frame = caller;

   stn_set_current(b, inst);
   if (f->ret_var) {
      stn_push_ssa(b, inst->w[2], stn_load(b, var_pointer(b, f->ret_var), NIR_ACCESS_NONE));
   } else if (ft->ret->base == STN_BASE_VOID) {
      /* A void call's result id is still defined: give it an empty value. */
      struct stn_ssa *s = stn_new(b, struct stn_ssa);
      s->type = glsl_void_type();
      stn_push_ssa(b, inst->w[2], s);
   }
}

void
stn_emit_entry_point(struct stn_builder *b, struct stn_function *func)
{
   struct stn_type *ft = func->type;
   if (ft->ret->base != STN_BASE_VOID || ft->num_params != 0)
      stn_fail_at(b, func->def_offset_w, "an entry point must take nothing and return void");
   struct stn_frame *f = stn_new(b, struct stn_frame);
   f->func = func;
   f->is_entry = true;
   stn_check_call_graph(b, func);
   b->ir->frame = f;
   func->on_stack = true;
   emit_function_body(b, func);
   func->on_stack = false;
   b->ir->frame = NULL;
}
