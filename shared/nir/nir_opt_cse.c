/* SPDX-License-Identifier: MIT */
/*
 * Common subexpression elimination by value numbering over the dominator
 * tree: walking it depth first with a scoped table of the instructions seen
 * on the way down, an instruction equal to one in the table is replaced by
 * it (the earlier one dominates it). Leaving a subtree removes that
 * subtree's entries, so nothing is ever reused where it does not dominate.
 *
 * Candidates: ALU ops, load_const, undef, derefs, textures, and intrinsics
 * marked CAN_REORDER (no side effects, no memory dependence). Commutative
 * ops match with their first two sources in either order.
 */
#include "nir/nir.h"

#include <string.h>

#include "util/dynarray.h"
#include "util/hash_table.h"

static bool
instr_can_cse(const nir_instr *instr)
{
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU:
   case NIR_INSTR_TYPE_LOAD_CONST:
   case NIR_INSTR_TYPE_DEREF:
   case NIR_INSTR_TYPE_TEX:
   case NIR_INSTR_TYPE_PHI:
      return true;
   case NIR_INSTR_TYPE_INTRINSIC: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      const nir_intrinsic_info *info = &nir_intrinsic_infos[intr->intrinsic];
      return info->has_dest && (info->flags & NIR_INTRINSIC_CAN_REORDER);
   }
   default:
      return false;
   }
}

static uint32_t
hash_u32(uint32_t h, uint32_t v)
{
   return util_hash_combine(h, v);
}

static uint32_t
hash_ptr(uint32_t h, const void *p)
{
   return util_hash_combine(h, util_hash_pointer(p));
}

static uint32_t
hash_alu_src(uint32_t h, const nir_alu_instr *alu, unsigned i)
{
   h = hash_ptr(h, alu->src[i].src.ssa);
   const unsigned n = nir_ssa_alu_instr_src_components(alu, i);
   for (unsigned c = 0; c < n; c++)
      h = hash_u32(h, alu->src[i].swizzle[c]);
   return h;
}

static bool
hash_src_cb(nir_src *src, void *data)
{
   uint32_t *h = data;
   *h = hash_ptr(*h, src->ssa);
   return true;
}

static uint32_t
instr_hash(const void *key)
{
   const nir_instr *instr = key;
   uint32_t h = instr->type;
   const nir_def *def = nir_instr_def((nir_instr *)instr);
   h = hash_u32(h, def->num_components | (def->bit_size << 8));
   switch (instr->type) {
   case NIR_INSTR_TYPE_ALU: {
      const nir_alu_instr *alu = nir_instr_as_alu(instr);
      const nir_op_info *info = &nir_op_infos[alu->op];
      h = hash_u32(h, alu->op);
      unsigned first = 0;
      if (info->algebraic_properties & NIR_OP_IS_COMMUTATIVE) {
         /* Order-independent for the two swappable sources. */
         h = hash_u32(h, hash_alu_src(0, alu, 0) ^ hash_alu_src(0, alu, 1));
         first = 2;
      }
      for (unsigned i = first; i < info->num_inputs; i++)
         h = hash_alu_src(h, alu, i);
      return h;
   }
   case NIR_INSTR_TYPE_LOAD_CONST: {
      const nir_load_const_instr *lc = nir_instr_as_load_const(instr);
      for (unsigned c = 0; c < def->num_components; c++) {
         const uint64_t v = nir_const_value_as_uint(lc->value[c], def->bit_size);
         h = hash_u32(h, (uint32_t)v);
         h = hash_u32(h, (uint32_t)(v >> 32));
      }
      return h;
   }
   case NIR_INSTR_TYPE_DEREF: {
      const nir_deref_instr *d = nir_instr_as_deref(instr);
      h = hash_u32(h, d->deref_type);
      h = hash_u32(h, d->modes);
      h = hash_ptr(h, d->type);
      if (d->deref_type == NIR_DEREF_TYPE_VAR)
         return hash_ptr(h, d->var);
      h = hash_ptr(h, d->parent.ssa);
      if (d->deref_type == NIR_DEREF_TYPE_STRUCT)
         h = hash_u32(h, d->strct.index);
      else if (d->deref_type == NIR_DEREF_TYPE_CAST)
         h = hash_u32(h, d->cast.ptr_stride_B);
      else
         h = hash_ptr(h, d->arr.index.ssa);
      return h;
   }
   case NIR_INSTR_TYPE_TEX: {
      const nir_tex_instr *tex = nir_instr_as_tex(instr);
      h = hash_u32(h, tex->op | (tex->sampler_dim << 8) | (tex->num_srcs << 16));
      h = hash_u32(h, tex->dest_type);
      h = hash_u32(h, tex->texture_index ^ (tex->sampler_index << 16));
      for (unsigned i = 0; i < tex->num_srcs; i++) {
         h = hash_u32(h, tex->src[i].src_type);
         h = hash_ptr(h, tex->src[i].src.ssa);
      }
      return h;
   }
   case NIR_INSTR_TYPE_INTRINSIC: {
      const nir_intrinsic_instr *intr = nir_instr_as_intrinsic(instr);
      h = hash_u32(h, intr->intrinsic);
      h = hash_u32(h, intr->num_components);
      for (unsigned i = 0; i < nir_intrinsic_infos[intr->intrinsic].num_indices; i++)
         h = hash_u32(h, (uint32_t)intr->const_index[i]);
      nir_foreach_src((nir_instr *)instr, hash_src_cb, &h);
      return h;
   }
   case NIR_INSTR_TYPE_PHI:
      h = hash_ptr(h, instr->block);
      nir_foreach_src((nir_instr *)instr, hash_src_cb, &h);
      return h;
   default:
      return h;
   }
}

static bool
alu_src_equal(const nir_alu_instr *a, unsigned ia, const nir_alu_instr *b, unsigned ib)
{
   if (a->src[ia].src.ssa != b->src[ib].src.ssa)
      return false;
   const unsigned n = nir_ssa_alu_instr_src_components(a, ia);
   for (unsigned c = 0; c < n; c++)
      if (a->src[ia].swizzle[c] != b->src[ib].swizzle[c])
         return false;
   return true;
}

static bool
alu_equal(const nir_alu_instr *a, const nir_alu_instr *b)
{
   /* exact/nsw/nuw differ in what later passes may do, not in the value;
    * still, keep precise results apart from relaxed ones. */
   if (a->op != b->op || a->exact != b->exact)
      return false;
   const nir_op_info *info = &nir_op_infos[a->op];
   unsigned first = 0;
   if (info->algebraic_properties & NIR_OP_IS_COMMUTATIVE) {
      if (!((alu_src_equal(a, 0, b, 0) && alu_src_equal(a, 1, b, 1)) ||
            (alu_src_equal(a, 0, b, 1) && alu_src_equal(a, 1, b, 0))))
         return false;
      first = 2;
   }
   for (unsigned i = first; i < info->num_inputs; i++)
      if (!alu_src_equal(a, i, b, i))
         return false;
   return true;
}

static bool
tex_equal(const nir_tex_instr *a, const nir_tex_instr *b)
{
   if (a->op != b->op || a->sampler_dim != b->sampler_dim ||
       a->dest_type != b->dest_type || a->num_srcs != b->num_srcs ||
       a->coord_components != b->coord_components || a->is_array != b->is_array ||
       a->is_shadow != b->is_shadow || a->is_new_style_shadow != b->is_new_style_shadow ||
       a->component != b->component || a->has_tg4_offsets != b->has_tg4_offsets ||
       memcmp(a->tg4_offsets, b->tg4_offsets, sizeof(a->tg4_offsets)) != 0 ||
       a->texture_index != b->texture_index || a->sampler_index != b->sampler_index ||
       a->texture_non_uniform != b->texture_non_uniform ||
       a->sampler_non_uniform != b->sampler_non_uniform)
      return false;
   for (unsigned i = 0; i < a->num_srcs; i++)
      if (a->src[i].src_type != b->src[i].src_type ||
          a->src[i].src.ssa != b->src[i].src.ssa)
         return false;
   return true;
}

static bool
instr_equal(const void *pa, const void *pb)
{
   const nir_instr *a = pa, *b = pb;
   if (a->type != b->type)
      return false;
   const nir_def *da = nir_instr_def((nir_instr *)a), *db = nir_instr_def((nir_instr *)b);
   if (da->num_components != db->num_components || da->bit_size != db->bit_size)
      return false;
   switch (a->type) {
   case NIR_INSTR_TYPE_ALU:
      return alu_equal(nir_instr_as_alu(a), nir_instr_as_alu(b));
   case NIR_INSTR_TYPE_LOAD_CONST: {
      const nir_load_const_instr *la = nir_instr_as_load_const(a),
                                 *lb = nir_instr_as_load_const(b);
      for (unsigned c = 0; c < da->num_components; c++)
         if (!nir_const_value_equal(la->value[c], lb->value[c], da->bit_size))
            return false;
      return true;
   }
   case NIR_INSTR_TYPE_DEREF: {
      const nir_deref_instr *x = nir_instr_as_deref(a), *y = nir_instr_as_deref(b);
      if (x->deref_type != y->deref_type || x->modes != y->modes || x->type != y->type)
         return false;
      switch (x->deref_type) {
      case NIR_DEREF_TYPE_VAR:
         return x->var == y->var;
      case NIR_DEREF_TYPE_STRUCT:
         return x->parent.ssa == y->parent.ssa && x->strct.index == y->strct.index;
      case NIR_DEREF_TYPE_CAST:
         return x->parent.ssa == y->parent.ssa &&
                x->cast.ptr_stride_B == y->cast.ptr_stride_B &&
                x->cast.align_mul == y->cast.align_mul &&
                x->cast.align_offset == y->cast.align_offset;
      default:
         return x->parent.ssa == y->parent.ssa && x->arr.index.ssa == y->arr.index.ssa &&
                x->arr.in_bounds == y->arr.in_bounds;
      }
   }
   case NIR_INSTR_TYPE_TEX:
      return tex_equal(nir_instr_as_tex(a), nir_instr_as_tex(b));
   case NIR_INSTR_TYPE_INTRINSIC: {
      const nir_intrinsic_instr *x = nir_instr_as_intrinsic(a),
                                *y = nir_instr_as_intrinsic(b);
      if (x->intrinsic != y->intrinsic || x->num_components != y->num_components)
         return false;
      const nir_intrinsic_info *info = &nir_intrinsic_infos[x->intrinsic];
      if (memcmp(x->const_index, y->const_index, sizeof(int32_t) * info->num_indices) !=
          0)
         return false;
      for (unsigned i = 0; i < info->num_srcs; i++)
         if (x->src[i].ssa != y->src[i].ssa)
            return false;
      return true;
   }
   case NIR_INSTR_TYPE_PHI: {
      if (a->block != b->block)
         return false;
      nir_phi_instr *x = nir_instr_as_phi(a), *y = nir_instr_as_phi(b);
      nir_foreach_phi_src(ps, x)
      {
         nir_phi_src *other = nir_phi_get_src_from_block(y, ps->pred);
         if (!other || other->src.ssa != ps->src.ssa)
            return false;
      }
      return list_length(&x->srcs) == list_length(&y->srcs);
   }
   default:
      return false;
   }
}

struct frame {
   nir_block *block;
   unsigned child;
   size_t stack_mark; /* size of `added` when the block was entered */
};

static bool
cse_impl(nir_function_impl *impl)
{
   nir_metadata_require(impl, NIR_METADATA_DOMINANCE);
   nir_shader *shader = impl->function->shader;
   struct hash_table *table = hash_table_create(NULL, instr_hash, instr_equal);
   struct dynarray added, stack;
   dynarray_init(&added, NULL);
   dynarray_init(&stack, NULL);
   bool progress = false;
   if (!table) {
      shader->oom = true;
      return false;
   }

   struct frame root = {nir_start_block(impl), 0, 0};
   if (!dynarray_append(&stack, struct frame, root))
      goto oom;
   bool entering = true;
   while (dynarray_num_elements(&stack, struct frame)) {
      struct frame *f = dynarray_element(&stack, struct frame,
                                         dynarray_num_elements(&stack, struct frame) - 1);
      if (entering) {
         f->stack_mark = added.size_B;
         nir_foreach_instr_safe (instr, f->block) {
            if (!instr_can_cse(instr))
               continue;
            struct hash_entry *e = hash_table_search(table, instr);
            if (e) {
               nir_instr *other = (nir_instr *)e->key;
               nir_def_rewrite_uses(nir_instr_def(instr), nir_instr_def(other));
               nir_instr_remove(instr);
               progress = true;
               continue;
            }
            if (!hash_table_insert(table, instr, instr) ||
                !dynarray_append(&added, nir_instr *, instr))
               goto oom;
         }
      }
      if (f->child < f->block->num_dom_children) {
         struct frame child = {f->block->dom_children[f->child++], 0, 0};
         if (!dynarray_append(&stack, struct frame, child))
            goto oom;
         entering = true;
         continue;
      }
      /* Leaving the subtree: forget what it added. */
      while (added.size_B > f->stack_mark) {
         added.size_B -= sizeof(nir_instr *);
         nir_instr *gone = *(nir_instr **)((char *)added.data + added.size_B);
         hash_table_remove_key(table, gone);
      }
      stack.size_B -= sizeof(struct frame);
      entering = false;
   }
   goto done;

oom:
   shader->oom = true;
done:
   hash_table_destroy(table);
   dynarray_finish(&added);
   dynarray_finish(&stack);
   nir_metadata_preserve(impl, progress ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
   return progress;
}

bool
nir_opt_cse(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      if (cse_impl(impl))
         progress = true;
   }
   return progress;
}
