/* SPDX-License-Identifier: MIT */
#include "interop_ipc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/test.h"

bool
ipc_send(int sock, const void *data, size_t size, const int *fds, unsigned fd_count)
{
   union {
      char buf[CMSG_SPACE(sizeof(int) * IPC_MAX_FDS)];
      struct cmsghdr align;
   } u;
   struct iovec iov = {.iov_base = (void *)data, .iov_len = size};
   struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
   if (fd_count > IPC_MAX_FDS)
      return false;
   if (fd_count) {
      memset(&u, 0, sizeof(u));
      msg.msg_control = u.buf;
      msg.msg_controllen = CMSG_SPACE(sizeof(int) * fd_count);
      struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN(sizeof(int) * fd_count);
      memcpy(CMSG_DATA(c), fds, sizeof(int) * fd_count);
   }
   ssize_t n;
   do {
      n = sendmsg(sock, &msg, MSG_NOSIGNAL);
   } while (n < 0 && errno == EINTR);
   return n == (ssize_t)size;
}

bool
ipc_recv(int sock, void *data, size_t size, int *fds, unsigned *fd_count)
{
   union {
      char buf[CMSG_SPACE(sizeof(int) * IPC_MAX_FDS)];
      struct cmsghdr align;
   } u;
   struct iovec iov = {.iov_base = data, .iov_len = size};
   struct msghdr msg = {
      .msg_iov = &iov,
      .msg_iovlen = 1,
      .msg_control = u.buf,
      .msg_controllen = sizeof(u.buf),
   };
   for (unsigned i = 0; fds && i < IPC_MAX_FDS; i++)
      fds[i] = -1;
   if (fd_count)
      *fd_count = 0;
   ssize_t n;
   do {
      n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC | MSG_WAITALL);
   } while (n < 0 && errno == EINTR);
   if (n != (ssize_t)size)
      return false;
   for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
      if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
         continue;
      const unsigned n_fds = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      int got[IPC_MAX_FDS];
      memcpy(got, CMSG_DATA(c), sizeof(int) * n_fds);
      for (unsigned i = 0; i < n_fds; i++) {
         if (fds && i < IPC_MAX_FDS) {
            fds[i] = got[i];
         } else {
            close(got[i]);
         }
      }
      if (fd_count)
         *fd_count = n_fds;
   }
   return true;
}

bool
ipc_fork(struct ipc_child *child, void (*fn)(int sock, void *arg), void *arg)
{
   int sv[2];
   if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
      return false;
   fflush(stdout);
   fflush(stderr);
   const pid_t pid = fork();
   if (pid < 0) {
      close(sv[0]);
      close(sv[1]);
      return false;
   }
   if (pid == 0) {
      close(sv[0]);
      const unsigned failed_before = test_current_failures();
      fn(sv[1], arg);
      const bool ok = test_current_failures() == failed_before;
      close(sv[1]);
      fflush(stdout);
      fflush(stderr);
      _exit(!ok ? 1 : test_current_skipped() ? 77 : 0);
   }
   close(sv[1]);
   child->pid = pid;
   child->sock = sv[0];
   return true;
}

enum ipc_verdict
ipc_join(struct ipc_child *child)
{
   close(child->sock);
   int status = 0;
   while (waitpid(child->pid, &status, 0) < 0 && errno == EINTR) {
   }
   if (WIFSIGNALED(status))
      printf("  child %d died of signal %d\n", (int)child->pid, WTERMSIG(status));
   if (!WIFEXITED(status))
      return IPC_CHILD_FAILED;
   return WEXITSTATUS(status) == 0    ? IPC_CHILD_PASSED
          : WEXITSTATUS(status) == 77 ? IPC_CHILD_SKIPPED
                                      : IPC_CHILD_FAILED;
}
