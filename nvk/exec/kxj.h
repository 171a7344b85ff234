/* SPDX-License-Identifier: MIT */
/*
 * kxj: the kx JIT. It compiles a kx program (kx_program.h) into one native
 * function with LLVM (ORC LLJIT, through the C API), vectorised over the
 * strip's KX_W lanes at the machine's width (AVX-512 or AVX2, picked at run
 * time from the host CPU), that runs on the interpreter's own state: the
 * same register file, mask stack, context and memory paths. So a strip can
 * switch between native code and the interpreter at any instruction, and
 * the native function has the interpreter's signature (kx_run_fn).
 *
 * The compiled parts are control flow (masks), moves and the common ALU
 * ops; every other instruction (memory slow paths, images, subgroup
 * operations, rare ALU ops) calls the interpreter's handler for that one
 * instruction, so results are the interpreter's bit for bit by
 * construction there, and by the differential tests where compiled.
 *
 * Tiering (kxj_tier.c): a program runs on the interpreter at once; its
 * first dispatch queues it for the background compiler thread and a later
 * dispatch picks the native code up. KILN_DEBUG=jit_off keeps the
 * interpreter, KILN_DEBUG=jit_sync compiles at the first dispatch and
 * waits.
 */
#ifndef KXJ_H
#define KXJ_H

#include <stdbool.h>

#include "kx_program.h"

/* Whether this build has the JIT and LLVM can target this CPU. */
bool kxj_available(void);

/* The target the JIT generates code for ("x86-64 AVX-512 (skylake-avx512)"),
 * or "none". */
const char *kxj_target_name(void);

/* Compiles `prog` now (no-op if already compiled); on success later
 * dispatches with KX_ISA_AUTO or KX_ISA_JIT run natively. On failure
 * returns false and, if `error` is not NULL, a malloc'd message. */
bool kxj_compile_sync(const struct kx_program *prog, char **error);

/* The native code for a dispatch of `prog` with `isa` (KX_ISA_AUTO: the
 * tier policy, queueing a background compile on first use; KX_ISA_JIT: the
 * native code, compiled now if it was not), or NULL for the interpreter. */
kx_run_fn kxj_run_fn(const struct kx_program *prog, enum kx_isa isa);

/* Frees the program's native code, waiting for a compile in flight
 * (kx_program_destroy calls it). */
void kxj_program_release(struct kx_program *prog);

/* Whether the JIT compiles ALU opcode `kx_op` natively (the others run
 * through the interpreter's kernel: tests need not compare those twice). */
bool kxj_alu_native(unsigned kx_op);

/* --- internal to kxj_*.c ---------------------------------------------------------- */

struct kxj_code;

/* Translates and compiles `prog` into native code; NULL and *error on failure. */
struct kxj_code *kxj_code_compile(const struct kx_program *prog, char **error);
kx_run_fn kxj_code_fn(const struct kxj_code *code);
void kxj_code_destroy(struct kxj_code *code);

#endif /* KXJ_H */
