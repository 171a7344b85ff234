/* SPDX-License-Identifier: MIT */
/*
 * Geometry shaders, after nvk_nir_lower_io: EmitStreamVertex and
 * EndStreamPrimitive become stores into the invocation's output records
 * (kx.h, struct kx_gs_info says the layout the driver reads back).
 *
 * A counter (the vertices emitted so far) offsets every store_output and
 * load_output by whole records, so the outputs the shader writes between
 * two emits land in the record of the vertex the next emit completes; an
 * emit writes the record's stream word and moves the counter on. Vulkan
 * 1.3, 15.1.4 and GLSL 4.60, 8.16 leave outputs undefined after an emit, so
 * nothing is copied. Emits past OutputVertices do nothing (GLSL: "the
 * results are undefined"; the vertices are dropped), their stores land in
 * one spare record. Each stream keeps a "next vertex starts a strip" bit,
 * set at the start and by EndStreamPrimitive. InvocationId is read from
 * the input header slot; the counter is stored after the records at the
 * end.
 */
#include "kx.h"
#include "nvk_nir.h"
#include "util/arena.h"

struct gs_state {
   nir_variable *count, *cut;
   unsigned stride, max_vertices, vertices_in;
};

static nir_def *
record_offset(nir_builder *b, const struct gs_state *st)
{
   return nir_imul_imm(b, nir_load_var(b, st->count), st->stride);
}

static void
store_word(nir_builder *b, nir_def *value, nir_def *slot_offset)
{
   nir_io_semantics sem = {0};
   sem.builtin = NIR_IO_SEMANTICS_NO_BUILTIN;
   sem.num_slots = 1;
   nir_store_output(b, value, slot_offset, .base = 0, .component = 0, .io_semantics = sem,
                    .write_mask = 1, .src_type = NIR_TYPE_UINT | 32);
}

/* The emits and ends, met by the first walk, lowered after it (they
 * split blocks, which a walk over the blocks must not see). */
#define MAX_EMITS 4096

struct gs_walk {
   struct gs_state *st;
   nir_intrinsic_instr **emits;
   unsigned emit_count;
   bool too_many;
};

static bool
lower_offsets(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   struct gs_walk *w = data;
   const struct gs_state *st = w->st;
   b->cursor = nir_before_instr(&intr->instr);
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_STORE_OUTPUT:
   case NIR_INTRINSIC_LOAD_OUTPUT: {
      const unsigned src = intr->intrinsic == NIR_INTRINSIC_STORE_OUTPUT ? 1 : 0;
      nir_src_rewrite(&intr->src[src], nir_iadd(b, intr->src[src].ssa, record_offset(b, st)));
      return true;
   }
   case NIR_INTRINSIC_EMIT_VERTEX:
   case NIR_INTRINSIC_END_PRIMITIVE:
      if (w->emit_count < MAX_EMITS)
         w->emits[w->emit_count++] = intr;
      else
         w->too_many = true;
      return false;
   case NIR_INTRINSIC_LOAD_INVOCATION_ID: {
      nir_io_semantics sem = {0};
      sem.builtin = NIR_IO_SEMANTICS_NO_BUILTIN;
      sem.num_slots = 1;
      nir_def *v = nir_load_input(b, 1, 32, nir_imm_int(b, KX_GS_IN_HEADER(st->vertices_in)),
                                  .base = 0, .component = 0, .io_semantics = sem,
                                  .dest_type = NIR_TYPE_UINT | 32);
      nir_def_rewrite_uses(&intr->def, v);
      nir_instr_remove(&intr->instr);
      return true;
   }
   default:
      return false;
   }
}

static void
lower_emit(nir_builder *b, const struct gs_state *st, nir_intrinsic_instr *intr)
{
   b->cursor = nir_before_instr(&intr->instr);
   switch (intr->intrinsic) {
   case NIR_INTRINSIC_EMIT_VERTEX: {
      const unsigned stream = nir_intrinsic_stream_id(intr);
      nir_def *count = nir_load_var(b, st->count);
      nir_if *nif = nir_push_if(b, nir_ult_imm(b, count, st->max_vertices));
      {
         nir_def *cut = nir_load_var(b, st->cut);
         nir_def *starts = nir_iand_imm(b, nir_ushr_imm(b, cut, stream), 1);
         nir_def *word =
            nir_ior_imm(b, nir_imul_imm(b, starts, KX_GS_VERTEX_STARTS_STRIP), stream);
         store_word(b, word,
                    nir_iadd_imm(b, nir_imul_imm(b, count, st->stride), st->stride - 1));
         nir_store_var(b, st->cut, nir_iand_imm(b, cut, ~(1u << stream)), 1);
         nir_store_var(b, st->count, nir_iadd_imm(b, count, 1), 1);
      }
      nir_pop_if(b, nif);
      nir_instr_remove(&intr->instr);
      return;
   }
   default: { /* END_PRIMITIVE */
      const unsigned stream = nir_intrinsic_stream_id(intr);
      nir_store_var(b, st->cut, nir_ior_imm(b, nir_load_var(b, st->cut), 1u << stream), 1);
      nir_instr_remove(&intr->instr);
      return;
   }
   }
}

/* Slots per record: up to the highest output slot written, plus the
 * stream word. */
static bool
max_slot(nir_builder *b, nir_intrinsic_instr *intr, void *data)
{
   unsigned *end = data;
   if (intr->intrinsic != NIR_INTRINSIC_STORE_OUTPUT &&
       intr->intrinsic != NIR_INTRINSIC_LOAD_OUTPUT)
      return false;
   const nir_io_semantics sem = nir_intrinsic_io_semantics(intr);
   const nir_def *v = intr->intrinsic == NIR_INTRINSIC_STORE_OUTPUT ? intr->src[0].ssa
                                                                     : &intr->def;
   const unsigned words = nir_intrinsic_component(intr) +
                          v->num_components * (v->bit_size == 64 ? 2 : 1);
   const unsigned slots = MAX2((words + 3) / 4, MAX2(sem.num_slots, 1u));
   *end = MAX2(*end, (unsigned)nir_intrinsic_base(intr) + slots);
   return false;
}

bool
nvk_nir_lower_gs(nir_shader *shader, struct kx_gs_info *info, bool *unsupported)
{
   *info = (struct kx_gs_info){0};
   if (shader->info.stage != NIR_STAGE_GEOMETRY)
      return false;
   /* Past the advertised limits (maxGeometryOutputVertices 256,
    * maxGeometryShaderInvocations 32; VUID-RuntimeSpirv-OutputVertices-00714,
    * -Invocations-00715) the shader is refused: the record arrays are sized
    * by them. */
   if (shader->info.gs.vertices_out == 0 || shader->info.gs.vertices_out > 256 ||
       shader->info.gs.invocations > 32 || shader->info.gs.vertices_in == 0 ||
       shader->info.gs.vertices_in > 6) {
      *unsupported = true;
      return false;
   }
   nir_function_impl *impl = nir_shader_get_entrypoint(shader);
   unsigned end = KX_SLOT_POS + 1;
   nir_shader_intrinsics_pass(shader, max_slot, NIR_METADATA_ALL, &end);
   end = MIN2(end, (unsigned)KX_SLOT_COUNT);
   struct gs_state st = {
      .stride = end + 1,
      .max_vertices = shader->info.gs.vertices_out,
      .vertices_in = shader->info.gs.vertices_in,
   };
   st.count = nir_local_variable_create(impl, glsl_uint_type(), "gs_vertex_count");
   st.cut = nir_local_variable_create(impl, glsl_uint_type(), "gs_strip_starts");
   if (!st.count || !st.cut) {
      *unsupported = true;
      return false;
   }
   nir_builder b = nir_builder_at(nir_before_impl(impl));
   nir_store_var(&b, st.count, nir_imm_int(&b, 0), 1);
   nir_store_var(&b, st.cut, nir_imm_int(&b, 0xf), 1);
   struct gs_walk w = {.st = &st};
   w.emits = arena_alloc(shader->arena, MAX_EMITS * sizeof(w.emits[0]));
   if (!w.emits) {
      *unsupported = true;
      return false;
   }
   nir_shader_intrinsics_pass(shader, lower_offsets, NIR_METADATA_CONTROL_FLOW, &w);
   if (w.too_many) {
      *unsupported = true; /* more emits than a program could hold */
      return false;
   }
   for (unsigned i = 0; i < w.emit_count; i++)
      lower_emit(&b, &st, w.emits[i]);
   nir_metadata_preserve(impl, NIR_METADATA_NONE);
   b.cursor = nir_after_impl(impl);
   store_word(&b, nir_load_var(&b, st.count),
              nir_imm_int(&b, (int)((st.max_vertices + 1) * st.stride)));
   NIR_PASS_V(shader, nir_lower_vars_to_ssa);
   *info = (struct kx_gs_info){
      .vertices_in = (uint8_t)st.vertices_in,
      .output_kind = shader->info.gs.output_primitive == NIR_PRIM_POINTS       ? 0
                     : shader->info.gs.output_primitive == NIR_PRIM_LINE_STRIP ? 1
                                                                               : 2,
      .invocations = (uint8_t)MAX2(shader->info.gs.invocations, 1),
      .stream_mask = shader->info.gs.active_stream_mask,
      .max_vertices = (uint16_t)st.max_vertices,
      .out_stride_slots = (uint16_t)st.stride,
   };
   return true;
}
