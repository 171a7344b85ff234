/* SPDX-License-Identifier: MIT */
/*
 * kiln-corpus: piglit's GLSL through glslang (kgl), spirv-val and, when it
 * exists, our round trip. See README.md next to this file.
 *
 * Tests run in forked workers that take the next test from a shared
 * counter, so a crash costs one test (reported as Crash) and not the run; a
 * worker that dies is replaced. Results come back as text lines over a pipe
 * and are put in test order, so the manifest and the summary do not depend
 * on scheduling.
 */
#include "corpus.h"

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "corpus_bench.h"
#include "kgl_validate.h"
#include "util/arena.h"
#include "util/os.h"

#define CORPUS_TEST_TIMEOUT_S 60

/* conformance/expectations in the source tree (set by meson). */
#ifndef KILN_CORPUS_EXPECTATIONS_DIR
#define KILN_CORPUS_EXPECTATIONS_DIR ""
#endif
/* glslang's failures and invalid modules; the round trip's failures. */
#define GLSLANG_FAILS "corpus-glslang-fails.txt"
#define ROUNDTRIP_FAILS "corpus-roundtrip-fails.txt"

struct config {
   const char *root;
   unsigned sample; /* every Nth test; 1 = all */
   unsigned jobs;
   const char *out_dir;
   const char *expect_files[8];
   unsigned expect_count;
   bool default_expectations;
   const char *write_expectations; /* a directory */
   const char *filter;
   bool no_fork;
   bool bench;
   bool verbose;
};

/* Results of one test, as the supervisor stores them. */
struct test_result {
   struct corpus_record *records;
   unsigned count;
   bool done;
};

struct totals {
   struct corpus_timing timing;
   struct corpus_bench bench;
};

/* ---- running one test (in a worker) ------------------------------------ */

static unsigned
run_one(const struct config *cfg, const char *path, struct corpus_record *records,
        unsigned max, struct totals *totals)
{
   char *full;
   if (asprintf(&full, "%s/%s", cfg->root, path) < 0)
      return 0;
   size_t size;
   char *text = util_read_file(full, &size);
   free(full);

   struct arena *arena = arena_create(NULL);
   struct corpus_test t;
   const char *error = NULL;
   bool parsed = false;
   enum kgl_stage stage;
   if (text && arena) {
      if (corpus_stage_from_path(path, &stage))
         parsed = corpus_parser_test_parse(arena, path, text, stage, &t, &error);
      else
         parsed = corpus_shader_test_parse(arena, path, text, &t, &error);
   } else {
      error = text ? "out of memory" : strerror(errno);
   }

   unsigned n;
   if (!parsed) {
      memset(&records[0], 0, sizeof(records[0]));
      snprintf(records[0].key, sizeof(records[0].key), "%s:file", path);
      records[0].status = CORPUS_COMPILE_FAIL;
      snprintf(records[0].reason, sizeof(records[0].reason), "corpus: %s", error);
      n = 1;
   } else {
      const struct corpus_options opts = {
         .out_dir = cfg->out_dir,
         .roundtrip = corpus_roundtrip_available(&error),
         .bench = cfg->bench ? &totals->bench : NULL,
      };
      n = corpus_run_test(&t, &opts, records, max, &totals->timing);
   }
   arena_destroy(arena);
   free(text);
   return n;
}

/* ---- the worker side of the pipe --------------------------------------- */

static void
put_record(FILE *f, size_t index, const struct corpus_record *r)
{
   fprintf(f, "R %zu\t%s\t%d\t%d\t%d\t%zu\t%d\t%s\n", index, r->key, (int)r->status,
           (int)r->flavour, (int)r->vulkan_valid, r->words, (int)r->stage, r->reason);
}

static void NORETURN
worker(const struct config *cfg, const struct corpus_list *list, const size_t *items,
       size_t item_count, size_t *next_item, int fd)
{
   FILE *f = fdopen(fd, "w");
   if (!f)
      _exit(2);
   struct corpus_record records[CORPUS_MAX_SHADERS];
   for (;;) {
      const size_t i = __atomic_fetch_add(next_item, 1, __ATOMIC_RELAXED);
      if (i >= item_count)
         break;
      const size_t index = items[i];
      /* Flushed before the work so that a crash is pinned on this test. */
      fprintf(f, "B %zu\n", index);
      fflush(f);
      /* A test that hangs is killed (SIGALRM) and reported like a crash; the
       * slowest tests take well under a second. */
      alarm(CORPUS_TEST_TIMEOUT_S);
      struct totals totals = {0};
      const unsigned n =
         run_one(cfg, list->paths[index], records, ARRAY_SIZE(records), &totals);
      for (unsigned r = 0; r < n; r++)
         put_record(f, index, &records[r]);
      const struct corpus_bench *b = &totals.bench;
      fprintf(f, "E %zu %lu %lu %lu %lu %lu %lu %lu %lu %lu\n", index,
              (unsigned long)totals.timing.compile_ns, (unsigned long)totals.timing.validate_ns,
              (unsigned long)totals.timing.roundtrip_ns, (unsigned long)b->modules,
              (unsigned long)b->bytes, (unsigned long)b->reference_ns,
              (unsigned long)b->roundtrip_ns, (unsigned long)b->reference_failures,
              (unsigned long)b->roundtrip_failures);
      fflush(f);
   }
   alarm(0);
   fclose(f);
   _exit(0);
}

/* ---- the supervisor ------------------------------------------------------ */

struct worker_state {
   pid_t pid;
   int fd;
   char buf[1 << 16];
   size_t len;
   long current; /* test begun and not ended, -1 if none */
};

static bool
add_record(struct test_result *res, const struct corpus_record *r)
{
   struct corpus_record *grown =
      realloc(res->records, (res->count + 1) * sizeof(struct corpus_record));
   if (!grown)
      return false;
   res->records = grown;
   res->records[res->count++] = *r;
   return true;
}

static void
parse_line(char *line, struct worker_state *w, struct test_result *results,
           struct totals *totals, size_t test_count)
{
   if (line[0] == 'B') {
      w->current = strtol(line + 2, NULL, 10);
   } else if (line[0] == 'R') {
      char *fields[8];
      char *s = line + 2;
      for (int i = 0; i < 8; i++) {
         fields[i] = s;
         s = i < 7 ? strchr(s, '\t') : NULL;
         if (i < 7) {
            if (!s)
               return;
            *s++ = '\0';
         }
      }
      const size_t index = strtoul(fields[0], NULL, 10);
      if (index >= test_count)
         return;
      struct corpus_record r;
      memset(&r, 0, sizeof(r));
      snprintf(r.key, sizeof(r.key), "%s", fields[1]);
      r.status = (enum corpus_status)atoi(fields[2]);
      r.flavour = (enum kgl_flavour)atoi(fields[3]);
      r.vulkan_valid = atoi(fields[4]) != 0;
      r.words = strtoul(fields[5], NULL, 10);
      r.stage = (enum kgl_stage)atoi(fields[6]);
      snprintf(r.reason, sizeof(r.reason), "%s", fields[7]);
      if (!add_record(&results[index], &r))
         fprintf(stderr, "kiln-corpus: out of memory\n");
   } else if (line[0] == 'E') {
      unsigned long v[10] = {0};
      if (sscanf(line + 2, "%lu %lu %lu %lu %lu %lu %lu %lu %lu %lu", &v[0], &v[1], &v[2],
                 &v[3], &v[4], &v[5], &v[6], &v[7], &v[8], &v[9]) != 10 ||
          v[0] >= test_count)
         return;
      results[v[0]].done = true;
      totals->timing.compile_ns += v[1];
      totals->timing.validate_ns += v[2];
      totals->timing.roundtrip_ns += v[3];
      totals->bench.modules += v[4];
      totals->bench.bytes += v[5];
      totals->bench.reference_ns += v[6];
      totals->bench.roundtrip_ns += v[7];
      totals->bench.reference_failures += v[8];
      totals->bench.roundtrip_failures += v[9];
      w->current = -1;
   }
}

/* The stages a crashed test had, read again in the supervisor (parsing is
 * safe; compiling is what crashed). */
static void
record_crash(const struct config *cfg, const char *path, struct test_result *res, int status)
{
   res->count = 0;
   char reason[128];
   if (WIFSIGNALED(status))
      snprintf(reason, sizeof(reason), "worker killed by signal %d (%s)", WTERMSIG(status),
               strsignal(WTERMSIG(status)));
   else
      snprintf(reason, sizeof(reason), "worker exited with status %d", WEXITSTATUS(status));

   char *full;
   size_t size;
   char *text = NULL;
   if (asprintf(&full, "%s/%s", cfg->root, path) >= 0) {
      text = util_read_file(full, &size);
      free(full);
   }
   struct arena *arena = arena_create(NULL);
   struct corpus_test t;
   const char *error;
   enum kgl_stage stage;
   bool parsed = false;
   if (text && arena) {
      parsed = corpus_stage_from_path(path, &stage)
                  ? corpus_parser_test_parse(arena, path, text, stage, &t, &error)
                  : corpus_shader_test_parse(arena, path, text, &t, &error);
   }
   struct corpus_record r;
   memset(&r, 0, sizeof(r));
   r.status = CORPUS_CRASH;
   snprintf(r.reason, sizeof(r.reason), "%s", reason);
   bool seen[KGL_STAGE_COUNT] = {false};
   for (unsigned i = 0; parsed && i < t.source_count; i++) {
      if (seen[t.sources[i].stage])
         continue;
      seen[t.sources[i].stage] = true;
      snprintf(r.key, sizeof(r.key), "%s:%s", path, kgl_stage_name(t.sources[i].stage));
      r.stage = t.sources[i].stage;
      add_record(res, &r);
   }
   if (!res->count) {
      snprintf(r.key, sizeof(r.key), "%s:file", path);
      add_record(res, &r);
   }
   res->done = true;
   arena_destroy(arena);
   free(text);
}

static bool
spawn(const struct config *cfg, const struct corpus_list *list, const size_t *items,
      size_t item_count, size_t *next_item, struct worker_state *w)
{
   int fds[2];
   if (pipe(fds) != 0)
      return false;
   fflush(NULL);
   const pid_t pid = fork();
   if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
   }
   if (pid == 0) {
      close(fds[0]);
      worker(cfg, list, items, item_count, next_item, fds[1]);
   }
   close(fds[1]);
   w->pid = pid;
   w->fd = fds[0];
   w->len = 0;
   w->current = -1;
   return true;
}

static bool
run_all(const struct config *cfg, const struct corpus_list *list, const size_t *items,
        size_t item_count, struct test_result *results, struct totals *totals)
{
   if (cfg->no_fork) {
      struct corpus_record records[CORPUS_MAX_SHADERS];
      for (size_t i = 0; i < item_count; i++) {
         const size_t index = items[i];
         const unsigned n =
            run_one(cfg, list->paths[index], records, ARRAY_SIZE(records), totals);
         for (unsigned r = 0; r < n; r++)
            add_record(&results[index], &records[r]);
         results[index].done = true;
      }
      return true;
   }

   size_t *next_item = mmap(NULL, sizeof(size_t), PROT_READ | PROT_WRITE,
                            MAP_SHARED | MAP_ANONYMOUS, -1, 0);
   if (next_item == MAP_FAILED)
      return false;
   *next_item = 0;
   struct worker_state *workers = calloc(cfg->jobs, sizeof(*workers));
   if (!workers)
      return false;
   unsigned alive = 0;
   for (unsigned i = 0; i < cfg->jobs; i++) {
      if (spawn(cfg, list, items, item_count, next_item, &workers[i]))
         alive++;
      else
         workers[i].fd = -1;
   }

   struct pollfd *pfds = calloc(cfg->jobs, sizeof(*pfds));
   while (alive && pfds) {
      for (unsigned i = 0; i < cfg->jobs; i++)
         pfds[i] = (struct pollfd){.fd = workers[i].fd, .events = POLLIN};
      if (poll(pfds, cfg->jobs, -1) < 0) {
         if (errno == EINTR)
            continue;
         break;
      }
      for (unsigned i = 0; i < cfg->jobs; i++) {
         struct worker_state *w = &workers[i];
         if (w->fd < 0 || !(pfds[i].revents & (POLLIN | POLLHUP | POLLERR)))
            continue;
         const ssize_t got = read(w->fd, w->buf + w->len, sizeof(w->buf) - 1 - w->len);
         if (got > 0) {
            w->len += (size_t)got;
            w->buf[w->len] = '\0';
            char *start = w->buf, *nl;
            while ((nl = strchr(start, '\n'))) {
               *nl = '\0';
               parse_line(start, w, results, totals, list->count);
               start = nl + 1;
            }
            w->len -= (size_t)(start - w->buf);
            memmove(w->buf, start, w->len);
            if (w->len == sizeof(w->buf) - 1)
               w->len = 0; /* a line longer than the buffer: drop it */
            continue;
         }
         if (got < 0 && errno == EINTR)
            continue;
         /* EOF: the worker is done or dead. */
         close(w->fd);
         w->fd = -1;
         alive--;
         int status = 0;
         waitpid(w->pid, &status, 0);
         const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
         if (w->current >= 0) {
            record_crash(cfg, list->paths[w->current], &results[w->current], status);
            fprintf(stderr, "kiln-corpus: %s: %s\n", list->paths[w->current],
                    results[w->current].records[0].reason);
         }
         if ((!clean || w->current >= 0) &&
             __atomic_load_n(next_item, __ATOMIC_RELAXED) < item_count &&
             spawn(cfg, list, items, item_count, next_item, w))
            alive++;
      }
   }
   free(pfds);
   free(workers);
   munmap(next_item, sizeof(size_t));
   return true;
}

/* ---- summary, manifest, expectations ------------------------------------ */

struct bucket {
   char text[256];
   unsigned count;
   char example[512];
};

struct report {
   unsigned status[CORPUS_STATUS_COUNT];
   unsigned by_stage[KGL_STAGE_COUNT];
   unsigned valid_flavour[3];     /* spirv-val accepted glslang's module */
   unsigned roundtrip_flavour[3]; /* and the round trip passed */
   unsigned gl_also_vulkan;
   unsigned gl_only, gl_only_passed; /* valid GL modules not valid for Vulkan as they are */
   unsigned shader_tests, parser_tests;
   struct bucket *buckets;
   unsigned bucket_count;
   struct bucket *excluded;
   unsigned excluded_count;
   unsigned unexpected_fail, unexpected_pass, stale;
};

static void
count_bucket(struct bucket **list, unsigned *count, const char *text, const char *key)
{
   for (unsigned i = 0; i < *count; i++) {
      if (strcmp((*list)[i].text, text) == 0) {
         (*list)[i].count++;
         return;
      }
   }
   struct bucket *grown = realloc(*list, (*count + 1) * sizeof(struct bucket));
   if (!grown)
      return;
   *list = grown;
   struct bucket *b = &grown[(*count)++];
   snprintf(b->text, sizeof(b->text), "%s", text);
   snprintf(b->example, sizeof(b->example), "%s", key);
   b->count = 1;
}

static int
compare_buckets(const void *a, const void *b)
{
   const struct bucket *x = a, *y = b;
   return x->count != y->count ? (x->count < y->count ? 1 : -1) : strcmp(x->text, y->text);
}

static void
print_buckets(const char *title, struct bucket *list, unsigned count, unsigned limit)
{
   if (!count)
      return;
   qsort(list, count, sizeof(*list), compare_buckets);
   printf("%s (%u kinds):\n", title, count);
   for (unsigned i = 0; i < count && i < limit; i++)
      printf("  %6u  %s\n          e.g. %s\n", list[i].count, list[i].text, list[i].example);
   if (count > limit)
      printf("  ... %u more kinds\n", count - limit);
}

static void
note_stale(const char *key, const char *status, void *data)
{
   struct report *rep = data;
   rep->stale++;
   printf("STALE %s,%s (not in the corpus: delete the line)\n", key, status);
}

static FILE *
open_expectations(const char *dir, const char *name, const char *what)
{
   char *path;
   if (asprintf(&path, "%s/%s", dir, name) < 0)
      return NULL;
   FILE *f = fopen(path, "w");
   if (!f)
      fprintf(stderr, "kiln-corpus: cannot write %s\n", path);
   else
      fprintf(f,
              "# Known failures of kiln-corpus (conformance/corpus/README.md): %s.\n"
              "# One \"path:stage,Fail|Crash # status: reason\" line per piglit GLSL stage.\n"
              "# Written by kiln-corpus --full --no-expect --write-expectations DIR\n"
              "# A listed stage that starts passing fails the run until its line goes.\n",
              what);
   free(path);
   return f;
}

static double
seconds(uint64_t ns)
{
   return (double)ns / 1e9;
}

static int
report_and_check(const struct config *cfg, const struct corpus_list *list,
                 const size_t *items, size_t item_count, struct test_result *results,
                 const struct totals *totals, struct corpus_expectations *expect,
                 bool checked_stale, double wall_s)
{
   struct report rep;
   memset(&rep, 0, sizeof(rep));
   FILE *manifest = NULL, *fails = NULL;
   if (cfg->out_dir) {
      char *p;
      if (asprintf(&p, "%s/manifest.txt", cfg->out_dir) >= 0) {
         manifest = fopen(p, "w");
         if (!manifest)
            fprintf(stderr, "kiln-corpus: cannot write %s\n", p);
         free(p);
      }
   }
   FILE *rt_fails = NULL;
   if (cfg->write_expectations) {
      fails = open_expectations(cfg->write_expectations, GLSLANG_FAILS,
                                "glslang's compile and link failures, crashes and modules\n"
                                "# spirv-val rejects");
      rt_fails = open_expectations(cfg->write_expectations, ROUNDTRIP_FAILS,
                                   "modules spirv-val accepts that the round trip\n"
                                   "# (spirv_to_nir, IR validation, GL lowering, ntv, "
                                   "spirv-val, second trip) fails");
   }

   for (size_t i = 0; i < item_count; i++) {
      const struct test_result *res = &results[items[i]];
      if (strstr(list->paths[items[i]], ".shader_test"))
         rep.shader_tests++;
      else
         rep.parser_tests++;
      for (unsigned r = 0; r < res->count; r++) {
         const struct corpus_record *rec = &res->records[r];
         rep.status[rec->status]++;
         if (rec->status != CORPUS_EXCLUDED && rec->stage < KGL_STAGE_COUNT)
            rep.by_stage[rec->stage]++;
         if (manifest)
            fprintf(manifest, "%s\t%s\t%s\t%zu\t%s\n", rec->key, corpus_status_name(rec->status),
                    rec->status == CORPUS_PASS || rec->status == CORPUS_INVALID_SPIRV ||
                          rec->status == CORPUS_ROUNDTRIP_FAIL
                       ? kgl_flavour_name(rec->flavour)
                       : "-",
                    rec->words, rec->reason);
         const bool gl_only = rec->flavour == KGL_FLAVOUR_GL && !rec->vulkan_valid;
         if (rec->status == CORPUS_PASS || rec->status == CORPUS_ROUNDTRIP_FAIL) {
            rep.valid_flavour[rec->flavour]++;
            rep.gl_also_vulkan += rec->vulkan_valid;
            rep.gl_only += gl_only;
         }
         if (rec->status == CORPUS_PASS) {
            rep.roundtrip_flavour[rec->flavour]++;
            rep.gl_only_passed += gl_only;
         }
         char bucket[256];
         corpus_reason_bucket(rec->reason, bucket, sizeof(bucket));
         if (rec->status == CORPUS_EXCLUDED) {
            count_bucket(&rep.excluded, &rep.excluded_count, bucket, rec->key);
         } else if (rec->status != CORPUS_PASS) {
            char text[300];
            snprintf(text, sizeof(text), "%s: %s", corpus_status_name(rec->status), bucket);
            count_bucket(&rep.buckets, &rep.bucket_count, text, rec->key);
            FILE *to = rec->status == CORPUS_ROUNDTRIP_FAIL ? rt_fails : fails;
            if (to)
               fprintf(to, "%s,%s # %s: %s\n", rec->key,
                       corpus_status_expectation(rec->status),
                       corpus_status_name(rec->status), rec->reason);
         }

         const char *want = corpus_expectations_lookup(expect, rec->key);
         const char *got = corpus_status_expectation(rec->status);
         if (strcmp(want, got) != 0) {
            if (strcmp(got, "Pass") == 0) {
               rep.unexpected_pass++;
               printf("UNEXPECTED PASS %s (listed as %s: delete the line)\n", rec->key, want);
            } else {
               rep.unexpected_fail++;
               printf("UNEXPECTED %s %s (%s): %s\n", got, rec->key,
                      corpus_status_name(rec->status), rec->reason);
            }
         } else if (cfg->verbose && strcmp(got, "Pass") != 0) {
            printf("expected %s %s: %s\n", got, rec->key, rec->reason);
         }
      }
   }
   if (checked_stale)
      corpus_expectations_foreach_unseen(expect, note_stale, &rep);
   if (manifest)
      fclose(manifest);
   if (fails)
      fclose(fails);
   if (rt_fails)
      fclose(rt_fails);

   unsigned shaders = 0;
   for (int s = 0; s < CORPUS_STATUS_COUNT; s++)
      shaders += rep.status[s];
   const unsigned population = shaders - rep.status[CORPUS_EXCLUDED];
   const unsigned valid = rep.status[CORPUS_PASS] + rep.status[CORPUS_ROUNDTRIP_FAIL];
   const unsigned with_spirv = valid + rep.status[CORPUS_INVALID_SPIRV];
   const char *why_not;
   const bool roundtrip = corpus_roundtrip_available(&why_not);

   printf("\n==== kiln-corpus summary ====\n");
   printf("piglit root: %s\n", cfg->root);
   printf("test files: %zu of %zu (%s%u)%s%s: %u shader_test, %u glslparsertest\n",
          item_count, list->count, cfg->sample > 1 ? "sample: every " : "full run, step ",
          cfg->sample, cfg->filter ? ", filter " : "", cfg->filter ? cfg->filter : "",
          rep.shader_tests, rep.parser_tests);
   printf("shaders (stages) found: %u; excluded: %u; in the population: %u\n", shaders,
          rep.status[CORPUS_EXCLUDED], population);
   printf("  by stage:");
   for (int s = 0; s < KGL_STAGE_COUNT; s++)
      printf(" %s %u", kgl_stage_name(s), rep.by_stage[s]);
   printf("\n");
   printf("compiled and linked by glslang: %u (%.1f%%): SPIR-V for %u stages\n", with_spirv,
          population ? 100.0 * with_spirv / population : 0.0, with_spirv);
   printf("  failed: compile %u, link %u, blocked by another stage %u, crash %u\n",
          rep.status[CORPUS_COMPILE_FAIL], rep.status[CORPUS_LINK_FAIL],
          rep.status[CORPUS_BLOCKED], rep.status[CORPUS_CRASH]);
   printf("validated by spirv-val (in-process): %u of %u valid (%u invalid)\n", valid,
          with_spirv, rep.status[CORPUS_INVALID_SPIRV]);
   printf("  valid, by flavour: vulkan %u (env vulkan1.0), gl %u (env opengl4.5; %u of "
          "them also valid for vulkan1.0)\n",
          rep.valid_flavour[KGL_FLAVOUR_VULKAN], rep.valid_flavour[KGL_FLAVOUR_GL],
          rep.gl_also_vulkan);
   if (roundtrip) {
      printf("round trip of the %u valid modules: %u passed, %u failed\n", valid,
             rep.status[CORPUS_PASS], rep.status[CORPUS_ROUNDTRIP_FAIL]);
      printf("  vulkan flavour (spirv_to_nir, ntv, spirv-val vulkan1.0, second trip "
             "identical): %u of %u\n",
             rep.roundtrip_flavour[KGL_FLAVOUR_VULKAN], rep.valid_flavour[KGL_FLAVOUR_VULKAN]);
      printf("  gl flavour (spirv_to_nir GL-flavoured, zink's GL lowering per program, ntv, "
             "spirv-val vulkan, second trip strict Vulkan and identical): %u of %u (GL-only "
             "modules %u of %u)\n",
             rep.roundtrip_flavour[KGL_FLAVOUR_GL], rep.valid_flavour[KGL_FLAVOUR_GL],
             rep.gl_only_passed, rep.gl_only);
   } else
      printf("%s\n", why_not);
   print_buckets("failures by reason", rep.buckets, rep.bucket_count, 25);
   print_buckets("excluded, by reason", rep.excluded, rep.excluded_count, 10);
   printf("time: %.1f s wall on %u jobs; cpu: glslang %.1f s, spirv-val %.1f s, "
          "round trip %.1f s\n",
          wall_s, cfg->no_fork ? 1 : cfg->jobs, seconds(totals->timing.compile_ns),
          seconds(totals->timing.validate_ns), seconds(totals->timing.roundtrip_ns));
   if (cfg->bench)
      corpus_bench_print(&totals->bench, roundtrip, why_not);
   printf("expectations: %u unexpected failures, %u unexpected passes, %u stale lines\n",
          rep.unexpected_fail, rep.unexpected_pass, rep.stale);

   free(rep.buckets);
   free(rep.excluded);
   const bool ok = !rep.unexpected_fail && !rep.unexpected_pass && !rep.stale;
   printf("%s\n", ok ? "RESULT: PASS" : "RESULT: FAIL");
   return ok ? 0 : 1;
}

/* ---- main ---------------------------------------------------------------- */

static void
usage(FILE *f)
{
   fprintf(f,
           "usage: kiln-corpus [options]\n"
           "  --root DIR        piglit installation (default %s)\n"
           "  --full            every test file (the default)\n"
           "  --sample N        every Nth test file of the sorted list\n"
           "  --filter TEXT     only test files whose path contains TEXT\n"
           "  --jobs N          worker processes (default: CPU count)\n"
           "  --out DIR         write DIR/spirv/<path>.<stage>.spv and DIR/manifest.txt\n"
           "  --expect FILE     expectation file (repeatable; default: %s/{%s,%s})\n"
           "  --no-expect       no expectation file: every failure is unexpected\n"
           "  --write-expectations DIR  write this run's failures as %s and %s in DIR\n"
           "  --bench           time spirv-opt's parse+re-emit (and our round trip) on\n"
           "                    every valid module, single-threaded, and print the ratio\n"
           "  --no-fork         run in this process (debugging; a crash ends the run)\n"
           "  --verbose         print expected failures too\n",
           CORPUS_DEFAULT_ROOT, KILN_CORPUS_EXPECTATIONS_DIR, GLSLANG_FAILS, ROUNDTRIP_FAILS,
           GLSLANG_FAILS, ROUNDTRIP_FAILS);
}

int
main(int argc, char **argv)
{
   struct config cfg = {
      .root = CORPUS_DEFAULT_ROOT,
      .sample = 1,
      .jobs = util_cpu_count(),
      .default_expectations = true,
   };
   enum { OPT_WRITE = 256, OPT_NO_EXPECT, OPT_NO_FORK };
   static const struct option longopts[] = {
      {"root", required_argument, NULL, 'r'},
      {"full", no_argument, NULL, 'F'},
      {"sample", required_argument, NULL, 's'},
      {"filter", required_argument, NULL, 'f'},
      {"jobs", required_argument, NULL, 'j'},
      {"out", required_argument, NULL, 'o'},
      {"expect", required_argument, NULL, 'e'},
      {"no-expect", no_argument, NULL, OPT_NO_EXPECT},
      {"write-expectations", required_argument, NULL, OPT_WRITE},
      {"bench", no_argument, NULL, 'b'},
      {"no-fork", no_argument, NULL, OPT_NO_FORK},
      {"verbose", no_argument, NULL, 'v'},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0},
   };
   int c;
   while ((c = getopt_long(argc, argv, "r:Fs:f:j:o:e:bvh", longopts, NULL)) != -1) {
      switch (c) {
      case 'r':
         cfg.root = optarg;
         break;
      case 'F':
         cfg.sample = 1;
         break;
      case 's':
         cfg.sample = (unsigned)atoi(optarg);
         if (cfg.sample < 1) {
            fprintf(stderr, "kiln-corpus: --sample needs N >= 1\n");
            return 2;
         }
         break;
      case 'f':
         cfg.filter = optarg;
         break;
      case 'j':
         cfg.jobs = (unsigned)atoi(optarg);
         if (cfg.jobs < 1)
            cfg.jobs = 1;
         break;
      case 'o':
         cfg.out_dir = optarg;
         break;
      case 'e':
         if (cfg.expect_count == ARRAY_SIZE(cfg.expect_files)) {
            fprintf(stderr, "kiln-corpus: too many --expect files\n");
            return 2;
         }
         cfg.expect_files[cfg.expect_count++] = optarg;
         cfg.default_expectations = false;
         break;
      case OPT_NO_EXPECT:
         cfg.default_expectations = false;
         cfg.expect_count = 0;
         break;
      case OPT_WRITE:
         cfg.write_expectations = optarg;
         break;
      case 'b':
         cfg.bench = true;
         break;
      case OPT_NO_FORK:
         cfg.no_fork = true;
         break;
      case 'v':
         cfg.verbose = true;
         break;
      case 'h':
         usage(stdout);
         return 0;
      default:
         usage(stderr);
         return 2;
      }
   }
   if (cfg.default_expectations && KILN_CORPUS_EXPECTATIONS_DIR[0]) {
      cfg.expect_files[cfg.expect_count++] = KILN_CORPUS_EXPECTATIONS_DIR "/" GLSLANG_FAILS;
      cfg.expect_files[cfg.expect_count++] = KILN_CORPUS_EXPECTATIONS_DIR "/" ROUNDTRIP_FAILS;
   }
   /* Timing wants one process and no other load. */
   if (cfg.bench)
      cfg.jobs = 1;

   struct stat st;
   char *tests_dir;
   if (asprintf(&tests_dir, "%s/tests", cfg.root) < 0)
      return 2;
   const bool have_root = stat(tests_dir, &st) == 0 && S_ISDIR(st.st_mode);
   free(tests_dir);
   if (!have_root) {
      /* meson's "skipped" exit code: no piglit, nothing to check. */
      printf("SKIP: no piglit tests under %s (Debian package piglit)\n", cfg.root);
      return 77;
   }

   struct arena *arena = arena_create(NULL);
   const char *error = NULL;
   struct corpus_expectations *expect = NULL;
   if (arena && cfg.expect_count) {
      expect = corpus_expectations_load(arena, cfg.expect_files, cfg.expect_count, &error);
      if (!expect) {
         fprintf(stderr, "kiln-corpus: %s\n", error);
         return 2;
      }
   }
   if (cfg.out_dir && mkdir(cfg.out_dir, 0755) != 0 && errno != EEXIST) {
      fprintf(stderr, "kiln-corpus: cannot create %s: %s\n", cfg.out_dir, strerror(errno));
      return 2;
   }

   const uint64_t t0 = util_time_ns();
   struct corpus_list list;
   if (!corpus_list_files(cfg.root, &list)) {
      fprintf(stderr, "kiln-corpus: cannot list %s\n", cfg.root);
      return 2;
   }
   size_t *items = malloc((list.count + 1) * sizeof(size_t));
   struct test_result *results = calloc(list.count + 1, sizeof(struct test_result));
   if (!items || !results) {
      fprintf(stderr, "kiln-corpus: out of memory\n");
      return 2;
   }
   size_t item_count = 0;
   for (size_t i = 0; i < list.count; i++) {
      if (cfg.filter && !strstr(list.paths[i], cfg.filter))
         continue;
      if (i % cfg.sample == 0)
         items[item_count++] = i;
   }

   struct totals totals;
   memset(&totals, 0, sizeof(totals));
   if (!run_all(&cfg, &list, items, item_count, results, &totals)) {
      fprintf(stderr, "kiln-corpus: cannot start workers\n");
      return 2;
   }
   const double wall_s = seconds(util_time_ns() - t0);
   const bool whole_corpus = cfg.sample == 1 && !cfg.filter;
   const int rc = report_and_check(&cfg, &list, items, item_count, results, &totals, expect,
                                   whole_corpus, wall_s);

   for (size_t i = 0; i < list.count; i++)
      free(results[i].records);
   free(results);
   free(items);
   corpus_list_finish(&list);
   arena_destroy(arena);
   return rc;
}
