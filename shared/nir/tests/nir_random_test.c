/* SPDX-License-Identifier: MIT */
/*
 * Differential testing of the passes: random structured programs (nested
 * ifs, loops with and without continue constructs, break/continue, early
 * returns, calls with pointer parameters, arrays with dynamic indices) are
 * run by a small reference interpreter before and after each pass of a
 * pipeline; every intermediate shader must validate and compute the same
 * results. The interpreter evaluates ALU ops with the generated constant
 * folders, so it covers every op the generator uses.
 */
#include "nir_test_helpers.h"

#include "util/arena.h"
#include "util/hash_table.h"

/* ================================================================================ */
/* Interpreter                                                                      */
/* ================================================================================ */

struct ival {
   nir_const_value v[NIR_MAX_VEC_COMPONENTS];
   /* Pointers (deref results, pointer parameters). */
   nir_const_value *mem;
   unsigned offset;
};

struct frame {
   struct hash_table *vals;   /* nir_def * -> struct ival * */
   struct hash_table *locals; /* nir_variable * -> nir_const_value * */
   struct ival *params;
   unsigned num_params;
};

struct interp {
   struct arena *arena;
   struct hash_table *globals; /* nir_variable * -> nir_const_value * */
   uint32_t invocation;
   unsigned steps;
   bool failed;
   nir_block *prev;
};

enum flow { FLOW_NORMAL, FLOW_BREAK, FLOW_CONTINUE, FLOW_RETURN };

static unsigned
type_slots(const struct glsl_type *t)
{
   if (glsl_type_is_array(t))
      return glsl_get_length(t) * type_slots(glsl_get_array_element(t));
   if (glsl_type_is_struct(t)) {
      unsigned n = 0;
      for (unsigned i = 0; i < glsl_get_length(t); i++)
         n += type_slots(glsl_get_struct_field(t, i));
      return n;
   }
   return MAX2(1u, glsl_get_components(t));
}

static void
flatten_constant(const nir_constant *c, const struct glsl_type *t, nir_const_value *out)
{
   if (!c || c->is_null_constant)
      return;
   if (glsl_type_is_vector_or_scalar(t)) {
      for (unsigned i = 0; i < glsl_get_vector_elements(t); i++)
         out[i] = c->values[i];
      return;
   }
   unsigned off = 0;
   for (unsigned i = 0; i < c->num_elements; i++) {
      const struct glsl_type *et =
         glsl_type_is_struct(t) ? glsl_get_struct_field(t, i) : glsl_get_array_element(t);
      flatten_constant(c->elements[i], et, out + off);
      off += type_slots(et);
   }
}

static nir_const_value *
var_memory(struct interp *in, struct frame *fr, nir_variable *var)
{
   struct hash_table *table =
      var->data.mode == NIR_VAR_FUNCTION_TEMP ? fr->locals : in->globals;
   struct hash_entry *e = hash_table_search(table, var);
   if (e)
      return e->data;
   nir_const_value *mem =
      arena_new_array(in->arena, nir_const_value, type_slots(var->type));
   flatten_constant(var->constant_initializer, var->type, mem);
   hash_table_insert(table, var, mem);
   return mem;
}

static struct ival *
val(struct frame *fr, nir_def *def)
{
   struct hash_entry *e = hash_table_search(fr->vals, def);
   static struct ival zero;
   return e ? e->data : &zero; /* undefined values read as zero */
}

static struct ival *
set_val(struct interp *in, struct frame *fr, nir_def *def)
{
   struct hash_entry *e = hash_table_search(fr->vals, def);
   if (e)
      return e->data;
   struct ival *v = arena_new(in->arena, struct ival);
   hash_table_insert(fr->vals, def, v);
   return v;
}

static enum flow exec_impl(struct interp *in, nir_function_impl *impl,
                           struct ival *params, unsigned num_params);

static void
exec_deref(struct interp *in, struct frame *fr, nir_deref_instr *d)
{
   struct ival *r = set_val(in, fr, &d->def);
   switch (d->deref_type) {
   case NIR_DEREF_TYPE_VAR:
      r->mem = var_memory(in, fr, d->var);
      r->offset = 0;
      break;
   case NIR_DEREF_TYPE_CAST: {
      struct ival *p = val(fr, d->parent.ssa);
      r->mem = p->mem;
      r->offset = p->offset;
      break;
   }
   case NIR_DEREF_TYPE_STRUCT: {
      struct ival *p = val(fr, d->parent.ssa);
      const struct glsl_type *pt = nir_deref_instr_parent(d)->type;
      unsigned off = 0;
      for (unsigned i = 0; i < d->strct.index; i++)
         off += type_slots(glsl_get_struct_field(pt, i));
      r->mem = p->mem;
      r->offset = p->offset + off;
      break;
   }
   default: {
      struct ival *p = val(fr, d->parent.ssa);
      const uint64_t idx = nir_const_value_as_uint(val(fr, d->arr.index.ssa)->v[0],
                                                   d->arr.index.ssa->bit_size);
      const nir_deref_instr *parent = nir_deref_instr_parent(d);
      const unsigned len = parent ? glsl_get_length(parent->type) : 0;
      /* Out-of-bounds indices clamp (the generator masks them anyway). */
      const unsigned i = len ? (unsigned)MIN2(idx, (uint64_t)len - 1) : 0;
      r->mem = p->mem;
      r->offset = p->offset + i * type_slots(d->type);
      break;
   }
   }
}

static void
exec_intrinsic(struct interp *in, struct frame *fr, nir_intrinsic_instr *intr)
{
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF: {
      struct ival *p = val(fr, intr->src[0].ssa);
      struct ival *r = set_val(in, fr, &intr->def);
      for (unsigned c = 0; c < intr->def.num_components; c++)
         r->v[c] = p->mem ? p->mem[p->offset + c] : nir_const_value_for_raw_uint(0, 32);
      break;
   }
   case NIR_INTRINSIC_STORE_DEREF: {
      struct ival *p = val(fr, intr->src[0].ssa);
      struct ival *v = val(fr, intr->src[1].ssa);
      const unsigned mask = nir_intrinsic_write_mask(intr);
      for (unsigned c = 0; c < intr->num_components; c++)
         if ((mask & (1u << c)) && p->mem)
            p->mem[p->offset + c] = v->v[c];
      break;
   }
   case NIR_INTRINSIC_COPY_DEREF: {
      struct ival *dst = val(fr, intr->src[0].ssa), *src = val(fr, intr->src[1].ssa);
      const unsigned n = type_slots(nir_src_as_deref(intr->src[0])->type);
      for (unsigned i = 0; i < n; i++)
         dst->mem[dst->offset + i] = src->mem[src->offset + i];
      break;
   }
   case NIR_INTRINSIC_LOAD_LOCAL_INVOCATION_INDEX:
      set_val(in, fr, &intr->def)->v[0] = nir_const_value_for_uint(in->invocation, 32);
      break;
   case NIR_INTRINSIC_LOAD_PARAM: {
      const unsigned i = nir_intrinsic_param_idx(intr);
      *set_val(in, fr, &intr->def) =
         i < fr->num_params ? fr->params[i] : (struct ival){0};
      break;
   }
   default:
      in->failed = true;
      break;
   }
}

static enum flow
exec_block(struct interp *in, struct frame *fr, nir_block *block)
{
   /* Phis read their sources in parallel, from the block we came from. */
   unsigned num_phis = 0;
   nir_foreach_phi(phi, block)
   {
      (void)phi;
      num_phis++;
   }
   struct ival *phi_vals =
      num_phis ? arena_new_array(in->arena, struct ival, num_phis) : NULL;
   unsigned n = 0;
   nir_foreach_phi(phi, block)
   {
      nir_phi_src *ps = nir_phi_get_src_from_block(phi, in->prev);
      phi_vals[n++] = ps ? *val(fr, ps->src.ssa) : (struct ival){0};
   }
   n = 0;
   nir_foreach_phi(phi, block)
   {
      *set_val(in, fr, &phi->def) = phi_vals[n++];
   }

   nir_foreach_instr (instr, block) {
      if (++in->steps > 200000) {
         in->failed = true;
         return FLOW_RETURN;
      }
      switch (instr->type) {
      case NIR_INSTR_TYPE_PHI:
         break;
      case NIR_INSTR_TYPE_LOAD_CONST: {
         nir_load_const_instr *lc = nir_instr_as_load_const(instr);
         struct ival *r = set_val(in, fr, &lc->def);
         memcpy(r->v, lc->value, sizeof(nir_const_value) * lc->def.num_components);
         break;
      }
      case NIR_INSTR_TYPE_UNDEF:
         memset(set_val(in, fr, &nir_instr_as_undef(instr)->def), 0, sizeof(struct ival));
         break;
      case NIR_INSTR_TYPE_ALU: {
         nir_alu_instr *alu = nir_instr_as_alu(instr);
         const nir_op_info *info = &nir_op_infos[alu->op];
         nir_const_value srcs[NIR_MAX_VEC_COMPONENTS][NIR_MAX_VEC_COMPONENTS];
         nir_const_value *sp[NIR_MAX_VEC_COMPONENTS];
         for (unsigned i = 0; i < info->num_inputs; i++) {
            struct ival *s = val(fr, alu->src[i].src.ssa);
            for (unsigned c = 0; c < nir_ssa_alu_instr_src_components(alu, i); c++)
               srcs[i][c] = s->v[alu->src[i].swizzle[c]];
            sp[i] = srcs[i];
         }
         struct ival *r = set_val(in, fr, &alu->def);
         if (!nir_eval_const_opcode(alu->op, r->v, alu->def.num_components,
                                    nir_alu_instr_unsized_bit_size(alu), sp, 0))
            in->failed = true;
         break;
      }
      case NIR_INSTR_TYPE_DEREF:
         exec_deref(in, fr, nir_instr_as_deref(instr));
         break;
      case NIR_INSTR_TYPE_INTRINSIC:
         exec_intrinsic(in, fr, nir_instr_as_intrinsic(instr));
         break;
      case NIR_INSTR_TYPE_CALL: {
         nir_call_instr *call = nir_instr_as_call(instr);
         struct ival params[8];
         for (unsigned i = 0; i < call->num_params && i < 8; i++)
            params[i] = *val(fr, call->params[i].ssa);
         nir_block *saved = in->prev;
         exec_impl(in, call->callee->impl, params, MIN2(call->num_params, 8u));
         in->prev = saved;
         break;
      }
      case NIR_INSTR_TYPE_JUMP:
         in->prev = block;
         switch (nir_instr_as_jump(instr)->type) {
         case NIR_JUMP_BREAK:
            return FLOW_BREAK;
         case NIR_JUMP_CONTINUE:
            return FLOW_CONTINUE;
         default:
            return FLOW_RETURN;
         }
      default:
         in->failed = true;
         break;
      }
   }
   in->prev = block;
   return FLOW_NORMAL;
}

static enum flow
exec_list(struct interp *in, struct frame *fr, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      enum flow f = FLOW_NORMAL;
      switch (node->type) {
      case NIR_CF_NODE_BLOCK:
         f = exec_block(in, fr, nir_cf_node_as_block(node));
         break;
      case NIR_CF_NODE_IF: {
         nir_if *nif = nir_cf_node_as_if(node);
         const bool c = val(fr, nif->condition.ssa)->v[0].b;
         f = exec_list(in, fr, c ? &nif->then_list : &nif->else_list);
         break;
      }
      case NIR_CF_NODE_LOOP: {
         nir_loop *loop = nir_cf_node_as_loop(node);
         for (;;) {
            enum flow lf = exec_list(in, fr, &loop->body);
            if (lf == FLOW_BREAK || in->failed)
               break;
            if (lf == FLOW_RETURN) {
               f = FLOW_RETURN;
               break;
            }
            if (nir_loop_has_continue_construct(loop)) {
               lf = exec_list(in, fr, &loop->continue_list);
               if (lf == FLOW_BREAK)
                  break;
               if (lf == FLOW_RETURN) {
                  f = FLOW_RETURN;
                  break;
               }
            }
         }
         break;
      }
      default:
         break;
      }
      if (f != FLOW_NORMAL || in->failed)
         return f;
   }
   return FLOW_NORMAL;
}

static enum flow
exec_impl(struct interp *in, nir_function_impl *impl, struct ival *params,
          unsigned num_params)
{
   struct frame fr = {
      .vals = hash_table_create(NULL, util_hash_pointer, util_equal_pointer),
      .locals = hash_table_create(NULL, util_hash_pointer, util_equal_pointer),
      .params = params,
      .num_params = num_params,
   };
   in->prev = NULL;
   enum flow f = exec_list(in, &fr, &impl->body);
   hash_table_destroy(fr.vals);
   hash_table_destroy(fr.locals);
   return f;
}

/* Runs the entry point for one invocation; fills out[] from the "out"
 * variable. Returns false if the interpreter could not run it. */
static bool
run(nir_shader *s, uint32_t invocation, uint32_t *out, unsigned n)
{
   struct interp in = {.invocation = invocation};
   in.arena = arena_create(NULL);
   in.globals = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   exec_impl(&in, nir_shader_get_entrypoint(s), NULL, 0);
   nir_variable *ov = NULL;
   nir_foreach_variable_in_shader(v, s)
   {
      if (v->name && strcmp(v->name, "out") == 0)
         ov = v;
   }
   struct hash_entry *e = ov ? hash_table_search(in.globals, ov) : NULL;
   for (unsigned i = 0; i < n; i++)
      out[i] = e ? ((nir_const_value *)e->data)[i].u32 : 0;
   const bool ok = !in.failed;
   hash_table_destroy(in.globals);
   arena_destroy(in.arena);
   return ok;
}

/* ================================================================================ */
/* Random programs                                                                  */
/* ================================================================================ */

#define NUM_OUT    6
#define NUM_LOCALS 4

struct gen {
   uint64_t rng;
   nir_builder b;
   nir_variable *out;
   nir_variable *locals[NUM_LOCALS];
   nir_variable *arr; /* uint[4], indexed dynamically */
   nir_variable *rec; /* struct { uvec2 v; uint a[2]; } */
   nir_function *helpers[2];
   unsigned num_helpers;
   nir_def *param_x; /* helper bodies: the value parameter */
   nir_deref_instr *param_p;
   unsigned loop_depth;
   bool in_helper;
   unsigned budget;
};

static unsigned
rnd(struct gen *g, unsigned n)
{
   g->rng ^= g->rng << 13;
   g->rng ^= g->rng >> 7;
   g->rng ^= g->rng << 17;
   return (unsigned)(g->rng % n);
}

static nir_def *
gen_expr(struct gen *g, unsigned depth)
{
   nir_builder *b = &g->b;
   const unsigned leaf = depth == 0 ? rnd(g, 4) : rnd(g, 12);
   switch (leaf) {
   case 0:
      return nir_imm_int(b, (int32_t)rnd(g, 20) - 5);
   case 1:
      return nir_load_var(b, g->locals[rnd(g, NUM_LOCALS)]);
   case 2:
      if (g->in_helper && rnd(g, 2))
         return g->param_x;
      return nir_load_local_invocation_index(b);
   case 3: {
      nir_deref_instr *r = nir_build_deref_var(b, g->rec);
      if (rnd(g, 2)) {
         nir_deref_instr *v = nir_build_deref_struct(b, r, 0);
         return nir_channel(b, nir_load_deref(b, v), rnd(g, 2));
      }
      nir_deref_instr *a = nir_build_deref_struct(b, r, 1);
      return nir_load_deref(b, nir_build_deref_array_imm(b, a, rnd(g, 2)));
   }
   case 4: {
      nir_def *i = nir_iand_imm(b, gen_expr(g, depth - 1), 3);
      return nir_load_deref(b,
                            nir_build_deref_array(b, nir_build_deref_var(b, g->arr), i));
   }
   default: {
      nir_def *x = gen_expr(g, depth - 1);
      nir_def *y = gen_expr(g, depth - 1);
      switch (rnd(g, 11)) {
      case 0:
         return nir_iadd(b, x, y);
      case 1:
         return nir_isub(b, x, y);
      case 2:
         return nir_imul(b, x, y);
      case 3:
         return nir_iand(b, x, y);
      case 4:
         return nir_ixor(b, x, y);
      case 5:
         return nir_ishl(b, x, nir_iand_imm(b, y, 7));
      case 6:
         return nir_ushr(b, x, y);
      case 7:
         return nir_umin(b, x, y);
      case 8: {
         nir_def *c = nir_ult(b, x, y);
         nir_def *z = gen_expr(g, 0);
         return nir_bcsel(b, c, z, x);
      }
      case 9:
         return nir_udiv(b, x, y);
      default: {
         /* A vector round trip for the vec/mov paths. */
         nir_def *v = nir_vec2(b, x, y);
         nir_def *sw = nir_swizzle(b, v, (unsigned[]){1, 0}, 2);
         return nir_iadd(b, nir_channel(b, sw, 0), nir_channel(b, v, 1));
      }
      }
   }
   }
}

static nir_def *
gen_cond(struct gen *g)
{
   nir_def *x = gen_expr(g, 1);
   nir_def *y = gen_expr(g, 1);
   return rnd(g, 2) ? nir_ult(&g->b, x, y) : nir_ieq(&g->b, nir_iand_imm(&g->b, x, 1), y);
}

static void gen_stmts(struct gen *g, unsigned depth, unsigned count);

static void
gen_stmt(struct gen *g, unsigned depth)
{
   nir_builder *b = &g->b;
   if (g->budget == 0)
      return;
   g->budget--;
   switch (rnd(g, depth ? 11 : 6)) {
   case 0:
   case 1:
      nir_store_var(b, g->locals[rnd(g, NUM_LOCALS)], gen_expr(g, 2), 1);
      break;
   case 2: {
      nir_def *v = gen_expr(g, 2);
      nir_store_deref(
         b, nir_build_deref_array_imm(b, nir_build_deref_var(b, g->out), rnd(g, NUM_OUT)),
         v, 1);
      break;
   }
   case 3: {
      nir_def *i = nir_iand_imm(b, gen_expr(g, 1), 3);
      nir_def *v = gen_expr(g, 1);
      nir_store_deref(b, nir_build_deref_array(b, nir_build_deref_var(b, g->arr), i), v,
                      1);
      break;
   }
   case 4: {
      nir_deref_instr *r = nir_build_deref_var(b, g->rec);
      nir_def *v = gen_expr(g, 1);
      if (rnd(g, 2))
         nir_store_deref(b, nir_build_deref_struct(b, r, 0), nir_vec2(b, v, v),
                         1u << rnd(g, 2));
      else
         nir_store_deref(
            b, nir_build_deref_array_imm(b, nir_build_deref_struct(b, r, 1), rnd(g, 2)),
            v, 1);
      break;
   }
   case 5:
      if (g->in_helper && g->param_p) {
         nir_store_deref(b, g->param_p, gen_expr(g, 1), 1);
      } else if (g->num_helpers && !g->in_helper) {
         nir_function *h = g->helpers[rnd(g, g->num_helpers)];
         nir_def *x = gen_expr(g, 1);
         nir_def *args[2] = {x,
                             &nir_build_deref_var(b, g->locals[rnd(g, NUM_LOCALS)])->def};
         nir_build_call(b, h, 2, args);
      }
      break;
   case 6:
   case 7: {
      nir_if *nif = nir_push_if(b, gen_cond(g));
      gen_stmts(g, depth - 1, 1 + rnd(g, 3));
      if (rnd(g, 2)) {
         nir_push_else(b, nif);
         gen_stmts(g, depth - 1, 1 + rnd(g, 2));
      }
      nir_pop_if(b, nif);
      break;
   }
   case 8:
   case 9: {
      /* A counted loop: at most 3 iterations whatever the body does. */
      nir_variable *ctr = nir_local_variable_create(g->b.impl, glsl_uint_type(), "ctr");
      nir_store_var(b, ctr, nir_imm_int(b, 0), 1);
      const bool with_continue = rnd(g, 2);
      nir_loop *loop = nir_push_loop(b);
      nir_def *c = nir_load_var(b, ctr);
      nir_break_if(b, nir_uge(b, c, nir_imm_int(b, 1 + (int)rnd(g, 3))));
      if (!with_continue)
         nir_store_var(b, ctr, nir_iadd_imm(b, c, 1), 1);
      g->loop_depth++;
      gen_stmts(g, depth - 1, 1 + rnd(g, 3));
      g->loop_depth--;
      if (with_continue) {
         nir_push_continue(b, loop);
         nir_store_var(b, ctr, nir_iadd_imm(b, nir_load_var(b, ctr), 1), 1);
      }
      nir_pop_loop(b, loop);
      break;
   }
   case 10: {
      /* if (cond) { jump } with a jump that is legal here. */
      nir_if *nif = nir_push_if(b, gen_cond(g));
      const unsigned k = rnd(g, 3);
      if (k == 0 || !g->loop_depth) {
         nir_store_var(b, g->locals[0], gen_expr(g, 1), 1);
         nir_jump(b, NIR_JUMP_RETURN);
      } else {
         nir_jump(b, k == 1 ? NIR_JUMP_BREAK : NIR_JUMP_CONTINUE);
      }
      nir_pop_if(b, nif);
      break;
   }
   }
}

static void
gen_stmts(struct gen *g, unsigned depth, unsigned count)
{
   for (unsigned i = 0; i < count; i++)
      gen_stmt(g, depth);
}

static void
make_locals(struct gen *g, const char *prefix)
{
   char name[32];
   for (unsigned i = 0; i < NUM_LOCALS; i++) {
      snprintf(name, sizeof(name), "%s_l%u", prefix, i);
      g->locals[i] = nir_local_variable_create(g->b.impl, glsl_uint_type(), name);
      nir_store_var(&g->b, g->locals[i], nir_imm_int(&g->b, (int32_t)i * 3 + 1), 1);
   }
   g->arr = nir_local_variable_create(g->b.impl, glsl_array_type(glsl_uint_type(), 4, 0),
                                      "arr");
   for (unsigned i = 0; i < 4; i++)
      nir_store_deref(
         &g->b, nir_build_deref_array_imm(&g->b, nir_build_deref_var(&g->b, g->arr), i),
         nir_imm_int(&g->b, (int32_t)i), 1);
   struct glsl_struct_field f[2] = {
      glsl_struct_field_init(glsl_vector_type(GLSL_TYPE_UINT, 2), "v"),
      glsl_struct_field_init(glsl_array_type(glsl_uint_type(), 2, 0), "a"),
   };
   g->rec = nir_local_variable_create(
      g->b.impl, glsl_struct_type(f, 2, "R", GLSL_BLOCK_NONE), "rec");
   /* Initialized by a constant initializer rather than stores. */
   nir_constant *c = nir_constant_create(g->b.shader, 2);
   c->elements[0] = nir_constant_create(g->b.shader, 0);
   c->elements[0]->values[0] = nir_const_value_for_uint(11, 32);
   c->elements[0]->values[1] = nir_const_value_for_uint(12, 32);
   c->elements[1] = nir_constant_create(g->b.shader, 2);
   for (unsigned i = 0; i < 2; i++) {
      c->elements[1]->elements[i] = nir_constant_create(g->b.shader, 0);
      c->elements[1]->elements[i]->values[0] = nir_const_value_for_uint(20 + i, 32);
   }
   g->rec->constant_initializer = c;
}

static nir_shader *
gen_program(uint64_t seed)
{
   struct gen g = {.rng = seed * 0x9e3779b97f4a7c15ull + 1};
   g.b = nir_test_builder(NIR_STAGE_COMPUTE);
   if (!g.b.shader)
      return NULL;
   nir_shader *s = g.b.shader;
   g.out = nir_variable_create(s, NIR_VAR_MEM_SHARED,
                               glsl_array_type(glsl_uint_type(), NUM_OUT, 0), "out");
   nir_builder main_b = g.b;

   /* Helpers first: helper(uint x, uint *p). */
   g.num_helpers = rnd(&g, 3);
   for (unsigned h = 0; h < g.num_helpers; h++) {
      nir_function *f = nir_function_create(s, "helper");
      f->num_params = 2;
      f->params = arena_new_array(s->arena, nir_parameter, 2);
      f->params[0] = (nir_parameter){.num_components = 1, .bit_size = 32};
      f->params[1] = (nir_parameter){.num_components = 1, .bit_size = 32};
      nir_function_impl *impl = nir_function_impl_create(f);
      g.b = nir_builder_at(nir_after_impl(impl));
      g.in_helper = true;
      g.param_x = nir_load_param(&g.b, 1, 32, .param_idx = 0);
      g.param_p = nir_build_deref_cast(&g.b, nir_load_param(&g.b, 1, 32, .param_idx = 1),
                                       NIR_VAR_FUNCTION_TEMP, glsl_uint_type(), 0);
      make_locals(&g, h ? "h1" : "h0");
      g.budget = 12;
      gen_stmts(&g, 3, 4);
      g.helpers[h] = f;
   }
   g.in_helper = false;
   g.param_p = NULL;
   g.b = main_b;
   make_locals(&g, "m");
   g.budget = 30;
   gen_stmts(&g, 3, 6);
   /* Make the locals observable. */
   for (unsigned i = 0; i < NUM_LOCALS; i++) {
      nir_def *v = nir_load_var(&g.b, g.locals[i]);
      nir_store_deref(
         &g.b, nir_build_deref_array_imm(&g.b, nir_build_deref_var(&g.b, g.out), i), v,
         1);
   }
   return s;
}

/* ================================================================================ */
/* The test                                                                         */
/* ================================================================================ */

typedef bool (*pass_fn)(nir_shader *);

static bool
remove_non_entrypoints_pass(nir_shader *s)
{
   nir_remove_non_entrypoints(s);
   return true;
}

static bool
remove_dead_temps(nir_shader *s)
{
   return nir_remove_dead_variables(s, NIR_VAR_FUNCTION_TEMP);
}

static const struct {
   const char *name;
   pass_fn fn;
} pipeline[] = {
   {"inline_functions", nir_inline_functions},
   {"remove_non_entrypoints", remove_non_entrypoints_pass},
   {"copy_prop", nir_opt_copy_prop},
   {"vars_to_ssa", nir_lower_vars_to_ssa},
   {"copy_prop", nir_opt_copy_prop},
   {"constant_folding", nir_opt_constant_folding},
   {"cse", nir_opt_cse},
   {"dce", nir_opt_dce},
   {"remove_dead_variables", remove_dead_temps},
   {"lower_continue_constructs", nir_lower_continue_constructs},
   {"vars_to_ssa", nir_lower_vars_to_ssa},
   {"constant_folding", nir_opt_constant_folding},
   {"cse", nir_opt_cse},
   {"copy_prop", nir_opt_copy_prop},
   {"dce", nir_opt_dce},
};

static bool
same_results(nir_shader *s, const uint32_t expect[4][NUM_OUT], const char *when,
             uint64_t seed)
{
   for (uint32_t inv = 0; inv < 4; inv++) {
      uint32_t got[NUM_OUT];
      if (!run(s, inv, got, NUM_OUT))
         return test_fail(__FILE__, __LINE__,
                          "seed %" PRIu64 ": interpreter failed after %s", seed, when);
      if (memcmp(got, expect[inv], sizeof(got)) != 0) {
         char *text = nir_shader_to_string(s);
         test_fail(__FILE__, __LINE__,
                   "seed %" PRIu64 ", invocation %u: results differ after %s "
                   "(out[0..3] %u %u %u %u, expected %u %u %u %u)\n%s",
                   seed, inv, when, got[0], got[1], got[2], got[3], expect[inv][0],
                   expect[inv][1], expect[inv][2], expect[inv][3], text ? text : "");
         free(text);
         return false;
      }
   }
   return true;
}

TEST(nir_random_programs_keep_their_meaning)
{
   unsigned programs = 0, nontrivial = 0;
   for (uint64_t seed = 1; seed <= 300; seed++) {
      nir_shader *s = gen_program(seed);
      REQUIRE(s);
      char *report = NULL;
      if (nir_validate_shader_report(s, &report)) {
         test_fail(__FILE__, __LINE__, "seed %" PRIu64 ": generated IR invalid\n%s", seed,
                   report ? report : "");
         free(report);
         nir_shader_destroy(s);
         return;
      }
      uint32_t expect[4][NUM_OUT];
      bool ok = true;
      for (uint32_t inv = 0; inv < 4 && ok; inv++)
         ok = run(s, inv, expect[inv], NUM_OUT);
      if (!CHECK(ok)) {
         nir_shader_destroy(s);
         return;
      }
      for (unsigned i = 0; i < NUM_OUT; i++)
         if (expect[0][i] != expect[1][i])
            nontrivial++;

      nir_shader *clone = nir_shader_clone(NULL, s);
      REQUIRE(clone);
      ok = same_results(clone, (const uint32_t(*)[NUM_OUT])expect, "clone", seed);
      nir_shader_destroy(clone);

      for (unsigned p = 0; p < ARRAY_SIZE(pipeline) && ok; p++) {
         nir_shader *before = nir_shader_clone(NULL, s);
         pipeline[p].fn(s);
         if (nir_validate_shader_report(s, &report)) {
            test_fail(__FILE__, __LINE__, "seed %" PRIu64 ": invalid after %s\n%s", seed,
                      pipeline[p].name, report ? report : "");
            free(report);
            ok = false;
            break;
         }
         ok = same_results(s, (const uint32_t(*)[NUM_OUT])expect, pipeline[p].name, seed);
         if (!ok && before) {
            char *text = nir_shader_to_string(before);
            printf("--- the shader before %s:\n%s", pipeline[p].name, text ? text : "");
            free(text);
         }
         nir_shader_destroy(before);
      }
      if (ok) {
         /* Everything promotable was promoted and everything inlined. */
         char *text = nir_shader_to_string(s);
         CHECK(text && !strstr(text, "call "));
         CHECK(text && !strstr(text, "} continue {"));
         free(text);
      }
      programs++;
      nir_shader_destroy(s);
      if (!ok)
         break;
   }
   CHECK_EQ(programs, 300);
   /* The programs depend on the invocation, so comparing results means something. */
   CHECK(nontrivial > 100);
}
