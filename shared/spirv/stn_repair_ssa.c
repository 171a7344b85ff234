/* SPDX-License-Identifier: MIT */
/*
 * Repairs SSA dominance after emission. Structured emission keeps SPIR-V's
 * dominance, except where an exit that leaves several constructs (the
 * escape mechanism of stn_emit.c) adds a path around a definition; a
 * value used on the far side of such a path is stored to a variable right
 * after its definition and loaded where it is used, and vars_to_ssa then
 * builds the phis (undefined on the new path, which SPIR-V never takes).
 *
 * Derefs are made where they are used, so they never need repairing.
 */
#include "stn_ir.h"

#include <stdlib.h>

static const struct glsl_type *
holder_type(const nir_def *def)
{
   const enum glsl_base_type base =
      def->bit_size == 1 ? GLSL_TYPE_BOOL
                         : glsl_base_type_with_bit_size(GLSL_TYPE_UINT, def->bit_size);
   return glsl_vector_type(base, def->num_components);
}

/* The uses of one definition that it does not dominate, found before any
 * instruction is inserted (the instruction indices stay valid). */
struct bad_uses {
   nir_src **srcs;
   size_t count, cap;
   bool oom;
};

static void
add_bad_use(struct bad_uses *u, nir_src *src)
{
   if (u->count == u->cap) {
      const size_t cap = u->cap ? 2 * u->cap : 16;
      nir_src **srcs = realloc(u->srcs, cap * sizeof(*srcs));
      if (!srcs) {
         u->oom = true;
         return;
      }
      u->srcs = srcs;
      u->cap = cap;
   }
   u->srcs[u->count++] = src;
}

/* Stores def to a variable after it and loads it before every use it does
 * not dominate; the dominance queries were all answered by the caller. */
static bool
repair_def(nir_function_impl *impl, nir_def *def, nir_src *const *bad, size_t num_bad)
{
   nir_instr *instr = def->parent_instr;
   nir_variable *var = nir_local_variable_create(impl, holder_type(def), "dominance");
   if (!var)
      return false;
   nir_builder b = nir_builder_at(instr->type == NIR_INSTR_TYPE_PHI
                                     ? nir_after_phis(instr->block)
                                     : nir_after_instr(instr));
   nir_store_var(&b, var, def, 0);
   for (size_t i = 0; i < num_bad; i++) {
      b.cursor = nir_before_src(bad[i]);
      nir_src_rewrite(bad[i], nir_load_var(&b, var));
   }
   return true;
}

bool stn_repair_ssa(nir_shader *shader);

/* Linear in the shader: one pass of O(1) dominance queries (block
 * dominance from the dominator tree's numbering, order within a block from
 * instruction indices) over every use, then the repairs. The queries used
 * to walk the block from each definition to each use, quadratic in a long
 * straight-line block (issue 16: 20,000 blocks took 15 s). */
bool
stn_repair_ssa(nir_shader *shader)
{
   bool progress = false;
   struct bad_uses u = {0};
   /* (def, first bad use, count) triples, the uses in u.srcs. */
   struct repair {
      nir_def *def;
      size_t first, count;
   } *repairs = NULL;
   size_t num_repairs = 0, cap_repairs = 0;
   nir_foreach_function_impl(impl, shader) {
      nir_metadata_require(impl, NIR_METADATA_DOMINANCE);
      nir_index_instrs(impl);
      u.count = 0;
      num_repairs = 0;
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            nir_def *def = nir_instr_def(instr);
            /* Derefs are never produced with bad uses; left for the
             * validator to report. */
            if (!def || instr->type == NIR_INSTR_TYPE_DEREF)
               continue;
            const size_t first = u.count;
            nir_foreach_use(src, def) {
               if (!nir_def_dominates_src_indexed(def, src))
                  add_bad_use(&u, src);
            }
            if (u.count == first)
               continue;
            if (num_repairs == cap_repairs) {
               const size_t cap = cap_repairs ? 2 * cap_repairs : 16;
               struct repair *r = realloc(repairs, cap * sizeof(*r));
               if (!r) {
                  u.oom = true;
                  break;
               }
               repairs = r;
               cap_repairs = cap;
            }
            repairs[num_repairs++] = (struct repair){def, first, u.count - first};
         }
      }
      if (u.oom) {
         shader->oom = true;
         break;
      }
      bool changed = false;
      for (size_t i = 0; i < num_repairs; i++)
         changed |= repair_def(impl, repairs[i].def, u.srcs + repairs[i].first,
                               repairs[i].count);
      /* Inserting instructions changes no block structure. */
      nir_metadata_preserve(impl, changed ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
      progress |= changed;
   }
   free(u.srcs);
   free(repairs);
   return progress;
}
