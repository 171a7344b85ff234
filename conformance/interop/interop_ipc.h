/* SPDX-License-Identifier: MIT */
/*
 * Two test processes and a unix socket between them: fixed-size messages
 * with file descriptors attached (SCM_RIGHTS), and a fork helper whose
 * child's verdict is its exit status.
 */
#ifndef INTEROP_IPC_H
#define INTEROP_IPC_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define IPC_MAX_FDS 4

/* Sends `size` bytes and `fd_count` fds (the fds stay open here). */
bool ipc_send(int sock, const void *data, size_t size, const int *fds, unsigned fd_count);
/* Receives exactly `size` bytes and up to IPC_MAX_FDS fds (which the caller
 * then owns; unused entries are -1). False on EOF or error. */
bool ipc_recv(int sock, void *data, size_t size, int *fds, unsigned *fd_count);

struct ipc_child {
   pid_t pid;
   int sock; /* the parent's end */
};

/* Forks; the child runs fn(sock, arg) with its end of a socketpair and exits
 * 0 if no CHECK failed in it, 77 if it skipped (test_skip, e.g. vkt_init
 * found no device extension), 1 otherwise. The child creates its own Vulkan
 * instance: forking happens before anything Vulkan exists, so no driver
 * thread or loader lock crosses the fork. */
bool ipc_fork(struct ipc_child *child, void (*fn)(int sock, void *arg), void *arg);

enum ipc_verdict {
   IPC_CHILD_PASSED,
   IPC_CHILD_FAILED,
   IPC_CHILD_SKIPPED,
};
/* Closes the parent's socket (a child waiting on it sees EOF) and waits. */
enum ipc_verdict ipc_join(struct ipc_child *child);

#endif /* INTEROP_IPC_H */
