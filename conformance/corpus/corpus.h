/* SPDX-License-Identifier: MIT */
/*
 * The piglit GLSL corpus: every GLSL stage in Debian's piglit
 * (.shader_test programs and glslparsertest files), compiled by glslang
 * through kgl, validated in-process, and (when spirv_to_nir and ntv exist)
 * round-tripped. See conformance/corpus/README.md.
 */
#ifndef CORPUS_H
#define CORPUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kgl.h"

struct arena;

#define CORPUS_DEFAULT_ROOT "/usr/lib/x86_64-linux-gnu/piglit"
#define CORPUS_MAX_SHADERS 32

enum corpus_kind {
   CORPUS_SHADER_TEST, /* shader_runner script: its shaders link together */
   CORPUS_PARSER_TEST, /* glslparsertest: one shader, [config] in a comment */
};

struct corpus_source {
   enum kgl_stage stage;
   const char *text;
};

/* One test file, parsed. Everything lives in the arena given to the parser. */
struct corpus_test {
   const char *path; /* relative to the root, e.g. "tests/spec/.../x.shader_test" */
   enum corpus_kind kind;
   struct corpus_source sources[CORPUS_MAX_SHADERS];
   unsigned source_count;
   bool es;
   int default_version;
   /* Parser tests: link too (check_link: true), else a failed link only
    * means there is no SPIR-V to look at. */
   bool check_link;
   /* shader_runner tests whose [test] section says "link error": GL must
    * refuse the program, so a round trip that refuses it is right. */
   bool expects_link_error;
   /* Not part of the population, and why (a parser test piglit expects to
    * fail, ARB assembly only, ...); NULL when the test counts. */
   const char *excluded;
};

/* Parses `text` (the file's contents) into *t. Returns false with *error set
 * (arena string) when the file is malformed; never crashes on any input. */
bool corpus_shader_test_parse(struct arena *arena, const char *path, const char *text,
                              struct corpus_test *t, const char **error);
bool corpus_parser_test_parse(struct arena *arena, const char *path, const char *text,
                              enum kgl_stage stage, struct corpus_test *t,
                              const char **error);
/* Stage from a glslparsertest file name (.vert .tesc .tese .geom .frag
 * .comp); false for other files. */
bool corpus_stage_from_path(const char *path, enum kgl_stage *stage);

/* The sorted list of test files under root's tests/ and generated_tests/,
 * as paths relative to root. */
struct corpus_list {
   char **paths;
   size_t count;
};
bool corpus_list_files(const char *root, struct corpus_list *list);
void corpus_list_finish(struct corpus_list *list);

/*
 * Outcome of one stage of one test: the unit of the manifest and of the
 * expectation files ("path:stage").
 */
enum corpus_status {
   CORPUS_PASS,           /* SPIR-V written, valid (and round-tripped if available) */
   CORPUS_COMPILE_FAIL,   /* glslang rejected this stage's source */
   CORPUS_LINK_FAIL,      /* the program did not link */
   CORPUS_BLOCKED,        /* another stage of the program failed to compile */
   CORPUS_INVALID_SPIRV,  /* spirv-val rejected glslang's module */
   CORPUS_ROUNDTRIP_FAIL, /* spirv_to_nir / GL lowering / ntv / second trip */
   CORPUS_CRASH,          /* the worker died on this test */
   CORPUS_EXCLUDED,       /* not in the population; reason says why */
   CORPUS_STATUS_COUNT,
};

const char *corpus_status_name(enum corpus_status status);
/* The expectation-file word for a status: "Pass", "Fail", "Crash". */
const char *corpus_status_expectation(enum corpus_status status);

struct corpus_record {
   char key[512]; /* path:stage */
   enum kgl_stage stage;
   enum corpus_status status;
   enum kgl_flavour flavour;
   bool vulkan_valid; /* GL-flavoured modules: also valid for Vulkan 1.0? */
   size_t words;
   char reason[256];
};

/*
 * Expectations: "path:stage,Fail # reason" lines (Mesa CI's *-fails.txt).
 */
struct corpus_expectations;
struct corpus_expectations *corpus_expectations_load(struct arena *arena,
                                                     const char *const *files,
                                                     unsigned file_count, const char **error);
/* "Pass" when the key is not listed. Marks the line as seen. */
const char *corpus_expectations_lookup(struct corpus_expectations *e, const char *key);
/* Calls fn for every line lookup never saw. */
void corpus_expectations_foreach_unseen(struct corpus_expectations *e,
                                        void (*fn)(const char *key, const char *status,
                                                   void *data),
                                        void *data);

/* First error line of a glslang or spirv-val log, cut to fit, without the
 * "ERROR: 0:12: " prefix: the reason of an expectation line. */
void corpus_reason_from_log(const char *log, char *reason, size_t size);
/* The same reason with quoted names and numbers blanked: the bucket the
 * summary counts it in ("'' : extension not supported" stays specific:
 * extension names are kept because they are the reason). */
void corpus_reason_bucket(const char *reason, char *bucket, size_t size);

/*
 * Running one test: compile/link through kgl, validate, write SPIR-V under
 * out_dir (if not NULL), fill up to `max` records. Returns the number of
 * records.
 */
struct corpus_bench;
struct corpus_options {
   /* Writes <out_dir>/spirv/<path>.<stage>.spv and, when the round trip
    * passes, <path>.<stage>.roundtrip.spv (the first trip's module). */
   const char *out_dir;
   bool roundtrip;
   struct corpus_bench *bench; /* time every valid module when not NULL */
};
struct corpus_timing {
   uint64_t compile_ns;  /* kgl: parse, link, SPIR-V */
   uint64_t validate_ns; /* spirv-val in-process */
   uint64_t roundtrip_ns;
};
unsigned corpus_run_test(const struct corpus_test *t, const struct corpus_options *opts,
                         struct corpus_record *records, unsigned max,
                         struct corpus_timing *timing);

/* The round-trip stage (conformance/corpus/corpus_roundtrip.c). */
bool corpus_roundtrip_available(const char **why_not);
/* Returns true if the module survives spirv_to_nir -> IR validation -> ntv
 * -> spirv-val -> a second trip that reproduces ntv's output word for word;
 * else false with a reason. */
bool corpus_roundtrip(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                      enum kgl_flavour flavour, char *reason, size_t reason_size);
/* The same, also handing back the first trip's module (malloc'd; the caller
 * frees it) when it passes. */
bool corpus_roundtrip_output(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                             enum kgl_flavour flavour, uint32_t **first, size_t *first_count,
                             char *reason, size_t reason_size);
/* A GL-flavoured program: every valid stage through spirv_to_nir (GL-
 * flavoured environment), zink's GL lowering of the program (all these
 * stages at once), ntv, spirv-val (vulkan1.0) and a second trip (strict
 * Vulkan) that must reproduce ntv's output. One entry per stage: words NULL
 * for a stage not taken; on return ok and reason say how it went, and with
 * want_first a passing stage's first-trip module is in first (malloc'd). */
struct corpus_gl_stage {
   const uint32_t *words;
   size_t word_count;
   bool ok;
   char reason[256];
   uint32_t *first;
   size_t first_count;
};
void corpus_roundtrip_gl_program(struct corpus_gl_stage stages[KGL_STAGE_COUNT],
                                 bool want_first);
/* One trip, spirv_to_nir then ntv (the benchmark's unit when validate_ir is
 * false). The output lives in `arena`. */
struct arena;
bool corpus_trip(const uint32_t *words, size_t word_count, enum kgl_stage stage,
                 bool gl_flavoured, bool validate_ir, struct arena *arena, uint32_t **out,
                 size_t *out_count, char *reason, size_t reason_size);

#endif /* CORPUS_H */
