/* SPDX-License-Identifier: MIT */
/*
 * The validator. It checks every invariant the rest of the IR relies on and
 * collects *all* errors, each attached to the object it is about (an
 * instruction, an if, a block, a variable, an impl or the shader), so the
 * report is the shader printed with the errors next to the offending lines.
 *
 * It must not crash on the broken IR it exists to diagnose: every check
 * that follows a pointer first checks what it needs.
 */
#include "nir/nir.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash_table.h"
#include "util/strbuf.h"

struct validate_state {
   nir_shader *shader;
   nir_function_impl *impl;
   struct hash_table *errors; /* object -> char * (malloc'd, \n-joined) */
   struct strbuf summary;
   unsigned num_errors;
   struct set *defs;   /* defs of the current impl */
   struct set *srcs;   /* srcs of the current impl */
   struct set *vars;   /* variables visible to the current impl */
   struct set *blocks; /* blocks of the current impl */
   bool cf_ok;         /* the tree is sane enough to compute dominance */
   bool oom;
};

static void PRINTFLIKE(3, 4)
   error(struct validate_state *st, const void *obj, const char *fmt, ...)
{
   va_list va;
   va_start(va, fmt);
   char *msg = NULL;
   if (vasprintf(&msg, fmt, va) < 0)
      msg = NULL;
   va_end(va);
   st->num_errors++;
   if (!msg) {
      st->oom = true;
      return;
   }
   strbuf_printf(&st->summary, "   %s\n", msg);
   struct hash_entry *e = hash_table_search(st->errors, obj);
   if (e) {
      char *joined = NULL;
      if (asprintf(&joined, "%s\n%s", (char *)e->data, msg) >= 0) {
         free(e->data);
         e->data = joined;
      }
      free(msg);
      return;
   }
   if (!hash_table_insert(st->errors, obj, msg)) {
      free(msg);
      st->oom = true;
   }
}

#define CHECK_OR(st, obj, cond, ...)                                                     \
   ((cond) ? true : (error(st, obj, __VA_ARGS__), false))

static bool
valid_num_components(unsigned n)
{
   return (n >= 1 && n <= 4) || n == 8 || n == 16;
}

static bool
valid_bit_size(unsigned b)
{
   return b == 1 || b == 8 || b == 16 || b == 32 || b == 64;
}

static void
track(struct validate_state *st, struct set *set, const void *obj)
{
   if (!set_add(set, obj))
      st->oom = true;
}

/* ------------------------------------------------------------------------------- */
/* Sources and defs                                                                */
/* ------------------------------------------------------------------------------- */

struct src_check {
   struct validate_state *st;
   nir_instr *instr;
};

static void
validate_src(struct validate_state *st, const void *obj, nir_src *src, bool is_if,
             void *parent)
{
   if (!CHECK_OR(st, obj, src->ssa != NULL, "source without a value"))
      return;
   track(st, st->srcs, src);
   if (is_if)
      CHECK_OR(st, obj, src->is_if && src->parent_if == parent,
               "if condition does not point back to its if");
   else
      CHECK_OR(st, obj, !src->is_if && src->parent_instr == parent,
               "source does not point back to its instruction");
   /* Whether it is on its def's use list is checked once all use lists
    * are known (validate_uses), to stay linear in the number of uses. */
}

static bool
validate_src_cb(nir_src *src, void *data)
{
   struct src_check *c = data;
   validate_src(c->st, c->instr, src, false, c->instr);
   return true;
}

static void
validate_def(struct validate_state *st, nir_instr *instr, nir_def *def)
{
   CHECK_OR(st, instr, def->parent_instr == instr,
            "def does not point back to its instruction");
   CHECK_OR(st, instr, valid_num_components(def->num_components),
            "def has an invalid component count %u", def->num_components);
   CHECK_OR(st, instr, valid_bit_size(def->bit_size), "def has an invalid bit size %u",
            def->bit_size);
   CHECK_OR(st, instr, def->index < st->impl->ssa_alloc,
            "def index %u is not below the impl's ssa_alloc %u", def->index,
            st->impl->ssa_alloc);
   track(st, st->defs, def);
}

/* ------------------------------------------------------------------------------- */
/* Instructions                                                                    */
/* ------------------------------------------------------------------------------- */

static void
validate_alu(struct validate_state *st, nir_alu_instr *alu)
{
   nir_instr *instr = &alu->instr;
   if (!CHECK_OR(st, instr, (unsigned)alu->op < NIR_NUM_OPCODES, "invalid ALU opcode %u",
                 (unsigned)alu->op))
      return;
   const nir_op_info *info = &nir_op_infos[alu->op];

   unsigned unsized_bits = 0;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const nir_def *s = alu->src[i].src.ssa;
      if (!s)
         continue;
      const unsigned want = nir_alu_type_get_type_size(info->input_types[i]);
      if (want) {
         CHECK_OR(st, instr, s->bit_size == want,
                  "%s source %u is %u-bit, the op wants %u", info->name, i, s->bit_size,
                  want);
      } else if (!unsized_bits) {
         unsized_bits = s->bit_size;
      } else {
         CHECK_OR(st, instr, s->bit_size == unsized_bits,
                  "%s source %u is %u-bit but an earlier source is %u-bit", info->name, i,
                  s->bit_size, unsized_bits);
      }
      const unsigned n =
         info->input_sizes[i] ? info->input_sizes[i] : alu->def.num_components;
      for (unsigned c = 0; c < n && c < NIR_MAX_VEC_COMPONENTS; c++) {
         if (alu->src[i].swizzle[c] >= s->num_components) {
            error(st, instr,
                  "%s source %u swizzle reads component %u of a %u-component value",
                  info->name, i, alu->src[i].swizzle[c], s->num_components);
            break;
         }
      }
   }

   const unsigned out_bits = nir_alu_type_get_type_size(info->output_type);
   if (out_bits) {
      CHECK_OR(st, instr, alu->def.bit_size == out_bits,
               "%s result is %u-bit, the op makes %u", info->name, alu->def.bit_size,
               out_bits);
   } else if (unsized_bits) {
      CHECK_OR(st, instr, alu->def.bit_size == unsized_bits,
               "%s result is %u-bit but its sources are %u-bit", info->name,
               alu->def.bit_size, unsized_bits);
   }
   const unsigned bits = out_bits ? unsized_bits : alu->def.bit_size;
   if (info->bit_sizes && bits)
      CHECK_OR(st, instr, (info->bit_sizes & bits) == bits,
               "%s does not work on %u-bit values", info->name, bits);
   if (info->output_size)
      CHECK_OR(st, instr, alu->def.num_components == info->output_size,
               "%s makes %u components, not %u", info->name, info->output_size,
               alu->def.num_components);
}

static const struct glsl_type *
deref_parent_type(struct validate_state *st, nir_deref_instr *d,
                  nir_deref_instr **parent_out)
{
   *parent_out = NULL;
   if (!d->parent.ssa)
      return NULL;
   nir_instr *pi = d->parent.ssa->parent_instr;
   if (!pi || pi->type != NIR_INSTR_TYPE_DEREF) {
      if (d->deref_type != NIR_DEREF_TYPE_CAST)
         error(st, &d->instr, "deref parent %%%u is not a deref", d->parent.ssa->index);
      return NULL;
   }
   *parent_out = nir_instr_as_deref(pi);
   return (*parent_out)->type;
}

static void
validate_deref(struct validate_state *st, nir_deref_instr *d)
{
   nir_instr *instr = &d->instr;
   if (!CHECK_OR(st, instr, d->type != NULL, "deref without a type"))
      return;
   const unsigned ptr_bits = (d->modes & NIR_VAR_MEM_GLOBAL) ? 64 : 32;
   CHECK_OR(st, instr, d->def.num_components == 1 && d->def.bit_size == ptr_bits,
            "a deref is a 1x%u pointer, not %ux%u", ptr_bits, d->def.bit_size,
            d->def.num_components);

   nir_deref_instr *parent = NULL;
   const struct glsl_type *pt;
   switch (d->deref_type) {
   case NIR_DEREF_TYPE_VAR:
      if (!CHECK_OR(st, instr, d->var != NULL, "var deref without a variable"))
         return;
      CHECK_OR(st, instr, set_contains(st->vars, d->var),
               "deref of a variable that is not in this shader/impl");
      CHECK_OR(st, instr, d->modes == d->var->data.mode,
               "var deref modes differ from the variable's mode");
      CHECK_OR(st, instr, d->type == d->var->type,
               "var deref type differs from the variable's");
      break;
   case NIR_DEREF_TYPE_ARRAY:
      pt = deref_parent_type(st, d, &parent);
      if (!pt)
         break;
      CHECK_OR(st, instr,
               glsl_type_is_array(pt) || glsl_type_is_matrix(pt) ||
                  glsl_type_is_vector(pt),
               "array deref of a non-array type");
      CHECK_OR(st, instr, d->type == glsl_get_deref_element(pt),
               "array deref type is not the parent's element type");
      CHECK_OR(st, instr, d->modes == parent->modes,
               "array deref modes differ from parent's");
      if (d->arr.index.ssa)
         CHECK_OR(st, instr,
                  d->arr.index.ssa->num_components == 1 &&
                     d->arr.index.ssa->bit_size >= 8,
                  "array index must be an integer scalar");
      break;
   case NIR_DEREF_TYPE_PTR_AS_ARRAY:
      pt = deref_parent_type(st, d, &parent);
      if (!pt)
         break;
      CHECK_OR(st, instr,
               parent->deref_type == NIR_DEREF_TYPE_CAST ||
                  parent->deref_type == NIR_DEREF_TYPE_PTR_AS_ARRAY,
               "ptr_as_array needs a cast or ptr_as_array parent");
      CHECK_OR(st, instr, d->type == pt, "ptr_as_array type differs from the parent's");
      break;
   case NIR_DEREF_TYPE_STRUCT:
      pt = deref_parent_type(st, d, &parent);
      if (!pt)
         break;
      if (!CHECK_OR(st, instr, glsl_type_is_struct(pt),
                    "struct deref of a non-struct type"))
         break;
      if (!CHECK_OR(st, instr, d->strct.index < glsl_get_length(pt),
                    "struct deref of member %u of a %u-member struct", d->strct.index,
                    glsl_get_length(pt)))
         break;
      CHECK_OR(st, instr, d->type == glsl_get_struct_field(pt, d->strct.index),
               "struct deref type is not the member's type");
      CHECK_OR(st, instr, d->modes == parent->modes,
               "struct deref modes differ from parent's");
      break;
   case NIR_DEREF_TYPE_CAST:
      pt = deref_parent_type(st, d, &parent);
      if (!parent && d->parent.ssa)
         CHECK_OR(st, instr, d->parent.ssa->num_components == 1,
                  "cast of a non-deref must be a scalar address");
      break;
   default:
      error(st, instr, "invalid deref type %u", (unsigned)d->deref_type);
      break;
   }
}

static nir_deref_instr *
src_deref(nir_src *src)
{
   if (!src->ssa || !src->ssa->parent_instr ||
       src->ssa->parent_instr->type != NIR_INSTR_TYPE_DEREF)
      return NULL;
   return nir_instr_as_deref(src->ssa->parent_instr);
}

static void
validate_value_for_deref(struct validate_state *st, nir_instr *instr, nir_deref_instr *d,
                         unsigned nc, unsigned bits, const char *what)
{
   const struct glsl_type *t = d->type;
   if (!glsl_type_is_vector_or_scalar(t)) {
      error(st, instr, "%s of a non-vector type", what);
      return;
   }
   CHECK_OR(st, instr, nc == glsl_get_vector_elements(t),
            "%s has %u components but the deref type has %u", what, nc,
            glsl_get_vector_elements(t));
   CHECK_OR(st, instr, bits == glsl_get_bit_size(t),
            "%s is %u-bit but the deref type is %u-bit", what, bits,
            glsl_get_bit_size(t));
}

static void
validate_intrinsic(struct validate_state *st, nir_intrinsic_instr *intr)
{
   nir_instr *instr = &intr->instr;
   if (!CHECK_OR(st, instr, (unsigned)intr->intrinsic < NIR_NUM_INTRINSICS,
                 "invalid intrinsic %u", (unsigned)intr->intrinsic))
      return;
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];

   for (unsigned i = 0; i < info->num_srcs; i++) {
      const nir_def *s = intr->src[i].ssa;
      if (!s)
         continue;
      const int8_t want = info->src_components[i];
      if (want > 0)
         CHECK_OR(st, instr, s->num_components == (unsigned)want,
                  "source %u has %u components, %s wants %d", i, s->num_components,
                  info->name, want);
      else if (want == 0)
         CHECK_OR(st, instr, s->num_components == intr->num_components,
                  "source %u has %u components, num_components is %u", i,
                  s->num_components, intr->num_components);
   }

   if (info->has_dest) {
      const unsigned want =
         info->dest_components ? info->dest_components : intr->num_components;
      CHECK_OR(st, instr, intr->def.num_components == want,
               "%s result has %u components, expected %u", info->name,
               intr->def.num_components, want);
      if (info->dest_bit_sizes)
         CHECK_OR(st, instr,
                  (info->dest_bit_sizes & intr->def.bit_size) == intr->def.bit_size,
                  "%s result cannot be %u-bit", info->name, intr->def.bit_size);
      if (info->bit_size_src >= 0 && intr->src[info->bit_size_src].ssa)
         CHECK_OR(
            st, instr, intr->def.bit_size == intr->src[info->bit_size_src].ssa->bit_size,
            "%s result is %u-bit but source %d is %u-bit", info->name, intr->def.bit_size,
            info->bit_size_src, intr->src[info->bit_size_src].ssa->bit_size);
   }
   if (nir_intrinsic_has_write_mask(intr))
      CHECK_OR(st, instr,
               (nir_intrinsic_write_mask(intr) & ~BITFIELD_MASK(intr->num_components)) ==
                  0,
               "write_mask 0x%x exceeds %u components", nir_intrinsic_write_mask(intr),
               intr->num_components);

   switch (intr->intrinsic) {
   case NIR_INTRINSIC_LOAD_DEREF: {
      nir_deref_instr *d = src_deref(&intr->src[0]);
      if (!CHECK_OR(st, instr, d, "load_deref source is not a deref"))
         break;
      validate_value_for_deref(st, instr, d, intr->def.num_components, intr->def.bit_size,
                               "load_deref result");
      break;
   }
   case NIR_INTRINSIC_STORE_DEREF: {
      nir_deref_instr *d = src_deref(&intr->src[0]);
      if (!CHECK_OR(st, instr, d, "store_deref destination is not a deref"))
         break;
      CHECK_OR(st, instr, !(d->modes & NIR_VAR_READ_ONLY_MODES),
               "store_deref to a read-only variable mode");
      if (intr->src[1].ssa)
         validate_value_for_deref(st, instr, d, intr->src[1].ssa->num_components,
                                  intr->src[1].ssa->bit_size, "stored value");
      break;
   }
   case NIR_INTRINSIC_COPY_DEREF: {
      nir_deref_instr *dst = src_deref(&intr->src[0]), *src = src_deref(&intr->src[1]);
      if (!CHECK_OR(st, instr, dst && src, "copy_deref operands must be derefs"))
         break;
      CHECK_OR(st, instr, dst->type == src->type, "copy_deref between different types");
      break;
   }
   case NIR_INTRINSIC_DEREF_ATOMIC:
   case NIR_INTRINSIC_DEREF_ATOMIC_SWAP:
   case NIR_INTRINSIC_INTERP_DEREF_AT_CENTROID:
   case NIR_INTRINSIC_INTERP_DEREF_AT_SAMPLE:
   case NIR_INTRINSIC_INTERP_DEREF_AT_OFFSET:
   case NIR_INTRINSIC_IMAGE_DEREF_LOAD:
   case NIR_INTRINSIC_IMAGE_DEREF_STORE:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC:
   case NIR_INTRINSIC_IMAGE_DEREF_ATOMIC_SWAP:
   case NIR_INTRINSIC_IMAGE_DEREF_SIZE:
   case NIR_INTRINSIC_IMAGE_DEREF_SAMPLES:
   case NIR_INTRINSIC_DEREF_BUFFER_ARRAY_LENGTH:
      CHECK_OR(st, instr, src_deref(&intr->src[0]) != NULL, "%s source 0 is not a deref",
               info->name);
      break;
   case NIR_INTRINSIC_LOAD_PARAM:
      CHECK_OR(st, instr, nir_intrinsic_param_idx(intr) < st->impl->function->num_params,
               "load_param of parameter %u, the function has %u",
               nir_intrinsic_param_idx(intr), st->impl->function->num_params);
      break;
   default:
      break;
   }
   if (nir_intrinsic_has_atomic_op(intr))
      CHECK_OR(st, instr, (unsigned)nir_intrinsic_atomic_op(intr) < NIR_ATOMIC_OP_COUNT,
               "invalid atomic op");
   if (nir_intrinsic_has_reduction_op(intr))
      CHECK_OR(st, instr, (unsigned)nir_intrinsic_reduction_op(intr) < NIR_NUM_OPCODES,
               "invalid reduction op");
}

static void
validate_tex(struct validate_state *st, nir_tex_instr *tex)
{
   nir_instr *instr = &tex->instr;
   bool seen[NIR_NUM_TEX_SRC_TYPES] = {false};
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      const nir_tex_src_type t = tex->src[i].src_type;
      if (!CHECK_OR(st, instr, (unsigned)t < NIR_NUM_TEX_SRC_TYPES,
                    "invalid tex source type"))
         continue;
      CHECK_OR(st, instr, !seen[t], "two %s sources", nir_tex_src_type_name(t));
      seen[t] = true;
      const nir_def *s = tex->src[i].src.ssa;
      if (!s)
         continue;
      if (t == NIR_TEX_SRC_TEXTURE_DEREF || t == NIR_TEX_SRC_SAMPLER_DEREF) {
         CHECK_OR(st, instr, src_deref(&tex->src[i].src) != NULL, "%s is not a deref",
                  nir_tex_src_type_name(t));
         continue;
      }
      const unsigned want = nir_tex_instr_src_size(tex, i);
      CHECK_OR(st, instr, s->num_components == want, "%s has %u components, expected %u",
               nir_tex_src_type_name(t), s->num_components, want);
   }
   switch (tex->op) {
   case NIR_TEXOP_TXS:
   case NIR_TEXOP_QUERY_LEVELS:
   case NIR_TEXOP_TEXTURE_SAMPLES:
      break;
   default:
      CHECK_OR(st, instr, seen[NIR_TEX_SRC_COORD], "%s without coordinates",
               nir_texop_name(tex->op));
      break;
   }
   if (tex->is_shadow && tex->op != NIR_TEXOP_TXS && tex->op != NIR_TEXOP_LOD &&
       tex->op != NIR_TEXOP_QUERY_LEVELS && tex->op != NIR_TEXOP_TEXTURE_SAMPLES)
      CHECK_OR(st, instr, seen[NIR_TEX_SRC_COMPARATOR],
               "shadow sampling without comparator");
   CHECK_OR(st, instr, tex->def.num_components == nir_tex_instr_dest_size(tex),
            "%s result has %u components, expected %u", nir_texop_name(tex->op),
            tex->def.num_components, nir_tex_instr_dest_size(tex));
   const unsigned tbits = nir_alu_type_get_type_size(tex->dest_type);
   if (tbits)
      CHECK_OR(st, instr, tex->def.bit_size == tbits,
               "result is %u-bit but dest_type is %s", tex->def.bit_size,
               nir_alu_type_name(tex->dest_type));
}

static void
validate_call(struct validate_state *st, nir_call_instr *call)
{
   nir_instr *instr = &call->instr;
   if (!CHECK_OR(st, instr, call->callee != NULL, "call without a callee"))
      return;
   bool found = false;
   nir_foreach_function (f, st->shader) {
      if (f == call->callee)
         found = true;
   }
   if (!CHECK_OR(st, instr, found, "callee is not a function of this shader"))
      return;
   if (!CHECK_OR(st, instr, call->num_params == call->callee->num_params,
                 "call passes %u parameters, %s takes %u", call->num_params,
                 call->callee->name ? call->callee->name : "(unnamed)",
                 call->callee->num_params))
      return;
   for (unsigned i = 0; i < call->num_params; i++) {
      const nir_def *s = call->params[i].ssa;
      const nir_parameter *p = &call->callee->params[i];
      if (s)
         CHECK_OR(st, instr,
                  s->num_components == p->num_components && s->bit_size == p->bit_size,
                  "parameter %u is %ux%u, the callee wants %ux%u", i, s->bit_size,
                  s->num_components, p->bit_size, p->num_components);
   }
}

static void
validate_phi(struct validate_state *st, nir_phi_instr *phi, nir_block *block)
{
   nir_instr *instr = &phi->instr;
   unsigned n = 0;
   nir_foreach_phi_src(ps, phi)
   {
      n++;
      bool is_pred = false;
      for (unsigned i = 0; i < block->num_predecessors; i++)
         if (block->predecessors[i] == ps->pred)
            is_pred = true;
      CHECK_OR(st, instr, is_pred, "phi source from b%u, which is not a predecessor",
               ps->pred ? ps->pred->index : ~0u);
      unsigned dup = 0;
      nir_foreach_phi_src(other, phi)
      {
         if (other->pred == ps->pred)
            dup++;
      }
      CHECK_OR(st, instr, dup == 1, "phi has %u sources from b%u", dup,
               ps->pred ? ps->pred->index : ~0u);
      if (ps->src.ssa)
         CHECK_OR(st, instr,
                  ps->src.ssa->num_components == phi->def.num_components &&
                     ps->src.ssa->bit_size == phi->def.bit_size,
                  "phi source %%%u is %ux%u, the phi is %ux%u", ps->src.ssa->index,
                  ps->src.ssa->bit_size, ps->src.ssa->num_components, phi->def.bit_size,
                  phi->def.num_components);
   }
   CHECK_OR(st, instr, n == block->num_predecessors,
            "phi has %u sources but its block has %u predecessors", n,
            block->num_predecessors);
}

static void
validate_jump(struct validate_state *st, nir_jump_instr *jump, nir_block *block)
{
   nir_instr *instr = &jump->instr;
   CHECK_OR(st, instr, nir_block_last_instr(block) == instr,
            "jump is not the last instruction of its block");
   switch (jump->type) {
   case NIR_JUMP_RETURN:
      break;
   case NIR_JUMP_BREAK:
      CHECK_OR(st, instr, nir_cf_node_get_loop(&block->cf_node) != NULL,
               "break outside a loop");
      break;
   case NIR_JUMP_CONTINUE:
      CHECK_OR(st, instr, nir_cf_node_get_loop(&block->cf_node) != NULL,
               "continue outside a loop");
      CHECK_OR(st, instr, !nir_cf_node_is_in_continue_construct(&block->cf_node),
               "continue inside a continue construct");
      break;
   default:
      error(st, instr, "invalid jump type %u", (unsigned)jump->type);
      break;
   }
}

static void
validate_instr(struct validate_state *st, nir_instr *instr, nir_block *block,
               bool *seen_non_phi)
{
   CHECK_OR(st, instr, instr->block == block, "instruction's block pointer is wrong");
   if (instr->type == NIR_INSTR_TYPE_PHI)
      CHECK_OR(st, instr, !*seen_non_phi, "phi after a non-phi instruction");
   else
      *seen_non_phi = true;

   struct src_check c = {st, instr};
   nir_foreach_src(instr, validate_src_cb, &c);
   nir_def *def = nir_instr_def(instr);
   if (def)
      validate_def(st, instr, def);

   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
      validate_alu(st, nir_instr_as_alu(instr));
      break;
   case NIR_INSTR_TYPE_DEREF:
      validate_deref(st, nir_instr_as_deref(instr));
      break;
   case NIR_INSTR_TYPE_CALL:
      validate_call(st, nir_instr_as_call(instr));
      break;
   case NIR_INSTR_TYPE_TEX:
      validate_tex(st, nir_instr_as_tex(instr));
      break;
   case NIR_INSTR_TYPE_INTRINSIC:
      validate_intrinsic(st, nir_instr_as_intrinsic(instr));
      break;
   case NIR_INSTR_TYPE_PHI:
      validate_phi(st, nir_instr_as_phi(instr), block);
      break;
   case NIR_INSTR_TYPE_JUMP:
      validate_jump(st, nir_instr_as_jump(instr), block);
      break;
   case NIR_INSTR_TYPE_LOAD_CONST:
   case NIR_INSTR_TYPE_UNDEF:
      break;
   default:
      error(st, instr, "invalid instruction type %u", (unsigned)instr->type);
      break;
   }
}

/* ------------------------------------------------------------------------------- */
/* Control flow                                                                    */
/* ------------------------------------------------------------------------------- */

static void validate_cf_list(struct validate_state *st, struct list_head *list,
                             nir_cf_node *parent, const void *owner, const char *what);

static void
expected_successors(nir_function_impl *impl, nir_block *block, nir_block *succ[2])
{
   /* Same rules as the CFG code, restated independently on purpose. */
   succ[0] = succ[1] = NULL;
   nir_instr *last = nir_block_last_instr(block);
   nir_loop *loop = nir_cf_node_get_loop(&block->cf_node);
   if (last && last->type == NIR_INSTR_TYPE_JUMP) {
      switch (nir_instr_as_jump(last)->type) {
      case NIR_JUMP_RETURN:
         succ[0] = impl->end_block;
         break;
      case NIR_JUMP_BREAK:
         if (loop && nir_cf_node_next(&loop->cf_node))
            succ[0] = nir_cf_node_as_block(nir_cf_node_next(&loop->cf_node));
         break;
      case NIR_JUMP_CONTINUE:
         if (loop)
            succ[0] = nir_loop_continue_target(loop);
         break;
      }
      return;
   }
   nir_cf_node *next = nir_cf_node_next(&block->cf_node);
   if (next) {
      if (next->type == NIR_CF_NODE_IF) {
         succ[0] = nir_if_first_then_block(nir_cf_node_as_if(next));
         succ[1] = nir_if_first_else_block(nir_cf_node_as_if(next));
      } else if (next->type == NIR_CF_NODE_LOOP) {
         succ[0] = nir_loop_first_block(nir_cf_node_as_loop(next));
      }
      return;
   }
   nir_cf_node *parent = block->cf_node.parent;
   if (parent->type == NIR_CF_NODE_FUNCTION) {
      succ[0] = impl->end_block;
   } else if (parent->type == NIR_CF_NODE_IF) {
      nir_cf_node *after = nir_cf_node_next(parent);
      succ[0] =
         after && after->type == NIR_CF_NODE_BLOCK ? nir_cf_node_as_block(after) : NULL;
   } else if (parent->type == NIR_CF_NODE_LOOP) {
      nir_loop *l = nir_cf_node_as_loop(parent);
      succ[0] = nir_loop_last_block(l) == block ? nir_loop_continue_target(l)
                                                : nir_loop_first_block(l);
   }
}

static void
validate_block(struct validate_state *st, nir_block *block)
{
   track(st, st->blocks, block);
   bool seen_non_phi = false;
   nir_foreach_instr (instr, block) {
      validate_instr(st, instr, block, &seen_non_phi);
   }
}

static void
validate_if(struct validate_state *st, nir_if *nif)
{
   validate_src(st, nif, &nif->condition, true, nif);
   if (nif->condition.ssa)
      CHECK_OR(st, nif,
               nif->condition.ssa->num_components == 1 &&
                  nif->condition.ssa->bit_size == 1,
               "if condition must be a 1-bit scalar, not %ux%u",
               nif->condition.ssa->bit_size, nif->condition.ssa->num_components);
   validate_cf_list(st, &nif->then_list, &nif->cf_node, nif, "then list");
   validate_cf_list(st, &nif->else_list, &nif->cf_node, nif, "else list");
}

static void
validate_loop(struct validate_state *st, nir_loop *loop)
{
   validate_cf_list(st, &loop->body, &loop->cf_node, loop, "loop body");
   if (!list_is_empty(&loop->continue_list))
      validate_cf_list(st, &loop->continue_list, &loop->cf_node, loop,
                       "continue construct");
}

static void
validate_cf_list(struct validate_state *st, struct list_head *list, nir_cf_node *parent,
                 const void *owner, const char *what)
{
   if (list_is_empty(list)) {
      error(st, owner, "empty %s", what);
      st->cf_ok = false;
      return;
   }
   nir_cf_node *first = list_first_entry(list, nir_cf_node, node);
   nir_cf_node *last = list_last_entry(list, nir_cf_node, node);
   if (first->type != NIR_CF_NODE_BLOCK || last->type != NIR_CF_NODE_BLOCK) {
      error(st, owner, "%s must start and end with a block", what);
      st->cf_ok = false;
   }
   nir_cf_node *prev = NULL;
   list_for_each_entry(nir_cf_node, node, list, node)
   {
      if (node->parent != parent) {
         error(st, owner, "cf node in %s has the wrong parent", what);
         st->cf_ok = false;
      }
      if (prev &&
          (prev->type == NIR_CF_NODE_BLOCK) == (node->type == NIR_CF_NODE_BLOCK)) {
         error(st, owner, "%s: blocks and ifs/loops must alternate", what);
         st->cf_ok = false;
      }
      prev = node;
      switch (node->type) {
      case NIR_CF_NODE_BLOCK:
         validate_block(st, nir_cf_node_as_block(node));
         break;
      case NIR_CF_NODE_IF:
         validate_if(st, nir_cf_node_as_if(node));
         break;
      case NIR_CF_NODE_LOOP:
         validate_loop(st, nir_cf_node_as_loop(node));
         break;
      default:
         error(st, owner, "invalid cf node type in %s", what);
         st->cf_ok = false;
         break;
      }
   }
}

static void
validate_edges(struct validate_state *st, nir_function_impl *impl)
{
   nir_foreach_block (block, impl) {
      nir_block *succ[2];
      expected_successors(impl, block, succ);
      if (block->successors[0] != succ[0] || block->successors[1] != succ[1])
         error(st, block, "successors are b%d b%d, the control flow says b%d b%d",
               block->successors[0] ? (int)block->successors[0]->index : -1,
               block->successors[1] ? (int)block->successors[1]->index : -1,
               succ[0] ? (int)succ[0]->index : -1, succ[1] ? (int)succ[1]->index : -1);
      for (unsigned s = 0; s < 2; s++) {
         if (!block->successors[s])
            continue;
         bool found = false;
         for (unsigned p = 0; p < block->successors[s]->num_predecessors; p++)
            if (block->successors[s]->predecessors[p] == block)
               found = true;
         CHECK_OR(st, block, found,
                  "b%u is a successor that does not list b%u as predecessor",
                  block->successors[s]->index, block->index);
      }
   }
   /* Every predecessor must have the block as successor. */
   nir_block *all_end = impl->end_block;
   for (nir_block *block = nir_start_block(impl); block;
        block = block == all_end
                   ? NULL
                   : (nir_block_cf_tree_next(block) ? nir_block_cf_tree_next(block)
                                                    : all_end)) {
      for (unsigned p = 0; p < block->num_predecessors; p++) {
         nir_block *pred = block->predecessors[p];
         CHECK_OR(st, block,
                  set_contains(st->blocks, pred) &&
                     (pred->successors[0] == block || pred->successors[1] == block),
                  "predecessor b%u does not have this block as successor", pred->index);
      }
   }
   CHECK_OR(st, impl, list_is_empty(&impl->end_block->instr_list),
            "the end block has instructions");
}

/* Uses listed on defs must be live sources that read that def, and every
 * source must be listed on its def. */
static void
validate_uses(struct validate_state *st)
{
   struct set *listed = set_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!listed) {
      st->oom = true;
      return;
   }
   set_foreach (st->defs, e) {
      nir_def *def = (nir_def *)e->key;
      nir_foreach_use (src, def) {
         if (!set_add(listed, src))
            st->oom = true;
      }
   }
   set_foreach (st->srcs, e) {
      const nir_src *src = e->key;
      if (!src->ssa || !set_contains(st->defs, src->ssa))
         continue; /* reported as undefined elsewhere */
      const void *obj =
         src->is_if ? (const void *)src->parent_if : (const void *)src->parent_instr;
      CHECK_OR(st, obj, set_contains(listed, src),
               "source reading %%%u is missing from that def's use list",
               src->ssa->index);
   }
   set_destroy(listed);

   set_foreach (st->defs, e) {
      nir_def *def = (nir_def *)e->key;
      nir_foreach_use (src, def) {
         const void *obj = def->parent_instr;
         if (!set_contains(st->srcs, src)) {
            error(st, obj, "%%%u has a use that is not a source of any instruction or if",
                  def->index);
            continue;
         }
         CHECK_OR(st, obj, src->ssa == def, "%%%u has a use that reads another value",
                  def->index);
      }
   }
}

static bool
dominance_cb(nir_src *src, void *data)
{
   struct validate_state *st = data;
   if (!src->ssa || !set_contains(st->defs, src->ssa))
      return true;
   /* A source with a broken parent pointer was reported already. */
   if (src->is_if ? !src->parent_if : !src->parent_instr)
      return true;
   const void *obj =
      src->is_if ? (const void *)src->parent_if : (const void *)src->parent_instr;
   CHECK_OR(st, obj, nir_def_dominates_src_indexed(src->ssa, src),
            "%%%u is used where its definition does not dominate", src->ssa->index);
   return true;
}

static bool
defined_cb(nir_src *src, void *data)
{
   struct validate_state *st = data;
   if (src->ssa && !set_contains(st->defs, src->ssa)) {
      const void *obj =
         src->is_if ? (const void *)src->parent_if : (const void *)src->parent_instr;
      error(st, obj, "source reads %%%u, which is not defined in this function",
            src->ssa->index);
   }
   return true;
}

static void
validate_ssa(struct validate_state *st, nir_function_impl *impl)
{
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         nir_foreach_src(instr, defined_cb, st);
      }
      nir_if *nif = nir_block_get_following_if(block);
      if (nif)
         defined_cb(&nif->condition, st);
   }
   if (!st->cf_ok)
      return;
   nir_metadata_require(impl, NIR_METADATA_DOMINANCE);
   /* Numbered afresh rather than trusted: the validator checks passes that
    * may have kept the metadata while moving instructions. */
   nir_index_instrs(impl);
   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         nir_foreach_src(instr, dominance_cb, st);
      }
      nir_if *nif = nir_block_get_following_if(block);
      if (nif)
         dominance_cb(&nif->condition, st);
   }
}

static void
validate_impl(struct validate_state *st, nir_function_impl *impl)
{
   st->impl = impl;
   st->cf_ok = true;
   set_destroy(st->defs);
   set_destroy(st->srcs);
   set_destroy(st->blocks);
   st->defs = set_create(NULL, util_hash_pointer, util_equal_pointer);
   st->srcs = set_create(NULL, util_hash_pointer, util_equal_pointer);
   st->blocks = set_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!st->defs || !st->srcs || !st->blocks) {
      st->oom = true;
      return;
   }
   set_destroy(st->vars);
   st->vars = set_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!st->vars) {
      st->oom = true;
      return;
   }
   nir_foreach_variable_in_shader(var, st->shader)
   {
      track(st, st->vars, var);
   }
   nir_foreach_function_temp_variable(var, impl)
   {
      track(st, st->vars, var);
      CHECK_OR(st, var, var->data.mode == NIR_VAR_FUNCTION_TEMP,
               "local variable whose mode is not function_temp");
   }

   CHECK_OR(st, impl,
            impl->end_block && impl->end_block->cf_node.parent == &impl->cf_node,
            "impl has no valid end block");
   validate_cf_list(st, &impl->body, &impl->cf_node, impl, "function body");
   track(st, st->blocks, impl->end_block);
   if (st->cf_ok) {
      nir_index_blocks(impl);
      validate_edges(st, impl);
      validate_uses(st);
      validate_ssa(st, impl);
   }
}

static void
validate_variables(struct validate_state *st)
{
   nir_foreach_variable_in_shader(var, st->shader)
   {
      CHECK_OR(st, var, var->type != NULL, "variable without a type");
      CHECK_OR(st, var,
               util_is_power_of_two(var->data.mode) &&
                  (var->data.mode & NIR_VAR_ALL_MODES) != 0,
               "variable must have exactly one mode");
      CHECK_OR(st, var, var->data.mode != NIR_VAR_FUNCTION_TEMP,
               "function_temp variable in the shader's list (belongs to an impl)");
      CHECK_OR(st, var, var->data.mode != NIR_VAR_MEM_GLOBAL,
               "global is only a deref-cast mode, not a variable mode");
      if (var->data.mode == NIR_VAR_SHADER_IN)
         CHECK_OR(st, var, !var->constant_initializer,
                  "shader input with an initializer");
   }
}

unsigned
nir_validate_shader_report(nir_shader *shader, char **annotated)
{
   struct validate_state st = {.shader = shader};
   strbuf_init(&st.summary);
   st.errors = hash_table_create(NULL, util_hash_pointer, util_equal_pointer);
   if (!st.errors) {
      if (annotated)
         *annotated = NULL;
      return 0;
   }

   validate_variables(&st);
   unsigned entrypoints = 0;
   nir_foreach_function (func, shader) {
      if (func->is_entrypoint)
         entrypoints++;
      CHECK_OR(&st, shader, func->shader == shader,
               "function %s belongs to another shader",
               func->name ? func->name : "(unnamed)");
      if (func->impl) {
         CHECK_OR(&st, func->impl, func->impl->function == func,
                  "impl does not point back to its function");
         validate_impl(&st, func->impl);
      }
   }
   CHECK_OR(&st, shader, entrypoints <= 1, "%u entry points", entrypoints);

   const unsigned n = st.num_errors;
   if (annotated) {
      *annotated = NULL;
      if (n) {
         struct strbuf sb;
         strbuf_init(&sb);
         if (st.cf_ok)
            nir_print_shader_annotated(shader, &sb, st.errors);
         else
            strbuf_append(&sb, "(control flow too broken to print)\n");
         strbuf_printf(&sb, "%u validation error%s:\n%s", n, n == 1 ? "" : "s",
                       strbuf_str(&st.summary));
         *annotated = strbuf_steal(&sb);
      }
   }

   hash_table_foreach (st.errors, e)
      free(e->data);
   hash_table_destroy(st.errors);
   set_destroy(st.defs);
   set_destroy(st.srcs);
   set_destroy(st.vars);
   set_destroy(st.blocks);
   strbuf_finish(&st.summary);
   return n;
}

void
nir_validate_shader(nir_shader *shader, const char *when)
{
   char *report = NULL;
   const unsigned n = nir_validate_shader_report(shader, &report);
   if (!n)
      return;
   fprintf(stderr, "kiln: nir: the IR is invalid after %s:\n%s\n",
           when ? when : "(unknown)",
           report ? report : "(out of memory printing the report)\n");
   free(report);
   /* An invalid shader coming out of a pass is a compiler bug. */
   abort();
}
