/* SPDX-License-Identifier: MIT */
/*
 * nir: kiln's SSA shader IR.
 *
 * spirv_to_nir produces it, ntv turns it back into SPIR-V, nvk's backend
 * interprets it over SIMD lanes. Passes transform it in between.
 *
 * == Values ==
 * Every value is an SSA def (nir_def): 1-4, 8 or 16 components of 1, 8, 16,
 * 32 or 64 bits, produced by exactly one instruction and read through
 * sources (nir_src) that point at the def. A def keeps the list of its uses
 * (instruction sources and if-conditions). Booleans are 1-bit. There are no
 * registers; memory lives in variables reached through deref instructions.
 *
 * == Control flow: a structured tree ==
 *
 *    nir_shader
 *     +- variables (every mode but function_temp)
 *     +- functions: nir_function (name, parameters)
 *         +- impl: nir_function_impl
 *              +- locals (function_temp variables)
 *              +- body: a cf list
 *              +- end_block (not in the body; target of returns)
 *
 *    cf list  := block ( (if | loop) block )*
 *    if       := condition (1-bit src), then: cf list, else: cf list
 *    loop     := body: cf list, continue: cf list or empty
 *    block    := phi* instr* jump?
 *
 * A cf list starts and ends with a block and has a block between any two
 * ifs/loops, so "the block after this if" always exists. An if's then and
 * else lists are never empty (at least one block each).
 *
 * Jumps: break (to the block after the innermost loop), continue (to the
 * innermost loop's continue construct, or its header when it has none) and
 * return (to the impl's end_block). A jump is always the last instruction
 * of its block, and nothing follows that block in its cf list (code after a
 * jump is removed when the jump is inserted). `continue` is not allowed in
 * a continue construct; `break` is.
 *
 * Loops and SPIR-V continue targets: a loop has a body and an optional
 * continue construct (`continue_list`). One iteration runs the body; falling
 * off its end or `continue` enters the continue construct (if any), whose
 * end goes back to the first block of the body (the loop header). So
 * spirv_to_nir puts the blocks of a SPIR-V continue construct in the continue
 * list and the back edge is implicit. nir_lower_continue_constructs() folds a
 * continue construct into the body for consumers that do not want one.
 *
 * Predecessors and successors: every block has 0-2 successors and a
 * predecessor array, kept up to date by every instruction/cf insertion and
 * removal. A block before an if has the first blocks of then and else as
 * successors; the last block of a loop body goes to the continue construct
 * (or header); the last block of the impl goes to end_block.
 *
 * Phis: a phi sits at the start of a block and has exactly one source per
 * predecessor of that block (tagged with the predecessor). Control-flow
 * edits keep that true on their own: a source from a block that stopped
 * being a predecessor is dropped, a new predecessor gets an undef source
 * (rewrite it with nir_phi_get_src_from_block() + nir_src_rewrite()).
 * When an edit splits a block, the part holding the block's end (its
 * outgoing edges) keeps the nir_block, so phis naming it stay right.
 *
 * == Memory ==
 * Variables have a mode (nir_variable_mode, a bitmask so passes can ask for
 * several). Deref instructions build pointers: var -> array/struct/cast ...;
 * load_deref/store_deref/copy_deref/atomics access them. Lowering passes turn
 * derefs of some modes into explicit intrinsics (load_ubo, load_input...).
 *
 * == Allocation ==
 * Every object of a shader lives in the shader's arena: nir_shader_destroy()
 * frees everything. Nothing in this library aborts on out-of-memory: the
 * low-level *_create() functions return NULL and set shader->oom; the
 * builder never returns NULL but hands out per-shader "poison" values of the
 * right size so code built on it keeps running; whoever drives the build
 * (spirv_to_nir) checks nir_shader_oom() and returns an error.
 *
 * Types (nir_types.h) are interned process-wide, not per shader.
 */
#ifndef NIR_H
#define NIR_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "util/bitset.h"
#include "util/list.h"
#include "util/macros.h"

#include "nir/nir_builtins.h"
#include "nir/nir_types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct arena;
struct strbuf;

#define NIR_MAX_VEC_COMPONENTS 16
#define NIR_MAX_MATRIX_COLUMNS 4
#define NIR_STREAM_PACKED      (1 << 8)

typedef struct nir_shader nir_shader;
typedef struct nir_function nir_function;
typedef struct nir_function_impl nir_function_impl;
typedef struct nir_block nir_block;
typedef struct nir_if nir_if;
typedef struct nir_loop nir_loop;
typedef struct nir_instr nir_instr;
typedef struct nir_def nir_def;
typedef struct nir_variable nir_variable;
typedef struct nir_deref_instr nir_deref_instr;

/* ================================================================================ */
/* Shader stages and per-stage enums                                                */
/* ================================================================================ */

typedef enum {
   NIR_STAGE_VERTEX = 0,
   NIR_STAGE_TESS_CTRL,
   NIR_STAGE_TESS_EVAL,
   NIR_STAGE_GEOMETRY,
   NIR_STAGE_FRAGMENT,
   NIR_STAGE_COMPUTE,
   NIR_STAGE_COUNT,
} nir_shader_stage;

const char *nir_stage_name(nir_shader_stage stage);

enum nir_prim {
   NIR_PRIM_NONE = 0,
   NIR_PRIM_POINTS,
   NIR_PRIM_LINES,
   NIR_PRIM_LINES_ADJACENCY,
   NIR_PRIM_LINE_STRIP,
   NIR_PRIM_TRIANGLES,
   NIR_PRIM_TRIANGLES_ADJACENCY,
   NIR_PRIM_TRIANGLE_STRIP,
   NIR_PRIM_QUADS,
   NIR_PRIM_ISOLINES,
};

enum nir_tess_spacing {
   NIR_TESS_SPACING_UNSPECIFIED = 0,
   NIR_TESS_SPACING_EQUAL,
   NIR_TESS_SPACING_FRACTIONAL_ODD,
   NIR_TESS_SPACING_FRACTIONAL_EVEN,
};

/* SPV_EXT_fragment_shader_interlock's execution modes, in SPIR-V's order
 * (PixelInterlockOrderedEXT ... ShadingRateInterlockUnorderedEXT). */
enum nir_fs_interlock {
   NIR_FS_INTERLOCK_NONE = 0,
   NIR_FS_INTERLOCK_PIXEL_ORDERED,
   NIR_FS_INTERLOCK_PIXEL_UNORDERED,
   NIR_FS_INTERLOCK_SAMPLE_ORDERED,
   NIR_FS_INTERLOCK_SAMPLE_UNORDERED,
   NIR_FS_INTERLOCK_SHADING_RATE_ORDERED,
   NIR_FS_INTERLOCK_SHADING_RATE_UNORDERED,
};

/* SPV_NV_compute_shader_derivatives: how a compute shader's invocations
 * form the 2x2 groups that derivatives and implicit-LOD sampling use. */
enum nir_derivative_group {
   NIR_DERIVATIVE_GROUP_NONE = 0,
   NIR_DERIVATIVE_GROUP_QUADS,  /* DerivativeGroupQuadsNV: 2x2 in x and y */
   NIR_DERIVATIVE_GROUP_LINEAR, /* DerivativeGroupLinearNV: 4 consecutive indices */
};

enum nir_depth_layout {
   NIR_DEPTH_LAYOUT_NONE = 0, /* no DepthGreater/Less/Unchanged mode */
   NIR_DEPTH_LAYOUT_ANY,
   NIR_DEPTH_LAYOUT_GREATER,
   NIR_DEPTH_LAYOUT_LESS,
   NIR_DEPTH_LAYOUT_UNCHANGED,
};

/* SPIR-V float-controls execution modes, per bit size (16/32/64). */
enum nir_float_controls {
   NIR_FLOAT_CONTROLS_DEFAULT = 0,
   NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP16 = 1 << 0,
   NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP32 = 1 << 1,
   NIR_FLOAT_CONTROLS_DENORM_PRESERVE_FP64 = 1 << 2,
   NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP16 = 1 << 3,
   NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP32 = 1 << 4,
   NIR_FLOAT_CONTROLS_DENORM_FLUSH_FP64 = 1 << 5,
   NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP16 = 1 << 6,
   NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP32 = 1 << 7,
   NIR_FLOAT_CONTROLS_SIGNED_ZERO_INF_NAN_PRESERVE_FP64 = 1 << 8,
   NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP16 = 1 << 9,
   NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP32 = 1 << 10,
   NIR_FLOAT_CONTROLS_ROUNDING_RTE_FP64 = 1 << 11,
   NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP16 = 1 << 12,
   NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP32 = 1 << 13,
   NIR_FLOAT_CONTROLS_ROUNDING_RTZ_FP64 = 1 << 14,
};

/* ================================================================================ */
/* ALU types, constants                                                             */
/* ================================================================================ */

/* A base type (high byte) and a bit size (low byte; 0 = unsized). */
typedef enum {
   NIR_TYPE_INVALID = 0,
   NIR_TYPE_INT = 0x100,
   NIR_TYPE_UINT = 0x200,
   NIR_TYPE_BOOL = 0x300,
   NIR_TYPE_FLOAT = 0x400,
   NIR_TYPE_BOOL1 = NIR_TYPE_BOOL | 1,
   NIR_TYPE_INT1 = NIR_TYPE_INT | 1,
   NIR_TYPE_INT8 = NIR_TYPE_INT | 8,
   NIR_TYPE_INT16 = NIR_TYPE_INT | 16,
   NIR_TYPE_INT32 = NIR_TYPE_INT | 32,
   NIR_TYPE_INT64 = NIR_TYPE_INT | 64,
   NIR_TYPE_UINT1 = NIR_TYPE_UINT | 1,
   NIR_TYPE_UINT8 = NIR_TYPE_UINT | 8,
   NIR_TYPE_UINT16 = NIR_TYPE_UINT | 16,
   NIR_TYPE_UINT32 = NIR_TYPE_UINT | 32,
   NIR_TYPE_UINT64 = NIR_TYPE_UINT | 64,
   NIR_TYPE_FLOAT16 = NIR_TYPE_FLOAT | 16,
   NIR_TYPE_FLOAT32 = NIR_TYPE_FLOAT | 32,
   NIR_TYPE_FLOAT64 = NIR_TYPE_FLOAT | 64,
} nir_alu_type;

#define NIR_ALU_TYPE_SIZE_MASK 0xff
#define NIR_ALU_TYPE_BASE_MASK 0xff00

static inline unsigned
nir_alu_type_get_type_size(nir_alu_type t)
{
   return t & NIR_ALU_TYPE_SIZE_MASK;
}

static inline nir_alu_type
nir_alu_type_get_base_type(nir_alu_type t)
{
   return (nir_alu_type)(t & NIR_ALU_TYPE_BASE_MASK);
}

nir_alu_type nir_get_nir_type_for_glsl_base_type(enum glsl_base_type base);
enum glsl_base_type nir_get_glsl_base_type_for_nir_type(nir_alu_type t);
static inline nir_alu_type
nir_get_nir_type_for_glsl_type(const struct glsl_type *t)
{
   return nir_get_nir_type_for_glsl_base_type(glsl_get_base_type(glsl_without_array(t)));
}
const char *nir_alu_type_name(nir_alu_type t); /* "float32", "uint", "bool1" ... */

typedef enum {
   NIR_ROUNDING_MODE_UNDEF = 0,
   NIR_ROUNDING_MODE_RTNE,
   NIR_ROUNDING_MODE_RTZ,
} nir_rounding_mode;

/*
 * One component of a constant. Always zero-initialize a whole value before
 * setting one member (nir_const_value_for_*() do), so values of the same bit
 * size compare equal with nir_const_value_equal(). Float16 is stored as
 * bits in u16. 1-bit booleans use `b`.
 */
typedef union {
   bool b;
   float f32;
   double f64;
   int8_t i8;
   uint8_t u8;
   int16_t i16;
   uint16_t u16;
   int32_t i32;
   uint32_t u32;
   int64_t i64;
   uint64_t u64;
} nir_const_value;

nir_const_value nir_const_value_for_raw_uint(uint64_t x, unsigned bit_size);
nir_const_value nir_const_value_for_int(int64_t x, unsigned bit_size);
nir_const_value nir_const_value_for_uint(uint64_t x, unsigned bit_size);
nir_const_value nir_const_value_for_float(double x, unsigned bit_size);
nir_const_value nir_const_value_for_bool(bool b, unsigned bit_size);
int64_t nir_const_value_as_int(nir_const_value v, unsigned bit_size);
uint64_t nir_const_value_as_uint(nir_const_value v, unsigned bit_size);
double nir_const_value_as_float(nir_const_value v, unsigned bit_size);
bool nir_const_value_as_bool(nir_const_value v, unsigned bit_size);
bool nir_const_value_equal(nir_const_value a, nir_const_value b, unsigned bit_size);

/* A constant of any glsl_type: variable initializers. Scalars/vectors use
 * values[]; matrices, arrays and structs use elements[] (matrix columns are
 * vectors). */
typedef struct nir_constant {
   nir_const_value values[NIR_MAX_VEC_COMPONENTS];
   bool is_null_constant; /* OpConstantNull: all zero */
   unsigned num_elements;
   struct nir_constant **elements;
} nir_constant;

/* ================================================================================ */
/* Variables                                                                        */
/* ================================================================================ */

typedef enum {
   NIR_VAR_SHADER_IN = 1 << 0,
   NIR_VAR_SHADER_OUT = 1 << 1,
   NIR_VAR_UNIFORM = 1 << 2, /* loose uniforms, images, samplers, textures */
   NIR_VAR_MEM_UBO = 1 << 3,
   NIR_VAR_MEM_SSBO = 1 << 4,
   NIR_VAR_MEM_PUSH_CONST = 1 << 5,
   NIR_VAR_MEM_SHARED = 1 << 6,
   NIR_VAR_FUNCTION_TEMP = 1 << 7, /* in nir_function_impl::locals */
   NIR_VAR_SHADER_TEMP = 1 << 8,   /* SPIR-V Private: per-invocation globals */
   NIR_VAR_SYSTEM_VALUE = 1 << 9,
   NIR_VAR_MEM_GLOBAL = 1 << 10, /* only as deref-cast modes (PhysicalStorageBuffer) */
   NIR_VAR_ALL_MODES = (1 << 11) - 1,
   NIR_VAR_READ_ONLY_MODES = NIR_VAR_SHADER_IN | NIR_VAR_UNIFORM | NIR_VAR_MEM_UBO |
                             NIR_VAR_MEM_PUSH_CONST | NIR_VAR_SYSTEM_VALUE,
} nir_variable_mode;

const char *nir_variable_mode_name(nir_variable_mode mode); /* of a single mode */

/*
 * Everything SPIR-V and GL say about a variable. Integer decorations have an
 * explicit_* flag saying whether they were given, so a SPIR-V round trip
 * emits exactly what came in.
 */
struct nir_variable_data {
   nir_variable_mode mode;
   nir_builtin builtin; /* NIR_BUILTIN_NONE for user variables */

   enum glsl_interp_mode interpolation;
   bool centroid;
   bool sample;
   bool patch;
   bool invariant;
   bool precise;
   bool atomic_counter; /* uint in GL atomic-counter storage (SPIR-V AtomicCounter) */
   bool read_only;      /* constant data: never written */
   enum nir_access access;
   enum nir_image_format image_format;

   int location;
   unsigned component;
   unsigned index; /* dual-source blend index */
   unsigned binding;
   unsigned descriptor_set;
   unsigned driver_location; /* assigned by backends */
   unsigned offset_B;        /* atomic counter offset */

   unsigned xfb_buffer;
   unsigned xfb_offset_B;
   unsigned xfb_stride_B;
   unsigned stream;
   unsigned input_attachment_index; /* SPIR-V InputAttachmentIndex (subpass inputs) */

   bool explicit_location : 1;
   bool explicit_component : 1;
   bool explicit_index : 1;
   bool explicit_binding : 1;
   bool explicit_descriptor_set : 1;
   bool explicit_offset : 1;
   bool explicit_xfb_buffer : 1;
   bool explicit_xfb_offset : 1;
   bool explicit_xfb_stride : 1;
   bool explicit_stream : 1;
   bool explicit_input_attachment_index : 1;

   /* The initializer is (or depends on) a specialization constant: value
    * `spec_id` unless specialized. */
   bool is_spec_const;
   unsigned spec_id;
};

struct nir_variable {
   struct list_head node; /* in nir_shader::variables or nir_function_impl::locals */
   const struct glsl_type *type;
   const char *name; /* may be NULL */
   struct nir_variable_data data;
   nir_constant *constant_initializer; /* NULL if none */
   unsigned index; /* creation order, for stable printing of unnamed variables */
};

/* ================================================================================ */
/* SSA defs and sources                                                             */
/* ================================================================================ */

struct nir_def {
   nir_instr *parent_instr;
   struct list_head uses; /* of nir_src, including if-conditions */
   unsigned index;        /* unique within the impl; printed as %index */
   uint8_t num_components;
   uint8_t bit_size;
   bool divergent; /* set by divergence analysis, false otherwise */
};

typedef struct nir_src {
   struct list_head use_link; /* in ssa->uses */
   nir_def *ssa;
   /* What reads the value: an instruction, or the condition of an if. */
   union {
      nir_instr *parent_instr;
      nir_if *parent_if;
   };
   bool is_if;
} nir_src;

static inline bool
nir_src_is_if(const nir_src *src)
{
   return src->is_if;
}

static inline nir_instr *
nir_src_parent_instr(const nir_src *src)
{
   return src->is_if ? NULL : src->parent_instr;
}

static inline nir_if *
nir_src_parent_if(const nir_src *src)
{
   return src->is_if ? src->parent_if : NULL;
}

#define nir_foreach_use(src, def)                                                        \
   list_for_each_entry(nir_src, src, &(def)->uses, use_link)
#define nir_foreach_use_safe(src, def)                                                   \
   list_for_each_entry_safe(nir_src, src, &(def)->uses, use_link)

static inline bool
nir_def_is_unused(const nir_def *def)
{
   return list_is_empty(&def->uses);
}

/* Points src at a new def (moves it between use lists). */
void nir_src_rewrite(nir_src *src, nir_def *new_def);
/* Makes every use of def use new_def instead. */
void nir_def_rewrite_uses(nir_def *def, nir_def *new_def);
/* Same, but only uses by instructions after `after` (in the same block or
 * dominated blocks) and if-conditions; for replacing a value in place. */
void nir_def_rewrite_uses_after(nir_def *def, nir_def *new_def, nir_instr *after);
/* Components of def actually read by its uses (mask). */
unsigned nir_def_components_read(const nir_def *def);
/* The block whose end or phi reads a src (phi sources count at their predecessor). */
nir_block *nir_src_get_block(const nir_src *src);

/* ================================================================================ */
/* Instructions                                                                     */
/* ================================================================================ */

typedef enum {
   NIR_INSTR_TYPE_ALU,
   NIR_INSTR_TYPE_DEREF,
   NIR_INSTR_TYPE_CALL,
   NIR_INSTR_TYPE_TEX,
   NIR_INSTR_TYPE_INTRINSIC,
   NIR_INSTR_TYPE_LOAD_CONST,
   NIR_INSTR_TYPE_JUMP,
   NIR_INSTR_TYPE_UNDEF,
   NIR_INSTR_TYPE_PHI,
} nir_instr_type;

struct nir_instr {
   struct list_head node; /* in block->instr_list */
   nir_block *block;
   nir_instr_type type;
   uint8_t pass_flags; /* scratch for the pass that is running */
   unsigned index;     /* NIR_METADATA_INSTR_INDEX */
};

/* The def an instruction produces, or NULL (stores, jumps, calls...). */
nir_def *nir_instr_def(nir_instr *instr);
/* Calls cb on every source of instr (ALU, deref parent/index, intrinsic, tex,
 * phi, call params) in order; stops and returns false if cb does. */
typedef bool (*nir_foreach_src_cb)(nir_src *src, void *data);
bool nir_foreach_src(nir_instr *instr, nir_foreach_src_cb cb, void *data);

/* Inserts instr at cursor (see nir_cursor below): adds its sources to use
 * lists, gives its def an index. A jump also fixes block successors and
 * removes the (unreachable) cf nodes that follow its block. */
struct nir_cursor;
void nir_instr_insert(struct nir_cursor cursor, nir_instr *instr);
void nir_instr_insert_before(nir_instr *before, nir_instr *instr);
void nir_instr_insert_after(nir_instr *after, nir_instr *instr);
/* Unlinks instr from its block and its sources from their defs' use lists.
 * Its def should be unused. (Memory stays in the arena.) */
void nir_instr_remove(nir_instr *instr);
/* Moves an inserted instruction to cursor; returns whether it moved. */
bool nir_instr_move(struct nir_cursor cursor, nir_instr *instr);
/* Returns true for instructions DCE may delete when the result is unused. */
bool nir_instr_can_eliminate(const nir_instr *instr);
nir_instr *nir_instr_prev(nir_instr *instr);
nir_instr *nir_instr_next(nir_instr *instr);

/* --- ALU ----------------------------------------------------------------------- */

#include "nir/nir_opcodes.h" /* generated: nir_op, nir_op_info, NIR_OP_* */

typedef struct nir_alu_src {
   nir_src src;
   /* Which component of src.ssa each used channel reads. */
   uint8_t swizzle[NIR_MAX_VEC_COMPONENTS];
} nir_alu_src;

typedef struct nir_alu_instr {
   nir_instr instr;
   nir_op op;
   bool exact;            /* SPIR-V NoContraction/precise: no reassociation or fusing */
   bool no_signed_wrap;   /* NoSignedWrap */
   bool no_unsigned_wrap; /* NoUnsignedWrap */
   nir_def def;
   nir_alu_src src[]; /* nir_op_infos[op].num_inputs */
} nir_alu_instr;

/* Components the instruction reads from source i (input_size, or the def's
 * num_components for per-component sources). */
unsigned nir_ssa_alu_instr_src_components(const nir_alu_instr *alu, unsigned src);
/* Bit size of the unsized part of an op (what nir_eval_const_opcode wants). */
unsigned nir_alu_instr_unsized_bit_size(const nir_alu_instr *alu);
/* Conversion opcode from src_type to dst_type (sized types), honouring a
 * rounding mode where an op for it exists; NIR_OP_MOV when no conversion
 * is needed; NIR_NUM_OPCODES if impossible. */
nir_op nir_type_conversion_op(nir_alu_type src, nir_alu_type dst, nir_rounding_mode rnd);
static inline bool
nir_op_is_vec(nir_op op)
{
   return op == NIR_OP_MOV || op == NIR_OP_VEC2 || op == NIR_OP_VEC3 ||
          op == NIR_OP_VEC4 || op == NIR_OP_VEC8 || op == NIR_OP_VEC16;
}
nir_op nir_op_vec(unsigned num_components); /* NIR_OP_MOV for 1 */

/* Folds `op` on constant inputs. src[i] points at the (already swizzled)
 * components of input i; bit_size is the op's unsized bit size (ignored
 * when everything is sized); float_controls is the shader's
 * nir_float_controls. Writes num_components (or the op's output_size)
 * values to dst. Returns false if the op cannot be folded (derivatives) or
 * bit_size is not one the op allows. Never traps: integer division by zero,
 * shifts past the bit size and out-of-range float->int have defined
 * results (see nir_opcodes.py). */
bool nir_eval_const_opcode(nir_op op, nir_const_value *dst, unsigned num_components,
                           unsigned bit_size, nir_const_value **src,
                           unsigned float_controls);

/* --- derefs -------------------------------------------------------------------- */

typedef enum {
   NIR_DEREF_TYPE_VAR,
   NIR_DEREF_TYPE_ARRAY,
   NIR_DEREF_TYPE_PTR_AS_ARRAY, /* pointer arithmetic: parent + index * stride */
   NIR_DEREF_TYPE_STRUCT,
   NIR_DEREF_TYPE_CAST,
} nir_deref_type;

struct nir_deref_instr {
   nir_instr instr;
   nir_deref_type deref_type;
   nir_variable_mode modes; /* the var's mode, or what a cast may point to */
   const struct glsl_type *type;
   union {
      nir_variable *var; /* NIR_DEREF_TYPE_VAR */
      nir_src parent;    /* everything else */
   };
   union {
      struct {
         nir_src index;
         bool in_bounds;
      } arr; /* ARRAY, PTR_AS_ARRAY */
      struct {
         unsigned index;
      } strct; /* STRUCT */
      struct {
         unsigned ptr_stride_B; /* element size for PTR_AS_ARRAY on the result */
         unsigned align_mul;
         unsigned align_offset;
      } cast; /* CAST */
   };
   nir_def def; /* a pointer: 1 component, 32 bits (64 for NIR_VAR_MEM_GLOBAL) */
};

nir_deref_instr *nir_deref_instr_parent(const nir_deref_instr *deref); /* NULL for var */
nir_variable *
nir_deref_instr_get_variable(const nir_deref_instr *deref); /* NULL via casts */
bool nir_deref_instr_has_indirect(const nir_deref_instr *deref);
/* True if every array index on the path is a constant. */
bool nir_deref_instr_is_known_constant(const nir_deref_instr *deref);
/* After var's type or mode changed: gives every deref rooted at var (not through a
 * cast) the modes and type that now follow from var. */
void nir_variable_retype_derefs(nir_shader *shader, nir_variable *var);
/* Removes deref (and unused parents) if it has no uses; returns progress. */
bool nir_deref_instr_remove_if_unused(nir_deref_instr *deref);

/* The chain from the variable to a deref, for passes that walk it. */
typedef struct nir_deref_path {
   nir_deref_instr **path; /* path[0] is the var deref; NULL-terminated */
   unsigned length;
   nir_deref_instr *_short_path[8];
} nir_deref_path;
/* Returns false on out-of-memory (long paths come from the arena). */
bool nir_deref_path_init(nir_deref_path *path, nir_deref_instr *deref,
                         struct arena *arena) MUST_CHECK;

/* --- calls ------------------------------------------------------------------------ */

typedef struct nir_call_instr {
   nir_instr instr;
   nir_function *callee;
   unsigned num_params;
   nir_src params[];
} nir_call_instr;

/* --- intrinsics ------------------------------------------------------------------ */

typedef enum {
   NIR_ATOMIC_OP_IADD,
   NIR_ATOMIC_OP_IMIN,
   NIR_ATOMIC_OP_UMIN,
   NIR_ATOMIC_OP_IMAX,
   NIR_ATOMIC_OP_UMAX,
   NIR_ATOMIC_OP_IAND,
   NIR_ATOMIC_OP_IOR,
   NIR_ATOMIC_OP_IXOR,
   NIR_ATOMIC_OP_XCHG,
   NIR_ATOMIC_OP_CMPXCHG,
   NIR_ATOMIC_OP_FADD,
   NIR_ATOMIC_OP_FMIN,
   NIR_ATOMIC_OP_FMAX,
   NIR_ATOMIC_OP_FCMPXCHG,
   NIR_ATOMIC_OP_INC_WRAP, /* (old >= data) ? 0 : old + 1 */
   NIR_ATOMIC_OP_DEC_WRAP, /* (old == 0 || old > data) ? data : old - 1 */
   NIR_ATOMIC_OP_COUNT,
} nir_atomic_op;
const char *nir_atomic_op_name(nir_atomic_op op);
/* The ALU op an atomic applies (NIR_OP_IADD for IADD...), or NIR_NUM_OPCODES. */
nir_op nir_atomic_op_to_alu(nir_atomic_op op);

typedef enum {
   NIR_SCOPE_NONE = 0,
   NIR_SCOPE_INVOCATION,
   NIR_SCOPE_SUBGROUP,
   NIR_SCOPE_SHADER_CALL,
   NIR_SCOPE_WORKGROUP,
   NIR_SCOPE_QUEUE_FAMILY,
   NIR_SCOPE_DEVICE,
} nir_scope;
const char *nir_scope_name(nir_scope scope);

typedef enum {
   NIR_MEMORY_ACQUIRE = 1 << 0,
   NIR_MEMORY_RELEASE = 1 << 1,
   NIR_MEMORY_ACQ_REL = NIR_MEMORY_ACQUIRE | NIR_MEMORY_RELEASE,
   NIR_MEMORY_MAKE_AVAILABLE = 1 << 2,
   NIR_MEMORY_MAKE_VISIBLE = 1 << 3,
} nir_memory_semantics;

/* What a lowered I/O intrinsic (load_input/store_output...) accesses. Fits
 * in one 32-bit const index. */
#define NIR_IO_SEMANTICS_NO_BUILTIN 0x1fff
typedef struct {
   unsigned location : 7;  /* SPIR-V Location (user varyings) */
   unsigned builtin : 13;  /* nir_builtin, or NIR_IO_SEMANTICS_NO_BUILTIN */
   unsigned num_slots : 6; /* locations covered by an indirect access */
   unsigned dual_source_blend_index : 1;
   unsigned high_16bits : 1;
   unsigned stream : 2;
   unsigned _pad : 2;
} nir_io_semantics;
STATIC_ASSERT(sizeof(nir_io_semantics) == 4);

#define NIR_INTRINSIC_MAX_SRCS 5
#include "nir/nir_intrinsics.h" /* generated: nir_intrinsic_op, nir_intrinsic_info */

typedef struct nir_intrinsic_instr {
   nir_instr instr;
   nir_intrinsic_op intrinsic;
   nir_def def; /* valid if nir_intrinsic_infos[intrinsic].has_dest */
   /* Component count for sources/destination declared with size 0. */
   uint8_t num_components;
   int32_t const_index[NIR_INTRINSIC_MAX_CONST_INDEX];
   nir_src src[]; /* nir_intrinsic_infos[intrinsic].num_srcs */
} nir_intrinsic_instr;

/* Components of source i (fixed, num_components, or the def's for "any"). */
unsigned nir_intrinsic_src_components(const nir_intrinsic_instr *intr, unsigned src);
unsigned nir_intrinsic_dest_components(const nir_intrinsic_instr *intr);
/* The load intrinsic for a system-value builtin (NIR_BUILTIN_FRAG_COORD ->
 * NIR_INTRINSIC_LOAD_FRAG_COORD); NIR_NUM_INTRINSICS if none. */
nir_intrinsic_op nir_intrinsic_from_system_value(nir_builtin builtin);

/* --- textures -------------------------------------------------------------------- */

typedef enum {
   NIR_TEXOP_TEX,    /* implicit lod */
   NIR_TEXOP_TXB,    /* bias */
   NIR_TEXOP_TXL,    /* explicit lod */
   NIR_TEXOP_TXD,    /* gradients */
   NIR_TEXOP_TXF,    /* texel fetch */
   NIR_TEXOP_TXF_MS, /* multisample fetch */
   NIR_TEXOP_TXS,    /* size query */
   NIR_TEXOP_LOD,    /* lod query (vec2) */
   NIR_TEXOP_TG4,    /* gather */
   NIR_TEXOP_QUERY_LEVELS,
   NIR_TEXOP_TEXTURE_SAMPLES,
} nir_texop;
const char *nir_texop_name(nir_texop op);

typedef enum {
   NIR_TEX_SRC_COORD,
   NIR_TEX_SRC_PROJECTOR,
   NIR_TEX_SRC_COMPARATOR,
   NIR_TEX_SRC_OFFSET,
   NIR_TEX_SRC_BIAS,
   NIR_TEX_SRC_LOD,
   NIR_TEX_SRC_MIN_LOD,
   NIR_TEX_SRC_MS_INDEX,
   NIR_TEX_SRC_DDX,
   NIR_TEX_SRC_DDY,
   NIR_TEX_SRC_TEXTURE_DEREF,
   NIR_TEX_SRC_SAMPLER_DEREF,
   NIR_TEX_SRC_TEXTURE_OFFSET, /* dynamic index added to texture_index */
   NIR_TEX_SRC_SAMPLER_OFFSET,
   NIR_TEX_SRC_TEXTURE_HANDLE, /* bindless */
   NIR_TEX_SRC_SAMPLER_HANDLE,
   NIR_NUM_TEX_SRC_TYPES,
} nir_tex_src_type;
const char *nir_tex_src_type_name(nir_tex_src_type type);

typedef struct nir_tex_src {
   nir_src src;
   nir_tex_src_type src_type;
} nir_tex_src;

typedef struct nir_tex_instr {
   nir_instr instr;
   nir_texop op;
   enum glsl_sampler_dim sampler_dim;
   nir_alu_type dest_type; /* NIR_TYPE_FLOAT32, NIR_TYPE_INT32 ... */
   nir_def def;
   nir_tex_src *src;
   unsigned num_srcs;
   unsigned coord_components; /* array layer included */
   bool is_array;
   bool is_shadow;
   /* Shadow result is a scalar (SPIR-V) rather than a vec4 (old GL). */
   bool is_new_style_shadow;
   unsigned component : 2; /* tg4 gather component */
   /* ConstOffsets of a gather, when has_tg4_offsets. */
   bool has_tg4_offsets;
   int8_t tg4_offsets[4][2];
   unsigned texture_index;
   unsigned sampler_index;
   bool texture_non_uniform;
   bool sampler_non_uniform;
} nir_tex_instr;

static inline nir_tex_src
nir_tex_src_for_ssa(nir_tex_src_type type, nir_def *def)
{
   nir_tex_src src = {.src = {.ssa = def}, .src_type = type};
   return src;
}
int nir_tex_instr_src_index(const nir_tex_instr *tex, nir_tex_src_type type);
/* Returns false on out-of-memory (and sets shader->oom). */
bool nir_tex_instr_add_src(nir_tex_instr *tex, nir_tex_src_type type, nir_def *def);
void nir_tex_instr_remove_src(nir_tex_instr *tex, unsigned src_idx);
/* Components of the result: 4 for samples, fewer for queries/shadow. */
unsigned nir_tex_instr_dest_size(const nir_tex_instr *tex);
/* Components a source of the given type needs for this instruction. */
unsigned nir_tex_instr_src_size(const nir_tex_instr *tex, unsigned src_idx);
/* Whether the op needs implicit derivatives (fragment only). */
bool nir_tex_instr_has_implicit_derivative(const nir_tex_instr *tex);

/* --- constants, undef, jumps, phis ---------------------------------------------- */

typedef struct nir_load_const_instr {
   nir_instr instr;
   nir_def def;
   nir_const_value value[]; /* def.num_components */
} nir_load_const_instr;

typedef struct nir_undef_instr {
   nir_instr instr;
   nir_def def;
} nir_undef_instr;

typedef enum {
   NIR_JUMP_RETURN,
   NIR_JUMP_BREAK,
   NIR_JUMP_CONTINUE,
} nir_jump_type;

typedef struct nir_jump_instr {
   nir_instr instr;
   nir_jump_type type;
} nir_jump_instr;

typedef struct nir_phi_src {
   struct list_head node; /* in phi->srcs */
   nir_block *pred;
   nir_src src;
} nir_phi_src;

typedef struct nir_phi_instr {
   nir_instr instr;
   struct list_head srcs; /* of nir_phi_src */
   nir_def def;
} nir_phi_instr;

#define nir_foreach_phi_src(phi_src, phi)                                                \
   list_for_each_entry(nir_phi_src, phi_src, &(phi)->srcs, node)
#define nir_foreach_phi_src_safe(phi_src, phi)                                           \
   list_for_each_entry_safe(nir_phi_src, phi_src, &(phi)->srcs, node)

/* Adds a source to a phi (the phi may or may not be inserted yet). Returns
 * NULL on out-of-memory. */
nir_phi_src *nir_phi_instr_add_src(nir_phi_instr *phi, nir_block *pred, nir_def *def);
void nir_phi_instr_remove_src(nir_phi_instr *phi, nir_phi_src *src);
nir_phi_src *nir_phi_get_src_from_block(nir_phi_instr *phi, nir_block *pred);

/* --- checked downcasts ----------------------------------------------------------- */
#define NIR_DEFINE_CAST(name, in_type, out_type, field, type_field, type_value)          \
   static inline out_type *name(const in_type *parent)                                   \
   {                                                                                     \
      assert(parent && parent->type_field == type_value);                                \
      return (out_type *)container_of(parent, out_type, field);                          \
   }

NIR_DEFINE_CAST(nir_instr_as_alu, nir_instr, nir_alu_instr, instr, type,
                NIR_INSTR_TYPE_ALU)
NIR_DEFINE_CAST(nir_instr_as_deref, nir_instr, nir_deref_instr, instr, type,
                NIR_INSTR_TYPE_DEREF)
NIR_DEFINE_CAST(nir_instr_as_call, nir_instr, nir_call_instr, instr, type,
                NIR_INSTR_TYPE_CALL)
NIR_DEFINE_CAST(nir_instr_as_tex, nir_instr, nir_tex_instr, instr, type,
                NIR_INSTR_TYPE_TEX)
NIR_DEFINE_CAST(nir_instr_as_intrinsic, nir_instr, nir_intrinsic_instr, instr, type,
                NIR_INSTR_TYPE_INTRINSIC)
NIR_DEFINE_CAST(nir_instr_as_load_const, nir_instr, nir_load_const_instr, instr, type,
                NIR_INSTR_TYPE_LOAD_CONST)
NIR_DEFINE_CAST(nir_instr_as_jump, nir_instr, nir_jump_instr, instr, type,
                NIR_INSTR_TYPE_JUMP)
NIR_DEFINE_CAST(nir_instr_as_undef, nir_instr, nir_undef_instr, instr, type,
                NIR_INSTR_TYPE_UNDEF)
NIR_DEFINE_CAST(nir_instr_as_phi, nir_instr, nir_phi_instr, instr, type,
                NIR_INSTR_TYPE_PHI)

static inline nir_deref_instr *
nir_src_as_deref(nir_src src)
{
   return src.ssa->parent_instr->type == NIR_INSTR_TYPE_DEREF
             ? nir_instr_as_deref(src.ssa->parent_instr)
             : NULL;
}

static inline nir_alu_instr *
nir_src_as_alu_instr(nir_src src)
{
   return src.ssa->parent_instr->type == NIR_INSTR_TYPE_ALU
             ? nir_instr_as_alu(src.ssa->parent_instr)
             : NULL;
}

static inline nir_intrinsic_instr *
nir_src_as_intrinsic(nir_src src)
{
   return src.ssa->parent_instr->type == NIR_INSTR_TYPE_INTRINSIC
             ? nir_instr_as_intrinsic(src.ssa->parent_instr)
             : NULL;
}

/* --- constant sources ------------------------------------------------------------ */
/* The load_const values behind a src, or NULL. */
nir_const_value *nir_src_as_const_value(nir_src src);
bool nir_src_is_const(nir_src src);
/* Component c of a constant src (nir_src_is_const must hold). */
uint64_t nir_src_comp_as_uint(nir_src src, unsigned c);
int64_t nir_src_comp_as_int(nir_src src, unsigned c);
double nir_src_comp_as_float(nir_src src, unsigned c);
bool nir_src_comp_as_bool(nir_src src, unsigned c);
static inline uint64_t
nir_src_as_uint(nir_src src)
{
   return nir_src_comp_as_uint(src, 0);
}
static inline int64_t
nir_src_as_int(nir_src src)
{
   return nir_src_comp_as_int(src, 0);
}
static inline double
nir_src_as_float(nir_src src)
{
   return nir_src_comp_as_float(src, 0);
}
static inline bool
nir_src_as_bool(nir_src src)
{
   return nir_src_comp_as_bool(src, 0);
}
static inline unsigned
nir_src_num_components(nir_src src)
{
   return src.ssa->num_components;
}
static inline unsigned
nir_src_bit_size(nir_src src)
{
   return src.ssa->bit_size;
}

/* ================================================================================ */
/* Control flow                                                                     */
/* ================================================================================ */

typedef enum {
   NIR_CF_NODE_BLOCK,
   NIR_CF_NODE_IF,
   NIR_CF_NODE_LOOP,
   NIR_CF_NODE_FUNCTION, /* the root: a nir_function_impl */
} nir_cf_node_type;

typedef struct nir_cf_node {
   struct list_head node; /* in the parent's cf list */
   nir_cf_node_type type;
   struct nir_cf_node *parent; /* if, loop or impl */
} nir_cf_node;

struct nir_block {
   nir_cf_node cf_node;
   struct list_head instr_list;
   unsigned index; /* NIR_METADATA_BLOCK_INDEX: order in the source */

   nir_block *successors[2]; /* [1] only for the block before an if */
   nir_block **predecessors;
   unsigned num_predecessors;
   unsigned predecessors_cap;

   /* NIR_METADATA_DOMINANCE */
   nir_block *imm_dom;
   nir_block **dom_children;
   unsigned num_dom_children;
   nir_block **dom_frontier;
   unsigned num_dom_frontier;
   unsigned dom_pre_index, dom_post_index;

   /* NIR_METADATA_LIVE_DEFS: bitsets over def indices */
   BITSET_WORD *live_in;
   BITSET_WORD *live_out;
};

typedef enum {
   NIR_SELECTION_CONTROL_NONE = 0,
   NIR_SELECTION_CONTROL_FLATTEN,
   NIR_SELECTION_CONTROL_DONT_FLATTEN,
} nir_selection_control;

struct nir_if {
   nir_cf_node cf_node;
   nir_src condition;
   nir_selection_control control;
   struct list_head then_list; /* of nir_cf_node */
   struct list_head else_list;
};

typedef enum {
   NIR_LOOP_CONTROL_NONE = 0,
   NIR_LOOP_CONTROL_UNROLL,
   NIR_LOOP_CONTROL_DONT_UNROLL,
} nir_loop_control;

struct nir_loop {
   nir_cf_node cf_node;
   nir_loop_control control;
   struct list_head body;          /* of nir_cf_node; never empty */
   struct list_head continue_list; /* the continue construct; may be empty */
};

typedef enum {
   NIR_METADATA_NONE = 0,
   NIR_METADATA_BLOCK_INDEX = 1 << 0,
   NIR_METADATA_DOMINANCE = 1 << 1,
   NIR_METADATA_LIVE_DEFS = 1 << 2,
   NIR_METADATA_INSTR_INDEX = 1 << 3,
   /* Passes that change no control flow preserve these. */
   NIR_METADATA_CONTROL_FLOW = NIR_METADATA_BLOCK_INDEX | NIR_METADATA_DOMINANCE,
   NIR_METADATA_ALL = 0xf,
} nir_metadata;

typedef struct nir_parameter {
   uint8_t num_components;
   uint8_t bit_size;
   const struct glsl_type *type; /* informational (e.g. the pointee of a deref param) */
   const char *name;
} nir_parameter;

struct nir_function {
   struct list_head node; /* in shader->functions */
   const char *name;
   nir_shader *shader;
   unsigned num_params;
   nir_parameter *params;
   nir_function_impl *impl; /* NULL for a declaration */
   bool is_entrypoint;
};

struct nir_function_impl {
   nir_cf_node cf_node;
   nir_function *function;
   struct list_head body;   /* of nir_cf_node */
   nir_block *end_block;    /* not in body */
   struct list_head locals; /* function_temp nir_variables */
   unsigned ssa_alloc;      /* next def index */
   unsigned num_blocks;     /* valid with NIR_METADATA_BLOCK_INDEX */
   nir_metadata valid_metadata;
   struct arena *metadata_arena; /* dominance/liveness storage, dropped on invalidation */
};

/* Downcasts for cf nodes. */
NIR_DEFINE_CAST(nir_cf_node_as_block, nir_cf_node, nir_block, cf_node, type,
                NIR_CF_NODE_BLOCK)
NIR_DEFINE_CAST(nir_cf_node_as_if, nir_cf_node, nir_if, cf_node, type, NIR_CF_NODE_IF)
NIR_DEFINE_CAST(nir_cf_node_as_loop, nir_cf_node, nir_loop, cf_node, type,
                NIR_CF_NODE_LOOP)
NIR_DEFINE_CAST(nir_cf_node_as_function, nir_cf_node, nir_function_impl, cf_node, type,
                NIR_CF_NODE_FUNCTION)

/* Navigation. */
nir_cf_node *nir_cf_node_next(nir_cf_node *node); /* NULL at the end of its list */
nir_cf_node *nir_cf_node_prev(nir_cf_node *node);
bool nir_cf_node_is_first(const nir_cf_node *node);
bool nir_cf_node_is_last(const nir_cf_node *node);
nir_function_impl *nir_cf_node_get_function(nir_cf_node *node);
nir_loop *nir_cf_node_get_loop(nir_cf_node *node); /* innermost enclosing loop or NULL */
/* True if node is (inside) the continue construct of its innermost loop. */
bool nir_cf_node_is_in_continue_construct(nir_cf_node *node);
nir_block *nir_start_block(nir_function_impl *impl);
nir_block *nir_impl_last_block(nir_function_impl *impl);
nir_block *nir_if_first_then_block(nir_if *nif);
nir_block *nir_if_last_then_block(nir_if *nif);
nir_block *nir_if_first_else_block(nir_if *nif);
nir_block *nir_if_last_else_block(nir_if *nif);
nir_block *nir_loop_first_block(nir_loop *loop);
nir_block *nir_loop_last_block(nir_loop *loop);
bool nir_loop_has_continue_construct(const nir_loop *loop);
nir_block *nir_loop_first_continue_block(nir_loop *loop);
nir_block *nir_loop_last_continue_block(nir_loop *loop);
/* The continue target: first continue block, or the header. */
nir_block *nir_loop_continue_target(nir_loop *loop);
/* First/last block of a cf node (itself for a block). */
nir_block *nir_cf_node_first_block(nir_cf_node *node);
nir_block *nir_cf_node_last_block(nir_cf_node *node);
nir_block *nir_block_cf_tree_next(nir_block *block); /* source order, NULL at the end */
nir_block *nir_block_cf_tree_prev(nir_block *block);
nir_if *nir_block_get_following_if(nir_block *block);
nir_loop *nir_block_get_following_loop(nir_block *block);
nir_instr *nir_block_first_instr(nir_block *block);
nir_instr *nir_block_last_instr(nir_block *block);
bool nir_block_ends_in_jump(nir_block *block);
bool nir_block_ends_in_break(nir_block *block);
nir_instr *nir_block_first_non_phi(nir_block *block); /* NULL if none */
bool nir_block_is_unreachable(nir_block *block);      /* no predecessors, not the start */

#define nir_foreach_block(block, impl)                                                   \
   for (nir_block *block = nir_start_block(impl); block != NULL;                         \
        block = nir_block_cf_tree_next(block))
#define nir_foreach_block_safe(block, impl)                                              \
   for (nir_block *block = nir_start_block(impl),                                        \
                  *block##_next = block ? nir_block_cf_tree_next(block) : NULL;          \
        block != NULL; block = block##_next,                                             \
                  block##_next = block ? nir_block_cf_tree_next(block) : NULL)
#define nir_foreach_block_reverse(block, impl)                                           \
   for (nir_block *block = nir_impl_last_block(impl); block != NULL;                     \
        block = nir_block_cf_tree_prev(block))
#define nir_foreach_block_in_cf_node(block, node)                                        \
   for (nir_block *block = nir_cf_node_first_block(node),                                \
                  *block##_end = nir_block_cf_tree_next(nir_cf_node_last_block(node));   \
        block != block##_end; block = nir_block_cf_tree_next(block))

#define nir_foreach_instr(instr, block)                                                  \
   list_for_each_entry(nir_instr, instr, &(block)->instr_list, node)
#define nir_foreach_instr_safe(instr, block)                                             \
   list_for_each_entry_safe(nir_instr, instr, &(block)->instr_list, node)
#define nir_foreach_instr_reverse(instr, block)                                          \
   list_for_each_entry_rev(nir_instr, instr, &(block)->instr_list, node)
#define nir_foreach_phi(phi, block)                                                      \
   for (nir_phi_instr *phi = nir_block_first_phi_(block); phi != NULL;                   \
        phi = nir_phi_next_(phi))
#define nir_foreach_phi_safe(phi, block)                                                 \
   for (nir_phi_instr *phi = nir_block_first_phi_(block),                                \
                      *phi##_next = phi ? nir_phi_next_(phi) : NULL;                     \
        phi != NULL; phi = phi##_next, phi##_next = phi ? nir_phi_next_(phi) : NULL)
nir_phi_instr *nir_block_first_phi_(nir_block *block);
nir_phi_instr *nir_phi_next_(nir_phi_instr *phi);

/* ================================================================================ */
/* Cursors                                                                          */
/* ================================================================================ */

typedef enum {
   NIR_CURSOR_BEFORE_BLOCK,
   NIR_CURSOR_AFTER_BLOCK,
   NIR_CURSOR_BEFORE_INSTR,
   NIR_CURSOR_AFTER_INSTR,
} nir_cursor_option;

typedef struct nir_cursor {
   nir_cursor_option option;
   union {
      nir_block *block;
      nir_instr *instr;
   };
} nir_cursor;

static inline nir_cursor
nir_before_block(nir_block *block)
{
   nir_cursor c = {.option = NIR_CURSOR_BEFORE_BLOCK, .block = block};
   return c;
}

static inline nir_cursor
nir_after_block(nir_block *block)
{
   nir_cursor c = {.option = NIR_CURSOR_AFTER_BLOCK, .block = block};
   return c;
}

static inline nir_cursor
nir_before_instr(nir_instr *instr)
{
   nir_cursor c = {.option = NIR_CURSOR_BEFORE_INSTR, .instr = instr};
   return c;
}

static inline nir_cursor
nir_after_instr(nir_instr *instr)
{
   nir_cursor c = {.option = NIR_CURSOR_AFTER_INSTR, .instr = instr};
   return c;
}

/* Before the jump ending a block, or at its end. */
nir_cursor nir_after_block_before_jump(nir_block *block);
/* After the phis of a block. */
nir_cursor nir_after_phis(nir_block *block);
/* At the end of the block preceding / the start of the block following a cf node. */
nir_cursor nir_before_cf_node(nir_cf_node *node);
nir_cursor nir_after_cf_node(nir_cf_node *node);
nir_cursor nir_before_cf_list(struct list_head *cf_list);
nir_cursor nir_after_cf_list(struct list_head *cf_list);
nir_cursor nir_before_impl(nir_function_impl *impl);
nir_cursor nir_after_impl(nir_function_impl *impl);
/* Right before the instruction that reads src (or before the if's
 * condition is evaluated: the end of the block preceding the if). */
nir_cursor nir_before_src(nir_src *src);
nir_block *nir_cursor_current_block(nir_cursor cursor);
bool nir_cursors_equal(nir_cursor a, nir_cursor b);

/* ================================================================================ */
/* Control-flow editing                                                             */
/* ================================================================================ */

/* A create function returns NULL (and sets shader->oom) on out-of-memory. */
nir_if *nir_if_create(nir_shader *shader);
nir_loop *nir_loop_create(nir_shader *shader);
/* Inserts an if/loop at cursor, splitting the cursor's block. The if's
 * condition must be set (nir_if::condition.ssa) before or via
 * nir_if_set_condition() after insertion. Returns false on out-of-memory. */
bool nir_cf_node_insert(nir_cursor cursor, nir_cf_node *node);
void nir_if_set_condition(nir_if *nif, nir_def *cond);
/* Gives a loop an (empty-block) continue construct; false on out-of-memory. */
bool nir_loop_add_continue_construct(nir_loop *loop);
/* Removes an if/loop with everything in it. */
void nir_cf_node_remove(nir_cf_node *node);

/* A detached piece of control flow (used to move code around). */
typedef struct nir_cf_list {
   struct list_head list;
   nir_function_impl *impl;
} nir_cf_list;

/* Moves everything between two cursors in the same cf list (instructions
 * and cf nodes) into `extracted`. Returns false on out-of-memory. */
bool nir_cf_extract(nir_cf_list *extracted, nir_cursor begin, nir_cursor end);
/* Puts an extracted list back at cursor (possibly in another impl of the
 * same shader). Returns false on out-of-memory. */
bool nir_cf_reinsert(nir_cf_list *list, nir_cursor cursor);
/* Drops an extracted list (unlinks its sources from use lists). */
void nir_cf_delete(nir_cf_list *list);

/* ================================================================================ */
/* Shader                                                                           */
/* ================================================================================ */

typedef struct nir_shader_info {
   const char *name;  /* e.g. the entry point's name */
   const char *label; /* free-form, for debugging */
   nir_shader_stage stage;

   /* Bit n: Location n read/written (user varyings), patch separately. */
   uint64_t inputs_read;
   uint64_t outputs_written;
   uint64_t outputs_read;
   uint32_t patch_inputs_read;
   uint32_t patch_outputs_written;
   /* Bit b: nir_builtin b (for b < 64: the core SPIR-V builtins). */
   uint64_t builtins_read;
   uint64_t builtins_written;
   uint8_t clip_distance_array_size;
   uint8_t cull_distance_array_size;

   unsigned shared_size_B;
   /* Leading bytes of shared memory that read zero when a workgroup starts
    * (variables with a null initializer); 0 when none have one. */
   unsigned shared_zero_size_B;
   unsigned scratch_size_B;
   uint32_t float_controls; /* nir_float_controls */
   bool uses_control_barrier;
   bool writes_memory;

   struct {
      bool enabled; /* Xfb execution mode */
      uint8_t buffers_written;
      uint16_t stride_B[4];
   } xfb;

   struct {
      enum nir_prim primitive_mode; /* TRIANGLES, QUADS, ISOLINES or NONE */
      enum nir_tess_spacing spacing;
      bool ccw; /* VertexOrderCcw */
      bool cw;  /* VertexOrderCw (both false: not given) */
      bool point_mode;
      uint8_t tcs_vertices_out; /* OutputVertices of a TCS */
   } tess;

   struct {
      enum nir_prim input_primitive;
      enum nir_prim output_primitive;
      uint16_t vertices_in;
      uint16_t vertices_out;
      uint8_t invocations;
      uint8_t active_stream_mask;
   } gs;

   struct {
      bool origin_upper_left;
      bool pixel_center_integer;
      bool early_fragment_tests;
      bool post_depth_coverage;
      bool depth_replacing;
      bool stencil_ref_replacing;
      enum nir_depth_layout depth_layout;
      /* The critical section between begin/end_invocation_interlock. */
      enum nir_fs_interlock interlock;
      bool uses_discard; /* discard, terminate */
      bool uses_demote;
      bool uses_sample_shading; /* sample-rate inputs or SampleId/SamplePosition */
      bool needs_helper_invocations;
   } fs;

   struct {
      uint16_t workgroup_size[3];
      bool workgroup_size_variable; /* unknown until dispatch (kernels only) */
      /* LocalSizeId / WorkgroupSize spec constants; -1 when a literal. */
      int32_t workgroup_size_spec_id[3];
      uint16_t workgroup_size_hint[3]; /* LocalSizeHint, 0 if absent */
      enum nir_derivative_group derivative_group;
   } cs;
} nir_shader_info;

struct nir_shader {
   struct arena *arena; /* owns everything below */
   nir_shader_info info;
   struct list_head variables; /* every mode but function_temp */
   struct list_head functions;
   unsigned num_inputs, num_outputs, num_uniforms; /* driver locations, for backends */
   unsigned next_var_index;
   /* Set when any allocation for this shader failed. The shader must then
    * be discarded; nothing else is guaranteed about it. */
   bool oom;
   /* Returned by the builder after an allocation failure (see nir.h top). */
   nir_def *poison_defs[6][5]; /* [components 1,2,3,4,8,16][bits 1,8,16,32,64] */
   nir_deref_instr *poison_deref;
};

/* parent_arena may be NULL. Returns NULL on out-of-memory. */
nir_shader *nir_shader_create(struct arena *parent_arena, nir_shader_stage stage);
void nir_shader_destroy(nir_shader *shader);
static inline bool
nir_shader_oom(const nir_shader *shader)
{
   return shader->oom;
}
/* Records an allocation failure. */
void nir_shader_set_oom(nir_shader *shader);
/* A deep copy that prints identically. NULL on out-of-memory. */
nir_shader *nir_shader_clone(struct arena *parent_arena, const nir_shader *shader);

nir_function *nir_function_create(nir_shader *shader, const char *name);
nir_function_impl *nir_function_impl_create(nir_function *function);
nir_function *nir_shader_get_entrypoint_function(nir_shader *shader);
nir_function_impl *nir_shader_get_entrypoint(nir_shader *shader);

/* Variables: created in shader->variables (or impl->locals for
 * function_temp), named copies; NULL on out-of-memory. */
nir_variable *nir_variable_create(nir_shader *shader, nir_variable_mode mode,
                                  const struct glsl_type *type, const char *name);
nir_variable *nir_local_variable_create(nir_function_impl *impl,
                                        const struct glsl_type *type, const char *name);
nir_variable *nir_find_variable_with_location(nir_shader *shader, nir_variable_mode mode,
                                              int location);
nir_variable *nir_find_variable_with_builtin(nir_shader *shader, nir_variable_mode mode,
                                             nir_builtin builtin);
nir_constant *nir_constant_create(nir_shader *shader, unsigned num_elements);

#define nir_foreach_variable_in_shader(var, shader)                                      \
   list_for_each_entry(nir_variable, var, &(shader)->variables, node)
#define nir_foreach_variable_with_modes(var, shader, modes)                              \
   nir_foreach_variable_in_shader(var, shader) if ((var)->data.mode & (modes))
#define nir_foreach_variable_with_modes_safe(var, shader, modes)                         \
   list_for_each_entry_safe(nir_variable, var, &(shader)->variables,                     \
                            node) if ((var)->data.mode & (modes))
#define nir_foreach_function_temp_variable(var, impl)                                    \
   list_for_each_entry(nir_variable, var, &(impl)->locals, node)
#define nir_foreach_function(func, shader)                                               \
   list_for_each_entry(nir_function, func, &(shader)->functions, node)
#define nir_foreach_function_impl(impl, shader)                                          \
   list_for_each_entry(nir_function, impl##_func, &(shader)->functions,                  \
                       node) for (nir_function_impl *impl = impl##_func->impl;           \
                                  impl != NULL; impl = NULL)

/* Instruction constructors: NULL (and shader->oom) on out-of-memory. The
 * instruction is not inserted; its def (if any) is initialized with
 * nir_def_init(). */
nir_alu_instr *nir_alu_instr_create(nir_shader *shader, nir_op op);
nir_deref_instr *nir_deref_instr_create(nir_shader *shader, nir_deref_type type);
nir_call_instr *nir_call_instr_create(nir_shader *shader, nir_function *callee);
nir_intrinsic_instr *nir_intrinsic_instr_create(nir_shader *shader, nir_intrinsic_op op);
nir_tex_instr *nir_tex_instr_create(nir_shader *shader, unsigned num_srcs);
nir_load_const_instr *nir_load_const_instr_create(nir_shader *shader,
                                                  unsigned num_components,
                                                  unsigned bit_size);
nir_undef_instr *nir_undef_instr_create(nir_shader *shader, unsigned num_components,
                                        unsigned bit_size);
nir_jump_instr *nir_jump_instr_create(nir_shader *shader, nir_jump_type type);
nir_phi_instr *nir_phi_instr_create(nir_shader *shader);
void nir_def_init(nir_instr *instr, nir_def *def, unsigned num_components,
                  unsigned bit_size);
/* Sets a src before the instruction is inserted (insertion links it). */
static inline void
nir_src_init(nir_src *src, nir_def *def)
{
   src->ssa = def;
}
static inline nir_src
nir_src_for_ssa(nir_def *def)
{
   nir_src src = {.ssa = def};
   return src;
}
/* A copy of an instruction with the same sources, not inserted (for passes
 * that duplicate code). NULL on out-of-memory. */
nir_instr *nir_instr_clone(nir_shader *shader, const nir_instr *instr);

/* ================================================================================ */
/* Metadata                                                                         */
/* ================================================================================ */

/* Computes what is missing of `required` on impl. Dominance needs valid
 * block indices and computes them too. */
void nir_metadata_require(nir_function_impl *impl, nir_metadata required);
/* Called by a pass that changed impl: everything not in `preserved`
 * becomes invalid. */
void nir_metadata_preserve(nir_function_impl *impl, nir_metadata preserved);
void nir_shader_preserve_all_metadata(nir_shader *shader);

void nir_index_blocks(nir_function_impl *impl);
/* Renumbers defs densely in source order. */
void nir_index_ssa_defs(nir_function_impl *impl);
/* Numbers instructions in source order (NIR_METADATA_INSTR_INDEX); returns
 * the count. */
unsigned nir_index_instrs(nir_function_impl *impl);

/* With NIR_METADATA_DOMINANCE: */
bool nir_block_dominates(const nir_block *parent, const nir_block *child);
nir_block *nir_dominance_lca(nir_block *b1, nir_block *b2);
/* def dominates the point where src reads it (phi sources: end of pred). */
bool nir_def_dominates_src(const nir_def *def, const nir_src *src);
/* The same in O(1): the order of two instructions of one block comes from
 * their indices (NIR_METADATA_INSTR_INDEX, which must be valid), where
 * nir_def_dominates_src walks the block from the definition to the use,
 * which is quadratic over a block with many uses of one value. */
bool nir_def_dominates_src_indexed(const nir_def *def, const nir_src *src);
/* With NIR_METADATA_LIVE_DEFS (and dense def indices): */
bool nir_def_is_live_at(nir_def *def, nir_instr *instr);

/* ================================================================================ */
/* Printing, validation, passes                                                     */
/* ================================================================================ */

/* Stable text: the same IR prints the same bytes. Defs print as %index,
 * blocks as block_N (block index metadata is computed if needed). */
void nir_print_shader(nir_shader *shader, FILE *fp);
/* malloc'd (free()); NULL on out-of-memory. */
char *nir_shader_to_string(nir_shader *shader);
void nir_print_instr(const nir_instr *instr, FILE *fp);
char *nir_instr_to_string(const nir_instr *instr);
void nir_print_shader_to_strbuf(nir_shader *shader, struct strbuf *sb);
/* Prints `annotations` (instr/if/block/variable -> const char * message) next to
 * the objects they describe. For the validator. */
struct hash_table;
void nir_print_shader_annotated(nir_shader *shader, struct strbuf *sb,
                                struct hash_table *annotations);

/* Checks every invariant and returns the number of errors found (0 = valid).
 * If annotated is non-NULL and errors were found, *annotated receives a
 * malloc'd print of the shader with each error next to its object plus a
 * summary. */
unsigned nir_validate_shader_report(nir_shader *shader, char **annotated);
/* Validates; on error logs the annotated shader with `when` and aborts. */
void nir_validate_shader(nir_shader *shader, const char *when);
/* KILN_IR_VALIDATE_DEFAULT builds or KILN_DEBUG=validate. */
bool nir_validation_enabled(void);
/* KILN_DEBUG=print_ir */
bool nir_debug_print_enabled(void);
/* What NIR_PASS calls after a pass. */
void nir_after_pass(nir_shader *shader, const char *pass_name, bool progress);

/* Runs a pass, validates (when enabled) and prints (KILN_DEBUG=print_ir). */
#define NIR_PASS(progress, shader, pass, ...)                                            \
   do {                                                                                  \
      const bool _nir_pass_progress = pass(shader, ##__VA_ARGS__);                       \
      nir_after_pass(shader, #pass, _nir_pass_progress);                                 \
      if (_nir_pass_progress)                                                            \
         (progress) = true;                                                              \
   } while (0)
#define NIR_PASS_V(shader, pass, ...)                                                    \
   do {                                                                                  \
      pass(shader, ##__VA_ARGS__);                                                       \
      nir_after_pass(shader, #pass, true);                                               \
   } while (0)

/* The generic walker: calls cb on every instruction of every impl with a
 * builder positioned before the instruction (a callback may remove the
 * instruction it is given). Impls where cb made progress get
 * nir_metadata_preserve(impl, preserved). Returns progress. */
struct nir_builder;
typedef bool (*nir_instr_pass_cb)(struct nir_builder *b, nir_instr *instr, void *data);
typedef bool (*nir_intrinsic_pass_cb)(struct nir_builder *b, nir_intrinsic_instr *intr,
                                      void *data);
bool nir_shader_instructions_pass(nir_shader *shader, nir_instr_pass_cb cb,
                                  nir_metadata preserved, void *data);
bool nir_shader_intrinsics_pass(nir_shader *shader, nir_intrinsic_pass_cb cb,
                                nir_metadata preserved, void *data);
bool nir_function_instructions_pass(nir_function_impl *impl, nir_instr_pass_cb cb,
                                    nir_metadata preserved, void *data);

/* --- core passes (each in its own file) ---------------------------------------- */
bool nir_opt_dce(nir_shader *shader);
bool nir_opt_constant_folding(nir_shader *shader);
bool nir_opt_copy_prop(nir_shader *shader);
bool nir_opt_cse(nir_shader *shader);
/* Removes variables of `modes` that no deref refers to (and their stores
 * when only written, for function_temp/shader_temp). */
bool nir_remove_dead_variables(nir_shader *shader, nir_variable_mode modes);
bool nir_remove_dead_derefs(nir_shader *shader);
/* Promotes function_temp variables accessed only through direct
 * (constant-index) derefs to SSA values with phis. */
bool nir_lower_vars_to_ssa(nir_shader *shader);
/* Rewrites returns inside functions into structured control flow so each
 * impl has a single exit. */
bool nir_lower_returns(nir_shader *shader);
bool nir_lower_returns_impl(nir_function_impl *impl);
/* Inlines every call (lowering returns of the callees first). */
bool nir_inline_functions(nir_shader *shader);
/* Deletes every function but the entry point. */
void nir_remove_non_entrypoints(nir_shader *shader);
/* Moves shader_temp variables used by a single function into its locals. */
bool nir_lower_global_vars_to_local(nir_shader *shader);
/* Merges loop continue constructs into the loop bodies. */
bool nir_lower_continue_constructs(nir_shader *shader);
/* Loads of system_value variables become load_* intrinsics. */
bool nir_lower_system_values(nir_shader *shader);
/* Recomputes the usage part of shader->info (I/O and builtin masks,
 * discard/demote, barriers, memory writes, GS streams, clip/cull sizes). */
void nir_shader_gather_info(nir_shader *shader);

#ifdef __cplusplus
}
#endif

#include "nir/nir_intrinsics_indices.h" /* generated index accessors */

#endif /* NIR_H */
