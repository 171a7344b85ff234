/* SPDX-License-Identifier: MIT */
/*
 * kx program -> LLVM IR: one function with the interpreter's signature
 * (kx_run_fn) that runs a strip from the instruction it is given.
 *
 * The function works on the interpreter's state (kx_program.h): register
 * slots are <KX_W x i32> (or <KX_W x i64>) loads and stores at the
 * instruction's byte offsets into ctx->regs, which LLVM's optimisation keeps
 * in vector registers between instructions; the exec mask is an SSA value
 * (stored to ctx->exec where the interpreter may read it); mask-stack frames
 * live in ctx->stack at the depth each construct has statically (the
 * structure is checked here; a program that does not nest fails to compile).
 * Entry points are the instructions a strip starts or resumes at: 0 (the
 * prologue), main_start, and each barrier's successor; anything else runs
 * the interpreter.
 *
 * Instructions without an emitter here run through the interpreter, one at a
 * time: a copy of the instruction followed by END, given to the interpreter
 * loop (a handler that returns NULL without reaching END is a fault, and
 * the strip stops as the interpreter's would).
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Core.h>

#include "kx_mem.h"
#include "kx_program.h"
#include "kxj.h"
#include "kxj_llvm.h"
#include "nir/nir.h"
#include "util/os.h"

/* --- calls out of native code --------------------------------------------------- */

/* One instruction on the interpreter; false if it faulted. */
static bool
kxj_call_interp(struct kx_ctx *ctx, const struct kx_instr *pair, kx_run_fn run)
{
   run(ctx, pair);
   if (!ctx->done)
      return false;
   ctx->done = false;
   return true;
}

/* The watchdog, every 4096 back edges (as kx_op_loop_end); true: stop. */
static bool
kxj_watchdog(struct kx_ctx *ctx)
{
   const uint64_t deadline = ctx->thread->d->deadline_ns;
   if (deadline && util_time_ns() > deadline) {
      kx_thread_fault(ctx->thread, "shader timeout: a loop ran past the watchdog");
      return true;
   }
   return false;
}

/* --- the emitter ------------------------------------------------------------------ */

struct kxj_emit {
   const struct kx_program *prog;
   LLVMContextRef c;
   LLVMModuleRef m;
   LLVMBuilderRef b;
   LLVMValueRef fn;
   LLVMTypeRef i1, i8, i32, i64, mask_t, ptr, f32, f64;
   LLVMTypeRef v1, v32, v64, vf32, vf64;
   LLVMValueRef ctx, regs, stack, exec_var;
   LLVMBasicBlockRef *bb, ret_bb;
   int32_t *depth; /* mask-stack depth before each instruction */
   int32_t *loop;  /* innermost loop frame before each instruction, -1 if none */
   struct kx_instr *pairs; /* fallback copies: [instr, END] each */
   uint32_t num_pairs;
   kx_run_fn interp;
   unsigned group_lanes; /* 32-bit lanes of a vector register */
   char *error;
};

static void
kxj_fail(struct kxj_emit *e, const char *fmt, unsigned a, unsigned b)
{
   if (e->error)
      return;
   char buf[160];
   snprintf(buf, sizeof(buf), fmt, a, b);
   e->error = strdup(buf);
}

static LLVMValueRef
kxj_u64(struct kxj_emit *e, uint64_t v)
{
   return LLVMConstInt(e->i64, v, false);
}

static LLVMValueRef
kxj_const_ptr(struct kxj_emit *e, const void *p)
{
   return LLVMConstIntToPtr(kxj_u64(e, (uint64_t)(uintptr_t)p), e->ptr);
}

static LLVMValueRef
kxj_field_ptr(struct kxj_emit *e, LLVMValueRef base, uint64_t offset_B)
{
   LLVMValueRef idx = kxj_u64(e, offset_B);
   return LLVMBuildGEP2(e->b, e->i8, base, &idx, 1, "");
}

static LLVMValueRef
kxj_load(struct kxj_emit *e, LLVMTypeRef t, LLVMValueRef base, uint64_t offset_B,
         unsigned align)
{
   LLVMValueRef v = LLVMBuildLoad2(e->b, t, kxj_field_ptr(e, base, offset_B), "");
   LLVMSetAlignment(v, align);
   return v;
}

static void
kxj_store(struct kxj_emit *e, LLVMValueRef v, LLVMValueRef base, uint64_t offset_B,
          unsigned align)
{
   LLVMValueRef s = LLVMBuildStore(e->b, v, kxj_field_ptr(e, base, offset_B));
   LLVMSetAlignment(s, align);
}

/* Register slots. */
static LLVMValueRef
kxj_reg(struct kxj_emit *e, LLVMTypeRef t, uint32_t offset_B)
{
   return kxj_load(e, t, e->regs, offset_B, 4);
}

static void
kxj_set_reg(struct kxj_emit *e, uint32_t offset_B, LLVMValueRef v)
{
   kxj_store(e, v, e->regs, offset_B, 4);
}

static LLVMValueRef
kxj_splat(struct kxj_emit *e, LLVMTypeRef elem, uint64_t v)
{
   LLVMValueRef s = LLVMConstInt(elem, v, false);
   LLVMValueRef lanes[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      lanes[l] = s;
   return LLVMConstVector(lanes, KX_W);
}

static LLVMValueRef
kxj_splat_f32(struct kxj_emit *e, float v)
{
   LLVMValueRef s = LLVMConstReal(e->f32, v);
   LLVMValueRef lanes[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      lanes[l] = s;
   return LLVMConstVector(lanes, KX_W);
}

/* The exec mask. */
static LLVMValueRef
kxj_exec(struct kxj_emit *e)
{
   return LLVMBuildLoad2(e->b, e->mask_t, e->exec_var, "exec");
}

static void
kxj_set_exec(struct kxj_emit *e, LLVMValueRef v)
{
   LLVMBuildStore(e->b, v, e->exec_var);
}

/* Mask-stack frame fields (struct kx_frame a / b). */
static uint64_t
kxj_frame_offset(unsigned frame, bool b)
{
   return frame * sizeof(struct kx_frame) +
          (b ? offsetof(struct kx_frame, b) : offsetof(struct kx_frame, a));
}

static LLVMValueRef
kxj_frame(struct kxj_emit *e, unsigned frame, bool b)
{
   return kxj_load(e, e->mask_t, e->stack, kxj_frame_offset(frame, b), 8);
}

static void
kxj_set_frame(struct kxj_emit *e, unsigned frame, bool b, LLVMValueRef v)
{
   kxj_store(e, v, e->stack, kxj_frame_offset(frame, b), 8);
}

/* The lanes where a boolean register is true, as a mask integer. */
static LLVMValueRef
kxj_bool_mask(struct kxj_emit *e, uint32_t offset_B)
{
   LLVMValueRef v = LLVMBuildAnd(e->b, kxj_reg(e, e->v32, offset_B), kxj_splat(e, e->i32, 1), "");
   LLVMValueRef c = LLVMBuildICmp(e->b, LLVMIntNE, v, kxj_splat(e, e->i32, 0), "");
   return LLVMBuildBitCast(e->b, c, e->mask_t, "");
}

static LLVMValueRef
kxj_mask_lanes(struct kxj_emit *e, LLVMValueRef mask)
{
   return LLVMBuildBitCast(e->b, mask, e->v1, "");
}

static LLVMValueRef
kxj_is_zero(struct kxj_emit *e, LLVMValueRef mask)
{
   return LLVMBuildICmp(e->b, LLVMIntEQ, mask, LLVMConstInt(e->mask_t, 0, false), "");
}

/* Branches to `target` if the exec mask is zero, else to the next instruction. */
static void
kxj_branch_if_idle(struct kxj_emit *e, uint32_t i, uint32_t target)
{
   LLVMBuildCondBr(e->b, kxj_is_zero(e, kxj_exec(e)), e->bb[target], e->bb[i + 1]);
}

static LLVMValueRef
kxj_call(struct kxj_emit *e, LLVMTypeRef ret, void *fn, LLVMValueRef *args, unsigned n)
{
   LLVMTypeRef params[3] = {e->ptr, e->ptr, e->ptr};
   LLVMTypeRef ft = LLVMFunctionType(ret, params, n, false);
   return LLVMBuildCall2(e->b, ft, kxj_const_ptr(e, fn), args, n, "");
}

/* Stops the strip (the function returns) unless `ok`. */
static void
kxj_return_unless(struct kxj_emit *e, LLVMValueRef ok, uint32_t i)
{
   LLVMBasicBlockRef cont = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBuildCondBr(e->b, ok, cont, e->ret_bb);
   LLVMPositionBuilderAtEnd(e->b, cont);
   (void)i;
}

/* --- ALU ---------------------------------------------------------------------------- */

enum kxj_alu {
   KXJ_NONE,
   KXJ_FADD, KXJ_FSUB, KXJ_FMUL, KXJ_FDIV, KXJ_FFMA, KXJ_FNEG, KXJ_FABS, KXJ_FSQRT,
   KXJ_FFLOOR, KXJ_FCEIL, KXJ_FTRUNC, KXJ_FMIN, KXJ_FMAX, KXJ_FSAT,
   KXJ_FLT, KXJ_FGE, KXJ_FEQ, KXJ_FNEU,
   KXJ_IADD, KXJ_ISUB, KXJ_IMUL, KXJ_INEG, KXJ_IAND, KXJ_IOR, KXJ_IXOR, KXJ_INOT,
   KXJ_ISHL, KXJ_ISHR, KXJ_USHR, KXJ_IMIN, KXJ_IMAX, KXJ_UMIN, KXJ_UMAX,
   KXJ_IEQ, KXJ_INE, KXJ_ILT, KXJ_IGE, KXJ_ULT, KXJ_UGE,
   KXJ_BCSEL, KXJ_I2F, KXJ_U2F, KXJ_F2I, KXJ_F2U, KXJ_B2F, KXJ_B2I,
   KXJ_SEXT, KXJ_ZEXT, KXJ_TRUNC,
};

struct kxj_alu_def {
   const char *name; /* kx_opcode_name() */
   enum kxj_alu kind;
   uint8_t bits; /* operand (or result) width: 1, 32 or 64 */
};

/* The ALU ops compiled natively; each is the folder's expression
 * (nir_opcodes.py, kx_gen.py's OVERRIDES) written as LLVM IR. */
static const struct kxj_alu_def kxj_alu_defs[] = {
   {"fadd32", KXJ_FADD, 32},   {"fsub32", KXJ_FSUB, 32},   {"fmul32", KXJ_FMUL, 32},
   {"fdiv32", KXJ_FDIV, 32},   {"ffma32", KXJ_FFMA, 32},   {"fneg32", KXJ_FNEG, 32},
   {"fabs32", KXJ_FABS, 32},   {"fsqrt32", KXJ_FSQRT, 32}, {"ffloor32", KXJ_FFLOOR, 32},
   {"fceil32", KXJ_FCEIL, 32}, {"ftrunc32", KXJ_FTRUNC, 32}, {"fmin32", KXJ_FMIN, 32},
   {"fmax32", KXJ_FMAX, 32},   {"fsat32", KXJ_FSAT, 32},   {"flt32", KXJ_FLT, 32},
   {"fge32", KXJ_FGE, 32},     {"feq32", KXJ_FEQ, 32},     {"fneu32", KXJ_FNEU, 32},
   {"iadd32", KXJ_IADD, 32},   {"isub32", KXJ_ISUB, 32},   {"imul32", KXJ_IMUL, 32},
   {"ineg32", KXJ_INEG, 32},   {"iand32", KXJ_IAND, 32},   {"ior32", KXJ_IOR, 32},
   {"ixor32", KXJ_IXOR, 32},   {"inot32", KXJ_INOT, 32},   {"ishl32", KXJ_ISHL, 32},
   {"ishr32", KXJ_ISHR, 32},   {"ushr32", KXJ_USHR, 32},   {"imin32", KXJ_IMIN, 32},
   {"imax32", KXJ_IMAX, 32},   {"umin32", KXJ_UMIN, 32},   {"umax32", KXJ_UMAX, 32},
   {"ieq32", KXJ_IEQ, 32},     {"ine32", KXJ_INE, 32},     {"ilt32", KXJ_ILT, 32},
   {"ige32", KXJ_IGE, 32},     {"ult32", KXJ_ULT, 32},     {"uge32", KXJ_UGE, 32},
   {"bcsel32", KXJ_BCSEL, 32}, {"i2f3232", KXJ_I2F, 32},   {"u2f3232", KXJ_U2F, 32},
   {"f2i3232", KXJ_F2I, 32},   {"f2u3232", KXJ_F2U, 32},   {"b2f32", KXJ_B2F, 32},
   {"b2i32", KXJ_B2I, 32},
   {"iand1", KXJ_IAND, 1},     {"ior1", KXJ_IOR, 1},       {"ixor1", KXJ_IXOR, 1},
   {"inot1", KXJ_INOT, 1},     {"ieq1", KXJ_IEQ, 1},       {"ine1", KXJ_INE, 1},
   {"bcsel1", KXJ_BCSEL, 1},
   {"iadd64", KXJ_IADD, 64},   {"isub64", KXJ_ISUB, 64},   {"imul64", KXJ_IMUL, 64},
   {"iand64", KXJ_IAND, 64},   {"ior64", KXJ_IOR, 64},     {"ixor64", KXJ_IXOR, 64},
   {"ishl64", KXJ_ISHL, 64},   {"ushr64", KXJ_USHR, 64},   {"ieq64", KXJ_IEQ, 64},
   {"ine64", KXJ_INE, 64},     {"ult64", KXJ_ULT, 64},     {"uge64", KXJ_UGE, 64},
   {"bcsel64", KXJ_BCSEL, 64}, {"i2i6432", KXJ_SEXT, 64},  {"u2u6432", KXJ_ZEXT, 64},
   {"i2i3264", KXJ_TRUNC, 64}, {"u2u3264", KXJ_TRUNC, 64},
};

static const struct kxj_alu_def *
kxj_alu_lookup(unsigned op)
{
   static const struct kxj_alu_def *table[KX_OP_COUNT];
   static bool init;
   /* Benign race: every thread computes the same table. */
   if (!__atomic_load_n(&init, __ATOMIC_ACQUIRE)) {
      for (unsigned o = KX_OP_FIRST_ALU; o < KX_OP_COUNT; o++) {
         const char *name = kx_opcode_name(o);
         for (unsigned d = 0; d < ARRAY_SIZE(kxj_alu_defs); d++) {
            if (!strcmp(kxj_alu_defs[d].name, name))
               __atomic_store_n(&table[o], &kxj_alu_defs[d], __ATOMIC_RELAXED);
         }
      }
      __atomic_store_n(&init, true, __ATOMIC_RELEASE);
   }
   return op < KX_OP_COUNT ? table[op] : NULL;
}

bool
kxj_alu_native(unsigned kx_op)
{
   return kxj_alu_lookup(kx_op) != NULL;
}

static LLVMValueRef
kxj_intrinsic(struct kxj_emit *e, const char *name, LLVMTypeRef t, LLVMValueRef *args,
              unsigned n)
{
   const unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef f = LLVMGetIntrinsicDeclaration(e->m, id, &t, 1);
   return LLVMBuildCall2(e->b, LLVMIntrinsicGetType(e->c, id, &t, 1), f, args, n, "");
}

/* A 0/1 boolean register from an i1 vector. */
static LLVMValueRef
kxj_bool(struct kxj_emit *e, LLVMValueRef c)
{
   return LLVMBuildZExt(e->b, c, e->v32, "");
}

static bool
kxj_emit_alu(struct kxj_emit *e, const struct kx_instr *ip)
{
   const struct kxj_alu_def *def = kxj_alu_lookup(ip->op);
   if (!def)
      return false;
   LLVMBuilderRef b = e->b;
   const unsigned bits = def->bits;
   LLVMValueRef r;
   if (def->kind <= KXJ_FNEU) {
      LLVMValueRef s0 = kxj_reg(e, e->vf32, ip->src[0]), s1 = NULL, s2 = NULL;
      if (def->kind == KXJ_FFMA || def->kind == KXJ_FADD || def->kind == KXJ_FSUB ||
          def->kind == KXJ_FMUL || def->kind == KXJ_FDIV || def->kind == KXJ_FMIN ||
          def->kind == KXJ_FMAX || def->kind >= KXJ_FLT)
         s1 = kxj_reg(e, e->vf32, ip->src[1]);
      if (def->kind == KXJ_FFMA)
         s2 = kxj_reg(e, e->vf32, ip->src[2]);
      LLVMValueRef args[3] = {s0, s1, s2};
      switch (def->kind) {
      case KXJ_FADD: r = LLVMBuildFAdd(b, s0, s1, ""); break;
      case KXJ_FSUB: r = LLVMBuildFSub(b, s0, s1, ""); break;
      case KXJ_FMUL: r = LLVMBuildFMul(b, s0, s1, ""); break;
      case KXJ_FDIV: r = LLVMBuildFDiv(b, s0, s1, ""); break;
      case KXJ_FFMA: r = kxj_intrinsic(e, "llvm.fma", e->vf32, args, 3); break;
      case KXJ_FNEG: r = LLVMBuildFNeg(b, s0, ""); break;
      case KXJ_FABS: r = kxj_intrinsic(e, "llvm.fabs", e->vf32, args, 1); break;
      case KXJ_FSQRT: r = kxj_intrinsic(e, "llvm.sqrt", e->vf32, args, 1); break;
      case KXJ_FFLOOR: r = kxj_intrinsic(e, "llvm.floor", e->vf32, args, 1); break;
      case KXJ_FCEIL: r = kxj_intrinsic(e, "llvm.ceil", e->vf32, args, 1); break;
      case KXJ_FTRUNC: r = kxj_intrinsic(e, "llvm.trunc", e->vf32, args, 1); break;
      case KXJ_FMIN:
      case KXJ_FMAX: {
         /* (src1 != src1 || src0 < src1) ? src0 : src1 (IEEE minNum: a NaN loses) */
         LLVMValueRef nan1 = LLVMBuildFCmp(b, LLVMRealUNO, s1, s1, "");
         LLVMValueRef lt = LLVMBuildFCmp(b, def->kind == KXJ_FMIN ? LLVMRealOLT : LLVMRealOGT,
                                         s0, s1, "");
         r = LLVMBuildSelect(b, LLVMBuildOr(b, nan1, lt, ""), s0, s1, "");
         break;
      }
      case KXJ_FSAT: {
         /* src0 > 0 ? (src0 < 1 ? src0 : 1) : 0 */
         LLVMValueRef gt0 = LLVMBuildFCmp(b, LLVMRealOGT, s0, kxj_splat_f32(e, 0.0f), "");
         LLVMValueRef lt1 = LLVMBuildFCmp(b, LLVMRealOLT, s0, kxj_splat_f32(e, 1.0f), "");
         r = LLVMBuildSelect(b, gt0, LLVMBuildSelect(b, lt1, s0, kxj_splat_f32(e, 1.0f), ""),
                             kxj_splat_f32(e, 0.0f), "");
         break;
      }
      case KXJ_FLT: r = kxj_bool(e, LLVMBuildFCmp(b, LLVMRealOLT, s0, s1, "")); break;
      case KXJ_FGE: r = kxj_bool(e, LLVMBuildFCmp(b, LLVMRealOGE, s0, s1, "")); break;
      case KXJ_FEQ: r = kxj_bool(e, LLVMBuildFCmp(b, LLVMRealOEQ, s0, s1, "")); break;
      default: r = kxj_bool(e, LLVMBuildFCmp(b, LLVMRealUNE, s0, s1, "")); break;
      }
      kxj_set_reg(e, ip->dst, r);
      return true;
   }

   /* Integer ops; 1-bit values are 0/1 in 32 bits (read & 1, written & 1). */
   LLVMValueRef one32 = kxj_splat(e, e->i32, 1);
   LLVMTypeRef vt = bits == 64 ? e->v64 : e->v32;
   LLVMTypeRef et = bits == 64 ? e->i64 : e->i32;
   const unsigned nsrc = kx_alu_operand_count(ip->op);
   LLVMValueRef s[3] = {NULL, NULL, NULL};
   for (unsigned i = 0; i < nsrc && i < 3; i++) {
      LLVMTypeRef t = vt;
      /* 32-bit operands of 64-bit ops: shift counts, the select's condition
       * and conversions from 32 bits. */
      if (bits == 64 && ((i == 1 && (def->kind == KXJ_ISHL || def->kind == KXJ_USHR)) ||
                         (i == 0 && def->kind == KXJ_BCSEL) || def->kind == KXJ_SEXT ||
                         def->kind == KXJ_ZEXT))
         t = e->v32;
      s[i] = kxj_reg(e, t, ip->src[i]);
      if (bits == 1 || (i == 0 && (def->kind == KXJ_BCSEL || def->kind == KXJ_B2F ||
                                   def->kind == KXJ_B2I)))
         s[i] = LLVMBuildAnd(b, s[i], one32, "");
   }
   switch (def->kind) {
   case KXJ_IADD: r = LLVMBuildAdd(b, s[0], s[1], ""); break;
   case KXJ_ISUB: r = LLVMBuildSub(b, s[0], s[1], ""); break;
   case KXJ_IMUL: r = LLVMBuildMul(b, s[0], s[1], ""); break;
   case KXJ_INEG: r = LLVMBuildNeg(b, s[0], ""); break;
   case KXJ_IAND: r = LLVMBuildAnd(b, s[0], s[1], ""); break;
   case KXJ_IOR: r = LLVMBuildOr(b, s[0], s[1], ""); break;
   case KXJ_IXOR: r = LLVMBuildXor(b, s[0], s[1], ""); break;
   case KXJ_INOT: r = LLVMBuildNot(b, s[0], ""); break;
   case KXJ_ISHL:
   case KXJ_ISHR:
   case KXJ_USHR: {
      LLVMValueRef n = LLVMBuildAnd(b, s[1], kxj_splat(e, e->i32, bits - 1), "");
      if (bits == 64)
         n = LLVMBuildZExt(b, n, e->v64, "");
      r = def->kind == KXJ_ISHL   ? LLVMBuildShl(b, s[0], n, "")
          : def->kind == KXJ_ISHR ? LLVMBuildAShr(b, s[0], n, "")
                                  : LLVMBuildLShr(b, s[0], n, "");
      break;
   }
   case KXJ_IMIN: r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, s[0], s[1], ""), s[0], s[1], ""); break;
   case KXJ_IMAX: r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSGT, s[0], s[1], ""), s[0], s[1], ""); break;
   case KXJ_UMIN: r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntULT, s[0], s[1], ""), s[0], s[1], ""); break;
   case KXJ_UMAX: r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntUGT, s[0], s[1], ""), s[0], s[1], ""); break;
   case KXJ_IEQ: r = kxj_bool(e, LLVMBuildICmp(b, LLVMIntEQ, s[0], s[1], "")); break;
   case KXJ_INE: r = kxj_bool(e, LLVMBuildICmp(b, LLVMIntNE, s[0], s[1], "")); break;
   case KXJ_ILT: r = kxj_bool(e, LLVMBuildICmp(b, LLVMIntSLT, s[0], s[1], "")); break;
   case KXJ_IGE: r = kxj_bool(e, LLVMBuildICmp(b, LLVMIntSGE, s[0], s[1], "")); break;
   case KXJ_ULT: r = kxj_bool(e, LLVMBuildICmp(b, LLVMIntULT, s[0], s[1], "")); break;
   case KXJ_UGE: r = kxj_bool(e, LLVMBuildICmp(b, LLVMIntUGE, s[0], s[1], "")); break;
   case KXJ_BCSEL:
      r = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntNE, s[0], kxj_splat(e, e->i32, 0), ""),
                          s[1], s[2], "");
      break;
   case KXJ_I2F: r = LLVMBuildBitCast(b, LLVMBuildSIToFP(b, s[0], e->vf32, ""), e->v32, ""); break;
   case KXJ_U2F: r = LLVMBuildBitCast(b, LLVMBuildUIToFP(b, s[0], e->vf32, ""), e->v32, ""); break;
   case KXJ_F2I:
   case KXJ_F2U: {
      /* kx_gen.py's f2i32/f2u32: NaN -> 0, saturating. */
      LLVMValueRef f = LLVMBuildBitCast(b, s[0], e->vf32, "");
      LLVMValueRef r0;
      if (def->kind == KXJ_F2I) {
         LLVMValueRef nan = LLVMBuildFCmp(b, LLVMRealUNO, f, f, "");
         LLVMValueRef hi = LLVMBuildFCmp(b, LLVMRealOGE, f, kxj_splat_f32(e, 2147483647.0f), "");
         LLVMValueRef lo = LLVMBuildFCmp(b, LLVMRealOLE, f, kxj_splat_f32(e, -2147483648.0f), "");
         r0 = LLVMBuildFPToSI(b, f, e->v32, "");
         r0 = LLVMBuildSelect(b, lo, kxj_splat(e, e->i32, 0x80000000u), r0, "");
         r0 = LLVMBuildSelect(b, hi, kxj_splat(e, e->i32, 0x7fffffffu), r0, "");
         r0 = LLVMBuildSelect(b, nan, kxj_splat(e, e->i32, 0), r0, "");
      } else {
         LLVMValueRef pos = LLVMBuildFCmp(b, LLVMRealOGT, f, kxj_splat_f32(e, 0.0f), "");
         LLVMValueRef hi = LLVMBuildFCmp(b, LLVMRealOGE, f, kxj_splat_f32(e, 4294967295.0f), "");
         r0 = LLVMBuildFPToUI(b, f, e->v32, "");
         r0 = LLVMBuildSelect(b, hi, kxj_splat(e, e->i32, 0xffffffffu), r0, "");
         r0 = LLVMBuildSelect(b, pos, r0, kxj_splat(e, e->i32, 0), "");
      }
      r = LLVMBuildFreeze(b, r0, "");
      break;
   }
   case KXJ_B2F:
      r = LLVMBuildBitCast(b, LLVMBuildUIToFP(b, s[0], e->vf32, ""), e->v32, "");
      break;
   case KXJ_B2I: r = s[0]; break;
   case KXJ_SEXT: r = LLVMBuildSExt(b, s[0], e->v64, ""); break;
   case KXJ_ZEXT: r = LLVMBuildZExt(b, s[0], e->v64, ""); break;
   case KXJ_TRUNC: r = LLVMBuildTrunc(b, s[0], e->v32, ""); break;
   default: return false;
   }
   (void)et;
   if (bits == 1)
      r = LLVMBuildAnd(b, r, one32, "");
   kxj_set_reg(e, ip->dst, r);
   return true;
}

/* --- structure ------------------------------------------------------------------------ */

/* The mask-stack depth and innermost loop frame before each instruction,
 * from the linear order; jumps must land at the depth their op leaves. */
static bool
kxj_check_structure(struct kxj_emit *e)
{
   const struct kx_program *p = e->prog;
   int32_t kinds[256]; /* 0: if, 1: loop */
   int32_t sp = 0, loop = -1;
   for (uint32_t i = 0; i < p->num_instrs; i++) {
      const struct kx_instr *ip = &p->instrs[i];
      e->depth[i] = sp;
      e->loop[i] = loop;
      switch (ip->op) {
      case KX_OP_IF:
      case KX_OP_LOOP:
         if (sp >= (int32_t)ARRAY_SIZE(kinds) || (uint32_t)sp > p->max_depth)
            return false;
         kinds[sp] = ip->op == KX_OP_LOOP;
         if (ip->op == KX_OP_LOOP)
            loop = sp;
         sp++;
         break;
      case KX_OP_ELSE:
         if (sp == 0 || kinds[sp - 1] != 0)
            return false;
         break;
      case KX_OP_ENDIF:
         if (sp == 0 || kinds[sp - 1] != 0)
            return false;
         sp--;
         break;
      case KX_OP_LOOP_END:
         if (sp == 0 || kinds[sp - 1] != 1)
            return false;
         sp--;
         loop = -1;
         for (int32_t f = sp - 1; f >= 0; f--) {
            if (kinds[f] == 1) {
               loop = f;
               break;
            }
         }
         break;
      case KX_OP_BREAK:
      case KX_OP_CONTINUE:
      case KX_OP_BREAK_IF:
      case KX_OP_CONTINUE_IF:
      case KX_OP_CONTINUE_MERGE:
         if (loop < 0)
            return false;
         break;
      case KX_OP_END:
      case KX_OP_BARRIER:
         break;
      default:
         break;
      }
   }
   if (sp != 0)
      return false;
   /* Jump targets: (target, depth expected there). */
   for (uint32_t i = 0; i < p->num_instrs; i++) {
      const struct kx_instr *ip = &p->instrs[i];
      const int32_t d = e->depth[i];
      uint32_t t[2];
      int32_t td[2];
      unsigned n = 0;
      switch (ip->op) {
      case KX_OP_IF: t[0] = ip->imm[0]; td[0] = d + 1; n = 1; break;
      case KX_OP_ELSE: t[0] = ip->imm[0]; td[0] = d; n = 1; break;
      case KX_OP_ENDIF: t[0] = ip->imm[1]; td[0] = d - 1; n = 1; break;
      case KX_OP_LOOP: t[0] = ip->imm[0]; td[0] = d; n = 1; break;
      case KX_OP_LOOP_END:
         t[0] = ip->imm[0], td[0] = d;
         t[1] = ip->imm[1], td[1] = d - 1;
         n = 2;
         break;
      case KX_OP_BREAK:
      case KX_OP_CONTINUE:
      case KX_OP_BREAK_IF:
      case KX_OP_CONTINUE_IF:
      case KX_OP_CONTINUE_MERGE: t[0] = ip->imm[1]; td[0] = d; n = 1; break;
      default: break;
      }
      for (unsigned k = 0; k < n; k++) {
         if (t[k] >= p->num_instrs || e->depth[t[k]] != td[k])
            return false;
      }
   }
   return true;
}

/* --- instructions ---------------------------------------------------------------------- */

static void
kxj_emit_fallback(struct kxj_emit *e, const struct kx_instr *ip)
{
   struct kx_instr *pair = &e->pairs[2 * e->num_pairs++];
   pair[0] = *ip;
   memset(&pair[1], 0, sizeof(pair[1]));
   pair[1].op = KX_OP_END;
   kxj_store(e, kxj_exec(e), e->ctx, offsetof(struct kx_ctx, exec), 8);
   LLVMValueRef args[3] = {e->ctx, kxj_const_ptr(e, pair), kxj_const_ptr(e, (void *)e->interp)};
   LLVMValueRef ok = kxj_call(e, e->i1, (void *)kxj_call_interp, args, 3);
   kxj_return_unless(e, ok, 0);
}

/* --- memory and system values --------------------------------------------------------- */

static LLVMValueRef
kxj_broadcast(struct kxj_emit *e, LLVMValueRef v, const char *name)
{
   LLVMTypeRef vt = LLVMVectorType(LLVMTypeOf(v), KX_W);
   LLVMValueRef one = LLVMBuildInsertElement(e->b, LLVMGetUndef(vt), v,
                                             LLVMConstInt(e->i32, 0, false), "");
   return LLVMBuildShuffleVector(e->b, one, LLVMGetUndef(vt),
                                 LLVMConstNull(LLVMVectorType(e->i32, KX_W)), name);
}

static LLVMValueRef
kxj_lane_index(struct kxj_emit *e, LLVMTypeRef elem, uint64_t scale, uint64_t add)
{
   LLVMValueRef lanes[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      lanes[l] = LLVMConstInt(elem, add + l * scale, false);
   return LLVMConstVector(lanes, KX_W);
}

static LLVMValueRef
kxj_reduce(struct kxj_emit *e, const char *name, LLVMValueRef v)
{
   return kxj_intrinsic(e, name, LLVMTypeOf(v), &v, 1);
}

/* Whether every lane of an i1 vector is set. */
static LLVMValueRef
kxj_all(struct kxj_emit *e, LLVMValueRef c)
{
   return LLVMBuildICmp(e->b, LLVMIntEQ, LLVMBuildBitCast(e->b, c, e->mask_t, ""),
                        LLVMConstAllOnes(e->mask_t), "");
}

/* The host address of [lo, hi + size_B) through the thread's TLB, or null
 * (then the interpreter's handler takes the instruction). */
static LLVMValueRef
kxj_try_map(struct kxj_emit *e, LLVMValueRef lo, LLVMValueRef hi, uint32_t size_B)
{
   LLVMValueRef thread = kxj_load(e, e->ptr, e->ctx, offsetof(struct kx_ctx, thread), 8);
   LLVMValueRef len = LLVMBuildAdd(e->b, LLVMBuildSub(e->b, hi, lo, ""), kxj_u64(e, size_B), "");
   LLVMTypeRef params[3] = {e->ptr, e->i64, e->i64};
   LLVMTypeRef ft = LLVMFunctionType(e->ptr, params, 3, false);
   LLVMValueRef args[3] = {thread, lo, len};
   return LLVMBuildCall2(e->b, ft, kxj_const_ptr(e, (void *)kx_mem_try_map), args, 3, "");
}

/* Lowest and highest address of the active lanes. */
static void
kxj_address_range(struct kxj_emit *e, LLVMValueRef addr, LLVMValueRef lanes, LLVMValueRef *lo,
                  LLVMValueRef *hi)
{
   *lo = kxj_reduce(e, "llvm.vector.reduce.umin",
                    LLVMBuildSelect(e->b, lanes, addr, kxj_splat(e, e->i64, UINT64_MAX), ""));
   *hi = kxj_reduce(e, "llvm.vector.reduce.umax",
                    LLVMBuildSelect(e->b, lanes, addr, kxj_splat(e, e->i64, 0), ""));
}

static LLVMValueRef
kxj_masked_op(struct kxj_emit *e, const char *name, LLVMTypeRef overload, LLVMValueRef *args,
              unsigned n)
{
   LLVMTypeRef types[2] = {overload, LLVMVectorType(e->ptr, KX_W)};
   const unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
   LLVMValueRef f = LLVMGetIntrinsicDeclaration(e->m, id, types, 2);
   return LLVMBuildCall2(e->b, LLVMIntrinsicGetType(e->c, id, types, 2), f, args, n, "");
}

/* 32-bit global loads and stores, as kx_op_load_global / kx_op_store_global
 * compute them when the active lanes' range is mapped; anything else (a
 * fault, the null page, other sizes, overlapping multi-component stores)
 * goes to the interpreter. Returns false if the instruction is not one of
 * these. */
static bool
kxj_emit_global(struct kxj_emit *e, const struct kx_instr *ip)
{
   if (ip->bits != 32 || ip->n == 0 || ip->n > 4)
      return false;
   const bool store = ip->op == KX_OP_STORE_GLOBAL;
   const unsigned n = ip->n;
   const uint32_t size_B = 4 * n;
   const uint32_t *regs = e->prog->aux + ip->imm[2];
   if (store && ip->imm[1] != (1u << n) - 1)
      return false; /* partial write masks: the interpreter */
   LLVMBuilderRef b = e->b;
   LLVMValueRef exec = kxj_exec(e);
   LLVMValueRef lanes = kxj_mask_lanes(e, exec);
   LLVMValueRef addr = kxj_reg(e, e->v64, ip->src[0]);
   LLVMValueRef lo, hi;
   kxj_address_range(e, addr, lanes, &lo, &hi);
   LLVMValueRef base = kxj_try_map(e, lo, hi, size_B);

   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef gather = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef contiguous = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBuildCondBr(b, LLVMBuildIsNull(b, base, ""), slow, fast);

   /* Every lane active and at lo + lane * size_B: one vector access. */
   LLVMPositionBuilderAtEnd(b, fast);
   LLVMValueRef seq = LLVMBuildAdd(
      b, kxj_broadcast(e, lo, ""), kxj_lane_index(e, e->i64, size_B, 0), "");
   LLVMValueRef is_seq = LLVMBuildAnd(
      b, kxj_all(e, LLVMBuildICmp(b, LLVMIntEQ, addr, seq, "")),
      LLVMBuildICmp(b, LLVMIntEQ, exec, LLVMConstAllOnes(e->mask_t), ""), "");
   LLVMBuildCondBr(b, is_seq, contiguous, gather);

   LLVMTypeRef wide = LLVMVectorType(e->i32, KX_W * n);
   LLVMPositionBuilderAtEnd(b, contiguous);
   if (store) {
      LLVMValueRef v = NULL;
      if (n == 1) {
         v = kxj_reg(e, e->v32, regs[0]);
      } else {
         /* Interleave the components: element l * n + c is component c of lane l. */
         LLVMValueRef parts[4];
         for (unsigned c = 0; c < n; c++)
            parts[c] = kxj_reg(e, e->v32, regs[c]);
         LLVMValueRef idx[KX_W * 4];
         for (unsigned l = 0; l < KX_W; l++)
            for (unsigned c = 0; c < n; c++)
               idx[l * n + c] = LLVMConstInt(e->i32, c * KX_W + l, false);
         LLVMValueRef cat = parts[0];
         /* Concatenate pairwise into one n * KX_W vector. */
         if (n == 2) {
            LLVMValueRef ci[2 * KX_W];
            for (unsigned k = 0; k < 2 * KX_W; k++)
               ci[k] = LLVMConstInt(e->i32, k, false);
            cat = LLVMBuildShuffleVector(b, parts[0], parts[1], LLVMConstVector(ci, 2 * KX_W), "");
         } else {
            LLVMValueRef ci[4 * KX_W];
            for (unsigned k = 0; k < 4 * KX_W; k++)
               ci[k] = LLVMConstInt(e->i32, k, false);
            LLVMValueRef p3 = n == 4 ? parts[3] : LLVMGetUndef(e->v32);
            LLVMValueRef a = LLVMBuildShuffleVector(b, parts[0], parts[1], LLVMConstVector(ci, 2 * KX_W), "");
            LLVMValueRef c2 = LLVMBuildShuffleVector(b, parts[2], p3, LLVMConstVector(ci, 2 * KX_W), "");
            cat = LLVMBuildShuffleVector(b, a, c2, LLVMConstVector(ci, 4 * KX_W), "");
         }
         v = LLVMBuildShuffleVector(b, cat, LLVMGetUndef(LLVMTypeOf(cat)),
                                    LLVMConstVector(idx, KX_W * n), "");
      }
      LLVMValueRef st = LLVMBuildStore(b, v, base);
      LLVMSetAlignment(st, 4);
   } else {
      LLVMValueRef v = LLVMBuildLoad2(b, n == 1 ? e->v32 : wide, base, "");
      LLVMSetAlignment(v, 4);
      for (unsigned c = 0; c < n; c++) {
         LLVMValueRef comp = v;
         if (n > 1) {
            LLVMValueRef idx[KX_W];
            for (unsigned l = 0; l < KX_W; l++)
               idx[l] = LLVMConstInt(e->i32, l * n + c, false);
            comp = LLVMBuildShuffleVector(b, v, LLVMGetUndef(wide), LLVMConstVector(idx, KX_W), "");
         }
         kxj_set_reg(e, regs[c], comp);
      }
   }
   LLVMBuildBr(b, done);

   /* Any addresses inside the mapped range: masked gathers / scatters by
    * lane (a scatter writes lanes in order: the highest lane wins, as the
    * interpreter's loop). Multi-component stores that are not contiguous
    * go to the interpreter (its lane-major order). */
   LLVMPositionBuilderAtEnd(b, gather);
   if (store && n > 1) {
      LLVMBuildBr(b, slow);
   } else {
      LLVMValueRef idx = LLVMBuildNeg(b, lo, "");
      LLVMValueRef host = LLVMBuildGEP2(b, e->i8, base, &idx, 1, "");
      for (unsigned c = 0; c < n; c++) {
         LLVMValueRef off = LLVMBuildAdd(b, addr, kxj_splat(e, e->i64, 4 * c), "");
         LLVMValueRef ptrs = LLVMBuildGEP2(b, e->i8, host, &off, 1, "");
         LLVMValueRef align = LLVMConstInt(e->i32, 4, false);
         if (store) {
            if (!(ip->imm[1] & 1))
               continue;
            LLVMValueRef args[4] = {kxj_reg(e, e->v32, regs[0]), ptrs, align, lanes};
            kxj_masked_op(e, "llvm.masked.scatter", e->v32, args, 4);
         } else {
            LLVMValueRef args[4] = {ptrs, align, lanes, kxj_reg(e, e->v32, regs[c])};
            kxj_set_reg(e, regs[c], kxj_masked_op(e, "llvm.masked.gather", e->v32, args, 4));
         }
      }
      LLVMBuildBr(b, done);
   }

   LLVMPositionBuilderAtEnd(b, slow);
   kxj_emit_fallback(e, ip);
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, done);
   return true;
}

/* Concatenates KX_W / g vectors of g lanes into one strip vector. */
static LLVMValueRef
kxj_concat(struct kxj_emit *e, LLVMValueRef *parts, unsigned count, unsigned g)
{
   while (count > 1) {
      LLVMValueRef idx[KX_W];
      for (unsigned k = 0; k < 2 * g; k++)
         idx[k] = LLVMConstInt(e->i32, k, false);
      for (unsigned i = 0; i < count / 2; i++)
         parts[i] = LLVMBuildShuffleVector(e->b, parts[2 * i], parts[2 * i + 1],
                                           LLVMConstVector(idx, 2 * g), "");
      count /= 2;
      g *= 2;
   }
   return parts[0];
}

/* A shared load of every lane (in range: the value, else zero). Tiles are
 * read by rows and columns, so, per group of lanes the width of a vector
 * register: every group consecutive is one vector load each, every group
 * on one offset a broadcast each; anything else masked gathers. The same
 * values either way. */
static void
kxj_emit_shared_load(struct kxj_emit *e, LLVMValueRef base, LLVMValueRef off, LLVMValueRef ok,
                     const uint32_t *regs, unsigned n)
{
   LLVMBuilderRef b = e->b;
   const unsigned g = e->group_lanes, groups = KX_W / g;
   LLVMValueRef first_idx[KX_W], step[KX_W];
   for (unsigned l = 0; l < KX_W; l++) {
      first_idx[l] = LLVMConstInt(e->i32, l - l % g, false);
      step[l] = LLVMConstInt(e->i32, 4 * (l % g), false);
   }
   /* Each lane's group's first offset. */
   LLVMValueRef firsts = LLVMBuildShuffleVector(b, off, LLVMGetUndef(e->v32),
                                                LLVMConstVector(first_idx, KX_W), "");
   LLVMValueRef all_ok = kxj_all(e, ok);
   LLVMValueRef rows = LLVMBuildAnd(
      b, all_ok,
      kxj_all(e, LLVMBuildICmp(b, LLVMIntEQ, off,
                               LLVMBuildAdd(b, firsts, LLVMConstVector(step, KX_W), ""), "")),
      "");
   LLVMValueRef bcast =
      LLVMBuildAnd(b, all_ok, kxj_all(e, LLVMBuildICmp(b, LLVMIntEQ, off, firsts, "")), "");

   LLVMBasicBlockRef row_bb = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef not_row = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef bcast_bb = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef gather_bb = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBuildCondBr(b, rows, row_bb, not_row);
   LLVMPositionBuilderAtEnd(b, not_row);
   LLVMBuildCondBr(b, bcast, bcast_bb, gather_bb);

   LLVMTypeRef gt = LLVMVectorType(e->i32, g);
   for (unsigned path = 0; path < 2; path++) {
      LLVMPositionBuilderAtEnd(b, path == 0 ? row_bb : bcast_bb);
      for (unsigned c = 0; c < n; c++) {
         LLVMValueRef parts[KX_W];
         for (unsigned k = 0; k < groups; k++) {
            LLVMValueRef o = LLVMBuildExtractElement(b, off, LLVMConstInt(e->i32, k * g, false), "");
            o = LLVMBuildAdd(b, LLVMBuildZExt(b, o, e->i64, ""), kxj_u64(e, 4 * c), "");
            LLVMValueRef p = LLVMBuildGEP2(b, e->i8, base, &o, 1, "");
            if (path == 0) {
               parts[k] = LLVMBuildLoad2(b, gt, p, "");
               LLVMSetAlignment(parts[k], 4);
            } else {
               LLVMValueRef v = LLVMBuildLoad2(b, e->i32, p, "");
               LLVMSetAlignment(v, 4);
               LLVMValueRef one = LLVMBuildInsertElement(b, LLVMGetUndef(gt), v,
                                                         LLVMConstInt(e->i32, 0, false), "");
               parts[k] = LLVMBuildShuffleVector(b, one, LLVMGetUndef(gt),
                                                 LLVMConstNull(LLVMVectorType(e->i32, g)), "");
            }
         }
         kxj_set_reg(e, regs[c], kxj_concat(e, parts, groups, g));
      }
      LLVMBuildBr(b, done);
   }

   LLVMPositionBuilderAtEnd(b, gather_bb);
   LLVMValueRef off64 = LLVMBuildZExt(b, off, e->v64, "");
   LLVMValueRef align = LLVMConstInt(e->i32, 4, false);
   for (unsigned c = 0; c < n; c++) {
      LLVMValueRef o = LLVMBuildAdd(b, off64, kxj_splat(e, e->i64, 4 * c), "");
      LLVMValueRef ptrs = LLVMBuildGEP2(b, e->i8, base, &o, 1, "");
      LLVMValueRef args[4] = {ptrs, align, ok, kxj_splat(e, e->i32, 0)};
      kxj_set_reg(e, regs[c], kxj_masked_op(e, "llvm.masked.gather", e->v32, args, 4));
   }
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, done);
}

/* 32-bit shared memory when the strip's lanes share one workgroup (the
 * cooperative mode; ctx->shared_uniform), as kx_op_load_shared /
 * kx_op_store_shared compute it: a load reads every lane (in range: the
 * value, out of range: zero), a scalar store writes the active lanes in
 * range, in lane order. Other shapes go to the interpreter. */
static bool
kxj_emit_shared(struct kxj_emit *e, const struct kx_instr *ip)
{
   const bool store = ip->op == KX_OP_STORE_SHARED;
   const unsigned n = ip->n;
   if (ip->bits != 32 || n == 0 || n > 4 || (store && (n != 1 || !(ip->imm[1] & 1))))
      return false;
   LLVMBuilderRef b = e->b;
   const uint64_t size_B = e->prog->info.shared_size_B;
   const uint64_t base_off = store ? ip->imm[0] : ip->imm[1];
   const uint32_t *regs = e->prog->aux + ip->imm[2];

   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMValueRef uniform = kxj_load(e, e->i8, e->ctx, offsetof(struct kx_ctx, shared_uniform), 1);
   LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntNE, uniform, LLVMConstInt(e->i8, 0, false), ""),
                   fast, slow);

   LLVMPositionBuilderAtEnd(b, fast);
   if (base_off + 4 * n > size_B) {
      /* Nothing in range: loads read zero, stores vanish. */
      if (!store) {
         for (unsigned c = 0; c < n; c++)
            kxj_set_reg(e, regs[c], kxj_splat(e, e->i32, 0));
      }
   } else {
      LLVMValueRef shared0 = kxj_load(e, e->ptr, e->ctx, offsetof(struct kx_ctx, shared), 8);
      LLVMValueRef idx = kxj_u64(e, base_off);
      LLVMValueRef base = LLVMBuildGEP2(b, e->i8, shared0, &idx, 1, "");
      const uint32_t last = (uint32_t)(size_B - base_off - 4 * n);
      LLVMValueRef off = kxj_reg(e, e->v32, ip->src[0]);
      LLVMValueRef ok = LLVMBuildICmp(b, LLVMIntULE, off, kxj_splat(e, e->i32, last), "");
      LLVMValueRef off64 = LLVMBuildZExt(b, off, e->v64, "");
      LLVMValueRef align = LLVMConstInt(e->i32, 4, false);
      if (store) {
         LLVMValueRef ptrs = LLVMBuildGEP2(b, e->i8, base, &off64, 1, "");
         LLVMValueRef mask = LLVMBuildAnd(b, ok, kxj_mask_lanes(e, kxj_exec(e)), "");
         LLVMValueRef args[4] = {kxj_reg(e, e->v32, regs[0]), ptrs, align, mask};
         kxj_masked_op(e, "llvm.masked.scatter", e->v32, args, 4);
      } else {
         kxj_emit_shared_load(e, base, off, ok, regs, n);
      }
   }
   LLVMBuildBr(b, done);

   LLVMPositionBuilderAtEnd(b, slow);
   kxj_emit_fallback(e, ip);
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, done);
   return true;
}

/* The 1D global id (a 1D dispatch of 1D workgroups) and the lane index;
 * the other system values through the interpreter. */
static bool
kxj_emit_sysval(struct kxj_emit *e, const struct kx_instr *ip)
{
   LLVMBuilderRef b = e->b;
   if (ip->imm[0] == KX_SV_SUBGROUP_INVOCATION) {
      kxj_set_reg(e, ip->dst, kxj_lane_index(e, e->i32, 1, 0));
      return true;
   }
   const uint16_t *size = e->prog->info.workgroup_size;
   if (ip->imm[0] != KX_SV_GLOBAL_ID_X || size[1] != 1 || size[2] != 1)
      return false;
   LLVMValueRef thread = kxj_load(e, e->ptr, e->ctx, offsetof(struct kx_ctx, thread), 8);
   LLVMValueRef d = kxj_load(e, e->ptr, thread, offsetof(struct kx_thread, d), 8);
   LLVMValueRef c1 = kxj_load(e, e->i32, d, offsetof(struct kx_dispatch, count[1]), 4);
   LLVMValueRef c2 = kxj_load(e, e->i32, d, offsetof(struct kx_dispatch, count[2]), 4);
   LLVMValueRef one = LLVMConstInt(e->i32, 1, false);
   LLVMValueRef is_1d = LLVMBuildAnd(b, LLVMBuildICmp(b, LLVMIntEQ, c1, one, ""),
                                     LLVMBuildICmp(b, LLVMIntEQ, c2, one, ""), "");
   LLVMBasicBlockRef fast = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
   LLVMBuildCondBr(b, is_1d, fast, slow);

   LLVMPositionBuilderAtEnd(b, fast);
   LLVMValueRef base0 = kxj_load(e, e->i32, d, offsetof(struct kx_dispatch, base[0]), 4);
   LLVMValueRef first = LLVMBuildTrunc(
      b, kxj_load(e, e->i64, e->ctx, offsetof(struct kx_ctx, first_invocation), 8), e->i32, "");
   first = LLVMBuildAdd(b, LLVMBuildMul(b, base0, LLVMConstInt(e->i32, size[0], false), ""),
                        first, "");
   kxj_set_reg(e, ip->dst, LLVMBuildAdd(b, kxj_broadcast(e, first, ""),
                                        kxj_lane_index(e, e->i32, 1, 0), ""));
   LLVMBuildBr(b, done);

   LLVMPositionBuilderAtEnd(b, slow);
   kxj_emit_fallback(e, ip);
   LLVMBuildBr(b, done);
   LLVMPositionBuilderAtEnd(b, done);
   return true;
}

/* Returns whether the instruction falls through to the next one. */
static bool
kxj_emit_instr(struct kxj_emit *e, uint32_t i)
{
   const struct kx_program *p = e->prog;
   const struct kx_instr *ip = &p->instrs[i];
   LLVMBuilderRef b = e->b;
   const int32_t d = e->depth[i], lf = e->loop[i];
   const LLVMValueRef zero = LLVMConstInt(e->mask_t, 0, false);

   switch (ip->op) {
   case KX_OP_END:
      LLVMBuildStore(b, LLVMConstInt(LLVMInt8TypeInContext(e->c), 1, false),
                     kxj_field_ptr(e, e->ctx, offsetof(struct kx_ctx, done)));
      LLVMBuildBr(b, e->ret_bb);
      return false;
   case KX_OP_BARRIER: {
      /* Yield: the interpreter's state, then resume at the next instruction. */
      kxj_store(e, kxj_exec(e), e->ctx, offsetof(struct kx_ctx, exec), 8);
      kxj_store(e, LLVMConstInt(e->i32, (uint32_t)d, false), e->ctx,
                offsetof(struct kx_ctx, sp), 4);
      kxj_store(e, LLVMConstInt(e->i32, (uint32_t)lf, true), e->ctx,
                offsetof(struct kx_ctx, loop_frame), 4);
      kxj_store(e, kxj_const_ptr(e, ip + 1), e->ctx, offsetof(struct kx_ctx, resume), 8);
      LLVMBuildBr(b, e->ret_bb);
      return false;
   }
   case KX_OP_FENCE:
      LLVMBuildFence(b, LLVMAtomicOrderingSequentiallyConsistent, false, "");
      return true;
   case KX_OP_IF: {
      LLVMValueRef exec = kxj_exec(e);
      LLVMValueRef c = LLVMBuildAnd(b, kxj_bool_mask(e, ip->src[0]), exec, "");
      kxj_set_frame(e, d, false, exec);
      kxj_set_frame(e, d, true, LLVMBuildAnd(b, exec, LLVMBuildNot(b, c, ""), ""));
      kxj_set_exec(e, c);
      kxj_branch_if_idle(e, i, ip->imm[0]);
      return false;
   }
   case KX_OP_ELSE:
      kxj_set_exec(e, kxj_frame(e, d - 1, true));
      kxj_branch_if_idle(e, i, ip->imm[0]);
      return false;
   case KX_OP_ENDIF: {
      LLVMValueRef exec = kxj_frame(e, d - 1, false);
      if (lf >= 0) {
         LLVMValueRef left = LLVMBuildOr(b, kxj_frame(e, lf, false), kxj_frame(e, lf, true), "");
         exec = LLVMBuildAnd(b, exec, LLVMBuildNot(b, left, ""), "");
      }
      kxj_set_exec(e, exec);
      kxj_branch_if_idle(e, i, ip->imm[1]);
      return false;
   }
   case KX_OP_LOOP: {
      LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
      LLVMBuildCondBr(b, kxj_is_zero(e, kxj_exec(e)), e->bb[ip->imm[0]], body);
      LLVMPositionBuilderAtEnd(b, body);
      kxj_set_frame(e, d, false, zero);
      kxj_set_frame(e, d, true, zero);
      return true;
   }
   case KX_OP_BREAK:
   case KX_OP_CONTINUE: {
      const bool cont = ip->op == KX_OP_CONTINUE;
      kxj_set_frame(e, lf, cont, LLVMBuildOr(b, kxj_frame(e, lf, cont), kxj_exec(e), ""));
      kxj_set_exec(e, zero);
      LLVMBuildBr(b, e->bb[ip->imm[1]]);
      return false;
   }
   case KX_OP_BREAK_IF:
   case KX_OP_CONTINUE_IF: {
      const bool cont = ip->op == KX_OP_CONTINUE_IF;
      LLVMValueRef exec = kxj_exec(e);
      LLVMValueRef c = kxj_bool_mask(e, ip->src[0]);
      if (ip->imm[0])
         c = LLVMBuildNot(b, c, "");
      c = LLVMBuildAnd(b, c, exec, "");
      kxj_set_frame(e, lf, cont, LLVMBuildOr(b, kxj_frame(e, lf, cont), c, ""));
      kxj_set_exec(e, LLVMBuildAnd(b, exec, LLVMBuildNot(b, c, ""), ""));
      kxj_branch_if_idle(e, i, ip->imm[1]);
      return false;
   }
   case KX_OP_CONTINUE_MERGE:
      kxj_set_exec(e, LLVMBuildOr(b, kxj_exec(e), kxj_frame(e, lf, true), ""));
      kxj_set_frame(e, lf, true, zero);
      kxj_branch_if_idle(e, i, ip->imm[1]);
      return false;
   case KX_OP_LOOP_END: {
      LLVMValueRef exec = LLVMBuildOr(b, kxj_exec(e), kxj_frame(e, lf, true), "");
      kxj_set_exec(e, exec);
      kxj_set_frame(e, lf, true, zero);
      LLVMBasicBlockRef again = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
      LLVMBasicBlockRef exit = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
      LLVMBuildCondBr(b, kxj_is_zero(e, exec), exit, again);

      /* The back edge, with the watchdog every 4096 times. */
      LLVMPositionBuilderAtEnd(b, again);
      LLVMValueRef n = kxj_load(e, e->i32, e->ctx, offsetof(struct kx_ctx, back_edges), 4);
      n = LLVMBuildAdd(b, n, LLVMConstInt(e->i32, 1, false), "");
      kxj_store(e, n, e->ctx, offsetof(struct kx_ctx, back_edges), 4);
      LLVMValueRef check = LLVMBuildICmp(
         b, LLVMIntEQ, LLVMBuildAnd(b, n, LLVMConstInt(e->i32, 0xfff, false), ""),
         LLVMConstInt(e->i32, 0, false), "");
      LLVMBasicBlockRef dog = LLVMAppendBasicBlockInContext(e->c, e->fn, "");
      LLVMBuildCondBr(b, check, dog, e->bb[ip->imm[0]]);
      LLVMPositionBuilderAtEnd(b, dog);
      LLVMValueRef args[1] = {e->ctx};
      LLVMValueRef stop = kxj_call(e, e->i1, (void *)kxj_watchdog, args, 1);
      LLVMBuildCondBr(b, stop, e->ret_bb, e->bb[ip->imm[0]]);

      LLVMPositionBuilderAtEnd(b, exit);
      kxj_set_exec(e, kxj_frame(e, lf, false));
      kxj_branch_if_idle(e, i, ip->imm[1]);
      return false;
   }
   case KX_OP_COPY32:
   case KX_OP_COPY64: {
      LLVMTypeRef t = ip->op == KX_OP_COPY64 ? e->v64 : e->v32;
      kxj_set_reg(e, ip->dst, kxj_reg(e, t, ip->src[0]));
      return true;
   }
   case KX_OP_MCOPY32:
   case KX_OP_MCOPY64: {
      LLVMTypeRef t = ip->op == KX_OP_MCOPY64 ? e->v64 : e->v32;
      LLVMValueRef v = LLVMBuildSelect(b, kxj_mask_lanes(e, kxj_exec(e)),
                                       kxj_reg(e, t, ip->src[0]), kxj_reg(e, t, ip->dst), "");
      kxj_set_reg(e, ip->dst, v);
      return true;
   }
   case KX_OP_LOAD_GLOBAL:
   case KX_OP_STORE_GLOBAL:
      if (!kxj_emit_global(e, ip))
         kxj_emit_fallback(e, ip);
      return true;
   case KX_OP_LOAD_SHARED:
   case KX_OP_STORE_SHARED:
      if (!kxj_emit_shared(e, ip))
         kxj_emit_fallback(e, ip);
      return true;
   case KX_OP_SYSVAL:
      if (!kxj_emit_sysval(e, ip))
         kxj_emit_fallback(e, ip);
      return true;
   default:
      if (ip->op >= KX_OP_FIRST_ALU && kxj_emit_alu(e, ip))
         return true;
      kxj_emit_fallback(e, ip);
      return true;
   }
}

/* --- the function ------------------------------------------------------------------------ */

LLVMModuleRef
kxj_emit_module(LLVMContextRef c, const struct kx_program *prog, const char *fn_name,
                kx_run_fn interp, unsigned group_lanes, struct kx_instr **pairs_out,
                char **error)
{
   struct kxj_emit e = {.prog = prog, .c = c, .interp = interp, .group_lanes = group_lanes};
   const uint32_t n = prog->num_instrs;
   *pairs_out = NULL;
   if (n == 0) {
      *error = strdup("kxj: empty program");
      return NULL;
   }
   e.depth = calloc(n, sizeof(int32_t));
   e.loop = calloc(n, sizeof(int32_t));
   e.bb = calloc(n + 1, sizeof(LLVMBasicBlockRef));
   e.pairs = calloc(2 * (size_t)n, sizeof(struct kx_instr));
   if (!e.depth || !e.loop || !e.bb || !e.pairs) {
      kxj_fail(&e, "kxj: out of memory", 0, 0);
      goto fail;
   }
   /* Vertex and fragment programs stay on the interpreter: KILL leaves
    * lanes dead (ctx->dead, which the interpreter's control flow masks out)
    * and may jump, and the fallback below does not reload the exec mask. */
   if (prog->info.stage != NIR_STAGE_COMPUTE) {
      kxj_fail(&e, "kxj: only compute programs are compiled", 0, 0);
      goto fail;
   }
   if (!kxj_check_structure(&e)) {
      kxj_fail(&e, "kxj: the program's control flow does not nest", 0, 0);
      goto fail;
   }

   e.i1 = LLVMInt1TypeInContext(c);
   e.i8 = LLVMInt8TypeInContext(c);
   e.i32 = LLVMInt32TypeInContext(c);
   e.i64 = LLVMInt64TypeInContext(c);
   e.mask_t = LLVMIntTypeInContext(c, KX_W);
   e.ptr = LLVMPointerTypeInContext(c, 0);
   e.f32 = LLVMFloatTypeInContext(c);
   e.f64 = LLVMDoubleTypeInContext(c);
   e.v1 = LLVMVectorType(e.i1, KX_W);
   e.v32 = LLVMVectorType(e.i32, KX_W);
   e.v64 = LLVMVectorType(e.i64, KX_W);
   e.vf32 = LLVMVectorType(e.f32, KX_W);
   e.vf64 = LLVMVectorType(e.f64, KX_W);

   e.m = LLVMModuleCreateWithNameInContext("kxj", c);
   LLVMTypeRef params[2] = {e.ptr, e.ptr};
   e.fn = LLVMAddFunction(e.m, fn_name, LLVMFunctionType(LLVMVoidTypeInContext(c), params, 2, false));
   e.b = LLVMCreateBuilderInContext(c);
   e.ctx = LLVMGetParam(e.fn, 0);
   LLVMValueRef ip_arg = LLVMGetParam(e.fn, 1);
   const unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
   (void)noalias;

   LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c, e.fn, "entry");
   for (uint32_t i = 0; i < n; i++)
      e.bb[i] = LLVMAppendBasicBlockInContext(c, e.fn, "");
   e.bb[n] = LLVMAppendBasicBlockInContext(c, e.fn, "past_end");
   e.ret_bb = LLVMAppendBasicBlockInContext(c, e.fn, "ret");
   LLVMBasicBlockRef other = LLVMAppendBasicBlockInContext(c, e.fn, "interp");

   LLVMPositionBuilderAtEnd(e.b, entry);
   e.exec_var = LLVMBuildAlloca(e.b, e.mask_t, "exec_var");
   kxj_store(&e, LLVMConstNull(e.ptr), e.ctx, offsetof(struct kx_ctx, resume), 8);
   e.regs = kxj_load(&e, e.ptr, e.ctx, offsetof(struct kx_ctx, regs), 8);
   e.stack = kxj_load(&e, e.ptr, e.ctx, offsetof(struct kx_ctx, stack), 8);
   kxj_set_exec(&e, kxj_load(&e, e.mask_t, e.ctx, offsetof(struct kx_ctx, exec), 8));
   /* Entry: which instruction (ip - instrs) / 32. */
   LLVMValueRef pc = LLVMBuildSub(e.b, LLVMBuildPtrToInt(e.b, ip_arg, e.i64, ""),
                                  kxj_u64(&e, (uint64_t)(uintptr_t)prog->instrs), "");
   pc = LLVMBuildLShr(e.b, pc, kxj_u64(&e, 5), "");
   LLVMValueRef sw = LLVMBuildSwitch(e.b, pc, other, 2 + n / 8);
   LLVMAddCase(sw, kxj_u64(&e, 0), e.bb[0]);
   if (prog->main_start != 0 && prog->main_start < n)
      LLVMAddCase(sw, kxj_u64(&e, prog->main_start), e.bb[prog->main_start]);
   for (uint32_t i = 0; i + 1 < n; i++) {
      if (prog->instrs[i].op == KX_OP_BARRIER && i + 1 != prog->main_start)
         LLVMAddCase(sw, kxj_u64(&e, i + 1), e.bb[i + 1]);
   }

   LLVMPositionBuilderAtEnd(e.b, other);
   {
      LLVMValueRef args[2] = {e.ctx, ip_arg};
      LLVMTypeRef ft = LLVMFunctionType(LLVMVoidTypeInContext(c), params, 2, false);
      LLVMBuildCall2(e.b, ft, kxj_const_ptr(&e, (void *)interp), args, 2, "");
      LLVMBuildRetVoid(e.b);
   }

   for (uint32_t i = 0; i < n && !e.error; i++) {
      LLVMPositionBuilderAtEnd(e.b, e.bb[i]);
      if (kxj_emit_instr(&e, i))
         LLVMBuildBr(e.b, e.bb[i + 1]);
   }
   /* Running off the end is a malformed program: stop like a fault would. */
   LLVMPositionBuilderAtEnd(e.b, e.bb[n]);
   LLVMBuildBr(e.b, e.ret_bb);
   LLVMPositionBuilderAtEnd(e.b, e.ret_bb);
   LLVMBuildRetVoid(e.b);
   LLVMDisposeBuilder(e.b);
   if (e.error) {
      LLVMDisposeModule(e.m);
      goto fail;
   }
   free(e.depth);
   free(e.loop);
   free(e.bb);
   *pairs_out = e.pairs;
   return e.m;

fail:
   free(e.depth);
   free(e.loop);
   free(e.bb);
   free(e.pairs);
   *error = e.error ? e.error : strdup("kxj: failed");
   return NULL;
}
