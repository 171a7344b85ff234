/* SPDX-License-Identifier: MIT */
/*
 * The printer. Its text is an interface: golden tests compare it byte for
 * byte, so everything printed is derived from the IR only (no pointers, no
 * hash-table order) and every change here is a change of that interface.
 */
#include "nir/nir.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/hash_table.h"
#include "util/strbuf.h"

struct print_state {
   struct strbuf *sb;
   struct hash_table *annotations; /* object -> const char *, may be NULL */
   unsigned indent;
};

static void
indent(struct print_state *st)
{
   for (unsigned i = 0; i < st->indent; i++)
      strbuf_append_n(st->sb, "   ", 3);
}

static void
print_annotation(struct print_state *st, const void *obj)
{
   if (!st->annotations)
      return;
   struct hash_entry *e = hash_table_search(st->annotations, obj);
   if (!e)
      return;
   /* One "^ error" line per message line. */
   const char *msg = e->data;
   while (*msg) {
      const char *nl = strchr(msg, '\n');
      const size_t len = nl ? (size_t)(nl - msg) : strlen(msg);
      indent(st);
      strbuf_append(st->sb, "^ error: ");
      strbuf_append_n(st->sb, msg, len);
      strbuf_append(st->sb, "\n");
      msg += len + (nl ? 1 : 0);
   }
}

/* ------------------------------------------------------------------------------- */
/* Values                                                                          */
/* ------------------------------------------------------------------------------- */

static const char *
comp_names(unsigned num_components)
{
   return num_components <= 4 ? "xyzw" : "abcdefghijklmnop";
}

static void
print_def_name(struct strbuf *sb, const nir_def *def)
{
   if (def->index == UINT32_MAX)
      strbuf_append(sb, "%?");
   else
      strbuf_printf(sb, "%%%u", def->index);
}

static void
print_src(struct strbuf *sb, const nir_src *src)
{
   if (!src->ssa) {
      strbuf_append(sb, "(null)");
      return;
   }
   print_def_name(sb, src->ssa);
}

static void
print_def_decl(struct strbuf *sb, const nir_def *def)
{
   print_def_name(sb, def);
   strbuf_printf(sb, " = %ux%u ", def->bit_size, def->num_components);
}

static void
print_const_value(struct strbuf *sb, nir_const_value v, unsigned bit_size)
{
   switch (bit_size) {
   case 1:
      strbuf_append(sb, v.b ? "true" : "false");
      break;
   case 8:
      strbuf_printf(sb, "0x%02x", v.u8);
      break;
   case 16:
      strbuf_printf(sb, "0x%04x", v.u16);
      break;
   case 32:
      strbuf_printf(sb, "0x%08x", v.u32);
      break;
   default:
      strbuf_printf(sb, "0x%016" PRIx64, v.u64);
      break;
   }
}

/* Float reading of a constant, for humans; only for 16/32/64-bit values. */
static void
print_const_float(struct strbuf *sb, nir_const_value v, unsigned bit_size)
{
   strbuf_printf(sb, "%.9g", nir_const_value_as_float(v, bit_size));
}

/* ------------------------------------------------------------------------------- */
/* Instructions                                                                    */
/* ------------------------------------------------------------------------------- */

static void
print_alu_src(struct strbuf *sb, const nir_alu_instr *alu, unsigned i)
{
   const nir_alu_src *s = &alu->src[i];
   print_src(sb, &s->src);
   if (!s->src.ssa)
      return;
   const unsigned n = nir_ssa_alu_instr_src_components(alu, i);
   bool identity = n == s->src.ssa->num_components;
   for (unsigned c = 0; c < n; c++)
      if (s->swizzle[c] != c)
         identity = false;
   if (identity)
      return;
   const char *names = comp_names(s->src.ssa->num_components);
   const size_t num_names = strlen(names);
   strbuf_append(sb, ".");
   for (unsigned c = 0; c < n; c++) {
      /* Invalid swizzles get printed too: the validator annotates them. */
      if (s->swizzle[c] < num_names)
         strbuf_printf(sb, "%c", names[s->swizzle[c]]);
      else
         strbuf_append(sb, "?");
   }
}

static void
print_alu(struct strbuf *sb, const nir_alu_instr *alu)
{
   print_def_decl(sb, &alu->def);
   if (alu->exact)
      strbuf_append(sb, "exact ");
   if (alu->no_signed_wrap)
      strbuf_append(sb, "nsw ");
   if (alu->no_unsigned_wrap)
      strbuf_append(sb, "nuw ");
   strbuf_append(sb, (unsigned)alu->op < NIR_NUM_OPCODES ? nir_op_infos[alu->op].name
                                                         : "invalid_op");
   for (unsigned i = 0; i < nir_op_infos[alu->op].num_inputs; i++) {
      strbuf_append(sb, i ? ", " : " ");
      print_alu_src(sb, alu, i);
   }
}

static void
print_modes(struct strbuf *sb, nir_variable_mode modes)
{
   if (!modes) {
      strbuf_append(sb, "none");
      return;
   }
   bool first = true;
   u_foreach_bit(m, (unsigned)modes)
   {
      strbuf_printf(sb, "%s%s", first ? "" : "|",
                    nir_variable_mode_name((nir_variable_mode)(1u << m)));
      first = false;
   }
}

static void
print_deref_type(struct strbuf *sb, const nir_deref_instr *d)
{
   strbuf_append(sb, " (");
   print_modes(sb, d->modes);
   strbuf_append(sb, " ");
   glsl_print_type(sb, d->type);
   strbuf_append(sb, ")");
}

static void
print_var_name(struct strbuf *sb, const nir_variable *var)
{
   if (var->name)
      strbuf_printf(sb, "%s", var->name);
   else
      strbuf_printf(sb, "#%u", var->index);
}

static void
print_deref(struct strbuf *sb, const nir_deref_instr *d)
{
   print_def_decl(sb, &d->def);
   switch (d->deref_type) {
   case NIR_DEREF_TYPE_VAR:
      strbuf_append(sb, "deref_var &");
      if (d->var)
         print_var_name(sb, d->var);
      else
         strbuf_append(sb, "(null)");
      break;
   case NIR_DEREF_TYPE_ARRAY:
      strbuf_append(sb, "deref_array &");
      print_src(sb, &d->parent);
      strbuf_append(sb, "[");
      print_src(sb, &d->arr.index);
      strbuf_append(sb, "]");
      break;
   case NIR_DEREF_TYPE_PTR_AS_ARRAY:
      strbuf_append(sb, "deref_ptr_as_array &(*");
      print_src(sb, &d->parent);
      strbuf_append(sb, ")[");
      print_src(sb, &d->arr.index);
      strbuf_append(sb, "]");
      break;
   case NIR_DEREF_TYPE_STRUCT: {
      strbuf_append(sb, "deref_struct &");
      print_src(sb, &d->parent);
      const nir_deref_instr *parent =
         d->parent.ssa && d->parent.ssa->parent_instr->type == NIR_INSTR_TYPE_DEREF
            ? nir_instr_as_deref(d->parent.ssa->parent_instr)
            : NULL;
      const char *name =
         parent ? glsl_get_struct_elem_name(parent->type, d->strct.index) : NULL;
      if (name)
         strbuf_printf(sb, "->%s", name);
      else
         strbuf_printf(sb, "->field%u", d->strct.index);
      break;
   }
   case NIR_DEREF_TYPE_CAST:
      strbuf_append(sb, "deref_cast ");
      print_src(sb, &d->parent);
      if (d->cast.ptr_stride_B)
         strbuf_printf(sb, " (ptr_stride=%u)", d->cast.ptr_stride_B);
      if (d->cast.align_mul)
         strbuf_printf(sb, " (align_mul=%u, align_offset=%u)", d->cast.align_mul,
                       d->cast.align_offset);
      break;
   }
   print_deref_type(sb, d);
}

static void
print_access(struct strbuf *sb, enum nir_access a)
{
   static const char *const names[] = {"coherent",   "volatile",  "restrict",
                                       "readonly",   "writeonly", "non_uniform",
                                       "can_reorder"};
   if (!a) {
      strbuf_append(sb, "none");
      return;
   }
   bool first = true;
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (a & (1u << i)) {
         strbuf_printf(sb, "%s%s", first ? "" : "|", names[i]);
         first = false;
      }
   }
}

static void
print_semantics(struct strbuf *sb, unsigned s)
{
   static const char *const names[] = {"acquire", "release", "make_available",
                                       "make_visible"};
   if (!s) {
      strbuf_append(sb, "none");
      return;
   }
   bool first = true;
   for (unsigned i = 0; i < ARRAY_SIZE(names); i++) {
      if (s & (1u << i)) {
         strbuf_printf(sb, "%s%s", first ? "" : "|", names[i]);
         first = false;
      }
   }
}

static void
print_index(struct strbuf *sb, const nir_intrinsic_instr *intr, nir_intrinsic_index idx)
{
   const unsigned slot = nir_intrinsic_infos[intr->intrinsic].index_map[idx] - 1;
   const int32_t v = intr->const_index[slot];
   strbuf_printf(sb, "%s=", nir_intrinsic_index_names[idx]);
   switch (idx) {
   case NIR_INDEX_WRITE_MASK:
   case NIR_INDEX_SWIZZLE_MASK:
      strbuf_printf(sb, "0x%x", (unsigned)v);
      break;
   case NIR_INDEX_ACCESS:
   case NIR_INDEX_DST_ACCESS:
   case NIR_INDEX_SRC_ACCESS:
      print_access(sb, (enum nir_access)v);
      break;
   case NIR_INDEX_ATOMIC_OP:
      strbuf_append(sb, nir_atomic_op_name((nir_atomic_op)v));
      break;
   case NIR_INDEX_MEMORY_SEMANTICS:
      print_semantics(sb, (unsigned)v);
      break;
   case NIR_INDEX_MEMORY_MODES:
      print_modes(sb, (nir_variable_mode)v);
      break;
   case NIR_INDEX_MEMORY_SCOPE:
   case NIR_INDEX_EXECUTION_SCOPE:
      strbuf_append(sb, nir_scope_name((nir_scope)v));
      break;
   case NIR_INDEX_REDUCTION_OP:
      strbuf_append(sb, (unsigned)v < NIR_NUM_OPCODES ? nir_op_infos[v].name : "invalid");
      break;
   case NIR_INDEX_SRC_TYPE:
   case NIR_INDEX_DEST_TYPE:
      strbuf_append(sb, nir_alu_type_name((nir_alu_type)v));
      break;
   case NIR_INDEX_INTERP_MODE:
      strbuf_append(sb, glsl_interp_mode_name((enum glsl_interp_mode)v));
      break;
   case NIR_INDEX_IMAGE_DIM:
      strbuf_append(sb, glsl_sampler_dim_name((enum glsl_sampler_dim)v));
      break;
   case NIR_INDEX_IMAGE_ARRAY:
      strbuf_append(sb, v ? "true" : "false");
      break;
   case NIR_INDEX_FORMAT:
      strbuf_append(sb, nir_image_format_name((enum nir_image_format)v));
      break;
   case NIR_INDEX_IO_SEMANTICS: {
      nir_io_semantics s = nir_intrinsic_io_semantics(intr);
      strbuf_append(sb, "{");
      if (s.builtin != NIR_IO_SEMANTICS_NO_BUILTIN) {
         const char *n = nir_builtin_name((nir_builtin)s.builtin);
         strbuf_printf(sb, "builtin=%s", n ? n : "?");
      } else {
         strbuf_printf(sb, "location=%u", s.location);
      }
      strbuf_printf(sb, ", num_slots=%u", s.num_slots);
      if (s.dual_source_blend_index)
         strbuf_append(sb, ", dual_source");
      if (s.high_16bits)
         strbuf_append(sb, ", high_16bits");
      if (s.stream)
         strbuf_printf(sb, ", stream=%u", s.stream);
      strbuf_append(sb, "}");
      break;
   }
   default:
      strbuf_printf(sb, "%d", v);
      break;
   }
}

static void
print_intrinsic(struct strbuf *sb, const nir_intrinsic_instr *intr)
{
   const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
   if (info->has_dest)
      print_def_decl(sb, &intr->def);
   strbuf_printf(sb, "@%s (", info->name);
   for (unsigned i = 0; i < info->num_srcs; i++) {
      if (i)
         strbuf_append(sb, ", ");
      print_src(sb, &intr->src[i]);
   }
   strbuf_append(sb, ")");
   if (!info->num_indices)
      return;
   strbuf_append(sb, " (");
   bool first = true;
   for (unsigned idx = 0; idx < NIR_NUM_INDEX_KINDS; idx++) {
      if (!info->index_map[idx])
         continue;
      if (!first)
         strbuf_append(sb, ", ");
      print_index(sb, intr, (nir_intrinsic_index)idx);
      first = false;
   }
   strbuf_append(sb, ")");
}

static void
print_tex(struct strbuf *sb, const nir_tex_instr *tex)
{
   print_def_decl(sb, &tex->def);
   strbuf_printf(sb, "%s (", nir_texop_name(tex->op));
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      if (i)
         strbuf_append(sb, ", ");
      strbuf_printf(sb, "%s ", nir_tex_src_type_name(tex->src[i].src_type));
      print_src(sb, &tex->src[i].src);
   }
   strbuf_printf(sb, ") (dim=%s%s%s%s, dest_type=%s, coord_components=%u",
                 glsl_sampler_dim_name(tex->sampler_dim), tex->is_array ? ", array" : "",
                 tex->is_shadow ? ", shadow" : "",
                 tex->is_shadow && !tex->is_new_style_shadow ? ", old_style_shadow" : "",
                 nir_alu_type_name(tex->dest_type), tex->coord_components);
   if (tex->op == NIR_TEXOP_TG4)
      strbuf_printf(sb, ", component=%u", tex->component);
   if (tex->has_tg4_offsets) {
      strbuf_append(sb, ", offsets=");
      for (unsigned i = 0; i < 4; i++)
         strbuf_printf(sb, "%s(%d,%d)", i ? "," : "", tex->tg4_offsets[i][0],
                       tex->tg4_offsets[i][1]);
   }
   strbuf_printf(sb, ", texture_index=%u, sampler_index=%u", tex->texture_index,
                 tex->sampler_index);
   if (tex->texture_non_uniform)
      strbuf_append(sb, ", texture_non_uniform");
   if (tex->sampler_non_uniform)
      strbuf_append(sb, ", sampler_non_uniform");
   strbuf_append(sb, ")");
}

static void
print_load_const(struct strbuf *sb, const nir_load_const_instr *lc)
{
   print_def_decl(sb, &lc->def);
   strbuf_append(sb, "load_const (");
   for (unsigned i = 0; i < lc->def.num_components; i++) {
      if (i)
         strbuf_append(sb, ", ");
      print_const_value(sb, lc->value[i], lc->def.bit_size);
   }
   strbuf_append(sb, ")");
   /* A float reading helps humans when every component looks like a
    * normal float (integers would print as denormals); zero stays plain. */
   bool floaty = lc->def.bit_size >= 16;
   for (unsigned i = 0; i < lc->def.num_components && floaty; i++) {
      const uint64_t u = nir_const_value_as_uint(lc->value[i], lc->def.bit_size);
      const unsigned mant = lc->def.bit_size == 16   ? 10
                            : lc->def.bit_size == 32 ? 23
                                                     : 52;
      const uint64_t exp_mask = (lc->def.bit_size == 16   ? 0x1full
                                 : lc->def.bit_size == 32 ? 0xffull
                                                          : 0x7ffull)
                                << mant;
      if ((u & exp_mask) == 0)
         floaty = false;
   }
   if (floaty) {
      strbuf_append(sb, " /* ");
      for (unsigned i = 0; i < lc->def.num_components; i++) {
         if (i)
            strbuf_append(sb, ", ");
         print_const_float(sb, lc->value[i], lc->def.bit_size);
      }
      strbuf_append(sb, " */");
   }
}

static int
compare_phi_src(const void *a, const void *b)
{
   const nir_phi_src *const *pa = a, *const *pb = b;
   const unsigned ia = (*pa)->pred ? (*pa)->pred->index : 0;
   const unsigned ib = (*pb)->pred ? (*pb)->pred->index : 0;
   return ia < ib ? -1 : ia > ib;
}

static void
print_phi(struct strbuf *sb, const nir_phi_instr *phi)
{
   print_def_decl(sb, &phi->def);
   strbuf_append(sb, "phi");
   unsigned n = list_length(&phi->srcs);
   if (!n)
      return;
   nir_phi_src **srcs = malloc(sizeof(*srcs) * n);
   if (!srcs) {
      sb->oom = true;
      return;
   }
   unsigned i = 0;
   list_for_each_entry(nir_phi_src, ps, &phi->srcs, node) srcs[i++] = ps;
   qsort(srcs, n, sizeof(*srcs), compare_phi_src);
   for (i = 0; i < n; i++) {
      strbuf_append(sb, i ? ", " : " ");
      if (srcs[i]->pred)
         strbuf_printf(sb, "b%u: ", srcs[i]->pred->index);
      else
         strbuf_append(sb, "b?: ");
      print_src(sb, &srcs[i]->src);
   }
   free(srcs);
}

static void
print_instr_to(struct strbuf *sb, const nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
      print_alu(sb, nir_instr_as_alu(instr));
      break;
   case NIR_INSTR_TYPE_DEREF:
      print_deref(sb, nir_instr_as_deref(instr));
      break;
   case NIR_INSTR_TYPE_CALL: {
      const nir_call_instr *call = nir_instr_as_call(instr);
      strbuf_printf(sb, "call %s",
                    call->callee && call->callee->name ? call->callee->name
                                                       : "(unnamed)");
      for (unsigned i = 0; i < call->num_params; i++) {
         strbuf_append(sb, i ? ", " : " ");
         print_src(sb, &call->params[i]);
      }
      break;
   }
   case NIR_INSTR_TYPE_TEX:
      print_tex(sb, nir_instr_as_tex(instr));
      break;
   case NIR_INSTR_TYPE_INTRINSIC:
      print_intrinsic(sb, nir_instr_as_intrinsic(instr));
      break;
   case NIR_INSTR_TYPE_LOAD_CONST:
      print_load_const(sb, nir_instr_as_load_const(instr));
      break;
   case NIR_INSTR_TYPE_JUMP: {
      static const char *const names[] = {"return", "break", "continue"};
      const nir_jump_instr *j = nir_instr_as_jump(instr);
      strbuf_append(sb, (unsigned)j->type < 3 ? names[j->type] : "invalid_jump");
      break;
   }
   case NIR_INSTR_TYPE_UNDEF:
      print_def_decl(sb, &nir_instr_as_undef(instr)->def);
      strbuf_append(sb, "undefined");
      break;
   case NIR_INSTR_TYPE_PHI:
      print_phi(sb, nir_instr_as_phi(instr));
      break;
   }
}

/* ------------------------------------------------------------------------------- */
/* Control flow                                                                    */
/* ------------------------------------------------------------------------------- */

static int
compare_blocks(const void *a, const void *b)
{
   const nir_block *const *pa = a, *const *pb = b;
   return (*pa)->index < (*pb)->index ? -1 : (*pa)->index > (*pb)->index;
}

static void print_cf_list(struct print_state *st, struct list_head *list);

static void
print_block(struct print_state *st, nir_block *block)
{
   struct strbuf *sb = st->sb;
   indent(st);
   strbuf_printf(sb, "block b%u:", block->index);
   strbuf_append(sb, "  // preds:");
   if (block->num_predecessors) {
      nir_block **preds = malloc(sizeof(*preds) * block->num_predecessors);
      if (!preds) {
         sb->oom = true;
         return;
      }
      memcpy(preds, block->predecessors, sizeof(*preds) * block->num_predecessors);
      qsort(preds, block->num_predecessors, sizeof(*preds), compare_blocks);
      for (unsigned i = 0; i < block->num_predecessors; i++)
         strbuf_printf(sb, " b%u", preds[i]->index);
      free(preds);
   } else {
      strbuf_append(sb, " none");
   }
   strbuf_append(sb, "\n");
   print_annotation(st, block);

   st->indent++;
   nir_foreach_instr (instr, block) {
      indent(st);
      print_instr_to(sb, instr);
      strbuf_append(sb, "\n");
      print_annotation(st, instr);
   }
   indent(st);
   strbuf_append(sb, "// succs:");
   for (unsigned i = 0; i < 2; i++)
      if (block->successors[i])
         strbuf_printf(sb, " b%u", block->successors[i]->index);
   if (!block->successors[0] && !block->successors[1])
      strbuf_append(sb, " none");
   strbuf_append(sb, "\n");
   st->indent--;
}

static void
print_cf_node(struct print_state *st, nir_cf_node *node)
{
   struct strbuf *sb = st->sb;
   switch (node->type) {
   case NIR_CF_NODE_BLOCK:
      print_block(st, nir_cf_node_as_block(node));
      break;
   case NIR_CF_NODE_IF: {
      nir_if *nif = nir_cf_node_as_if(node);
      indent(st);
      strbuf_append(sb, "if ");
      print_src(sb, &nif->condition);
      if (nif->control == NIR_SELECTION_CONTROL_FLATTEN)
         strbuf_append(sb, " (flatten)");
      else if (nif->control == NIR_SELECTION_CONTROL_DONT_FLATTEN)
         strbuf_append(sb, " (dont_flatten)");
      strbuf_append(sb, " {\n");
      print_annotation(st, nif);
      st->indent++;
      print_cf_list(st, &nif->then_list);
      st->indent--;
      indent(st);
      strbuf_append(sb, "} else {\n");
      st->indent++;
      print_cf_list(st, &nif->else_list);
      st->indent--;
      indent(st);
      strbuf_append(sb, "}\n");
      break;
   }
   case NIR_CF_NODE_LOOP: {
      nir_loop *loop = nir_cf_node_as_loop(node);
      indent(st);
      strbuf_append(sb, "loop");
      if (loop->control == NIR_LOOP_CONTROL_UNROLL)
         strbuf_append(sb, " (unroll)");
      else if (loop->control == NIR_LOOP_CONTROL_DONT_UNROLL)
         strbuf_append(sb, " (dont_unroll)");
      strbuf_append(sb, " {\n");
      print_annotation(st, loop);
      st->indent++;
      print_cf_list(st, &loop->body);
      st->indent--;
      if (nir_loop_has_continue_construct(loop)) {
         indent(st);
         strbuf_append(sb, "} continue {\n");
         st->indent++;
         print_cf_list(st, &loop->continue_list);
         st->indent--;
      }
      indent(st);
      strbuf_append(sb, "}\n");
      break;
   }
   default:
      break;
   }
}

static void
print_cf_list(struct print_state *st, struct list_head *list)
{
   list_for_each_entry(nir_cf_node, node, list, node) print_cf_node(st, node);
}

/* ------------------------------------------------------------------------------- */
/* Variables and the shader header                                                 */
/* ------------------------------------------------------------------------------- */

static void
print_constant(struct strbuf *sb, const nir_constant *c, const struct glsl_type *type)
{
   if (c->is_null_constant) {
      strbuf_append(sb, "null");
      return;
   }
   if (glsl_type_is_vector_or_scalar(type)) {
      const unsigned n = glsl_get_vector_elements(type), bits = glsl_get_bit_size(type);
      if (n > 1)
         strbuf_append(sb, "{ ");
      for (unsigned i = 0; i < n; i++) {
         if (i)
            strbuf_append(sb, ", ");
         print_const_value(sb, c->values[i], bits);
      }
      if (n > 1)
         strbuf_append(sb, " }");
      return;
   }
   strbuf_append(sb, "{ ");
   for (unsigned i = 0; i < c->num_elements; i++) {
      if (i)
         strbuf_append(sb, ", ");
      const struct glsl_type *et = glsl_type_is_struct(type)
                                      ? glsl_get_struct_field(type, i)
                                      : glsl_get_array_element(type);
      if (c->elements[i])
         print_constant(sb, c->elements[i], et);
      else
         strbuf_append(sb, "(null)");
   }
   strbuf_append(sb, " }");
}

#define DECO(cond, ...)                                                                  \
   do {                                                                                  \
      if (cond)                                                                          \
         strbuf_printf(&d, ", " __VA_ARGS__);                                            \
   } while (0)

static void
print_variable(struct print_state *st, const nir_variable *var)
{
   struct strbuf *sb = st->sb;
   const struct nir_variable_data *v = &var->data;
   indent(st);
   strbuf_printf(sb, "decl_var %s ", nir_variable_mode_name(v->mode));
   glsl_print_type(sb, var->type);
   strbuf_append(sb, " ");
   print_var_name(sb, var);

   struct strbuf d;
   strbuf_init(&d);
   if (v->builtin != NIR_BUILTIN_NONE) {
      const char *n = nir_builtin_name(v->builtin);
      if (n)
         strbuf_printf(&d, ", builtin=%s", n);
      else
         strbuf_printf(&d, ", builtin=%d", (int)v->builtin);
   }
   DECO(v->explicit_location, "location=%d", v->location);
   DECO(!v->explicit_location && v->location != -1, "implicit_location=%d", v->location);
   DECO(v->explicit_component, "component=%u", v->component);
   DECO(!v->explicit_component && v->component, "implicit_component=%u", v->component);
   DECO(v->explicit_index, "index=%u", v->index);
   DECO(!v->explicit_index && v->index, "implicit_index=%u", v->index);
   DECO(v->explicit_descriptor_set, "set=%u", v->descriptor_set);
   DECO(!v->explicit_descriptor_set && v->descriptor_set, "implicit_set=%u",
        v->descriptor_set);
   DECO(v->explicit_binding, "binding=%u", v->binding);
   DECO(!v->explicit_binding && v->binding, "implicit_binding=%u", v->binding);
   DECO(v->explicit_offset, "offset=%u", v->offset_B);
   DECO(!v->explicit_offset && v->offset_B, "implicit_offset=%u", v->offset_B);
   DECO(v->driver_location, "driver_location=%u", v->driver_location);
   DECO(v->interpolation != GLSL_INTERP_MODE_NONE, "%s",
        glsl_interp_mode_name(v->interpolation));
   DECO(v->centroid, "centroid");
   DECO(v->sample, "sample");
   DECO(v->patch, "patch");
   DECO(v->invariant, "invariant");
   DECO(v->precise, "precise");
   DECO(v->atomic_counter, "atomic_counter");
   DECO(v->read_only, "read_only");
   if (v->access) {
      strbuf_append(&d, ", access=");
      print_access(&d, v->access);
   }
   DECO(v->image_format != NIR_FORMAT_UNKNOWN, "format=%s",
        nir_image_format_name(v->image_format));
   DECO(v->explicit_xfb_buffer, "xfb_buffer=%u", v->xfb_buffer);
   DECO(!v->explicit_xfb_buffer && v->xfb_buffer, "implicit_xfb_buffer=%u",
        v->xfb_buffer);
   DECO(v->explicit_xfb_offset, "xfb_offset=%u", v->xfb_offset_B);
   DECO(!v->explicit_xfb_offset && v->xfb_offset_B, "implicit_xfb_offset=%u",
        v->xfb_offset_B);
   DECO(v->explicit_xfb_stride, "xfb_stride=%u", v->xfb_stride_B);
   DECO(!v->explicit_xfb_stride && v->xfb_stride_B, "implicit_xfb_stride=%u",
        v->xfb_stride_B);
   DECO(v->explicit_stream, "stream=%u", v->stream);
   DECO(!v->explicit_stream && v->stream, "implicit_stream=%u", v->stream);
   DECO(v->explicit_input_attachment_index, "input_attachment_index=%u",
        v->input_attachment_index);
   DECO(v->is_spec_const, "spec_id=%u", v->spec_id);
   if (d.len)
      strbuf_printf(sb, " (%s)", strbuf_str(&d) + 2);
   if (d.oom)
      sb->oom = true;
   strbuf_finish(&d);

   if (var->constant_initializer) {
      strbuf_append(sb, " = ");
      print_constant(sb, var->constant_initializer, var->type);
   }
   strbuf_append(sb, "\n");
   print_annotation(st, var);
}

/* Struct types used by variables, each once, in order of first use. */
static void
collect_structs(const struct glsl_type *t, const struct glsl_type **list, unsigned *n,
                unsigned max)
{
   t = glsl_without_array(t);
   if (!glsl_type_is_struct(t))
      return;
   for (unsigned i = 0; i < t->length; i++)
      collect_structs(t->fields[i].type, list, n, max);
   for (unsigned i = 0; i < *n; i++)
      if (list[i] == t)
         return;
   if (*n < max)
      list[(*n)++] = t;
}

static void
print_info(struct print_state *st, const nir_shader *s)
{
   struct strbuf *sb = st->sb;
   const nir_shader_info *info = &s->info;
#define INFO(cond, ...)                                                                  \
   do {                                                                                  \
      if (cond)                                                                          \
         strbuf_printf(sb, __VA_ARGS__);                                                 \
   } while (0)
   INFO(info->inputs_read, "inputs_read: 0x%" PRIx64 "\n", info->inputs_read);
   INFO(info->outputs_written, "outputs_written: 0x%" PRIx64 "\n", info->outputs_written);
   INFO(info->outputs_read, "outputs_read: 0x%" PRIx64 "\n", info->outputs_read);
   INFO(info->patch_inputs_read, "patch_inputs_read: 0x%x\n", info->patch_inputs_read);
   INFO(info->patch_outputs_written, "patch_outputs_written: 0x%x\n",
        info->patch_outputs_written);
   INFO(info->builtins_read, "builtins_read: 0x%" PRIx64 "\n", info->builtins_read);
   INFO(info->builtins_written, "builtins_written: 0x%" PRIx64 "\n",
        info->builtins_written);
   INFO(info->clip_distance_array_size, "clip_distance_array_size: %u\n",
        info->clip_distance_array_size);
   INFO(info->cull_distance_array_size, "cull_distance_array_size: %u\n",
        info->cull_distance_array_size);
   INFO(info->shared_size_B, "shared_size: %u\n", info->shared_size_B);
   INFO(info->shared_zero_size_B, "shared_zero_size: %u\n", info->shared_zero_size_B);
   INFO(info->scratch_size_B, "scratch_size: %u\n", info->scratch_size_B);
   INFO(info->float_controls, "float_controls: 0x%x\n", info->float_controls);
   INFO(info->uses_control_barrier, "uses_control_barrier: true\n");
   INFO(info->writes_memory, "writes_memory: true\n");
   if (info->xfb.enabled) {
      strbuf_printf(sb, "xfb: buffers_written=0x%x strides=%u,%u,%u,%u\n",
                    info->xfb.buffers_written, info->xfb.stride_B[0],
                    info->xfb.stride_B[1], info->xfb.stride_B[2], info->xfb.stride_B[3]);
   }
   static const char *const prims[] = {
      "none",
      "points",
      "lines",
      "lines_adjacency",
      "line_strip",
      "triangles",
      "triangles_adjacency",
      "triangle_strip",
      "quads",
      "isolines",
   };
#define PRIM(p) ((unsigned)(p) < ARRAY_SIZE(prims) ? prims[p] : "invalid")
   switch (info->stage) {
   case NIR_STAGE_TESS_CTRL:
   case NIR_STAGE_TESS_EVAL: {
      static const char *const spacing[] = {"unspecified", "equal", "fractional_odd",
                                            "fractional_even"};
      strbuf_printf(
         sb, "tess: primitive=%s spacing=%s%s%s%s tcs_vertices_out=%u\n",
         PRIM(info->tess.primitive_mode),
         (unsigned)info->tess.spacing < 4 ? spacing[info->tess.spacing] : "invalid",
         info->tess.ccw ? " ccw" : "", info->tess.cw ? " cw" : "",
         info->tess.point_mode ? " point_mode" : "", info->tess.tcs_vertices_out);
      break;
   }
   case NIR_STAGE_GEOMETRY:
      strbuf_printf(
         sb,
         "gs: input=%s output=%s vertices_in=%u vertices_out=%u invocations=%u "
         "active_streams=0x%x\n",
         PRIM(info->gs.input_primitive), PRIM(info->gs.output_primitive),
         info->gs.vertices_in, info->gs.vertices_out, info->gs.invocations,
         info->gs.active_stream_mask);
      break;
   case NIR_STAGE_FRAGMENT: {
      static const char *const depth[] = {"none", "any", "greater", "less", "unchanged"};
      struct strbuf d;
      strbuf_init(&d);
      if (info->fs.origin_upper_left)
         strbuf_append(&d, " origin_upper_left");
      if (info->fs.pixel_center_integer)
         strbuf_append(&d, " pixel_center_integer");
      if (info->fs.early_fragment_tests)
         strbuf_append(&d, " early_fragment_tests");
      if (info->fs.post_depth_coverage)
         strbuf_append(&d, " post_depth_coverage");
      if (info->fs.depth_replacing)
         strbuf_append(&d, " depth_replacing");
      if (info->fs.stencil_ref_replacing)
         strbuf_append(&d, " stencil_ref_replacing");
      if (info->fs.depth_layout)
         strbuf_printf(&d, " depth_%s",
                       (unsigned)info->fs.depth_layout < 5 ? depth[info->fs.depth_layout]
                                                           : "invalid");
      if (info->fs.interlock) {
         static const char *const interlock[] = {
            "none", "pixel_ordered", "pixel_unordered", "sample_ordered",
            "sample_unordered", "shading_rate_ordered", "shading_rate_unordered"};
         strbuf_printf(&d, " interlock_%s",
                       (unsigned)info->fs.interlock < 7 ? interlock[info->fs.interlock]
                                                        : "invalid");
      }
      if (info->fs.uses_discard)
         strbuf_append(&d, " uses_discard");
      if (info->fs.uses_demote)
         strbuf_append(&d, " uses_demote");
      if (info->fs.uses_sample_shading)
         strbuf_append(&d, " uses_sample_shading");
      if (info->fs.needs_helper_invocations)
         strbuf_append(&d, " needs_helper_invocations");
      if (d.len)
         strbuf_printf(sb, "fs:%s\n", strbuf_str(&d));
      if (d.oom)
         sb->oom = true;
      strbuf_finish(&d);
      break;
   }
   case NIR_STAGE_COMPUTE:
      strbuf_printf(sb, "workgroup_size: %u, %u, %u%s\n", info->cs.workgroup_size[0],
                    info->cs.workgroup_size[1], info->cs.workgroup_size[2],
                    info->cs.workgroup_size_variable ? " (variable)" : "");
      if (info->cs.workgroup_size_spec_id[0] >= 0 ||
          info->cs.workgroup_size_spec_id[1] >= 0 ||
          info->cs.workgroup_size_spec_id[2] >= 0)
         strbuf_printf(sb, "workgroup_size_spec_id: %d, %d, %d\n",
                       info->cs.workgroup_size_spec_id[0],
                       info->cs.workgroup_size_spec_id[1],
                       info->cs.workgroup_size_spec_id[2]);
      if (info->cs.derivative_group)
         strbuf_printf(sb, "derivative_group: %s\n",
                       info->cs.derivative_group == NIR_DERIVATIVE_GROUP_QUADS ? "quads"
                                                                               : "linear");
      if (info->cs.workgroup_size_hint[0])
         strbuf_printf(sb, "workgroup_size_hint: %u, %u, %u\n",
                       info->cs.workgroup_size_hint[0], info->cs.workgroup_size_hint[1],
                       info->cs.workgroup_size_hint[2]);
      break;
   default:
      break;
   }
#undef PRIM
#undef INFO
}

static void
print_shader(struct print_state *st, nir_shader *shader)
{
   struct strbuf *sb = st->sb;
   strbuf_printf(sb, "shader: %s\n", nir_stage_name(shader->info.stage));
   if (shader->info.name)
      strbuf_printf(sb, "name: %s\n", shader->info.name);
   if (shader->info.label)
      strbuf_printf(sb, "label: %s\n", shader->info.label);
   print_info(st, shader);
   print_annotation(st, shader);

   const struct glsl_type *structs[256];
   unsigned num_structs = 0;
   nir_foreach_variable_in_shader(var, shader)
   {
      collect_structs(var->type, structs, &num_structs, ARRAY_SIZE(structs));
   }
   nir_foreach_function_impl(impl, shader)
   {
      nir_foreach_function_temp_variable(var, impl)
      {
         collect_structs(var->type, structs, &num_structs, ARRAY_SIZE(structs));
      }
   }
   for (unsigned i = 0; i < num_structs; i++) {
      strbuf_append(sb, "decl_type ");
      glsl_print_type_decl(sb, structs[i]);
      strbuf_append(sb, "\n");
   }

   nir_foreach_variable_in_shader(var, shader)
   {
      print_variable(st, var);
   }

   nir_foreach_function (func, shader) {
      strbuf_printf(sb, "decl_function %s (%u params)%s\n",
                    func->name ? func->name : "(null)", func->num_params,
                    func->is_entrypoint ? " (entrypoint)" : "");
      for (unsigned i = 0; i < func->num_params; i++) {
         const nir_parameter *p = &func->params[i];
         strbuf_printf(sb, "   param %u: %ux%u", i, p->bit_size, p->num_components);
         if (p->type) {
            strbuf_append(sb, " ");
            glsl_print_type(sb, p->type);
         }
         if (p->name)
            strbuf_printf(sb, " %s", p->name);
         strbuf_append(sb, "\n");
      }
   }

   nir_foreach_function (func, shader) {
      nir_function_impl *impl = func->impl;
      if (!impl)
         continue;
      nir_index_blocks(impl);
      strbuf_printf(sb, "\nimpl %s {\n", func->name ? func->name : "(null)");
      print_annotation(st, impl);
      st->indent = 1;
      nir_foreach_function_temp_variable(var, impl)
      {
         print_variable(st, var);
      }
      print_cf_list(st, &impl->body);
      indent(st);
      strbuf_printf(sb, "block b%u:  // end\n", impl->end_block->index);
      print_annotation(st, impl->end_block);
      st->indent = 0;
      strbuf_append(sb, "}\n");
   }
}

void
nir_print_shader_annotated(nir_shader *shader, struct strbuf *sb,
                           struct hash_table *annotations)
{
   struct print_state st = {.sb = sb, .annotations = annotations};
   print_shader(&st, shader);
}

void
nir_print_shader_to_strbuf(nir_shader *shader, struct strbuf *sb)
{
   nir_print_shader_annotated(shader, sb, NULL);
}

char *
nir_shader_to_string(nir_shader *shader)
{
   struct strbuf sb;
   strbuf_init(&sb);
   nir_print_shader_to_strbuf(shader, &sb);
   return strbuf_steal(&sb);
}

void
nir_print_shader(nir_shader *shader, FILE *fp)
{
   char *s = nir_shader_to_string(shader);
   if (s) {
      fputs(s, fp);
      free(s);
   } else {
      fputs("(out of memory printing the shader)\n", fp);
   }
}

char *
nir_instr_to_string(const nir_instr *instr)
{
   struct strbuf sb;
   strbuf_init(&sb);
   print_instr_to(&sb, instr);
   return strbuf_steal(&sb);
}

void
nir_print_instr(const nir_instr *instr, FILE *fp)
{
   char *s = nir_instr_to_string(instr);
   if (s) {
      fputs(s, fp);
      free(s);
   }
}
