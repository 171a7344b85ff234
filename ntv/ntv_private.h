/* SPDX-License-Identifier: MIT */
/*
 * What the translator's files share: the context and the helpers each topic
 * file offers the others.
 *
 * Values. IR defs are untyped (components x bits); SPIR-V values are typed.
 * Before a function is emitted, every def gets a *kind* (float, signed int,
 * unsigned int, bool, pointer) from what produces it (nir_to_spirv_values.c): an fadd
 * makes a float, a load makes whatever the variable holds, a phi takes the
 * kind of its first typed source. A consumer that wants another kind gets an
 * OpBitcast made right before it. Constants and undefs have no kind: each use
 * gets a constant (or OpUndef) of exactly the type it wants, so constants
 * never need a bitcast.
 *
 * Ids. A def's id is handed out the first time anything names it (a phi
 * may name a value defined later in a loop); block labels likewise.
 */
#ifndef NTV_PRIVATE_H
#define NTV_PRIVATE_H

#include "nir/nir.h"
#include "ntv/nir_to_spirv.h"
#include "ntv/spirv_builder.h"
#include "util/dynarray.h"

struct hash_table;

enum ntv_kind {
   NTV_KIND_NONE = 0, /* constants and undefs: typed by each use */
   NTV_KIND_FLOAT,
   NTV_KIND_SINT,
   NTV_KIND_UINT,
   NTV_KIND_BOOL,
   NTV_KIND_POINTER, /* derefs */
};

/* What a consumer asks of a source: a kind, or any integer kind (SPIR-V's
 * integer arithmetic does not care about signedness). */
#define NTV_WANT_ANY_INT 0x80

struct ntv_def {
   SpvId id;
   uint8_t kind;
};

struct ntv_block {
   SpvId label;      /* its OpLabel */
   SpvId exit_label; /* the label that ends it (differs when it was split) */
   bool emitted;
   /* Not emitted: its branch is made by this block's end (empty if branches,
    * the blocks of a conditional back edge). */
   nir_block *folded_into;
};

struct ntv_loop_frame {
   nir_loop *loop;
   SpvId header;   /* the dedicated loop header block */
   SpvId cont;     /* the continue target */
   SpvId merge;    /* the block after the loop */
   nir_block *body_first;
   /* The if ending the continue construct that is a conditional back edge
    * (`if (c) {} else break;`), emitted as one OpBranchConditional. */
   nir_if *back_edge_if;
};

struct ntv_context {
   struct spvb_builder b;
   nir_shader *shader;
   struct ntv_options options;
   uint32_t version; /* SPIR-V version word */
   SpvExecutionModel model;
   struct arena *arena; /* scratch, freed at the end */
   const char *error;   /* first failure (arena string) */

   SpvId glsl450;
   SpvId entry_fn;
   struct hash_table *var_ids;  /* nir_variable * -> SpvId (lookups only) */
   struct hash_table *type_ids; /* const glsl_type * -> SpvId (lookups only) */
   struct dynarray interface;   /* SpvId, in emission order */
   /* Built-in input variables made for system-value intrinsics, by builtin:
    * [i].builtin, [i].id, created in first-use order. */
   struct dynarray sysval_vars;

   /* The function being emitted. */
   nir_function_impl *impl;
   struct ntv_def *defs;     /* by def->index */
   unsigned num_defs;
   struct ntv_block *blocks; /* by block->index */
   unsigned num_blocks;
   struct hash_table *phi_src_ids; /* nir_phi_src * -> SpvId of the converted value */
   struct dynarray loops;          /* struct ntv_loop_frame */
   SpvId current_label;            /* the SPIR-V block being written */
   /* current_label is the rest of an IR block after an unconditional kill
    * or terminate: no edge reaches it. */
   SpvId unreachable_label;
   /* Two-member result structs (OpIAddCarry, FrexpStruct...): a struct
    * type is not hash-consed, so each shape is made once here. */
   struct dynarray pair_structs; /* struct ntv_pair_struct */
   nir_block *current_block;
};

struct ntv_pair_struct {
   SpvId first, second, type;
};

struct ntv_sysval_var {
   nir_builtin builtin;
   SpvId id;
};

/* nir_to_spirv.c ----------------------------------------------------------------- */
void ntv_fail(struct ntv_context *ctx, const char *fmt, ...) PRINTFLIKE(2, 3);
static inline bool
ntv_failed(const struct ntv_context *ctx)
{
   return ctx->error != NULL || !spvb_ok(&ctx->b);
}
static inline bool
ntv_version_at_least(const struct ntv_context *ctx, unsigned major, unsigned minor)
{
   return ctx->version >= SPVB_VERSION(major, minor);
}
/* A capability that needs an extension before `version`: adds the
 * capability, and the extension when the version does not have it. */
void ntv_capability_ext(struct ntv_context *ctx, SpvCapability cap, const char *ext,
                        uint32_t core_version);
SpvId ntv_const_u32(struct ntv_context *ctx, uint32_t v);
SpvId ntv_const_i32(struct ntv_context *ctx, int32_t v);
SpvId ntv_pair_struct(struct ntv_context *ctx, SpvId first, SpvId second);

/* nir_to_spirv_types.c ----------------------------------------------------------- */
SpvId ntv_type(struct ntv_context *ctx, const struct glsl_type *t);
SpvId ntv_scalar_type(struct ntv_context *ctx, enum ntv_kind kind, unsigned bit_size);
SpvId ntv_value_type(struct ntv_context *ctx, enum ntv_kind kind, unsigned bit_size,
                     unsigned num_components);
enum ntv_kind ntv_kind_for_base_type(enum glsl_base_type base);
enum ntv_kind ntv_kind_for_alu_type(nir_alu_type type);
SpvStorageClass ntv_storage_class(struct ntv_context *ctx, nir_variable_mode mode,
                                  const struct glsl_type *type);
SpvId ntv_constant(struct ntv_context *ctx, const struct glsl_type *t,
                   const nir_constant *c);

/* nir_to_spirv_values.c ---------------------------------------------------------- */
void ntv_values_begin(struct ntv_context *ctx, nir_function_impl *impl);
enum ntv_kind ntv_def_kind(struct ntv_context *ctx, const nir_def *def);
SpvId ntv_def_type(struct ntv_context *ctx, const nir_def *def);
/* The id a def's defining instruction writes (allocated on first use). */
SpvId ntv_def_id(struct ntv_context *ctx, const nir_def *def);
/* Makes `def` an alias of an existing value of its own kind (movs). */
void ntv_def_alias(struct ntv_context *ctx, const nir_def *def, SpvId value);
/* The def as a value of `want` (a kind, or NTV_WANT_ANY_INT | fallback kind);
 * NTV_KIND_NONE keeps its own kind. Constants and undefs come out typed. */
SpvId ntv_get_def(struct ntv_context *ctx, nir_def *def, unsigned want);
static inline SpvId
ntv_get_src(struct ntv_context *ctx, nir_src src, unsigned want)
{
   return ntv_get_def(ctx, src.ssa, want);
}
/* The kind a `want` resolves to for a def (what ntv_get_def returns). */
enum ntv_kind ntv_want_kind(struct ntv_context *ctx, const nir_def *def, unsigned want);
/* Components `comps[0..n)` of def as a value of `want`. */
SpvId ntv_get_def_swizzled(struct ntv_context *ctx, nir_def *def, const uint8_t *comps,
                           unsigned n, unsigned want);
SpvId ntv_const_value(struct ntv_context *ctx, enum ntv_kind kind, unsigned bit_size,
                      unsigned num_components, const nir_const_value *values);
SpvId ntv_bitcast(struct ntv_context *ctx, SpvId value, unsigned bit_size,
                  unsigned num_components, enum ntv_kind to);

/* nir_to_spirv_io.c -------------------------------------------------------------- */
void ntv_emit_global_variables(struct ntv_context *ctx);
void ntv_emit_local_variables(struct ntv_context *ctx, nir_function_impl *impl);
SpvId ntv_variable_id(struct ntv_context *ctx, const nir_variable *var);
void ntv_emit_execution_modes(struct ntv_context *ctx);
SpvExecutionModel ntv_execution_model(nir_shader_stage stage);
/* The type of the value a system-value intrinsic loads (NULL if `op` is
 * not one ntv can express). */
const struct glsl_type *ntv_sysval_type(nir_intrinsic_op op);
/* Emits a system-value load (from a built-in Input variable); false if
 * `intr` is not a system value. */
bool ntv_emit_sysval(struct ntv_context *ctx, nir_intrinsic_instr *intr);
/* Capabilities and extensions a BuiltIn decoration needs in this stage. */
void ntv_builtin_capabilities(struct ntv_context *ctx, nir_builtin builtin);

/* nir_to_spirv_cf.c -------------------------------------------------------------- */
void ntv_emit_function(struct ntv_context *ctx, nir_function_impl *impl);
SpvId ntv_block_label(struct ntv_context *ctx, const nir_block *block);
/* Ends the current SPIR-V block with `terminator` already emitted and opens
 * a new one, for instructions that end blocks in SPIR-V but not in the IR
 * (OpKill, OpTerminateInvocation). */
void ntv_start_new_block(struct ntv_context *ctx);
/* Whether the translator can express every loop's continue construct as
 * it is (breaks out of a continue construct only as its final conditional
 * back edge); if not, ntv_emit works on a copy with continue constructs
 * folded into the loop bodies. */
bool ntv_continue_constructs_expressible(nir_function_impl *impl);
/* Emits `if (cond) { then_fn(data) }` as a structured selection in the
 * middle of an IR block (conditional discard). then_fn returns true when
 * it ended its block itself (OpKill...). */
void ntv_emit_conditional(struct ntv_context *ctx, SpvId cond,
                          bool (*then_fn)(struct ntv_context *ctx, void *data), void *data);

/* Instructions ------------------------------------------------------------------ */
void ntv_emit_alu(struct ntv_context *ctx, nir_alu_instr *alu);
void ntv_emit_deref(struct ntv_context *ctx, nir_deref_instr *deref);
/* Returns false when the intrinsic is not a memory one. */
bool ntv_emit_memory_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr);
bool ntv_emit_image_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr);
bool ntv_emit_subgroup_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr);
void ntv_emit_intrinsic(struct ntv_context *ctx, nir_intrinsic_instr *intr);
void ntv_emit_tex(struct ntv_context *ctx, nir_tex_instr *tex);
SpvScope ntv_scope(nir_scope scope);
/* An atomic through `ptr` in storage class `sc`; the intrinsic's sources
 * from `first_data` on are the value (comparator first for swaps). */
void ntv_emit_atomic(struct ntv_context *ctx, nir_intrinsic_instr *intr, SpvId ptr,
                     SpvStorageClass sc, unsigned first_data);
/* The pointer a deref makes, as access chains written here, at the use:
 * spirv_to_nir rebuilds a deref chain at every use of a pointer, so a
 * chain shared by several uses in the IR would not survive a round trip
 * as one. */
SpvId ntv_deref_ptr(struct ntv_context *ctx, nir_deref_instr *deref);
/* The pointer type a deref's result has. */
SpvId ntv_deref_pointer_type(struct ntv_context *ctx, const nir_deref_instr *deref);
SpvStorageClass ntv_deref_storage_class(struct ntv_context *ctx,
                                        const nir_deref_instr *deref);

#endif /* NTV_PRIVATE_H */
