/* SPDX-License-Identifier: MIT */
/* kgl: compile, link, flavours, logs, bad input, threads. */
#include "kgl.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl_test_util.h"
#include "kgl_validate.h"
#include "util/test.h"

static const char vs_110[] = "#version 110\n"
                             "uniform mat4 mvp;\n"
                             "uniform float scale;\n"
                             "attribute vec4 pos;\n"
                             "varying vec4 color;\n"
                             "void main() {\n"
                             "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex * scale\n"
                             "               + mvp * pos;\n"
                             "   color = gl_Color;\n"
                             "}\n";
static const char fs_110[] = "#version 110\n"
                             "varying vec4 color;\n"
                             "uniform sampler2D tex;\n"
                             "void main() {\n"
                             "   gl_FragColor = color * texture2D(tex, gl_TexCoord[0].xy);\n"
                             "}\n";

static const char vs_450[] = "#version 450\n"
                             "uniform sampler2D s;\n"
                             "layout(std140) uniform A { vec4 y; } a;\n"
                             "out vec4 c;\n"
                             "out float d;\n"
                             "void main() {\n"
                             "   gl_Position = textureLod(s, vec2(0), 0.0) + a.y;\n"
                             "   c = vec4(1); d = 2.0;\n"
                             "}\n";
/* Declares its inputs in the other order, so only a cross-stage mapper
 * gives c and d the vertex shader's locations. */
static const char fs_450[] = "#version 450\n"
                             "in float d;\n"
                             "in vec4 c;\n"
                             "out vec4 o;\n"
                             "uniform sampler2D t;\n"
                             "layout(std140) uniform B { vec4 x; mat4 m; } b;\n"
                             "layout(std140) uniform A { vec4 y; } a;\n"
                             "void main() { o = c * d + b.x + a.y + texture(t, vec2(0)); }\n";

TEST(gl_flavour_for_glsl_110_compat)
{
   const struct kgl_test_src src[] = {{KGL_STAGE_VERTEX, vs_110},
                                      {KGL_STAGE_FRAGMENT, fs_110}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 2, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   CHECK(kgl_program_linked(prog));
   CHECK_EQ(kgl_program_flavour(prog), KGL_FLAVOUR_GL);
   CHECK_EQ(kgl_program_stages(prog), (1u << KGL_STAGE_VERTEX) | (1u << KGL_STAGE_FRAGMENT));

   size_t n;
   const uint32_t *vs = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
   REQUIRE(vs && n > 5);
   CHECK_EQ(vs[0], 0x07230203);
   CHECK_EQ(vs[1], 0x00010000); /* patched from glslang's 0 */
   /* Compatibility built-ins are recognisable by name; loose uniforms carry
    * a location. */
   CHECK(spv_id_of(vs, n, "gl_ModelViewProjectionMatrix") != 0);
   CHECK(spv_id_of(vs, n, "gl_Vertex") != 0);
   CHECK(spv_named_decoration(vs, n, "mvp", SPV_DEC_LOCATION) >= 0);
   CHECK(spv_named_decoration(vs, n, "scale", SPV_DEC_LOCATION) >= 0);
   CHECK(spv_named_decoration(vs, n, "mvp", SPV_DEC_LOCATION) !=
         spv_named_decoration(vs, n, "scale", SPV_DEC_LOCATION));

   const uint32_t *fs = kgl_program_spirv(prog, KGL_STAGE_FRAGMENT, &n);
   REQUIRE(fs);
   CHECK(spv_id_of(fs, n, "gl_FragColor") != 0);
   CHECK(spv_has_op(fs, n, SPV_OP_EXECUTION_MODE, SPV_EXEC_ORIGIN_LOWER_LEFT));

   char *msg = NULL;
   CHECK(kgl_test_all_valid(prog, &msg) || test_fail(__FILE__, __LINE__, "%s", msg));
   free(msg);
   CHECK(kgl_program_spirv(prog, KGL_STAGE_GEOMETRY, &n) == NULL);
   CHECK_EQ(n, 0);
   kgl_program_destroy(prog);
}

TEST(vulkan_flavour_for_core_450_with_cross_stage_locations)
{
   const struct kgl_test_src src[] = {{KGL_STAGE_VERTEX, vs_450},
                                      {KGL_STAGE_FRAGMENT, fs_450}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 2, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   CHECK_EQ(kgl_program_flavour(prog), KGL_FLAVOUR_VULKAN);

   size_t nv, nf;
   const uint32_t *vs = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &nv);
   const uint32_t *fs = kgl_program_spirv(prog, KGL_STAGE_FRAGMENT, &nf);
   REQUIRE(vs && fs);
   CHECK_EQ(vs[1], 0x00010000);
   CHECK_EQ(spv_named_decoration(vs, nv, "c", SPV_DEC_LOCATION),
            spv_named_decoration(fs, nf, "c", SPV_DEC_LOCATION));
   CHECK_EQ(spv_named_decoration(vs, nv, "d", SPV_DEC_LOCATION),
            spv_named_decoration(fs, nf, "d", SPV_DEC_LOCATION));
   CHECK(spv_named_decoration(vs, nv, "c", SPV_DEC_LOCATION) !=
         spv_named_decoration(vs, nv, "d", SPV_DEC_LOCATION));
   /* One binding per resource across the program: block A is the same in
    * both stages, and no two different resources share a binding. */
   const int64_t a_vs = spv_named_decoration(vs, nv, "a", SPV_DEC_BINDING);
   const int64_t a_fs = spv_named_decoration(fs, nf, "a", SPV_DEC_BINDING);
   const int64_t s = spv_named_decoration(vs, nv, "s", SPV_DEC_BINDING);
   const int64_t t = spv_named_decoration(fs, nf, "t", SPV_DEC_BINDING);
   const int64_t b = spv_named_decoration(fs, nf, "b", SPV_DEC_BINDING);
   CHECK(a_vs >= 0 && s >= 0 && t >= 0 && b >= 0);
   CHECK_EQ(a_vs, a_fs);
   CHECK(s != t && s != b && s != a_vs && t != b && t != a_vs && b != a_vs);
   CHECK(spv_has_op(fs, nf, SPV_OP_EXECUTION_MODE, SPV_EXEC_ORIGIN_UPPER_LEFT));

   char *msg = NULL;
   CHECK(kgl_test_all_valid(prog, &msg) || test_fail(__FILE__, __LINE__, "%s", msg));
   free(msg);
   kgl_program_destroy(prog);
}

TEST(forced_flavours)
{
   const struct kgl_test_src core[] = {{KGL_STAGE_VERTEX, vs_450},
                                       {KGL_STAGE_FRAGMENT, fs_450}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(core, 2, KGL_FLAVOUR_GL, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   CHECK_EQ(kgl_program_flavour(prog), KGL_FLAVOUR_GL);
   char *msg = NULL;
   CHECK(kgl_test_all_valid(prog, &msg) || test_fail(__FILE__, __LINE__, "%s", msg));
   free(msg);
   kgl_program_destroy(prog);

   /* 1.10 cannot be Vulkan GLSL: forcing it is a compile failure whose log
    * says why. */
   const struct kgl_test_src old[] = {{KGL_STAGE_VERTEX, vs_110}};
   CHECK_EQ(kgl_test_build(old, 1, KGL_FLAVOUR_VULKAN, false, &prog), KGL_COMPILE_FAILED);
   REQUIRE(prog);
   CHECK(!kgl_program_linked(prog));
   CHECK(strstr(kgl_program_info_log(prog), "Vulkan") != NULL);
   CHECK_EQ(kgl_program_stages(prog), 0);
   kgl_program_destroy(prog);
}

TEST(vulkan_spirv_version)
{
   static const uint32_t versions[] = {0x00010000, 0x00010300, 0x00010500, 0x00010600};
   for (unsigned i = 0; i < ARRAY_SIZE(versions); i++) {
      const char *text = vs_450;
      const struct kgl_shader_desc desc = {
         .stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1};
      const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_VULKAN,
                                            .vulkan_spirv_version = versions[i]};
      struct kgl_program *prog = NULL;
      CHECK_EQ(kgl_program_create_from_sources(&desc, 1, &opts, &prog), KGL_SUCCESS);
      REQUIRE(prog);
      size_t n;
      const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
      REQUIRE(w);
      CHECK_EQ(w[1], versions[i]);
      char *msg = NULL;
      CHECK(kgl_spirv_validate(w, n, kgl_spirv_env_for(KGL_FLAVOUR_VULKAN, versions[i]),
                               &msg) ||
            test_fail(__FILE__, __LINE__, "%s", msg));
      free(msg);
      kgl_program_destroy(prog);
   }
   const char *text = vs_450;
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1};
   const struct kgl_link_options bad = {.vulkan_spirv_version = 0x00010700};
   struct kgl_program *prog = (struct kgl_program *)1;
   CHECK_EQ(kgl_program_create_from_sources(&desc, 1, &bad, &prog),
            KGL_ERROR_INVALID_ARGUMENT);
   CHECK(prog == NULL);
}

TEST(compile_error_returns_log)
{
   const char *text = "#version 330\nvoid main() {\n   gl_Position = undeclared_thing;\n}\n";
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1};
   struct kgl_shader *sh = NULL;
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_COMPILE_FAILED);
   REQUIRE(sh);
   CHECK(!kgl_shader_compiled(sh));
   CHECK(strstr(kgl_shader_info_log(sh), "undeclared_thing") != NULL);
   CHECK(strstr(kgl_shader_info_log(sh), "0:3") != NULL); /* string 0, line 3 */

   /* The program made from it reports the compile log and does not link. */
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_program_create(&sh, 1, NULL, &prog), KGL_COMPILE_FAILED);
   REQUIRE(prog);
   CHECK(!kgl_program_linked(prog));
   CHECK(strstr(kgl_program_info_log(prog), "undeclared_thing") != NULL);
   kgl_program_destroy(prog);
   kgl_shader_destroy(sh);
}

TEST(multiple_strings_keep_their_numbers)
{
   /* glShaderSource with three strings: errors name the string they are in. */
   const char *strings[] = {"#version 150\n", "out vec4 x;\n", "void main() { x = y; }\n"};
   const int lengths[] = {-1, 12, -1};
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_VERTEX, .strings = strings, .lengths = lengths, .count = 3};
   struct kgl_shader *sh = NULL;
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_COMPILE_FAILED);
   REQUIRE(sh);
   CHECK(strstr(kgl_shader_info_log(sh), "2:1") != NULL ||
         test_fail(__FILE__, __LINE__, "log: %s", kgl_shader_info_log(sh)));
   kgl_shader_destroy(sh);
}

TEST(link_errors_return_log)
{
   /* A function declared but defined nowhere. */
   const struct kgl_test_src missing[] = {
      {KGL_STAGE_VERTEX, "#version 330\nvec4 f();\nvoid main() { gl_Position = f(); }\n"}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(missing, 1, KGL_FLAVOUR_AUTO, false, &prog), KGL_LINK_FAILED);
   REQUIRE(prog);
   CHECK(!kgl_program_linked(prog));
   CHECK(strstr(kgl_program_info_log(prog), "f(") != NULL ||
         test_fail(__FILE__, __LINE__, "log: %s", kgl_program_info_log(prog)));
   CHECK_EQ(kgl_program_stages(prog), 0);
   kgl_program_destroy(prog);

   /* Two mains in one stage. */
   const struct kgl_test_src two_mains[] = {
      {KGL_STAGE_VERTEX, "#version 130\nvoid main() { gl_Position = vec4(0); }\n"},
      {KGL_STAGE_VERTEX, "#version 130\nvoid main() { gl_Position = vec4(1); }\n"}};
   CHECK_EQ(kgl_test_build(two_mains, 2, KGL_FLAVOUR_AUTO, false, &prog), KGL_LINK_FAILED);
   REQUIRE(prog);
   CHECK(strlen(kgl_program_info_log(prog)) > 0);
   kgl_program_destroy(prog);

   /* The same uniform with two types in two stages. */
   const struct kgl_test_src clash[] = {
      {KGL_STAGE_VERTEX, "#version 150\nuniform vec4 u;\nvoid main() { gl_Position = u; }\n"},
      {KGL_STAGE_FRAGMENT,
       "#version 150\nuniform vec3 u;\nout vec4 o;\nvoid main() { o = vec4(u, 1); }\n"}};
   CHECK_EQ(kgl_test_build(clash, 2, KGL_FLAVOUR_AUTO, false, &prog), KGL_LINK_FAILED);
   REQUIRE(prog);
   CHECK(strstr(kgl_program_info_log(prog), "u") != NULL);
   kgl_program_destroy(prog);
}

TEST(several_shaders_per_stage_link)
{
   const struct kgl_test_src src[] = {
      {KGL_STAGE_VERTEX, "#version 120\nvec4 f();\nvoid main() { gl_Position = f(); }\n"},
      {KGL_STAGE_VERTEX, "#version 120\nuniform vec4 k;\nvec4 f() { return k * 2.0; }\n"},
      {KGL_STAGE_FRAGMENT, "#version 120\nvoid main() { gl_FragColor = vec4(1); }\n"},
   };
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 3, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   size_t n;
   const uint32_t *vs = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
   REQUIRE(vs);
   CHECK(spv_id_of(vs, n, "k") != 0); /* the second unit's uniform made it in */
   char *msg = NULL;
   CHECK(kgl_test_all_valid(prog, &msg) || test_fail(__FILE__, __LINE__, "%s", msg));
   free(msg);
   kgl_program_destroy(prog);
}

TEST(a_shader_serves_several_programs)
{
   const char *vt = vs_450, *ft = fs_450;
   const struct kgl_shader_desc vd = {.stage = KGL_STAGE_VERTEX, .strings = &vt, .count = 1};
   const struct kgl_shader_desc fd = {
      .stage = KGL_STAGE_FRAGMENT, .strings = &ft, .count = 1};
   struct kgl_shader *sh[2] = {NULL, NULL};
   CHECK_EQ(kgl_shader_create(&vd, &sh[0]), KGL_SUCCESS);
   CHECK_EQ(kgl_shader_create(&fd, &sh[1]), KGL_SUCCESS);
   REQUIRE(sh[0] && sh[1]);
   bool es = true, compat = true;
   CHECK_EQ(kgl_shader_version(sh[0], &es, &compat), 450);
   CHECK(!es && !compat);

   /* GL, GL again (the second re-parses), then Vulkan: same words each time
    * for the same flavour. */
   const struct kgl_link_options gl = {.flavour = KGL_FLAVOUR_GL};
   struct kgl_program *p1 = NULL, *p2 = NULL, *p3 = NULL;
   CHECK_EQ(kgl_program_create(sh, 2, &gl, &p1), KGL_SUCCESS);
   CHECK_EQ(kgl_program_create(sh, 2, &gl, &p2), KGL_SUCCESS);
   CHECK_EQ(kgl_program_create(sh, 2, NULL, &p3), KGL_SUCCESS);
   REQUIRE(p1 && p2 && p3);
   /* The shaders may go before the programs. */
   kgl_shader_destroy(sh[0]);
   kgl_shader_destroy(sh[1]);
   for (unsigned s = 0; s < KGL_STAGE_COUNT; s++) {
      size_t n1, n2;
      const uint32_t *w1 = kgl_program_spirv(p1, s, &n1);
      const uint32_t *w2 = kgl_program_spirv(p2, s, &n2);
      CHECK_EQ(n1, n2);
      CHECK(n1 == n2 && (!n1 || memcmp(w1, w2, n1 * 4) == 0));
   }
   CHECK_EQ(kgl_program_flavour(p3), KGL_FLAVOUR_VULKAN);
   kgl_program_destroy(p1);
   kgl_program_destroy(p2);
   kgl_program_destroy(p3);
}

TEST(debug_info_option)
{
   const char *text = vs_450;
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1};
   for (int dbg = 0; dbg < 2; dbg++) {
      const struct kgl_link_options opts = {.debug_info = dbg};
      struct kgl_program *prog = NULL;
      CHECK_EQ(kgl_program_create_from_sources(&desc, 1, &opts, &prog), KGL_SUCCESS);
      REQUIRE(prog);
      size_t n;
      const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
      REQUIRE(w);
      CHECK_EQ(spv_has_op(w, n, SPV_OP_LINE, -1), dbg);
      kgl_program_destroy(prog);
   }
}

TEST(bad_input_never_crashes)
{
   struct kgl_shader *sh = (struct kgl_shader *)1;
   CHECK_EQ(kgl_shader_create(NULL, &sh), KGL_ERROR_INVALID_ARGUMENT);
   CHECK(sh == NULL);
   CHECK_EQ(kgl_shader_create(NULL, NULL), KGL_ERROR_INVALID_ARGUMENT);
   const char *text = "void main() {}";
   struct kgl_shader_desc desc = {.stage = KGL_STAGE_COUNT, .strings = &text, .count = 1};
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_ERROR_INVALID_ARGUMENT);
   desc.stage = (enum kgl_stage) - 1;
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_ERROR_INVALID_ARGUMENT);
   const char *null_string = NULL;
   desc = (struct kgl_shader_desc){
      .stage = KGL_STAGE_FRAGMENT, .strings = &null_string, .count = 1};
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_ERROR_INVALID_ARGUMENT);

   struct kgl_program *prog = (struct kgl_program *)1;
   CHECK_EQ(kgl_program_create(NULL, 0, NULL, &prog), KGL_ERROR_INVALID_ARGUMENT);
   CHECK(prog == NULL);
   const struct kgl_link_options bad_flavour = {.flavour = (enum kgl_flavour)7};
   struct kgl_shader *none = NULL;
   CHECK_EQ(kgl_program_create(&none, 1, &bad_flavour, &prog), KGL_ERROR_INVALID_ARGUMENT);

   /* Garbage: binary bytes, an empty string, no main, unterminated
    * comment, absurd #version, deep nesting. Each is a compile or link
    * failure with a log. */
   static char junk[4096];
   for (unsigned i = 0; i < sizeof(junk) - 1; i++)
      junk[i] = (char)(1 + (i * 2654435761u >> 13) % 255);
   char deep[20000];
   size_t len = 0;
   len += (size_t)snprintf(deep, sizeof(deep), "#version 450\nvoid main() { float x = ");
   for (int i = 0; i < 5000; i++)
      deep[len++] = '(';
   deep[len] = '\0';
   const char *cases[] = {junk, "", "#version 450\n", "#version 450\n/* never closed",
                          "#version 999999999\nvoid main(){}", deep, "#version 450 es\n"};
   for (unsigned i = 0; i < ARRAY_SIZE(cases); i++) {
      for (unsigned s = 0; s < KGL_STAGE_COUNT; s++) {
         const struct kgl_shader_desc d = {.stage = s, .strings = &cases[i], .count = 1};
         struct kgl_program *p = NULL;
         const enum kgl_result r = kgl_program_create_from_sources(&d, 1, NULL, &p);
         CHECK(r == KGL_COMPILE_FAILED || r == KGL_LINK_FAILED ||
               test_fail(__FILE__, __LINE__, "case %u stage %u: %s", i, s,
                         kgl_result_name(r)));
         REQUIRE(p);
         CHECK(!kgl_program_linked(p));
         CHECK(strlen(kgl_program_info_log(p)) > 0);
         kgl_program_destroy(p);
      }
   }

   /* glslang 12 cannot build compute built-ins below 1.50 and says so on
    * stdout; kgl refuses first. */
   const char *old_compute[] = {"", "#version 140\nlayout(local_size_x = 1) in;\nvoid main() {}\n"};
   for (unsigned i = 0; i < ARRAY_SIZE(old_compute); i++) {
      const struct kgl_shader_desc d = {
         .stage = KGL_STAGE_COMPUTE, .strings = &old_compute[i], .count = 1};
      struct kgl_shader *cs = NULL;
      CHECK_EQ(kgl_shader_create(&d, &cs), KGL_COMPILE_FAILED);
      REQUIRE(cs);
      CHECK(strstr(kgl_shader_info_log(cs), "150") != NULL);
      kgl_shader_destroy(cs);
   }

   /* Validation of non-SPIR-V reports instead of crashing. */
   char *msg = NULL;
   const uint32_t words[] = {0x07230203, 0x00010000, 0, 5, 0, 0xffffffff};
   CHECK(!kgl_spirv_validate(words, ARRAY_SIZE(words), KGL_SPIRV_ENV_UNIVERSAL_1_0, &msg));
   CHECK(msg != NULL && strstr(msg, "word") == msg);
   free(msg);
   CHECK(!kgl_spirv_validate(words, 2, KGL_SPIRV_ENV_COUNT, &msg));
   free(msg);
   CHECK(!kgl_spirv_validate(NULL, 0, KGL_SPIRV_ENV_VULKAN_1_0, NULL));
}

/* ---- threads ------------------------------------------------------------ */

struct thread_job {
   const uint32_t *expect;
   size_t expect_n;
   unsigned mismatches;
};

static void *
compile_loop(void *data)
{
   struct thread_job *job = data;
   const struct kgl_test_src src[] = {{KGL_STAGE_VERTEX, vs_110},
                                      {KGL_STAGE_FRAGMENT, fs_110}};
   for (int i = 0; i < 15; i++) {
      struct kgl_program *prog = NULL;
      if (kgl_test_build(src, 2, KGL_FLAVOUR_AUTO, false, &prog) != KGL_SUCCESS) {
         job->mismatches++;
         kgl_program_destroy(prog);
         continue;
      }
      size_t n;
      const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
      if (!w || n != job->expect_n || memcmp(w, job->expect, n * 4) != 0)
         job->mismatches++;
      kgl_program_destroy(prog);
   }
   return NULL;
}

TEST(concurrent_compiles_agree)
{
   const struct kgl_test_src src[] = {{KGL_STAGE_VERTEX, vs_110},
                                      {KGL_STAGE_FRAGMENT, fs_110}};
   struct kgl_program *ref = NULL;
   CHECK_EQ(kgl_test_build(src, 2, KGL_FLAVOUR_AUTO, false, &ref), KGL_SUCCESS);
   REQUIRE(ref);
   size_t n;
   const uint32_t *w = kgl_program_spirv(ref, KGL_STAGE_VERTEX, &n);
   REQUIRE(w);

   enum { N = 4 };
   pthread_t threads[N];
   struct thread_job jobs[N];
   for (int i = 0; i < N; i++) {
      jobs[i] = (struct thread_job){w, n, 0};
      REQUIRE(pthread_create(&threads[i], NULL, compile_loop, &jobs[i]) == 0);
   }
   for (int i = 0; i < N; i++) {
      pthread_join(threads[i], NULL);
      CHECK_EQ(jobs[i].mismatches, 0);
   }
   kgl_program_destroy(ref);
}

TEST(builtin_missing_from_profile_is_an_error_not_a_crash)
{
   /* glslang 12 parses texture2D in 1.50 core as a call to a bodiless
    * function, and its SPIR-V writer then crashes; kgl reports a link error. */
   const struct kgl_test_src src[] = {
      {KGL_STAGE_FRAGMENT, "#version 150\nuniform sampler2D s;\nout vec4 o;\n"
                           "void main() { o = texture2D(s, vec2(0)); }\n"}};
   for (int f = KGL_FLAVOUR_AUTO; f <= KGL_FLAVOUR_GL; f++) {
      struct kgl_program *prog = NULL;
      const enum kgl_result r = kgl_test_build(src, 1, f, false, &prog);
      CHECK(r == KGL_LINK_FAILED || r == KGL_COMPILE_FAILED);
      REQUIRE(prog);
      CHECK(strstr(kgl_program_info_log(prog), "texture2D") ||
            strstr(kgl_program_info_log(prog), "sampler"));
      kgl_program_destroy(prog);
   }
}

TEST(ftransform_compiles)
{
   /* glslang 12's SPIR-V writer crashes on ftransform(); kgl spells it out. */
   const struct kgl_test_src src[] = {
      {KGL_STAGE_VERTEX, "#version 120\nvoid main() { gl_Position = ftransform(); }\n"}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 1, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   size_t n;
   const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
   REQUIRE(w);
   CHECK(spv_id_of(w, n, "gl_ModelViewProjectionMatrix") != 0);
   CHECK(spv_id_of(w, n, "gl_Vertex") != 0);
   char *msg = NULL;
   CHECK(kgl_test_all_valid(prog, &msg) || test_fail(__FILE__, __LINE__, "%s", msg));
   free(msg);
   kgl_program_destroy(prog);

   /* Core profiles have no ftransform: still an error there. */
   const struct kgl_test_src core[] = {
      {KGL_STAGE_VERTEX, "#version 150\nvoid main() { gl_Position = ftransform(); }\n"}};
   CHECK_EQ(kgl_test_build(core, 1, KGL_FLAVOUR_AUTO, false, &prog), KGL_COMPILE_FAILED);
   kgl_program_destroy(prog);
}

TEST(es_version_after_comments_keeps_line_numbers)
{
   /* GLSL ES 3.00 allows comments and blank lines before #version; glslang
    * 12 does not, so kgl moves the directive and keeps the numbering. */
   const char *ok = "// a comment\n\n/* another */\n#version 300 es // trailing\n"
                    "precision highp float;\nout vec4 o;\nvoid main() { o = vec4(1); }\n";
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_FRAGMENT, .strings = &ok, .count = 1, .es = true};
   struct kgl_shader *sh = NULL;
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_SUCCESS);
   REQUIRE(sh);
   bool es = false;
   CHECK_EQ(kgl_shader_version(sh, &es, NULL), 300);
   CHECK(es);
   kgl_shader_destroy(sh);

   const char *bad = "// a comment\n\n#version 310 es\nprecision highp float;\n"
                     "void main() { undeclared_on_line_5 = 1.0; }\n";
   const struct kgl_shader_desc bad_desc = {
      .stage = KGL_STAGE_FRAGMENT, .strings = &bad, .count = 1, .es = true};
   CHECK_EQ(kgl_shader_create(&bad_desc, &sh), KGL_COMPILE_FAILED);
   REQUIRE(sh);
   CHECK(strstr(kgl_shader_info_log(sh), "0:5: 'undeclared_on_line_5'") != NULL ||
         test_fail(__FILE__, __LINE__, "log: %s", kgl_shader_info_log(sh)));
   kgl_shader_destroy(sh);
}

TEST(auto_falls_back_to_gl_when_vulkan_output_is_invalid)
{
   /* glslang takes sampler2DRect under Vulkan rules and writes the
    * SampledRect capability, which Vulkan 1.0 forbids. */
   const struct kgl_test_src src[] = {
      {KGL_STAGE_FRAGMENT, "#version 140\nuniform sampler2DRect s;\nout vec4 o;\n"
                           "void main() { o = texture(s, vec2(1.0)); }\n"}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 1, KGL_FLAVOUR_VULKAN, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   char *msg = NULL;
   CHECK(!kgl_test_all_valid(prog, &msg));
   CHECK(msg && strstr(msg, "Rect"));
   free(msg);
   kgl_program_destroy(prog);

   CHECK_EQ(kgl_test_build(src, 1, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   CHECK_EQ(kgl_program_flavour(prog), KGL_FLAVOUR_GL);
   msg = NULL;
   CHECK(kgl_test_all_valid(prog, &msg) || test_fail(__FILE__, __LINE__, "%s", msg));
   free(msg);
   kgl_program_destroy(prog);
}

TEST(spirv_opt_reemit_baseline)
{
   const struct kgl_test_src src[] = {{KGL_STAGE_VERTEX, vs_450}};
   struct kgl_program *prog = NULL;
   CHECK_EQ(kgl_test_build(src, 1, KGL_FLAVOUR_AUTO, false, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   size_t n;
   const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
   REQUIRE(w);
   uint32_t *out = NULL;
   size_t out_n = 0;
   REQUIRE(kgl_spirv_reemit(w, n, &out, &out_n));
   /* Parsed and written again: a valid module with the same header. */
   CHECK(out_n > 5);
   CHECK_EQ(out[0], w[0]);
   CHECK_EQ(out[1], w[1]);
   CHECK(kgl_spirv_validate(out, out_n, KGL_SPIRV_ENV_VULKAN_1_0, NULL));
   free(out);

   const uint32_t junk[] = {0x07230203, 0x00010000, 0, 100, 0, 0xdeadbeef, 1, 2};
   CHECK(!kgl_spirv_reemit(junk, ARRAY_SIZE(junk), &out, &out_n));
   CHECK(out == NULL);
   CHECK(!kgl_spirv_reemit(NULL, 0, &out, &out_n));
   kgl_program_destroy(prog);
}

TEST(vulkan_glsl_sources)
{
   /* Descriptor sets, push constants and gl_VertexIndex exist only in
    * Vulkan GLSL: such a source compiles when flagged, links Vulkan-only. */
   const char *text = "#version 450\n"
                      "layout(set = 1, binding = 2) uniform U { vec4 v; };\n"
                      "layout(push_constant) uniform P { float k; };\n"
                      "void main() { gl_Position = v * k + vec4(gl_VertexIndex); }\n";
   struct kgl_shader_desc desc = {.stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1};
   struct kgl_shader *sh = NULL;
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_COMPILE_FAILED);
   kgl_shader_destroy(sh);

   desc.vulkan_glsl = true;
   CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_SUCCESS);
   REQUIRE(sh);
   struct kgl_program *prog = NULL;
   const struct kgl_link_options gl = {.flavour = KGL_FLAVOUR_GL};
   CHECK_EQ(kgl_program_create(&sh, 1, &gl, &prog), KGL_ERROR_INVALID_ARGUMENT);
   CHECK(prog == NULL);
   CHECK_EQ(kgl_program_create(&sh, 1, NULL, &prog), KGL_SUCCESS);
   REQUIRE(prog);
   CHECK_EQ(kgl_program_flavour(prog), KGL_FLAVOUR_VULKAN);
   size_t n;
   const uint32_t *w = kgl_program_spirv(prog, KGL_STAGE_VERTEX, &n);
   REQUIRE(w);
   bool set1 = false;
   for (size_t i = 5; i + 3 < n; i += w[i] >> 16) {
      if ((w[i] & 0xffff) == SPV_OP_DECORATE && w[i + 2] == SPV_DEC_DESCRIPTOR_SET &&
          w[i + 3] == 1)
         set1 = true;
      if (!(w[i] >> 16))
         break;
   }
   CHECK(set1);
   CHECK(kgl_spirv_validate(w, n, KGL_SPIRV_ENV_VULKAN_1_0, NULL));
   kgl_program_destroy(prog);
   kgl_shader_destroy(sh);
}
