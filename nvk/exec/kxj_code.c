/* SPDX-License-Identifier: MIT */
/*
 * The JIT's LLVM side: one ORC LLJIT for the process, targeting the host CPU
 * as LLVM detects it at run time (CPUID: AVX-512 where present, AVX2
 * otherwise), and per program a resource tracker, so freeing a program's
 * code frees only that code.
 *
 * Compiles are serialized by a lock (the background compiler is one thread;
 * synchronous compiles from tests are rare), which also keeps the shared
 * target machine used by the optimisation pipeline single-threaded.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <llvm/Config/llvm-config.h>

#include "kxj.h"
#include "kxj_llvm.h"
#include "util/debug.h"

enum {
   KXJ_DEBUG_AVX2 = 1 << 0,
   KXJ_DEBUG_DUMP = 1 << 1,
};

static const struct util_debug_flag kxj_code_debug_table[] = {
   {"jit_avx2", KXJ_DEBUG_AVX2, "JIT: target AVX2 even where AVX-512 is present"},
   {"jit_dump", KXJ_DEBUG_DUMP, "JIT: print each program's optimised LLVM IR"},
   {NULL, 0, NULL},
};
UTIL_DEBUG_DEFINE_GETTER(kxj_code_debug, "kxj", kxj_code_debug_table)

struct kxj_code {
   LLVMOrcResourceTrackerRef tracker;
   struct kx_instr *pairs;
   kx_run_fn fn;
};

static struct {
   pthread_once_t once;
   pthread_mutex_t lock;
   bool ok;
   LLVMOrcLLJITRef jit;
   LLVMTargetMachineRef tm; /* for the optimisation pipeline (under lock) */
   char *triple, *cpu, *features;
   bool avx512;
   char name[160];
   uint64_t next_id;
} kxj = {.once = PTHREAD_ONCE_INIT, .lock = PTHREAD_MUTEX_INITIALIZER};

static char *
kxj_take_error(LLVMErrorRef err)
{
   char *msg = LLVMGetErrorMessage(err);
   char *copy = strdup(msg ? msg : "LLVM error");
   LLVMDisposeErrorMessage(msg);
   return copy;
}

static LLVMTargetMachineRef
kxj_create_tm(LLVMTargetRef target)
{
   return LLVMCreateTargetMachine(target, kxj.triple, kxj.cpu, kxj.features,
                                  LLVMCodeGenLevelAggressive, LLVMRelocDefault,
                                  LLVMCodeModelJITDefault);
}

static void
kxj_init(void)
{
   if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter())
      return;
   kxj.triple = LLVMGetDefaultTargetTriple();
   kxj.cpu = LLVMGetHostCPUName();
   char *host_features = LLVMGetHostCPUFeatures();
   const bool force_avx2 = kxj_code_debug() & KXJ_DEBUG_AVX2;
   /* KILN_DEBUG=jit_avx2: the AVX2 code path on an AVX-512 machine. */
   const char *no512 = ",-avx512f,-avx512bw,-avx512dq,-avx512vl,-avx512cd,-avx512vnni,"
                       "-avx512bf16,-avx512fp16,-avx512ifma,-avx512vbmi,-avx512vbmi2,"
                       "-avx512bitalg,-avx512vpopcntdq,-avx512vp2intersect";
   const size_t len = strlen(host_features) + strlen(no512) + 1;
   kxj.features = malloc(len);
   if (!kxj.features) {
      LLVMDisposeMessage(host_features);
      return;
   }
   snprintf(kxj.features, len, "%s%s", host_features, force_avx2 ? no512 : "");
   kxj.avx512 = !force_avx2 && strstr(host_features, "+avx512f") != NULL;
   const bool avx2 = strstr(host_features, "+avx2") != NULL;
   LLVMDisposeMessage(host_features);
   snprintf(kxj.name, sizeof(kxj.name), "LLVM %d %s (%s)", LLVM_VERSION_MAJOR,
            kxj.avx512 ? "AVX-512" : avx2 ? "AVX2" : "SSE2", kxj.cpu);

   LLVMTargetRef target;
   char *msg = NULL;
   if (LLVMGetTargetFromTriple(kxj.triple, &target, &msg)) {
      util_logi("kxj", "no LLVM target for %s: %s", kxj.triple, msg);
      LLVMDisposeMessage(msg);
      return;
   }
   kxj.tm = kxj_create_tm(target);
   LLVMTargetMachineRef jit_tm = kxj_create_tm(target);
   if (!kxj.tm || !jit_tm)
      return;
   LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
   LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
      builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jit_tm));
   LLVMErrorRef err = LLVMOrcCreateLLJIT(&kxj.jit, builder);
   if (err) {
      char *m = kxj_take_error(err);
      util_logi("kxj", "LLJIT: %s", m);
      free(m);
      return;
   }
   kxj.ok = true;
   util_logi("kxj", "JIT target: %s", kxj.name);
}

bool
kxj_available(void)
{
   pthread_once(&kxj.once, kxj_init);
   return kxj.ok;
}

const char *
kxj_target_name(void)
{
   return kxj_available() ? kxj.name : "none";
}

static void
kxj_set_fn_attrs(LLVMContextRef c, LLVMValueRef fn)
{
   const char *attrs[][2] = {
      {"target-cpu", kxj.cpu},
      {"target-features", kxj.features},
      /* The whole strip in zmm registers, not the 256-bit default that
       * auto-vectorisation prefers on AVX-512 machines. */
      {"prefer-vector-width", kxj.avx512 ? "512" : "256"},
      {"min-legal-vector-width", kxj.avx512 ? "512" : "256"},
   };
   for (unsigned i = 0; i < 4; i++) {
      LLVMAttributeRef a = LLVMCreateStringAttribute(c, attrs[i][0], (unsigned)strlen(attrs[i][0]),
                                                     attrs[i][1], (unsigned)strlen(attrs[i][1]));
      LLVMAddAttributeAtIndex(fn, LLVMAttributeFunctionIndex, a);
   }
}

struct kxj_code *
kxj_code_compile(const struct kx_program *prog, char **error)
{
   *error = NULL;
   if (!kxj_available()) {
      *error = strdup("kxj: no JIT on this machine");
      return NULL;
   }
   struct kxj_code *code = calloc(1, sizeof(*code));
   if (!code) {
      *error = strdup("kxj: out of memory");
      return NULL;
   }
   const kx_run_fn interp =
#if defined(KX_HAVE_AVX2)
      kx_isa_supported(KX_ISA_AVX2) ? kx_run_avx2 :
#endif
                                    kx_run_base;

   pthread_mutex_lock(&kxj.lock);
   char name[64];
   snprintf(name, sizeof(name), "kxj_main_%llu", (unsigned long long)kxj.next_id++);
   LLVMOrcThreadSafeContextRef tsc = LLVMOrcCreateNewThreadSafeContext();
   LLVMContextRef c = LLVMOrcThreadSafeContextGetContext(tsc);
   LLVMModuleRef m = kxj_emit_module(c, prog, name, interp, kxj.avx512 ? 16 : 8,
                                    &code->pairs, error);
   if (!m)
      goto fail_ctx;
   LLVMSetTarget(m, kxj.triple);
   LLVMSetDataLayout(m, LLVMOrcLLJITGetDataLayoutStr(kxj.jit));
   kxj_set_fn_attrs(c, LLVMGetNamedFunction(m, name));
   char *msg = NULL;
   if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
      size_t len = strlen(msg) + 32;
      *error = malloc(len);
      if (*error)
         snprintf(*error, len, "kxj: invalid IR: %s", msg);
      LLVMDisposeMessage(msg);
      LLVMDisposeModule(m);
      goto fail_ctx;
   }
   LLVMDisposeMessage(msg);

   LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
   LLVMErrorRef err = LLVMRunPasses(m, "default<O2>", kxj.tm, opts);
   LLVMDisposePassBuilderOptions(opts);
   if (err) {
      *error = kxj_take_error(err);
      LLVMDisposeModule(m);
      goto fail_ctx;
   }
   if (kxj_code_debug() & KXJ_DEBUG_DUMP) {
      char *ir = LLVMPrintModuleToString(m);
      fprintf(stderr, "%s\n", ir);
      LLVMDisposeMessage(ir);
   }

   code->tracker = LLVMOrcJITDylibCreateResourceTracker(LLVMOrcLLJITGetMainJITDylib(kxj.jit));
   err = LLVMOrcLLJITAddLLVMIRModuleWithRT(kxj.jit, code->tracker,
                                           LLVMOrcCreateNewThreadSafeModule(m, tsc));
   LLVMOrcDisposeThreadSafeContext(tsc);
   if (err) {
      *error = kxj_take_error(err);
      goto fail;
   }
   LLVMOrcExecutorAddress addr = 0;
   err = LLVMOrcLLJITLookup(kxj.jit, &addr, name);
   if (err) {
      *error = kxj_take_error(err);
      goto fail;
   }
   code->fn = (kx_run_fn)(uintptr_t)addr;
   pthread_mutex_unlock(&kxj.lock);
   return code;

fail_ctx:
   LLVMOrcDisposeThreadSafeContext(tsc);
fail:
   pthread_mutex_unlock(&kxj.lock);
   kxj_code_destroy(code);
   if (!*error)
      *error = strdup("kxj: compile failed");
   return NULL;
}

kx_run_fn
kxj_code_fn(const struct kxj_code *code)
{
   return code->fn;
}

void
kxj_code_destroy(struct kxj_code *code)
{
   if (!code)
      return;
   if (code->tracker) {
      pthread_mutex_lock(&kxj.lock);
      LLVMErrorRef err = LLVMOrcResourceTrackerRemove(code->tracker);
      if (err)
         LLVMConsumeError(err);
      LLVMOrcReleaseResourceTracker(code->tracker);
      pthread_mutex_unlock(&kxj.lock);
   }
   free(code->pairs);
   free(code);
}
