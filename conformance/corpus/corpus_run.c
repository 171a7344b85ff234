/* SPDX-License-Identifier: MIT */
/*
 * One test through the pipeline: kgl (glslang) -> spirv-val -> (round trip).
 * Every stage of the test gets one record, whatever happens to it.
 */
#include "corpus.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "corpus_bench.h"
#include "kgl_validate.h"
#include "util/os.h"

static int
mkdir_p(char *path)
{
   for (char *p = path + 1; *p; p++) {
      if (*p != '/')
         continue;
      *p = '\0';
      const int r = mkdir(path, 0755);
      *p = '/';
      if (r != 0 && errno != EEXIST)
         return -errno;
   }
   return 0;
}

static void
write_spirv(const char *out_dir, const char *key, const char *suffix, const uint32_t *words,
            size_t n, char *reason, size_t reason_size)
{
   char path[1024];
   /* path:stage -> <out>/spirv/<path>.<stage><suffix> */
   const int len = snprintf(path, sizeof(path), "%s/spirv/%s%s", out_dir, key, suffix);
   if (len < 0 || (size_t)len >= sizeof(path))
      return;
   char *colon = strrchr(path, ':');
   if (colon)
      *colon = '.';
   int r = mkdir_p(path);
   if (r == 0)
      r = util_write_file(path, words, n * 4);
   if (r != 0)
      snprintf(reason, reason_size, "cannot write %s: %s", path, strerror(-r));
}

/* The records of a test: one per distinct stage, in pipeline order. */
static unsigned
init_records(const struct corpus_test *t, struct corpus_record *records, unsigned max,
             int record_of_stage[KGL_STAGE_COUNT])
{
   unsigned n = 0;
   for (int s = 0; s < KGL_STAGE_COUNT; s++) {
      record_of_stage[s] = -1;
      for (unsigned i = 0; i < t->source_count; i++) {
         if (t->sources[i].stage != (enum kgl_stage)s || n == max)
            continue;
         struct corpus_record *r = &records[n];
         memset(r, 0, sizeof(*r));
         snprintf(r->key, sizeof(r->key), "%s:%s", t->path, kgl_stage_name(s));
         r->stage = s;
         r->flavour = KGL_FLAVOUR_AUTO;
         record_of_stage[s] = (int)n++;
         break;
      }
   }
   return n;
}

static void
set_all(struct corpus_record *records, unsigned n, enum corpus_status status,
        const char *reason)
{
   for (unsigned i = 0; i < n; i++) {
      records[i].status = status;
      snprintf(records[i].reason, sizeof(records[i].reason), "%s", reason);
   }
}

unsigned
corpus_run_test(const struct corpus_test *t, const struct corpus_options *opts,
                struct corpus_record *records, unsigned max, struct corpus_timing *timing)
{
   int record_of_stage[KGL_STAGE_COUNT];
   const unsigned n = init_records(t, records, max, record_of_stage);
   if (t->excluded) {
      set_all(records, n, CORPUS_EXCLUDED, t->excluded);
      return n;
   }

   /* Compile each source: a stage that fails is compile_fail, the others
    * of the program are blocked by it. */
   uint64_t t0 = util_time_ns();
   struct kgl_shader *shaders[CORPUS_MAX_SHADERS] = {NULL};
   bool compiled = true;
   const char *first_failure = NULL;
   for (unsigned i = 0; i < t->source_count; i++) {
      const struct kgl_shader_desc desc = {
         .stage = t->sources[i].stage,
         .strings = &t->sources[i].text,
         .count = 1,
         .default_version = t->default_version,
         .es = t->es,
      };
      const enum kgl_result r = kgl_shader_create(&desc, &shaders[i]);
      if (r == KGL_SUCCESS)
         continue;
      compiled = false;
      struct corpus_record *rec = &records[record_of_stage[desc.stage]];
      rec->status = CORPUS_COMPILE_FAIL;
      if (shaders[i])
         corpus_reason_from_log(kgl_shader_info_log(shaders[i]), rec->reason,
                                sizeof(rec->reason));
      else
         snprintf(rec->reason, sizeof(rec->reason), "kgl: %s", kgl_result_name(r));
      if (!first_failure)
         first_failure = kgl_stage_name(desc.stage);
   }

   struct kgl_program *prog = NULL;
   enum kgl_result lr = KGL_COMPILE_FAILED;
   if (compiled) {
      const struct kgl_link_options lo = {.flavour = KGL_FLAVOUR_AUTO};
      lr = kgl_program_create(shaders, t->source_count, &lo, &prog);
   }
   for (unsigned i = 0; i < t->source_count; i++)
      kgl_shader_destroy(shaders[i]);
   timing->compile_ns += util_time_ns() - t0;

   if (!compiled) {
      for (unsigned i = 0; i < n; i++) {
         if (records[i].status != CORPUS_COMPILE_FAIL) {
            records[i].status = CORPUS_BLOCKED;
            snprintf(records[i].reason, sizeof(records[i].reason),
                     "the %s shader did not compile", first_failure);
         }
      }
      return n;
   }
   if (lr != KGL_SUCCESS) {
      char reason[256];
      if (prog)
         corpus_reason_from_log(kgl_program_info_log(prog), reason, sizeof(reason));
      else
         snprintf(reason, sizeof(reason), "kgl: %s", kgl_result_name(lr));
      if (t->kind == CORPUS_PARSER_TEST && !t->check_link) {
         char why[300];
         snprintf(why, sizeof(why), "compile-only test that does not link: %s", reason);
         set_all(records, n, CORPUS_EXCLUDED, why);
      } else {
         set_all(records, n, CORPUS_LINK_FAIL, reason);
      }
      kgl_program_destroy(prog);
      return n;
   }

   const enum kgl_flavour flavour = kgl_program_flavour(prog);
   /* GL-flavoured programs go around as a whole (zink lowers programs). */
   struct corpus_gl_stage gl_stages[KGL_STAGE_COUNT];
   memset(gl_stages, 0, sizeof(gl_stages));
   bool gl_program = false;
   for (unsigned i = 0; i < n; i++) {
      struct corpus_record *rec = &records[i];
      size_t words;
      const uint32_t *w = kgl_program_spirv(prog, rec->stage, &words);
      rec->flavour = flavour;
      rec->words = words;
      if (!w) {
         rec->status = CORPUS_LINK_FAIL;
         snprintf(rec->reason, sizeof(rec->reason), "no SPIR-V for this stage");
         continue;
      }
      t0 = util_time_ns();
      char *msg = NULL;
      const bool valid = kgl_spirv_validate(w, words, kgl_spirv_env_for(flavour, 0), &msg);
      if (valid && flavour == KGL_FLAVOUR_GL)
         rec->vulkan_valid = kgl_spirv_validate(w, words, KGL_SPIRV_ENV_VULKAN_1_0, NULL);
      timing->validate_ns += util_time_ns() - t0;
      if (opts->out_dir)
         write_spirv(opts->out_dir, rec->key, ".spv", w, words, rec->reason,
                     sizeof(rec->reason));
      if (!valid) {
         rec->status = CORPUS_INVALID_SPIRV;
         snprintf(rec->reason, sizeof(rec->reason), "spirv-val (%s): ",
                  kgl_spirv_env_name(kgl_spirv_env_for(flavour, 0)));
         const size_t used = strlen(rec->reason);
         corpus_reason_from_log(msg ? msg : "no message", rec->reason + used,
                                sizeof(rec->reason) - used);
         free(msg);
         continue;
      }
      rec->status = CORPUS_PASS;
      if (opts->bench && (flavour == KGL_FLAVOUR_VULKAN || rec->vulkan_valid))
         corpus_bench_module(w, words, rec->stage, flavour, opts->roundtrip, opts->bench);
      if (opts->roundtrip && flavour == KGL_FLAVOUR_GL) {
         gl_stages[rec->stage].words = w;
         gl_stages[rec->stage].word_count = words;
         gl_program = true;
      } else if (opts->roundtrip) {
         t0 = util_time_ns();
         uint32_t *first = NULL;
         size_t first_count = 0;
         if (!corpus_roundtrip_output(w, words, rec->stage, flavour,
                                      opts->out_dir ? &first : NULL, &first_count,
                                      rec->reason, sizeof(rec->reason)))
            rec->status = CORPUS_ROUNDTRIP_FAIL;
         else if (first)
            write_spirv(opts->out_dir, rec->key, ".roundtrip.spv", first, first_count,
                        rec->reason, sizeof(rec->reason));
         free(first);
         timing->roundtrip_ns += util_time_ns() - t0;
      }
   }
   if (gl_program) {
      t0 = util_time_ns();
      corpus_roundtrip_gl_program(gl_stages, opts->out_dir != NULL);
      timing->roundtrip_ns += util_time_ns() - t0;
      for (unsigned i = 0; i < n; i++) {
         struct corpus_record *rec = &records[i];
         struct corpus_gl_stage *st = &gl_stages[rec->stage];
         if (!st->words)
            continue;
         if (!st->ok) {
            rec->status = CORPUS_ROUNDTRIP_FAIL;
            snprintf(rec->reason, sizeof(rec->reason), "%s", st->reason);
         } else if (st->first) {
            write_spirv(opts->out_dir, rec->key, ".roundtrip.spv", st->first,
                        st->first_count, rec->reason, sizeof(rec->reason));
         }
         free(st->first);
      }
   }
   /* GL refuses to link this program (piglit's [test] says "link error");
    * glslang linked it, and refusing it in the round trip is the right
    * outcome: the reason says so first. */
   for (unsigned i = 0; t->expects_link_error && i < n; i++) {
      struct corpus_record *rec = &records[i];
      if (rec->status != CORPUS_ROUNDTRIP_FAIL)
         continue;
      char why[sizeof(rec->reason)];
      snprintf(why, sizeof(why), "%s", rec->reason);
      snprintf(rec->reason, sizeof(rec->reason),
               "right: piglit expects a link error that glslang misses; %s", why);
   }
   kgl_program_destroy(prog);
   return n;
}
