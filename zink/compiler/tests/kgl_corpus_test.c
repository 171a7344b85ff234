/* SPDX-License-Identifier: MIT */
/*
 * Every GLSL version and profile GL and GLES define, every stage each one
 * has: compiles, links, picks the expected flavour, and validates.
 */
#include "kgl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl_test_util.h"
#include "kgl_validate.h"
#include "util/test.h"

struct glsl_version {
   int version;
   const char *profile; /* "", "core", "compatibility", "es" */
};

static const struct glsl_version versions[] = {
   {110, ""},     {120, ""},     {130, ""},           {140, ""},    {150, "core"},
   {150, "compatibility"},       {330, "core"},       {330, "compatibility"},
   {400, "core"}, {410, "core"}, {420, "core"},       {430, "core"}, {440, "core"},
   {450, "core"}, {450, "compatibility"},             {460, "core"}, {460, "compatibility"},
   {100, "es"},   {300, "es"},   {310, "es"},         {320, "es"},
};

static bool
is_es(const struct glsl_version *v)
{
   return strcmp(v->profile, "es") == 0;
}

static bool
is_compat(const struct glsl_version *v)
{
   return strcmp(v->profile, "compatibility") == 0;
}

/* "Modern" in/out syntax: desktop 1.30+, ES 3.00+. */
static bool
modern(const struct glsl_version *v)
{
   return is_es(v) ? v->version >= 300 : v->version >= 130;
}

static bool
has_stage(const struct glsl_version *v, enum kgl_stage s)
{
   switch (s) {
   case KGL_STAGE_VERTEX:
   case KGL_STAGE_FRAGMENT:
      return true;
   case KGL_STAGE_GEOMETRY:
      return is_es(v) ? v->version >= 320 : v->version >= 150;
   case KGL_STAGE_TESS_CTRL:
   case KGL_STAGE_TESS_EVAL:
      return is_es(v) ? v->version >= 320 : v->version >= 400;
   case KGL_STAGE_COMPUTE:
      return is_es(v) ? v->version >= 310 : v->version >= 430;
   default:
      return false;
   }
}

static enum kgl_flavour
expected_flavour(const struct glsl_version *v)
{
   if (is_es(v))
      return v->version >= 310 ? KGL_FLAVOUR_VULKAN : KGL_FLAVOUR_GL;
   return v->version >= 140 && !is_compat(v) ? KGL_FLAVOUR_VULKAN : KGL_FLAVOUR_GL;
}

static void
shader_text(char *buf, size_t size, const struct glsl_version *v, enum kgl_stage s,
            const char *fs_in)
{
   int n = 0;
   if (v->version != 110 && v->version != 100)
      n += snprintf(buf + n, size - n, "#version %d %s\n", v->version, v->profile);
   else if (v->version == 100)
      n += snprintf(buf + n, size - n, "#version 100\n");
   if (is_es(v))
      n += snprintf(buf + n, size - n, "precision highp float;\n");
   const bool m = modern(v);
   const bool old_builtins = !m || is_compat(v);
   switch (s) {
   case KGL_STAGE_VERTEX:
      n += snprintf(buf + n, size - n,
                    "%s vec4 p;\n%s vec4 v;\n"
                    "void main() { v = p; gl_Position = p%s; }\n",
                    m ? "in" : "attribute", m ? "out" : "varying",
                    old_builtins && !is_es(v) ? " + gl_ModelViewMatrix * gl_Vertex" : "");
      break;
   case KGL_STAGE_FRAGMENT:
      if (m && !is_compat(v))
         n += snprintf(buf + n, size - n,
                       "in vec4 %s;\nout vec4 o;\nvoid main() { o = %s; }\n", fs_in, fs_in);
      else if (m)
         n += snprintf(buf + n, size - n,
                       "in vec4 %s;\nvoid main() { gl_FragColor = %s + gl_Color; }\n", fs_in,
                       fs_in);
      else
         n += snprintf(buf + n, size - n,
                       "varying vec4 v;\nvoid main() { gl_FragColor = v; }\n");
      break;
   case KGL_STAGE_GEOMETRY:
      n += snprintf(buf + n, size - n,
                    "layout(triangles) in;\n"
                    "layout(triangle_strip, max_vertices = 3) out;\n"
                    "in vec4 v[];\nout vec4 g;\n"
                    "void main() {\n"
                    "   for (int i = 0; i < 3; i++) {\n"
                    "      g = v[i]; gl_Position = gl_in[i].gl_Position; EmitVertex();\n"
                    "   }\n"
                    "   EndPrimitive();\n"
                    "}\n");
      break;
   case KGL_STAGE_TESS_CTRL:
      n += snprintf(buf + n, size - n,
                    "layout(vertices = 3) out;\n"
                    "in vec4 v[];\nout vec4 tv[];\n"
                    "void main() {\n"
                    "   tv[gl_InvocationID] = v[gl_InvocationID];\n"
                    "   gl_out[gl_InvocationID].gl_Position = "
                    "gl_in[gl_InvocationID].gl_Position;\n"
                    "   gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = "
                    "gl_TessLevelOuter[2] = 2.0;\n"
                    "   gl_TessLevelInner[0] = 3.0;\n"
                    "}\n");
      break;
   case KGL_STAGE_TESS_EVAL:
      n += snprintf(buf + n, size - n,
                    "layout(triangles, equal_spacing, ccw) in;\n"
                    "in vec4 tv[];\nout vec4 v;\n"
                    "void main() {\n"
                    "   v = tv[0] * gl_TessCoord.x + tv[1] * gl_TessCoord.y"
                    " + tv[2] * gl_TessCoord.z;\n"
                    "   gl_Position = gl_in[0].gl_Position;\n"
                    "}\n");
      break;
   case KGL_STAGE_COMPUTE:
      n += snprintf(buf + n, size - n,
                    "layout(local_size_x = 4, local_size_y = 2) in;\n"
                    "layout(std430, binding = 0) buffer B { uint d[]; };\n"
                    "void main() { d[gl_GlobalInvocationID.x] = gl_LocalInvocationIndex; }\n");
      break;
   default:
      break;
   }
}

/*
 * glslang 12's known limits, asserted so that a glslang that lifts them
 * makes this test fail and the table gets shorter:
 *  - compatibility profile >= 1.50: gl_PerVertex carries gl_FrontColor,
 *    gl_TexCoord, ... next to real built-ins, and spirv-val refuses a struct
 *    that mixes BuiltIn and plain members;
 *  - compatibility profile 4.x: a fragment shader reading gl_Color after a
 *    geometry shader fails glslang's cross-stage check with "Anonymous member
 *    name used for global variable" (gl_TexCoord, gl_FogFragCoord).
 */
static bool
mixed_per_vertex(const struct glsl_version *v, const struct kgl_test_src *src,
                 unsigned count)
{
   if (!is_compat(v) || v->version < 150)
      return false;
   for (unsigned i = 0; i < count; i++) {
      if (src[i].stage != KGL_STAGE_FRAGMENT && src[i].stage != KGL_STAGE_COMPUTE)
         return true;
   }
   return false;
}

static bool
anonymous_member_link_error(const struct glsl_version *v, unsigned count)
{
   return is_compat(v) && v->version >= 400 && count > 1;
}

static void
check_program(const struct kgl_test_src *src, unsigned count, const struct glsl_version *v,
              const char *what)
{
   struct kgl_program *prog = NULL;
   const enum kgl_result r = kgl_test_build(src, count, KGL_FLAVOUR_AUTO, is_es(v), &prog);
   if (anonymous_member_link_error(v, count)) {
      CHECK(r == KGL_LINK_FAILED &&
            strstr(kgl_program_info_log(prog), "Anonymous member name") != NULL);
      kgl_program_destroy(prog);
      return;
   }
   if (r != KGL_SUCCESS) {
      test_fail(__FILE__, __LINE__, "%s %d %s: %s\n%s", what, v->version, v->profile,
                kgl_result_name(r), prog ? kgl_program_info_log(prog) : "");
      kgl_program_destroy(prog);
      return;
   }
   CHECK(kgl_program_flavour(prog) == expected_flavour(v) ||
         test_fail(__FILE__, __LINE__, "%s %d %s: flavour %s", what, v->version,
                   v->profile, kgl_flavour_name(kgl_program_flavour(prog))));
   uint32_t want_stages = 0;
   for (unsigned i = 0; i < count; i++)
      want_stages |= 1u << src[i].stage;
   CHECK_EQ(kgl_program_stages(prog), want_stages);
   char *msg = NULL;
   if (mixed_per_vertex(v, src, count)) {
      CHECK(!kgl_test_all_valid(prog, &msg) && msg && strstr(msg, "BuiltIn"));
   } else {
      CHECK(kgl_test_all_valid(prog, &msg) ||
            test_fail(__FILE__, __LINE__, "%s %d %s: %s", what, v->version, v->profile,
                      msg));
   }
   free(msg);
   kgl_program_destroy(prog);
}

TEST(every_version_profile_and_stage)
{
   unsigned programs = 0;
   for (unsigned i = 0; i < ARRAY_SIZE(versions); i++) {
      const struct glsl_version *v = &versions[i];
      static char text[KGL_STAGE_COUNT][2048];
      for (unsigned s = 0; s < KGL_STAGE_COUNT; s++) {
         if (!has_stage(v, s))
            continue;
         shader_text(text[s], sizeof(text[s]), v, s, "v");
         const struct kgl_test_src one = {s, text[s]};
         check_program(&one, 1, v, kgl_stage_name(s));
         programs++;
      }
      /* The whole pipeline the version has, linked; after a geometry
       * shader the fragment shader reads its output g. */
      if (has_stage(v, KGL_STAGE_GEOMETRY))
         shader_text(text[KGL_STAGE_FRAGMENT], sizeof(text[0]), v, KGL_STAGE_FRAGMENT, "g");
      struct kgl_test_src all[KGL_STAGE_COUNT];
      unsigned n = 0;
      for (unsigned s = 0; s < KGL_STAGE_COUNT; s++) {
         if (s != KGL_STAGE_COMPUTE && has_stage(v, s))
            all[n++] = (struct kgl_test_src){s, text[s]};
      }
      check_program(all, n, v, "pipeline");
      programs++;
   }
   CHECK(programs > 60);
}

TEST(no_version_means_110_or_100_es)
{
   const char *text = "attribute vec4 p;\nvoid main() { gl_Position = p; }\n";
   for (int es = 0; es < 2; es++) {
      const struct kgl_shader_desc desc = {
         .stage = KGL_STAGE_VERTEX, .strings = &text, .count = 1, .es = es};
      struct kgl_shader *sh = NULL;
      CHECK_EQ(kgl_shader_create(&desc, &sh), KGL_SUCCESS);
      REQUIRE(sh);
      bool is_es = !es, compat = false;
      CHECK_EQ(kgl_shader_version(sh, &is_es, &compat), es ? 100 : 110);
      CHECK_EQ(is_es, es);
      CHECK_EQ(compat, !es);
      kgl_shader_destroy(sh);
   }
}

TEST(forward_compatible_rejects_deprecated)
{
   /* `attribute` is deprecated in 1.30: a forward-compatible context refuses
    * it, a normal one accepts it. (glslang 12 still accepts gl_FragColor in
    * a forward-compatible 1.30 context.) */
   const char *text = "#version 130\nattribute vec4 p;\nvoid main() { gl_Position = p; }\n";
   for (int fc = 0; fc < 2; fc++) {
      const struct kgl_shader_desc desc = {.stage = KGL_STAGE_VERTEX,
                                           .strings = &text,
                                           .count = 1,
                                           .forward_compatible = fc};
      struct kgl_shader *sh = NULL;
      CHECK_EQ(kgl_shader_create(&desc, &sh), fc ? KGL_COMPILE_FAILED : KGL_SUCCESS);
      kgl_shader_destroy(sh);
   }
}
