/* SPDX-License-Identifier: MIT */
/*
 * Dead code elimination: mark what is needed (instructions with side
 * effects, jumps, if conditions) and everything they read, transitively;
 * delete the rest. Marking rather than use-counting also removes dead
 * cycles (a loop phi that only feeds itself).
 */
#include "nir/nir.h"

#include "util/dynarray.h"

static bool
mark_src_cb(nir_src *src, void *data)
{
   struct dynarray *worklist = data;
   nir_instr *instr = src->ssa ? src->ssa->parent_instr : NULL;
   if (instr && instr->block && !instr->pass_flags) {
      instr->pass_flags = 1;
      if (!dynarray_append(worklist, nir_instr *, instr))
         return false;
   }
   return true;
}

static bool
dce_impl(nir_function_impl *impl)
{
   struct dynarray worklist;
   dynarray_init(&worklist, NULL);
   bool ok = true;

   nir_foreach_block (block, impl) {
      nir_foreach_instr (instr, block) {
         instr->pass_flags = !nir_instr_can_eliminate(instr);
         if (instr->pass_flags && !dynarray_append(&worklist, nir_instr *, instr))
            ok = false;
      }
   }
   nir_foreach_block (block, impl) {
      nir_if *nif = nir_block_get_following_if(block);
      if (nif && !mark_src_cb(&nif->condition, &worklist))
         ok = false;
   }
   while (ok && dynarray_num_elements(&worklist, nir_instr *)) {
      nir_instr *instr = *dynarray_element(
         &worklist, nir_instr *, dynarray_num_elements(&worklist, nir_instr *) - 1);
      worklist.size_B -= sizeof(nir_instr *);
      if (!nir_foreach_src(instr, mark_src_cb, &worklist))
         ok = false;
   }
   dynarray_finish(&worklist);
   /* Without the full marking we cannot know what is dead. */
   if (!ok)
      return false;

   /* Dead code only feeds dead code; removal order does not matter since
    * unlinking a source never frees the def it points at. */
   bool progress = false;
   nir_foreach_block (block, impl) {
      nir_foreach_instr_safe (instr, block) {
         if (!instr->pass_flags) {
            nir_instr_remove(instr);
            progress = true;
         }
      }
   }

   nir_metadata_preserve(impl, progress ? NIR_METADATA_CONTROL_FLOW : NIR_METADATA_ALL);
   return progress;
}

bool
nir_opt_dce(nir_shader *shader)
{
   bool progress = false;
   nir_foreach_function_impl(impl, shader)
   {
      if (dce_impl(impl))
         progress = true;
   }
   return progress;
}
