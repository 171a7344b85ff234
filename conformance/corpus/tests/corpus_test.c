/* SPDX-License-Identifier: MIT */
/* The corpus runner's own logic: piglit formats, expectations, reasons. */
#include "corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/os.h"
#include "util/test.h"

TEST(shader_test_sections_versions_and_passthrough)
{
   struct arena *arena = arena_create(NULL);
   REQUIRE(arena);
   const char *text = "[require]\n"
                      "GLSL >= 1.30\n"
                      "GL_ARB_foo\n"
                      "\n"
                      "[vertex shader passthrough]\n"
                      "this text is ignored\n"
                      "[fragment shader]\n"
                      "out vec4 c;\n"
                      "void main() { c = vec4(1); }\n"
                      "\n"
                      "[fragment shader]\n"
                      "#version 140\n"
                      "vec4 f() { return vec4(0); }\n"
                      "[vertex data]\n"
                      "piglit_vertex/float/2\n"
                      "[test]\n"
                      "draw rect -1 -1 2 2\n";
   struct corpus_test t;
   const char *error = NULL;
   REQUIRE(corpus_shader_test_parse(arena, "tests/x.shader_test", text, &t, &error));
   CHECK(t.excluded == NULL);
   CHECK(!t.es);
   REQUIRE(t.source_count == 3);
   CHECK_EQ(t.sources[0].stage, KGL_STAGE_VERTEX);
   CHECK(strncmp(t.sources[0].text, "#version 130\n#if __VERSION__ >= 130\n", 36) == 0);
   CHECK(strstr(t.sources[0].text, "gl_Position = piglit_vertex") != NULL);
   CHECK(strstr(t.sources[0].text, "ignored") == NULL);
   CHECK_EQ(t.sources[1].stage, KGL_STAGE_FRAGMENT);
   CHECK_STREQ(t.sources[1].text, "#version 130\nout vec4 c;\nvoid main() { c = vec4(1); }\n\n");
   /* Has its own #version: left alone, and it ends where [vertex data] starts. */
   CHECK_STREQ(t.sources[2].text, "#version 140\nvec4 f() { return vec4(0); }\n");
   CHECK(!t.expects_link_error); /* "link error" only counts in [test] */

   /* A linker test: [test] says "link error" (a shader saying it does not). */
   const char *linker = "[vertex shader]\n"
                        "// link error\n"
                        "void main() { gl_Position = vec4(0); }\n"
                        "[test]\n"
                        "  link error\n";
   REQUIRE(corpus_shader_test_parse(arena, "tests/y.shader_test", linker, &t, &error));
   CHECK(t.expects_link_error);
   const char *not_linker = "[vertex shader]\n"
                            "void main() { gl_Position = vec4(0); }\n"
                            "link error\n"
                            "[test]\n"
                            "link errors are not this\n";
   REQUIRE(corpus_shader_test_parse(arena, "tests/z.shader_test", not_linker, &t, &error));
   CHECK(!t.expects_link_error);
   arena_destroy(arena);
}

TEST(shader_test_es_and_exclusions)
{
   struct arena *arena = arena_create(NULL);
   REQUIRE(arena);
   struct corpus_test t;
   const char *error = NULL;
   REQUIRE(corpus_shader_test_parse(
      arena, "a", "[require]\nGL ES >= 3.0\nGLSL ES >= 3.00\n[compute shader]\nvoid main(){}\n",
      &t, &error));
   CHECK(t.es);
   CHECK_EQ(t.default_version, 100);
   REQUIRE(t.source_count == 1);
   CHECK_EQ(t.sources[0].stage, KGL_STAGE_COMPUTE);
   CHECK(strncmp(t.sources[0].text, "#version 300 es\n", 16) == 0);

   REQUIRE(corpus_shader_test_parse(
      arena, "b", "[require]\nGLSL ES >= 1.00\n[vertex shader]\nvoid main(){}\n", &t, &error));
   CHECK(strncmp(t.sources[0].text, "#version 100\n", 13) == 0);

   REQUIRE(corpus_shader_test_parse(arena, "c", "[require]\nGL >= 1.3\n[vertex program]\n!!ARBvp1.0\nEND\n",
                                    &t, &error));
   CHECK(t.excluded != NULL);
   CHECK_EQ(t.source_count, 0);

   CHECK(!corpus_shader_test_parse(arena, "d", "[require\nGLSL >= 1.10\n", &t, &error));
   CHECK(error != NULL);
   /* Any bytes at all: parsed or refused, never a crash. */
   char junk[2048];
   for (unsigned i = 0; i < sizeof(junk) - 1; i++)
      junk[i] = (char)(1 + (i * 7919u) % 250);
   junk[sizeof(junk) - 1] = '\0';
   corpus_shader_test_parse(arena, "e", junk, &t, &error);
   arena_destroy(arena);
}

TEST(parser_test_config)
{
   struct arena *arena = arena_create(NULL);
   REQUIRE(arena);
   struct corpus_test t;
   const char *error = NULL;
   enum kgl_stage stage;
   REQUIRE(corpus_stage_from_path("tests/spec/x/y.geom", &stage));
   CHECK_EQ(stage, KGL_STAGE_GEOMETRY);
   CHECK(!corpus_stage_from_path("tests/spec/x/y.shader_test", &stage));
   CHECK(!corpus_stage_from_path("frag", &stage));

   const char *pass = "/* [config]\n"
                      " * expect_result: pass\n"
                      " * glsl_version: 3.00 es\n"
                      " * check_link: true\n"
                      " * [end config]\n"
                      " */\n#version 300 es\nvoid main() {}\n";
   REQUIRE(corpus_parser_test_parse(arena, "p.frag", pass, KGL_STAGE_FRAGMENT, &t, &error));
   CHECK(t.excluded == NULL);
   CHECK(t.es);
   CHECK(t.check_link);
   REQUIRE(t.source_count == 1);
   CHECK(t.sources[0].text == pass); /* as it is */

   const char *fail = "// [config]\n// expect_result: fail\n// glsl_version: 1.50compatibility\n"
                      "// [end config]\nvoid main() {}\n";
   REQUIRE(corpus_parser_test_parse(arena, "f.vert", fail, KGL_STAGE_VERTEX, &t, &error));
   CHECK(t.excluded != NULL);
   CHECK(!t.es);
   CHECK(!t.check_link);

   /* A plain shader file (loaded by a C test): as it is, compile-only. */
   REQUIRE(corpus_parser_test_parse(arena, "n.vert", "void main() {}", KGL_STAGE_VERTEX, &t,
                                    &error));
   CHECK(t.excluded == NULL);
   CHECK(!t.check_link);
   CHECK_EQ(t.source_count, 1);
   CHECK(!corpus_parser_test_parse(arena, "b.vert", "// [config]\nvoid main() {}",
                                   KGL_STAGE_VERTEX, &t, &error));
   arena_destroy(arena);
}

static void
count_unseen(const char *key, const char *status, void *data)
{
   (*(unsigned *)data)++;
   CHECK_STREQ(key, "tests/b.frag:fragment");
   CHECK_STREQ(status, "Crash");
}

TEST(expectations_files)
{
   char path[] = "/tmp/kiln-corpus-test-XXXXXX";
   const int fd = mkstemp(path);
   REQUIRE(fd >= 0);
   const char *text = "# comment\n"
                      "\n"
                      "tests/a.shader_test:vertex,Fail # why\n"
                      "  tests/b.frag:fragment,Crash\n";
   REQUIRE(write(fd, text, strlen(text)) == (ssize_t)strlen(text));
   close(fd);

   struct arena *arena = arena_create(NULL);
   REQUIRE(arena);
   const char *error = NULL;
   const char *files[] = {path};
   struct corpus_expectations *e = corpus_expectations_load(arena, files, 1, &error);
   REQUIRE(e);
   CHECK_STREQ(corpus_expectations_lookup(e, "tests/a.shader_test:vertex"), "Fail");
   CHECK_STREQ(corpus_expectations_lookup(e, "tests/a.shader_test:fragment"), "Pass");
   unsigned unseen = 0;
   corpus_expectations_foreach_unseen(e, count_unseen, &unseen);
   CHECK_EQ(unseen, 1);

   /* A bad status and a duplicate are refused with the line number. */
   REQUIRE(util_write_file(path, "x,Flaky\n", 8) == 0);
   CHECK(corpus_expectations_load(arena, files, 1, &error) == NULL);
   CHECK(error && strstr(error, ":1:"));
   REQUIRE(util_write_file(path, "x,Fail\nx,Fail\n", 14) == 0);
   CHECK(corpus_expectations_load(arena, files, 1, &error) == NULL);
   CHECK(error && strstr(error, "twice"));
   unlink(path);
   arena_destroy(arena);
}

TEST(reasons_and_buckets)
{
   char reason[256], bucket[256];
   corpus_reason_from_log("fragment shader:\nERROR: 0:12: 'foo' : undeclared identifier \n"
                          "ERROR: 0:12: '' : compilation terminated\n",
                          reason, sizeof(reason));
   CHECK_STREQ(reason, "'foo' : undeclared identifier ");
   corpus_reason_bucket(reason, bucket, sizeof(bucket));
   CHECK_STREQ(bucket, "'' : undeclared identifier ");
   corpus_reason_bucket("'GL_ARB_gpu_shader5' : extension not supported: 3 x", bucket,
                        sizeof(bucket));
   CHECK_STREQ(bucket, "'GL_ARB_gpu_shader5' : extension not supported: N x");
   corpus_reason_from_log("ERROR: Linking vertex stage: Missing entry point\n", reason,
                          sizeof(reason));
   CHECK_STREQ(reason, "Linking vertex stage: Missing entry point");
   /* Tabs would split the manifest's fields. */
   corpus_reason_from_log("word 3: bad # thing\twith tab\nsecond line", reason, sizeof(reason));
   CHECK_STREQ(reason, "word 3: bad # thing with tab");
   corpus_reason_from_log(NULL, reason, sizeof(reason));
   CHECK_STREQ(reason, "");
   CHECK_STREQ(corpus_status_expectation(CORPUS_PASS), "Pass");
   CHECK_STREQ(corpus_status_expectation(CORPUS_EXCLUDED), "Pass");
   CHECK_STREQ(corpus_status_expectation(CORPUS_CRASH), "Crash");
   CHECK_STREQ(corpus_status_expectation(CORPUS_BLOCKED), "Fail");
}

TEST(run_one_program_end_to_end)
{
   /* A two-stage program through kgl and spirv-val, SPIR-V written out. */
   char dir[] = "/tmp/kiln-corpus-out-XXXXXX";
   REQUIRE(mkdtemp(dir));
   struct corpus_test t = {
      .path = "tests/t.shader_test",
      .kind = CORPUS_SHADER_TEST,
      .sources = {{KGL_STAGE_VERTEX, "#version 110\nvoid main() { gl_Position = gl_Vertex; }\n"},
                  {KGL_STAGE_FRAGMENT, "#version 110\nvoid main() { gl_FragColor = vec4(1); }\n"}},
      .source_count = 2,
      .default_version = 110,
      .check_link = true,
   };
   const struct corpus_options opts = {.out_dir = dir};
   struct corpus_record rec[4];
   struct corpus_timing timing = {0};
   REQUIRE(corpus_run_test(&t, &opts, rec, 4, &timing) == 2);
   CHECK_STREQ(rec[0].key, "tests/t.shader_test:vertex");
   CHECK_STREQ(rec[1].key, "tests/t.shader_test:fragment");
   CHECK_EQ(rec[0].status, CORPUS_PASS);
   CHECK_EQ(rec[1].status, CORPUS_PASS);
   CHECK_EQ(rec[0].flavour, KGL_FLAVOUR_GL);
   CHECK(rec[0].words > 5);
   CHECK(timing.compile_ns > 0);

   char path[256];
   snprintf(path, sizeof(path), "%s/spirv/tests/t.shader_test.fragment.spv", dir);
   size_t size = 0;
   uint32_t *w = util_read_file(path, &size);
   REQUIRE(w);
   CHECK_EQ(size, rec[1].words * 4);
   CHECK_EQ(w[0], 0x07230203);
   free(w);
   unlink(path);
   snprintf(path, sizeof(path), "%s/spirv/tests/t.shader_test.vertex.spv", dir);
   unlink(path);
   snprintf(path, sizeof(path), "%s/spirv/tests", dir);
   rmdir(path);
   snprintf(path, sizeof(path), "%s/spirv", dir);
   rmdir(path);
   rmdir(dir);

   /* One stage fails to compile: it is compile_fail, the other blocked. */
   t.sources[1].text = "#version 110\nvoid main() { gl_FragColor = nope; }\n";
   const struct corpus_options no_out = {0};
   REQUIRE(corpus_run_test(&t, &no_out, rec, 4, &timing) == 2);
   CHECK_EQ(rec[0].status, CORPUS_BLOCKED);
   CHECK_EQ(rec[1].status, CORPUS_COMPILE_FAIL);
   CHECK(strstr(rec[1].reason, "nope") != NULL);

   /* Excluded tests are reported, not compiled. */
   t.excluded = "because";
   REQUIRE(corpus_run_test(&t, &no_out, rec, 4, &timing) == 2);
   CHECK_EQ(rec[0].status, CORPUS_EXCLUDED);
   CHECK_STREQ(rec[0].reason, "because");
}
