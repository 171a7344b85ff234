/* SPDX-License-Identifier: MIT */
/*
 * The harness against known answers on lavapipe: reflection of layouts,
 * compute results computed again here from the same deterministic inputs,
 * a fragment pixel worked out by hand, and the comparison telling equal
 * modules from different ones.
 */
#include "semantics.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "sem_corpus.h"
#include "util/test.h"

/* Compiles GLSL 4.50 to Vulkan-flavoured SPIR-V (malloc'd words). */
static uint32_t *
compile(enum kgl_stage stage, const char *src, size_t *count)
{
   const struct kgl_shader_desc desc = {
      .stage = stage, .strings = &src, .count = 1, .vulkan_glsl = true};
   const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_VULKAN};
   struct kgl_program *prog = NULL;
   uint32_t *copy = NULL;
   if (kgl_program_create_from_sources(&desc, 1, &opts, &prog) == KGL_SUCCESS) {
      const uint32_t *w = kgl_program_spirv(prog, stage, count);
      copy = malloc(*count * 4);
      if (copy)
         memcpy(copy, w, *count * 4);
   } else {
      test_fail(__FILE__, __LINE__, "compile: %s", prog ? kgl_program_info_log(prog) : "?");
   }
   kgl_program_destroy(prog);
   return copy;
}

static struct sem_device *
device(void)
{
   static struct sem_device *dev;
   static bool tried;
   if (!tried) {
      tried = true;
      char error[256];
      if (!sem_device_create(&dev, error, sizeof(error)))
         test_fail(__FILE__, __LINE__, "no device: %s", error);
   }
   return dev;
}

static const char compute_src[] =
   "#version 450\n"
   "layout(local_size_x = 8) in;\n"
   "layout(std430, binding = 0) readonly buffer In { float a[]; } src_dummy;\n"
   "layout(std430, set = 0, binding = 1) buffer Out { uint count; float b[]; } dst;\n"
   "layout(std140, binding = 2) uniform Params { float scale; int bias; };\n"
   "void main() {\n"
   "   uint i = gl_GlobalInvocationID.x;\n"
   "   dst.b[i] = SRC * scale + float(bias);\n"
   "   if (i == 0u) dst.count = gl_NumWorkGroups.x * 8u;\n"
   "}\n";

TEST(reflect_compute_layouts)
{
   const char *src = "#version 450\n"
                     "layout(local_size_x = 4, local_size_y = 2) in;\n"
                     "layout(std430, binding = 3, set = 1) buffer S { uint n; mat3 m; "
                     "layout(row_major) mat2 r; vec2 t[]; };\n"
                     "layout(std140, binding = 1) uniform U { float f; ivec3 v; };\n"
                     "layout(push_constant) uniform P { uvec2 pc; };\n"
                     "void main() { n = uint(f) + pc.x + uint(v.x) + uint(m[0][0] + r[0][0] "
                     "+ t[1].x); }\n";
   size_t n;
   uint32_t *w = compile(KGL_STAGE_COMPUTE, src, &n);
   REQUIRE(w);
   struct sem_interface iface;
   char error[256];
   REQUIRE(sem_reflect(w, n, &iface, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   CHECK_EQ(iface.stage, SEM_STAGE_COMPUTE);
   CHECK_EQ(iface.local_size[0], 4);
   CHECK_EQ(iface.local_size[1], 2);
   CHECK_EQ(iface.local_size[2], 1);
   REQUIRE(iface.resource_count == 3);
   /* Sorted by set and binding, push constants last. */
   const struct sem_resource *u = &iface.resources[0], *s = &iface.resources[1];
   const struct sem_resource *p = &iface.resources[2];
   CHECK_EQ(u->kind, SEM_UNIFORM_BUFFER);
   CHECK_EQ(u->binding, 1);
   CHECK(!u->writable);
   /* std140: f at 0, v at 16 (ivec3), size 28 rounded to 32. */
   CHECK_EQ(u->size_B, 32);
   CHECK_EQ(u->words[0], SEM_WORD_FLOAT);
   CHECK_EQ(u->words[1], SEM_WORD_UNTYPED);
   CHECK_EQ(u->words[4], SEM_WORD_INT);
   CHECK_EQ(u->words[6], SEM_WORD_INT);
   CHECK_EQ(s->kind, SEM_STORAGE_BUFFER);
   CHECK_EQ(s->set, 1);
   CHECK_EQ(s->binding, 3);
   CHECK(s->writable);
   /* std430: n at 0, mat3 columns (vec3, 16-aligned) at 16/32/48, the
    * row-major mat2 at 64 (rows 8 apart), t at 80 with stride 8, 1024
    * elements. */
   CHECK_EQ(s->size_B, 80 + 8 * SEM_RUNTIME_ARRAY_ELEMENTS);
   CHECK_EQ(s->words[0], SEM_WORD_UINT);
   CHECK_EQ(s->words[4], SEM_WORD_FLOAT);
   CHECK_EQ(s->words[6], SEM_WORD_FLOAT);
   CHECK_EQ(s->words[7], SEM_WORD_UNTYPED);
   CHECK_EQ(s->words[16], SEM_WORD_FLOAT);
   CHECK_EQ(s->words[19], SEM_WORD_FLOAT);
   CHECK_EQ(s->words[20], SEM_WORD_FLOAT);
   CHECK_EQ(p->kind, SEM_PUSH_CONSTANTS);
   CHECK_EQ(p->size_B, 16);
   CHECK_EQ(p->words[1], SEM_WORD_UINT);
   sem_interface_finish(&iface);
   free(w);
}

TEST(reflect_refuses_what_it_cannot_drive)
{
   struct sem_interface iface;
   char error[256];
   const uint32_t junk[] = {1, 2, 3};
   CHECK(!sem_reflect(junk, 3, &iface, error, sizeof(error)));
   CHECK(strlen(error) > 0);
   /* A GL-flavoured module with a loose uniform. */
   const char *src = "#version 150\nuniform vec4 u;\nout vec4 o;\nvoid main() { o = u; }\n";
   const struct kgl_shader_desc desc = {.stage = KGL_STAGE_FRAGMENT, .strings = &src, .count = 1};
   struct kgl_program *prog = NULL;
   REQUIRE(kgl_program_create_from_sources(&desc, 1, NULL, &prog) == KGL_SUCCESS);
   size_t n;
   const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_FRAGMENT, &n);
   CHECK(!sem_reflect(w, n, &iface, error, sizeof(error)));
   CHECK(strstr(error, "UniformConstant") != NULL);
   kgl_program_destroy(prog);
   /* A vertex shader. */
   size_t vn;
   uint32_t *vw = compile(KGL_STAGE_VERTEX, "#version 450\nvoid main() { gl_Position = vec4(0); }\n",
                          &vn);
   REQUIRE(vw);
   CHECK(!sem_reflect(vw, vn, &iface, error, sizeof(error)));
   free(vw);
}

static uint32_t *
compute_variant(const char *expr, size_t *n)
{
   char src[2048];
   snprintf(src, sizeof(src), "%s", compute_src);
   char *at = strstr(src, "SRC");
   if (!at)
      return NULL;
   char out[2048];
   snprintf(out, sizeof(out), "%.*s%s%s", (int)(at - src), src, expr, at + 3);
   return compile(KGL_STAGE_COMPUTE, out, n);
}

TEST(compute_results_match_the_inputs)
{
   struct sem_device *dev = device();
   REQUIRE(dev);
   size_t n;
   uint32_t *w = compute_variant("src_dummy.a[i]", &n);
   REQUIRE(w);
   struct sem_interface iface;
   char error[256];
   REQUIRE(sem_reflect(w, n, &iface, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   const uint32_t groups[3] = {3, 1, 1};
   struct sem_result r;
   REQUIRE(sem_run(dev, w, n, &iface, groups, &r, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   /* Only the writable buffer comes back. */
   REQUIRE(r.output_count == 1);
   CHECK_STREQ(r.outputs[0].name, "set 0 binding 1");

   /* The inputs, made again the way the harness made them. */
   const struct sem_resource *in = &iface.resources[0], *params = &iface.resources[2];
   REQUIRE(in->binding == 0 && params->binding == 2);
   float *a = malloc(in->size_B);
   uint8_t p[16];
   REQUIRE(a);
   sem_fill(a, in->size_B, in->words, sem_seed(0, 0));
   sem_fill(p, sizeof(p), params->words, sem_seed(0, 2));
   float scale;
   int32_t bias;
   memcpy(&scale, p, 4);
   memcpy(&bias, p + 4, 4);
   const uint32_t *out = (const uint32_t *)r.outputs[0].data;
   CHECK_EQ(out[0], 24); /* 3 groups of 8 */
   for (unsigned i = 0; i < 24; i++) {
      float got;
      memcpy(&got, &out[1 + i], 4);
      const float want = a[i] * scale + (float)bias;
      CHECK(fabsf(got - want) <= 1e-5f * fabsf(want) + 1e-6f ||
            test_fail(__FILE__, __LINE__, "b[%u] = %g, want %g", i, got, want));
   }
   /* Beyond what the dispatch wrote: the harness's own deterministic fill. */
   uint32_t *fill = malloc(iface.resources[1].size_B);
   REQUIRE(fill);
   sem_fill(fill, iface.resources[1].size_B, iface.resources[1].words, sem_seed(0, 1));
   CHECK_EQ(out[100], fill[100]);
   free(fill);
   free(a);

   /* The same module again: identical. A different one: found. */
   struct sem_result again;
   REQUIRE(sem_run(dev, w, n, &iface, groups, &again, error, sizeof(error)));
   struct sem_diff diff;
   sem_compare(&r, &again, &diff);
   CHECK_EQ(diff.differing_words, 0);
   CHECK_EQ(diff.nan_only_words, 0);

   size_t n2;
   uint32_t *w2 = compute_variant("(src_dummy.a[i] + 0.5)", &n2);
   REQUIRE(w2);
   struct sem_interface iface2;
   REQUIRE(sem_reflect(w2, n2, &iface2, error, sizeof(error)));
   CHECK(sem_interfaces_match(&iface, &iface2, error, sizeof(error)));
   struct sem_result other;
   REQUIRE(sem_run(dev, w2, n2, &iface2, groups, &other, error, sizeof(error)));
   sem_compare(&r, &other, &diff);
   CHECK(diff.differing_words > 0 && diff.differing_words <= 24);
   CHECK(strstr(diff.first, "set 0 binding 1") != NULL);

   sem_result_finish(&r);
   sem_result_finish(&again);
   sem_result_finish(&other);
   sem_interface_finish(&iface);
   sem_interface_finish(&iface2);
   free(w);
   free(w2);
}

TEST(nan_payloads_are_reported_apart)
{
   uint32_t x[2] = {0x7fc00000u, 0x3f800000u}, y[2] = {0x7fc00001u, 0x3f800000u};
   const enum sem_word words[2] = {SEM_WORD_FLOAT, SEM_WORD_FLOAT};
   struct sem_result a = {.output_count = 1}, b = {.output_count = 1};
   a.outputs[0] = (struct sem_output){"o", (uint8_t *)x, 8, words, SEM_SCALAR_FLOAT};
   b.outputs[0] = (struct sem_output){"o", (uint8_t *)y, 8, words, SEM_SCALAR_FLOAT};
   struct sem_diff diff;
   sem_compare(&a, &b, &diff);
   CHECK_EQ(diff.differing_words, 0);
   CHECK_EQ(diff.nan_only_words, 1);
   y[1] = 0x3f800001u;
   sem_compare(&a, &b, &diff);
   CHECK_EQ(diff.differing_words, 1);
   CHECK(strstr(diff.first, "byte 4") != NULL);
}

TEST(fragment_pixels)
{
   struct sem_device *dev = device();
   REQUIRE(dev);
   const char *src = "#version 450\n"
                     "layout(location = 0) in vec4 c;\n"
                     "layout(location = 1) flat in ivec2 k;\n"
                     "layout(location = 0) out vec4 o;\n"
                     "layout(location = 2) out ivec2 io;\n"
                     "layout(std140, binding = 0) uniform U { vec4 add; };\n"
                     "void main() { o = c + add; io = k * 2; }\n";
   size_t n;
   uint32_t *w = compile(KGL_STAGE_FRAGMENT, src, &n);
   REQUIRE(w);
   struct sem_interface iface;
   char error[256];
   REQUIRE(sem_reflect(w, n, &iface, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   CHECK_EQ(iface.stage, SEM_STAGE_FRAGMENT);
   REQUIRE(iface.output_count == 2 && iface.input_count == 2);
   CHECK_EQ(iface.outputs[1].location, 2);
   CHECK_EQ(iface.outputs[1].scalar, SEM_SCALAR_INT);
   CHECK_EQ(iface.outputs[1].components, 2);
   const uint32_t groups[3] = {1, 1, 1};
   struct sem_result r;
   REQUIRE(sem_run(dev, w, n, &iface, groups, &r, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   REQUIRE(r.output_count == 2);
   CHECK_EQ(r.outputs[0].size_B, SEM_FRAMEBUFFER_EXTENT_PX * SEM_FRAMEBUFFER_EXTENT_PX * 16);
   CHECK_EQ(r.outputs[1].size_B, SEM_FRAMEBUFFER_EXTENT_PX * SEM_FRAMEBUFFER_EXTENT_PX * 8);

   /* Pixel (0, 0): its centre is at NDC (-15/16, -15/16); the triangle's
    * vertices are (-1,-1), (3,-1), (-1,3) with k = 0, 1, 2, so the
    * barycentric weights are 1-2/64, 1/64, 1/64 and the interpolated k is
    * 3/64. The generated vertex shader writes c.x = k / 2 + 0.25. */
   uint8_t u[16];
   sem_fill(u, 16, iface.resources[0].words, sem_seed(0, 0));
   float add_x;
   memcpy(&add_x, u, 4);
   float o_x;
   memcpy(&o_x, r.outputs[0].data, 4);
   const float want = 3.0f / 64.0f * 0.5f + 0.25f + add_x;
   CHECK(fabsf(o_x - want) < 1e-4f ||
         test_fail(__FILE__, __LINE__, "o.x at (0,0) = %g, want %g", o_x, want));
   /* Flat k (the second input) comes from the provoking vertex, the first:
    * ivec2(vec4(0 * 0.5 + 1.25, 1.75 - 0, ...).xy) = (1, 1), doubled. */
   int32_t io[2];
   memcpy(io, r.outputs[1].data, 8);
   CHECK_EQ(io[0], 2);
   CHECK_EQ(io[1], 2);

   struct sem_result again;
   REQUIRE(sem_run(dev, w, n, &iface, groups, &again, error, sizeof(error)));
   struct sem_diff diff;
   sem_compare(&r, &again, &diff);
   CHECK_EQ(diff.differing_words, 0);
   sem_result_finish(&r);
   sem_result_finish(&again);
   sem_interface_finish(&iface);
   free(w);
}

TEST(storage_image_compute)
{
   struct sem_device *dev = device();
   REQUIRE(dev);
   const char *src = "#version 450\n"
                     "layout(local_size_x = 4, local_size_y = 4) in;\n"
                     "layout(binding = 0, r32ui) uniform uimage2D img;\n"
                     "void main() {\n"
                     "   ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
                     "   imageStore(img, p, uvec4(imageLoad(img, p).x + uint(p.x * 100 + p.y)));\n"
                     "}\n";
   size_t n;
   uint32_t *w = compile(KGL_STAGE_COMPUTE, src, &n);
   REQUIRE(w);
   struct sem_interface iface;
   char error[256];
   REQUIRE(sem_reflect(w, n, &iface, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   REQUIRE(iface.resource_count == 1);
   CHECK_EQ(iface.resources[0].kind, SEM_STORAGE_IMAGE);
   const uint32_t groups[3] = {1, 1, 1};
   struct sem_result r;
   REQUIRE(sem_run(dev, w, n, &iface, groups, &r, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   REQUIRE(r.output_count == 1);
   const size_t texels = SEM_IMAGE_EXTENT_PX * SEM_IMAGE_EXTENT_PX;
   REQUIRE(r.outputs[0].size_B == texels * 4);
   uint32_t *before = malloc(texels * 4);
   enum sem_word *words = malloc(texels * sizeof(enum sem_word));
   REQUIRE(before && words);
   for (size_t i = 0; i < texels; i++)
      words[i] = SEM_WORD_UINT;
   sem_fill(before, texels * 4, words, sem_seed(0, 0));
   const uint32_t *after = (const uint32_t *)r.outputs[0].data;
   /* (x, y) = (2, 3) was written; (5, 5) was outside the 4x4 dispatch. */
   CHECK_EQ(after[3 * SEM_IMAGE_EXTENT_PX + 2], before[3 * SEM_IMAGE_EXTENT_PX + 2] + 203);
   CHECK_EQ(after[5 * SEM_IMAGE_EXTENT_PX + 5], before[5 * SEM_IMAGE_EXTENT_PX + 5]);
   free(before);
   free(words);
   sem_result_finish(&r);
   sem_interface_finish(&iface);
   free(w);
}

TEST(builtin_test_rewrite)
{
   /* A piglit generated fragment shader, rewritten for Vulkan: uniforms in
    * a block, gl_FragColor on output 0, `result` on output 1. */
   const char *piglit = "#version 130\n"
                        "uniform uvec2 arg0;\n"
                        "uniform uint arg1;\n"
                        "uniform uvec2 expected;\n"
                        "\n"
                        "void main()\n"
                        "{\n"
                        "  uvec2 result = min(arg0, arg1);\n"
                        "  gl_FragColor = result == expected ? vec4(0.0, 1.0, 0.0, 1.0) : "
                        "vec4(1.0, 0.0, 0.0, 1.0);\n"
                        "}\n";
   const char *why = "unset";
   char *glsl = sem_builtins_rewrite(piglit, &why);
   REQUIRE(glsl);
   CHECK(why == NULL);
   CHECK(strncmp(glsl, "#version 450\n", 13) == 0);
   CHECK(strstr(glsl, "uniform kiln_uniforms {\n   uvec2 arg0;\n   uint arg1;\n") != NULL);
   CHECK(strstr(glsl, "layout(location = 7) out uvec2 kiln_result;") != NULL);
   CHECK(strstr(glsl, "   kiln_result = (result);\n}") != NULL ||
         test_fail(__FILE__, __LINE__, "%s", glsl));
   CHECK(strstr(glsl, "gl_FragColor") == NULL);

   /* It compiles to a module the harness drives, with both outputs. */
   size_t n;
   uint32_t *w = compile(KGL_STAGE_FRAGMENT, glsl, &n);
   REQUIRE(w);
   struct sem_interface iface;
   char error[256];
   REQUIRE(sem_reflect(w, n, &iface, error, sizeof(error)) ||
           test_fail(__FILE__, __LINE__, "%s", error));
   CHECK_EQ(iface.output_count, 2);
   CHECK_EQ(iface.resource_count, 1);
   sem_interface_finish(&iface);
   free(w);
   free(glsl);

   CHECK(sem_builtins_rewrite("void main() { gl_FragColor = vec4(1); }\n", &why) == NULL);
   CHECK(why && strstr(why, "uniforms"));
}

static bool
has_none(const void *data, const char *extension)
{
   (void)data;
   (void)extension;
   return false;
}

static bool
has_all(const void *data, const char *extension)
{
   (void)data;
   (void)extension;
   return true;
}

/* A module whose capability needs a device extension the harness does not
 * enable is refused with a reason naming both; the device's own answer
 * decides the wording. Lavapipe 22.3 has no VK_INTEL_shader_integer_functions2:
 * sem_run refuses the module before the driver sees it. */
TEST(capabilities_needing_extensions_are_refused)
{
   static const char src[] =
      "#version 450\n"
      "#extension GL_INTEL_shader_integer_functions2 : require\n"
      "layout(local_size_x = 1) in;\n"
      "layout(std430, binding = 0) buffer Out { uint v[]; } o;\n"
      "void main() { o.v[0] = countLeadingZeros(o.v[1]); }\n";
   size_t n;
   uint32_t *w = compile(KGL_STAGE_COMPUTE, src, &n);
   REQUIRE(w);
   char why[256];
   CHECK(!sem_module_capabilities_runnable(w, n, has_none, NULL, why, sizeof(why)));
   CHECK_STREQ(why, "capability IntegerFunctions2INTEL needs "
                    "VK_INTEL_shader_integer_functions2, which the device does not expose");
   CHECK(!sem_module_capabilities_runnable(w, n, has_all, NULL, why, sizeof(why)));
   CHECK(strstr(why, "which the harness does not enable") != NULL);

   static const char plain_src[] =
      "#version 450\n"
      "layout(local_size_x = 1) in;\n"
      "layout(std430, binding = 0) buffer Out { uint v[]; } o;\n"
      "void main() { o.v[0] = findMSB(o.v[1]); }\n";
   size_t m;
   uint32_t *plain = compile(KGL_STAGE_COMPUTE, plain_src, &m);
   REQUIRE(plain);
   CHECK(sem_module_capabilities_runnable(plain, m, has_none, NULL, why, sizeof(why)));
   free(plain);

   struct sem_device *dev = device();
   struct sem_interface iface;
   char err[256];
   if (dev && CHECK(sem_reflect(w, n, &iface, err, sizeof(err)))) {
      const uint32_t groups[3] = {1, 1, 1};
      struct sem_result r;
      CHECK(!sem_run(dev, w, n, &iface, groups, &r, err, sizeof(err)));
      CHECK(strstr(err, "IntegerFunctions2INTEL") != NULL);
      sem_result_finish(&r);
      sem_interface_finish(&iface);
   }
   free(w);
}

/* A resource for the pairing tests: words (when not NULL) is a static map. */
static struct sem_resource
resource(enum sem_resource_kind kind, uint32_t set, uint32_t binding, const char *name,
         bool writable)
{
   struct sem_resource r = {.kind = kind, .set = set, .binding = binding,
                            .writable = writable, .seed = sem_seed(set, binding)};
   snprintf(r.name, sizeof(r.name), "%s", name);
   if (kind == SEM_SAMPLED_IMAGE) {
      r.texel_scalar = SEM_SCALAR_FLOAT;
      r.texel_components = 4;
      r.vk_format = 109;
   } else {
      r.size_B = 16;
   }
   return r;
}

TEST(interfaces_pair_across_the_gl_lowering)
{
   /* The original: a storage buffer at 0/1 and a sampler at 0/3, one input.
    * The lowered module: the buffer renumbered to 2/1, the sampler moved to
    * set 1, ntv's GL state block added, the input gone (unused). */
   struct sem_interface a = {.stage = SEM_STAGE_FRAGMENT, .local_size = {1, 1, 1}};
   struct sem_interface b = a;
   a.resources[a.resource_count++] = resource(SEM_STORAGE_BUFFER, 0, 1, "results", true);
   a.resources[a.resource_count++] = resource(SEM_SAMPLED_IMAGE, 0, 3, "tex", false);
   a.inputs[a.input_count++] = (struct sem_varying){.location = 2, .components = 4};
   a.outputs[a.output_count++] = (struct sem_varying){.location = 0, .components = 4};
   b.resources[b.resource_count++] = resource(SEM_UNIFORM_BUFFER, 0, 1, "kiln_gl_state", false);
   b.resources[b.resource_count++] = resource(SEM_SAMPLED_IMAGE, 1, 3, "tex", false);
   b.resources[b.resource_count++] = resource(SEM_STORAGE_BUFFER, 2, 1, "results", true);
   b.outputs[b.output_count++] = a.outputs[0];
   char why[256] = "";
   CHECK_EQ(sem_interfaces_pair(&a, &b, why, sizeof(why)), SEM_PAIRING_PAIRED);
   REQUIRE(b.resource_count == 3);
   /* a's order and seeds, the GL state last. */
   CHECK_EQ(b.resources[0].kind, SEM_STORAGE_BUFFER);
   CHECK_EQ(b.resources[0].set, 2u);
   CHECK(b.resources[0].seed == sem_seed(0, 1));
   CHECK_EQ(b.resources[1].kind, SEM_SAMPLED_IMAGE);
   CHECK_EQ(b.resources[1].set, 1u);
   CHECK(b.resources[1].seed == sem_seed(0, 3));
   CHECK(!b.resources[0].gl_state && !b.resources[1].gl_state);
   CHECK_STREQ(b.resources[2].name, "kiln_gl_state");
   CHECK(b.resources[2].gl_state);
   /* b is driven with a's vertex shader. */
   CHECK_EQ(b.input_count, 1u);
   CHECK_EQ(b.inputs[0].location, 2u);

   /* Row 0 is the origin's row for either origin: gl_FragCoord.y = y. */
   float state[40];
   sem_gl_state_fill(state, sizeof(state));
   CHECK(state[0] == 1.0f && state[1] == 0.0f && state[2] == 1.0f && state[3] == 0.0f);
   CHECK(state[39] == 0.0f);
}

TEST(interfaces_that_must_not_pair)
{
   struct sem_interface a = {.stage = SEM_STAGE_FRAGMENT, .local_size = {1, 1, 1}};
   a.resources[a.resource_count++] = resource(SEM_SAMPLED_IMAGE, 0, 0, "tex", false);
   a.outputs[a.output_count++] = (struct sem_varying){.location = 0, .components = 4};
   char why[256] = "";

   /* Atomic counters turned into a storage buffer: no original to seed it. */
   struct sem_interface b = a;
   b.resources[0].set = 1;
   b.resources[b.resource_count++] =
      resource(SEM_STORAGE_BUFFER, 2, 64, "kiln_atomic_counters0", true);
   CHECK_EQ(sem_interfaces_pair(&a, &b, why, sizeof(why)), SEM_PAIRING_UNPAIRABLE);
   CHECK(strstr(why, "kiln_atomic_counters0") != NULL);

   /* Moved and renamed: nothing says it is the same sampler. */
   b = a;
   b.resources[0] = resource(SEM_SAMPLED_IMAGE, 1, 0, "other", false);
   CHECK_EQ(sem_interfaces_pair(&a, &b, why, sizeof(why)), SEM_PAIRING_UNPAIRABLE);
   CHECK(strstr(why, "'other'") != NULL);

   /* Same name and kind, another texel type. */
   b = a;
   b.resources[0].set = 1;
   b.resources[0].vk_format = 107;
   CHECK_EQ(sem_interfaces_pair(&a, &b, why, sizeof(why)), SEM_PAIRING_DIFFERENT);

   /* A writable original buffer the round trip lost. */
   struct sem_interface c = a;
   c.resources[c.resource_count++] = resource(SEM_STORAGE_BUFFER, 0, 1, "results", true);
   b = a;
   CHECK_EQ(sem_interfaces_pair(&c, &b, why, sizeof(why)), SEM_PAIRING_DIFFERENT);
   CHECK(strstr(why, "lacks") != NULL);

   /* An output moved, a new input. */
   b = a;
   b.outputs[0].location = 1;
   CHECK_EQ(sem_interfaces_pair(&a, &b, why, sizeof(why)), SEM_PAIRING_DIFFERENT);
   b = a;
   b.inputs[b.input_count++] = (struct sem_varying){.location = 3, .components = 1};
   CHECK_EQ(sem_interfaces_pair(&a, &b, why, sizeof(why)), SEM_PAIRING_DIFFERENT);
}
