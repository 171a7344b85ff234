/* SPDX-License-Identifier: MIT */
#ifndef SEM_CORPUS_H
#define SEM_CORPUS_H

#include <stdbool.h>
#include <stdio.h>

#include "semantics.h"

/* Compares original and round-tripped modules of every compute and
 * fragment stage listed as passing in <dir>/manifest.txt (a kiln-corpus
 * --out directory), the first `limit` of them (0: all). Differences not in
 * the expectation files fail; with write_fails, every difference is also
 * written there as an expectation line. Returns the exit status. */
int sem_corpus_run(struct sem_device *dev, const char *dir, unsigned limit,
                   const char *const *expect_files, unsigned expect_count, FILE *write_fails);

/* Piglit's generated built-in-function fragment shaders (every `sample`th,
 * at most `limit`, only paths containing `filter` if not NULL), rewritten
 * to run on Vulkan, against their round trip;
 * with gl, against the same shader with loose uniforms taken the GL way
 * (GL-flavoured SPIR-V, zink's lowering, ntv). See sem_builtins.c. */
int sem_builtins_run(struct sem_device *dev, const char *root, bool gl, unsigned sample,
                     unsigned limit, const char *filter,
                     const char *const *expect_files, unsigned expect_count,
                     FILE *write_fails);
/* The rewrite: malloc'd GLSL 4.50 text, or NULL with *why saying why. When
 * the result is returned *why may still note that `result` could not be
 * captured (NULL otherwise). */
char *sem_builtins_rewrite(const char *src, const char **why);
/* The same with the uniforms loose (GL's default uniform block): what the
 * GL mode (--builtins --gl) compiles GL-flavoured and lowers as zink does. */
char *sem_builtins_rewrite_gl(const char *src, const char **why);

#endif /* SEM_CORPUS_H */
