/* SPDX-License-Identifier: MIT */
/*
 * Tiering: a program runs on the interpreter at once. Its first dispatch
 * queues it for the background compiler thread (one for the process, so
 * compiles never compete with the dispatch's workers for more than one
 * core); a dispatch that starts after the code is ready runs it. A
 * dispatch never waits for LLVM, except with KILN_DEBUG=jit_sync (tests:
 * the native tier from the first dispatch); KILN_DEBUG=jit_off keeps the
 * interpreter.
 *
 * A program's JIT state hangs off kx_program::jit (created on first use);
 * kx_program_destroy releases it, waiting for a compile in flight.
 *
 * The compiler thread runs this library's code, so it must be gone before
 * the library is: the Vulkan loader dlcloses the driver in
 * vkDestroyInstance, and a thread left behind (parked on the queue, or not
 * yet scheduled at all on a loaded machine) later returns into unmapped
 * code. A destructor (run by dlclose and by exit) stops and joins it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kxj.h"
#include "util/debug.h"

enum {
   KXJ_DEBUG_OFF = 1 << 0,
   KXJ_DEBUG_SYNC = 1 << 1,
   KXJ_DEBUG_SLOW = 1 << 2,
};

static const struct util_debug_flag kxj_tier_debug_table[] = {
   {"jit_off", KXJ_DEBUG_OFF, "run every shader on the interpreter (no JIT tier)"},
   {"jit_sync", KXJ_DEBUG_SYNC, "JIT: compile at a program's first dispatch and wait"},
   {"jit_slow", KXJ_DEBUG_SLOW,
    "JIT: the compiler thread sleeps 200 ms when it starts and before each publication "
    "(tests: widens the races with destroys and unloads)"},
   {NULL, 0, NULL},
};
UTIL_DEBUG_DEFINE_GETTER(kxj_tier_debug, "kxj", kxj_tier_debug_table)

enum kxj_status {
   KXJ_IDLE,
   KXJ_QUEUED,
   KXJ_COMPILING,
   KXJ_DONE, /* code or failed */
};

struct kxj_state {
   const struct kx_program *prog;
   kx_run_fn fn; /* atomic: the native code once compiled */
   struct kxj_code *code;
   enum kxj_status status; /* under kxj_tier.lock */
   struct kxj_state *next; /* the queue */
};

static struct {
   pthread_mutex_t lock;
   pthread_cond_t cond; /* queue not empty / a compile finished */
   struct kxj_state *head, **tail;
   bool thread_started;
   bool shutdown; /* the library is being unloaded: the thread exits */
   pthread_t thread;
   pid_t pid; /* the process that started the thread */
} kxj_tier = {
   .lock = PTHREAD_MUTEX_INITIALIZER,
   .cond = PTHREAD_COND_INITIALIZER,
   .tail = &kxj_tier.head,
};

/* A child forked after the compiler thread started has no such thread, and
 * the parent's locks may have been held at the fork: it keeps the
 * interpreter and never touches them. */
static bool
kxj_forked(void)
{
   const pid_t pid = __atomic_load_n(&kxj_tier.pid, __ATOMIC_ACQUIRE);
   return pid != 0 && pid != getpid();
}

static struct kxj_state *
kxj_state(const struct kx_program *prog)
{
   struct kx_program *p = (struct kx_program *)prog; /* the JIT's cache slot */
   struct kxj_state *st = __atomic_load_n(&p->jit, __ATOMIC_ACQUIRE);
   if (st)
      return st;
   struct kxj_state *fresh = calloc(1, sizeof(*fresh));
   if (!fresh)
      return NULL;
   fresh->prog = prog;
   struct kxj_state *expected = NULL;
   if (__atomic_compare_exchange_n(&p->jit, &expected, fresh, false, __ATOMIC_ACQ_REL,
                                   __ATOMIC_ACQUIRE))
      return fresh;
   free(fresh);
   return expected;
}

/* KILN_DEBUG=jit_slow: 200 ms, where a race with a destroy or an unload
 * would show. */
static void
kxj_debug_sleep(void)
{
   if (kxj_tier_debug() & KXJ_DEBUG_SLOW) {
      const struct timespec ts = {0, 200 * 1000 * 1000};
      nanosleep(&ts, NULL);
   }
}

/* Compiles st (status COMPILING, lock not held) and publishes the result. */
static void
kxj_compile_state(struct kxj_state *st)
{
   char *error = NULL;
   struct kxj_code *code = kxj_code_compile(st->prog, &error);
   if (!code) {
      util_logi("kxj", "program stays on the interpreter: %s", error ? error : "?");
      free(error);
   }
   kxj_debug_sleep();
   pthread_mutex_lock(&kxj_tier.lock);
   st->code = code;
   st->status = KXJ_DONE;
   if (code)
      __atomic_store_n(&st->fn, kxj_code_fn(code), __ATOMIC_RELEASE);
   pthread_cond_broadcast(&kxj_tier.cond);
   pthread_mutex_unlock(&kxj_tier.lock);
}

static void
kxj_unqueue_locked(struct kxj_state *st)
{
   for (struct kxj_state **p = &kxj_tier.head; *p; p = &(*p)->next) {
      if (*p == st) {
         *p = st->next;
         if (kxj_tier.tail == &st->next)
            kxj_tier.tail = p;
         st->next = NULL;
         return;
      }
   }
}

static void *
kxj_compiler_thread(void *arg)
{
   (void)arg;
   kxj_debug_sleep();
   pthread_mutex_lock(&kxj_tier.lock);
   for (;;) {
      while (!kxj_tier.head && !kxj_tier.shutdown)
         pthread_cond_wait(&kxj_tier.cond, &kxj_tier.lock);
      if (kxj_tier.shutdown)
         break;
      struct kxj_state *st = kxj_tier.head;
      kxj_unqueue_locked(st);
      st->status = KXJ_COMPILING;
      pthread_mutex_unlock(&kxj_tier.lock);
      kxj_compile_state(st);
      pthread_mutex_lock(&kxj_tier.lock);
   }
   pthread_mutex_unlock(&kxj_tier.lock);
   return NULL;
}

/* At dlclose or exit: stops the compiler thread and waits for it (a
 * compile in flight finishes first), so no thread runs this library's code
 * once it is unmapped. Queued programs stay on the interpreter. A child
 * forked after the thread started has no thread and never takes the lock. */
__attribute__((destructor)) static void
kxj_tier_shutdown(void)
{
   if (kxj_forked())
      return;
   pthread_mutex_lock(&kxj_tier.lock);
   const bool started = kxj_tier.thread_started;
   kxj_tier.shutdown = true;
   pthread_cond_broadcast(&kxj_tier.cond);
   pthread_mutex_unlock(&kxj_tier.lock);
   if (started)
      pthread_join(kxj_tier.thread, NULL);
}

static void
kxj_enqueue(struct kxj_state *st)
{
   pthread_mutex_lock(&kxj_tier.lock);
   if (st->status == KXJ_IDLE && !kxj_tier.shutdown) {
      if (!kxj_tier.thread_started) {
         /* Joinable: kxj_tier_shutdown joins it. */
         kxj_tier.thread_started =
            pthread_create(&kxj_tier.thread, NULL, kxj_compiler_thread, NULL) == 0;
         __atomic_store_n(&kxj_tier.pid, getpid(), __ATOMIC_RELEASE);
      }
      if (kxj_tier.thread_started) {
         st->status = KXJ_QUEUED;
         *kxj_tier.tail = st;
         kxj_tier.tail = &st->next;
         pthread_cond_broadcast(&kxj_tier.cond);
      }
   }
   pthread_mutex_unlock(&kxj_tier.lock);
}

bool
kxj_compile_sync(const struct kx_program *prog, char **error)
{
   if (error)
      *error = NULL;
   if (kxj_forked()) {
      if (error)
         *error = strdup("kxj: no JIT in a process forked after it started");
      return false;
   }
   struct kxj_state *st = kxj_available() ? kxj_state(prog) : NULL;
   if (!st) {
      if (error)
         *error = strdup(kxj_available() ? "kxj: out of memory" : "kxj: no JIT here");
      return false;
   }
   pthread_mutex_lock(&kxj_tier.lock);
   if (st->status == KXJ_QUEUED) {
      kxj_unqueue_locked(st);
      st->status = KXJ_IDLE;
   }
   while (st->status == KXJ_COMPILING)
      pthread_cond_wait(&kxj_tier.cond, &kxj_tier.lock);
   if (st->status == KXJ_DONE) {
      const bool ok = st->code != NULL;
      pthread_mutex_unlock(&kxj_tier.lock);
      if (!ok && error)
         *error = strdup("kxj: the program did not compile (KILN_DEBUG=info says why)");
      return ok;
   }
   st->status = KXJ_COMPILING;
   pthread_mutex_unlock(&kxj_tier.lock);

   char *err = NULL;
   struct kxj_code *code = kxj_code_compile(prog, &err);
   if (!code)
      util_logi("kxj", "program stays on the interpreter: %s", err ? err : "?");
   if (error)
      *error = err;
   else
      free(err);
   pthread_mutex_lock(&kxj_tier.lock);
   st->code = code;
   st->status = KXJ_DONE;
   if (code)
      __atomic_store_n(&st->fn, kxj_code_fn(code), __ATOMIC_RELEASE);
   pthread_cond_broadcast(&kxj_tier.cond);
   pthread_mutex_unlock(&kxj_tier.lock);
   return code != NULL;
}

kx_run_fn
kxj_run_fn(const struct kx_program *prog, enum kx_isa isa)
{
   if (isa == KX_ISA_JIT) {
      /* Tests: native code now (the interpreter if it cannot compile). */
      struct kxj_state *st = kxj_available() && !kxj_forked() ? kxj_state(prog) : NULL;
      if (!st)
         return NULL;
      kx_run_fn fn = __atomic_load_n(&st->fn, __ATOMIC_ACQUIRE);
      if (!fn && kxj_compile_sync(prog, NULL))
         fn = __atomic_load_n(&st->fn, __ATOMIC_ACQUIRE);
      return fn;
   }
   if (isa != KX_ISA_AUTO)
      return NULL;
   const uint64_t flags = kxj_tier_debug();
   if ((flags & KXJ_DEBUG_OFF) || kxj_forked() || !kxj_available())
      return NULL;
   struct kxj_state *st = kxj_state(prog);
   if (!st)
      return NULL;
   kx_run_fn fn = __atomic_load_n(&st->fn, __ATOMIC_ACQUIRE);
   if (fn)
      return fn;
   if (flags & KXJ_DEBUG_SYNC) {
      kxj_compile_sync(prog, NULL);
      return __atomic_load_n(&st->fn, __ATOMIC_ACQUIRE);
   }
   kxj_enqueue(st);
   return NULL;
}

void
kxj_program_release(struct kx_program *prog)
{
   struct kxj_state *st = __atomic_load_n(&prog->jit, __ATOMIC_ACQUIRE);
   if (!st || kxj_forked())
      return; /* (a forked child leaks the parent's code rather than wait) */
   pthread_mutex_lock(&kxj_tier.lock);
   if (st->status == KXJ_QUEUED)
      kxj_unqueue_locked(st);
   while (st->status == KXJ_COMPILING)
      pthread_cond_wait(&kxj_tier.cond, &kxj_tier.lock);
   pthread_mutex_unlock(&kxj_tier.lock);
   kxj_code_destroy(st->code);
   free(st);
   prog->jit = NULL;
}
