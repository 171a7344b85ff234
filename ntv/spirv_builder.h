/* SPDX-License-Identifier: MIT */
/*
 * spvb: a SPIR-V module builder that knows only SPIR-V.
 *
 * The module is kept as one word buffer per logical-layout section, in the
 * order SPIR-V 1.6 section 2.4 "Logical Layout of a Module" requires, and
 * stitched into one word array by spvb_assemble(). The builder
 *
 *  - hands out ids (the bound is the highest id + 1);
 *  - hash-conses types and constants, so asking twice for `vec4 of f32` or for
 *    `u32 7` gives the same id and emits one instruction;
 *  - adds a capability or extension the first time something that needs it is
 *    created (a 16-bit float type adds Float16, an XfbBuffer decoration adds
 *    TransformFeedback), deduplicated, and sorts both lists when assembling so
 *    the output does not depend on the order things were asked for;
 *  - keeps a sticky error: the first failure (out of memory, id overflow,
 *    misuse) is remembered, every later call is a cheap no-op, and
 *    spvb_assemble() reports it. Callers therefore never check individual
 *    calls and can never ignore an out-of-memory.
 *
 * Struct types are the exception to hash-consing: two structs with the same
 * members may carry different decorations (Block, Offset, names), so each
 * spvb_type_struct() call makes a new type; the translator caches them.
 * Arrays carry their ArrayStride in the hash key for the same reason.
 *
 * Functions are built one at a time: spvb_function_begin(), parameters,
 * labels and instructions, spvb_function_end(). OpVariable instructions made
 * with spvb_function_var() are collected separately and placed at the top of
 * the first block, where SPIR-V requires them, whenever they are created.
 */
#ifndef NTV_SPIRV_BUILDER_H
#define NTV_SPIRV_BUILDER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <spirv/unified1/spirv.h>

#include "util/dynarray.h"
#include "util/macros.h"

struct arena;
struct hash_table;

enum spvb_section {
   /* Capabilities and extensions are generated from sorted sets when the
    * module is assembled; nothing is emitted into them directly. */
   SPVB_SECTION_CAPABILITIES,
   SPVB_SECTION_EXTENSIONS,
   SPVB_SECTION_EXT_INST_IMPORTS,
   SPVB_SECTION_MEMORY_MODEL,
   SPVB_SECTION_ENTRY_POINTS,
   SPVB_SECTION_EXECUTION_MODES,
   SPVB_SECTION_DEBUG_STRINGS, /* OpString, OpSource* */
   SPVB_SECTION_DEBUG_NAMES,   /* OpName, OpMemberName */
   SPVB_SECTION_ANNOTATIONS,
   SPVB_SECTION_GLOBALS, /* types, constants, global variables, global OpUndef */
   SPVB_SECTION_FUNCTIONS,
   SPVB_SECTION_COUNT,
};

enum spvb_error {
   SPVB_OK = 0,
   SPVB_ERROR_OUT_OF_MEMORY,
   /* More ids than the universal limit (SPIR-V 1.6 section 2.17: a Result
    * <id> bound of 4,194,303). */
   SPVB_ERROR_ID_OVERFLOW,
   /* An instruction longer than 65535 words (its word count is 16 bits). */
   SPVB_ERROR_INSTRUCTION_TOO_LONG,
   /* The caller broke a rule of this API (instruction outside a function,
    * nested functions, no memory model...). A bug in the caller, reported
    * rather than asserted so that a driver never aborts on a shader. */
   SPVB_ERROR_MISUSE,
};

/* SPIR-V 1.6 section 2.17 "Universal Limits". */
#define SPVB_MAX_ID_BOUND 4194303u

struct spvb_builder {
   struct arena *arena; /* hash-cons keys, strings; owned */
   struct dynarray sections[SPVB_SECTION_COUNT];
   struct dynarray capabilities; /* uint32_t, unique */
   struct dynarray extensions;   /* const char *, unique */
   struct dynarray ext_imports;  /* struct spvb_ext_import */
   struct hash_table *cons;      /* hash-consed globals: key words -> id */

   uint32_t version; /* SPIR-V version word, e.g. 0x00010300 */
   uint32_t next_id;
   bool has_memory_model;

   /* The function being built. */
   bool in_function;
   bool fn_has_label;
   size_t fn_first_label_end; /* word index in fn_body after the first OpLabel */
   struct dynarray fn_header;  /* OpFunction, OpFunctionParameter */
   struct dynarray fn_vars;    /* Function-storage OpVariable */
   struct dynarray fn_body;    /* labels and instructions */

   enum spvb_error error;
   const char *error_detail; /* static string saying what failed */
};

/* version: the SPIR-V version word (SPVB_VERSION(1, 3)). The builder may fail
 * to allocate even here; the error is sticky and reported by spvb_assemble. */
#define SPVB_VERSION(major, minor) (((uint32_t)(major) << 16) | ((uint32_t)(minor) << 8))
void spvb_init(struct spvb_builder *b, uint32_t version);
void spvb_finish(struct spvb_builder *b);

static inline bool
spvb_ok(const struct spvb_builder *b)
{
   return b->error == SPVB_OK;
}
const char *spvb_error_string(enum spvb_error error);
/* Records an error (the first one wins). Public so a translator built on top
 * can stop the builder when it detects its own failure. */
void spvb_set_error(struct spvb_builder *b, enum spvb_error error, const char *detail);

/* Stitches the sections into one module: header (magic, version, generator,
 * bound, schema) then every section in order. On success *words is allocated
 * from `out` and holds *count words. On any error, sticky or found while
 * assembling, nothing is allocated and the error is returned. */
enum spvb_error spvb_assemble(struct spvb_builder *b, struct arena *out, uint32_t **words,
                              size_t *count) MUST_CHECK;

SpvId spvb_id(struct spvb_builder *b);
static inline uint32_t
spvb_id_bound(const struct spvb_builder *b)
{
   return b->next_id;
}

/* Raw emission: opcode word, then `n` operand words. Anything that cannot be
 * expressed with the helpers below goes through here. */
void spvb_emit(struct spvb_builder *b, enum spvb_section section, SpvOp op,
               const uint32_t *operands, unsigned n);

/* Operand lists as compound literals: SPVB_WORDS(a, b, c) expands to a
 * pointer and a count. */
#define SPVB_WORDS(...)                                                                  \
   (const uint32_t[]){__VA_ARGS__},                                                      \
      (unsigned)(sizeof((const uint32_t[]){__VA_ARGS__}) / sizeof(uint32_t))

/* Number of words a literal string occupies (NUL included, padded). */
unsigned spvb_string_words(const char *s);
/* Writes the string's words (zero padded) to `out`. */
void spvb_string_encode(const char *s, uint32_t *out);

/* ---- module-level ------------------------------------------------------ */
void spvb_capability(struct spvb_builder *b, SpvCapability cap);
bool spvb_has_capability(const struct spvb_builder *b, SpvCapability cap);
void spvb_extension(struct spvb_builder *b, const char *name);
/* Deduplicated by name: "GLSL.std.450" asked twice is one import. */
SpvId spvb_import(struct spvb_builder *b, const char *name);
void spvb_memory_model(struct spvb_builder *b, SpvAddressingModel addressing,
                       SpvMemoryModel memory);
void spvb_entry_point(struct spvb_builder *b, SpvExecutionModel model, SpvId fn,
                      const char *name, const SpvId *interface, unsigned n);
/* Adds the capability the mode needs (Xfb -> TransformFeedback...). */
void spvb_execution_mode(struct spvb_builder *b, SpvId fn, SpvExecutionMode mode,
                         const uint32_t *literals, unsigned n);
void spvb_execution_mode_id(struct spvb_builder *b, SpvId fn, SpvExecutionMode mode,
                            const SpvId *ids, unsigned n);
void spvb_source(struct spvb_builder *b, SpvSourceLanguage lang, uint32_t version);
void spvb_name(struct spvb_builder *b, SpvId id, const char *name);
void spvb_member_name(struct spvb_builder *b, SpvId type, uint32_t member,
                      const char *name);
/* Adds the capability the decoration needs on its own (XfbBuffer and
 * XfbStride -> TransformFeedback, Stream -> GeometryStreams). */
void spvb_decorate(struct spvb_builder *b, SpvId id, SpvDecoration deco,
                   const uint32_t *literals, unsigned n);
void spvb_member_decorate(struct spvb_builder *b, SpvId type, uint32_t member,
                          SpvDecoration deco, const uint32_t *literals, unsigned n);
static inline void
spvb_decorate_builtin(struct spvb_builder *b, SpvId id, SpvBuiltIn builtin)
{
   spvb_decorate(b, id, SpvDecorationBuiltIn, SPVB_WORDS(builtin));
}

/* ---- types (hash-consed unless noted) ---------------------------------- */
SpvId spvb_type_void(struct spvb_builder *b);
SpvId spvb_type_bool(struct spvb_builder *b);
/* Int8/Int16/Int64 and Float16/Float64 are added on use. */
SpvId spvb_type_int(struct spvb_builder *b, unsigned width, bool is_signed);
SpvId spvb_type_float(struct spvb_builder *b, unsigned width);
SpvId spvb_type_vector(struct spvb_builder *b, SpvId component, unsigned count);
SpvId spvb_type_matrix(struct spvb_builder *b, SpvId column, unsigned columns);
/* length: the number of elements (a u32 constant is made); stride_B 0 means
 * no ArrayStride decoration. */
SpvId spvb_type_array(struct spvb_builder *b, SpvId element, uint32_t length,
                      uint32_t stride_B);
SpvId spvb_type_runtime_array(struct spvb_builder *b, SpvId element, uint32_t stride_B);
/* Never hash-consed (see above). */
SpvId spvb_type_struct(struct spvb_builder *b, const SpvId *members, unsigned n);
SpvId spvb_type_pointer(struct spvb_builder *b, SpvStorageClass sc, SpvId pointee);
SpvId spvb_type_function(struct spvb_builder *b, SpvId ret, const SpvId *params,
                         unsigned n);
/* Adds the capability the dimensionality/format needs (Sampled1D, Image1D,
 * SampledBuffer, ImageBuffer, SampledCubeArray, ImageCubeArray, ImageMSArray,
 * StorageImageMultisample,
 * InputAttachment, SampledRect, StorageImageExtendedFormats). */
SpvId spvb_type_image(struct spvb_builder *b, SpvId sampled_type, SpvDim dim,
                      unsigned depth, bool arrayed, bool ms, unsigned sampled,
                      SpvImageFormat format);
SpvId spvb_type_sampled_image(struct spvb_builder *b, SpvId image);
SpvId spvb_type_sampler(struct spvb_builder *b);

/* ---- constants (hash-consed) ------------------------------------------- */
SpvId spvb_const_bool(struct spvb_builder *b, bool value);
/* Makes the type too. Values narrower than 32 bits are encoded as SPIR-V
 * requires: sign-extended for signed types, zero-extended otherwise. */
SpvId spvb_const_int(struct spvb_builder *b, unsigned width, bool is_signed,
                     uint64_t value);
static inline SpvId
spvb_const_u32(struct spvb_builder *b, uint32_t value)
{
   return spvb_const_int(b, 32, false, value);
}
/* bits: the IEEE bit pattern in the low `width` bits. */
SpvId spvb_const_float(struct spvb_builder *b, unsigned width, uint64_t bits);
SpvId spvb_const_composite(struct spvb_builder *b, SpvId type, const SpvId *parts,
                           unsigned n);
SpvId spvb_const_null(struct spvb_builder *b, SpvId type);
/* A global OpUndef, hash-consed per type. */
SpvId spvb_undef(struct spvb_builder *b, SpvId type);

/* A module-scope variable (any storage class but Function). */
SpvId spvb_global_var(struct spvb_builder *b, SpvId ptr_type, SpvStorageClass sc,
                      SpvId initializer);

/* ---- functions ----------------------------------------------------------- */
void spvb_function_begin(struct spvb_builder *b, SpvId fn, SpvId ret_type,
                         SpvFunctionControlMask control, SpvId fn_type);
SpvId spvb_function_param(struct spvb_builder *b, SpvId type);
/* A Function-storage variable: placed at the top of the first block. */
SpvId spvb_function_var(struct spvb_builder *b, SpvId ptr_type, SpvId initializer);
void spvb_function_end(struct spvb_builder *b);

void spvb_label(struct spvb_builder *b, SpvId label);

/* An instruction with a result: allocates the id and returns it. */
SpvId spvb_op(struct spvb_builder *b, SpvOp op, SpvId type, const uint32_t *operands,
              unsigned n);
/* The same with an id the caller allocated earlier (an SSA value referenced
 * by a phi before its definition, say). */
void spvb_op_to(struct spvb_builder *b, SpvId result, SpvOp op, SpvId type,
                const uint32_t *operands, unsigned n);
/* An instruction without a result type or id. */
void spvb_op_void(struct spvb_builder *b, SpvOp op, const uint32_t *operands, unsigned n);

SpvId spvb_load(struct spvb_builder *b, SpvId type, SpvId pointer);
void spvb_store(struct spvb_builder *b, SpvId pointer, SpvId value);
SpvId spvb_access_chain(struct spvb_builder *b, SpvId ptr_type, SpvId base,
                        const SpvId *indices, unsigned n);
SpvId spvb_composite_extract(struct spvb_builder *b, SpvId type, SpvId composite,
                             const uint32_t *indices, unsigned n);
SpvId spvb_composite_insert(struct spvb_builder *b, SpvId type, SpvId object,
                            SpvId composite, const uint32_t *indices, unsigned n);
SpvId spvb_composite_construct(struct spvb_builder *b, SpvId type, const SpvId *parts,
                               unsigned n);
SpvId spvb_vector_shuffle(struct spvb_builder *b, SpvId type, SpvId v1, SpvId v2,
                          const uint32_t *components, unsigned n);
SpvId spvb_ext_inst(struct spvb_builder *b, SpvId type, SpvId set, uint32_t inst,
                    const SpvId *args, unsigned n);
void spvb_branch(struct spvb_builder *b, SpvId label);
void spvb_branch_conditional(struct spvb_builder *b, SpvId cond, SpvId true_label,
                             SpvId false_label);
void spvb_selection_merge(struct spvb_builder *b, SpvId merge,
                          SpvSelectionControlMask control);
void spvb_loop_merge(struct spvb_builder *b, SpvId merge, SpvId cont,
                     SpvLoopControlMask control);
/* pairs: value, parent label, value, parent label... (n words). */
SpvId spvb_phi(struct spvb_builder *b, SpvId type, const SpvId *pairs, unsigned n);
void spvb_return(struct spvb_builder *b);
void spvb_return_value(struct spvb_builder *b, SpvId value);

#endif /* NTV_SPIRV_BUILDER_H */
