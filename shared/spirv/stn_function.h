/* SPDX-License-Identifier: MIT */
/*
 * Functions and blocks as the scan finds them, and the structured
 * control-flow tree the CFG pass builds from them (stn_cfg.c) before any IR
 * is emitted.
 *
 * The tree mirrors SPIR-V's structured constructs (SPIR-V 1.6, 2.11):
 *
 *    list   := node*
 *    node   := BLOCK (one SPIR-V block's instructions and how it exits)
 *            | IF     (a conditional branch: then list, else list)
 *            | LOOP   (body list ending at the continue target, continue list)
 *            | SWITCH (cases, each a list; cases may fall through)
 *
 * Every list knows where falling off its end goes (the merge of its
 * construct). A branch that leaves a list any other way is an exit: break
 * (to a loop, switch or selection merge), continue, or switch fallthrough.
 * A selection construct that is left from a nested construct is marked so
 * the emitter can make it breakable.
 */
#ifndef STN_FUNCTION_H
#define STN_FUNCTION_H

#include "stn_private.h"

struct stn_construct;
struct stn_cf_node;

enum stn_construct_kind {
   STN_CONSTRUCT_FUNCTION, /* the root: falling off the end is an error */
   STN_CONSTRUCT_SELECTION,
   STN_CONSTRUCT_LOOP,     /* the loop body (the header is in it) */
   STN_CONSTRUCT_CONTINUE, /* a loop's continue construct */
   STN_CONSTRUCT_SWITCH,   /* a case of a switch */
};

struct stn_construct {
   enum stn_construct_kind kind;
   struct stn_construct *parent;
   struct stn_block *header;
   struct stn_block *merge;      /* NULL for the function */
   struct stn_block *cont;       /* loops (and their continue construct) */
   struct stn_cf_node *node;     /* the IF/LOOP/SWITCH node it belongs to */
   unsigned depth;
   /* A selection left by a break from a nested construct. */
   bool needs_break_target;
   /* Emission state. */
   void *emit;
};

enum stn_exit_kind {
   STN_EXIT_NONE,        /* falls through to the next node / the list's end */
   STN_EXIT_BREAK,       /* to target->merge */
   STN_EXIT_CONTINUE,    /* to target->cont (target is a LOOP) */
   STN_EXIT_FALLTHROUGH, /* to the next case of the switch `target` */
   STN_EXIT_RETURN,
   STN_EXIT_KILL,                /* OpKill */
   STN_EXIT_TERMINATE,           /* OpTerminateInvocation */
   STN_EXIT_UNREACHABLE,
};

struct stn_exit {
   enum stn_exit_kind kind;
   struct stn_construct *target;
};

enum stn_cf_kind {
   STN_CF_BLOCK,
   STN_CF_IF,
   STN_CF_LOOP,
   STN_CF_SWITCH,
};

struct stn_cf_list {
   struct stn_cf_node *first, *last;
   struct stn_block *end; /* where falling off the end goes; NULL: nowhere */
};

struct stn_switch_case {
   struct stn_construct *sw;
   struct stn_block *target;
   bool is_default;
   uint32_t num_literals;
   uint64_t *literals;
   struct stn_cf_list body;
   /* The case falling into this one, and the one this falls into. */
   struct stn_switch_case *fall_from, *fall_to;
   bool emitted;
};

struct stn_cf_node {
   enum stn_cf_kind kind;
   struct stn_cf_node *next;
   union {
      struct {
         struct stn_block *block;
         /* How control leaves the block when it is the last of its list or
          * ends the path: an exit, or NONE to fall to the next node. */
         struct stn_exit exit;
      } block;
      struct {
         struct stn_block *header; /* the block whose branch this is */
         uint32_t cond_id; /* 0: always the then list (both targets equal) */
         struct stn_cf_list then_list, else_list;
         struct stn_construct *construct; /* NULL: a branch without a merge */
         SpvSelectionControlMask control;
      } if_;
      struct {
         struct stn_cf_list body, cont;
         struct stn_construct *construct;
         struct stn_construct *cont_construct; /* NULL: continue target == header */
         SpvLoopControlMask control;
      } loop;
      struct {
         struct stn_block *header;
         uint32_t selector_id;
         unsigned selector_bits;
         struct stn_switch_case *cases; /* in emission order */
         uint32_t num_cases;
         /* Literals that branch straight to the merge. */
         uint32_t num_merge_literals;
         uint64_t *merge_literals;
         bool default_is_merge;
         struct stn_construct *construct;
      } sw;
   };
};

struct stn_block {
   uint32_t label_id;
   uint32_t index; /* in the function's layout order */
   struct stn_function *func;
   size_t label_offset_w;
   size_t first_w;        /* first instruction after OpLabel */
   size_t phis_end_w;     /* first instruction after the OpPhis */
   size_t merge_offset_w; /* OpSelectionMerge/OpLoopMerge, 0 if none */
   size_t term_offset_w;  /* the terminator */
   SpvOp terminator;

   bool placed; /* by the CFG pass: in the tree */
   struct stn_switch_case *sw_case; /* scratch while its switch is built */
   struct stn_construct *construct; /* innermost construct it was placed in */
   /* Constructs made so far with this block as header, merge or continue
    * target: 0 means no branch to it can leave a construct. */
   uint32_t construct_roles;

   /* Emission state (stn_emit). */
   void *emit;
};

struct stn_function {
   uint32_t id;
   size_t def_offset_w; /* OpFunction */
   size_t end_offset_w; /* OpFunctionEnd */
   uint32_t num_params;
   size_t *param_offsets_w;
   uint32_t num_blocks;
   struct stn_block *blocks;

   struct stn_cf_list body; /* the structured tree (stn_cfg.c) */
   bool structured;
   bool nested_return; /* a return other than at the end of the body */

   /* Translation state. */
   struct stn_type *type;
   bool on_stack; /* being emitted (inlined) right now */
   void *emit;

   /* stn_call_graph.c: SPIR-V instructions with every call inlined, and the
    * longest chain of calls below this function. */
   uint8_t graph_state;
   uint64_t inlined_size;
   unsigned call_height;
};

bool stn_opcode_is_type(SpvOp op);
bool stn_opcode_is_global(SpvOp op); /* types and constants */
bool stn_opcode_is_terminator(SpvOp op);

/* Registers the labels of every block of every function (as BLOCK values). */
void stn_cfg_register_blocks(struct stn_builder *b);
/* Builds func->body from the blocks; fails on control flow that is not
 * structured the way SPIR-V requires. */
void stn_cfg_build(struct stn_builder *b, struct stn_function *func);
/* Fails on recursion, calls nested deeper than STN_MAX_CALL_DEPTH, and
 * call trees that inlining would make bigger than
 * STN_MAX_EMITTED_INSTRUCTIONS, at the call responsible. */
void stn_check_call_graph(struct stn_builder *b, struct stn_function *entry);
/* The tree as text, for tests and KILN_DEBUG output. */
char *stn_cfg_print(struct stn_builder *b, const struct stn_function *func);

#endif /* STN_FUNCTION_H */
