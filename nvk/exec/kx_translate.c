/* SPDX-License-Identifier: MIT */
/*
 * IR -> kx program.
 *
 * Three steps:
 *  1. Walk the structured IR once, emitting virtual instructions whose
 *     operands are virtual registers (vregs), one per scalar component.
 *     vecN/mov/swizzles emit nothing: a component of their result *is* the
 *     source's vreg. Constants become constant vregs (one per distinct
 *     value). Phis become masked copies at the end of each predecessor.
 *  2. Values that leave a loop: ALU results are written to every lane, so a
 *     value defined inside a loop and read after it would be clobbered, in
 *     lanes that already left, by later iterations. Such defs write a
 *     temporary slot and a masked copy moves the active lanes into the
 *     value's register (the lanes that left keep theirs).
 *  3. Linear-scan register allocation over the linear order, with live
 *     ranges that cross a loop boundary stretched over the whole loop, then
 *     final encoding (byte offsets, jump targets).
 *
 * This file holds the builder and drives the steps; kx_translate.h lists
 * the files of each step (the walk, hoisting invariants, register
 * allocation, encoding).
 */
#include "kx_translate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "kx.h"
#include "kxj.h"
#include "util/debug.h"
#include "util/strbuf.h"

enum {
   KX_DEBUG_PRINT = 1 << 0,
};
static const struct util_debug_flag kx_translate_table[] = {
   {"kx_print", KX_DEBUG_PRINT, "print every kx program (log level info)"},
   {NULL, 0, NULL},
};
UTIL_DEBUG_DEFINE_GETTER(kx_translate_debug, "kx", kx_translate_table)

void PRINTFLIKE(2, 3)
kxb_fail(struct kxb *b, const char *fmt, ...)
{
   if (b->error)
      return;
   va_list va;
   va_start(va, fmt);
   b->error = arena_vasprintf(b->arena, fmt, va);
   va_end(va);
   if (!b->error)
      b->error = (char *)"out of memory";
}

uint32_t
kxb_new_vreg(struct kxb *b, unsigned size)
{
   const uint32_t id = (uint32_t)dynarray_num_elements(&b->vregs, struct kx_vreg);
   struct kx_vreg v = {.size = (uint8_t)size, .first = -1, .last = -1, .def_pos = -1};
   if (!dynarray_append(&b->vregs, struct kx_vreg, v)) {
      KXB_OOM(b);
      return 0;
   }
   return id;
}

uint32_t
kxb_const(struct kxb *b, uint64_t value, unsigned bits)
{
   const unsigned t = bits == 64 ? 1 : 0;
   struct hash_entry *e = hash_table_search_u64(b->consts[t], value);
   if (e)
      return (uint32_t)(uintptr_t)e->data - 1;
   const uint32_t id = kxb_new_vreg(b, bits == 64 ? 2 : 1);
   if (b->error)
      return 0;
   vreg(b, id)->kind = KX_VREG_CONST;
   vreg(b, id)->value = value;
   if (!hash_table_insert_u64(b->consts[t], value, (void *)(uintptr_t)(id + 1)))
      KXB_OOM(b);
   return id;
}

/* The vregs of a def (created on first request). */
uint32_t *
kxb_def_vregs(struct kxb *b, const nir_def *def)
{
   if (def->index >= b->num_defs) {
      kxb_fail(b, "def %%%u out of range", def->index);
      return NULL;
   }
   uint32_t *v = b->def_vregs[def->index];
   if (v)
      return v;
   v = arena_alloc_array(b->arena, def->num_components, sizeof(uint32_t));
   if (!v) {
      KXB_OOM(b);
      return NULL;
   }
   for (unsigned c = 0; c < def->num_components; c++)
      v[c] = kxb_new_vreg(b, def->bit_size == 64 ? 2 : 1);
   b->def_vregs[def->index] = v;
   return v;
}

/* Makes def's components aliases of existing vregs. */
uint32_t *
kxb_alias_vregs(struct kxb *b, const nir_def *def)
{
   if (def->index >= b->num_defs) {
      kxb_fail(b, "def %%%u out of range", def->index);
      return NULL;
   }
   uint32_t *v = arena_alloc_array(b->arena, def->num_components, sizeof(uint32_t));
   if (!v) {
      KXB_OOM(b);
      return NULL;
   }
   b->def_vregs[def->index] = v;
   return v;
}

uint32_t
kxb_src(struct kxb *b, const nir_def *def, unsigned comp)
{
   if (comp >= def->num_components) {
      kxb_fail(b, "component %u of a %u-component value", comp, def->num_components);
      return 0;
   }
   uint32_t *v = kxb_def_vregs(b, def);
   return v ? v[comp] : 0;
}

uint32_t
kxb_label(struct kxb *b)
{
   const uint32_t id = (uint32_t)dynarray_num_elements(&b->labels, int32_t);
   if (!dynarray_append(&b->labels, int32_t, -1))
      KXB_OOM(b);
   return id;
}

void
kxb_place(struct kxb *b, uint32_t label)
{
   if (b->error)
      return;
   *dynarray_element(&b->labels, int32_t, label) =
      (int32_t)dynarray_num_elements(&b->vi, struct kx_vinstr);
}

struct kx_vinstr *
kxb_emit(struct kxb *b, unsigned op)
{
   static struct kx_vinstr dummy;
   struct kx_vinstr *vi = dynarray_grow(&b->vi, struct kx_vinstr, 1);
   if (!vi) {
      KXB_OOM(b);
      memset(&dummy, 0, sizeof(dummy));
      return &dummy;
   }
   memset(vi, 0, sizeof(*vi));
   vi->in.op = (uint16_t)op;
   vi->aux_imm = -1;
   return vi;
}

/* Starts an operand list for `vi` in imm[which]. */
void
kxb_aux_begin(struct kxb *b, struct kx_vinstr *vi, unsigned which)
{
   vi->aux_imm = (int8_t)which;
   vi->aux_start = (uint32_t)dynarray_num_elements(&b->aux, uint32_t);
}

void
kxb_aux_def(struct kxb *b, struct kx_vinstr *vi, uint32_t v)
{
   if (!dynarray_append(&b->aux, uint32_t, v))
      KXB_OOM(b);
   vi->aux_ndef++;
}

void
kxb_aux_use(struct kxb *b, struct kx_vinstr *vi, uint32_t v)
{
   if (!dynarray_append(&b->aux, uint32_t, v))
      KXB_OOM(b);
   vi->aux_nuse++;
}

/* The vertex/fragment fields of the program info. */
static void
kxb_stage_info(struct kxb *b, struct kx_program_info *info)
{
   const nir_shader_info *si = &b->shader->info;
   const struct kx_program_info *g = &b->gfx;
   info->stage = (uint8_t)si->stage;
   if (si->stage == NIR_STAGE_TESS_CTRL || si->stage == NIR_STAGE_TESS_EVAL)
      info->tess = (struct kx_tess_info){
         .primitive = (uint8_t)si->tess.primitive_mode,
         .spacing = (uint8_t)si->tess.spacing,
         .ccw = si->tess.ccw,
         .cw = si->tess.cw,
         .point_mode = si->tess.point_mode,
         .vertices_out = si->tess.tcs_vertices_out,
      };
   /* Evaluation shaders write their outputs as vertex shaders do. */
   if (si->stage != NIR_STAGE_VERTEX && si->stage != NIR_STAGE_FRAGMENT &&
       si->stage != NIR_STAGE_GEOMETRY && si->stage != NIR_STAGE_TESS_EVAL)
      return;
   info->workgroup_size[0] = info->workgroup_size[1] = info->workgroup_size[2] = 1;
   info->inputs_read = g->inputs_read;
   info->outputs_written = g->outputs_written;
   memcpy(info->interp, g->interp, sizeof(info->interp));
   info->clip_distance_count = MIN2(si->clip_distance_array_size, 8);
   info->cull_distance_count = MIN2(si->cull_distance_array_size, 8 - info->clip_distance_count);
   info->reads_frag_coord = g->reads_frag_coord;
   info->reads_helper_invocation = g->reads_helper_invocation;
   info->reads_point_coord = g->reads_point_coord;
   info->uses_derivatives = g->uses_derivatives;
   if (si->stage == NIR_STAGE_FRAGMENT) {
      info->color_outputs = (uint16_t)g->outputs_written;
      info->writes_depth = g->writes_depth;
      info->writes_stencil = g->writes_stencil;
      info->writes_sample_mask = g->writes_sample_mask;
      info->writes_memory = si->writes_memory;
      info->uses_discard = g->uses_discard;
      info->uses_demote = g->uses_demote;
      info->early_fragment_tests = si->fs.early_fragment_tests;
      info->uses_sample_shading = g->uses_sample_shading || si->fs.uses_sample_shading;
   }
}

struct kx_program *
kx_compile(nir_shader *shader, char **error)
{
   if (error)
      *error = NULL;
   struct arena *arena = arena_create(NULL);
   nir_function_impl *impl = shader ? nir_shader_get_entrypoint(shader) : NULL;
   if (!arena || !impl) {
      if (error)
         *error = strdup(arena ? "kx: the shader has no entry point" : "out of memory");
      arena_destroy(arena);
      return NULL;
   }

   struct kxb b = {.arena = arena, .shader = shader};
   dynarray_init(&b.vregs, arena);
   dynarray_init(&b.vi, arena);
   dynarray_init(&b.aux, arena);
   dynarray_init(&b.labels, arena);
   dynarray_init(&b.loops, arena);
   b.num_defs = impl->ssa_alloc;
   b.def_vregs = arena_zalloc_array(arena, b.num_defs ? b.num_defs : 1, sizeof(uint32_t *));
   b.consts[0] = hash_table_create_u64(arena);
   b.consts[1] = hash_table_create_u64(arena);
   if (!b.def_vregs || !b.consts[0] || !b.consts[1])
      KXB_OOM(&b);

   struct kx_program *prog = NULL;
   if (!b.error) {
      const uint32_t l_end = kxb_label(&b);
      b.skip = l_end;
      kxb_cf_list(&b, &impl->body);
      kxb_place(&b, l_end);
      kxb_emit(&b, KX_OP_END);
   }
   if (!b.error)
      b.main_start = kxb_hoist_invariants(&b);
   if (!b.error) {
      kxb_compute_ranges(&b);
      if (kxb_mark_masked(&b) && !b.error) {
         kxb_insert_masked_copies(&b);
         kxb_compute_ranges(&b);
      }
      kxb_extend_over_loops(&b);
   }
   if (!b.error)
      prog = kxb_finish(&b);

   if (prog) {
      const nir_shader_info *si = &shader->info;
      prog->info.workgroup_size[0] = MAX2(si->cs.workgroup_size[0], 1);
      prog->info.workgroup_size[1] = MAX2(si->cs.workgroup_size[1], 1);
      prog->info.workgroup_size[2] = MAX2(si->cs.workgroup_size[2], 1);
      prog->info.shared_size_B = si->shared_size_B;
      prog->info.shared_zero_size_B = MIN2(si->shared_zero_size_B, si->shared_size_B);
      prog->info.scratch_size_B = si->scratch_size_B;
      prog->info.uses_barrier = b.uses_barrier;
      prog->info.uses_subgroups = b.uses_subgroups;
      kxb_stage_info(&b, &prog->info);
      const uint32_t n = prog->info.workgroup_size[0] * prog->info.workgroup_size[1] *
                         prog->info.workgroup_size[2];
      if (n > KX_MAX_WORKGROUP_INVOCATIONS) {
         kxb_fail(&b, "kx: workgroup of %u invocations (at most %u)", n,
                  KX_MAX_WORKGROUP_INVOCATIONS);
         free(prog);
         prog = NULL;
      }
   }
   if (prog && kx_translate_debug() & KX_DEBUG_PRINT) {
      struct strbuf sb;
      strbuf_init(&sb);
      kx_program_print(prog, &sb);
      util_logi("kx", "%s", strbuf_str(&sb));
      strbuf_finish(&sb);
   }
   if (!prog && error)
      *error = strdup(b.error ? b.error : "kx: translation failed");
   arena_destroy(arena);
   return prog;
}

void
kx_program_destroy(struct kx_program *prog)
{
   if (prog)
      kxj_program_release(prog);
   free(prog);
}

void
kx_program_set_pre_raster(struct kx_program *prog, const struct kx_gs_info *gs,
                          const struct kx_xfb_info *xfb)
{
   if (gs)
      prog->info.gs = *gs;
   if (xfb)
      prog->info.xfb = *xfb;
}

const struct kx_program_info *
kx_program_info(const struct kx_program *prog)
{
   return &prog->info;
}
