/* SPDX-License-Identifier: MIT */
/*
 * Thin OS helpers: time, files, machine facts.
 */
#ifndef UTIL_OS_H
#define UTIL_OS_H

#include <stddef.h>
#include <stdint.h>

#include "macros.h"

/* Monotonic clock in nanoseconds. */
uint64_t util_time_ns(void);

/* Reads a whole file; returns malloc'd bytes (NUL-terminated, not counted in
 * *size_B) or NULL with errno set. */
void *util_read_file(const char *path, size_t *size_B);
/* Writes a whole file. Returns 0 or -errno (a short write, ENOSPC, EIO at
 * close: every failure). A regular file (or a new one) is replaced
 * atomically (a temporary next to it, renamed over it); a symbolic link is
 * followed and the file it names written that way, the link kept (a
 * dangling link: -ENOENT); a FIFO, device node or socket is opened and
 * written through, never replaced; a directory: -EISDIR. */
int util_write_file(const char *path, const void *data, size_t size_B);

unsigned util_cpu_count(void);
uint64_t util_physical_memory_B(void);

#endif /* UTIL_OS_H */
