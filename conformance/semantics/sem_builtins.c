/* SPDX-License-Identifier: MIT */
/*
 * Piglit's generated built-in-function fragment shaders as semantics
 * inputs. Each computes one built-in on uniforms (`result = f(arg0, ...)`)
 * and paints green or red against `expected`. Vulkan cannot run them as
 * they are (loose uniforms, gl_FragColor, GLSL 1.10-4.00), so their text is
 * rewritten first (sem_builtins_rewrite): GLSL 4.50, the uniforms as the
 * members of one std140 block, gl_FragColor as output 0, and `result`
 * itself as output 7 so that the comparison sees what the built-in
 * computed, not only whether it matched. The rewritten shader is compiled
 * by kgl (Vulkan flavour), round-tripped, and both modules run on the
 * harness's inputs.
 */
#include "sem_corpus.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "corpus.h"
#include "kgl.h"
#include "kgl_validate.h"
#include "util/arena.h"
#include "util/os.h"
#include "util/strbuf.h"

/* What `result` of GLSL type `type` becomes on output 1, or NULL. */
static const char *
result_output(const char *type, const char **conversion)
{
   static const struct {
      const char *glsl, *out, *conv;
   } table[] = {
      {"float", "float", ""},        {"vec2", "vec2", ""},
      {"vec3", "vec3", ""},          {"vec4", "vec4", ""},
      {"int", "int", ""},            {"ivec2", "ivec2", ""},
      {"ivec3", "ivec3", ""},        {"ivec4", "ivec4", ""},
      {"uint", "uint", ""},          {"uvec2", "uvec2", ""},
      {"uvec3", "uvec3", ""},        {"uvec4", "uvec4", ""},
      {"bool", "uint", "uint"},      {"bvec2", "uvec2", "uvec2"},
      {"bvec3", "uvec3", "uvec3"},   {"bvec4", "uvec4", "uvec4"},
      /* Matrices: their first column. */
      {"mat2", "vec2", "M"},         {"mat3", "vec3", "M"},
      {"mat4", "vec4", "M"},         {"mat2x2", "vec2", "M"},
      {"mat2x3", "vec3", "M"},       {"mat2x4", "vec4", "M"},
      {"mat3x2", "vec2", "M"},       {"mat3x3", "vec3", "M"},
      {"mat3x4", "vec4", "M"},       {"mat4x2", "vec2", "M"},
      {"mat4x3", "vec3", "M"},       {"mat4x4", "vec4", "M"},
      /* Doubles and 64-bit integers: their 32-bit halves. */
      {"double", "uvec2", "D"},      {"dvec2", "uvec4", "D2"},
      {"int64_t", "uvec2", "L"},     {"uint64_t", "uvec2", "L"},
      {"i64vec2", "uvec4", "L2"},    {"u64vec2", "uvec4", "L2"},
   };
   for (unsigned i = 0; i < ARRAY_SIZE(table); i++) {
      if (strcmp(type, table[i].glsl) == 0) {
         *conversion = table[i].conv;
         return table[i].out;
      }
   }
   return NULL;
}

static void
append_result_store(struct strbuf *sb, const char *conv)
{
   if (strcmp(conv, "M") == 0)
      strbuf_append(sb, "   kiln_result = result[0];\n");
   else if (strcmp(conv, "D") == 0)
      strbuf_append(sb, "   kiln_result = unpackDouble2x32(result);\n");
   else if (strcmp(conv, "D2") == 0)
      strbuf_append(sb, "   kiln_result = uvec4(unpackDouble2x32(result.x), "
                        "unpackDouble2x32(result.y));\n");
   else if (strcmp(conv, "L") == 0)
      strbuf_append(sb, "   kiln_result = uvec2(uint(uint64_t(result)), "
                        "uint(uint64_t(result) >> 32));\n");
   else if (strcmp(conv, "L2") == 0)
      strbuf_append(sb, "   kiln_result = uvec4(uint(uint64_t(result.x)), "
                        "uint(uint64_t(result.x) >> 32), uint(uint64_t(result.y)), "
                        "uint(uint64_t(result.y) >> 32));\n");
   else
      strbuf_printf(sb, "   kiln_result = %s(result);\n", conv);
}

static char *
rewrite(const char *src, bool loose, const char **why)
{
   struct strbuf head, uniforms, body;
   strbuf_init(&head);
   strbuf_init(&uniforms);
   strbuf_init(&body);
   strbuf_append(&head, "#version 450\n");
   char result_type[32] = "";
   const char *conv = NULL, *out_type = NULL;
   bool in_main = false;
   int depth = 0;
   for (const char *line = src; *line;) {
      const char *eol = strchr(line, '\n');
      const size_t len = eol ? (size_t)(eol - line) : strlen(line);
      const char *next = eol ? eol + 1 : line + len;
      char buf[4096];
      if (len >= sizeof(buf)) {
         *why = "line too long";
         goto fail;
      }
      memcpy(buf, line, len);
      buf[len] = '\0';
      const char *t = buf;
      while (*t == ' ' || *t == '\t')
         t++;
      char type[64], name[128];
      if (strncmp(t, "#version", 8) == 0) {
         /* replaced by 450 */
      } else if (strncmp(t, "#extension", 10) == 0) {
         strbuf_printf(&head, "%s\n", t);
      } else if (sscanf(t, "uniform %63s %127[^;];", type, name) == 2 &&
                 strchr(t, ';') && !strchr(t, '(')) {
         strbuf_printf(&uniforms, "%s%s %s;\n", loose ? "uniform " : "   ", type, name);
      } else {
         if (!result_type[0] && sscanf(t, "%31s result =", type) == 1 &&
             strstr(t, " result = ")) {
            snprintf(result_type, sizeof(result_type), "%s", type);
            out_type = result_output(result_type, &conv);
         }
         if (strncmp(t, "void main()", 11) == 0)
            in_main = true;
         bool closes_main = false;
         for (const char *p = t; in_main && *p; p++) {
            if (*p == '{') {
               depth++;
            } else if (*p == '}' && --depth == 0) {
               in_main = false;
               closes_main = true;
            }
         }
         /* The result is stored just before main's closing brace, which
          * piglit's generator puts on a line of its own. */
         if (closes_main && out_type) {
            if (t[0] == '}')
               append_result_store(&body, conv);
            else
               out_type = NULL;
         }
         /* gl_FragColor -> kiln_frag_color */
         for (const char *p = buf; *p;) {
            if (strncmp(p, "gl_FragColor", 12) == 0) {
               strbuf_append(&body, "kiln_frag_color");
               p += 12;
            } else {
               strbuf_append_n(&body, p++, 1);
            }
         }
         strbuf_append(&body, "\n");
      }
      line = next;
   }
   if (!uniforms.len) {
      *why = "no uniforms";
      goto fail;
   }
   if (loose)
      strbuf_append(&head, strbuf_str(&uniforms));
   else
      strbuf_printf(&head, "layout(std140, binding = 0) uniform kiln_uniforms {\n%s};\n",
                    strbuf_str(&uniforms));
   /* An output the shader never writes would come back undefined (Vulkan
    * 1.3, 16.4 "Fragment Output Interface"): gl_FragColor's replacement
    * only when the shader writes gl_FragColor (others declare their own
    * outputs, which glslang locates from 0 up), the result last. */
   if (strstr(src, "gl_FragColor"))
      strbuf_append(&head, "layout(location = 0) out vec4 kiln_frag_color;\n");
   if (out_type)
      strbuf_printf(&head, "layout(location = 7) out %s kiln_result;\n", out_type);
   strbuf_append(&head, strbuf_str(&body));
   strbuf_finish(&uniforms);
   strbuf_finish(&body);
   if (head.oom) {
      *why = "out of memory";
      strbuf_finish(&head);
      return NULL;
   }
   *why = out_type ? NULL : "result's type is not compared (only the colour is)";
   return strbuf_steal(&head);
fail:
   strbuf_finish(&head);
   strbuf_finish(&uniforms);
   strbuf_finish(&body);
   return NULL;
}

char *
sem_builtins_rewrite(const char *src, const char **why)
{
   return rewrite(src, false, why);
}

char *
sem_builtins_rewrite_gl(const char *src, const char **why)
{
   return rewrite(src, true, why);
}

/* The GL way: the same shader with loose uniforms (GL-flavoured SPIR-V from
 * kgl) through zink's lowering and ntv (corpus_roundtrip_gl_program, which
 * also checks the second trip). The module is malloc'd. */
static bool
gl_lowered(const char *fs, uint32_t **words, size_t *count, char *why, size_t why_size)
{
   const char *note = NULL;
   char *glsl = sem_builtins_rewrite_gl(fs, &note);
   if (!glsl) {
      snprintf(why, why_size, "cannot rewrite: %s", note);
      return false;
   }
   const char *text_ptr = glsl;
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_FRAGMENT, .strings = &text_ptr, .count = 1};
   const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_GL};
   struct kgl_program *prog = NULL;
   bool ok = false;
   if (kgl_program_create_from_sources(&desc, 1, &opts, &prog) != KGL_SUCCESS) {
      char reason[200];
      corpus_reason_from_log(prog ? kgl_program_info_log(prog) : "?", reason, sizeof(reason));
      snprintf(why, why_size, "GL shader does not compile: %s", reason);
      goto out;
   }
   struct corpus_gl_stage stages[KGL_STAGE_COUNT];
   memset(stages, 0, sizeof(stages));
   stages[KGL_STAGE_FRAGMENT].words =
      kgl_program_spirv(prog, KGL_STAGE_FRAGMENT, &stages[KGL_STAGE_FRAGMENT].word_count);
   corpus_roundtrip_gl_program(stages, true);
   if (!stages[KGL_STAGE_FRAGMENT].ok) {
      snprintf(why, why_size, "GL lowering round trip: %s", stages[KGL_STAGE_FRAGMENT].reason);
      goto out;
   }
   *words = stages[KGL_STAGE_FRAGMENT].first;
   *count = stages[KGL_STAGE_FRAGMENT].first_count;
   ok = true;
out:
   kgl_program_destroy(prog);
   free(glsl);
   return ok;
}

static enum sem_outcome
run_one(struct sem_device *dev, const char *root, const char *path, bool gl, char *why,
        size_t why_size, unsigned *nan_only)
{
   char full[1024];
   snprintf(full, sizeof(full), "%s/%s", root, path);
   size_t size;
   char *text = util_read_file(full, &size);
   struct arena *arena = arena_create(NULL);
   enum sem_outcome result = SEM_SKIPPED;
   struct kgl_program *prog = NULL;
   struct arena *trip_arena = NULL;
   uint32_t *rt = NULL;        /* in trip_arena, or gl_module */
   uint32_t *gl_module = NULL; /* malloc'd */
   char *glsl = NULL;
   struct corpus_test t;
   const char *error = NULL;
   if (!text || !arena || !corpus_shader_test_parse(arena, path, text, &t, &error)) {
      snprintf(why, why_size, "cannot read the test: %s", error ? error : "?");
      goto out;
   }
   const char *fs = NULL;
   for (unsigned i = 0; i < t.source_count; i++)
      if (t.sources[i].stage == KGL_STAGE_FRAGMENT)
         fs = t.sources[i].text;
   const char *rewrite_note = NULL;
   if (!fs || !(glsl = sem_builtins_rewrite(fs, &rewrite_note))) {
      snprintf(why, why_size, "cannot rewrite: %s", fs ? rewrite_note : "no fragment shader");
      goto out;
   }
   const char *text_ptr = glsl;
   const struct kgl_shader_desc desc = {
      .stage = KGL_STAGE_FRAGMENT, .strings = &text_ptr, .count = 1};
   const struct kgl_link_options opts = {.flavour = KGL_FLAVOUR_VULKAN};
   if (kgl_program_create_from_sources(&desc, 1, &opts, &prog) != KGL_SUCCESS) {
      char reason[200];
      corpus_reason_from_log(prog ? kgl_program_info_log(prog) : "?", reason, sizeof(reason));
      snprintf(why, why_size, "rewritten shader does not compile: %s", reason);
      goto out;
   }
   size_t na, nb;
   const uint32_t *a = kgl_program_spirv(prog, KGL_STAGE_FRAGMENT, &na);
   /* A module no device here can run is skipped before anything else (the
    * GL way's interface can differ for reasons of its own). */
   char cap_why[200];
   if (!sem_module_capabilities_runnable(a, na, sem_device_has_extension, dev, cap_why,
                                         sizeof(cap_why))) {
      snprintf(why, why_size, "original does not run: %s", cap_why);
      goto out;
   }
   /* One trip: the module to compare. (That a second trip reproduces it is
    * the corpus runner's check, not a question of semantics.) In GL mode,
    * the GL way to the same shader instead. */
   char reason[256];
   uint32_t *first;
   if (gl) {
      if (!gl_lowered(fs, &gl_module, &nb, reason, sizeof(reason))) {
         snprintf(why, why_size, "%s", reason);
         result = SEM_DIFFERENT;
         goto out;
      }
      rt = gl_module;
   } else if (!(trip_arena = arena_create(NULL)) ||
              !corpus_trip(a, na, KGL_STAGE_FRAGMENT, false, true, trip_arena, &first, &nb,
                           reason, sizeof(reason))) {
      snprintf(why, why_size, "round trip: %s", trip_arena ? reason : "out of memory");
      result = SEM_DIFFERENT;
      goto out;
   } else {
      rt = first;
   }
   char *msg = NULL;
   if (!kgl_spirv_validate(rt, nb, KGL_SPIRV_ENV_VULKAN_1_0, &msg)) {
      corpus_reason_from_log(msg, reason, sizeof(reason));
      snprintf(why, why_size, "round trip: spirv-val: %s", reason);
      free(msg);
      result = SEM_DIFFERENT;
      goto out;
   }
   result = sem_compare_modules(dev, a, na, rt, nb, why, why_size, nan_only);
out:
   arena_destroy(trip_arena);
   free(gl_module);
   kgl_program_destroy(prog);
   free(glsl);
   arena_destroy(arena);
   free(text);
   return result;
}

int
sem_builtins_run(struct sem_device *dev, const char *root, bool gl, unsigned sample,
                 unsigned limit, const char *filter, const char *const *expect_files, unsigned expect_count,
                 FILE *write_fails)
{
   struct corpus_list list;
   if (!corpus_list_files(root, &list)) {
      fprintf(stderr, "kiln-semantics: cannot list %s\n", root);
      return 2;
   }
   struct arena *arena = arena_create(NULL);
   const char *error = NULL;
   struct corpus_expectations *expect = NULL;
   if (arena && expect_count &&
       !(expect = corpus_expectations_load(arena, expect_files, expect_count, &error))) {
      fprintf(stderr, "kiln-semantics: %s\n", error);
      corpus_list_finish(&list);
      arena_destroy(arena);
      return 2;
   }
   unsigned tried = 0, same = 0, different = 0, skipped = 0, nan_pairs = 0, unexpected = 0;
   unsigned index = 0;
   const uint64_t t0 = util_time_ns();
   for (size_t i = 0; i < list.count && (!limit || tried < limit); i++) {
      const char *p = list.paths[i];
      if (!strstr(p, "/execution/built-in-functions/fs-") || (filter && !strstr(p, filter)) ||
          index++ % sample)
         continue;
      tried++;
      char why[320] = "";
      unsigned nan_only = 0;
      const enum sem_outcome o = run_one(dev, root, p, gl, why, sizeof(why), &nan_only);
      /* The GL mode's results are another test of the same file. */
      char key[600];
      snprintf(key, sizeof(key), "%s:fragment%s", p, gl ? ":gl" : "");
      const char *want = corpus_expectations_lookup(expect, key);
      if (o == SEM_SAME) {
         same++;
         nan_pairs += nan_only > 0;
         if (strcmp(want, "Pass")) {
            unexpected++;
            printf("UNEXPECTED PASS %s (listed as %s: delete the line)\n", key, want);
         }
      } else if (o == SEM_DIFFERENT) {
         different++;
         if (write_fails)
            fprintf(write_fails, "%s,Fail # %s\n", key, why);
         if (strcmp(want, "Fail")) {
            unexpected++;
            printf("UNEXPECTED Fail %s: %s\n", key, why);
         }
      } else {
         skipped++;
         printf("skipped %s: %s\n", key, why);
      }
   }
   printf("\n==== kiln-semantics: piglit's built-in-function fragment shaders on %s%s ====\n",
          sem_device_name(dev),
          gl ? " (GL way: loose uniforms, zink's lowering, ntv)" : "");
   printf("shaders: %u (every %u of the fs-* tests)\n", tried, sample);
   printf("  same results: %u (%u of them with NaN-only differences)\n", same, nan_pairs);
   printf("  different results (or %s failed): %u\n", gl ? "the GL lowering" : "round trip",
          different);
   printf("  skipped: %u\n", skipped);
   printf("time: %.1f s\n", (double)(util_time_ns() - t0) / 1e9);
   printf("expectations: %u unexpected results\n", unexpected);
   printf("%s\n", unexpected ? "RESULT: FAIL" : "RESULT: PASS");
   corpus_list_finish(&list);
   arena_destroy(arena);
   return unexpected ? 1 : 0;
}
