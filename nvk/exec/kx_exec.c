/* SPDX-License-Identifier: MIT */
/*
 * A worker's execution state (register files, mask stacks, scratch,
 * shared memory) and running one strip of a vertex or fragment shader
 * with it (kx.h, "Launching strips").
 *
 * The state is made once per worker and reused for every strip: the
 * constants are broadcast into the register file once, and the prologue's
 * invariants (constant-buffer loads and what is computed from them) are
 * recomputed only when the strip's constant buffers differ from the last
 * ones.
 */
#include "kx.h"

#include <stdlib.h>
#include <string.h>

#include "kx_mem.h"
#include "kx_program.h"
#include "nir/nir.h"

uint64_t
kx_program_new_id(void)
{
   static uint64_t next = 1;
   return __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
}

void
kx_exec_prologue(struct kx_exec *e)
{
   const struct kx_program *prog = e->prog;
   if (!prog->main_start)
      return;
   for (uint32_t s = 0; s < e->num_strips; s++) {
      struct kx_ctx *ctx = e->strips[s];
      ctx->exec = ctx->live = KX_FULL_MASK;
      ctx->helper = ctx->dead = ctx->killed = 0;
      ctx->sp = 0;
      ctx->loop_frame = -1;
      e->run(ctx, prog->instrs);
   }
}

struct kx_exec *
kx_exec_alloc(const struct kx_program *prog, kx_run_fn run, uint32_t nstrips, size_t shared_B,
              struct kx_dispatch *d)
{
   /* One slot of padding: a 64-bit operand in the last slot stays inside. */
   const size_t regs_B = (size_t)(prog->num_slots + 1) * KX_SLOT_B;
   const size_t stack_B = (size_t)(prog->max_depth + 1) * sizeof(struct kx_frame);
   const size_t scratch_B = (size_t)prog->info.scratch_size_B * KX_W;
   const size_t per_strip_B = ALIGN_POT(sizeof(struct kx_ctx), 64) + ALIGN_POT(regs_B, 64) +
                              ALIGN_POT(stack_B, 64) + ALIGN_POT(scratch_B, 64);
   const size_t total_B = ALIGN_POT(sizeof(struct kx_exec), 64) +
                          ALIGN_POT(sizeof(struct kx_thread), 64) + per_strip_B * nstrips +
                          ALIGN_POT(shared_B, 64) + 64;
   if (nstrips == 0 || nstrips > ARRAY_SIZE(((struct kx_exec *)0)->strips))
      return NULL;
   uint8_t *mem = aligned_alloc(64, ALIGN_POT(total_B, 64));
   if (!mem)
      return NULL;
   uint8_t *p = mem;
   struct kx_exec *e = (struct kx_exec *)p;
   memset(e, 0, sizeof(*e));
   p += ALIGN_POT(sizeof(*e), 64);
   e->mem = mem;
   e->size_B = total_B;
   e->shared_B = shared_B;
   e->prog_id = prog->id;
   e->prog = prog;
   e->run = run;
   e->num_strips = nstrips;

   struct kx_thread *t = (struct kx_thread *)p;
   memset(t, 0, sizeof(*t));
   p += ALIGN_POT(sizeof(*t), 64);
   t->d = d ? d : &e->d;
   t->prog = prog;
   t->shared_size_B = prog->info.shared_size_B;
   t->scratch_size_B = prog->info.scratch_size_B;
   e->t = t;

   for (uint32_t s = 0; s < nstrips; s++) {
      struct kx_ctx *ctx = (struct kx_ctx *)p;
      memset(ctx, 0, sizeof(*ctx));
      p += ALIGN_POT(sizeof(struct kx_ctx), 64);
      ctx->regs = p;
      p += ALIGN_POT(regs_B, 64);
      ctx->stack = (struct kx_frame *)p;
      p += ALIGN_POT(stack_B, 64);
      ctx->scratch = p;
      p += ALIGN_POT(scratch_B, 64);
      ctx->aux = prog->aux;
      ctx->float_controls = prog->float_controls;
      ctx->thread = t;
      memset(ctx->regs, 0, regs_B);
      kx_regs_init_consts(prog, ctx->regs);
      e->strips[s] = ctx;
   }
   e->shared = p;
   if (d)
      kx_exec_prologue(e);
   return e;
}

struct kx_exec *
kx_exec_create(const struct kx_program *prog, enum kx_isa isa)
{
   return kx_exec_alloc(prog, kx_select_run(isa), 1, 0, NULL);
}

void
kx_exec_destroy(struct kx_exec *e)
{
   if (e)
      free(e->mem);
}

void
kx_exec_reset(struct kx_exec *e)
{
   e->prologue_valid = false;
}

static inline kx_mask
kx_lanes(uint64_t n)
{
   return n >= KX_W ? KX_FULL_MASK : ((kx_mask)1 << n) - 1;
}

bool
kx_exec_strip(struct kx_exec *e, struct kx_strip *s)
{
   const struct kx_program *prog = e->prog;
   struct kx_thread *t = e->t;
   struct kx_dispatch *d = &e->d;
   s->faulted = false;
   s->fault[0] = '\0';
   s->kill_mask = 0;

   /* The memory side, as a dispatch's (the handlers read it there). */
   if (!e->prologue_valid || memcmp(d->cbufs, s->cbufs, sizeof(s->cbufs)) != 0) {
      memcpy(d->cbufs, s->cbufs, sizeof(s->cbufs));
      e->prologue_valid = false;
   }
   d->translate = s->translate;
   d->translate_data = s->translate_data;
   d->deadline_ns = s->deadline_ns;
   d->faulted = false;
   d->fault[0] = '\0';
   d->count[0] = d->count[1] = d->count[2] = 1;
   t->faulted = false;
   /* Memory may have been unmapped since the last strip. */
   memset(t->tlb, 0, sizeof(t->tlb));

   struct kx_ctx *ctx = e->strips[0];
   if (!e->prologue_valid) {
      ctx->strip = s;
      kx_exec_prologue(e);
      e->prologue_valid = !t->faulted;
   }
   const bool fragment = prog->info.stage == NIR_STAGE_FRAGMENT;
   ctx->live = fragment ? (kx_mask)s->live_mask : kx_lanes(s->lane_count);
   ctx->helper = fragment ? (kx_mask)s->helper_mask & ctx->live : 0;
   ctx->dead = ctx->killed = 0;
   ctx->strip = s;
   ctx->first_invocation = 0;
   ctx->subgroup_id = 0;
   ctx->shared_uniform = true;
   ctx->exec = ctx->live;
   ctx->sp = 0;
   ctx->loop_frame = -1;
   ctx->done = false;
   if (ctx->live)
      e->run(ctx, prog->instrs + prog->main_start);
   s->kill_mask = ctx->killed;
   if (d->faulted) {
      s->faulted = true;
      memcpy(s->fault, d->fault, sizeof(s->fault));
   }
   return !s->faulted;
}
