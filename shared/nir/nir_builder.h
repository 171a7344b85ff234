/* SPDX-License-Identifier: MIT */
/*
 * The IR builder: a cursor plus helpers that create an instruction, insert
 * it at the cursor and move the cursor after it.
 *
 *    nir_builder b = nir_builder_at(nir_after_impl(impl));
 *    nir_def *sum = nir_fadd(&b, x, nir_imm_float(&b, 1.0f));
 *    nir_if *nif = nir_push_if(&b, nir_flt(&b, sum, y));
 *       nir_store_var(&b, out, sum, 0xf);
 *    nir_push_else(&b, nif);
 *       ...
 *    nir_pop_if(&b, nif);
 *
 * Every ALU op and intrinsic has a generated helper (nir_builder_opcodes.h):
 * nir_<op>(b, src0, ...) for ALU ops; for intrinsics
 * nir_<name>(b, [num_components,] [bit_size,] src0, ..., .index = value...),
 * where num_components/bit_size are asked for only when the table does not
 * fix them. Unset indices are 0, except write_mask (defaults to all
 * components) and align_mul (defaults to the component size).
 *
 * Per-component ALU sources with fewer components than the result repeat
 * their last component (so nir_fmul(b, vec4, scalar) broadcasts).
 *
 * Out of memory: helpers never return NULL defs. After an allocation
 * failure they return a poison def of the right size (and set shader->oom);
 * control-flow helpers may return NULL ifs/loops, which the matching
 * pop/else helpers accept. See nir.h.
 */
#ifndef NIR_BUILDER_H
#define NIR_BUILDER_H

#include "nir/nir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nir_builder {
   nir_cursor cursor;
   nir_shader *shader;
   nir_function_impl *impl;
   /* New ALU instructions get alu->exact = true (SPIR-V NoContraction). */
   bool exact;
} nir_builder;

/* A builder inserting at `cursor` (shader and impl found from the cursor). */
nir_builder nir_builder_at(nir_cursor cursor);
/* Creates a shader with an entry point function "main" with an empty impl,
 * and returns a builder at its end. name_fmt (may be NULL) names the shader.
 * On out-of-memory b.shader is NULL. */
nir_builder nir_builder_init_simple_shader(nir_shader_stage stage, struct arena *parent,
                                           const char *name_fmt, ...) PRINTFLIKE(3, 4);

/* Inserts instr at the cursor and moves the cursor after it. */
void nir_builder_instr_insert(nir_builder *b, nir_instr *instr);
/* The poison def handed out after an allocation failure (also sets oom). */
nir_def *nir_poison(nir_builder *b, unsigned num_components, unsigned bit_size);

/* --- ALU ----------------------------------------------------------------------- */
/* Sources beyond the op's inputs are ignored (pass NULL). */
nir_def *nir_build_alu(nir_builder *b, nir_op op, nir_def *src0, nir_def *src1,
                       nir_def *src2, nir_def *src3);
nir_def *nir_build_alu_src_arr(nir_builder *b, nir_op op, nir_def **srcs);
/* Sizes the def from the op info and sources, inserts, returns the def. */
nir_def *nir_builder_alu_instr_finish_and_insert(nir_builder *b, nir_alu_instr *alu);

#include "nir/nir_builder_opcodes.h" /* generated */

/* --- constants ----------------------------------------------------------------- */
nir_def *nir_build_imm(nir_builder *b, unsigned num_components, unsigned bit_size,
                       const nir_const_value *values);
nir_def *nir_imm_zero(nir_builder *b, unsigned num_components, unsigned bit_size);
nir_def *nir_imm_bool(nir_builder *b, bool x);
nir_def *nir_imm_true(nir_builder *b);
nir_def *nir_imm_false(nir_builder *b);
nir_def *nir_imm_intN_t(nir_builder *b, uint64_t x, unsigned bit_size);
nir_def *nir_imm_int(nir_builder *b, int32_t x);
nir_def *nir_imm_int64(nir_builder *b, int64_t x);
nir_def *nir_imm_floatN_t(nir_builder *b, double x, unsigned bit_size);
nir_def *nir_imm_float16(nir_builder *b, float x);
nir_def *nir_imm_float(nir_builder *b, float x);
nir_def *nir_imm_double(nir_builder *b, double x);
nir_def *nir_imm_vec2(nir_builder *b, float x, float y);
nir_def *nir_imm_vec3(nir_builder *b, float x, float y, float z);
nir_def *nir_imm_vec4(nir_builder *b, float x, float y, float z, float w);
nir_def *nir_imm_ivec2(nir_builder *b, int32_t x, int32_t y);
nir_def *nir_imm_ivec3(nir_builder *b, int32_t x, int32_t y, int32_t z);
nir_def *nir_imm_ivec4(nir_builder *b, int32_t x, int32_t y, int32_t z, int32_t w);
nir_def *nir_undef(nir_builder *b, unsigned num_components, unsigned bit_size);

/* --- vectors ------------------------------------------------------------------- */
nir_def *nir_vec(nir_builder *b, nir_def **comps, unsigned num_components);
nir_def *nir_mov_alu(nir_builder *b, nir_alu_src src, unsigned num_components);
nir_def *nir_swizzle(nir_builder *b, nir_def *src, const unsigned *swiz,
                     unsigned num_components);
nir_def *nir_channel(nir_builder *b, nir_def *def, unsigned c);
nir_def *nir_channels(nir_builder *b, nir_def *def, unsigned mask);
/* Components [first, first + count). */
nir_def *nir_channels_range(nir_builder *b, nir_def *def, unsigned first, unsigned count);
/* Pads with undef / trims to num_components. */
nir_def *nir_pad_vector(nir_builder *b, nir_def *src, unsigned num_components);
nir_def *nir_trim_vector(nir_builder *b, nir_def *src, unsigned num_components);
/* Dynamic component select/insert (bcsel chains). */
nir_def *nir_vector_extract(nir_builder *b, nir_def *vec, nir_def *c);
nir_def *nir_vector_insert_imm(nir_builder *b, nir_def *vec, nir_def *scalar, unsigned c);
nir_def *nir_vector_insert(nir_builder *b, nir_def *vec, nir_def *scalar, nir_def *c);

/* --- arithmetic conveniences ---------------------------------------------------- */
nir_def *nir_iadd_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_imul_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_iand_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_ior_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_ishl_imm(nir_builder *b, nir_def *x, uint32_t y);
nir_def *nir_ushr_imm(nir_builder *b, nir_def *x, uint32_t y);
nir_def *nir_ishr_imm(nir_builder *b, nir_def *x, uint32_t y);
nir_def *nir_ieq_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_ine_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_ult_imm(nir_builder *b, nir_def *x, uint64_t y);
nir_def *nir_fadd_imm(nir_builder *b, nir_def *x, double y);
nir_def *nir_fmul_imm(nir_builder *b, nir_def *x, double y);
/* fdot2/3/4 by the sources' width (1 component: fmul). */
nir_def *nir_fdot(nir_builder *b, nir_def *x, nir_def *y);
nir_def *nir_inot_bool(nir_builder *b, nir_def *x); /* inot of a 1-bit value */
/* Converts between ALU types (sized or taking src's size for an unsized
 * src_type), with a rounding mode when the conversion has one. */
nir_def *nir_type_convert(nir_builder *b, nir_def *src, nir_alu_type src_type,
                          nir_alu_type dest_type, nir_rounding_mode rnd);
nir_def *nir_f2fN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_i2iN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_u2uN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_i2fN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_u2fN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_f2iN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_f2uN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_b2fN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_b2iN(nir_builder *b, nir_def *x, unsigned bit_size);
nir_def *nir_i2b(nir_builder *b, nir_def *x); /* x != 0 */
nir_def *nir_f2b(nir_builder *b, nir_def *x); /* x != 0.0 */

/* --- derefs and variables ------------------------------------------------------ */
nir_deref_instr *nir_build_deref_var(nir_builder *b, nir_variable *var);
nir_deref_instr *nir_build_deref_array(nir_builder *b, nir_deref_instr *parent,
                                       nir_def *index);
nir_deref_instr *nir_build_deref_array_imm(nir_builder *b, nir_deref_instr *parent,
                                           int64_t index);
nir_deref_instr *nir_build_deref_ptr_as_array(nir_builder *b, nir_deref_instr *parent,
                                              nir_def *index);
nir_deref_instr *nir_build_deref_struct(nir_builder *b, nir_deref_instr *parent,
                                        unsigned index);
/* `value` is a pointer def (a deref or, for NIR_VAR_MEM_GLOBAL, a 64-bit
 * address); ptr_stride_B 0 means "the type's natural stride". */
nir_deref_instr *nir_build_deref_cast(nir_builder *b, nir_def *value,
                                      nir_variable_mode modes,
                                      const struct glsl_type *type,
                                      unsigned ptr_stride_B);

nir_def *nir_load_deref_with_access(nir_builder *b, nir_deref_instr *deref,
                                    enum nir_access access);
nir_def *nir_load_deref(nir_builder *b, nir_deref_instr *deref);
void nir_store_deref_with_access(nir_builder *b, nir_deref_instr *deref, nir_def *value,
                                 unsigned write_mask, enum nir_access access);
/* write_mask 0 means all components. */
void nir_store_deref(nir_builder *b, nir_deref_instr *deref, nir_def *value,
                     unsigned write_mask);
void nir_copy_deref(nir_builder *b, nir_deref_instr *dst, nir_deref_instr *src);
nir_def *nir_load_var(nir_builder *b, nir_variable *var);
void nir_store_var(nir_builder *b, nir_variable *var, nir_def *value,
                   unsigned write_mask);
void nir_copy_var(nir_builder *b, nir_variable *dst, nir_variable *src);

/* --- control flow -------------------------------------------------------------- */
/* Opens an if at the cursor; the builder moves into the then-list. */
nir_if *nir_push_if(nir_builder *b, nir_def *condition);
/* Moves to the else-list. nif may be NULL: the innermost if (or, after an
 * allocation failure made nir_push_if return NULL, nothing). */
nir_if *nir_push_else(nir_builder *b, nir_if *nif);
/* Moves after the if (NULL as for nir_push_else). */
void nir_pop_if(nir_builder *b, nir_if *nif);
/* Right after nir_pop_if: a phi merging then_def and else_def. */
nir_def *nir_if_phi(nir_builder *b, nir_def *then_def, nir_def *else_def);
nir_loop *nir_push_loop(nir_builder *b);
/* Moves to the loop's continue construct (creating it); loop NULL means the
 * innermost loop. */
nir_loop *nir_push_continue(nir_builder *b, nir_loop *loop);
void nir_pop_loop(nir_builder *b, nir_loop *loop);
/* Inserts a jump. Instructions must not follow it in the same block: after
 * a jump, move the cursor (e.g. nir_pop_if). */
void nir_jump(nir_builder *b, nir_jump_type type);
/* if (cond) break; */
void nir_break_if(nir_builder *b, nir_def *cond);

/* --- calls and textures -------------------------------------------------------- */
nir_call_instr *nir_build_call(nir_builder *b, nir_function *callee, unsigned num_params,
                               nir_def **params);
/* Sizes tex->def from the op (nir_tex_instr_dest_size, bit size from
 * dest_type), inserts it and returns the def. */
nir_def *nir_builder_tex_finish_and_insert(nir_builder *b, nir_tex_instr *tex);
/* texture(sampler, coord) with implicit lod on a combined-sampler deref. */
nir_def *nir_tex_deref(nir_builder *b, nir_deref_instr *texture, nir_deref_instr *sampler,
                       nir_def *coord);
nir_def *nir_txl_deref(nir_builder *b, nir_deref_instr *texture, nir_deref_instr *sampler,
                       nir_def *coord, nir_def *lod);
nir_def *nir_txf_deref(nir_builder *b, nir_deref_instr *texture, nir_def *coord,
                       nir_def *lod);

#ifdef __cplusplus
}
#endif

#endif /* NIR_BUILDER_H */
