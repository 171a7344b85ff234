/* SPDX-License-Identifier: MIT */
#include "os.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

uint64_t
util_time_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void *
util_read_file(const char *path, size_t *size_B)
{
   const int fd = open(path, O_RDONLY | O_CLOEXEC);
   if (fd < 0)
      return NULL;
   struct stat st;
   if (fstat(fd, &st) != 0) {
      const int e = errno;
      close(fd);
      errno = e;
      return NULL;
   }
   size_t cap = st.st_size > 0 ? (size_t)st.st_size : 4096;
   size_t len = 0;
   char *buf = malloc(cap + 1);
   if (!buf) {
      close(fd);
      errno = ENOMEM;
      return NULL;
   }
   for (;;) {
      if (len == cap) {
         char *nbuf = realloc(buf, cap * 2 + 1);
         if (!nbuf) {
            free(buf);
            close(fd);
            errno = ENOMEM;
            return NULL;
         }
         buf = nbuf;
         cap *= 2;
      }
      const ssize_t n = read(fd, buf + len, cap - len);
      if (n < 0) {
         if (errno == EINTR)
            continue;
         const int e = errno;
         free(buf);
         close(fd);
         errno = e;
         return NULL;
      }
      if (n == 0)
         break;
      len += (size_t)n;
   }
   close(fd);
   buf[len] = '\0';
   if (size_B)
      *size_B = len;
   return buf;
}

static int
write_all(int fd, const void *data, size_t size_B)
{
   const char *p = data;
   size_t left = size_B;
   while (left) {
      const ssize_t n = write(fd, p, left);
      if (n < 0) {
         if (errno == EINTR)
            continue;
         return -errno;
      }
      p += n;
      left -= (size_t)n;
   }
   return 0;
}

/* A FIFO, device node or socket: written through, as `cat > path` would;
 * never replaced by a regular file. */
static int
write_through(const char *path, const void *data, size_t size_B)
{
   const int fd = open(path, O_WRONLY | O_CLOEXEC);
   if (fd < 0)
      return -errno;
   int r = write_all(fd, data, size_B);
   if (close(fd) != 0 && r == 0)
      r = -errno;
   return r;
}

/* A regular file (or none yet): a temporary next to it, renamed over it,
 * so that a reader never sees half a file and a failed write leaves the
 * old one. */
static int
write_replace(const char *path, const void *data, size_t size_B)
{
   char tmp[4096];
   if (snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid()) >= (int)sizeof(tmp))
      return -ENAMETOOLONG;
   unlink(tmp); /* left by a process of the same id that died */
   const int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
   if (fd < 0)
      return -errno;
   int r = write_all(fd, data, size_B);
   if (close(fd) != 0 && r == 0)
      r = -errno;
   if (r == 0 && rename(tmp, path) != 0)
      r = -errno;
   if (r != 0)
      unlink(tmp);
   return r;
}

int
util_write_file(const char *path, const void *data, size_t size_B)
{
   struct stat st, lst;
   if (stat(path, &st) == 0) {
      if (S_ISDIR(st.st_mode))
         return -EISDIR;
      /* Through symbolic links too: -o /dev/stdout reaches the pipe. */
      if (!S_ISREG(st.st_mode))
         return write_through(path, data, size_B);
      /* A link to a regular file: that file is replaced, the link kept. */
      if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
         char *target = realpath(path, NULL);
         if (!target)
            return -errno;
         const int r = write_replace(target, data, size_B);
         free(target);
         return r;
      }
   } else if (lstat(path, &lst) == 0) {
      return -ENOENT; /* a dangling link: refused rather than replaced */
   }
   return write_replace(path, data, size_B);
}

unsigned
util_cpu_count(void)
{
   const long n = sysconf(_SC_NPROCESSORS_ONLN);
   return n > 0 ? (unsigned)n : 1;
}

uint64_t
util_physical_memory_B(void)
{
   const long pages = sysconf(_SC_PHYS_PAGES);
   const long page_B = sysconf(_SC_PAGESIZE);
   if (pages <= 0 || page_B <= 0)
      return 0;
   return (uint64_t)pages * (uint64_t)page_B;
}
