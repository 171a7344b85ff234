/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V grammar facts, generated at build time from the Khronos grammar
 * JSON (Debian's spirv-headers): opcode names and operand layouts, the names
 * and parameters of every enumerant of every operand kind, GLSL.std.450
 * instruction names and operand counts.
 *
 * It is a library of its own (idep_spirv_info) so that the IR -> SPIR-V
 * emitter and a disassembler can use the tables without spirv_to_nir.
 * The enum constants themselves come from <spirv/unified1/spirv.h>; the
 * generator checks at compile time that the header and the grammar agree.
 *
 * Nothing here allocates.
 */
#ifndef SPIRV_INFO_H
#define SPIRV_INFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "spirv/spirv_info_kinds.h"

#define SPIRV_MAGIC 0x07230203u
#define SPIRV_HEADER_WORDS 5u

enum spirv_quantifier {
   SPIRV_QUANT_ONE,
   SPIRV_QUANT_OPTIONAL, /* "?" */
   SPIRV_QUANT_VARIADIC, /* "*" */
};

enum spirv_operand_category {
   SPIRV_CATEGORY_ID,
   SPIRV_CATEGORY_LITERAL,
   SPIRV_CATEGORY_VALUE_ENUM,
   SPIRV_CATEGORY_BIT_ENUM,
   SPIRV_CATEGORY_COMPOSITE,
};

struct spirv_operand_info {
   enum spirv_operand_kind kind;
   enum spirv_quantifier quantifier;
   const char *name; /* the grammar's operand name, NULL when it has none */
};

struct spirv_op_info {
   const char *name;       /* "OpTypeImage" */
   const char *op_class;   /* "Type-Declaration" */
   uint16_t opcode;
   uint16_t num_operands;
   bool has_result_type;
   bool has_result;
   const struct spirv_operand_info *operands;
   uint16_t num_capabilities;
   const uint32_t *capabilities; /* SpvCapability values, any one enables */
   bool from_extension;
   /* (major << 8) | minor of the first core version; 0xffff: extension only */
   uint16_t version;
};

struct spirv_enumerant_info {
   const char *name; /* "BuiltIn", "1D", "Bias" */
   uint32_t value;   /* a single bit for bit enums (0 for "None") */
   uint16_t num_params;
   const struct spirv_operand_info *params;
   uint16_t num_capabilities;
   const uint32_t *capabilities;
   uint16_t version;
};

struct spirv_operand_kind_info {
   const char *name; /* "Decoration" */
   enum spirv_operand_category category;
   uint32_t num_enumerants;
   const struct spirv_enumerant_info *enumerants; /* sorted by value */
   enum spirv_operand_kind bases[2];              /* composites only */
};

struct spirv_extinst_info {
   const char *name; /* NULL for unused opcodes */
   uint32_t opcode;
   uint16_t num_operands;
   const struct spirv_operand_info *operands;
};

/* NULL when the opcode is not in the grammar. */
const struct spirv_op_info *spirv_op_info(uint32_t opcode);
/* The name, or NULL when the opcode is not in the grammar. */
const char *spirv_op_name(uint32_t opcode);

const struct spirv_operand_kind_info *spirv_operand_kind_info(enum spirv_operand_kind kind);
/* NULL when kind has no enumerant with that value (or is not an enum). */
const struct spirv_enumerant_info *spirv_enumerant_info(enum spirv_operand_kind kind,
                                                        uint32_t value);
/* The enumerant's name, or NULL. Bit enums: only single bits and 0. */
const char *spirv_enum_name(enum spirv_operand_kind kind, uint32_t value);

/* GLSL.std.450: NULL for instruction numbers the set does not define. */
const struct spirv_extinst_info *spirv_glsl450_info(uint32_t inst);

/* ------------------------------------------------------------------------ */
/* Generic operand decoding against the grammar. */

/* One decoded operand. Enumerant parameters follow the enum operand that
 * introduces them, each as its own operand, with `param_of` set. */
struct spirv_operand {
   enum spirv_operand_kind kind;
   uint16_t offset_w;  /* from the instruction's first word */
   uint16_t num_words; /* 1 except strings, composites, wide literals */
   bool param_of;      /* a parameter of the preceding enum operand */
   bool in_spec_op;    /* part of OpSpecConstantOp's embedded operation */
};

struct spirv_parse_error {
   unsigned offset_w; /* of the offending word, from the instruction start */
   char msg[160];
};

/* Decodes the operands of the instruction whose first word is inst[0],
 * with `avail_w` words readable from inst. Checks the word count in the
 * instruction (>= 1, <= avail_w) and that the operands fill it exactly.
 *
 * literal_width_w gives the size of LiteralContextDependentNumber operands
 * and of the literal in OpSwitch's (literal, label) pairs, which the grammar
 * cannot know: 1 or 2 from the type of the result/selector, or 0 to let a
 * trailing literal take the rest of the instruction (and 1 for pairs).
 *
 * out has room for max_out operands (word_count - 1 always suffices).
 * Returns the number of operands, or -1 with *err filled. */
int spirv_inst_decode_operands(const uint32_t *inst, size_t avail_w,
                               unsigned literal_width_w, struct spirv_operand *out,
                               unsigned max_out, struct spirv_parse_error *err);

/* A LiteralString at words[0..avail_w): returns its length in bytes and
 * sets *num_words to the words it occupies (terminator and padding
 * included); -1 when no terminating NUL lies within avail_w words. Bytes are
 * packed little-endian in each word, as the spec says, whatever the host. */
long spirv_string_length(const uint32_t *words, size_t avail_w, unsigned *num_words);
/* Copies the string's bytes (at most len) to dst and NUL-terminates. */
void spirv_string_copy(const uint32_t *words, size_t len, char *dst);

/* ---- byte order: the one policy of every consumer ------------------------
 * SPIR-V 1.6, 2.3 (Physical Layout): a module is a stream of words, and
 * "the magic number can be used to detect endianness". Every consumer in
 * kiln (spirv_to_nir and through it the driver's vkCreate*Pipelines and
 * kiln-zink-lower; kiln-spirv, which reads files) takes a module in either
 * byte order and decodes it in host order: this function decides, and
 * spirv_to_host_order() converts. */
enum spirv_byte_order {
   SPIRV_BYTE_ORDER_HOST,    /* words[0] is the magic number */
   SPIRV_BYTE_ORDER_SWAPPED, /* words[0] is the byte-swapped magic number */
   SPIRV_BYTE_ORDER_NONE,    /* not SPIR-V: shorter than a word, or no magic */
};
enum spirv_byte_order spirv_byte_order(const void *data, size_t size_B);
/* Byte-swaps count words in place when order is SPIRV_BYTE_ORDER_SWAPPED. */
void spirv_to_host_order(uint32_t *words, size_t count, enum spirv_byte_order order);

#endif /* SPIRV_INFO_H */
