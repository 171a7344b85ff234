/* SPDX-License-Identifier: MIT */
/*
 * spirv_to_nir internals that touch the IR: SPIR-V types with their IR
 * types, constants, SSA values (which may be composites of IR defs),
 * pointers (kept as access recipes and turned into derefs where used),
 * and the emission state.
 */
#ifndef STN_IR_H
#define STN_IR_H

#include <inttypes.h>

#include "stn_function.h"
#include "stn_private.h"

#include "nir/nir.h"
#include "nir/nir_builder.h"

/* An SSA value is expanded into at most this many scalar-or-vector defs
 * (a by-value load of a huge array is refused rather than materialised). */
#define STN_MAX_COMPOSITE_LEAVES 16384u
/* Instructions emitted before the translation gives up (inlining can
 * multiply a small module). */
#define STN_MAX_EMITTED_INSTRUCTIONS (4u * 1024u * 1024u)
/* Calls nested deeper than this are refused (SPIR-V forbids recursion; this
 * also bounds the emitter's stack). */
#define STN_MAX_CALL_DEPTH 256u

enum stn_base {
   STN_BASE_VOID,
   STN_BASE_BOOL,
   STN_BASE_INT,
   STN_BASE_FLOAT,
   STN_BASE_VECTOR,
   STN_BASE_MATRIX,
   STN_BASE_ARRAY,
   STN_BASE_RUNTIME_ARRAY,
   STN_BASE_STRUCT,
   STN_BASE_POINTER,
   STN_BASE_FUNCTION,
   STN_BASE_IMAGE,
   STN_BASE_SAMPLER,
   STN_BASE_SAMPLED_IMAGE,
};

struct stn_type {
   enum stn_base base;
   uint32_t id;
   struct stn_value *val; /* names and decorations */
   unsigned depth;        /* nesting, <= STN_MAX_TYPE_DEPTH */

   /* The IR type: NULL for pointers and functions. Struct members'
    * Offset means the explicit layout in `glsl` and the transform-feedback
    * offset in `glsl_io` (the type as an Input/Output interface). */
   const struct glsl_type *glsl;
   const struct glsl_type *glsl_io;

   /* Scalars; vectors and matrices describe their scalar here too. */
   unsigned bit_size;
   bool is_signed;
   unsigned components; /* vector: count; matrix: rows; scalar: 1 */
   unsigned columns;    /* matrix: columns; else 1 */
   struct stn_type *column; /* matrix: the column (vector) type */
   struct stn_type *scalar; /* vector/matrix: the scalar type */

   /* Arrays. */
   struct stn_type *element;
   uint32_t length; /* 0 for runtime arrays */
   uint32_t stride_B;

   /* Structs. */
   uint32_t num_members;
   struct stn_type **members;
   bool block, buffer_block;
   bool has_builtin_members;

   /* Pointers. */
   SpvStorageClass storage_class;
   struct stn_type *pointee; /* NULL while only OpTypeForwardPointer named it */
   bool forward;             /* declared by OpTypeForwardPointer */

   /* Functions. */
   struct stn_type *ret;
   uint32_t num_params;
   struct stn_type **params;

   /* Images and sampled images. */
   SpvDim dim;
   uint32_t image_depth, arrayed, ms, sampled;
   SpvImageFormat format;
   struct stn_type *sampled_type;
   struct stn_type *image; /* sampled image: its image type */
};

struct stn_constant {
   struct stn_type *type;
   nir_constant *c;
   /* OpConstantComposite/OpSpecConstantComposite of a matrix, array or
    * struct: the constituents' ids (values are built from them). */
   uint32_t num_constituents;
   const uint32_t *constituents;
   /* The value at the top of the entry point (scalars and vectors). */
   struct stn_ssa *materialized;
   bool is_spec;     /* OpSpecConstant*: the value after specialization */
   bool has_spec_id; /* SpecId decoration */
   uint32_t spec_id;
};

/* Where a pointer points: a variable and a chain of indices (at most one
 * per type level, so at most STN_MAX_TYPE_DEPTH), a 64-bit address (a
 * PhysicalStorageBuffer pointer) and a chain of indices, or an image
 * texel. */
struct stn_index {
   bool in_bounds; /* from OpInBoundsAccessChain */
   bool is_const;
   int64_t value; /* is_const */
   uint32_t id;   /* otherwise: the SPIR-V id of an integer scalar */
};

struct stn_pointer {
   struct stn_type *type;    /* the pointer type */
   struct stn_type *pointee; /* what it points to */
   nir_variable *var;
   /* PhysicalStorageBuffer: the address of a `root` (var is NULL). */
   nir_def *addr;
   struct stn_type *root;
   uint32_t num_indices;
   struct stn_index *indices;
   /* OpImageTexelPointer. */
   struct stn_pointer *image;
   uint32_t coord_id, sample_id;
   enum nir_access access; /* from decorations on the variable/members */
};

/* A SPIR-V SSA value: one IR def for scalars and vectors, a tree of them
 * for composites, or the pointers an opaque value stands for. */
struct stn_ssa {
   const struct glsl_type *type;
   nir_def *def;
   struct stn_ssa **elems;
   uint32_t num_elems;
   struct stn_pointer *image;   /* opaque: image or combined sampler */
   struct stn_pointer *sampler; /* opaque: sampler (bare, or of OpSampledImage) */
};

/* An IR loop the emitter opened, and what escapes through it (see
 * stn_emit.c). */
struct stn_level {
   struct stn_level *parent;
   nir_loop *loop;
   unsigned depth;
   bool in_continue;
   bool escape_crossed;   /* a break left this loop on behalf of an outer one */
   uint32_t escape_codes; /* bit 0: break, bit 1: continue, escapes ending here */
};

/* One function being emitted: the entry point, or a callee inlined at a
 * call site. */
struct stn_frame {
   struct stn_frame *caller;
   struct stn_function *func;
   bool is_entry;
   nir_variable *ret_var;        /* inlined call with a result */
   struct stn_level *ret_level;  /* wrapper loop for nested returns */
   unsigned depth;
};

struct stn_ir {
   nir_shader *shader;
   nir_builder nb;
   nir_function_impl *impl;
   struct stn_level *level;  /* innermost open IR loop, NULL at top level */
   struct stn_frame *frame;
   nir_variable *escape_var; /* uint: which construct a multi-level exit targets */
   nir_instr *last_constant; /* constants are made at the top, after this */
   unsigned num_emitted;
   /* Variables of the entry point's interface, for checks. */
   nir_variable *frag_depth_var;
};

/* ---- types (stn_types.c) ------------------------------------------------- */
void stn_handle_type(struct stn_builder *b, const struct stn_inst *inst);
struct stn_type *stn_get_type(struct stn_builder *b, uint32_t id);
/* The IR type of t as it is used in storage class `sc`. */
const struct glsl_type *stn_type_glsl(struct stn_builder *b, struct stn_type *t,
                                      SpvStorageClass sc);
bool stn_type_is_scalar_or_vector(const struct stn_type *t);
bool stn_type_is_composite(const struct stn_type *t);
bool stn_type_is_opaque(const struct stn_type *t);
/* A pointer into PhysicalStorageBuffer: a 64-bit address as a value. */
bool stn_type_is_physical_pointer(const struct stn_type *t);
/* Element/member `index` of a composite (fails if out of range). */
struct stn_type *stn_type_child(struct stn_builder *b, struct stn_type *t, uint64_t index);
/* nir_alu_type of a scalar/vector/matrix type (INT vs UINT by signedness). */
nir_alu_type stn_type_alu_type(const struct stn_type *t);
const char *stn_type_describe(const struct stn_type *t);
/* Checked accessors: every read of a field that only one kind of type has
 * goes through these or follows a check of `base` in the same function, so
 * a type of the wrong kind is an error at the current instruction, never a
 * NULL dereference. `what` names the operand in the message. */
struct stn_type *stn_type_pointee(struct stn_builder *b, const struct stn_type *t,
                                  const char *what);
/* t's IR type; fails for pointers and function types, which have none. */
const struct glsl_type *stn_type_ir(struct stn_builder *b, const struct stn_type *t,
                                    const char *what);
/* The same type, as far as a translation can tell: identical, or the same
 * kind with the same IR type (structs declared twice), or pointers to
 * matching types. Never true for function types. */
bool stn_types_match(const struct stn_type *a, const struct stn_type *b);

/* ---- constants (stn_constants.c) ---------------------------------------- */
void stn_handle_constant(struct stn_builder *b, const struct stn_inst *inst);
struct stn_constant *stn_get_constant(struct stn_builder *b, uint32_t id);
/* A scalar integer constant's value (sign-extended if signed); fails if id
 * is not one. */
int64_t stn_constant_int(struct stn_builder *b, uint32_t id);
/* The constant as an SSA value: scalars and vectors are made once, at the
 * top of the entry point, in order of first use;
 * composites are built from their constituents where they are used. */
struct stn_ssa *stn_constant_ssa(struct stn_builder *b, struct stn_constant *c);

/* A nir_constant for a variable initializer (shared, not copied). */
nir_constant *stn_constant_nir(struct stn_builder *b, struct stn_constant *c);
/* The OpSpecConstantOp opcodes that fold through the ALU table. */
nir_constant *stn_fold_spec_op(struct stn_builder *b, const struct stn_inst *inst,
                               struct stn_type *type);

/* ---- SSA values (stn_values.c) ------------------------------------------- */
struct stn_ssa *stn_ssa_create(struct stn_builder *b, const struct glsl_type *type);
/* An undef value of the type. */
struct stn_ssa *stn_ssa_undef(struct stn_builder *b, struct stn_type *type);
/* The value of id at the cursor: an SSA value, a constant or an undef.
 * Fails for pointers and ids not (yet) defined. */
struct stn_ssa *stn_ssa_value(struct stn_builder *b, uint32_t id);
/* The def of a scalar/vector value id (fails for composites). */
nir_def *stn_def(struct stn_builder *b, uint32_t id);
/* Records `ssa` as the value of the result id of the current instruction. */
void stn_push_ssa(struct stn_builder *b, uint32_t id, struct stn_ssa *ssa);
void stn_push_def(struct stn_builder *b, uint32_t id, nir_def *def);
/* The SPIR-V type of a value id. */
struct stn_type *stn_value_type(struct stn_builder *b, uint32_t id);
/* The result type of inst (word 1), which must be of `base` (or any if -1). */
struct stn_type *stn_result_type(struct stn_builder *b, const struct stn_inst *inst);
/* Counts leaves; fails past STN_MAX_COMPOSITE_LEAVES. */
void stn_check_composite_size(struct stn_builder *b, const struct glsl_type *t);

/* ---- pointers and memory (stn_memory.c) --------------------------------- */
struct stn_pointer *stn_get_pointer(struct stn_builder *b, uint32_t id);
nir_deref_instr *stn_pointer_deref(struct stn_builder *b, struct stn_pointer *ptr);
struct stn_ssa *stn_load(struct stn_builder *b, struct stn_pointer *ptr,
                         enum nir_access access);
void stn_store(struct stn_builder *b, struct stn_pointer *ptr, struct stn_ssa *val,
               enum nir_access access);
void stn_handle_memory(struct stn_builder *b, const struct stn_inst *inst);
/* The 64-bit address a PhysicalStorageBuffer pointer recipe points at. */
nir_def *stn_pointer_address(struct stn_builder *b, const struct stn_pointer *ptr);
/* OpConvertUToPtr, OpConvertPtrToU (stn_pointer_ops.c). */
void stn_handle_pointer_op(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_atomic(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_barrier(struct stn_builder *b, const struct stn_inst *inst);
nir_scope stn_scope(struct stn_builder *b, uint32_t scope_id);

/* ---- variables (stn_variables.c) ---------------------------------------- */
void stn_handle_variable(struct stn_builder *b, const struct stn_inst *inst);
/* GL-flavoured compatibility built-ins recognised by name. */
bool stn_gl_compat_name(const char *name);

/* ---- instructions -------------------------------------------------------- */
void stn_handle_alu(struct stn_builder *b, const struct stn_inst *inst);
bool stn_alu_opcode_known(SpvOp op);
void stn_handle_composite(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_ext_inst(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_glsl450(struct stn_builder *b, const struct stn_inst *inst);
/* OpSDot, OpUDot, OpSUDot and their AccSat forms (stn_dot.c). */
void stn_handle_integer_dot(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_image(struct stn_builder *b, const struct stn_inst *inst);
/* An atomic on the texel an OpImageTexelPointer points to. */
nir_def *stn_image_atomic(struct stn_builder *b, struct stn_pointer *texel,
                          nir_atomic_op op, nir_def *data, nir_def *data2);
void stn_handle_subgroup(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_geometry(struct stn_builder *b, const struct stn_inst *inst);
void stn_handle_execution_modes(struct stn_builder *b);

/* ---- ALU helpers shared with constant folding (stn_alu.c) --------------- */
/* The IR op for a SPIR-V arithmetic/comparison/conversion opcode given the
 * source and destination types; NIR_NUM_OPCODES if there is none. *swap:
 * the op takes the operands in the other order (a > b is b < a). */
nir_op stn_alu_op_for(struct stn_builder *b, SpvOp op, const struct stn_type *src,
                      const struct stn_type *dst, bool *swap);

/* ---- emission (stn_emit.c) ----------------------------------------------- */
void stn_emit_entry_point(struct stn_builder *b, struct stn_function *func);
/* Counts an emitted instruction against the budget. */
void stn_emit_count(struct stn_builder *b);
/* Fails if the IR ran out of memory (the builder hands out poison). */
void stn_check_ir_oom(struct stn_builder *b);

static inline nir_builder *
stn_nb(struct stn_builder *b)
{
   return &b->ir->nb;
}

#endif /* STN_IR_H */
