/* SPDX-License-Identifier: MIT */
/*
 * Tessellation control and evaluation shaders through the compiler
 * (GLSL -> SPIR-V at build time -> nvk_compile) and kx strips, on every
 * backend that runs strips, against values computed here: the records of
 * nvk_tess_io.h (per-vertex inputs, per-vertex and patch outputs, the
 * levels), a barrier followed by a read of another invocation's output,
 * InvocationId, PrimitiveId, PatchVertices, TessCoord and the execution
 * modes recorded in the program info; 64-bit vectors spanning two slots and
 * matrices, per vertex and per patch.
 */
#include <math.h>

#include "nvk_compiler_test_util.h"
#include "nvk_tess_io.h"
#include "util/strbuf.h"

#include "tess_io_tesc.h"
#include "tess_io_tese.h"
#include "tess_wide_tesc.h"
#include "tess_wide_tese.h"

#define NTT_VA 0x500000000ull
enum {
   PATCHES = KX_W / 4,
   IN_VERTS = 3,
   OUT_VERTS = 4,
   IN_STRIDE = (KX_SLOT_VAR0 + 1) * 4,
   /* The records' first patch in the draw (PrimitiveId = BASE + patch). */
   BASE = 100,
};

/* The device memory of the test: every record array, one after another. */
struct ntt_mem {
   float in[PATCHES * IN_VERTS * IN_STRIDE];
   float out[PATCHES * OUT_VERTS * NVK_TESS_VERTEX_FLOATS];
   float patch[PATCHES * NVK_TESS_PATCH_FLOATS];
   float coords[KX_W * 3];
   uint32_t patches[KX_W];
};

static void *
ntt_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va,
              uint64_t *range_end)
{
   const uint64_t size = sizeof(struct ntt_mem);
   if (va < NTT_VA || va - NTT_VA > size || size_B > size - (va - NTT_VA))
      return NULL;
   *range_va = NTT_VA;
   *range_end = NTT_VA + size;
   return (uint8_t *)data + (va - NTT_VA);
}

#define VA_OF(m, field) (NTT_VA + offsetof(struct ntt_mem, field))

static void *
ntt_compile(const struct kx_backend *be, const uint32_t *spirv, size_t size_B,
            nir_shader_stage stage, const struct nvk_pipeline_layout *layout)
{
   const struct nvk_compile_info info = {
      .spirv = spirv,
      .word_count = size_B / 4,
      .stage = stage,
      .entry_point = "main",
      .layout = layout,
   };
   char *err = NULL;
   nir_shader *shader = nvk_compile_to_nir(&info, &err);
   if (shader)
      nvk_compile_optimize(shader);
   void *p = shader ? be->compile(shader, &err) : NULL;
   nir_shader_destroy(shader);
   if (!p)
      test_fail(__FILE__, __LINE__, "%s: %s", be->name, err ? err : "?");
   free(err);
   return p;
}

static float
in_color(unsigned p, unsigned v, unsigned c)
{
   return c == 0 ? (float)(p * 3 + v) : (float)c;
}

static bool
near(float a, float b)
{
   return fabsf(a - b) <= 1e-5f * fmaxf(1.0f, fabsf(b));
}

TEST(tess_program_info)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   char *err = NULL;
   struct nvk_compile_info info = {
      .spirv = tess_io_tesc_spv,
      .word_count = sizeof(tess_io_tesc_spv) / 4,
      .stage = NIR_STAGE_TESS_CTRL,
      .entry_point = "main",
      .layout = layout,
   };
   struct kx_program *tcs = nvk_compile(&info, &err);
   if (!CHECK(tcs))
      printf("  %s\n", err ? err : "");
   free(err);
   err = NULL;
   info.spirv = tess_io_tese_spv;
   info.word_count = sizeof(tess_io_tese_spv) / 4;
   info.stage = NIR_STAGE_TESS_EVAL;
   struct kx_program *tes = nvk_compile(&info, &err);
   if (!CHECK(tes))
      printf("  %s\n", err ? err : "");
   free(err);
   if (tcs) {
      const struct kx_program_info *i = kx_program_info(tcs);
      CHECK_EQ(i->stage, NIR_STAGE_TESS_CTRL);
      CHECK_EQ(i->tess.vertices_out, OUT_VERTS);
      CHECK_EQ(i->tess.primitive, NIR_PRIM_NONE);
   }
   if (tes) {
      const struct kx_program_info *i = kx_program_info(tes);
      CHECK_EQ(i->stage, NIR_STAGE_TESS_EVAL);
      CHECK_EQ(i->tess.primitive, NIR_PRIM_QUADS);
      CHECK_EQ(i->tess.spacing, NIR_TESS_SPACING_FRACTIONAL_ODD);
      CHECK(i->tess.cw && !i->tess.ccw && i->tess.point_mode);
      /* Outputs as a vertex shader's: position and Locations 0, 1. */
      CHECK_EQ_U64(i->outputs_written, (1ull << KX_SLOT_POS) | (3ull << KX_SLOT_VAR0));
   }
   kx_program_destroy(tcs);
   kx_program_destroy(tes);
   nct_layout_free(layout);
}

TEST(tess_control_then_evaluation)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct ntt_mem *m = calloc(1, sizeof(*m));
   REQUIRE(m);
   const struct nvk_tess_cbuf cb = {
      .in_addr = VA_OF(m, in),
      .out_addr = VA_OF(m, out),
      .patch_addr = VA_OF(m, patch),
      .coords_addr = VA_OF(m, coords),
      .patches_addr = VA_OF(m, patches),
      .in_stride_floats = IN_STRIDE,
      .patch_vertices_in = IN_VERTS,
      .vertices_out = OUT_VERTS,
      .patch_base = BASE,
   };
   float dummy_out[KX_SLOT_COUNT * 4 * KX_W];
   float tes_out[KX_SLOT_COUNT * 4 * KX_W];
   uint32_t lane_ids[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      lane_ids[l] = l;

   for (const struct kx_backend *const *be = kx_backends(); *be; be++) {
      if (!(*be)->exec_create)
         continue;
      memset(m, 0, sizeof(*m));
      for (unsigned p = 0; p < PATCHES; p++)
         for (unsigned v = 0; v < IN_VERTS; v++) {
            float *rec = m->in + (p * IN_VERTS + v) * IN_STRIDE;
            rec[0] = (float)p;
            rec[1] = (float)v;
            rec[2] = 1.0f;
            rec[3] = 1.0f;
            for (unsigned c = 0; c < 4; c++)
               rec[KX_SLOT_VAR0 * 4 + c] = in_color(p, v, c);
         }
      void *tcs = ntt_compile(*be, tess_io_tesc_spv, sizeof(tess_io_tesc_spv),
                              NIR_STAGE_TESS_CTRL, layout);
      void *tes = ntt_compile(*be, tess_io_tese_spv, sizeof(tess_io_tese_spv),
                              NIR_STAGE_TESS_EVAL, layout);
      if (!tcs || !tes) {
         if (tcs)
            (*be)->destroy(tcs);
         if (tes)
            (*be)->destroy(tes);
         continue;
      }
      struct kx_strip s = {
         .lane_count = KX_W,
         .out = dummy_out,
         .vertex_index = lane_ids,
         .translate = ntt_translate,
         .translate_data = m,
      };
      s.cbufs[NVK_CBUF_TESS] = (struct kx_cbuf){&cb, sizeof(cb)};
      void *e = (*be)->exec_create(tcs);
      CHECK((*be)->exec_strip(e, &s));
      (*be)->exec_destroy(e);

      unsigned bad = 0;
      for (unsigned p = 0; p < PATCHES; p++) {
         for (unsigned i = 0; i < OUT_VERTS; i++) {
            const float *rec = m->out + (p * OUT_VERTS + i) * NVK_TESS_VERTEX_FLOATS;
            const unsigned src = i % IN_VERTS;
            bad += rec[0] != (float)p || rec[1] != (float)src;
            for (unsigned c = 0; c < 4; c++)
               bad +=
                  rec[KX_SLOT_VAR0 * 4 + c] != in_color(p, src, c) + 100.0f * (p + BASE);
            bad += rec[KX_SLOT_CLIP_DIST0 * 4 + i % 2] != (float)i;
         }
         const float *pr = m->patch + p * NVK_TESS_PATCH_FLOATS;
         for (unsigned k = 0; k < 4; k++)
            bad += pr[k] != (float)(p + BASE + k);
         bad += pr[4] != 0.5f * (p + BASE) || pr[5] != 7.0f;
         /* Invocation 1 read invocation 3's output after the barrier. */
         for (unsigned c = 0; c < 4; c++)
            bad += pr[(NVK_TESS_PATCH_VAR0 + 1) * 4 + c] !=
                   in_color(p, 3 % IN_VERTS, c) + 100.0f * (p + BASE) + IN_VERTS;
         bad += pr[(NVK_TESS_PATCH_VAR0 + 2 + p % 2) * 4] != 3.0f;
      }
      if (!CHECK_EQ(bad, 0))
         printf("  %s: control shader records\n", (*be)->name);

      /* The evaluation shader on TessCoords of every patch. */
      for (unsigned l = 0; l < KX_W; l++) {
         m->coords[3 * l] = (float)(l % 8) / 8.0f;
         m->coords[3 * l + 1] = (float)(l / 8) / 8.0f;
         m->patches[l] = (l * 7) % PATCHES;
      }
      s.out = tes_out;
      e = (*be)->exec_create(tes);
      CHECK((*be)->exec_strip(e, &s));
      (*be)->exec_destroy(e);
      bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         const unsigned p = m->patches[l];
         const float u = m->coords[3 * l], v = m->coords[3 * l + 1];
         const float *r = m->out + p * OUT_VERTS * NVK_TESS_VERTEX_FLOATS;
#define POS(i, c) r[(i)*NVK_TESS_VERTEX_FLOATS + (c)]
         for (unsigned c = 0; c < 4; c++) {
            const float a = POS(0, c) + (POS(1, c) - POS(0, c)) * u;
            const float b = POS(3, c) + (POS(2, c) - POS(3, c)) * u;
            bad += !near(tes_out[KX_IO_INDEX(KX_SLOT_POS, c, l)], a + (b - a) * v);
         }
#undef POS
         const float *pr = m->patch + p * NVK_TESS_PATCH_FLOATS;
         for (unsigned c = 0; c < 4; c++)
            bad += tes_out[KX_IO_INDEX(KX_SLOT_VAR0, c, l)] !=
                   r[(p % 4) * NVK_TESS_VERTEX_FLOATS + KX_SLOT_VAR0 * 4 + c] +
                      pr[(NVK_TESS_PATCH_VAR0 + 1) * 4 + c];
         const float extra[4] = {(float)(p + BASE + 3), 7.0f, (float)(p + BASE),
                                 (float)OUT_VERTS};
         for (unsigned c = 0; c < 4; c++)
            bad += tes_out[KX_IO_INDEX(KX_SLOT_VAR0 + 1, c, l)] != extra[c];
      }
      if (!CHECK_EQ(bad, 0))
         printf("  %s: evaluation shader outputs\n", (*be)->name);
      (*be)->destroy(tcs);
      (*be)->destroy(tes);
   }
   free(m);
   nct_layout_free(layout);
}

/* 64-bit values and matrices in the records: a dvec3 takes two slots
 * (words 0..5, the VS output packing), a mat2 a slot per column, a dvec2
 * patch output one slot; the evaluation shader reads them back. */
TEST(tess_wide_types)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct ntt_mem *m = calloc(1, sizeof(*m));
   REQUIRE(m);
   const struct nvk_tess_cbuf cb = {
      .in_addr = VA_OF(m, in),
      .out_addr = VA_OF(m, out),
      .patch_addr = VA_OF(m, patch),
      .coords_addr = VA_OF(m, coords),
      .patches_addr = VA_OF(m, patches),
      .in_stride_floats = IN_STRIDE,
      .patch_vertices_in = IN_VERTS,
      .vertices_out = 2,
   };
   float *out = calloc(KX_SLOT_COUNT * 4 * KX_W, sizeof(float));
   uint32_t lane_ids[KX_W];
   for (unsigned l = 0; l < KX_W; l++)
      lane_ids[l] = l;
   for (const struct kx_backend *const *be = kx_backends(); *be && out; be++) {
      if (!(*be)->exec_create)
         continue;
      memset(m, 0, sizeof(*m));
      void *tcs = ntt_compile(*be, tess_wide_tesc_spv, sizeof(tess_wide_tesc_spv),
                              NIR_STAGE_TESS_CTRL, layout);
      void *tes = ntt_compile(*be, tess_wide_tese_spv, sizeof(tess_wide_tese_spv),
                              NIR_STAGE_TESS_EVAL, layout);
      if (!tcs || !tes) {
         if (tcs)
            (*be)->destroy(tcs);
         if (tes)
            (*be)->destroy(tes);
         continue;
      }
      struct kx_strip s = {
         .lane_count = PATCHES * 2,
         .out = out,
         .vertex_index = lane_ids,
         .translate = ntt_translate,
         .translate_data = m,
      };
      s.cbufs[NVK_CBUF_TESS] = (struct kx_cbuf){&cb, sizeof(cb)};
      void *e = (*be)->exec_create(tcs);
      CHECK((*be)->exec_strip(e, &s));
      (*be)->exec_destroy(e);
      unsigned bad = 0;
      for (unsigned p = 0; p < PATCHES; p++) {
         for (unsigned i = 0; i < 2; i++) {
            const float *rec = m->out + (p * 2 + i) * NVK_TESS_VERTEX_FLOATS;
            double d[3];
            memcpy(d, rec + KX_SLOT_VAR0 * 4, sizeof(d));
            bad += d[0] != i + 0.25 || d[1] != 1.0e300 || d[2] != -(double)p;
            const float *col = rec + (KX_SLOT_VAR0 + 2) * 4;
            bad += col[0] != 1.0f * (i + 1) || col[1] != 2.0f * (i + 1) ||
                   col[4] != 3.0f * (i + 1) || col[5] != 4.0f * (i + 1);
         }
         double pd[2];
         memcpy(pd, m->patch + p * NVK_TESS_PATCH_FLOATS + (NVK_TESS_PATCH_VAR0 + 4) * 4,
                sizeof(pd));
         bad += pd[0] != 3.5 || pd[1] != p * 1.0e-300;
      }
      if (!CHECK_EQ(bad, 0))
         printf("  %s: control shader records\n", (*be)->name);

      for (unsigned l = 0; l < PATCHES; l++)
         m->patches[l] = l;
      s.lane_count = PATCHES;
      e = (*be)->exec_create(tes);
      CHECK((*be)->exec_strip(e, &s));
      (*be)->exec_destroy(e);
      bad = 0;
      for (unsigned p = 0; p < PATCHES; p++) {
         const float a[4] = {1.25f, 1.0f, -(float)p, 6.0f};
         const float b[4] = {3.5f, (float)p, 2.0f, 2.0f};
         for (unsigned c = 0; c < 4; c++)
            bad += !near(out[KX_IO_INDEX(KX_SLOT_VAR0, c, p)], a[c]) ||
                   !near(out[KX_IO_INDEX(KX_SLOT_VAR0 + 1, c, p)], b[c]);
      }
      if (!CHECK_EQ(bad, 0))
         printf("  %s: evaluation shader outputs\n", (*be)->name);
      (*be)->destroy(tcs);
      (*be)->destroy(tes);
   }
   free(out);
   free(m);
   nct_layout_free(layout);
}

/* Pipeline caches keep the execution modes (kx_program_info.tess): they
 * come back from serialization unchanged, and modes the draw could not
 * run (OutputVertices 33, a vertex order flag that is not a bool) are
 * refused on load. The info follows the header's magic and abi words. */
TEST(tess_program_serializes)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   const struct {
      const uint32_t *spirv;
      size_t size_B;
      nir_shader_stage stage;
   } stages[] = {
      {tess_io_tesc_spv, sizeof(tess_io_tesc_spv), NIR_STAGE_TESS_CTRL},
      {tess_io_tese_spv, sizeof(tess_io_tese_spv), NIR_STAGE_TESS_EVAL},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(stages); i++) {
      const struct nvk_compile_info ci = {
         .spirv = stages[i].spirv,
         .word_count = stages[i].size_B / 4,
         .stage = stages[i].stage,
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
      const struct kx_program_info *pi = kx_program_info(prog);
      CHECK(memcmp(&kx_program_info(copy)->tess, &pi->tess, sizeof(pi->tess)) == 0);
      char *bytes = malloc(sb.len);
      REQUIRE(bytes);
      const size_t out_at =
         8 + (size_t)((const uint8_t *)&pi->tess.vertices_out - (const uint8_t *)pi);
      const size_t ccw_at =
         8 + (size_t)((const uint8_t *)&pi->tess.ccw - (const uint8_t *)pi);
      memcpy(bytes, strbuf_str(&sb), sb.len);
      bytes[out_at] = 33;
      CHECK(kx_program_deserialize(bytes, sb.len) == NULL);
      memcpy(bytes, strbuf_str(&sb), sb.len);
      bytes[ccw_at] = 2;
      CHECK(kx_program_deserialize(bytes, sb.len) == NULL);
      free(bytes);
      kx_program_destroy(copy);
      strbuf_finish(&sb);
      kx_program_destroy(prog);
   }
   nct_layout_free(layout);
}
