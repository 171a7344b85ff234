/* SPDX-License-Identifier: MIT */
#include "spirv/spirv_info.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "util/macros.h"

/* From the generated spirv_info_tables.c. */
extern const struct spirv_op_info spirv_op_table[];
extern const unsigned spirv_op_table_count;
extern const uint16_t spirv_op_index[];
extern const unsigned spirv_op_index_count;
extern const struct spirv_operand_kind_info spirv_operand_kind_table[];
extern const struct spirv_extinst_info spirv_glsl450_table[];
extern const unsigned spirv_glsl450_table_count;

const struct spirv_op_info *
spirv_op_info(uint32_t opcode)
{
   if (opcode >= spirv_op_index_count || !spirv_op_index[opcode])
      return NULL;
   return &spirv_op_table[spirv_op_index[opcode] - 1];
}

const char *
spirv_op_name(uint32_t opcode)
{
   const struct spirv_op_info *info = spirv_op_info(opcode);
   return info ? info->name : NULL;
}

const struct spirv_operand_kind_info *
spirv_operand_kind_info(enum spirv_operand_kind kind)
{
   if ((unsigned)kind >= SPIRV_OPERAND_KIND_COUNT)
      return NULL;
   return &spirv_operand_kind_table[kind];
}

const struct spirv_enumerant_info *
spirv_enumerant_info(enum spirv_operand_kind kind, uint32_t value)
{
   const struct spirv_operand_kind_info *k = spirv_operand_kind_info(kind);
   if (!k || !k->enumerants)
      return NULL;
   unsigned lo = 0, hi = k->num_enumerants;
   while (lo < hi) {
      const unsigned mid = lo + (hi - lo) / 2;
      if (k->enumerants[mid].value == value)
         return &k->enumerants[mid];
      if (k->enumerants[mid].value < value)
         lo = mid + 1;
      else
         hi = mid;
   }
   return NULL;
}

const char *
spirv_enum_name(enum spirv_operand_kind kind, uint32_t value)
{
   const struct spirv_enumerant_info *e = spirv_enumerant_info(kind, value);
   return e ? e->name : NULL;
}

const struct spirv_extinst_info *
spirv_glsl450_info(uint32_t inst)
{
   if (inst >= spirv_glsl450_table_count || !spirv_glsl450_table[inst].name)
      return NULL;
   return &spirv_glsl450_table[inst];
}

long
spirv_string_length(const uint32_t *words, size_t avail_w, unsigned *num_words)
{
   for (size_t w = 0; w < avail_w; w++) {
      for (unsigned b = 0; b < 4; b++) {
         if (((words[w] >> (8 * b)) & 0xff) == 0) {
            *num_words = (unsigned)(w + 1);
            return (long)(w * 4 + b);
         }
      }
   }
   return -1;
}

void
spirv_string_copy(const uint32_t *words, size_t len, char *dst)
{
   for (size_t i = 0; i < len; i++)
      dst[i] = (char)((words[i / 4] >> (8 * (i % 4))) & 0xff);
   dst[len] = '\0';
}

/* ------------------------------------------------------------------------ */

struct operand_walk {
   const uint32_t *inst;
   unsigned word_count;
   unsigned pos; /* next word to decode */
   unsigned literal_width_w;
   struct spirv_operand *out;
   unsigned num_out, max_out;
   bool in_spec_op;
   struct spirv_parse_error *err;
};

PRINTFLIKE(3, 4) static bool
walk_fail(struct operand_walk *w, unsigned offset_w, const char *fmt, ...)
{
   w->err->offset_w = offset_w;
   va_list va;
   va_start(va, fmt);
   vsnprintf(w->err->msg, sizeof(w->err->msg), fmt, va);
   va_end(va);
   return false;
}

static bool
walk_emit(struct operand_walk *w, enum spirv_operand_kind kind, unsigned num_words,
          bool param_of)
{
   if (w->num_out >= w->max_out)
      return walk_fail(w, w->pos, "too many operands");
   w->out[w->num_out++] = (struct spirv_operand){
      .kind = kind,
      .offset_w = (uint16_t)w->pos,
      .num_words = (uint16_t)num_words,
      .param_of = param_of,
      .in_spec_op = w->in_spec_op,
   };
   w->pos += num_words;
   return true;
}

static bool walk_operand_list(struct operand_walk *w, const struct spirv_operand_info *ops,
                              unsigned num_ops, bool skip_results, bool params);

static bool
walk_enum_params(struct operand_walk *w, const struct spirv_enumerant_info *e)
{
   return walk_operand_list(w, e->params, e->num_params, false, true);
}

static bool
walk_one(struct operand_walk *w, const struct spirv_operand_info *op, bool param_of)
{
   const enum spirv_operand_kind kind = op->kind;
   const struct spirv_operand_kind_info *k = spirv_operand_kind_info(kind);
   const unsigned left = w->word_count - w->pos;

   if (left == 0)
      return walk_fail(w, w->pos, "missing %s operand%s%s", k->name,
                       op->name ? " " : "", op->name ? op->name : "");

   switch (k->category) {
   case SPIRV_CATEGORY_ID:
      return walk_emit(w, kind, 1, param_of);

   case SPIRV_CATEGORY_LITERAL:
      if (kind == SPIRV_OPERAND_LITERAL_STRING) {
         unsigned n;
         if (spirv_string_length(&w->inst[w->pos], left, &n) < 0)
            return walk_fail(w, w->pos, "string operand not NUL-terminated within the "
                                        "instruction");
         return walk_emit(w, kind, n, param_of);
      }
      if (kind == SPIRV_OPERAND_LITERAL_CONTEXT_DEPENDENT_NUMBER) {
         const unsigned n = w->literal_width_w ? w->literal_width_w : left;
         if (n > left)
            return walk_fail(w, w->pos, "literal needs %u words, %u left", n, left);
         return walk_emit(w, kind, n, param_of);
      }
      if (kind == SPIRV_OPERAND_LITERAL_SPEC_CONSTANT_OP_INTEGER) {
         const uint32_t opcode = w->inst[w->pos];
         if (w->in_spec_op)
            return walk_fail(w, w->pos, "nested OpSpecConstantOp");
         const struct spirv_op_info *info = spirv_op_info(opcode);
         if (!info)
            return walk_fail(w, w->pos, "unknown opcode %u in OpSpecConstantOp", opcode);
         if (!walk_emit(w, kind, 1, param_of))
            return false;
         /* The embedded operation's operands follow, without its result
          * type and result (those are OpSpecConstantOp's own). */
         w->in_spec_op = true;
         const bool ok = walk_operand_list(w, info->operands, info->num_operands, true, false);
         w->in_spec_op = false;
         return ok;
      }
      return walk_emit(w, kind, 1, param_of);

   case SPIRV_CATEGORY_VALUE_ENUM: {
      const uint32_t value = w->inst[w->pos];
      const struct spirv_enumerant_info *e = spirv_enumerant_info(kind, value);
      if (!e)
         return walk_fail(w, w->pos, "unknown %s %u", k->name, value);
      if (!walk_emit(w, kind, 1, param_of))
         return false;
      return walk_enum_params(w, e);
   }

   case SPIRV_CATEGORY_BIT_ENUM: {
      const uint32_t value = w->inst[w->pos];
      const unsigned at = w->pos;
      if (!walk_emit(w, kind, 1, param_of))
         return false;
      /* Parameters of the set bits follow in order of increasing bit. */
      u_foreach_bit (b, value) {
         const struct spirv_enumerant_info *e = spirv_enumerant_info(kind, 1u << b);
         if (!e)
            return walk_fail(w, at, "unknown %s bit 0x%x", k->name, 1u << b);
         if (!walk_enum_params(w, e))
            return false;
      }
      return true;
   }

   case SPIRV_CATEGORY_COMPOSITE: {
      unsigned n = 0;
      for (unsigned i = 0; i < 2; i++) {
         const enum spirv_operand_kind b = k->bases[i];
         /* OpSwitch's literals are as wide as the selector. */
         n += (b == SPIRV_OPERAND_LITERAL_INTEGER &&
               kind == SPIRV_OPERAND_PAIR_LITERAL_INTEGER_ID_REF && w->literal_width_w)
                 ? w->literal_width_w
                 : 1;
      }
      if (n > left)
         return walk_fail(w, w->pos, "%s needs %u words, %u left", k->name, n, left);
      return walk_emit(w, kind, n, param_of);
   }
   }
   return walk_fail(w, w->pos, "operand kind %u has no category", kind);
}

static bool
walk_operand_list(struct operand_walk *w, const struct spirv_operand_info *ops,
                  unsigned num_ops, bool skip_results, bool params)
{
   for (unsigned i = 0; i < num_ops; i++) {
      const struct spirv_operand_info *op = &ops[i];
      if (skip_results &&
          (op->kind == SPIRV_OPERAND_ID_RESULT || op->kind == SPIRV_OPERAND_ID_RESULT_TYPE))
         continue;
      switch (op->quantifier) {
      case SPIRV_QUANT_ONE:
         if (!walk_one(w, op, params))
            return false;
         break;
      case SPIRV_QUANT_OPTIONAL:
         if (w->pos < w->word_count && !walk_one(w, op, params))
            return false;
         break;
      case SPIRV_QUANT_VARIADIC:
         while (w->pos < w->word_count) {
            if (!walk_one(w, op, params))
               return false;
         }
         break;
      }
   }
   return true;
}

int
spirv_inst_decode_operands(const uint32_t *inst, size_t avail_w, unsigned literal_width_w,
                           struct spirv_operand *out, unsigned max_out,
                           struct spirv_parse_error *err)
{
   struct operand_walk w = {
      .inst = inst,
      .pos = 1,
      .literal_width_w = literal_width_w,
      .out = out,
      .max_out = max_out,
      .err = err,
   };
   if (avail_w == 0) {
      walk_fail(&w, 0, "instruction expected, end of module found");
      return -1;
   }
   const uint32_t opcode = inst[0] & 0xffff;
   w.word_count = inst[0] >> 16;
   if (w.word_count == 0) {
      walk_fail(&w, 0, "word count 0");
      return -1;
   }
   if (w.word_count > avail_w) {
      walk_fail(&w, 0, "word count %u runs past the end of the module (%zu words left)",
                w.word_count, avail_w);
      return -1;
   }
   const struct spirv_op_info *info = spirv_op_info(opcode);
   if (!info) {
      walk_fail(&w, 0, "unknown opcode %u", opcode);
      return -1;
   }
   if (!walk_operand_list(&w, info->operands, info->num_operands, false, false)) {
      return -1;
   }
   if (w.pos != w.word_count) {
      walk_fail(&w, w.pos, "%s has %u words, its operands take %u", info->name,
                w.word_count, w.pos);
      return -1;
   }
   return (int)w.num_out;
}

enum spirv_byte_order
spirv_byte_order(const void *data, size_t size_B)
{
   uint32_t first;
   if (!data || size_B < sizeof(first))
      return SPIRV_BYTE_ORDER_NONE;
   memcpy(&first, data, sizeof(first));
   if (first == SPIRV_MAGIC)
      return SPIRV_BYTE_ORDER_HOST;
   if (first == __builtin_bswap32(SPIRV_MAGIC))
      return SPIRV_BYTE_ORDER_SWAPPED;
   return SPIRV_BYTE_ORDER_NONE;
}

void
spirv_to_host_order(uint32_t *words, size_t count, enum spirv_byte_order order)
{
   if (order != SPIRV_BYTE_ORDER_SWAPPED)
      return;
   for (size_t i = 0; i < count; i++)
      words[i] = __builtin_bswap32(words[i]);
}
