/* SPDX-License-Identifier: MIT */
/*
 * spirv_to_nir internals: the builder, the per-id value table, failure.
 *
 * Failure model: every check that input can violate calls stn_fail(), which
 * records a message with the word offset and longjmps to the single landing
 * pad in spirv_to_nir(). Everything the translation allocates hangs off
 * b->arena, so the landing pad frees it all at once. Nothing may be
 * malloc'd outside an arena, and nothing in here asserts on input.
 *
 * Word offsets count 32-bit words from the start of the module (the magic
 * number is word 0).
 */
#ifndef STN_PRIVATE_H
#define STN_PRIVATE_H

#include <setjmp.h>
#include <spirv/unified1/spirv.h>
#include <stddef.h>
#include <stdint.h>

#include "spirv/spirv_info.h"
#include "spirv/spirv_to_nir.h"
#include "util/arena.h"
#include "util/bitset.h"
#include "util/macros.h"

/* SPIR-V 1.6 rev 2, 2.17 "Universal Limits": the largest id bound a module
 * may declare. */
#define STN_MAX_ID_BOUND 4194303u
/* Nesting limits keep every recursive walk (types, composite constants,
 * structured control flow) far from the end of the stack on hostile input. */
#define STN_MAX_TYPE_DEPTH 128u
#define STN_MAX_CF_DEPTH 512u
/* Capability values are recorded in a bitset this large. */
#define STN_MAX_CAPABILITY 8192u

/* Sections of the logical layout (SPIR-V 1.6, 2.4), in order. */
enum stn_section {
   STN_SECTION_CAPABILITY,
   STN_SECTION_EXTENSION,
   STN_SECTION_EXT_INST_IMPORT,
   STN_SECTION_MEMORY_MODEL,
   STN_SECTION_ENTRY_POINT,
   STN_SECTION_EXECUTION_MODE,
   STN_SECTION_DEBUG_STRINGS,
   STN_SECTION_DEBUG_NAMES,
   STN_SECTION_DEBUG_PROCESSED,
   STN_SECTION_ANNOTATIONS,
   STN_SECTION_GLOBALS,
   STN_SECTION_FUNCTIONS,
};

/* One instruction, in place in the module. */
struct stn_inst {
   const uint32_t *w; /* w[0] is the opcode/word-count word */
   SpvOp opcode;
   uint32_t count; /* words, >= 1 */
   size_t offset_w;
};

enum stn_value_kind {
   STN_VALUE_NONE = 0, /* not (yet) defined */
   STN_VALUE_STRING,
   STN_VALUE_EXT_INST_SET,
   STN_VALUE_DECORATION_GROUP,
   STN_VALUE_TYPE,
   STN_VALUE_CONSTANT,
   STN_VALUE_UNDEF,
   STN_VALUE_VARIABLE,
   STN_VALUE_POINTER,
   STN_VALUE_SSA,
   STN_VALUE_FUNCTION,
   STN_VALUE_BLOCK,
   STN_VALUE_IMAGE_POINTER,
   STN_VALUE_SAMPLED_IMAGE,
   STN_VALUE_KIND_COUNT,
};

enum stn_ext_set {
   STN_EXT_SET_GLSL450,
   STN_EXT_SET_AMD_TRINARY_MINMAX, /* SPV_AMD_shader_trinary_minmax */
   STN_EXT_SET_NON_SEMANTIC, /* NonSemantic.*: ignored by definition */
   STN_EXT_SET_OTHER,
};

struct stn_decoration {
   struct stn_decoration *next;
   int32_t member; /* -1: the id itself */
   SpvDecoration decoration;
   uint32_t num_operands;
   const uint32_t *operands; /* in the module words */
   size_t offset_w;          /* of the decorating instruction */
   bool from_id;             /* OpDecorateId: operands are ids */
};

struct stn_member_name {
   struct stn_member_name *next;
   uint32_t member;
   const char *name;
};

struct stn_type;
struct stn_constant;
struct stn_function;
struct stn_block;
struct stn_ssa;
struct stn_pointer;

struct stn_value {
   enum stn_value_kind kind;
   /* Filled by the scan: what defines this id, where, with which type. */
   uint16_t def_opcode; /* 0: no instruction defines this id */
   uint32_t type_id;    /* result type of the definition, 0 if none */
   size_t def_offset_w;

   const char *name;                 /* OpName, or NULL */
   struct stn_decoration *decorations, *decorations_tail;
   struct stn_member_name *member_names;

   /* Function-local values: the function whose current expansion defined
    * it (a use from another function is an error). */
   struct stn_function *owner;
   /* OpPhi results: the variable predecessors store the incoming value to. */
   struct nir_variable *phi_var;

   union {
      const char *str;                 /* STRING */
      enum stn_ext_set ext_set;        /* EXT_INST_SET */
      struct stn_type *type;           /* TYPE */
      struct stn_constant *constant;   /* CONSTANT, UNDEF (type only) */
      struct stn_pointer *pointer;     /* VARIABLE, POINTER, IMAGE_POINTER */
      struct stn_ssa *ssa;             /* SSA, SAMPLED_IMAGE */
      struct stn_function *func;       /* FUNCTION */
      struct stn_block *block;         /* BLOCK */
   };
};

/* Ids are looked up in pages so that a module may declare any bound up to
 * the universal limit without a matching allocation. */
#define STN_VALUE_PAGE_SHIFT 8u
#define STN_VALUE_PAGE_SIZE (1u << STN_VALUE_PAGE_SHIFT)

struct stn_entry_point {
   SpvExecutionModel model;
   uint32_t func_id;
   const char *name;
   uint32_t num_interface;
   const uint32_t *interface; /* ids, in the module words */
   size_t offset_w;
};

struct stn_exec_mode {
   struct stn_exec_mode *next;
   SpvExecutionMode mode;
   uint32_t num_operands;
   const uint32_t *operands;
   bool operands_are_ids; /* OpExecutionModeId */
   size_t offset_w;
};

struct stn_ir;

struct stn_builder {
   struct arena *arena;
   struct stn_ir *ir; /* the IR side, once the shader exists */
   jmp_buf *fail_jmp;
   char error[320];
   size_t error_offset_w;

   const uint32_t *words; /* host byte order (a swapped copy if needed) */
   size_t word_count;
   const struct spirv_to_nir_options *opts;
   enum spirv_env env;

   /* The header. */
   uint32_t version; /* 0x00MMmm00 as in the header; 0 for GL-flavoured */
   uint32_t generator;
   uint32_t id_bound;

   /* The instruction being handled, for error messages. */
   size_t cur_offset_w;
   SpvOp cur_opcode;

   struct stn_value **value_pages;
   uint64_t num_decorations;
   uint32_t num_value_pages;

   /* Filled by the scan. */
   size_t globals_start_w;   /* first instruction of the types/globals section */
   size_t functions_start_w; /* first OpFunction, or word_count */
   struct stn_function *functions;
   uint32_t num_functions;

   /* Module-level facts from the preamble. */
   BITSET_DECLARE(capabilities, STN_MAX_CAPABILITY);
   SpvAddressingModel addressing_model;
   SpvMemoryModel memory_model;
   bool has_memory_model;
   struct stn_entry_point *entry_points;
   uint32_t num_entry_points;
   struct stn_entry_point *entry_point; /* the chosen one */
   struct stn_exec_mode *exec_modes;     /* of the chosen entry point */
   uint32_t workgroup_size_id; /* a constant decorated BuiltIn WorkgroupSize */
};

/* ---- the driver --------------------------------------------------------- */

void stn_builder_init(struct stn_builder *b, struct arena *arena, jmp_buf *jmp,
                      const struct spirv_to_nir_options *opts);
/* Header, scan, preamble, names, decorations, block labels. */
void stn_front_run(struct stn_builder *b, const uint32_t *words, size_t word_count);
/* Tests: runs the front half and builds every function's control-flow tree;
 * *cfg_text (malloc'd, may be NULL) gets the printed trees. On failure
 * returns false with a malloc'd *error_out and the offset. */
bool stn_parse_for_test(const uint32_t *words, size_t word_count,
                        const struct spirv_to_nir_options *opts, char **cfg_text,
                        char **error_out, size_t *error_offset_w);

/* ---- failure ------------------------------------------------------------ */

NORETURN void stn_fail_at(struct stn_builder *b, size_t offset_w, const char *fmt, ...)
   PRINTFLIKE(3, 4);
#define stn_fail(b, ...) stn_fail_at(b, (b)->cur_offset_w, __VA_ARGS__)
#define stn_fail_if(b, cond, ...)                                                        \
   do {                                                                                  \
      if (unlikely(cond))                                                                \
         stn_fail(b, __VA_ARGS__);                                                       \
   } while (0)

/* Arena allocation that fails the translation on out-of-memory. */
void *stn_alloc(struct stn_builder *b, size_t size_B);
void *stn_zalloc_array(struct stn_builder *b, size_t n, size_t size_B);
#define stn_new(b, type) ((type *)stn_zalloc_array(b, 1, sizeof(type)))
#define stn_new_array(b, type, n) ((type *)stn_zalloc_array(b, n, sizeof(type)))
char *stn_strdup(struct stn_builder *b, const char *s);
char *stn_asprintf(struct stn_builder *b, const char *fmt, ...) PRINTFLIKE(2, 3);
/* Unwraps the result of a call that returns NULL (or false) on OOM. */
#define stn_check_oom(b, expr)                                                           \
   ({                                                                                    \
      __typeof__(expr) __r = (expr);                                                     \
      if (unlikely(!__r))                                                                \
         stn_fail(b, "out of memory");                                                   \
      __r;                                                                               \
   })

/* ---- the module --------------------------------------------------------- */

/* Sets up b for `words` (byte-swapping into a copy if the module was written
 * with the other endianness) and checks the header. */
void stn_module_init(struct stn_builder *b, const uint32_t *words, size_t word_count);
/* The first pass: checks every instruction's word count and operands
 * against the grammar, the logical layout, the function/block structure,
 * records the definition of every id. Later passes trust what it checked. */
void stn_module_scan(struct stn_builder *b);

/* Reads the instruction at offset_w (already checked by the scan). */
struct stn_inst stn_inst_at(const struct stn_builder *b, size_t offset_w);
/* Sets the current instruction for error messages. */
static inline void
stn_set_current(struct stn_builder *b, const struct stn_inst *inst)
{
   b->cur_offset_w = inst->offset_w;
   b->cur_opcode = inst->opcode;
}

/* Decodes the LiteralString starting at word `index` of inst; fails if
 * unterminated. *next_index (may be NULL) gets the word after it. */
const char *stn_inst_string(struct stn_builder *b, const struct stn_inst *inst,
                            unsigned index, unsigned *next_index);
/* Word `index` of inst; fails if the instruction is shorter. */
uint32_t stn_inst_word(struct stn_builder *b, const struct stn_inst *inst, unsigned index);

/* ---- values ------------------------------------------------------------- */

/* stn_untyped_value() when id's page is not there yet or id is out of
 * range: allocates the page or fails. */
struct stn_value *stn_untyped_value_slow(struct stn_builder *b, uint32_t id);
/* The slot for id (any kind, possibly undefined); fails on id 0 or >= bound.
 * Inline: every id operand of every instruction comes through here. */
static inline struct stn_value *
stn_untyped_value(struct stn_builder *b, uint32_t id)
{
   struct stn_value *page =
      id != 0 && id < b->id_bound ? b->value_pages[id >> STN_VALUE_PAGE_SHIFT] : NULL;
   if (likely(page != NULL))
      return &page[id & (STN_VALUE_PAGE_SIZE - 1)];
   return stn_untyped_value_slow(b, id);
}
/* The value for id, which must have been given `kind`. */
struct stn_value *stn_value(struct stn_builder *b, uint32_t id, enum stn_value_kind kind);
/* Gives the (so far undefined) slot for id a kind; fails if it has one. */
struct stn_value *stn_push_value(struct stn_builder *b, uint32_t id, enum stn_value_kind kind);
const char *stn_value_kind_name(enum stn_value_kind kind);

/* ---- decorations and names ---------------------------------------------- */

void stn_handle_debug_name(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_decoration(struct stn_builder *b, const struct stn_inst *inst);

typedef void (*stn_decoration_cb)(struct stn_builder *b, struct stn_value *val,
                                  int32_t member, const struct stn_decoration *dec,
                                  void *data);
void stn_foreach_decoration(struct stn_builder *b, struct stn_value *val,
                            stn_decoration_cb cb, void *data);
/* The name OpMemberName gave `member` of the struct type `val`, or NULL. */
const char *stn_member_name(const struct stn_value *val, uint32_t member);
/* The first decoration `dec` on the id itself (member -1) or on `member`. */
const struct stn_decoration *stn_find_decoration(struct stn_value *val, int32_t member,
                                                 SpvDecoration dec);
/* The literal operand i of a decoration; fails if it has fewer. */
uint32_t stn_decoration_literal(struct stn_builder *b, const struct stn_decoration *dec,
                                unsigned i);

/* ---- preamble ----------------------------------------------------------- */

void stn_handle_preamble(struct stn_builder *b, const struct stn_inst *inst);
bool stn_has_capability(const struct stn_builder *b, SpvCapability cap);
/* Picks the entry point named by the caller for the stage, collects its
 * execution modes. */
void stn_select_entry_point(struct stn_builder *b, SpvExecutionModel model,
                            const char *name);

#endif /* STN_PRIVATE_H */
