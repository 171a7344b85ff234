/* SPDX-License-Identifier: MIT */
/*
 * The lenient GL-flavoured mode on what glslang's C++ API really emits for
 * GL and compatibility-profile GLSL (through zink/compiler's kgl shim):
 * loose uniforms, unlocated varyings, compatibility built-ins known by name.
 * The same modules must be refused in the strict Vulkan mode.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kgl.h"
#include "stn_mutate.h"
#include "spirv/spirv_to_nir.h"
#include "util/test.h"

struct stage_src {
   enum kgl_stage stage;
   const char *text;
};

/* Links the program in the GL flavour and translates `stage`. */
static nir_shader *
gl_translate(const struct stage_src *srcs, unsigned n, enum kgl_stage stage,
             enum spirv_env env, char **err)
{
   struct kgl_shader_desc descs[4];
   for (unsigned i = 0; i < n; i++)
      descs[i] = (struct kgl_shader_desc){.stage = srcs[i].stage, .strings = &srcs[i].text,
                                          .count = 1};
   const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_GL};
   struct kgl_program *prog = NULL;
   *err = NULL;
   if (kgl_program_create_from_sources(descs, n, &opts, &prog) != KGL_SUCCESS) {
      if (prog)
         printf("    link log: %s\n", kgl_program_info_log(prog));
      kgl_program_destroy(prog);
      *err = strdup("kgl failed");
      return NULL;
   }
   size_t count;
   const uint32_t *w = kgl_program_spirv(prog, stage, &count);
   static const nir_shader_stage map[] = {NIR_STAGE_VERTEX, NIR_STAGE_TESS_CTRL,
                                          NIR_STAGE_TESS_EVAL, NIR_STAGE_GEOMETRY,
                                          NIR_STAGE_FRAGMENT, NIR_STAGE_COMPUTE};
   const struct spirv_to_nir_options o = {.env = env};
   nir_shader *s = w ? spirv_to_nir(w, count, map[stage], "main", &o, NULL, err) : NULL;
   kgl_program_destroy(prog);
   return s;
}

static nir_variable *
find_var(nir_shader *s, const char *name)
{
   nir_foreach_variable_in_shader(var, s) {
      if (var->name && strcmp(var->name, name) == 0)
         return var;
   }
   return NULL;
}

static const char *const compat_vs =
   "#version 120\n"
   "uniform float scale;\n"
   "uniform vec4 tint[2];\n"
   "varying vec4 color;\n"
   "void main() {\n"
   "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex * scale;\n"
   "   color = gl_Color * tint[1];\n"
   "   gl_FrontColor = gl_Color;\n"
   "   gl_TexCoord[0] = gl_MultiTexCoord0;\n"
   "}\n";

static const char *const compat_fs =
   "#version 120\n"
   "uniform sampler2D tex;\n"
   "varying vec4 color;\n"
   "void main() {\n"
   "   gl_FragColor = color * texture2D(tex, gl_TexCoord[0].xy) * gl_Color;\n"
   "}\n";

TEST(gl_flavoured_compat_vertex_shader)
{
   const struct stage_src srcs[] = {{KGL_STAGE_VERTEX, compat_vs},
                                    {KGL_STAGE_FRAGMENT, compat_fs}};
   char *err;
   nir_shader *s = gl_translate(srcs, 2, KGL_STAGE_VERTEX, SPIRV_ENV_OPENGL_GL_FLAVOURED, &err);
   if (!CHECK(s)) {
      printf("    %s\n", err ? err : "?");
      free(err);
      return;
   }
   /* Compatibility built-ins, known by name. */
   nir_variable *mvp = find_var(s, "gl_ModelViewProjectionMatrix");
   nir_variable *vertex = find_var(s, "gl_Vertex");
   nir_variable *front = find_var(s, "gl_FrontColor");
   if (CHECK(mvp)) {
      CHECK(spirv_gl_compat_builtin_name(mvp->name));
      CHECK(mvp->data.mode == NIR_VAR_UNIFORM);
   }
   if (CHECK(vertex))
      CHECK(vertex->data.mode == NIR_VAR_SHADER_IN);
   if (CHECK(front))
      CHECK(front->data.mode == NIR_VAR_SHADER_OUT);
   /* A loose uniform: a uniform-mode variable of a plain type. */
   nir_variable *scale = find_var(s, "scale");
   if (CHECK(scale)) {
      CHECK(scale->data.mode == NIR_VAR_UNIFORM);
      CHECK(glsl_type_is_scalar(scale->type));
   }
   /* The user varying keeps its name for GL's by-name matching. */
   CHECK(find_var(s, "color") != NULL);
   CHECK(!spirv_gl_compat_builtin_name("color"));
   CHECK_EQ(nir_validate_shader_report(s, NULL), 0);
   nir_shader_destroy(s);
   free(err);

   /* The strict Vulkan mode refuses the same module. */
   s = gl_translate(srcs, 2, KGL_STAGE_VERTEX, SPIRV_ENV_VULKAN, &err);
   CHECK(s == NULL);
   if (err) {
      CHECK(spirv_to_nir_error_offset(err) >= 0 || strcmp(err, "kgl failed") == 0);
      CHECK(strstr(err, "GL-flavoured") != NULL || strstr(err, "Location") != NULL ||
            strstr(err, "DescriptorSet") != NULL || strstr(err, "OriginUpperLeft") != NULL);
   }
   if (s)
      nir_shader_destroy(s);
   free(err);
}

TEST(gl_flavoured_compat_fragment_shader)
{
   const struct stage_src srcs[] = {{KGL_STAGE_VERTEX, compat_vs},
                                    {KGL_STAGE_FRAGMENT, compat_fs}};
   char *err;
   nir_shader *s =
      gl_translate(srcs, 2, KGL_STAGE_FRAGMENT, SPIRV_ENV_OPENGL_GL_FLAVOURED, &err);
   if (!CHECK(s)) {
      printf("    %s\n", err ? err : "?");
      free(err);
      return;
   }
   nir_variable *fc = find_var(s, "gl_FragColor");
   if (CHECK(fc))
      CHECK(fc->data.mode == NIR_VAR_SHADER_OUT);
   /* GL's lower-left origin survives. */
   CHECK(!s->info.fs.origin_upper_left);
   nir_variable *tex = find_var(s, "tex");
   if (CHECK(tex))
      CHECK(glsl_type_is_sampled_image(glsl_without_array(tex->type)));
   CHECK_EQ(nir_validate_shader_report(s, NULL), 0);
   nir_shader_destroy(s);
   free(err);
}

TEST(gl_flavoured_legacy_versions_translate)
{
   /* A few shapes old GLSL takes: 1.10 with no #version, gl_FragData,
    * discard, loops, 1.30 in/out, 1.20 matrices and fog. */
   static const struct {
      const char *vs, *fs;
   } progs[] = {
      {"void main() { gl_Position = ftransform(); gl_FrontColor = gl_Color; }",
       "void main() { if (gl_Color.a < 0.5) discard; gl_FragData[0] = gl_Color; }"},
      {"#version 130\nin vec4 pos; out vec2 uv; uniform mat4 m;\n"
       "void main() { gl_Position = m * pos; uv = pos.xy; }",
       "#version 130\nin vec2 uv; uniform sampler2D t; out vec4 c;\n"
       "void main() { vec4 a = vec4(0.0); for (int i = 0; i < 4; i++) "
       "a += texture(t, uv * float(i)); c = a; }"},
      {"#version 120\nattribute vec4 a; uniform mat3 nm; varying vec3 n;\n"
       "void main() { gl_Position = gl_ProjectionMatrix * gl_ModelViewMatrix * a; "
       "n = nm * gl_Normal; gl_FogFragCoord = a.z; }",
       "#version 120\nvarying vec3 n;\n"
       "void main() { gl_FragColor = vec4(normalize(n), gl_FogFragCoord); }"},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(progs); i++) {
      const struct stage_src srcs[] = {{KGL_STAGE_VERTEX, progs[i].vs},
                                       {KGL_STAGE_FRAGMENT, progs[i].fs}};
      for (unsigned st = 0; st < 2; st++) {
         char *err;
         nir_shader *s = gl_translate(srcs, 2, st ? KGL_STAGE_FRAGMENT : KGL_STAGE_VERTEX,
                                      SPIRV_ENV_OPENGL_GL_FLAVOURED, &err);
         if (!CHECK(s))
            printf("    program %u stage %u: %s\n", i, st, err ? err : "?");
         else
            CHECK_EQ(nir_validate_shader_report(s, NULL), 0);
         if (s)
            nir_shader_destroy(s);
         free(err);
      }
   }
}

/* GL-flavoured modules mutated: each result must translate to valid IR or
 * fail with a word offset (the Vulkan-flavoured sweep is mutate_test.c).
 * KILN_WRITE_GL_SEEDS=dir also writes the unmutated modules there (how the
 * fuzzer's checked-in GL seeds in shared/spirv/fuzz/seeds were made). */
TEST(gl_flavoured_mutations_never_crash)
{
   const struct stage_src srcs[] = {{KGL_STAGE_VERTEX, compat_vs},
                                    {KGL_STAGE_FRAGMENT, compat_fs}};
   struct kgl_shader_desc descs[2];
   for (unsigned i = 0; i < 2; i++)
      descs[i] = (struct kgl_shader_desc){.stage = srcs[i].stage, .strings = &srcs[i].text,
                                          .count = 1};
   const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_GL};
   struct kgl_program *prog = NULL;
   REQUIRE(kgl_program_create_from_sources(descs, 2, &opts, &prog) == KGL_SUCCESS);
   uint64_t rng = 0x1234567887654321ull;
   unsigned runs = 0, ok = 0, bad = 0;
   for (unsigned st = 0; st < 2; st++) {
      const enum kgl_stage ks = st ? KGL_STAGE_FRAGMENT : KGL_STAGE_VERTEX;
      size_t n;
      const uint32_t *orig = kgl_program_spirv(prog, ks, &n);
      if (!CHECK(orig))
         continue;
      const char *seed_dir = getenv("KILN_WRITE_GL_SEEDS");
      if (seed_dir) {
         char path[4096];
         snprintf(path, sizeof(path), "%s/gl_compat_%s.spv", seed_dir, st ? "frag" : "vert");
         FILE *f = fopen(path, "wb");
         if (f) {
            fwrite(orig, 4, n, f);
            fclose(f);
         }
      }
      uint32_t *w = malloc(n * 4);
      REQUIRE(w);
      const struct spirv_to_nir_options o = {.env = SPIRV_ENV_OPENGL_GL_FLAVOURED};
      for (unsigned round = 0; round < 1500; round++) {
         memcpy(w, orig, n * 4);
         size_t len = n;
         rng ^= rng << 13;
         rng ^= rng >> 7;
         rng ^= rng << 17;
         const size_t at = 5 + (size_t)(rng % (n - 5));
         switch (round % 4) {
         case 0:
            w[at] ^= 1u << ((rng >> 32) % 32);
            break;
         case 1:
            w[at] = (uint32_t)(rng >> 20) % 80;
            break;
         case 2:
            len = at;
            break;
         default:
            w[at] = (uint32_t)(rng >> 16);
            break;
         }
         char *err = NULL;
         nir_shader *s = spirv_to_nir(w, len, st ? NIR_STAGE_FRAGMENT : NIR_STAGE_VERTEX, NULL,
                                      &o, NULL, &err);
         runs++;
         if (s) {
            ok++;
            nir_shader_destroy(s);
         } else if (!err || spirv_to_nir_error_offset(err) < 0 ||
                    (size_t)spirv_to_nir_error_offset(err) > len ||
                    stn_is_internal_error(err)) {
            if (bad++ < 5)
               printf("    round %u: %s\n", round, err ? err : "(no message)");
         }
         free(err);
      }
      free(w);
   }
   kgl_program_destroy(prog);
   printf("    %u runs, %u translated\n", runs, ok);
   CHECK_EQ(bad, 0);
   CHECK(ok > 0);
}

TEST(gl_flavoured_atomic_counters)
{
   static const char *const vs = "#version 420\nvoid main() { gl_Position = vec4(0.0); }\n";
   static const char *const fs =
      "#version 420\n"
      "layout(binding = 0, offset = 4) uniform atomic_uint hits;\n"
      "out vec4 c;\n"
      "void main() { uint v = atomicCounterIncrement(hits); c = vec4(float(v)); }\n";
   const struct stage_src srcs[] = {{KGL_STAGE_VERTEX, vs}, {KGL_STAGE_FRAGMENT, fs}};
   char *err;
   nir_shader *s =
      gl_translate(srcs, 2, KGL_STAGE_FRAGMENT, SPIRV_ENV_OPENGL_GL_FLAVOURED, &err);
   if (!CHECK(s)) {
      printf("    %s\n", err ? err : "?");
      free(err);
      return;
   }
   nir_variable *hits = find_var(s, "hits");
   if (CHECK(hits)) {
      CHECK(hits->data.atomic_counter);
      CHECK(hits->data.mode == NIR_VAR_UNIFORM);
      CHECK(hits->data.explicit_binding);
      CHECK_EQ(hits->data.binding, 0);
      CHECK(hits->data.explicit_offset);
      CHECK_EQ(hits->data.offset_B, 4);
   }
   /* The increment is an atomic on the counter's deref. */
   bool found_atomic = false;
   nir_foreach_function_impl(impl, s) {
      nir_foreach_block(block, impl) {
         nir_foreach_instr(instr, block) {
            if (instr->type == NIR_INSTR_TYPE_INTRINSIC &&
                nir_instr_as_intrinsic(instr)->intrinsic == NIR_INTRINSIC_DEREF_ATOMIC)
               found_atomic = true;
         }
      }
   }
   CHECK(found_atomic);
   CHECK_EQ(nir_validate_shader_report(s, NULL), 0);
   nir_shader_destroy(s);
   free(err);
}
