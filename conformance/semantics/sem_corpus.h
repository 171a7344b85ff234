/* SPDX-License-Identifier: MIT */
#ifndef SEM_CORPUS_H
#define SEM_CORPUS_H

#include "semantics.h"

/* Compares original and round-tripped modules of every compute and
 * fragment stage listed as passing in <dir>/manifest.txt (a kiln-corpus
 * --out directory), the first `limit` of them (0: all). Differences not in
 * the expectation files fail. Returns the exit status. */
int sem_corpus_run(struct sem_device *dev, const char *dir, unsigned limit,
                   const char *const *expect_files, unsigned expect_count);

#endif /* SEM_CORPUS_H */
