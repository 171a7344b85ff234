/* SPDX-License-Identifier: MIT */
/*
 * Geometry shaders through nvk_compile and kx strips (kx.h, struct
 * kx_gs_info): every lane a (primitive, invocation) pair emitting a
 * different number of vertices from a loop on two streams, read back from
 * the output records against values computed here: the per-lane count,
 * each record's stream and strip-start bit, and the outputs as they were
 * when the vertex was emitted. Run on the interpreter's kernel variants.
 */
#include "nvk_compiler_test_util.h"
#include "util/strbuf.h"

#include "gs_divergent_geom.h"

TEST(gs_records_divergent_two_streams)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   const struct nvk_compile_info ci = {
      .spirv = gs_divergent_geom_spv,
      .word_count = sizeof(gs_divergent_geom_spv) / 4,
      .stage = NIR_STAGE_GEOMETRY,
      .entry_point = "main",
      .layout = layout,
      .robust_buffer_access = true,
   };
   char *err = NULL;
   struct kx_program *prog = nvk_compile(&ci, &err);
   if (!prog)
      test_fail(__FILE__, __LINE__, "compile: %s", err ? err : "?");
   free(err);
   REQUIRE(prog);
   const struct kx_gs_info *gs = &kx_program_info(prog)->gs;
   CHECK_EQ(gs->vertices_in, 1);
   CHECK_EQ(gs->output_kind, 0);
   CHECK_EQ(gs->invocations, 3);
   CHECK_EQ(gs->max_vertices, 8);
   CHECK_EQ(gs->stream_mask, 0x3);
   /* Records: slots up to Location 1 (KX_SLOT_VAR0 + 1) and the stream word. */
   CHECK_EQ(gs->out_stride_slots, KX_SLOT_VAR0 + 3);

   float *in = calloc((size_t)KX_GS_IN_SLOTS(gs->vertices_in) * 4 * KX_W, sizeof(float));
   float *out = calloc((size_t)KX_GS_OUT_SLOTS(gs) * 4 * KX_W, sizeof(float));
   uint32_t prim_id[KX_W];
   const unsigned lanes = 61;
   for (unsigned l = 0; l < KX_W; l++) {
      const uint32_t p = l / 3, inv = l % 3;
      prim_id[l] = p;
      in[KX_IO_INDEX(KX_SLOT_POS, 0, l)] = 0.5f * (float)p;
      in[KX_IO_INDEX(KX_SLOT_POS, 1, l)] = -(float)p;
      memcpy(&in[KX_IO_INDEX(KX_GS_IN_HEADER(1), 0, l)], &inv, 4);
   }
   static const enum kx_isa isas[] = {KX_ISA_BASE, KX_ISA_AUTO};
   for (unsigned k = 0; k < ARRAY_SIZE(isas); k++) {
      struct kx_exec *e = kx_exec_create(prog, isas[k]);
      REQUIRE(e);
      struct kx_strip s = {
         .lane_count = lanes,
         .in = in,
         .out = out,
         .in_slots = KX_GS_IN_SLOTS(gs->vertices_in),
         .out_slots = KX_GS_OUT_SLOTS(gs),
         .primitive_id = prim_id,
      };
      CHECK(kx_exec_strip(e, &s));
      unsigned bad = 0;
      for (unsigned l = 0; l < lanes; l++) {
         const uint32_t p = l / 3, inv = l % 3, n = p % 5 + inv;
         uint32_t count;
         memcpy(&count, &out[KX_IO_INDEX(KX_GS_OUT_COUNT_SLOT(gs), 0, l)], 4);
         bad += count != n;
         for (uint32_t i = 0; i < n && i < count; i++) {
            const uint32_t rec = i * gs->out_stride_slots;
            uint32_t word;
            memcpy(&word, &out[KX_IO_INDEX(rec + gs->out_stride_slots - 1, 0, l)], 4);
            const uint32_t stream = i & 1;
            /* Stream 0 starts a strip at its first vertex only; stream 1
             * at every vertex (EndStreamPrimitive after each). */
            const bool starts = stream == 1 || i == 0;
            bad += word != (stream | (starts ? KX_GS_VERTEX_STARTS_STRIP : 0));
            const float *o = out;
            if (stream == 0) {
               const float want[4] = {(float)p, (float)inv, (float)i, 0.5f * (float)p};
               for (unsigned c = 0; c < 4; c++)
                  bad += o[KX_IO_INDEX(rec + KX_SLOT_VAR0, c, l)] != want[c];
            } else {
               const float want[4] = {(float)i, -(float)p, 0.0f, 1.0f};
               for (unsigned c = 0; c < 4; c++)
                  bad += o[KX_IO_INDEX(rec + KX_SLOT_VAR0 + 1, c, l)] != want[c];
            }
         }
      }
      CHECK_EQ(bad, 0);
      kx_exec_destroy(e);
   }
   free(in);
   free(out);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}

/* Pipeline caches keep a GS's record layout (kx_program_info.gs): it comes
 * back from serialization unchanged, and a layout the draw path could not
 * index with (a record stride past KX_SLOT_COUNT + 1) is refused. */
TEST(gs_program_serializes)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   const struct nvk_compile_info ci = {
      .spirv = gs_divergent_geom_spv,
      .word_count = sizeof(gs_divergent_geom_spv) / 4,
      .stage = NIR_STAGE_GEOMETRY,
      .entry_point = "main",
      .layout = layout,
   };
   char *err = NULL;
   struct kx_program *prog = nvk_compile(&ci, &err);
   free(err);
   REQUIRE(prog);
   struct strbuf sb;
   strbuf_init(&sb);
   CHECK(kx_program_serialize(prog, &sb));
   struct kx_program *copy = kx_program_deserialize(strbuf_str(&sb), sb.len);
   REQUIRE(copy);
   CHECK(memcmp(&kx_program_info(copy)->gs, &kx_program_info(prog)->gs,
                sizeof(struct kx_gs_info)) == 0);
   char *bytes = malloc(sb.len);
   memcpy(bytes, strbuf_str(&sb), sb.len);
   const struct kx_program_info *pi = kx_program_info(prog);
   const size_t at = (size_t)((const uint8_t *)&pi->gs.out_stride_slots - (const uint8_t *)pi);
   /* The info follows the magic and abi words of the header. */
   const uint16_t huge = KX_SLOT_COUNT + 2;
   memcpy(bytes + 8 + at, &huge, 2);
   CHECK(kx_program_deserialize(bytes, sb.len) == NULL);
   free(bytes);
   kx_program_destroy(copy);
   strbuf_finish(&sb);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}
