/* SPDX-License-Identifier: MIT */
/*
 * The module decoder: failure, allocation, the header, the value table and
 * the first pass over the instructions (stn_module_scan), which checks
 * everything the later passes take for granted: word counts and operand
 * layouts against the grammar, the logical layout, the shape of functions
 * and blocks, that every id is in range and defined once.
 */
#include "stn_private.h"
#include "stn_function.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/dynarray.h"

void
stn_fail_at(struct stn_builder *b, size_t offset_w, const char *fmt, ...)
{
   char msg[256];
   va_list va;
   va_start(va, fmt);
   vsnprintf(msg, sizeof(msg), fmt, va);
   va_end(va);

   const char *op = (offset_w == b->cur_offset_w && b->cur_offset_w >= SPIRV_HEADER_WORDS &&
                     b->cur_opcode != SpvOpNop)
                       ? spirv_op_name(b->cur_opcode)
                       : NULL;
   if (op)
      snprintf(b->error, sizeof(b->error), "SPIR-V word %zu: %s: %s", offset_w, op, msg);
   else
      snprintf(b->error, sizeof(b->error), "SPIR-V word %zu: %s", offset_w, msg);
   b->error_offset_w = offset_w;
   longjmp(*b->fail_jmp, 1);
}

void *
stn_alloc(struct stn_builder *b, size_t size_B)
{
   void *p = arena_alloc(b->arena, size_B ? size_B : 1);
   if (!p)
      stn_fail(b, "out of memory");
   return p;
}

void *
stn_zalloc_array(struct stn_builder *b, size_t n, size_t size_B)
{
   void *p = arena_zalloc_array(b->arena, n ? n : 1, size_B ? size_B : 1);
   if (!p)
      stn_fail(b, "out of memory");
   return p;
}

char *
stn_strdup(struct stn_builder *b, const char *s)
{
   return stn_check_oom(b, arena_strdup(b->arena, s));
}

char *
stn_asprintf(struct stn_builder *b, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   char *s = arena_vasprintf(b->arena, fmt, va);
   va_end(va);
   return stn_check_oom(b, s);
}

/* ---- header ------------------------------------------------------------- */

void
stn_module_init(struct stn_builder *b, const uint32_t *words, size_t word_count)
{
   b->cur_offset_w = 0;
   if (!words || word_count < SPIRV_HEADER_WORDS)
      stn_fail_at(b, word_count, "module has %zu words, the header alone needs %u",
                  words ? word_count : 0, SPIRV_HEADER_WORDS);

   const enum spirv_byte_order order = spirv_byte_order(words, word_count * 4);
   if (order == SPIRV_BYTE_ORDER_SWAPPED) {
      /* The policy of spirv_info.h: decode a byte-swapped copy. */
      uint32_t *copy = stn_new_array(b, uint32_t, word_count);
      memcpy(copy, words, word_count * sizeof(uint32_t));
      spirv_to_host_order(copy, word_count, order);
      words = copy;
   }
   if (words[0] != SPIRV_MAGIC)
      stn_fail_at(b, 0, "bad magic number 0x%08x", words[0]);

   b->words = words;
   b->word_count = word_count;
   b->version = words[1];
   b->generator = words[2];
   b->id_bound = words[3];

   const uint32_t major = (b->version >> 16) & 0xff, minor = (b->version >> 8) & 0xff;
   const bool gl_zero = b->version == 0 && b->env == SPIRV_ENV_OPENGL_GL_FLAVOURED;
   if (!gl_zero && ((b->version & 0xff0000ffu) != 0 || major != 1 || minor > 6))
      stn_fail_at(b, 1, "unsupported SPIR-V version 0x%08x (1.0 to 1.6 are)", b->version);
   if (b->id_bound == 0 || b->id_bound > STN_MAX_ID_BOUND)
      stn_fail_at(b, 3, "id bound %u outside 1..%u", b->id_bound, STN_MAX_ID_BOUND);
   if (words[4] != 0)
      stn_fail_at(b, 4, "reserved header word (schema) is %u, not 0", words[4]);

   b->num_value_pages = (b->id_bound >> STN_VALUE_PAGE_SHIFT) + 1;
   b->value_pages = stn_new_array(b, struct stn_value *, b->num_value_pages);
}

/* ---- values ------------------------------------------------------------- */

static const char *const value_kind_names[STN_VALUE_KIND_COUNT] = {
   [STN_VALUE_NONE] = "undefined id",
   [STN_VALUE_STRING] = "string",
   [STN_VALUE_EXT_INST_SET] = "extended instruction set",
   [STN_VALUE_DECORATION_GROUP] = "decoration group",
   [STN_VALUE_TYPE] = "type",
   [STN_VALUE_CONSTANT] = "constant",
   [STN_VALUE_UNDEF] = "undef",
   [STN_VALUE_VARIABLE] = "variable",
   [STN_VALUE_POINTER] = "pointer",
   [STN_VALUE_SSA] = "value",
   [STN_VALUE_FUNCTION] = "function",
   [STN_VALUE_BLOCK] = "block label",
   [STN_VALUE_IMAGE_POINTER] = "image texel pointer",
   [STN_VALUE_SAMPLED_IMAGE] = "sampled image",
};

const char *
stn_value_kind_name(enum stn_value_kind kind)
{
   return (unsigned)kind < STN_VALUE_KIND_COUNT ? value_kind_names[kind] : "?";
}

struct stn_value *
stn_untyped_value_slow(struct stn_builder *b, uint32_t id)
{
   if (id == 0 || id >= b->id_bound)
      stn_fail(b, "id %u outside 1..%u", id, b->id_bound - 1);
   const uint32_t page = id >> STN_VALUE_PAGE_SHIFT;
   if (!b->value_pages[page]) {
      /* The last page holds only the ids below the bound: most modules
       * have a few hundred ids, all on that page. */
      const uint32_t first = page << STN_VALUE_PAGE_SHIFT;
      b->value_pages[page] =
         stn_new_array(b, struct stn_value, MIN2(STN_VALUE_PAGE_SIZE, b->id_bound - first));
   }
   return &b->value_pages[page][id & (STN_VALUE_PAGE_SIZE - 1)];
}

struct stn_value *
stn_value(struct stn_builder *b, uint32_t id, enum stn_value_kind kind)
{
   struct stn_value *val = stn_untyped_value(b, id);
   if (val->kind != kind) {
      if (val->kind == STN_VALUE_NONE && val->def_opcode == 0)
         stn_fail(b, "id %u is used but never defined (a %s is expected)", id,
                  stn_value_kind_name(kind));
      if (val->kind == STN_VALUE_NONE)
         stn_fail(b, "id %u (defined by %s at word %zu) is used before its definition "
                     "(a %s is expected)",
                  id, spirv_op_name(val->def_opcode), val->def_offset_w,
                  stn_value_kind_name(kind));
      stn_fail(b, "id %u is a %s, a %s is expected", id, stn_value_kind_name(val->kind),
               stn_value_kind_name(kind));
   }
   return val;
}

struct stn_value *
stn_push_value(struct stn_builder *b, uint32_t id, enum stn_value_kind kind)
{
   struct stn_value *val = stn_untyped_value(b, id);
   /* The scan already rejects double definitions; this guards handlers that
    * give one instruction's result a second life. */
   if (val->kind != STN_VALUE_NONE)
      stn_fail(b, "id %u is already a %s", id, stn_value_kind_name(val->kind));
   val->kind = kind;
   return val;
}

/* ---- instructions ------------------------------------------------------- */

struct stn_inst
stn_inst_at(const struct stn_builder *b, size_t offset_w)
{
   const uint32_t *w = &b->words[offset_w];
   return (struct stn_inst){
      .w = w,
      .opcode = (SpvOp)(w[0] & 0xffff),
      .count = w[0] >> 16,
      .offset_w = offset_w,
   };
}

uint32_t
stn_inst_word(struct stn_builder *b, const struct stn_inst *inst, unsigned index)
{
   if (index >= inst->count)
      stn_fail_at(b, inst->offset_w, "%s has %u words, operand word %u is missing",
                  spirv_op_name(inst->opcode), inst->count, index);
   return inst->w[index];
}

const char *
stn_inst_string(struct stn_builder *b, const struct stn_inst *inst, unsigned index,
                unsigned *next_index)
{
   unsigned n = 0;
   const long len =
      index < inst->count ? spirv_string_length(&inst->w[index], inst->count - index, &n)
                          : -1;
   if (len < 0)
      stn_fail_at(b, inst->offset_w + index, "string operand not terminated");
   char *s = stn_alloc(b, (size_t)len + 1);
   spirv_string_copy(&inst->w[index], (size_t)len, s);
   if (next_index)
      *next_index = index + n;
   return s;
}

/* ---- the scan ----------------------------------------------------------- */

static enum stn_section
section_of(SpvOp op, bool in_function)
{
   switch (op) {
   case SpvOpCapability:
      return STN_SECTION_CAPABILITY;
   case SpvOpExtension:
      return STN_SECTION_EXTENSION;
   case SpvOpExtInstImport:
      return STN_SECTION_EXT_INST_IMPORT;
   case SpvOpMemoryModel:
      return STN_SECTION_MEMORY_MODEL;
   case SpvOpEntryPoint:
      return STN_SECTION_ENTRY_POINT;
   case SpvOpExecutionMode:
   case SpvOpExecutionModeId:
      return STN_SECTION_EXECUTION_MODE;
   case SpvOpString:
   case SpvOpSourceExtension:
   case SpvOpSource:
   case SpvOpSourceContinued:
      return STN_SECTION_DEBUG_STRINGS;
   case SpvOpName:
   case SpvOpMemberName:
      return STN_SECTION_DEBUG_NAMES;
   case SpvOpModuleProcessed:
      return STN_SECTION_DEBUG_PROCESSED;
   case SpvOpDecorate:
   case SpvOpMemberDecorate:
   case SpvOpDecorationGroup:
   case SpvOpGroupDecorate:
   case SpvOpGroupMemberDecorate:
   case SpvOpDecorateId:
   case SpvOpDecorateString:
   case SpvOpMemberDecorateString:
      return STN_SECTION_ANNOTATIONS;
   case SpvOpFunction:
      return STN_SECTION_FUNCTIONS;
   case SpvOpLine:
   case SpvOpNoLine:
   case SpvOpUndef:
   case SpvOpExtInst:
   case SpvOpVariable:
      return in_function ? STN_SECTION_FUNCTIONS : STN_SECTION_GLOBALS;
   default:
      return stn_opcode_is_global(op) ? STN_SECTION_GLOBALS : STN_SECTION_FUNCTIONS;
   }
}

bool
stn_opcode_is_type(SpvOp op)
{
   switch (op) {
   case SpvOpTypeVoid:
   case SpvOpTypeBool:
   case SpvOpTypeInt:
   case SpvOpTypeFloat:
   case SpvOpTypeVector:
   case SpvOpTypeMatrix:
   case SpvOpTypeImage:
   case SpvOpTypeSampler:
   case SpvOpTypeSampledImage:
   case SpvOpTypeArray:
   case SpvOpTypeRuntimeArray:
   case SpvOpTypeStruct:
   case SpvOpTypeOpaque:
   case SpvOpTypePointer:
   case SpvOpTypeFunction:
   case SpvOpTypeEvent:
   case SpvOpTypeDeviceEvent:
   case SpvOpTypeReserveId:
   case SpvOpTypeQueue:
   case SpvOpTypePipe:
   case SpvOpTypeForwardPointer:
   case SpvOpTypePipeStorage:
   case SpvOpTypeNamedBarrier:
   case SpvOpTypeAccelerationStructureKHR:
   case SpvOpTypeRayQueryKHR:
      return true;
   default:
      return false;
   }
}

bool
stn_opcode_is_global(SpvOp op)
{
   if (stn_opcode_is_type(op))
      return true;
   switch (op) {
   case SpvOpConstantTrue:
   case SpvOpConstantFalse:
   case SpvOpConstant:
   case SpvOpConstantComposite:
   case SpvOpConstantSampler:
   case SpvOpConstantNull:
   case SpvOpSpecConstantTrue:
   case SpvOpSpecConstantFalse:
   case SpvOpSpecConstant:
   case SpvOpSpecConstantComposite:
   case SpvOpSpecConstantOp:
      return true;
   default:
      return false;
   }
}

bool
stn_opcode_is_terminator(SpvOp op)
{
   switch (op) {
   case SpvOpBranch:
   case SpvOpBranchConditional:
   case SpvOpSwitch:
   case SpvOpReturn:
   case SpvOpReturnValue:
   case SpvOpKill:
   case SpvOpUnreachable:
   case SpvOpTerminateInvocation:
      return true;
   default:
      return false;
   }
}

struct scan_state {
   enum stn_section section;
   bool seen_memory_model;
   struct stn_function *func; /* the function being scanned */
   struct stn_block *block;   /* the block being scanned */
   struct dynarray functions; /* struct stn_function */
   struct dynarray blocks;    /* struct stn_block, of the current function */
   struct dynarray params;    /* size_t offsets of its OpFunctionParameters */
   bool block_past_phis;
   bool func_past_variables;
   size_t pending_merge_w; /* a merge instruction waiting for its branch */
   struct spirv_operand *ops;
   unsigned max_ops;
};

/* How wide the LiteralContextDependentNumber operands of inst are, from the
 * type the grammar cannot see: 1 or 2 words, or 0 when the decoder should
 * take what is there (the checks then happen where the value is used). */
static unsigned
scan_literal_width(struct stn_builder *b, const struct stn_inst *inst)
{
   uint32_t type_id;
   switch (inst->opcode) {
   case SpvOpConstant:
   case SpvOpSpecConstant:
      if (inst->count < 2)
         return 0;
      type_id = inst->w[1];
      break;
   case SpvOpSwitch: {
      if (inst->count < 2)
         return 1;
      const struct stn_value *sel = stn_untyped_value(b, inst->w[1]);
      if (sel->def_opcode == 0)
         stn_fail(b, "selector %u is not defined before use", inst->w[1]);
      type_id = sel->type_id;
      if (type_id == 0)
         stn_fail(b, "selector %u has no type", inst->w[1]);
      break;
   }
   default:
      return 0;
   }
   const struct stn_value *type = stn_untyped_value(b, type_id);
   if (type->def_opcode == 0)
      stn_fail(b, "type %u is not defined before use", type_id);
   if (type->def_opcode != SpvOpTypeInt && type->def_opcode != SpvOpTypeFloat)
      stn_fail(b, "needs an integer or float scalar type, id %u is a %s", type_id,
               spirv_op_name(type->def_opcode));
   const struct stn_inst tdef = stn_inst_at(b, type->def_offset_w);
   const uint32_t width = tdef.w[2]; /* checked present by the scan of tdef */
   if (width == 0 || width > 64)
      stn_fail(b, "type %u has width %u", type_id, width);
   return width > 32 ? 2 : 1;
}

/* Room for the operands of an instruction of `count` words (it has fewer
 * than that, spirv_info.h): sized by the longest instruction so far rather
 * than by the module, which would clear a buffer as large as the module. */
static void
scan_reserve_ops(struct stn_builder *b, struct scan_state *s, unsigned count)
{
   if (count <= s->max_ops)
      return;
   s->max_ops = MAX2(count, MAX2(2 * s->max_ops, 64u));
   s->ops = stn_alloc(b, s->max_ops * sizeof(*s->ops));
}

static void
scan_record_result(struct stn_builder *b, const struct stn_inst *inst,
                   const struct spirv_op_info *info)
{
   uint32_t type_id = 0, result_index = 1;
   if (info->has_result_type) {
      type_id = inst->w[1];
      result_index = 2;
      const struct stn_value *t = stn_untyped_value(b, type_id);
      if (t->def_opcode == 0)
         stn_fail(b, "result type %u is not defined before use", type_id);
      if (!stn_opcode_is_type((SpvOp)t->def_opcode))
         stn_fail(b, "result type %u is defined by %s, not a type declaration", type_id,
                  spirv_op_name(t->def_opcode));
   }
   if (!info->has_result)
      return;
   const uint32_t id = inst->w[result_index];
   struct stn_value *val = stn_untyped_value(b, id);
   if (val->def_opcode != 0)
      stn_fail(b, "id %u is defined twice (first at word %zu)", id, val->def_offset_w);
   val->def_opcode = (uint16_t)inst->opcode;
   val->def_offset_w = inst->offset_w;
   val->type_id = type_id;
}

static void
scan_check_ids(struct stn_builder *b, const struct stn_inst *inst,
               const struct spirv_operand *ops, int n)
{
   for (int i = 0; i < n; i++) {
      const struct spirv_operand_kind_info *k = spirv_operand_kind_info(ops[i].kind);
      if (k->category == SPIRV_CATEGORY_ID) {
         (void)stn_untyped_value(b, inst->w[ops[i].offset_w]);
      } else if (k->category == SPIRV_CATEGORY_COMPOSITE) {
         /* Pairs: check whichever halves are ids. */
         unsigned at = ops[i].offset_w;
         for (unsigned h = 0; h < 2; h++) {
            const bool is_id = spirv_operand_kind_info(k->bases[h])->category ==
                               SPIRV_CATEGORY_ID;
            const unsigned width = (h == 0 && !is_id) ? ops[i].num_words - 1 : 1;
            if (is_id)
               (void)stn_untyped_value(b, inst->w[at]);
            at += width;
         }
      }
   }
}

static void
scan_end_block(struct stn_builder *b, struct scan_state *s, const struct stn_inst *inst)
{
   s->block->term_offset_w = inst->offset_w;
   s->block->terminator = inst->opcode;
   s->block->merge_offset_w = s->pending_merge_w;
   s->pending_merge_w = 0;
   s->block = NULL;
}

/* Whether the LiteralString at word `index` of inst starts with `prefix`
 * (SPIR-V 1.6, 2.2.1: the first character in the lowest-order byte). */
static bool
inst_string_has_prefix(const struct stn_inst *inst, unsigned index, const char *prefix)
{
   for (size_t i = 0; prefix[i]; i++) {
      const size_t w = index + i / 4;
      if (w >= inst->count || (char)((inst->w[w] >> (8 * (i % 4))) & 0xff) != prefix[i])
         return false;
   }
   return true;
}

/* An OpExtInst of a NonSemantic.* set (SPV_KHR_non_semantic_info): the scan
 * runs before the imports are handled, so this reads the import itself. */
static bool
scan_is_non_semantic(struct stn_builder *b, const struct stn_inst *inst)
{
   if (inst->opcode != SpvOpExtInst || inst->count < 5)
      return false;
   const struct stn_value *set = stn_untyped_value(b, inst->w[3]);
   if (set->def_opcode != SpvOpExtInstImport)
      return false;
   const struct stn_inst imp = stn_inst_at(b, set->def_offset_w);
   return inst_string_has_prefix(&imp, 2, "NonSemantic.");
}

static void
scan_function_inst(struct stn_builder *b, struct scan_state *s, const struct stn_inst *inst)
{
   const SpvOp op = inst->opcode;

   /* Non-semantic instructions may sit outside blocks where spirv-val
    * allows them (a DebugNoScope between a terminator and OpFunctionEnd or
    * the next OpLabel, before the first OpLabel, between or after the
    * functions); they carry no semantics, so the scan drops them there.
    * Inside blocks they reach stn_handle_ext_inst, which ignores them. */
   if ((!s->func || !s->block) && !s->pending_merge_w && scan_is_non_semantic(b, inst))
      return;

   if (s->pending_merge_w && !(op == SpvOpBranch || op == SpvOpBranchConditional ||
                               op == SpvOpSwitch))
      stn_fail(b, "a merge instruction must be followed by OpBranch, "
                  "OpBranchConditional or OpSwitch");
   if (op == SpvOpFunction) {
      if (s->func)
         stn_fail(b, "OpFunction inside a function (missing OpFunctionEnd)");
      s->func = stn_check_oom(b, dynarray_grow(&s->functions, struct stn_function, 1));
      memset(s->func, 0, sizeof(*s->func));
      s->func->id = inst->w[2];
      s->func->def_offset_w = inst->offset_w;
      dynarray_init(&s->blocks, b->arena);
      dynarray_init(&s->params, b->arena);
      s->func_past_variables = false;
      return;
   }
   if (!s->func) {
      if (op == SpvOpLine || op == SpvOpNoLine || op == SpvOpNop)
         return;
      stn_fail(b, "%s outside a function", spirv_op_name(op));
   }

   switch (op) {
   case SpvOpFunctionParameter:
      if (s->block || dynarray_num_elements(&s->blocks, struct stn_block) > 0)
         stn_fail(b, "OpFunctionParameter after the first block");
      if (!dynarray_append(&s->params, size_t, inst->offset_w))
         stn_fail(b, "out of memory");
      return;
   case SpvOpFunctionEnd:
      if (s->block)
         stn_fail(b, "OpFunctionEnd inside a block (missing terminator)");
      s->func->end_offset_w = inst->offset_w;
      s->func->num_blocks = dynarray_num_elements(&s->blocks, struct stn_block);
      s->func->blocks = dynarray_begin(&s->blocks, struct stn_block);
      s->func->num_params = dynarray_num_elements(&s->params, size_t);
      s->func->param_offsets_w = dynarray_begin(&s->params, size_t);
      s->func = NULL;
      return;
   case SpvOpLabel:
      if (s->block)
         stn_fail(b, "OpLabel inside a block (missing terminator)");
      s->block = stn_check_oom(b, dynarray_grow(&s->blocks, struct stn_block, 1));
      memset(s->block, 0, sizeof(*s->block));
      s->block->label_id = inst->w[1];
      s->block->label_offset_w = inst->offset_w;
      s->block->index = dynarray_num_elements(&s->blocks, struct stn_block) - 1;
      s->block->first_w = inst->offset_w + inst->count;
      s->block->phis_end_w = s->block->first_w;
      s->block_past_phis = false;
      return;
   case SpvOpLine:
   case SpvOpNoLine:
   case SpvOpNop:
      return;
   default:
      break;
   }

   if (!s->block)
      stn_fail(b, "%s outside a block", spirv_op_name(op));
   if (stn_opcode_is_global(op))
      stn_fail(b, "%s inside a function", spirv_op_name(op));

   /* Non-semantic instructions (DebugScope, DebugLine, DebugDeclare) may be
    * mixed with the phis and variables at the top of a block, as OpLine. */
   if (scan_is_non_semantic(b, inst))
      return;

   const bool first_block = s->block->index == 0;
   if (op == SpvOpVariable) {
      if (!first_block || s->func_past_variables)
         stn_fail(b, "function variables must be the first instructions of the first "
                     "block");
   } else {
      s->func_past_variables = true;
   }

   if (op == SpvOpPhi) {
      if (s->block_past_phis)
         stn_fail(b, "OpPhi after a non-phi instruction in the block");
      s->block->phis_end_w = inst->offset_w + inst->count;
   } else {
      s->block_past_phis = true;
   }

   if (op == SpvOpSelectionMerge || op == SpvOpLoopMerge) {
      s->pending_merge_w = inst->offset_w;
      return;
   }
   if (stn_opcode_is_terminator(op))
      scan_end_block(b, s, inst);
}

void
stn_module_scan(struct stn_builder *b)
{
   struct scan_state s = {.section = STN_SECTION_CAPABILITY};
   dynarray_init(&s.functions, b->arena);
   b->functions_start_w = b->word_count;
   b->globals_start_w = 0;

   size_t pos = SPIRV_HEADER_WORDS;
   while (pos < b->word_count) {
      struct stn_inst inst = stn_inst_at(b, pos);
      stn_set_current(b, &inst);
      const unsigned width = inst.count >= 1 && inst.count <= b->word_count - pos
                                ? scan_literal_width(b, &inst)
                                : 0;
      scan_reserve_ops(b, &s, (unsigned)MIN2(inst.count, b->word_count - pos));
      struct spirv_parse_error err;
      const int n = spirv_inst_decode_operands(inst.w, b->word_count - pos, width, s.ops,
                                               s.max_ops, &err);
      if (n < 0)
         stn_fail_at(b, pos + err.offset_w, "%s", err.msg);

      const struct spirv_op_info *info = spirv_op_info(inst.opcode);
      const enum stn_section section = section_of(inst.opcode, s.func != NULL);
      /* Debug line instructions may sit anywhere after the memory model,
       * between functions too (SPIR-V 1.6, 2.4). */
      const bool anywhere = inst.opcode == SpvOpNop ||
                            ((inst.opcode == SpvOpLine || inst.opcode == SpvOpNoLine) &&
                             s.seen_memory_model) ||
                            (s.section == STN_SECTION_FUNCTIONS &&
                             scan_is_non_semantic(b, &inst));
      if (!anywhere) {
         if (section < s.section)
            stn_fail(b, "%s is out of the logical layout order", info->name);
         if (section == STN_SECTION_MEMORY_MODEL && s.seen_memory_model)
            stn_fail(b, "a second OpMemoryModel");
         if (section > STN_SECTION_MEMORY_MODEL && !s.seen_memory_model)
            stn_fail(b, "%s before OpMemoryModel", info->name);
         if (section == STN_SECTION_MEMORY_MODEL)
            s.seen_memory_model = true;
         if (section >= STN_SECTION_GLOBALS && s.section < STN_SECTION_GLOBALS)
            b->globals_start_w = pos;
         if (section == STN_SECTION_FUNCTIONS && s.section < STN_SECTION_FUNCTIONS)
            b->functions_start_w = pos;
         s.section = section;
      }

      scan_check_ids(b, &inst, s.ops, n);
      scan_record_result(b, &inst, info);
      if (section == STN_SECTION_FUNCTIONS)
         scan_function_inst(b, &s, &inst);

      pos += inst.count;
   }

   b->cur_offset_w = b->word_count;
   b->cur_opcode = SpvOpNop;
   if (!s.seen_memory_model)
      stn_fail(b, "module has no OpMemoryModel");
   if (s.func)
      stn_fail(b, "module ends inside a function");
   if (!b->globals_start_w)
      b->globals_start_w = b->functions_start_w;
   b->num_functions = dynarray_num_elements(&s.functions, struct stn_function);
   b->functions = dynarray_begin(&s.functions, struct stn_function);
}
