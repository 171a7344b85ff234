/* SPDX-License-Identifier: MIT */
/*
 * Vertex and fragment shaders through the whole compiler flow (GLSL ->
 * SPIR-V at build time -> nvk_compile) and kx strips (kx_exec_strip), on
 * every kernel variant the CPU has, against values computed here:
 * vertex attributes to the output slots (kx.h: enum kx_slot) and
 * built-ins; fragment inputs to colour outputs, discard and demote kill
 * masks, helper lanes storing nothing, FragDepth; derivatives over the 2x2
 * quads; implicit-lod sampling picking the mip level the derivatives say.
 */
#include <math.h>

#include "kx_desc.h"
#include "util/strbuf.h"
#include "nvk_compiler_test_util.h"

#include "builtins_frag.h"
#include "deriv_frag.h"
#include "discard_cf_frag.h"
#include "helper_image_frag.h"
#include "layer_vp_vert.h"
#include "push_frag.h"
#include "stage_io_frag.h"
#include "stage_io_vert.h"
#include "tex_lod_frag.h"

#define NST_VA 0x300000000ull
#define NST_SENTINEL (-12345.0f)

struct nst_mem {
   uint8_t *host;
   uint64_t size_B;
};

static void *
nst_translate(void *data, uint64_t va, uint64_t size_B, uint64_t *range_va, uint64_t *range_end)
{
   struct nst_mem *m = data;
   if (va < NST_VA || va - NST_VA > m->size_B || size_B > m->size_B - (va - NST_VA))
      return NULL;
   *range_va = NST_VA;
   *range_end = NST_VA + m->size_B;
   return m->host + (va - NST_VA);
}

static struct kx_program *
nst_compile(const uint32_t *spirv, size_t size_B, nir_shader_stage stage,
            const struct nvk_pipeline_layout *layout)
{
   const struct nvk_compile_info info = {
      .spirv = spirv,
      .word_count = size_B / 4,
      .stage = stage,
      .entry_point = "main",
      .layout = layout,
      .robust_buffer_access = true,
   };
   char *err = NULL;
   struct kx_program *p = nvk_compile(&info, &err);
   if (!p)
      test_fail(__FILE__, __LINE__, "compile: %s", err ? err : "?");
   free(err);
   return p;
}

/* The program of a backend that runs strips (NULL: it does not). */
static void *
nst_backend_compile(const struct kx_backend *be, const uint32_t *spirv, size_t size_B,
                    nir_shader_stage stage, const struct nvk_pipeline_layout *layout)
{
   if (!be->exec_create)
      return NULL;
   const struct nvk_compile_info info = {
      .spirv = spirv,
      .word_count = size_B / 4,
      .stage = stage,
      .entry_point = "main",
      .layout = layout,
      .robust_buffer_access = true,
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

/* Every backend that runs strips. */
#define NST_FOREACH_BACKEND(be, bprog, spirv, stage, layout)                              \
   for (const struct kx_backend *const *be = kx_backends(); *be; be++)                   \
      for (void *bprog = nst_backend_compile(*be, spirv, sizeof(spirv), stage, layout);  \
           bprog; (*be)->destroy(bprog), bprog = NULL)

static float *
nst_io(unsigned slots)
{
   float *io = malloc(sizeof(float) * slots * 4 * KX_W);
   for (unsigned i = 0; i < slots * 4 * KX_W; i++)
      io[i] = NST_SENTINEL;
   return io;
}

static float
io_f(const float *io, unsigned slot, unsigned c, unsigned l)
{
   return io[KX_IO_INDEX(slot, c, l)];
}

static uint32_t
io_u(const float *io, unsigned slot, unsigned c, unsigned l)
{
   uint32_t u;
   memcpy(&u, &io[KX_IO_INDEX(slot, c, l)], 4);
   return u;
}

static void
set_u(float *io, unsigned slot, unsigned c, unsigned l, uint32_t u)
{
   memcpy(&io[KX_IO_INDEX(slot, c, l)], &u, 4);
}

TEST(stage_vertex_io)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct kx_program *prog =
      nst_compile(stage_io_vert_spv, sizeof(stage_io_vert_spv), NIR_STAGE_VERTEX, layout);
   REQUIRE(prog);
   const struct kx_program_info *info = kx_program_info(prog);
   CHECK_EQ(info->stage, NIR_STAGE_VERTEX);
   CHECK_EQ_U64(info->inputs_read, 0x1f);
   CHECK_EQ_U64(info->outputs_written, 0x1ull | 0x2 | 0x4 | 0x10 | (0xffull << 8));
   CHECK_EQ(info->clip_distance_count, 3);
   CHECK_EQ(info->cull_distance_count, 1);

   enum { N = 37 };
   float *in = nst_io(KX_MAX_VERTEX_ATTRIBS);
   uint32_t vertex_index[KX_W], instance_index[KX_W];
   for (unsigned l = 0; l < KX_W; l++) {
      const float a_pos[4] = {(float)l, 2.0f * l + 1.0f, 0.5f, 0.25f * l};
      for (unsigned c = 0; c < 4; c++)
         in[KX_IO_INDEX(0, c, l)] = a_pos[c];
      for (unsigned c = 0; c < 3; c++)
         in[KX_IO_INDEX(1, c, l)] = (float)l + 0.5f * (c + 1);
      set_u(in, 2, 0, l, 3 * l);
      set_u(in, 2, 1, l, 5 * l);
      in[KX_IO_INDEX(3, 0, l)] = (float)l;
      in[KX_IO_INDEX(3, 1, l)] = 1.0f;
      in[KX_IO_INDEX(4, 0, l)] = 2.0f;
      in[KX_IO_INDEX(4, 1, l)] = (float)l + 3.0f;
      vertex_index[l] = 100 + l;
      instance_index[l] = 7;
   }
   NST_FOREACH_BACKEND(be, bprog, stage_io_vert_spv, NIR_STAGE_VERTEX, layout) {
      float *out = nst_io(KX_SLOT_COUNT);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {
         .lane_count = N,
         .in = in,
         .out = out,
         .vertex_index = vertex_index,
         .instance_index = instance_index,
         .base_vertex = 3,
         .base_instance = 5,
         .draw_index = 2,
      };
      CHECK((*be)->exec_strip(e, &s));
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         if (l >= N) {
            /* Lanes past lane_count write nothing. */
            bad += io_f(out, KX_SLOT_POS, 0, l) != NST_SENTINEL;
            continue;
         }
         const float vi = 100.0f + l;
         const float pos[4] = {2.0f * l + vi, 2.0f * (2.0f * l + 1.0f) + 7.0f, 1.0f, 0.5f * l};
         for (unsigned c = 0; c < 4; c++)
            bad += io_f(out, KX_SLOT_POS, c, l) != pos[c];
         bad += io_f(out, KX_SLOT_PSIZ, 0, l) != 3.0f;
         for (unsigned c = 0; c < 3; c++) {
            const float want = c == (100 + l) % 3 ? -1.0f : (float)l + c;
            bad += io_f(out, KX_SLOT_CLIP_DIST0, c, l) != want;
         }
         bad += io_f(out, KX_SLOT_CULL_DIST0, 0, l) != 2.0f * l + 1.0f;
         for (unsigned c = 0; c < 3; c++)
            bad += io_f(out, KX_SLOT_VAR0 + 0, c, l) != (float)l + 0.5f * (c + 1);
         bad += io_u(out, KX_SLOT_VAR0 + 1, 0, l) != 3 * l + 100 + l;
         bad += io_u(out, KX_SLOT_VAR0 + 1, 1, l) != 5 * l + 7;
         bad += io_f(out, KX_SLOT_VAR0 + 2, 0, l) != 0.25f * l + pos[0];
         bad += io_f(out, KX_SLOT_VAR0 + 3, 0, l) != (float)l;
         bad += io_f(out, KX_SLOT_VAR0 + 3, 1, l) != 2.0f * l + 1.0f;
         bad += io_f(out, KX_SLOT_VAR0 + 4, 0, l) != 2.0f * l;
         bad += io_f(out, KX_SLOT_VAR0 + 4, 1, l) != 2.0f;
         bad += io_f(out, KX_SLOT_VAR0 + 5, 0, l) != 4.0f;
         bad += io_f(out, KX_SLOT_VAR0 + 5, 1, l) != 2.0f * l + 6.0f;
         const float wzyx[4] = {0.25f * l, 0.5f, 2.0f * l + 1.0f, (float)l};
         for (unsigned c = 0; c < 4; c++)
            bad += io_f(out, KX_SLOT_VAR0 + 6, c, l) != wzyx[c];
         bad += io_f(out, KX_SLOT_VAR0 + 7, 1, l) != 10.0f; /* 5 + 2 + 3 */
         bad += io_f(out, KX_SLOT_VAR0 + 7, 0, l) != NST_SENTINEL;
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: lane 1 pos %g %g %g %g clip %g %g %g\n", (*be)->name,
                io_f(out, 0, 0, 1), io_f(out, 0, 1, 1), io_f(out, 0, 2, 1), io_f(out, 0, 3, 1),
                io_f(out, 2, 0, 1), io_f(out, 2, 1, 1), io_f(out, 2, 2, 1));
      (*be)->exec_destroy(e);
      free(out);
   }
   free(in);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}

TEST(stage_fragment_io_discard_demote_helpers)
{
   const struct nct_binding binding = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
   struct nvk_pipeline_layout *layout = nct_layout(&binding, 1);
   struct kx_program *prog =
      nst_compile(stage_io_frag_spv, sizeof(stage_io_frag_spv), NIR_STAGE_FRAGMENT, layout);
   REQUIRE(prog);
   const struct kx_program_info *info = kx_program_info(prog);
   CHECK_EQ(info->stage, NIR_STAGE_FRAGMENT);
   CHECK_EQ_U64(info->inputs_read, 0xfull << KX_SLOT_VAR0);
   CHECK_EQ_U64(info->outputs_written, 0x103);
   CHECK_EQ(info->color_outputs, 0x103);
   CHECK_EQ(info->interp[KX_SLOT_VAR0 + 0], KX_INTERP_SMOOTH);
   CHECK_EQ(info->interp[KX_SLOT_VAR0 + 1], KX_INTERP_FLAT);
   CHECK_EQ(info->interp[KX_SLOT_VAR0 + 2], KX_INTERP_NOPERSPECTIVE);
   CHECK_EQ(info->interp[KX_SLOT_VAR0 + 3], KX_INTERP_SMOOTH | KX_INTERP_CENTROID);
   CHECK(info->writes_depth);
   CHECK(info->uses_discard);
   CHECK(info->uses_demote);
   CHECK(!info->writes_stencil);
   CHECK(info->reads_frag_coord);
   CHECK(info->reads_helper_invocation);
   CHECK(info->writes_memory); /* the storage buffer's atomicAdd */

   const uint64_t live = ~0ull >> 4;          /* the last quad does not run */
   const uint64_t helpers = (1ull << 3) | (1ull << 6);
   float *in = nst_io(KX_SLOT_COUNT);
   float frag_coord[4 * KX_W];
   uint32_t front[KX_W];
   for (unsigned l = 0; l < KX_W; l++) {
      for (unsigned c = 0; c < 3; c++)
         in[KX_IO_INDEX(KX_SLOT_VAR0, c, l)] = (float)l * (c + 1);
      set_u(in, KX_SLOT_VAR0 + 1, 0, l, l == 10 ? 7 : l == 20 ? 9 : l + 100);
      set_u(in, KX_SLOT_VAR0 + 1, 1, l, l);
      in[KX_IO_INDEX(KX_SLOT_VAR0 + 2, 0, l)] = 0.5f * l;
      in[KX_IO_INDEX(KX_SLOT_VAR0 + 3, 0, l)] = 0.25f * l;
      in[KX_IO_INDEX(KX_SLOT_VAR0 + 3, 1, l)] = (float)l;
      frag_coord[0 * KX_W + l] = 10.5f + l;
      frag_coord[1 * KX_W + l] = 3.5f;
      frag_coord[2 * KX_W + l] = 0.5f;
      frag_coord[3 * KX_W + l] = 1.0f / (l + 1.0f);
      front[l] = l & 1;
   }
   struct nst_mem mem = {.size_B = 4096};
   mem.host = calloc(1, mem.size_B);
   struct nvk_buffer_address set = {NST_VA, 128 * 4, 0};
   struct nvk_root_table root;
   memset(&root, 0, sizeof(root));

   NST_FOREACH_BACKEND(be, bprog, stage_io_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      memset(mem.host, 0, mem.size_B);
      float *out = nst_io(KX_FS_OUTPUT_SLOTS);
      float depth[KX_W];
      for (unsigned l = 0; l < KX_W; l++)
         depth[l] = NST_SENTINEL;
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {
         .live_mask = live,
         .helper_mask = helpers,
         .in = in,
         .out = out,
         .frag_coord = frag_coord,
         .front_facing = front,
         .frag_depth = depth,
         .translate = nst_translate,
         .translate_data = &mem,
      };
      s.cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){&root, sizeof(root)};
      s.cbufs[NVK_CBUF_SET(0)] = (struct kx_cbuf){&set, sizeof(set)};
      if (!CHECK((*be)->exec_strip(e, &s)))
         printf("%s\n", s.fault);
      CHECK_EQ_U64(s.kill_mask, (1ull << 10) | (1ull << 20));
      const uint32_t *hits = (const uint32_t *)mem.host;
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         const bool runs = (live >> l) & 1, helper = (helpers >> l) & 1;
         const bool stores = runs && !helper && l != 10 && l != 20;
         bad += hits[l] != (stores ? 1u : 0u);
         bad += hits[64 + l] != (stores ? 1u : 0u);
         if (!runs || l == 10) {
            bad += io_f(out, 0, 0, l) != NST_SENTINEL;
            bad += depth[l] != NST_SENTINEL;
            continue;
         }
         const float col[4] = {2.0f * l, 4.0f * l, 6.0f * l, 0.5f * l + 0.25f * l};
         for (unsigned c = 0; c < 4; c++)
            bad += io_f(out, 0, c, l) != col[c];
         const uint32_t ints[4] = {l == 20 ? 9 : l + 100, l, 10 + l, helper || l == 20};
         for (unsigned c = 0; c < 4; c++)
            bad += io_u(out, 1, c, l) != ints[c];
         const float dual[4] = {0.25f * l, (float)l, (float)(l & 1), 1.0f / (l + 1.0f)};
         for (unsigned c = 0; c < 4; c++)
            bad += io_f(out, KX_FS_DUAL_SOURCE_SLOT, c, l) != dual[c];
         bad += depth[l] != 0.5f * l;
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: hits[3] %u hits[4] %u out(5) %g %u depth %g\n", (*be)->name, hits[3],
                hits[4], io_f(out, 0, 0, 5), io_u(out, 1, 3, 3), depth[5]);
      (*be)->exec_destroy(e);
      free(out);
   }
   free(mem.host);
   free(in);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}

TEST(stage_fragment_derivatives)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct kx_program *prog =
      nst_compile(deriv_frag_spv, sizeof(deriv_frag_spv), NIR_STAGE_FRAGMENT, layout);
   REQUIRE(prog);
   CHECK(kx_program_info(prog)->uses_derivatives);
   float *in = nst_io(KX_SLOT_COUNT);
   float v[KX_W];
   for (unsigned l = 0; l < KX_W; l++) {
      v[l] = 0.5f * (float)(l * l) + (float)(l % 3);
      in[KX_IO_INDEX(KX_SLOT_VAR0, 0, l)] = v[l];
   }
   NST_FOREACH_BACKEND(be, bprog, deriv_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      float *out = nst_io(KX_FS_OUTPUT_SLOTS);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      /* Lane 5 is a helper: it still feeds its quad's derivatives. */
      struct kx_strip s = {.live_mask = ~0ull, .helper_mask = 1ull << 5, .in = in, .out = out};
      CHECK((*be)->exec_strip(e, &s));
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         const unsigned q = l & ~3u, x = l & 1, y = (l >> 1) & 1;
         /* Vulkan 1.3, 15.8.1: fine derivatives within the lane's row or
          * column of the quad, coarse ones from the quad's first. */
         const float fx = v[q + 2 * y + 1] - v[q + 2 * y];
         const float fy = v[q + 2 + x] - v[q + x];
         const float cx = v[q + 1] - v[q], cy = v[q + 2] - v[q];
         bad += io_f(out, 0, 0, l) != fx;
         bad += io_f(out, 0, 1, l) != fy;
         bad += io_f(out, 0, 2, l) != cx;
         bad += io_f(out, 0, 3, l) != cy;
         bad += io_f(out, 1, 0, l) != fx;
         bad += io_f(out, 1, 1, l) != fy;
         bad += io_f(out, 1, 2, l) != fabsf(fx) + fabsf(fy);
         bad += io_f(out, 2, 0, l) != (v[l] + fx * 0.25f) + fy * -0.5f;
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: lane 6: %g %g %g %g\n", (*be)->name, io_f(out, 0, 0, 6),
                io_f(out, 0, 1, 6), io_f(out, 0, 2, 6), io_f(out, 0, 3, 6));
      (*be)->exec_destroy(e);
      free(out);
   }
   free(in);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}

TEST(stage_fragment_implicit_lod)
{
   const struct nct_binding binding = {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
   struct nvk_pipeline_layout *layout = nct_layout(&binding, 1);
   struct kx_program *prog =
      nst_compile(tex_lod_frag_spv, sizeof(tex_lod_frag_spv), NIR_STAGE_FRAGMENT, layout);
   REQUIRE(prog);
   CHECK(kx_program_info(prog)->uses_derivatives);

   /* A 64x64 R32_SFLOAT image with 7 levels, level k filled with k + 1. */
   enum { SIZE = 64, LEVELS = 7 };
   struct kiln_device_info dev;
   kiln_device_info_init_host(&dev);
   struct kil_image img;
   REQUIRE(kil_image_init(&dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_2D,
                             .format = KIL_FORMAT_R32_SFLOAT,
                             .extent_px = kil_extent4d_px(SIZE, SIZE, 1, 1),
                             .levels = LEVELS,
                             .samples = 1,
                             .tiling = KIL_IMAGE_TILING_LINEAR,
                          },
                          &img) == KIL_SUCCESS);
   struct nst_mem mem = {.size_B = img.size_B};
   mem.host = calloc(1, mem.size_B);
   for (unsigned k = 0; k < LEVELS; k++) {
      float *p = (float *)(mem.host + img.levels[k].offset_B);
      for (uint64_t i = 0; i < img.levels[k].size_B / 4; i++)
         p[i] = (float)(k + 1);
   }
   struct kx_image_desc idesc;
   REQUIRE(kx_image_desc_init(&idesc, &img, NST_VA,
                              &(struct kx_image_view_info){
                                 .dim = KX_IMAGE_DIM_2D,
                                 .format = KIL_FORMAT_R32_SFLOAT,
                                 .num_levels = LEVELS,
                                 .num_layers = 1,
                                 .swizzle = {KX_SWIZZLE_R, KX_SWIZZLE_G, KX_SWIZZLE_B,
                                             KX_SWIZZLE_A},
                              }));
   struct kx_sampler_desc sdesc;
   kx_sampler_desc_init(&sdesc, &(VkSamplerCreateInfo){
                                   .sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO,
                                   .magFilter = VK_FILTER_NEAREST,
                                   .minFilter = VK_FILTER_NEAREST,
                                   .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
                                   .addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                   .addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                   .addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
                                   .maxLod = VK_LOD_CLAMP_NONE,
                                });
   const struct nvk_combined_image_sampler_descriptor set = {{&idesc}, {&sdesc}};
   struct nvk_root_table root;
   memset(&root, 0, sizeof(root));

   /* Quad q: neighbouring pixels 2^k / 64 apart in u and v, so the
    * derivatives give lambda = k (Vulkan 1.3, 16.6.2; the coordinates are
    * exact in binary so the differences are too); quads alternate a bias
    * of 0 and 1. */
   float *in = nst_io(KX_SLOT_COUNT);
   for (unsigned l = 0; l < KX_W; l++) {
      const unsigned q = l / 4, k = q % 5;
      const float step = (float)(1u << k) / SIZE;
      in[KX_IO_INDEX(KX_SLOT_VAR0, 0, l)] = 0.25f + (l & 1) * step;
      in[KX_IO_INDEX(KX_SLOT_VAR0, 1, l)] = 0.5f + ((l >> 1) & 1) * step;
      in[KX_IO_INDEX(KX_SLOT_VAR0 + 1, 0, l)] = (float)(q & 1);
   }
   NST_FOREACH_BACKEND(be, bprog, tex_lod_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      float *out = nst_io(KX_FS_OUTPUT_SLOTS);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {
         .live_mask = ~0ull,
         .in = in,
         .out = out,
         .translate = nst_translate,
         .translate_data = &mem,
      };
      s.cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){&root, sizeof(root)};
      s.cbufs[NVK_CBUF_SET(0)] = (struct kx_cbuf){&set, sizeof(set)};
      if (!CHECK((*be)->exec_strip(e, &s)))
         printf("%s\n", s.fault);
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         const unsigned q = l / 4, k = q % 5, bias = q & 1;
         bad += io_f(out, 0, 0, l) != (float)(k + 1);
         bad += io_f(out, 0, 1, l) != (float)(MIN2(k + bias, LEVELS - 1) + 1);
         bad += io_f(out, 0, 2, l) != (float)k;
         bad += io_f(out, 0, 3, l) != 3.0f; /* textureGrad: rho 4, level 2 */
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: quad 2: %g %g %g %g\n", (*be)->name, io_f(out, 0, 0, 8),
                io_f(out, 0, 1, 8), io_f(out, 0, 2, 8), io_f(out, 0, 3, 8));
      (*be)->exec_destroy(e);
      free(out);
   }
   free(in);
   free(mem.host);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}

TEST(stage_fragment_builtins)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct kx_program *prog =
      nst_compile(builtins_frag_spv, sizeof(builtins_frag_spv), NIR_STAGE_FRAGMENT, layout);
   REQUIRE(prog);
   const struct kx_program_info *info = kx_program_info(prog);
   CHECK_EQ_U64(info->inputs_read, (0x1full << KX_SLOT_VAR0) | (1ull << KX_SLOT_LAYER_VP));
   CHECK_EQ(info->interp[KX_SLOT_VAR0], KX_INTERP_FLAT);
   CHECK_EQ(info->interp[KX_SLOT_VAR0 + 2], KX_INTERP_FLAT);
   CHECK(info->writes_stencil);
   CHECK(info->writes_sample_mask);
   CHECK(!info->writes_depth);
   CHECK(!info->writes_memory);
   CHECK(info->uses_sample_shading);
   CHECK(!info->uses_discard);
   CHECK(info->reads_point_coord);

   float *in = nst_io(KX_SLOT_COUNT);
   float frag_coord[4 * KX_W];
   uint32_t sample_id[KX_W], prim[KX_W], mask_in[KX_W];
   float point[2 * KX_W];
   for (unsigned l = 0; l < KX_W; l++) {
      const double d[2] = {1.5 + l, -0.25 * l};
      uint32_t w[4];
      memcpy(w, d, sizeof(d));
      for (unsigned c = 0; c < 4; c++)
         set_u(in, KX_SLOT_VAR0, c, l, w[c]);
      for (unsigned i = 0; i < 3; i++)
         set_u(in, KX_SLOT_VAR0 + 1 + i, 0, l, 10 * i + l);
      set_u(in, KX_SLOT_VAR0 + 4, 0, l, l % 3);
      set_u(in, KX_SLOT_LAYER_VP, 0, l, 3);
      set_u(in, KX_SLOT_LAYER_VP, 1, l, l % 16);
      frag_coord[l] = (float)l + 0.25f;
      frag_coord[KX_W + l] = 2.75f;
      frag_coord[2 * KX_W + l] = 0.5f;
      frag_coord[3 * KX_W + l] = 1.0f;
      sample_id[l] = l % 4;
      prim[l] = 1000 + l / 8;
      mask_in[l] = 1u << (l % 4);
      point[l] = 0.125f * l;
      point[KX_W + l] = 1.0f - 0.125f * l;
   }
   NST_FOREACH_BACKEND(be, bprog, builtins_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      float *out = nst_io(KX_FS_OUTPUT_SLOTS);
      uint32_t mask_out[KX_W], stencil[KX_W];
      memset(mask_out, 0xff, sizeof(mask_out));
      memset(stencil, 0xff, sizeof(stencil));
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {
         .live_mask = ~0ull,
         .in = in,
         .out = out,
         .frag_coord = frag_coord,
         .sample_id = sample_id,
         .primitive_id = prim,
         .sample_mask_in = mask_in,
         .sample_mask_out = mask_out,
         .stencil_ref_out = stencil,
         .point_coord = point,
      };
      CHECK((*be)->exec_strip(e, &s));
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         const float o[4] = {2.0f * (1.5f + l), -0.25f * l, 0.25f, 0.75f};
         for (unsigned c = 0; c < 4; c++)
            bad += io_f(out, 0, c, l) != o[c];
         const uint32_t o2[4] = {l % 4, 1000 + l / 8, 3, l % 16};
         for (unsigned c = 0; c < 4; c++)
            bad += io_u(out, 1, c, l) != o2[c];
         bad += io_f(out, 2, 0, l) != 0.125f * l;
         bad += io_f(out, 2, 1, l) != 1.0f - 0.125f * l;
         bad += mask_out[l] != ((1u << (l % 4)) & 5u);
         bad += stencil[l] != 10 * (l % 3) + l + 1;
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: lane 5: %g %g %g %g / %u %u %u %u / %u %u\n", (*be)->name,
                io_f(out, 0, 0, 5), io_f(out, 0, 1, 5), io_f(out, 0, 2, 5), io_f(out, 0, 3, 5),
                io_u(out, 1, 0, 5), io_u(out, 1, 1, 5), io_u(out, 1, 2, 5), io_u(out, 1, 3, 5),
                mask_out[5], stencil[5]);
      (*be)->exec_destroy(e);
      free(out);
   }
   free(in);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}

TEST(stage_fragment_discard_in_control_flow)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   float *in = nst_io(KX_SLOT_COUNT);
   uint64_t killed = 0, survivors = 0;
   for (unsigned l = 0; l < KX_W; l++) {
      const unsigned n = l % 9;
      set_u(in, KX_SLOT_VAR0, 0, l, n);
      if (n == 5 || n == 7)
         killed |= 1ull << l;
      else
         survivors |= 1ull << l;
   }
   NST_FOREACH_BACKEND(be, bprog, discard_cf_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      float *out = nst_io(KX_FS_OUTPUT_SLOTS);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {.live_mask = ~0ull, .in = in, .out = out};
      CHECK((*be)->exec_strip(e, &s));
      CHECK_EQ_U64(s.kill_mask, killed);
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         const unsigned n = l % 9;
         if ((killed >> l) & 1) {
            bad += io_f(out, 0, 0, l) != NST_SENTINEL;
            continue;
         }
         const float acc = (float)(n * (n - 1) / 2 + (n > 3 ? 100 : 0) + 1000);
         bad += io_f(out, 0, 0, l) != acc;
         /* The ballot sees exactly the lanes still running. */
         bad += io_u(out, 0, 1, l) != (uint32_t)survivors;
         bad += io_u(out, 0, 2, l) != (uint32_t)(survivors >> 32);
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: lane 4: %g %08x\n", (*be)->name, io_f(out, 0, 0, 4), io_u(out, 0, 1, 4));
      (*be)->exec_destroy(e);
      free(out);
   }
   free(in);
   nct_layout_free(layout);
}

TEST(stage_vertex_layer_viewport_64bit)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct kx_program *prog =
      nst_compile(layer_vp_vert_spv, sizeof(layer_vp_vert_spv), NIR_STAGE_VERTEX, layout);
   REQUIRE(prog);
   const struct kx_program_info *info = kx_program_info(prog);
   CHECK_EQ_U64(info->inputs_read, 0x7);
   CHECK_EQ_U64(info->outputs_written,
                (1ull << KX_SLOT_POS) | (1ull << KX_SLOT_LAYER_VP) | (0x7ull << KX_SLOT_VAR0));
   kx_program_destroy(prog);

   float *in = nst_io(KX_MAX_VERTEX_ATTRIBS);
   for (unsigned l = 0; l < KX_W; l++) {
      const double d[3] = {0.5 + l, -1.0 * l, 1e10 + l};
      uint32_t w[6];
      memcpy(w, d, sizeof(d));
      for (unsigned i = 0; i < 6; i++)
         set_u(in, i / 4, i % 4, l, w[i]);
      in[KX_IO_INDEX(2, 0, l)] = (float)l + 0.5f;
   }
   NST_FOREACH_BACKEND(be, bprog, layer_vp_vert_spv, NIR_STAGE_VERTEX, layout) {
      float *out = nst_io(KX_SLOT_COUNT);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {.lane_count = KX_W, .in = in, .out = out};
      CHECK((*be)->exec_strip(e, &s));
      unsigned bad = 0;
      for (unsigned l = 0; l < KX_W; l++) {
         bad += io_u(out, KX_SLOT_LAYER_VP, 0, l) != l + 1;
         bad += io_u(out, KX_SLOT_LAYER_VP, 1, l) != 2;
         const double d[3] = {2.0 * (0.5 + l), -2.0 * l, 2.0 * (1e10 + l)};
         uint32_t w[6];
         memcpy(w, d, sizeof(d));
         for (unsigned i = 0; i < 6; i++)
            bad += io_u(out, KX_SLOT_VAR0 + i / 4, i % 4, l) != w[i];
         /* dvec3 ends at component 1 of the second slot. */
         bad += io_f(out, KX_SLOT_VAR0 + 1, 2, l) != NST_SENTINEL;
         bad += io_f(out, KX_SLOT_VAR0 + 2, 0, l) != (float)l + 0.5f;
      }
      if (!CHECK_EQ(bad, 0))
         printf("%s: lane 3: layer %u vp %u d0 %08x:%08x\n", (*be)->name,
                io_u(out, KX_SLOT_LAYER_VP, 0, 3), io_u(out, KX_SLOT_LAYER_VP, 1, 3),
                io_u(out, KX_SLOT_VAR0, 0, 3), io_u(out, KX_SLOT_VAR0, 1, 3));
      (*be)->exec_destroy(e);
      free(out);
   }
   free(in);
   nct_layout_free(layout);
}

TEST(stage_exec_reuse_recomputes_invariants)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct nvk_root_table *root = calloc(2, sizeof(*root));
   NST_FOREACH_BACKEND(be, bprog, push_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      float *out = nst_io(KX_FS_OUTPUT_SLOTS);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      /* Strips with the same exec: another root table, then the same one
       * rewritten in place and the exec reset. */
      const float values[3] = {1.5f, -4.0f, 8.25f};
      for (unsigned run = 0; run < 3; run++) {
         struct nvk_root_table *r = &root[run == 0 ? 0 : 1];
         for (unsigned c = 0; c < 4; c++) {
            const float v = values[run] + (float)c;
            memcpy(r->push_constants + 4 * c, &v, 4);
         }
         if (run == 2)
            (*be)->exec_reset(e);
         struct kx_strip s = {.live_mask = ~0ull, .in = out, .out = out, .view_index = run};
         s.cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){r, sizeof(*r)};
         CHECK((*be)->exec_strip(e, &s));
         unsigned bad = 0;
         for (unsigned l = 0; l < KX_W; l++)
            for (unsigned c = 0; c < 4; c++)
               bad += io_f(out, 0, c, l) != 2.0f * (values[run] + (float)c);
         for (unsigned l = 0; l < KX_W; l++)
            bad += io_u(out, 1, 0, l) != run; /* ViewIndex */
         if (!CHECK_EQ(bad, 0))
            printf("%s: run %u: %g\n", (*be)->name, run, io_f(out, 0, 0, 0));
      }
      (*be)->exec_destroy(e);
      free(out);
   }
   free(root);
   nct_layout_free(layout);
}

TEST(stage_fragment_helpers_store_no_image)
{
   const struct nct_binding binding = {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1};
   struct nvk_pipeline_layout *layout = nct_layout(&binding, 1);
   struct kiln_device_info dev;
   kiln_device_info_init_host(&dev);
   struct kil_image img;
   REQUIRE(kil_image_init(&dev,
                          &(struct kil_image_info){
                             .dim = KIL_IMAGE_DIM_2D,
                             .format = KIL_FORMAT_R32_UINT,
                             .extent_px = kil_extent4d_px(KX_W, 2, 1, 1),
                             .levels = 1,
                             .samples = 1,
                             .tiling = KIL_IMAGE_TILING_LINEAR,
                          },
                          &img) == KIL_SUCCESS);
   struct nst_mem mem = {.size_B = img.size_B};
   mem.host = calloc(1, mem.size_B);
   struct kx_image_desc idesc;
   REQUIRE(kx_image_desc_init(&idesc, &img, NST_VA,
                              &(struct kx_image_view_info){
                                 .dim = KX_IMAGE_DIM_2D,
                                 .format = KIL_FORMAT_R32_UINT,
                                 .num_levels = 1,
                                 .num_layers = 1,
                                 .swizzle = {KX_SWIZZLE_R, KX_SWIZZLE_G, KX_SWIZZLE_B,
                                             KX_SWIZZLE_A},
                              }));
   const struct nvk_image_descriptor set = {&idesc};
   struct nvk_root_table root;
   memset(&root, 0, sizeof(root));
   float *in = nst_io(KX_SLOT_COUNT);
   for (unsigned l = 0; l < KX_W; l++)
      set_u(in, KX_SLOT_VAR0, 0, l, l);
   const uint64_t helpers = (1ull << 1) | (1ull << 6) | (1ull << 63);
   NST_FOREACH_BACKEND(be, bprog, helper_image_frag_spv, NIR_STAGE_FRAGMENT, layout) {
      memset(mem.host, 0, mem.size_B);
      void *e = (*be)->exec_create(bprog);
      REQUIRE(e);
      struct kx_strip s = {
         .live_mask = ~0ull,
         .helper_mask = helpers,
         .in = in,
         .translate = nst_translate,
         .translate_data = &mem,
      };
      s.cbufs[NVK_CBUF_ROOT] = (struct kx_cbuf){&root, sizeof(root)};
      s.cbufs[NVK_CBUF_SET(0)] = (struct kx_cbuf){&set, sizeof(set)};
      if (!CHECK((*be)->exec_strip(e, &s)))
         printf("%s\n", s.fault);
      unsigned bad = 0;
      for (unsigned y = 0; y < 2; y++) {
         const uint32_t *row = (const uint32_t *)(mem.host + img.levels[0].offset_B +
                                                  (uint64_t)y * img.levels[0].row_pitch_B);
         for (unsigned l = 0; l < KX_W; l++)
            bad += row[l] != (((helpers >> l) & 1) ? 0u : 1u);
      }
      CHECK_EQ(bad, 0);
      (*be)->exec_destroy(e);
   }
   free(in);
   free(mem.host);
   nct_layout_free(layout);
}

TEST(stage_backends_run_strips)
{
   /* Every registered backend runs strips: the interpreter on each kernel
    * variant, and the JIT (whose strips run its programs on the
    * interpreter, docs/shaders.md), so the tests above cover them all. */
   unsigned n = 0;
   for (const struct kx_backend *const *be = kx_backends(); *be; be++) {
      CHECK((*be)->exec_create && (*be)->exec_strip && (*be)->exec_destroy &&
            (*be)->exec_reset);
      n++;
   }
   CHECK(n >= 1);
}

TEST(stage_programs_serialize)
{
   struct nvk_pipeline_layout *layout = nct_layout(NULL, 0);
   struct kx_program *prog =
      nst_compile(deriv_frag_spv, sizeof(deriv_frag_spv), NIR_STAGE_FRAGMENT, layout);
   REQUIRE(prog);
   struct strbuf sb;
   strbuf_init(&sb);
   CHECK(kx_program_serialize(prog, &sb));
   struct kx_program *copy = kx_program_deserialize(strbuf_str(&sb), sb.len);
   REQUIRE(copy);
   CHECK(memcmp(kx_program_info(copy), kx_program_info(prog), sizeof(struct kx_program_info)) ==
         0);
   /* A bad interpolation value is refused. */
   char *bytes = malloc(sb.len);
   memcpy(bytes, strbuf_str(&sb), sb.len);
   const struct kx_program_info *pi = kx_program_info(prog);
   const size_t at = (size_t)((const uint8_t *)&pi->interp[KX_SLOT_VAR0] - (const uint8_t *)pi);
   size_t info_at = 0;
   /* The info follows the magic and abi words of the header. */
   info_at = 8;
   bytes[info_at + at] = 0x70;
   CHECK(kx_program_deserialize(bytes, sb.len) == NULL);
   free(bytes);
   kx_program_destroy(copy);
   strbuf_finish(&sb);
   kx_program_destroy(prog);
   nct_layout_free(layout);
}
