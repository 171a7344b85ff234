/* SPDX-License-Identifier: MIT */
/*
 * The kx program format and the interpreter's state (internal to nvk/exec).
 *
 * == Registers ==
 * A strip's register file is an array of slots; a slot holds one 32-bit
 * value per lane (KX_W * 4 bytes). 64-bit values take two consecutive
 * slots read as KX_W 64-bit values. 1-bit booleans are 0 or 1 in 32 bits;
 * 8- and 16-bit values are zero-extended into 32 bits (float16 as its
 * bits). Operands in instructions are byte offsets into the register file,
 * computed at translation, so a handler finds its operands with one add.
 *
 * Slots [0, KX_NUM_TEMP_SLOTS) are temporaries (see kx_translate.c), then
 * come constants (filled when a register file is set up, never written
 * again), then the allocated registers.
 *
 * == Control flow ==
 * Structured, by masks. `exec` is the strip's active lanes; the mask stack
 * holds one frame per open if or loop:
 *    IF c          frame {saved = exec, else = exec & ~c}; exec &= c;
 *                  if exec == 0 jump to the ELSE (imm[0])
 *    ELSE          exec = frame.else; if 0 jump to the ENDIF (imm[0])
 *    ENDIF         exec = frame.saved minus lanes that left the innermost
 *                  loop (break/continue) since; pop
 *    LOOP          frame {break = 0, continue = 0}; if exec == 0 jump past
 *                  the LOOP_END (imm[0])
 *    BREAK         frame.break |= exec; exec = 0
 *    CONTINUE      frame.continue |= exec; exec = 0
 *    CONTINUE_MERGE exec |= frame.continue; frame.continue = 0 (the end of a
 *                  body with a continue construct)
 *    LOOP_END      exec |= frame.continue; continue = 0; if exec != 0 jump
 *                  to the loop's first instruction (imm[0]); else exec =
 *                  frame.break, pop
 * Every op that can leave exec == 0 jumps (imm[1]) to the next structural
 * op of its enclosing construct, which is where lanes can come back.
 * Straight-line code is never run with exec == 0.
 */
#ifndef KX_PROGRAM_H
#define KX_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "kx.h"
#include "kx_opcodes.h"
#include "util/macros.h"

#define KX_SLOT_B (KX_W * 4u)
#define KX_NUM_TEMP_SLOTS 40u /* 16 64-bit components + spares */
#define KX_TRASH_SLOT KX_NUM_TEMP_SLOTS /* two slots results nobody reads go to */
#define KX_FIRST_CONST_SLOT (KX_NUM_TEMP_SLOTS + 2u)

#if KX_W == 32
typedef uint32_t kx_mask;
#define KX_FULL_MASK 0xffffffffu
#define kx_popcount(m) __builtin_popcount(m)
#define kx_ctz(m) __builtin_ctz(m)
#define kx_clz(m) __builtin_clz(m)
#elif KX_W == 64
typedef uint64_t kx_mask;
#define KX_FULL_MASK (~0ull)
#define kx_popcount(m) __builtin_popcountll(m)
#define kx_ctz(m) __builtin_ctzll(m)
#define kx_clz(m) __builtin_clzll(m)
#else
#error "KX_W must be 32 or 64"
#endif

#define kx_foreach_lane(l, mask)                                                         \
   for (kx_mask _m_##l = (mask), l = 0;                                                  \
        _m_##l != 0 && ((l = kx_ctz(_m_##l)), 1); _m_##l &= _m_##l - 1)

struct kx_instr {
   uint16_t op; /* enum kx_opcode */
   uint8_t n;   /* components */
   uint8_t bits;
   uint32_t dst;
   uint32_t src[3];
   uint32_t imm[3];
};
STATIC_ASSERT(sizeof(struct kx_instr) == 32);

enum kx_sysval {
   KX_SV_LOCAL_ID_X,
   KX_SV_LOCAL_ID_Y,
   KX_SV_LOCAL_ID_Z,
   KX_SV_LOCAL_INDEX,
   KX_SV_WORKGROUP_ID_X,
   KX_SV_WORKGROUP_ID_Y,
   KX_SV_WORKGROUP_ID_Z,
   KX_SV_NUM_WORKGROUPS_X,
   KX_SV_NUM_WORKGROUPS_Y,
   KX_SV_NUM_WORKGROUPS_Z,
   KX_SV_GLOBAL_ID_X,
   KX_SV_GLOBAL_ID_Y,
   KX_SV_GLOBAL_ID_Z,
   KX_SV_SUBGROUP_INVOCATION,
   KX_SV_SUBGROUP_ID,
   /* Ballot-shaped masks: component imm[1] of the uvec4 (32-bit words). */
   KX_SV_SUBGROUP_EQ_MASK,
   KX_SV_SUBGROUP_GE_MASK,
   KX_SV_SUBGROUP_GT_MASK,
   KX_SV_SUBGROUP_LE_MASK,
   KX_SV_SUBGROUP_LT_MASK,
   /* Vertex and fragment shaders: from the strip (kx.h, struct kx_strip). */
   KX_SV_VERTEX_INDEX,
   KX_SV_INSTANCE_ID, /* InstanceIndex - base instance */
   KX_SV_BASE_VERTEX,
   KX_SV_BASE_INSTANCE,
   KX_SV_DRAW_INDEX,
   KX_SV_FRAG_COORD_X,
   KX_SV_FRAG_COORD_Y,
   KX_SV_FRAG_COORD_Z,
   KX_SV_FRAG_COORD_W,
   KX_SV_FRONT_FACING,
   KX_SV_SAMPLE_ID,
   KX_SV_SAMPLE_POS_X, /* fract(FragCoord.x) */
   KX_SV_SAMPLE_POS_Y,
   KX_SV_SAMPLE_MASK_IN,
   KX_SV_PRIMITIVE_ID,
   KX_SV_HELPER_INVOCATION, /* the lane is a helper (or was demoted) */
   KX_SV_POINT_COORD_X,
   KX_SV_POINT_COORD_Y,
   KX_SV_VIEW_INDEX,
   KX_SV_COUNT,
};

/* A constant slot's value, broadcast to every lane when a register file is
 * set up. */
struct kx_const {
   uint32_t offset_B;
   uint32_t bits; /* 32 or 64 */
   uint64_t value;
};

/* Image/texture operation parameters (TEX and IMAGE_* imm[2]). */
enum kx_tex_flags {
   KX_TEX_SHADOW = 1 << 0,
   KX_TEX_HAS_LOD = 1 << 1,
   KX_TEX_HAS_OFFSET = 1 << 2,
   KX_TEX_IS_ARRAY = 1 << 3,
   KX_TEX_INT_RESULT = 1 << 4,  /* int or uint result */
   KX_TEX_UINT_RESULT = 1 << 5, /* uint result (with INT_RESULT) */
   KX_TEX_HAS_SAMPLE = 1 << 6,
};

/* Stage I/O (LOAD_IO / STORE_IO imm[0] & 0xff): which per-lane array. */
enum kx_io_array {
   KX_IO_IN,      /* strip in: vertex attributes / fragment inputs */
   KX_IO_OUT,     /* strip out: vertex outputs / colour outputs */
   KX_IO_DEPTH,   /* FragDepth (1 component) */
   KX_IO_SAMPLE_MASK, /* SampleMask[0] */
   KX_IO_STENCIL, /* FragStencilRefEXT */
   KX_IO_ARRAY_COUNT,
};

/* KILL imm[0]. */
enum kx_kill_kind {
   KX_KILL_TERMINATE, /* the lane stops (discard, OpTerminateInvocation) */
   KX_KILL_DEMOTE,    /* the lane becomes a helper */
};

/* DERIV imm[0]: bit 0: y (else x), bit 1: coarse (else fine). */
#define KX_DERIV_Y 1u
#define KX_DERIV_COARSE 2u

struct kx_program {
   struct kx_program_info info;
   uint32_t num_instrs;
   uint32_t num_aux;
   uint32_t num_consts;
   uint32_t num_slots;
   uint32_t max_depth; /* mask stack frames */
   /* instrs[0, main_start) is the prologue: dispatch-invariant values,
    * computed once per register file (its last instruction is END). */
   uint32_t main_start;
   uint32_t float_controls;
   struct kx_instr *instrs;
   uint32_t *aux;
   struct kx_const *consts;
   /* Unique per program object (kx_program_new_id): the workers' cached
    * state (kx_dispatch.c) belongs to the program with this id. */
   uint64_t id;
   /* The JIT's state for this program (kxj_tier.c; NULL until first used). */
   struct kxj_state *jit;
};

/* --- the interpreter's state ------------------------------------------------- */

struct kx_frame {
   kx_mask a; /* IF: saved exec. LOOP: break mask */
   kx_mask b; /* IF: else mask.  LOOP: continue mask */
   int32_t parent_loop;
   uint32_t is_loop;
};

#define KX_TLB_ENTRIES 4

/* A worker thread's state during one dispatch. */
struct kx_thread {
   struct kx_dispatch *d;
   const struct kx_program *prog;
   /* The last translations (a small software TLB; round-robin). */
   struct {
      uint64_t va, end;
      uint8_t *host; /* host address of va */
   } tlb[KX_TLB_ENTRIES];
   unsigned tlb_next;
   bool faulted;
   uint32_t shared_size_B;
   uint32_t scratch_size_B;
   /* Where stores to the null page go (never read). */
   _Alignas(16) uint8_t sink[128];
};

/* One strip being executed. */
struct kx_ctx {
   uint8_t *regs;
   const uint32_t *aux;
   uint32_t float_controls;
   kx_mask exec;
   kx_mask live; /* lanes that are invocations (the rest is padding) */
   /* Fragment shaders: helper lanes (run, never store: the store mask is
    * exec & ~helper), lanes terminated (never active again) and lanes
    * killed (terminated or demoted, reported to the caller). */
   kx_mask helper;
   kx_mask dead;
   kx_mask killed;
   struct kx_strip *strip; /* vertex/fragment strips, else NULL */
   int32_t loop_frame; /* innermost loop frame, -1 outside loops */
   uint32_t sp;
   struct kx_frame *stack;
   const struct kx_instr *resume; /* where a strip stopped at a barrier */
   bool done;
   uint32_t back_edges; /* for the watchdog */
   struct kx_thread *thread;
   uint32_t subgroup_id;

   /* A strip is KX_W consecutive invocations of the dispatch (in
    * workgroup-major, local-index-minor order): lane l is invocation
    * first_invocation + l. System values are computed from it when read. */
   uint64_t first_invocation;
   uint8_t *shared[KX_W]; /* each lane's workgroup's shared memory */
   bool shared_uniform;   /* every lane's is shared[0] */
   uint8_t *scratch; /* scratch_size_B * KX_W, word-interleaved by lane */
};

#define KX_REG(ctx, offset_B) ((void *)((ctx)->regs + (offset_B)))

typedef const struct kx_instr *(*kx_handler)(struct kx_ctx *ctx, const struct kx_instr *ip);

/* Runs a strip from `ip` until it ends (NULL) or stops at a barrier (the
 * barrier's next instruction, also left in ctx->resume). */
typedef void (*kx_run_fn)(struct kx_ctx *ctx, const struct kx_instr *ip);
void kx_run_base(struct kx_ctx *ctx, const struct kx_instr *ip);
void kx_run_avx2(struct kx_ctx *ctx, const struct kx_instr *ip);

/* Workgroup ids of the dispatch's linear workgroup `linear` (x fastest),
 * base included. */
static inline void
kx_workgroup_coords(const struct kx_dispatch *d, uint64_t linear, uint32_t id[3])
{
   id[0] = d->base[0] + (uint32_t)(linear % d->count[0]);
   id[1] = d->base[1] + (uint32_t)((linear / d->count[0]) % d->count[1]);
   id[2] = d->base[2] + (uint32_t)(linear / ((uint64_t)d->count[0] * d->count[1]));
}

/* Broadcasts the program's constants into a register file. */
void kx_regs_init_consts(const struct kx_program *prog, uint8_t *regs);

/* The lanes that may write memory. */
static inline kx_mask
kx_store_mask(const struct kx_ctx *ctx)
{
   return ctx->exec & ~ctx->helper;
}

/* A worker's state: its thread, strips (register files, mask stacks,
 * scratch) and shared memory, in one allocation (kx_exec.c). kx_dispatch
 * makes one per worker for a dispatch; kx_exec_create one for strips. */
struct kx_exec {
   const struct kx_program *prog;
   kx_run_fn run;
   struct kx_thread *t;
   uint32_t num_strips;
   struct kx_ctx *strips[KX_MAX_WORKGROUP_INVOCATIONS / KX_W + 1];
   uint8_t *shared;
   size_t shared_B;
   size_t size_B; /* the whole allocation */
   uint64_t prog_id;
   void *mem;
   /* Strips: the memory side of the current strip (t->d points here) and
    * the constant buffers the prologue's invariants were computed from. */
   struct kx_dispatch d;
   bool prologue_valid;
};

/* Allocates a worker's state for `nstrips` strips and shared_B bytes of
 * shared memory; runs the prologue when d is not NULL (its cbufs). NULL
 * on out-of-memory. */
struct kx_exec *kx_exec_alloc(const struct kx_program *prog, kx_run_fn run, uint32_t nstrips,
                              size_t shared_B, struct kx_dispatch *d);
/* Runs the prologue (the invariants) on every strip's register file. */
void kx_exec_prologue(struct kx_exec *e);
/* A fresh kx_program::id. */
uint64_t kx_program_new_id(void);
kx_run_fn kx_select_run(enum kx_isa isa);

#endif /* KX_PROGRAM_H */
